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

#include "../impl.h"

#if defined(__cplusplus)
extern "C" {
#endif

// POLY1305_IMPL_STATE_SIZE is the size of an implementation's state. It
// leaves room for an assembly path that stores powers r^1..r^4 in 2^26
// limbs (the AVX2 4-way layout needs about 200 bytes).
#define POLY1305_IMPL_STATE_SIZE 256
#define POLY1305_IMPL_STATE_ALIGN 64

struct poly1305_impl_fns {
  // init sets h = 0 and r = clamp(key[0..15]) (RFC 8439, section 2.5:
  // r &= 0x0ffffffc0ffffffc0ffffffc0fffffff). It reads only the first 16
  // bytes of `key`; s is kept by the caller and given to emit.
  void (*init)(void *state, const uint8_t key[32]);
  // blocks processes `len` bytes of `in`, `len` a multiple of 16 (possibly
  // 0): for each 16-byte block m, h = (h + m + padbit * 2^128) * r mod p,
  // partially reduced. `padbit` is 0 or 1.
  void (*blocks)(void *state, const uint8_t *in, size_t len, uint32_t padbit);
  // emit writes mac = (h mod p + s) mod 2^128, little-endian, to `mac`. It
  // does not change or clear `state`.
  void (*emit)(void *state, uint8_t mac[16], const uint8_t s[16]);
};

#if defined(__SIZEOF_INT128__)
// POLY1305_HAVE_C64 is defined where the compiler has a 128-bit integer type,
// so the base 2^64 implementation is compiled.
#define POLY1305_HAVE_C64
void poly1305_init_c64(void *state, const uint8_t key[32]);
void poly1305_blocks_c64(void *state, const uint8_t *in, size_t len,
                         uint32_t padbit);
void poly1305_emit_c64(void *state, uint8_t mac[16], const uint8_t s[16]);
#endif

void poly1305_init_c26(void *state, const uint8_t key[32]);
void poly1305_blocks_c26(void *state, const uint8_t *in, size_t len,
                         uint32_t padbit);
void poly1305_emit_c26(void *state, uint8_t mac[16], const uint8_t s[16]);

// poly1305_set_h_for_testing sets the accumulator in `state`, an
// initialised state of the row whose functions are `fns`, to
// h = h0 + h1 2^64 + h2 2^128, so tests can start a row at the edges of its
// entry bound. The caller keeps within that row's bound: h2 <= 4 for the
// base 2^64 rows, h2 <= 3 (h < 2^130) for "c26". Where there is no
// "c64" (32-bit targets) only "c26" is known here: any other row aborts.
// For tests only.
void poly1305_set_h_for_testing(const struct poly1305_impl_fns *fns,
                                void *state, uint64_t h0, uint64_t h1,
                                uint64_t h2);

// CRYPTO_primitive_poly1305 lists the Poly1305 implementations, best first:
// "c64" (where __int128 exists), then "c26", which every target can run.
// Assembly rows go above them.
extern CRYPTO_PRIMITIVE CRYPTO_primitive_poly1305;

#if defined(__cplusplus)
}  // extern "C"
#endif

#endif  // OPENSSL_HEADER_CRYPTO_POLY1305_INTERNAL_H
