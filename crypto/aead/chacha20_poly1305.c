// Copyright 2026 The project authors.
//
// ChaCha20-Poly1305 (RFC 8439, section 2.8) and XChaCha20-Poly1305
// (draft-irtf-cfrg-xchacha, section 2.3), built from the public ChaCha20,
// HChaCha20 and Poly1305 functions. All argument checking is done by aead.c
// before these functions run (see crypto/aead/internal.h).
//
// With key K and nonce N:
//   otk = first 32 bytes of ChaCha20(K, N, counter 0)          (section 2.6)
//   ct  = pt XOR ChaCha20 keystream(K, N, counters 1, 2, ...)
//   tag = Poly1305(otk, ad || pad16(ad) || ct || pad16(ct) ||
//                       le64(len(ad)) || le64(len(ct)))
// Counter 1 + i must not wrap, so the plaintext is at most 64 * (2^32 - 1)
// bytes (checked in aead.c against max_plaintext_len).

#include <openssl/aead.h>

#include <openssl/chacha.h>
#include <openssl/mem.h>
#include <openssl/poly1305.h>

#include "../internal.h"
#include "internal.h"

#define CHACHA20_POLY1305_KEY_LEN 32
#define CHACHA20_POLY1305_NONCE_LEN 12
#define XCHACHA20_POLY1305_NONCE_LEN 24
#define CHACHA20_POLY1305_TAG_LEN 16

// The largest plaintext: blocks 1 .. 2^32 - 1 of the keystream.
#define CHACHA20_POLY1305_MAX_PLAINTEXT (UINT64_C(64) * UINT32_MAX)

// kHeadLen: the first kHeadLen bytes of the message (or fewer) are
// encrypted by the same ChaCha20 call that computes block 0, the one-time
// key: 64 + kHeadLen = 1024 bytes is one 16-block group of the AVX-512 code,
// which costs the same however few of its blocks are used, so a message of
// up to 960 bytes (every short record) costs one ChaCha20 call instead of
// two. It is a multiple of 64, so the rest starts on block 1 + kHeadLen/64.
// Measured with `bssl speed -filter ChaCha20-Poly1305` (see the report in
// chacha-x86_64.pl): the 16-byte seal spent ~70% of its time in the two
// ChaCha20 calls.
#define kHeadLen 960

// poly1305_update_padded feeds `data || pad16(data)`: the whole 16-byte
// blocks straight from `data`, a final partial block through a zero-padded
// copy, so Poly1305 never buffers and a short AD is one update call.
static void poly1305_update_padded(poly1305_state *poly, const uint8_t *data,
                                   size_t len) {
  size_t whole = len - len % 16;
  if (whole != 0) {
    CRYPTO_poly1305_update(poly, data, whole);
  }
  if (len != whole) {
    uint8_t last[16] = {0};
    OPENSSL_memcpy(last, data + whole, len - whole);
    CRYPTO_poly1305_update(poly, last, sizeof(last));
  }
}

// chacha20_head computes, in one ChaCha20 call from counter 0, the one-time
// key block and the encryption of the first `head_len` <= kHeadLen bytes
// of `in`: buf[0..63] = keystream block 0 (otk = its first 32 bytes) and
// buf[64..64+head_len) = in[0..head_len) XOR keystream blocks 1, 2, ....
// The caller wipes buf[0..63] (and the rest too when it holds plaintext).
static void chacha20_head(uint8_t buf[64 + kHeadLen], const uint8_t *in,
                          size_t head_len, const uint8_t key[32],
                          const uint8_t nonce[12]) {
  OPENSSL_memset(buf, 0, 64);
  OPENSSL_memcpy(buf + 64, in, head_len);
  CRYPTO_chacha_20(buf, buf, 64 + head_len, key, nonce, 0);
}

// chacha20_xor_from XORs `len` bytes of `in` with the keystream of (`key`,
// `nonce`) that starts `offset` bytes into block 1, writing to `out`.
// offset + len is within the limit, so the block counter does not wrap.
static void chacha20_xor_from(uint8_t *out, const uint8_t *in, size_t len,
                              const uint8_t key[32], const uint8_t nonce[12],
                              uint64_t offset) {
  uint32_t counter = (uint32_t)(1 + offset / 64);
  size_t skip = (size_t)(offset % 64);
  if (skip != 0 && len != 0) {
    // Finish the block `offset` points into.
    uint8_t block[64] = {0};
    CRYPTO_chacha_20(block, block, sizeof(block), key, nonce, counter);
    size_t todo = 64 - skip;
    if (todo > len) {
      todo = len;
    }
    for (size_t i = 0; i < todo; i++) {
      out[i] = in[i] ^ block[skip + i];
    }
    OPENSSL_cleanse(block, sizeof(block));
    out += todo;
    in += todo;
    len -= todo;
    counter++;
  }
  CRYPTO_chacha_20(out, in, len, key, nonce, counter);
}

// chacha20_poly1305_init_mac sets up `poly` with the one-time key `otk`
// and feeds it the AD and its padding.
static void chacha20_poly1305_init_mac(poly1305_state *poly,
                                       const uint8_t otk[32],
                                       const uint8_t *ad, size_t ad_len) {
  CRYPTO_poly1305_init(poly, otk);
  poly1305_update_padded(poly, ad, ad_len);
}

// chacha20_poly1305_finish_mac feeds pad16(ct) || le64(ad_len) ||
// le64(ct_len) in one update and writes the full 16-byte tag. `ct_len` is
// the length of the ciphertext fed so far (which set the padding).
static void chacha20_poly1305_finish_mac(poly1305_state *poly, size_t ad_len,
                                         uint64_t ct_len, uint8_t tag[16]) {
  uint8_t tail[32] = {0};
  size_t pad = (16 - (size_t)(ct_len % 16)) % 16;
  CRYPTO_store_u64_le(tail + pad, (uint64_t)ad_len);
  CRYPTO_store_u64_le(tail + pad + 8, ct_len);
  CRYPTO_poly1305_update(poly, tail, pad + 16);
  CRYPTO_poly1305_finish(poly, tag);
}

// chacha20_poly1305_mac_head finishes the MAC of a message whose whole
// ciphertext (`ct_len` <= kHeadLen bytes) is at `ct`, with room for 32 more
// bytes after it: pad16(ct) || le64(ad_len) || le64(ct_len) are written
// there so the ciphertext and its trailer are one update call.
static void chacha20_poly1305_mac_head(poly1305_state *poly, uint8_t *ct,
                                       size_t ct_len, size_t ad_len,
                                       uint8_t tag[16]) {
  size_t padded = (ct_len + 15) & ~(size_t)15;
  OPENSSL_memset(ct + ct_len, 0, padded - ct_len);
  CRYPTO_store_u64_le(ct + padded, (uint64_t)ad_len);
  CRYPTO_store_u64_le(ct + padded + 8, (uint64_t)ct_len);
  CRYPTO_poly1305_update(poly, ct, padded + 16);
  CRYPTO_poly1305_finish(poly, tag);
}

// chacha20_poly1305_seal is the seal of section 2.8 with the extra input of
// seal_scatter: its ciphertext follows `in`'s in the keystream and in the
// MAC, and is written to `out_tag` ahead of the tag. The AD is fed to the
// MAC before anything is written, so it may overlap the outputs.
static void chacha20_poly1305_seal(const uint8_t key[32],
                                   const uint8_t nonce[12], size_t tag_len,
                                   uint8_t *out, uint8_t *out_tag,
                                   const uint8_t *in, size_t in_len,
                                   const uint8_t *extra_in,
                                   size_t extra_in_len, const uint8_t *ad,
                                   size_t ad_len) {
  // Block 0 and the first head_len bytes of ciphertext in one call; nothing
  // is written to the outputs before the AD has been fed to the MAC.
  // buf: block 0, then the head's ciphertext, then room for its MAC
  // trailer (chacha20_poly1305_mac_head).
  uint8_t buf[64 + kHeadLen + 32];
  size_t head_len = in_len < kHeadLen ? in_len : kHeadLen;
  chacha20_head(buf, in, head_len, key, nonce);
  poly1305_state poly;
  chacha20_poly1305_init_mac(&poly, buf, ad, ad_len);
  OPENSSL_cleanse(buf, 64);

  OPENSSL_memcpy(out, buf + 64, head_len);
  uint8_t tag[16];
  if (in_len == head_len && extra_in_len == 0) {
    // The whole ciphertext is in buf: one MAC update.
    chacha20_poly1305_mac_head(&poly, buf + 64, in_len, ad_len, tag);
  } else {
    if (in_len > head_len) {
      CRYPTO_chacha_20(out + head_len, in + head_len, in_len - head_len, key,
                       nonce, 1 + kHeadLen / 64);
    }
    chacha20_xor_from(out_tag, extra_in, extra_in_len, key, nonce, in_len);
    CRYPTO_poly1305_update(&poly, out, in_len);
    CRYPTO_poly1305_update(&poly, out_tag, extra_in_len);
    chacha20_poly1305_finish_mac(
        &poly, ad_len, (uint64_t)in_len + (uint64_t)extra_in_len, tag);
  }
  OPENSSL_memcpy(out_tag + extra_in_len, tag, tag_len);
  OPENSSL_cleanse(tag, sizeof(tag));
}

// chacha20_poly1305_open computes the tag over the ciphertext `in` first and
// decrypts into `out` only if the first `tag_len` bytes match `in_tag`.
static int chacha20_poly1305_open(const uint8_t key[32],
                                  const uint8_t nonce[12], size_t tag_len,
                                  uint8_t *out, const uint8_t *in,
                                  size_t in_len, const uint8_t *in_tag,
                                  const uint8_t *ad, size_t ad_len) {
  // Block 0 and the plaintext of the first head_len bytes in one call, into
  // a buffer: the plaintext reaches `out` only once the tag has matched.
  uint8_t buf[64 + kHeadLen];
  size_t head_len = in_len < kHeadLen ? in_len : kHeadLen;
  chacha20_head(buf, in, head_len, key, nonce);
  poly1305_state poly;
  chacha20_poly1305_init_mac(&poly, buf, ad, ad_len);
  CRYPTO_poly1305_update(&poly, in, in_len);
  uint8_t tag[16];
  chacha20_poly1305_finish_mac(&poly, ad_len, (uint64_t)in_len, tag);

  int mismatch = CRYPTO_memcmp(tag, in_tag, tag_len);
  OPENSSL_cleanse(tag, sizeof(tag));
  // Whether the tag matched is public: it is the result of the call.
  CONSTTIME_DECLASSIFY(&mismatch, sizeof(mismatch));
  if (mismatch == 0) {
    // `in` has been read in full (MAC and head), so `out` may equal it.
    OPENSSL_memcpy(out, buf + 64, head_len);
    if (in_len > head_len) {
      CRYPTO_chacha_20(out + head_len, in + head_len, in_len - head_len, key,
                       nonce, 1 + kHeadLen / 64);
    }
  }
  OPENSSL_cleanse(buf, 64 + head_len);
  return mismatch == 0;
}

// --- ChaCha20-Poly1305 ------------------------------------------------------

static void aead_chacha20_poly1305_seal(
    const EVP_AEAD_CTX *ctx, uint8_t *out, uint8_t *out_tag,
    const uint8_t *nonce, const uint8_t *in, size_t in_len,
    const uint8_t *extra_in, size_t extra_in_len, const uint8_t *ad,
    size_t ad_len) {
  chacha20_poly1305_seal(ctx->state.opaque, nonce, ctx->tag_len, out, out_tag,
                         in, in_len, extra_in, extra_in_len, ad, ad_len);
}

static int aead_chacha20_poly1305_open(const EVP_AEAD_CTX *ctx, uint8_t *out,
                                       const uint8_t *nonce, const uint8_t *in,
                                       size_t in_len, const uint8_t *in_tag,
                                       const uint8_t *ad, size_t ad_len) {
  return chacha20_poly1305_open(ctx->state.opaque, nonce, ctx->tag_len, out,
                                in, in_len, in_tag, ad, ad_len);
}

static const EVP_AEAD kChaCha20Poly1305 = {
    .key_len = CHACHA20_POLY1305_KEY_LEN,
    .nonce_len = CHACHA20_POLY1305_NONCE_LEN,
    .overhead = CHACHA20_POLY1305_TAG_LEN,
    .max_tag_len = CHACHA20_POLY1305_TAG_LEN,
    .max_plaintext_len = CHACHA20_POLY1305_MAX_PLAINTEXT,
    .seal = aead_chacha20_poly1305_seal,
    .open = aead_chacha20_poly1305_open,
};

const EVP_AEAD *EVP_aead_chacha20_poly1305(void) { return &kChaCha20Poly1305; }

// --- XChaCha20-Poly1305 -----------------------------------------------------

// xchacha20_derive computes the subkey HChaCha20(K, N[0..15]) and the
// ChaCha20 nonce 0x00000000 || N[16..23].
static void xchacha20_derive(uint8_t subkey[32], uint8_t nonce12[12],
                             const uint8_t key[32], const uint8_t nonce[24]) {
  CRYPTO_hchacha20(subkey, key, nonce);
  memset(nonce12, 0, 4);
  memcpy(nonce12 + 4, nonce + 16, 8);
}

static void aead_xchacha20_poly1305_seal(
    const EVP_AEAD_CTX *ctx, uint8_t *out, uint8_t *out_tag,
    const uint8_t *nonce, const uint8_t *in, size_t in_len,
    const uint8_t *extra_in, size_t extra_in_len, const uint8_t *ad,
    size_t ad_len) {
  uint8_t subkey[32], nonce12[12];
  xchacha20_derive(subkey, nonce12, ctx->state.opaque, nonce);
  chacha20_poly1305_seal(subkey, nonce12, ctx->tag_len, out, out_tag, in,
                         in_len, extra_in, extra_in_len, ad, ad_len);
  OPENSSL_cleanse(subkey, sizeof(subkey));
}

static int aead_xchacha20_poly1305_open(const EVP_AEAD_CTX *ctx, uint8_t *out,
                                        const uint8_t *nonce,
                                        const uint8_t *in, size_t in_len,
                                        const uint8_t *in_tag,
                                        const uint8_t *ad, size_t ad_len) {
  uint8_t subkey[32], nonce12[12];
  xchacha20_derive(subkey, nonce12, ctx->state.opaque, nonce);
  int ok = chacha20_poly1305_open(subkey, nonce12, ctx->tag_len, out, in,
                                  in_len, in_tag, ad, ad_len);
  OPENSSL_cleanse(subkey, sizeof(subkey));
  return ok;
}

static const EVP_AEAD kXChaCha20Poly1305 = {
    .key_len = CHACHA20_POLY1305_KEY_LEN,
    .nonce_len = XCHACHA20_POLY1305_NONCE_LEN,
    .overhead = CHACHA20_POLY1305_TAG_LEN,
    .max_tag_len = CHACHA20_POLY1305_TAG_LEN,
    .max_plaintext_len = CHACHA20_POLY1305_MAX_PLAINTEXT,
    .seal = aead_xchacha20_poly1305_seal,
    .open = aead_xchacha20_poly1305_open,
};

const EVP_AEAD *EVP_aead_xchacha20_poly1305(void) {
  return &kXChaCha20Poly1305;
}
