// Copyright 2026 The project authors.
//
// digest_loop.c: the EVP digest loop as OpenSSL 1.1/3 programs write it:
// look the digest up by name, EVP_MD_CTX_new, EVP_DigestInit_ex, feed the
// data in uneven chunks, fork the state with EVP_MD_CTX_copy_ex, finish both
// with EVP_DigestFinal_ex. Portable: built against OpenSSL too, and the two
// outputs compared.

#include <openssl/evp.h>

#include <string.h>

#include "callers.h"

int main(void) {
  static const char *const kNames[] = {"SHA1",   "SHA224", "SHA256",
                                       "SHA384", "SHA512", "SHA512-256"};
  static unsigned char data[20000];
  fill(data, sizeof(data), 1);
  for (size_t i = 0; i < sizeof(kNames) / sizeof(kNames[0]); i++) {
    const EVP_MD *md = EVP_get_digestbyname(kNames[i]);
    EVP_MD_CTX *ctx = EVP_MD_CTX_new();
    EVP_MD_CTX *fork = EVP_MD_CTX_new();
    if (md == NULL || ctx == NULL || fork == NULL ||
        !EVP_DigestInit_ex(ctx, md, NULL)) {
      die(kNames[i]);
    }
    size_t off = 0, chunk = 1;
    while (off < sizeof(data)) {
      size_t n = chunk < sizeof(data) - off ? chunk : sizeof(data) - off;
      if (!EVP_DigestUpdate(ctx, data + off, n)) {
        die("EVP_DigestUpdate");
      }
      off += n;
      chunk = chunk * 3 + 1;  // 1, 4, 13, 40, ... bytes
      if (off > sizeof(data) / 2 && !EVP_MD_CTX_copy_ex(fork, ctx)) {
        die("EVP_MD_CTX_copy_ex");
      }
    }
    unsigned char out[EVP_MAX_MD_SIZE], out2[EVP_MAX_MD_SIZE];
    unsigned int len = 0, len2 = 0;
    if (!EVP_DigestUpdate(fork, "tail", 4) ||
        !EVP_DigestFinal_ex(ctx, out, &len) ||
        !EVP_DigestFinal_ex(fork, out2, &len2) ||
        len != (unsigned int)EVP_MD_size(md) || len2 != len) {
      die("EVP_DigestFinal_ex");
    }
    char label[64];
    snprintf(label, sizeof(label), "%s", kNames[i]);
    print_hex(label, out, len);
    snprintf(label, sizeof(label), "%s fork", kNames[i]);
    print_hex(label, out2, len2);
    EVP_MD_CTX_free(fork);
    EVP_MD_CTX_free(ctx);
  }
  return 0;
}
