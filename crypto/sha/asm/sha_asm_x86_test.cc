// Copyright 2026 The project authors.
//
// sha_asm_x86_test.cc: every 32-bit x86 SHA-1 and SHA-256 assembly entry
// point (sha_asm_x86.h) called directly against the portable C block
// function of its family, and the public API run on each of their table
// rows.
//
// For each entry point the running CPU supports, CheckSHAPath
// (sha_path_test.h) runs:
//   - every block count 0..33 at every input alignment 0..15, from a random
//     chaining value, through CHECK_ABI (the cdecl trampoline checks ebx,
//     esi, edi, ebp, the direction flag and %esp after each call);
//   - long random inputs (hundreds of blocks) at random alignments;
//   - num_blocks == 0 with a null input: nothing is read, state unchanged;
//   - input that ends against an inaccessible page, so a read past the
//     last block faults (where there are no guard pages, it says so);
//   - one short call under CHECK_ABI_UNWIND (on x86 it runs the register
//     checks only and says so).
// Then, for the "shani", "ssse3" and "avx" rows of the SHA-1 and SHA-256
// tables, forced with CRYPTO_impl_force: SHA-1, SHA-224 and SHA-256 of
// every length 0..300 (every padding edge up to four blocks) in one call
// and split in two, against the "nohw" row; and the FIPS 180-4 "abc"
// answers, which do not depend on the C code.
// A path the CPU (or the OPENSSL_ia32cap mask) does not allow is skipped
// with a message naming it and exempted from the ABI coverage check.
//
// The SHA-NI paths (SHA1SHANI, SHA256SHANI, PublicAPIOnSHANIRows) cannot
// run natively here (no IA-32 emulation in this kernel) nor under plain
// qemu-i386 7.2, which lacks the SHA extensions. `crypto_test
// --emulate-sha-ni` (crypto/test/sha_ni_emu.h) emulates the SHA
// instructions in a SIGILL handler and sets the SHA capability bit, so
// under `qemu-i386 -cpu max` these tests run; without it they are skipped
// with a message saying so. util/all_tests.json runs the i686 suite that
// way once.

#include <openssl/base.h>

#include <stdio.h>

#include <string>
#include <vector>

#include <gtest/gtest.h>

#include <openssl/sha.h>

#include "../../impl.h"
#include "../../test/abi_test.h"
#include "../../test/asm_path_test.h"
#include "../../test/test_util.h"
#include "../internal.h"
#include "sha_asm_x86.h"
#include "sha_path_test.h"

#if defined(OPENSSL_X86) && !defined(OPENSSL_NO_ASM)

namespace {

using sha_path_test::CheckRowPublicAPI;
using sha_path_test::CheckSHAPath;
using sha_path_test::SHA1Family;
using sha_path_test::SHA256Family;

// How to run the SHA-NI tests where the CPU lacks the SHA extensions, for
// their skip messages.
constexpr const char kSHANIHowTo[] =
    "; to run it anyway (qemu-i386 7.2 lacks them too), use "
    "crypto_test --emulate-sha-ni under qemu-i386 -cpu max, which "
    "emulates the SHA instructions: see crypto/test/sha_ni_emu.h";

// SKIP_SHANI_PATH_UNLESS_CAPABLE(fn) is SKIP_PATH_UNLESS
// (crypto/test/asm_path_test.h) for a SHA-NI path: its message adds
// kSHANIHowTo.
#define SKIP_SHANI_PATH_UNLESS_CAPABLE(fn)                              \
  do {                                                                  \
    if (!CRYPTO_is_x86_SHA_capable()) {                                 \
      abi_test::NotRunnableHere(fn);                                    \
      GTEST_SKIP() << #fn << " skipped: this CPU (or the "              \
                   << kCPUMaskName << " mask) has no SHA extensions"    \
                   << kSHANIHowTo;                                      \
    }                                                                   \
  } while (0)

// SHA-1.

TEST(SHAAsmX86Test, SHA1SHANI) {
  SKIP_SHANI_PATH_UNLESS_CAPABLE(sha1_block_data_order_shani);
  CheckSHAPath<SHA1Family>("sha1_block_data_order_shani",
                           sha1_block_data_order_shani,
                           sha1_block_data_order_nohw, 0x3a50);
}

TEST(SHAAsmX86Test, SHA1AVX) {
  SKIP_PATH_UNLESS(CRYPTO_is_AVX_capable(), sha1_block_data_order_avx);
  CheckSHAPath<SHA1Family>("sha1_block_data_order_avx",
                           sha1_block_data_order_avx,
                           sha1_block_data_order_nohw, 0x3a51);
}

TEST(SHAAsmX86Test, SHA1SSSE3) {
  SKIP_PATH_UNLESS(CRYPTO_is_SSSE3_capable(), sha1_block_data_order_ssse3);
  CheckSHAPath<SHA1Family>("sha1_block_data_order_ssse3",
                           sha1_block_data_order_ssse3,
                           sha1_block_data_order_nohw, 0x3a52);
}

// SHA-256.

TEST(SHAAsmX86Test, SHA256SHANI) {
  SKIP_SHANI_PATH_UNLESS_CAPABLE(sha256_block_data_order_shani);
  CheckSHAPath<SHA256Family>("sha256_block_data_order_shani",
                             sha256_block_data_order_shani,
                             sha256_block_data_order_nohw, 0x3a2560);
}

TEST(SHAAsmX86Test, SHA256AVX) {
  SKIP_PATH_UNLESS(CRYPTO_is_AVX_capable(), sha256_block_data_order_avx);
  CheckSHAPath<SHA256Family>("sha256_block_data_order_avx",
                             sha256_block_data_order_avx,
                             sha256_block_data_order_nohw, 0x3a256a);
}

TEST(SHAAsmX86Test, SHA256SSSE3) {
  SKIP_PATH_UNLESS(CRYPTO_is_SSSE3_capable(), sha256_block_data_order_ssse3);
  CheckSHAPath<SHA256Family>("sha256_block_data_order_ssse3",
                             sha256_block_data_order_ssse3,
                             sha256_block_data_order_nohw, 0x3a256b);
}

// The public API on one row of the SHA-1 and SHA-256 tables.

// CheckRow runs sha_path_test::CheckRowPublicAPI on row `row` of the
// SHA-1 and SHA-256 tables, or says why it cannot (followed by `how_to`, if
// given).
void CheckRow(const char *row, int capable, const char *how_to = "") {
  if (!capable) {
    printf("  row %s of sha1/sha256 skipped: this CPU (or the %s mask) does "
           "not allow it%s\n",
           row, kCPUMaskName, how_to);
    return;
  }
  CheckRowPublicAPI(row, {&CRYPTO_primitive_sha1, &CRYPTO_primitive_sha256});
}

TEST(SHAAsmX86Test, PublicAPIOnSHANIRows) {
  CheckRow("shani", CRYPTO_is_x86_SHA_capable(), kSHANIHowTo);
}

TEST(SHAAsmX86Test, PublicAPIOnAVXRows) {
  CheckRow("avx", CRYPTO_is_AVX_capable());
}

TEST(SHAAsmX86Test, PublicAPIOnSSSE3Rows) {
  CheckRow("ssse3", CRYPTO_is_SSSE3_capable());
}

}  // namespace

#endif  // OPENSSL_X86 && !OPENSSL_NO_ASM
