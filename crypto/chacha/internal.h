// Copyright 2026 The project authors.
//
// crypto/chacha/internal.h: the implementations of ChaCha20 and the pieces
// the tests reach directly (the quarter round and the table of paths).

#ifndef OPENSSL_HEADER_CRYPTO_CHACHA_INTERNAL_H
#define OPENSSL_HEADER_CRYPTO_CHACHA_INTERNAL_H

#include <openssl/base.h>

#include <assert.h>
#include <string.h>

#include <openssl/mem.h>

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

// The helpers below serve the C glue of the assembly paths (asm/*.c), which
// turns whole-block functions into rows with the `ctr32` contract.

// chacha20_blocks_fn is the type of a whole-block function: it XORs
// `num_blocks` whole 64-byte blocks of `in` with the keystream of `key` and
// `counter_nonce` (block i uses counter counter_nonce[0] + i mod 2^32) into
// `out`, which equals `in` or does not overlap it, touching no byte past
// the last whole block.
typedef void (*chacha20_blocks_fn)(uint8_t *out, const uint8_t *in,
                                   size_t num_blocks, const uint32_t key[8],
                                   const uint32_t counter_nonce[4]);

// chacha20_advance sets `next` to the counter and nonce words of the block
// `blocks` blocks after the first block of `counter_nonce`: the counter
// advanced modulo 2^32 (the truncating cast is that wrap), the nonce words
// unchanged.
static inline void chacha20_advance(uint32_t next[4],
                                    const uint32_t counter_nonce[4],
                                    size_t blocks) {
  next[0] = counter_nonce[0] + (uint32_t)blocks;
  next[1] = counter_nonce[1];
  next[2] = counter_nonce[2];
  next[3] = counter_nonce[3];
}

// CHACHA20_REST_MAX_BLOCKS is the most blocks chacha20_rest_via_blocks
// takes: the widest group of any path's block function (eight, x86-64
// AVX2), so every glue file can hand it a final partial group.
#define CHACHA20_REST_MAX_BLOCKS 8

// chacha20_rest_via_blocks XORs `len` bytes, 0 < len <= 64 *
// CHACHA20_REST_MAX_BLOCKS, with the keystream from the block function
// `fn`, under the `ctr32` contract (out == in or no overlap; nothing past
// `len` touched). Whole blocks go straight to `fn`. Otherwise the bytes are
// copied to a stack buffer zero-padded to whole blocks, XORed there in
// place by one call of `fn`, copied out, and the buffer is wiped: it holds
// plaintext and ciphertext, hence keystream. The padding's keystream is
// computed and discarded; a block function's final group costs as much
// whether or not it is full, so this is the cheapest way to a partial
// block's keystream from it.
static inline void chacha20_rest_via_blocks(chacha20_blocks_fn fn,
                                            uint8_t *out, const uint8_t *in,
                                            size_t len, const uint32_t key[8],
                                            const uint32_t counter_nonce[4]) {
  size_t blocks = (len + 63) / 64;
  if (len % 64 == 0) {
    fn(out, in, blocks, key, counter_nonce);
    return;
  }
  uint8_t buf[64 * CHACHA20_REST_MAX_BLOCKS];
  assert(blocks <= CHACHA20_REST_MAX_BLOCKS);
  memcpy(buf, in, len);
  memset(buf + len, 0, blocks * 64 - len);
  fn(buf, buf, blocks, key, counter_nonce);
  memcpy(out, buf, len);
  OPENSSL_cleanse(buf, blocks * 64);
}

// chacha20_whole_groups XORs the whole groups of `width` blocks at the
// start of the `in_len` bytes of `in` into `out` with one call of `fn`
// (none when there is no whole group), sets `next` to the counter and nonce
// words of the first block after them (chacha20_advance) and returns the
// number of bytes done, a multiple of 64 * `width`; the rest, under
// 64 * `width` bytes, is the caller's.
static inline size_t chacha20_whole_groups(chacha20_blocks_fn fn, size_t width,
                                           uint8_t *out, const uint8_t *in,
                                           size_t in_len,
                                           const uint32_t key[8],
                                           const uint32_t counter_nonce[4],
                                           uint32_t next[4]) {
  size_t blocks = in_len / (64 * width) * width;
  if (blocks > 0) {
    fn(out, in, blocks, key, counter_nonce);
  }
  chacha20_advance(next, counter_nonce, blocks);
  return blocks * 64;
}

// chacha20_ctr32_one_block_fn implements the `ctr32` contract with the
// one-block-at-a-time block function `fn`: every whole block straight, a
// final partial block through the padded buffer of
// chacha20_rest_via_blocks.
static inline void chacha20_ctr32_one_block_fn(
    chacha20_blocks_fn fn, uint8_t *out, const uint8_t *in, size_t in_len,
    const uint32_t key[8], const uint32_t counter_nonce[4]) {
  uint32_t next[4];
  size_t done =
      chacha20_whole_groups(fn, 1, out, in, in_len, key, counter_nonce, next);
  if (done < in_len) {
    chacha20_rest_via_blocks(fn, out + done, in + done, in_len - done, key,
                             next);
  }
}

#if defined(__cplusplus)
}  // extern "C"
#endif

#endif  // OPENSSL_HEADER_CRYPTO_CHACHA_INTERNAL_H
