// Copyright 2026 The project authors.
//
// callcount.c: calls one public function N times, for callcount.sh, which
// runs it under callgrind and prints instructions per call. Usage:
//   callcount sha1|sha256|sha512|chacha|poly|seal LEN N

#include <openssl/aead.h>
#include <openssl/chacha.h>
#include <openssl/poly1305.h>
#include <openssl/sha.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint8_t buf[16384], out[16384 + 16];

int main(int argc, char **argv) {
  if (argc != 4) {
    fprintf(stderr, "usage: %s sha1|sha256|sha512|chacha|poly|seal LEN N\n",
            argv[0]);
    return 2;
  }
  const char *what = argv[1];
  size_t len = strtoul(argv[2], NULL, 10);
  long n = strtol(argv[3], NULL, 10);
  if (len > sizeof(buf)) {
    fprintf(stderr, "LEN is at most %zu\n", sizeof(buf));
    return 2;
  }
  uint8_t key[32] = {1}, nonce[12] = {2}, d[64] = {0};
  EVP_AEAD_CTX *aead =
      EVP_AEAD_CTX_new(EVP_aead_chacha20_poly1305(), key, sizeof(key), 16);
  if (aead == NULL) {
    return 1;
  }
  size_t out_len;
  for (long i = 0; i < n; i++) {
    if (strcmp(what, "sha1") == 0) {
      SHA1(buf, len, d);
    } else if (strcmp(what, "sha256") == 0) {
      SHA256(buf, len, d);
    } else if (strcmp(what, "sha512") == 0) {
      SHA512(buf, len, d);
    } else if (strcmp(what, "chacha") == 0) {
      CRYPTO_chacha_20(out, buf, len, key, nonce, 1);
    } else if (strcmp(what, "poly") == 0) {
      poly1305_state state;
      CRYPTO_poly1305_init(&state, key);
      CRYPTO_poly1305_update(&state, buf, len);
      CRYPTO_poly1305_finish(&state, d);
    } else if (strcmp(what, "seal") == 0) {
      if (!EVP_AEAD_CTX_seal(aead, out, &out_len, sizeof(out), nonce,
                             sizeof(nonce), buf, len, buf, 13)) {
        return 1;
      }
    } else {
      fprintf(stderr, "unknown function %s\n", what);
      return 2;
    }
  }
  // Print something that depends on the results, so no call is dropped.
  printf("%02x%02x\n", d[0], out[0]);
  EVP_AEAD_CTX_free(aead);
  return 0;
}
