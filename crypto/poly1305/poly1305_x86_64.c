// Copyright 2026 The project authors.
//
// crypto/poly1305/poly1305_x86_64.c: the C glue of the x86-64 Poly1305 rows
// (asm/poly1305-x86_64.pl). They keep h and r in the base 2^64 layout of
// the portable "c64" code, with the same bound (h2 <= 4), so they share its
// init and emit; init also clears the vector code's "powers ready" flag.
// The layout the generator assumes is checked here.

#include "poly1305_x86_64.h"

#include <assert.h>
#include <stddef.h>
#include <string.h>

#if defined(OPENSSL_X86_64) && !defined(OPENSSL_NO_ASM)

// The offsets the generator uses (poly1305-x86_64.pl, top of the script;
// the head's are checked in poly1305.c).
static_assert(offsetof(struct poly1305_x86_64_state, head) == 0 &&
                  offsetof(struct poly1305_x86_64_state, r_pow) == 64 &&
                  offsetof(struct poly1305_x86_64_state, s_pow) == 144 &&
                  offsetof(struct poly1305_x86_64_state, r8) == 208 &&
                  offsetof(struct poly1305_x86_64_state, s8) == 228,
              "x86-64 state layout differs from poly1305-x86_64.pl");
static_assert(sizeof(struct poly1305_x86_64_state) <= POLY1305_IMPL_STATE_SIZE,
              "x86-64 state too large");

void poly1305_init_x86_64(void *state, const uint8_t key[32]) {
  poly1305_init_c64(state, key);
  const uint64_t zero = 0;
  memcpy((uint8_t *)state + offsetof(struct poly1305_asm64_head, powers_ready),
         &zero, sizeof(zero));
}

static_assert(offsetof(struct poly1305_x86_64_ifma_state, head) == 0 &&
                  offsetof(struct poly1305_x86_64_ifma_state, pow44) == 64,
              "IFMA state layout differs from poly1305-x86_64.pl");
static_assert(sizeof(struct poly1305_x86_64_ifma_state) <=
                  POLY1305_IMPL_STATE_SIZE,
              "IFMA state too large");

#endif  // OPENSSL_X86_64 && !OPENSSL_NO_ASM
