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

// One member of the SHA-512 family through the public API.
struct Member {
  const char *name;
  uint8_t *(*oneshot)(const uint8_t *, size_t, uint8_t *);
  int (*init)(SHA512_CTX *);
  int (*update)(SHA512_CTX *, const void *, size_t);
  int (*final)(uint8_t *, SHA512_CTX *);
  size_t out_len;
  const char *abc;      // FIPS 180-4 example: the digest of "abc"
  const char *two;      // and of the 112-byte two-block example
};

const Member kMembers[] = {
    {"SHA-384", SHA384, SHA384_Init, SHA384_Update, SHA384_Final,
     SHA384_DIGEST_LENGTH,
     "cb00753f45a35e8bb5a03d699ac65007272c32ab0eded1631a8b605a43ff5bed8086"
     "072ba1e7cc2358baeca134c825a7",
     "09330c33f71147e83d192fc782cd1b4753111b173b3b05d22fa08086e3b0f712fcc7"
     "c71a557e2db966c3e9fa91746039"},
    {"SHA-512", SHA512, SHA512_Init, SHA512_Update, SHA512_Final,
     SHA512_DIGEST_LENGTH,
     "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192"
     "992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f",
     "8e959b75dae313da8cf4f72814fc143f8f7779c6eb9f7fa17299aeadb68890185"
     "01d289e4900f7e4331b99dec4b5433ac7d329eeb6dd26545e96e55b874be909"},
    {"SHA-512/224", SHA512_224, SHA512_224_Init, SHA512_224_Update,
     SHA512_224_Final, SHA512_224_DIGEST_LENGTH,
     "4634270f707b6a54daae7530460842e20e37ed265ceee9a43e8924aa",
     "23fec5bb94d60b23308192640b0c453335d664734fe40e7268674af9"},
    {"SHA-512/256", SHA512_256, SHA512_256_Init, SHA512_256_Update,
     SHA512_256_Final, SHA512_256_DIGEST_LENGTH,
     "53048e2681941ef99b2e29b76b4c7dabe4c2d0c634fc6d46e0e2f13107e7af23",
     "3928e184fb8690f840da3988121d31be65cb9d3ef83ee6146feac861e19b563a"},
};

// SplitDigest returns the digest of `len` bytes at `in` through the
// streaming API of `m`: Init, Update(in[0..split)), Update(in[split..len)),
// Final.
std::vector<uint8_t> SplitDigest(const Member &m, const uint8_t *in,
                                 size_t len, size_t split) {
  std::vector<uint8_t> out(m.out_len);
  SHA512_CTX c;
  m.init(&c);
  m.update(&c, in, split);
  m.update(&c, in + split, len - split);
  m.final(out.data(), &c);
  return out;
}

TEST(SHA512AsmX86Test, PublicAPIOnSSE2Row) {
  CRYPTO_PRIMITIVE *prim = &CRYPTO_primitive_sha512;
  ASSERT_NE(nullptr, CRYPTO_impl_find(prim, "sse2"))
      << "no row sse2 in " << prim->name;
  if (!CRYPTO_is_SSE2_capable()) {
    GTEST_SKIP() << "row sse2 of sha512 skipped: this CPU (or the "
                 << kCPUMaskName << " mask) has no SSE2";
  }
  TestRNG rng(0x86e5);
  std::vector<uint8_t> in = rng.Bytes(300);
  for (const Member &m : kMembers) {
    SCOPED_TRACE(std::string(m.name) + " on row sse2");
    for (size_t len = 0; len <= in.size(); len++) {
      uint8_t want[SHA512_DIGEST_LENGTH], got[SHA512_DIGEST_LENGTH];
      size_t split = static_cast<size_t>(rng.Below(len + 1));
      ASSERT_TRUE(CRYPTO_impl_force(prim, "nohw"));
      m.oneshot(in.data(), len, want);
      std::vector<uint8_t> want_split = SplitDigest(m, in.data(), len, split);
      ASSERT_TRUE(CRYPTO_impl_force(prim, "sse2"));
      m.oneshot(in.data(), len, got);
      EXPECT_EQ(Bytes(want, m.out_len), Bytes(got, m.out_len))
          << len << " bytes";
      EXPECT_EQ(Bytes(want_split),
                Bytes(SplitDigest(m, in.data(), len, split)))
          << len << " bytes split at " << split;
      EXPECT_EQ(Bytes(want, m.out_len), Bytes(want_split))
          << len << " bytes split at " << split << " (nohw)";
    }

    // Known answers, independent of the C code.
    const std::string two =
        "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmn"
        "hijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu";
    const struct {
      std::string msg;
      const char *hex;
    } kKATs[] = {{"abc", m.abc}, {two, m.two}};
    for (const auto &kat : kKATs) {
      std::vector<uint8_t> expected;
      ASSERT_TRUE(DecodeHex(&expected, kat.hex));
      ASSERT_EQ(m.out_len, expected.size());
      const uint8_t *msg = reinterpret_cast<const uint8_t *>(kat.msg.data());
      uint8_t got[SHA512_DIGEST_LENGTH];
      m.oneshot(msg, kat.msg.size(), got);
      EXPECT_EQ(Bytes(expected), Bytes(got, m.out_len))
          << kat.msg.size() << "-byte FIPS 180-4 example";
      EXPECT_EQ(Bytes(expected),
                Bytes(SplitDigest(m, msg, kat.msg.size(), 1)))
          << kat.msg.size() << "-byte FIPS 180-4 example, streamed";
    }
  }
  ASSERT_TRUE(CRYPTO_impl_force(prim, nullptr));
}

}  // namespace

#endif  // OPENSSL_X86 && !OPENSSL_NO_ASM
