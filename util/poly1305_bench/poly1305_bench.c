// Copyright 2026 The project authors.
//
// poly1305_bench.c: one-shot Poly1305 (init + update + finish per message,
// a fresh key each time) timed for this library's public API, libsodium's
// crypto_onetimeauth_poly1305 and OpenSSL 3's EVP_MAC "POLY1305" (one
// reused EVP_MAC_CTX, EVP_MAC_init with the key per message).
//
// This library and OpenSSL export clashing names (both are "libcrypto"), so
// the file is compiled once per library (-DBENCH_OURS, -DBENCH_SODIUM,
// -DBENCH_OPENSSL) into separate programs; run.sh alternates them round by
// round so that each round sees the same machine load, and pipes all
// rounds into `poly1305_bench_ours --report`, which prints medians and
// ratios.
//
// Measuring mode prints one line per size: "LIB SIZE NS_PER_MESSAGE",
// where NS_PER_MESSAGE is the best of five batches of about 20 ms each
// (the best batch is the one least disturbed on a shared machine).

#define _POSIX_C_SOURCE 200809L

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

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

static double now_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

static int measure(void) {
  static uint8_t msg[MAX_SIZE], key[32], tag[16];
  for (size_t i = 0; i < sizeof(msg); i++) {
    msg[i] = (uint8_t)(i * 131 + 7);
  }
  lib_setup();
  uint8_t sink = 0;
  for (size_t s = 0; s < NUM_SIZES; s++) {
    size_t len = kSizes[s];
    // Calibrate a batch to about 20 ms.
    size_t n = 16;
    for (;;) {
      double t0 = now_ns();
      for (size_t i = 0; i < n; i++) {
        key[i & 31] ^= tag[0];
        mac(tag, msg, len, key);
      }
      if (now_ns() - t0 > 2e6 || n > (1u << 26)) {
        break;
      }
      n *= 2;
    }
    n *= 10;
    double best = 1e300;
    for (int batch = 0; batch < 5; batch++) {
      double t0 = now_ns();
      for (size_t i = 0; i < n; i++) {
        key[i & 31] ^= tag[0];  // a new key per message, dependent on the last tag
        mac(tag, msg, len, key);
      }
      double per = (now_ns() - t0) / (double)n;
      if (per < best) {
        best = per;
      }
    }
    sink ^= tag[0];
    printf("%s %zu %.3f\n", LIB_NAME, len, best);
  }
  fprintf(stderr, "%s done (%u)\n", LIB_NAME, sink);
  return 0;
}

#if defined(BENCH_OURS)
// --- Report (ours only): medians over rounds, ratios ------------------------

#define MAX_ROUNDS 64
static const char *const kLibs[] = {"ours", "libsodium", "openssl"};
#define NUM_LIBS 3

static int cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}

static int report(double tsc_ghz) {
  static double v[NUM_LIBS][NUM_SIZES][MAX_ROUNDS];
  static size_t cnt[NUM_LIBS][NUM_SIZES];
  char lib[32];
  size_t len;
  double ns;
  while (scanf("%31s %zu %lf", lib, &len, &ns) == 3) {
    for (size_t l = 0; l < NUM_LIBS; l++) {
      if (strcmp(lib, kLibs[l]) != 0) {
        continue;
      }
      for (size_t s = 0; s < NUM_SIZES; s++) {
        if (kSizes[s] == len && cnt[l][s] < MAX_ROUNDS) {
          v[l][s][cnt[l][s]++] = ns;
        }
      }
    }
  }
  double med[NUM_LIBS][NUM_SIZES], spread[NUM_LIBS][NUM_SIZES];
  for (size_t l = 0; l < NUM_LIBS; l++) {
    for (size_t s = 0; s < NUM_SIZES; s++) {
      size_t c = cnt[l][s];
      if (c == 0) {
        med[l][s] = 0;
        spread[l][s] = 0;
        continue;
      }
      qsort(v[l][s], c, sizeof(double), cmp_double);
      med[l][s] = c % 2 ? v[l][s][c / 2]
                        : (v[l][s][c / 2 - 1] + v[l][s][c / 2]) / 2;
      spread[l][s] = (v[l][s][c - 1] - v[l][s][0]) / med[l][s];
    }
  }
  printf("Poly1305 one-shot (init+update+finish, new key per message): "
         "median over %zu rounds\n", cnt[0][0]);
  printf("MB/s, TSC cycles/byte at %.3f GHz; [spread = (max-min)/median]\n",
         tsc_ghz);
  printf("%6s", "bytes");
  for (size_t l = 0; l < NUM_LIBS; l++) {
    printf(" | %-26s", kLibs[l]);
  }
  printf(" | ours/openssl | ours/libsodium\n");
  for (size_t s = 0; s < NUM_SIZES; s++) {
    printf("%6zu", kSizes[s]);
    for (size_t l = 0; l < NUM_LIBS; l++) {
      if (med[l][s] == 0) {
        printf(" | %-26s", "-");
        continue;
      }
      double mbs = (double)kSizes[s] / med[l][s] * 1e3;
      double cpb = med[l][s] * tsc_ghz / (double)kSizes[s];
      printf(" | %8.1f MB/s %5.2f c/B [%2.0f%%]", mbs, cpb,
             100 * spread[l][s]);
    }
    double r_ossl = med[0][s] > 0 ? med[2][s] / med[0][s] : 0;
    double r_sod = med[0][s] > 0 ? med[1][s] / med[0][s] : 0;
    printf(" | %12.2f | %14.2f\n", r_ossl, r_sod);
  }
  return 0;
}
#endif

int main(int argc, char **argv) {
#if defined(BENCH_OURS)
  if (argc >= 2 && strcmp(argv[1], "--report") == 0) {
    return report(argc >= 3 ? atof(argv[2]) : 2.096);
  }
#endif
  (void)argc;
  (void)argv;
  return measure();
}
