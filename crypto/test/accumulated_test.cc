// Copyright 2026 The project authors.
//
// accumulated_test.cc: all-lengths accumulated digests, per implementation
// row.
//
// For each primitive below and each row of its CRYPTO_PRIMITIVE table that
// the CPU can run (forced with CRYPTO_impl_force, through the public API),
// the outputs for every message length L = 0..4096 are concatenated and
// hashed:
//
//   acc = SHA-256(out(0) || out(1) || ... || out(4096))
//
// and acc is compared with the same value computed with the portable C
// reference row (the last row of each table: "nohw", or "c26" for
// Poly1305). One 32-byte comparison covers 4097 lengths, so every
// partial-block tail, block count and multi-block path entry is checked.
// On a mismatch the test recomputes out(L) for each length with both rows
// and names the first L that differs (and the bytes), so a failure says
// where to look.
//
// Inputs are deterministic: a fixed 4096 + 64 byte stream (SplitMix64 from
// TestRNG), of which length L takes the L bytes at offset L % 61 (so
// consecutive lengths are not prefixes of each other and misaligned
// pointers are used), and keys/nonces that change with L.
//
//   primitive          out(L)
//   ChaCha20           CRYPTO_chacha_20 of L bytes, key and nonce from L,
//                      counter L * 2^20 (crosses 2^32 within the larger L)
//   Poly1305           the 16-byte tag of L bytes, key from L
//   HMAC-SHA256/512    the tag of L bytes under a key of L % 300 bytes
//                      (shorter and longer than the block)
//   ChaCha20-Poly1305  EVP_AEAD_CTX_seal of L bytes with 7 + L % 50 bytes of
//                      AD: ciphertext || tag
//
// The accumulator itself is SHA-256 through the public API. For the HMAC
// rows that is the row under test, which is fine: any wrong output still
// changes acc, and the per-length search compares raw outputs.
//
// The AEAD runs every ChaCha20 row with the CPU's Poly1305 choice and every
// Poly1305 row with the CPU's ChaCha20 choice (the two are independent
// inside the AEAD; the full cross product is in the constant-time test).

#include <openssl/aead.h>
#include <openssl/chacha.h>
#include <openssl/digest.h>
#include <openssl/hmac.h>
#include <openssl/poly1305.h>
#include <openssl/sha.h>

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <functional>
#include <string>
#include <vector>

#include <gtest/gtest-spi.h>
#include <gtest/gtest.h>

#include "../chacha/internal.h"
#include "../impl.h"
#include "../poly1305/internal.h"
#include "../sha/internal.h"
#include "asm_path_test.h"
#include "test_util.h"

namespace {

using Buf = std::vector<uint8_t>;

constexpr size_t kMaxLen = 4096;

// OutputFn writes out(len) to `out` (resized by the function).
using OutputFn = std::function<void(size_t len, Buf *out)>;

// Input is the shared deterministic input stream.
const Buf &Input() {
  static const Buf *input = [] {
    TestRNG rng(0xacc0);
    return new Buf(rng.Bytes(kMaxLen + 64));
  }();
  return *input;
}

// Message returns a pointer to the `len` input bytes for length `len`.
const uint8_t *Message(size_t len) { return Input().data() + len % 61; }

// Derived fills `n` bytes of key or nonce material for length `len`:
// distinct for every (len, salt).
void Derived(uint8_t *out, size_t n, size_t len, uint8_t salt) {
  TestRNG rng((static_cast<uint64_t>(salt) << 32) | len);
  rng.Fill(out, n);
}

// Accumulate returns SHA-256 over out(0) || ... || out(kMaxLen).
Buf Accumulate(const OutputFn &f) {
  SHA256_CTX acc;
  SHA256_Init(&acc);
  Buf out;
  for (size_t len = 0; len <= kMaxLen; len++) {
    f(len, &out);
    SHA256_Update(&acc, out.data(), out.size());
  }
  Buf digest(SHA256_DIGEST_LENGTH);
  SHA256_Final(digest.data(), &acc);
  return digest;
}

// ForceRows forces row `names[i]` of `prims[i]` for each i (nullptr: the
// CPU's choice).
void ForceRows(const std::vector<CRYPTO_PRIMITIVE *> &prims,
               const std::vector<const char *> &names) {
  for (size_t i = 0; i < prims.size(); i++) {
    ASSERT_TRUE(CRYPTO_impl_force(prims[i], names[i]));
  }
}

const char *ReferenceRow(const CRYPTO_PRIMITIVE *prim) {
  return CRYPTO_impl_reference(prim)->name;
}

// CheckRows compares the accumulated digest of `f` under `rows` (one row
// name per primitive of `prims`) with that under the reference rows. On a
// mismatch it finds and reports the first differing length.
void CheckRows(const std::vector<CRYPTO_PRIMITIVE *> &prims,
               const std::vector<const char *> &rows, const Buf &want,
               const OutputFn &f) {
  std::string label;
  for (size_t i = 0; i < prims.size(); i++) {
    label += std::string(i ? ", " : "") + prims[i]->name + " row " + rows[i];
  }
  SCOPED_TRACE(label);
  ForceRows(prims, rows);
  Buf got = Accumulate(f);
  if (got == want) {
    ForceRows(prims, std::vector<const char *>(prims.size(), nullptr));
    return;
  }
  // Find the first length whose output differs from the reference's.
  std::vector<const char *> refs;
  for (CRYPTO_PRIMITIVE *prim : prims) {
    refs.push_back(ReferenceRow(prim));
  }
  bool found = false;
  for (size_t len = 0; len <= kMaxLen && !found; len++) {
    Buf a, b;
    ForceRows(prims, refs);
    f(len, &a);
    ForceRows(prims, rows);
    f(len, &b);
    if (a != b) {
      ADD_FAILURE() << "first length whose output differs from the "
                       "reference rows: "
                    << len << "\n  reference: " << EncodeHex(a)
                    << "\n  this row:  " << EncodeHex(b);
      found = true;
    }
  }
  if (!found) {
    ADD_FAILURE() << "accumulated digest differs (" << EncodeHex(got)
                  << " vs reference " << EncodeHex(want)
                  << ") but no single length does: the output is not "
                     "deterministic";
  }
  ForceRows(prims, std::vector<const char *>(prims.size(), nullptr));
}

// CheckPrimitive runs CheckRows for every row of `prim` the CPU can run.
// It returns the number of rows checked.
size_t CheckPrimitive(CRYPTO_PRIMITIVE *prim, const OutputFn &f) {
  ForceRows({prim}, {ReferenceRow(prim)});
  const Buf want = Accumulate(f);
  ForceRows({prim}, {nullptr});
  return ForEachRow(prim, [&](const CRYPTO_IMPL *row) {
    CheckRows({prim}, {row->name}, want, f);
  });
}

void ChaCha20Output(size_t len, Buf *out) {
  uint8_t key[32], nonce[12];
  Derived(key, sizeof(key), len, 1);
  Derived(nonce, sizeof(nonce), len, 2);
  out->resize(len);
  // Counter len << 20: the larger lengths start within a few blocks of
  // 2^32 and wrap inside the call (the documented behaviour of this raw
  // API).
  uint32_t counter = static_cast<uint32_t>(len << 20);
  CRYPTO_chacha_20(out->data(), Message(len), len, key, nonce, counter);
}

void Poly1305Output(size_t len, Buf *out) {
  uint8_t key[32];
  Derived(key, sizeof(key), len, 3);
  if (len % 7 == 0) {
    // Every seventh key has all clamped bits of r and all of s set, for
    // the largest intermediate values.
    memset(key, 0xff, sizeof(key));
  }
  out->resize(16);
  poly1305_state state;
  CRYPTO_poly1305_init(&state, key);
  CRYPTO_poly1305_update(&state, Message(len), len);
  CRYPTO_poly1305_finish(&state, out->data());
}

OutputFn HMACOutput(const EVP_MD *(*md)(void)) {
  return [md](size_t len, Buf *out) {
    Buf key(len % 300);
    Derived(key.data(), key.size(), len, 4);
    out->resize(EVP_MD_size(md()));
    unsigned out_len = 0;
    ASSERT_NE(nullptr, HMAC(md(), key.data(), key.size(), Message(len), len,
                            out->data(), &out_len));
    ASSERT_EQ(out->size(), out_len);
  };
}

void AEADOutput(size_t len, Buf *out) {
  const EVP_AEAD *aead = EVP_aead_chacha20_poly1305();
  uint8_t key[32], nonce[12], ad[64];
  Derived(key, sizeof(key), len, 5);
  Derived(nonce, sizeof(nonce), len, 6);
  Derived(ad, sizeof(ad), len, 7);
  EVP_AEAD_CTX ctx;
  ASSERT_TRUE(EVP_AEAD_CTX_init(&ctx, aead, key, sizeof(key),
                                EVP_AEAD_DEFAULT_TAG_LENGTH, nullptr));
  out->resize(len + EVP_AEAD_max_overhead(aead));
  size_t out_len = 0;
  ASSERT_TRUE(EVP_AEAD_CTX_seal(&ctx, out->data(), &out_len, out->size(),
                                nonce, sizeof(nonce), Message(len), len, ad,
                                7 + len % 50));
  out->resize(out_len);
  EVP_AEAD_CTX_cleanup(&ctx);
}

TEST(AccumulatedTest, ChaCha20) {
  EXPECT_GE(CheckPrimitive(&CRYPTO_primitive_chacha20, ChaCha20Output), 1u);
}

TEST(AccumulatedTest, Poly1305) {
  EXPECT_GE(CheckPrimitive(&CRYPTO_primitive_poly1305, Poly1305Output), 1u);
}

TEST(AccumulatedTest, HMACSHA256) {
  EXPECT_GE(CheckPrimitive(&CRYPTO_primitive_sha256, HMACOutput(EVP_sha256)),
            1u);
}

TEST(AccumulatedTest, HMACSHA512) {
  EXPECT_GE(CheckPrimitive(&CRYPTO_primitive_sha512, HMACOutput(EVP_sha512)),
            1u);
}

TEST(AccumulatedTest, ChaCha20Poly1305Seal) {
  std::vector<CRYPTO_PRIMITIVE *> prims = {&CRYPTO_primitive_chacha20,
                                           &CRYPTO_primitive_poly1305};
  ForceRows(prims, {ReferenceRow(prims[0]), ReferenceRow(prims[1])});
  const Buf want = Accumulate(AEADOutput);
  ForceRows(prims, {nullptr, nullptr});
  // Each row of one primitive, with the CPU's choice for the other; the
  // pair of CPU choices is covered by both passes and run once.
  const char *cpu_choice[2] = {CRYPTO_impl_chosen(prims[0])->name,
                               CRYPTO_impl_chosen(prims[1])->name};
  size_t checked = 0;
  for (size_t p = 0; p < 2; p++) {
    ForEachRow(prims[p], [&](const CRYPTO_IMPL *impl) {
      std::vector<const char *> rows = {cpu_choice[0], cpu_choice[1]};
      rows[p] = impl->name;
      if (p == 1 && strcmp(impl->name, cpu_choice[1]) == 0) {
        return;  // already run in the first pass
      }
      CheckRows(prims, rows, want, AEADOutput);
      checked++;
    });
  }
  EXPECT_GE(checked, 1u);
}

// The check must be able to fail, and name the right length: an output
// function that goes wrong from length 1234 on, only when a row other than
// the reference is forced, must be reported at exactly 1234.
TEST(AccumulatedTest, ReportsFirstFailingLength) {
  CRYPTO_PRIMITIVE *prim = &CRYPTO_primitive_chacha20;
  const CRYPTO_IMPL *other = nullptr;
  CRYPTO_IMPL_FOREACH(row, prim) {
    if (other == nullptr && row != CRYPTO_impl_reference(prim) &&
        CRYPTO_impl_is_capable(row)) {
      other = row;
    }
  }
  if (other == nullptr) {
    GTEST_SKIP() << "skipped: only the reference ChaCha20 row runs here, so "
                    "no row can be made to differ from it";
  }
  const OutputFn broken = [prim](size_t len, Buf *out) {
    ChaCha20Output(len, out);
    if (len >= 1234 &&
        CRYPTO_impl_chosen(prim) != CRYPTO_impl_reference(prim)) {
      (*out)[len / 2] ^= 0x10;
    }
  };
  ForceRows({prim}, {ReferenceRow(prim)});
  const Buf want = Accumulate(broken);
  EXPECT_NONFATAL_FAILURE(CheckRows({prim}, {other->name}, want, broken),
                          "from the reference rows: 1234\n");
  ForceRows({prim}, {nullptr});
}

}  // namespace
