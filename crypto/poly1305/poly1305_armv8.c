// Copyright 2026 The project authors.
//
// crypto/poly1305/poly1305_armv8.c: key set-up for the AArch64
// Poly1305 assembly (poly1305-armv8.pl) and the implementation row built on
// it. Blocks and emit are assembly; buffering stays in poly1305.c.

#include "poly1305_armv8.h"

#include <assert.h>
#include <stddef.h>
#include <string.h>

#include <openssl/mem.h>

#include "../internal.h"

#if defined(OPENSSL_AARCH64) && !defined(OPENSSL_NO_ASM)

#include "poly1305_base26.h"

// The assembly addresses these fields by byte offset (the head's are
// checked in poly1305.c).
static_assert(offsetof(struct poly1305_armv8_state, head) == 0 &&
                  offsetof(struct poly1305_armv8_state, powers) == 64,
              "layout");
static_assert(sizeof(struct poly1305_armv8_state) <= POLY1305_IMPL_STATE_SIZE,
              "armv8 state too large");

void poly1305_init_armv8(void *state, const uint8_t key[32]) {
  struct poly1305_asm64_head st;
  st.h0 = st.h1 = st.h2 = 0;
  // r &= 0x0ffffffc0ffffffc0ffffffc0fffffff (RFC 8439, section 2.5).
  st.r0 = CRYPTO_load_u64_le(key) & UINT64_C(0x0ffffffc0fffffff);
  st.r1 = CRYPTO_load_u64_le(key + 8) & UINT64_C(0x0ffffffc0ffffffc);
  memcpy(state, &st, offsetof(struct poly1305_asm64_head, powers_ready));
  ((struct poly1305_armv8_state *)state)->head.powers_ready = 0;
  CRYPTO_wipe(&st, sizeof(st));
}

// --- NEON -------------------------------------------------------------------

// to_words writes lo + hi 2^64 + top 2^128 (top < 2^32) as base 2^32
// words w[0..4], the form poly1305_base26.h takes (for h, and for r with
// top = 0); the NEON row packs the words back into h0, h1, h2 itself.
static void to_words(uint32_t w[5], uint64_t lo, uint64_t hi, uint64_t top) {
  w[0] = (uint32_t)lo;
  w[1] = (uint32_t)(lo >> 32);
  w[2] = (uint32_t)hi;
  w[3] = (uint32_t)(hi >> 32);
  w[4] = (uint32_t)top;
}

const uint32_t *poly1305_powers_armv8(void *state) {
  struct poly1305_armv8_state *st = state;
  if (!st->head.powers_ready) {
    // Lane j of R_k: limb k of r^(4 - j).
    static const int kPowerOfLane[4] = {4, 3, 2, 1};
    uint32_t r[5];
    to_words(r, st->head.r0, st->head.r1, 0);
    poly1305_powers26(st->powers, r, kPowerOfLane);
    st->head.powers_ready = 1;
    CRYPTO_wipe(r, sizeof(r));
  }
  return &st->powers[0][0];
}

void poly1305_blocks_neon_row(void *state, const uint8_t *in, size_t len,
                              uint32_t padbit) {
  // Any length works here; the driver in poly1305.c gives calls shorter
  // than kPoly1305NEONMinLen to the armv8 row instead. The first (blocks mod 4) blocks, so the rest is whole groups of four.
  size_t lead = len % 64;
  poly1305_blocks_armv8(state, in, lead, padbit);
  if (len == lead) {
    return;  // no whole group: the kernel takes at least one
  }
  const uint32_t *powers = poly1305_powers_armv8(state);
  struct poly1305_asm64_head *st = state;
  // h2 <= 4 (poly1305_blocks_armv8's exit bound), so w[4] <= 4 as
  // poly1305_blocks26 needs; it leaves w[4] = h2 <= 4 again, the bound
  // emit and poly1305_blocks_armv8 need.
  uint32_t w[5];
  to_words(w, st->h0, st->h1, st->h2);
  poly1305_blocks26(w, poly1305_blocks_neon, in + lead, len - lead, padbit,
                    powers);
  st->h0 = w[0] | ((uint64_t)w[1] << 32);
  st->h1 = w[2] | ((uint64_t)w[3] << 32);
  st->h2 = w[4];
  CRYPTO_wipe(w, sizeof(w));
}

#endif  // OPENSSL_AARCH64 && !OPENSSL_NO_ASM
