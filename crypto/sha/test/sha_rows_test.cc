// Copyright 2026 The project authors.
//
// sha_rows_test.cc: every row of the SHA-1, SHA-256 and SHA-512 lists
// (crypto/sha/impls.h), on whatever architecture this is, called directly
// against the portable C block function of its family.
//
// The test walks the rows themselves, so a path added to a list is tested
// here without a line of its own. For each assembly row the running CPU
// supports, CheckSHAPath (sha_path_test.h) runs every block count 0..33 at
// every alignment, long inputs, zero blocks with a null input, inputs ending
// against a guard page, all through CHECK_ABI, and short calls under
// CHECK_ABI_UNWIND. A row the CPU (or the capability mask) does not allow is
// skipped with a line naming it and exempted from the ABI coverage check.
// The reference row itself is checked against the published vectors in
// sha_test.cc.

#include <openssl/base.h>

#include <stdio.h>

#include <gtest/gtest.h>

#include "../../test/abi_test.h"
#include "../../test/asm_path_test.h"
#include "../internal.h"
#include "sha_path_test.h"

namespace {

using sha_path_test::CheckSHAPath;

// kSHANIHowTo says how to run the SHA-NI rows on a CPU without the SHA
// extensions (32-bit x86 under qemu-i386, which lacks them too).
#if defined(OPENSSL_X86)
constexpr const char kSHANIHowTo[] =
    "; to run it anyway, use crypto_test --emulate-sha-ni under "
    "qemu-i386 -cpu max, which emulates the SHA instructions: see "
    "crypto/test/sha_ni_emu.h";
#else
constexpr const char kSHANIHowTo[] = "";
#endif

// ForEachAsmRow calls `check(row)` for every row of `prim` but its portable
// reference, after reporting (and exempting from the ABI coverage check,
// with `entry` giving the row's entry point) each row this CPU cannot run.
template <typename Entry, typename Check>
void ForEachAsmRow(const CRYPTO_PRIMITIVE *prim, Entry entry, Check check) {
  const CRYPTO_IMPL *ref = CRYPTO_impl_reference(prim);
  CRYPTO_IMPL_FOREACH(row, prim) {
    if (row == ref) {
      continue;
    }
    if (!CRYPTO_impl_is_capable(row)) {
      abi_test::NotRunnableHere(entry(row));
      printf("  %s row %s (%s) skipped: this CPU (or the %s mask) does not "
             "allow it%s\n",
             prim->name, row->name, row->entry_names, kCPUMaskName,
             strcmp(row->name, "shani") == 0 ? kSHANIHowTo : "");
      continue;
    }
    SCOPED_TRACE(std::string(prim->name) + " row " + row->name);
    check(row);
  }
}

// The entry point of a row of each family's type.
crypto_sha32_block_fn Entry32(const CRYPTO_IMPL *row) {
  return row->entry.sha32;
}
crypto_sha64_block_fn Entry64(const CRYPTO_IMPL *row) {
  return row->entry.sha64;
}

// CheckRows runs CheckSHAPath on every assembly row of `prim` (family F,
// entry points read by `entry`) against its reference row.
template <typename F, typename Entry>
void CheckRows(const CRYPTO_PRIMITIVE *prim, Entry entry, uint64_t seed) {
  const auto ref = entry(CRYPTO_impl_reference(prim));
  ForEachAsmRow(prim, entry, [&](const CRYPTO_IMPL *row) {
    CheckSHAPath<F>(row->entry_names, entry(row), ref, seed);
  });
}

TEST(SHARowsTest, SHA1) {
  CheckRows<sha_path_test::SHA1Family>(&CRYPTO_primitive_sha1, Entry32, 0x5a1);
}

TEST(SHARowsTest, SHA256) {
  CheckRows<sha_path_test::SHA256Family>(&CRYPTO_primitive_sha256, Entry32,
                                         0x256a);
}

TEST(SHARowsTest, SHA512) {
  CheckRows<sha_path_test::SHA512Family>(&CRYPTO_primitive_sha512, Entry64,
                                         0x512a);
}

// Every list ends with the portable row, which is always capable, and names
// one entry point per row.
TEST(SHARowsTest, ListsEndWithNoHW) {
  for (CRYPTO_PRIMITIVE *prim :
       {&CRYPTO_primitive_sha1, &CRYPTO_primitive_sha256,
        &CRYPTO_primitive_sha512}) {
    const CRYPTO_IMPL *last = CRYPTO_impl_reference(prim);
    EXPECT_STREQ("nohw", last->name) << prim->name;
    EXPECT_EQ(nullptr, last->capable) << prim->name;
    CRYPTO_IMPL_FOREACH(row, prim) {
      EXPECT_EQ(CRYPTO_IMPL_BLOCKS, row->shape) << row->name;
      EXPECT_EQ(0u, row->min_len) << row->name;
      EXPECT_NE(nullptr, row->entry_names) << row->name;
    }
  }
}

}  // namespace
