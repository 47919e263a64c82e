// Copyright 2026 The project authors.
//
// fuzz/sha_batch.c: differential fuzzer for batch hashing
// (SHA256_hash_pairs, SHA256_batch, SHA512_hash_pairs, SHA512_batch).
//
// Input layout: split seed (4 bytes, little-endian), then the data. The
// data is cut into consecutive messages of pseudo-random lengths
// (fuzz_split_len from the seed; some empty ones get NULL), hashed in
// one batch, and each digest must equal SHA256()/SHA512() of that message;
// the data's whole 64-byte (128-byte) blocks are hashed as pairs and
// checked the same way, once more in place. fuzz_differential runs this
// under every combination of batch rows and one-message block rows the CPU
// can run, and the outputs must match those of the "nohw" rows.

#include <openssl/sha.h>

#include "../crypto/sha/internal.h"
#include "../crypto/sha/sha_batch.h"
#include "fuzz_util.h"

#define MAX_MSGS 512

struct batch_hash {
  CRYPTO_PRIMITIVE *batch_prim, *block_prim;
  size_t block, md_len;
  uint8_t *(*oneshot)(const uint8_t *data, size_t len, uint8_t *out);
  void (*pairs)(uint8_t *out, const uint8_t *in, size_t n);
  void (*batch)(uint8_t *out, const uint8_t *const *ins, const size_t *lens,
                size_t n);
};

static const struct batch_hash kHashes[] = {
    {&CRYPTO_primitive_sha256_batch, &CRYPTO_primitive_sha256, 64, 32, SHA256,
     SHA256_hash_pairs, SHA256_batch},
    {&CRYPTO_primitive_sha512_batch, &CRYPTO_primitive_sha512, 128, 64,
     SHA512, SHA512_hash_pairs, SHA512_batch},
};

struct batch_args {
  const struct batch_hash *h;
  uint32_t seed;
  const uint8_t *data;
  size_t len;
  // The messages, from the seed.
  const uint8_t *ins[MAX_MSGS];
  size_t lens[MAX_MSGS];
  size_t n;
};

// The output: the batch digests, then the pairs digests.
static size_t out_len(const struct batch_args *a) {
  return (a->n + a->len / a->h->block) * a->h->md_len;
}

static void batch_run(const void *arg, uint8_t *out) {
  const struct batch_args *a = arg;
  const struct batch_hash *h = a->h;
  uint8_t want[SHA512_DIGEST_LENGTH];
  h->batch(out, a->ins, a->lens, a->n);
  for (size_t i = 0; i < a->n; i++) {
    h->oneshot(a->ins[i], a->lens[i], want);
    FUZZ_CHECK(memcmp(want, out + i * h->md_len, h->md_len) == 0);
  }
  uint8_t *pairs = out + a->n * h->md_len;
  size_t np = a->len / h->block;
  h->pairs(pairs, a->data, np);
  for (size_t i = 0; i < np; i++) {
    h->oneshot(a->data + i * h->block, h->block, want);
    FUZZ_CHECK(memcmp(want, pairs + i * h->md_len, h->md_len) == 0);
  }
  // In place, on a copy.
  if (np != 0) {
    uint8_t *copy = malloc(np * h->block);
    FUZZ_CHECK(copy != NULL);
    memcpy(copy, a->data, np * h->block);
    h->pairs(copy, copy, np);
    FUZZ_CHECK(memcmp(copy, pairs, np * h->md_len) == 0);
    free(copy);
  }
}

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerInitialize(int *argc, char ***argv) {
  (void)argc;
  (void)argv;
  fuzz_print_rows(&CRYPTO_primitive_sha256_batch);
  fuzz_print_rows(&CRYPTO_primitive_sha512_batch);
  return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  struct fuzz_reader r = {data, size};
  static struct batch_args a;
  a.seed = fuzz_u32(&r);
  a.data = fuzz_rest(&r, &a.len);
  // Cut the data into consecutive messages; some of the empty ones get a
  // NULL pointer.
  uint32_t s = a.seed;
  size_t pos = 0;
  a.n = 0;
  do {
    size_t len = fuzz_split_len(&s, a.len - pos);
    int null = len == 0 && (a.data == NULL || (fuzz_rng_next(&s) & 1));
    a.ins[a.n] = null ? NULL : a.data + pos;
    a.lens[a.n] = len;
    a.n++;
    pos += len;
  } while (a.n < MAX_MSGS && pos < a.len);
  for (size_t i = 0; i < sizeof(kHashes) / sizeof(kHashes[0]); i++) {
    a.h = &kHashes[i];
    CRYPTO_PRIMITIVE *prims[2] = {a.h->batch_prim, a.h->block_prim};
    fuzz_differential(prims, 2, batch_run, &a, out_len(&a));
  }
  return 0;
}
