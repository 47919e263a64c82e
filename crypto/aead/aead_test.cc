// Copyright 2026 The project authors.
//
// Tests of the EVP_AEAD_CTX API with ChaCha20-Poly1305 and
// XChaCha20-Poly1305: the RFC 8439 examples (our own file), BoringSSL's
// vector files (including truncated tags), Wycheproof, seal/open round
// trips for every tag length, seal against the composition of the public
// ChaCha20 and Poly1305 functions across the implementation's length
// thresholds, the scatter/gather forms, and every error
// path (return value, error reason, and what is left in the outputs).

#include <openssl/aead.h>

#include <stdint.h>
#include <string.h>

#include <algorithm>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include <openssl/chacha.h>
#include <openssl/err.h>
#include <openssl/mem.h>
#include <openssl/poly1305.h>

#include "../internal.h"
#include "../test/file_test.h"
#include "../test/json.h"
#include "../test/test_util.h"

namespace {

// The plaintext limit of both AEADs: 64 * (2^32 - 1) bytes.
constexpr uint64_t kMaxPlaintext = 64 * uint64_t{0xffffffff};

struct AEADInfo {
  const char *name;
  const EVP_AEAD *(*func)(void);
  size_t nonce_len;
};

const AEADInfo kAEADs[] = {
    {"ChaCha20Poly1305", EVP_aead_chacha20_poly1305, 12},
    {"XChaCha20Poly1305", EVP_aead_xchacha20_poly1305, 24},
};

// ExpectError checks that the oldest queued error is `reason` from
// ERR_LIB_CIPHER and that nothing else is queued, then clears the queue.
void ExpectError(int reason) {
  uint32_t err = ERR_get_error();
  EXPECT_EQ(ERR_LIB_CIPHER, ERR_GET_LIB(err));
  EXPECT_EQ(reason, ERR_GET_REASON(err))
      << "got " << (ERR_reason_error_string(err) ? ERR_reason_error_string(err)
                                                 : "(none)");
  EXPECT_EQ(0u, ERR_get_error()) << "more than one error queued";
  ERR_clear_error();
}

bool AllZero(const uint8_t *p, size_t len) {
  for (size_t i = 0; i < len; i++) {
    if (p[i] != 0) {
      return false;
    }
  }
  return true;
}

bool AllEqual(const uint8_t *p, size_t len, uint8_t v) {
  for (size_t i = 0; i < len; i++) {
    if (p[i] != v) {
      return false;
    }
  }
  return true;
}

// ScopedCtx owns an initialised EVP_AEAD_CTX.
class ScopedCtx {
 public:
  ScopedCtx() { EVP_AEAD_CTX_zero(&ctx_); }
  ~ScopedCtx() { EVP_AEAD_CTX_cleanup(&ctx_); }
  ScopedCtx(const ScopedCtx &) = delete;
  ScopedCtx &operator=(const ScopedCtx &) = delete;
  EVP_AEAD_CTX *get() { return &ctx_; }

 private:
  EVP_AEAD_CTX ctx_;
};

std::vector<uint8_t> Concat(const std::vector<uint8_t> &a,
                            const std::vector<uint8_t> &b) {
  std::vector<uint8_t> r = a;
  r.insert(r.end(), b.begin(), b.end());
  return r;
}

// CheckOpenFails checks that opening `sealed` fails with BAD_DECRYPT and
// leaves the output zeroed, out of place and in place.
void CheckOpenFails(const EVP_AEAD_CTX *ctx, const std::vector<uint8_t> &nonce,
                    const std::vector<uint8_t> &sealed,
                    const std::vector<uint8_t> &ad) {
  std::vector<uint8_t> out(sealed.size() + 1, 0xaa);
  size_t out_len = 12345;
  EXPECT_FALSE(EVP_AEAD_CTX_open(ctx, out.data(), &out_len, out.size(),
                                 nonce.data(), nonce.size(), sealed.data(),
                                 sealed.size(), ad.data(), ad.size()));
  ExpectError(CIPHER_R_BAD_DECRYPT);
  EXPECT_EQ(0u, out_len);
  EXPECT_TRUE(AllZero(out.data(), out.size()));

  std::vector<uint8_t> buf = sealed;
  EXPECT_FALSE(EVP_AEAD_CTX_open(ctx, buf.data(), &out_len, buf.size(),
                                 nonce.data(), nonce.size(), buf.data(),
                                 buf.size(), ad.data(), ad.size()));
  ExpectError(CIPHER_R_BAD_DECRYPT);
  EXPECT_TRUE(AllZero(buf.data(), buf.size()));
}

// SealAndOpen checks one message through EVP_AEAD_CTX_seal and
// EVP_AEAD_CTX_open, in both directions out of place and in place:
//   - seal out of place into a buffer of `seal_room` bytes must succeed and
//     write `pt.size() + tag_len` bytes, which are stored in `*sealed` and
//     handed to `check_sealed` (the caller's expectation of them: a known
//     ciphertext || tag, or another computation of it);
//   - seal in place (the plaintext at the start of a buffer of exactly
//     `pt.size() + tag_len` bytes) must give the same bytes;
//   - open of `*sealed` out of place, into a buffer of exactly the
//     plaintext's size, and in place must give back `pt`.
// Every check is fatal, so wrap the call in ASSERT_NO_FATAL_FAILURE.
template <typename CheckSealed>
void SealAndOpen(const EVP_AEAD_CTX *ctx, size_t tag_len, size_t seal_room,
                 const std::vector<uint8_t> &nonce,
                 const std::vector<uint8_t> &pt,
                 const std::vector<uint8_t> &ad, CheckSealed check_sealed,
                 std::vector<uint8_t> *sealed) {
  const size_t len = pt.size();
  sealed->assign(seal_room, 0);
  size_t sealed_len;
  ASSERT_TRUE(EVP_AEAD_CTX_seal(ctx, sealed->data(), &sealed_len, seal_room,
                                nonce.data(), nonce.size(), pt.data(), len,
                                ad.data(), ad.size()));
  ASSERT_EQ(len + tag_len, sealed_len);
  sealed->resize(sealed_len);
  ASSERT_NO_FATAL_FAILURE(check_sealed(*sealed));

  std::vector<uint8_t> buf = pt;
  buf.resize(len + tag_len);
  ASSERT_TRUE(EVP_AEAD_CTX_seal(ctx, buf.data(), &sealed_len, buf.size(),
                                nonce.data(), nonce.size(), buf.data(), len,
                                ad.data(), ad.size()));
  ASSERT_EQ(Bytes(*sealed), Bytes(buf.data(), sealed_len));

  std::vector<uint8_t> opened(len);
  size_t opened_len;
  ASSERT_TRUE(EVP_AEAD_CTX_open(ctx, opened.data(), &opened_len,
                                opened.size(), nonce.data(), nonce.size(),
                                sealed->data(), sealed->size(), ad.data(),
                                ad.size()));
  ASSERT_EQ(Bytes(pt), Bytes(opened.data(), opened_len));
  ASSERT_TRUE(EVP_AEAD_CTX_open(ctx, buf.data(), &opened_len, buf.size(),
                                nonce.data(), nonce.size(), buf.data(),
                                buf.size(), ad.data(), ad.size()));
  ASSERT_EQ(Bytes(pt), Bytes(buf.data(), opened_len));
}

// CheckVector checks one (key, nonce, plaintext, AD) -> (ciphertext, tag)
// vector through every entry point, in place and out of place, and that
// corrupting the tag, the ciphertext or the AD is detected.
void CheckVector(const EVP_AEAD *aead, const std::vector<uint8_t> &key,
                 const std::vector<uint8_t> &nonce,
                 const std::vector<uint8_t> &in,
                 const std::vector<uint8_t> &ad,
                 const std::vector<uint8_t> &ct,
                 const std::vector<uint8_t> &tag) {
  ASSERT_EQ(in.size(), ct.size());
  ScopedCtx ctx;
  ASSERT_TRUE(EVP_AEAD_CTX_init(ctx.get(), aead, key.data(), key.size(),
                                tag.size(), nullptr));
  const std::vector<uint8_t> sealed = Concat(ct, tag);

  // seal and open, out of place and in place.
  auto is_vector = [&](const std::vector<uint8_t> &got) {
    ASSERT_EQ(Bytes(sealed), Bytes(got));
  };
  std::vector<uint8_t> out;
  ASSERT_NO_FATAL_FAILURE(SealAndOpen(ctx.get(), tag.size(),
                                      in.size() + tag.size(), nonce, in, ad,
                                      is_vector, &out));

  // seal_scatter, splitting the plaintext between `in` and `extra_in` at
  // the start, the middle and the end.
  for (size_t split : {size_t{0}, in.size() / 2, in.size()}) {
    SCOPED_TRACE(split);
    std::vector<uint8_t> ct_part(split), tag_part(in.size() - split + 16);
    size_t tag_part_len;
    ASSERT_TRUE(EVP_AEAD_CTX_seal_scatter(
        ctx.get(), ct_part.data(), tag_part.data(), &tag_part_len,
        tag_part.size(), nonce.data(), nonce.size(), in.data(), split,
        in.data() + split, in.size() - split, ad.data(), ad.size()));
    ASSERT_EQ(in.size() - split + tag.size(), tag_part_len);
    tag_part.resize(tag_part_len);
    EXPECT_EQ(Bytes(sealed), Bytes(Concat(ct_part, tag_part)));
  }

  // open_gather.
  out.assign(in.size(), 0);
  ASSERT_TRUE(EVP_AEAD_CTX_open_gather(
      ctx.get(), out.data(), nonce.data(), nonce.size(), ct.data(), ct.size(),
      tag.data(), tag.size(), ad.data(), ad.size()));
  EXPECT_EQ(Bytes(in), Bytes(out));

  // Corruptions: the last tag bit, the first ciphertext bit, the first AD
  // bit, and the ciphertext truncated by one byte.
  std::vector<uint8_t> bad = sealed;
  bad.back() ^= 0x80;
  CheckOpenFails(ctx.get(), nonce, bad, ad);
  if (!ct.empty()) {
    bad = sealed;
    bad[0] ^= 1;
    CheckOpenFails(ctx.get(), nonce, bad, ad);
  }
  if (!ad.empty()) {
    std::vector<uint8_t> bad_ad = ad;
    bad_ad[0] ^= 1;
    CheckOpenFails(ctx.get(), nonce, sealed, bad_ad);
  }
  bad.assign(sealed.begin(), sealed.end() - 1);
  CheckOpenFails(ctx.get(), nonce, bad, ad);
}

void RunAEADFile(const EVP_AEAD *aead, const std::string &path,
                 size_t expected_count) {
  size_t n = FileTestGTest(path, [&](FileTest *t) {
    std::vector<uint8_t> key, nonce, in, ad, ct, tag;
    ASSERT_TRUE(t->GetBytes(&key, "KEY"));
    ASSERT_TRUE(t->GetBytes(&nonce, "NONCE"));
    ASSERT_TRUE(t->GetBytes(&in, "IN"));
    ASSERT_TRUE(t->GetBytes(&ad, "AD"));
    ASSERT_TRUE(t->GetBytes(&ct, "CT"));
    ASSERT_TRUE(t->GetBytes(&tag, "TAG"));
    CheckVector(aead, key, nonce, in, ad, ct, tag);
  });
  EXPECT_EQ(expected_count, n);
}

TEST(AEADTest, RFC8439Vectors) {
  RunAEADFile(EVP_aead_chacha20_poly1305(),
              SourcePath("crypto/aead/test/rfc8439_aead_tests.txt"), 2);
}

TEST(AEADTest, BoringSSLChaCha20Poly1305) {
  VECTORS_PATH_OR_SKIP(
      path, "boringssl/crypto/cipher/test/chacha20_poly1305_tests.txt");
  // 81 tests, the last 15 with truncated tags (1..15 bytes).
  RunAEADFile(EVP_aead_chacha20_poly1305(), path, 81);
}

TEST(AEADTest, BoringSSLXChaCha20Poly1305) {
  VECTORS_PATH_OR_SKIP(
      path, "boringssl/crypto/cipher/test/xchacha20_poly1305_tests.txt");
  RunAEADFile(EVP_aead_xchacha20_poly1305(), path, 52);
}

// RunWycheproof runs a Wycheproof AEAD file: "valid" tests must reproduce;
// "invalid" ones must be rejected by open (or, for a nonce of the wrong
// size, refused by both seal and open with CIPHER_R_INVALID_NONCE_SIZE).
void RunWycheproof(const EVP_AEAD *aead, const std::string &path,
                   size_t expected_valid, size_t expected_invalid) {
  size_t valid = 0, invalid = 0;
  WycheproofForEach(path, [&](const JSONValue &group, const JSONValue &test) {
    std::vector<uint8_t> key, iv, aad, msg, ct, tag;
    ASSERT_TRUE(test["key"].Hex(&key));
    ASSERT_TRUE(test["iv"].Hex(&iv));
    ASSERT_TRUE(test["aad"].Hex(&aad));
    ASSERT_TRUE(test["msg"].Hex(&msg));
    ASSERT_TRUE(test["ct"].Hex(&ct));
    ASSERT_TRUE(test["tag"].Hex(&tag));
    EXPECT_EQ(group["ivSize"].number(), 8.0 * iv.size());
    const std::string &result = test["result"].str();
    if (result == "valid") {
      valid++;
      CheckVector(aead, key, iv, msg, aad, ct, tag);
      return;
    }
    ASSERT_EQ("invalid", result);
    invalid++;
    ScopedCtx ctx;
    ASSERT_TRUE(EVP_AEAD_CTX_init(ctx.get(), aead, key.data(), key.size(),
                                  tag.size(), nullptr));
    std::vector<uint8_t> sealed = Concat(ct, tag);
    if (iv.size() != EVP_AEAD_nonce_length(aead)) {
      // These tests carry no ciphertext or tag: seal with room for a full
      // tag, and open whatever there is; both refuse the nonce first.
      EXPECT_TRUE(test["flags"].array().size() == 1 &&
                  test["flags"].array()[0].str() == "InvalidNonceSize");
      EVP_AEAD_CTX_cleanup(ctx.get());
      ASSERT_TRUE(EVP_AEAD_CTX_init(ctx.get(), aead, key.data(), key.size(),
                                    EVP_AEAD_DEFAULT_TAG_LENGTH, nullptr));
      std::vector<uint8_t> out(msg.size() + 16, 0xaa);
      size_t out_len;
      EXPECT_FALSE(EVP_AEAD_CTX_seal(ctx.get(), out.data(), &out_len,
                                     out.size(), iv.data(), iv.size(),
                                     msg.data(), msg.size(), aad.data(),
                                     aad.size()));
      ExpectError(CIPHER_R_INVALID_NONCE_SIZE);
      EXPECT_TRUE(AllZero(out.data(), out.size()));
      out.assign(sealed.size(), 0xaa);
      EXPECT_FALSE(EVP_AEAD_CTX_open(ctx.get(), out.data(), &out_len,
                                     out.size(), iv.data(), iv.size(),
                                     sealed.data(), sealed.size(), aad.data(),
                                     aad.size()));
      ExpectError(CIPHER_R_INVALID_NONCE_SIZE);
      EXPECT_TRUE(AllZero(out.data(), out.size()));
      return;
    }
    CheckOpenFails(ctx.get(), iv, sealed, aad);
  });
  EXPECT_EQ(expected_valid, valid);
  EXPECT_EQ(expected_invalid, invalid);
}

TEST(AEADTest, WycheproofChaCha20Poly1305) {
  VECTORS_PATH_OR_SKIP(
      path, "wycheproof/testvectors_v1/chacha20_poly1305_test.json");
  RunWycheproof(EVP_aead_chacha20_poly1305(), path, 256, 69);
}

TEST(AEADTest, WycheproofXChaCha20Poly1305) {
  VECTORS_PATH_OR_SKIP(
      path, "wycheproof/testvectors_v1/xchacha20_poly1305_test.json");
  RunWycheproof(EVP_aead_xchacha20_poly1305(), path, 246, 69);
}

// --- Tests run for each AEAD -------------------------------------------------

class PerAEADTest : public testing::TestWithParam<AEADInfo> {
 protected:
  const EVP_AEAD *aead() const { return GetParam().func(); }
  size_t nonce_len() const { return GetParam().nonce_len; }

  // InitCtx sets up `ctx` with a fixed key and `tag_len`.
  void InitCtx(EVP_AEAD_CTX *ctx, size_t tag_len = 16) {
    uint8_t key[32];
    for (int i = 0; i < 32; i++) {
      key[i] = static_cast<uint8_t>(0x40 + i);
    }
    ASSERT_TRUE(EVP_AEAD_CTX_init(ctx, aead(), key, sizeof(key), tag_len,
                                  nullptr));
  }
};

INSTANTIATE_TEST_SUITE_P(All, PerAEADTest, testing::ValuesIn(kAEADs),
                         [](const testing::TestParamInfo<AEADInfo> &param_info) {
                           return std::string(param_info.param.name);
                         });

TEST_P(PerAEADTest, Properties) {
  EXPECT_EQ(32u, EVP_AEAD_key_length(aead()));
  EXPECT_EQ(nonce_len(), EVP_AEAD_nonce_length(aead()));
  EXPECT_EQ(16u, EVP_AEAD_max_overhead(aead()));
  EXPECT_EQ(16u, EVP_AEAD_max_tag_len(aead()));
  EXPECT_LE(EVP_AEAD_key_length(aead()), size_t{EVP_AEAD_MAX_KEY_LENGTH});
  EXPECT_LE(EVP_AEAD_nonce_length(aead()), size_t{EVP_AEAD_MAX_NONCE_LENGTH});
  EXPECT_LE(EVP_AEAD_max_overhead(aead()), size_t{EVP_AEAD_MAX_OVERHEAD});
}

// Seal and open for every tag length 1..16 (and the default, 0) and every
// plaintext length 0..300, in place and out of place; a truncated tag is
// the prefix of the full one.
TEST_P(PerAEADTest, RoundTripAllTagLengths) {
  TestRNG rng(0x5ea1 + nonce_len());
  const std::vector<uint8_t> key = rng.Bytes(32);
  ScopedCtx full;
  ASSERT_TRUE(EVP_AEAD_CTX_init(full.get(), aead(), key.data(), key.size(),
                                EVP_AEAD_DEFAULT_TAG_LENGTH, nullptr));
  for (size_t tag_len = 0; tag_len <= 16; tag_len++) {
    SCOPED_TRACE(tag_len);
    ScopedCtx ctx;
    ASSERT_TRUE(EVP_AEAD_CTX_init(ctx.get(), aead(), key.data(), key.size(),
                                  tag_len, nullptr));
    const size_t effective_tag_len = tag_len == 0 ? 16 : tag_len;
    for (size_t len = 0; len <= 300; len++) {
      SCOPED_TRACE(len);
      std::vector<uint8_t> nonce = rng.Bytes(nonce_len());
      std::vector<uint8_t> pt = rng.Bytes(len), ad = rng.Bytes(rng.Below(40));

      // Seal and open; the sealed text is the prefix of the one with the
      // full tag.
      auto is_full_tag_prefix = [&](const std::vector<uint8_t> &got) {
        std::vector<uint8_t> full_sealed(len + 16);
        size_t full_len;
        ASSERT_TRUE(EVP_AEAD_CTX_seal(full.get(), full_sealed.data(),
                                      &full_len, full_sealed.size(),
                                      nonce.data(), nonce.size(), pt.data(),
                                      pt.size(), ad.data(), ad.size()));
        ASSERT_EQ(Bytes(full_sealed.data(), got.size()), Bytes(got));
      };
      std::vector<uint8_t> sealed;
      ASSERT_NO_FATAL_FAILURE(SealAndOpen(ctx.get(), effective_tag_len,
                                          len + 16, nonce, pt, ad,
                                          is_full_tag_prefix, &sealed));
      size_t opened_len;

      // A flipped bit in the tag is always rejected. A flipped ciphertext
      // bit is rejected unless the modified tag happens to match, which a
      // t-byte tag allows with probability 2^-8t: only check that for tags
      // of 8 bytes or more. One position per length keeps the test fast.
      std::vector<size_t> positions = {
          len + static_cast<size_t>(rng.Below(effective_tag_len))};
      if (effective_tag_len >= 8 && len > 0) {
        positions.push_back(rng.Below(len));
      }
      for (size_t pos : positions) {
        std::vector<uint8_t> bad = sealed;
        bad[pos] ^= static_cast<uint8_t>(1 << rng.Below(8));
        std::vector<uint8_t> out(len + 1, 0xaa);
        EXPECT_FALSE(EVP_AEAD_CTX_open(ctx.get(), out.data(), &opened_len,
                                       out.size(), nonce.data(), nonce.size(),
                                       bad.data(), bad.size(), ad.data(),
                                       ad.size()));
        ExpectError(CIPHER_R_BAD_DECRYPT);
        EXPECT_TRUE(AllZero(out.data(), out.size()));
      }
    }
  }
}

// ComposedSeal is RFC 8439 section 2.8 (and, for a 24-byte nonce, the
// XChaCha construction) written directly from the public primitives, one
// step of the specification per line, with the streaming Poly1305 API:
// the independent reference for the AEAD code's own buffer layouts.
std::vector<uint8_t> ComposedSeal(const std::vector<uint8_t> &key_in,
                                  const std::vector<uint8_t> &nonce_in,
                                  const std::vector<uint8_t> &pt,
                                  const std::vector<uint8_t> &ad) {
  uint8_t key[32], nonce[12];
  if (nonce_in.size() == 24) {
    CRYPTO_hchacha20(key, key_in.data(), nonce_in.data());
    memset(nonce, 0, 4);
    memcpy(nonce + 4, nonce_in.data() + 16, 8);
  } else {
    memcpy(key, key_in.data(), 32);
    memcpy(nonce, nonce_in.data(), 12);
  }
  uint8_t otk[64] = {0};
  CRYPTO_chacha_20(otk, otk, sizeof(otk), key, nonce, 0);
  std::vector<uint8_t> ct(pt.size());
  CRYPTO_chacha_20(ct.data(), pt.data(), pt.size(), key, nonce, 1);
  static const uint8_t kZeros[16] = {0};
  poly1305_state poly;
  CRYPTO_poly1305_init(&poly, otk);
  CRYPTO_poly1305_update(&poly, ad.data(), ad.size());
  CRYPTO_poly1305_update(&poly, kZeros, (16 - ad.size() % 16) % 16);
  CRYPTO_poly1305_update(&poly, ct.data(), ct.size());
  CRYPTO_poly1305_update(&poly, kZeros, (16 - ct.size() % 16) % 16);
  uint8_t lengths[16];
  for (int i = 0; i < 8; i++) {
    lengths[i] = static_cast<uint8_t>(uint64_t{ad.size()} >> (8 * i));
    lengths[8 + i] = static_cast<uint8_t>(uint64_t{ct.size()} >> (8 * i));
  }
  CRYPTO_poly1305_update(&poly, lengths, sizeof(lengths));
  uint8_t tag[16];
  CRYPTO_poly1305_finish(&poly, tag);
  ct.insert(ct.end(), tag, tag + 16);
  return ct;
}

// Open compares every bit of the tag: each of the 128 bits of a full tag,
// flipped alone, is rejected, on a record MACed in one run (16 bytes, a
// 13-byte AD), one past the short AD (65 bytes), and one whose ciphertext
// is longer than the first ChaCha20 call (2000 bytes); the 16-byte tag is
// compared as two 64-bit words, so a test that flips random bits could
// miss one word's half.
TEST_P(PerAEADTest, EveryTagBitChecked) {
  TestRNG rng(0x7a6b + nonce_len());
  const std::vector<uint8_t> key = rng.Bytes(32);
  ScopedCtx ctx;
  ASSERT_TRUE(EVP_AEAD_CTX_init(ctx.get(), aead(), key.data(), key.size(),
                                EVP_AEAD_DEFAULT_TAG_LENGTH, nullptr));
  const struct {
    size_t len, ad_len;
  } kCases[] = {{16, 13}, {16, 65}, {2000, 13}};
  for (const auto &c : kCases) {
    SCOPED_TRACE(testing::Message() << "len " << c.len << " ad " << c.ad_len);
    std::vector<uint8_t> nonce = rng.Bytes(nonce_len());
    std::vector<uint8_t> pt = rng.Bytes(c.len), ad = rng.Bytes(c.ad_len);
    std::vector<uint8_t> sealed(c.len + 16);
    size_t sealed_len;
    ASSERT_TRUE(EVP_AEAD_CTX_seal(ctx.get(), sealed.data(), &sealed_len,
                                  sealed.size(), nonce.data(), nonce.size(),
                                  pt.data(), pt.size(), ad.data(), ad.size()));
    std::vector<uint8_t> out(c.len);
    size_t out_len;
    ASSERT_TRUE(EVP_AEAD_CTX_open(ctx.get(), out.data(), &out_len, out.size(),
                                  nonce.data(), nonce.size(), sealed.data(),
                                  sealed.size(), ad.data(), ad.size()));
    for (size_t bit = 0; bit < 128; bit++) {
      SCOPED_TRACE(bit);
      std::vector<uint8_t> bad = sealed;
      bad[c.len + bit / 8] ^= static_cast<uint8_t>(1 << (bit % 8));
      CheckOpenFails(ctx.get(), nonce, bad, ad);
    }
  }
}

// Seal equals the composition of the primitives, and open inverts it, in
// place and out of place, across the AEAD code's internal thresholds: the
// AD that fits in block 0 (64 bytes) or not, the plaintext computed with
// block 0 in one ChaCha20 call (up to 1984 bytes) or in two, the
// ChaCha20 rows' own length thresholds, and every AD padding.
TEST_P(PerAEADTest, MatchesComposition) {
  TestRNG rng(0xc0de + nonce_len());
  const std::vector<uint8_t> key = rng.Bytes(32);
  ScopedCtx ctx;
  ASSERT_TRUE(EVP_AEAD_CTX_init(ctx.get(), aead(), key.data(), key.size(),
                                EVP_AEAD_DEFAULT_TAG_LENGTH, nullptr));
  std::vector<size_t> lens;
  for (size_t l = 0; l <= 200; l++) {
    lens.push_back(l);
  }
  for (size_t l = 900; l <= 1100; l += 7) {
    lens.push_back(l);
  }
  for (size_t l = 1950; l <= 2100; l++) {
    lens.push_back(l);
  }
  lens.insert(lens.end(), {4095, 4096, 4097, 9000});
  const size_t kADLens[] = {0, 1, 13, 15, 16, 17, 48, 63, 64, 65, 80, 300};
  size_t i = 0;
  for (size_t len : lens) {
    // Every AD length for the short lengths; one (rotating) otherwise.
    for (size_t a = 0; a < sizeof(kADLens) / sizeof(kADLens[0]); a++) {
      if (len > 70 && a != i % (sizeof(kADLens) / sizeof(kADLens[0]))) {
        continue;
      }
      size_t ad_len = kADLens[a];
      SCOPED_TRACE(testing::Message() << "len " << len << " ad " << ad_len);
      std::vector<uint8_t> nonce = rng.Bytes(nonce_len());
      std::vector<uint8_t> pt = rng.Bytes(len), ad = rng.Bytes(ad_len);
      std::vector<uint8_t> want = ComposedSeal(key, nonce, pt, ad);

      auto is_composition = [&](const std::vector<uint8_t> &got) {
        ASSERT_EQ(Bytes(want), Bytes(got));
      };
      std::vector<uint8_t> sealed;
      ASSERT_NO_FATAL_FAILURE(SealAndOpen(ctx.get(), 16, len + 16, nonce, pt,
                                          ad, is_composition, &sealed));
    }
    i++;
  }
}

// seal_scatter with extra input equals seal of the concatenation, for the
// split at every position of short messages and every tag length class.
TEST_P(PerAEADTest, ScatterMatchesSeal) {
  TestRNG rng(0x5ca7 + nonce_len());
  ScopedCtx ctx;
  InitCtx(ctx.get(), 13);
  for (size_t total = 0; total <= 200; total += (total < 140 ? 1 : 29)) {
    std::vector<uint8_t> nonce = rng.Bytes(nonce_len());
    std::vector<uint8_t> pt = rng.Bytes(total), ad = rng.Bytes(rng.Below(20));
    std::vector<uint8_t> sealed(total + 13);
    size_t sealed_len;
    ASSERT_TRUE(EVP_AEAD_CTX_seal(ctx.get(), sealed.data(), &sealed_len,
                                  sealed.size(), nonce.data(), nonce.size(),
                                  pt.data(), pt.size(), ad.data(), ad.size()));
    for (size_t split = 0; split <= total; split++) {
      SCOPED_TRACE(testing::Message() << total << " split " << split);
      std::vector<uint8_t> out(split), out_tag(total - split + 13 + 3, 0xaa);
      size_t out_tag_len;
      ASSERT_TRUE(EVP_AEAD_CTX_seal_scatter(
          ctx.get(), out.data(), out_tag.data(), &out_tag_len, out_tag.size(),
          nonce.data(), nonce.size(), pt.data(), split, pt.data() + split,
          total - split, ad.data(), ad.size()));
      ASSERT_EQ(total - split + 13, out_tag_len);
      // Bytes past *out_tag_len are untouched.
      EXPECT_TRUE(AllEqual(out_tag.data() + out_tag_len, 3, 0xaa));
      out_tag.resize(out_tag_len);
      EXPECT_EQ(Bytes(sealed), Bytes(Concat(out, out_tag)));
    }
  }
}

// The AD is read before any output is written, so it may share memory with
// the output.
TEST_P(PerAEADTest, AdMayOverlapOutput) {
  TestRNG rng(0xad);
  ScopedCtx ctx;
  InitCtx(ctx.get());
  std::vector<uint8_t> nonce = rng.Bytes(nonce_len()), pt = rng.Bytes(50);
  std::vector<uint8_t> ad(pt.begin(), pt.begin() + 20);
  std::vector<uint8_t> expected(66);
  size_t len;
  ASSERT_TRUE(EVP_AEAD_CTX_seal(ctx.get(), expected.data(), &len,
                                expected.size(), nonce.data(), nonce.size(),
                                pt.data(), pt.size(), ad.data(), ad.size()));
  // In-place seal whose AD is the first 20 bytes of the plaintext buffer.
  std::vector<uint8_t> buf = pt;
  buf.resize(66);
  ASSERT_TRUE(EVP_AEAD_CTX_seal(ctx.get(), buf.data(), &len, buf.size(),
                                nonce.data(), nonce.size(), buf.data(), 50,
                                buf.data(), 20));
  EXPECT_EQ(Bytes(expected), Bytes(buf));
}

TEST_P(PerAEADTest, NullWithZeroLength) {
  ScopedCtx ctx;
  InitCtx(ctx.get());
  std::vector<uint8_t> nonce(nonce_len(), 7);
  uint8_t tag[16];
  size_t len;
  ASSERT_TRUE(EVP_AEAD_CTX_seal(ctx.get(), tag, &len, sizeof(tag),
                                nonce.data(), nonce.size(), nullptr, 0,
                                nullptr, 0));
  EXPECT_EQ(16u, len);
  ASSERT_TRUE(EVP_AEAD_CTX_open(ctx.get(), nullptr, &len, 0, nonce.data(),
                                nonce.size(), tag, sizeof(tag), nullptr, 0));
  EXPECT_EQ(0u, len);
  size_t tag_len;
  uint8_t tag2[16];
  ASSERT_TRUE(EVP_AEAD_CTX_seal_scatter(
      ctx.get(), nullptr, tag2, &tag_len, sizeof(tag2), nonce.data(),
      nonce.size(), nullptr, 0, nullptr, 0, nullptr, 0));
  EXPECT_EQ(Bytes(tag, 16), Bytes(tag2, tag_len));
  ASSERT_TRUE(EVP_AEAD_CTX_open_gather(ctx.get(), nullptr, nonce.data(),
                                       nonce.size(), nullptr, 0, tag, 16,
                                       nullptr, 0));
}

TEST_P(PerAEADTest, InitErrors) {
  uint8_t key[33] = {0};
  EVP_AEAD_CTX ctx;
  for (size_t key_len : {0, 16, 31, 33}) {
    SCOPED_TRACE(key_len);
    EXPECT_FALSE(
        EVP_AEAD_CTX_init(&ctx, aead(), key, key_len, 16, nullptr));
    ExpectError(CIPHER_R_BAD_KEY_LENGTH);
    EXPECT_EQ(nullptr, EVP_AEAD_CTX_aead(&ctx));
    EXPECT_EQ(nullptr, EVP_AEAD_CTX_new(aead(), key, key_len, 16));
    ExpectError(CIPHER_R_BAD_KEY_LENGTH);
  }
  for (size_t tag_len : {17, 32, 255, 256}) {
    SCOPED_TRACE(tag_len);
    EXPECT_FALSE(EVP_AEAD_CTX_init(&ctx, aead(), key, 32, tag_len, nullptr));
    ExpectError(CIPHER_R_TAG_TOO_LARGE);
    EXPECT_EQ(nullptr, EVP_AEAD_CTX_aead(&ctx));
  }
  EXPECT_FALSE(EVP_AEAD_CTX_init(&ctx, nullptr, key, 32, 16, nullptr));
  uint32_t err = ERR_get_error();
  EXPECT_EQ(ERR_R_PASSED_NULL_PARAMETER, ERR_GET_REASON(err));
  ERR_clear_error();
  // A failed init leaves a context that cleanup accepts.
  EVP_AEAD_CTX_cleanup(&ctx);
}

TEST_P(PerAEADTest, NewFreeAndCleanup) {
  uint8_t key[32];
  memset(key, 0x5c, sizeof(key));
  EVP_AEAD_CTX *ctx = EVP_AEAD_CTX_new(aead(), key, sizeof(key),
                                       EVP_AEAD_DEFAULT_TAG_LENGTH);
  ASSERT_NE(nullptr, ctx);
  EXPECT_EQ(aead(), EVP_AEAD_CTX_aead(ctx));
  EVP_AEAD_CTX_free(ctx);
  EVP_AEAD_CTX_free(nullptr);

  // cleanup zeroes the key material and uninitialises the context.
  EVP_AEAD_CTX stack_ctx;
  ASSERT_TRUE(EVP_AEAD_CTX_init(&stack_ctx, aead(), key, sizeof(key), 16,
                                nullptr));
  EVP_AEAD_CTX_cleanup(&stack_ctx);
  EXPECT_EQ(nullptr, EVP_AEAD_CTX_aead(&stack_ctx));
  EXPECT_TRUE(AllZero(stack_ctx.state.opaque, sizeof(stack_ctx.state.opaque)));
  EXPECT_EQ(0u, stack_ctx.tag_len);
  EVP_AEAD_CTX_cleanup(&stack_ctx);
}

TEST_P(PerAEADTest, NotInitialized) {
  EVP_AEAD_CTX ctx;
  EVP_AEAD_CTX_zero(&ctx);
  std::vector<uint8_t> nonce(nonce_len()), in(20), out(40, 0xaa);
  size_t out_len = 99;
  EXPECT_FALSE(EVP_AEAD_CTX_seal(&ctx, out.data(), &out_len, out.size(),
                                 nonce.data(), nonce.size(), in.data(),
                                 in.size(), nullptr, 0));
  ExpectError(CIPHER_R_NOT_INITIALIZED);
  EXPECT_EQ(0u, out_len);
  EXPECT_TRUE(AllZero(out.data(), out.size()));
  out.assign(40, 0xaa);
  EXPECT_FALSE(EVP_AEAD_CTX_open(&ctx, out.data(), &out_len, out.size(),
                                 nonce.data(), nonce.size(), in.data(),
                                 in.size(), nullptr, 0));
  ExpectError(CIPHER_R_NOT_INITIALIZED);
  EXPECT_TRUE(AllZero(out.data(), out.size()));
  EVP_AEAD_CTX_cleanup(&ctx);
}

TEST_P(PerAEADTest, BadNonceSize) {
  ScopedCtx ctx;
  InitCtx(ctx.get());
  std::vector<uint8_t> pt(33, 1), sealed(33 + 16);
  size_t len;
  std::vector<uint8_t> good_nonce(nonce_len(), 3);
  ASSERT_TRUE(EVP_AEAD_CTX_seal(ctx.get(), sealed.data(), &len, sealed.size(),
                                good_nonce.data(), good_nonce.size(),
                                pt.data(), pt.size(), nullptr, 0));
  for (size_t bad_len : {size_t{0}, size_t{8}, nonce_len() - 1,
                         nonce_len() + 1, size_t{12 + 24 - nonce_len()}}) {
    SCOPED_TRACE(bad_len);
    std::vector<uint8_t> nonce(bad_len + 1, 3);
    std::vector<uint8_t> out(sealed.size(), 0xaa);
    len = 99;
    EXPECT_FALSE(EVP_AEAD_CTX_seal(ctx.get(), out.data(), &len, out.size(),
                                   nonce.data(), bad_len, pt.data(),
                                   pt.size(), nullptr, 0));
    ExpectError(CIPHER_R_INVALID_NONCE_SIZE);
    EXPECT_EQ(0u, len);
    EXPECT_TRUE(AllZero(out.data(), out.size()));

    out.assign(sealed.size(), 0xaa);
    len = 99;
    EXPECT_FALSE(EVP_AEAD_CTX_open(ctx.get(), out.data(), &len, out.size(),
                                   nonce.data(), bad_len, sealed.data(),
                                   sealed.size(), nullptr, 0));
    ExpectError(CIPHER_R_INVALID_NONCE_SIZE);
    EXPECT_EQ(0u, len);
    EXPECT_TRUE(AllZero(out.data(), out.size()));

    std::vector<uint8_t> out_tag(16, 0xaa);
    out.assign(pt.size(), 0xaa);
    EXPECT_FALSE(EVP_AEAD_CTX_seal_scatter(
        ctx.get(), out.data(), out_tag.data(), &len, out_tag.size(),
        nonce.data(), bad_len, pt.data(), pt.size(), nullptr, 0, nullptr, 0));
    ExpectError(CIPHER_R_INVALID_NONCE_SIZE);
    EXPECT_EQ(0u, len);
    EXPECT_TRUE(AllZero(out.data(), out.size()));
    EXPECT_TRUE(AllZero(out_tag.data(), out_tag.size()));

    out.assign(pt.size(), 0xaa);
    EXPECT_FALSE(EVP_AEAD_CTX_open_gather(
        ctx.get(), out.data(), nonce.data(), bad_len, sealed.data(), 33,
        sealed.data() + 33, 16, nullptr, 0));
    ExpectError(CIPHER_R_INVALID_NONCE_SIZE);
    EXPECT_TRUE(AllZero(out.data(), out.size()));
  }
}

TEST_P(PerAEADTest, BufferTooSmall) {
  ScopedCtx ctx;
  InitCtx(ctx.get(), 12);
  std::vector<uint8_t> nonce(nonce_len(), 9), pt(40, 2);
  std::vector<uint8_t> sealed(40 + 12);
  size_t len;
  ASSERT_TRUE(EVP_AEAD_CTX_seal(ctx.get(), sealed.data(), &len, sealed.size(),
                                nonce.data(), nonce.size(), pt.data(),
                                pt.size(), nullptr, 0));

  std::vector<uint8_t> out(40 + 11, 0xaa);
  EXPECT_FALSE(EVP_AEAD_CTX_seal(ctx.get(), out.data(), &len, out.size(),
                                 nonce.data(), nonce.size(), pt.data(),
                                 pt.size(), nullptr, 0));
  ExpectError(CIPHER_R_BUFFER_TOO_SMALL);
  EXPECT_EQ(0u, len);
  EXPECT_TRUE(AllZero(out.data(), out.size()));

  out.assign(39, 0xaa);
  EXPECT_FALSE(EVP_AEAD_CTX_open(ctx.get(), out.data(), &len, out.size(),
                                 nonce.data(), nonce.size(), sealed.data(),
                                 sealed.size(), nullptr, 0));
  ExpectError(CIPHER_R_BUFFER_TOO_SMALL);
  EXPECT_EQ(0u, len);
  EXPECT_TRUE(AllZero(out.data(), out.size()));

  // seal_scatter: the tag buffer must hold the extra input and the tag.
  std::vector<uint8_t> ct(30, 0xaa), out_tag(10 + 12 - 1, 0xaa);
  EXPECT_FALSE(EVP_AEAD_CTX_seal_scatter(
      ctx.get(), ct.data(), out_tag.data(), &len, out_tag.size(),
      nonce.data(), nonce.size(), pt.data(), 30, pt.data() + 30, 10, nullptr,
      0));
  ExpectError(CIPHER_R_BUFFER_TOO_SMALL);
  EXPECT_EQ(0u, len);
  EXPECT_TRUE(AllZero(ct.data(), ct.size()));
  EXPECT_TRUE(AllZero(out_tag.data(), out_tag.size()));
}

// A partially overlapping output is refused before anything is written:
// the caller's buffer is left as it was.
TEST_P(PerAEADTest, PartialOverlapRefused) {
  ScopedCtx ctx;
  InitCtx(ctx.get());
  std::vector<uint8_t> nonce(nonce_len(), 4);
  size_t len;
  const std::vector<uint8_t> before(200, 0x11);
  for (int shift : {-16, -1, 1, 5, 16}) {
    SCOPED_TRACE(shift);
    std::vector<uint8_t> buf = before;
    uint8_t *in = buf.data() + 50;
    uint8_t *out = in + shift;
    len = 99;
    EXPECT_FALSE(EVP_AEAD_CTX_seal(ctx.get(), out, &len, 64 + 16,
                                   nonce.data(), nonce.size(), in, 64,
                                   nullptr, 0));
    ExpectError(CIPHER_R_OUTPUT_ALIASES_INPUT);
    EXPECT_EQ(0u, len);
    EXPECT_EQ(Bytes(before), Bytes(buf));

    len = 99;
    EXPECT_FALSE(EVP_AEAD_CTX_open(ctx.get(), out, &len, 64, nonce.data(),
                                   nonce.size(), in, 64 + 16, nullptr, 0));
    ExpectError(CIPHER_R_OUTPUT_ALIASES_INPUT);
    EXPECT_EQ(0u, len);
    EXPECT_EQ(Bytes(before), Bytes(buf));

    EXPECT_FALSE(EVP_AEAD_CTX_open_gather(ctx.get(), out, nonce.data(),
                                          nonce.size(), in, 64, in + 64, 16,
                                          nullptr, 0));
    ExpectError(CIPHER_R_OUTPUT_ALIASES_INPUT);
    EXPECT_EQ(Bytes(before), Bytes(buf));
  }
}

// AliasCase places the arguments of one seal_scatter (or open_gather) call
// at byte offsets in one buffer. For open_gather, `extra` is the offset of
// `in_tag` and `extra_len` is unused.
struct AliasCase {
  const char *what;
  bool allowed;  // false: refused with CIPHER_R_OUTPUT_ALIASES_INPUT
  size_t out, out_tag, in, extra, nonce, ad;
  size_t in_len = 100, extra_len = 20, ad_len = 30;
};

constexpr size_t kAliasBufLen = 600;

// seal_scatter: every pair of arguments that may alias, and every one that
// may not. Lengths: in 100, extra_in 20, ad 30, out_tag 20 + 16; nonce 12
// or 24.
const AliasCase kScatterCases[] = {
    {"disjoint", true, 0, 200, 300, 450, 500, 540},
    {"out == in", true, 0, 200, 0, 300, 400, 450},
    {"extra_in right after out == in", true, 0, 200, 0, 100, 400, 450},
    {"extra_in inside in", true, 0, 200, 300, 350, 450, 500},
    {"extra_in == in", true, 0, 200, 300, 300, 450, 500, 20, 20},
    {"nonce inside out", true, 0, 200, 300, 450, 50, 500},
    {"nonce inside out == in", true, 0, 200, 0, 300, 40, 450},
    {"nonce straddles the end of out", true, 0, 200, 300, 450, 90, 500},
    {"nonce inside out_tag", true, 0, 200, 300, 450, 210, 500},
    {"nonce inside the tag part of out_tag", true, 0, 200, 300, 450, 222, 500},
    {"ad inside out", true, 0, 200, 300, 450, 500, 10},
    {"ad inside out == in", true, 0, 200, 0, 300, 400, 50},
    {"ad inside out_tag", true, 0, 200, 300, 450, 500, 205},
    {"ad covers out and out_tag", true, 0, 100, 300, 450, 500, 0, 100, 20, 150},
    {"ad and nonce overlap", true, 0, 200, 300, 450, 500, 505},
    {"empty extra_in inside out", true, 0, 200, 300, 50, 450, 500, 100, 0},
    {"empty in, out inside extra_in", true, 455, 200, 300, 450, 500, 540, 0},
    {"extra_in inside out", false, 0, 200, 300, 50, 450, 500},
    {"extra_in inside out == in", false, 0, 200, 0, 50, 400, 450},
    {"extra_in straddles the end of out", false, 0, 200, 300, 90, 450, 500},
    {"extra_in straddles the start of out", false, 100, 300, 400, 90, 500, 540},
    {"out one byte after in", false, 1, 200, 0, 300, 400, 450},
    {"out one byte before in", false, 0, 200, 1, 300, 400, 450},
    {"out_tag inside in", false, 0, 310, 300, 450, 500, 540},
    {"out_tag inside out", false, 0, 10, 300, 450, 500, 540},
    {"out_tag inside out == in", false, 0, 99, 0, 300, 400, 450},
    {"out_tag inside extra_in", false, 0, 455, 300, 450, 500, 540},
    {"out_tag ends inside extra_in", false, 0, 200, 300, 230, 450, 500},
};

// open_gather: `extra` is `in_tag`. Lengths: in 100, tag 16, ad 30.
const AliasCase kGatherCases[] = {
    {"disjoint", true, 0, 0, 200, 350, 400, 450},
    {"out == in", true, 0, 0, 0, 200, 250, 300},
    {"tag right after out == in", true, 0, 0, 0, 100, 250, 300},
    {"tag inside out", true, 0, 0, 200, 40, 400, 450},
    {"nonce inside out", true, 0, 0, 200, 350, 60, 450},
    {"ad inside out", true, 0, 0, 200, 350, 400, 20},
    {"tag, nonce and ad inside out", true, 0, 0, 200, 0, 16, 50},
    {"out one byte after in", false, 201, 0, 200, 350, 400, 450},
    {"out one byte before in", false, 199, 0, 200, 350, 400, 450},
    {"out straddles the end of in", false, 290, 0, 200, 450, 500, 540},
};

// AliasTest runs each AliasCase for each AEAD.
class AliasTest : public PerAEADTest {
 protected:
  static constexpr size_t kTagLen = 16;
  void SetUp() override { InitCtx(ctx_.get(), kTagLen); }
  ScopedCtx ctx_;

  // CheckResult checks a call on `buf` against `expected`: the output the
  // copy-everything-first reference wrote there (allowed cases), or the
  // buffer as it was before (refused cases).
  void CheckResult(const AliasCase &c, int ok,
                   const std::vector<uint8_t> &expected,
                   const std::vector<uint8_t> &buf) {
    if (c.allowed) {
      EXPECT_TRUE(ok);
      EXPECT_EQ(0u, ERR_get_error());
    } else {
      EXPECT_FALSE(ok);
      ExpectError(CIPHER_R_OUTPUT_ALIASES_INPUT);
    }
    EXPECT_EQ(Bytes(expected), Bytes(buf));
  }
};

std::string AliasTestName(const testing::TestParamInfo<AEADInfo> &info) {
  return info.param.name;
}

INSTANTIATE_TEST_SUITE_P(All, AliasTest, testing::ValuesIn(kAEADs),
                         AliasTestName);

TEST_P(AliasTest, SealScatter) {
  EVP_AEAD_CTX *ctx = ctx_.get();
  TestRNG rng(0xa11a5);
  for (const AliasCase &c : kScatterCases) {
    SCOPED_TRACE(c.what);
    std::vector<uint8_t> buf = rng.Bytes(kAliasBufLen);
    uint8_t *b = buf.data();
    const size_t tag_out_len = c.extra_len + kTagLen;
    // The reference: every input copied out first, outputs apart.
    std::vector<uint8_t> nonce(b + c.nonce, b + c.nonce + nonce_len()),
        in(b + c.in, b + c.in + c.in_len),
        extra(b + c.extra, b + c.extra + c.extra_len),
        ad(b + c.ad, b + c.ad + c.ad_len), ref_out(c.in_len),
        ref_tag(tag_out_len);
    size_t ref_tag_len;
    ASSERT_TRUE(EVP_AEAD_CTX_seal_scatter(
        ctx, ref_out.data(), ref_tag.data(), &ref_tag_len,
        ref_tag.size(), nonce.data(), nonce.size(), in.data(), in.size(),
        extra.data(), extra.size(), ad.data(), ad.size()));
    std::vector<uint8_t> expected = buf;
    if (c.allowed) {
      std::copy(ref_out.begin(), ref_out.end(), expected.begin() + c.out);
      std::copy(ref_tag.begin(), ref_tag.end(), expected.begin() + c.out_tag);
    }
    size_t out_tag_len = 99;
    int ok = EVP_AEAD_CTX_seal_scatter(
        ctx, b + c.out, b + c.out_tag, &out_tag_len, tag_out_len,
        b + c.nonce, nonce_len(), b + c.in, c.in_len, b + c.extra,
        c.extra_len, b + c.ad, c.ad_len);
    CheckResult(c, ok, expected, buf);
    EXPECT_EQ(c.allowed ? tag_out_len : 0, out_tag_len);
  }
}

TEST_P(AliasTest, OpenGather) {
  EVP_AEAD_CTX *ctx = ctx_.get();
  TestRNG rng(0x9a7e);
  for (const AliasCase &c : kGatherCases) {
    SCOPED_TRACE(c.what);
    std::vector<uint8_t> buf = rng.Bytes(kAliasBufLen);
    uint8_t *b = buf.data();
    std::vector<uint8_t> nonce(b + c.nonce, b + c.nonce + nonce_len()),
        ad(b + c.ad, b + c.ad + c.ad_len);
    // A valid sealed text at `in` and `extra` (the tag) under the nonce and
    // AD the buffer holds (the cases keep those clear of `in` and the tag).
    std::vector<uint8_t> pt = rng.Bytes(c.in_len), ct(c.in_len),
                         tag(kTagLen);
    size_t tag_len;
    ASSERT_TRUE(EVP_AEAD_CTX_seal_scatter(
        ctx, ct.data(), tag.data(), &tag_len, tag.size(), nonce.data(),
        nonce.size(), pt.data(), pt.size(), nullptr, 0, ad.data(),
        ad.size()));
    std::copy(ct.begin(), ct.end(), buf.begin() + c.in);
    std::copy(tag.begin(), tag.end(), buf.begin() + c.extra);
    std::vector<uint8_t> expected = buf;
    if (c.allowed) {
      std::copy(pt.begin(), pt.end(), expected.begin() + c.out);
    }
    int ok = EVP_AEAD_CTX_open_gather(ctx, b + c.out, b + c.nonce,
                                      nonce_len(), b + c.in, c.in_len,
                                      b + c.extra, kTagLen, b + c.ad,
                                      c.ad_len);
    CheckResult(c, ok, expected, buf);
  }
}

// seal and open: the nonce and the AD may lie in the output (in place too,
// where the tag part of `out` follows `in`); the output may not overlap
// the tag part of open's input unless it starts at `in`.
TEST_P(AliasTest, SealOpen) {
  constexpr size_t kLen = 100;
  EVP_AEAD_CTX *ctx = ctx_.get();
  TestRNG rng(0x5ea1);
  // {what, nonce offset, ad offset} for an in-place seal at offset 0 of a
  // record of n bytes: a short one (16: the one-call path where it exists,
  // which reads the caller's nonce when it lies outside the output) and
  // kLen.
  struct Place {
    const char *what;
    size_t nonce, ad;
  };
  for (size_t n : {size_t{16}, kLen}) {
    for (const Place &p : {Place{"nonce in the tag part", n + 2, 300},
                           Place{"nonce in the plaintext", 10, 300},
                           Place{"ad over plaintext and tag", 300, n - 10}}) {
      SCOPED_TRACE(p.what);
      SCOPED_TRACE(n);
      std::vector<uint8_t> buf = rng.Bytes(kAliasBufLen);
      uint8_t *b = buf.data();
      std::vector<uint8_t> nonce(b + p.nonce, b + p.nonce + nonce_len()),
          ad(b + p.ad, b + p.ad + 30), pt(b, b + n), sealed(n + kTagLen);
      size_t len;
      ASSERT_TRUE(EVP_AEAD_CTX_seal(ctx, sealed.data(), &len,
                                    sealed.size(), nonce.data(), nonce.size(),
                                    pt.data(), pt.size(), ad.data(), ad.size()));
      ASSERT_TRUE(EVP_AEAD_CTX_seal(ctx, b, &len, n + kTagLen,
                                    b + p.nonce, nonce_len(), b, n,
                                    b + p.ad, 30));
      EXPECT_EQ(Bytes(sealed), Bytes(b, n + kTagLen));

      // Open out of place, with the nonce (and for kLen the AD; copied back
      // where they were) inside the output.
      std::vector<uint8_t> buf2 = rng.Bytes(kAliasBufLen);
      uint8_t *b2 = buf2.data();
      std::copy(sealed.begin(), sealed.end(), buf2.begin() + 400);
      std::copy(nonce.begin(), nonce.end(), buf2.begin() + 10);
      std::copy(ad.begin(), ad.end(), buf2.begin() + 50);
      ASSERT_TRUE(EVP_AEAD_CTX_open(ctx, b2, &len, n, b2 + 10,
                                    nonce_len(), b2 + 400, n + kTagLen,
                                    b2 + 50, 30));
      EXPECT_EQ(Bytes(pt), Bytes(b2, n));
    }
  }

  // open: an output that overlaps only the tag at the end of the input is
  // refused, and nothing is written.
  std::vector<uint8_t> buf = rng.Bytes(kAliasBufLen);
  const std::vector<uint8_t> before = buf;
  size_t len = 99;
  EXPECT_FALSE(EVP_AEAD_CTX_open(ctx, buf.data() + kLen, &len, kLen,
                                 buf.data() + 300, nonce_len(), buf.data(),
                                 kLen + kTagLen, nullptr, 0));
  ExpectError(CIPHER_R_OUTPUT_ALIASES_INPUT);
  EXPECT_EQ(0u, len);
  EXPECT_EQ(Bytes(before), Bytes(buf));
}

// A wrong tag, a tag of the wrong length (gather) and a ciphertext shorter
// than the tag are all CIPHER_R_BAD_DECRYPT, with the output zeroed.
TEST_P(PerAEADTest, BadDecrypt) {
  ScopedCtx ctx;
  InitCtx(ctx.get());
  std::vector<uint8_t> nonce(nonce_len(), 5), pt(70, 6), sealed(70 + 16);
  size_t len;
  ASSERT_TRUE(EVP_AEAD_CTX_seal(ctx.get(), sealed.data(), &len, sealed.size(),
                                nonce.data(), nonce.size(), pt.data(),
                                pt.size(), nullptr, 0));
  for (size_t i = 0; i < sealed.size(); i += 7) {
    std::vector<uint8_t> bad = sealed;
    bad[i] ^= 0x10;
    CheckOpenFails(ctx.get(), nonce, bad, {});
  }
  // Every truncation, including below the tag length.
  for (size_t n = 0; n < 16; n++) {
    SCOPED_TRACE(n);
    std::vector<uint8_t> out(8, 0xaa);
    len = 99;
    EXPECT_FALSE(EVP_AEAD_CTX_open(ctx.get(), out.data(), &len, out.size(),
                                   nonce.data(), nonce.size(), sealed.data(),
                                   n, nullptr, 0));
    ExpectError(CIPHER_R_BAD_DECRYPT);
    EXPECT_EQ(0u, len);
    EXPECT_TRUE(AllZero(out.data(), out.size()));
  }
  EXPECT_FALSE(EVP_AEAD_CTX_open(ctx.get(), nullptr, &len, 0, nonce.data(),
                                 nonce.size(), nullptr, 0, nullptr, 0));
  ExpectError(CIPHER_R_BAD_DECRYPT);
  // open_gather with a tag of the wrong length, even a correct prefix.
  for (size_t tag_len : {0, 1, 15, 17}) {
    SCOPED_TRACE(tag_len);
    std::vector<uint8_t> tag(sealed.begin() + 70, sealed.end());
    tag.resize(tag_len);
    std::vector<uint8_t> out(70, 0xaa);
    EXPECT_FALSE(EVP_AEAD_CTX_open_gather(
        ctx.get(), out.data(), nonce.data(), nonce.size(), sealed.data(), 70,
        tag.data(), tag.size(), nullptr, 0));
    ExpectError(CIPHER_R_BAD_DECRYPT);
    EXPECT_TRUE(AllZero(out.data(), out.size()));
  }
  // A wrong nonce.
  std::vector<uint8_t> other_nonce = nonce;
  other_nonce.back() ^= 1;
  CheckOpenFails(ctx.get(), other_nonce, sealed, {});
}

// Lengths past the ChaCha20 counter are refused, not wrapped. The calls
// pass lengths far larger than the small buffers behind the pointers: the
// library must refuse them before touching any memory, and must not write
// to the outputs at all (the stated sizes cannot be trusted).
TEST_P(PerAEADTest, TooLarge) {
  if (uint64_t{SIZE_MAX} <= kMaxPlaintext) {
    GTEST_SKIP() << "size_t cannot express a too-large plaintext";
  }
  const size_t limit = static_cast<size_t>(kMaxPlaintext);
  ScopedCtx ctx;
  InitCtx(ctx.get());
  std::vector<uint8_t> nonce(nonce_len(), 1);
  uint8_t in[64] = {0}, out[64], out_tag[64];
  size_t len;

  memset(out, 0xaa, sizeof(out));
  EXPECT_FALSE(EVP_AEAD_CTX_seal(ctx.get(), out, &len, SIZE_MAX, nonce.data(),
                                 nonce.size(), in, limit + 1, nullptr, 0));
  ExpectError(CIPHER_R_TOO_LARGE);
  EXPECT_EQ(0u, len);
  EXPECT_TRUE(AllEqual(out, sizeof(out), 0xaa));

  EXPECT_FALSE(EVP_AEAD_CTX_seal(ctx.get(), out, &len, SIZE_MAX, nonce.data(),
                                 nonce.size(), in, SIZE_MAX, nullptr, 0));
  ExpectError(CIPHER_R_TOO_LARGE);

  EXPECT_FALSE(EVP_AEAD_CTX_open(ctx.get(), out, &len, SIZE_MAX, nonce.data(),
                                 nonce.size(), in, limit + 16 + 1, nullptr,
                                 0));
  ExpectError(CIPHER_R_TOO_LARGE);
  EXPECT_EQ(0u, len);
  EXPECT_TRUE(AllEqual(out, sizeof(out), 0xaa));

  EXPECT_FALSE(EVP_AEAD_CTX_open_gather(ctx.get(), out, nonce.data(),
                                        nonce.size(), in, limit + 1, in, 16,
                                        nullptr, 0));
  ExpectError(CIPHER_R_TOO_LARGE);
  EXPECT_TRUE(AllEqual(out, sizeof(out), 0xaa));

  // seal_scatter counts the extra input against the same limit, and the
  // sum of the two lengths must not overflow.
  memset(out_tag, 0xaa, sizeof(out_tag));
  EXPECT_FALSE(EVP_AEAD_CTX_seal_scatter(
      ctx.get(), out, out_tag, &len, SIZE_MAX, nonce.data(), nonce.size(), in,
      limit, in, 1, nullptr, 0));
  ExpectError(CIPHER_R_TOO_LARGE);
  EXPECT_EQ(0u, len);
  EXPECT_FALSE(EVP_AEAD_CTX_seal_scatter(
      ctx.get(), out, out_tag, &len, SIZE_MAX, nonce.data(), nonce.size(), in,
      0, in, limit + 1, nullptr, 0));
  ExpectError(CIPHER_R_TOO_LARGE);
  EXPECT_FALSE(EVP_AEAD_CTX_seal_scatter(
      ctx.get(), out, out_tag, &len, SIZE_MAX, nonce.data(), nonce.size(), in,
      SIZE_MAX, in, SIZE_MAX, nullptr, 0));
  ExpectError(CIPHER_R_TOO_LARGE);
  EXPECT_TRUE(AllEqual(out, sizeof(out), 0xaa));
  EXPECT_TRUE(AllEqual(out_tag, sizeof(out_tag), 0xaa));

  // Exactly the limit passes the length check: with no room in the output
  // the call fails for that reason instead (and, with max_out_len = 0,
  // writes nothing). In place, since an output of `limit` bytes apart from
  // the input would overlap it and be refused first.
  EXPECT_FALSE(EVP_AEAD_CTX_seal(ctx.get(), out, &len, 0, nonce.data(),
                                 nonce.size(), out, limit, nullptr, 0));
  ExpectError(CIPHER_R_BUFFER_TOO_SMALL);
  EXPECT_FALSE(EVP_AEAD_CTX_open(ctx.get(), out, &len, 0, nonce.data(),
                                 nonce.size(), out, limit + 16, nullptr, 0));
  ExpectError(CIPHER_R_BUFFER_TOO_SMALL);
  EXPECT_TRUE(AllEqual(out, sizeof(out), 0xaa));
}

// In the constant-time test mode (-DCONSTANT_TIME_VALIDATION=ON, run under
// valgrind) the key and the plaintext are marked secret, so memcheck reports
// any branch or memory index that depends on them, in sealing, in opening
// (where only the tag comparison's result is declassified) and in failing
// to open. Outside that mode this is a plain round trip.
TEST_P(PerAEADTest, ConstantTimeSealOpen) {
  TestRNG rng(0xc7);
  for (size_t len : {0, 1, 16, 63, 64, 65, 300}) {
    SCOPED_TRACE(len);
    std::vector<uint8_t> key = rng.Bytes(32), nonce = rng.Bytes(nonce_len());
    std::vector<uint8_t> pt = rng.Bytes(len), ad = rng.Bytes(13);
    ScopedCtx ctx;
    ASSERT_TRUE(EVP_AEAD_CTX_init(ctx.get(), aead(), key.data(), key.size(),
                                  16, nullptr));
    CONSTTIME_SECRET(ctx.get()->state.opaque, 32);
    std::vector<uint8_t> secret_pt = pt;
    CONSTTIME_SECRET(secret_pt.data(), secret_pt.size());
    std::vector<uint8_t> sealed(len + 16);
    size_t sealed_len;
    ASSERT_TRUE(EVP_AEAD_CTX_seal(ctx.get(), sealed.data(), &sealed_len,
                                  sealed.size(), nonce.data(), nonce.size(),
                                  secret_pt.data(), secret_pt.size(),
                                  ad.data(), ad.size()));
    CONSTTIME_DECLASSIFY(sealed.data(), sealed.size());
    std::vector<uint8_t> opened(len);
    size_t opened_len;
    ASSERT_TRUE(EVP_AEAD_CTX_open(ctx.get(), opened.data(), &opened_len,
                                  opened.size(), nonce.data(), nonce.size(),
                                  sealed.data(), sealed.size(), ad.data(),
                                  ad.size()));
    CONSTTIME_DECLASSIFY(opened.data(), opened.size());
    EXPECT_EQ(Bytes(pt), Bytes(opened));
    sealed[len] ^= 1;
    EXPECT_FALSE(EVP_AEAD_CTX_open(ctx.get(), opened.data(), &opened_len,
                                   opened.size(), nonce.data(), nonce.size(),
                                   sealed.data(), sealed.size(), ad.data(),
                                   ad.size()));
    ExpectError(CIPHER_R_BAD_DECRYPT);
    CONSTTIME_DECLASSIFY(ctx.get()->state.opaque, 32);
  }
}

}  // namespace
