// Copyright 2026 The project authors.
//
// fuzz/chacha20.c: differential fuzzer for ChaCha20 (RFC 8439, section 2.4)
// through CRYPTO_chacha_20.
//
// Input layout: key (32 bytes), nonce (12), counter (4, little-endian),
// mode (1 byte), filler length (2 bytes, see
// fuzz_filler_len), split seed (4), then the message.
// Mode bit 0 replaces the counter with 2^32 - 1 - (counter mod 1024), so
// messages up to 64 KiB (1024 blocks) cross the wrap of the 32-bit block
// counter, which the library defines as wrapping modulo 2^32 within a call.
// The message is the rest of the input followed by `filler length` bytes
// from a generator seeded by the input, capped at 64 KiB in all, so long
// messages are reached without long inputs.
//
// Under every ChaCha20 row the CPU can run, the keystream XOR is computed:
// out of place into a buffer at an input-chosen misalignment; in place; and
// in pieces of whole blocks (the counter advanced by the blocks done, mod
// 2^32) with a final partial piece. All three must agree, and every row must
// give the output of the "nohw" row.

#include <openssl/chacha.h>

#include "../crypto/chacha/internal.h"
#include "fuzz_msg.h"

#define CHACHA_FUZZ_MAX_LEN 65536

struct chacha_args {
  uint8_t key[32];
  uint8_t nonce[12];
  uint32_t counter;
  uint32_t seed;
  const uint8_t *msg;
  size_t msg_len;
};

static void chacha_run(const void *arg, uint8_t *out) {
  const struct chacha_args *a = arg;
  // Out of place, with the output misaligned by 0..15 bytes.
  size_t misalign = a->seed & 15;
  uint8_t *buf = malloc(a->msg_len + 16);
  FUZZ_CHECK(buf != NULL);
  CRYPTO_chacha_20(buf + misalign, a->msg, a->msg_len, a->key, a->nonce,
                   a->counter);
  if (a->msg_len > 0) {
    memcpy(out, buf + misalign, a->msg_len);
  }

  // In place.
  if (a->msg_len > 0) {
    memcpy(buf, a->msg, a->msg_len);
  }
  CRYPTO_chacha_20(buf, buf, a->msg_len, a->key, a->nonce, a->counter);
  FUZZ_CHECK(a->msg_len == 0 || memcmp(buf, out, a->msg_len) == 0);

  // In pieces of 0..4 whole blocks, each call starting at counter + the
  // number of blocks already done (mod 2^32); after 64 pieces, or when the
  // generator says so, the rest in one call.
  uint32_t s = a->seed;
  size_t done = 0;
  for (int piece = 0; done < a->msg_len; piece++) {
    uint32_t x = fuzz_rng_next(&s) % 6;
    size_t n = a->msg_len - done;
    if (x < 5 && piece < 64 && (size_t)64 * x < n) {
      n = (size_t)64 * x;
    }
    uint32_t ctr = a->counter + (uint32_t)(done / 64);
    CRYPTO_chacha_20(buf + done, a->msg + done, n, a->key, a->nonce, ctr);
    done += n;
  }
  FUZZ_CHECK(a->msg_len == 0 || memcmp(buf, out, a->msg_len) == 0);
  free(buf);
}

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerInitialize(int *argc, char ***argv) {
  (void)argc;
  (void)argv;
  fuzz_print_rows(&CRYPTO_primitive_chacha20);
  return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  struct fuzz_reader r = {data, size};
  struct chacha_args a;
  fuzz_take(&r, a.key, sizeof(a.key));
  fuzz_take(&r, a.nonce, sizeof(a.nonce));
  a.counter = fuzz_u32(&r);
  uint8_t mode = fuzz_u8(&r);
  if (mode & 1) {
    a.counter = 0xffffffffu - (a.counter % 1024);
  }
  size_t filler = fuzz_filler_len(fuzz_u16(&r));
  a.seed = fuzz_u32(&r);
  uint8_t *msg = fuzz_message(&r, filler, a.seed ^ 0x6a09e667u,
                              CHACHA_FUZZ_MAX_LEN, &a.msg_len);
  a.msg = msg;
  CRYPTO_PRIMITIVE *prims[1] = {&CRYPTO_primitive_chacha20};
  fuzz_differential(prims, 1, chacha_run, &a, a.msg_len);
  free(msg);
  return 0;
}
