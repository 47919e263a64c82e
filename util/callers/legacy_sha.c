// Copyright 2026 The project authors.
//
// legacy_sha.c: the low-level SHA functions as older code (and git's
// non-EVP path) uses them: SHA1_Init/SHA256_Init/SHA512_Init, Update, Final,
// the one-shot SHA1()/SHA256(), and the raw SHA256_Transform and
// SHA512_Transform. OpenSSL 3 deprecates them, so the program asks for the
// 1.1 API. Portable: built against OpenSSL too, and the two outputs
// compared.

#define OPENSSL_API_COMPAT 0x10100000L

#include <openssl/sha.h>

#include "callers.h"

int main(void) {
  unsigned char data[1000];
  fill(data, sizeof(data), 6);
  unsigned char out[SHA512_DIGEST_LENGTH];

  SHA_CTX c1;
  if (!SHA1_Init(&c1) || !SHA1_Update(&c1, data, 333) ||
      !SHA1_Update(&c1, data + 333, 667) || !SHA1_Final(out, &c1)) {
    die("SHA1");
  }
  print_hex("sha1 stream", out, SHA_DIGEST_LENGTH);
  print_hex("sha1 oneshot", SHA1(data, 999, out), SHA_DIGEST_LENGTH);

  SHA256_CTX c256;
  if (!SHA256_Init(&c256) || !SHA256_Update(&c256, data, 1000) ||
      !SHA256_Final(out, &c256)) {
    die("SHA256");
  }
  print_hex("sha256 stream", out, SHA256_DIGEST_LENGTH);
  print_hex("sha256 oneshot", SHA256(data, 64, out), SHA256_DIGEST_LENGTH);

  SHA512_CTX c512;
  if (!SHA512_Init(&c512) || !SHA512_Update(&c512, data, 1000) ||
      !SHA512_Final(out, &c512)) {
    die("SHA512");
  }
  print_hex("sha512 stream", out, SHA512_DIGEST_LENGTH);

  // The raw compression function, from the initial value. Both libraries
  // keep the SHA-256 and SHA-512 chaining values in `h`.
  SHA256_Init(&c256);
  SHA256_Transform(&c256, data);
  SHA256_Transform(&c256, data + 64);
  printf("sha256 transform:");
  for (int i = 0; i < 8; i++) {
    printf(" %08x", (unsigned)c256.h[i]);
  }
  printf("\n");
  SHA512_Init(&c512);
  SHA512_Transform(&c512, data);
  printf("sha512 transform:");
  for (int i = 0; i < 8; i++) {
    printf(" %016llx", (unsigned long long)c512.h[i]);
  }
  printf("\n");
  // SHA-1's context fields differ between the libraries: finish instead.
  SHA1_Init(&c1);
  SHA1_Transform(&c1, data);
  SHA1_Final(out, &c1);
  print_hex("sha1 transform+final", out, SHA_DIGEST_LENGTH);
  return 0;
}
