// Copyright 2026 The project authors.
//
// crypto/poly1305/impls.h: the declared list of Poly1305 paths
// (crypto/impl.h) and the only place in crypto/poly1305/ with a
// per-architecture `#if`.
//
// POLY1305_IMPLS(X) expands X(name, init, blocks, emit, capable, min_len,
// abi) once per row, best first, ending with the portable C code. A row is
// three functions over one opaque state (the contract is in internal.h):
// `blocks` takes whole 16-byte blocks (shape BLOCKS), any number of them.
// `min_len` is a vector row's switch length (0 for a scalar row): the
// driver (poly1305_row_blocks in poly1305.c) gives a blocks call shorter
// than that to the architecture's scalar row, POLY1305_SHORTER_ROW below,
// which shares the vector rows' init, emit and state layout (poly1305.c
// checks that). The glue files only adapt entry points; the tests run
// both sides of `min_len`. `abi` says which of the row's functions are
// assembly, for the tests to call through CHECK_ABI (POLY1305_ABI_* below).
// From the list come the declarations of the row functions (below) and the
// rows of CRYPTO_primitive_poly1305 (poly1305.c), which the streaming API
// and the AEAD's context (mac.h) use, and which the tests, `bssl cpu`,
// `bssl speed -impls` and the fuzzers walk. Adding a row is its functions
// and one X(...) line here: the per-architecture tests
// (test/poly1305_<arch>_test.cc) read the rows from this list.

#ifndef OPENSSL_HEADER_CRYPTO_POLY1305_IMPLS_H
#define OPENSSL_HEADER_CRYPTO_POLY1305_IMPLS_H

#include <openssl/base.h>

#include "../cpu/internal.h"
#include "../impl.h"

#if defined(__cplusplus)
extern "C" {
#endif

// POLY1305_ABI_BLOCKS and POLY1305_ABI_EMIT, or-ed in a row's `abi`, say
// that its blocks or its emit function is assembly. A vector row whose
// blocks function is C glue around a kernel has neither bit for it (its
// test calls the kernel through CHECK_ABI directly).
#define POLY1305_ABI_BLOCKS 1
#define POLY1305_ABI_EMIT 2

#if defined(OPENSSL_X86_64) && !defined(OPENSSL_NO_ASM)

// x86-64 (asm/poly1305-x86_64.pl; glue and state layout in
// poly1305_x86_64.c). Measured on Zen 5, TSC ticks/byte of whole one-shot
// messages:
//   avx512ifma: 8-lane base 2^44 (VPMADD52LUQ/HUQ) from 256 bytes per call,
//     the scalar step below that: 0.076 at 16 KiB vs 0.21 for avx2, 0.23 vs
//     0.33 at 1350 bytes; 256 bytes is where it first beats the scalar step
//     (152 vs 173 ticks; details in the generator).
//   avx2: 4-way base 2^26 from 256 bytes per call, the scalar step below
//     that: 0.22 at 8 KiB vs 0.52 for x86_64; equal at 16..256 bytes (same
//     scalar code; the r^2..r^8 setup makes 256 a tie, 320 already 0.44 vs
//     0.52).
//   x86_64: scalar base 2^64 mul/adc, any x86-64 CPU: 0.52 vs 0.67 for c64.
//     A MULX/ADX variant measured the same (0.51-0.53: the block is one
//     multiply-add-fold latency chain that MULX does not shorten) and was
//     dropped.
// All three keep the base 2^64 layout, so c64's emit serves them. The
// switch lengths are $IFMA_MIN_LEN and $AVX2_MIN_LEN in the generator; the
// vector functions also branch to their scalar step below them themselves
// (assembly kept byte-identical), so the driver's hand-off to the x86_64
// row for calls under 256 bytes only saves that entry's extra branch.
#define POLY1305_ASM_IMPLS(X)                                                 \
  X(avx512ifma, poly1305_init_x86_64, poly1305_blocks_avx512ifma,             \
    poly1305_emit_c64, CRYPTO_is_AVX512IFMA_capable, 256, POLY1305_ABI_BLOCKS) \
  X(avx2, poly1305_init_x86_64, poly1305_blocks_avx2, poly1305_emit_c64,      \
    CRYPTO_is_AVX2_capable, 256, POLY1305_ABI_BLOCKS)                         \
  X(x86_64, poly1305_init_x86_64, poly1305_blocks_x86_64, poly1305_emit_c64,  \
    NULL, 0, POLY1305_ABI_BLOCKS)
#define POLY1305_SHORTER_ROW x86_64

#elif defined(OPENSSL_AARCH64) && !defined(OPENSSL_NO_ASM)

// AArch64 (asm/poly1305-armv8.pl; glue in poly1305_armv8.c):
//   neon: base 2^26 on four lanes from 16 blocks up (shorter inputs go to
//     the armv8 row, by the driver; the estimate is below).
//   armv8: scalar base 2^64 (mul/umulh); needs no feature.
// Both emit with the scalar assembly.
#define POLY1305_ASM_IMPLS(X)                                               \
  X(neon, poly1305_init_armv8, poly1305_blocks_neon_row,                    \
    poly1305_emit_armv8, CRYPTO_is_NEON_capable, kPoly1305NEONMinLen,       \
    POLY1305_ABI_EMIT)                                                      \
  X(armv8, poly1305_init_armv8, poly1305_blocks_armv8, poly1305_emit_armv8, \
    NULL, 0, POLY1305_ABI_BLOCKS | POLY1305_ABI_EMIT)
#define POLY1305_SHORTER_ROW armv8

// kPoly1305NEONMinLen: calls of the NEON row shorter than this many bytes
// go to the armv8 row. Estimated, not measured (no AArch64
// hardware here; see poly1305-armv8.pl): a call of poly1305_blocks_neon
// costs about the scalar code's four blocks in fixed work (save/restore of
// d8-d15, the conversions in poly1305_armv8.c, the last group's lane
// sum) and each further group of four blocks about half the scalar cost on
// Cortex-A72 (two vector pipes against one multiplier). So it pays from
// about eight blocks; sixteen leaves a margin for the one-time powers
// computation.
#define kPoly1305NEONMinLen (16 * 16)

#elif defined(OPENSSL_X86) && !defined(OPENSSL_NO_ASM)

// 32-bit x86 (asm/poly1305-x86.pl; glue in poly1305_x86.c). Ordered by
// instruction count per 64 bytes (timed natively since: poly1305_x86.c): avx2
// 4-way base 2^26 105, sse2 2-way 284, x86 scalar base 2^32 496 (c26: 832).
// Both vector rows use the scalar code below 384 bytes, and the avx2 row
// the SSE2 kernel below 640 (timings in poly1305_x86.c).
// Emit is C (poly1305_x86.c); only the scalar row's blocks is assembly.
#define POLY1305_ASM_IMPLS(X)                                               \
  X(avx2, poly1305_init_x86, poly1305_blocks_x86_avx2_row, poly1305_emit_x86, \
    CRYPTO_is_AVX2_capable, kPoly1305X86AVX2MinLen, 0)                      \
  X(sse2, poly1305_init_x86, poly1305_blocks_x86_sse2_row, poly1305_emit_x86, \
    CRYPTO_is_SSE2_capable, kPoly1305X86SSE2MinLen, 0)                      \
  X(x86, poly1305_init_x86, poly1305_blocks_x86, poly1305_emit_x86, NULL, 0, \
    POLY1305_ABI_BLOCKS)
#define POLY1305_SHORTER_ROW x86

// kPoly1305X86SSE2MinLen and kPoly1305X86AVX2MinLen: calls of the vector
// rows shorter than this many bytes go to the x86 row (see
// poly1305_x86.c for how they were chosen; the avx2 row runs the SSE2
// kernel below kPoly1305X86AVX2KernelMinLen, which poly1305_x86.c defines).
#define kPoly1305X86SSE2MinLen (24 * 16)
#define kPoly1305X86AVX2MinLen (24 * 16)

#else
#define POLY1305_ASM_IMPLS(X)
#define POLY1305_SHORTER_ROW none
#endif

#if defined(__SIZEOF_INT128__)
// POLY1305_HAVE_C64 is defined where the compiler has a 128-bit integer type,
// so the base 2^64 C implementation is compiled.
#define POLY1305_HAVE_C64
#define POLY1305_C64_IMPLS(X)                                         \
  X(c64, poly1305_init_c64, poly1305_blocks_c64, poly1305_emit_c64, NULL, 0, 0)
#else
#define POLY1305_C64_IMPLS(X)
#endif

// The whole list: the assembly rows, then the C code ("c64" where __int128
// exists, then "c26", which every target can run).
#define POLY1305_IMPLS(X)  \
  POLY1305_ASM_IMPLS(X)    \
  POLY1305_C64_IMPLS(X)    \
  X(c26, poly1305_init_c26, poly1305_blocks_c26, poly1305_emit_c26, NULL, 0, 0)

// The declarations of every row function (a function several rows share is
// declared once per row, identically).
#define POLY1305_DECLARE(name, init, blocks, emit, capable, min_len, abi)  \
  void init(void *state, const uint8_t key[32]);                          \
  void blocks(void *state, const uint8_t *in, size_t len, uint32_t padbit); \
  void emit(void *state, uint8_t mac[16], const uint8_t s[16]);
POLY1305_IMPLS(POLY1305_DECLARE)
#undef POLY1305_DECLARE

// The index of each row, so that POLY1305_SHORTER_ROW names a row.
#define POLY1305_ROW_INDEX(name, init, blocks, emit, capable, min_len, abi) \
  CRYPTO_IMPL_ROW_INDEX(poly1305, name),
enum { CRYPTO_IMPL_ROW_ENUM(poly1305) POLY1305_IMPLS(POLY1305_ROW_INDEX) };
#undef POLY1305_ROW_INDEX

// CRYPTO_primitive_poly1305 holds the rows, defined in poly1305.c.
extern CRYPTO_PRIMITIVE CRYPTO_primitive_poly1305;

#if defined(__cplusplus)
}  // extern "C"
#endif

#endif  // OPENSSL_HEADER_CRYPTO_POLY1305_IMPLS_H
