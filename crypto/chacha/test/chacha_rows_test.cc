// Copyright 2026 The project authors.
//
// chacha_rows_test.cc: every row of the ChaCha20 list (crypto/chacha/
// impls.h), on whatever architecture this is, against the portable C
// ChaCha20_ctr32_nohw. The checks themselves are in chacha_path_test.h; the
// rows come from the list itself (RowPaths), so a new row needs no line here.
//
//   - each entry point directly, through CHECK_ABI, for 0..40 blocks at
//     every input/output offset 0..15 (out-of-place) and in place, with the
//     bytes around the output checked untouched;
//   - an entry point that takes a byte length (shape BYTES) through
//     CHECK_ABI on every length below;
//   - each row through the driver (chacha20_xor_words with the row forced)
//     for every length 0..1024, 4095..4097 and 65536, every input and
//     output offset 0..15, out-of-place and in place;
//   - the counter starting at 2^32 - k, k = 1..9: the counter wraps to 0
//     and the nonce words stay, exactly as in the C code;
//   - each row through the driver on every length 0..2113 at three offset
//     pairs and in place (its length rules: min_len, shorter, rests);
//   - long random inputs (random length, offsets, key, counter, nonce);
//   - input and output ending against an inaccessible page, so any access
//     past the last byte faults (through the driver and, for whole blocks,
//     the entry point itself; where there are no guard pages, it says so).
// A row the CPU (or the capability mask) cannot run is skipped with a
// message naming it and exempted from the ABI coverage check.

#include <openssl/base.h>

#include <vector>

#include <gtest/gtest.h>

#include "chacha_path_test.h"

namespace {

using chacha_path_test::Path;

class ChaChaRowsTest : public chacha_path_test::ChaChaPathTest {};

TEST_P(ChaChaRowsTest, BlocksAgainstC) {
  // Every call through the ABI checker: 0..40 blocks is every loop of every
  // path (x86-64 avx2: 16, then 8, then a final partial group; aarch64:
  // every count of four-block groups and five-block hybrid trips followed
  // by every rest; 32-bit x86: the 4-way code's 8- and 4-block loops and
  // every partial group after each).
  chacha_path_test::CheckBlocksAgainstC(GetParam(), 0x6368616368610001, 40);
}

TEST_P(ChaChaRowsTest, ZeroBlocksTouchNothing) {
  chacha_path_test::CheckZeroBlocksTouchNothing(GetParam());
}

TEST_P(ChaChaRowsTest, UnwindInfo) {
  // 25 blocks: the x86-64 AVX2 code's 16-block loop, its 8-block loop and
  // its final partial group; two NEON groups and a partial one, or hybrid
  // trips and a full NEON group; the 32-bit 4-way code's 8-block loop, a
  // 4-block group and a partial group. For a byte-length entry point, 25
  // blocks and 37 bytes: its 16-block loop, whole blocks of the last group
  // and the masked partial block. (Where only the register checks run,
  // CHECK_ABI_UNWIND says so.)
  chacha_path_test::CheckUnwindInfo(GetParam(), 25, GetParam().bytes ? 37 : 0);
}

TEST_P(ChaChaRowsTest, RowAllLengths) {
  chacha_path_test::CheckRowAllLengths(GetParam(), 0x6368616368610002);
}

TEST_P(ChaChaRowsTest, RowShortLengths) {
  // Past the rows' length thresholds (min_len, shorter): one block to the
  // scalar code, the x86-64 AVX-512 code's four- and eight-block rows (up
  // to 256 and 512 bytes), its one group (up to 1024), a group and an
  // 8-block group (1025..1536), its two-group pass with a partial second
  // group (1537..2047), each of those again after a whole two-group pass,
  // the wide rows' short rests.
  chacha_path_test::CheckRowShortLengths(GetParam(), 0x6368616368610006,
                                         64 * 65 + 1);
}

TEST_P(ChaChaRowsTest, CounterWraps) {
  chacha_path_test::CheckCounterWraps(GetParam(), 0x6368616368610003);
}

TEST_P(ChaChaRowsTest, RandomLong) {
  chacha_path_test::CheckRandomLong(GetParam(), 0x6368616368610004, 40);
}

TEST_P(ChaChaRowsTest, GuardPage) {
  chacha_path_test::CheckGuardPage(
      GetParam(), 0x6368616368610005,
      // Final groups of 1..7 blocks after every loop, rests of one block
      // (the shorter rows) and of 2..5 blocks with and without a partial
      // block (padded calls).
      {1, 63, 64, 65, 64 * 3 + 3, 64 * 4, 64 * 4 + 1, 64 * 5, 64 * 5 + 1,
       64 * 6, 64 * 7, 64 * 7 + 3, 64 * 8, 64 * 9, 64 * 9 + 1, 64 * 9 + 63,
       64 * 10, 64 * 13, 64 * 15, 64 * 20 + 63});
}

// Rows only where there is more than the reference (GoogleTest wants a
// non-empty list, hence the allowance for OPENSSL_NO_ASM builds).
INSTANTIATE_TEST_SUITE_P(All, ChaChaRowsTest,
                         testing::ValuesIn(chacha_path_test::RowPaths()),
                         chacha_path_test::PathName);
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(ChaChaRowsTest);

// The list's own rules, which the driver relies on: the reference row is
// last and takes every length; a row with a min_len names a shorter row
// that takes shorter inputs (a smaller min_len, so the driver's walk ends)
// and runs wherever this row runs; a BLOCKS row computes at least a block at
// a time.
TEST(ChaChaListTest, RowRules) {
  const CRYPTO_PRIMITIVE *prim = &CRYPTO_primitive_chacha20;
  const CRYPTO_IMPL *ref = CRYPTO_impl_reference(prim);
  EXPECT_STREQ("nohw", ref->name);
  EXPECT_EQ(nullptr, ref->capable);
  EXPECT_EQ(0u, ref->min_len);
  CRYPTO_IMPL_FOREACH(row, prim) {
    SCOPED_TRACE(row->name);
    EXPECT_NE(nullptr, row->entry_names);
    EXPECT_GE(row->width, 1u);
    const CRYPTO_IMPL *shorter = CRYPTO_impl_shorter(prim, row);
    if (row->min_len == 0) {
      EXPECT_EQ(nullptr, shorter);
      continue;
    }
    ASSERT_NE(nullptr, shorter) << "a min_len needs a shorter row";
    EXPECT_LT(shorter->min_len, row->min_len);
    if (CRYPTO_impl_is_capable(row)) {
      EXPECT_TRUE(CRYPTO_impl_is_capable(shorter))
          << shorter->name << " must run wherever " << row->name << " does";
    }
  }
}

}  // namespace
