// Copyright 2026 The project authors.
//
// The generic EVP_AEAD_CTX layer: argument checks, aliasing rules, output
// sizes and the wiping of outputs on failure, shared by every AEAD. The
// algorithms themselves (chacha20_poly1305.c) only compute.
//
// Every entry point checks in the same order: the context is initialised;
// no length exceeds the AEAD's limit (refused without writing anything,
// since the stated buffer sizes are then not credible); the nonce size; the
// tag length or a too-short input (open); aliasing (refused without writing
// anything, since a wiped output would clobber an input); the output sizes.
// Only then does the algorithm run. The first three are aead_check_start,
// and aead_finish turns every entry point's result into its return value
// and wiped outputs.
//
// Aliasing (the rules documented in aead.h): `out` is `in` or apart from
// it (for open, apart from all of `in`, the tag included); `out` is apart
// from `extra_in`; `out_tag` is apart from `in`, `out` and `extra_in`.
// Those inputs are read while outputs are being written. The nonce and
// open's tag are copied here before the algorithm runs, and the algorithms
// read the AD in full before writing (crypto/aead/internal.h), so those
// three may overlap anything.

#include <openssl/aead.h>

#include <assert.h>
#include <stdint.h>

#include <openssl/err.h>
#include <openssl/mem.h>

#include "../internal.h"
#include "internal.h"

size_t EVP_AEAD_key_length(const EVP_AEAD *aead) { return aead->key_len; }

size_t EVP_AEAD_nonce_length(const EVP_AEAD *aead) { return aead->nonce_len; }

size_t EVP_AEAD_max_overhead(const EVP_AEAD *aead) { return aead->overhead; }

size_t EVP_AEAD_max_tag_len(const EVP_AEAD *aead) { return aead->max_tag_len; }

void EVP_AEAD_CTX_zero(EVP_AEAD_CTX *ctx) {
  OPENSSL_memset(ctx, 0, sizeof(*ctx));
  ctx->aead = NULL;
}

EVP_AEAD_CTX *EVP_AEAD_CTX_new(const EVP_AEAD *aead, const uint8_t *key,
                               size_t key_len, size_t tag_len) {
  EVP_AEAD_CTX *ctx = OPENSSL_malloc(sizeof(EVP_AEAD_CTX));
  if (ctx == NULL) {
    return NULL;
  }
  if (!EVP_AEAD_CTX_init(ctx, aead, key, key_len, tag_len, NULL)) {
    OPENSSL_free(ctx);
    return NULL;
  }
  return ctx;
}

void EVP_AEAD_CTX_free(EVP_AEAD_CTX *ctx) {
  if (ctx == NULL) {
    return;
  }
  EVP_AEAD_CTX_cleanup(ctx);
  OPENSSL_free(ctx);
}

int EVP_AEAD_CTX_init(EVP_AEAD_CTX *ctx, const EVP_AEAD *aead,
                      const uint8_t *key, size_t key_len, size_t tag_len,
                      ENGINE *impl) {
  (void)impl;
  EVP_AEAD_CTX_zero(ctx);
  if (aead == NULL) {
    OPENSSL_PUT_ERROR(CIPHER, ERR_R_PASSED_NULL_PARAMETER);
    return 0;
  }
  if (key_len != aead->key_len || key_len > sizeof(ctx->state.opaque)) {
    OPENSSL_PUT_ERROR(CIPHER, CIPHER_R_BAD_KEY_LENGTH);
    return 0;
  }
  if (tag_len == EVP_AEAD_DEFAULT_TAG_LENGTH) {
    tag_len = aead->max_tag_len;
  }
  if (tag_len > aead->max_tag_len) {
    OPENSSL_PUT_ERROR(CIPHER, CIPHER_R_TAG_TOO_LARGE);
    return 0;
  }
  OPENSSL_memcpy(ctx->state.opaque, key, key_len);
  ctx->tag_len = (uint8_t)tag_len;
  ctx->aead = aead;
  return 1;
}

void EVP_AEAD_CTX_cleanup(EVP_AEAD_CTX *ctx) {
  CRYPTO_wipe(ctx, sizeof(*ctx));
  ctx->aead = NULL;
}

const EVP_AEAD *EVP_AEAD_CTX_aead(const EVP_AEAD_CTX *ctx) {
  return ctx->aead;
}

// The checked operations below report how they failed, so the public
// wrappers know whether the output buffers may be wiped: after a length was
// refused as too large, the caller's stated buffer sizes cannot be trusted
// and nothing is written.
enum aead_result {
  kAEADOk,
  kAEADFailWipe,
  kAEADFailNoWrite,
};

// aead_refuse_alias pushes CIPHER_R_OUTPUT_ALIASES_INPUT. Nothing may be
// written after it: the outputs overlap inputs the caller still holds.
static enum aead_result aead_refuse_alias(void) {
  OPENSSL_PUT_ERROR(CIPHER, CIPHER_R_OUTPUT_ALIASES_INPUT);
  return kAEADFailNoWrite;
}

// aead_exceeds_limit returns one (and pushes CIPHER_R_TOO_LARGE) if `a` + `b`
// bytes of plaintext are more than `aead` may seal under one nonce. The sum
// is never formed, so it cannot overflow.
static int aead_exceeds_limit(const EVP_AEAD *aead, size_t a, size_t b) {
  uint64_t limit = aead->max_plaintext_len;
  if ((uint64_t)a > limit || (uint64_t)b > limit - (uint64_t)a) {
    OPENSSL_PUT_ERROR(CIPHER, CIPHER_R_TOO_LARGE);
    return 1;
  }
  return 0;
}

// aead_overlaps_partially returns one if `out` and `in` (both `len` bytes)
// overlap without being the same buffer, which no AEAD supports.
static int aead_overlaps_partially(const uint8_t *out, const uint8_t *in,
                                   size_t len) {
  return out != in && buffers_alias(out, len, in, len);
}

// aead_check_start runs the checks every entry point begins with, in the
// order given at the top of this file: `ctx` is initialised; `a` + `b`
// bytes of plaintext are within the AEAD's limit, and `b` + `room` (the
// tag that follows those bytes in one buffer when sealing; 0 otherwise)
// does not overflow size_t (possible on 32-bit targets, where the limit
// exceeds SIZE_MAX); the nonce is `nonce_len` bytes, the AEAD's size. A
// refused length returns kAEADFailNoWrite, since the caller's stated
// buffer sizes are then not credible.
static enum aead_result aead_check_start(const EVP_AEAD_CTX *ctx, size_t a,
                                         size_t b, size_t room,
                                         size_t nonce_len) {
  const EVP_AEAD *aead = ctx->aead;
  if (aead == NULL) {
    OPENSSL_PUT_ERROR(CIPHER, CIPHER_R_NOT_INITIALIZED);
    return kAEADFailWipe;
  }
  if (aead_exceeds_limit(aead, a, b)) {
    return kAEADFailNoWrite;
  }
  if (b > SIZE_MAX - room) {
    OPENSSL_PUT_ERROR(CIPHER, CIPHER_R_TOO_LARGE);
    return kAEADFailNoWrite;
  }
  if (nonce_len != aead->nonce_len) {
    OPENSSL_PUT_ERROR(CIPHER, CIPHER_R_INVALID_NONCE_SIZE);
    return kAEADFailWipe;
  }
  return kAEADOk;
}

// aead_finish turns the result of a checked operation into the public
// return value: 1 on success; otherwise 0, with `*out_len` set to 0 (when
// `out_len` is not NULL) and, unless the sizes could not be trusted
// (kAEADFailNoWrite), the `out_room` bytes of `out` and the `out2_room`
// bytes of `out2` wiped, so no unauthenticated plaintext is released.
static int aead_finish(enum aead_result r, size_t *out_len, uint8_t *out,
                       size_t out_room, uint8_t *out2, size_t out2_room) {
  if (r == kAEADOk) {
    return 1;
  }
  if (out_len != NULL) {
    *out_len = 0;
  }
  if (r == kAEADFailWipe) {
    OPENSSL_memset(out, 0, out_room);
    OPENSSL_memset(out2, 0, out2_room);
  }
  return 0;
}

static enum aead_result aead_seal_scatter(
    const EVP_AEAD_CTX *ctx, uint8_t *out, uint8_t *out_tag,
    size_t *out_tag_len, size_t max_out_tag_len, const uint8_t *nonce,
    size_t nonce_len, const uint8_t *in, size_t in_len,
    const uint8_t *extra_in, size_t extra_in_len, const uint8_t *ad,
    size_t ad_len) {
  // The extra input and the tag go to one buffer: their sum must fit.
  enum aead_result r =
      aead_check_start(ctx, in_len, extra_in_len, ctx->tag_len, nonce_len);
  if (r != kAEADOk) {
    return r;
  }
  // The `tag_out_len` bytes of `out_tag` are what is written (and, if the
  // room is too small, what the wipe below stays within).
  size_t tag_out_len = extra_in_len + ctx->tag_len;
  if (aead_overlaps_partially(out, in, in_len) ||
      buffers_alias(out, in_len, extra_in, extra_in_len) ||
      buffers_alias(out_tag, tag_out_len, in, in_len) ||
      buffers_alias(out_tag, tag_out_len, out, in_len) ||
      buffers_alias(out_tag, tag_out_len, extra_in, extra_in_len)) {
    return aead_refuse_alias();
  }
  if (max_out_tag_len < tag_out_len) {
    OPENSSL_PUT_ERROR(CIPHER, CIPHER_R_BUFFER_TOO_SMALL);
    return kAEADFailWipe;
  }
  // The nonce may lie in `out` or `out_tag`: then the algorithm gets a
  // copy. Otherwise it reads the caller's (a copy just written costs a
  // short record more than the copy: the 16-byte load of it that follows
  // cannot be forwarded from the copy's two stores, see
  // chacha20_poly1305_short_avx512).
  uint8_t nonce_copy[EVP_AEAD_MAX_NONCE_LENGTH];
  assert(nonce_len <= sizeof(nonce_copy));
  if (buffers_alias(nonce, nonce_len, out, in_len) ||
      buffers_alias(nonce, nonce_len, out_tag, tag_out_len)) {
    CRYPTO_memcpy_unbounded(nonce_copy, nonce, nonce_len);
    nonce = nonce_copy;
  }
  ctx->aead->seal(ctx, out, out_tag, nonce, in, in_len, extra_in,
                  extra_in_len, ad, ad_len);
  *out_tag_len = tag_out_len;
  return kAEADOk;
}

static enum aead_result aead_open_gather(
    const EVP_AEAD_CTX *ctx, uint8_t *out, const uint8_t *nonce,
    size_t nonce_len, const uint8_t *in, size_t in_len, const uint8_t *in_tag,
    size_t in_tag_len, const uint8_t *ad, size_t ad_len) {
  enum aead_result r = aead_check_start(ctx, in_len, 0, 0, nonce_len);
  if (r != kAEADOk) {
    return r;
  }
  if (in_tag_len != ctx->tag_len) {
    OPENSSL_PUT_ERROR(CIPHER, CIPHER_R_BAD_DECRYPT);
    return kAEADFailWipe;
  }
  if (aead_overlaps_partially(out, in, in_len)) {
    return aead_refuse_alias();
  }
  // The nonce and the tag may lie in `out`: then the algorithm gets
  // copies (as in the seal, only then).
  uint8_t nonce_copy[EVP_AEAD_MAX_NONCE_LENGTH];
  uint8_t tag_copy[EVP_AEAD_MAX_OVERHEAD];
  assert(nonce_len <= sizeof(nonce_copy) && in_tag_len <= sizeof(tag_copy));
  // (Bounded lengths into stack buffers: see CRYPTO_memcpy_unbounded.)
  if (buffers_alias(nonce, nonce_len, out, in_len)) {
    CRYPTO_memcpy_unbounded(nonce_copy, nonce, nonce_len);
    nonce = nonce_copy;
  }
  if (buffers_alias(in_tag, in_tag_len, out, in_len)) {
    CRYPTO_memcpy_unbounded(tag_copy, in_tag, in_tag_len);
    in_tag = tag_copy;
  }
  if (!ctx->aead->open(ctx, out, nonce, in, in_len, in_tag, ad, ad_len)) {
    OPENSSL_PUT_ERROR(CIPHER, CIPHER_R_BAD_DECRYPT);
    return kAEADFailWipe;
  }
  return kAEADOk;
}

int EVP_AEAD_CTX_seal_scatter(const EVP_AEAD_CTX *ctx, uint8_t *out,
                              uint8_t *out_tag, size_t *out_tag_len,
                              size_t max_out_tag_len, const uint8_t *nonce,
                              size_t nonce_len, const uint8_t *in,
                              size_t in_len, const uint8_t *extra_in,
                              size_t extra_in_len, const uint8_t *ad,
                              size_t ad_len) {
  return aead_finish(
      aead_seal_scatter(ctx, out, out_tag, out_tag_len, max_out_tag_len,
                        nonce, nonce_len, in, in_len, extra_in, extra_in_len,
                        ad, ad_len),
      out_tag_len, out, in_len, out_tag, max_out_tag_len);
}

int EVP_AEAD_CTX_open_gather(const EVP_AEAD_CTX *ctx, uint8_t *out,
                             const uint8_t *nonce, size_t nonce_len,
                             const uint8_t *in, size_t in_len,
                             const uint8_t *in_tag, size_t in_tag_len,
                             const uint8_t *ad, size_t ad_len) {
  return aead_finish(aead_open_gather(ctx, out, nonce, nonce_len, in, in_len,
                                      in_tag, in_tag_len, ad, ad_len),
                     NULL, out, in_len, NULL, 0);
}

static enum aead_result aead_seal(const EVP_AEAD_CTX *ctx, uint8_t *out,
                                  size_t *out_len, size_t max_out_len,
                                  const uint8_t *nonce, size_t nonce_len,
                                  const uint8_t *in, size_t in_len,
                                  const uint8_t *ad, size_t ad_len) {
  // Refuse oversized input before trusting any buffer size; after this,
  // in_len + tag_len cannot overflow.
  enum aead_result r =
      aead_check_start(ctx, 0, in_len, ctx->tag_len, nonce_len);
  if (r != kAEADOk) {
    return r;
  }
  size_t total = in_len + ctx->tag_len;
  // The ciphertext and the tag, `total` bytes, may only overlap `in` when
  // the ciphertext is exactly on top of it.
  if (out != in && buffers_alias(out, total, in, in_len)) {
    return aead_refuse_alias();
  }
  if (max_out_len < total) {
    OPENSSL_PUT_ERROR(CIPHER, CIPHER_R_BUFFER_TOO_SMALL);
    return kAEADFailWipe;
  }
  size_t tag_len;
  r = aead_seal_scatter(ctx, out, out + in_len, &tag_len, ctx->tag_len, nonce,
                        nonce_len, in, in_len, NULL, 0, ad, ad_len);
  if (r == kAEADOk) {
    *out_len = in_len + tag_len;
  }
  return r;
}

int EVP_AEAD_CTX_seal(const EVP_AEAD_CTX *ctx, uint8_t *out, size_t *out_len,
                      size_t max_out_len, const uint8_t *nonce,
                      size_t nonce_len, const uint8_t *in, size_t in_len,
                      const uint8_t *ad, size_t ad_len) {
  return aead_finish(aead_seal(ctx, out, out_len, max_out_len, nonce,
                               nonce_len, in, in_len, ad, ad_len),
                     out_len, out, max_out_len, NULL, 0);
}

static enum aead_result aead_open(const EVP_AEAD_CTX *ctx, uint8_t *out,
                                  size_t *out_len, size_t max_out_len,
                                  const uint8_t *nonce, size_t nonce_len,
                                  const uint8_t *in, size_t in_len,
                                  const uint8_t *ad, size_t ad_len) {
  // The plaintext is what precedes the tag (none when the input is too
  // short, refused below, after the nonce).
  size_t tag_len = ctx->tag_len;
  enum aead_result r = aead_check_start(
      ctx, 0, in_len > tag_len ? in_len - tag_len : 0, 0, nonce_len);
  if (r != kAEADOk) {
    return r;
  }
  if (in_len < tag_len) {
    // Too short to hold a tag: a truncated ciphertext.
    OPENSSL_PUT_ERROR(CIPHER, CIPHER_R_BAD_DECRYPT);
    return kAEADFailWipe;
  }
  size_t plaintext_len = in_len - tag_len;
  // The plaintext may only overlap the input (ciphertext and tag) when it
  // is exactly on top of it.
  if (out != in && buffers_alias(out, plaintext_len, in, in_len)) {
    return aead_refuse_alias();
  }
  if (max_out_len < plaintext_len) {
    OPENSSL_PUT_ERROR(CIPHER, CIPHER_R_BUFFER_TOO_SMALL);
    return kAEADFailWipe;
  }
  r = aead_open_gather(ctx, out, nonce, nonce_len, in, plaintext_len,
                       in + plaintext_len, tag_len, ad, ad_len);
  if (r == kAEADOk) {
    *out_len = plaintext_len;
  }
  return r;
}

int EVP_AEAD_CTX_open(const EVP_AEAD_CTX *ctx, uint8_t *out, size_t *out_len,
                      size_t max_out_len, const uint8_t *nonce,
                      size_t nonce_len, const uint8_t *in, size_t in_len,
                      const uint8_t *ad, size_t ad_len) {
  return aead_finish(aead_open(ctx, out, out_len, max_out_len, nonce,
                               nonce_len, in, in_len, ad, ad_len),
                     out_len, out, max_out_len, NULL, 0);
}
