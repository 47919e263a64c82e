// Copyright 2026 The project authors.
//
// fuzz/fuzz_util.h: helpers shared by the differential fuzz targets.
//
// Every target follows the same plan:
//   1. decode the fuzz input into parameters with a struct fuzz_reader
//      (fixed-size fields first, the rest is message data);
//   2. define a "run" callback that computes everything the target checks
//      (one-shot and split-into-pieces results, already compared with each
//      other) and writes one output buffer;
//   3. call fuzz_differential(), which runs that callback once with every
//      primitive forced to its portable reference row (the last row of its
//      CRYPTO_PRIMITIVE table: "nohw", or "c26" for Poly1305) and once for
//      every other combination of rows the CPU can run, and abort()s on the
//      first output that differs from the reference.
// A failed check prints what differed before abort() so libFuzzer saves the
// crashing input.

#ifndef BITTERN_FUZZ_FUZZ_UTIL_H
#define BITTERN_FUZZ_FUZZ_UTIL_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/err.h>

#include "../crypto/impl.h"

// FUZZ_CHECK aborts with the file, line and condition if `cond` is false.
#define FUZZ_CHECK(cond)                                                   \
  do {                                                                     \
    if (!(cond)) {                                                         \
      fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__,     \
              #cond);                                                      \
      abort();                                                             \
    }                                                                      \
  } while (0)

// struct fuzz_reader hands out the fuzz input front to back. Once the input
// is used up, every further field reads as zero bytes, so any input, even
// the empty one, decodes to some valid parameters.
struct fuzz_reader {
  const uint8_t *data;
  size_t len;
};

// fuzz_take copies the next `n` input bytes to `out`, zero-filling what the
// input lacks.
static inline void fuzz_take(struct fuzz_reader *r, uint8_t *out, size_t n) {
  size_t avail = n < r->len ? n : r->len;
  if (avail > 0) {
    memcpy(out, r->data, avail);
  }
  memset(out + avail, 0, n - avail);
  r->data += avail;
  r->len -= avail;
}

static inline uint8_t fuzz_u8(struct fuzz_reader *r) {
  uint8_t b;
  fuzz_take(r, &b, 1);
  return b;
}

static inline uint16_t fuzz_u16(struct fuzz_reader *r) {
  uint8_t b[2];
  fuzz_take(r, b, 2);
  return (uint16_t)(b[0] | (b[1] << 8));
}

static inline uint32_t fuzz_u32(struct fuzz_reader *r) {
  uint8_t b[4];
  fuzz_take(r, b, 4);
  return (uint32_t)b[0] | ((uint32_t)b[1] << 8) | ((uint32_t)b[2] << 16) |
         ((uint32_t)b[3] << 24);
}

// fuzz_rest returns the unread input (possibly empty) and consumes it.
static inline const uint8_t *fuzz_rest(struct fuzz_reader *r, size_t *len) {
  const uint8_t *p = r->data;
  *len = r->len;
  r->data += r->len;
  r->len = 0;
  return p;
}

// fuzz_filler_len decodes a 2-byte "filler length" field: how many generated
// bytes to append to a message, so long messages are reached without long
// inputs. Three values in four give 0..1023 bytes (quick runs, every short
// length); the fourth gives a multiple of 4 up to 65532, for the wide paths
// and the 64 KiB limits. Values: f = 4 * n for short n < 1024, and
// f = 4 * (n / 4) + 3 for long n.
static inline size_t fuzz_filler_len(uint16_t f) {
  if ((f & 3) != 3) {
    return (size_t)(f >> 2) % 1024;
  }
  return (size_t)(f >> 2) * 4;
}

// fuzz_rng is a tiny deterministic generator (xorshift32) for split points
// and for filler bytes that stretch short inputs to long messages. It only
// has to be reproducible from the input, not unpredictable.
static inline uint32_t fuzz_rng_next(uint32_t *s) {
  uint32_t x = *s ? *s : 0x9e3779b9u;
  x ^= x << 13;
  x ^= x >> 17;
  x ^= x << 5;
  *s = x;
  return x;
}

// fuzz_split_len returns the length of the next piece of a message whose
// `remaining` bytes are still to be fed: mostly short pieces (0..17 bytes,
// zero-length calls included, so every partial-block offset is reached),
// sometimes up to 3 blocks of 64, sometimes everything left.
static inline size_t fuzz_split_len(uint32_t *s, size_t remaining) {
  uint32_t x = fuzz_rng_next(s);
  size_t n;
  switch (x & 3) {
    case 0:
    case 1:
      n = (x >> 8) % 18;
      break;
    case 2:
      n = (x >> 8) % 193;
      break;
    default:
      n = remaining;
      break;
  }
  return n < remaining ? n : remaining;
}

// fuzz_print_rows prints, once at start-up (from LLVMFuzzerInitialize), the
// rows of `prim` this CPU can run, so a log shows which paths were covered.
static inline void fuzz_print_rows(const CRYPTO_PRIMITIVE *prim) {
  fprintf(stderr, "fuzz: %s rows:", prim->name);
  CRYPTO_IMPL_FOREACH(row, prim) {
    if (CRYPTO_impl_is_capable(row)) {
      fprintf(stderr, " %s", row->name);
    }
  }
  fprintf(stderr, "\n");
}

// fuzz_run_fn computes a target's result into `out` (`out_len` bytes, as
// given to fuzz_differential) with whatever rows are currently forced.
typedef void (*fuzz_run_fn)(const void *arg, uint8_t *out);

struct fuzz_diff {
  CRYPTO_PRIMITIVE **prims;
  size_t num_prims;
  const char **names;  // the row forced for each primitive, for messages
  fuzz_run_fn run;
  const void *arg;
  uint8_t *ref;
  uint8_t *got;
  size_t out_len;
};

static inline void fuzz_report_mismatch(const struct fuzz_diff *d) {
  size_t i = 0;
  while (i < d->out_len && d->ref[i] == d->got[i]) {
    i++;
  }
  fprintf(stderr, "differential mismatch at output byte %zu with rows:", i);
  for (size_t p = 0; p < d->num_prims; p++) {
    fprintf(stderr, " %s=%s", d->prims[p]->name, d->names[p]);
  }
  fprintf(stderr, " (reference: last row of each table)\n");
}

// fuzz_walk forces every capable row of primitives `idx`.. in turn (the
// cartesian product over the primitives) and, for each complete choice,
// runs the target and compares its output with the reference.
static inline void fuzz_walk(struct fuzz_diff *d, size_t idx) {
  if (idx == d->num_prims) {
    memset(d->got, 0x5a, d->out_len);
    d->run(d->arg, d->got);
    if (memcmp(d->ref, d->got, d->out_len) != 0) {
      fuzz_report_mismatch(d);
      abort();
    }
    return;
  }
  CRYPTO_PRIMITIVE *prim = d->prims[idx];
  CRYPTO_IMPL_FOREACH(row, prim) {
    if (!CRYPTO_impl_is_capable(row)) {
      continue;
    }
    FUZZ_CHECK(CRYPTO_impl_force(prim, row->name));
    d->names[idx] = row->name;
    fuzz_walk(d, idx + 1);
  }
}

// fuzz_differential runs `run` with the reference row of each of the
// `num_prims` primitives in `prims` forced, then with every combination of
// rows this CPU can run (the reference combination included, which also
// checks that `run` is deterministic), and aborts on any output differing
// from the reference. `out_len` may be zero. Afterwards the dispatchers are
// back to choosing by CPU.
static inline void fuzz_differential(CRYPTO_PRIMITIVE **prims,
                                     size_t num_prims, fuzz_run_fn run,
                                     const void *arg, size_t out_len) {
  const char *names[8];
  FUZZ_CHECK(num_prims <= sizeof(names) / sizeof(names[0]));
  struct fuzz_diff d = {prims, num_prims, names, run, arg,
                        malloc(out_len + 1), malloc(out_len + 1), out_len};
  FUZZ_CHECK(d.ref != NULL && d.got != NULL);
  for (size_t p = 0; p < num_prims; p++) {
    const CRYPTO_IMPL *last = CRYPTO_impl_reference(prims[p]);
    FUZZ_CHECK(last->capable == NULL);
    FUZZ_CHECK(CRYPTO_impl_force(prims[p], last->name));
  }
  memset(d.ref, 0xa5, out_len);
  run(arg, d.ref);
  fuzz_walk(&d, 0);
  for (size_t p = 0; p < num_prims; p++) {
    FUZZ_CHECK(CRYPTO_impl_force(prims[p], NULL));
  }
  free(d.ref);
  free(d.got);
}

#endif  // BITTERN_FUZZ_FUZZ_UTIL_H
