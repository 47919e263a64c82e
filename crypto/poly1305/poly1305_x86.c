// Copyright 2026 The project authors.
//
// crypto/poly1305/poly1305_x86.c: key set-up, emit and the
// vector rows' glue for the 32-bit x86 Poly1305 assembly (poly1305-x86.pl).
// Blocks are assembly; buffering stays in poly1305.c.
//
// Switch lengths (kPoly1305X86*MinLen in impls.h), chosen by
// instruction count because i686 binaries cannot be timed here (no IA-32
// emulation in this kernel; qemu timing is meaningless). Dynamic counts of
// one init + one blocks call + emit with a fresh key (so the vector paths
// pay for r^2..r^4 every time, as an AEAD does), i686-linux-gnu-gcc 12
// -O2, counted as executed instructions under
// `qemu-i386 -cpu max -singlestep -d exec` (scratch harness outside the
// tree; the vector columns force the kernel at every length):
//
//   bytes        16     64    128    192    256    384    512   1024   8192
//   c26         946   1570   2402   3234   4066   5730   7394  14050 107234
//   x86         522    894   1390   1886   2382   3374   4366   8334  63886
//   sse2 kernel   -   1864   2148   2432   2716   3284   3852   6124  37932
//   avx2 kernel   -   1692   1797   1902   2007   2217   2427   3267  15027
//
// Per 64 bytes in the long run: c26 832, x86 496, sse2 284, avx2 105
// (1.7x, 2.9x and 7.1x fewer than c26 at 8 KiB). A kernel call costs
// about 800 instructions of fixed work on a fresh key (the powers, the
// base conversions, the tables, the frame wipe). AVX2 ties the scalar
// code at 192 bytes and wins from 256; SSE2 ties at 384 and wins from 512
// by 12%. The switch is the first length where the kernel's count is
// lower: 256 for AVX2, 384 for SSE2. Instruction counts are not timings:
// the vector instructions are mostly single-uop, 1-2 cycle operations
// while mull is 2-3 uops, so the real break-even is probably lower.
//
// Timed since (AMD Zen 4, family 25 model 17, whose kernel runs i686
// binaries; 2026-12-05). In 32-bit mode a VEX.256 instruction, or even
// vzeroall, leaves the upper halves of the vector registers "in use" for
// good: neither vzeroupper, nor vzeroall, nor zeroing ymm0-7 resets them
// there, and every later legacy-SSE instruction of the process merges into
// them.
// After one AVX2 Poly1305 call, ChaCha20's SSSE3 code ran at 3.56 TSC
// ticks a byte instead of 1.49, the SSE2 Poly1305 kernel at 2.4 instead of
// 0.77, and i686 ChaCha20-Poly1305 seal of 8 KiB at 611-622 MB/s. The AVX2
// kernel now ends with an XRSTOR that returns the AVX state to its
// initial configuration (poly1305-x86.pl), which gives 1117-1243 MB/s,
// but costs ~245 ticks a call. With it, `bssl speed -impls -filter
// Poly1305 -rounds 3` MB/s (x86 / sse2 / avx2 kernel): 256 B 1084 / 1085 /
// 911, 384 B 1163 / 1499 / 1302, 512 B 1178 / 1630 / 1552, 1 KiB 1302 /
// 2275 / 2567, 8 KiB 1359 / 3119 / 5455. So the avx2 row starts at 384
// bytes like the sse2 row, and runs the SSE2 kernel below 640 bytes: at
// 512 bytes the SSE2 kernel's call costs ~816 ticks and each further byte
// 0.69, the AVX2 kernel's ~857 and 0.35, so they cross near 630.

#include "poly1305_x86.h"

#include <assert.h>
#include <stddef.h>
#include <string.h>

#include <openssl/mem.h>

#include "../internal.h"

#if defined(OPENSSL_X86) && !defined(OPENSSL_NO_ASM)

#include "poly1305_base26.h"

// The assembly addresses these fields by byte offset.
static_assert(offsetof(struct poly1305_x86_state, h) == 0, "layout");
static_assert(offsetof(struct poly1305_x86_state, r) == 20, "layout");
static_assert(offsetof(struct poly1305_x86_state, s) == 36, "layout");
static_assert(offsetof(struct poly1305_x86_state, powers) == 64, "layout");
static_assert(sizeof(struct poly1305_x86_state) <= POLY1305_IMPL_STATE_SIZE,
              "x86 state too large");

void poly1305_init_x86(void *state, const uint8_t key[32]) {
  struct poly1305_x86_state *st = state;
  memset(st->h, 0, sizeof(st->h));
  // r &= 0x0ffffffc0ffffffc0ffffffc0fffffff (RFC 8439, section 2.5).
  st->r[0] = CRYPTO_load_u32_le(key + 0) & 0x0fffffffu;
  st->r[1] = CRYPTO_load_u32_le(key + 4) & 0x0ffffffcu;
  st->r[2] = CRYPTO_load_u32_le(key + 8) & 0x0ffffffcu;
  st->r[3] = CRYPTO_load_u32_le(key + 12) & 0x0ffffffcu;
  st->s[0] = 0;
  for (int j = 1; j < 4; j++) {
    st->s[j] = st->r[j] + (st->r[j] >> 2);
  }
  st->powers_ready = 0;
}

void poly1305_emit_x86(void *state, uint8_t mac[16], const uint8_t s[16]) {
  const struct poly1305_x86_state *st = state;
  uint32_t h0 = st->h[0], h1 = st->h[1], h2 = st->h[2], h3 = st->h[3],
           h4 = st->h[4];
  uint64_t t;

  // h = (h mod 2^130) + 5 (h >> 130): with h4 <= 4 the result is
  // < 2^130 + 5 < 2p.
  t = (uint64_t)h0 + 5 * (h4 >> 2);
  h4 &= 3;
  h0 = (uint32_t)t;
  t = (uint64_t)h1 + (t >> 32);
  h1 = (uint32_t)t;
  t = (uint64_t)h2 + (t >> 32);
  h2 = (uint32_t)t;
  t = (uint64_t)h3 + (t >> 32);
  h3 = (uint32_t)t;
  h4 += (uint32_t)(t >> 32);

  // g = h + 5 = h - p + 2^130. h >= p exactly when g >= 2^130, i.e. when
  // bit 2 of g4 is set (g < 2^131); then h mod p = g mod 2^130, whose low
  // 128 bits are g0..g3.
  t = (uint64_t)h0 + 5;
  uint32_t g0 = (uint32_t)t;
  t = (uint64_t)h1 + (t >> 32);
  uint32_t g1 = (uint32_t)t;
  t = (uint64_t)h2 + (t >> 32);
  uint32_t g2 = (uint32_t)t;
  t = (uint64_t)h3 + (t >> 32);
  uint32_t g3 = (uint32_t)t;
  uint32_t g4 = h4 + (uint32_t)(t >> 32);
  uint32_t use_g = value_barrier_u32(0u - (g4 >> 2));
  h0 = (use_g & g0) | (~use_g & h0);
  h1 = (use_g & g1) | (~use_g & h1);
  h2 = (use_g & g2) | (~use_g & h2);
  h3 = (use_g & g3) | (~use_g & h3);

  poly1305_store_tag(mac, h0, h1, h2, h3, s);
}

// --- Vector rows ------------------------------------------------------------

const uint32_t *poly1305_powers_x86(void *state) {
  struct poly1305_x86_state *st = state;
  if (!st->powers_ready) {
    // Lanes (r^4, r^2, r^3, r^1): see poly1305-x86.pl.
    static const int kPowerOfLane[4] = {4, 2, 3, 1};
    poly1305_powers26(st->powers, st->r, kPowerOfLane);
    st->powers_ready = 1;
  }
  return &st->powers[0][0];
}

// vector_row runs `kernel` (`group` bytes per step) on the whole groups of
// the input and the scalar code on the leading rest. It takes any length;
// the driver in poly1305.c gives calls shorter than the row's switch length
// (kPoly1305X86*MinLen) to the x86 row instead.
static void vector_row(void *state, const uint8_t *in, size_t len,
                       uint32_t padbit, poly1305_base26_kernel kernel,
                       size_t group) {
  size_t lead = len % group;
  poly1305_blocks_x86(state, in, lead, padbit);
  if (len == lead) {
    return;  // no whole group: the kernels take at least one
  }
  const uint32_t *powers = poly1305_powers_x86(state);
  struct poly1305_x86_state *st = state;
  // h[4] <= 4 (poly1305_blocks_x86's exit bound), as poly1305_blocks26
  // needs; it leaves h[4] <= 4 again.
  poly1305_blocks26(st->h, kernel, in + lead, len - lead, padbit, powers);
}

void poly1305_blocks_x86_sse2_row(void *state, const uint8_t *in, size_t len,
                                  uint32_t padbit) {
  vector_row(state, in, len, padbit, poly1305_blocks_x86_sse2, 32);
}

// kPoly1305X86AVX2KernelMinLen: the avx2 row's calls shorter than this run
// the SSE2 kernel, which the AVX2 kernel's closing XRSTOR makes faster there
// (see the top of this file).
#define kPoly1305X86AVX2KernelMinLen (40 * 16)

void poly1305_blocks_x86_avx2_row(void *state, const uint8_t *in, size_t len,
                                  uint32_t padbit) {
  if (len < kPoly1305X86AVX2KernelMinLen) {
    vector_row(state, in, len, padbit, poly1305_blocks_x86_sse2, 32);
    return;
  }
  vector_row(state, in, len, padbit, poly1305_blocks_x86_avx2, 64);
}

#endif  // OPENSSL_X86 && !OPENSSL_NO_ASM
