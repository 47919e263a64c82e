// Copyright 2026 The project authors.
//
// crypto/chacha/asm/chacha_asm.c: the C glue between the whole-block x86-64
// ChaCha20 assembly (chacha-x86_64.pl) and the `ctr32` contract of
// crypto/chacha/internal.h (any length), and the implementation rows built
// from it.
//
// DESIGN.md keeps partial-block handling in C, in one place: the padded
// final group is chacha20_rest_via_blocks (crypto/chacha/internal.h),
// shared with the other architectures' glue; the choice of path for the
// rest is chacha20_ctr32_wide here, shared by every row.

#include "chacha_asm.h"

#if defined(OPENSSL_X86_64) && !defined(OPENSSL_NO_ASM)

// kMaxWidth is the widest group a block function computes at once (the
// AVX2 code's final loop), in blocks: a rest of under one group fits
// chacha20_rest_via_blocks.
#define kMaxWidth 8
_Static_assert(kMaxWidth <= CHACHA20_REST_MAX_BLOCKS,
               "a final group must fit chacha20_rest_via_blocks");

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
//   3. a longer rest goes to chacha20_rest_via_blocks (crypto/chacha/
//      internal.h): one more call of `wide` on its whole blocks, or, when
//      it ends in a partial block, on a zero-padded stack copy of them
//      (one group, the cheapest way to get its keystream).
// The counter of each later step is advanced past the blocks before it,
// modulo 2^32.
static void chacha20_ctr32_wide(chacha20_blocks_fn wide, size_t width,
                                uint8_t *out, const uint8_t *in,
                                size_t in_len, const uint32_t key[8],
                                const uint32_t counter_nonce[4]) {
  uint32_t next[4];
  size_t done = chacha20_whole_groups(wide, width, out, in, in_len, key,
                                      counter_nonce, next);
  size_t rest = in_len - done;  // < 64 * width <= 64 * kMaxWidth
  if (rest == 0) {
    return;
  }
  if (rest <= kScalarMaxRest) {
    ChaCha20_ctr32_x86_64(out + done, in + done, rest, key, next);
    return;
  }
  chacha20_rest_via_blocks(wide, out + done, in + done, rest, key, next);
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
