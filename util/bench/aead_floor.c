// Copyright 2026 The project authors.
//
// aead_floor.c: what a short ChaCha20-Poly1305 record costs, piece by piece,
// against the floor its latency chains set (x86-64 only; the internal entry
// points are linked from the static library). Build and run from the
// source tree, with BUILD a Release build directory:
//
//   cc -O2 -Iinclude -I. util/bench/aead_floor.c BUILD/libcrypto_static.a
//     -o /tmp/aead_floor && /tmp/aead_floor   (one line)
//
// Each figure is TSC ticks per call: 41 batches of 200 calls, the lower
// quartile of the batch means (preemption on a shared machine only adds
// time, so a low quantile is the steadier figure; compare figures of one
// run only). "chained" items feed a byte of each call's output into the
// next call's input, so consecutive calls cannot overlap in the core and the
// figure is the call's latency; the others are back-to-back calls, which
// may overlap a little. Items whose CPU predicate does not hold are
// printed as skipped.

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/aead.h>
#include <openssl/chacha.h>

#include "crypto/chacha/internal.h"
#include "crypto/poly1305/mac.h"

#if defined(OPENSSL_X86_64) && !defined(OPENSSL_NO_ASM) && \
    (defined(__GNUC__) || defined(__clang__))
#include <x86intrin.h>

static uint8_t g_key[32], g_nonce[24], g_ad[13];
static uint8_t g_in[512], g_buf[512 + 64], g_out[512 + 16];
static uint32_t g_kw[8] = {1, 2, 3, 4, 5, 6, 7, 8}, g_cn[4] = {0, 1, 2, 3};
static EVP_AEAD_CTX g_ctx, g_xctx;
static size_t g_len;
static volatile uint8_t g_sink;

// Back-to-back items.
static void do_x86_64(void) {
  ChaCha20_ctr32_x86_64(g_buf, g_buf, g_len, g_kw, g_cn);
}
static void do_avx512(void) {
  ChaCha20_ctr32_avx512(g_buf, g_buf, g_len, g_kw, g_cn);
}
static void do_xor_words(void) {
  chacha20_xor_words(g_buf, g_buf, g_len, g_kw, g_cn);
}
static void do_crypto_chacha(void) {
  CRYPTO_chacha_20(g_buf, g_buf, g_len, g_key, g_nonce, 0);
}
static void do_hchacha(void) {
  CRYPTO_hchacha20(g_buf, g_key, g_nonce);
}

// Chained items: the key of each call depends on the previous call's
// output through its address (zero(b) is 0, but the compiler cannot know
// it), so no call starts before the one before it has finished, and no
// store is added that a wider load would have to wait for.
static size_t zero(uint8_t b) {
  size_t z = b;
  __asm__("andq $0, %0" : "+r"(z));
  return z;
}
static void do_x86_64_chained(void) {
  ChaCha20_ctr32_x86_64(g_buf, g_buf, g_len, g_kw + zero(g_buf[0]), g_cn);
}
static void do_avx512_chained(void) {
  ChaCha20_ctr32_avx512(g_buf, g_buf, g_len, g_kw + zero(g_buf[0]), g_cn);
}
static void mac(const uint8_t key[32], const uint8_t *in, size_t len,
                uint8_t tag[16]) {
  POLY1305_MAC_CTX m;
  poly1305_mac_init(&m, key);
  poly1305_mac_update(&m, in, len);
  poly1305_mac_finish(&m, tag);
}
static void do_mac_chained(void) {
  mac(g_key + zero(g_buf[0]), g_in, g_len, g_buf);
}
static void do_head_chained(void) {
  // The AEAD's first step for a record of g_len bytes: block 0 and the
  // record's keystream in one call over a stack copy.
  const uint32_t *key = g_kw + zero(g_buf[0]);
  memset(g_buf, 0, 64);
  memcpy(g_buf + 64, g_in, g_len);
  chacha20_xor_words(g_buf, g_buf, 64 + g_len, key, g_cn);
}
static void do_head_mac_chained(void) {
  // The two chains in sequence: block 0 and the keystream, then the MAC
  // of three blocks (16-byte AD and ciphertext padded, lengths) under the
  // key from block 0.
  const uint32_t *key = g_kw + zero(g_out[0]);
  memset(g_buf, 0, 64);
  memcpy(g_buf + 64, g_in, g_len);
  chacha20_xor_words(g_buf, g_buf, 64 + g_len, key, g_cn);
  mac(g_buf, g_buf + 32, 48, g_out);
}
static void seal_chained(const EVP_AEAD_CTX *ctx, size_t nonce_len) {
  size_t out_len;
  if (!EVP_AEAD_CTX_seal(ctx, g_out, &out_len, sizeof(g_out), g_nonce,
                         nonce_len, g_in, g_len, g_ad, sizeof(g_ad))) {
    abort();
  }
  g_nonce[0] ^= g_out[g_len];
}
static void do_seal_chained(void) { seal_chained(&g_ctx, 12); }
static void do_xseal_chained(void) { seal_chained(&g_xctx, 24); }
static void do_open_chained(void) {
  size_t out_len;
  if (!EVP_AEAD_CTX_open(&g_ctx, g_buf, &out_len, sizeof(g_buf), g_nonce, 12,
                         g_out, g_len + 16, g_ad, sizeof(g_ad))) {
    abort();
  }
  g_ad[0] ^= g_buf[0] ^ g_in[0];  // 0: the AD stays what seal used
}
static int compare_doubles(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}

static double ticks_per_call(void (*fn)(void)) {
  enum { kBatches = 41, kCalls = 200 };
  double means[kBatches];
  for (int b = 0; b < kBatches; b++) {
    uint64_t start = __rdtsc();
    for (int i = 0; i < kCalls; i++) {
      fn();
    }
    means[b] = (double)(__rdtsc() - start) / kCalls;
  }
  qsort(means, kBatches, sizeof(means[0]), compare_doubles);
  return means[kBatches / 4];
}

struct item {
  const char *name;
  void (*fn)(void);
  int (*capable)(void);
  size_t lens[4];  // zero-terminated
  int needs_seal;  // open: seal the record first
};

static const struct item kItems[] = {
    {"ChaCha20_ctr32_x86_64 (scalar, 1 block a time)", do_x86_64, NULL,
     {16, 64, 128, 0}, 0},
    {"ChaCha20_ctr32_avx512 (1 block xmm / 4 blocks)", do_avx512,
     chacha20_avx512_capable, {16, 64, 80, 256}, 0},
    {"ChaCha20_ctr32_x86_64, chained", do_x86_64_chained, NULL,
     {16, 128, 0, 0}, 0},
    {"ChaCha20_ctr32_avx512, chained", do_avx512_chained,
     chacha20_avx512_capable, {16, 80, 256, 0}, 0},
    {"chacha20_xor_words (the chosen row)", do_xor_words, NULL,
     {16, 64, 80, 256}, 0},
    {"CRYPTO_chacha_20", do_crypto_chacha, NULL, {16, 64, 0, 0}, 0},
    {"CRYPTO_hchacha20", do_hchacha, NULL, {32, 0, 0, 0}, 0},
    {"Poly1305 MAC context, chained (init, blocks, finish)", do_mac_chained,
     NULL, {16, 48, 0, 0}, 0},
    {"AEAD head: block 0 + keystream in one call, chained", do_head_chained,
     NULL, {16, 64, 256, 0}, 0},
    {"AEAD head + 3-block MAC, chained", do_head_mac_chained, NULL,
     {16, 0, 0, 0}, 0},
    {"EVP_AEAD_CTX_seal chacha20-poly1305, chained", do_seal_chained, NULL,
     {16, 64, 256, 0}, 0},
    {"EVP_AEAD_CTX_open chacha20-poly1305, chained", do_open_chained, NULL,
     {16, 64, 256, 0}, 1},
    {"EVP_AEAD_CTX_seal xchacha20-poly1305, chained", do_xseal_chained, NULL,
     {16, 256, 0, 0}, 0},
};

int main(void) {
  if (!EVP_AEAD_CTX_init(&g_ctx, EVP_aead_chacha20_poly1305(), g_key, 32, 16,
                         NULL) ||
      !EVP_AEAD_CTX_init(&g_xctx, EVP_aead_xchacha20_poly1305(), g_key, 32,
                         16, NULL)) {
    fprintf(stderr, "aead_floor: EVP_AEAD_CTX_init failed\n");
    return 1;
  }
  printf("TSC ticks per call (lower quartile of 41 batches of 200 calls)\n");
  for (size_t i = 0; i < sizeof(kItems) / sizeof(kItems[0]); i++) {
    const struct item *it = &kItems[i];
    printf("%-54s", it->name);
    if (it->capable != NULL && !it->capable()) {
      printf(" skipped: the CPU lacks the row's features\n");
      continue;
    }
    for (int j = 0; j < 4 && it->lens[j] != 0; j++) {
      g_len = it->lens[j];
      if (it->needs_seal) {
        size_t out_len;
        if (!EVP_AEAD_CTX_seal(&g_ctx, g_out, &out_len, sizeof(g_out),
                               g_nonce, 12, g_in, g_len, g_ad,
                               sizeof(g_ad))) {
          abort();
        }
      }
      printf("  %3zu B %6.1f", g_len, ticks_per_call(it->fn));
    }
    printf("\n");
  }
  g_sink = g_buf[0];
  EVP_AEAD_CTX_cleanup(&g_ctx);
  EVP_AEAD_CTX_cleanup(&g_xctx);
  return 0;
}

#else
int main(void) {
  printf("aead_floor: x86-64 assembly builds only (skipped)\n");
  return 0;
}
#endif
