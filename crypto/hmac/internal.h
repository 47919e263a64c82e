// Copyright 2026 The project authors.
//
// The HMAC steps below HMAC_CTX, for the one-shot HMAC() and for HKDF: they
// run on hash states the caller keeps (on the stack), so a short HMAC costs
// its compression calls and little else (see hmac.c).

#ifndef BITTERN_CRYPTO_HMAC_INTERNAL_H
#define BITTERN_CRYPTO_HMAC_INTERNAL_H

#include <openssl/digest.h>

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
// the message, using the outer state `o_ctx`: it writes the HMAC to `out`
// and its length to `*out_len` if `out_len` is not NULL. Both states are
// consumed (the digest's Final erases them; only their `digest` field is
// left). `out` may alias the message. It returns one, or zero if either
// context has no digest.
int hmac_key_finish(EVP_MD_CTX *i_ctx, EVP_MD_CTX *o_ctx, uint8_t *out,
                    unsigned int *out_len);

#if defined(__cplusplus)
}  // extern "C"
#endif

#endif  // BITTERN_CRYPTO_HMAC_INTERNAL_H
