// Copyright 2026 The project authors.
//
// main.c: the prefix test's driver. Linked with ours.o, theirs.o, the
// prefixed libbittern_crypto.a and the system libcrypto.so, it computes
// SHA-256, HMAC-SHA256 and ChaCha20-Poly1305 through both libraries over
// several lengths and exits 0 only if every pair agrees and each half
// really ran in its own library (the version strings differ).

#include <stdio.h>
#include <string.h>

#include "side_by_side.h"

static int g_failures = 0;

static void compare(const char *what, size_t len, const unsigned char *a,
                    size_t a_len, const unsigned char *b, size_t b_len) {
  if (a_len == 0 || a_len != b_len || memcmp(a, b, a_len) != 0) {
    printf("FAIL: %s, %zu bytes: Bittern and OpenSSL differ\n", what, len);
    g_failures++;
  }
}

int main(void) {
  static unsigned char in[2048], key[100], nonce[12], ad[13];
  for (size_t i = 0; i < sizeof(in); i++) {
    in[i] = (unsigned char)(i * 7 + 3);
  }
  for (size_t i = 0; i < sizeof(key); i++) {
    key[i] = (unsigned char)(i * 13 + 1);
  }
  memcpy(nonce, key + 40, sizeof(nonce));
  memcpy(ad, key + 60, sizeof(ad));
  static const size_t kLens[] = {0, 1, 63, 64, 65, 255, 256, 1350, 2048};
  size_t n = 0;
  for (size_t i = 0; i < sizeof(kLens) / sizeof(kLens[0]); i++) {
    size_t len = kLens[i];
    unsigned char a[2048 + 16], b[2048 + 16];
    size_t a_len = kOurs.sha256(a, in, len);
    size_t b_len = kTheirs.sha256(b, in, len);
    compare("SHA-256", len, a, a_len, b, b_len);
    a_len = kOurs.hmac_sha256(a, key, 1 + len % 100, in, len);
    b_len = kTheirs.hmac_sha256(b, key, 1 + len % 100, in, len);
    compare("HMAC-SHA256", len, a, a_len, b, b_len);
    a_len = kOurs.seal(a, key, nonce, ad, sizeof(ad), in, len);
    b_len = kTheirs.seal(b, key, nonce, ad, sizeof(ad), in, len);
    compare("ChaCha20-Poly1305", len, a, a_len, b, b_len);
    n += 3;
  }
  const char *ours = kOurs.library(), *theirs = kTheirs.library();
  printf("ours:   %s\ntheirs: %s\n", ours, theirs);
  if (strstr(ours, "Bittern") == NULL || strstr(theirs, "Bittern") != NULL) {
    printf("FAIL: the two halves did not run in two libraries\n");
    g_failures++;
  }
  printf("%zu comparisons, %d failures\n", n, g_failures);
  return g_failures == 0 ? 0 : 1;
}
