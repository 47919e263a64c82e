// Copyright 2026 The project authors.
//
// crypto/chacha/impls.h: the declared list of ChaCha20 paths (crypto/impl.h),
// each architecture's rows inside its guard (CRYPTO_IMPL_ON_X86_64 and the
// others, crypto/impl.h).
//
// CHACHA20_IMPLS(X) expands
//   X(name, entry, capable, shape, width, min_len, shorter)
// once per row of the architecture being built, best first, ending with the portable C code. From it come the
// declarations of the assembly entry points (below) and the rows of
// CRYPTO_primitive_chacha20 (chacha.c), which chacha20_xor_words drives, and
// which the tests, `bssl cpu`, `bssl speed -impls` and the fuzzers walk.
//
// Every entry point XORs the ChaCha20 keystream (RFC 8439, section 2.3) of
// key words `key` (state words 4..11) and `counter_nonce` (state words
// 12..15; block i uses counter counter_nonce[0] + i modulo 2^32, the nonce
// words never change) into `in` and writes `out`, which equals `in` or does
// not overlap it; no alignment is required. Its third argument is
//   - for shape BLOCKS, a number of whole 64-byte blocks, computed `width`
//     at a time (a final group of fewer costs as much as a full one but
//     touches only its own blocks); zero reads and writes nothing;
//   - for shape BYTES, a byte count, any value: the entry point handles a
//     final partial block itself and touches no byte past it.
// An entry point may only be called when its row's predicate returns one;
// the assembly never reads the capability word itself. One entry point has
// a second mode: ChaCha20_ctr32_avx512 with `in` NULL and a length that is
// a multiple of 2048 writes the keystream alone (chacha20_keystream_words in
// chacha.c is its only caller).
//
// The driver (chacha20_xor_words in chacha.c) gives an input shorter than a
// row's `min_len` to the row `shorter` (whose predicate holds whenever this
// one's does), the whole groups of a BLOCKS row straight to its entry point,
// and a final rest either to `shorter` (under `min_len`) or, zero-padded to
// whole blocks in a stack buffer, to one more call of the entry point (a
// final group costs the same however few of its blocks are used, so that is
// the cheapest way to a partial block's keystream from it). DESIGN.md keeps
// tails in C in one place; that place is the driver.

#ifndef OPENSSL_HEADER_CRYPTO_CHACHA_IMPLS_H
#define OPENSSL_HEADER_CRYPTO_CHACHA_IMPLS_H

#include <openssl/base.h>

#include "../cpu/internal.h"
#include "../impl.h"

#if defined(__cplusplus)
extern "C" {
#endif

// The rows of each architecture (CRYPTO_IMPL_ON_* in crypto/impl.h keeps
// those of the architecture being built).

// x86-64 (asm/chacha-x86_64.pl; median TSC ticks per call on Zen 5, method
// and table in that file):
//   avx512: any length with byte-masked loads and stores; 32 blocks at a
//     time (two groups of sixteen in zmm registers) from 1025 bytes on, a
//     rest of 1025..1536 bytes as sixteen blocks in zmm and eight in ymm,
//     513..1024 as sixteen; up to 512 bytes two to eight blocks in one or
//     two sets of rows in ymm and zmm registers (the widths in
//     asm/chacha-x86_64.pl), up to 64 one in xmm. min_len 65: 64 bytes
//     cost 161-173 ticks in the x86_64 code against 231-247 for the
//     AVX-512 one-block code; 80 and
//     128 bytes 312-340 scalar against 244-266 for its four-block rows.
//   avx2: sixteen blocks at a time (two interleaved groups of eight in ymm
//     registers), then eight (width 8).
//   ssse3_4x: four blocks at a time in xmm registers (width 4).
//     min_len 129 for both: one group costs ~375 ticks in either wide
//     function however few of its blocks are used, while the x86_64 code
//     costs ~161-173 ticks per block (the C code ~174-186); so the scalar
//     code wins up to two blocks (~340 ticks) and a wide group from three
//     (~510). Rests of 129 bytes and more take one more padded group.
//   x86_64: any length, one block at a time in general-purpose registers
//     (a final partial block XORed 8 and then 1 byte at a time); baseline
//     x86-64, faster than the C code at every length.
//   avx512_zen4: the same entry point with no min_len, on AMD family 0x19
//     (of which only Zen 4 has AVX-512): its one-block code in xmm rows is
//     what runs up to 64 bytes. Zen 4's simple vector operations take one
//     cycle where Zen 5's take two, so there the xmm rows beat the scalar
//     code that the avx512 row hands short inputs to. Measured on AMD EPYC
//     family 25 model 17 (Zen 4), TSC 2.596 GHz, core ~3.66 GHz,
//     util/bench/aead_floor.c (lower quartile of 41 batches of 200 calls,
//     2026-12-03): 16 and 64 bytes 214.6 ticks in the xmm rows against
//     259.6 in ChaCha20_ctr32_x86_64 (back to back), 263.5 against 273.1
//     chained (the rows now take 177-189 and 211-213: see the rows' double
//     round in asm/chacha-x86_64.pl). On Zen 5 (table in
//     asm/chacha-x86_64.pl) the scalar code wins, 161-173 against 231-248,
//     so the avx512 row keeps min_len 65.
//     From 65 bytes on both rows run the same code.
#define CHACHA20_X86_64_ROWS(X)                                            \
  X(avx512_zen4, ChaCha20_ctr32_avx512, chacha20_avx512_zen4_capable,      \
    CRYPTO_IMPL_BYTES, 1, 0, none)                                         \
  X(avx512, ChaCha20_ctr32_avx512, chacha20_avx512_capable,                \
    CRYPTO_IMPL_BYTES, 1, 65, x86_64)                                      \
  X(avx2, ChaCha20_ctr32_avx2, CRYPTO_is_AVX2_capable, CRYPTO_IMPL_BLOCKS, \
    8, 129, x86_64)                                                        \
  X(ssse3_4x, ChaCha20_ctr32_ssse3_4x, CRYPTO_is_SSSE3_capable,            \
    CRYPTO_IMPL_BLOCKS, 4, 129, x86_64)                                    \
  X(x86_64, ChaCha20_ctr32_x86_64, NULL, CRYPTO_IMPL_BYTES, 1, 0, none)

// chacha20_avx512_capable is the predicate of the avx512 row above: AVX-512
// Foundation (zmm registers, vprold, opmasks), AVX512BW (the byte-masked
// vmovdqu8 and 64-bit kmovq of the partial block) and AVX512VL (the
// one-block path runs vprold on xmm). Every AVX-512 CPU since Skylake-SP and
// Zen 4 has all three. The detection clears them when the OS does not save
// the opmask and ZMM state.
static inline int chacha20_avx512_capable(void) {
  return CRYPTO_is_AVX512F_capable() && CRYPTO_is_AVX512BW_capable() &&
         CRYPTO_is_AVX512VL_capable();
}

// chacha20_avx512_zen4_capable is the avx512_zen4 row's predicate: the
// avx512 row's features on an AMD family 0x19 CPU (CRYPTO_x86_amd_family;
// Zen 3 is family 0x19 too but has no AVX-512). The family is not a
// capability: it only chooses between two rows such a CPU can both run, as
// measured above. Masking AVX-512 off (OPENSSL_ia32cap) removes both rows.
static inline int chacha20_avx512_zen4_capable(void) {
  return chacha20_avx512_capable() && CRYPTO_x86_amd_family() == 0x19;
}

// 32-bit x86 (asm/chacha-x86.pl), whole-block functions needing SSSE3
// (pshufb):
//   ssse3_4x: groups of four blocks, one state word per xmm lane (most
//     words spilled to its frame: 32-bit mode has eight xmm registers), two
//     groups at a time while eight or more blocks remain (width 4).
//   ssse3: one block at a time, the state's rows in four xmm registers. The
//     dispatcher never picks it (the row above has the same predicate and
//     hands short inputs to nohw, measured below); it is listed so `bssl
//     speed -impls` times it and the tests force it.
//
// ssse3_4x's min_len 65: a final rest (or a whole input) of at most 64 bytes
// goes to the C code (row nohw), a longer one to one more 4-way call.
// Measured natively (the i686 build's bssl speed -check -filter ChaCha20
// -chunks 16,64,128,192,256,512 -timeout 0.3; AMD Zen 5 in 32-bit mode,
// load ~5, medians of 5 rounds): at 16 and 64 bytes nohw ran 132 and 528
// MB/s, the one-block ssse3 code 88 and 382, ssse3_4x 89 and 381 (so nohw
// is 39-50% faster); at 128 bytes ssse3_4x 571 against nohw 589 (within
// noise), from 192 bytes on ssse3_4x leads (1.37x, 1.79x at 256). The
// one-block code runs 3.6-4.3x fewer instructions than the C code but its
// chain of 2-cycle vector operations is longer than gcc's scalar rounds on
// this core. Not measured on Intel cores (whose simple vector operations
// take one cycle, where the one-block code may win); chacha-x86.pl's SPEED
// table has the counts and bounds.
#define CHACHA20_X86_ROWS(X)                                              \
  X(ssse3_4x, ChaCha20_ctr32_ssse3_4x, CRYPTO_is_SSSE3_capable,           \
    CRYPTO_IMPL_BLOCKS, 4, 65, nohw)                                      \
  X(ssse3, ChaCha20_ctr32_ssse3, CRYPTO_is_SSSE3_capable,                 \
    CRYPTO_IMPL_BLOCKS, 1, 0, none)

// AArch64 (asm/chacha-armv8.pl), all whole-block functions:
//   neon_hybrid: five blocks per loop trip, four in NEON lanes and the fifth
//     in general-purpose registers, its instructions interleaved with the
//     NEON ones so the integer pipes work while the NEON chain runs.
//   neon: four blocks at a time in NEON registers. Superseded by neon_hybrid
//     (same predicate, so never chosen); kept to compare in `bssl speed
//     -impls` and as neon_hybrid's path for rests of two to four blocks.
//   scalar: base A64 integer instructions, one block at a time: cores
//     without NEON (or with it masked off), and single blocks everywhere.
//
// The length rules (min_len and shorter of the rows below). No AArch64 hardware is available here and qemu
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
//   n = 1        scalar (cheaper than a group on every core, and than C):
//                neon's min_len 65, shorter scalar;
//   n = 2..4     one NEON group (A72/N1: a group beats two scalar blocks,
//                880 vs ~1000 and 600 vs ~660; on M1 two scalar blocks,
//                340-480, would beat it: A72/N1-class cores decide):
//                neon_hybrid's min_len 257, shorter neon;
//   n >= 5       neon_hybrid on the whole multiples of five blocks, the
//                rest of 1..4 blocks (plus a partial one) as above, and a
//                rest of four whole blocks plus a partial one as one more
//                five-block trip.
// The C code loses to the scalar assembly everywhere: gcc 12 -O2 XORs the
// keystream byte by byte (8 instructions per byte) after the same rounds.
#define CHACHA20_AARCH64_ROWS(X)                                       \
  X(neon_hybrid, ChaCha20_ctr32_neon_hybrid, CRYPTO_is_NEON_capable,   \
    CRYPTO_IMPL_BLOCKS, 5, 257, neon)                                  \
  X(neon, ChaCha20_ctr32_neon, CRYPTO_is_NEON_capable,                 \
    CRYPTO_IMPL_BLOCKS, 4, 65, scalar)                                 \
  X(scalar, ChaCha20_ctr32_scalar, NULL, CRYPTO_IMPL_BLOCKS, 1, 0, none)

// The whole list: this architecture's rows, then the portable C code.
#define CHACHA20_IMPLS(X)                          \
  CRYPTO_IMPL_ON_X86_64(CHACHA20_X86_64_ROWS(X))   \
  CRYPTO_IMPL_ON_X86(CHACHA20_X86_ROWS(X))         \
  CRYPTO_IMPL_ON_AARCH64(CHACHA20_AARCH64_ROWS(X)) \
  X(nohw, ChaCha20_ctr32_nohw, NULL, CRYPTO_IMPL_BYTES, 1, 0, none)

// The declarations of every entry point of the list (ChaCha20_ctr32_nohw is
// defined in chacha.c).
#define CHACHA20_DECLARE(name, entry, capable, shape, width, min_len, shorter) \
  void entry(uint8_t *out, const uint8_t *in, size_t len,                      \
             const uint32_t key[8], const uint32_t counter_nonce[4]);
CHACHA20_IMPLS(CHACHA20_DECLARE)
#undef CHACHA20_DECLARE

#if defined(OPENSSL_X86_64) && !defined(OPENSSL_NO_ASM)
// chacha20_poly1305_short_avx512 and chacha20_poly1305_medium_avx512
// (asm/chacha-x86_64.pl) are the short seal and open of words.h, records of
// 1..64 and 65..256 bytes, each in one function, beside
// ChaCha20_ctr32_avx512 and under its predicate (the avx512 and avx512_zen4
// rows): block 0 and the record's blocks in sets of ymm rows, the XOR
// through byte masks, and a scalar Poly1305 of the run, instead of one
// ChaCha20 call and four Poly1305 ones with the copies between them. They
// are called (chacha.c) only when the chosen row's entry point is
// ChaCha20_ctr32_avx512, whose predicate covers their instructions
// (AVX-512 F, BW, VL and base x86-64); util/insn_coverage does not reach
// them, as no row names them.
struct chacha20_poly1305_short_args;
int chacha20_poly1305_short_avx512(
    const struct chacha20_poly1305_short_args *args);
int chacha20_poly1305_medium_avx512(
    const struct chacha20_poly1305_short_args *args);
// chacha20_poly1305_medium_avx512ifma is the medium function for records of
// 129..256 bytes only, its MAC in four lanes of AVX-512 IFMA instead of the
// scalar chain (asm/chacha-x86_64.pl, $mac_ifma); chacha.c calls it in
// place of the medium function there when chacha20_avx512ifma_capable().
int chacha20_poly1305_medium_avx512ifma(
    const struct chacha20_poly1305_short_args *args);

// chacha20_avx512ifma_capable: the medium function's features and AVX-512
// IFMA (VPMADD52LUQ/HUQ on ymm: AVX512VL is in chacha20_avx512_capable).
static inline int chacha20_avx512ifma_capable(void) {
  return chacha20_avx512_capable() && CRYPTO_is_AVX512IFMA_capable();
}
#endif

// The index of each row, so a row can name its `shorter` row by its name.
#define CHACHA20_ROW_INDEX(name, entry, capable, shape, width, min_len, \
                           shorter)                                     \
  CRYPTO_IMPL_ROW_INDEX(chacha20, name),
enum { CRYPTO_IMPL_ROW_ENUM(chacha20) CHACHA20_IMPLS(CHACHA20_ROW_INDEX) };
#undef CHACHA20_ROW_INDEX

// CRYPTO_primitive_chacha20 holds the rows, defined in chacha.c.
extern CRYPTO_PRIMITIVE CRYPTO_primitive_chacha20;

#if defined(__cplusplus)
}  // extern "C"
#endif

#endif  // OPENSSL_HEADER_CRYPTO_CHACHA_IMPLS_H
