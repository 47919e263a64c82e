// Copyright 2026 The project authors.
//
// crypto/chacha/internal.h: the pieces of ChaCha20 that chacha.c and the
// tests share (the constants, the quarter round and the rounds), and the
// list of paths (impls.h). Layers above ChaCha20 include words.h instead.

#ifndef OPENSSL_HEADER_CRYPTO_CHACHA_INTERNAL_H
#define OPENSSL_HEADER_CRYPTO_CHACHA_INTERNAL_H

#include <openssl/base.h>

#include "../internal.h"
#include "impls.h"
#include "words.h"

#if defined(__cplusplus)
extern "C" {
#endif

// The four constant words "expand 32-byte k" (RFC 8439, section 2.3).
#define CHACHA20_CONSTANT0 0x61707865u
#define CHACHA20_CONSTANT1 0x3320646eu
#define CHACHA20_CONSTANT2 0x79622d32u
#define CHACHA20_CONSTANT3 0x6b206574u

// chacha20_quarter_round applies QUARTERROUND(a, b, c, d) of RFC 8439,
// section 2.1, to words `a`, `b`, `c`, `d` of `x`:
//   a += b; d ^= a; d <<<= 16;
//   c += d; b ^= c; b <<<= 12;
//   a += b; d ^= a; d <<<= 8;
//   c += d; b ^= c; b <<<= 7;
static inline void chacha20_quarter_round(uint32_t x[16], int a, int b, int c,
                                          int d) {
  x[a] += x[b]; x[d] = CRYPTO_rotl_u32(x[d] ^ x[a], 16);
  x[c] += x[d]; x[b] = CRYPTO_rotl_u32(x[b] ^ x[c], 12);
  x[a] += x[b]; x[d] = CRYPTO_rotl_u32(x[d] ^ x[a], 8);
  x[c] += x[d]; x[b] = CRYPTO_rotl_u32(x[b] ^ x[c], 7);
}

// chacha20_rounds applies the 20 rounds (10 column rounds interleaved with
// 10 diagonal rounds, RFC 8439 section 2.3) to `x` in place, without the
// final addition of the input state.
static inline void chacha20_rounds(uint32_t x[16]) {
  for (int i = 0; i < 10; i++) {
    chacha20_quarter_round(x, 0, 4, 8, 12);
    chacha20_quarter_round(x, 1, 5, 9, 13);
    chacha20_quarter_round(x, 2, 6, 10, 14);
    chacha20_quarter_round(x, 3, 7, 11, 15);
    chacha20_quarter_round(x, 0, 5, 10, 15);
    chacha20_quarter_round(x, 1, 6, 11, 12);
    chacha20_quarter_round(x, 2, 7, 8, 13);
    chacha20_quarter_round(x, 3, 4, 9, 14);
  }
}

#if defined(__cplusplus)
}  // extern "C"
#endif

#endif  // OPENSSL_HEADER_CRYPTO_CHACHA_INTERNAL_H
