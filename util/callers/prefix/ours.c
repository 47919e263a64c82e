// Copyright 2026 The project authors.
//
// ours.c: Bittern's half of the prefix test (see side_by_side.h), built
// against the installed prefixed headers only.

#include <openssl/aead.h>
#include <openssl/crypto.h>
#include <openssl/hmac.h>
#include <openssl/sha.h>

#include "side_by_side.h"

#if !defined(BITTERN_PREFIX)
#error "the installed headers should define BITTERN_PREFIX (prefixed build)"
#endif

static size_t ours_sha256(unsigned char *out, const unsigned char *in,
                          size_t len) {
  SHA256(in, len, out);
  return SHA256_DIGEST_LENGTH;
}

static size_t ours_hmac_sha256(unsigned char *out, const unsigned char *key,
                               size_t key_len, const unsigned char *in,
                               size_t len) {
  unsigned int out_len = 0;
  HMAC_CTX *ctx = HMAC_CTX_new();
  if (ctx == NULL || !HMAC_Init_ex(ctx, key, key_len, EVP_sha256(), NULL) ||
      !HMAC_Update(ctx, in, len) || !HMAC_Final(ctx, out, &out_len)) {
    out_len = 0;
  }
  HMAC_CTX_free(ctx);
  return out_len;
}

static size_t ours_seal(unsigned char *out, const unsigned char key[32],
                        const unsigned char nonce[12], const unsigned char *ad,
                        size_t ad_len, const unsigned char *in, size_t len) {
  EVP_AEAD_CTX ctx;
  size_t out_len = 0;
  if (!EVP_AEAD_CTX_init(&ctx, EVP_aead_chacha20_poly1305(), key, 32,
                         EVP_AEAD_DEFAULT_TAG_LENGTH, NULL) ||
      !EVP_AEAD_CTX_seal(&ctx, out, &out_len, len + 16, nonce, 12, in, len, ad,
                         ad_len)) {
    out_len = 0;
  }
  EVP_AEAD_CTX_cleanup(&ctx);
  return out_len;
}

static const char *ours_library(void) {
  return OpenSSL_version(OPENSSL_VERSION);
}

const struct library kOurs = {ours_sha256, ours_hmac_sha256, ours_seal,
                              ours_library};
