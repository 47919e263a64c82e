// Copyright 2026 The project authors.
//
// rand.c: RAND_bytes as every caller uses it, for keys and nonces: the
// output cannot be compared with another library's, so the program checks
// what a caller relies on (success, RAND_status, no two draws equal, no
// all-zero draw, every byte value reachable) and prints "ok". Portable:
// built against OpenSSL too.

#include <openssl/rand.h>

#include <string.h>

#include "callers.h"

int main(void) {
  unsigned char a[32], b[32], zero[32] = {0};
  if (RAND_status() != 1 || RAND_bytes(a, sizeof(a)) != 1 ||
      RAND_bytes(b, sizeof(b)) != 1) {
    die("RAND_bytes");
  }
  if (memcmp(a, b, sizeof(a)) == 0 || memcmp(a, zero, sizeof(a)) == 0) {
    die("RAND_bytes output repeats or is zero");
  }
  // 64 KiB: each of the 256 byte values appears (missing one has
  // probability about 256 * e^-256).
  static unsigned char big[65536];
  int seen[256] = {0};
  if (RAND_bytes(big, sizeof(big)) != 1) {
    die("RAND_bytes 64 KiB");
  }
  for (size_t i = 0; i < sizeof(big); i++) {
    seen[big[i]] = 1;
  }
  for (int v = 0; v < 256; v++) {
    if (!seen[v]) {
      die("RAND_bytes never produced some byte value");
    }
  }
  printf("rand: ok\n");
  return 0;
}
