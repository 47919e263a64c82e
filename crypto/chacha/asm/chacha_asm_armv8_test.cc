// Copyright 2026 The project authors.
//
// chacha_asm_armv8_test.cc: every AArch64 ChaCha20 assembly entry point
// (chacha_asm_armv8.h: neon_hybrid, neon, scalar) and every row built on
// them, against the portable C ChaCha20_ctr32_nohw. The checks themselves
// are in chacha_path_test.h; this file lists the AArch64 paths and their
// sizes.
//
//   - each block function directly, through CHECK_ABI, for 0..40 blocks
//     (every count of full and partial four-block groups) at every input
//     and output offset 0..15 (out-of-place) and in place, with the bytes
//     around the output checked untouched;
//   - each row's ctr32 (block function plus the C glue) for every length
//     0..1024, 4095..4097 and 65536, every input and output offset 0..15,
//     out-of-place and in place;
//   - the counter starting at 2^32 - k, k = 1..9: the counter wraps to 0
//     and the nonce words stay, exactly as in the C code;
//   - long random inputs (random length, offsets, key, counter, nonce);
//   - input and output ending against an inaccessible page, so any access
//     past the last byte faults (through the row and, for whole blocks,
//     the block function itself; where there are no guard pages, it says
//     so).
// A path the CPU (or the OPENSSL_armcap mask) cannot run is skipped with a
// message naming it and exempted from the ABI coverage check.

#include <openssl/base.h>

#include <vector>

#include <gtest/gtest.h>

#include "chacha_asm_armv8.h"
#include "chacha_path_test.h"

#if defined(OPENSSL_AARCH64) && !defined(OPENSSL_NO_ASM)

namespace {

using chacha_path_test::Path;

// AlwaysCapable is the scalar path's predicate: base A64 only (its table
// row has a NULL predicate).
int AlwaysCapable(void) { return 1; }

const Path kPaths[] = {
    {"ChaCha20_ctr32_neon_hybrid", ChaCha20_ctr32_neon_hybrid,
     &kChaCha20NEONHybrid, CRYPTO_is_NEON_capable, false},
    {"ChaCha20_ctr32_neon", ChaCha20_ctr32_neon, &kChaCha20NEON,
     CRYPTO_is_NEON_capable, false},
    {"ChaCha20_ctr32_scalar", ChaCha20_ctr32_scalar, &kChaCha20Scalar,
     AlwaysCapable, false},
};

class ChaChaArmv8Test : public chacha_path_test::ChaChaPathTest {};

TEST_P(ChaChaArmv8Test, BlocksAgainstC) {
  // Every call through the ABI checker: 0..40 blocks is every count of
  // full and partial four-block groups, and of five-block hybrid trips
  // followed by every rest.
  chacha_path_test::CheckBlocksAgainstC(GetParam(), 0x6172766368610001, 40);
}

TEST_P(ChaChaArmv8Test, ZeroBlocksTouchNothing) {
  chacha_path_test::CheckZeroBlocksTouchNothing(GetParam());
}

TEST_P(ChaChaArmv8Test, UnwindInfo) {
  // Nine blocks: two full groups and a partial one (neon); one hybrid
  // trip and a full NEON group (neon_hybrid).
  chacha_path_test::CheckUnwindInfo(GetParam(), 9, 0);
}

TEST_P(ChaChaArmv8Test, RowAllLengths) {
  chacha_path_test::CheckRowAllLengths(GetParam(), 0x6172766368610002);
}

TEST_P(ChaChaArmv8Test, CounterWraps) {
  chacha_path_test::CheckCounterWraps(GetParam(), 0x6172766368610003);
}

TEST_P(ChaChaArmv8Test, RandomLong) {
  chacha_path_test::CheckRandomLong(GetParam(), 0x6172766368610004, 20);
}

TEST_P(ChaChaArmv8Test, GuardPage) {
  // 1..3-block final groups of the block function among them, hybrid
  // trips with every rest, and the rows' buffered rests of 1..5 blocks.
  chacha_path_test::CheckGuardPage(
      GetParam(), 0x6172766368610005,
      {1, 63, 64, 65, 64 * 3 + 3, 64 * 4, 64 * 4 + 1, 64 * 5, 64 * 5 + 1,
       64 * 6, 64 * 7, 64 * 8, 64 * 9, 64 * 9 + 63, 64 * 10,
       64 * 20 + 63});
}

INSTANTIATE_TEST_SUITE_P(All, ChaChaArmv8Test, testing::ValuesIn(kPaths),
                         chacha_path_test::PathName);

}  // namespace

#endif  // OPENSSL_AARCH64 && !OPENSSL_NO_ASM
