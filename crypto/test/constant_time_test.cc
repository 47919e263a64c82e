// Copyright 2026 The project authors.
//
// constant_time_test.cc: constant-time checks under valgrind memcheck.
//
// Method. In a build configured with -DCONSTANT_TIME_VALIDATION=ON,
// CONSTTIME_SECRET(p, n) (crypto/internal.h) tells memcheck that the n bytes
// at p are "undefined". Memcheck propagates undefinedness through every
// computation, and reports a conditional jump or a memory address that
// depends on an undefined value. So if each test below
//
//   1. marks the secret inputs (keys, nonces, plaintext, ciphertext, tags,
//      messages) with CONSTTIME_SECRET,
//   2. calls the library, and
//   3. marks only the public results (outputs, the accept/reject bit of an
//      AEAD open) defined again with CONSTTIME_DECLASSIFY before looking at
//      them,
//
// then a run under `valgrind --error-exitcode=99` with zero reports shows
// that no branch and no memory index inside the library depends on a
// secret, for the inputs exercised here. Lengths, split points and counters
// are public and stay defined.
//
// Each test runs once per implementation row the CPU (as valgrind presents
// it) can execute, forced with CRYPTO_impl_force, and compares every output
// with the portable C row (the last row of each table) computed on the same,
// unmarked inputs. In any other build (or outside valgrind) the marks are
// no-ops and the tests are ordinary differential tests, so they must pass
// everywhere.
//
// The AEADs are checked for every (ChaCha20 row, Poly1305 row) pair. The
// SHA tables also carry HMAC, HKDF and the EVP streaming digests, which are
// built on the digests' public API; the batch rows (SHA256_hash_pairs,
// SHA256_batch and the SHA-512 pair) and the two-stream rows that HMAC's
// key set-up uses have tests of their own.

#include <openssl/aead.h>
#include <openssl/chacha.h>
#include <openssl/digest.h>
#include <openssl/err.h>
#include <openssl/hkdf.h>
#include <openssl/hmac.h>
#include <openssl/mem.h>
#include <openssl/poly1305.h>
#include <openssl/sha.h>

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "../chacha/internal.h"
#include "../impl.h"
#include "../internal.h"
#include "../poly1305/internal.h"
#include "../sha/internal.h"
#include "../sha/sha_batch.h"
#include "asm_path_test.h"
#include "test_util.h"

namespace {

using Buf = std::vector<uint8_t>;

// The message lengths tried: each block edge of the 64- and 128-byte block
// functions and of the multi-block (4- and 8-block) ChaCha20 paths.
const size_t kLengths[] = {0,   1,   15,  16,  17,  55,  56,  63,  64,
                           65,  111, 112, 127, 128, 129, 255, 256, 257,
                           511, 512, 513, 1000};

// Pattern returns `len` deterministic bytes derived from `seed` (an
// xorshift64 stream); the values are public test data.
Buf Pattern(uint64_t seed, size_t len) {
  Buf out(len);
  uint64_t x = seed * 0x9e3779b97f4a7c15u + 1;
  for (size_t i = 0; i < len; i++) {
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    out[i] = static_cast<uint8_t>(x >> 24);
  }
  return out;
}

// Secret marks the whole of `b` secret and returns it.
Buf &Secret(Buf &b) {
  CONSTTIME_SECRET(b.data(), b.size());
  return b;
}

// Public marks `n` bytes at `p` as public (defined) again.
void Public(void *p, size_t n) { CONSTTIME_DECLASSIFY(p, n); }
void Public(Buf &b) { Public(b.data(), b.size()); }

// --- ChaCha20 ---------------------------------------------------------------

// ChaCha20 computes CRYPTO_chacha_20 over `in` with the given key, nonce and
// counter, the three secret inputs marked secret, and returns the output
// made public.
Buf ChaCha20(const Buf &in, const Buf &key, const Buf &nonce, uint32_t counter,
             bool mark) {
  Buf k = key, n = nonce, m = in, out(in.size());
  if (mark) {
    Secret(k);
    Secret(n);
    Secret(m);
  }
  CRYPTO_chacha_20(out.data(), m.data(), m.size(), k.data(), n.data(), counter);
  Public(out);
  return out;
}

TEST(ConstantTimeTest, ChaCha20) {
  const Buf key = Pattern(1, 32), nonce = Pattern(2, 12);
  std::vector<Buf> want;
  WithReferenceRows({&CRYPTO_primitive_chacha20}, [&] {
    for (size_t len : kLengths) {
      want.push_back(ChaCha20(Pattern(len, len), key, nonce, 7, false));
    }
  });
  ForEachRowForced(&CRYPTO_primitive_chacha20, [&](const CRYPTO_IMPL *) {
    for (size_t i = 0; i < sizeof(kLengths) / sizeof(kLengths[0]); i++) {
      SCOPED_TRACE(kLengths[i]);
      Buf in = Pattern(kLengths[i], kLengths[i]);
      EXPECT_EQ(Bytes(want[i]), Bytes(ChaCha20(in, key, nonce, 7, true)));
      // In place, key and input both secret.
      Buf k = key, n = nonce;
      Secret(k);
      Secret(n);
      Secret(in);
      CRYPTO_chacha_20(in.data(), in.data(), in.size(), k.data(), n.data(), 7);
      Public(in);
      EXPECT_EQ(Bytes(want[i]), Bytes(in));
    }
  });
}

TEST(ConstantTimeTest, HChaCha20) {
  const Buf key = Pattern(3, 32), nonce = Pattern(4, 16);
  uint8_t want[32];
  CRYPTO_hchacha20(want, key.data(), nonce.data());
  Buf k = key, n = nonce;
  Secret(k);
  Secret(n);
  uint8_t got[32];
  CRYPTO_hchacha20(got, k.data(), n.data());
  Public(got, sizeof(got));
  EXPECT_EQ(Bytes(want, 32), Bytes(got, 32));
}

// --- Poly1305 ---------------------------------------------------------------

// Poly1305 computes the tag of `msg` under `key`, feeding the message in
// pieces of the public lengths `splits` (cycled), with key and message
// marked secret; the tag is returned public.
Buf Poly1305(const Buf &key, const Buf &msg, const std::vector<size_t> &splits,
             bool mark) {
  Buf k = key, m = msg, tag(16);
  if (mark) {
    Secret(k);
    Secret(m);
  }
  poly1305_state state;
  CRYPTO_poly1305_init(&state, k.data());
  size_t done = 0, s = 0;
  while (done < m.size()) {
    size_t n = splits[s++ % splits.size()];
    if (n > m.size() - done) {
      n = m.size() - done;
    }
    CRYPTO_poly1305_update(&state, m.data() + done, n);
    done += n;
  }
  CRYPTO_poly1305_finish(&state, tag.data());
  Public(tag);
  return tag;
}

TEST(ConstantTimeTest, Poly1305) {
  const std::vector<std::vector<size_t>> kSplits = {
      {SIZE_MAX}, {1}, {15, 17}, {16, 3, 64}, {100, 1, 31}};
  // A key with every clamped bit set and the top of s set, and a patterned
  // one, so the final carry and reduction steps see large values.
  const Buf keys[] = {Buf(32, 0xff), Pattern(5, 32)};
  std::vector<Buf> want;
  WithReferenceRows({&CRYPTO_primitive_poly1305}, [&] {
    for (const Buf &key : keys) {
      for (size_t len : kLengths) {
        want.push_back(Poly1305(key, Pattern(len + 100, len), {SIZE_MAX},
                                false));
      }
    }
  });
  ForEachRowForced(&CRYPTO_primitive_poly1305, [&](const CRYPTO_IMPL *) {
    size_t w = 0;
    for (const Buf &key : keys) {
      for (size_t len : kLengths) {
        SCOPED_TRACE(len);
        Buf msg = Pattern(len + 100, len);
        for (const auto &splits : kSplits) {
          EXPECT_EQ(Bytes(want[w]), Bytes(Poly1305(key, msg, splits, true)));
        }
        w++;
      }
    }
  });
}

// --- ChaCha20-Poly1305 and XChaCha20-Poly1305 -------------------------------

struct AEADCase {
  const char *name;
  const EVP_AEAD *(*aead)(void);
};
const AEADCase kAEADs[] = {
    {"ChaCha20-Poly1305", EVP_aead_chacha20_poly1305},
    {"XChaCha20-Poly1305", EVP_aead_xchacha20_poly1305},
};

// Seal returns the ciphertext and tag of `pt` (key, nonce and plaintext
// marked secret; the additional data is public), made public.
Buf Seal(const EVP_AEAD *aead, const Buf &key, const Buf &nonce, const Buf &pt,
         const Buf &ad, bool mark) {
  Buf k = key, n = nonce, p = pt;
  if (mark) {
    Secret(k);
    Secret(n);
    Secret(p);
  }
  EVP_AEAD_CTX ctx;
  EXPECT_TRUE(EVP_AEAD_CTX_init(&ctx, aead, k.data(), k.size(),
                                EVP_AEAD_DEFAULT_TAG_LENGTH, nullptr));
  Buf out(p.size() + EVP_AEAD_max_overhead(aead));
  size_t out_len = 0;
  int ok = EVP_AEAD_CTX_seal(&ctx, out.data(), &out_len, out.size(), n.data(),
                             n.size(), p.data(), p.size(), ad.data(),
                             ad.size());
  EVP_AEAD_CTX_cleanup(&ctx);
  EXPECT_EQ(1, ok);
  out.resize(out_len);
  Public(out);
  return out;
}

// Open opens `ct` (ciphertext and tag) with key, nonce, ciphertext and tag
// all marked secret. The library compares the tags with CRYPTO_memcmp and
// declassifies only the comparison's result, so the return value is public;
// the plaintext is declassified here before the caller looks at it.
int Open(const EVP_AEAD *aead, const Buf &key, const Buf &nonce, const Buf &ct,
         const Buf &ad, Buf *out) {
  Buf k = key, n = nonce, c = ct;
  Secret(k);
  Secret(n);
  Secret(c);
  EVP_AEAD_CTX ctx;
  EXPECT_TRUE(EVP_AEAD_CTX_init(&ctx, aead, k.data(), k.size(),
                                EVP_AEAD_DEFAULT_TAG_LENGTH, nullptr));
  out->assign(c.size(), 0xaa);
  size_t out_len = 0;
  int ok = EVP_AEAD_CTX_open(&ctx, out->data(), &out_len, out->size(),
                             n.data(), n.size(), c.data(), c.size(), ad.data(),
                             ad.size());
  EVP_AEAD_CTX_cleanup(&ctx);
  Public(out->data(), out->size());
  if (ok) {
    out->resize(out_len);
  } else {
    // A refused open queues exactly CIPHER_R_BAD_DECRYPT; take it off the
    // queue so later tests start with an empty one.
    uint32_t err = ERR_get_error();
    EXPECT_EQ(ERR_LIB_CIPHER, ERR_GET_LIB(err));
    EXPECT_EQ(CIPHER_R_BAD_DECRYPT, ERR_GET_REASON(err));
    EXPECT_EQ(0u, ERR_get_error());
  }
  return ok;
}

TEST(ConstantTimeTest, AEADSealOpen) {
  const size_t kAEADLengths[] = {0, 1, 16, 63, 64, 65, 129, 257, 513};
  const Buf ad = Pattern(6, 13);
  for (const AEADCase &c : kAEADs) {
    SCOPED_TRACE(c.name);
    const EVP_AEAD *aead = c.aead();
    const Buf key = Pattern(7, EVP_AEAD_key_length(aead));
    const Buf nonce = Pattern(8, EVP_AEAD_nonce_length(aead));
    std::vector<Buf> want;
    WithReferenceRows(
        {&CRYPTO_primitive_chacha20, &CRYPTO_primitive_poly1305}, [&] {
          for (size_t len : kAEADLengths) {
            want.push_back(
                Seal(aead, key, nonce, Pattern(len, len), ad, false));
          }
        });
    ForEachRowForced(&CRYPTO_primitive_chacha20, [&](const CRYPTO_IMPL *) {
      ForEachRowForced(&CRYPTO_primitive_poly1305, [&](const CRYPTO_IMPL *) {
        for (size_t i = 0; i < sizeof(kAEADLengths) / sizeof(kAEADLengths[0]);
             i++) {
          SCOPED_TRACE(kAEADLengths[i]);
          const Buf pt = Pattern(kAEADLengths[i], kAEADLengths[i]);
          Buf ct = Seal(aead, key, nonce, pt, ad, true);
          EXPECT_EQ(Bytes(want[i]), Bytes(ct));
          Buf got;
          EXPECT_EQ(1, Open(aead, key, nonce, ct, ad, &got));
          EXPECT_EQ(Bytes(pt), Bytes(got));
          // A flipped bit in the tag, then in the ciphertext: refused
          // through the same declassified comparison.
          ct.back() ^= 1;
          EXPECT_EQ(0, Open(aead, key, nonce, ct, ad, &got));
          ct.back() ^= 1;
          if (!pt.empty()) {
            ct[0] ^= 0x80;
            EXPECT_EQ(0, Open(aead, key, nonce, ct, ad, &got));
          }
        }
      });
    });
  }
}

// --- SHA and HMAC -----------------------------------------------------------

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
    {"SHA-512/256", &CRYPTO_primitive_sha512, EVP_sha512_256, SHA512_256},
};

// Digest hashes `msg` (marked secret) with the one-shot function and returns
// the digest made public.
Buf Digest(const DigestCase &d, const Buf &msg, bool mark) {
  Buf m = msg, out(EVP_MD_size(d.md()));
  if (mark) {
    Secret(m);
  }
  d.oneshot(m.data(), m.size(), out.data());
  Public(out);
  return out;
}

// HMACStreamed computes HMAC(key, msg) with HMAC_Init_ex / HMAC_Update (in
// two public-length pieces) / HMAC_Final, key and message marked secret,
// and returns the tag made public.
Buf HMACStreamed(const DigestCase &d, const Buf &key, const Buf &msg,
                 bool mark) {
  Buf k = key, m = msg, out(EVP_MAX_MD_SIZE);
  if (mark) {
    Secret(k);
    Secret(m);
  }
  HMAC_CTX ctx;
  HMAC_CTX_init(&ctx);
  EXPECT_TRUE(HMAC_Init_ex(&ctx, k.data(), k.size(), d.md(), nullptr));
  size_t half = m.size() / 3;
  EXPECT_TRUE(HMAC_Update(&ctx, m.data(), half));
  EXPECT_TRUE(HMAC_Update(&ctx, m.data() + half, m.size() - half));
  unsigned out_len = 0;
  EXPECT_TRUE(HMAC_Final(&ctx, out.data(), &out_len));
  HMAC_CTX_cleanup(&ctx);
  out.resize(out_len);
  Public(out);
  return out;
}

// HMACOneShot is HMAC() with key and message marked secret.
Buf HMACOneShot(const DigestCase &d, const Buf &key, const Buf &msg) {
  Buf k = key, m = msg, out(EVP_MAX_MD_SIZE);
  Secret(k);
  Secret(m);
  unsigned out_len = 0;
  EXPECT_NE(nullptr, HMAC(d.md(), k.data(), k.size(), m.data(), m.size(),
                          out.data(), &out_len));
  out.resize(out_len);
  Public(out);
  return out;
}

TEST(ConstantTimeTest, DigestsAndHMAC) {
  // Key lengths below, at and above the block size (the long key is hashed
  // first).
  const size_t kKeyLengths[] = {0, 20, 64, 128, 200};
  for (const DigestCase &d : kDigests) {
    SCOPED_TRACE(d.name);
    std::vector<Buf> want_digest, want_hmac;
    WithReferenceRows({d.prim}, [&] {
      for (size_t len : kLengths) {
        want_digest.push_back(Digest(d, Pattern(len + 200, len), false));
      }
      for (size_t klen : kKeyLengths) {
        want_hmac.push_back(
            HMACStreamed(d, Pattern(klen + 300, klen), Pattern(9, 300), false));
      }
    });
    ForEachRowForced(d.prim, [&](const CRYPTO_IMPL *) {
      for (size_t i = 0; i < sizeof(kLengths) / sizeof(kLengths[0]); i++) {
        SCOPED_TRACE(kLengths[i]);
        EXPECT_EQ(Bytes(want_digest[i]),
                  Bytes(Digest(d, Pattern(kLengths[i] + 200, kLengths[i]),
                               true)));
      }
      for (size_t i = 0; i < sizeof(kKeyLengths) / sizeof(kKeyLengths[0]);
           i++) {
        SCOPED_TRACE(kKeyLengths[i]);
        const Buf key = Pattern(kKeyLengths[i] + 300, kKeyLengths[i]);
        const Buf msg = Pattern(9, 300);
        EXPECT_EQ(Bytes(want_hmac[i]), Bytes(HMACStreamed(d, key, msg, true)));
        EXPECT_EQ(Bytes(want_hmac[i]), Bytes(HMACOneShot(d, key, msg)));
      }
    });
  }
}

// EVPStreamed hashes `msg` (marked secret) with EVP_DigestInit_ex / Update
// (in two public-length pieces) / EVP_DigestFinal_ex, which finishes a
// message shorter than a block with the one-shot function, and returns the
// digest made public.
Buf EVPStreamed(const DigestCase &d, const Buf &msg, bool mark) {
  Buf m = msg, out(EVP_MD_size(d.md()));
  if (mark) {
    Secret(m);
  }
  EVP_MD_CTX ctx;
  EVP_MD_CTX_init(&ctx);
  size_t half = m.size() / 2;
  EXPECT_TRUE(EVP_DigestInit_ex(&ctx, d.md(), nullptr));
  EXPECT_TRUE(EVP_DigestUpdate(&ctx, m.data(), half));
  EXPECT_TRUE(EVP_DigestUpdate(&ctx, m.data() + half, m.size() - half));
  EXPECT_TRUE(EVP_DigestFinal_ex(&ctx, out.data(), nullptr));
  EVP_MD_CTX_cleanup(&ctx);
  Public(out);
  return out;
}

// HKDFBoth runs HKDF (extract with a secret IKM and salt, expand) and
// HKDF_expand alone (a secret PRK) to `out_len` bytes, and returns both
// outputs made public, concatenated.
Buf HKDFBoth(const DigestCase &d, const Buf &ikm, size_t out_len, bool mark) {
  Buf secret = ikm, salt = Pattern(7, 32);
  Buf prk = Pattern(8, EVP_MD_size(d.md()));
  const Buf info = Pattern(10, 20);
  if (mark) {
    Secret(secret);
    Secret(salt);
    Secret(prk);
  }
  Buf out(2 * out_len);
  EXPECT_TRUE(HKDF(out.data(), out_len, d.md(), secret.data(), secret.size(),
                   salt.data(), salt.size(), info.data(), info.size()));
  EXPECT_TRUE(HKDF_expand(out.data() + out_len, out_len, d.md(), prk.data(),
                          prk.size(), info.data(), info.size()));
  Public(out);
  return out;
}

TEST(ConstantTimeTest, EVPStreamingAndHKDF) {
  // Around the one-shot cut in EVP_DigestFinal_ex (one block) and the
  // padding edges of both block sizes.
  const size_t kEVPLengths[] = {0, 1, 16, 55, 56, 63, 64, 65, 111, 112, 127,
                                128, 129, 300};
  for (const DigestCase &d : kDigests) {
    SCOPED_TRACE(d.name);
    // One output block, and several (the last block is the in-place one).
    const size_t kOutLengths[] = {32, 3 * EVP_MD_size(d.md()) + 5};
    std::vector<Buf> want_evp, want_hkdf;
    WithReferenceRows({d.prim}, [&] {
      for (size_t len : kEVPLengths) {
        want_evp.push_back(EVPStreamed(d, Pattern(len + 500, len), false));
      }
      for (size_t out_len : kOutLengths) {
        want_hkdf.push_back(HKDFBoth(d, Pattern(11, 40), out_len, false));
      }
    });
    ForEachRowForced(d.prim, [&](const CRYPTO_IMPL *) {
      for (size_t i = 0; i < sizeof(kEVPLengths) / sizeof(kEVPLengths[0]);
           i++) {
        SCOPED_TRACE(kEVPLengths[i]);
        const Buf msg = Pattern(kEVPLengths[i] + 500, kEVPLengths[i]);
        EXPECT_EQ(Bytes(want_evp[i]), Bytes(EVPStreamed(d, msg, true)));
        EXPECT_EQ(Bytes(Digest(d, msg, false)), Bytes(want_evp[i]));
      }
      for (size_t i = 0; i < sizeof(kOutLengths) / sizeof(kOutLengths[0]);
           i++) {
        SCOPED_TRACE(kOutLengths[i]);
        EXPECT_EQ(Bytes(want_hkdf[i]),
                  Bytes(HKDFBoth(d, Pattern(11, 40), kOutLengths[i], true)));
      }
    });
  }
}

// --- Batch hashing and the two-stream key set-up ---------------------------

// The batch rows hash messages that may be secret (hash-based signatures
// hash secret seeds many at a time, a Merkle tree may commit to secret
// leaves), and the two-stream rows hash HMAC's K0 ^ ipad and K0 ^ opad,
// secret whenever the key is. Lengths and message counts are public.
struct BatchCase {
  const char *name;
  CRYPTO_PRIMITIVE *prim;
  size_t md_len, pair_len;
  void (*pairs)(uint8_t *out, const uint8_t *in, size_t n);
  void (*batch)(uint8_t *out, const uint8_t *const *ins, const size_t *lens,
                size_t n);
};
const BatchCase kBatchCases[] = {
    {"SHA-256", &CRYPTO_primitive_sha256_batch, 32, 64, SHA256_hash_pairs,
     SHA256_batch},
    {"SHA-512", &CRYPTO_primitive_sha512_batch, 64, 128, SHA512_hash_pairs,
     SHA512_batch},
};

// Message counts around the lane groups of every row (2, 4, 8 and 16 lanes,
// the 20 messages of the x86-64 hybrid, the 9 below which it hands over to
// two SHA-NI streams).
const size_t kBatchCounts[] = {1, 2, 3, 5, 8, 9, 16, 20, 37};

// BatchHashes runs both shapes on `n` messages (marked secret): `n` pairs
// through `pairs`, and `n` messages of the lengths in kLengths (taken in
// turn) through `batch`. It returns both outputs made public, concatenated.
Buf BatchHashes(const BatchCase &b, size_t n, bool mark) {
  Buf pairs_in = Pattern(n + 40, n * b.pair_len);
  std::vector<Buf> msgs;
  for (size_t i = 0; i < n; i++) {
    size_t len = kLengths[i % (sizeof(kLengths) / sizeof(kLengths[0]))];
    msgs.push_back(Pattern(i + 60, len));
  }
  if (mark) {
    Secret(pairs_in);
    for (Buf &m : msgs) {
      Secret(m);
    }
  }
  std::vector<const uint8_t *> ins;
  std::vector<size_t> lens;
  for (const Buf &m : msgs) {
    ins.push_back(m.data());
    lens.push_back(m.size());
  }
  Buf out(2 * n * b.md_len);
  b.pairs(out.data(), pairs_in.data(), n);
  b.batch(out.data() + n * b.md_len, ins.data(), lens.data(), n);
  Public(out);
  return out;
}

TEST(ConstantTimeTest, BatchHashing) {
  for (const BatchCase &b : kBatchCases) {
    SCOPED_TRACE(b.name);
    std::vector<Buf> want;
    WithReferenceRows({b.prim}, [&] {
      for (size_t n : kBatchCounts) {
        want.push_back(BatchHashes(b, n, false));
      }
    });
    ForEachRowForced(b.prim, [&](const CRYPTO_IMPL *) {
      for (size_t i = 0; i < sizeof(kBatchCounts) / sizeof(kBatchCounts[0]);
           i++) {
        SCOPED_TRACE(kBatchCounts[i]);
        EXPECT_EQ(Bytes(want[i]), Bytes(BatchHashes(b, kBatchCounts[i], true)));
      }
    });
  }
}

// HMAC with a new key runs its two key blocks through the two-stream rows
// (CRYPTO_primitive_sha256_x2, _sha512_x2): each row forced in turn, the
// key marked secret.
TEST(ConstantTimeTest, HMACKeyPairRows) {
  const struct {
    const DigestCase *d;
    CRYPTO_PRIMITIVE *x2;
  } kCases[] = {
      {&kDigests[2], &CRYPTO_primitive_sha256_x2},  // SHA-256
      {&kDigests[3], &CRYPTO_primitive_sha512_x2},  // SHA-384
      {&kDigests[4], &CRYPTO_primitive_sha512_x2},  // SHA-512
  };
  const size_t kKeyLengths[] = {0, 32, 64, 128, 200};
  for (const auto &c : kCases) {
    SCOPED_TRACE(c.d->name);
    const Buf msg = Pattern(11, 100);
    std::vector<Buf> want;
    WithReferenceRows({c.x2}, [&] {
      for (size_t klen : kKeyLengths) {
        want.push_back(
            HMACStreamed(*c.d, Pattern(klen + 500, klen), msg, false));
      }
    });
    ForEachRowForced(c.x2, [&](const CRYPTO_IMPL *) {
      for (size_t i = 0; i < sizeof(kKeyLengths) / sizeof(kKeyLengths[0]);
           i++) {
        SCOPED_TRACE(kKeyLengths[i]);
        const Buf key = Pattern(kKeyLengths[i] + 500, kKeyLengths[i]);
        EXPECT_EQ(Bytes(want[i]), Bytes(HMACOneShot(*c.d, key, msg)));
        EXPECT_EQ(Bytes(want[i]), Bytes(HMACStreamed(*c.d, key, msg, true)));
      }
    });
  }
}

// HMAC() with SHA-256 runs in one call of a SHA256_HMAC_IMPLS row
// (crypto/sha/impls.h), and HMAC_Final in one call of its `finish`: each
// row forced in turn, key and message secret, messages whose padding takes
// one or two tail blocks after zero or more whole blocks, against both
// computed with the reference row.
TEST(ConstantTimeTest, HMACSHA256Rows) {
  const DigestCase &d = kDigests[2];  // SHA-256
  ASSERT_EQ(EVP_sha256(), d.md());
  const size_t kKeyLengths[] = {0, 32, 64, 65};
  const size_t kMsgLengths[] = {0, 1, 55, 56, 63, 64, 119, 120, 200};
  std::vector<Buf> want;
  WithReferenceRows({&CRYPTO_primitive_sha256_hmac}, [&] {
    for (size_t klen : kKeyLengths) {
      for (size_t mlen : kMsgLengths) {
        want.push_back(HMACStreamed(d, Pattern(klen + 700, klen),
                                    Pattern(mlen + 900, mlen), false));
      }
    }
  });
  ForEachRowForced(&CRYPTO_primitive_sha256_hmac, [&](const CRYPTO_IMPL *) {
    size_t i = 0;
    for (size_t klen : kKeyLengths) {
      for (size_t mlen : kMsgLengths) {
        SCOPED_TRACE(testing::Message() << "key " << klen << ", message "
                                        << mlen);
        const Buf key = Pattern(klen + 700, klen);
        const Buf msg = Pattern(mlen + 900, mlen);
        EXPECT_EQ(Bytes(want[i]), Bytes(HMACOneShot(d, key, msg)));
        EXPECT_EQ(Bytes(want[i]), Bytes(HMACStreamed(d, key, msg, true)));
        i++;
      }
    }
  });
}

// CRYPTO_memcmp of two secret buffers: only the result is declassified. Every
// length 0..65, equal, and differing in each single byte position.
// --- CRYPTO_memcmp ----------------------------------------------------------

TEST(ConstantTimeTest, Memcmp) {
  for (size_t len = 0; len <= 65; len++) {
    SCOPED_TRACE(len);
    Buf a = Pattern(len + 400, len);
    for (size_t diff = 0; diff <= len; diff++) {
      // diff == len means no difference.
      Buf b = a;
      if (diff < len) {
        b[diff] ^= static_cast<uint8_t>(1u << (diff % 8));
      }
      Buf sa = a, sb = b;
      Secret(sa);
      Secret(sb);
      int r = CRYPTO_memcmp(sa.data(), sb.data(), len);
      Public(&r, sizeof(r));
      if (diff < len) {
        EXPECT_NE(0, r) << "difference at " << diff << " not seen";
      } else {
        EXPECT_EQ(0, r);
      }
    }
  }
}

}  // namespace
