// Copyright 2026 The project authors.
//
// poly1305_armv8_test.cc: every AArch64 Poly1305 assembly entry point
// (poly1305_armv8.h) and every row built on them, against both portable
// C implementations (c64, c26) and an independent schoolbook computation
// mod p = 2^130 - 5. The checks are in poly1305_path_test.h; this file
// reads the AArch64 rows (scalar "armv8", the "neon" row) from the list
// (impls.h) and lists the NEON kernel and the sizes:
//
//   - random keys and messages of up to 64 KiB in random splits;
//   - >= 256 blocks through the NEON loop every run, at every residue of
//     the block count mod 4, whole and split, and several long calls per
//     key (the powers made once, then reused);
//   - every length 0..1100 in one call;
//   - all-0xff messages with the largest clamped r;
//   - the accumulator at the edges of its entry bound (h2 <= 4) through
//     the scalar row (0..7 blocks) and each vector row (around its
//     switch, and 260 blocks): schoolbook value, exit bound, emit (assembly,
//     through CHECK_ABI);
//   - poly1305_blocks_neon called directly through CHECK_ABI from limbs at
//     the top of its entry bound (limbs 0..3 < 2^26), columns < 2^60; the
//     powers table against its bound;
//   - len == 0 with a null input; CHECK_ABI_UNWIND once per entry point.
// If the CPU (or the OPENSSL_armcap mask) does not allow NEON, the NEON
// kernel and row are skipped with a message and the kernel is exempted
// from the ABI coverage check.

#include <openssl/base.h>

#include <gtest/gtest.h>

#include "../poly1305_armv8.h"
#include "poly1305_path_test.h"

#if defined(OPENSSL_AARCH64) && !defined(OPENSSL_NO_ASM)

namespace {

using namespace poly1305_path_test;

// The rows come from the list (impls.h): the scalar "armv8" row (blocks
// and emit assembly) and the "neon" row, whose blocks function is C glue
// around poly1305_blocks_neon (checked through CHECK_ABI directly in
// NEONDirect) and whose emit is the scalar assembly.
const Rows kRows = ArchRows();

// The kernel takes limbs 0..3 < 2^26 and returns columns < 2^60.
const Kernel kNEONKernel = {"poly1305_blocks_neon", poly1305_blocks_neon,
                            CRYPTO_is_NEON_capable, 64, (1u << 26) - 1, 60};
const Kernels kKernels = {kNEONKernel};

// h0, h1, h2 as 64-bit words at byte 0, r0, r1 at byte 24.
constexpr StateLayout kLayout = {8, 24};

class Poly1305Armv8Test : public testing::Test {
 protected:
  void SetUp() override {
    ExemptUnrunnable(kKernels);
    ExemptUnrunnable(kRows);
  }
};

TEST_F(Poly1305Armv8Test, RandomSplitsAgainstC) {
  // 200 messages, every eighth up to 64 KiB, the others below 1100 bytes.
  CheckRandomSplits(kRows, 0x706f6c7961726d01, 200, 8, 1100);
}

// The list gives this architecture a scalar row and at least one vector
// row (so the checks below are not run on nothing).
TEST_F(Poly1305Armv8Test, ListHasRows) {
  EXPECT_EQ(1u, ScalarRows(kRows).size());
  EXPECT_FALSE(VectorRows(kRows).empty());
}

TEST_F(Poly1305Armv8Test, LongAgainstC) {
  PrintUnrunnable(kKernels);
  PrintUnrunnableRows(kRows);
  CheckLong(kRows, 0x706f6c7961726d04);
}

TEST_F(Poly1305Armv8Test, AllLengthsAgainstC) {
  CheckAllLengths(kRows, 0x706f6c7961726d02, 1100);
}

TEST_F(Poly1305Armv8Test, AllOnesMaxR) { CheckAllOnesMaxR(kRows); }

TEST_F(Poly1305Armv8Test, VectorRowAccumulatorBounds) {
  CheckRowsAccumulatorBounds(VectorRows(kRows), kLayout, 0x706f6c7961726d05);
}

TEST_F(Poly1305Armv8Test, NEONDirect) {
  SKIP_PATH_UNLESS(CRYPTO_is_NEON_capable(), poly1305_blocks_neon);
  CheckKernelDirect(kNEONKernel, poly1305_init_armv8, poly1305_powers_armv8,
                    kLayout, 0x706f6c7961726d06);
}

TEST_F(Poly1305Armv8Test, AccumulatorBounds) {
  CheckRowsAccumulatorBounds(ScalarRows(kRows), kLayout, 0x706f6c7961726d03);
}

TEST_F(Poly1305Armv8Test, ZeroLengthTouchesNothing) {
  CheckZeroLength(kRows);
}

TEST_F(Poly1305Armv8Test, UnwindInfo) {
  for (const Row &row : ScalarRows(kRows)) {
    CheckScalarUnwind(row);
  }
  if (kNEONKernel.capable()) {
    CheckKernelUnwind(kNEONKernel, poly1305_init_armv8,
                      poly1305_powers_armv8);
  }
}

}  // namespace

#endif  // OPENSSL_AARCH64 && !OPENSSL_NO_ASM
