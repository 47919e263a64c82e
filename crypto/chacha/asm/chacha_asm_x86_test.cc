// Copyright 2026 The project authors.
//
// chacha_asm_x86_test.cc: every 32-bit x86 ChaCha20 assembly entry point
// (chacha_asm_x86.h) and every row built on them, against the portable C
// ChaCha20_ctr32_nohw. The checks themselves are in chacha_path_test.h;
// this file lists the x86 paths and their sizes.
//
//   - each block function directly, every call through CHECK_ABI (the cdecl
//     trampoline: ebx, esi, edi, ebp, the direction flag and %esp), for
//     0..40 blocks (the 4-way code's 8-block and 4-block loops, each
//     followed by every partial group) at
//     every input and output offset 0..15 (out-of-place) and in place,
//     with the bytes around the output checked untouched;
//   - each row's ctr32 (block functions plus the C glue: the 4-way row
//     sends rests of one block to the one-block code) for every length
//     0..1024, 4095..4097 and 65536, every input and output offset 0..15,
//     out-of-place and in place;
//   - the counter starting at 2^32 - k, k = 1..9: the counter wraps to 0
//     and the nonce words stay, exactly as in the C code;
//   - long random inputs (random length, offsets, key, counter, nonce);
//   - input and output ending against an inaccessible page, so any access
//     past the last byte faults (through the row and, for whole blocks,
//     the block function itself; where there are no guard pages, it says
//     so).
// A path the CPU (or the OPENSSL_ia32cap mask) cannot run is skipped with a
// message naming it and exempted from the ABI coverage check.

#include <openssl/base.h>

#include <vector>

#include <gtest/gtest.h>

#include "chacha_asm_x86.h"
#include "chacha_path_test.h"

#if defined(OPENSSL_X86) && !defined(OPENSSL_NO_ASM)

namespace {

using chacha_path_test::Path;

const Path kPaths[] = {
    {"ChaCha20_ctr32_ssse3_4x", ChaCha20_ctr32_ssse3_4x, &kChaCha20X86SSSE3x4,
     CRYPTO_is_SSSE3_capable, false},
    {"ChaCha20_ctr32_ssse3", ChaCha20_ctr32_ssse3, &kChaCha20X86SSSE3,
     CRYPTO_is_SSSE3_capable, false},
};

class ChaChaX86Test : public chacha_path_test::ChaChaPathTest {};

TEST_P(ChaChaX86Test, BlocksAgainstC) {
  // Every call through the ABI checker: 0..40 blocks covers the 4-way
  // code's 8-block loop, its 4-block loop and every partial group after
  // each.
  chacha_path_test::CheckBlocksAgainstC(GetParam(), 0x7838366368610001, 40);
}

TEST_P(ChaChaX86Test, ZeroBlocksTouchNothing) {
  chacha_path_test::CheckZeroBlocksTouchNothing(GetParam());
}

TEST_P(ChaChaX86Test, UnwindInfo) {
  // Fifteen blocks: the 4-way code's 8-block loop, a 4-block group and a
  // partial group of three. (On x86 this runs the register checks only,
  // and says so.)
  chacha_path_test::CheckUnwindInfo(GetParam(), 15, 0);
}

TEST_P(ChaChaX86Test, RowAllLengths) {
  chacha_path_test::CheckRowAllLengths(GetParam(), 0x7838366368610002);
}

TEST_P(ChaChaX86Test, CounterWraps) {
  chacha_path_test::CheckCounterWraps(GetParam(), 0x7838366368610003);
}

TEST_P(ChaChaX86Test, RandomLong) {
  chacha_path_test::CheckRandomLong(GetParam(), 0x7838366368610004, 20);
}

TEST_P(ChaChaX86Test, GuardPage) {
  // Rests of one block (one-block code), of 2..3 blocks with and without a
  // partial block (4-way code), and the 4-way block function's loops of
  // 8 and 4 blocks ending in final groups of 1..3 blocks.
  chacha_path_test::CheckGuardPage(
      GetParam(), 0x7838366368610005,
      {1, 63, 64, 65, 64 * 3 + 3, 64 * 4, 64 * 5 + 1, 64 * 7, 64 * 13,
       64 * 15, 64 * 20 + 63});
}

INSTANTIATE_TEST_SUITE_P(All, ChaChaX86Test, testing::ValuesIn(kPaths),
                         chacha_path_test::PathName);

}  // namespace

#endif  // OPENSSL_X86 && !OPENSSL_NO_ASM
