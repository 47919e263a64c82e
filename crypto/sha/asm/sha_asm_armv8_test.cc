// Copyright 2026 The project authors.
//
// sha_asm_armv8_test.cc: every AArch64 SHA assembly entry point
// (sha_asm_armv8.h) called directly against the portable C block function
// of its family, and the public API run on each AArch64 table row.
//
// For each entry point the running CPU supports, CheckSHAPath
// (sha_path_test.h) runs:
//   - every block count 0..33 at every input alignment 0..15, from a random
//     chaining value, through CHECK_ABI (on AArch64: x19-x29, d8-d15 and sp
//     checked after each call, once the aarch64 trampoline exists; until
//     then a plain call);
//   - long random inputs (hundreds of blocks) at random alignments;
//   - num_blocks == 0 with a null input: nothing is read, state unchanged;
//   - input that ends against an inaccessible page, so a read past the
//     last block faults (where there are no guard pages, it says so);
//   - one short call under CHECK_ABI_UNWIND.
// Then, for each AArch64 row of each table, forced with CRYPTO_impl_force:
// SHA-1, SHA-224, SHA-256, SHA-384, SHA-512, SHA-512/224, SHA-512/256 of
// every length 0..300 (every padding edge of both block sizes up to two
// blocks past 256: 55/56/57, 63/64/65, 111/112/113, 119/120/121, 127/128/129,
// ...) in one call and split in two, against the "nohw" row.
// A path the CPU (or the OPENSSL_armcap mask) does not allow is skipped with
// a message naming it and exempted from the ABI coverage check.

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
#include "sha_asm_armv8.h"
#include "sha_path_test.h"

#if defined(OPENSSL_AARCH64) && !defined(OPENSSL_NO_ASM)

namespace {

using sha_path_test::CheckRowPublicAPI;
using sha_path_test::CheckSHAPath;
using sha_path_test::SHA1Family;
using sha_path_test::SHA256Family;
using sha_path_test::SHA512Family;

TEST(SHAArmv8Test, SHA1HW) {
  SKIP_PATH_UNLESS(CRYPTO_is_ARMv8_SHA1_capable(), sha1_block_data_order_hw);
  CheckSHAPath<SHA1Family>("sha1_block_data_order_hw",
                           sha1_block_data_order_hw,
                           sha1_block_data_order_nohw, 0xa5a1);
}

TEST(SHAArmv8Test, SHA256HW) {
  SKIP_PATH_UNLESS(CRYPTO_is_ARMv8_SHA256_capable(),
                   sha256_block_data_order_hw);
  CheckSHAPath<SHA256Family>("sha256_block_data_order_hw",
                             sha256_block_data_order_hw,
                             sha256_block_data_order_nohw, 0xa256a);
}

TEST(SHAArmv8Test, SHA256Scalar) {
  CheckSHAPath<SHA256Family>("sha256_block_data_order_scalar",
                             sha256_block_data_order_scalar,
                             sha256_block_data_order_nohw, 0xa256b);
}

TEST(SHAArmv8Test, SHA512HW) {
  SKIP_PATH_UNLESS(CRYPTO_is_ARMv8_SHA512_capable(),
                   sha512_block_data_order_hw);
  CheckSHAPath<SHA512Family>("sha512_block_data_order_hw",
                             sha512_block_data_order_hw,
                             sha512_block_data_order_nohw, 0xa512a);
}

TEST(SHAArmv8Test, SHA512Scalar) {
  CheckSHAPath<SHA512Family>("sha512_block_data_order_scalar",
                             sha512_block_data_order_scalar,
                             sha512_block_data_order_nohw, 0xa512b);
}

TEST(SHAArmv8Test, PublicAPIOnHWRows) {
  std::vector<CRYPTO_PRIMITIVE *> prims;
  const struct {
    CRYPTO_PRIMITIVE *prim;
    int capable;
  } kRows[] = {
      {&CRYPTO_primitive_sha1, CRYPTO_is_ARMv8_SHA1_capable()},
      {&CRYPTO_primitive_sha256, CRYPTO_is_ARMv8_SHA256_capable()},
      {&CRYPTO_primitive_sha512, CRYPTO_is_ARMv8_SHA512_capable()},
  };
  for (const auto &r : kRows) {
    if (r.capable) {
      prims.push_back(r.prim);
    } else {
      printf("  %s: row armv8 skipped: this CPU (or the OPENSSL_armcap mask) "
             "lacks the instructions\n",
             r.prim->name);
    }
  }
  CheckRowPublicAPI("armv8", prims);
}

TEST(SHAArmv8Test, PublicAPIOnScalarRows) {
  // SHA-1 has no scalar row (sha1-armv8.pl says why).
  CheckRowPublicAPI("scalar",
                    {&CRYPTO_primitive_sha256, &CRYPTO_primitive_sha512});
}

}  // namespace

#endif  // OPENSSL_AARCH64 && !OPENSSL_NO_ASM
