// Copyright 2026 The project authors.
//
// The HMAC steps below HMAC_CTX, for the one-shot HMAC() and for HKDF: they
// run on hash states the caller keeps (on the stack), so a short HMAC costs
// its compression calls and little else (see hmac.c).

#ifndef BITTERN_CRYPTO_HMAC_INTERNAL_H
#define BITTERN_CRYPTO_HMAC_INTERNAL_H

#include <openssl/digest.h>
#include <openssl/sha.h>

#include <stddef.h>

#if defined(__cplusplus)
extern "C" {
#endif

// hmac_key_init sets `i_ctx` and `o_ctx` (need not be initialised) to the
// states of `md` after absorbing K0 ^ ipad and K0 ^ opad for the
// `key_len`-byte `key` (which may be NULL if `key_len` is zero). Its stack
// copies of the pads are erased. It returns one, or zero on an internal
// error, with both contexts erased.
int hmac_key_init(EVP_MD_CTX *i_ctx, EVP_MD_CTX *o_ctx, const EVP_MD *md,
                  const uint8_t *key, size_t key_len);

// hmac_key_finish finalises an HMAC whose inner state `i_ctx` has absorbed
// the message, using the outer key state `o_ctx` (as hmac_key_init left
// it): it writes the HMAC to `out` and its length to `*out_len` if
// `out_len` is not NULL. `i_ctx` is consumed (the digest's Final erases
// it; only its `digest` field is left); `o_ctx` is only read. `out` may
// alias the message. It returns one, or zero if `i_ctx` has no digest.
int hmac_key_finish(EVP_MD_CTX *i_ctx, const EVP_MD_CTX *o_ctx, uint8_t *out,
                    unsigned int *out_len);

// hmac_key_mac writes to `out` the HMAC (EVP_MD_CTX_size(o_key) bytes) of
// the `msg_len` bytes at `msg` under the key whose states hmac_key_init
// left in `i_key` and `o_key`. Neither state is changed, so they serve any
// number of messages; both hashes run from them without a context copy or
// a buffered byte (evp_md_finish_from, crypto/digest/internal.h). `out` may
// alias `msg`.
void hmac_key_mac(const EVP_MD_CTX *i_key, const EVP_MD_CTX *o_key,
                  const uint8_t *msg, size_t msg_len, uint8_t *out);

// HMAC_KEY_STATE_BYTES is how much of an EVP_MD_CTX a key state of
// hmac_key_init uses: the digest pointer, the chaining value and the counts
// of the largest family (SHA-512's), not the buffer, which a state of one
// whole block has never written.
#define HMAC_KEY_STATE_BYTES \
  (offsetof(EVP_MD_CTX, u) + offsetof(SHA512_CTX, data))

// hmac_key_wipe erases the key material of a key state of hmac_key_init
// (its first HMAC_KEY_STATE_BYTES bytes) that no streaming call used.
void hmac_key_wipe(EVP_MD_CTX *key_ctx);

// hmac_sha256_oneshot writes HMAC-SHA256 under the `key_len`-byte `key` of
// the `data_len` bytes at `data`, followed by the byte `last_byte` when
// `with_byte` is one, to `out` (32 bytes), in one call of the fused
// HMAC-SHA256 row (crypto/sha/impls.h, SHA256_HMAC_IMPLS). HMAC() uses it
// for SHA-256, and HKDF_expand for T(1) = HMAC(PRK, info || 0x01) without
// copying info. `out` may alias `key` or `data`: both are read in full
// before it is written. It returns one, or zero on an internal error.
int hmac_sha256_oneshot(uint8_t out[32], const uint8_t *key, size_t key_len,
                        const uint8_t *data, size_t data_len, int with_byte,
                        uint8_t last_byte);

#if defined(__cplusplus)
}  // extern "C"
#endif

#endif  // BITTERN_CRYPTO_HMAC_INTERNAL_H
