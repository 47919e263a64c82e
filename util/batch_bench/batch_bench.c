// Copyright 2026 The project authors.
//
// batch_bench.c: batch hashing (SHA256_hash_pairs, SHA256_batch,
// SHA512_hash_pairs) against SHA256()/SHA512() in a loop and against the
// kernels of hashtree (github.com/prysmaticlabs/hashtree, MIT), which hash
// `count` 64-byte blocks to `count` digests like SHA256_hash_pairs.
//
// Build and run with util/batch_bench/run.sh BUILD_DIR HASHTREE_BUILD_DIR
// [ROUNDS]: hashtree is linked from its own build (libhashtree.a and
// src/hashtree.h); nothing of it is in this repository. Without
// -DBENCH_HASHTREE only this library's rows are measured.
//
// Timing: on a machine shared with other jobs, wall-clock time mostly
// measures the scheduler, so each call is timed alone with the time-stamp
// counter (rdtsc fenced by lfence, x86-64) and a row's figure in a round is the fastest of
// its calls (one that ran undisturbed). Each round measures every row, one
// after the other, so all rows see the same machine; the table gives, per
// row, the median over the rounds of those minima in TSC ticks per call
// and per message, the spread (max/min over rounds), and that row's time
// over the first row of its group (so > 1 means the first row is faster).

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/sha.h>

#include <x86intrin.h>

#if defined(BENCH_HASHTREE)
#include <hashtree.h>
#endif

#define MAX_N 4096
#define MAX_ROUNDS 64

static uint8_t g_in[MAX_N * 128];
static uint8_t g_out[MAX_N * 64];
static const uint8_t *g_ins[MAX_N];
static size_t g_lens[MAX_N];

static void loop256(void *arg, size_t n) {
  (void)arg;
  for (size_t i = 0; i < n; i++) {
    SHA256(g_in + 64 * i, 64, g_out + 32 * i);
  }
}
static void pairs256(void *arg, size_t n) {
  (void)arg;
  SHA256_hash_pairs(g_out, g_in, n);
}
static void loop512(void *arg, size_t n) {
  (void)arg;
  for (size_t i = 0; i < n; i++) {
    SHA512(g_in + 128 * i, 128, g_out + 64 * i);
  }
}
static void pairs512(void *arg, size_t n) {
  (void)arg;
  SHA512_hash_pairs(g_out, g_in, n);
}
// 1 KiB messages: n is the number of messages.
static void loop256_1k(void *arg, size_t n) {
  (void)arg;
  for (size_t i = 0; i < n; i++) {
    SHA256(g_in + 1024 * i, 1024, g_out + 32 * i);
  }
}
static void batch256_1k(void *arg, size_t n) {
  (void)arg;
  SHA256_batch(g_out, g_ins, g_lens, n);
}

#if defined(BENCH_HASHTREE)
// hashtree's AVX-512 and AVX2 kernels return with the upper halves of the
// vector registers dirty (its assembly has no vzeroupper). Until something
// clears them, legacy-SSE code runs slower on Zen 4: SHA-NI, which has only
// that encoding, took 3016 TSC ticks for 15 SHA256() calls of 64 bytes
// against 2366 after a vzeroupper, and SHA256_hash_pairs of 15 messages
// (two SHA-NI streams) 1690 against 1378. So the rows after hashtree's, in
// this table the next group's SHA-NI rows, measured the state it left, not
// their own code. Compiled code clears the state before it returns, as the
// x86-64 convention expects; these wrappers do it for hashtree.
static void clear_upper(void) { __asm__ volatile("vzeroupper"); }
static void ht_avx512(void *arg, size_t n) {
  (void)arg;
  hashtree_sha256_avx512_x16(g_out, g_in, n);
  clear_upper();
}
static void ht_avx2(void *arg, size_t n) {
  (void)arg;
  hashtree_sha256_avx2_x8(g_out, g_in, n);
  clear_upper();
}
static void ht_shani(void *arg, size_t n) {
  (void)arg;
  hashtree_sha256_shani_x2(g_out, g_in, n);
}
#endif

struct row {
  const char *group;  // rows of a group are compared with its first row
  const char *name;
  void (*fn)(void *arg, size_t n);
  size_t n;
  size_t bytes_per_msg;
  double ns[MAX_ROUNDS];
};

#define MAX_ROWS 128
static struct row g_rows[MAX_ROWS];
static size_t g_num_rows;

static void add(const char *group, const char *name,
                void (*fn)(void *, size_t), size_t n, size_t bytes) {
  struct row *r = &g_rows[g_num_rows++];
  r->group = group;
  r->name = name;
  r->fn = fn;
  r->n = n;
  r->bytes_per_msg = bytes;
}

static int cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}

static double median(const double *v, int k) {
  double s[MAX_ROUNDS];
  memcpy(s, v, k * sizeof(double));
  qsort(s, k, sizeof(double), cmp_double);
  return k % 2 ? s[k / 2] : (s[k / 2 - 1] + s[k / 2]) / 2;
}

int main(int argc, char **argv) {
  int rounds = argc > 1 ? atoi(argv[1]) : 5;
  if (rounds < 1 || rounds > MAX_ROUNDS) {
    fprintf(stderr, "usage: %s [ROUNDS <= %d]\n", argv[0], MAX_ROUNDS);
    return 2;
  }
  for (size_t i = 0; i < sizeof(g_in); i++) {
    g_in[i] = (uint8_t)(i * 7 + 1);
  }
  for (size_t i = 0; i < 64; i++) {
    g_ins[i] = g_in + 1024 * i;
    g_lens[i] = 1024;
  }
  static const size_t kNs[] = {1, 2, 3, 4, 8, 15, 16, 64, 4096};
  static char groups[16][32];
  for (size_t k = 0; k < sizeof(kNs) / sizeof(kNs[0]); k++) {
    char *g = groups[k];
    snprintf(g, 32, "SHA-256 pairs n=%zu", kNs[k]);
    add(g, "SHA256_hash_pairs", pairs256, kNs[k], 64);
    add(g, "SHA256() loop", loop256, kNs[k], 64);
#if defined(BENCH_HASHTREE)
    add(g, "hashtree avx512_x16", ht_avx512, kNs[k], 64);
    add(g, "hashtree avx2_x8", ht_avx2, kNs[k], 64);
    add(g, "hashtree shani_x2", ht_shani, kNs[k], 64);
#endif
  }
  add("SHA-256 1 KiB n=64", "SHA256_batch", batch256_1k, 64, 1024);
  add("SHA-256 1 KiB n=64", "SHA256() loop", loop256_1k, 64, 1024);
  add("SHA-512 pairs n=4096", "SHA512_hash_pairs", pairs512, 4096, 128);
  add("SHA-512 pairs n=4096", "SHA512() loop", loop512, 4096, 128);

  for (int r = 0; r < rounds; r++) {
    for (size_t i = 0; i < g_num_rows; i++) {
      struct row *row = &g_rows[i];
      // About 20 ms of calls (the machine's TSC runs near 2 GHz).
      size_t reps = 40000000 / (row->n * row->bytes_per_msg * 8) + 5;
      double best = 1e300;
      for (size_t k = 0; k < reps; k++) {
        // lfence keeps rdtsc from running before the earlier work is done
        // (or the call's work from starting before the first read).
        unsigned aux;
        _mm_lfence();
        uint64_t t0 = __rdtsc();
        _mm_lfence();
        row->fn(NULL, row->n);
        uint64_t t1 = __rdtscp(&aux);
        _mm_lfence();
        if ((double)(t1 - t0) < best) {
          best = (double)(t1 - t0);
        }
      }
      row->ns[r] = best;
    }
  }

  printf("%-22s %-22s %12s %10s %8s %10s\n", "case", "row", "ticks/call",
         "ticks/msg", "spread", "this/first");
  double base = 0;
  const char *group = NULL;
  for (size_t i = 0; i < g_num_rows; i++) {
    struct row *r = &g_rows[i];
    double m = median(r->ns, rounds);
    double lo = r->ns[0], hi = r->ns[0];
    for (int k = 1; k < rounds; k++) {
      lo = r->ns[k] < lo ? r->ns[k] : lo;
      hi = r->ns[k] > hi ? r->ns[k] : hi;
    }
    if (group == NULL || strcmp(group, r->group) != 0) {
      group = r->group;
      base = m;
      printf("\n");
    }
    printf("%-22s %-22s %12.0f %10.1f %8.2f %9.2fx\n", r->group, r->name, m,
           m / (double)r->n, hi / lo, m / base);
  }
  return 0;
}
