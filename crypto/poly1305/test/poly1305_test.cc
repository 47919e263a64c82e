// Copyright 2026 The project authors.
//
// Tests of Poly1305: the RFC 8439 example (our own file), the public suites
// (BoringSSL's file with all of RFC 8439 A.3 and long inputs, pyca's copy of
// A.3), every implementation row against the others on random and extreme
// inputs, accumulators constructed to land in [p, 2^130), streaming in
// random splits, and the zeroing of the state.

#include <openssl/poly1305.h>

#include <stdint.h>
#include <string.h>

#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "../../internal.h"
#include "../../test/abi_test.h"
#include "../../test/asm_path_test.h"
#include "../../test/file_test.h"
#include "../../test/test_util.h"
#include "../internal.h"

namespace {

const struct crypto_poly1305_entry *ImplFns(const CRYPTO_IMPL *impl) {
  return &impl->entry.poly1305;
}

// ForcedImpl makes the public API use one row while it lives.
class ForcedImpl {
 public:
  explicit ForcedImpl(const CRYPTO_IMPL *impl) {
    EXPECT_TRUE(CRYPTO_impl_force(&CRYPTO_primitive_poly1305, impl->name));
  }
  ~ForcedImpl() { CRYPTO_impl_force(&CRYPTO_primitive_poly1305, nullptr); }
};

using Mac = std::vector<uint8_t>;

// MacOneShot computes the tag with a single update.
Mac MacOneShot(const uint8_t key[32], const std::vector<uint8_t> &msg) {
  poly1305_state state;
  CRYPTO_poly1305_init(&state, key);
  CRYPTO_poly1305_update(&state, msg.data(), msg.size());
  Mac mac(16);
  CRYPTO_poly1305_finish(&state, mac.data());
  return mac;
}

// MacSplit feeds `msg` in pieces ending at the offsets in `cuts` (sorted).
Mac MacSplit(const uint8_t key[32], const std::vector<uint8_t> &msg,
             const std::vector<size_t> &cuts) {
  poly1305_state state;
  CRYPTO_poly1305_init(&state, key);
  size_t done = 0;
  for (size_t cut : cuts) {
    CRYPTO_poly1305_update(&state, msg.data() + done, cut - done);
    done = cut;
  }
  CRYPTO_poly1305_update(&state, msg.data() + done, msg.size() - done);
  Mac mac(16);
  CRYPTO_poly1305_finish(&state, mac.data());
  return mac;
}

Mac MacBytewise(const uint8_t key[32], const std::vector<uint8_t> &msg) {
  std::vector<size_t> cuts;
  for (size_t i = 1; i < msg.size(); i++) {
    cuts.push_back(i);
  }
  return MacSplit(key, msg, cuts);
}

std::vector<size_t> RandomCuts(TestRNG *rng, size_t len) {
  std::vector<size_t> cuts;
  size_t pos = 0;
  while (len > 0 && pos < len) {
    // Mostly short pieces, sometimes long ones, sometimes empty ones.
    size_t step = rng->Below(4) == 0 ? rng->Below(len + 1) : rng->Below(40);
    pos = pos + step > len ? len : pos + step;
    cuts.push_back(pos);
  }
  return cuts;
}

// MacRow drives one row's block interface directly, every call through the
// ABI checker (CHECK_ABI; with `unwind`, CHECK_ABI_UNWIND for the blocks
// calls), doing the padding of the last partial block itself
// (independently of poly1305.c).
Mac MacRow(const CRYPTO_IMPL *impl, const uint8_t key[32],
           const std::vector<uint8_t> &msg, bool unwind = false) {
  alignas(POLY1305_IMPL_STATE_ALIGN) uint8_t state[POLY1305_IMPL_STATE_SIZE];
  const struct crypto_poly1305_entry *fns = ImplFns(impl);
  CHECK_ABI(fns->init, state, key);
  auto blocks = [&](const uint8_t *in, size_t len, uint32_t padbit) {
    if (unwind) {
      CHECK_ABI_UNWIND(fns->blocks, state, in, len, padbit);
    } else {
      CHECK_ABI(fns->blocks, state, in, len, padbit);
    }
  };
  size_t whole = msg.size() / 16 * 16;
  blocks(msg.data(), whole, 1);
  if (msg.size() != whole) {
    uint8_t last[16] = {0};
    memcpy(last, msg.data() + whole, msg.size() - whole);
    last[msg.size() - whole] = 1;
    blocks(last, 16, 0);
  }
  // A call with no blocks changes nothing.
  blocks(nullptr, 0, 1);
  Mac mac(16);
  CHECK_ABI(fns->emit, state, mac.data(), key + 16);
  return mac;
}

// CheckAllWays checks `expected` against every row, one-shot, byte by byte,
// in random splits and through the row's block interface.
void CheckAllWays(const std::vector<uint8_t> &key,
                  const std::vector<uint8_t> &msg, const Mac &expected) {
  ASSERT_EQ(32u, key.size());
  ASSERT_EQ(16u, expected.size());
  TestRNG rng(msg.size());
  ForEachRow(&CRYPTO_primitive_poly1305, [&](const CRYPTO_IMPL *impl) {
    ForcedImpl forced(impl);
    EXPECT_EQ(Bytes(expected), Bytes(MacOneShot(key.data(), msg)));
    EXPECT_EQ(Bytes(expected), Bytes(MacBytewise(key.data(), msg)));
    for (int i = 0; i < 4; i++) {
      EXPECT_EQ(Bytes(expected),
                Bytes(MacSplit(key.data(), msg, RandomCuts(&rng, msg.size()))));
    }
    EXPECT_EQ(Bytes(expected), Bytes(MacRow(impl, key.data(), msg)));
  });
}

// Every row the CPU can run, walked from the list, under the single-step
// unwind check (x86-64 Linux; elsewhere CHECK_ABI_UNWIND runs the register
// checks and says so): a short call and one long enough for every vector
// row's wide code (512 bytes, past each row's switch length), against the
// portable reference row.
TEST(Poly1305Test, RowsUnderUnwindCheck) {
  TestRNG rng(0x1305u);
  const CRYPTO_IMPL *ref = CRYPTO_impl_reference(&CRYPTO_primitive_poly1305);
  for (size_t len : {size_t{17}, size_t{512 + 33}}) {
    std::vector<uint8_t> key = rng.Bytes(32), msg = rng.Bytes(len);
    const Mac want = MacRow(ref, key.data(), msg);
    ForEachRow(&CRYPTO_primitive_poly1305, [&](const CRYPTO_IMPL *impl) {
      if (impl != ref) {
        EXPECT_EQ(Bytes(want), Bytes(MacRow(impl, key.data(), msg, true)))
            << impl->entry_names << ", " << len << " bytes";
      }
    });
  }
}

TEST(Poly1305Test, RFC8439Vector) {
  size_t n = FileTestGTest(
      SourcePath("crypto/poly1305/test/rfc8439_poly1305_tests.txt"),
      [](FileTest *t) {
        std::vector<uint8_t> key, in, mac;
        ASSERT_TRUE(t->GetBytes(&key, "Key"));
        ASSERT_TRUE(t->GetBytes(&in, "Input"));
        ASSERT_TRUE(t->GetBytes(&mac, "MAC"));
        CheckAllWays(key, in, mac);
      });
  EXPECT_EQ(1u, n);
}

TEST(Poly1305Test, BoringSSLVectors) {
  VECTORS_PATH_OR_SKIP(path, "boringssl/crypto/poly1305/poly1305_tests.txt");
  size_t n = FileTestGTest(path, [](FileTest *t) {
    std::vector<uint8_t> key, in, mac;
    ASSERT_TRUE(t->GetBytes(&key, "Key"));
    ASSERT_TRUE(t->GetBytes(&in, "Input"));
    ASSERT_TRUE(t->GetBytes(&mac, "MAC"));
    CheckAllWays(key, in, mac);
  });
  EXPECT_EQ(33u, n);
}

TEST(Poly1305Test, PycaRFC7539Vectors) {
  VECTORS_PATH_OR_SKIP(path, "pyca-cryptography/poly1305/rfc7539.txt");
  size_t n = FileTestGTest(path, [](FileTest *t) {
    std::vector<uint8_t> key, in, mac;
    t->IgnoreAttribute("COUNT");
    ASSERT_TRUE(t->GetBytes(&key, "KEY"));
    ASSERT_TRUE(t->GetBytes(&in, "MSG"));
    ASSERT_TRUE(t->GetBytes(&mac, "TAG"));
    CheckAllWays(key, in, mac);
  });
  EXPECT_EQ(11u, n);
}

// MacsOfAllRows returns each row's one-shot tag of `msg`.
std::vector<Mac> MacsOfAllRows(const uint8_t key[32],
                               const std::vector<uint8_t> &msg) {
  std::vector<Mac> macs;
  ForEachRow(&CRYPTO_primitive_poly1305, [&](const CRYPTO_IMPL *impl) {
    ForcedImpl forced(impl);
    macs.push_back(MacOneShot(key, msg));
    EXPECT_EQ(Bytes(macs.back()), Bytes(MacRow(impl, key, msg)));
  });
  return macs;
}

void ExpectAllEqual(const std::vector<Mac> &macs) {
  for (size_t i = 1; i < macs.size(); i++) {
    EXPECT_EQ(Bytes(macs[0]), Bytes(macs[i])) << "row " << i << " vs row 0";
  }
}

// Both C implementations (and any other row) agree on random keys and
// messages up to 64 KiB, and streaming in random splits gives the one-shot
// tag.
TEST(Poly1305Test, RowsAgreeOnRandomInputs) {
  // The c64 row only exists where the compiler has __int128; then there are
  // two rows to compare.
#if defined(POLY1305_HAVE_C64)
  EXPECT_GE(
      ForEachRow(&CRYPTO_primitive_poly1305, [](const CRYPTO_IMPL *) {}), 2u);
#endif
  TestRNG rng(0x1305);
  for (int iter = 0; iter < 300; iter++) {
    size_t len = iter < 100 ? static_cast<size_t>(iter)
                 : iter < 250 ? rng.Below(1024)
                              : rng.Below(65537);
    SCOPED_TRACE(len);
    std::vector<uint8_t> key = rng.Bytes(32), msg = rng.Bytes(len);
    std::vector<Mac> macs = MacsOfAllRows(key.data(), msg);
    ExpectAllEqual(macs);
    ForEachRow(&CRYPTO_primitive_poly1305, [&](const CRYPTO_IMPL *impl) {
      ForcedImpl forced(impl);
      EXPECT_EQ(Bytes(macs[0]),
                Bytes(MacSplit(key.data(), msg, RandomCuts(&rng, len))));
    });
  }
}

// Extreme limbs: r at its largest clamped value (key bytes all 0xff, so
// r = 0x0ffffffc0ffffffc0ffffffc0fffffff), s = 2^128 - 1 (the final
// addition carries out of every word) and messages of all-0xff blocks, so
// every limb of h + m starts at its maximum and the carry chains and the
// bounds documented in poly1305.c are exercised at their edges.
TEST(Poly1305Test, RowsAgreeOnExtremeInputs) {
  std::vector<uint8_t> key_max(32, 0xff);
  std::vector<uint8_t> key_max_r_zero_s(32, 0xff);
  memset(key_max_r_zero_s.data() + 16, 0, 16);
  std::vector<size_t> lengths;
  for (size_t len = 0; len <= 300; len++) {
    lengths.push_back(len);
  }
  lengths.push_back(4096);
  lengths.push_back(65536);
  for (const auto &key : {key_max, key_max_r_zero_s}) {
    for (size_t len : lengths) {
      SCOPED_TRACE(len);
      std::vector<uint8_t> msg(len, 0xff);
      ExpectAllEqual(MacsOfAllRows(key.data(), msg));
    }
  }
  // Alternating all-0xff and all-0x00 blocks with the maximal r.
  std::vector<uint8_t> msg(4096, 0);
  for (size_t i = 0; i < msg.size(); i += 32) {
    memset(msg.data() + i, 0xff, 16);
  }
  ExpectAllEqual(MacsOfAllRows(key_max.data(), msg));
}

// AddLE128 returns (s + v) mod 2^128 as 16 little-endian bytes, for a small
// signed `v`.
Mac AddLE128(const uint8_t s[16], int v) {
  Mac out(16);
  // v as a 128-bit two's complement number, little-endian.
  uint8_t vb[16];
  memset(vb, v < 0 ? 0xff : 0x00, sizeof(vb));
  int64_t v64 = v;
  for (int i = 0; i < 8; i++) {
    vb[i] = static_cast<uint8_t>(static_cast<uint64_t>(v64) >> (8 * i));
  }
  unsigned carry = 0;
  for (int i = 0; i < 16; i++) {
    unsigned sum = unsigned{s[i]} + unsigned{vb[i]} + carry;
    out[i] = static_cast<uint8_t>(sum);
    carry = sum >> 8;
  }
  return out;
}

// The final reduction, with the accumulator deliberately placed around p.
//
// How: with r = 1 (key bytes 01 00 .. 00, which clamping keeps) every
// multiplication by r is the identity, so after n full blocks the
// accumulator is exactly the sum of the blocks plus n * 2^128, as long as it
// stays below 2^130 (no reduction is needed, so no implementation changes
// its representation). Three full blocks m1, m2, m3 give
//   h = m1 + m2 + m3 + 3 * 2^128.
// With m2 = m3 = 0 and m1 = 2^128 - 5 + e (e = -5..4), h = 2^130 - 5 + e =
// p + e: for e = 0..4 it lies in [2^130 - 5, 2^130), the non-canonical range
// that emit must reduce; for e < 0 it is just below p. With m1 = 2^128 - 1
// and m2 = t (t = 0..5), h = p + 4 + t reaches and crosses 2^130, where the
// last multiplication folds it. In every case h mod p = e (or p + e for
// e < 0, which is e - 5 mod 2^128 since p = -5 mod 2^128), and the tag is
// (h mod p + s) mod 2^128, which the test computes with plain byte
// arithmetic for s = 0, s = 2^128 - 1 and a random s.
TEST(Poly1305Test, AccumulatorAroundP) {
  TestRNG rng(0x2130);
  std::vector<std::vector<uint8_t>> s_values = {
      std::vector<uint8_t>(16, 0x00), std::vector<uint8_t>(16, 0xff),
      rng.Bytes(16)};
  for (const auto &s : s_values) {
    std::vector<uint8_t> key(32, 0);
    key[0] = 1;
    memcpy(key.data() + 16, s.data(), 16);
    for (int e = -5; e <= 9; e++) {
      SCOPED_TRACE(e);
      std::vector<uint8_t> msg(48, 0);
      if (e <= 4) {
        // m1 = 2^128 - 5 + e: byte 0 is 0xfb + e, the rest 0xff.
        memset(msg.data(), 0xff, 16);
        msg[0] = static_cast<uint8_t>(0xfb + e);
      } else {
        // m1 = 2^128 - 1, m2 = e - 4.
        memset(msg.data(), 0xff, 16);
        msg[16] = static_cast<uint8_t>(e - 4);
      }
      // h mod p as a value mod 2^128: e, or e - 5 when h < p.
      int h_mod_p = e >= 0 ? e : e - 5;
      Mac expected = AddLE128(s.data(), h_mod_p);
      CheckAllWays(key, msg, expected);
    }
  }
}

// The state may sit at any address: the library aligns inside it.
TEST(Poly1305Test, AnyStateAlignment) {
  TestRNG rng(0xa1);
  std::vector<uint8_t> key = rng.Bytes(32), msg = rng.Bytes(1000);
  Mac expected = MacOneShot(key.data(), msg);
  std::vector<uint8_t> buf(sizeof(poly1305_state) + 64);
  for (size_t off = 0; off < 64; off++) {
    poly1305_state *state =
        reinterpret_cast<poly1305_state *>(buf.data() + off);
    CRYPTO_poly1305_init(state, key.data());
    CRYPTO_poly1305_update(state, msg.data(), 333);
    CRYPTO_poly1305_update(state, msg.data() + 333, msg.size() - 333);
    Mac mac(16);
    CRYPTO_poly1305_finish(state, mac.data());
    EXPECT_EQ(Bytes(expected), Bytes(mac)) << "offset " << off;
  }
}

// finish zeroes the whole state, whichever row ran.
TEST(Poly1305Test, FinishZeroesState) {
  TestRNG rng(0x2e50);
  std::vector<uint8_t> key = rng.Bytes(32), msg = rng.Bytes(77);
  ForEachRow(&CRYPTO_primitive_poly1305, [&](const CRYPTO_IMPL *impl) {
    ForcedImpl forced(impl);
    poly1305_state state;
    CRYPTO_poly1305_init(&state, key.data());
    CRYPTO_poly1305_update(&state, msg.data(), msg.size());
    uint8_t mac[16];
    CRYPTO_poly1305_finish(&state, mac);
    std::vector<uint8_t> zeros(sizeof(state), 0);
    EXPECT_EQ(Bytes(zeros), Bytes(state, sizeof(state)));
  });
}

// A state keeps the row it was initialised with even if the dispatcher's
// choice changes before update and finish.
TEST(Poly1305Test, RowFixedAtInit) {
  TestRNG rng(0xf1);
  std::vector<uint8_t> key = rng.Bytes(32), msg = rng.Bytes(100);
  Mac expected = MacOneShot(key.data(), msg);
  ForEachRow(&CRYPTO_primitive_poly1305, [&](const CRYPTO_IMPL *first) {
    ForEachRow(&CRYPTO_primitive_poly1305, [&](const CRYPTO_IMPL *second) {
      poly1305_state state;
      {
        ForcedImpl forced(first);
        CRYPTO_poly1305_init(&state, key.data());
        CRYPTO_poly1305_update(&state, msg.data(), 50);
      }
      ForcedImpl forced(second);
      CRYPTO_poly1305_update(&state, msg.data() + 50, 50);
      Mac mac(16);
      CRYPTO_poly1305_finish(&state, mac.data());
      EXPECT_EQ(Bytes(expected), Bytes(mac));
    });
  });
}

TEST(Poly1305Test, EmptyMessageWithNull) {
  std::vector<uint8_t> key(32, 0);
  for (int i = 0; i < 32; i++) {
    key[i] = static_cast<uint8_t>(i * 7 + 1);
  }
  // The empty message: h = 0, so the tag is s.
  Mac expected(key.begin() + 16, key.end());
  ForEachRow(&CRYPTO_primitive_poly1305, [&](const CRYPTO_IMPL *impl) {
    ForcedImpl forced(impl);
    poly1305_state state;
    CRYPTO_poly1305_init(&state, key.data());
    CRYPTO_poly1305_update(&state, nullptr, 0);
    Mac mac(16);
    CRYPTO_poly1305_finish(&state, mac.data());
    EXPECT_EQ(Bytes(expected), Bytes(mac));
  });
}

// In the constant-time test mode (-DCONSTANT_TIME_VALIDATION=ON, run under
// valgrind) the key and the message are marked secret, so memcheck reports
// any branch or memory index that depends on them in any row. Outside that
// mode it checks each row against the first.
TEST(Poly1305Test, ConstantTime) {
  TestRNG rng(0xc7);
  for (size_t len : {0, 1, 15, 16, 17, 64, 1000}) {
    SCOPED_TRACE(len);
    std::vector<uint8_t> key = rng.Bytes(32), msg = rng.Bytes(len);
    std::vector<Mac> macs;
    ForEachRow(&CRYPTO_primitive_poly1305, [&](const CRYPTO_IMPL *impl) {
      ForcedImpl forced(impl);
      std::vector<uint8_t> secret_key = key, secret_msg = msg;
      CONSTTIME_SECRET(secret_key.data(), secret_key.size());
      CONSTTIME_SECRET(secret_msg.data(), secret_msg.size());
      Mac mac = MacSplit(secret_key.data(), secret_msg, {len / 3});
      CONSTTIME_DECLASSIFY(mac.data(), mac.size());
      macs.push_back(mac);
    });
    ExpectAllEqual(macs);
    EXPECT_EQ(Bytes(macs[0]), Bytes(MacOneShot(key.data(), msg)));
  }
}

// The list's hand-off rule, which the driver (poly1305_row_blocks) relies
// on: a row with a switch length gives shorter calls to a scalar row that
// takes every length, runs wherever this row runs and keeps the same state
// (the same init and emit functions); a row without one hands nothing over.
TEST(Poly1305ListTest, ShorterRowSharesTheState) {
  const CRYPTO_PRIMITIVE *prim = &CRYPTO_primitive_poly1305;
  size_t handing_over = 0;
  CRYPTO_IMPL_FOREACH(row, prim) {
    SCOPED_TRACE(row->name);
    const CRYPTO_IMPL *to = CRYPTO_impl_shorter(prim, row);
    if (row->min_len == 0) {
      EXPECT_EQ(nullptr, to);
      continue;
    }
    handing_over++;
    ASSERT_NE(nullptr, to);
    EXPECT_EQ(0u, to->min_len);
    EXPECT_EQ(ImplFns(row)->init, ImplFns(to)->init);
    EXPECT_EQ(ImplFns(row)->emit, ImplFns(to)->emit);
    if (CRYPTO_impl_is_capable(row)) {
      EXPECT_TRUE(CRYPTO_impl_is_capable(to));
    }
  }
#if !defined(OPENSSL_NO_ASM) && \
    (defined(OPENSSL_X86_64) || defined(OPENSSL_X86) || defined(OPENSSL_AARCH64))
  // Every architecture with assembly has vector rows that hand over.
  EXPECT_GE(handing_over, 1u);
#endif
}

}  // namespace
