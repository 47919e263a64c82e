// Copyright 2026 The project authors.
//
// sha_path_test.h: the checks every SHA assembly block function gets, on
// any architecture (sha_asm_test.cc for x86-64, sha_asm_armv8_test.cc for
// AArch64 list their entry points and call CheckSHAPath on each).
//
// CheckSHAPath<F>(name, fn, ref, seed) compares the block function `fn`
// (state <- compress(state, M_1 .. M_n), FIPS 180-4 section 6) with the
// portable `ref` of the same family F:
//   - every block count n = 0..33 at every input alignment 0..15, from a
//     random chaining value H^(0), through CHECK_ABI (callee-saved
//     registers, and on x86-64 the direction flag, checked after each
//     call); the input must be left unmodified;
//   - long random inputs (300, 517, 1024 blocks) at random alignments;
//   - n = 0 with a null input: nothing is read, the state is unchanged;
//   - input whose last block ends against an inaccessible page
//     (GuardedBuffer, crypto/test/guard_page.h), so a read past the last
//     block faults; where guard pages do not exist the same inputs run on
//     the heap fallback and a line says the fault check is missing;
//   - one short call under CHECK_ABI_UNWIND (where the unwind check cannot
//     run, CHECK_ABI_UNWIND itself says so).
//
// CheckRowPublicAPI(row, tables) forces row `row` of each given table
// (CRYPTO_primitive_sha1/sha256/sha512) and runs every digest that table
// serves through the public API: every length 0..300 (every padding edge
// of both block sizes: 55/56, 63/64, 111/112, 119/120, 127/128, ...) in one
// call and streamed in two pieces split at a random point, against the
// "nohw" row; then the FIPS 180-4 example messages ("abc" and the two-block
// one), whose answers do not come from the C code.

#ifndef OPENSSL_HEADER_CRYPTO_SHA_ASM_SHA_PATH_TEST_H
#define OPENSSL_HEADER_CRYPTO_SHA_ASM_SHA_PATH_TEST_H

#include <stdint.h>
#include <stdio.h>

#include <string>
#include <vector>

#include <gtest/gtest.h>

#include <openssl/sha.h>

#include "../../impl.h"
#include "../../test/abi_test.h"
#include "../../test/guard_page.h"
#include "../../test/test_util.h"
#include "../internal.h"

namespace sha_path_test {

// Family describes one hash family's block function: word type W, number
// of state words (5 for SHA-1, 8 otherwise), block size in bytes.
template <typename W, size_t kStateWords, size_t kBlockBytes>
struct Family {
  using Word = W;
  using Fn = void (*)(W *state, const uint8_t *in, size_t num_blocks);
  static constexpr size_t kWords = kStateWords;
  static constexpr size_t kBlock = kBlockBytes;
};
using SHA1Family = Family<uint32_t, 5, 64>;
using SHA256Family = Family<uint32_t, 8, 64>;
using SHA512Family = Family<uint64_t, 8, 128>;

// RandomState returns a random chaining value for family F.
template <typename F>
std::vector<typename F::Word> RandomState(TestRNG *rng) {
  std::vector<typename F::Word> s(F::kWords);
  for (auto &w : s) {
    w = static_cast<typename F::Word>(rng->Next());
  }
  return s;
}

// CheckSHAPath runs every check listed at the top on `fn` (named `name`)
// against the portable `ref`; `seed` fixes the random inputs.
template <typename F>
void CheckSHAPath(const char *name, typename F::Fn fn, typename F::Fn ref,
                  uint64_t seed) {
  using Word = typename F::Word;
  TestRNG rng(seed);
  const size_t kMaxBlocks = 33;
  std::vector<uint8_t> buf(kMaxBlocks * F::kBlock + 16);

  // All block counts 0..33 at all alignments 0..15.
  for (size_t align = 0; align < 16; align++) {
    for (size_t n = 0; n <= kMaxBlocks; n++) {
      SCOPED_TRACE(testing::Message() << name << ": " << n
                                      << " blocks at alignment " << align);
      rng.Fill(buf.data(), buf.size());
      const uint8_t *in = buf.data() + align;
      std::vector<Word> want = RandomState<F>(&rng);
      std::vector<Word> got = want;
      std::vector<uint8_t> before(buf);
      ref(want.data(), in, n);
      CHECK_ABI(fn, got.data(), in, n);
      EXPECT_EQ(want, got);
      EXPECT_EQ(Bytes(before), Bytes(buf)) << "the input was modified";
    }
  }

  // Long inputs at random alignments.
  for (size_t n : {300u, 517u, 1024u}) {
    size_t align = static_cast<size_t>(rng.Below(16));
    SCOPED_TRACE(testing::Message() << name << ": " << n
                                    << " blocks at alignment " << align);
    std::vector<uint8_t> big(n * F::kBlock + 16);
    rng.Fill(big.data(), big.size());
    std::vector<Word> want = RandomState<F>(&rng);
    std::vector<Word> got = want;
    ref(want.data(), big.data() + align, n);
    CHECK_ABI(fn, got.data(), big.data() + align, n);
    EXPECT_EQ(want, got);
  }

  // Zero blocks: `in` is not read (null here) and the state is unchanged.
  {
    std::vector<Word> want = RandomState<F>(&rng);
    std::vector<Word> got = want;
    CHECK_ABI(fn, got.data(), static_cast<const uint8_t *>(nullptr),
              size_t{0});
    EXPECT_EQ(want, got) << name << " changed the state for 0 blocks";
  }

  // The last block ends at an inaccessible page.
  std::string why;
  if (!GuardPagesAvailable(&why)) {
    printf("  %s: no guard pages here (%s): blocks before the guard run on "
           "the heap, without the fault check\n",
           name, why.c_str());
  }
  for (size_t n : {1u, 2u, 5u}) {
    GuardedBuffer g(n * F::kBlock, GuardedBuffer::kEndAtGuard);
    rng.Fill(g.data(), g.size());
    std::vector<Word> want = RandomState<F>(&rng);
    std::vector<Word> got = want;
    ref(want.data(), g.data(), n);
    CHECK_ABI(fn, got.data(), g.data(), n);
    EXPECT_EQ(want, got) << name << ": " << n << " blocks before a guard page";
    EXPECT_TRUE(g.CanariesIntact()) << name << " wrote around its input";
  }

  // The unwind information, instruction by instruction, on a short call.
  {
    rng.Fill(buf.data(), buf.size());
    std::vector<Word> want = RandomState<F>(&rng);
    std::vector<Word> got = want;
    ref(want.data(), buf.data() + 1, 2);
    CHECK_ABI_UNWIND(fn, got.data(), buf.data() + 1, size_t{2});
    EXPECT_EQ(want, got) << name << " under the single-step unwind check";
  }
}

// Digest is one public digest: its one-shot function, its streaming API
// fed in two pieces (Split), the table that serves it, and its answers to
// the FIPS 180-4 examples: "abc" and the two-block message (448 bits for
// the 64-byte-block digests, 896 bits for the 128-byte ones).
struct Digest {
  const char *name;
  uint8_t *(*oneshot)(const uint8_t *, size_t, uint8_t *);
  std::vector<uint8_t> (*split)(const uint8_t *in, size_t len, size_t split);
  size_t out_len;
  CRYPTO_PRIMITIVE *prim;
  const char *abc;
  const char *two;
};

// StreamDigest hashes in[0..split) and in[split..len) with two Update calls
// of the streaming API Init/Update/Final of context type Ctx.
template <typename Ctx, int (*Init)(Ctx *),
          int (*Update)(Ctx *, const void *, size_t),
          int (*Final)(uint8_t *, Ctx *), size_t kOutLen>
std::vector<uint8_t> StreamDigest(const uint8_t *in, size_t len,
                                  size_t split) {
  std::vector<uint8_t> out(kOutLen);
  Ctx c;
  Init(&c);
  Update(&c, in, split);
  Update(&c, in + split, len - split);
  Final(out.data(), &c);
  return out;
}

inline const std::vector<Digest> &Digests() {
  static const std::vector<Digest> kDigests = {
      {"SHA-1", SHA1,
       StreamDigest<SHA_CTX, SHA1_Init, SHA1_Update, SHA1_Final,
                    SHA_DIGEST_LENGTH>,
       SHA_DIGEST_LENGTH, &CRYPTO_primitive_sha1,
       "a9993e364706816aba3e25717850c26c9cd0d89d",
       "84983e441c3bd26ebaae4aa1f95129e5e54670f1"},
      {"SHA-224", SHA224,
       StreamDigest<SHA256_CTX, SHA224_Init, SHA224_Update, SHA224_Final,
                    SHA224_DIGEST_LENGTH>,
       SHA224_DIGEST_LENGTH, &CRYPTO_primitive_sha256,
       "23097d223405d8228642a477bda255b32aadbce4bda0b3f7e36c9da7",
       "75388b16512776cc5dba5da1fd890150b0c6455cb4f58b1952522525"},
      {"SHA-256", SHA256,
       StreamDigest<SHA256_CTX, SHA256_Init, SHA256_Update, SHA256_Final,
                    SHA256_DIGEST_LENGTH>,
       SHA256_DIGEST_LENGTH, &CRYPTO_primitive_sha256,
       "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
       "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"},
      {"SHA-384", SHA384,
       StreamDigest<SHA512_CTX, SHA384_Init, SHA384_Update, SHA384_Final,
                    SHA384_DIGEST_LENGTH>,
       SHA384_DIGEST_LENGTH, &CRYPTO_primitive_sha512,
       "cb00753f45a35e8bb5a03d699ac65007272c32ab0eded1631a8b605a43ff5bed8086"
       "072ba1e7cc2358baeca134c825a7",
       "09330c33f71147e83d192fc782cd1b4753111b173b3b05d22fa08086e3b0f712fcc7"
       "c71a557e2db966c3e9fa91746039"},
      {"SHA-512", SHA512,
       StreamDigest<SHA512_CTX, SHA512_Init, SHA512_Update, SHA512_Final,
                    SHA512_DIGEST_LENGTH>,
       SHA512_DIGEST_LENGTH, &CRYPTO_primitive_sha512,
       "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192"
       "992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f",
       "8e959b75dae313da8cf4f72814fc143f8f7779c6eb9f7fa17299aeadb68890185"
       "01d289e4900f7e4331b99dec4b5433ac7d329eeb6dd26545e96e55b874be909"},
      {"SHA-512/224", SHA512_224,
       StreamDigest<SHA512_CTX, SHA512_224_Init, SHA512_224_Update,
                    SHA512_224_Final, SHA512_224_DIGEST_LENGTH>,
       SHA512_224_DIGEST_LENGTH, &CRYPTO_primitive_sha512,
       "4634270f707b6a54daae7530460842e20e37ed265ceee9a43e8924aa",
       "23fec5bb94d60b23308192640b0c453335d664734fe40e7268674af9"},
      {"SHA-512/256", SHA512_256,
       StreamDigest<SHA512_CTX, SHA512_256_Init, SHA512_256_Update,
                    SHA512_256_Final, SHA512_256_DIGEST_LENGTH>,
       SHA512_256_DIGEST_LENGTH, &CRYPTO_primitive_sha512,
       "53048e2681941ef99b2e29b76b4c7dabe4c2d0c634fc6d46e0e2f13107e7af23",
       "3928e184fb8690f840da3988121d31be65cb9d3ef83ee6146feac861e19b563a"},
  };
  return kDigests;
}

// CheckRowPublicAPI: see the top of this file. Every table in `prims` must
// have a row `row` that the running CPU can use (callers check the
// predicate and say so when they skip).
inline void CheckRowPublicAPI(const char *row,
                              const std::vector<CRYPTO_PRIMITIVE *> &prims) {
  TestRNG rng(0xed9e);
  std::vector<uint8_t> in = rng.Bytes(300);
  const std::string two64 =
      "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq";
  const std::string two128 =
      "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmn"
      "hijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu";
  for (const Digest &d : Digests()) {
    bool ours = false;
    for (CRYPTO_PRIMITIVE *p : prims) {
      ours |= p == d.prim;
    }
    if (!ours) {
      continue;
    }
    SCOPED_TRACE(std::string(d.name) + " on row " + row);
    ASSERT_NE(nullptr, CRYPTO_impl_find(d.prim, row))
        << "no row " << row << " in " << d.prim->name;
    for (size_t len = 0; len <= in.size(); len++) {
      uint8_t want[SHA512_DIGEST_LENGTH], got[SHA512_DIGEST_LENGTH];
      size_t split = static_cast<size_t>(rng.Below(len + 1));
      ASSERT_TRUE(CRYPTO_impl_force(d.prim, "nohw"));
      d.oneshot(in.data(), len, want);
      std::vector<uint8_t> want_split = d.split(in.data(), len, split);
      ASSERT_TRUE(CRYPTO_impl_force(d.prim, row));
      d.oneshot(in.data(), len, got);
      EXPECT_EQ(Bytes(want, d.out_len), Bytes(got, d.out_len))
          << len << " bytes";
      EXPECT_EQ(Bytes(want_split), Bytes(d.split(in.data(), len, split)))
          << len << " bytes split at " << split;
      EXPECT_EQ(Bytes(want, d.out_len), Bytes(want_split))
          << len << " bytes split at " << split << " (nohw)";
    }
    // The FIPS 180-4 examples, on the row.
    const std::string &two =
        d.prim == &CRYPTO_primitive_sha512 ? two128 : two64;
    const struct {
      std::string msg;
      const char *hex;
    } kKATs[] = {{"abc", d.abc}, {two, d.two}};
    for (const auto &kat : kKATs) {
      std::vector<uint8_t> expected;
      ASSERT_TRUE(DecodeHex(&expected, kat.hex));
      ASSERT_EQ(d.out_len, expected.size());
      const uint8_t *msg = reinterpret_cast<const uint8_t *>(kat.msg.data());
      uint8_t got[SHA512_DIGEST_LENGTH];
      d.oneshot(msg, kat.msg.size(), got);
      EXPECT_EQ(Bytes(expected), Bytes(got, d.out_len))
          << kat.msg.size() << "-byte FIPS 180-4 example";
      EXPECT_EQ(Bytes(expected), Bytes(d.split(msg, kat.msg.size(), 1)))
          << kat.msg.size() << "-byte FIPS 180-4 example, streamed";
    }
    ASSERT_TRUE(CRYPTO_impl_force(d.prim, nullptr));
  }
}

}  // namespace sha_path_test

#endif  // OPENSSL_HEADER_CRYPTO_SHA_ASM_SHA_PATH_TEST_H
