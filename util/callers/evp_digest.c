// Copyright 2026 The project authors.
//
// evp_digest.c: one-shot EVP_Digest over the lengths around each block
// edge, with the EVP_sha*() getters and EVP_MD_size. Portable: built
// against OpenSSL too, and the two outputs compared.

#include <openssl/evp.h>

#include "callers.h"

int main(void) {
  const EVP_MD *mds[] = {EVP_sha1(), EVP_sha256(), EVP_sha512()};
  static const size_t kLens[] = {0, 1, 55, 56, 63, 64, 65, 111, 112, 127,
                                 128, 129, 1000};
  unsigned char data[1000];
  fill(data, sizeof(data), 2);
  for (size_t m = 0; m < sizeof(mds) / sizeof(mds[0]); m++) {
    for (size_t i = 0; i < sizeof(kLens) / sizeof(kLens[0]); i++) {
      unsigned char out[EVP_MAX_MD_SIZE];
      unsigned int len = 0;
      if (!EVP_Digest(data, kLens[i], out, &len, mds[m], NULL) ||
          (int)len != (int)EVP_MD_size(mds[m])) {
        die("EVP_Digest");
      }
      char label[64];
      snprintf(label, sizeof(label), "size %d len %zu",
               (int)EVP_MD_size(mds[m]), kLens[i]);
      print_hex(label, out, len);
    }
  }
  return 0;
}
