// Copyright 2026 The project authors.
//
// hostile_input_test.cc: hostile input through the public API.
//
// Every buffer the library is given here is a GuardedBuffer (guard_page.h):
// its data ends exactly against an inaccessible page (or, in the second
// placement, starts right after one), so a read or write even one byte out
// of bounds faults at once, in assembly too. The accessible bytes on the
// other side hold canaries that are checked after each call. Outputs get
// exactly the room the call may use, no more.
//
// Covered, for each public entry point of SHA-1/SHA-2 (one-shot, EVP and
// streaming), HMAC, HKDF, CRYPTO_chacha_20, Poly1305 and both AEADs (seal,
// open, seal_scatter, open_gather):
//   - lengths 0 and 1 and the block edges, inputs and outputs against the
//     guard page in both placements, results equal to the reference rows';
//   - NULL pointers with zero lengths accepted;
//   - NULL with a non-zero length, missing digests, uninitialised contexts
//     refused with the documented ERR code;
//   - huge lengths (SIZE_MAX, HKDF past 255 * HashLen, AEAD past
//     64 * (2^32 - 1) bytes) refused with the documented code and nothing
//     written;
//   - AEAD aliasing: exact in-place allowed, every partial overlap the API
//     lists refused with CIPHER_R_OUTPUT_ALIASES_INPUT;
//   - AEAD key, tag and nonce lengths: every wrong one refused;
//   - AEAD output buffers one byte too small refused: `*out_len` zero, the
//     buffer wiped as documented, nothing written outside it.
// Each check runs once under every implementation row the CPU can run,
// forced for the public API by ForEachRowForced (asm_path_test.h), which
// walks the CRYPTO_PRIMITIVE tables, so rows added later are covered
// without editing this file; the AEADs run under each ChaCha20 row (with
// the CPU's Poly1305) and each Poly1305 row (with the CPU's ChaCha20).
// Rows the CPU cannot run are printed as skipped. Expected results are
// computed with the reference (last) rows (WithReferenceRows) on plain heap
// buffers.

#include <openssl/aead.h>
#include <openssl/chacha.h>
#include <openssl/digest.h>
#include <openssl/err.h>
#include <openssl/hkdf.h>
#include <openssl/hmac.h>
#include <openssl/poly1305.h>
#include <openssl/sha.h>

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <memory>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "../chacha/internal.h"
#include "../impl.h"
#include "../poly1305/internal.h"
#include "../sha/internal.h"
#include "asm_path_test.h"
#include "guard_page.h"
#include "test_util.h"

namespace {

using Buf = std::vector<uint8_t>;
using GB = GuardedBuffer;

const GB::Placement kPlacements[] = {GB::kEndAtGuard, GB::kStartAfterGuard};

const char *PlacementName(GB::Placement p) {
  return p == GB::kEndAtGuard ? "end at guard" : "start after guard";
}

// Pattern returns `len` deterministic bytes for `seed`.
Buf Pattern(uint64_t seed, size_t len) {
  TestRNG rng(seed);
  return rng.Bytes(len);
}

// Guarded returns a new GuardedBuffer holding a copy of `b`.
std::unique_ptr<GB> Guarded(const Buf &b, GB::Placement where) {
  std::unique_ptr<GB> g(new GB(b.size(), where));
  g->Assign(b.data(), b.size());
  return g;
}

Buf Contents(const GB &g) { return Buf(g.data(), g.data() + g.size()); }

// PopsError checks that exactly one error is queued and that it is `reason`
// of library `lib`, and empties the queue.
::testing::AssertionResult PopsError(int lib, int reason) {
  uint32_t err = ERR_get_error();
  uint32_t extra = ERR_get_error();
  ERR_clear_error();
  if (err == 0) {
    return ::testing::AssertionFailure() << "no error was queued";
  }
  if (ERR_GET_LIB(err) != lib || ERR_GET_REASON(err) != reason) {
    return ::testing::AssertionFailure()
           << "queued lib " << ERR_GET_LIB(err) << " reason "
           << ERR_GET_REASON(err) << ", want lib " << lib << " reason "
           << reason;
  }
  if (extra != 0) {
    return ::testing::AssertionFailure()
           << "a second error was queued: reason " << ERR_GET_REASON(extra);
  }
  return ::testing::AssertionSuccess();
}

// The message lengths tried: 0, 1 and both sides of the 16-, 64- and
// 128-byte block edges and of the 4- and 8-block multi-block paths.
const size_t kLengths[] = {0,   1,   2,   15,  16,  17,  55,  56,  57,
                           63,  64,  65,  111, 112, 113, 127, 128, 129,
                           255, 256, 257, 511, 512, 513, 1000};

// --- The guard page itself ----------------------------------------------------

// A guard page that did not fault would make every test below toothless:
// check that touching the byte past the data (or before it) kills the
// process, and that the canaries see a stray write on the open side.
TEST(GuardPageTest, FaultsAndCanaries) {
  std::string why;
  if (!GuardPagesAvailable(&why)) {
    GTEST_SKIP() << "skipped: no guard pages here (" << why
                 << "); buffers are plain heap blocks";
  }
  GB end(10, GB::kEndAtGuard, 1);
  GB start(10, GB::kStartAfterGuard, 2);
  EXPECT_TRUE(end.Guarded());
  EXPECT_TRUE(end.CanariesIntact());
  EXPECT_TRUE(start.CanariesIntact());
  EXPECT_DEATH(
      {
        volatile uint8_t *p = end.data();
        p[10] = 0;
      },
      "");
  // The loaded byte is printed: a load whose value is unused may be
  // dropped (valgrind's JIT does), and then nothing faults.
  EXPECT_DEATH(
      {
        volatile uint8_t *p = start.data();
        fprintf(stderr, "%d\n", p[-1]);
      },
      "");
  end.data()[-1] = 0;  // the open side: accessible, but a canary
  EXPECT_FALSE(end.CanariesIntact());
  start.data()[10] = 0;
  EXPECT_FALSE(start.CanariesIntact());
  GB empty(0, GB::kEndAtGuard);
  EXPECT_NE(nullptr, empty.data());
  EXPECT_TRUE(empty.CanariesIntact());
}

// --- SHA-1 and SHA-2 --------------------------------------------------------

struct DigestCase {
  const char *name;
  CRYPTO_PRIMITIVE *prim;
  const EVP_MD *(*md)(void);
  uint8_t *(*oneshot)(const uint8_t *, size_t, uint8_t *);
};
const DigestCase kDigests[] = {
    {"SHA-1", &CRYPTO_primitive_sha1, EVP_sha1, SHA1},
    {"SHA-224", &CRYPTO_primitive_sha256, EVP_sha224, SHA224},
    {"SHA-256", &CRYPTO_primitive_sha256, EVP_sha256, SHA256},
    {"SHA-384", &CRYPTO_primitive_sha512, EVP_sha384, SHA384},
    {"SHA-512", &CRYPTO_primitive_sha512, EVP_sha512, SHA512},
    {"SHA-512/224", &CRYPTO_primitive_sha512, EVP_sha512_224, SHA512_224},
    {"SHA-512/256", &CRYPTO_primitive_sha512, EVP_sha512_256, SHA512_256},
};

// DigestLengths is every length 0..129 (every tail a one-shot digest pads
// from, for both block sizes, each directly against the guard: the padding
// reads the last bytes with loads of every size) and the longer lengths of
// kLengths. The row the CPU chooses runs them all, every other row the
// lengths of kLengths. (This is the one guard-page test of the digests: it
// absorbed SHATest.GuardPage, which ran lengths 0..300 on the CPU's row,
// one-shot and EVP_Digest, with the input ending at the guard.)
template <size_t N>
bool IsIn(const size_t (&list)[N], size_t v) {
  for (size_t x : list) {
    if (x == v) {
      return true;
    }
  }
  return false;
}

std::vector<size_t> DigestLengths() {
  std::vector<size_t> lens;
  for (size_t len = 0; len <= 129; len++) {
    lens.push_back(len);
  }
  for (size_t len : kLengths) {
    if (len > 129) {
      lens.push_back(len);
    }
  }
  return lens;
}

TEST(HostileInputTest, Digests) {
  for (const DigestCase &d : kDigests) {
    SCOPED_TRACE(d.name);
    const EVP_MD *md = d.md();
    const size_t md_len = EVP_MD_size(md);
    const std::vector<size_t> lens = DigestLengths();
    // The row the CPU would use: it gets every length, the others kLengths.
    const CRYPTO_IMPL *cpu_row = CRYPTO_impl_chosen(d.prim);
    std::vector<Buf> want;
    WithReferenceRows({d.prim}, [&] {
      for (size_t len : lens) {
        Buf out(md_len);
        Buf in = Pattern(len, len);
        ASSERT_EQ(1, EVP_Digest(in.data(), len, out.data(), nullptr, md,
                                nullptr));
        want.push_back(out);
      }
    });
    ASSERT_EQ(0u, lens[0]);
    ForEachRowForced(d.prim, [&](const CRYPTO_IMPL *) {
      const bool every_length = CRYPTO_impl_chosen(d.prim) == cpu_row;
      for (size_t i = 0; i < lens.size(); i++) {
        const size_t len = lens[i];
        if (!every_length && !IsIn(kLengths, len)) {
          continue;
        }
        for (GB::Placement where : kPlacements) {
          SCOPED_TRACE(testing::Message() << "length " << len << ", "
                                          << PlacementName(where));
          auto in = Guarded(Pattern(len, len), where);
          // EVP_Digest, output of exactly md_len bytes against a guard.
          GB out(md_len, where);
          unsigned out_len = 0;
          ASSERT_EQ(1, EVP_Digest(in->data(), len, out.data(), &out_len, md,
                                  nullptr));
          EXPECT_EQ(md_len, out_len);
          EXPECT_EQ(Bytes(want[i]), Bytes(Contents(out)));
          EXPECT_TRUE(out.CanariesIntact());
          // The one-shot function returns its output pointer.
          GB out2(md_len, where);
          EXPECT_EQ(out2.data(), d.oneshot(in->data(), len, out2.data()));
          EXPECT_EQ(Bytes(want[i]), Bytes(Contents(out2)));
          EXPECT_TRUE(out2.CanariesIntact());
          // Streaming: the first half, a zero-length update pointing at
          // the guard page itself, then the rest byte by byte for the last
          // three bytes.
          EVP_MD_CTX ctx;
          EVP_MD_CTX_init(&ctx);
          ASSERT_EQ(1, EVP_DigestInit_ex(&ctx, md, nullptr));
          const size_t half = len / 2;
          const size_t tail = len - half < 3 ? len - half : 3;
          ASSERT_EQ(1, EVP_DigestUpdate(&ctx, in->data(), half));
          ASSERT_EQ(1, EVP_DigestUpdate(&ctx, in->data() + len, 0));
          ASSERT_EQ(1, EVP_DigestUpdate(&ctx, in->data() + half,
                                        len - half - tail));
          for (size_t j = len - tail; j < len; j++) {
            ASSERT_EQ(1, EVP_DigestUpdate(&ctx, in->data() + j, 1));
          }
          GB out3(md_len, where);
          ASSERT_EQ(1, EVP_DigestFinal_ex(&ctx, out3.data(), nullptr));
          EVP_MD_CTX_cleanup(&ctx);
          EXPECT_EQ(Bytes(want[i]), Bytes(Contents(out3)));
          EXPECT_TRUE(out3.CanariesIntact());
        }
      }
      // NULL with a zero length hashes the empty message.
      GB out(md_len, GB::kEndAtGuard);
      ASSERT_EQ(1, EVP_Digest(nullptr, 0, out.data(), nullptr, md, nullptr));
      EXPECT_EQ(Bytes(want[0]), Bytes(Contents(out)));
      out.Fill(0);
      EXPECT_EQ(out.data(), d.oneshot(nullptr, 0, out.data()));
      EXPECT_EQ(Bytes(want[0]), Bytes(Contents(out)));
      EVP_MD_CTX ctx;
      EVP_MD_CTX_init(&ctx);
      ASSERT_EQ(1, EVP_DigestInit_ex(&ctx, md, nullptr));
      ASSERT_EQ(1, EVP_DigestUpdate(&ctx, nullptr, 0));
      out.Fill(0);
      ASSERT_EQ(1, EVP_DigestFinal_ex(&ctx, out.data(), nullptr));
      EXPECT_EQ(Bytes(want[0]), Bytes(Contents(out)));
      EVP_MD_CTX_cleanup(&ctx);
    });
  }
}

TEST(HostileInputTest, DigestErrors) {
  GB out(EVP_MAX_MD_SIZE, GB::kEndAtGuard, 0x77);
  uint8_t msg[3] = {1, 2, 3};
  unsigned out_len = 99;
  ERR_clear_error();
  // No digest: refused, nothing written.
  EXPECT_EQ(0, EVP_Digest(msg, sizeof(msg), out.data(), &out_len, nullptr,
                          nullptr));
  EXPECT_TRUE(PopsError(ERR_LIB_DIGEST, DIGEST_R_UNKNOWN_DIGEST));
  EXPECT_TRUE(out.AllEqual(0x77));
  EVP_MD_CTX ctx;
  EVP_MD_CTX_init(&ctx);
  EXPECT_EQ(0, EVP_DigestInit_ex(&ctx, nullptr, nullptr));
  EXPECT_TRUE(PopsError(ERR_LIB_DIGEST, DIGEST_R_UNKNOWN_DIGEST));
  EXPECT_EQ(0, EVP_DigestInit_ex(nullptr, EVP_sha256(), nullptr));
  EXPECT_TRUE(PopsError(ERR_LIB_DIGEST, ERR_R_PASSED_NULL_PARAMETER));
  // A context with no digest set.
  EXPECT_EQ(0, EVP_DigestUpdate(&ctx, msg, sizeof(msg)));
  EXPECT_TRUE(PopsError(ERR_LIB_DIGEST, DIGEST_R_INPUT_NOT_INITIALIZED));
  EXPECT_EQ(0, EVP_DigestFinal_ex(&ctx, out.data(), &out_len));
  EXPECT_TRUE(PopsError(ERR_LIB_DIGEST, DIGEST_R_INPUT_NOT_INITIALIZED));
  EXPECT_TRUE(out.AllEqual(0x77));
  EXPECT_TRUE(out.CanariesIntact());
  EVP_MD_CTX_cleanup(&ctx);
}

// --- HMAC -------------------------------------------------------------------

TEST(HostileInputTest, HMAC) {
  const size_t kMsgLengths[] = {0, 1, 63, 64, 65, 129};
  for (const DigestCase &d : kDigests) {
    SCOPED_TRACE(d.name);
    const EVP_MD *md = d.md();
    const size_t md_len = EVP_MD_size(md), block = EVP_MD_block_size(md);
    // Keys shorter than, as long as and longer than a block (hashed).
    const size_t key_lens[] = {0, 1, block - 1, block, block + 1};
    std::vector<Buf> want;
    WithReferenceRows({d.prim}, [&] {
      for (size_t klen : key_lens) {
        for (size_t mlen : kMsgLengths) {
          Buf key = Pattern(klen + 1000, klen), msg = Pattern(mlen, mlen);
          Buf out(md_len);
          ASSERT_NE(nullptr, HMAC(md, key.data(), klen, msg.data(), mlen,
                                  out.data(), nullptr));
          want.push_back(out);
        }
      }
    });
    ForEachRowForced(d.prim, [&](const CRYPTO_IMPL *) {
      size_t w = 0;
      for (size_t klen : key_lens) {
        for (size_t mlen : kMsgLengths) {
          const Buf &expect = want[w++];
          for (GB::Placement where : kPlacements) {
            SCOPED_TRACE(testing::Message()
                         << "key " << klen << ", message " << mlen << ", "
                         << PlacementName(where));
            auto key = Guarded(Pattern(klen + 1000, klen), where);
            auto msg = Guarded(Pattern(mlen, mlen), where);
            GB out(md_len, where);
            unsigned out_len = 0;
            EXPECT_EQ(out.data(), HMAC(md, key->data(), klen, msg->data(),
                                       mlen, out.data(), &out_len));
            EXPECT_EQ(md_len, out_len);
            EXPECT_EQ(Bytes(expect), Bytes(Contents(out)));
            EXPECT_TRUE(out.CanariesIntact());
            // Streamed, with a zero-length update at the guard.
            HMAC_CTX ctx;
            HMAC_CTX_init(&ctx);
            ASSERT_EQ(1, HMAC_Init_ex(&ctx, key->data(), klen, md, nullptr));
            ASSERT_EQ(1, HMAC_Update(&ctx, msg->data(), mlen));
            ASSERT_EQ(1, HMAC_Update(&ctx, msg->data() + mlen, 0));
            GB out2(md_len, where);
            ASSERT_EQ(1, HMAC_Final(&ctx, out2.data(), nullptr));
            HMAC_CTX_cleanup(&ctx);
            EXPECT_EQ(Bytes(expect), Bytes(Contents(out2)));
            EXPECT_TRUE(out2.CanariesIntact());
          }
          // The output may overlap the inputs: exactly on top of the
          // message (in a buffer large enough for either).
          if (mlen >= md_len) {
            auto buf = Guarded(Pattern(mlen, mlen), GB::kEndAtGuard);
            Buf key = Pattern(klen + 1000, klen);
            EXPECT_EQ(buf->data(), HMAC(md, key.data(), klen, buf->data(),
                                        mlen, buf->data(), nullptr));
            EXPECT_EQ(Bytes(expect), Bytes(buf->data(), md_len));
          }
        }
      }
      // NULL key and message with zero lengths: key length 0, message 0.
      GB out(md_len, GB::kEndAtGuard);
      EXPECT_EQ(out.data(),
                HMAC(md, nullptr, 0, nullptr, 0, out.data(), nullptr));
      EXPECT_EQ(Bytes(want[0]), Bytes(Contents(out)));
    });
    // Refusals (independent of the row): nothing written.
    ERR_clear_error();
    GB out(md_len, GB::kEndAtGuard, 0x77);
    uint8_t key[4] = {0}, msg[4] = {0};
    EXPECT_EQ(nullptr, HMAC(md, nullptr, 4, msg, 4, out.data(), nullptr));
    EXPECT_TRUE(PopsError(ERR_LIB_HMAC, ERR_R_PASSED_NULL_PARAMETER));
    EXPECT_EQ(nullptr, HMAC(md, key, 4, nullptr, 4, out.data(), nullptr));
    EXPECT_TRUE(PopsError(ERR_LIB_HMAC, ERR_R_PASSED_NULL_PARAMETER));
    EXPECT_EQ(nullptr, HMAC(nullptr, key, 4, msg, 4, out.data(), nullptr));
    EXPECT_TRUE(PopsError(ERR_LIB_HMAC, ERR_R_PASSED_NULL_PARAMETER));
    EXPECT_EQ(nullptr, HMAC(md, key, 4, msg, 4, nullptr, nullptr));
    EXPECT_TRUE(PopsError(ERR_LIB_HMAC, ERR_R_PASSED_NULL_PARAMETER));
    EXPECT_TRUE(out.AllEqual(0x77));
    HMAC_CTX ctx;
    HMAC_CTX_init(&ctx);
    EXPECT_EQ(0, HMAC_Init_ex(&ctx, nullptr, 0, nullptr, nullptr));
    EXPECT_TRUE(PopsError(ERR_LIB_HMAC, HMAC_R_MISSING_PARAMETERS));
    EXPECT_EQ(0, HMAC_Init_ex(&ctx, nullptr, 4, md, nullptr));
    EXPECT_TRUE(PopsError(ERR_LIB_HMAC, ERR_R_PASSED_NULL_PARAMETER));
    EXPECT_EQ(0, HMAC_Update(&ctx, msg, 4));
    EXPECT_TRUE(PopsError(ERR_LIB_HMAC, HMAC_R_MISSING_PARAMETERS));
    EXPECT_EQ(0, HMAC_Final(&ctx, out.data(), nullptr));
    EXPECT_TRUE(PopsError(ERR_LIB_HMAC, HMAC_R_MISSING_PARAMETERS));
    // A finished message is closed until the next HMAC_Init_ex.
    ASSERT_EQ(1, HMAC_Init_ex(&ctx, key, 4, md, nullptr));
    GB tag(md_len, GB::kEndAtGuard);
    ASSERT_EQ(1, HMAC_Final(&ctx, tag.data(), nullptr));
    EXPECT_EQ(0, HMAC_Final(&ctx, out.data(), nullptr));
    EXPECT_TRUE(PopsError(ERR_LIB_HMAC, HMAC_R_MISSING_PARAMETERS));
    EXPECT_TRUE(out.AllEqual(0x77));
    EXPECT_TRUE(out.CanariesIntact());
    HMAC_CTX_cleanup(&ctx);
  }
}

// --- HKDF -------------------------------------------------------------------

TEST(HostileInputTest, HKDF) {
  for (const DigestCase &d : kDigests) {
    SCOPED_TRACE(d.name);
    const EVP_MD *md = d.md();
    const size_t md_len = EVP_MD_size(md), max = 255 * md_len;
    const Buf secret = Pattern(1, 22), salt = Pattern(2, 13),
              info = Pattern(3, 10);
    Buf want(max), want_prk(md_len);
    WithReferenceRows({d.prim}, [&] {
      ASSERT_EQ(1, HKDF(want.data(), max, md, secret.data(), secret.size(),
                        salt.data(), salt.size(), info.data(), info.size()));
      size_t prk_len;
      ASSERT_EQ(1, HKDF_extract(want_prk.data(), &prk_len, md, secret.data(),
                                secret.size(), salt.data(), salt.size()));
    });
    ForEachRowForced(d.prim, [&](const CRYPTO_IMPL *) {
      for (GB::Placement where : kPlacements) {
        SCOPED_TRACE(PlacementName(where));
        auto s = Guarded(secret, where), sa = Guarded(salt, where),
             in = Guarded(info, where);
        // The OKM of length L is the first L bytes of the longest one.
        for (size_t len : {size_t{0}, size_t{1}, md_len, md_len + 1, max}) {
          SCOPED_TRACE(len);
          GB out(len, where);
          ASSERT_EQ(1, HKDF(out.data(), len, md, s->data(), s->size(),
                            sa->data(), sa->size(), in->data(), in->size()));
          EXPECT_EQ(Bytes(want.data(), len), Bytes(Contents(out)));
          EXPECT_TRUE(out.CanariesIntact());
        }
        GB prk(md_len, where);
        size_t prk_len = 0;
        ASSERT_EQ(1, HKDF_extract(prk.data(), &prk_len, md, s->data(),
                                  s->size(), sa->data(), sa->size()));
        EXPECT_EQ(md_len, prk_len);
        EXPECT_EQ(Bytes(want_prk), Bytes(Contents(prk)));
        EXPECT_TRUE(prk.CanariesIntact());
        GB okm(max, where);
        ASSERT_EQ(1, HKDF_expand(okm.data(), max, md, prk.data(), md_len,
                                 in->data(), in->size()));
        EXPECT_EQ(Bytes(want), Bytes(Contents(okm)));
        EXPECT_TRUE(okm.CanariesIntact());
      }
      // NULL pointers with zero lengths are accepted (empty salt, info,
      // secret; an empty output).
      EXPECT_EQ(1, HKDF(nullptr, 0, md, nullptr, 0, nullptr, 0, nullptr, 0));
      EXPECT_EQ(1, HKDF_expand(nullptr, 0, md, nullptr, 0, nullptr, 0));
      GB out(md_len, GB::kEndAtGuard);
      EXPECT_EQ(1, HKDF(out.data(), md_len, md, nullptr, 0, nullptr, 0,
                        nullptr, 0));
    });
    // Refusals: nothing written. One byte past 255 * HashLen, into a buffer
    // that large, then SIZE_MAX into a small one.
    ERR_clear_error();
    GB big(max + 1, GB::kEndAtGuard, 0x77);
    EXPECT_EQ(0, HKDF(big.data(), max + 1, md, secret.data(), secret.size(),
                      salt.data(), salt.size(), info.data(), info.size()));
    EXPECT_TRUE(PopsError(ERR_LIB_HKDF, HKDF_R_OUTPUT_TOO_LARGE));
    EXPECT_EQ(0, HKDF_expand(big.data(), max + 1, md, want_prk.data(),
                             md_len, info.data(), info.size()));
    EXPECT_TRUE(PopsError(ERR_LIB_HKDF, HKDF_R_OUTPUT_TOO_LARGE));
    EXPECT_TRUE(big.AllEqual(0x77));
    GB small(16, GB::kEndAtGuard, 0x77);
    EXPECT_EQ(0, HKDF(small.data(), SIZE_MAX, md, secret.data(),
                      secret.size(), nullptr, 0, nullptr, 0));
    EXPECT_TRUE(PopsError(ERR_LIB_HKDF, HKDF_R_OUTPUT_TOO_LARGE));
    EXPECT_EQ(0, HKDF_expand(small.data(), SIZE_MAX, md, want_prk.data(),
                             md_len, nullptr, 0));
    EXPECT_TRUE(PopsError(ERR_LIB_HKDF, HKDF_R_OUTPUT_TOO_LARGE));
    EXPECT_TRUE(small.AllEqual(0x77));
    EXPECT_TRUE(small.CanariesIntact());
    // NULL with a non-zero length, a NULL digest or output.
    EXPECT_EQ(0, HKDF(small.data(), 16, md, nullptr, 5, nullptr, 0, nullptr,
                      0));
    EXPECT_TRUE(PopsError(ERR_LIB_HKDF, ERR_R_PASSED_NULL_PARAMETER));
    EXPECT_EQ(0, HKDF(small.data(), 16, nullptr, secret.data(), 5, nullptr,
                      0, nullptr, 0));
    EXPECT_TRUE(PopsError(ERR_LIB_HKDF, ERR_R_PASSED_NULL_PARAMETER));
    EXPECT_EQ(0, HKDF_expand(small.data(), 16, md, nullptr, 5, nullptr, 0));
    EXPECT_TRUE(PopsError(ERR_LIB_HKDF, ERR_R_PASSED_NULL_PARAMETER));
    EXPECT_EQ(0, HKDF_expand(small.data(), 16, md, want_prk.data(), md_len,
                             nullptr, 3));
    EXPECT_TRUE(PopsError(ERR_LIB_HKDF, ERR_R_PASSED_NULL_PARAMETER));
    EXPECT_EQ(0, HKDF_expand(nullptr, 16, md, want_prk.data(), md_len,
                             nullptr, 0));
    EXPECT_TRUE(PopsError(ERR_LIB_HKDF, ERR_R_PASSED_NULL_PARAMETER));
    size_t prk_len = 77;
    EXPECT_EQ(0, HKDF_extract(nullptr, &prk_len, md, secret.data(), 5,
                              nullptr, 0));
    EXPECT_TRUE(PopsError(ERR_LIB_HKDF, ERR_R_PASSED_NULL_PARAMETER));
    EXPECT_EQ(0, HKDF_extract(small.data(), &prk_len, md, nullptr, 5,
                              nullptr, 0));
    EXPECT_TRUE(PopsError(ERR_LIB_HKDF, ERR_R_PASSED_NULL_PARAMETER));
    EXPECT_TRUE(small.AllEqual(0x77));
  }
}

// --- ChaCha20 ---------------------------------------------------------------

TEST(HostileInputTest, ChaCha20) {
  const Buf key = Pattern(10, 32), nonce = Pattern(11, 12);
  // Every length up to three blocks, then the multi-block edges.
  std::vector<size_t> lens;
  for (size_t len = 0; len <= 193; len++) {
    lens.push_back(len);
  }
  for (size_t len : {255, 256, 257, 511, 512, 513, 1023, 1024, 1025, 4097}) {
    lens.push_back(len);
  }
  std::vector<Buf> want;
  WithReferenceRows({&CRYPTO_primitive_chacha20}, [&] {
    for (size_t len : lens) {
      Buf in = Pattern(len + 20, len), out(len);
      CRYPTO_chacha_20(out.data(), in.data(), len, key.data(), nonce.data(),
                       3);
      want.push_back(out);
    }
  });
  ForEachRowForced(&CRYPTO_primitive_chacha20, [&](const CRYPTO_IMPL *) {
    for (GB::Placement where : kPlacements) {
      // The key and nonce against the guard too: a path that reads past
      // them faults.
      auto k = Guarded(key, where), n = Guarded(nonce, where);
      for (size_t i = 0; i < lens.size(); i++) {
        const size_t len = lens[i];
        SCOPED_TRACE(testing::Message() << "length " << len << ", "
                                        << PlacementName(where));
        auto in = Guarded(Pattern(len + 20, len), where);
        GB out(len, where, 0x77);
        CRYPTO_chacha_20(out.data(), in->data(), len, k->data(), n->data(), 3);
        EXPECT_EQ(Bytes(want[i]), Bytes(Contents(out)));
        EXPECT_TRUE(out.CanariesIntact());
        // Exactly in place.
        CRYPTO_chacha_20(in->data(), in->data(), len, k->data(), n->data(),
                         3);
        EXPECT_EQ(Bytes(want[i]), Bytes(Contents(*in)));
        EXPECT_TRUE(in->CanariesIntact());
      }
    }
    // NULL with a zero length.
    CRYPTO_chacha_20(nullptr, nullptr, 0, key.data(), nonce.data(), 0);
  });
}

// --- Poly1305 ---------------------------------------------------------------

TEST(HostileInputTest, Poly1305) {
  const Buf key = Pattern(20, 32);
  std::vector<size_t> lens;
  for (size_t len = 0; len <= 130; len++) {
    lens.push_back(len);
  }
  for (size_t len : {255, 256, 257, 511, 512, 513, 1023, 1024, 1025, 4097}) {
    lens.push_back(len);
  }
  std::vector<Buf> want;
  WithReferenceRows({&CRYPTO_primitive_poly1305}, [&] {
    for (size_t len : lens) {
      Buf msg = Pattern(len + 30, len), tag(16);
      poly1305_state st;
      CRYPTO_poly1305_init(&st, key.data());
      CRYPTO_poly1305_update(&st, msg.data(), len);
      CRYPTO_poly1305_finish(&st, tag.data());
      want.push_back(tag);
    }
  });
  ForEachRowForced(&CRYPTO_primitive_poly1305, [&](const CRYPTO_IMPL *) {
    for (GB::Placement where : kPlacements) {
      auto k = Guarded(key, where);
      // The opaque state itself against the guard: an implementation that
      // places or spills its context outside the 512 bytes faults.
      GB state(sizeof(poly1305_state), where);
      poly1305_state *st = reinterpret_cast<poly1305_state *>(state.data());
      for (size_t i = 0; i < lens.size(); i++) {
        const size_t len = lens[i];
        SCOPED_TRACE(testing::Message() << "length " << len << ", "
                                        << PlacementName(where));
        auto msg = Guarded(Pattern(len + 30, len), where);
        GB tag(16, where, 0x77);
        // One update of the whole message, then a zero-length one at the
        // guard, then (separately) the message in two pieces with the
        // second ending at the guard.
        CRYPTO_poly1305_init(st, k->data());
        CRYPTO_poly1305_update(st, msg->data(), len);
        CRYPTO_poly1305_update(st, msg->data() + len, 0);
        CRYPTO_poly1305_finish(st, tag.data());
        EXPECT_EQ(Bytes(want[i]), Bytes(Contents(tag)));
        EXPECT_TRUE(tag.CanariesIntact());
        tag.Fill(0x77);
        CRYPTO_poly1305_init(st, k->data());
        CRYPTO_poly1305_update(st, msg->data(), len / 3);
        CRYPTO_poly1305_update(st, msg->data() + len / 3, len - len / 3);
        CRYPTO_poly1305_finish(st, tag.data());
        EXPECT_EQ(Bytes(want[i]), Bytes(Contents(tag)));
        EXPECT_TRUE(tag.CanariesIntact());
        EXPECT_TRUE(state.CanariesIntact());
      }
      // NULL with a zero length.
      GB tag(16, where);
      CRYPTO_poly1305_init(st, k->data());
      CRYPTO_poly1305_update(st, nullptr, 0);
      CRYPTO_poly1305_finish(st, tag.data());
      EXPECT_EQ(Bytes(want[0]), Bytes(Contents(tag)));
    }
  });
}

// --- AEADs ------------------------------------------------------------------

struct AEADCase {
  const char *name;
  const EVP_AEAD *(*aead)(void);
};
const AEADCase kAEADs[] = {
    {"ChaCha20-Poly1305", EVP_aead_chacha20_poly1305},
    {"XChaCha20-Poly1305", EVP_aead_xchacha20_poly1305},
};

// The longest plaintext one (key, nonce) may seal: 64 * (2^32 - 1) bytes.
constexpr uint64_t kAEADLimit = 64 * ((uint64_t{1} << 32) - 1);

const size_t kAEADLengths[] = {0, 1, 15, 16, 17, 63, 64, 65, 127, 128, 129,
                               255, 256, 257, 511, 512, 513, 1000};

// AEADTest holds, for one AEAD, the key, nonce, AD and the reference
// sealed texts (ciphertext || full tag) for every length of kAEADLengths.
struct AEADFixture {
  const EVP_AEAD *aead;
  Buf key, nonce, ad;
  std::vector<Buf> pt, sealed;
  Buf sealed_empty_ad;  // the empty plaintext with an empty AD
};

AEADFixture MakeFixture(const EVP_AEAD *aead) {
  AEADFixture f;
  f.aead = aead;
  f.key = Pattern(30, EVP_AEAD_key_length(aead));
  f.nonce = Pattern(31, EVP_AEAD_nonce_length(aead));
  f.ad = Pattern(32, 13);
  WithReferenceRows({&CRYPTO_primitive_chacha20, &CRYPTO_primitive_poly1305},
                    [&] {
    EVP_AEAD_CTX ctx;
    ASSERT_EQ(1, EVP_AEAD_CTX_init(&ctx, aead, f.key.data(), f.key.size(),
                                   EVP_AEAD_DEFAULT_TAG_LENGTH, nullptr));
    for (size_t len : kAEADLengths) {
      Buf pt = Pattern(len + 40, len), out(len + 16);
      size_t out_len;
      ASSERT_EQ(1, EVP_AEAD_CTX_seal(&ctx, out.data(), &out_len, out.size(),
                                     f.nonce.data(), f.nonce.size(), pt.data(),
                                     len, f.ad.data(), f.ad.size()));
      ASSERT_EQ(len + 16, out_len);
      f.pt.push_back(pt);
      f.sealed.push_back(out);
    }
    f.sealed_empty_ad.resize(16);
    size_t out_len;
    ASSERT_EQ(1, EVP_AEAD_CTX_seal(&ctx, f.sealed_empty_ad.data(), &out_len,
                                   16, f.nonce.data(), f.nonce.size(), nullptr,
                                   0, nullptr, 0));
    EVP_AEAD_CTX_cleanup(&ctx);
  });
  return f;
}

// InitCtx keys `ctx` from a guarded copy of the fixture's key.
void InitCtx(EVP_AEAD_CTX *ctx, const AEADFixture &f, size_t tag_len) {
  auto key = Guarded(f.key, GB::kEndAtGuard);
  ASSERT_EQ(1, EVP_AEAD_CTX_init(ctx, f.aead, key->data(), key->size(),
                                 tag_len, nullptr));
}

// Valid calls at every length, every buffer against a guard page.
void CheckAEADValid(const AEADFixture &f) {
  EVP_AEAD_CTX ctx;
  InitCtx(&ctx, f, EVP_AEAD_DEFAULT_TAG_LENGTH);
  for (GB::Placement where : kPlacements) {
    auto nonce = Guarded(f.nonce, where), ad = Guarded(f.ad, where);
    for (size_t i = 0; i < sizeof(kAEADLengths) / sizeof(kAEADLengths[0]);
         i++) {
      const size_t len = kAEADLengths[i];
      const Buf &sealed = f.sealed[i];
      SCOPED_TRACE(testing::Message() << "length " << len << ", "
                                      << PlacementName(where));
      auto in = Guarded(f.pt[i], where);
      size_t out_len = 0;

      // seal: out of place, exactly len + 16 bytes of room.
      GB out(len + 16, where, 0x77);
      ASSERT_EQ(1, EVP_AEAD_CTX_seal(&ctx, out.data(), &out_len, out.size(),
                                     nonce->data(), nonce->size(), in->data(),
                                     len, ad->data(), ad->size()));
      EXPECT_EQ(len + 16, out_len);
      EXPECT_EQ(Bytes(sealed), Bytes(Contents(out)));
      EXPECT_TRUE(out.CanariesIntact());

      // seal in place.
      GB io(len + 16, where);
      if (len > 0) {
        memcpy(io.data(), f.pt[i].data(), len);
      }
      ASSERT_EQ(1, EVP_AEAD_CTX_seal(&ctx, io.data(), &out_len, io.size(),
                                     nonce->data(), nonce->size(), io.data(),
                                     len, ad->data(), ad->size()));
      EXPECT_EQ(Bytes(sealed), Bytes(Contents(io)));
      EXPECT_TRUE(io.CanariesIntact());

      // open: out of place into exactly len bytes, then in place.
      auto ct = Guarded(sealed, where);
      GB pt(len, where, 0x77);
      ASSERT_EQ(1, EVP_AEAD_CTX_open(&ctx, pt.data(), &out_len, len,
                                     nonce->data(), nonce->size(), ct->data(),
                                     ct->size(), ad->data(), ad->size()));
      EXPECT_EQ(len, out_len);
      EXPECT_EQ(Bytes(f.pt[i]), Bytes(Contents(pt)));
      EXPECT_TRUE(pt.CanariesIntact());
      ASSERT_EQ(1, EVP_AEAD_CTX_open(&ctx, ct->data(), &out_len, ct->size(),
                                     nonce->data(), nonce->size(), ct->data(),
                                     ct->size(), ad->data(), ad->size()));
      EXPECT_EQ(Bytes(f.pt[i]), Bytes(ct->data(), len));
      EXPECT_TRUE(ct->CanariesIntact());

      // seal_scatter at three split points: the first `s` bytes through
      // `in`, the rest through `extra_in`; out || out_tag is the sealed
      // text. Out of place, then with out == in.
      for (size_t s : {size_t{0}, len / 2, len}) {
        SCOPED_TRACE(testing::Message() << "split " << s);
        auto sin = Guarded(Buf(f.pt[i].begin(), f.pt[i].begin() + s), where);
        auto extra = Guarded(Buf(f.pt[i].begin() + s, f.pt[i].end()), where);
        GB sout(s, where, 0x77), tag(len - s + 16, where, 0x77);
        size_t tag_len = 0;
        ASSERT_EQ(1, EVP_AEAD_CTX_seal_scatter(
                         &ctx, sout.data(), tag.data(), &tag_len, tag.size(),
                         nonce->data(), nonce->size(), sin->data(), s,
                         extra->data(), extra->size(), ad->data(),
                         ad->size()));
        EXPECT_EQ(len - s + 16, tag_len);
        EXPECT_EQ(Bytes(sealed.data(), s), Bytes(Contents(sout)));
        EXPECT_EQ(Bytes(sealed.data() + s, len - s + 16),
                  Bytes(Contents(tag)));
        EXPECT_TRUE(sout.CanariesIntact());
        EXPECT_TRUE(tag.CanariesIntact());
        tag.Fill(0x77);
        ASSERT_EQ(1, EVP_AEAD_CTX_seal_scatter(
                         &ctx, sin->data(), tag.data(), &tag_len, tag.size(),
                         nonce->data(), nonce->size(), sin->data(), s,
                         extra->data(), extra->size(), ad->data(),
                         ad->size()));
        EXPECT_EQ(Bytes(sealed.data(), s), Bytes(Contents(*sin)));
        EXPECT_EQ(Bytes(sealed.data() + s, len - s + 16),
                  Bytes(Contents(tag)));
      }

      // open_gather: ciphertext and tag in separate guarded buffers, out
      // of place and in place.
      auto gin = Guarded(Buf(sealed.begin(), sealed.begin() + len), where);
      auto gtag = Guarded(Buf(sealed.begin() + len, sealed.end()), where);
      GB gout(len, where, 0x77);
      ASSERT_EQ(1, EVP_AEAD_CTX_open_gather(
                       &ctx, gout.data(), nonce->data(), nonce->size(),
                       gin->data(), len, gtag->data(), 16, ad->data(),
                       ad->size()));
      EXPECT_EQ(Bytes(f.pt[i]), Bytes(Contents(gout)));
      EXPECT_TRUE(gout.CanariesIntact());
      ASSERT_EQ(1, EVP_AEAD_CTX_open_gather(
                       &ctx, gin->data(), nonce->data(), nonce->size(),
                       gin->data(), len, gtag->data(), 16, ad->data(),
                       ad->size()));
      EXPECT_EQ(Bytes(f.pt[i]), Bytes(Contents(*gin)));
    }
  }

  // NULL pointers with zero lengths: empty plaintext, AD and extra_in.
  GB out(16, GB::kEndAtGuard);
  size_t out_len = 0;
  ASSERT_EQ(1, EVP_AEAD_CTX_seal(&ctx, out.data(), &out_len, 16,
                                 f.nonce.data(), f.nonce.size(), nullptr, 0,
                                 nullptr, 0));
  EXPECT_EQ(Bytes(f.sealed_empty_ad), Bytes(Contents(out)));
  out.Fill(0);
  size_t tag_len = 0;
  ASSERT_EQ(1, EVP_AEAD_CTX_seal_scatter(&ctx, nullptr, out.data(), &tag_len,
                                         16, f.nonce.data(), f.nonce.size(),
                                         nullptr, 0, nullptr, 0, nullptr, 0));
  EXPECT_EQ(Bytes(f.sealed_empty_ad), Bytes(Contents(out)));
  ASSERT_EQ(1, EVP_AEAD_CTX_open(&ctx, nullptr, &out_len, 0, f.nonce.data(),
                                 f.nonce.size(), out.data(), 16, nullptr, 0));
  EXPECT_EQ(0u, out_len);
  ASSERT_EQ(1, EVP_AEAD_CTX_open_gather(&ctx, nullptr, f.nonce.data(),
                                        f.nonce.size(), nullptr, 0,
                                        out.data(), 16, nullptr, 0));

  // Shorter tags are prefixes of the full one.
  for (size_t t = 1; t <= 16; t++) {
    SCOPED_TRACE(testing::Message() << "tag length " << t);
    EVP_AEAD_CTX short_ctx;
    InitCtx(&short_ctx, f, t);
    const size_t i = 6;  // 64 bytes
    const size_t len = kAEADLengths[i];
    GB sealed(len + t, GB::kEndAtGuard);
    ASSERT_EQ(1, EVP_AEAD_CTX_seal(&short_ctx, sealed.data(), &out_len,
                                   sealed.size(), f.nonce.data(),
                                   f.nonce.size(), f.pt[i].data(), len,
                                   f.ad.data(), f.ad.size()));
    EXPECT_EQ(len + t, out_len);
    EXPECT_EQ(Bytes(f.sealed[i].data(), len + t), Bytes(Contents(sealed)));
    GB pt(len, GB::kEndAtGuard);
    ASSERT_EQ(1, EVP_AEAD_CTX_open(&short_ctx, pt.data(), &out_len, len,
                                   f.nonce.data(), f.nonce.size(),
                                   sealed.data(), sealed.size(), f.ad.data(),
                                   f.ad.size()));
    EXPECT_EQ(Bytes(f.pt[i]), Bytes(Contents(pt)));
    // The full-length tag is the wrong length for a shorter-tag context.
    if (t != 16) {
      EXPECT_EQ(0, EVP_AEAD_CTX_open_gather(
                       &short_ctx, pt.data(), f.nonce.data(), f.nonce.size(),
                       f.sealed[i].data(), len, f.sealed[i].data() + len, 16,
                       f.ad.data(), f.ad.size()));
      EXPECT_TRUE(PopsError(ERR_LIB_CIPHER, CIPHER_R_BAD_DECRYPT));
    }
    EVP_AEAD_CTX_cleanup(&short_ctx);
  }
  EVP_AEAD_CTX_cleanup(&ctx);
}

// ExpectRefused checks that a failed call left `*out_len` zero (if given)
// and queued `reason`, and that each buffer in `wiped` is all zero and each
// buffer in `untouched` still all 0x77; all of them with their canaries
// intact.
void ExpectRefused(int ret, const size_t *out_len, int reason,
                   std::vector<GB *> wiped, std::vector<GB *> untouched) {
  EXPECT_EQ(0, ret);
  if (out_len != nullptr) {  // (read here: after the call has returned)
    EXPECT_EQ(0u, *out_len);
  }
  EXPECT_TRUE(PopsError(ERR_LIB_CIPHER, reason));
  for (GB *b : wiped) {
    EXPECT_TRUE(b->AllEqual(0)) << "output not wiped";
    EXPECT_TRUE(b->CanariesIntact());
    b->Fill(0x77);
  }
  for (GB *b : untouched) {
    EXPECT_TRUE(b->AllEqual(0x77)) << "output written";
    EXPECT_TRUE(b->CanariesIntact());
  }
}

// Refused calls: wrong lengths, short buffers, corrupt input.
void CheckAEADRefusals(const AEADFixture &f) {
  EVP_AEAD_CTX ctx;
  InitCtx(&ctx, f, EVP_AEAD_DEFAULT_TAG_LENGTH);
  ERR_clear_error();
  const size_t i = 7;  // 65 bytes
  const size_t len = kAEADLengths[i];
  const Buf &pt = f.pt[i], &sealed = f.sealed[i];
  const size_t s = 20;  // seal_scatter split
  auto in = Guarded(pt, GB::kEndAtGuard);
  auto ct = Guarded(sealed, GB::kEndAtGuard);
  size_t out_len = 99, tag_len = 99;

  // Every wrong nonce length: refused, outputs wiped.
  for (size_t n = 0; n <= EVP_AEAD_MAX_NONCE_LENGTH + 1; n++) {
    if (n == f.nonce.size()) {
      continue;
    }
    SCOPED_TRACE(testing::Message() << "nonce length " << n);
    GB nonce(n, GB::kEndAtGuard, 0x33);
    GB out(len + 16, GB::kEndAtGuard, 0x77), tag(len - s + 16,
                                                GB::kEndAtGuard, 0x77);
    out_len = 99;
    ExpectRefused(EVP_AEAD_CTX_seal(&ctx, out.data(), &out_len, out.size(),
                                    nonce.data(), n, in->data(), len,
                                    f.ad.data(), f.ad.size()),
                  &out_len, CIPHER_R_INVALID_NONCE_SIZE, {&out}, {});
    out_len = 99;
    ExpectRefused(EVP_AEAD_CTX_open(&ctx, out.data(), &out_len, out.size(),
                                    nonce.data(), n, ct->data(), ct->size(),
                                    f.ad.data(), f.ad.size()),
                  &out_len, CIPHER_R_INVALID_NONCE_SIZE, {&out}, {});
    GB sout(s, GB::kEndAtGuard, 0x77);
    tag_len = 99;
    ExpectRefused(EVP_AEAD_CTX_seal_scatter(
                      &ctx, sout.data(), tag.data(), &tag_len, tag.size(),
                      nonce.data(), n, in->data(), s, in->data() + s, len - s,
                      f.ad.data(), f.ad.size()),
                  &tag_len, CIPHER_R_INVALID_NONCE_SIZE, {&sout, &tag}, {});
    GB gout(len, GB::kEndAtGuard, 0x77);
    ExpectRefused(EVP_AEAD_CTX_open_gather(
                      &ctx, gout.data(), nonce.data(), n, ct->data(), len,
                      ct->data() + len, 16, f.ad.data(), f.ad.size()),
                  nullptr, CIPHER_R_INVALID_NONCE_SIZE, {&gout}, {});
  }

  // Every wrong tag length given to open_gather, and a truncated input to
  // open: CIPHER_R_BAD_DECRYPT, output wiped.
  for (size_t t = 0; t <= EVP_AEAD_MAX_OVERHEAD + 1; t++) {
    if (t == 16) {
      continue;
    }
    SCOPED_TRACE(testing::Message() << "tag length " << t);
    GB tag(t, GB::kEndAtGuard, 0);
    if (t > 0) {
      memcpy(tag.data(), sealed.data() + len, t < 16 ? t : 16);
    }
    GB gout(len, GB::kEndAtGuard, 0x77);
    ExpectRefused(EVP_AEAD_CTX_open_gather(
                      &ctx, gout.data(), f.nonce.data(), f.nonce.size(),
                      ct->data(), len, tag.data(), t, f.ad.data(),
                      f.ad.size()),
                  nullptr, CIPHER_R_BAD_DECRYPT, {&gout}, {});
  }
  for (size_t n = 0; n < 16; n++) {
    SCOPED_TRACE(testing::Message() << "input length " << n);
    auto shortin = Guarded(Buf(sealed.begin(), sealed.begin() + n),
                           GB::kEndAtGuard);
    GB out(16, GB::kEndAtGuard, 0x77);
    out_len = 99;
    ExpectRefused(EVP_AEAD_CTX_open(&ctx, out.data(), &out_len, out.size(),
                                    f.nonce.data(), f.nonce.size(),
                                    shortin->data(), n, f.ad.data(),
                                    f.ad.size()),
                  &out_len, CIPHER_R_BAD_DECRYPT, {&out}, {});
  }

  // A corrupted tag or ciphertext, or the wrong AD: no plaintext released.
  for (size_t pos : {size_t{0}, len - 1, len, len + 15}) {
    SCOPED_TRACE(testing::Message() << "flipped byte " << pos);
    Buf bad = sealed;
    bad[pos] ^= 0x01;
    auto bin = Guarded(bad, GB::kEndAtGuard);
    GB out(len, GB::kEndAtGuard, 0x77);
    out_len = 99;
    ExpectRefused(EVP_AEAD_CTX_open(&ctx, out.data(), &out_len, len,
                                    f.nonce.data(), f.nonce.size(),
                                    bin->data(), bin->size(), f.ad.data(),
                                    f.ad.size()),
                  &out_len, CIPHER_R_BAD_DECRYPT, {&out}, {});
    ExpectRefused(EVP_AEAD_CTX_open_gather(
                      &ctx, out.data(), f.nonce.data(), f.nonce.size(),
                      bin->data(), len, bin->data() + len, 16, f.ad.data(),
                      f.ad.size()),
                  nullptr, CIPHER_R_BAD_DECRYPT, {&out}, {});
    // In place: the ciphertext is wiped, not decrypted.
    out_len = 99;
    ExpectRefused(EVP_AEAD_CTX_open(&ctx, bin->data(), &out_len, bin->size(),
                                    f.nonce.data(), f.nonce.size(),
                                    bin->data(), bin->size(), f.ad.data(),
                                    f.ad.size()),
                  &out_len, CIPHER_R_BAD_DECRYPT, {bin.get()}, {});
  }
  {
    GB out(len, GB::kEndAtGuard, 0x77);
    out_len = 99;
    ExpectRefused(EVP_AEAD_CTX_open(&ctx, out.data(), &out_len, len,
                                    f.nonce.data(), f.nonce.size(),
                                    ct->data(), ct->size(), f.ad.data(),
                                    f.ad.size() - 1),
                  &out_len, CIPHER_R_BAD_DECRYPT, {&out}, {});
  }

  // Output room one byte short: refused, the given room wiped, nothing
  // written past it (the guard page follows).
  {
    GB out(len + 15, GB::kEndAtGuard, 0x77);
    out_len = 99;
    ExpectRefused(EVP_AEAD_CTX_seal(&ctx, out.data(), &out_len, out.size(),
                                    f.nonce.data(), f.nonce.size(),
                                    in->data(), len, f.ad.data(),
                                    f.ad.size()),
                  &out_len, CIPHER_R_BUFFER_TOO_SMALL, {&out}, {});
    GB pout(len - 1, GB::kEndAtGuard, 0x77);
    out_len = 99;
    ExpectRefused(EVP_AEAD_CTX_open(&ctx, pout.data(), &out_len, pout.size(),
                                    f.nonce.data(), f.nonce.size(),
                                    ct->data(), ct->size(), f.ad.data(),
                                    f.ad.size()),
                  &out_len, CIPHER_R_BUFFER_TOO_SMALL, {&pout}, {});
    GB sout(s, GB::kEndAtGuard, 0x77), tag(len - s + 15, GB::kEndAtGuard,
                                            0x77);
    tag_len = 99;
    ExpectRefused(EVP_AEAD_CTX_seal_scatter(
                      &ctx, sout.data(), tag.data(), &tag_len, tag.size(),
                      f.nonce.data(), f.nonce.size(), in->data(), s,
                      in->data() + s, len - s, f.ad.data(), f.ad.size()),
                  &tag_len, CIPHER_R_BUFFER_TOO_SMALL, {&sout, &tag}, {});
  }

  // Lengths past the limit: refused before any buffer is trusted, so
  // nothing is written at all. The pointers are real (short) guarded
  // buffers; a call that read or wrote by the stated length would fault.
  {
    GB out(64, GB::kEndAtGuard, 0x77), tag(64, GB::kEndAtGuard, 0x77);
    std::vector<size_t> huge = {SIZE_MAX, SIZE_MAX - 15};
    if (SIZE_MAX > kAEADLimit) {
      huge.push_back(static_cast<size_t>(kAEADLimit + 1));
    } else {
      printf("  size_t cannot hold 64 * (2^32 - 1) + 1 here: only lengths "
             "near SIZE_MAX tried\n");
    }
    for (size_t h : huge) {
      SCOPED_TRACE(testing::Message() << "length " << h);
      out_len = 99;
      ExpectRefused(EVP_AEAD_CTX_seal(&ctx, out.data(), &out_len, out.size(),
                                      f.nonce.data(), f.nonce.size(),
                                      in->data(), h, f.ad.data(),
                                      f.ad.size()),
                    &out_len, CIPHER_R_TOO_LARGE, {}, {&out});
      if (static_cast<uint64_t>(h) > kAEADLimit) {
        // (On a 32-bit target an in_len near SIZE_MAX is within the limit
        // and seal_scatter has no output size to check it against: the
        // caller's claim is trusted, so it is not tried there.)
        tag_len = 99;
        ExpectRefused(EVP_AEAD_CTX_seal_scatter(
                          &ctx, out.data(), tag.data(), &tag_len, tag.size(),
                          f.nonce.data(), f.nonce.size(), in->data(), h,
                          nullptr, 0, f.ad.data(), f.ad.size()),
                      &tag_len, CIPHER_R_TOO_LARGE, {}, {&out, &tag});
      }
      // extra_in alone too long (past the limit, or too long to add a tag
      // to in a size_t).
      tag_len = 99;
      ExpectRefused(EVP_AEAD_CTX_seal_scatter(
                        &ctx, out.data(), tag.data(), &tag_len, tag.size(),
                        f.nonce.data(), f.nonce.size(), in->data(), 10,
                        in->data() + 10, h, f.ad.data(), f.ad.size()),
                    &tag_len, CIPHER_R_TOO_LARGE, {}, {&out, &tag});
      // Open refuses a ciphertext whose plaintext would pass the limit.
      // (On a 32-bit target every size_t is within it; those calls then
      // depend on the caller's buffer sizes and are not tried.)
      if (static_cast<uint64_t>(h) - 16 > kAEADLimit) {
        out_len = 99;
        ExpectRefused(EVP_AEAD_CTX_open(&ctx, out.data(), &out_len,
                                        out.size(), f.nonce.data(),
                                        f.nonce.size(), ct->data(), h,
                                        f.ad.data(), f.ad.size()),
                      &out_len, CIPHER_R_TOO_LARGE, {}, {&out});
      }
      if (static_cast<uint64_t>(h) > kAEADLimit) {
        ExpectRefused(EVP_AEAD_CTX_open_gather(
                          &ctx, out.data(), f.nonce.data(), f.nonce.size(),
                          ct->data(), h, ct->data() + len, 16, f.ad.data(),
                          f.ad.size()),
                      nullptr, CIPHER_R_TOO_LARGE, {}, {&out});
      }
    }
    if (SIZE_MAX > kAEADLimit) {
      const size_t over = static_cast<size_t>(kAEADLimit + 1);
      tag_len = 99;
      ExpectRefused(EVP_AEAD_CTX_seal_scatter(
                        &ctx, out.data(), tag.data(), &tag_len, tag.size(),
                        f.nonce.data(), f.nonce.size(), in->data(), 10,
                        in->data() + 10, over - 10, f.ad.data(), f.ad.size()),
                    &tag_len, CIPHER_R_TOO_LARGE, {}, {&out, &tag});
      out_len = 99;
      ExpectRefused(EVP_AEAD_CTX_open(&ctx, out.data(), &out_len, out.size(),
                                      f.nonce.data(), f.nonce.size(),
                                      ct->data(), over + 16, f.ad.data(),
                                      f.ad.size()),
                    &out_len, CIPHER_R_TOO_LARGE, {}, {&out});
    }
  }

  // An uninitialised context.
  {
    EVP_AEAD_CTX zero;
    EVP_AEAD_CTX_zero(&zero);
    GB out(len + 16, GB::kEndAtGuard, 0x77), tag(16, GB::kEndAtGuard, 0x77);
    out_len = 99;
    ExpectRefused(EVP_AEAD_CTX_seal(&zero, out.data(), &out_len, out.size(),
                                    f.nonce.data(), f.nonce.size(),
                                    in->data(), len, nullptr, 0),
                  &out_len, CIPHER_R_NOT_INITIALIZED, {&out}, {});
    out_len = 99;
    ExpectRefused(EVP_AEAD_CTX_open(&zero, out.data(), &out_len, out.size(),
                                    f.nonce.data(), f.nonce.size(),
                                    ct->data(), ct->size(), nullptr, 0),
                  &out_len, CIPHER_R_NOT_INITIALIZED, {&out}, {});
    GB sout(len, GB::kEndAtGuard, 0x77);
    tag_len = 99;
    ExpectRefused(EVP_AEAD_CTX_seal_scatter(
                      &zero, sout.data(), tag.data(), &tag_len, tag.size(),
                      f.nonce.data(), f.nonce.size(), in->data(), len,
                      nullptr, 0, nullptr, 0),
                  &tag_len, CIPHER_R_NOT_INITIALIZED, {&sout, &tag}, {});
    ExpectRefused(EVP_AEAD_CTX_open_gather(
                      &zero, sout.data(), f.nonce.data(), f.nonce.size(),
                      ct->data(), len, ct->data() + len, 16, nullptr, 0),
                  nullptr, CIPHER_R_NOT_INITIALIZED, {&sout}, {});
  }
  EVP_AEAD_CTX_cleanup(&ctx);
}

// Aliasing: exact in-place is allowed (CheckAEADValid); every partial
// overlap is refused. All pointers lie in one guarded arena whose canaries
// and guard catch a write outside it.
void CheckAEADAliasing(const AEADFixture &f) {
  EVP_AEAD_CTX ctx;
  InitCtx(&ctx, f, EVP_AEAD_DEFAULT_TAG_LENGTH);
  ERR_clear_error();
  const size_t i = 6;  // 64 bytes
  const size_t len = kAEADLengths[i];
  const size_t arena_len = 3 * (len + 16);
  size_t out_len = 99, tag_len = 99;
  // Offsets of the output relative to the input: both directions, by one
  // byte, by a block, by all but one byte.
  const ptrdiff_t kShifts[] = {1, -1, 16, -16, 63, -63};
  for (ptrdiff_t shift : kShifts) {
    SCOPED_TRACE(testing::Message() << "output at input " << shift);
    GB arena(arena_len, GB::kEndAtGuard);
    uint8_t *in = arena.data() + len + 16;
    uint8_t *out = in + shift;
    memcpy(in, f.pt[i].data(), len);
    out_len = 99;
    EXPECT_EQ(0, EVP_AEAD_CTX_seal(&ctx, out, &out_len, len + 16,
                                   f.nonce.data(), f.nonce.size(), in, len,
                                   f.ad.data(), f.ad.size()));
    EXPECT_EQ(0u, out_len);
    EXPECT_TRUE(PopsError(ERR_LIB_CIPHER, CIPHER_R_OUTPUT_ALIASES_INPUT));
    memcpy(in, f.sealed[i].data(), len + 16);
    out_len = 99;
    EXPECT_EQ(0, EVP_AEAD_CTX_open(&ctx, out, &out_len, len, f.nonce.data(),
                                   f.nonce.size(), in, len + 16, f.ad.data(),
                                   f.ad.size()));
    EXPECT_EQ(0u, out_len);
    EXPECT_TRUE(PopsError(ERR_LIB_CIPHER, CIPHER_R_OUTPUT_ALIASES_INPUT));
    memcpy(in, f.sealed[i].data(), len + 16);
    EXPECT_EQ(0, EVP_AEAD_CTX_open_gather(
                     &ctx, out, f.nonce.data(), f.nonce.size(), in, len,
                     in + len, 16, f.ad.data(), f.ad.size()));
    EXPECT_TRUE(PopsError(ERR_LIB_CIPHER, CIPHER_R_OUTPUT_ALIASES_INPUT));
    memcpy(in, f.pt[i].data(), len);
    uint8_t tag[64];
    tag_len = 99;
    EXPECT_EQ(0, EVP_AEAD_CTX_seal_scatter(
                     &ctx, out, tag, &tag_len, sizeof(tag), f.nonce.data(),
                     f.nonce.size(), in, len, nullptr, 0, f.ad.data(),
                     f.ad.size()));
    EXPECT_EQ(0u, tag_len);
    EXPECT_TRUE(PopsError(ERR_LIB_CIPHER, CIPHER_R_OUTPUT_ALIASES_INPUT));
    EXPECT_TRUE(arena.CanariesIntact());
  }
  // seal with the tag (not the ciphertext) running into the input.
  {
    GB arena(arena_len, GB::kEndAtGuard);
    uint8_t *out = arena.data();
    uint8_t *in = out + len + 8;
    memcpy(in, f.pt[i].data(), len);
    out_len = 99;
    EXPECT_EQ(0, EVP_AEAD_CTX_seal(&ctx, out, &out_len, len + 16,
                                   f.nonce.data(), f.nonce.size(), in, len,
                                   f.ad.data(), f.ad.size()));
    EXPECT_TRUE(PopsError(ERR_LIB_CIPHER, CIPHER_R_OUTPUT_ALIASES_INPUT));
    EXPECT_TRUE(arena.CanariesIntact());
  }
  // seal_scatter: out_tag overlapping in, out or extra_in.
  {
    const size_t s = 32, extra_len = len - s, tag_out = extra_len + 16;
    GB arena(arena_len + 64, GB::kEndAtGuard);
    uint8_t *in = arena.data();
    uint8_t *out = in + s + 8;
    uint8_t *extra = out + s + 8;
    uint8_t *free_space = extra + extra_len + 8;
    memcpy(in, f.pt[i].data(), s);
    memcpy(extra, f.pt[i].data() + s, extra_len);
    // (name, out_tag) pairs: out_tag's first or last byte lands on the
    // named buffer (it may cross others too).
    const struct {
      const char *what;
      uint8_t *tag;
    } kTags[] = {
        {"in", in + s - 1},
        {"out", out + s - 1},
        {"extra_in", extra - tag_out + 1},
    };
    for (const auto &c : kTags) {
      SCOPED_TRACE(testing::Message() << "out_tag overlaps " << c.what);
      tag_len = 99;
      EXPECT_EQ(0, EVP_AEAD_CTX_seal_scatter(
                       &ctx, out, c.tag, &tag_len, tag_out, f.nonce.data(),
                       f.nonce.size(), in, s, extra, extra_len, f.ad.data(),
                       f.ad.size()));
      EXPECT_EQ(0u, tag_len);
      EXPECT_TRUE(PopsError(ERR_LIB_CIPHER, CIPHER_R_OUTPUT_ALIASES_INPUT));
      memcpy(in, f.pt[i].data(), s);
      memcpy(extra, f.pt[i].data() + s, extra_len);
    }
    // And the same buffers without overlap succeed.
    ASSERT_EQ(1, EVP_AEAD_CTX_seal_scatter(
                     &ctx, out, free_space, &tag_len, tag_out, f.nonce.data(),
                     f.nonce.size(), in, s, extra, extra_len, f.ad.data(),
                     f.ad.size()));
    EXPECT_EQ(Bytes(f.sealed[i].data(), s), Bytes(out, s));
    EXPECT_EQ(Bytes(f.sealed[i].data() + s, tag_out), Bytes(free_space,
                                                            tag_out));
    EXPECT_TRUE(arena.CanariesIntact());
  }
  // The AD may overlap anything, the output included: it is read before
  // the output is written.
  {
    GB io(len + 16, GB::kEndAtGuard);
    memcpy(io.data(), f.ad.data(), f.ad.size());
    auto in = Guarded(f.pt[i], GB::kEndAtGuard);
    ASSERT_EQ(1, EVP_AEAD_CTX_seal(&ctx, io.data(), &out_len, io.size(),
                                   f.nonce.data(), f.nonce.size(), in->data(),
                                   len, io.data(), f.ad.size()));
    EXPECT_EQ(Bytes(f.sealed[i]), Bytes(Contents(io)));
  }
  EVP_AEAD_CTX_cleanup(&ctx);
}

TEST(HostileInputTest, AEADKeysAndTagLengths) {
  for (const AEADCase &c : kAEADs) {
    SCOPED_TRACE(c.name);
    const EVP_AEAD *aead = c.aead();
    ERR_clear_error();
    for (size_t k = 0; k <= EVP_AEAD_MAX_KEY_LENGTH + 1; k++) {
      if (k == EVP_AEAD_key_length(aead)) {
        continue;
      }
      SCOPED_TRACE(testing::Message() << "key length " << k);
      GB key(k, GB::kEndAtGuard, 0x42);
      EVP_AEAD_CTX ctx;
      EXPECT_EQ(0, EVP_AEAD_CTX_init(&ctx, aead, key.data(), k,
                                     EVP_AEAD_DEFAULT_TAG_LENGTH, nullptr));
      EXPECT_TRUE(PopsError(ERR_LIB_CIPHER, CIPHER_R_BAD_KEY_LENGTH));
      // The failed context is uninitialised: sealing with it is refused.
      EXPECT_EQ(nullptr, EVP_AEAD_CTX_aead(&ctx));
      uint8_t out[32];
      size_t out_len = 99;
      Buf nonce(EVP_AEAD_nonce_length(aead));
      EXPECT_EQ(0, EVP_AEAD_CTX_seal(&ctx, out, &out_len, sizeof(out),
                                     nonce.data(), nonce.size(), nullptr, 0,
                                     nullptr, 0));
      EXPECT_TRUE(PopsError(ERR_LIB_CIPHER, CIPHER_R_NOT_INITIALIZED));
      EVP_AEAD_CTX_cleanup(&ctx);
      EXPECT_EQ(nullptr, EVP_AEAD_CTX_new(aead, key.data(), k,
                                          EVP_AEAD_DEFAULT_TAG_LENGTH));
      EXPECT_TRUE(PopsError(ERR_LIB_CIPHER, CIPHER_R_BAD_KEY_LENGTH));
    }
    GB key(EVP_AEAD_key_length(aead), GB::kEndAtGuard, 0x42);
    for (size_t t = EVP_AEAD_max_tag_len(aead) + 1;
         t <= EVP_AEAD_MAX_OVERHEAD + 1; t++) {
      SCOPED_TRACE(testing::Message() << "tag length " << t);
      EVP_AEAD_CTX ctx;
      EXPECT_EQ(0, EVP_AEAD_CTX_init(&ctx, aead, key.data(), key.size(), t,
                                     nullptr));
      EXPECT_TRUE(PopsError(ERR_LIB_CIPHER, CIPHER_R_TAG_TOO_LARGE));
    }
    EVP_AEAD_CTX ctx;
    EXPECT_EQ(0, EVP_AEAD_CTX_init(&ctx, aead, key.data(), key.size(),
                                   SIZE_MAX, nullptr));
    EXPECT_TRUE(PopsError(ERR_LIB_CIPHER, CIPHER_R_TAG_TOO_LARGE));
    EXPECT_EQ(0, EVP_AEAD_CTX_init(&ctx, nullptr, key.data(), key.size(), 0,
                                   nullptr));
    EXPECT_TRUE(PopsError(ERR_LIB_CIPHER, ERR_R_PASSED_NULL_PARAMETER));
  }
}

TEST(HostileInputTest, AEAD) {
  for (const AEADCase &c : kAEADs) {
    SCOPED_TRACE(c.name);
    const AEADFixture f = MakeFixture(c.aead());
    ASSERT_FALSE(HasFatalFailure());
    // Each ChaCha20 row with the CPU's Poly1305, then each Poly1305 row
    // with the CPU's ChaCha20: the AEAD uses them independently (the cross
    // product is run by the constant-time and fuzz tests).
    for (CRYPTO_PRIMITIVE *prim :
         {&CRYPTO_primitive_chacha20, &CRYPTO_primitive_poly1305}) {
      ForEachRowForced(prim, [&](const CRYPTO_IMPL *) {
        CheckAEADValid(f);
        CheckAEADRefusals(f);
        CheckAEADAliasing(f);
      });
    }
  }
}

}  // namespace
