// Copyright 2026 The project authors.
//
// compat_test.cc: the OpenSSL-compatibility surface: OpenSSL 3's digest
// spellings against the 1.1 ones they alias, the raw SHA compression
// functions (SHA*_Transform, SHA256_TransformBlocks) against the padded
// digests, and the version functions against opensslv.h.

#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/opensslv.h>

#include <openssl/err.h>
#include <openssl/sha.h>

#include <string.h>

#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "../test/test_util.h"

namespace {

const EVP_MD *(*const kAllMDs[])(void) = {
    EVP_sha1,   EVP_sha224,     EVP_sha256,     EVP_sha384,
    EVP_sha512, EVP_sha512_224, EVP_sha512_256,
};

TEST(CompatTest, OpenSSL3Accessors) {
  for (auto get : kAllMDs) {
    const EVP_MD *md = get();
    SCOPED_TRACE(EVP_MD_name(md));
    EXPECT_EQ(EVP_MD_type(md), EVP_MD_get_type(md));
    EXPECT_STREQ(EVP_MD_name(md), EVP_MD_get0_name(md));
    EXPECT_EQ(static_cast<int>(EVP_MD_size(md)), EVP_MD_get_size(md));
    EXPECT_EQ(static_cast<int>(EVP_MD_block_size(md)),
              EVP_MD_get_block_size(md));
    EXPECT_TRUE(EVP_MD_is_a(md, EVP_MD_name(md)));

    // Fetching by name gives the same object, whose free is harmless.
    EVP_MD *fetched = EVP_MD_fetch(nullptr, EVP_MD_name(md), nullptr);
    EXPECT_EQ(md, fetched);
    EXPECT_EQ(1, EVP_MD_up_ref(fetched));
    EVP_MD_free(fetched);
    EVP_MD_free(fetched);

    EVP_MD_CTX ctx;
    EVP_MD_CTX_init(&ctx);
    EXPECT_EQ(nullptr, EVP_MD_CTX_get0_md(&ctx));
    EXPECT_EQ(-1, EVP_MD_CTX_get_size(&ctx));
    EXPECT_EQ(-1, EVP_MD_CTX_get_block_size(&ctx));
    EXPECT_EQ(NID_undef, EVP_MD_CTX_get_type(&ctx));
    ASSERT_TRUE(EVP_DigestInit_ex2(&ctx, md, nullptr));
    EXPECT_EQ(md, EVP_MD_CTX_get0_md(&ctx));
    EXPECT_EQ(EVP_MD_get_size(md), EVP_MD_CTX_get_size(&ctx));
    EXPECT_EQ(EVP_MD_get_block_size(md), EVP_MD_CTX_get_block_size(&ctx));
    EXPECT_EQ(EVP_MD_get_type(md), EVP_MD_CTX_get_type(&ctx));
    EVP_MD_CTX_cleanup(&ctx);
  }
  // The other digests' names are not this one's.
  EXPECT_FALSE(EVP_MD_is_a(EVP_sha256(), "SHA-224"));
  EXPECT_TRUE(EVP_MD_is_a(EVP_sha256(), "sha2-256"));
  EXPECT_FALSE(EVP_MD_is_a(EVP_sha256(), nullptr));
  EXPECT_FALSE(EVP_MD_is_a(nullptr, "SHA256"));
  EXPECT_EQ(-1, EVP_MD_get_size(nullptr));
  EXPECT_EQ(-1, EVP_MD_get_block_size(nullptr));
  EXPECT_EQ(NID_undef, EVP_MD_get_type(nullptr));
  EXPECT_EQ(nullptr, EVP_MD_get0_name(nullptr));
}

TEST(CompatTest, FetchUnknown) {
  ERR_clear_error();
  EXPECT_EQ(nullptr, EVP_MD_fetch(nullptr, "MD5", nullptr));
  EXPECT_EQ(ERR_PACK(ERR_LIB_DIGEST, DIGEST_R_UNKNOWN_DIGEST),
            ERR_get_error());
  EXPECT_EQ(nullptr, EVP_MD_fetch(nullptr, nullptr, nullptr));
  ERR_clear_error();
  uint8_t out[EVP_MAX_MD_SIZE] = {0};
  size_t out_len = 12345;
  EXPECT_FALSE(EVP_Q_digest(nullptr, "SHA3-256", nullptr, "abc", 3, out,
                            &out_len));
  EXPECT_EQ(12345u, out_len);
  EXPECT_EQ(ERR_PACK(ERR_LIB_DIGEST, DIGEST_R_UNKNOWN_DIGEST),
            ERR_get_error());
  ERR_clear_error();
}

TEST(CompatTest, QuickDigestMatchesEVPDigest) {
  std::vector<uint8_t> msg(300);
  for (size_t i = 0; i < msg.size(); i++) {
    msg[i] = static_cast<uint8_t>(i * 7 + 1);
  }
  for (auto get : kAllMDs) {
    const EVP_MD *md = get();
    SCOPED_TRACE(EVP_MD_name(md));
    for (size_t len : {0, 1, 55, 64, 111, 128, 300}) {
      uint8_t want[EVP_MAX_MD_SIZE], got[EVP_MAX_MD_SIZE];
      unsigned want_len;
      size_t got_len = 0;
      ASSERT_TRUE(EVP_Digest(msg.data(), len, want, &want_len, md, nullptr));
      ASSERT_TRUE(EVP_Q_digest(nullptr, EVP_MD_get0_name(md), "fips=no",
                               msg.data(), len, got, &got_len));
      EXPECT_EQ(Bytes(want, want_len), Bytes(got, got_len)) << len;
    }
  }
}

TEST(CompatTest, DigestInitEx2) {
  EVP_MD_CTX ctx;
  EVP_MD_CTX_init(&ctx);
  ERR_clear_error();
  // No digest yet, none given.
  EXPECT_FALSE(EVP_DigestInit_ex2(&ctx, nullptr, nullptr));
  EXPECT_EQ(ERR_PACK(ERR_LIB_DIGEST, DIGEST_R_INPUT_NOT_INITIALIZED),
            ERR_get_error());
  // A NULL type restarts the digest in use.
  uint8_t want[SHA384_DIGEST_LENGTH], got[SHA384_DIGEST_LENGTH];
  SHA384(reinterpret_cast<const uint8_t *>("abc"), 3, want);
  ASSERT_TRUE(EVP_DigestInit_ex2(&ctx, EVP_sha384(), nullptr));
  ASSERT_TRUE(EVP_DigestUpdate(&ctx, "garbage", 7));
  ASSERT_TRUE(EVP_DigestInit_ex2(&ctx, nullptr, nullptr));
  ASSERT_TRUE(EVP_DigestUpdate(&ctx, "abc", 3));
  ASSERT_TRUE(EVP_DigestFinal_ex(&ctx, got, nullptr));
  EXPECT_EQ(Bytes(want, sizeof(want)), Bytes(got, sizeof(got)));
  // Parameters are refused and the context is left as it was.
  const OSSL_PARAM *params = reinterpret_cast<const OSSL_PARAM *>(&ctx);
  EXPECT_FALSE(EVP_DigestInit_ex2(&ctx, EVP_sha1(), params));
  EXPECT_EQ(ERR_PACK(ERR_LIB_DIGEST, ERR_R_PASSED_NULL_PARAMETER),
            ERR_get_error());
  EXPECT_EQ(EVP_sha384(), EVP_MD_CTX_get0_md(&ctx));
  EVP_MD_CTX_cleanup(&ctx);
  ERR_clear_error();
}

// A message of `n` bytes padded by hand to whole blocks (FIPS 180-4 §5.1),
// so that the Transform functions over it must give the digest.
std::vector<uint8_t> PadMessage(const std::vector<uint8_t> &msg, size_t block,
                                size_t len_bytes) {
  std::vector<uint8_t> out = msg;
  out.push_back(0x80);
  while (out.size() % block != block - len_bytes) {
    out.push_back(0);
  }
  uint64_t bits = static_cast<uint64_t>(msg.size()) * 8;
  for (size_t i = 0; i < len_bytes; i++) {
    size_t shift = 8 * (len_bytes - 1 - i);
    out.push_back(shift < 64 ? static_cast<uint8_t>(bits >> shift) : 0);
  }
  return out;
}

std::vector<uint8_t> Message(size_t n) {
  std::vector<uint8_t> msg(n);
  for (size_t i = 0; i < n; i++) {
    msg[i] = static_cast<uint8_t>(i * 131 + 17);
  }
  return msg;
}

template <typename Word>
std::vector<uint8_t> BigEndian(const Word *h, size_t out_len) {
  std::vector<uint8_t> out;
  for (size_t i = 0; out.size() < out_len; i++) {
    for (int b = static_cast<int>(sizeof(Word)) - 1;
         b >= 0 && out.size() < out_len; b--) {
      out.push_back(static_cast<uint8_t>(h[i] >> (8 * b)));
    }
  }
  return out;
}

const size_t kTransformLengths[] = {0, 3, 55, 56, 64, 111, 112, 128, 300};

// CheckTransform runs `transform` over padded messages of several lengths
// from the family's initial value (`init` with `md_len` bytes of output, a
// 3-byte `update` buffered first) and checks the chaining value is the
// digest `oneshot` gives, and that the buffered bytes and length count are
// untouched.
template <typename CTX>
void CheckTransform(int (*init)(CTX *), int (*update)(CTX *, const void *,
                                                      size_t),
                    void (*transform)(CTX *, const uint8_t *),
                    uint8_t *(*oneshot)(const uint8_t *, size_t, uint8_t *),
                    size_t block, size_t len_bytes, size_t md_len) {
  for (size_t n : kTransformLengths) {
    SCOPED_TRACE(n);
    std::vector<uint8_t> msg = Message(n);
    std::vector<uint8_t> padded = PadMessage(msg, block, len_bytes);
    uint8_t want[EVP_MAX_MD_SIZE];
    oneshot(msg.data(), msg.size(), want);
    // Zeroed first: init and update leave the unused part of the block
    // buffer unwritten, and the whole-struct comparison below reads it.
    CTX ctx, before;
    memset(&ctx, 0, sizeof(ctx));
    init(&ctx);
    update(&ctx, "xyz", 3);  // buffered: Transform must leave it alone
    memcpy(&before, &ctx, sizeof(ctx));
    for (size_t off = 0; off < padded.size(); off += block) {
      transform(&ctx, padded.data() + off);
    }
    EXPECT_EQ(Bytes(want, md_len), Bytes(BigEndian(ctx.h, md_len)));
    memcpy(before.h, ctx.h, sizeof(ctx.h));
    EXPECT_EQ(0, memcmp(&before, &ctx, sizeof(ctx)));
  }
}

TEST(CompatTest, SHA1Transform) {
  CheckTransform(SHA1_Init, SHA1_Update, SHA1_Transform, SHA1, SHA_CBLOCK, 8,
                 SHA_DIGEST_LENGTH);
}

TEST(CompatTest, SHA256Transform) {
  CheckTransform(SHA256_Init, SHA256_Update, SHA256_Transform, SHA256,
                 SHA256_CBLOCK, 8, SHA256_DIGEST_LENGTH);
  CheckTransform(SHA224_Init, SHA224_Update, SHA256_Transform, SHA224,
                 SHA256_CBLOCK, 8, SHA224_DIGEST_LENGTH);
}

TEST(CompatTest, SHA256TransformBlocks) {
  for (size_t n : kTransformLengths) {
    SCOPED_TRACE(n);
    std::vector<uint8_t> msg = Message(n);
    std::vector<uint8_t> padded = PadMessage(msg, SHA256_CBLOCK, 8);
    uint8_t want[SHA256_DIGEST_LENGTH];
    SHA256(msg.data(), msg.size(), want);
    // All blocks in one call, from SHA-256's initial value.
    SHA256_CTX init;
    SHA256_Init(&init);
    uint32_t state[8];
    memcpy(state, init.h, sizeof(state));
    SHA256_TransformBlocks(state, padded.data(), padded.size() / 64);
    EXPECT_EQ(Bytes(want, sizeof(want)),
              Bytes(BigEndian(state, SHA256_DIGEST_LENGTH)));
    // Zero blocks: nothing read, nothing changed.
    SHA256_TransformBlocks(state, nullptr, 0);
    EXPECT_EQ(Bytes(want, sizeof(want)),
              Bytes(BigEndian(state, SHA256_DIGEST_LENGTH)));
  }
}

TEST(CompatTest, SHA512Transform) {
  CheckTransform(SHA512_Init, SHA512_Update, SHA512_Transform, SHA512,
                 SHA512_CBLOCK, 16, SHA512_DIGEST_LENGTH);
  CheckTransform(SHA384_Init, SHA384_Update, SHA512_Transform, SHA384,
                 SHA512_CBLOCK, 16, SHA384_DIGEST_LENGTH);
  CheckTransform(SHA512_256_Init, SHA512_256_Update, SHA512_Transform,
                 SHA512_256, SHA512_CBLOCK, 16, SHA512_256_DIGEST_LENGTH);
}

// FIPS 186-2 change notice 1, the example of appendix 3.1 (XSEED zero).
TEST(CompatTest, FIPS1862PRF) {
  std::vector<uint8_t> xkey, want;
  ASSERT_TRUE(DecodeHex(&xkey, "bd029bbe7f51960bcf9edb2b61f06f0feb5a38b6"));
  ASSERT_TRUE(DecodeHex(&want,
                        "2070b3223dba372fde1c0ffc7b2e3b498b260614"
                        "3c6c18bacb0f6c55babb13788e20d737a3275116"));
  uint8_t out[100];
  CRYPTO_fips_186_2_prf(out, 40, xkey.data());
  EXPECT_EQ(Bytes(want), Bytes(out, 40));
  // Longer outputs continue the same sequence; shorter ones truncate it.
  uint8_t longer[100];
  CRYPTO_fips_186_2_prf(longer, sizeof(longer), xkey.data());
  EXPECT_EQ(Bytes(want), Bytes(longer, 40));
  for (size_t len : {0, 1, 19, 20, 21, 39, 41, 99}) {
    memset(out, 0xaa, sizeof(out));
    CRYPTO_fips_186_2_prf(out, len, xkey.data());
    EXPECT_EQ(Bytes(longer, len), Bytes(out, len)) << len;
    EXPECT_EQ(0xaa, out[len]) << "wrote past out_len " << len;
  }
  // In place: the seed is read before the output is written.
  std::vector<uint8_t> in_place(40);
  memcpy(in_place.data(), xkey.data(), 20);
  CRYPTO_fips_186_2_prf(in_place.data(), 40, in_place.data());
  EXPECT_EQ(Bytes(want), Bytes(in_place));
}

TEST(CompatTest, Version) {
  EXPECT_STREQ(OPENSSL_VERSION_TEXT, OpenSSL_version(OPENSSL_VERSION));
  EXPECT_STREQ("3.0.0", OpenSSL_version(OPENSSL_VERSION_STRING));
  EXPECT_STREQ(OPENSSL_FULL_VERSION_STR,
               OpenSSL_version(OPENSSL_FULL_VERSION_STRING));
  EXPECT_STREQ("not available", OpenSSL_version(-1));
  EXPECT_STREQ("not available", OpenSSL_version(10));
  for (int t = OPENSSL_VERSION; t <= OPENSSL_CPU_INFO; t++) {
    ASSERT_NE(nullptr, OpenSSL_version(t));
    EXPECT_STRNE("not available", OpenSSL_version(t)) << t;
  }
  EXPECT_EQ(0, strncmp(OpenSSL_version(OPENSSL_VERSION), "OpenSSL 3.0.0 ",
                       strlen("OpenSSL 3.0.0 ")));
  EXPECT_EQ(static_cast<unsigned long>(OPENSSL_VERSION_NUMBER),
            OpenSSL_version_num());
  EXPECT_EQ(0x30000000UL, OpenSSL_version_num());
  // 0xMNN00PP0 of MAJOR.MINOR.PATCH.
  EXPECT_EQ((static_cast<unsigned long>(OPENSSL_version_major()) << 28) |
                (static_cast<unsigned long>(OPENSSL_version_minor()) << 20) |
                (static_cast<unsigned long>(OPENSSL_version_patch()) << 4),
            OpenSSL_version_num());
  EXPECT_EQ(3u, OPENSSL_version_major());
  EXPECT_STREQ("", OPENSSL_version_pre_release());
  EXPECT_STREQ("+bittern." BITTERN_VERSION_STR,
               OPENSSL_version_build_metadata());
  EXPECT_EQ(30000, OPENSSL_API_LEVEL);
  EXPECT_EQ(1, OPENSSL_IS_BITTERN);
}

}  // namespace
