// Copyright 2026 The project authors.
//
// sha512_asm_x86_test.cc: the 32-bit x86 SHA-512 assembly entry point
// (sha512_asm_x86.h) called directly against the portable C block
// function, and the public SHA-384/512/512-224/512-256 API run on its table
// row.
//
// For the entry point, when the running CPU supports it, CheckSHAPath
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
// Then, on the "sse2" row of the SHA-512 table, forced with
// CRYPTO_impl_force: SHA-384, SHA-512, SHA-512/224 and SHA-512/256 of every
// length 0..300 (every padding edge of the 128-byte block up to two blocks
// past 256: 111/112/113, 127/128/129, 239/240/241, 255/256/257) in one call
// and, through the streaming API, split in two at a random point, against
// the "nohw" row; and the FIPS 180-4 example answers ("abc", one block, and
// the 112-byte message, two blocks), which do not depend on the C code.
// A path the CPU (or the OPENSSL_ia32cap mask) does not allow is skipped
// with a message naming it and exempted from the ABI coverage check.

#include <openssl/base.h>

#include <stdio.h>
#include <string.h>

#include <string>
#include <vector>

#include <gtest/gtest.h>

#include <openssl/sha.h>

#include "../../impl.h"
#include "../../test/abi_test.h"
#include "../../test/asm_path_test.h"
#include "../../test/test_util.h"
#include "../internal.h"
#include "sha512_asm_x86.h"
#include "sha_path_test.h"

#if defined(OPENSSL_X86) && !defined(OPENSSL_NO_ASM)

namespace {

using sha_path_test::CheckSHAPath;
using sha_path_test::SHA512Family;

TEST(SHA512AsmX86Test, SSE2) {
  SKIP_PATH_UNLESS(CRYPTO_is_SSE2_capable(), sha512_block_data_order_sse2);
  CheckSHAPath<SHA512Family>("sha512_block_data_order_sse2",
                             sha512_block_data_order_sse2,
                             sha512_block_data_order_nohw, 0x3a512);
}

TEST(SHA512AsmX86Test, PublicAPIOnSSE2Row) {
  ASSERT_NE(nullptr, CRYPTO_impl_find(&CRYPTO_primitive_sha512, "sse2"))
      << "no row sse2 in sha512";
  if (!CRYPTO_is_SSE2_capable()) {
    GTEST_SKIP() << "row sse2 of sha512 skipped: this CPU (or the "
                 << kCPUMaskName << " mask) has no SSE2";
  }
  sha_path_test::CheckRowPublicAPI("sse2", {&CRYPTO_primitive_sha512});
}

}  // namespace

#endif  // OPENSSL_X86 && !OPENSSL_NO_ASM
