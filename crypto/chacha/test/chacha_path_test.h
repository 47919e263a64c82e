// Copyright 2026 The project authors.
//
// chacha_path_test.h: the checks every ChaCha20 row gets, on any
// architecture. chacha_rows_test.cc instantiates them over the rows of the
// list (crypto/chacha/impls.h) through RowPaths, so a new row is tested
// without a line of its own. Every output is compared with the portable C
// ChaCha20_ctr32_nohw, out = in XOR keystream(key, counter, nonce)
// (RFC 8439 section 2.4, 32-bit block counter in counter_nonce[0]).
//
//   - CheckBlocksAgainstC: the block function directly for 0..40 blocks
//     at every input/output offset 0..15 (out-of-place) and in place, with
//     the bytes around the output checked untouched; through CHECK_ABI up
//     to `abi_max_blocks` blocks;
//   - CheckZeroBlocksTouchNothing: 0 blocks (also with null pointers)
//     writes nothing;
//   - CheckUnwindInfo: one call under CHECK_ABI_UNWIND;
//   - CheckRowAllLengths: the row through the driver (chacha20_xor_words)
//     for every length 0..1024, 4095..4097 and 65536, every offset pair;
//   - CheckRowShortLengths: the row's ctr32 for every length up to a
//     bound at three offset pairs and in place (for a `bytes` path, the
//     row's own choice by length);
//   - CheckCounterWraps: the counter starting at 2^32 - k, k = 1..9, 20,
//     34 and 52: it wraps to 0 and the nonce words stay, exactly as in the
//     C code;
//   - CheckRandomLong: long random inputs (random length, offsets, key,
//     counter, nonce);
//   - CheckGuardPage: input and output ending against an inaccessible page
//     (GuardedBuffer), so any access past the last byte faults, through
//     the row and, for whole blocks, the block function itself.
//
// A Path with `bytes` set is an entry point whose third argument is a
// length in bytes (any value) rather than a count of whole blocks: the
// checks then pass 64 * n for n blocks and also call the entry point
// itself, through CHECK_ABI, on every length.

#ifndef OPENSSL_HEADER_CRYPTO_CHACHA_TEST_CHACHA_PATH_TEST_H
#define OPENSSL_HEADER_CRYPTO_CHACHA_TEST_CHACHA_PATH_TEST_H

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <algorithm>
#include <ostream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "../../test/abi_test.h"
#include "../../test/asm_path_test.h"
#include "../../test/guard_page.h"
#include "../../test/test_util.h"
#include "../internal.h"

namespace chacha_path_test {

using BlocksFn = void (*)(uint8_t *out, const uint8_t *in, size_t arg,
                          const uint32_t key[8],
                          const uint32_t counter_nonce[4]);

// Path is one row of CRYPTO_primitive_chacha20: its entry point (named by
// the row's entry_names), whether that takes bytes (shape BYTES) and the
// row itself.
struct Path {
  const char *name;
  BlocksFn blocks;
  bool bytes;  // see the top of this file
  const CRYPTO_IMPL *impl;
};

// RowPaths returns a Path for every row of the list but the portable
// reference, which the others are checked against.
inline std::vector<Path> RowPaths() {
  std::vector<Path> paths;
  const CRYPTO_PRIMITIVE *prim = &CRYPTO_primitive_chacha20;
  CRYPTO_IMPL_FOREACH(row, prim) {
    if (row != CRYPTO_impl_reference(prim)) {
      paths.push_back({row->entry_names, row->entry.chacha20,
                       row->shape == CRYPTO_IMPL_BYTES, row});
    }
  }
  return paths;
}

// PrintTo names a Path in test output.
inline void PrintTo(const Path &p, std::ostream *os) { *os << p.name; }

// PathName names the instantiation of a Path after its row and entry point
// (two rows may share an entry point and differ in their length rules).
inline std::string PathName(const testing::TestParamInfo<Path> &info) {
  return std::string(info.param.impl->name) + "_" + info.param.name;
}

// ChaChaPathTest skips a path the CPU (or the feature mask) cannot run,
// naming it, and exempts its entry point from the ABI coverage check.
// Otherwise it forces the row for the test, so chacha20_xor_words (the
// driver, "the row" below) runs it with its length rules.
class ChaChaPathTest : public testing::TestWithParam<Path> {
 protected:
  void SetUp() override {
    if (!CRYPTO_impl_is_capable(GetParam().impl)) {
      abi_test::NotRunnableHere(GetParam().blocks);
      GTEST_SKIP() << GetParam().name << " cannot run on this CPU (or is "
                   << "masked by " << kCPUMaskName << "): not tested";
    }
    ASSERT_TRUE(CRYPTO_impl_force(&CRYPTO_primitive_chacha20,
                                  GetParam().impl->name));
  }
  void TearDown() override {
    CRYPTO_impl_force(&CRYPTO_primitive_chacha20, nullptr);
  }
};

inline void RandomKey(TestRNG *rng, uint32_t key[8], uint32_t cn[4]) {
  for (int i = 0; i < 8; i++) {
    key[i] = static_cast<uint32_t>(rng->Next());
  }
  for (int i = 0; i < 4; i++) {
    cn[i] = static_cast<uint32_t>(rng->Next());
  }
}

// Expected returns ChaCha20_ctr32_nohw(in) for `len` bytes.
inline std::vector<uint8_t> Expected(const uint8_t *in, size_t len,
                                     const uint32_t key[8],
                                     const uint32_t cn[4]) {
  std::vector<uint8_t> out(len + 1);
  ChaCha20_ctr32_nohw(out.data(), in, len, key, cn);
  out.resize(len);
  return out;
}

// CheckAllOffsets runs `fn(out, in)` on `input` copied to every input
// offset 0..15, writing to every output offset 0..15, and in place at every
// offset, and compares with `want`. The bytes around the output must stay
// untouched.
template <typename F>
void CheckAllOffsets(const char *what, F fn, const std::vector<uint8_t> &input,
                     const std::vector<uint8_t> &want) {
  size_t len = input.size();
  std::vector<uint8_t> in_buf(len + 16), out_buf(len + 32);
  for (size_t in_off = 0; in_off < 16; in_off++) {
    std::copy(input.begin(), input.end(), in_buf.begin() + in_off);
    for (size_t out_off = 0; out_off < 16; out_off++) {
      memset(out_buf.data(), 0xa5, out_buf.size());
      fn(out_buf.data() + out_off, in_buf.data() + in_off);
      ASSERT_EQ(Bytes(want), Bytes(out_buf.data() + out_off, len))
          << what << " len " << len << " in_off " << in_off << " out_off "
          << out_off;
      for (size_t i = 0; i < out_off; i++) {
        ASSERT_EQ(0xa5, out_buf[i]) << what << " wrote before out";
      }
      for (size_t i = out_off + len; i < out_buf.size(); i++) {
        ASSERT_EQ(0xa5, out_buf[i]) << what << " wrote past out, len " << len;
      }
    }
    // In place.
    memset(out_buf.data(), 0xa5, out_buf.size());
    std::copy(input.begin(), input.end(), out_buf.begin() + in_off);
    fn(out_buf.data() + in_off, out_buf.data() + in_off);
    ASSERT_EQ(Bytes(want), Bytes(out_buf.data() + in_off, len))
        << what << " in place, len " << len << " off " << in_off;
    for (size_t i = in_off + len; i < out_buf.size(); i++) {
      ASSERT_EQ(0xa5, out_buf[i]) << what << " in place wrote past, len "
                                  << len;
    }
  }
}

// BlocksArg is the third argument of p.blocks for `len` bytes (a multiple
// of 64 unless p.bytes).
inline size_t BlocksArg(const Path &p, size_t len) {
  return p.bytes ? len : len / 64;
}

inline void CheckBlocksAgainstC(const Path &p, uint64_t seed,
                                size_t abi_max_blocks) {
  TestRNG rng(seed);
  for (size_t n = 0; n <= 40; n++) {
    uint32_t key[8], cn[4];
    RandomKey(&rng, key, cn);
    std::vector<uint8_t> input = rng.Bytes(64 * n);
    std::vector<uint8_t> want = Expected(input.data(), input.size(), key, cn);
    bool abi = n <= abi_max_blocks;
    CheckAllOffsets(p.name, [&](uint8_t *out, const uint8_t *in) {
      size_t arg = BlocksArg(p, 64 * n);
      if (abi) {
        CHECK_ABI(p.blocks, out, in, arg, key, cn);
      } else {
        p.blocks(out, in, arg, key, cn);
      }
    }, input, want);
  }
}

inline void CheckZeroBlocksTouchNothing(const Path &p) {
  uint32_t key[8] = {1, 2, 3, 4, 5, 6, 7, 8}, cn[4] = {9, 10, 11, 12};
  uint8_t buf[64];
  memset(buf, 0x3c, sizeof(buf));
  CHECK_ABI(p.blocks, buf, buf, 0, key, cn);
  CHECK_ABI(p.blocks, nullptr, nullptr, 0, key, cn);
  for (uint8_t b : buf) {
    ASSERT_EQ(0x3c, b);
  }
}

// CheckUnwindInfo makes one in-place call of `blocks` whole blocks (plus
// `extra_bytes`, which must be 0 unless p.bytes) under CHECK_ABI_UNWIND.
inline void CheckUnwindInfo(const Path &p, size_t blocks, size_t extra_bytes) {
  uint32_t key[8] = {1, 2, 3, 4, 5, 6, 7, 8}, cn[4] = {9, 10, 11, 12};
  ASSERT_TRUE(p.bytes || extra_bytes == 0);
  size_t len = 64 * blocks + extra_bytes;
  std::vector<uint8_t> buf(len, 0x11);
  CHECK_ABI_UNWIND(p.blocks, buf.data(), buf.data(), BlocksArg(p, len), key,
                   cn);
  std::vector<uint8_t> want(len, 0x11);
  ChaCha20_ctr32_nohw(want.data(), want.data(), want.size(), key, cn);
  EXPECT_EQ(Bytes(want), Bytes(buf));
}

inline void CheckRowAllLengths(const Path &p, uint64_t seed) {
  TestRNG rng(seed);
  std::vector<size_t> lens;
  for (size_t l = 0; l <= 1024; l++) {
    lens.push_back(l);
  }
  lens.insert(lens.end(), {4095, 4096, 4097, 65536});
  for (size_t len : lens) {
    uint32_t key[8], cn[4];
    RandomKey(&rng, key, cn);
    std::vector<uint8_t> input = rng.Bytes(len);
    std::vector<uint8_t> want = Expected(input.data(), len, key, cn);
    if (len == 65536) {
      // One offset pair is enough for the long one.
      std::vector<uint8_t> out(len);
      chacha20_xor_words(out.data(), input.data(), len, key, cn);
      ASSERT_EQ(Bytes(want), Bytes(out)) << p.name << " len " << len;
      chacha20_xor_words(input.data(), input.data(), len, key, cn);
      ASSERT_EQ(Bytes(want), Bytes(input)) << p.name << " in place";
      continue;
    }
    CheckAllOffsets(p.name, [&](uint8_t *out, const uint8_t *in) {
      if (p.bytes) {
        // The row is the assembly itself: every call through the checker.
        CHECK_ABI(p.blocks, out, in, len, key, cn);
      } else {
        chacha20_xor_words(out, in, len, key, cn);
      }
    }, input, want);
  }
}

inline void CheckCounterWraps(const Path &p, uint64_t seed) {
  TestRNG rng(seed);
  // k = 20 wraps inside the x86-64 AVX-512 code's 8-block second group
  // (1025..1536 bytes), k = 52 inside that group after a two-group pass,
  // k = 34 in the rows after a two-group pass (2049..2560 bytes).
  for (uint32_t k : {1u, 2u, 3u, 4u, 5u, 6u, 7u, 8u, 9u, 20u, 34u, 52u}) {
    for (size_t len : {size_t{64 * k - 1}, size_t{64 * k}, size_t{64 * k + 1},
                       size_t{64 * 9 + 17}, size_t{64 * 17},
                       size_t{64 * 22 + 3}, size_t{64 * 33 + 5},
                       size_t{64 * 54 + 7}}) {
      uint32_t key[8], cn[4];
      RandomKey(&rng, key, cn);
      cn[0] = 0u - k;  // 2^32 - k
      std::vector<uint8_t> input = rng.Bytes(len);
      std::vector<uint8_t> want = Expected(input.data(), len, key, cn);
      std::vector<uint8_t> out(len);
      chacha20_xor_words(out.data(), input.data(), len, key, cn);
      ASSERT_EQ(Bytes(want), Bytes(out)) << p.name << " k " << k << " len "
                                         << len;
      if (len % 64 == 0) {
        std::fill(out.begin(), out.end(), 0);
        CHECK_ABI(p.blocks, out.data(), input.data(), BlocksArg(p, len), key,
                  cn);
        ASSERT_EQ(Bytes(want), Bytes(out)) << p.name << " blocks, k " << k;
      }
    }
  }
}

inline void CheckRandomLong(const Path &p, uint64_t seed, int iterations) {
  TestRNG rng(seed);
  for (int iter = 0; iter < iterations; iter++) {
    size_t len = rng.Below(200000);
    size_t in_off = rng.Below(64), out_off = rng.Below(64);
    uint32_t key[8], cn[4];
    RandomKey(&rng, key, cn);
    std::vector<uint8_t> input = rng.Bytes(len + in_off);
    std::vector<uint8_t> want = Expected(input.data() + in_off, len, key, cn);
    std::vector<uint8_t> out(len + out_off);
    chacha20_xor_words(out.data() + out_off, input.data() + in_off, len, key, cn);
    ASSERT_EQ(Bytes(want), Bytes(out.data() + out_off, len))
        << p.name << " len " << len;
  }
}

inline void CheckGuardPage(const Path &p, uint64_t seed,
                           const std::vector<size_t> &lens) {
  std::string why;
  if (!GuardPagesAvailable(&why)) {
    printf("  %s: no guard pages here (%s): these lengths run on the heap, "
           "without the fault check\n",
           p.name, why.c_str());
  }
  TestRNG rng(seed);
  for (size_t len : lens) {
    GuardedBuffer in(len, GuardedBuffer::kEndAtGuard),
        out(len, GuardedBuffer::kEndAtGuard);
    uint32_t key[8], cn[4];
    RandomKey(&rng, key, cn);
    rng.Fill(in.data(), len);
    std::vector<uint8_t> want = Expected(in.data(), len, key, cn);
    chacha20_xor_words(out.data(), in.data(), len, key, cn);
    ASSERT_EQ(Bytes(want), Bytes(out.data(), len)) << p.name << " " << len;
    chacha20_xor_words(in.data(), in.data(), len, key, cn);
    ASSERT_EQ(Bytes(want), Bytes(in.data(), len)) << p.name << " in place";
    if (len % 64 == 0) {
      // The block function alone, on its final partial groups too:
      // encrypting `want` (now in out) again gives the keystream applied
      // twice.
      GuardedBuffer out2(len, GuardedBuffer::kEndAtGuard);
      CHECK_ABI(p.blocks, out2.data(), out.data(), BlocksArg(p, len), key, cn);
      std::vector<uint8_t> twice = Expected(want.data(), len, key, cn);
      ASSERT_EQ(Bytes(twice), Bytes(out2.data(), len)) << p.name << " blocks";
      EXPECT_TRUE(out2.CanariesIntact()) << p.name << " blocks wrote around";
    }
    EXPECT_TRUE(in.CanariesIntact() && out.CanariesIntact())
        << p.name << " wrote around its buffers, len " << len;
  }
}

// CheckRowShortLengths runs the row's ctr32 (not the entry point) for
// every length 0..`max_len` at input/output offsets (0, 0), (1, 3),
// (15, 7) and in place, against the C code. For a `bytes` path, whose
// CheckRowAllLengths calls the entry point itself, this is where the row's
// own choice by length (C glue) is checked across its thresholds.
inline void CheckRowShortLengths(const Path &p, uint64_t seed,
                                 size_t max_len) {
  TestRNG rng(seed);
  for (size_t len = 0; len <= max_len; len++) {
    uint32_t key[8], cn[4];
    RandomKey(&rng, key, cn);
    std::vector<uint8_t> input = rng.Bytes(len);
    std::vector<uint8_t> want = Expected(input.data(), len, key, cn);
    for (auto off : {std::make_pair(0, 0), std::make_pair(1, 3),
                     std::make_pair(15, 7)}) {
      std::vector<uint8_t> in_buf(len + 16), out_buf(len + 32, 0xa5);
      std::copy(input.begin(), input.end(), in_buf.begin() + off.first);
      chacha20_xor_words(out_buf.data() + off.second, in_buf.data() + off.first,
                   len, key, cn);
      ASSERT_EQ(Bytes(want), Bytes(out_buf.data() + off.second, len))
          << p.name << " row, len " << len << " offsets " << off.first
          << ", " << off.second;
      for (size_t i = 0; i < out_buf.size(); i++) {
        if (i < size_t(off.second) || i >= off.second + len) {
          ASSERT_EQ(0xa5, out_buf[i]) << p.name << " row wrote outside, len "
                                      << len;
        }
      }
    }
    std::vector<uint8_t> inplace = input;
    chacha20_xor_words(inplace.data(), inplace.data(), len, key, cn);
    ASSERT_EQ(Bytes(want), Bytes(inplace)) << p.name << " row in place, len "
                                           << len;
  }
}

}  // namespace chacha_path_test

#endif  // OPENSSL_HEADER_CRYPTO_CHACHA_TEST_CHACHA_PATH_TEST_H
