// Copyright 2026 The project authors.
//
// crypto/sha/sha_batch.h: the implementation tables of batch hashing
// (SHA256_hash_pairs, SHA256_batch, SHA512_hash_pairs, SHA512_batch in
// include/openssl/sha.h) and the multi-buffer kernels their rows drive.
//
// Each of the two primitives, "sha256_batch" and "sha512_batch", has one
// table (crypto/impl.h), best row first, ending with "nohw". A row's
// functions have the contracts of the public functions (any `n`, out == in
// allowed for the pairs shape); the dispatcher, the tests, the fuzzer and
// `bssl speed -impls` walk the same tables.
//
// "nohw" hashes one message after another through the one-message block
// function of crypto/sha/internal.h (itself dispatched, so on a CPU with
// the SHA extensions it is the SHA256() loop without the per-call
// overhead). The x86-64 rows, best first: "avx512_shani_zen4" and
// "avx512_zen4" (AMD Zen 4 only: SHA-256 pairs, and batches but those of 16
// or more short messages, in four SHA-NI streams; the rest as the next two
// rows with that core's thresholds), "avx512_shani" (SHA-256 only: groups
// of 20 messages, 16 in AVX-512 lanes and 4 in SHA-NI streams beside them,
// then 16-lane groups, then SHA-NI streams for the rest), "avx512" (16 or
// 8 lanes, the rest one by one), "shani" (SHA-256 pairs in SHA-NI streams;
// the batch shape one by one), "avx2" (8 or 4 lanes of ymm), "avx"
// (SHA-256 only: 4 lanes of xmm); SHA-256 reaches the last two only
// without the SHA extensions. A vector row falls back to the one-message
// code where few messages remain (thresholds in sha_batch.c).
// The AArch64 rows: "hw" (two interleaved streams of the SHA256 or SHA512
// instructions) and, SHA-256 only, "neon" (4 lanes).

#ifndef OPENSSL_HEADER_CRYPTO_SHA_SHA_BATCH_H
#define OPENSSL_HEADER_CRYPTO_SHA_SHA_BATCH_H

#include <openssl/base.h>

#include "../cpu/internal.h"
#include "../impl.h"

#if defined(__cplusplus)
extern "C" {
#endif

// A row's functions: `pairs` hashes `n` messages of one block's size
// (64 or 128 bytes) consecutive at `in` to `n` digests at `out`; `batch`
// hashes `n` messages of any lengths. The rules are the public functions'.
// A row's entry (crypto/impl.h's struct crypto_sha_batch_entry): `pairs`
// hashes n consecutive 64-byte (SHA-256) or 128-byte (SHA-512) messages,
// `batch` n messages of any lengths, each as the public functions below.
typedef struct crypto_sha_batch_entry sha_batch_impl_fns;

extern CRYPTO_PRIMITIVE CRYPTO_primitive_sha256_batch;
extern CRYPTO_PRIMITIVE CRYPTO_primitive_sha512_batch;

#if defined(OPENSSL_X86_64) && !defined(OPENSSL_NO_ASM)

// The AVX-512 kernels (crypto/sha/asm/sha2-mb-x86_64.pl, whose header has
// the register plan and the cycle counts). They use AVX512F (vprord,
// vpternlogd, vshufi64x2, embedded broadcasts) and AVX512BW (vpshufb on
// zmm); predicate sha_batch_avx512_capable.
//
// sha256_mb_avx512_x16 compresses, in each lane l < 16, `num_blocks`
// 64-byte blocks at in[l], in[l] + 64, ... into lane l's chaining value,
// which is stored transposed: word j of lane l is state[16 * j + l]. The
// pointers need no alignment and may be equal; `num_blocks` == 0 reads
// nothing. sha512_mb_avx512_x8 is the same for SHA-512: 8 lanes, 128-byte
// blocks, word j of lane l at state[8 * j + l].
void sha256_mb_avx512_x16(uint32_t state[8 * 16], const uint8_t *const in[16],
                          size_t num_blocks);
void sha512_mb_avx512_x8(uint64_t state[8 * 8], const uint8_t *const in[8],
                         size_t num_blocks);

// sha256_pairs_avx512_x16 writes the SHA-256 digests of 16 * `n16`
// consecutive 64-byte messages at `in` to `out` (32 bytes each); out == in
// is allowed, other overlap is not. sha512_pairs_avx512_x8: 8 * `n8`
// messages of 128 bytes, 64-byte digests.
void sha256_pairs_avx512_x16(uint8_t *out, const uint8_t *in, size_t n16);
void sha512_pairs_avx512_x8(uint8_t *out, const uint8_t *in, size_t n8);

// sha256_pairs_shani_x1 and sha256_pairs_shani_x2 write the SHA-256
// digests of `n` groups of 1 or 2 consecutive 64-byte messages at `in` to
// `out` (32 bytes each), with the SHA extensions (one or two interleaved
// streams; the padding block's schedule is a table). out == in is allowed,
// other overlap is not. They also use SSSE3 and SSE4.1 (pshufb, palignr,
// pblendw), which every CPU with the SHA extensions has: predicate
// CRYPTO_is_x86_SHA_capable.
void sha256_pairs_shani_x1(uint8_t *out, const uint8_t *in, size_t n);
void sha256_pairs_shani_x2(uint8_t *out, const uint8_t *in, size_t n);

// sha256_pairs_avx512_shani_x20 writes the SHA-256 digests of `n` groups of
// 20 consecutive 64-byte messages at `in` to `out`: 16 in the AVX-512 lanes,
// 4 in two SHA-NI streams beside them (see the generator). out == in is
// allowed, other overlap is not. Predicate sha_batch_avx512_shani_capable.
void sha256_pairs_avx512_shani_x20(uint8_t *out, const uint8_t *in, size_t n);

// sha256_pairs_avx512_shani_x4 writes the SHA-256 digests of `n` groups of 4
// consecutive 64-byte messages at `in` to `out`, in four interleaved SHA-NI
// streams whose message schedules are formed into the stack frame (cleared
// before it returns), partly during the previous group's rounds; it uses
// AVX-512VL only to keep the schedule's older words in xmm16-xmm31. Worth
// it where sha256rnds2 issues once a cycle (Zen 4: see the generator).
// out == in is allowed, other overlap is not. Predicate
// sha_batch_avx512_shani_x4_capable.
void sha256_pairs_avx512_shani_x4(uint8_t *out, const uint8_t *in, size_t n);

// sha256_mb_avx512_shani_x4 is sha256_mb_avx512_x16's contract for 4 lanes
// (word j of lane l at state[4 * j + l]) in the same four streams, the
// schedule of each block formed during the rounds of the one before.
// Predicate sha_batch_avx512_shani_x4_capable.
void sha256_mb_avx512_shani_x4(uint32_t state[8 * 4],
                               const uint8_t *const in[4], size_t num_blocks);

// The AVX2 and AVX kernels (the same generator; its header has the plan:
// the schedule lives in the stack frame): the contracts of the AVX-512
// kernels above with fewer lanes. sha256_mb_avx2_x8 and
// sha256_pairs_avx2_x8: 8 lanes, word j of lane l at state[8 * j + l];
// sha512_mb_avx2_x4 and sha512_pairs_avx2_x4: 4 lanes, state[4 * j + l];
// predicate CRYPTO_is_AVX2_capable. sha256_mb_avx_x4 and
// sha256_pairs_avx_x4: 4 lanes of xmm with AVX alone (no AVX2
// instruction), state[4 * j + l]; predicate CRYPTO_is_AVX_capable.
void sha256_mb_avx2_x8(uint32_t state[8 * 8], const uint8_t *const in[8],
                       size_t num_blocks);
void sha256_pairs_avx2_x8(uint8_t *out, const uint8_t *in, size_t n8);
void sha512_mb_avx2_x4(uint64_t state[8 * 4], const uint8_t *const in[4],
                       size_t num_blocks);
void sha512_pairs_avx2_x4(uint8_t *out, const uint8_t *in, size_t n4);
void sha256_mb_avx_x4(uint32_t state[8 * 4], const uint8_t *const in[4],
                      size_t num_blocks);
void sha256_pairs_avx_x4(uint8_t *out, const uint8_t *in, size_t n4);

// sha_batch_avx512_capable returns one if the AVX-512 kernels may run:
// AVX512F and AVX512BW (the detection clears both when the OS does not
// save ZMM state).
static inline int sha_batch_avx512_capable(void) {
  return CRYPTO_is_AVX512F_capable() && CRYPTO_is_AVX512BW_capable();
}

// sha_batch_avx512_shani_capable returns one if both the AVX-512 kernels
// and the SHA-NI ones may run (the row that combines them).
static inline int sha_batch_avx512_shani_capable(void) {
  return sha_batch_avx512_capable() && CRYPTO_is_x86_SHA_capable();
}

// sha_batch_avx512_shani_x4_capable returns one if
// sha256_pairs_avx512_shani_x4 and sha256_mb_avx512_shani_x4 may run: the
// SHA extensions and AVX-512VL (with AVX512F, whose detection clears both
// when the OS does not save ZMM state).
static inline int sha_batch_avx512_shani_x4_capable(void) {
  return CRYPTO_is_x86_SHA_capable() && CRYPTO_is_AVX512F_capable() &&
         CRYPTO_is_AVX512VL_capable();
}

// sha_batch_avx512_zen4_capable and sha_batch_avx512_shani_zen4_capable are
// the Zen 4 rows' predicates: the rows above on an AMD family 0x19 CPU
// (CRYPTO_x86_amd_family; Zen 3 is family 0x19 too but has no AVX-512).
// The family is not a capability: the Zen 4 rows run the same lanes with
// other thresholds, and most SHA-256 work in four SHA-NI streams
// (sha_batch.c says why). Masking AVX-512 off removes them with the others.
static inline int sha_batch_avx512_zen4_capable(void) {
  return sha_batch_avx512_capable() && CRYPTO_x86_amd_family() == 0x19;
}
static inline int sha_batch_avx512_shani_zen4_capable(void) {
  return sha_batch_avx512_shani_capable() &&
         sha_batch_avx512_shani_x4_capable() &&
         CRYPTO_x86_amd_family() == 0x19;
}

#endif  // OPENSSL_X86_64 && !OPENSSL_NO_ASM

#if defined(OPENSSL_AARCH64) && !defined(OPENSSL_NO_ASM)

// The AArch64 kernels (crypto/sha/asm/sha2-mb-armv8.pl, whose header has
// the register plan and the expected cycle counts).
//
// sha256_mb_hw_x2 compresses, in each of two interleaved streams l < 2,
// `num_blocks` 64-byte blocks at in[l], in[l] + 64, ... into stream l's
// chaining value, stored transposed: word j of stream l is state[2 * j +
// l]. It uses the SHA256 instructions: predicate
// CRYPTO_is_ARMv8_SHA256_capable. sha256_mb_neon_x4 is the same for four
// lanes (word j of lane l at state[4 * j + l]) with NEON only: predicate
// CRYPTO_is_NEON_capable. sha512_mb_hw_x2 is sha256_mb_hw_x2 for SHA-512
// (128-byte blocks, 64-bit words) with the SHA512 instructions: predicate
// CRYPTO_is_ARMv8_SHA512_capable. For all three the pointers need no
// alignment and may be equal; `num_blocks` == 0 reads nothing.
void sha256_mb_hw_x2(uint32_t state[8 * 2], const uint8_t *const in[2],
                     size_t num_blocks);
void sha256_mb_neon_x4(uint32_t state[8 * 4], const uint8_t *const in[4],
                       size_t num_blocks);
void sha512_mb_hw_x2(uint64_t state[8 * 2], const uint8_t *const in[2],
                     size_t num_blocks);

// sha256_pairs_hw_x2 writes the SHA-256 digests of 2 * `n2` consecutive
// 64-byte messages at `in` to `out` (32 bytes each); sha256_pairs_neon_x4
// those of 4 * `n4` messages; sha512_pairs_hw_x2 the SHA-512 digests (64
// bytes each) of 2 * `n2` consecutive 128-byte messages. out == in is
// allowed, other overlap is not. Predicates as for the mb kernels above.
void sha256_pairs_hw_x2(uint8_t *out, const uint8_t *in, size_t n2);
void sha256_pairs_neon_x4(uint8_t *out, const uint8_t *in, size_t n4);
void sha512_pairs_hw_x2(uint8_t *out, const uint8_t *in, size_t n2);

#endif  // OPENSSL_AARCH64 && !OPENSSL_NO_ASM

#if defined(OPENSSL_X86) && !defined(OPENSSL_NO_ASM)

// The 32-bit x86 kernels (crypto/sha/asm/sha2-mb-x86.pl, whose header has
// the register plans, spills and cycle counts).
//
// sha256_mb_shani_x2 compresses, in each of two lanes l, `num_blocks`
// 64-byte blocks at in[l], in[l] + 64, ... into lane l's chaining value,
// stored transposed: word j of lane l is state[2 * j + l]. It uses the SHA
// extensions, SSSE3 (pshufb, palignr) and SSE (shufps): predicate
// CRYPTO_is_x86_SHA_capable. sha256_mb_ssse3_x4 is the same for four lanes
// (word j of lane l at state[4 * j + l]) with SSSE3 (pshufb): predicate
// CRYPTO_is_SSSE3_capable. For both, the pointers need no alignment and may
// be equal; `num_blocks` == 0 reads nothing.
void sha256_mb_shani_x2(uint32_t state[8 * 2], const uint8_t *const in[2],
                        size_t num_blocks);
void sha256_mb_ssse3_x4(uint32_t state[8 * 4], const uint8_t *const in[4],
                        size_t num_blocks);

// sha256_pairs_shani_x2 writes the SHA-256 digests of `n` groups of two
// consecutive 64-byte messages at `in` to `out` (32 bytes each), in two
// interleaved SHA-NI streams (the x86-64 function of the same name has the
// same contract). out == in is allowed, other overlap is not. It also uses
// SSSE3 and SSE4.1 (pshufb, palignr, pblendw): predicate
// CRYPTO_is_x86_SHA_capable, which implies them.
void sha256_pairs_shani_x2(uint8_t *out, const uint8_t *in, size_t n);

#endif  // OPENSSL_X86 && !OPENSSL_NO_ASM

#if defined(__cplusplus)
}  // extern "C"
#endif

#endif  // OPENSSL_HEADER_CRYPTO_SHA_SHA_BATCH_H
