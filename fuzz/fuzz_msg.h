// Copyright 2026 The project authors.
//
// fuzz/fuzz_msg.h: the message and buffer helpers of the fuzz targets that
// take a long message (chacha20, aead, aead_open), on top of fuzz_util.h:
//   - fuzz_message: the message = the rest of the input followed by
//     generated "filler" bytes, capped, in a heap block of its own;
//   - fuzz_dup: a copy of some bytes in a heap block of exactly their size,
//     so AddressSanitizer reports any access past them;
//   - fuzz_check_zero: a failed AEAD call must leave its outputs zeroed;
//   - fuzz_aead_read_params / fuzz_aead_print_rows: the fields every AEAD
//     target's input carries after its own header, and its start-up line.

#ifndef BITTERN_FUZZ_FUZZ_MSG_H
#define BITTERN_FUZZ_FUZZ_MSG_H

#include <openssl/aead.h>

#include "../crypto/chacha/internal.h"
#include "../crypto/poly1305/internal.h"
#include "fuzz_util.h"

// fuzz_message consumes the rest of the input and returns the message: the
// first min(rest, max_len) input bytes followed by `filler` bytes from
// fuzz_rng_next seeded with `filler_state` (fewer if that would exceed
// `max_len` in all). It sets `*len` to the message's length; the block has
// one spare byte, so it is never empty. Free it with free().
static inline uint8_t *fuzz_message(struct fuzz_reader *r, size_t filler,
                                    uint32_t filler_state, size_t max_len,
                                    size_t *len) {
  size_t rest_len;
  const uint8_t *rest = fuzz_rest(r, &rest_len);
  if (rest_len > max_len) {
    rest_len = max_len;
  }
  if (filler > max_len - rest_len) {
    filler = max_len - rest_len;
  }
  *len = rest_len + filler;
  uint8_t *msg = malloc(*len + 1);
  FUZZ_CHECK(msg != NULL);
  if (rest_len > 0) {
    memcpy(msg, rest, rest_len);
  }
  for (size_t i = rest_len; i < *len; i++) {
    msg[i] = (uint8_t)fuzz_rng_next(&filler_state);
  }
  return msg;
}

// fuzz_dup returns a heap block of exactly `n` bytes (one byte when `n` is
// 0, never read then) holding a copy of `in`.
static inline uint8_t *fuzz_dup(const uint8_t *in, size_t n) {
  uint8_t *p = malloc(n ? n : 1);
  FUZZ_CHECK(p != NULL);
  if (n > 0) {
    memcpy(p, in, n);
  }
  return p;
}

// fuzz_check_zero aborts unless the `n` bytes at `p` are all zero.
static inline void fuzz_check_zero(const uint8_t *p, size_t n) {
  for (size_t i = 0; i < n; i++) {
    FUZZ_CHECK(p[i] == 0);
  }
}

// struct fuzz_aead_params: the fields shared by the AEAD targets' inputs.
struct fuzz_aead_params {
  uint8_t key[32];
  uint8_t nonce[24];  // ChaCha20-Poly1305 uses the first 12
  size_t nonce_len;   // EVP_AEAD_nonce_length of the AEAD
  const uint8_t *ad;  // points into the fuzz input
  size_t ad_len;
  size_t filler;  // filler length for fuzz_message
  uint32_t seed;  // filler seed
};

// fuzz_aead_read_params reads, in this order: key (32 bytes), nonce (24),
// AD length (1 byte), filler length (2 bytes, fuzz_filler_len), filler
// seed (4), then the AD itself (as much of it as the input still holds).
static inline void fuzz_aead_read_params(struct fuzz_reader *r,
                                         const EVP_AEAD *aead,
                                         struct fuzz_aead_params *p) {
  fuzz_take(r, p->key, sizeof(p->key));
  fuzz_take(r, p->nonce, sizeof(p->nonce));
  p->nonce_len = EVP_AEAD_nonce_length(aead);
  FUZZ_CHECK(p->nonce_len <= sizeof(p->nonce));
  size_t ad_len = fuzz_u8(r);
  p->filler = fuzz_filler_len(fuzz_u16(r));
  p->seed = fuzz_u32(r);
  p->ad_len = ad_len < r->len ? ad_len : r->len;
  p->ad = r->data;
  r->data += p->ad_len;
  r->len -= p->ad_len;
}

// fuzz_aead_print_rows prints the ChaCha20 and Poly1305 rows an AEAD target
// covers on this CPU (from LLVMFuzzerInitialize).
static inline void fuzz_aead_print_rows(void) {
  fuzz_print_rows(&CRYPTO_primitive_chacha20);
  fuzz_print_rows(&CRYPTO_primitive_poly1305);
}

#endif  // BITTERN_FUZZ_FUZZ_MSG_H
