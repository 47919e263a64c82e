// Copyright 2026 The project authors.
//
// crypto/poly1305/poly1305_base26.h: the C glue shared by the base 2^26
// vector kernels, written once for both of their families: the 32-bit x86
// SSE2 and AVX2 kernels (poly1305_x86.c) and the AArch64 NEON kernel
// (poly1305_armv8.c). p = 2^130 - 5.
//
// The kernels share one contract: they take the accumulator h as five
// 26-bit limbs (h = h[0] + h[1] 2^26 + ... + h[4] 2^104, limbs 0..3
// < 2^26 + 2^13, limb 4 < 2^27) and a table of powers of r (below), and
// return five uncarried 64-bit columns d[0..4], each < 2^61, with
// d[0] + d[1] 2^26 + ... + d[4] 2^104 = the new h (mod p). The scalar code
// around them keeps h in base 2^32 words w[0..4] (h = w[0] + w[1] 2^32 +
// ... + w[4] 2^128, w[4] <= 4). This header converts between the two,
// carries the columns and makes the table.
//
// Include it only inside the #if of the architecture that uses it (the
// glue of one architecture per build): the small per-call helpers are
// static inline, but poly1305_powers26, the once-per-key table, is plain
// static so that the compiler keeps it out of the rows' blocks functions
// (inlined, it adds about 1.4 KB to the i686 glue for nothing).

#ifndef OPENSSL_HEADER_CRYPTO_POLY1305_POLY1305_BASE26_H
#define OPENSSL_HEADER_CRYPTO_POLY1305_POLY1305_BASE26_H

#include <stddef.h>
#include <stdint.h>

#include <openssl/mem.h>

#define POLY1305_MASK26 UINT32_C(0x3ffffff)

// poly1305_base26_kernel is the type of a kernel (see the top of this
// file): `len` bytes of `in`, a whole number of the kernel's lane groups,
// each 16-byte block m taken as m + padbit 2^128.
typedef void (*poly1305_base26_kernel)(uint64_t d[5], const uint32_t h[5],
                                       const uint8_t *in, size_t len,
                                       uint32_t padbit,
                                       const uint32_t powers[36]);

// poly1305_to26 writes the 26-bit limbs of h = w[0] + ... + w[3] 2^96 +
// w[4] 2^128 (w[4] <= 4): limbs 0..3 < 2^26, limb 4 < 5 2^24 < 2^27, the
// kernels' entry bound.
static inline void poly1305_to26(uint32_t out[5], const uint32_t w[5]) {
  out[0] = w[0] & POLY1305_MASK26;
  out[1] = ((w[0] >> 26) | (w[1] << 6)) & POLY1305_MASK26;
  out[2] = ((w[1] >> 20) | (w[2] << 12)) & POLY1305_MASK26;
  out[3] = ((w[2] >> 14) | (w[3] << 18)) & POLY1305_MASK26;
  out[4] = (w[3] >> 8) | (w[4] << 24);
}

// poly1305_carry26 carries columns d[0..4] (each < 2^61) into limbs:
// limbs 0, 2, 3, 4 < 2^26 and limb 1 < 2^26 + 2^13, with the value
// unchanged mod p (the carry out of limb 4, < 2^35.1, comes back as 5
// times itself into limb 0: d[0] < 2^26 + 2^37.5, so its carry into limb 1
// is < 2^11.6).
static inline void poly1305_carry26(uint64_t d[5]) {
  d[1] += d[0] >> 26;
  d[0] &= POLY1305_MASK26;
  d[2] += d[1] >> 26;
  d[1] &= POLY1305_MASK26;
  d[3] += d[2] >> 26;
  d[2] &= POLY1305_MASK26;
  d[4] += d[3] >> 26;
  d[3] &= POLY1305_MASK26;
  uint64_t c = d[4] >> 26;
  d[4] &= POLY1305_MASK26;
  d[0] += 5 * c;  // 2^130 = 5 (mod p)
  d[1] += d[0] >> 26;
  d[0] &= POLY1305_MASK26;
}

// poly1305_from26 packs carried limbs (as poly1305_carry26 leaves them)
// into base 2^32 words. The value is < 2^130 + 2^39, so w[4] <= 4: the
// scalar code's entry bound. Limb 1 may exceed 26 bits, so the limbs are
// added with carries, not ORed.
static inline void poly1305_from26(uint32_t w[5], const uint64_t d[5]) {
  uint64_t t = d[0] + (d[1] << 26);  // < 2^53
  w[0] = (uint32_t)t;
  t = (t >> 32) + (d[2] << 20);  // weight 2^52 = 2^32 2^20
  w[1] = (uint32_t)t;
  t = (t >> 32) + (d[3] << 14);  // 2^78 = 2^64 2^14
  w[2] = (uint32_t)t;
  t = (t >> 32) + (d[4] << 8);  // 2^104 = 2^96 2^8
  w[3] = (uint32_t)t;
  w[4] = (uint32_t)(t >> 32);
}

// poly1305_mul26 sets out = a b mod p, limbs as poly1305_carry26 leaves
// them, for limbs a[k], b[k] < 2^26 + 2^13: each product with 5 b[j] is
// < 2^55.4, each column of five < 2^58.
static inline void poly1305_mul26(uint32_t out[5], const uint32_t a[5],
                                  const uint32_t b[5]) {
  uint64_t d[5];
  for (int k = 0; k < 5; k++) {
    d[k] = 0;
    for (int i = 0; i < 5; i++) {
      // a_i b_j has weight 2^(26 (i + j)); for i + j >= 5 that is
      // 2^130 2^(26 (i + j - 5)) = 5 2^(26 (i + j - 5)) (mod p).
      if (i <= k) {
        d[k] += (uint64_t)a[i] * b[k - i];
      } else {
        d[k] += (uint64_t)a[i] * (5 * b[k - i + 5]);
      }
    }
  }
  poly1305_carry26(d);
  for (int k = 0; k < 5; k++) {
    out[k] = (uint32_t)d[k];
  }
  CRYPTO_wipe(d, sizeof(d));
}

// poly1305_powers26 fills the kernels' table from the clamped r = r[0] +
// r[1] 2^32 + r[2] 2^64 + r[3] 2^96: rows R_k (k = 0..4) whose lane l is
// limb k of r^power_of_lane[l] mod p (carried, limbs < 2^26 + 2^13), then
// rows S_k = 5 R_k (k = 1..4) in table[5..8]. Each architecture orders its
// lanes as its message loads leave the blocks.
static void poly1305_powers26(uint32_t table[9][4], const uint32_t r[4],
                              const int power_of_lane[4]) {
  uint32_t pw[4][5];  // r^1 .. r^4
  uint32_t rw[5] = {r[0], r[1], r[2], r[3], 0};
  poly1305_to26(pw[0], rw);
  for (int i = 1; i < 4; i++) {
    poly1305_mul26(pw[i], pw[i - 1], pw[0]);
  }
  for (int k = 0; k < 5; k++) {
    for (int l = 0; l < 4; l++) {
      uint32_t limb = pw[power_of_lane[l] - 1][k];
      table[k][l] = limb;
      if (k > 0) {
        table[4 + k][l] = 5 * limb;
      }
    }
  }
  CRYPTO_wipe(pw, sizeof(pw));
  CRYPTO_wipe(rw, sizeof(rw));
}

// poly1305_blocks26 runs `kernel` on `len` bytes of `in` (whole lane
// groups) with the table `powers`, from and back to the base 2^32
// accumulator `w` (w[4] <= 4 on entry and on exit): h = the kernel's
// columns, carried and packed.
static inline void poly1305_blocks26(uint32_t w[5],
                                     poly1305_base26_kernel kernel,
                                     const uint8_t *in, size_t len,
                                     uint32_t padbit,
                                     const uint32_t powers[36]) {
  uint32_t h[5];
  uint64_t d[5];
  poly1305_to26(h, w);
  kernel(d, h, in, len, padbit, powers);
  poly1305_carry26(d);
  poly1305_from26(w, d);
  CRYPTO_wipe(h, sizeof(h));
  CRYPTO_wipe(d, sizeof(d));
}

#endif  // OPENSSL_HEADER_CRYPTO_POLY1305_POLY1305_BASE26_H
