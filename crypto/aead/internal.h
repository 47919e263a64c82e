// Copyright 2026 The project authors.
//
// crypto/aead/internal.h: what an AEAD algorithm provides to the generic
// EVP_AEAD_CTX layer in aead.c.

#ifndef OPENSSL_HEADER_CRYPTO_AEAD_INTERNAL_H
#define OPENSSL_HEADER_CRYPTO_AEAD_INTERNAL_H

#include <openssl/aead.h>

#if defined(__cplusplus)
extern "C" {
#endif

// struct evp_aead_st describes one AEAD algorithm. aead.c does every check
// before calling seal or open: the context is initialised, the nonce has
// `nonce_len` bytes, the plaintext is at most `max_plaintext_len` bytes, the
// output buffers are large enough (without size_t overflow), the buffers do
// not alias in forbidden ways and, for open, the tag has the context's
// length. aead.c also zeroes the outputs on failure.
//
// What may alias when seal and open run (aead.c refuses the rest): `out`
// is `in` or does not overlap it; `out_tag` overlaps none of `in`, `out`
// and `extra_in`; `extra_in` does not overlap `out`. `nonce` and `in_tag`
// are aead.c's own copies. `ad` may overlap any output, so seal and open
// must read all of `ad` before they write any output byte.
struct evp_aead_st {
  uint8_t key_len;
  uint8_t nonce_len;
  uint8_t overhead;
  uint8_t max_tag_len;
  // max_plaintext_len is the longest plaintext (including a seal_scatter's
  // extra input) one (key, nonce) may seal.
  uint64_t max_plaintext_len;

  // seal writes `in_len` bytes of ciphertext of `in` to `out`, then the
  // `extra_in_len` bytes of ciphertext of `extra_in` and the
  // `ctx->tag_len`-byte tag to `out_tag`. It cannot fail.
  void (*seal)(const EVP_AEAD_CTX *ctx, uint8_t *out, uint8_t *out_tag,
               const uint8_t *nonce, const uint8_t *in, size_t in_len,
               const uint8_t *extra_in, size_t extra_in_len,
               const uint8_t *ad, size_t ad_len);

  // open checks the `ctx->tag_len`-byte `in_tag` over `ad` and the
  // ciphertext `in`. If it matches, it writes the `in_len` bytes of
  // plaintext to `out` and returns one; otherwise it returns zero without
  // writing to `out`.
  int (*open)(const EVP_AEAD_CTX *ctx, uint8_t *out, const uint8_t *nonce,
              const uint8_t *in, size_t in_len, const uint8_t *in_tag,
              const uint8_t *ad, size_t ad_len);
};

#if defined(__cplusplus)
}  // extern "C"
#endif

#endif  // OPENSSL_HEADER_CRYPTO_AEAD_INTERNAL_H
