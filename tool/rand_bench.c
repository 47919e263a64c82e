// Copyright 2026 The project authors.
//
// rand_bench: RAND_bytes against glibc's arc4random_buf, single-threaded at
// small request sizes, and RAND_bytes scaling from one thread to two.
//
//   rand_bench [seconds-per-measurement]   (default 0.5)
//
// It prints a table and the ratios. The targets are RAND_bytes >= 10x
// arc4random_buf at 16..128 bytes, and two threads >= 1.8x one thread; the
// exit status does not depend on them (shared machines are noisy). Because
// a busy machine hides thread scaling, the thread table also reports
// throughput per CPU-second actually received. RAND_bytes costs about one
// ChaCha20 keystream byte per output byte, so its speed follows the ChaCha20
// implementation in use, which is printed first.
//
// glibc 2.36's arc4random_buf makes one getrandom(2) system call per
// request, so its cost is a fixed system-call overhead plus the kernel's
// ChaCha20; the ratio therefore shrinks as requests grow.

#if !defined(_GNU_SOURCE)
#define _GNU_SOURCE  // arc4random_buf in <stdlib.h> (glibc 2.36+)
#endif

#include <openssl/rand.h>

#include "crypto/chacha/internal.h"

#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#if defined(__GLIBC__) && \
    (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 36))
#define HAVE_ARC4RANDOM 1
#endif

static double now_seconds(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

typedef void (*fill_fn)(uint8_t *buf, size_t len);

static void fill_rand_bytes(uint8_t *buf, size_t len) { RAND_bytes(buf, len); }

#if defined(HAVE_ARC4RANDOM)
static void fill_arc4random(uint8_t *buf, size_t len) {
  arc4random_buf(buf, len);
}
#endif

// measure calls `fill` with `len`-byte requests for about `seconds` and
// returns bytes per second. The clock is read once per batch of calls.
static double measure(fill_fn fill, size_t len, double seconds) {
  uint8_t buf[4096];
  unsigned batch = 64;
  uint64_t calls = 0;
  double start = now_seconds(), elapsed;
  do {
    for (unsigned i = 0; i < batch; i++) {
      fill(buf, len);
    }
    calls += batch;
    elapsed = now_seconds() - start;
  } while (elapsed < seconds);
  // Keep the output observable.
  volatile uint8_t sink = buf[0];
  (void)sink;
  return (double)calls * (double)len / elapsed;
}

static double thread_cpu_seconds(void) {
  struct timespec ts;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

struct thread_arg {
  size_t len;
  double seconds;
  double bytes_per_second;
  double bytes;        // bytes produced
  double cpu_seconds;  // CPU time the thread got
};

static void *thread_main(void *opaque) {
  struct thread_arg *arg = opaque;
  double cpu0 = thread_cpu_seconds(), wall0 = now_seconds();
  arg->bytes_per_second = measure(fill_rand_bytes, arg->len, arg->seconds);
  arg->bytes = arg->bytes_per_second * (now_seconds() - wall0);
  arg->cpu_seconds = thread_cpu_seconds() - cpu0;
  return NULL;
}

// measure_threads runs `n` threads of RAND_bytes(`len`) at once and returns
// their total bytes per second. `*per_cpu_second` is set to the bytes they
// produced per second of CPU time they actually got: if it is the same for
// one and two threads, the threads do not slow each other down, and two
// free cores give twice the throughput of one whatever else the machine is
// running.
static double measure_threads(int n, size_t len, double seconds,
                              double *per_cpu_second) {
  pthread_t threads[8];
  struct thread_arg args[8];
  for (int i = 0; i < n; i++) {
    args[i].len = len;
    args[i].seconds = seconds;
    if (pthread_create(&threads[i], NULL, thread_main, &args[i]) != 0) {
      fprintf(stderr, "pthread_create failed\n");
      exit(1);
    }
  }
  double total = 0, bytes = 0, cpu = 0;
  for (int i = 0; i < n; i++) {
    pthread_join(threads[i], NULL);
    total += args[i].bytes_per_second;
    bytes += args[i].bytes;
    cpu += args[i].cpu_seconds;
  }
  *per_cpu_second = cpu > 0 ? bytes / cpu : 0;
  return total;
}

int main(int argc, char **argv) {
  double seconds = argc > 1 ? atof(argv[1]) : 0.5;
  if (seconds <= 0) {
    fprintf(stderr, "usage: %s [seconds-per-measurement]\n", argv[0]);
    return 2;
  }
  static const size_t kSizes[] = {16, 32, 64, 128};

  // Warm up (first call maps and seeds the thread's state).
  uint8_t warm[64];
  RAND_bytes(warm, sizeof(warm));

  // RAND_bytes runs at the speed of the ChaCha20 implementation in use.
  printf("ChaCha20 implementation: %s\n\n",
         CRYPTO_impl_chosen(&CRYPTO_primitive_chacha20)->name);
  printf("Single thread, MB/s (1 MB = 10^6 bytes)\n");
  printf("%6s  %14s  %14s  %8s\n", "bytes", "RAND_bytes", "arc4random_buf",
         "ratio");
  for (size_t i = 0; i < sizeof(kSizes) / sizeof(kSizes[0]); i++) {
    size_t len = kSizes[i];
    double ours = measure(fill_rand_bytes, len, seconds);
#if defined(HAVE_ARC4RANDOM)
    double theirs = measure(fill_arc4random, len, seconds);
    printf("%6zu  %14.1f  %14.1f  %7.1fx%s\n", len, ours / 1e6, theirs / 1e6,
           ours / theirs, ours / theirs >= 10 ? "" : "  (target 10x missed)");
#else
    printf("%6zu  %14.1f  %14s  %8s\n", len, ours / 1e6, "n/a", "n/a");
#endif
  }

  printf("\nThreads, RAND_bytes, total MB/s (wall clock); the last column is\n"
         "2 x (MB per CPU-second with 2 threads / with 1 thread), the ratio\n"
         "two otherwise idle cores would give\n");
  printf("%6s  %14s  %14s  %8s  %10s\n", "bytes", "1 thread", "2 threads",
         "ratio", "cpu-ratio");
  static const size_t kThreadSizes[] = {32, 4096};
  for (size_t i = 0; i < sizeof(kThreadSizes) / sizeof(kThreadSizes[0]); i++) {
    size_t len = kThreadSizes[i];
    double cpu_one, cpu_two;
    double one = measure_threads(1, len, seconds, &cpu_one);
    double two = measure_threads(2, len, seconds, &cpu_two);
    double cpu_ratio = cpu_one > 0 ? 2 * cpu_two / cpu_one : 0;
    printf("%6zu  %14.1f  %14.1f  %7.2fx  %9.2fx%s\n", len, one / 1e6,
           two / 1e6, two / one, cpu_ratio,
           two / one >= 1.8 ? "" : "  (wall-clock target 1.8x missed)");
  }
  return 0;
}
