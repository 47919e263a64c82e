// Copyright 2026 The project authors.
//
// evp_bench: the provider module against OpenSSL's default provider in ONE
// process, through OpenSSL's own EVP calls, per call in TSC ticks (x86-64)
// or clock_gettime nanoseconds (elsewhere).
//
//   build/evp_bench MODULE_DIR [ROUNDS] [ITEM...]
//
// MODULE_DIR holds bittern.so (the build directory). Each item is fetched
// twice, with "provider=bittern" and "provider=default", and the two are
// timed in turn, ROUNDS times (default 7), at 16, 64, 256, 1024, 8192 and
// 16384 bytes. A measurement is the fastest of 9 batches of calls; the
// table prints the median measurement of each side and the median of the
// per-round ratios default/bittern (above 1: the module is faster). One
// process and alternating rounds keep frequency changes and the machine's
// load from favouring either side, which `openssl speed` (one process per
// side, provider/test/bench.pl) cannot; bench.pl stays the check with
// OpenSSL's own benchmark.
//
// Items (ITEM arguments select some; default all):
//   sha256, sha384   EVP_Digest of the message (openssl speed -evp sha256)
//   hmac-sha256      EVP_MAC_init under the key set once, update, final
//                    (openssl speed -hmac sha256)
//   cp-stream        ChaCha20-Poly1305 EVP_EncryptUpdate on one context,
//                    key and nonce set once (openssl speed -evp
//                    chacha20-poly1305)
//   cp-record        ChaCha20-Poly1305 as a TLS 1.3 record: new nonce,
//                    13-byte AD, update, final, get the tag (what libssl
//                    does per record)

#define _POSIX_C_SOURCE 200809L  // clock_gettime

#include <openssl/core_names.h>
#include <openssl/evp.h>
#include <openssl/provider.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../../util/bench/peer_bench.h"  // peer_bench_median

#if defined(__x86_64__)
#include <x86intrin.h>
static uint64_t now(void) { return __rdtsc(); }
static const char kUnit[] = "TSC ticks";
#else
static uint64_t now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}
static const char kUnit[] = "ns";
#endif

enum { kMaxLen = 16384, kBatches = 9, kMaxRounds = 99 };
static const size_t kLens[] = {16, 64, 256, 1024, 8192, 16384};
#define NUM_LENS (sizeof(kLens) / sizeof(kLens[0]))

static uint8_t g_buf[kMaxLen + 16];
static const uint8_t kKey[32] = {1, 2, 3, 4, 5, 6, 7, 8};

static void die(const char *what) {
  fprintf(stderr, "evp_bench: %s failed\n", what);
  exit(1);
}

// One side of an item: what was fetched from one provider, and the state
// that its calls reuse.
struct side {
  EVP_MD *md;
  EVP_MAC_CTX *mac;
  EVP_CIPHER *cipher;
  EVP_CIPHER_CTX *cctx;
};

struct item {
  const char *name;
  void (*setup)(struct side *s, const char *props);
  void (*call)(struct side *s, size_t len);
};

static void setup_digest(struct side *s, const char *alg, const char *props) {
  s->md = EVP_MD_fetch(NULL, alg, props);
  if (s->md == NULL) {
    die(alg);
  }
}
static void setup_sha256(struct side *s, const char *p) {
  setup_digest(s, "SHA2-256", p);
}
static void setup_sha384(struct side *s, const char *p) {
  setup_digest(s, "SHA2-384", p);
}
static void call_digest(struct side *s, size_t len) {
  uint8_t out[EVP_MAX_MD_SIZE];
  unsigned out_len;
  if (!EVP_Digest(g_buf, len, out, &out_len, s->md, NULL)) {
    die("EVP_Digest");
  }
}

static void setup_hmac(struct side *s, const char *props) {
  EVP_MAC *mac = EVP_MAC_fetch(NULL, "HMAC", props);
  if (mac == NULL || (s->mac = EVP_MAC_CTX_new(mac)) == NULL) {
    die("HMAC fetch");
  }
  EVP_MAC_free(mac);
  OSSL_PARAM params[] = {
      OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_DIGEST, "SHA2-256", 0),
      OSSL_PARAM_construct_end()};
  if (!EVP_MAC_init(s->mac, kKey, 32, params)) {
    die("EVP_MAC_init");
  }
}
static void call_hmac(struct side *s, size_t len) {
  uint8_t out[32];
  size_t out_len;
  if (!EVP_MAC_init(s->mac, NULL, 0, NULL) ||
      !EVP_MAC_update(s->mac, g_buf, len) ||
      !EVP_MAC_final(s->mac, out, &out_len, sizeof(out))) {
    die("HMAC");
  }
}

static void setup_cp(struct side *s, const char *props) {
  static const uint8_t kNonce[12] = {9};
  s->cipher = EVP_CIPHER_fetch(NULL, "ChaCha20-Poly1305", props);
  if (s->cipher == NULL || (s->cctx = EVP_CIPHER_CTX_new()) == NULL ||
      !EVP_EncryptInit_ex(s->cctx, s->cipher, NULL, kKey, kNonce)) {
    die("ChaCha20-Poly1305 fetch");
  }
}
static void call_cp_stream(struct side *s, size_t len) {
  int out_len;
  if (!EVP_EncryptUpdate(s->cctx, g_buf, &out_len, g_buf, (int)len)) {
    die("EVP_EncryptUpdate");
  }
}
static void call_cp_record(struct side *s, size_t len) {
  static uint64_t seq;
  uint8_t nonce[12] = {0}, ad[13] = {23, 3, 3}, tag[16];
  seq++;
  memcpy(nonce + 4, &seq, sizeof(seq));
  int out_len;
  if (!EVP_EncryptInit_ex(s->cctx, NULL, NULL, NULL, nonce) ||
      !EVP_EncryptUpdate(s->cctx, NULL, &out_len, ad, sizeof(ad)) ||
      !EVP_EncryptUpdate(s->cctx, g_buf, &out_len, g_buf, (int)len) ||
      !EVP_EncryptFinal_ex(s->cctx, g_buf + len, &out_len) ||
      !EVP_CIPHER_CTX_ctrl(s->cctx, EVP_CTRL_AEAD_GET_TAG, 16, tag)) {
    die("ChaCha20-Poly1305 record");
  }
}

static const struct item kItems[] = {
    {"sha256", setup_sha256, call_digest},
    {"sha384", setup_sha384, call_digest},
    {"hmac-sha256", setup_hmac, call_hmac},
    {"cp-stream", setup_cp, call_cp_stream},
    {"cp-record", setup_cp, call_cp_record},
};

// measure returns the per-call cost of `reps` calls, the fastest of
// kBatches batches.
static double measure(const struct item *it, struct side *s, size_t len,
                      int reps) {
  uint64_t best = UINT64_MAX;
  for (int b = 0; b < kBatches; b++) {
    uint64_t t = now();
    for (int i = 0; i < reps; i++) {
      it->call(s, len);
    }
    t = now() - t;
    if (t < best) {
      best = t;
    }
  }
  return (double)best / reps;
}

static int wanted(const char *name, int argc, char **argv) {
  if (argc == 0) {
    return 1;
  }
  for (int i = 0; i < argc; i++) {
    if (strcmp(argv[i], name) == 0) {
      return 1;
    }
  }
  return 0;
}

int main(int argc, char **argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: %s MODULE_DIR [ROUNDS] [ITEM...]\n", argv[0]);
    return 2;
  }
  int rounds = argc > 2 ? atoi(argv[2]) : 7;
  if (rounds < 1 || rounds > kMaxRounds) {
    fprintf(stderr, "ROUNDS must be 1..%d\n", kMaxRounds);
    return 2;
  }
  int n_items = argc > 3 ? argc - 3 : 0;
  char **items = argv + 3;
  for (int i = 0; i < n_items; i++) {
    int known = 0;
    for (size_t j = 0; j < sizeof(kItems) / sizeof(kItems[0]); j++) {
      known |= strcmp(items[i], kItems[j].name) == 0;
    }
    if (!known) {
      fprintf(stderr, "unknown item %s\n", items[i]);
      return 2;
    }
  }
  if (!OSSL_PROVIDER_set_default_search_path(NULL, argv[1]) ||
      OSSL_PROVIDER_load(NULL, "bittern") == NULL ||
      OSSL_PROVIDER_load(NULL, "default") == NULL) {
    die("loading the providers");
  }
  printf("%s; per call in %s; %d rounds, alternating; ratio = default / "
         "bittern (above 1: the module is faster)\n",
         OpenSSL_version(OPENSSL_VERSION), kUnit, rounds);
  for (size_t j = 0; j < sizeof(kItems) / sizeof(kItems[0]); j++) {
    const struct item *it = &kItems[j];
    if (!wanted(it->name, n_items, items)) {
      continue;
    }
    struct side sides[2] = {{0}, {0}};
    it->setup(&sides[0], "provider=bittern");
    it->setup(&sides[1], "provider=default");
    printf("\n%s\n%8s %12s %12s %8s %8s\n", it->name, "bytes", "bittern",
           "default", "ratio", "spread");
    for (size_t l = 0; l < NUM_LENS; l++) {
      size_t len = kLens[l];
      int reps = (int)(20000 / (len / 16 + 8)) + 4;
      double ours[kMaxRounds], theirs[kMaxRounds], ratio[kMaxRounds];
      for (int r = 0; r < rounds; r++) {
        // Each round starts with the other side.
        int first = r & 1;
        double t[2];
        t[first] = measure(it, &sides[first], len, reps);
        t[!first] = measure(it, &sides[!first], len, reps);
        ours[r] = t[0];
        theirs[r] = t[1];
        ratio[r] = t[1] / t[0];
      }
      double lo = ratio[0], hi = ratio[0];
      for (int r = 1; r < rounds; r++) {
        lo = ratio[r] < lo ? ratio[r] : lo;
        hi = ratio[r] > hi ? ratio[r] : hi;
      }
      printf("%8zu %12.1f %12.1f %7.3fx %.2f-%.2f\n", len,
             peer_bench_median(ours, (size_t)rounds),
             peer_bench_median(theirs, (size_t)rounds),
             peer_bench_median(ratio, (size_t)rounds), lo, hi);
    }
    for (int s = 0; s < 2; s++) {
      EVP_MD_free(sides[s].md);
      EVP_MAC_CTX_free(sides[s].mac);
      EVP_CIPHER_CTX_free(sides[s].cctx);
      EVP_CIPHER_free(sides[s].cipher);
    }
  }
  return 0;
}
