// Copyright 2026 The project authors.
//
// crypto/chacha/asm/chacha_asm_x86.c: the C glue between the whole-block
// 32-bit x86 ChaCha20 assembly (chacha-x86.pl) and the `ctr32` contract of
// crypto/chacha/internal.h (any length), and the rows built from it.
//
// DESIGN.md keeps partial-block handling in C, in one place: the padded
// final block or group is chacha20_rest_via_blocks (crypto/chacha/
// internal.h), shared with the other architectures' glue.

#include "chacha_asm_x86.h"

#if defined(OPENSSL_X86) && !defined(OPENSSL_NO_ASM)

// kOneBlockMaxRest: a final rest (or a whole input) of at most this many
// bytes goes to the one-block code, a longer one to one more 4-way call;
// the C code is used for no length. NOT MEASURED on i686: its code cannot
// run natively here (no IA-32 emulation in this kernel; qemu timings mean
// nothing). Decided from instruction counts (util/count_insns.pl on the elf
// output of chacha-x86.pl and on `i686-linux-gnu-gcc -O2 -S` / the build's
// -O3 of chacha.c) and latency bounds on cores whose simple vector ops take
// one cycle (Zen 3, Golden Cove):
//
//   path                     instructions          bound (cycles)
//   4-way, one group of 4    2008                  ~400: 20 rounds x 14
//                                                  dependent ops plus
//                                                  store-to-load forwarding
//   one-block, per block     468                   ~280: 20 rounds x 14
//                                                  dependent 1-cycle ops
//   C (nohw), per block      ~1990 -O2, ~1700 -O3  ~340-450: at 4-5 per cycle
//
// By instruction count the one-block code beats the C code at every length
// (3.6-4.3x fewer), so no length goes to C (switch length 0). A rest of one
// block (~280 cycles) costs less than a 4-way group (~400), two blocks
// (~560) more: hence 64 bytes. Caveat, measured (indicative, see
// chacha-x86.pl): on this Zen 5, whose simple vector ops take 2 cycles, the
// same one-block instruction sequence took ~290 TSC ticks per block against
// ~218 for a 7-GPR build of the C code, so there the C code would win one
// block; the 4-way group (~470 ticks) wins from two blocks on either core.
//
// Commands: perl util/count_insns.pl chacha-x86-elf.S --function
// ChaCha20_ctr32_ssse3_4x --loop .Lchacha_4x_loop (one trip: 370, its
// rounds loop .Lchacha_4x_rounds 182, so 370 - 182 + 10 x 182 = 2008);
// --function ChaCha20_ctr32_ssse3 --loop .Lchacha_1x_loop (72, rounds 44:
// 468); on the -O2 output of chacha.c --function ChaCha20_ctr32_nohw
// --loop .L2 (238, inner loops .L3 143 x 10, .L4 6 x 16, .L5 6 x 64).
#define kOneBlockMaxRest 64

// kFourWayBlocks is the group size of ChaCha20_ctr32_ssse3_4x: it computes
// eight blocks (two groups) at a time while eight remain, then four; a
// final group of fewer than four costs as much as four.
#define kFourWayBlocks 4
_Static_assert(kFourWayBlocks <= CHACHA20_REST_MAX_BLOCKS,
               "a final group must fit chacha20_rest_via_blocks");

// chacha20_ctr32_ssse3_4x_row implements the `ctr32` contract:
//   1. the whole groups of four blocks go to the 4-way code;
//   2. a rest of at most kOneBlockMaxRest bytes goes to the one-block code,
//      a longer one (65..255 bytes) to one more 4-way call;
// a rest ending in a partial block goes through the padded buffer of
// chacha20_rest_via_blocks. The counter of the rest is advanced past the
// groups, modulo 2^32.
static void chacha20_ctr32_ssse3_4x_row(uint8_t *out, const uint8_t *in,
                                        size_t in_len, const uint32_t key[8],
                                        const uint32_t counter_nonce[4]) {
  uint32_t next[4];
  size_t done = chacha20_whole_groups(ChaCha20_ctr32_ssse3_4x, kFourWayBlocks,
                                      out, in, in_len, key, counter_nonce,
                                      next);
  size_t rest = in_len - done;  // < 64 * kFourWayBlocks
  if (rest == 0) {
    return;
  }
  chacha20_rest_via_blocks(
      rest <= kOneBlockMaxRest ? ChaCha20_ctr32_ssse3 : ChaCha20_ctr32_ssse3_4x,
      out + done, in + done, rest, key, next);
}

// chacha20_ctr32_ssse3_row: the one-block code alone (every whole block
// straight, a final partial block through a padded buffer).
static void chacha20_ctr32_ssse3_row(uint8_t *out, const uint8_t *in,
                                     size_t in_len, const uint32_t key[8],
                                     const uint32_t counter_nonce[4]) {
  chacha20_ctr32_one_block_fn(ChaCha20_ctr32_ssse3, out, in, in_len, key,
                              counter_nonce);
}

const struct chacha20_impl_fns kChaCha20X86SSSE3x4 = {
    .ctr32 = chacha20_ctr32_ssse3_4x_row,
};
const struct chacha20_impl_fns kChaCha20X86SSSE3 = {
    .ctr32 = chacha20_ctr32_ssse3_row,
};

#endif  // OPENSSL_X86 && !OPENSSL_NO_ASM
