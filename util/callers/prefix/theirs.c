// Copyright 2026 The project authors.
//
// theirs.c: the system OpenSSL's half of the prefix test (see
// side_by_side.h), built against /usr/include/openssl and libcrypto.so.

#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/sha.h>

#include "side_by_side.h"

#if defined(OPENSSL_IS_BITTERN)
#error "theirs.c must be compiled against the system OpenSSL's headers"
#endif

static size_t theirs_sha256(unsigned char *out, const unsigned char *in,
                            size_t len) {
  unsigned int out_len = 0;
  return EVP_Digest(in, len, out, &out_len, EVP_sha256(), NULL) ? out_len : 0;
}

static size_t theirs_hmac_sha256(unsigned char *out, const unsigned char *key,
                                 size_t key_len, const unsigned char *in,
                                 size_t len) {
  unsigned int out_len = 0;
  return HMAC(EVP_sha256(), key, (int)key_len, in, len, out, &out_len) ? out_len
                                                                       : 0;
}

static size_t theirs_seal(unsigned char *out, const unsigned char key[32],
                          const unsigned char nonce[12],
                          const unsigned char *ad, size_t ad_len,
                          const unsigned char *in, size_t len) {
  EVP_CIPHER_CTX *ctx = EVP_CIPHER_CTX_new();
  int n = 0, fin = 0;
  size_t out_len = 0;
  if (ctx != NULL &&
      EVP_EncryptInit_ex(ctx, EVP_chacha20_poly1305(), NULL, key, nonce) &&
      EVP_EncryptUpdate(ctx, NULL, &n, ad, (int)ad_len) &&
      EVP_EncryptUpdate(ctx, out, &n, in, (int)len) &&
      EVP_EncryptFinal_ex(ctx, out + n, &fin) &&
      EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_GET_TAG, 16, out + len)) {
    out_len = len + 16;
  }
  EVP_CIPHER_CTX_free(ctx);
  return out_len;
}

static const char *theirs_library(void) {
  return OpenSSL_version(OPENSSL_VERSION);
}

const struct library kTheirs = {theirs_sha256, theirs_hmac_sha256, theirs_seal,
                                theirs_library};
