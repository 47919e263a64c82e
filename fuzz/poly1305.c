// Copyright 2026 The project authors.
//
// fuzz/poly1305.c: differential fuzzer for Poly1305 (RFC 8439, section 2.5)
// through CRYPTO_poly1305_init/update/finish.
//
// Input layout: key (32 bytes: r then s), filler length (2 bytes, see
// fuzz_filler_len), split
// seed (4), then the message. The message is the rest of the input followed
// by `filler length` bytes from a generator seeded by the input (64 KiB at
// most in all). Inputs whose blocks are all 0xff and keys with large r reach
// the carries of h = (h + m + 2^128) * r mod 2^130 - 5 that wide-limb code
// gets wrong; the seed corpus has such files.
//
// Under every Poly1305 row the CPU can run ("c64" and "c26" are both C
// rows; the reference is "c26", the last one), the tag of the whole message
// in one update must equal the tag of the message fed in pseudo-random
// pieces (zero-length updates included), and every row must give the tag of
// the reference row.

#include <openssl/poly1305.h>

#include "../crypto/poly1305/internal.h"
#include "fuzz_util.h"

#define POLY1305_FUZZ_MAX_LEN 65536

struct poly_args {
  uint8_t key[32];
  uint32_t seed;
  const uint8_t *msg;
  size_t msg_len;
};

static void poly_run(const void *arg, uint8_t *out) {
  const struct poly_args *a = arg;
  poly1305_state st;
  CRYPTO_poly1305_init(&st, a->key);
  CRYPTO_poly1305_update(&st, a->msg, a->msg_len);
  CRYPTO_poly1305_finish(&st, out);

  uint8_t tag[16];
  uint32_t s = a->seed;
  CRYPTO_poly1305_init(&st, a->key);
  size_t done = 0;
  do {
    size_t n = fuzz_split_len(&s, a->msg_len - done);
    CRYPTO_poly1305_update(&st, a->msg + done, n);
    done += n;
  } while (done < a->msg_len);
  CRYPTO_poly1305_finish(&st, tag);
  FUZZ_CHECK(memcmp(tag, out, 16) == 0);
}

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerInitialize(int *argc, char ***argv) {
  (void)argc;
  (void)argv;
  fuzz_print_rows(&CRYPTO_primitive_poly1305);
  return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  struct fuzz_reader r = {data, size};
  struct poly_args a;
  fuzz_take(&r, a.key, sizeof(a.key));
  size_t filler = fuzz_filler_len(fuzz_u16(&r));
  a.seed = fuzz_u32(&r);
  size_t rest_len;
  const uint8_t *rest = fuzz_rest(&r, &rest_len);
  if (rest_len > POLY1305_FUZZ_MAX_LEN) {
    rest_len = POLY1305_FUZZ_MAX_LEN;
  }
  if (filler > POLY1305_FUZZ_MAX_LEN - rest_len) {
    filler = POLY1305_FUZZ_MAX_LEN - rest_len;
  }
  a.msg_len = rest_len + filler;
  uint8_t *msg = malloc(a.msg_len + 1);
  FUZZ_CHECK(msg != NULL);
  if (rest_len > 0) {
    memcpy(msg, rest, rest_len);
  }
  // Filler: generator bytes, or all 0xff (maximal limbs) when the seed is
  // odd, to keep the carry paths busy on long messages too.
  uint32_t fs = a.seed ^ 0xbb67ae85u;
  for (size_t i = rest_len; i < a.msg_len; i++) {
    msg[i] = (a.seed & 1) ? 0xff : (uint8_t)fuzz_rng_next(&fs);
  }
  a.msg = msg;
  CRYPTO_PRIMITIVE *prims[1] = {&CRYPTO_primitive_poly1305};
  fuzz_differential(prims, 1, poly_run, &a, 16);
  free(msg);
  return 0;
}
