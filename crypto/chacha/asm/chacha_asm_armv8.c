// Copyright 2026 The project authors.
//
// crypto/chacha/asm/chacha_asm_armv8.c: the C glue between the whole-block
// AArch64 ChaCha20 assembly (chacha-armv8.pl) and the `ctr32` contract of
// crypto/chacha/internal.h (any length), and the rows built on it:
// "neon_hybrid", "neon" and "scalar".
//
// The length-aware choice. No AArch64 hardware is available here and qemu
// timings mean nothing, so the choice rests on the instruction counts of
// the generated loops (util/count_insns.pl, see chacha-armv8.pl) and the
// latencies and pipe counts of the vendors' tables. Estimated cycles:
//
//   path, cost per call of   instr.  Cortex-A72  Neoverse N1  Apple M1
//   scalar, per block         1041     ~500        ~330         ~170-240 [1]
//   neon, one group (1..4)    1226     ~880        ~600         ~560 [2]
//   neon_hybrid, 5 blocks     2243     ~900        ~620         ~310 [3]
//   C (nohw), per block      ~1564     ~670        ~440         ~220-320 [1]
//
// scalar and C: their ALU ops (~1000 and ~1330 per block) on two (A72) /
// three (N1) / six (M1) integer ALUs; on M1 a round's 12-op chain (240
// cycles per block) binds a lone block.
// neon: 20 rounds x a 14-op chain x 3 (A72) / 2 (N1, M1) cycles, plus the
// transposes. neon_hybrid: the same NEON chain with the scalar block's 96
// ops per double round in the idle integer pipes; A72's three-wide decode
// (210 instructions per double round, 70 cycles) and N1's four-wide (53)
// stay under the NEON chain (84, 56).
// [1] throughput bound .. latency bound.
// [2] one group alone: no other group to overlap its chain with.
// [3] long inputs: groups overlap in M1's window; throughput-bound (a lone
//     trip costs the chain, ~560, still the cheapest way to five blocks).
// Hence, by the number of blocks n (a partial block counts as one):
//   n = 1        scalar (cheaper than a group on every core, and than C);
//   n = 2..4     one NEON group (A72/N1: a group beats two scalar blocks,
//                880 vs ~1000 and 600 vs ~660; on M1 two scalar blocks,
//                340-480, would beat it: A72/N1-class cores decide);
//   n >= 5       neon_hybrid on the whole multiples of five blocks, the
//                rest of 1..4 blocks (plus a partial one) as above, and a
//                rest of four whole blocks plus a partial one as one more
//                five-block trip.
// The C code loses to the scalar assembly everywhere: gcc 12 -O2 XORs the
// keystream byte by byte (8 instructions per byte) after the same rounds.

#include "chacha_asm_armv8.h"

#if defined(OPENSSL_AARCH64) && !defined(OPENSSL_NO_ASM)

// kHybridBlocks is the number of blocks one trip of
// ChaCha20_ctr32_neon_hybrid computes: four in NEON lanes, one in GPRs.
#define kHybridBlocks 5
_Static_assert(kHybridBlocks <= CHACHA20_REST_MAX_BLOCKS,
               "a final trip must fit chacha20_rest_via_blocks");

// chacha20_rest handles 0 < in_len < 64 * kHybridBlocks bytes by their
// number of blocks n (a partial block counts): n = 1 scalar, n = 2..4 one
// NEON group, n = 5 one hybrid trip (see the top of this file); a partial
// final block goes through the padded buffer of chacha20_rest_via_blocks
// (crypto/chacha/internal.h).
static void chacha20_rest(uint8_t *out, const uint8_t *in, size_t in_len,
                          const uint32_t key[8],
                          const uint32_t counter_nonce[4]) {
  size_t n = (in_len + 63) / 64;
  chacha20_blocks_fn fn = n == 1              ? ChaCha20_ctr32_scalar
                          : n < kHybridBlocks ? ChaCha20_ctr32_neon
                                              : ChaCha20_ctr32_neon_hybrid;
  chacha20_rest_via_blocks(fn, out, in, in_len, key, counter_nonce);
}

// chacha20_ctr32_neon_hybrid_row implements `ctr32`: the whole multiples of
// five blocks straight to ChaCha20_ctr32_neon_hybrid, the rest (under five
// blocks plus a partial one) to chacha20_rest.
static void chacha20_ctr32_neon_hybrid_row(uint8_t *out, const uint8_t *in,
                                           size_t in_len,
                                           const uint32_t key[8],
                                           const uint32_t counter_nonce[4]) {
  uint32_t next[4];
  size_t done =
      chacha20_whole_groups(ChaCha20_ctr32_neon_hybrid, kHybridBlocks, out,
                            in, in_len, key, counter_nonce, next);
  if (done == in_len) {
    return;
  }
  chacha20_rest(out + done, in + done, in_len - done, key, next);
}

const struct chacha20_impl_fns kChaCha20NEONHybrid = {
    .ctr32 = chacha20_ctr32_neon_hybrid_row,
};

// kNEONWidth is the number of blocks ChaCha20_ctr32_neon computes at once.
#define kNEONWidth 4

// chacha20_ctr32_neon_row implements `ctr32` with the four-block NEON
// groups alone (the row "neon_hybrid" supersedes it on every NEON core; it
// stays for comparison in `bssl speed -impls` and as the tested fallback):
//   1. at most one block: the C code;
//   2. whole blocks, when the length is a multiple of 64, or else the whole
//      groups of four blocks, straight to the assembly;
//   3. a rest of at most one block: the C code;
//   4. a longer rest (under four blocks plus a partial one): one more group
//      through a stack buffer (chacha20_rest_via_blocks).
static void chacha20_ctr32_neon_row(uint8_t *out, const uint8_t *in,
                                    size_t in_len, const uint32_t key[8],
                                    const uint32_t counter_nonce[4]) {
  if (in_len <= 64) {
    ChaCha20_ctr32_nohw(out, in, in_len, key, counter_nonce);
    return;
  }
  size_t direct = in_len / 64;
  if (in_len % 64 != 0) {
    direct = direct / kNEONWidth * kNEONWidth;
  }
  if (direct > 0) {
    ChaCha20_ctr32_neon(out, in, direct, key, counter_nonce);
  }
  size_t done = direct * 64;
  size_t rest = in_len - done;  // 0, or (in_len % 256) < 64 * kNEONWidth
  if (rest == 0) {
    return;
  }
  uint32_t next[4];
  chacha20_advance(next, counter_nonce, direct);
  if (rest <= 64) {
    ChaCha20_ctr32_nohw(out + done, in + done, rest, key, next);
    return;
  }
  chacha20_rest_via_blocks(ChaCha20_ctr32_neon, out + done, in + done, rest,
                           key, next);
}

const struct chacha20_impl_fns kChaCha20NEON = {
    .ctr32 = chacha20_ctr32_neon_row,
};

// chacha20_ctr32_scalar_row implements `ctr32` with one block at a time in
// general-purpose registers: the whole blocks straight to the assembly, a
// final partial block through a padded buffer.
static void chacha20_ctr32_scalar_row(uint8_t *out, const uint8_t *in,
                                      size_t in_len, const uint32_t key[8],
                                      const uint32_t counter_nonce[4]) {
  chacha20_ctr32_one_block_fn(ChaCha20_ctr32_scalar, out, in, in_len, key,
                              counter_nonce);
}

const struct chacha20_impl_fns kChaCha20Scalar = {
    .ctr32 = chacha20_ctr32_scalar_row,
};

#endif  // OPENSSL_AARCH64 && !OPENSSL_NO_ASM
