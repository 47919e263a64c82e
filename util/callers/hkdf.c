// Copyright 2026 The project authors.
//
// hkdf.c: HKDF as BoringSSL callers (TLS 1.3 and QUIC stacks) write it:
// HKDF() in one call, and HKDF_extract then HKDF_expand for a key schedule.
// OpenSSL has no such functions; reference/openssl_ref.c computes the same
// lines through OpenSSL 3's EVP_KDF, and the outputs are compared.

#include <openssl/digest.h>
#include <openssl/hkdf.h>

#include "callers.h"

int main(void) {
  unsigned char ikm[80], salt[80], info[80];
  fill(ikm, sizeof(ikm), 7);
  fill(salt, sizeof(salt), 8);
  fill(info, sizeof(info), 9);
  unsigned char okm[255 * 32];
  if (!HKDF(okm, 42, EVP_sha256(), ikm, 22, salt, 13, info, 10)) {
    die("HKDF sha256");
  }
  print_hex("hkdf sha256 42", okm, 42);
  if (!HKDF(okm, 255 * 32, EVP_sha256(), ikm, 80, salt, 80, info, 80)) {
    die("HKDF sha256 longest");
  }
  print_hex("hkdf sha256 8160", okm, 255 * 32);
  if (!HKDF(okm, 100, EVP_sha512(), ikm, 80, NULL, 0, NULL, 0)) {
    die("HKDF sha512 no salt");
  }
  print_hex("hkdf sha512 100", okm, 100);

  unsigned char prk[EVP_MAX_MD_SIZE];
  size_t prk_len = 0;
  if (!HKDF_extract(prk, &prk_len, EVP_sha384(), ikm, 48, salt, 48)) {
    die("HKDF_extract");
  }
  print_hex("extract sha384", prk, prk_len);
  if (!HKDF_expand(okm, 48, EVP_sha384(), prk, prk_len, info, 20)) {
    die("HKDF_expand");
  }
  print_hex("expand sha384", okm, 48);
  // Asking for more than 255 blocks must fail.
  if (HKDF(okm, 255 * 32 + 1, EVP_sha256(), ikm, 22, salt, 13, info, 10)) {
    die("HKDF accepted 255 * 32 + 1 bytes");
  }
  return 0;
}
