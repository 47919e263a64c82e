// Copyright 2026 The project authors.
//
// sha_asm_test.cc: every x86-64 SHA assembly entry point (sha_asm.h) called
// directly against the portable C block function of its family.
//
// For each entry point the running CPU supports, CheckSHAPath
// (sha_path_test.h) runs:
//   - every block count 0..33 at every input alignment 0..15, from a random
//     chaining value, through CHECK_ABI (callee-saved registers, direction
//     flag, stack pointer checked after each call);
//   - long random inputs (hundreds of blocks) at random alignments;
//   - num_blocks == 0 with a null input: nothing is read, state unchanged;
//   - input that ends against an inaccessible page, so a read past the
//     last block faults (where there are no guard pages, it says so);
//   - one short call under CHECK_ABI_UNWIND (the CFI is right at every
//     instruction; x86-64 Linux only, elsewhere it notes that it did not).
// A path the CPU (or the OPENSSL_ia32cap mask) does not allow is skipped
// with a message naming it and exempted from the ABI coverage check.

#include <openssl/base.h>

#include <vector>

#include <gtest/gtest.h>

#include "../../test/abi_test.h"
#include "../../test/asm_path_test.h"
#include "../internal.h"
#include "sha_asm.h"
#include "sha_path_test.h"

#if defined(OPENSSL_X86_64) && !defined(OPENSSL_NO_ASM)

namespace {

using sha_path_test::CheckSHAPath;
using sha_path_test::SHA1Family;
using sha_path_test::SHA256Family;
using sha_path_test::SHA512Family;

// SHA-1.

TEST(SHAAsmTest, SHA1SHANI) {
  SKIP_PATH_UNLESS(CRYPTO_is_x86_SHA_capable(), sha1_block_data_order_shani);
  CheckSHAPath<SHA1Family>("sha1_block_data_order_shani",
                           sha1_block_data_order_shani,
                           sha1_block_data_order_nohw, 0x5a1);
}

TEST(SHAAsmTest, SHA1AVX2) {
  SKIP_PATH_UNLESS(sha1_avx2_capable(), sha1_block_data_order_avx2);
  CheckSHAPath<SHA1Family>("sha1_block_data_order_avx2",
                           sha1_block_data_order_avx2,
                           sha1_block_data_order_nohw, 0x5a2);
}

TEST(SHAAsmTest, SHA1AVX) {
  SKIP_PATH_UNLESS(CRYPTO_is_AVX_capable(), sha1_block_data_order_avx);
  CheckSHAPath<SHA1Family>("sha1_block_data_order_avx",
                           sha1_block_data_order_avx,
                           sha1_block_data_order_nohw, 0x5a3);
}

TEST(SHAAsmTest, SHA1SSSE3) {
  SKIP_PATH_UNLESS(CRYPTO_is_SSSE3_capable(), sha1_block_data_order_ssse3);
  CheckSHAPath<SHA1Family>("sha1_block_data_order_ssse3",
                           sha1_block_data_order_ssse3,
                           sha1_block_data_order_nohw, 0x5a4);
}

// SHA-256.

TEST(SHAAsmTest, SHA256SHANI) {
  SKIP_PATH_UNLESS(CRYPTO_is_x86_SHA_capable(), sha256_block_data_order_shani);
  CheckSHAPath<SHA256Family>("sha256_block_data_order_shani",
                             sha256_block_data_order_shani,
                             sha256_block_data_order_nohw, 0x256a);
}

TEST(SHAAsmTest, SHA256AVX2) {
  SKIP_PATH_UNLESS(sha256_avx2_capable(), sha256_block_data_order_avx2);
  CheckSHAPath<SHA256Family>("sha256_block_data_order_avx2",
                             sha256_block_data_order_avx2,
                             sha256_block_data_order_nohw, 0x256b);
}

TEST(SHAAsmTest, SHA256AVX) {
  SKIP_PATH_UNLESS(CRYPTO_is_AVX_capable(), sha256_block_data_order_avx);
  CheckSHAPath<SHA256Family>("sha256_block_data_order_avx",
                             sha256_block_data_order_avx,
                             sha256_block_data_order_nohw, 0x256c);
}

TEST(SHAAsmTest, SHA256SSSE3) {
  SKIP_PATH_UNLESS(CRYPTO_is_SSSE3_capable(), sha256_block_data_order_ssse3);
  CheckSHAPath<SHA256Family>("sha256_block_data_order_ssse3",
                             sha256_block_data_order_ssse3,
                             sha256_block_data_order_nohw, 0x256d);
}

// SHA-512.

TEST(SHAAsmTest, SHA512AVX512) {
  SKIP_PATH_UNLESS(sha512_avx512_capable(), sha512_block_data_order_avx512);
  CheckSHAPath<SHA512Family>("sha512_block_data_order_avx512",
                             sha512_block_data_order_avx512,
                             sha512_block_data_order_nohw, 0x512d);
  // A last odd block runs in separate code placed after the epilogue
  // (one_block512 in sha512-x86_64.pl). CheckSHAPath's unwind check uses
  // two blocks; here one block alone, and a pair followed by one.
  TestRNG rng(0x512e);
  std::vector<uint8_t> in(3 * 128);
  for (size_t n : {1u, 3u}) {
    SCOPED_TRACE(n);
    rng.Fill(in.data(), in.size());
    std::vector<uint64_t> want = sha_path_test::RandomState<SHA512Family>(&rng);
    std::vector<uint64_t> got = want;
    sha512_block_data_order_nohw(want.data(), in.data(), n);
    CHECK_ABI_UNWIND(sha512_block_data_order_avx512, got.data(), in.data(), n);
    EXPECT_EQ(want, got);
  }
}

TEST(SHAAsmTest, SHA512AVX2) {
  SKIP_PATH_UNLESS(sha512_avx2_capable(), sha512_block_data_order_avx2);
  CheckSHAPath<SHA512Family>("sha512_block_data_order_avx2",
                             sha512_block_data_order_avx2,
                             sha512_block_data_order_nohw, 0x512a);
}

TEST(SHAAsmTest, SHA512AVX) {
  SKIP_PATH_UNLESS(CRYPTO_is_AVX_capable(), sha512_block_data_order_avx);
  CheckSHAPath<SHA512Family>("sha512_block_data_order_avx",
                             sha512_block_data_order_avx,
                             sha512_block_data_order_nohw, 0x512b);
}

TEST(SHAAsmTest, SHA512SSSE3) {
  SKIP_PATH_UNLESS(CRYPTO_is_SSSE3_capable(), sha512_block_data_order_ssse3);
  CheckSHAPath<SHA512Family>("sha512_block_data_order_ssse3",
                             sha512_block_data_order_ssse3,
                             sha512_block_data_order_nohw, 0x512c);
}

}  // namespace

#endif  // OPENSSL_X86_64 && !OPENSSL_NO_ASM
