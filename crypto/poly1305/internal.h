// Copyright 2026 The project authors.
//
// crypto/poly1305/internal.h: the block-level interface every Poly1305
// implementation provides, and the table that lists them.
//
// Notation (RFC 8439, section 2.5): p = 2^130 - 5; r is the clamped first
// half of the key, s the second half; h is the accumulator. For each 16-byte
// block m of the message, h = (h + m + padbit * 2^128) * r mod p, where
// padbit is 1 for full blocks; the final partial block is padded with a 1
// byte and zeros by the caller and processed with padbit 0. The tag is
// (h mod p + s) mod 2^128.
//
// An implementation keeps h and r (and any precomputed powers of r) in an
// opaque, 64-byte-aligned buffer of POLY1305_IMPL_STATE_SIZE bytes. It only
// ever sees whole blocks: buffering of partial input lives in poly1305.c.
// h is kept only partially reduced between calls (each implementation says
// to what bound); emit reduces it fully.

#ifndef OPENSSL_HEADER_CRYPTO_POLY1305_INTERNAL_H
#define OPENSSL_HEADER_CRYPTO_POLY1305_INTERNAL_H

#include <openssl/base.h>

#include "../internal.h"
#include "impls.h"

#if defined(__cplusplus)
extern "C" {
#endif

// POLY1305_IMPL_STATE_SIZE is the size of an implementation's state. It
// leaves room for an assembly path that stores powers r^1..r^4 in 2^26
// limbs (the AVX2 4-way layout needs about 200 bytes).
#define POLY1305_IMPL_STATE_SIZE 256
#define POLY1305_IMPL_STATE_ALIGN 64

// Each row (impls.h) is a struct crypto_poly1305_entry (crypto/impl.h):
//   init sets h = 0 and r = clamp(key[0..15]) (RFC 8439, section 2.5:
//     r &= 0x0ffffffc0ffffffc0ffffffc0fffffff). It reads only the first 16
//     bytes of `key`; s is kept by the caller and given to emit.
//   blocks processes `len` bytes of `in`, `len` a multiple of 16 (possibly
//     0): for each 16-byte block m, h = (h + m + padbit * 2^128) * r mod p,
//     partially reduced. `padbit` is 0 or 1.
//   emit writes mac = (h mod p + s) mod 2^128, little-endian, to `mac`. It
//     does not change or clear `state`.

#if defined(POLY1305_HAVE_C64)
// poly1305_c64_state is the layout of the base 2^64 rows ("c64", and the
// x86-64 rows, whose states start with it): h = h0 + h1 2^64 + h2 2^128,
// h2 <= 4 between calls; r = r0 + r1 2^64, clamped.
struct poly1305_c64_state {
  uint64_t h0, h1, h2;
  uint64_t r0, r1;
};
#endif

// poly1305_asm64_head is how the state of every 64-bit assembly row
// (x86-64 and aarch64: poly1305_x86_64.h, poly1305_armv8.h) starts, at the
// byte offsets their generators use: h = h0 + h1 2^64 + h2 2^128, h2 <= 4
// between calls; r = r0 + r1 2^64, clamped (the layout of
// poly1305_c64_state, whose init and emit the x86-64 rows share); then
// `powers_ready`, 0 after init and 1 once the row's vector code has filled
// its table of powers of r for this key (which depends on call lengths
// only), and padding that puts that table at byte 64.
struct poly1305_asm64_head {
  uint64_t h0, h1, h2;
  uint64_t r0, r1;
  uint64_t powers_ready;
  uint64_t pad[2];
};

// poly1305_store_tag writes mac = (h + s) mod 2^128, little-endian, for
// h = h0 + h1 2^32 + h2 2^64 + h3 2^96, the low 128 bits of the fully
// reduced accumulator: the last step of the emits that work in 32-bit
// words ("c26", the x86 rows).
static inline void poly1305_store_tag(uint8_t mac[16], uint32_t h0,
                                      uint32_t h1, uint32_t h2, uint32_t h3,
                                      const uint8_t s[16]) {
  uint64_t t = (uint64_t)h0 + CRYPTO_load_u32_le(s + 0);
  CRYPTO_store_u32_le(mac + 0, (uint32_t)t);
  t = (uint64_t)h1 + CRYPTO_load_u32_le(s + 4) + (t >> 32);
  CRYPTO_store_u32_le(mac + 4, (uint32_t)t);
  t = (uint64_t)h2 + CRYPTO_load_u32_le(s + 8) + (t >> 32);
  CRYPTO_store_u32_le(mac + 8, (uint32_t)t);
  t = (uint64_t)h3 + CRYPTO_load_u32_le(s + 12) + (t >> 32);
  CRYPTO_store_u32_le(mac + 12, (uint32_t)t);
}

// poly1305_set_h_for_testing sets the accumulator in `state`, an
// initialised state of the row whose functions are `fns`, to
// h = h0 + h1 2^64 + h2 2^128, so tests can start a row at the edges of its
// entry bound. The caller keeps within that row's bound: h2 <= 4 for the
// base 2^64 rows, h2 <= 3 (h < 2^130) for "c26". Where there is no
// "c64" (32-bit targets) only "c26" is known here: any other row aborts.
// For tests only.
void poly1305_set_h_for_testing(const struct crypto_poly1305_entry *fns,
                                void *state, uint64_t h0, uint64_t h1,
                                uint64_t h2);

#if defined(__cplusplus)
}  // extern "C"
#endif

#endif  // OPENSSL_HEADER_CRYPTO_POLY1305_INTERNAL_H
