// Copyright 2026 The project authors.
//
// HKDF tests: the RFC 5869 test cases (crypto/hkdf/test/hkdf_tests.txt),
// Wycheproof's HKDF suites, the 255 * HashLen limit, extract + expand
// consistency, and every error path.

#include <openssl/hkdf.h>

#include <openssl/digest.h>
#include <openssl/err.h>
#include <openssl/hmac.h>

#include <string.h>

#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "../test/file_test.h"
#include "../test/json.h"
#include "../test/test_util.h"

namespace {

const EVP_MD *(*const kDigests[])(void) = {
    EVP_sha1,   EVP_sha224,     EVP_sha256,     EVP_sha384,
    EVP_sha512, EVP_sha512_224, EVP_sha512_256,
};

void ExpectError(int lib, int reason) {
  uint32_t err = ERR_get_error();
  EXPECT_EQ(lib, ERR_GET_LIB(err)) << "no error or wrong library";
  EXPECT_EQ(reason, ERR_GET_REASON(err));
  EXPECT_EQ(0u, ERR_get_error()) << "more than one error queued";
  ERR_clear_error();
}

}  // namespace

TEST(HKDFTest, RFC5869) {
  size_t n = FileTestGTest(
      SourcePath("crypto/hkdf/test/hkdf_tests.txt"), [](FileTest *t) {
        std::string name;
        std::vector<uint8_t> ikm, salt, info, prk, okm;
        ASSERT_TRUE(t->GetAttribute(&name, "Hash"));
        ASSERT_TRUE(t->GetBytes(&ikm, "IKM"));
        ASSERT_TRUE(t->GetBytes(&salt, "Salt"));
        ASSERT_TRUE(t->GetBytes(&info, "Info"));
        ASSERT_TRUE(t->GetBytes(&prk, "PRK"));
        ASSERT_TRUE(t->GetBytes(&okm, "OKM"));
        const EVP_MD *md = EVP_get_digestbyname(name.c_str());
        ASSERT_NE(nullptr, md) << name;

        uint8_t prk_out[EVP_MAX_MD_SIZE];
        size_t prk_len = 0;
        ASSERT_TRUE(HKDF_extract(prk_out, &prk_len, md, ikm.data(), ikm.size(),
                                 salt.data(), salt.size()));
        EXPECT_EQ(Bytes(prk), Bytes(prk_out, prk_len));

        std::vector<uint8_t> out(okm.size());
        ASSERT_TRUE(HKDF_expand(out.data(), out.size(), md, prk.data(),
                                prk.size(), info.data(), info.size()));
        EXPECT_EQ(Bytes(okm), Bytes(out));

        std::fill(out.begin(), out.end(), 0);
        ASSERT_TRUE(HKDF(out.data(), out.size(), md, ikm.data(), ikm.size(),
                         salt.data(), salt.size(), info.data(), info.size()));
        EXPECT_EQ(Bytes(okm), Bytes(out));
      });
  EXPECT_EQ(8u, n);
}

// Wycheproof HKDF: `size` is the output length in bytes. The invalid tests
// ask for more than 255 * HashLen bytes and must fail.
static void RunWycheproofHKDF(const char *file, const EVP_MD *md) {
  VECTORS_PATH_OR_SKIP(path, std::string("wycheproof/testvectors_v1/") + file);
  size_t valid = 0, invalid = 0;
  WycheproofForEach(path, [&](const JSONValue &group, const JSONValue &test) {
    (void)group;
    std::vector<uint8_t> ikm, salt, info, okm;
    ASSERT_TRUE(test["ikm"].Hex(&ikm));
    ASSERT_TRUE(test["salt"].Hex(&salt));
    ASSERT_TRUE(test["info"].Hex(&info));
    ASSERT_TRUE(test["okm"].Hex(&okm));
    size_t size = static_cast<size_t>(test["size"].number());
    const std::string &result = test["result"].str();
    std::vector<uint8_t> out(size + 1, 0xee);
    int ok = HKDF(out.data(), size, md, ikm.data(), ikm.size(), salt.data(),
                  salt.size(), info.data(), info.size());
    if (result == "valid") {
      valid++;
      ASSERT_TRUE(ok);
      ASSERT_EQ(size, okm.size());
      EXPECT_EQ(Bytes(okm), Bytes(out.data(), size));
      EXPECT_EQ(0xee, out[size]) << "wrote past the output";
    } else {
      ASSERT_EQ("invalid", result);
      invalid++;
      EXPECT_FALSE(ok);
      EXPECT_GT(size, 255 * EVP_MD_size(md));
      ExpectError(ERR_LIB_HKDF, HKDF_R_OUTPUT_TOO_LARGE);
    }
  });
  EXPECT_GT(valid, 0u);
  EXPECT_EQ(3u, invalid);
}

TEST(HKDFTest, WycheproofSHA1) {
  RunWycheproofHKDF("hkdf_sha1_test.json", EVP_sha1());
}
TEST(HKDFTest, WycheproofSHA256) {
  RunWycheproofHKDF("hkdf_sha256_test.json", EVP_sha256());
}
TEST(HKDFTest, WycheproofSHA384) {
  RunWycheproofHKDF("hkdf_sha384_test.json", EVP_sha384());
}
TEST(HKDFTest, WycheproofSHA512) {
  RunWycheproofHKDF("hkdf_sha512_test.json", EVP_sha512());
}

// Exactly 255 * HashLen bytes is allowed, one more is refused without
// writing anything; shorter outputs are prefixes of longer ones; HKDF is
// extract followed by expand.
TEST(HKDFTest, LengthsAndConsistency) {
  TestRNG rng(5869);
  std::vector<uint8_t> ikm = rng.Bytes(33), salt = rng.Bytes(21),
                       info = rng.Bytes(17);
  for (auto md_func : kDigests) {
    const EVP_MD *md = md_func();
    SCOPED_TRACE(EVP_MD_name(md));
    const size_t max = 255 * EVP_MD_size(md);

    std::vector<uint8_t> full(max);
    ASSERT_TRUE(HKDF(full.data(), full.size(), md, ikm.data(), ikm.size(),
                     salt.data(), salt.size(), info.data(), info.size()));

    uint8_t prk[EVP_MAX_MD_SIZE];
    size_t prk_len = 0;
    ASSERT_TRUE(HKDF_extract(prk, &prk_len, md, ikm.data(), ikm.size(),
                             salt.data(), salt.size()));
    EXPECT_EQ(EVP_MD_size(md), prk_len);
    // PRK = HMAC(salt, IKM).
    uint8_t mac[EVP_MAX_MD_SIZE];
    ASSERT_TRUE(HMAC(md, salt.data(), salt.size(), ikm.data(), ikm.size(), mac,
                     nullptr));
    EXPECT_EQ(Bytes(mac, prk_len), Bytes(prk, prk_len));

    const size_t lens[] = {0, 1, EVP_MD_size(md) - 1, EVP_MD_size(md),
                           EVP_MD_size(md) + 1, 1000, max - 1, max};
    for (size_t len : lens) {
      SCOPED_TRACE(len);
      std::vector<uint8_t> out(len + 1, 0xee);
      ASSERT_TRUE(HKDF_expand(out.data(), len, md, prk, prk_len, info.data(),
                              info.size()));
      EXPECT_EQ(Bytes(full.data(), len), Bytes(out.data(), len));
      EXPECT_EQ(0xee, out[len]);
    }

    // One byte too many: refused, output untouched.
    std::vector<uint8_t> big(max + 1, 0xee);
    EXPECT_FALSE(HKDF_expand(big.data(), big.size(), md, prk, prk_len,
                             info.data(), info.size()));
    ExpectError(ERR_LIB_HKDF, HKDF_R_OUTPUT_TOO_LARGE);
    EXPECT_FALSE(HKDF(big.data(), big.size(), md, ikm.data(), ikm.size(),
                      salt.data(), salt.size(), info.data(), info.size()));
    ExpectError(ERR_LIB_HKDF, HKDF_R_OUTPUT_TOO_LARGE);
    for (uint8_t b : big) {
      ASSERT_EQ(0xee, b);
    }
  }
}

// HKDF_expand puts T(i-1) || info || i together in a 1024-byte stack
// buffer when it fits and streams it otherwise (hkdf.c): every info length
// around that edge, for the first block (no T(i-1)) and the later ones,
// against an expand written here with the public HMAC_CTX functions.
TEST(HKDFTest, InfoAroundStackBuffer) {
  TestRNG rng(0x1024);
  std::vector<uint8_t> prk = rng.Bytes(64), info = rng.Bytes(1100);
  for (auto md_func : kDigests) {
    const EVP_MD *md = md_func();
    SCOPED_TRACE(EVP_MD_name(md));
    const size_t hash_len = EVP_MD_size(md);
    std::vector<size_t> info_lens = {0, 1, 20, 55, 56, 64, 111, 112, 128};
    for (size_t edge : {size_t{1023}, 1023 - hash_len}) {
      for (size_t d = 0; d < 5; d++) {
        info_lens.push_back(edge - 2 + d);
      }
    }
    for (size_t info_len : info_lens) {
      SCOPED_TRACE(info_len);
      const size_t out_len = 3 * hash_len + 5;
      std::vector<uint8_t> want, t;
      HMAC_CTX ctx;
      HMAC_CTX_init(&ctx);
      for (uint8_t i = 1; want.size() < out_len; i++) {
        ASSERT_TRUE(HMAC_Init_ex(&ctx, prk.data(), hash_len, md, nullptr));
        ASSERT_TRUE(HMAC_Update(&ctx, t.data(), t.size()));
        ASSERT_TRUE(HMAC_Update(&ctx, info.data(), info_len));
        ASSERT_TRUE(HMAC_Update(&ctx, &i, 1));
        t.resize(hash_len);
        ASSERT_TRUE(HMAC_Final(&ctx, t.data(), nullptr));
        want.insert(want.end(), t.begin(), t.end());
      }
      HMAC_CTX_cleanup(&ctx);
      want.resize(out_len);
      std::vector<uint8_t> got(out_len);
      ASSERT_TRUE(HKDF_expand(got.data(), out_len, md, prk.data(), hash_len,
                              info.data(), info_len));
      EXPECT_EQ(Bytes(want), Bytes(got));
    }
  }
}

// An expand of at most one SHA-256 block is one call of the fused
// HMAC-SHA256 row with the counter byte appended in its padded tail
// (hkdf.c, hmac_sha256_oneshot): every info length over three blocks (the
// tail holds 0..63 bytes of info, and at 63 the counter fills the block and
// the padding takes a block of its own), every output length that takes
// this path's two branches, and outputs that alias the PRK or the info,
// against an expand written here with the public HMAC_CTX functions.
TEST(HKDFTest, OneBlockSHA256) {
  TestRNG rng(0x5256);
  const EVP_MD *md = EVP_sha256();
  std::vector<uint8_t> prk = rng.Bytes(32), info = rng.Bytes(200);
  HMAC_CTX ctx;
  HMAC_CTX_init(&ctx);
  for (size_t info_len = 0; info_len <= info.size(); info_len++) {
    SCOPED_TRACE(info_len);
    uint8_t want[32];
    const uint8_t one = 1;
    ASSERT_TRUE(HMAC_Init_ex(&ctx, prk.data(), prk.size(), md, nullptr));
    ASSERT_TRUE(HMAC_Update(&ctx, info.data(), info_len));
    ASSERT_TRUE(HMAC_Update(&ctx, &one, 1));
    ASSERT_TRUE(HMAC_Final(&ctx, want, nullptr));
    for (size_t out_len : {size_t{0}, size_t{1}, size_t{31}, size_t{32}}) {
      SCOPED_TRACE(out_len);
      std::vector<uint8_t> got(out_len + 1, 0xee);
      ASSERT_TRUE(HKDF_expand(got.data(), out_len, md, prk.data(), prk.size(),
                              info.data(), info_len));
      EXPECT_EQ(Bytes(want, out_len), Bytes(got.data(), out_len));
      EXPECT_EQ(0xee, got[out_len]);
    }
    // The output over the PRK, and over the start of the info.
    std::vector<uint8_t> key = prk;
    ASSERT_TRUE(HKDF_expand(key.data(), 32, md, key.data(), key.size(),
                            info.data(), info_len));
    EXPECT_EQ(Bytes(want, 32), Bytes(key));
    if (info_len >= 32) {
      std::vector<uint8_t> buf(info.begin(), info.begin() + info_len);
      ASSERT_TRUE(HKDF_expand(buf.data(), 32, md, prk.data(), prk.size(),
                              buf.data(), info_len));
      EXPECT_EQ(Bytes(want, 32), Bytes(buf.data(), 32));
    }
  }
  HMAC_CTX_cleanup(&ctx);
}

TEST(HKDFTest, ErrorPaths) {
  ERR_clear_error();
  const EVP_MD *md = EVP_sha256();
  const uint8_t in[8] = {1, 2, 3, 4, 5, 6, 7, 8};
  uint8_t out[64];
  size_t out_len = 0;

  EXPECT_FALSE(HKDF(out, 32, nullptr, in, 8, in, 8, in, 8));
  ExpectError(ERR_LIB_HKDF, ERR_R_PASSED_NULL_PARAMETER);
  EXPECT_FALSE(HKDF(out, 32, md, nullptr, 8, in, 8, in, 8));
  ExpectError(ERR_LIB_HKDF, ERR_R_PASSED_NULL_PARAMETER);
  EXPECT_FALSE(HKDF(out, 32, md, in, 8, nullptr, 8, in, 8));
  ExpectError(ERR_LIB_HKDF, ERR_R_PASSED_NULL_PARAMETER);
  EXPECT_FALSE(HKDF(out, 32, md, in, 8, in, 8, nullptr, 8));
  ExpectError(ERR_LIB_HKDF, ERR_R_PASSED_NULL_PARAMETER);
  EXPECT_FALSE(HKDF(nullptr, 32, md, in, 8, in, 8, in, 8));
  ExpectError(ERR_LIB_HKDF, ERR_R_PASSED_NULL_PARAMETER);

  EXPECT_FALSE(HKDF_extract(out, &out_len, nullptr, in, 8, in, 8));
  ExpectError(ERR_LIB_HKDF, ERR_R_PASSED_NULL_PARAMETER);
  EXPECT_FALSE(HKDF_extract(nullptr, &out_len, md, in, 8, in, 8));
  ExpectError(ERR_LIB_HKDF, ERR_R_PASSED_NULL_PARAMETER);
  EXPECT_FALSE(HKDF_extract(out, nullptr, md, in, 8, in, 8));
  ExpectError(ERR_LIB_HKDF, ERR_R_PASSED_NULL_PARAMETER);
  EXPECT_FALSE(HKDF_extract(out, &out_len, md, nullptr, 8, in, 8));
  ExpectError(ERR_LIB_HKDF, ERR_R_PASSED_NULL_PARAMETER);
  EXPECT_FALSE(HKDF_extract(out, &out_len, md, in, 8, nullptr, 8));
  ExpectError(ERR_LIB_HKDF, ERR_R_PASSED_NULL_PARAMETER);

  EXPECT_FALSE(HKDF_expand(out, 32, nullptr, in, 8, in, 8));
  ExpectError(ERR_LIB_HKDF, ERR_R_PASSED_NULL_PARAMETER);
  EXPECT_FALSE(HKDF_expand(nullptr, 32, md, in, 8, in, 8));
  ExpectError(ERR_LIB_HKDF, ERR_R_PASSED_NULL_PARAMETER);
  EXPECT_FALSE(HKDF_expand(out, 32, md, nullptr, 8, in, 8));
  ExpectError(ERR_LIB_HKDF, ERR_R_PASSED_NULL_PARAMETER);
  EXPECT_FALSE(HKDF_expand(out, 32, md, in, 8, nullptr, 8));
  ExpectError(ERR_LIB_HKDF, ERR_R_PASSED_NULL_PARAMETER);
  EXPECT_FALSE(HKDF_expand(out, SIZE_MAX, md, in, 8, in, 8));
  ExpectError(ERR_LIB_HKDF, HKDF_R_OUTPUT_TOO_LARGE);

  // NULL with zero lengths is accepted everywhere.
  EXPECT_TRUE(HKDF(nullptr, 0, md, nullptr, 0, nullptr, 0, nullptr, 0));
  EXPECT_TRUE(HKDF_extract(out, &out_len, md, nullptr, 0, nullptr, 0));
  EXPECT_EQ(32u, out_len);
  EXPECT_TRUE(HKDF_expand(out, 32, md, nullptr, 0, nullptr, 0));
  EXPECT_EQ(0u, ERR_peek_error());
}
