// Copyright 2026 The project authors.
//
// crypto/poly1305/asm/poly1305_asm_armv8.c: key set-up for the AArch64
// Poly1305 assembly (poly1305-armv8.pl) and the implementation row built on
// it. Blocks and emit are assembly; buffering stays in poly1305.c.

#include "poly1305_asm_armv8.h"

#include <assert.h>
#include <stddef.h>
#include <string.h>

#include <openssl/mem.h>

#include "../../internal.h"

#if defined(OPENSSL_AARCH64) && !defined(OPENSSL_NO_ASM)

// The assembly addresses these fields by byte offset.
static_assert(offsetof(struct poly1305_armv8_state, h0) == 0, "layout");
static_assert(offsetof(struct poly1305_armv8_state, h2) == 16, "layout");
static_assert(offsetof(struct poly1305_armv8_state, r0) == 24, "layout");
static_assert(offsetof(struct poly1305_armv8_state, r1) == 32, "layout");
static_assert(offsetof(struct poly1305_armv8_state, powers) == 64,
              "layout");
static_assert(sizeof(struct poly1305_armv8_state) <= POLY1305_IMPL_STATE_SIZE,
              "armv8 state too large");

void poly1305_init_armv8(void *state, const uint8_t key[32]) {
  struct poly1305_armv8_state st;
  st.h0 = st.h1 = st.h2 = 0;
  // r &= 0x0ffffffc0ffffffc0ffffffc0fffffff (RFC 8439, section 2.5).
  st.r0 = CRYPTO_load_u64_le(key) & UINT64_C(0x0ffffffc0fffffff);
  st.r1 = CRYPTO_load_u64_le(key + 8) & UINT64_C(0x0ffffffc0ffffffc);
  memcpy(state, &st, offsetof(struct poly1305_armv8_state, powers_ready));
  ((struct poly1305_armv8_state *)state)->powers_ready = 0;
  OPENSSL_cleanse(&st, sizeof(st));
}

// --- NEON -------------------------------------------------------------------

#define MASK26 UINT64_C(0x3ffffff)

// kPoly1305NEONMinLen: inputs shorter than this go to the scalar code.
// Estimated, not measured (no AArch64 hardware here; see
// poly1305-armv8.pl): a call of poly1305_blocks_neon costs about the
// scalar code's four blocks in fixed work (save/restore of d8-d15, the
// conversions below, the last group's lane sum) and each further group of
// four blocks about half the scalar cost on Cortex-A72 (two vector pipes
// against one multiplier). So it pays from about eight blocks; sixteen
// leaves a margin for the one-time powers computation.
#define kPoly1305NEONMinLen (16 * 16)

// split26 writes the 26-bit limbs of lo + hi 2^64 + top 2^128 (top <= 4).
static void split26(uint32_t out[5], uint64_t lo, uint64_t hi, uint64_t top) {
  out[0] = (uint32_t)(lo & MASK26);
  out[1] = (uint32_t)((lo >> 26) & MASK26);
  out[2] = (uint32_t)(((lo >> 52) | (hi << 12)) & MASK26);
  out[3] = (uint32_t)((hi >> 14) & MASK26);
  out[4] = (uint32_t)((hi >> 40) | (top << 24));
}

// carry26 carries columns d[0..4] (each < 2^61) into limbs: limbs 0, 2, 3,
// 4 < 2^26 and limb 1 < 2^26 + 2^13, with the value unchanged mod p (the
// carry out of limb 4, < 2^35, comes back as 5 times itself into limb 0).
static void carry26(uint64_t d[5]) {
  d[1] += d[0] >> 26;
  d[0] &= MASK26;
  d[2] += d[1] >> 26;
  d[1] &= MASK26;
  d[3] += d[2] >> 26;
  d[2] &= MASK26;
  d[4] += d[3] >> 26;
  d[3] &= MASK26;
  uint64_t c = d[4] >> 26;
  d[4] &= MASK26;
  d[0] += 5 * c;
  d[1] += d[0] >> 26;
  d[0] &= MASK26;
}

// mul26 sets out = a b mod p (limbs as carry26 leaves them), for limbs
// a[k], b[k] < 2^26 + 2^13: each product with 5 b[k] is < 2^55.4, each
// column of five < 2^58.
static void mul26(uint32_t out[5], const uint32_t a[5], const uint32_t b[5]) {
  uint64_t d[5];
  for (int k = 0; k < 5; k++) {
    d[k] = 0;
    for (int i = 0; i < 5; i++) {
      // a_i b_j has weight 2^(26 (i + j)); for i + j >= 5 that is
      // 2^130 2^(26 (i + j - 5)) = 5 2^(26 (i + j - 5)) (mod p).
      int j = k - i;
      d[k] += i <= k ? (uint64_t)a[i] * b[j] : (uint64_t)a[i] * (5 * b[j + 5]);
    }
  }
  carry26(d);
  for (int k = 0; k < 5; k++) {
    out[k] = (uint32_t)d[k];
  }
}

const uint32_t *poly1305_powers_armv8(void *state) {
  struct poly1305_armv8_state *st = state;
  if (!st->powers_ready) {
    uint32_t pw[4][5];  // r^1 .. r^4
    split26(pw[0], st->r0, st->r1, 0);
    for (int i = 1; i < 4; i++) {
      mul26(pw[i], pw[i - 1], pw[0]);
    }
    for (int k = 0; k < 5; k++) {
      for (int j = 0; j < 4; j++) {
        // Lane j of R_k: limb k of r^(4 - j).
        st->powers[k][j] = pw[3 - j][k];
        if (k > 0) {
          st->powers[4 + k][j] = 5 * pw[3 - j][k];
        }
      }
    }
    st->powers_ready = 1;
    OPENSSL_cleanse(pw, sizeof(pw));
  }
  return &st->powers[0][0];
}

void poly1305_blocks_neon_row(void *state, const uint8_t *in, size_t len,
                              uint32_t padbit) {
  if (len < kPoly1305NEONMinLen) {
    poly1305_blocks_armv8(state, in, len, padbit);
    return;
  }
  // The first (blocks mod 4) blocks, so the rest is whole groups of four.
  size_t lead = len % 64;
  poly1305_blocks_armv8(state, in, lead, padbit);
  const uint32_t *powers = poly1305_powers_armv8(state);
  struct poly1305_armv8_state *st = state;
  uint32_t h[5];
  uint64_t d[5];
  // h2 <= 4 (poly1305_blocks_armv8's exit bound), so limb 4 < 5 2^24.
  split26(h, st->h0, st->h1, st->h2);
  poly1305_blocks_neon(d, h, in + lead, len - lead, padbit, powers);
  // Back to base 2^64: after carry26 the value is < 2^130 + 2^39, so
  // h2 = value >> 128 <= 4, the bound emit and poly1305_blocks_armv8 need.
  // The columns overlap (limb 1 may exceed 2^26), so they are added, not
  // ORed: weights 2^0, 2^26, 2^52 into the low word, then 2^78 = 2^64
  // 2^14 and 2^104 = 2^64 2^40 with the carry.
  carry26(d);
  unsigned __int128 acc = (unsigned __int128)d[0] +
                          ((unsigned __int128)d[1] << 26) +
                          ((unsigned __int128)d[2] << 52);  // < 2^79
  st->h0 = (uint64_t)acc;
  acc = (acc >> 64) + ((unsigned __int128)d[3] << 14) +
        ((unsigned __int128)d[4] << 40);  // < 2^67
  st->h1 = (uint64_t)acc;
  st->h2 = (uint64_t)(acc >> 64);
  OPENSSL_cleanse(h, sizeof(h));
  OPENSSL_cleanse(d, sizeof(d));
}

const struct poly1305_impl_fns kPoly1305NEON = {
    .init = poly1305_init_armv8,
    .blocks = poly1305_blocks_neon_row,
    .emit = poly1305_emit_armv8,
};

const struct poly1305_impl_fns kPoly1305ARMv8 = {
    .init = poly1305_init_armv8,
    .blocks = poly1305_blocks_armv8,
    .emit = poly1305_emit_armv8,
};

#endif  // OPENSSL_AARCH64 && !OPENSSL_NO_ASM
