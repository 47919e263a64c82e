// Copyright 2026 The project authors.
//
// sha_x2_test.cc: every row of the two-stream one-block lists
// (SHA256_X2_IMPLS, SHA512_X2_IMPLS in crypto/sha/impls.h) against the
// reference row "nohw" (two calls of the portable block function), and
// HMAC through each row forced.
//
// For each row the CPU runs: random chaining values and blocks at every
// pair of input alignments 0..15, through CHECK_ABI, the inputs left as
// they were; both inputs the same buffer; inputs ending against and
// starting after an inaccessible page (a read past either block faults);
// and one call under CHECK_ABI_UNWIND. A row the CPU (or the mask) does not
// allow is skipped with a line naming it and exempted from the ABI coverage
// check. Then HMAC (which starts every new key with one call of the chosen
// row: crypto/hmac/hmac.c) with each row forced must equal HMAC with the
// reference row forced, for keys of every length 0..block + 1 and 2 * block
// and messages around one block.

#include <openssl/base.h>

#include <stdio.h>
#include <string.h>

#include <string>
#include <vector>

#include <gtest/gtest.h>

#include <openssl/digest.h>
#include <openssl/hmac.h>

#include "../../impl.h"
#include "../../test/abi_test.h"
#include "../../test/asm_path_test.h"
#include "../../test/guard_page.h"
#include "../../test/test_util.h"
#include "../internal.h"
#include "sha_path_test.h"

namespace {

// X2Family describes one list: word type W, block size, the entry type
// and how a row's entry point is read.
template <typename W, size_t kBlockBytes>
struct X2Family {
  using Word = W;
  using Fn = void (*)(W *state0, const uint8_t *in0, W *state1,
                      const uint8_t *in1);
  static constexpr size_t kWords = 8;  // for sha_path_test::RandomState
  static constexpr size_t kBlock = kBlockBytes;
  static Fn Entry(const CRYPTO_IMPL *row);
};
using SHA256X2 = X2Family<uint32_t, 64>;
using SHA512X2 = X2Family<uint64_t, 128>;
template <>
SHA256X2::Fn SHA256X2::Entry(const CRYPTO_IMPL *row) {
  return row->entry.sha32_x2;
}
template <>
SHA512X2::Fn SHA512X2::Entry(const CRYPTO_IMPL *row) {
  return row->entry.sha64_x2;
}

using sha_path_test::RandomState;

// CheckX2Row runs the direct checks listed at the top on `fn` against
// `ref`.
template <typename F>
void CheckX2Row(const char *name, typename F::Fn fn, typename F::Fn ref,
                uint64_t seed) {
  using Word = typename F::Word;
  TestRNG rng(seed);
  std::vector<uint8_t> buf0(F::kBlock + 16), buf1(F::kBlock + 16);

  for (size_t a0 = 0; a0 < 16; a0++) {
    for (size_t a1 = 0; a1 < 16; a1++) {
      SCOPED_TRACE(testing::Message() << name << ": alignments " << a0 << ", "
                                      << a1);
      rng.Fill(buf0.data(), buf0.size());
      rng.Fill(buf1.data(), buf1.size());
      std::vector<uint8_t> before0(buf0), before1(buf1);
      std::vector<Word> want0 = RandomState<F>(&rng);
      std::vector<Word> want1 = RandomState<F>(&rng);
      std::vector<Word> got0 = want0, got1 = want1;
      ref(want0.data(), buf0.data() + a0, want1.data(), buf1.data() + a1);
      CHECK_ABI(fn, got0.data(), buf0.data() + a0, got1.data(),
                buf1.data() + a1);
      EXPECT_EQ(want0, got0);
      EXPECT_EQ(want1, got1);
      EXPECT_EQ(Bytes(before0), Bytes(buf0)) << "input 0 was modified";
      EXPECT_EQ(Bytes(before1), Bytes(buf1)) << "input 1 was modified";
    }
  }

  // The same block for both streams, from different states.
  {
    rng.Fill(buf0.data(), buf0.size());
    std::vector<Word> want0 = RandomState<F>(&rng);
    std::vector<Word> want1 = RandomState<F>(&rng);
    std::vector<Word> got0 = want0, got1 = want1;
    ref(want0.data(), buf0.data(), want1.data(), buf0.data());
    CHECK_ABI(fn, got0.data(), buf0.data(), got1.data(), buf0.data());
    EXPECT_EQ(want0, got0) << name << ": one input for both streams";
    EXPECT_EQ(want1, got1) << name << ": one input for both streams";
  }

  // Block 0 ends at an inaccessible page, block 1 starts right after one.
  std::string why;
  if (!GuardPagesAvailable(&why)) {
    printf("  %s: no guard pages here (%s): the blocks run on the heap, "
           "without the fault check\n",
           name, why.c_str());
  }
  {
    GuardedBuffer g0(F::kBlock, GuardedBuffer::kEndAtGuard);
    GuardedBuffer g1(F::kBlock, GuardedBuffer::kStartAfterGuard);
    rng.Fill(g0.data(), g0.size());
    rng.Fill(g1.data(), g1.size());
    std::vector<Word> want0 = RandomState<F>(&rng);
    std::vector<Word> want1 = RandomState<F>(&rng);
    std::vector<Word> got0 = want0, got1 = want1;
    ref(want0.data(), g0.data(), want1.data(), g1.data());
    CHECK_ABI(fn, got0.data(), g0.data(), got1.data(), g1.data());
    EXPECT_EQ(want0, got0) << name << ": blocks beside guard pages";
    EXPECT_EQ(want1, got1) << name << ": blocks beside guard pages";
    EXPECT_TRUE(g0.CanariesIntact()) << name << " wrote around input 0";
    EXPECT_TRUE(g1.CanariesIntact()) << name << " wrote around input 1";
  }

  // The unwind information, instruction by instruction.
  {
    rng.Fill(buf0.data(), buf0.size());
    rng.Fill(buf1.data(), buf1.size());
    std::vector<Word> want0 = RandomState<F>(&rng);
    std::vector<Word> want1 = RandomState<F>(&rng);
    std::vector<Word> got0 = want0, got1 = want1;
    ref(want0.data(), buf0.data() + 3, want1.data(), buf1.data() + 5);
    CHECK_ABI_UNWIND(fn, got0.data(), buf0.data() + 3, got1.data(),
                     buf1.data() + 5);
    EXPECT_EQ(want0, got0) << name << " under the single-step unwind check";
    EXPECT_EQ(want1, got1) << name << " under the single-step unwind check";
  }
}

// ForEachX2Row calls `check(row)` for every row of `prim` but its reference,
// after reporting (and exempting from the ABI coverage check) each row this
// CPU cannot run.
template <typename F, typename Check>
void ForEachX2Row(const CRYPTO_PRIMITIVE *prim, Check check) {
  const CRYPTO_IMPL *ref = CRYPTO_impl_reference(prim);
  CRYPTO_IMPL_FOREACH(row, prim) {
    if (row == ref) {
      continue;
    }
    if (!CRYPTO_impl_is_capable(row)) {
      abi_test::NotRunnableHere(F::Entry(row));
      printf("  %s row %s (%s) skipped: this CPU (or the %s mask) does not "
             "allow it\n",
             prim->name, row->name, row->entry_names, kCPUMaskName);
      continue;
    }
    SCOPED_TRACE(std::string(prim->name) + " row " + row->name);
    check(row);
  }
}

template <typename F>
void CheckX2Rows(const CRYPTO_PRIMITIVE *prim, uint64_t seed) {
  const auto ref = F::Entry(CRYPTO_impl_reference(prim));
  ForEachX2Row<F>(prim, [&](const CRYPTO_IMPL *row) {
    CheckX2Row<F>(row->entry_names, F::Entry(row), ref, seed);
  });
}

TEST(SHAX2Test, SHA256Rows) {
  CheckX2Rows<SHA256X2>(&CRYPTO_primitive_sha256_x2, 0x256f2);
}

TEST(SHAX2Test, SHA512Rows) {
  CheckX2Rows<SHA512X2>(&CRYPTO_primitive_sha512_x2, 0x512f2);
}

// --- HMAC-SHA256 in one call (SHA256_HMAC_IMPLS) ---------------------------

using HMACEntry = crypto_sha256_hmac_entry;

// PadTail returns the blocks after the whole blocks of a `len`-byte inner
// message at `msg` (FIPS 180-4 §5.1.1, for 64 + len bytes: the ipad block
// comes first), built independently of the library's sha_pad_tail.
std::vector<uint8_t> PadTail(const uint8_t *msg, size_t len) {
  size_t rest = len % 64;
  std::vector<uint8_t> tail(rest + 9 <= 64 ? 64 : 128, 0);
  memcpy(tail.data(), msg + len - rest, rest);
  tail[rest] = 0x80;
  uint64_t bits = (uint64_t{64} + len) * 8;
  for (size_t i = 0; i < 8; i++) {
    tail[tail.size() - 1 - i] = static_cast<uint8_t>(bits >> (8 * i));
  }
  return tail;
}

// CheckHMACRow checks the two functions of `e` against `r`'s: for messages
// of 0..300 bytes and a few longer ones at every alignment 0..15 (through
// CHECK_ABI, the inputs left as they were), next to guard pages, and under
// CHECK_ABI_UNWIND; `finish` from random chaining values over each tail.
void CheckHMACRow(const char *name, const HMACEntry &e, const HMACEntry &r) {
  auto fn = e.oneshot;
  auto ref = r.oneshot;
  TestRNG rng(0x4ac256);
  std::vector<size_t> lens;
  for (size_t len = 0; len <= 300; len++) {
    lens.push_back(len);
  }
  for (size_t len : {size_t{1023}, size_t{1024}, size_t{1350}, size_t{4105}}) {
    lens.push_back(len);
  }
  for (size_t len : lens) {
    size_t align = len % 16;
    SCOPED_TRACE(testing::Message() << name << ": " << len << " bytes at "
                                    << align);
    std::vector<uint8_t> k0 = rng.Bytes(64);
    std::vector<uint8_t> buf = rng.Bytes(len + 16);
    const uint8_t *msg = buf.data() + align;
    std::vector<uint8_t> tail = PadTail(msg, len);
    std::vector<uint8_t> before_buf(buf), before_k0(k0), before_tail(tail);
    uint8_t want[32], got[32];
    ref(want, k0.data(), msg, len / 64, tail.data(), tail.size() / 64);
    CHECK_ABI(fn, got, k0.data(), msg, len / 64, tail.data(),
              tail.size() / 64);
    EXPECT_EQ(Bytes(want, 32), Bytes(got, 32));
    EXPECT_EQ(Bytes(before_buf), Bytes(buf)) << "the message was modified";
    EXPECT_EQ(Bytes(before_k0), Bytes(k0)) << "the key block was modified";
    EXPECT_EQ(Bytes(before_tail), Bytes(tail)) << "the tail was modified";

    uint32_t si[8], so[8];
    rng.Fill(reinterpret_cast<uint8_t *>(si), sizeof(si));
    rng.Fill(reinterpret_cast<uint8_t *>(so), sizeof(so));
    std::vector<uint32_t> before_si(si, si + 8), before_so(so, so + 8);
    uint8_t *t = tail.data() + 0;
    std::vector<uint8_t> odd(tail.size() + 16);
    if (align != 0) {
      // The tail at an odd address as well.
      memcpy(odd.data() + align, tail.data(), tail.size());
      t = odd.data() + align;
    }
    r.finish(want, si, t, tail.size() / 64, so);
    CHECK_ABI(e.finish, got, si, t, tail.size() / 64, so);
    EXPECT_EQ(Bytes(want, 32), Bytes(got, 32)) << "finish";
    EXPECT_EQ(before_si, std::vector<uint32_t>(si, si + 8));
    EXPECT_EQ(before_so, std::vector<uint32_t>(so, so + 8));
  }

  std::string why;
  if (!GuardPagesAvailable(&why)) {
    printf("  %s: no guard pages here (%s): the inputs run on the heap, "
           "without the fault check\n",
           name, why.c_str());
  }
  {
    // The key block ends at an inaccessible page, the message starts after one,
    // the tail ends at one.
    GuardedBuffer k0(64, GuardedBuffer::kEndAtGuard);
    GuardedBuffer msg(128, GuardedBuffer::kStartAfterGuard);
    rng.Fill(k0.data(), k0.size());
    rng.Fill(msg.data(), msg.size());
    std::vector<uint8_t> t = PadTail(msg.data(), 128);
    GuardedBuffer tail(t.size(), GuardedBuffer::kEndAtGuard);
    memcpy(tail.data(), t.data(), t.size());
    uint8_t want[32], got[32];
    ref(want, k0.data(), msg.data(), 2, tail.data(), tail.size() / 64);
    CHECK_ABI(fn, got, k0.data(), msg.data(), 2, tail.data(),
              tail.size() / 64);
    EXPECT_EQ(Bytes(want, 32), Bytes(got, 32)) << name << ": inputs beside guard pages";
    EXPECT_TRUE(k0.CanariesIntact() && msg.CanariesIntact() &&
                tail.CanariesIntact())
        << name << " wrote around its inputs";
    // finish: the inner state ends at a guard page, the outer one starts
    // after one, the tail ends at one.
    GuardedBuffer si(32, GuardedBuffer::kEndAtGuard);
    GuardedBuffer so(32, GuardedBuffer::kStartAfterGuard);
    rng.Fill(si.data(), si.size());
    rng.Fill(so.data(), so.size());
    r.finish(want, reinterpret_cast<const uint32_t *>(si.data()), tail.data(),
             tail.size() / 64, reinterpret_cast<const uint32_t *>(so.data()));
    CHECK_ABI(e.finish, got, reinterpret_cast<const uint32_t *>(si.data()),
              tail.data(), tail.size() / 64,
              reinterpret_cast<const uint32_t *>(so.data()));
    EXPECT_EQ(Bytes(want, 32), Bytes(got, 32))
        << name << ": finish beside guard pages";
    EXPECT_TRUE(si.CanariesIntact() && so.CanariesIntact() &&
                tail.CanariesIntact())
        << name << " finish wrote around its inputs";
  }
  {
    std::vector<uint8_t> k0 = rng.Bytes(64), msg = rng.Bytes(70);
    std::vector<uint8_t> tail = PadTail(msg.data() + 3, 67);
    uint8_t want[32], got[32];
    ref(want, k0.data(), msg.data() + 3, 1, tail.data(), tail.size() / 64);
    CHECK_ABI_UNWIND(fn, got, k0.data(), msg.data() + 3, 1, tail.data(),
                     tail.size() / 64);
    EXPECT_EQ(Bytes(want, 32), Bytes(got, 32))
        << name << " under the single-step unwind check";
    uint32_t si[8] = {1, 2, 3, 4, 5, 6, 7, 8}, so[8] = {9, 8, 7, 6, 5, 4, 3, 2};
    r.finish(want, si, tail.data(), tail.size() / 64, so);
    CHECK_ABI_UNWIND(e.finish, got, si, tail.data(), tail.size() / 64, so);
    EXPECT_EQ(Bytes(want, 32), Bytes(got, 32))
        << name << " finish under the single-step unwind check";
  }
}

TEST(SHAX2Test, SHA256HMACRows) {
  const CRYPTO_PRIMITIVE *prim = &CRYPTO_primitive_sha256_hmac;
  const HMACEntry &ref = CRYPTO_impl_reference(prim)->entry.sha256_hmac;
  CRYPTO_IMPL_FOREACH(row, prim) {
    if (row == CRYPTO_impl_reference(prim)) {
      continue;
    }
    if (!CRYPTO_impl_is_capable(row)) {
      abi_test::NotRunnableHere(row->entry.sha256_hmac.oneshot);
      abi_test::NotRunnableHere(row->entry.sha256_hmac.finish);
      printf("  %s row %s (%s) skipped: this CPU (or the %s mask) does not "
             "allow it\n",
             prim->name, row->name, row->entry_names, kCPUMaskName);
      continue;
    }
    CheckHMACRow(row->entry_names, row->entry.sha256_hmac, ref);
  }
}

TEST(SHAX2Test, ListsEndWithNoHW) {
  for (CRYPTO_PRIMITIVE *prim :
       {&CRYPTO_primitive_sha256_x2, &CRYPTO_primitive_sha512_x2,
        &CRYPTO_primitive_sha256_hmac}) {
    const CRYPTO_IMPL *last = CRYPTO_impl_reference(prim);
    EXPECT_STREQ("nohw", last->name) << prim->name;
    EXPECT_EQ(nullptr, last->capable) << prim->name;
  }
}

// HMACs returns the HMACs under `md` of messages of a few lengths around
// one block with keys of every length 0..block + 1 and 2 * block, all
// concatenated.
std::vector<uint8_t> HMACs(const EVP_MD *md) {
  const size_t block = EVP_MD_block_size(md);
  TestRNG rng(0x4a2c);
  std::vector<uint8_t> key = rng.Bytes(2 * block);
  std::vector<uint8_t> msg = rng.Bytes(block + 2);
  std::vector<uint8_t> all;
  std::vector<size_t> key_lens;
  for (size_t k = 0; k <= block + 1; k++) {
    key_lens.push_back(k);
  }
  key_lens.push_back(2 * block);
  for (size_t k : key_lens) {
    for (size_t m : {size_t{0}, size_t{1}, block - 1, block, block + 2}) {
      uint8_t out[EVP_MAX_MD_SIZE];
      unsigned out_len = 0;
      EXPECT_TRUE(HMAC(md, key.data(), k, msg.data(), m, out, &out_len));
      all.insert(all.end(), out, out + out_len);
      // The same through HMAC_Init_ex / Update / Final.
      HMAC_CTX ctx;
      HMAC_CTX_init(&ctx);
      EXPECT_TRUE(HMAC_Init_ex(&ctx, key.data(), k, md, nullptr));
      EXPECT_TRUE(HMAC_Update(&ctx, msg.data(), m));
      uint8_t out2[EVP_MAX_MD_SIZE];
      EXPECT_TRUE(HMAC_Final(&ctx, out2, &out_len));
      HMAC_CTX_cleanup(&ctx);
      EXPECT_EQ(Bytes(out, out_len), Bytes(out2, out_len))
          << "key " << k << ", message " << m;
    }
  }
  return all;
}

TEST(SHAX2Test, HMACThroughEachRow) {
  struct {
    CRYPTO_PRIMITIVE *prim;
    const EVP_MD *(*md)(void);
  } kCases[] = {
      {&CRYPTO_primitive_sha256_x2, EVP_sha224},
      {&CRYPTO_primitive_sha256_x2, EVP_sha256},
      {&CRYPTO_primitive_sha256_hmac, EVP_sha256},
      {&CRYPTO_primitive_sha512_x2, EVP_sha384},
      {&CRYPTO_primitive_sha512_x2, EVP_sha512},
      {&CRYPTO_primitive_sha512_x2, EVP_sha512_256},
  };
  for (const auto &c : kCases) {
    SCOPED_TRACE(EVP_MD_name(c.md()));
    const CRYPTO_IMPL *ref = CRYPTO_impl_reference(c.prim);
    ASSERT_TRUE(CRYPTO_impl_force(c.prim, ref->name));
    std::vector<uint8_t> want = HMACs(c.md());
    CRYPTO_IMPL_FOREACH(row, c.prim) {
      if (row == ref || !CRYPTO_impl_is_capable(row)) {
        continue;
      }
      SCOPED_TRACE(row->name);
      ASSERT_TRUE(CRYPTO_impl_force(c.prim, row->name));
      EXPECT_EQ(Bytes(want), Bytes(HMACs(c.md())));
    }
    ASSERT_TRUE(CRYPTO_impl_force(c.prim, nullptr));
  }
}

}  // namespace
