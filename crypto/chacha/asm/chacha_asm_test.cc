// Copyright 2026 The project authors.
//
// chacha_asm_test.cc: every x86-64 ChaCha20 assembly entry point
// (chacha_asm.h) and every row built on them, against the portable C
// ChaCha20_ctr32_nohw. The checks themselves are in chacha_path_test.h;
// this file lists the x86-64 paths and their sizes.
//
//   - each block function directly, through CHECK_ABI (up to 25 blocks),
//     for 0..40 blocks at every input/output offset 0..15 (out-of-place)
//     and in place, with the bytes around the output checked untouched;
//   - an entry point that takes a byte length (ChaCha20_ctr32_avx512, whose
//     row is the bare assembly) through CHECK_ABI on every length below;
//   - each row's ctr32 (block functions plus the C glue) for every length
//     0..1024, 4095..4097 and 65536, every input and output offset 0..15,
//     out-of-place and in place;
//   - the counter starting at 2^32 - k, k = 1..9: the counter wraps to 0
//     and the nonce words stay, exactly as in the C code;
//   - each row's ctr32 on every length 0..2113 at three offset pairs and in
//     place (where an entry point takes bytes, its row's choice by length);
//   - long random inputs (random length, offsets, key, counter, nonce);
//   - input and output ending against an inaccessible page, so any access
//     past the last byte faults (through the row and, for whole blocks,
//     the entry point itself; where there are no guard pages, it says so).
// A path the CPU (or the OPENSSL_ia32cap mask) cannot run is skipped with a
// message naming it and exempted from the ABI coverage check.

#include <openssl/base.h>

#include <vector>

#include <gtest/gtest.h>

#include "chacha_asm.h"
#include "chacha_path_test.h"

#if defined(OPENSSL_X86_64) && !defined(OPENSSL_NO_ASM)

namespace {

using chacha_path_test::Path;

const Path kPaths[] = {
    {"ChaCha20_ctr32_avx512", ChaCha20_ctr32_avx512, &kChaCha20AVX512,
     chacha20_avx512_capable, true},
    {"ChaCha20_ctr32_avx2", ChaCha20_ctr32_avx2, &kChaCha20AVX2,
     CRYPTO_is_AVX2_capable, false},
    {"ChaCha20_ctr32_ssse3_4x", ChaCha20_ctr32_ssse3_4x, &kChaCha20SSSE3x4,
     CRYPTO_is_SSSE3_capable, false},
    {"ChaCha20_ctr32_x86_64", ChaCha20_ctr32_x86_64, &kChaCha20X86_64,
     chacha20_x86_64_capable, true},
};

class ChaChaAsmTest : public chacha_path_test::ChaChaPathTest {};

TEST_P(ChaChaAsmTest, BlocksAgainstC) {
  // Through the ABI checker up to 25 blocks: every loop of every path (the
  // AVX2 code runs 16, then 8, then a final partial group).
  chacha_path_test::CheckBlocksAgainstC(GetParam(), 0x6368616368610001, 25);
}

TEST_P(ChaChaAsmTest, ZeroBlocksTouchNothing) {
  chacha_path_test::CheckZeroBlocksTouchNothing(GetParam());
}

TEST_P(ChaChaAsmTest, UnwindInfo) {
  // 25 blocks: the AVX2 code's 16-block loop, its 8-block loop and its
  // final partial group. For a byte-length entry point, 25 blocks and 37
  // bytes: its 16-block loop, whole blocks of the last group and the
  // masked partial block.
  chacha_path_test::CheckUnwindInfo(GetParam(), 25, GetParam().bytes ? 37 : 0);
}

TEST_P(ChaChaAsmTest, RowAllLengths) {
  chacha_path_test::CheckRowAllLengths(GetParam(), 0x6368616368610002);
}

TEST_P(ChaChaAsmTest, RowShortLengths) {
  // Past the rows' length thresholds: one block to the scalar code, the
  // AVX-512 code's four- and eight-block rows (up to 256 and 512 bytes),
  // its one group (up to 1024) and its two-group pass with a partial
  // second group (1025..2047), the wide rows' short rests.
  chacha_path_test::CheckRowShortLengths(GetParam(), 0x6368616368610006,
                                         64 * 33 + 1);
}

TEST_P(ChaChaAsmTest, CounterWraps) {
  chacha_path_test::CheckCounterWraps(GetParam(), 0x6368616368610003);
}

TEST_P(ChaChaAsmTest, RandomLong) {
  chacha_path_test::CheckRandomLong(GetParam(), 0x6368616368610004, 40);
}

TEST_P(ChaChaAsmTest, GuardPage) {
  chacha_path_test::CheckGuardPage(
      GetParam(), 0x6368616368610005,
      {1, 63, 64, 65, 64 * 7 + 3, 64 * 8, 64 * 9 + 1, 64 * 20 + 63});
}

INSTANTIATE_TEST_SUITE_P(All, ChaChaAsmTest, testing::ValuesIn(kPaths),
                         chacha_path_test::PathName);

}  // namespace

#endif  // OPENSSL_X86_64 && !OPENSSL_NO_ASM
