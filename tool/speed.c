// Copyright 2026 The project authors.
//
// bssl speed: throughput of the library's public API.
//
// Each benchmark "item" (SHA-256, ChaCha20, ChaCha20-Poly1305 seal, ...) is
// one call of the public API on a buffer of one chunk size. For every
// selected item and chunk size we
//
//   1. build a per-thread state (buffers, keys, an AEAD context, and for
//      AEAD "open" a genuinely sealed message, so every open verifies);
//   2. warm up: call the item for a short while (1/20 of the time budget, at
//      most 50 ms), so lazy initialisation (implementation choice, RNG
//      seeding), caches and the core clock settle before we measure;
//   3. time it: run batches of 1, 2, 4, ... calls, reading CLOCK_MONOTONIC
//      only between batches; the batch doubles while one batch takes less
//      than 1/32 of the budget, so clock reads cost nothing measurable and
//      the last batch overshoots the budget by a few percent at most;
//   4. print BoringSSL's line:
//        Did N NAME (LEN bytes) operations in Tus (R ops/sec): X MB/s
//      with R = N / T and X = LEN * R / 10^6, or a JSON object with -json.
//
// With -threads N the same item runs on N threads at once, each with its
// own state, released together by a barrier; the line reports all their
// calls over the longest thread's time.
//
// With -impls, every primitive that has an implementation table
// (crypto/impl.h) is measured once per implementation the CPU can run,
// forced with CRYPTO_impl_force, and printed as a table with the speed-up
// over the portable C code and cycles per byte (see cycles.c).

#define _POSIX_C_SOURCE 200809L

#include <inttypes.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/aead.h>
#include <openssl/chacha.h>
#include <openssl/digest.h>
#include <openssl/hmac.h>
#include <openssl/mem.h>
#include <openssl/poly1305.h>
#include <openssl/rand.h>
#include <openssl/sha.h>

#include "../crypto/chacha/internal.h"
#include "../crypto/impl.h"
#include "../crypto/poly1305/internal.h"
#include "../crypto/sha/internal.h"
#include "../crypto/sha/sha_batch.h"
#include "internal.h"

// Per-thread state of one item at one chunk size.
struct speed_state {
  size_t len;       // bytes per call
  uint8_t *in;      // `len` bytes of input
  uint8_t *out;     // `len` + kOutSlack bytes of output
  uint8_t *sealed;  // AEAD open: the sealed message (ciphertext || tag)
  size_t sealed_len;
  uint8_t key[32];
  uint8_t nonce[24];
  uint8_t ad[13];  // as a TLS 1.2 record header: 13 bytes
  EVP_AEAD_CTX aead;
  int aead_ready;
  size_t nonce_len;  // of the AEAD
};

// kOutSlack leaves room for the largest digest or AEAD tag after the data.
#define kOutSlack 64

// consume tells the compiler the memory at `p` is read, so it cannot drop
// the computation that wrote it. It emits no instruction.
static inline void consume(const void *p) {
  __asm__ volatile("" : : "r"(p) : "memory");
}

// Items. Each op makes one call of the public API and returns one, or
// returns zero if that call failed (which ends the run with an error).

static int op_sha1(struct speed_state *st) {
  consume(SHA1(st->in, st->len, st->out));
  return 1;
}

static int op_sha224(struct speed_state *st) {
  consume(SHA224(st->in, st->len, st->out));
  return 1;
}

static int op_sha256(struct speed_state *st) {
  consume(SHA256(st->in, st->len, st->out));
  return 1;
}

static int op_sha384(struct speed_state *st) {
  consume(SHA384(st->in, st->len, st->out));
  return 1;
}

static int op_sha512(struct speed_state *st) {
  consume(SHA512(st->in, st->len, st->out));
  return 1;
}

static int op_sha512_256(struct speed_state *st) {
  consume(SHA512_256(st->in, st->len, st->out));
  return 1;
}

static int op_hmac_sha256(struct speed_state *st) {
  unsigned out_len;
  if (HMAC(EVP_sha256(), st->key, sizeof(st->key), st->in, st->len, st->out,
           &out_len) == NULL) {
    return 0;
  }
  consume(st->out);
  return 1;
}

static int op_chacha20(struct speed_state *st) {
  CRYPTO_chacha_20(st->out, st->in, st->len, st->key, st->nonce, 0);
  consume(st->out);
  return 1;
}

static int op_poly1305(struct speed_state *st) {
  poly1305_state poly;
  CRYPTO_poly1305_init(&poly, st->key);
  CRYPTO_poly1305_update(&poly, st->in, st->len);
  CRYPTO_poly1305_finish(&poly, st->out);
  consume(st->out);
  return 1;
}

static int op_aead_seal(struct speed_state *st) {
  size_t out_len;
  if (!EVP_AEAD_CTX_seal(&st->aead, st->out, &out_len, st->len + kOutSlack,
                         st->nonce, st->nonce_len, st->in, st->len, st->ad,
                         sizeof(st->ad))) {
    return 0;
  }
  consume(st->out);
  return 1;
}

static int op_aead_open(struct speed_state *st) {
  size_t out_len;
  if (!EVP_AEAD_CTX_open(&st->aead, st->out, &out_len, st->len + kOutSlack,
                         st->nonce, st->nonce_len, st->sealed, st->sealed_len,
                         st->ad, sizeof(st->ad)) ||
      out_len != st->len) {
    return 0;
  }
  consume(st->out);
  return 1;
}

static int op_rand(struct speed_state *st) {
  if (!RAND_bytes(st->out, st->len)) {
    return 0;
  }
  consume(st->out);
  return 1;
}

// Batch hashing (include/openssl/sha.h), named after the functions
// (SHA256-pairs, not SHA-256-pairs, so that `-filter SHA-256` still means
// the one-message items). Each call hashes LEN bytes of
// input: LEN / 64 (SHA-512: / 128) Merkle pairs, or LEN / 1024 messages of
// 1 KiB each through SHA*_batch, so MB/s compares directly with SHA-256 at
// 64 (128, 1024) bytes, which is SHA256() in a loop.

static int op_sha256_pairs(struct speed_state *st) {
  SHA256_hash_pairs(st->out, st->in, st->len / 64);
  consume(st->out);
  return 1;
}

static int op_sha512_pairs(struct speed_state *st) {
  SHA512_hash_pairs(st->out, st->in, st->len / 128);
  consume(st->out);
  return 1;
}

// op_batch_1k hashes the input as 1 KiB messages, 64 per batch call.
static int op_batch_1k(struct speed_state *st, size_t md_len,
                       void (*batch)(uint8_t *, const uint8_t *const *,
                                     const size_t *, size_t)) {
  const uint8_t *ins[64];
  size_t lens[64];
  size_t n = st->len / 1024;
  for (size_t done = 0; done < n;) {
    size_t k = n - done < 64 ? n - done : 64;
    for (size_t i = 0; i < k; i++) {
      ins[i] = st->in + (done + i) * 1024;
      lens[i] = 1024;
    }
    batch(st->out + done * md_len, ins, lens, k);
    done += k;
  }
  consume(st->out);
  return 1;
}

static int op_sha256_batch_1k(struct speed_state *st) {
  return op_batch_1k(st, SHA256_DIGEST_LENGTH, SHA256_batch);
}

static int op_sha512_batch_1k(struct speed_state *st) {
  return op_batch_1k(st, SHA512_DIGEST_LENGTH, SHA512_batch);
}

// Their chunk sizes, used unless -chunks is given: n = 1, 16, 4096 pairs;
// 64 messages of 1 KiB.
static const size_t kSHA256PairsChunks[] = {64, 16 * 64, 4096 * 64};
static const size_t kSHA512PairsChunks[] = {128, 16 * 128, 4096 * 128};
static const size_t kBatch1KChunks[] = {64 * 1024};

// The items with their own chunk sizes, by op, and the size of one of
// their messages (a smaller -chunks size is skipped).
static const struct {
  int (*op)(struct speed_state *st);
  const size_t *chunks;
  size_t num_chunks;
  size_t min_len;
} kItemChunks[] = {
#define ITEM_CHUNKS(op, a, min) {(op), (a), sizeof(a) / sizeof((a)[0]), (min)}
    ITEM_CHUNKS(op_sha256_pairs, kSHA256PairsChunks, 64),
    ITEM_CHUNKS(op_sha256_batch_1k, kBatch1KChunks, 1024),
    ITEM_CHUNKS(op_sha512_pairs, kSHA512PairsChunks, 128),
    ITEM_CHUNKS(op_sha512_batch_1k, kBatch1KChunks, 1024),
#undef ITEM_CHUNKS
};

enum aead_use { AEAD_NONE, AEAD_SEAL, AEAD_OPEN };

struct speed_item {
  const char *name;    // "SHA-256": printed, and what -filter matches
  const char *suffix;  // printed after "(LEN bytes)", or NULL
  // prim is the implementation table -impls walks, or NULL. Several items
  // may share a table (SHA-224 and SHA-256); -impls measures it once, with
  // the item marked `stands_for_prim` if it is selected, else with the
  // first selected one.
  CRYPTO_PRIMITIVE *prim;
  int stands_for_prim;
  const EVP_AEAD *(*aead_fn)(void);  // the AEAD of AEAD items
  enum aead_use aead_use;
  int (*op)(struct speed_state *st);
};

static const struct speed_item kItems[] = {
    // name, suffix, table, stands for it, AEAD, AEAD use, op
    {"SHA-1", NULL, &CRYPTO_primitive_sha1, 1, NULL, AEAD_NONE, op_sha1},
    {"SHA-224", NULL, &CRYPTO_primitive_sha256, 0, NULL, AEAD_NONE, op_sha224},
    {"SHA-256", NULL, &CRYPTO_primitive_sha256, 1, NULL, AEAD_NONE, op_sha256},
    {"SHA-384", NULL, &CRYPTO_primitive_sha512, 0, NULL, AEAD_NONE, op_sha384},
    {"SHA-512", NULL, &CRYPTO_primitive_sha512, 1, NULL, AEAD_NONE, op_sha512},
    {"SHA-512-256", NULL, &CRYPTO_primitive_sha512, 0, NULL, AEAD_NONE,
     op_sha512_256},
    {"HMAC-SHA256", NULL, &CRYPTO_primitive_sha256_hmac, 1, NULL, AEAD_NONE,
     op_hmac_sha256},
    {"ChaCha20", NULL, &CRYPTO_primitive_chacha20, 1, NULL, AEAD_NONE,
     op_chacha20},
    {"Poly1305", NULL, &CRYPTO_primitive_poly1305, 1, NULL, AEAD_NONE,
     op_poly1305},
    {"ChaCha20-Poly1305", "seal", NULL, 0, EVP_aead_chacha20_poly1305,
     AEAD_SEAL, op_aead_seal},
    {"ChaCha20-Poly1305", "open", NULL, 0, EVP_aead_chacha20_poly1305,
     AEAD_OPEN, op_aead_open},
    {"XChaCha20-Poly1305", "seal", NULL, 0, EVP_aead_xchacha20_poly1305,
     AEAD_SEAL, op_aead_seal},
    {"XChaCha20-Poly1305", "open", NULL, 0, EVP_aead_xchacha20_poly1305,
     AEAD_OPEN, op_aead_open},
    {"RNG", NULL, NULL, 0, NULL, AEAD_NONE, op_rand},
    {"SHA256-pairs", NULL, &CRYPTO_primitive_sha256_batch, 1, NULL,
     AEAD_NONE, op_sha256_pairs},
    {"SHA256-batch-1KiB", NULL, &CRYPTO_primitive_sha256_batch, 0, NULL,
     AEAD_NONE, op_sha256_batch_1k},
    {"SHA512-pairs", NULL, &CRYPTO_primitive_sha512_batch, 1, NULL,
     AEAD_NONE, op_sha512_pairs},
    {"SHA512-batch-1KiB", NULL, &CRYPTO_primitive_sha512_batch, 0, NULL,
     AEAD_NONE, op_sha512_batch_1k},
};

#define kNumItems (sizeof(kItems) / sizeof(kItems[0]))

// describe writes "NAME (LEN bytes)[ SUFFIX]" to `buf`.
static void describe(char *buf, size_t buf_len, const struct speed_item *item,
                     size_t len) {
  snprintf(buf, buf_len, "%s (%zu bytes)%s%s", item->name, len,
           item->suffix != NULL ? " " : "",
           item->suffix != NULL ? item->suffix : "");
}

// State set-up and tear-down.

static void state_free(struct speed_state *st) {
  if (st->aead_ready) {
    EVP_AEAD_CTX_cleanup(&st->aead);
  }
  free(st->in);
  free(st->out);
  free(st->sealed);
  OPENSSL_cleanse(st, sizeof(*st));
}

// state_init prepares `st` for `item` at `len` bytes per call. The inputs
// are a fixed pattern: the benchmark needs no secrets. It returns one on
// success; on failure it returns zero and `st` needs no state_free.
static int state_init(struct speed_state *st, const struct speed_item *item,
                      size_t len) {
  memset(st, 0, sizeof(*st));
  st->len = len;
  st->in = malloc(len == 0 ? 1 : len);
  st->out = malloc(len + kOutSlack);
  if (st->in == NULL || st->out == NULL) {
    state_free(st);
    return 0;
  }
  for (size_t i = 0; i < len; i++) {
    st->in[i] = (uint8_t)(i * 7 + 1);
  }
  for (size_t i = 0; i < sizeof(st->key); i++) {
    st->key[i] = (uint8_t)(0xa0 + i);
  }
  for (size_t i = 0; i < sizeof(st->nonce); i++) {
    st->nonce[i] = (uint8_t)(0x40 + i);
  }
  for (size_t i = 0; i < sizeof(st->ad); i++) {
    st->ad[i] = (uint8_t)i;
  }
  if (item->aead_use == AEAD_NONE) {
    return 1;
  }

  const EVP_AEAD *aead = item->aead_fn();
  st->nonce_len = EVP_AEAD_nonce_length(aead);
  if (st->nonce_len > sizeof(st->nonce) ||
      EVP_AEAD_key_length(aead) > sizeof(st->key) ||
      EVP_AEAD_max_overhead(aead) > kOutSlack ||
      !EVP_AEAD_CTX_init(&st->aead, aead, st->key, EVP_AEAD_key_length(aead),
                         EVP_AEAD_DEFAULT_TAG_LENGTH, NULL)) {
    state_free(st);
    return 0;
  }
  st->aead_ready = 1;
  if (item->aead_use == AEAD_OPEN) {
    // Seal the input once; every timed call opens this message.
    st->sealed = malloc(len + kOutSlack);
    if (st->sealed == NULL ||
        !EVP_AEAD_CTX_seal(&st->aead, st->sealed, &st->sealed_len,
                           len + kOutSlack, st->nonce, st->nonce_len, st->in,
                           len, st->ad, sizeof(st->ad))) {
      state_free(st);
      return 0;
    }
  }
  return 1;
}

// Timing.

struct speed_result {
  uint64_t calls;
  uint64_t ns;      // time the timed calls took
  uint64_t cycles;  // cycles over the same calls, when a counter was given
};

static int run_calls(const struct speed_item *item, struct speed_state *st,
                     uint64_t n) {
  for (uint64_t i = 0; i < n; i++) {
    if (!item->op(st)) {
      return 0;
    }
  }
  return 1;
}

// time_item measures `item` on `st` for `budget_ns`, as described at the
// top of the file. If `cyc` is not NULL it also counts cycles. It returns
// zero if any call failed.
static int time_item(const struct speed_item *item, struct speed_state *st,
                     uint64_t budget_ns, const struct tool_cycles *cyc,
                     struct speed_result *res) {
  // Warm-up, in doubling batches too so the clock is read rarely.
  uint64_t warm_ns = budget_ns / 20;
  if (warm_ns > 50 * 1000 * 1000) {
    warm_ns = 50 * 1000 * 1000;
  }
  uint64_t start = tool_now_ns();
  for (uint64_t batch = 1;; batch *= 2) {
    if (!run_calls(item, st, batch)) {
      return 0;
    }
    if (tool_now_ns() - start >= warm_ns) {
      break;
    }
  }

  uint64_t calls = 0, batch = 1;
  uint64_t cycles_start = cyc != NULL ? tool_cycles_now(cyc) : 0;
  start = tool_now_ns();
  uint64_t last = start, now;
  for (;;) {
    if (!run_calls(item, st, batch)) {
      return 0;
    }
    calls += batch;
    now = tool_now_ns();
    if (now - start >= budget_ns) {
      break;
    }
    if ((now - last) * 32 < budget_ns) {
      batch *= 2;
    }
    last = now;
  }
  res->cycles = cyc != NULL ? tool_cycles_now(cyc) - cycles_start : 0;
  res->calls = calls;
  res->ns = now - start;
  return 1;
}

// time_best measures `item` on `st` the way -check does: a batch of calls
// is sized to about 0.5 ms (after the warm-up time_item also does), then
// batches run until `budget_ns` has passed and `res` gets the fastest one.
// On a machine shared with other work a process is preempted every few
// milliseconds; the fastest short batch is the one that was not, where an
// average over the whole budget counts every preemption.
static int time_best(const struct speed_item *item, struct speed_state *st,
                     uint64_t budget_ns, const struct tool_cycles *cyc,
                     struct speed_result *res) {
  uint64_t batch = 1;
  uint64_t start = tool_now_ns();
  for (;;) {
    uint64_t t0 = tool_now_ns();
    if (!run_calls(item, st, batch)) {
      return 0;
    }
    uint64_t t = tool_now_ns() - t0;
    if (tool_now_ns() - start >= budget_ns / 20 && t >= 500 * 1000) {
      break;
    }
    if (t < 500 * 1000) {
      batch *= 2;
    }
  }
  uint64_t best_ns = UINT64_MAX, best_cycles = 0;
  start = tool_now_ns();
  do {
    uint64_t c0 = cyc != NULL ? tool_cycles_now(cyc) : 0;
    uint64_t t0 = tool_now_ns();
    if (!run_calls(item, st, batch)) {
      return 0;
    }
    uint64_t t = tool_now_ns() - t0;
    uint64_t c = cyc != NULL ? tool_cycles_now(cyc) - c0 : 0;
    if (t < best_ns) {
      best_ns = t;
      best_cycles = c;
    }
  } while (tool_now_ns() - start < budget_ns);
  res->calls = batch;
  res->ns = best_ns > 0 ? best_ns : 1;
  res->cycles = best_cycles;
  return 1;
}

// A job is one thread's share of a -threads run.
struct speed_job {
  const struct speed_item *item;
  size_t len;
  uint64_t budget_ns;
  pthread_barrier_t *barrier;
  int ok;
  struct speed_result res;
};

static void *job_main(void *arg) {
  struct speed_job *job = arg;
  struct speed_state st;
  int ready = state_init(&st, job->item, job->len);
  // Every thread reaches the barrier, even one whose set-up failed, so the
  // others are not left waiting.
  pthread_barrier_wait(job->barrier);
  job->ok = ready && time_item(job->item, &st, job->budget_ns, NULL, &job->res);
  if (ready) {
    state_free(&st);
  }
  return NULL;
}

// time_fn is time_item or time_best.
typedef int (*time_fn)(const struct speed_item *item, struct speed_state *st,
                       uint64_t budget_ns, const struct tool_cycles *cyc,
                       struct speed_result *res);

static int measure_with(const struct speed_item *item, size_t len,
                        uint64_t budget_ns, unsigned threads,
                        const struct tool_cycles *cyc,
                        struct speed_result *res, time_fn timer);

// measure runs `item` at `len` on `threads` threads (the calling thread
// alone when `threads` is 1, with `cyc` counting cycles if not NULL) and
// sums the results: all calls, over the longest time.
static int measure(const struct speed_item *item, size_t len,
                   uint64_t budget_ns, unsigned threads,
                   const struct tool_cycles *cyc, struct speed_result *res) {
  return measure_with(item, len, budget_ns, threads, cyc, res, time_item);
}

// measure_best is measure on one thread with time_best.
static int measure_best(const struct speed_item *item, size_t len,
                        uint64_t budget_ns, const struct tool_cycles *cyc,
                        struct speed_result *res) {
  return measure_with(item, len, budget_ns, 1, cyc, res, time_best);
}

static int measure_with(const struct speed_item *item, size_t len,
                        uint64_t budget_ns, unsigned threads,
                        const struct tool_cycles *cyc,
                        struct speed_result *res, time_fn timer) {
  memset(res, 0, sizeof(*res));
  if (threads == 1) {
    struct speed_state st;
    if (!state_init(&st, item, len)) {
      return 0;
    }
    int ok = timer(item, &st, budget_ns, cyc, res);
    state_free(&st);
    return ok;
  }

  struct speed_job *jobs = calloc(threads, sizeof(*jobs));
  pthread_t *tids = calloc(threads, sizeof(*tids));
  pthread_barrier_t barrier;
  int ok = jobs != NULL && tids != NULL &&
           pthread_barrier_init(&barrier, NULL, threads) == 0;
  if (!ok) {
    free(jobs);
    free(tids);
    return 0;
  }
  unsigned started = 0;
  for (; started < threads; started++) {
    jobs[started].item = item;
    jobs[started].len = len;
    jobs[started].budget_ns = budget_ns;
    jobs[started].barrier = &barrier;
    if (pthread_create(&tids[started], NULL, job_main, &jobs[started]) != 0) {
      break;
    }
  }
  if (started != threads) {
    // The barrier can never open: the threads already started are stuck.
    fprintf(stderr, "speed: could not start %u threads\n", threads);
    exit(1);
  }
  for (unsigned i = 0; i < threads; i++) {
    pthread_join(tids[i], NULL);
    ok &= jobs[i].ok;
    res->calls += jobs[i].res.calls;
    if (jobs[i].res.ns > res->ns) {
      res->ns = jobs[i].res.ns;
    }
  }
  pthread_barrier_destroy(&barrier);
  free(jobs);
  free(tids);
  return ok;
}

// Options.

#define kMaxChunks 64
#define kMaxChunkLen ((uint64_t)1 << 26)
#define kMaxThreads 256

struct speed_options {
  char **filters;  // NULL-terminated list of substrings, or NULL for all
  size_t num_filters;
  double timeout;
  size_t chunks[kMaxChunks];
  size_t num_chunks;
  int json;
  int impls;
  int check;        // -check: with -impls, report a faster row than chosen
  unsigned rounds;  // -rounds: -impls measurements per row and size
  int margin_pct;   // -margin: -check's threshold, in percent
  int margin_set;
  int peers;        // -peers: print how to run the peer benchmarks
  unsigned threads;
  int chunks_given;  // -chunks was on the command line
};

// kPeers lists the benchmarks that compare this library with others it
// cannot be linked beside (both are "libcrypto"), so they live outside
// bssl, each a script run from the source tree: util/bench/README.md.
static const struct {
  const char *command;
  const char *what;
} kPeers[] = {
    {"util/bench/percall.sh BUILD BORINGSSL_BUILD [ROUNDS]",
     "per-call cost of HMAC, HKDF, the AEADs, ChaCha20, EVP digests, SHA-2 "
     "one-shots and RAND_bytes against BoringSSL, OpenSSL 3 and libsodium"},
    {"util/aead_bench/run.sh BUILD [ROUNDS]",
     "whole ChaCha20-Poly1305 records against OpenSSL 3 and libsodium"},
    {"util/poly1305_bench/run.sh BUILD [ROUNDS]",
     "one-shot Poly1305 against OpenSSL 3 and libsodium (ROWS=... adds a "
     "per-row TSC table)"},
    {"util/batch_bench/run.sh BUILD [HASHTREE_BUILD] [ROUNDS]",
     "batch hashing (SHA256_hash_pairs, SHA256_batch, SHA512_hash_pairs) "
     "against the one-message loop and hashtree's kernels"},
    {"BUILD/rand_bench [SECONDS]",
     "RAND_bytes against glibc's arc4random_buf, and its thread scaling"},
    {"provider/test/bench.pl BUILD [ROUNDS] [SECONDS]",
     "the OpenSSL 3 provider module against OpenSSL's default provider "
     "(openssl speed), and nginx -> curl with and without it"},
    {"BUILD/evp_bench BUILD [ROUNDS] [ITEM...]",
     "the provider module against OpenSSL's default provider in one "
     "process, per call (provider/test/evp_bench.c)"},
    {"util/bench/sha512_cold.c [ROUNDS]",
     "SHA-512/384 per block and per short call, warm and with other code "
     "run between calls, against OpenSSL 3 (build: cc -O2 -Iinclude "
     "util/bench/sha512_cold.c BUILD/libcrypto_static.a -ldl)"},
    {"util/bench/impls_compare.pl OLD_BSSL NEW_BSSL [ROUNDS]",
     "two builds of this library: bssl speed -impls of both, alternating"},
    {"util/bench/callcount.sh OLD_BUILD NEW_BUILD",
     "two builds: instructions per public call under callgrind (load-proof)"},
};

// print_peers prints the peer benchmarks and how to run them.
static void print_peers(FILE *out) {
  fprintf(out,
          "Peer benchmarks (BUILD is this library's build directory; see "
          "util/bench/README.md):\n");
  for (size_t i = 0; i < sizeof(kPeers) / sizeof(kPeers[0]); i++) {
    fprintf(out, "  %s\n      %s\n", kPeers[i].command, kPeers[i].what);
  }
}

// item_chunks returns the chunk sizes `item` runs at and sets `*num`.
static const size_t *item_chunks(const struct speed_options *opts,
                                 const struct speed_item *item, size_t *num) {
  for (size_t i = 0; i < sizeof(kItemChunks) / sizeof(kItemChunks[0]); i++) {
    if (kItemChunks[i].op == item->op && !opts->chunks_given) {
      *num = kItemChunks[i].num_chunks;
      return kItemChunks[i].chunks;
    }
  }
  *num = opts->num_chunks;
  return opts->chunks;
}

static void speed_usage(FILE *out) {
  fprintf(out,
          "Usage: bssl speed [options]\n"
          "\n"
          "  -filter A,B,...  run only items whose name contains A or B ...\n"
          "                   (e.g. SHA-256, ChaCha20-Poly1305, open)\n"
          "  -timeout S       seconds per item and size (default 1; "
          "fractions allowed)\n"
          "  -chunks N,M,...  bytes per call (default "
          "16,256,1350,8192,16384)\n"
          "  -threads N       run each item on N threads at once and report "
          "the total\n"
          "  -json            print a JSON array instead of Did lines\n"
          "  -impls           compare every implementation of SHA-1, SHA-256,"
          "\n"
          "                   SHA-512, ChaCha20 and Poly1305 this CPU can "
          "run\n"
          "                   (one thread, a table: not with -threads or "
          "-json);\n"
          "                   the row the dispatcher uses is marked "
          "'<- chosen'\n"
          "  -check           -impls, and report (exit status 1) every size "
          "where\n"
          "                   another row is more than 5%% faster than the "
          "chosen one\n"
          "                   (fastest of short batches per measurement)\n"
          "  -margin P        -check's threshold in percent (default 5)\n"
          "  -rounds N        -impls/-check measurements per row and size, "
          "alternating\n"
          "                   rows; medians are printed (default 1, -check "
          "5)\n"
          "  -peers           print how to run the benchmarks against "
          "BoringSSL,\n"
          "                   OpenSSL 3, libsodium and glibc (util/bench/)\n"
          "  -help            print this message\n"
          "\n"
          "Items:");
  const char *last = "";
  for (size_t i = 0; i < kNumItems; i++) {
    if (strcmp(kItems[i].name, last) != 0) {
      fprintf(out, " %s", kItems[i].name);
    }
    last = kItems[i].name;
  }
  fprintf(out, "\n");
}

// parse_list splits `value` at commas into `*out_items` (pointers into a
// copy the caller frees with free(*out_buf)). Empty elements are an error.
static int parse_list(const char *value, char **out_buf, char ***out_items,
                      size_t *out_num) {
  char *buf = strdup(value);
  size_t n = 1;
  for (const char *p = value; *p != '\0'; p++) {
    n += *p == ',';
  }
  char **items = calloc(n + 1, sizeof(char *));
  if (buf == NULL || items == NULL) {
    free(buf);
    free(items);
    return 0;
  }
  size_t i = 0;
  char *start = buf;
  for (char *p = buf;; p++) {
    if (*p == ',' || *p == '\0') {
      int end = *p == '\0';
      *p = '\0';
      if (*start == '\0') {
        free(buf);
        free(items);
        return 0;
      }
      items[i++] = start;
      start = p + 1;
      if (end) {
        break;
      }
    }
  }
  *out_buf = buf;
  *out_items = items;
  *out_num = i;
  return 1;
}

// matches returns one if `opts` selects `item` at `len`: some filter is a
// substring of "NAME[ SUFFIX]" or of the full "NAME (LEN bytes)[ SUFFIX]".
static int matches(const struct speed_options *opts,
                   const struct speed_item *item, size_t len) {
  for (size_t i = 0; i < sizeof(kItemChunks) / sizeof(kItemChunks[0]); i++) {
    if (kItemChunks[i].op == item->op && len < kItemChunks[i].min_len) {
      return 0;
    }
  }
  if (opts->filters == NULL) {
    return 1;
  }
  char label[128], desc[160];
  snprintf(label, sizeof(label), "%s%s%s", item->name,
           item->suffix != NULL ? " " : "",
           item->suffix != NULL ? item->suffix : "");
  describe(desc, sizeof(desc), item, len);
  for (size_t i = 0; i < opts->num_filters; i++) {
    if (strstr(label, opts->filters[i]) != NULL ||
        strstr(desc, opts->filters[i]) != NULL) {
      return 1;
    }
  }
  return 0;
}

// Output.

static void print_json_string(const char *s) {
  putchar('"');
  for (; *s != '\0'; s++) {
    unsigned char c = (unsigned char)*s;
    if (c == '"' || c == '\\') {
      printf("\\%c", c);
    } else if (c < 0x20) {
      printf("\\u%04x", c);
    } else {
      putchar(c);
    }
  }
  putchar('"');
}

// report prints one result as a Did line or, with -json, a JSON object
// (`*first` says whether it is the first element of the array).
static void report(const struct speed_options *opts, const char *desc,
                   size_t len, const struct speed_result *res, int *first) {
  uint64_t us = res->ns / 1000;
  if (us == 0) {
    us = 1;
  }
  if (opts->json) {
    printf("%s{\"description\": ", *first ? "" : ",\n");
    print_json_string(desc);
    printf(", \"numCalls\": %" PRIu64 ", \"microseconds\": %" PRIu64
           ", \"bytesPerCall\": %zu}",
           res->calls, us, len);
    *first = 0;
  } else {
    double ops = (double)res->calls * 1e6 / (double)us;
    printf("Did %" PRIu64 " %s operations in %" PRIu64
           "us (%.1f ops/sec): %.1f MB/s\n",
           res->calls, desc, us, ops, ops * (double)len / 1e6);
  }
  fflush(stdout);
}

// run_normal runs every selected item at every chunk size.
static int run_normal(const struct speed_options *opts) {
  uint64_t budget_ns = (uint64_t)(opts->timeout * 1e9);
  int first = 1, ran = 0;
  if (opts->json) {
    printf("[\n");
  }
  int ok = 1;
  for (size_t i = 0; i < kNumItems && ok; i++) {
    size_t num_chunks;
    const size_t *chunks = item_chunks(opts, &kItems[i], &num_chunks);
    for (size_t c = 0; c < num_chunks && ok; c++) {
      const struct speed_item *item = &kItems[i];
      size_t len = chunks[c];
      if (!matches(opts, item, len)) {
        continue;
      }
      char desc[160];
      describe(desc, sizeof(desc), item, len);
      struct speed_result res;
      if (!measure(item, len, budget_ns, opts->threads, NULL, &res)) {
        fprintf(stderr, "speed: %s failed\n", desc);
        ok = 0;
        break;
      }
      report(opts, desc, len, &res, &first);
      ran = 1;
    }
  }
  if (opts->json) {
    printf("\n]\n");
  }
  if (ok && !ran) {
    fprintf(stderr, "speed: no benchmark matches the -filter\n");
    return 0;
  }
  return ok;
}

// item_selected returns one if `opts` selects `item` at some chunk size.
static int item_selected(const struct speed_options *opts,
                         const struct speed_item *item) {
  size_t num_chunks;
  const size_t *chunks = item_chunks(opts, item, &num_chunks);
  for (size_t c = 0; c < num_chunks; c++) {
    if (matches(opts, item, chunks[c])) {
      return 1;
    }
  }
  return 0;
}

// kMaxImplRows bounds a primitive's rows; kMaxImplRounds the -rounds value.
#define kMaxImplRows 16
#define kMaxImplRounds 31

// -check reports a size where another row is more than -margin percent
// (default 5) faster than the chosen one: the median over the rounds of
// the per-round ratio of their speeds exceeds 1 + margin / 100. A margin
// down to -99 is accepted so the tests can make every row a finding.
#define kDefaultCheckMarginPct 5

static int cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}

// median_of sorts the `n` values `v` and returns their median.
static double median_of(double *v, size_t n) {
  qsort(v, n, sizeof(double), cmp_double);
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

// impls_table measures `item` once per implementation of its table that
// the CPU can run, forcing each with CRYPTO_impl_force, `opts->rounds`
// times in turn (round 1 of every row, then round 2, ...: the rows share
// the machine's load), and prints a row per implementation and chunk size
// with the medians; the row the dispatcher chooses is marked "<- chosen".
// -impls averages each measurement over its time budget like the Did
// lines; -check takes the fastest short batch (time_best).
// With `opts->check` it adds a "check:" line for every size where another
// row is more than 5% faster than the chosen one and counts them in
// `*findings`.
static int impls_table(const struct speed_options *opts,
                       const struct speed_item *item,
                       const struct tool_cycles *cyc, size_t *findings) {
  uint64_t budget_ns = (uint64_t)(opts->timeout * 1e9);
  CRYPTO_PRIMITIVE *prim = item->prim;
  size_t num_rows = 0;
  CRYPTO_IMPL_FOREACH(row, prim) {
    num_rows++;
  }
  if (num_rows > kMaxImplRows) {
    fprintf(stderr, "speed: %s has more than %d rows\n", prim->name,
            kMaxImplRows);
    return 0;
  }
  const CRYPTO_IMPL *chosen = CRYPTO_impl_chosen(prim);
  printf("\n%s: implementations of %s, portable C first; %u round%s, "
         "medians\n",
         item->name, prim->name, opts->rounds, opts->rounds == 1 ? "" : "s");
  CRYPTO_IMPL_FOREACH(row, prim) {
    if (!CRYPTO_impl_is_capable(row)) {
      printf("  (%s skipped: this CPU cannot run it)\n", row->name);
    }
  }
  // The name column fits the longest row name (at least 12 wide).
  int name_width = 12;
  CRYPTO_IMPL_FOREACH(row, prim) {
    if ((int)strlen(row->name) > name_width) {
      name_width = (int)strlen(row->name);
    }
  }
  printf("  %-*s %8s %12s %9s %12s\n", name_width, "impl", "bytes", "MB/s",
         "speed-up",
         cyc->kind == TOOL_CYCLES_TIME && !cyc->hz_is_known ? "ns/byte"
                                                            : "cycles/byte");
  // mbs[k][r] and per_byte[k][r]: round k, row r (its index in the list).
  static double mbs[kMaxImplRounds][kMaxImplRows];
  static double per_byte[kMaxImplRounds][kMaxImplRows];
  size_t num_chunks;
  const size_t *chunks = item_chunks(opts, item, &num_chunks);
  for (size_t c = 0; c < num_chunks; c++) {
    size_t len = chunks[c];
    if (!matches(opts, item, len)) {
      continue;
    }
    for (unsigned k = 0; k < opts->rounds; k++) {
      CRYPTO_IMPL_FOREACH(impl, prim) {
        if (!CRYPTO_impl_is_capable(impl)) {
          continue;
        }
        size_t r = (size_t)(impl - prim->impls);
        if (!CRYPTO_impl_force(prim, impl->name)) {
          fprintf(stderr, "speed: cannot force %s implementation %s\n",
                  prim->name, impl->name);
          return 0;
        }
        struct speed_result res;
        int measured = opts->check
                           ? measure_best(item, len, budget_ns, cyc, &res)
                           : measure(item, len, budget_ns, 1, cyc, &res);
        CRYPTO_impl_force(prim, NULL);
        if (!measured) {
          fprintf(stderr, "speed: %s (%zu bytes) with %s failed\n",
                  item->name, len, impl->name);
          return 0;
        }
        mbs[k][r] = (double)res.calls * (double)len * 1e3 / (double)res.ns;
        per_byte[k][r] =
            (double)res.cycles / ((double)res.calls * (double)len);
      }
    }
    double base_mbs = 0;
    size_t chosen_r = (size_t)(chosen - prim->impls);
    // The portable C row first (the baseline), then each assembly path.
    CRYPTO_IMPL_FOREACH_REFERENCE_FIRST(impl, prim) {
      if (!CRYPTO_impl_is_capable(impl)) {
        continue;
      }
      size_t r = (size_t)(impl - prim->impls);
      double m[kMaxImplRounds], b[kMaxImplRounds];
      for (unsigned k = 0; k < opts->rounds; k++) {
        m[k] = mbs[k][r];
        b[k] = per_byte[k][r];
      }
      double med = median_of(m, opts->rounds);
      if (base_mbs == 0) {
        base_mbs = med;
      }
      printf("  %-*s %8zu %12.1f %8.2fx %12.2f%s\n", name_width, impl->name,
             len, med, med / base_mbs, median_of(b, opts->rounds),
             impl == chosen ? " <- chosen" : "");
    }
    if (opts->check) {
      CRYPTO_IMPL_FOREACH(impl, prim) {
        if (impl == chosen || !CRYPTO_impl_is_capable(impl)) {
          continue;
        }
        size_t r = (size_t)(impl - prim->impls);
        double ratio[kMaxImplRounds];
        for (unsigned k = 0; k < opts->rounds; k++) {
          ratio[k] = mbs[k][r] / mbs[k][chosen_r];
        }
        double med = median_of(ratio, opts->rounds);
        if (med > 1 + opts->margin_pct / 100.0) {
          printf("  check: %s at %zu bytes: %s is %.1f%% faster than the "
                 "chosen %s\n",
                 prim->name, len, impl->name, 100 * (med - 1), chosen->name);
          (*findings)++;
        }
      }
    }
    fflush(stdout);
  }
  return 1;
}

// run_impls prints an implementation table for each selected primitive.
// Where several items share a table, one stands for it: the one marked
// `stands_for_prim` if the filter selects it, else the first selected.
static int run_impls(const struct speed_options *opts) {
  struct tool_cycles cyc;
  tool_cycles_init(&cyc);
  tool_cycles_describe(&cyc);
  int ok = 1, ran = 0;
  size_t findings = 0;
  for (size_t i = 0; i < kNumItems && ok; i++) {
    CRYPTO_PRIMITIVE *prim = kItems[i].prim;
    int seen_before = 0;
    for (size_t j = 0; j < i; j++) {
      seen_before |= kItems[j].prim == prim;
    }
    if (prim == NULL || seen_before) {
      continue;  // no table, or handled with an earlier item
    }
    const struct speed_item *chosen = NULL;
    for (size_t j = i; j < kNumItems; j++) {
      const struct speed_item *item = &kItems[j];
      if (item->prim != prim || !item_selected(opts, item)) {
        continue;
      }
      if (chosen == NULL ||
          (item->stands_for_prim && !chosen->stands_for_prim)) {
        chosen = item;
      }
    }
    if (chosen != NULL) {
      ran = 1;
      ok = impls_table(opts, chosen, &cyc, &findings);
    }
  }
  tool_cycles_cleanup(&cyc);
  if (ok && !ran) {
    fprintf(stderr,
            "speed: no selected item has an implementation table (-impls "
            "covers SHA-1, SHA-256, SHA-512, ChaCha20, Poly1305)\n");
    return 0;
  }
  if (ok && opts->check) {
    if (findings == 0) {
      printf("\ncheck: clean: at every size no row is more than %d%% "
             "faster than the chosen one\n",
             opts->margin_pct);
    } else {
      printf("\ncheck: %zu row(s) more than %d%% faster than the chosen "
             "one (see the check: lines)\n",
             findings, opts->margin_pct);
      return 0;
    }
  }
  return ok;
}

int tool_speed(int argc, char **argv) {
  static const size_t kDefaultChunks[] = {16, 256, 1350, 8192, 16384};
  struct speed_options opts;
  memset(&opts, 0, sizeof(opts));
  opts.timeout = 1.0;
  opts.threads = 1;
  opts.num_chunks = sizeof(kDefaultChunks) / sizeof(kDefaultChunks[0]);
  memcpy(opts.chunks, kDefaultChunks, sizeof(kDefaultChunks));
  char *filter_buf = NULL;
  int ret = 1;

  for (int i = 1; i < argc; i++) {
    const char *arg = argv[i];
    const char *value = i + 1 < argc ? argv[i + 1] : NULL;
    int takes_value =
        strcmp(arg, "-filter") == 0 || strcmp(arg, "-timeout") == 0 ||
        strcmp(arg, "-chunks") == 0 || strcmp(arg, "-threads") == 0 ||
        strcmp(arg, "-rounds") == 0 || strcmp(arg, "-margin") == 0;
    if (takes_value && value == NULL) {
      fprintf(stderr, "speed: %s needs a value\n", arg);
      goto out;
    }
    if (strcmp(arg, "-help") == 0 || strcmp(arg, "--help") == 0 ||
        strcmp(arg, "-h") == 0) {
      speed_usage(stdout);
      ret = 0;
      goto out;
    } else if (strcmp(arg, "-json") == 0) {
      opts.json = 1;
    } else if (strcmp(arg, "-impls") == 0) {
      opts.impls = 1;
    } else if (strcmp(arg, "-check") == 0) {
      opts.impls = 1;
      opts.check = 1;
    } else if (strcmp(arg, "-peers") == 0) {
      opts.peers = 1;
    } else if (strcmp(arg, "-margin") == 0) {
      // A percentage from -99 to 1000: an optional '-' and a u64.
      int neg = value[0] == '-';
      uint64_t n;
      if (!tool_parse_u64(value + neg, &n) || n > (neg ? 99 : 1000)) {
        fprintf(stderr, "speed: bad -margin '%s' (want percent, -99 to 1000)\n",
                value);
        goto out;
      }
      opts.margin_pct = neg ? -(int)n : (int)n;
      opts.margin_set = 1;
      i++;
    } else if (strcmp(arg, "-rounds") == 0) {
      uint64_t n;
      if (!tool_parse_u64(value, &n) || n < 1 || n > kMaxImplRounds) {
        fprintf(stderr, "speed: bad -rounds '%s' (want 1 to %d)\n", value,
                kMaxImplRounds);
        goto out;
      }
      opts.rounds = (unsigned)n;
      i++;
    } else if (strcmp(arg, "-filter") == 0) {
      free(filter_buf);
      free(opts.filters);
      opts.filters = NULL;
      if (!parse_list(value, &filter_buf, &opts.filters, &opts.num_filters)) {
        filter_buf = NULL;
        fprintf(stderr,
                "speed: bad -filter '%s' (want NAME or NAME,NAME,...)\n",
                value);
        goto out;
      }
      i++;
    } else if (strcmp(arg, "-timeout") == 0) {
      if (!tool_parse_seconds(value, &opts.timeout)) {
        fprintf(stderr,
                "speed: bad -timeout '%s' (want seconds, e.g. 1 or 0.05)\n",
                value);
        goto out;
      }
      i++;
    } else if (strcmp(arg, "-threads") == 0) {
      uint64_t n;
      if (!tool_parse_u64(value, &n) || n < 1 || n > kMaxThreads) {
        fprintf(stderr, "speed: bad -threads '%s' (want 1 to %d)\n", value,
                kMaxThreads);
        goto out;
      }
      opts.threads = (unsigned)n;
      i++;
    } else if (strcmp(arg, "-chunks") == 0) {
      char *buf, **list;
      size_t n;
      int good = parse_list(value, &buf, &list, &n);
      if (good) {
        good = n <= kMaxChunks;
        for (size_t c = 0; good && c < n; c++) {
          uint64_t v = 0;
          good = tool_parse_u64(list[c], &v) && v >= 1 && v <= kMaxChunkLen;
          opts.chunks[c] = (size_t)v;
        }
        free(buf);
        free(list);
      }
      if (!good) {
        fprintf(stderr,
                "speed: bad -chunks '%s' (want sizes 1 to %" PRIu64
                " separated by commas, at most %d)\n",
                value, kMaxChunkLen, kMaxChunks);
        goto out;
      }
      opts.num_chunks = n;
      opts.chunks_given = 1;
      i++;
    } else {
      fprintf(stderr, "speed: unknown %s '%s' (try 'bssl speed -help')\n",
              arg[0] == '-' ? "option" : "argument", arg);
      goto out;
    }
  }
  if (opts.impls && (opts.json || opts.threads != 1)) {
    fprintf(stderr,
            "speed: -impls cannot be combined with -json or "
            "-threads\n");
    goto out;
  }
  if (opts.margin_set && !opts.check) {
    fprintf(stderr, "speed: -margin needs -check\n");
    goto out;
  }
  if (!opts.margin_set) {
    opts.margin_pct = kDefaultCheckMarginPct;
  }
  if (opts.rounds != 0 && !opts.impls) {
    fprintf(stderr, "speed: -rounds needs -impls or -check\n");
    goto out;
  }
  if (opts.rounds == 0) {
    // One round for a table; five for -check, whose medians must hold
    // against a shared machine's load.
    opts.rounds = opts.check ? 5 : 1;
  }
  if (opts.peers) {
    print_peers(stdout);
    ret = 0;
    goto out;
  }

  ret = (opts.impls ? run_impls(&opts) : run_normal(&opts)) ? 0 : 1;

out:
  free(filter_buf);
  free(opts.filters);
  return ret;
}
