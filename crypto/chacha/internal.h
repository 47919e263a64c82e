// Copyright 2026 The project authors.
//
// crypto/chacha/internal.h: the implementations of ChaCha20 and the pieces
// the tests reach directly (the quarter round and the table of paths).

#ifndef OPENSSL_HEADER_CRYPTO_CHACHA_INTERNAL_H
#define OPENSSL_HEADER_CRYPTO_CHACHA_INTERNAL_H

#include <openssl/base.h>

#include "../impl.h"
#include "../internal.h"

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

// struct chacha20_impl_fns is what one row of CRYPTO_primitive_chacha20
// provides.
struct chacha20_impl_fns {
  // ctr32 XORs `in_len` bytes of `in` with the keystream of key words `key`
  // (state words 4..11) and `counter_nonce` (state words 12..15:
  // counter_nonce[0] is the block counter, [1..3] the nonce words) and
  // writes them to `out`. `out` equals `in` or does not overlap it. Any
  // `in_len` is allowed, including 0 and partial final blocks. The counter
  // wraps modulo 2^32 inside the call and the nonce words never change.
  void (*ctr32)(uint8_t *out, const uint8_t *in, size_t in_len,
                const uint32_t key[8], const uint32_t counter_nonce[4]);
};

// ChaCha20_ctr32_nohw is the portable C implementation of ctr32.
void ChaCha20_ctr32_nohw(uint8_t *out, const uint8_t *in, size_t in_len,
                         const uint32_t key[8],
                         const uint32_t counter_nonce[4]);

// CRYPTO_primitive_chacha20 lists the ChaCha20 implementations, best first,
// ending with "nohw". CRYPTO_chacha_20 dispatches through it and the tests
// run every row the CPU can run.
extern CRYPTO_PRIMITIVE CRYPTO_primitive_chacha20;

#if defined(__cplusplus)
}  // extern "C"
#endif

#endif  // OPENSSL_HEADER_CRYPTO_CHACHA_INTERNAL_H
