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
// Then, for the "ssse3" and "avx" rows of the SHA-1 and SHA-256 tables,
// forced with CRYPTO_impl_force: SHA-1, SHA-224 and SHA-256 of every length
// 0..300 (every padding edge up to four blocks) in one call and split in
// two, against the "nohw" row; and the FIPS 180-4 "abc" answers, which do
// not depend on the C code.
// A path the CPU (or the OPENSSL_ia32cap mask) does not allow is skipped
// with a message naming it and exempted from the ABI coverage check.

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

using sha_path_test::CheckSHAPath;
using sha_path_test::SHA1Family;
using sha_path_test::SHA256Family;

// SHA-1.

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

struct OneShot {
  const char *name;
  uint8_t *(*fn)(const uint8_t *, size_t, uint8_t *);
  size_t out_len;
  CRYPTO_PRIMITIVE *prim;
};

const OneShot kOneShots[] = {
    {"SHA-1", SHA1, SHA_DIGEST_LENGTH, &CRYPTO_primitive_sha1},
    {"SHA-224", SHA224, SHA224_DIGEST_LENGTH, &CRYPTO_primitive_sha256},
    {"SHA-256", SHA256, SHA256_DIGEST_LENGTH, &CRYPTO_primitive_sha256},
};

// StreamDigest returns the digest of `len` bytes at `in` through one
// family's streaming API (Init, Update(in[0..split)), Update(in[split..len)),
// Final), `out_len` bytes long.
template <typename Ctx>
std::vector<uint8_t> StreamDigest(int (*init)(Ctx *),
                                  int (*update)(Ctx *, const void *, size_t),
                                  int (*final)(uint8_t *, Ctx *),
                                  size_t out_len, const uint8_t *in,
                                  size_t len, size_t split) {
  std::vector<uint8_t> out(out_len);
  Ctx c;
  init(&c);
  update(&c, in, split);
  update(&c, in + split, len - split);
  final(out.data(), &c);
  return out;
}

std::vector<uint8_t> SplitDigest(const std::string &name, const uint8_t *in,
                                 size_t len, size_t split) {
  if (name == "SHA-1") {
    return StreamDigest<SHA_CTX>(SHA1_Init, SHA1_Update, SHA1_Final,
                                 SHA_DIGEST_LENGTH, in, len, split);
  }
  if (name == "SHA-224") {
    return StreamDigest<SHA256_CTX>(SHA224_Init, SHA224_Update, SHA224_Final,
                                    SHA224_DIGEST_LENGTH, in, len, split);
  }
  return StreamDigest<SHA256_CTX>(SHA256_Init, SHA256_Update, SHA256_Final,
                                  SHA256_DIGEST_LENGTH, in, len, split);
}

// CheckRow runs the one-shot and split streaming digests of every length
// 0..300 on row `row` of the families whose predicate holds, against the
// "nohw" row, plus the FIPS 180-4 "abc" known answers on the row.
void CheckRow(const char *row, int capable) {
  if (!capable) {
    printf("  row %s of sha1/sha256 skipped: this CPU (or the %s mask) does "
           "not allow it\n",
           row, kCPUMaskName);
    return;
  }
  TestRNG rng(0x86e0);
  std::vector<uint8_t> in = rng.Bytes(300);
  for (const OneShot &h : kOneShots) {
    SCOPED_TRACE(std::string(h.name) + " on row " + row);
    ASSERT_NE(nullptr, CRYPTO_impl_find(h.prim, row))
        << "no row " << row << " in " << h.prim->name;
    for (size_t len = 0; len <= in.size(); len++) {
      uint8_t want[SHA256_DIGEST_LENGTH], got[SHA256_DIGEST_LENGTH];
      size_t split = static_cast<size_t>(rng.Below(len + 1));
      ASSERT_TRUE(CRYPTO_impl_force(h.prim, "nohw"));
      h.fn(in.data(), len, want);
      std::vector<uint8_t> want_split =
          SplitDigest(h.name, in.data(), len, split);
      ASSERT_TRUE(CRYPTO_impl_force(h.prim, row));
      h.fn(in.data(), len, got);
      EXPECT_EQ(Bytes(want, h.out_len), Bytes(got, h.out_len))
          << len << " bytes";
      EXPECT_EQ(Bytes(want_split),
                Bytes(SplitDigest(h.name, in.data(), len, split)))
          << len << " bytes split at " << split;
      EXPECT_EQ(Bytes(want, h.out_len), Bytes(want_split))
          << len << " bytes split at " << split << " (nohw)";
    }
    ASSERT_TRUE(CRYPTO_impl_force(h.prim, nullptr));
  }

  // FIPS 180-4 examples (the NIST "abc" answers), on the row.
  static const uint8_t kABC[3] = {'a', 'b', 'c'};
  static const uint8_t kSHA1ABC[SHA_DIGEST_LENGTH] = {
      0xa9, 0x99, 0x3e, 0x36, 0x47, 0x06, 0x81, 0x6a, 0xba, 0x3e,
      0x25, 0x71, 0x78, 0x50, 0xc2, 0x6c, 0x9c, 0xd0, 0xd8, 0x9d};
  static const uint8_t kSHA256ABC[SHA256_DIGEST_LENGTH] = {
      0xba, 0x78, 0x16, 0xbf, 0x8f, 0x01, 0xcf, 0xea, 0x41, 0x41, 0x40,
      0xde, 0x5d, 0xae, 0x22, 0x23, 0xb0, 0x03, 0x61, 0xa3, 0x96, 0x17,
      0x7a, 0x9c, 0xb4, 0x10, 0xff, 0x61, 0xf2, 0x00, 0x15, 0xad};
  uint8_t out[SHA256_DIGEST_LENGTH];
  ASSERT_TRUE(CRYPTO_impl_force(&CRYPTO_primitive_sha1, row));
  SHA1(kABC, sizeof(kABC), out);
  EXPECT_EQ(Bytes(kSHA1ABC, sizeof(kSHA1ABC)), Bytes(out, SHA_DIGEST_LENGTH))
      << row;
  ASSERT_TRUE(CRYPTO_impl_force(&CRYPTO_primitive_sha1, nullptr));
  ASSERT_TRUE(CRYPTO_impl_force(&CRYPTO_primitive_sha256, row));
  SHA256(kABC, sizeof(kABC), out);
  EXPECT_EQ(Bytes(kSHA256ABC, sizeof(kSHA256ABC)),
            Bytes(out, SHA256_DIGEST_LENGTH))
      << row;
  ASSERT_TRUE(CRYPTO_impl_force(&CRYPTO_primitive_sha256, nullptr));
}

TEST(SHAAsmX86Test, PublicAPIOnAVXRows) {
  CheckRow("avx", CRYPTO_is_AVX_capable());
}

TEST(SHAAsmX86Test, PublicAPIOnSSSE3Rows) {
  CheckRow("ssse3", CRYPTO_is_SSSE3_capable());
}

}  // namespace

#endif  // OPENSSL_X86 && !OPENSSL_NO_ASM
