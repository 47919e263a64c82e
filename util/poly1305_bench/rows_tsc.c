// Copyright 2026 The project authors.
//
// rows_tsc.c: TSC ticks per byte of one Poly1305 message (init + update +
// finish through the public API, a fresh key per message, so a row that
// precomputes powers of r pays for them every time) for chosen rows of the
// implementation table, forced with CRYPTO_impl_force. For finding a
// row's switch length and for the generator's header table, where
// `bssl speed -impls` (wall clock, one second per item) is too coarse.
//
//   cc -O2 -Iinclude -I. util/poly1305_bench/rows_tsc.c
//       BUILD/libcrypto_static.a -lpthread -o rows_tsc   (one command)
//   ./rows_tsc [-batches N] [-sizes 16,256,...] ROW...
//
// x86-64 only (rdtsc). Each figure is the median over N batches (default
// 31) of the mean over one batch of calls (about 0.2 ms): the mean hides
// rdtsc's coarse steps, the median the batches another process disturbed.
// Rows alternate batch by batch so that each sees the same machine load.

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/poly1305.h>

#include "crypto/impl.h"
#include "crypto/poly1305/internal.h"

#if !defined(__x86_64__)
#error "rows_tsc.c reads the TSC: x86-64 only"
#endif

static inline uint64_t rdtsc(void) {
  uint32_t lo, hi;
  __asm__ volatile("lfence\n\trdtsc" : "=a"(lo), "=d"(hi) : : "memory");
  return ((uint64_t)hi << 32) | lo;
}

#define MAX_SIZE 65536
#define MAX_ROWS 8
#define MAX_SIZES 32
#define MAX_BATCHES 101

static uint8_t g_msg[MAX_SIZE];
static uint8_t g_sink;

static int cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

// batch_ticks returns the mean ticks of one message of `len` bytes over a
// batch of `calls` messages, each with its own key.
static double batch_ticks(size_t len, int calls) {
  uint8_t key[32], mac[16];
  memset(key, 0x5a, sizeof(key));
  uint64_t t0 = rdtsc();
  for (int i = 0; i < calls; i++) {
    key[0] = (uint8_t)i;
    key[1] ^= mac[0];
    poly1305_state st;
    CRYPTO_poly1305_init(&st, key);
    CRYPTO_poly1305_update(&st, g_msg, len);
    CRYPTO_poly1305_finish(&st, mac);
  }
  uint64_t t1 = rdtsc();
  g_sink ^= mac[0];
  return (double)(t1 - t0) / calls;
}

int main(int argc, char **argv) {
  size_t sizes[MAX_SIZES] = {16, 64, 128, 192, 256, 320, 384, 512, 1024,
                             1350, 4096, 8192, 16384};
  int num_sizes = 13, batches = 31;
  const char *rows[MAX_ROWS];
  int num_rows = 0;
  for (int i = 1; i < argc; i++) {
    if (strcmp(argv[i], "-batches") == 0 && i + 1 < argc) {
      batches = atoi(argv[++i]);
      if (batches < 1 || batches > MAX_BATCHES) {
        fprintf(stderr, "-batches: 1..%d\n", MAX_BATCHES);
        return 2;
      }
    } else if (strcmp(argv[i], "-sizes") == 0 && i + 1 < argc) {
      num_sizes = 0;
      for (char *p = argv[++i]; *p != '\0' && num_sizes < MAX_SIZES;) {
        char *end;
        unsigned long v = strtoul(p, &end, 10);
        if (end == p || v > MAX_SIZE) {
          fprintf(stderr, "-sizes: numbers up to %d, comma-separated\n",
                  MAX_SIZE);
          return 2;
        }
        sizes[num_sizes++] = v;
        p = *end == ',' ? end + 1 : end;
      }
    } else if (num_rows < MAX_ROWS) {
      rows[num_rows++] = argv[i];
    }
  }
  if (num_rows == 0) {
    fprintf(stderr,
            "usage: %s [-batches N] [-sizes 16,256,...] ROW...\n", argv[0]);
    return 2;
  }
  for (int r = 0; r < num_rows; r++) {
    if (!CRYPTO_impl_force(&CRYPTO_primitive_poly1305, rows[r])) {
      fprintf(stderr, "row %s unknown or not runnable here\n", rows[r]);
      return 1;
    }
  }
  for (size_t i = 0; i < MAX_SIZE; i++) {
    g_msg[i] = (uint8_t)(i * 131 + 7);
  }

  printf("TSC ticks per byte (median of %d batch means; in parentheses "
         "ticks per message)\n%8s", batches, "bytes");
  for (int r = 0; r < num_rows; r++) {
    printf(" %20s", rows[r]);
  }
  printf("\n");
  for (int s = 0; s < num_sizes; s++) {
    size_t len = sizes[s];
    // About 0.2 ms of work per batch at ~0.3 ticks per byte + 100 per call.
    int calls = (int)(400000 / (100 + len / 3 + 1));
    static double t[MAX_ROWS][MAX_BATCHES];
    for (int b = 0; b < batches; b++) {
      for (int r = 0; r < num_rows; r++) {
        CRYPTO_impl_force(&CRYPTO_primitive_poly1305, rows[r]);
        t[r][b] = batch_ticks(len, calls);
      }
    }
    printf("%8zu", len);
    for (int r = 0; r < num_rows; r++) {
      qsort(t[r], batches, sizeof(double), cmp_double);
      double med = t[r][batches / 2];
      printf(" %10.3f (%7.0f)", len ? med / len : 0.0, med);
    }
    printf("\n");
  }
  CRYPTO_impl_force(&CRYPTO_primitive_poly1305, NULL);
  // Printing the MAC bytes' xor keeps the calls from being optimised away.
  printf("(checksum %02x)\n", g_sink);
  return 0;
}
