// Copyright 2026 The project authors.
//
// digest_test.cc: the EVP digest layer's own behaviour: descriptions
// (sizes, NIDs, names, lookup), context life cycle (init, copy, reset,
// reuse, zeroisation) and error paths. The digests' values are checked in
// crypto/sha/sha_test.cc through every route, EVP included.

#include <openssl/digest.h>

#include <openssl/err.h>
#include <openssl/sha.h>

#include <string.h>

#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "../test/test_util.h"
#include "internal.h"

namespace {

struct MDInfo {
  const EVP_MD *(*md)(void);
  int nid;
  const char *name;
  size_t size, block_size;
  // Spellings EVP_get_digestbyname must accept.
  std::vector<std::string> names;
};

const MDInfo kMDs[] = {
    {EVP_sha1, NID_sha1, "SHA1", 20, 64, {"SHA1", "SHA-1", "sha1", "sHa-1"}},
    {EVP_sha224, NID_sha224, "SHA224", 28, 64,
     {"SHA224", "SHA-224", "SHA2-224", "sha224"}},
    {EVP_sha256, NID_sha256, "SHA256", 32, 64,
     {"SHA256", "SHA-256", "SHA2-256", "sha256", "sha2-256"}},
    {EVP_sha384, NID_sha384, "SHA384", 48, 128,
     {"SHA384", "SHA-384", "SHA2-384", "sha384"}},
    {EVP_sha512, NID_sha512, "SHA512", 64, 128,
     {"SHA512", "SHA-512", "SHA2-512", "sha512"}},
    {EVP_sha512_224, NID_sha512_224, "SHA512-224", 28, 128,
     {"SHA512-224", "SHA-512/224", "SHA2-512/224", "SHA512_224",
      "sha512/224"}},
    {EVP_sha512_256, NID_sha512_256, "SHA512-256", 32, 128,
     {"SHA512-256", "SHA-512/256", "SHA2-512/256", "SHA512_256",
      "sha512/256"}},
};

// ExpectError checks that the oldest queued error is `reason` from
// ERR_LIB_DIGEST, and clears the queue.
void ExpectDigestError(int reason) {
  uint32_t err = ERR_get_error();
  EXPECT_EQ(ERR_LIB_DIGEST, ERR_GET_LIB(err));
  EXPECT_EQ(reason, ERR_GET_REASON(err));
  ERR_clear_error();
}

TEST(DigestTest, Descriptions) {
  for (const MDInfo &m : kMDs) {
    const EVP_MD *md = m.md();
    ASSERT_NE(nullptr, md);
    EXPECT_EQ(md, m.md()) << "EVP_MDs are static";
    EXPECT_EQ(m.nid, EVP_MD_type(md));
    EXPECT_EQ(m.nid, EVP_MD_nid(md));
    EXPECT_STREQ(m.name, EVP_MD_name(md));
    EXPECT_EQ(m.size, EVP_MD_size(md));
    EXPECT_EQ(m.block_size, EVP_MD_block_size(md));
    EXPECT_LE(EVP_MD_size(md), size_t{EVP_MAX_MD_SIZE});
    EXPECT_LE(EVP_MD_block_size(md), size_t{EVP_MAX_MD_BLOCK_SIZE});
    EXPECT_EQ(md, EVP_get_digestbynid(m.nid));
    EXPECT_EQ(md, EVP_get_digestbyname(EVP_MD_name(md)));
    for (const std::string &name : m.names) {
      EXPECT_EQ(md, EVP_get_digestbyname(name.c_str())) << name;
    }
  }
  for (const char *bad : {"", "SHA", "MD5", "SHA-256 ", "SHA3-256", "SHA2",
                          "SHA512/384", "SHA-1\n"}) {
    EXPECT_EQ(nullptr, EVP_get_digestbyname(bad)) << bad;
  }
  EXPECT_EQ(nullptr, EVP_get_digestbyname(nullptr));
  EXPECT_EQ(nullptr, EVP_get_digestbynid(NID_undef));
  EXPECT_EQ(nullptr, EVP_get_digestbynid(4));  // OpenSSL's MD5
}

TEST(DigestTest, ContextAccessors) {
  EVP_MD_CTX ctx;
  EVP_MD_CTX_init(&ctx);
  EXPECT_EQ(nullptr, EVP_MD_CTX_md(&ctx));
  EXPECT_EQ(0u, EVP_MD_CTX_size(&ctx));
  EXPECT_EQ(0u, EVP_MD_CTX_block_size(&ctx));
  EXPECT_EQ(NID_undef, EVP_MD_CTX_type(&ctx));
  for (const MDInfo &m : kMDs) {
    ASSERT_EQ(1, EVP_DigestInit_ex(&ctx, m.md(), nullptr));
    EXPECT_EQ(m.md(), EVP_MD_CTX_md(&ctx));
    EXPECT_EQ(m.size, EVP_MD_CTX_size(&ctx));
    EXPECT_EQ(m.block_size, EVP_MD_CTX_block_size(&ctx));
    EXPECT_EQ(m.nid, EVP_MD_CTX_type(&ctx));
  }
  EXPECT_EQ(1, EVP_MD_CTX_cleanup(&ctx));
  EXPECT_EQ(nullptr, EVP_MD_CTX_md(&ctx));
}

// Update and Final on an empty context, Init with no digest, copying from
// an empty context, and EVP_Digest with no digest all fail with a DIGEST
// error and write nothing.
TEST(DigestTest, ErrorPaths) {
  ERR_clear_error();
  EVP_MD_CTX ctx;
  EVP_MD_CTX_init(&ctx);
  static const uint8_t kMsg[3] = {'a', 'b', 'c'};
  uint8_t out[EVP_MAX_MD_SIZE];
  memset(out, 0x55, sizeof(out));
  unsigned out_len = 12345;

  EXPECT_EQ(0, EVP_DigestUpdate(&ctx, kMsg, sizeof(kMsg)));
  ExpectDigestError(DIGEST_R_INPUT_NOT_INITIALIZED);
  EXPECT_EQ(0, EVP_DigestFinal_ex(&ctx, out, &out_len));
  ExpectDigestError(DIGEST_R_INPUT_NOT_INITIALIZED);
  EXPECT_EQ(0, EVP_DigestFinal(&ctx, out, &out_len));
  ExpectDigestError(DIGEST_R_INPUT_NOT_INITIALIZED);
  EXPECT_EQ(0, EVP_DigestInit_ex(&ctx, nullptr, nullptr));
  ExpectDigestError(DIGEST_R_UNKNOWN_DIGEST);
  EXPECT_EQ(nullptr, EVP_MD_CTX_md(&ctx));
  EXPECT_EQ(0, EVP_DigestInit(&ctx, nullptr));
  ExpectDigestError(DIGEST_R_UNKNOWN_DIGEST);
  EXPECT_EQ(0, EVP_DigestInit_ex(nullptr, EVP_sha256(), nullptr));
  ExpectDigestError(ERR_R_PASSED_NULL_PARAMETER);

  EVP_MD_CTX copy;
  EVP_MD_CTX_init(&copy);
  EXPECT_EQ(0, EVP_MD_CTX_copy_ex(&copy, &ctx));
  ExpectDigestError(DIGEST_R_INPUT_NOT_INITIALIZED);
  EXPECT_EQ(0, EVP_MD_CTX_copy(&copy, &ctx));
  ExpectDigestError(DIGEST_R_INPUT_NOT_INITIALIZED);
  EXPECT_EQ(0, EVP_MD_CTX_copy_ex(&copy, nullptr));
  ExpectDigestError(ERR_R_PASSED_NULL_PARAMETER);

  EXPECT_EQ(0, EVP_Digest(kMsg, sizeof(kMsg), out, &out_len, nullptr,
                          nullptr));
  ExpectDigestError(DIGEST_R_UNKNOWN_DIGEST);

  // Nothing was written.
  EXPECT_EQ(12345u, out_len);
  for (uint8_t b : out) {
    EXPECT_EQ(0x55, b);
  }
  EXPECT_EQ(0u, ERR_get_error());
}

std::vector<uint8_t> Digest(const EVP_MD *md, const std::vector<uint8_t> &in) {
  std::vector<uint8_t> out(EVP_MD_size(md));
  EXPECT_EQ(1, EVP_Digest(in.data(), in.size(), out.data(), nullptr, md,
                          nullptr));
  return out;
}

// A copy taken mid-stream continues independently of the original.
TEST(DigestTest, CopyMidStream) {
  TestRNG rng(11);
  std::vector<uint8_t> a = rng.Bytes(300), b = rng.Bytes(77);
  for (const MDInfo &m : kMDs) {
    SCOPED_TRACE(m.name);
    EVP_MD_CTX ctx, copy, copy2;
    EVP_MD_CTX_init(&ctx);
    EVP_MD_CTX_init(&copy);
    ASSERT_EQ(1, EVP_DigestInit_ex(&ctx, m.md(), nullptr));
    ASSERT_EQ(1, EVP_DigestUpdate(&ctx, a.data(), 150));
    // copy_ex onto a context already holding another digest's state.
    ASSERT_EQ(1, EVP_DigestInit_ex(&copy, EVP_sha1(), nullptr));
    ASSERT_EQ(1, EVP_MD_CTX_copy_ex(&copy, &ctx));
    // EVP_MD_CTX_copy onto an uninitialised context.
    memset(&copy2, 0xcc, sizeof(copy2));
    ASSERT_EQ(1, EVP_MD_CTX_copy(&copy2, &ctx));
    EXPECT_EQ(1, EVP_MD_CTX_copy_ex(&ctx, &ctx));  // self-copy is a no-op

    ASSERT_EQ(1, EVP_DigestUpdate(&ctx, a.data() + 150, 150));
    ASSERT_EQ(1, EVP_DigestUpdate(&copy, a.data() + 150, 150));
    ASSERT_EQ(1, EVP_DigestUpdate(&copy2, b.data(), b.size()));
    uint8_t out1[EVP_MAX_MD_SIZE], out2[EVP_MAX_MD_SIZE],
        out3[EVP_MAX_MD_SIZE];
    ASSERT_EQ(1, EVP_DigestFinal_ex(&ctx, out1, nullptr));
    ASSERT_EQ(1, EVP_DigestFinal_ex(&copy, out2, nullptr));
    ASSERT_EQ(1, EVP_DigestFinal_ex(&copy2, out3, nullptr));
    EXPECT_EQ(Bytes(Digest(m.md(), a)), Bytes(out1, m.size));
    EXPECT_EQ(Bytes(out1, m.size), Bytes(out2, m.size));
    std::vector<uint8_t> ab(150 + b.size());
    memcpy(ab.data(), a.data(), 150);
    memcpy(ab.data() + 150, b.data(), b.size());
    EXPECT_EQ(Bytes(Digest(m.md(), ab)), Bytes(out3, m.size));
  }
}

// After Final the hash state is erased and the digest stays set, so the
// context can be re-initialised with the same digest; EVP_DigestFinal and
// reset also clear the digest. Init discards a computation in progress.
TEST(DigestTest, ReuseAndZeroisation) {
  static const uint8_t kMsg[5] = {'h', 'e', 'l', 'l', 'o'};
  std::vector<uint8_t> msg(kMsg, kMsg + sizeof(kMsg));
  for (const MDInfo &m : kMDs) {
    SCOPED_TRACE(m.name);
    EVP_MD_CTX ctx;
    EVP_MD_CTX_init(&ctx);
    ASSERT_EQ(1, EVP_DigestInit_ex(&ctx, m.md(), nullptr));
    ASSERT_EQ(1, EVP_DigestUpdate(&ctx, "garbage", 7));
    // Re-init discards "garbage".
    ASSERT_EQ(1, EVP_DigestInit_ex(&ctx, m.md(), nullptr));
    ASSERT_EQ(1, EVP_DigestUpdate(&ctx, kMsg, sizeof(kMsg)));
    uint8_t out[EVP_MAX_MD_SIZE];
    unsigned out_len = 0;
    ASSERT_EQ(1, EVP_DigestFinal_ex(&ctx, out, &out_len));
    EXPECT_EQ(m.size, out_len);
    EXPECT_EQ(Bytes(Digest(m.md(), msg)), Bytes(out, out_len));

    // The state after Final is all zeros; the digest is still set.
    EXPECT_EQ(m.md(), EVP_MD_CTX_md(&ctx));
    decltype(ctx.u) zero;
    memset(&zero, 0, sizeof(zero));
    EXPECT_EQ(0, memcmp(&zero, &ctx.u, sizeof(zero)));

    // Reuse with the same digest.
    ASSERT_EQ(1, EVP_DigestInit_ex(&ctx, EVP_MD_CTX_md(&ctx), nullptr));
    ASSERT_EQ(1, EVP_DigestUpdate(&ctx, kMsg, sizeof(kMsg)));
    ASSERT_EQ(1, EVP_DigestFinal(&ctx, out, nullptr));
    EXPECT_EQ(Bytes(Digest(m.md(), msg)), Bytes(out, m.size));
    // EVP_DigestFinal left the context empty and zeroed.
    EXPECT_EQ(nullptr, EVP_MD_CTX_md(&ctx));
    EVP_MD_CTX zero_ctx;
    memset(&zero_ctx, 0, sizeof(zero_ctx));
    EXPECT_EQ(0, memcmp(&zero_ctx, &ctx, sizeof(ctx)));

    // EVP_DigestInit works on an uninitialised context.
    EVP_MD_CTX fresh;
    memset(&fresh, 0x77, sizeof(fresh));
    ASSERT_EQ(1, EVP_DigestInit(&fresh, m.md()));
    ASSERT_EQ(1, EVP_DigestUpdate(&fresh, kMsg, sizeof(kMsg)));
    ASSERT_EQ(1, EVP_DigestFinal_ex(&fresh, out, nullptr));
    EXPECT_EQ(Bytes(Digest(m.md(), msg)), Bytes(out, m.size));

    // Reset mid-stream erases everything.
    ASSERT_EQ(1, EVP_DigestInit_ex(&ctx, m.md(), nullptr));
    ASSERT_EQ(1, EVP_DigestUpdate(&ctx, kMsg, sizeof(kMsg)));
    EXPECT_EQ(1, EVP_MD_CTX_reset(&ctx));
    EXPECT_EQ(0, memcmp(&zero_ctx, &ctx, sizeof(ctx)));
    EXPECT_EQ(0, EVP_DigestUpdate(&ctx, kMsg, sizeof(kMsg)));
    ExpectDigestError(DIGEST_R_INPUT_NOT_INITIALIZED);
  }
}

// EVP_MD_CTX_cleanup erases only the bytes the current digest's state
// occupies, so switching a context to a digest with a smaller state must
// erase the larger one first: after SHA-512 (or SHA-384) then SHA-256 (or
// SHA-1), cleanup leaves the whole context zero.
TEST(DigestTest, SwitchToSmallerDigestErasesLargerState) {
  const EVP_MD *big[] = {EVP_sha512(), EVP_sha384(), EVP_sha256()};
  const EVP_MD *small[] = {EVP_sha256(), EVP_sha1(), EVP_sha1()};
  std::vector<uint8_t> secret(200, 0xaa);
  for (size_t i = 0; i < sizeof(big) / sizeof(big[0]); i++) {
    SCOPED_TRACE(EVP_MD_name(big[i]));
    SCOPED_TRACE(EVP_MD_name(small[i]));
    EVP_MD_CTX ctx;
    EVP_MD_CTX_init(&ctx);
    ASSERT_EQ(1, EVP_DigestInit_ex(&ctx, big[i], nullptr));
    // 200 bytes: a compressed block and a partly filled buffer.
    ASSERT_EQ(1, EVP_DigestUpdate(&ctx, secret.data(), secret.size()));
    ASSERT_EQ(1, EVP_DigestInit_ex(&ctx, small[i], nullptr));
    ASSERT_EQ(1, EVP_DigestUpdate(&ctx, "abc", 3));
    EXPECT_EQ(1, EVP_MD_CTX_cleanup(&ctx));
    EVP_MD_CTX zero_ctx;
    memset(&zero_ctx, 0, sizeof(zero_ctx));
    EXPECT_EQ(Bytes(reinterpret_cast<const uint8_t *>(&zero_ctx),
                    sizeof(zero_ctx)),
              Bytes(reinterpret_cast<const uint8_t *>(&ctx), sizeof(ctx)));
  }
}

TEST(DigestTest, HeapContexts) {
  EVP_MD_CTX *ctx = EVP_MD_CTX_new();
  ASSERT_NE(nullptr, ctx);
  EXPECT_EQ(nullptr, EVP_MD_CTX_md(ctx));
  ASSERT_EQ(1, EVP_DigestInit_ex(ctx, EVP_sha384(), nullptr));
  ASSERT_EQ(1, EVP_DigestUpdate(ctx, "abc", 3));
  uint8_t out[SHA384_DIGEST_LENGTH], want[SHA384_DIGEST_LENGTH];
  ASSERT_EQ(1, EVP_DigestFinal_ex(ctx, out, nullptr));
  SHA384(reinterpret_cast<const uint8_t *>("abc"), 3, want);
  EXPECT_EQ(Bytes(want, sizeof(want)), Bytes(out, sizeof(out)));
  EVP_MD_CTX_free(ctx);
  EVP_MD_CTX_free(nullptr);

  EVP_MD_CTX *ctx2 = EVP_MD_CTX_create();
  ASSERT_NE(nullptr, ctx2);
  ASSERT_EQ(1, EVP_DigestInit_ex(ctx2, EVP_sha1(), nullptr));
  EVP_MD_CTX_destroy(ctx2);
}

// Empty input with a NULL pointer is allowed everywhere.
TEST(DigestTest, NullEmptyInput) {
  for (const MDInfo &m : kMDs) {
    uint8_t a[EVP_MAX_MD_SIZE], b[EVP_MAX_MD_SIZE];
    ASSERT_EQ(1, EVP_Digest(nullptr, 0, a, nullptr, m.md(), nullptr));
    EVP_MD_CTX ctx;
    EVP_MD_CTX_init(&ctx);
    ASSERT_EQ(1, EVP_DigestInit_ex(&ctx, m.md(), nullptr));
    ASSERT_EQ(1, EVP_DigestUpdate(&ctx, nullptr, 0));
    ASSERT_EQ(1, EVP_DigestFinal_ex(&ctx, b, nullptr));
    EXPECT_EQ(Bytes(a, m.size), Bytes(b, m.size)) << m.name;
  }
}

// The internal entry points HMAC and HKDF use (internal.h), for every
// digest, against the public streaming functions: evp_md_init_two_blocks
// must equal Init + Update of one block on each context, and
// evp_md_finish_from from a state of one or two whole blocks must equal
// Update + Final on a copy, at every length 0 .. 3 blocks + 1 (each padding
// edge: one padded block, two, whole blocks from the input), with the
// output over its own input, leaving the state as it was.
TEST(DigestTest, TwoBlocksAndFinishFrom) {
  TestRNG rng(0xf1f0);
  for (const MDInfo &info : kMDs) {
    const EVP_MD *md = info.md();
    SCOPED_TRACE(info.name);
    const size_t block = EVP_MD_block_size(md);
    std::vector<uint8_t> b0 = rng.Bytes(2 * block), b1 = rng.Bytes(block);
    std::vector<uint8_t> msg = rng.Bytes(3 * block + 1);

    EVP_MD_CTX c0, c1, want0, want1;
    // (Zeroed only so the whole-struct comparison below reads defined
    // bytes: evp_md_init_two_blocks needs no initialised context.)
    memset(&c0, 0, sizeof(c0));
    memset(&c1, 0, sizeof(c1));
    evp_md_init_two_blocks(md, &c0, b0.data(), &c1, b1.data());
    ASSERT_TRUE(EVP_DigestInit(&want0, md));
    ASSERT_TRUE(EVP_DigestUpdate(&want0, b0.data(), block));
    ASSERT_TRUE(EVP_DigestInit(&want1, md));
    ASSERT_TRUE(EVP_DigestUpdate(&want1, b1.data(), block));
    // A second block streamed on, so the prior length is not one block.
    EVP_MD_CTX c2 = c0, want2 = want0;
    ASSERT_TRUE(EVP_DigestUpdate(&c2, b0.data() + block, block));
    ASSERT_TRUE(EVP_DigestUpdate(&want2, b0.data() + block, block));

    for (size_t len = 0; len <= msg.size(); len++) {
      SCOPED_TRACE(len);
      const EVP_MD_CTX *states[] = {&c0, &c1, &c2};
      const EVP_MD_CTX *wants[] = {&want0, &want1, &want2};
      for (size_t k = 0; k < 3; k++) {
        EVP_MD_CTX w;
        ASSERT_TRUE(EVP_MD_CTX_copy(&w, wants[k]));
        ASSERT_TRUE(EVP_DigestUpdate(&w, msg.data(), len));
        uint8_t want[EVP_MAX_MD_SIZE], got[EVP_MAX_MD_SIZE];
        ASSERT_TRUE(EVP_DigestFinal(&w, want, nullptr));
        EVP_MD_CTX before = *states[k];
        evp_md_finish_from(states[k], msg.data(), len, got);
        EXPECT_EQ(Bytes(want, info.size), Bytes(got, info.size)) << k;
        EXPECT_EQ(0, memcmp(&before, states[k], sizeof(before)))
            << "the state changed";
        // The output over its own input.
        std::vector<uint8_t> inplace(msg.begin(), msg.begin() + len);
        inplace.resize(len > info.size ? len : info.size);
        evp_md_finish_from(states[k], inplace.data(), len, inplace.data());
        EXPECT_EQ(Bytes(want, info.size), Bytes(inplace.data(), info.size));
      }
    }
  }
}

}  // namespace
