// Copyright 2026 The project authors.
//
// HMAC tests: BoringSSL's hmac_tests.txt, Wycheproof's HMAC suites, the
// project's generated all-lengths file, streaming in random splits, context
// copy/reset/key reuse, every error path, and context zeroisation.

#include <openssl/hmac.h>

#include <openssl/digest.h>
#include <openssl/err.h>
#include <openssl/mem.h>

#include <stdio.h>
#include <string.h>

#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "../test/file_test.h"
#include "../test/json.h"
#include "../test/test_util.h"

namespace {

struct NamedMD {
  const char *name;
  const EVP_MD *(*func)(void);
};

const NamedMD kDigests[] = {
    {"SHA1", EVP_sha1},         {"SHA224", EVP_sha224},
    {"SHA256", EVP_sha256},     {"SHA384", EVP_sha384},
    {"SHA512", EVP_sha512},     {"SHA512-224", EVP_sha512_224},
    {"SHA512-256", EVP_sha512_256},
};

// ExpectError checks that the error queue holds exactly one error, from
// `lib` with `reason`, and empties the queue.
void ExpectError(int lib, int reason) {
  uint32_t err = ERR_get_error();
  EXPECT_EQ(lib, ERR_GET_LIB(err)) << "no error or wrong library";
  EXPECT_EQ(reason, ERR_GET_REASON(err));
  EXPECT_EQ(0u, ERR_get_error()) << "more than one error queued";
  ERR_clear_error();
}

bool IsAllZero(const void *p, size_t len) {
  const uint8_t *b = static_cast<const uint8_t *>(p);
  for (size_t i = 0; i < len; i++) {
    if (b[i] != 0) {
      return false;
    }
  }
  return true;
}

// OneShot returns HMAC(md, key, msg) through HMAC().
std::vector<uint8_t> OneShot(const EVP_MD *md, const std::vector<uint8_t> &key,
                             const std::vector<uint8_t> &msg) {
  uint8_t out[EVP_MAX_MD_SIZE];
  unsigned out_len = 0;
  if (HMAC(md, key.data(), key.size(), msg.data(), msg.size(), out,
           &out_len) == nullptr) {
    ADD_FAILURE() << "HMAC failed";
    return {};
  }
  EXPECT_EQ(EVP_MD_size(md), out_len);
  return std::vector<uint8_t>(out, out + out_len);
}

// CheckHMAC computes HMAC(md, key, input) through every API path and
// compares each with `expected`.
void CheckHMAC(const EVP_MD *md, const std::vector<uint8_t> &key,
               const std::vector<uint8_t> &input,
               const std::vector<uint8_t> &expected) {
  ASSERT_EQ(EVP_MD_size(md), expected.size());
  EXPECT_EQ(Bytes(expected), Bytes(OneShot(md, key, input)));

  // Streaming, byte by byte after a first split, through a heap context.
  HMAC_CTX *ctx = HMAC_CTX_new();
  ASSERT_NE(nullptr, ctx);
  ASSERT_TRUE(HMAC_Init_ex(ctx, key.data(), key.size(), md, nullptr));
  EXPECT_EQ(expected.size(), HMAC_size(ctx));
  EXPECT_EQ(md, HMAC_CTX_get_md(ctx));
  size_t half = input.size() / 2;
  ASSERT_TRUE(HMAC_Update(ctx, input.data(), half));
  for (size_t i = half; i < input.size(); i++) {
    ASSERT_TRUE(HMAC_Update(ctx, &input[i], 1));
  }
  uint8_t out[EVP_MAX_MD_SIZE];
  unsigned out_len = 0;
  ASSERT_TRUE(HMAC_Final(ctx, out, &out_len));
  EXPECT_EQ(Bytes(expected), Bytes(out, out_len));

  // The same key again, reused without a new key schedule.
  ASSERT_TRUE(HMAC_Init_ex(ctx, nullptr, 0, nullptr, nullptr));
  ASSERT_TRUE(HMAC_Update(ctx, input.data(), input.size()));
  ASSERT_TRUE(HMAC_Final(ctx, out, nullptr));
  EXPECT_EQ(Bytes(expected), Bytes(out, expected.size()));
  HMAC_CTX_free(ctx);
}

const EVP_MD *DigestOrFail(const std::string &name) {
  const EVP_MD *md = EVP_get_digestbyname(name.c_str());
  EXPECT_NE(nullptr, md) << "unknown digest " << name;
  return md;
}

// PatternBytes returns `len` bytes with byte i = (mul*i + add) mod 256, the
// keys and messages of util/gen_vectors' HMAC file.
std::vector<uint8_t> PatternBytes(size_t len, unsigned mul, unsigned add) {
  std::vector<uint8_t> out(len);
  for (size_t i = 0; i < len; i++) {
    out[i] = static_cast<uint8_t>(mul * i + add);
  }
  return out;
}

}  // namespace

TEST(HMACTest, BoringSSLVectors) {
  VECTORS_PATH_OR_SKIP(path, "boringssl/crypto/hmac/hmac_tests.txt");
  size_t md5_skipped = 0;
  FileTestGTest(path, [&](FileTest *t) {
    std::string name;
    ASSERT_TRUE(t->GetAttribute(&name, "HMAC"));
    if (name == "MD5") {
      // MD5 is not provided by this library.
      t->IgnoreAttribute("Key");
      t->IgnoreAttribute("Input");
      t->IgnoreAttribute("Output");
      md5_skipped++;
      return;
    }
    std::vector<uint8_t> key, input, output;
    ASSERT_TRUE(t->GetBytes(&key, "Key"));
    ASSERT_TRUE(t->GetBytes(&input, "Input"));
    ASSERT_TRUE(t->GetBytes(&output, "Output"));
    const EVP_MD *md = DigestOrFail(name);
    ASSERT_NE(nullptr, md);
    CheckHMAC(md, key, input, output);
  });
  if (md5_skipped > 0) {
    printf("note: skipped %zu HMAC-MD5 entries: MD5 is not provided\n",
           md5_skipped);
  }
}

// Wycheproof MAC files: groups give tagSize (bits); the expected tag is the
// leftmost tagSize/8 bytes of the HMAC. "valid" tests must reproduce it;
// "invalid" ones (a modified tag) must not compare equal.
static void RunWycheproofHMAC(const char *file, const EVP_MD *md) {
  VECTORS_PATH_OR_SKIP(path, std::string("wycheproof/testvectors_v1/") + file);
  size_t valid = 0, invalid = 0;
  WycheproofForEach(path, [&](const JSONValue &group, const JSONValue &test) {
    size_t tag_size = static_cast<size_t>(group["tagSize"].number()) / 8;
    ASSERT_LE(tag_size, EVP_MD_size(md));
    std::vector<uint8_t> key, msg, tag;
    ASSERT_TRUE(test["key"].Hex(&key));
    ASSERT_TRUE(test["msg"].Hex(&msg));
    ASSERT_TRUE(test["tag"].Hex(&tag));
    const std::string &result = test["result"].str();
    std::vector<uint8_t> mac = OneShot(md, key, msg);
    ASSERT_EQ(EVP_MD_size(md), mac.size());
    bool equal = tag.size() == tag_size &&
                 CRYPTO_memcmp(mac.data(), tag.data(), tag_size) == 0;
    if (result == "valid") {
      valid++;
      EXPECT_TRUE(equal) << "valid tag not reproduced: "
                         << Bytes(mac.data(), tag_size);
    } else {
      ASSERT_EQ("invalid", result);
      invalid++;
      EXPECT_FALSE(equal) << "invalid tag accepted";
    }
  });
  EXPECT_GT(valid, 0u);
  EXPECT_GT(invalid, 0u);
}

TEST(HMACTest, WycheproofSHA1) {
  RunWycheproofHMAC("hmac_sha1_test.json", EVP_sha1());
}
TEST(HMACTest, WycheproofSHA224) {
  RunWycheproofHMAC("hmac_sha224_test.json", EVP_sha224());
}
TEST(HMACTest, WycheproofSHA256) {
  RunWycheproofHMAC("hmac_sha256_test.json", EVP_sha256());
}
TEST(HMACTest, WycheproofSHA384) {
  RunWycheproofHMAC("hmac_sha384_test.json", EVP_sha384());
}
TEST(HMACTest, WycheproofSHA512) {
  RunWycheproofHMAC("hmac_sha512_test.json", EVP_sha512());
}
TEST(HMACTest, WycheproofSHA512_256) {
  RunWycheproofHMAC("hmac_sha512_256_test.json", EVP_sha512_256());
}

// The project's own all-lengths file, generated from Go's crypto/hmac by
// util/gen_vectors: for each digest and key length k (0, 1, B-1, B, B+1,
// 200), the tags T_n of every message length n in 0..MaxLength (2B+1),
// condensed into Output = Hash(T_0 || ... || T_MaxLength). The keys and
// messages are rebuilt here from the file's formulas and each tag computed
// through HMAC(); a mismatch names the digest and key length (regenerate
// per-length tags with Go's crypto/hmac to find the message length).
TEST(HMACTest, GeneratedLengths) {
  std::string path = SourcePath("crypto/hmac/test/hmac_lengths_tests.txt");
  std::string contents;
  ASSERT_TRUE(ReadFileToString(&contents, path))
      << path << " is missing (generate it with `go run ./util/gen_vectors`)";
  size_t blocks = 0;
  FileTestGTest(path, [&](FileTest *t) {
    std::string name, key_len_str, max_len_str;
    std::vector<uint8_t> output;
    ASSERT_TRUE(t->GetAttribute(&name, "Hash"));
    ASSERT_TRUE(t->GetAttribute(&key_len_str, "KeyLength"));
    ASSERT_TRUE(t->GetAttribute(&max_len_str, "MaxLength"));
    ASSERT_TRUE(t->GetBytes(&output, "Output"));
    const EVP_MD *md = DigestOrFail(name);
    ASSERT_NE(nullptr, md);
    const size_t key_len = std::stoul(key_len_str);
    const size_t max_len = std::stoul(max_len_str);
    ASSERT_EQ(2 * EVP_MD_block_size(md) + 1, max_len);
    SCOPED_TRACE(name + ", key length " + key_len_str);
    std::vector<uint8_t> key =
        PatternBytes(key_len, 37, static_cast<unsigned>(2 * key_len + 1));
    std::vector<uint8_t> tags;
    for (size_t n = 0; n <= max_len; n++) {
      std::vector<uint8_t> tag =
          OneShot(md, key, PatternBytes(n, 131, static_cast<unsigned>(n)));
      ASSERT_EQ(EVP_MD_size(md), tag.size());
      tags.insert(tags.end(), tag.begin(), tag.end());
    }
    uint8_t digest[EVP_MAX_MD_SIZE];
    unsigned digest_len = 0;
    ASSERT_TRUE(EVP_Digest(tags.data(), tags.size(), digest, &digest_len, md,
                           nullptr));
    EXPECT_EQ(Bytes(output), Bytes(digest, digest_len));
    blocks++;
  });
  // Six digests, six key lengths each.
  EXPECT_EQ(36u, blocks);
}

// Every key length from 0 to two blocks and one byte, against HMAC written
// here from FIPS 198-1 over EVP_Digest: K0 is built in the library in
// 16-byte pieces (the last one read partially) and the fused SHA-256 row
// makes the pads itself, so each length of the last piece is checked, for
// HMAC() and for HMAC_Init_ex/Update/Final with a new key each time.
TEST(HMACTest, EveryKeyLength) {
  TestRNG rng(0x6b30);
  for (const NamedMD &d : kDigests) {
    SCOPED_TRACE(d.name);
    const EVP_MD *md = d.func();
    const size_t b = EVP_MD_block_size(md);
    std::vector<uint8_t> msg = rng.Bytes(77);
    HMAC_CTX ctx;
    HMAC_CTX_init(&ctx);
    for (size_t key_len = 0; key_len <= 2 * b + 1; key_len++) {
      SCOPED_TRACE(key_len);
      std::vector<uint8_t> key = rng.Bytes(key_len);
      // K0, the pads, and H((K0 ^ opad) || H((K0 ^ ipad) || msg)).
      std::vector<uint8_t> k0(b, 0);
      uint8_t hk[EVP_MAX_MD_SIZE];
      unsigned hk_len = 0;
      if (key_len > b) {
        ASSERT_TRUE(EVP_Digest(key.data(), key.size(), hk, &hk_len, md,
                               nullptr));
        memcpy(k0.data(), hk, hk_len);
      } else if (key_len != 0) {
        memcpy(k0.data(), key.data(), key_len);
      }
      std::vector<uint8_t> inner(k0), outer(k0);
      for (size_t i = 0; i < b; i++) {
        inner[i] ^= 0x36;
        outer[i] ^= 0x5c;
      }
      inner.insert(inner.end(), msg.begin(), msg.end());
      uint8_t ih[EVP_MAX_MD_SIZE], want[EVP_MAX_MD_SIZE];
      unsigned ih_len = 0, want_len = 0;
      ASSERT_TRUE(EVP_Digest(inner.data(), inner.size(), ih, &ih_len, md,
                             nullptr));
      outer.insert(outer.end(), ih, ih + ih_len);
      ASSERT_TRUE(EVP_Digest(outer.data(), outer.size(), want, &want_len, md,
                             nullptr));
      EXPECT_EQ(Bytes(want, want_len), Bytes(OneShot(md, key, msg)));
      uint8_t got[EVP_MAX_MD_SIZE];
      unsigned got_len = 0;
      ASSERT_TRUE(HMAC_Init_ex(&ctx, key.data(), key.size(), md, nullptr));
      ASSERT_TRUE(HMAC_Update(&ctx, msg.data(), msg.size()));
      ASSERT_TRUE(HMAC_Final(&ctx, got, &got_len));
      EXPECT_EQ(Bytes(want, want_len), Bytes(got, got_len));
    }
    HMAC_CTX_cleanup(&ctx);
  }
}

// Streaming in random splits equals the one-shot HMAC, for key lengths
// around the block size and message lengths around block edges.
TEST(HMACTest, RandomSplits) {
  TestRNG rng(0x484d4143);
  for (const NamedMD &d : kDigests) {
    SCOPED_TRACE(d.name);
    const EVP_MD *md = d.func();
    const size_t b = EVP_MD_block_size(md);
    const size_t key_lens[] = {0, 1, EVP_MD_size(md), b - 1, b, b + 1, 300};
    for (size_t key_len : key_lens) {
      std::vector<uint8_t> key = rng.Bytes(key_len);
      HMAC_CTX ctx;
      HMAC_CTX_init(&ctx);
      ASSERT_TRUE(HMAC_Init_ex(&ctx, key.data(), key.size(), md, nullptr));
      for (size_t len = 0; len <= 3 * b + 1; len++) {
        SCOPED_TRACE(len);
        std::vector<uint8_t> msg = rng.Bytes(len);
        std::vector<uint8_t> expected = OneShot(md, key, msg);
        ASSERT_TRUE(HMAC_Init_ex(&ctx, nullptr, 0, nullptr, nullptr));
        size_t done = 0;
        while (done < len) {
          size_t n = rng.Below(len - done + 1);
          ASSERT_TRUE(HMAC_Update(&ctx, msg.data() + done, n));
          done += n;
        }
        uint8_t out[EVP_MAX_MD_SIZE];
        unsigned out_len = 0;
        ASSERT_TRUE(HMAC_Final(&ctx, out, &out_len));
        EXPECT_EQ(Bytes(expected), Bytes(out, out_len));
      }
      HMAC_CTX_cleanup(&ctx);
    }
  }
}

// A new key for every message, the way TLS 1.3's HKDF-Expand-Label and
// a MAC with a fresh key use HMAC_CTX: for SHA-256 this is the deferred key
// schedule (hmac.c), whose short messages run as one HMAC() call and whose
// key states are computed only when a message outgrows the buffer or the
// key is reused. Each message is split at random, then its key reused for
// a second message, and now and then the context is copied mid-message and
// both copies finished with different endings; every tag against HMAC().
TEST(HMACTest, NewKeyEachMessage) {
  TestRNG rng(0x6e6b6579);
  for (const NamedMD &d : kDigests) {
    SCOPED_TRACE(d.name);
    const EVP_MD *md = d.func();
    const size_t b = EVP_MD_block_size(md);
    const size_t key_lens[] = {0, 1, 32, b, b + 1};
    HMAC_CTX ctx, copy;
    HMAC_CTX_init(&ctx);
    HMAC_CTX_init(&copy);
    for (size_t len = 0; len <= 2 * b + 1; len++) {
      SCOPED_TRACE(len);
      std::vector<uint8_t> key = rng.Bytes(key_lens[len % 5]);
      std::vector<uint8_t> msg = rng.Bytes(len), tail = rng.Bytes(len % 70);
      // (A NULL key means "the same key": the empty key needs a pointer.)
      static const uint8_t kNoKey = 0;
      ASSERT_TRUE(HMAC_Init_ex(&ctx, key.empty() ? &kNoKey : key.data(),
                               key.size(), md, nullptr));
      size_t done = 0;
      bool copied = false;
      while (done < len) {
        size_t n = rng.Below(len - done + 1);
        ASSERT_TRUE(HMAC_Update(&ctx, msg.data() + done, n));
        done += n;
        if (!copied && rng.Below(3) == 0) {
          // The copy finishes with `tail` after what is in so far.
          std::vector<uint8_t> copy_msg(msg.begin(), msg.begin() + done);
          copy_msg.insert(copy_msg.end(), tail.begin(), tail.end());
          ASSERT_TRUE(HMAC_CTX_copy_ex(&copy, &ctx));
          ASSERT_TRUE(HMAC_Update(&copy, tail.data(), tail.size()));
          uint8_t out[EVP_MAX_MD_SIZE];
          ASSERT_TRUE(HMAC_Final(&copy, out, nullptr));
          EXPECT_EQ(Bytes(OneShot(md, key, copy_msg)),
                    Bytes(out, EVP_MD_size(md)));
          copied = true;
        }
      }
      uint8_t out[EVP_MAX_MD_SIZE];
      unsigned out_len = 0;
      ASSERT_TRUE(HMAC_Final(&ctx, out, &out_len));
      EXPECT_EQ(Bytes(OneShot(md, key, msg)), Bytes(out, out_len));
      // The same key, reused: from the key states (computed now if the
      // first message did not need them).
      ASSERT_TRUE(HMAC_Init_ex(&ctx, nullptr, 0, nullptr, nullptr));
      ASSERT_TRUE(HMAC_Update(&ctx, tail.data(), tail.size()));
      ASSERT_TRUE(HMAC_Final(&ctx, out, &out_len));
      EXPECT_EQ(Bytes(OneShot(md, key, tail)), Bytes(out, out_len));
    }
    HMAC_CTX_cleanup(&ctx);
    HMAC_CTX_cleanup(&copy);
  }
}

// The deferred SHA-256 key schedule at its edges: a message that fills the
// buffer exactly and then grows by a byte, copies of a context whose key is
// still deferred (message open and closed), a change of digest while
// deferred, and reuse after a message that never needed the key states.
TEST(HMACTest, DeferredKeyEdges) {
  const EVP_MD *md = EVP_sha256();
  TestRNG rng(0x64656665);
  std::vector<uint8_t> key = rng.Bytes(32), msg = rng.Bytes(200);
  auto first = [&](size_t n) {
    return std::vector<uint8_t>(msg.begin(), msg.begin() + n);
  };
  uint8_t out[EVP_MAX_MD_SIZE], out2[EVP_MAX_MD_SIZE];
  HMAC_CTX ctx, copy;
  HMAC_CTX_init(&ctx);
  HMAC_CTX_init(&copy);

  // 64 bytes fill the buffer; one more byte needs the key states.
  for (size_t extra : {0, 1, 64, 136}) {
    SCOPED_TRACE(extra);
    ASSERT_TRUE(HMAC_Init_ex(&ctx, key.data(), key.size(), md, nullptr));
    ASSERT_TRUE(HMAC_Update(&ctx, msg.data(), 30));
    ASSERT_TRUE(HMAC_Update(&ctx, msg.data() + 30, 34));
    ASSERT_TRUE(HMAC_Update(&ctx, msg.data() + 64, extra));
    ASSERT_TRUE(HMAC_Final(&ctx, out, nullptr));
    EXPECT_EQ(Bytes(OneShot(md, key, first(64 + extra))), Bytes(out, 32));
  }

  // A copy of a deferred context with a message open: the copy goes past
  // the buffer, the original stays in it.
  ASSERT_TRUE(HMAC_Init_ex(&ctx, key.data(), key.size(), md, nullptr));
  ASSERT_TRUE(HMAC_Update(&ctx, msg.data(), 10));
  ASSERT_TRUE(HMAC_CTX_copy_ex(&copy, &ctx));
  ASSERT_TRUE(HMAC_Update(&copy, msg.data() + 10, 190));
  ASSERT_TRUE(HMAC_Update(&ctx, msg.data() + 10, 20));
  ASSERT_TRUE(HMAC_Final(&copy, out2, nullptr));
  ASSERT_TRUE(HMAC_Final(&ctx, out, nullptr));
  EXPECT_EQ(Bytes(OneShot(md, key, msg)), Bytes(out2, 32));
  EXPECT_EQ(Bytes(OneShot(md, key, first(30))), Bytes(out, 32));

  // A copy of a deferred context with no message open keeps the key; both
  // reuse it.
  std::vector<uint8_t> key2 = rng.Bytes(65);
  ASSERT_TRUE(HMAC_Init_ex(&ctx, key2.data(), key2.size(), md, nullptr));
  ASSERT_TRUE(HMAC_Final(&ctx, out, nullptr));
  EXPECT_EQ(Bytes(OneShot(md, key2, {})), Bytes(out, 32));
  HMAC_CTX fresh;
  memset(&fresh, 0xaa, sizeof(fresh));
  ASSERT_TRUE(HMAC_CTX_copy(&fresh, &ctx));
  ASSERT_TRUE(HMAC_Init_ex(&fresh, nullptr, 0, nullptr, nullptr));
  ASSERT_TRUE(HMAC_Update(&fresh, msg.data(), 100));
  ASSERT_TRUE(HMAC_Final(&fresh, out2, nullptr));
  EXPECT_EQ(Bytes(OneShot(md, key2, first(100))), Bytes(out2, 32));
  ASSERT_TRUE(HMAC_Init_ex(&ctx, nullptr, 0, nullptr, nullptr));
  ASSERT_TRUE(HMAC_Update(&ctx, msg.data(), 5));
  ASSERT_TRUE(HMAC_Final(&ctx, out, nullptr));
  EXPECT_EQ(Bytes(OneShot(md, key2, first(5))), Bytes(out, 32));
  HMAC_CTX_cleanup(&fresh);

  // Reusing a deferred key in the middle of a short message restarts it.
  ASSERT_TRUE(HMAC_Init_ex(&ctx, key.data(), key.size(), md, nullptr));
  ASSERT_TRUE(HMAC_Update(&ctx, msg.data() + 100, 10));
  ASSERT_TRUE(HMAC_Init_ex(&ctx, nullptr, 0, nullptr, nullptr));
  ASSERT_TRUE(HMAC_Update(&ctx, msg.data(), 20));
  ASSERT_TRUE(HMAC_Final(&ctx, out, nullptr));
  EXPECT_EQ(Bytes(OneShot(md, key, first(20))), Bytes(out, 32));

  // A new digest while deferred, and back: SHA-384 with the empty key,
  // then a new SHA-256 key from the SHA-384 key states.
  ASSERT_TRUE(HMAC_Init_ex(&ctx, key.data(), key.size(), md, nullptr));
  ASSERT_TRUE(HMAC_Update(&ctx, msg.data(), 7));
  ASSERT_TRUE(HMAC_Init_ex(&ctx, nullptr, 0, EVP_sha384(), nullptr));
  ASSERT_TRUE(HMAC_Update(&ctx, msg.data(), 7));
  ASSERT_TRUE(HMAC_Final(&ctx, out, nullptr));
  EXPECT_EQ(Bytes(OneShot(EVP_sha384(), {}, first(7))), Bytes(out, 48));
  ASSERT_TRUE(HMAC_Init_ex(&ctx, key.data(), key.size(), md, nullptr));
  ASSERT_TRUE(HMAC_Update(&ctx, msg.data(), 7));
  ASSERT_TRUE(HMAC_Final(&ctx, out, nullptr));
  EXPECT_EQ(Bytes(OneShot(md, key, first(7))), Bytes(out, 32));

  HMAC_CTX_cleanup(&ctx);
  HMAC_CTX_cleanup(&copy);
}

// Contains reports whether the `n` bytes at `needle` occur in `hay`.
static bool Contains(const void *hay, size_t hay_len, const uint8_t *needle,
                     size_t n) {
  const uint8_t *h = static_cast<const uint8_t *>(hay);
  for (size_t i = 0; i + n <= hay_len; i++) {
    if (memcmp(h + i, needle, n) == 0) {
      return true;
    }
  }
  return false;
}

// A deferred key leaves no stale secrets in the context: a new key erases
// the previous key's inner chaining value (its outer one lies under the new
// pads), and once the key states are computed the pads, which hold the key
// itself, are gone.
TEST(HMACTest, DeferredKeyLeavesNoStaleSecrets) {
  const EVP_MD *md = EVP_sha256();
  TestRNG rng(0x73746c);
  std::vector<uint8_t> key = rng.Bytes(32), key2 = rng.Bytes(32);
  std::vector<uint8_t> msg = rng.Bytes(100);
  // The whole context is searched below: every byte starts defined (for
  // valgrind; HMAC_CTX_init sets only the fields it needs).
  HMAC_CTX ctx;
  memset(&ctx, 0, sizeof(ctx));
  HMAC_CTX_init(&ctx);
  uint8_t out[EVP_MAX_MD_SIZE];

  // Key one's states, computed by a long message.
  ASSERT_TRUE(HMAC_Init_ex(&ctx, key.data(), key.size(), md, nullptr));
  ASSERT_TRUE(HMAC_Update(&ctx, msg.data(), msg.size()));
  ASSERT_TRUE(HMAC_Final(&ctx, out, nullptr));
  // K0 ^ opad's first 16 bytes: the key under the pad, as stored.
  uint8_t opad_start[16];
  for (size_t i = 0; i < 16; i++) {
    opad_start[i] = key[i] ^ 0x5c;
  }
  EXPECT_FALSE(Contains(&ctx, sizeof(ctx), opad_start, 16));
  uint8_t old_inner[32];
  memcpy(old_inner, ctx.i_ctx.u.sha256.h, sizeof(old_inner));
  ASSERT_TRUE(Contains(&ctx, sizeof(ctx), old_inner, sizeof(old_inner)));

  // Key two, deferred: key one's inner chaining value is gone.
  ASSERT_TRUE(HMAC_Init_ex(&ctx, key2.data(), key2.size(), md, nullptr));
  EXPECT_FALSE(Contains(&ctx, sizeof(ctx), old_inner, sizeof(old_inner)));
  ASSERT_TRUE(HMAC_Update(&ctx, msg.data(), 10));
  ASSERT_TRUE(HMAC_Final(&ctx, out, nullptr));
  EXPECT_EQ(Bytes(OneShot(md, key2, std::vector<uint8_t>(msg.begin(),
                                                          msg.begin() + 10))),
            Bytes(out, 32));
  HMAC_CTX_cleanup(&ctx);
}

// A key longer than the block size is replaced by its hash: both give the
// same HMAC (RFC 2104 §2).
TEST(HMACTest, LongKeyIsHashed) {
  TestRNG rng(7);
  for (const NamedMD &d : kDigests) {
    SCOPED_TRACE(d.name);
    const EVP_MD *md = d.func();
    std::vector<uint8_t> key = rng.Bytes(EVP_MD_block_size(md) + 1);
    std::vector<uint8_t> hashed(EVP_MD_size(md));
    ASSERT_TRUE(EVP_Digest(key.data(), key.size(), hashed.data(), nullptr, md,
                           nullptr));
    std::vector<uint8_t> msg = rng.Bytes(100);
    EXPECT_EQ(Bytes(OneShot(md, hashed, msg)), Bytes(OneShot(md, key, msg)));
  }
}

TEST(HMACTest, CopyResetAndKeyReuse) {
  const EVP_MD *md = EVP_sha256();
  TestRNG rng(11);
  std::vector<uint8_t> key = rng.Bytes(40), key2 = rng.Bytes(17);
  std::vector<uint8_t> a = rng.Bytes(90), b = rng.Bytes(70);
  std::vector<uint8_t> ab(a), ac(a);
  ab.insert(ab.end(), b.begin(), b.end());
  ac.insert(ac.end(), a.begin(), a.end());

  HMAC_CTX ctx, copy;
  HMAC_CTX_init(&ctx);
  HMAC_CTX_init(&copy);
  uint8_t out[EVP_MAX_MD_SIZE], out2[EVP_MAX_MD_SIZE];

  // A copy made mid-message continues independently of the original.
  ASSERT_TRUE(HMAC_Init_ex(&ctx, key.data(), key.size(), md, nullptr));
  ASSERT_TRUE(HMAC_Update(&ctx, a.data(), a.size()));
  ASSERT_TRUE(HMAC_CTX_copy_ex(&copy, &ctx));
  ASSERT_TRUE(HMAC_Update(&ctx, b.data(), b.size()));
  ASSERT_TRUE(HMAC_Update(&copy, a.data(), a.size()));
  ASSERT_TRUE(HMAC_Final(&ctx, out, nullptr));
  ASSERT_TRUE(HMAC_Final(&copy, out2, nullptr));
  EXPECT_EQ(Bytes(OneShot(md, key, ab)), Bytes(out, 32));
  EXPECT_EQ(Bytes(OneShot(md, key, ac)), Bytes(out2, 32));

  // A copy of a context whose message is closed keeps the key only.
  ASSERT_TRUE(HMAC_CTX_copy_ex(&copy, &ctx));
  EXPECT_FALSE(HMAC_Update(&copy, a.data(), a.size()));
  ExpectError(ERR_LIB_HMAC, HMAC_R_MISSING_PARAMETERS);
  ASSERT_TRUE(HMAC_Init_ex(&copy, nullptr, 0, nullptr, nullptr));
  ASSERT_TRUE(HMAC_Update(&copy, b.data(), b.size()));
  ASSERT_TRUE(HMAC_Final(&copy, out2, nullptr));
  EXPECT_EQ(Bytes(OneShot(md, key, b)), Bytes(out2, 32));

  // Copying onto itself changes nothing.
  ASSERT_TRUE(HMAC_Init_ex(&ctx, nullptr, 0, nullptr, nullptr));
  ASSERT_TRUE(HMAC_Update(&ctx, a.data(), a.size()));
  ASSERT_TRUE(HMAC_CTX_copy_ex(&ctx, &ctx));
  ASSERT_TRUE(HMAC_Update(&ctx, b.data(), b.size()));
  ASSERT_TRUE(HMAC_Final(&ctx, out, nullptr));
  EXPECT_EQ(Bytes(OneShot(md, key, ab)), Bytes(out, 32));

  // HMAC_CTX_copy needs no initialised destination.
  HMAC_CTX fresh;
  memset(&fresh, 0xaa, sizeof(fresh));
  ASSERT_TRUE(HMAC_CTX_copy(&fresh, &ctx));
  ASSERT_TRUE(HMAC_Init_ex(&fresh, nullptr, 0, nullptr, nullptr));
  ASSERT_TRUE(HMAC_Update(&fresh, a.data(), a.size()));
  ASSERT_TRUE(HMAC_Final(&fresh, out, nullptr));
  EXPECT_EQ(Bytes(OneShot(md, key, a)), Bytes(out, 32));
  HMAC_CTX_cleanup(&fresh);

  // Init_ex with the same digest and a NULL key reuses the key, even in the
  // middle of a message (which it restarts).
  ASSERT_TRUE(HMAC_Init_ex(&ctx, nullptr, 0, nullptr, nullptr));
  ASSERT_TRUE(HMAC_Update(&ctx, a.data(), a.size()));
  ASSERT_TRUE(HMAC_Init_ex(&ctx, nullptr, 0, md, nullptr));
  ASSERT_TRUE(HMAC_Update(&ctx, b.data(), b.size()));
  ASSERT_TRUE(HMAC_Final(&ctx, out, nullptr));
  EXPECT_EQ(Bytes(OneShot(md, key, b)), Bytes(out, 32));

  // A new key with the digest kept.
  ASSERT_TRUE(HMAC_Init_ex(&ctx, key2.data(), key2.size(), nullptr, nullptr));
  ASSERT_TRUE(HMAC_Update(&ctx, a.data(), a.size()));
  ASSERT_TRUE(HMAC_Final(&ctx, out, nullptr));
  EXPECT_EQ(Bytes(OneShot(md, key2, a)), Bytes(out, 32));

  // A new digest with a NULL key means the empty key.
  const EVP_MD *md2 = EVP_sha384();
  ASSERT_TRUE(HMAC_Init_ex(&ctx, nullptr, 0, md2, nullptr));
  EXPECT_EQ(48u, HMAC_size(&ctx));
  ASSERT_TRUE(HMAC_Update(&ctx, a.data(), a.size()));
  ASSERT_TRUE(HMAC_Final(&ctx, out, nullptr));
  EXPECT_EQ(Bytes(OneShot(md2, {}, a)), Bytes(out, 48));

  // Reset empties the context.
  EXPECT_EQ(1, HMAC_CTX_reset(&ctx));
  EXPECT_EQ(0u, HMAC_size(&ctx));
  EXPECT_EQ(nullptr, HMAC_CTX_get_md(&ctx));
  EXPECT_FALSE(HMAC_Init_ex(&ctx, nullptr, 0, nullptr, nullptr));
  ExpectError(ERR_LIB_HMAC, HMAC_R_MISSING_PARAMETERS);

  HMAC_CTX_cleanup(&ctx);
  HMAC_CTX_cleanup(&copy);
}

TEST(HMACTest, ErrorPaths) {
  ERR_clear_error();
  const EVP_MD *md = EVP_sha256();
  const uint8_t key[4] = {1, 2, 3, 4};
  uint8_t out[EVP_MAX_MD_SIZE];
  memset(out, 0x55, sizeof(out));
  unsigned out_len = 1234;

  HMAC_CTX ctx;
  HMAC_CTX_init(&ctx);
  // No digest given and none set.
  EXPECT_FALSE(HMAC_Init_ex(&ctx, key, sizeof(key), nullptr, nullptr));
  ExpectError(ERR_LIB_HMAC, HMAC_R_MISSING_PARAMETERS);
  // Update and Final before any key.
  EXPECT_FALSE(HMAC_Update(&ctx, key, sizeof(key)));
  ExpectError(ERR_LIB_HMAC, HMAC_R_MISSING_PARAMETERS);
  EXPECT_FALSE(HMAC_Final(&ctx, out, &out_len));
  ExpectError(ERR_LIB_HMAC, HMAC_R_MISSING_PARAMETERS);
  EXPECT_EQ(1234u, out_len);
  EXPECT_EQ(0x55, out[0]);
  // NULL key with a length: refused, and the context is left empty.
  ASSERT_TRUE(HMAC_Init_ex(&ctx, key, sizeof(key), md, nullptr));
  EXPECT_FALSE(HMAC_Init_ex(&ctx, nullptr, 5, md, nullptr));
  ExpectError(ERR_LIB_HMAC, ERR_R_PASSED_NULL_PARAMETER);
  EXPECT_EQ(nullptr, HMAC_CTX_get_md(&ctx));
  EXPECT_FALSE(HMAC_Update(&ctx, key, sizeof(key)));
  ExpectError(ERR_LIB_HMAC, HMAC_R_MISSING_PARAMETERS);
  // Final with no output buffer keeps the message open.
  ASSERT_TRUE(HMAC_Init_ex(&ctx, key, sizeof(key), md, nullptr));
  ASSERT_TRUE(HMAC_Update(&ctx, key, 2));
  EXPECT_FALSE(HMAC_Final(&ctx, nullptr, &out_len));
  ExpectError(ERR_LIB_HMAC, ERR_R_PASSED_NULL_PARAMETER);
  ASSERT_TRUE(HMAC_Update(&ctx, key + 2, 2));
  ASSERT_TRUE(HMAC_Final(&ctx, out, &out_len));
  EXPECT_EQ(32u, out_len);
  EXPECT_EQ(Bytes(OneShot(md, {1, 2, 3, 4}, {1, 2, 3, 4})), Bytes(out, 32));
  // Update and Final after Final.
  EXPECT_FALSE(HMAC_Update(&ctx, key, sizeof(key)));
  ExpectError(ERR_LIB_HMAC, HMAC_R_MISSING_PARAMETERS);
  EXPECT_FALSE(HMAC_Final(&ctx, out, &out_len));
  ExpectError(ERR_LIB_HMAC, HMAC_R_MISSING_PARAMETERS);
  // Copy from an empty context.
  HMAC_CTX empty, dest;
  HMAC_CTX_init(&empty);
  HMAC_CTX_init(&dest);
  ASSERT_TRUE(HMAC_CTX_copy_ex(&dest, &ctx));
  EXPECT_FALSE(HMAC_CTX_copy_ex(&dest, &empty));
  ExpectError(ERR_LIB_HMAC, HMAC_R_MISSING_PARAMETERS);
  EXPECT_EQ(nullptr, HMAC_CTX_get_md(&dest));
  EXPECT_FALSE(HMAC_CTX_copy(&dest, &empty));
  ExpectError(ERR_LIB_HMAC, HMAC_R_MISSING_PARAMETERS);

  // One-shot HMAC.
  EXPECT_EQ(nullptr, HMAC(nullptr, key, sizeof(key), key, 4, out, nullptr));
  ExpectError(ERR_LIB_HMAC, ERR_R_PASSED_NULL_PARAMETER);
  EXPECT_EQ(nullptr, HMAC(md, key, sizeof(key), key, 4, nullptr, nullptr));
  ExpectError(ERR_LIB_HMAC, ERR_R_PASSED_NULL_PARAMETER);
  EXPECT_EQ(nullptr, HMAC(md, key, sizeof(key), nullptr, 4, out, nullptr));
  ExpectError(ERR_LIB_HMAC, ERR_R_PASSED_NULL_PARAMETER);
  EXPECT_EQ(nullptr, HMAC(md, nullptr, 4, key, 4, out, nullptr));
  ExpectError(ERR_LIB_HMAC, ERR_R_PASSED_NULL_PARAMETER);
  // NULL pointers with zero lengths are fine.
  EXPECT_EQ(out, HMAC(md, nullptr, 0, nullptr, 0, out, nullptr));
  EXPECT_EQ(0u, ERR_peek_error());

  HMAC_CTX_cleanup(&ctx);
  HMAC_CTX_cleanup(&dest);
  HMAC_CTX_free(nullptr);
}

// The output of HMAC() may overlap its inputs: they are read first.
TEST(HMACTest, OutputMayAliasInput) {
  TestRNG rng(3);
  for (const NamedMD &d : kDigests) {
    SCOPED_TRACE(d.name);
    const EVP_MD *md = d.func();
    std::vector<uint8_t> buf = rng.Bytes(200);
    std::vector<uint8_t> key(buf.begin(), buf.begin() + 50);
    std::vector<uint8_t> msg(buf.begin() + 50, buf.end());
    std::vector<uint8_t> expected = OneShot(md, key, msg);
    // Output over the message.
    ASSERT_TRUE(HMAC(md, key.data(), key.size(), buf.data() + 50, 150,
                     buf.data() + 50, nullptr));
    EXPECT_EQ(Bytes(expected), Bytes(buf.data() + 50, expected.size()));
    // Output over the key.
    buf = key;
    buf.insert(buf.end(), msg.begin(), msg.end());
    ASSERT_TRUE(HMAC(md, buf.data(), 50, msg.data(), msg.size(), buf.data(),
                     nullptr));
    EXPECT_EQ(Bytes(expected), Bytes(buf.data(), expected.size()));
  }
}

// Cleanup leaves no key material: the whole context is zero.
TEST(HMACTest, CleanupZeroises) {
  const uint8_t key[] = "a key that must not survive cleanup";
  for (const NamedMD &d : kDigests) {
    SCOPED_TRACE(d.name);
    HMAC_CTX ctx;
    HMAC_CTX_init(&ctx);
    ASSERT_TRUE(HMAC_Init_ex(&ctx, key, sizeof(key), d.func(), nullptr));
    ASSERT_TRUE(HMAC_Update(&ctx, key, 10));
    EXPECT_FALSE(IsAllZero(&ctx, sizeof(ctx)));
    HMAC_CTX_cleanup(&ctx);
    EXPECT_TRUE(IsAllZero(&ctx, sizeof(ctx)));
  }
}

TEST(HMACTest, Sizes) {
  for (const NamedMD &d : kDigests) {
    SCOPED_TRACE(d.name);
    HMAC_CTX ctx;
    HMAC_CTX_init(&ctx);
    EXPECT_EQ(0u, HMAC_size(&ctx));
    ASSERT_TRUE(HMAC_Init_ex(&ctx, nullptr, 0, d.func(), nullptr));
    EXPECT_EQ(EVP_MD_size(d.func()), HMAC_size(&ctx));
    HMAC_CTX_cleanup(&ctx);
  }
}
