// Copyright 2026 The project authors.
//
// peer_bench.h: the timing and the report shared by the small benchmarks
// that compare this library with peers it cannot be linked beside
// (util/poly1305_bench, util/aead_bench, util/bench/percall_bench.c).
//
// This library and OpenSSL export clashing names (both are "libcrypto"), so
// each benchmark is compiled once per library into separate programs. A
// run.sh alternates the programs round by round, so every round sees the
// same machine load, and pipes all rounds into the "ours" program's
// --report mode.
//
// Measuring mode prints one line per item and size (peer_bench_measure):
//   LIB ITEM SIZE NS_PER_CALL
// where NS_PER_CALL is the best of five batches of about 20 ms each (the
// best batch is the one least disturbed on a shared machine; a benchmark
// may set PEER_BENCH_BATCHES and PEER_BENCH_CALIBRATE_NS). --report
// reads such lines from standard input and prints, per item, the median
// over the rounds of every library, MB/s, TSC cycles per byte, the spread
// and the ratios of the first library (this one) to each other one: the
// median of the per-round ratios, so a round disturbed by the machine's
// load for every library at once does not move it. A summary of the ratios
// follows the tables.
//
// Header-only: each benchmark is one C file plus this header.

#ifndef BITTERN_UTIL_BENCH_PEER_BENCH_H
#define BITTERN_UTIL_BENCH_PEER_BENCH_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static inline double peer_bench_now_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

// PEER_BENCH_CALIBRATE_NS is the calibration batch's length; a benchmark
// with many items may define it shorter before including this header.
#if !defined(PEER_BENCH_CALIBRATE_NS)
#define PEER_BENCH_CALIBRATE_NS 2e6
#endif
// PEER_BENCH_BATCHES is how many timed batches run; the best one counts.
// Short batches and more of them find an undisturbed one sooner on a
// machine whose other processes preempt this one every few milliseconds.
#if !defined(PEER_BENCH_BATCHES)
#define PEER_BENCH_BATCHES 5
#endif

// peer_bench_time returns the nanoseconds one call of `fn(arg, len)` takes:
// a batch is calibrated to about PEER_BENCH_CALIBRATE_NS (2 ms), then
// PEER_BENCH_BATCHES (5) batches ten times as long run and the best one
// counts.
static inline double peer_bench_time(void (*fn)(void *arg, size_t len),
                                     void *arg, size_t len) {
  size_t n = 16;
  for (;;) {
    double t0 = peer_bench_now_ns();
    for (size_t i = 0; i < n; i++) {
      fn(arg, len);
    }
    if (peer_bench_now_ns() - t0 > PEER_BENCH_CALIBRATE_NS ||
        n > ((size_t)1 << 26)) {
      break;
    }
    n *= 2;
  }
  n *= 10;
  double best = 1e300;
  for (int batch = 0; batch < PEER_BENCH_BATCHES; batch++) {
    double t0 = peer_bench_now_ns();
    for (size_t i = 0; i < n; i++) {
      fn(arg, len);
    }
    double per = (peer_bench_now_ns() - t0) / (double)n;
    if (per < best) {
      best = per;
    }
  }
  return best;
}

// peer_bench_measure times `fn(arg, len)` with peer_bench_time and prints
// its measurement line "LIB ITEM SIZE NS_PER_CALL", the one format --report
// reads; `lib` and `item` are single words of at most 31 characters. It
// returns the time.
static inline double peer_bench_measure(const char *lib, const char *item,
                                        void (*fn)(void *arg, size_t len),
                                        void *arg, size_t len) {
  double ns = peer_bench_time(fn, arg, len);
  printf("%s %s %zu %.3f\n", lib, item, len, ns);
  return ns;
}

// --- Report ------------------------------------------------------------------

#define PEER_BENCH_MAX_ROUNDS 64
#define PEER_BENCH_MAX_LIBS 4
#define PEER_BENCH_MAX_SIZES 8

struct peer_bench_report {
  const char *title;                        // printed above the table
  const char *item;                         // the ITEM column to select
  const char *const *libs;                  // libs[0] is this library
  size_t num_libs;                          // <= PEER_BENCH_MAX_LIBS
  const size_t *sizes;                      // the SIZE values, in order
  size_t num_sizes;                         // <= PEER_BENCH_MAX_SIZES
};

struct peer_bench_line {
  char lib[32];
  char item[32];
  size_t size;
  double ns;
};

// peer_bench_read reads all measurement lines from standard input into a
// new array (free it) and stores their number in `*count`.
static inline struct peer_bench_line *peer_bench_read(size_t *count) {
  size_t cap = 256, n = 0;
  struct peer_bench_line *v = malloc(cap * sizeof(*v));
  if (v == NULL) {
    exit(1);
  }
  struct peer_bench_line l;
  while (scanf("%31s %31s %zu %lf", l.lib, l.item, &l.size, &l.ns) == 4) {
    if (n == cap) {
      cap *= 2;
      struct peer_bench_line *w = realloc(v, cap * sizeof(*v));
      if (w == NULL) {
        free(v);
        exit(1);
      }
      v = w;
    }
    v[n++] = l;
  }
  *count = n;
  return v;
}

static inline int peer_bench_cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}

// peer_bench_median sorts the `c` values `x` and returns their median.
static inline double peer_bench_median(double *x, size_t c) {
  qsort(x, c, sizeof(double), peer_bench_cmp_double);
  return c % 2 ? x[c / 2] : (x[c / 2 - 1] + x[c / 2]) / 2;
}

// peer_bench_rounds copies into `x`, in input order, the times of `lib` for
// `item` at `size`, and returns how many there are. Every program prints
// each (item, size) once per round, so x[k] is round k's.
static inline size_t peer_bench_rounds(const struct peer_bench_line *v,
                                       size_t count, const char *lib,
                                       const char *item, size_t size,
                                       double x[PEER_BENCH_MAX_ROUNDS]) {
  size_t c = 0;
  for (size_t i = 0; i < count && c < PEER_BENCH_MAX_ROUNDS; i++) {
    if (strcmp(v[i].lib, lib) == 0 && strcmp(v[i].item, item) == 0 &&
        v[i].size == size) {
      x[c++] = v[i].ns;
    }
  }
  return c;
}

// peer_bench_ratio returns the median over the rounds of the per-round
// ratio time(libs[l]) / time(libs[0]) (> 1: this library is faster), or 0
// if either library has no time for it.
static inline double peer_bench_ratio(const struct peer_bench_report *r,
                                      size_t l, size_t s,
                                      const struct peer_bench_line *v,
                                      size_t count) {
  double ours[PEER_BENCH_MAX_ROUNDS], peer[PEER_BENCH_MAX_ROUNDS];
  size_t c0 = peer_bench_rounds(v, count, r->libs[0], r->item, r->sizes[s],
                                ours);
  size_t c1 = peer_bench_rounds(v, count, r->libs[l], r->item, r->sizes[s],
                                peer);
  size_t c = c0 < c1 ? c0 : c1;
  if (c == 0) {
    return 0;
  }
  for (size_t k = 0; k < c; k++) {
    peer[k] /= ours[k];
  }
  return peer_bench_median(peer, c);
}

// peer_bench_print prints one table of `r` from the `count` lines `v`.
static inline void peer_bench_print(const struct peer_bench_report *r,
                                    const struct peer_bench_line *v,
                                    size_t count, double tsc_ghz) {
  double med[PEER_BENCH_MAX_LIBS][PEER_BENCH_MAX_SIZES];
  double spread[PEER_BENCH_MAX_LIBS][PEER_BENCH_MAX_SIZES];
  size_t rounds = 0;
  for (size_t l = 0; l < r->num_libs; l++) {
    for (size_t s = 0; s < r->num_sizes; s++) {
      double x[PEER_BENCH_MAX_ROUNDS];
      size_t c = peer_bench_rounds(v, count, r->libs[l], r->item, r->sizes[s],
                                   x);
      if (c > rounds) {
        rounds = c;
      }
      if (c == 0) {
        med[l][s] = spread[l][s] = 0;
        continue;
      }
      med[l][s] = peer_bench_median(x, c);
      spread[l][s] = (x[c - 1] - x[0]) / med[l][s];
    }
  }
  printf("%s: median over %zu rounds\n", r->title, rounds);
  printf("MB/s, TSC cycles/byte at %.3f GHz; [spread = (max-min)/median]; "
         "ratios are medians of the per-round ratios\n",
         tsc_ghz);
  printf("%6s", "bytes");
  for (size_t l = 0; l < r->num_libs; l++) {
    printf(" | %-30s", r->libs[l]);
  }
  for (size_t l = 1; l < r->num_libs; l++) {
    printf(" | %s/%s", r->libs[0], r->libs[l]);
  }
  printf("\n");
  for (size_t s = 0; s < r->num_sizes; s++) {
    printf("%6zu", r->sizes[s]);
    for (size_t l = 0; l < r->num_libs; l++) {
      if (med[l][s] == 0) {
        printf(" | %-30s", "-");
        continue;
      }
      double mbs = (double)r->sizes[s] / med[l][s] * 1e3;
      double cpb = med[l][s] * tsc_ghz / (double)r->sizes[s];
      printf(" | %8.1f MB/s %6.2f c/B [%2.0f%%]", mbs, cpb,
             100 * spread[l][s]);
    }
    for (size_t l = 1; l < r->num_libs; l++) {
      // Ratio > 1: this library is faster. Width of the column heading.
      int w = (int)(strlen(r->libs[0]) + 1 + strlen(r->libs[l]));
      double ratio = peer_bench_ratio(r, l, s, v, count);
      if (ratio == 0) {
        printf(" | %*s", w, "-");
      } else {
        printf(" | %*.2f", w, ratio);
      }
    }
    printf("\n");
  }
  printf("\n");
}

// peer_bench_summary prints, for each library after the first, one line
// per report with the ratio at every size: the whole comparison at a
// glance, in the shape of a Markdown table.
static inline void peer_bench_summary(const struct peer_bench_report *reports,
                                      size_t num_reports,
                                      const struct peer_bench_line *v,
                                      size_t count) {
  for (size_t l = 1; l < reports[0].num_libs; l++) {
    printf("Summary: %s / %s (medians of per-round ratios; > 1: %s faster)\n",
           reports[0].libs[0], reports[0].libs[l], reports[0].libs[0]);
    printf("| item |");
    for (size_t s = 0; s < reports[0].num_sizes; s++) {
      printf(" %zu B |", reports[0].sizes[s]);
    }
    printf("\n|---|");
    for (size_t s = 0; s < reports[0].num_sizes; s++) {
      printf("---|");
    }
    printf("\n");
    for (size_t i = 0; i < num_reports; i++) {
      printf("| %s |", reports[i].item);
      for (size_t s = 0; s < reports[i].num_sizes; s++) {
        double ratio = peer_bench_ratio(&reports[i], l, s, v, count);
        if (ratio == 0) {
          printf(" - |");
        } else {
          printf(" %.2f |", ratio);
        }
      }
      printf("\n");
    }
    printf("\n");
  }
}

// peer_bench_main is a benchmark's main: in the program of this library
// (`lib` is reports[0].libs[0]) "--report [TSC_GHZ]" reads the measurement
// lines from standard input and prints the `num_reports` tables; otherwise
// it returns `measure()`.
static inline int peer_bench_main(int argc, char **argv, const char *lib,
                                  int (*measure)(void),
                                  const struct peer_bench_report *reports,
                                  size_t num_reports) {
  if (strcmp(lib, reports[0].libs[0]) == 0 && argc >= 2 &&
      strcmp(argv[1], "--report") == 0) {
    double tsc_ghz = argc >= 3 ? atof(argv[2]) : 2.096;
    size_t count;
    struct peer_bench_line *v = peer_bench_read(&count);
    for (size_t i = 0; i < num_reports; i++) {
      peer_bench_print(&reports[i], v, count, tsc_ghz);
    }
    peer_bench_summary(reports, num_reports, v, count);
    free(v);
    return 0;
  }
  return measure();
}

#endif  // BITTERN_UTIL_BENCH_PEER_BENCH_H
