// Copyright 2026 The project authors.
//
// crypto/chacha/asm/chacha_asm.c: the C glue between the whole-block x86-64
// ChaCha20 assembly (chacha-x86_64.pl) and the `ctr32` contract of
// crypto/chacha/internal.h (any length), and the implementation rows built
// from it.
//
// DESIGN.md keeps partial-block handling in C, in one place: here,
// chacha20_ctr32_wide, shared by every row.

#include "chacha_asm.h"

#include <string.h>

#include <openssl/mem.h>

#if defined(OPENSSL_X86_64) && !defined(OPENSSL_NO_ASM)

// kMaxWidth is the widest group a block function computes at once (the
// AVX2 code's final loop), in blocks.
#define kMaxWidth 8

// kScalarMaxRest: a final rest of at most this many bytes goes to the
// general-purpose-register code ChaCha20_ctr32_x86_64. Measured here (TSC
// ticks per call, see chacha-x86_64.pl): one group costs ~375 ticks in
// either wide function, however few of its blocks are used, while
// ChaCha20_ctr32_x86_64 costs ~161-173 ticks per block (the C code
// ~174-186); so the scalar code wins up to two blocks (~340 ticks) and a
// wide group from three blocks (~510).
#define kScalarMaxRest (2 * 64)

// kChaCha20ShortMax: the avx512 row sends inputs of at most this many bytes
// to ChaCha20_ctr32_x86_64. Median TSC ticks per call of the entry points
// (method and table in chacha-x86_64.pl): 64 bytes 161-173
// scalar against 231-247 for the AVX-512 one-block code; 80 and 128 bytes
// 312-340 scalar against 244-266 for its four-block rows. So one block.
#define kChaCha20ShortMax 64

// chacha20_ctr32_wide implements the `ctr32` contract of
// crypto/chacha/internal.h with the block function `wide`, which computes
// `width` blocks at a time (a group of fewer costs as much as a full one):
//   1. the whole groups of `width` blocks go straight to `wide`;
//   2. a rest of at most kScalarMaxRest bytes goes to the scalar code;
//   3. a longer rest of whole blocks goes to `wide` (one group);
//   4. a longer rest ending in a partial block is copied to a zero-padded
//      stack buffer of whole blocks, XORed there in place by one more call
//      of `wide` (one group, the cheapest way to get its keystream), copied
//      out and wiped.
// The counter of each later step is advanced past the blocks before it,
// modulo 2^32 (the truncating casts are that wrap).
static void chacha20_ctr32_wide(chacha20_blocks_fn wide, size_t width,
                                uint8_t *out, const uint8_t *in,
                                size_t in_len, const uint32_t key[8],
                                const uint32_t counter_nonce[4]) {
  size_t group_blocks = in_len / (64 * width) * width;
  if (group_blocks > 0) {
    wide(out, in, group_blocks, key, counter_nonce);
  }
  size_t done = group_blocks * 64;
  size_t rest = in_len - done;  // < 64 * width
  if (rest == 0) {
    return;
  }
  uint32_t next[4] = {counter_nonce[0] + (uint32_t)group_blocks,
                      counter_nonce[1], counter_nonce[2], counter_nonce[3]};
  if (rest <= kScalarMaxRest) {
    ChaCha20_ctr32_x86_64(out + done, in + done, rest, key, next);
    return;
  }
  if (rest % 64 == 0) {
    // Whole blocks only: the block function takes a short group itself.
    wide(out + done, in + done, rest / 64, key, next);
    return;
  }
  uint8_t buf[64 * kMaxWidth];
  size_t rest_blocks = (rest + 63) / 64;
  memcpy(buf, in + done, rest);
  memset(buf + rest, 0, rest_blocks * 64 - rest);
  wide(buf, buf, rest_blocks, key, next);
  memcpy(out + done, buf, rest);
  OPENSSL_cleanse(buf, rest_blocks * 64);
}

static void chacha20_ctr32_avx2_row(uint8_t *out, const uint8_t *in,
                                    size_t in_len, const uint32_t key[8],
                                    const uint32_t counter_nonce[4]) {
  chacha20_ctr32_wide(ChaCha20_ctr32_avx2, 8, out, in, in_len, key,
                      counter_nonce);
}

static void chacha20_ctr32_ssse3_4x_row(uint8_t *out, const uint8_t *in,
                                        size_t in_len, const uint32_t key[8],
                                        const uint32_t counter_nonce[4]) {
  chacha20_ctr32_wide(ChaCha20_ctr32_ssse3_4x, 4, out, in, in_len, key,
                      counter_nonce);
}

// The AVX-512 code takes any length itself (masked partial block), so its
// row only picks the scalar code for one block and the AVX-512 code above.
static void chacha20_ctr32_avx512_row(uint8_t *out, const uint8_t *in,
                                      size_t in_len, const uint32_t key[8],
                                      const uint32_t counter_nonce[4]) {
  if (in_len <= kChaCha20ShortMax) {
    ChaCha20_ctr32_x86_64(out, in, in_len, key, counter_nonce);
  } else {
    ChaCha20_ctr32_avx512(out, in, in_len, key, counter_nonce);
  }
}

const struct chacha20_impl_fns kChaCha20AVX512 = {
    .ctr32 = chacha20_ctr32_avx512_row,
};
const struct chacha20_impl_fns kChaCha20X86_64 = {
    .ctr32 = ChaCha20_ctr32_x86_64,
};
const struct chacha20_impl_fns kChaCha20AVX2 = {
    .ctr32 = chacha20_ctr32_avx2_row,
};
const struct chacha20_impl_fns kChaCha20SSSE3x4 = {
    .ctr32 = chacha20_ctr32_ssse3_4x_row,
};

#endif  // OPENSSL_X86_64 && !OPENSSL_NO_ASM
