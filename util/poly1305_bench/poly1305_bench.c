// Copyright 2026 The project authors.
//
// poly1305_bench.c: one-shot Poly1305 (init + update + finish per message,
// a fresh key each time) timed for this library's public API, libsodium's
// crypto_onetimeauth_poly1305 and OpenSSL 3's EVP_MAC "POLY1305" (one
// reused EVP_MAC_CTX, EVP_MAC_init with the key per message).
//
// Compiled once per library (-DBENCH_OURS, -DBENCH_SODIUM, -DBENCH_OPENSSL)
// and run by run.sh; the timing, the line format and the --report mode are
// util/bench/peer_bench.h's.

#define _POSIX_C_SOURCE 200809L

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../bench/peer_bench.h"

static const size_t kSizes[] = {16, 64, 256, 1350, 8192, 16384};
#define NUM_SIZES (sizeof(kSizes) / sizeof(kSizes[0]))
#define MAX_SIZE 16384

#if defined(BENCH_OURS)
#include <openssl/poly1305.h>
#define LIB_NAME "ours"
static void lib_setup(void) {}
static void mac(uint8_t out[16], const uint8_t *in, size_t len,
                const uint8_t key[32]) {
  poly1305_state st;
  CRYPTO_poly1305_init(&st, key);
  CRYPTO_poly1305_update(&st, in, len);
  CRYPTO_poly1305_finish(&st, out);
}
#elif defined(BENCH_SODIUM)
#include <sodium.h>
#define LIB_NAME "libsodium"
static void lib_setup(void) {
  if (sodium_init() < 0) {
    fprintf(stderr, "sodium_init failed\n");
    exit(1);
  }
}
static void mac(uint8_t out[16], const uint8_t *in, size_t len,
                const uint8_t key[32]) {
  crypto_onetimeauth_poly1305(out, in, len, key);
}
#elif defined(BENCH_OPENSSL)
#include <openssl/evp.h>
#define LIB_NAME "openssl"
static EVP_MAC_CTX *g_ctx;
static void lib_setup(void) {
  EVP_MAC *m = EVP_MAC_fetch(NULL, "POLY1305", NULL);
  g_ctx = m != NULL ? EVP_MAC_CTX_new(m) : NULL;
  if (g_ctx == NULL) {
    fprintf(stderr, "EVP_MAC POLY1305 unavailable\n");
    exit(1);
  }
}
static void mac(uint8_t out[16], const uint8_t *in, size_t len,
                const uint8_t key[32]) {
  size_t out_len;
  if (!EVP_MAC_init(g_ctx, key, 32, NULL) ||
      !EVP_MAC_update(g_ctx, in, len) ||
      !EVP_MAC_final(g_ctx, out, &out_len, 16)) {
    fprintf(stderr, "EVP_MAC failed\n");
    exit(1);
  }
}
#else
#error "define BENCH_OURS, BENCH_SODIUM or BENCH_OPENSSL"
#endif

struct poly_arg {
  const uint8_t *msg;
  uint8_t key[32];
  uint8_t tag[16];
  size_t i;
};

// One message: a new key per message, dependent on the last tag.
static void one_mac(void *arg, size_t len) {
  struct poly_arg *a = arg;
  a->key[a->i++ & 31] ^= a->tag[0];
  mac(a->tag, a->msg, len, a->key);
}

static int measure(void) {
  static uint8_t msg[MAX_SIZE];
  for (size_t i = 0; i < sizeof(msg); i++) {
    msg[i] = (uint8_t)(i * 131 + 7);
  }
  lib_setup();
  struct poly_arg a;
  memset(&a, 0, sizeof(a));
  a.msg = msg;
  for (size_t s = 0; s < NUM_SIZES; s++) {
    peer_bench_measure(LIB_NAME, "poly1305", one_mac, &a, kSizes[s]);
  }
  fprintf(stderr, "%s done (%u)\n", LIB_NAME, a.tag[0]);
  return 0;
}

static const char *const kLibs[] = {"ours", "libsodium", "openssl"};
static const struct peer_bench_report kReports[] = {
    {"Poly1305 one-shot (init+update+finish, new key per message)",
     "poly1305", kLibs, 3, kSizes, NUM_SIZES},
};

int main(int argc, char **argv) {
  return peer_bench_main(argc, argv, LIB_NAME, measure, kReports,
                         sizeof(kReports) / sizeof(kReports[0]));
}
