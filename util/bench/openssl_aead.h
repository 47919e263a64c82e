// Copyright 2026 The project authors.
//
// openssl_aead.h: one whole ChaCha20-Poly1305 record through OpenSSL 3's
// EVP_CIPHER interface, as a TLS stack linked against OpenSSL does it: one
// EVP_CIPHER_CTX per direction keyed once, then per record Init with the
// nonce, [SET_TAG,] Update with the AD, Update with the text, Final,
// [GET_TAG]. Shared by util/aead_bench and util/bench/percall_bench.c (the
// BENCH_OPENSSL programs); a failure exits 1.

#ifndef BITTERN_UTIL_BENCH_OPENSSL_AEAD_H
#define BITTERN_UTIL_BENCH_OPENSSL_AEAD_H

#include <stdio.h>
#include <stdlib.h>

#include <openssl/evp.h>

static inline void openssl_aead_die(const char *what) {
  fprintf(stderr, "%s failed\n", what);
  exit(1);
}

// openssl_aead_new returns a context for `enc` (1: seal, 0: open) keyed
// with the 32-byte `key`.
static inline EVP_CIPHER_CTX *openssl_aead_new(int enc, const uint8_t *key,
                                               const uint8_t *nonce) {
  EVP_CIPHER *c = EVP_CIPHER_fetch(NULL, "chacha20-poly1305", NULL);
  EVP_CIPHER_CTX *ctx = EVP_CIPHER_CTX_new();
  if (c == NULL || ctx == NULL ||
      !EVP_CipherInit_ex(ctx, c, NULL, key, nonce, enc)) {
    openssl_aead_die("EVP_CIPHER chacha20-poly1305 set-up");
  }
  EVP_CIPHER_free(c);
  return ctx;
}

// openssl_aead_seal writes `len` bytes of ciphertext and the `tag_len`-byte
// tag to `out`.
static inline void openssl_aead_seal(EVP_CIPHER_CTX *ctx, const uint8_t *nonce,
                                     const uint8_t *ad, size_t ad_len,
                                     uint8_t *out, const uint8_t *in,
                                     size_t len, size_t tag_len) {
  int n1, n2, n3;
  if (!EVP_EncryptInit_ex(ctx, NULL, NULL, NULL, nonce) ||
      !EVP_EncryptUpdate(ctx, NULL, &n1, ad, (int)ad_len) ||
      !EVP_EncryptUpdate(ctx, out, &n2, in, (int)len) ||
      !EVP_EncryptFinal_ex(ctx, out + n2, &n3) ||
      (size_t)n2 + (size_t)n3 != len ||
      !EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_GET_TAG, (int)tag_len,
                           out + len)) {
    openssl_aead_die("EVP_Encrypt*");
  }
}

// openssl_aead_open checks the tag after the `len` bytes at `in` and
// writes the plaintext to `out`.
static inline void openssl_aead_open(EVP_CIPHER_CTX *ctx, const uint8_t *nonce,
                                     const uint8_t *ad, size_t ad_len,
                                     uint8_t *out, const uint8_t *in,
                                     size_t len, size_t tag_len) {
  int n1, n2, n3;
  if (!EVP_DecryptInit_ex(ctx, NULL, NULL, NULL, nonce) ||
      !EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_SET_TAG, (int)tag_len,
                           (void *)(in + len)) ||
      !EVP_DecryptUpdate(ctx, NULL, &n1, ad, (int)ad_len) ||
      !EVP_DecryptUpdate(ctx, out, &n2, in, (int)len) ||
      EVP_DecryptFinal_ex(ctx, out + n2, &n3) <= 0 ||
      (size_t)n2 + (size_t)n3 != len) {
    openssl_aead_die("EVP_Decrypt* (tag check)");
  }
}

#endif  // BITTERN_UTIL_BENCH_OPENSSL_AEAD_H
