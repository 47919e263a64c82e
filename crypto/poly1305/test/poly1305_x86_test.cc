// Copyright 2026 The project authors.
//
// poly1305_x86_test.cc: every 32-bit x86 Poly1305 assembly entry point
// (poly1305_x86.h) and every row built on them, against the portable
// C code (c26; c64 needs __int128, which i686 gcc does not have) and an
// independent schoolbook computation mod p = 2^130 - 5. The checks are in
// poly1305_path_test.h; this file reads the x86 rows (scalar "x86", the
// "sse2" and "avx2" vector rows) from the list (impls.h) and lists the two
// kernels and the sizes:
//
//   - random keys and messages of up to 64 KiB in random splits;
//   - >= 256 blocks in one call every run, and several long calls per key
//     (the powers table made once, then reused);
//   - every call length 0..(the larger switch length + 8 blocks) in one
//     call, so both sides of each vector row's switch and every leading
//     rest run;
//   - all-0xff messages with the largest clamped r;
//   - the accumulator at the edges of its entry bound (h[4] <= 4) through
//     the scalar row (0..7 blocks) and the vector rows (around their
//     switch, and 260 blocks): schoolbook value, exit bound, emit;
//   - the SSE2 and AVX2 kernels called directly through CHECK_ABI from
//     limbs at the top of their entry bound (limbs 0..3 < 2^26 + 2^13),
//     columns < 2^61; the powers table against its bound;
//   - len == 0 with a null input; CHECK_ABI_UNWIND once per entry point.
// A kernel the CPU (or the OPENSSL_ia32cap mask) does not allow is
// skipped with a message naming it and exempted from the ABI coverage
// check; the rows built on it are left out of the comparisons.

#include <openssl/base.h>

#include <gtest/gtest.h>

#include "../poly1305_x86.h"
#include "poly1305_path_test.h"

#if defined(OPENSSL_X86) && !defined(OPENSSL_NO_ASM)

namespace {

using namespace poly1305_path_test;

// The rows come from the list (impls.h): the scalar "x86" row (blocks
// assembly, emit C) and the "sse2" and "avx2" rows, whose blocks functions
// are C glue around the kernels below.
const Rows kRows = ArchRows();

// The kernels take limbs 0..3 < 2^26 + 2^13 and return columns < 2^61.
const Kernel kSSE2Kernel = {"poly1305_blocks_x86_sse2",
                            poly1305_blocks_x86_sse2, CRYPTO_is_SSE2_capable,
                            32, (1u << 26) + (1u << 13) - 1, 61};
const Kernel kAVX2Kernel = {"poly1305_blocks_x86_avx2",
                            poly1305_blocks_x86_avx2, CRYPTO_is_AVX2_capable,
                            64, (1u << 26) + (1u << 13) - 1, 61};
const Kernels kKernels = {kSSE2Kernel, kAVX2Kernel};

// h[0..4] as 32-bit words at byte 0, r[0..3] at byte 20.
constexpr StateLayout kLayout = {4, 20};

class Poly1305X86Test : public testing::Test {
 protected:
  void SetUp() override {
    ExemptUnrunnable(kKernels);
    ExemptUnrunnable(kRows);
  }
};

TEST_F(Poly1305X86Test, PathsRunHere) {
  PrintUnrunnable(kKernels);
  PrintUnrunnableRows(kRows);
}

// The list gives this architecture a scalar row and at least one vector
// row (so the checks below are not run on nothing).
TEST_F(Poly1305X86Test, ListHasRows) {
  EXPECT_EQ(1u, ScalarRows(kRows).size());
  EXPECT_FALSE(VectorRows(kRows).empty());
}

TEST_F(Poly1305X86Test, RandomSplits) {
  // 60 messages, every tenth up to 64 KiB, the others below 2 KiB.
  CheckRandomSplits(kRows, 0x706f6c7978383601, 60, 10, 2048);
  CheckLong(kRows, 0x706f6c7978383607);
}

TEST_F(Poly1305X86Test, AllLengthsOneCall) {
  CheckAllLengths(kRows, 0x706f6c7978383602, MaxSwitch(kRows) + 8 * 16 + 15);
}

TEST_F(Poly1305X86Test, AllOnesMaxR) { CheckAllOnesMaxR(kRows); }

TEST_F(Poly1305X86Test, ScalarAccumulatorBounds) {
  CheckRowsAccumulatorBounds(ScalarRows(kRows), kLayout, 0x706f6c7978383603);
}

TEST_F(Poly1305X86Test, VectorRowAccumulatorBounds) {
  CheckRowsAccumulatorBounds(VectorRows(kRows), kLayout, 0x706f6c7978383604);
}

TEST_F(Poly1305X86Test, SSE2Direct) {
  SKIP_PATH_UNLESS(CRYPTO_is_SSE2_capable(), poly1305_blocks_x86_sse2);
  CheckKernelDirect(kSSE2Kernel, poly1305_init_x86, poly1305_powers_x86,
                    kLayout, 0x706f6c7978383605);
}

TEST_F(Poly1305X86Test, AVX2Direct) {
  SKIP_PATH_UNLESS(CRYPTO_is_AVX2_capable(), poly1305_blocks_x86_avx2);
  CheckKernelDirect(kAVX2Kernel, poly1305_init_x86, poly1305_powers_x86,
                    kLayout, 0x706f6c7978383606);
}

TEST_F(Poly1305X86Test, ZeroLengthTouchesNothing) { CheckZeroLength(kRows); }

TEST_F(Poly1305X86Test, UnwindInfo) {
  for (const Row &row : ScalarRows(kRows)) {
    CheckScalarUnwind(row);
  }
  for (const Kernel &k : kKernels) {
    if (k.capable()) {
      CheckKernelUnwind(k, poly1305_init_x86, poly1305_powers_x86);
    }
  }
}

}  // namespace

#endif  // OPENSSL_X86 && !OPENSSL_NO_ASM
