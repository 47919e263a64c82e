// Copyright 2026 The project authors.
//
// sha512_cold.c: SHA-384/512 through this library against the system's
// OpenSSL 3 (libcrypto.so.3, opened with dlopen, so the two sets of names do
// not clash), per call, with the front end warm and cold (x86-64, TSC ticks).
// Build and run from the source tree, with BUILD a Release build directory:
//
//   cc -O2 -Iinclude util/bench/sha512_cold.c BUILD/libcrypto_static.a -ldl
//     -o /tmp/sha512_cold && /tmp/sha512_cold [ROUNDS]   (one line)
//
// Items, each for this library ("ours") and OpenSSL ("ossl"):
//   bulk/blk     SHA512_Update of 8 KiB on one context, ticks per block
//   tf hot       SHA512_Transform, one block, calls back to back
//   384-16 hot   SHA384_Init + Update(16 bytes) + Final, back to back
//   ... pol      the same with OpenSSL's SHA256() of 16 bytes run between
//                calls (a few thousand instructions of other code, which
//                evict part of the op cache and L1i)
//   ... flush    the same with 96 KiB of straight-line code run between
//                calls, which evicts all of the op cache and L1i: the call
//                decodes all its code again, from L2
// The "pol" figures depend on where the two libraries' code lands relative
// to each other (cache-set aliasing), which moves with any change to the
// binary; "flush" does not. A figure is the mean over a batch of calls,
// the best of 7 batches; ROUNDS rounds (default 9) alternate the libraries
// item by item, and the report gives each item's median over the rounds
// and the median of the per-round ratios ours/ossl (< 1: ours is faster).
// Only the time between the two TSC reads around each call counts, not the
// code run between calls.

#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/sha.h>

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <x86intrin.h>

#include "peer_bench.h"  // peer_bench_median

// 96 KiB of straight-line code (12288 pairs of 4-byte instructions), more
// than the L1i (32 KiB) and the op cache hold.
void sha512_cold_flush(void);
__asm__(
    ".text\n"
    ".p2align 6\n"
    "sha512_cold_flush:\n"
    ".rept 12288\n"
    "addq $1, %rax\n"
    "xorq %rdx, %rcx\n"
    ".endr\n"
    "ret\n");

typedef int (*ctx_fn)(void *ctx);
typedef int (*update_fn)(void *ctx, const void *data, size_t len);
typedef int (*final_fn)(uint8_t *out, void *ctx);
typedef int (*transform_fn)(void *ctx, const uint8_t *block);
typedef uint8_t *(*oneshot_fn)(const uint8_t *data, size_t len, uint8_t *out);

static struct {
  ctx_fn sha512_init, sha384_init;
  update_fn sha512_update, sha384_update;
  final_fn sha384_final;
  transform_fn sha512_transform;
  oneshot_fn sha256;
} g_ossl;

static uint8_t g_buf[8192], g_md[64];
// Contexts: ours is a SHA512_CTX, OpenSSL's is opaque here and smaller
// than 512 bytes.
static SHA512_CTX g_ctx;
static uint8_t g_octx[512] __attribute__((aligned(64)));
static volatile uint8_t g_sink;

static void ours_bulk(void) { SHA512_Update(&g_ctx, g_buf, sizeof(g_buf)); }
static void ossl_bulk(void) {
  g_ossl.sha512_update(g_octx, g_buf, sizeof(g_buf));
}
static void ours_tf(void) { SHA512_Transform(&g_ctx, g_buf); }
static void ossl_tf(void) { g_ossl.sha512_transform(g_octx, g_buf); }
static void ours_384(void) {
  SHA512_CTX c;
  SHA384_Init(&c);
  SHA384_Update(&c, g_buf, 16);
  SHA384_Final(g_md, &c);
  g_sink = g_md[0];
}
static void ossl_384(void) {
  g_ossl.sha384_init(g_octx);
  g_ossl.sha384_update(g_octx, g_buf, 16);
  g_ossl.sha384_final(g_md, g_octx);
  g_sink = g_md[0];
}

enum { WARM, POLLUTED, FLUSHED };

static void between_calls(int mode) {
  if (mode == POLLUTED) {
    g_ossl.sha256(g_buf, 16, g_md);
  } else if (mode == FLUSHED) {
    sha512_cold_flush();
  }
}

// time_call returns the TSC ticks of one call of `fn`: the mean over a
// batch of `n` calls of the ticks between the reads around each call, the
// best of 7 batches.
static double time_call(void (*fn)(void), int mode, int n) {
  uint64_t best = UINT64_MAX;
  for (int b = 0; b < 7; b++) {
    uint64_t total = 0;
    for (int i = 0; i < n; i++) {
      between_calls(mode);
      uint64_t t0 = __rdtsc();
      fn();
      total += __rdtsc() - t0;
    }
    if (total < best) {
      best = total;
    }
  }
  return (double)best / n;
}

struct item {
  const char *name;
  void (*ours)(void), (*ossl)(void);
  int mode, calls;
  double per;  // divide a call's ticks by this (blocks per call)
};

static const struct item kItems[] = {
    {"bulk/blk", ours_bulk, ossl_bulk, WARM, 50, 64},
    {"tf hot", ours_tf, ossl_tf, WARM, 500, 1},
    {"tf pol", ours_tf, ossl_tf, POLLUTED, 500, 1},
    {"tf flush", ours_tf, ossl_tf, FLUSHED, 200, 1},
    {"384-16 hot", ours_384, ossl_384, WARM, 500, 1},
    {"384-16 pol", ours_384, ossl_384, POLLUTED, 500, 1},
    {"384-16 flush", ours_384, ossl_384, FLUSHED, 200, 1},
};
#define NUM_ITEMS (sizeof(kItems) / sizeof(kItems[0]))
#define MAX_ROUNDS 99

static int load_openssl(void) {
  void *h = dlopen("libcrypto.so.3", RTLD_NOW | RTLD_LOCAL);
  if (h == NULL) {
    fprintf(stderr, "dlopen libcrypto.so.3: %s\n", dlerror());
    return 0;
  }
  g_ossl.sha512_init = (ctx_fn)dlsym(h, "SHA512_Init");
  g_ossl.sha384_init = (ctx_fn)dlsym(h, "SHA384_Init");
  g_ossl.sha512_update = (update_fn)dlsym(h, "SHA512_Update");
  g_ossl.sha384_update = (update_fn)dlsym(h, "SHA384_Update");
  g_ossl.sha384_final = (final_fn)dlsym(h, "SHA384_Final");
  g_ossl.sha512_transform = (transform_fn)dlsym(h, "SHA512_Transform");
  g_ossl.sha256 = (oneshot_fn)dlsym(h, "SHA256");
  if (!g_ossl.sha512_init || !g_ossl.sha384_init || !g_ossl.sha512_update ||
      !g_ossl.sha384_update || !g_ossl.sha384_final ||
      !g_ossl.sha512_transform || !g_ossl.sha256) {
    fprintf(stderr, "libcrypto.so.3 lacks a SHA-2 function\n");
    return 0;
  }
  return 1;
}

int main(int argc, char **argv) {
  int rounds = argc > 1 ? atoi(argv[1]) : 9;
  if (rounds < 1 || rounds > MAX_ROUNDS) {
    fprintf(stderr, "usage: %s [ROUNDS (1..%d)]\n", argv[0], MAX_ROUNDS);
    return 2;
  }
  if (!load_openssl()) {
    return 1;
  }
  for (size_t i = 0; i < sizeof(g_buf); i++) {
    g_buf[i] = (uint8_t)(i * 131 + 7);
  }
  // Both libraries must agree on a digest before anything is timed.
  uint8_t a[SHA384_DIGEST_LENGTH], b[SHA384_DIGEST_LENGTH];
  SHA384(g_buf, 1000, a);
  g_ossl.sha384_init(g_octx);
  g_ossl.sha384_update(g_octx, g_buf, 1000);
  g_ossl.sha384_final(b, g_octx);
  if (memcmp(a, b, sizeof(a)) != 0) {
    fprintf(stderr, "SHA-384 digests differ\n");
    return 1;
  }
  SHA512_Init(&g_ctx);
  g_ossl.sha512_init(g_octx);

  static double ours[NUM_ITEMS][MAX_ROUNDS], ossl[NUM_ITEMS][MAX_ROUNDS],
      ratio[NUM_ITEMS][MAX_ROUNDS];
  for (int r = 0; r < rounds; r++) {
    for (size_t i = 0; i < NUM_ITEMS; i++) {
      const struct item *it = &kItems[i];
      // Alternate which library goes first.
      if (r % 2 == 0) {
        ours[i][r] = time_call(it->ours, it->mode, it->calls) / it->per;
        ossl[i][r] = time_call(it->ossl, it->mode, it->calls) / it->per;
      } else {
        ossl[i][r] = time_call(it->ossl, it->mode, it->calls) / it->per;
        ours[i][r] = time_call(it->ours, it->mode, it->calls) / it->per;
      }
      ratio[i][r] = ours[i][r] / ossl[i][r];
    }
  }
  printf("%-14s %9s %9s %11s   (TSC ticks, medians of %d rounds)\n", "item",
         "ours", "ossl", "ours/ossl", rounds);
  for (size_t i = 0; i < NUM_ITEMS; i++) {
    printf("%-14s %9.1f %9.1f %11.3f\n", kItems[i].name,
           peer_bench_median(ours[i], (size_t)rounds),
           peer_bench_median(ossl[i], (size_t)rounds),
           peer_bench_median(ratio[i], (size_t)rounds));
  }
  return 0;
}

#else
int main(void) {
  fprintf(stderr, "sha512_cold: x86-64 with GCC or Clang only\n");
  return 0;
}
#endif
