// Copyright 2026 The project authors.
//
// sha_path_test.h: the checks every SHA block function gets, on any
// architecture (sha_rows_test.cc calls CheckSHAPath on the entry point of
// every row of the three lists in crypto/sha/impls.h).
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
//   - calls of 1, 2 and 3 blocks under CHECK_ABI_UNWIND (an odd last block
//     takes other branches in the two-block paths, e.g. sha512-x86_64.pl's
//     avx2 and avx512 loops; where the unwind check cannot run,
//     CHECK_ABI_UNWIND itself says so).
//
// Each row through the public API (every length at every padding edge, and
// the accumulated digest of all lengths 0..4096 against stored values) is
// checked in sha_test.cc (PaddingEdgesAllRows, AccumulatedAllRows).

#ifndef OPENSSL_HEADER_CRYPTO_SHA_TEST_SHA_PATH_TEST_H
#define OPENSSL_HEADER_CRYPTO_SHA_TEST_SHA_PATH_TEST_H

#include <stdint.h>
#include <stdio.h>

#include <string>
#include <vector>

#include <gtest/gtest.h>

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

  // The unwind information, instruction by instruction, on short calls.
  for (size_t n : {1u, 2u, 3u}) {
    rng.Fill(buf.data(), buf.size());
    std::vector<Word> want = RandomState<F>(&rng);
    std::vector<Word> got = want;
    ref(want.data(), buf.data() + 1, n);
    CHECK_ABI_UNWIND(fn, got.data(), buf.data() + 1, n);
    EXPECT_EQ(want, got) << name << ": " << n
                         << " blocks under the single-step unwind check";
  }
}

}  // namespace sha_path_test

#endif  // OPENSSL_HEADER_CRYPTO_SHA_TEST_SHA_PATH_TEST_H
