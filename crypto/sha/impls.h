// Copyright 2026 The project authors.
//
// crypto/sha/impls.h: the declared list of paths of SHA-1, SHA-256 and
// SHA-512 (crypto/impl.h), each row inside its architecture's guard
// (CRYPTO_IMPL_ON_X86_64 and the others, crypto/impl.h).
//
// Each list is an X-macro: SHA256_IMPLS(X) expands X(name, entry, capable)
// once per row of the architecture being built, best first, ending with the
// portable C code. From it come the declarations of the assembly entry
// points (below) and the rows of
// CRYPTO_primitive_sha256 (sha256.c); the tests, `bssl cpu`, `bssl speed
// -impls` and the fuzzers walk those rows. Adding a path is its generator
// (asm/, registered in asm/build.cmake) and one X(...) line in its
// architecture's rows here.
//
// Every entry point has the block-function contract of crypto/sha/internal.h
// (shape CRYPTO_IMPL_BLOCKS, width 1, any number of blocks): it compresses
// `num_blocks` whole blocks (64 bytes for SHA-1/SHA-256, 128 for SHA-512)
// from `in` into the chaining value `state`. `in` need not be aligned; when
// `num_blocks` is zero nothing is read or written. `in` must not overlap
// `state`. An entry point may only be called when its row's predicate
// returns one; the assembly never reads the capability word itself.
//
// The figures beside the rows come from the generators' header tables
// (asm/sha*-*.pl), which name how they were measured or counted.

#ifndef OPENSSL_HEADER_CRYPTO_SHA_IMPLS_H
#define OPENSSL_HEADER_CRYPTO_SHA_IMPLS_H

#include <openssl/base.h>

#include "../cpu/internal.h"
#include "../impl.h"

#if defined(__cplusplus)
extern "C" {
#endif

// The predicates that combine several features, each written once.

// sha_avx2_bmi_capable is the predicate of the x86-64 avx2 rows of all three
// families: they compute the message schedule of two blocks at a time in ymm
// registers (AVX2, with the OS saving YMM state) and the rounds with rorx
// (BMI2) and andn (BMI1), which are separate CPUID bits that a CPU or
// hypervisor may report without AVX2 or clear while keeping it.
static inline int sha_avx2_bmi_capable(void) {
  return CRYPTO_is_AVX2_capable() && CRYPTO_is_BMI1_capable() &&
         CRYPTO_is_BMI2_capable();
}

// sha512_avx512_capable: everything the avx2 row needs, plus AVX512F and
// AVX512VL (EVEX-encoded vprorq/vpternlogq on ymm registers). The detection
// clears the AVX-512 bits when the OS does not save the opmask and ZMM state.
static inline int sha512_avx512_capable(void) {
  return sha_avx2_bmi_capable() && CRYPTO_is_AVX512F_capable() &&
         CRYPTO_is_AVX512VL_capable();
}

// The rows of each architecture (CRYPTO_IMPL_ON_* in crypto/impl.h keeps
// those of the architecture being built).
//
// x86-64 (asm/sha*-x86_64.pl), measured on AMD Zen 5 with min-of-N TSC
// timing; each row beats nohw at every size.
//   shani: the SHA extensions (sha1rnds4 / sha256rnds2 and the message
//     instructions) with SSSE3/SSE4.1 shuffles, which every CPU with them
//     has; bound by the rounds' latency chain. SHA-1 ~1.07, SHA-256 ~1.17
//     TSC ticks/B at 8 KiB.
//   avx2: for CPUs without the SHA extensions (see sha_avx2_bmi_capable).
//     SHA-1 ~1.57 (nohw ~1.96), SHA-256 ~3.33 (nohw ~4.9), SHA-512 ~2.1-2.3
//     (nohw ~3.2-3.5) TSC ticks/B.
//   avx, ssse3: one block at a time, the schedule in xmm registers (VEX or
//     legacy encodings), rounds with plain rotates (no BMI). On Zen 5 within
//     a few % of avx2 (SHA-256 8 KiB: avx ~3.45, ssse3 ~3.6); avx2 stays
//     first, as on Intel cores without SHA extensions rorx shortens the Σ
//     chain. SHA-512 avx ~2.24, ssse3 ~2.37 (nohw ~3.24).
//   SHA-512 avx2 and avx512: the same rounds (a 4-deep e -> e' chain) in
//     loops of 8, the schedule of two blocks in ymm registers; avx512
//     computes σ0/σ1 with vprorq/vpternlogq (AVX512VL), avx2 with shifts.
//     On AMD EPYC Zen 5 (family 26) they measure the same (SHA-384 through
//     the public API, `bssl speed -impls -filter SHA-384 -rounds 5 -chunks
//     16,256,1350,8192`: avx512/avx2 MB/s 78/73, 565/571, 833/826, 889/882;
//     `bssl speed -check` on the loaded 2-core machine flagged one or the
//     other at single sizes in some runs and was clean in others). avx2
//     comes first, so the CPU alone never chooses avx512 (the tests,
//     CHECK_ABI and `bssl speed -impls` force it): it needs more features
//     for no measured gain. Earlier (avx512 with an unrolled one-block
//     path, avx2 with the textbook round) issue 19 saw avx2 tie or beat
//     avx512 on Zen 4. Repeated on AMD EPYC Zen 4 (family 25 model 17,
//     2026-12-03, `bssl speed -check`, 5 rounds, quiet): avx512/avx2 MB/s
//     at 16, 256, 1350, 8192, 16384 bytes 98.0/94.3, 558.2/548.6,
//     846.8/832.9, 883.5/868.5, 892.3/877.7: avx512 now 1.6-3.9% ahead,
//     under the check's 5%, so avx2 stays first. Figures, and against
//     OpenSSL 3, in asm/sha512-x86_64.pl's header.
// x86-64 and 32-bit x86 run the same SHA-1 and SHA-256 paths, whose entry
// points both architectures' generators name
// <family>_block_data_order_<isa> (family sha1 or sha256). So one list
// serves the two families on both architectures, pasting the family into
// each name (grep for "_block_data_order_shani" and the like to find the
// rows): the SHA extensions, best on either; avx2, on x86-64 only; the
// one-block xmm schedules, last before the C code.
#define SHA_X86_ROWS(X, family)                                          \
  X(shani, family##_block_data_order_shani, CRYPTO_is_x86_SHA_capable)   \
  CRYPTO_IMPL_ON_X86_64(                                                 \
      X(avx2, family##_block_data_order_avx2, sha_avx2_bmi_capable))     \
  X(avx, family##_block_data_order_avx, CRYPTO_is_AVX_capable)           \
  X(ssse3, family##_block_data_order_ssse3, CRYPTO_is_SSSE3_capable)
#define SHA512_X86_64_ROWS(X)                                           \
  X(avx2, sha512_block_data_order_avx2, sha_avx2_bmi_capable)          \
  X(avx512, sha512_block_data_order_avx512, sha512_avx512_capable)     \
  X(avx, sha512_block_data_order_avx, CRYPTO_is_AVX_capable)           \
  X(ssse3, sha512_block_data_order_ssse3, CRYPTO_is_SSSE3_capable)

// 32-bit x86 (asm/sha*-x86.pl, through crypto/perlasm/x86asm.pl). Timed
// once natively, on AMD Zen 4 (EPYC family 25 model 17, 2026-12-03), whose
// kernel runs i686 binaries (some earlier machines' did not, and qemu
// timings mean nothing): the i686 build's `bssl speed -check` was clean
// (5 rounds; chosen rows at 16 KiB: SHA-1 shani 1940 MB/s, SHA-256 shani
// 1819, SHA-512 sse2 430, ChaCha20 ssse3_4x 1736, Poly1305 avx2 6242).
// Counted, instructions per 64-byte block:
//   shani: bound by the sha1rnds4 / sha256rnds2 latency chains at ~1.9 / ~2
//     core c/B with 123 / 155 instructions a block; every CPU with the SHA
//     extensions has the SSSE3/SSE4.1 shuffles they also use. Tested under
//     qemu-i386 through crypto/test/sha_ni_emu.h (--emulate-sha-ni).
//   avx, ssse3: the rounds in general-purpose registers, the schedule in
//     xmm0-xmm7. SHA-1 avx 1072, ssse3 1188, nohw 1619; SHA-256 avx 2369,
//     ssse3 2457, nohw 4086 (i686 gcc -O2).
//   SHA-512 sse2: rounds and schedule on 64-bit lanes of xmm registers, SSE2
//     only (not part of the i386 ABI, hence the predicate): 2307 per 64
//     bytes against 6025 for the C code. No SSSE3 variant: pshufb would save
//     ~1.6% of the instructions, not worth a second 9 KB copy.
#define SHA512_X86_ROWS(X) \
  X(sse2, sha512_block_data_order_sse2, CRYPTO_is_SSE2_capable)

// AArch64 (asm/sha*-armv8.pl). Not timed (qemu only); instructions per 64
// bytes of input, counted in the generators' headers:
//   armv8: the ARMv8 SHA1 / SHA256 / SHA512 (ARMv8.2 FEAT_SHA512: Apple M1+,
//     Neoverse V1+) instructions. SHA-1 102 (nohw 1009; ~1.25 c/B on
//     Cortex-A72/N1, the sha1c/p/m chain), SHA-256 104 (~1.0 c/B, the
//     sha256h chain), SHA-512 238.
//   scalar: base A64 integer instructions only, for cores without the SHA
//     instructions (Cortex-A53/A72 SoCs built without the crypto extension;
//     for SHA-512 every core before FEAT_SHA512). SHA-256 1775 against 1887
//     for the C code, with a third fewer loads/stores (the C code spills W);
//     SHA-512 1122 against 1191. There is no scalar SHA-1: the C code already
//     executes the minimum of ALU operations A64 allows (961 per block).
#define SHA1_AARCH64_ROWS(X) \
  X(armv8, sha1_block_data_order_hw, CRYPTO_is_ARMv8_SHA1_capable)
#define SHA256_AARCH64_ROWS(X)                                            \
  X(armv8, sha256_block_data_order_hw, CRYPTO_is_ARMv8_SHA256_capable)   \
  X(scalar, sha256_block_data_order_scalar, NULL)
#define SHA512_AARCH64_ROWS(X)                                            \
  X(armv8, sha512_block_data_order_hw, CRYPTO_is_ARMv8_SHA512_capable)   \
  X(scalar, sha512_block_data_order_scalar, NULL)

// The whole lists: this architecture's rows, then the portable C code.
#define SHA1_IMPLS(X)                                                     \
  CRYPTO_IMPL_ON_X86_ANY(SHA_X86_ROWS(X, sha1))                           \
  CRYPTO_IMPL_ON_AARCH64(SHA1_AARCH64_ROWS(X))                            \
  X(nohw, sha1_block_data_order_nohw, NULL)
#define SHA256_IMPLS(X)                                                   \
  CRYPTO_IMPL_ON_X86_ANY(SHA_X86_ROWS(X, sha256))                         \
  CRYPTO_IMPL_ON_AARCH64(SHA256_AARCH64_ROWS(X))                          \
  X(nohw, sha256_block_data_order_nohw, NULL)
#define SHA512_IMPLS(X)                                                   \
  CRYPTO_IMPL_ON_X86_64(SHA512_X86_64_ROWS(X))                            \
  CRYPTO_IMPL_ON_X86(SHA512_X86_ROWS(X))                                  \
  CRYPTO_IMPL_ON_AARCH64(SHA512_AARCH64_ROWS(X))                          \
  X(nohw, sha512_block_data_order_nohw, NULL)

// SHA_ROW turns one X(name, entry, capable) line of a list whose entry
// points take `width` blocks at a time into a CRYPTO_IMPL row with its
// entry in union member `member`; the SHA_IMPL_ROW_* and SHA_X2_ROW_*
// macros below are its four uses.
#define SHA_ROW(name, entry, capable, width, member)                  \
  {#name, (capable), #entry, CRYPTO_IMPL_BLOCKS, (width), 0, -1,     \
   {.member = (entry)}},

// --- Two-stream one-block compression (HMAC's key schedule) -----------------
//
// SHA256_X2_IMPLS and SHA512_X2_IMPLS list the paths of one more shape: two
// independent compressions of one block each, state0 <- compress(state0,
// in0) and state1 <- compress(state1, in1) (64-byte blocks for SHA-256,
// 128-byte for SHA-512), in one interleaved pass. A new HMAC key starts
// with two such compressions (K0 ^ ipad and K0 ^ opad from the IV); one
// block is a latency chain, so two chains side by side cost less than two
// calls. The inputs need no alignment and must not overlap the states; the
// two states must not overlap each other. Rows, best first, ending with
// "nohw" (two calls of the portable block function, the reference); "twice"
// is two calls of the block function the dispatcher chose, for CPUs with no
// two-stream path. Entry points: asm/sha2-x2-x86_64.pl.
//
// sha512_x2_avx512_capable: the two streams are the two 64-bit lanes of an
// xmm register, rotated with EVEX vprorq and combined with vpternlogq
// (AVX512F, on xmm registers AVX512VL); vpshufb on xmm0-15 is AVX, which
// AVX512F implies in the capability word (crypto/cpu/cpu.c).
static inline int sha512_x2_avx512_capable(void) {
  return CRYPTO_is_AVX512F_capable() && CRYPTO_is_AVX512VL_capable();
}

// Measured on AMD Zen 5 (family 26), KVM guest, load ~18 on 2 cores, median
// of 41 batches of 2000 calls (TSC ticks, a pair of blocks from states that
// depend on the previous iteration; an rdtsc harness outside the tree, see
// the table in asm/sha2-x2-x86_64.pl):
//   sha256 shani (two SHA-NI chains, each stream's group of four rounds
//     kept together for xmm0): ~150 against ~165 for two calls of the
//     shani block function (one call ~120).
//   sha512 avx512 (both streams in the lanes of xmm registers): ~590
//     against ~710-770 for two calls of the avx2 block function (one call
//     ~375): bound by the vector units (~30 operations a round for the two
//     streams with the schedule), not by the e -> e' chain.
#define SHA256_X2_X86_64_ROWS(X) \
  X(shani, sha256_x2_block_shani, CRYPTO_is_x86_SHA_capable)
#define SHA512_X2_X86_64_ROWS(X) \
  X(avx512, sha512_x2_block_avx512, sha512_x2_avx512_capable)

#define SHA256_X2_IMPLS(X)                          \
  CRYPTO_IMPL_ON_X86_64(SHA256_X2_X86_64_ROWS(X))   \
  X(twice, sha256_x2_block_twice, NULL)             \
  X(nohw, sha256_x2_block_nohw, NULL)
#define SHA512_X2_IMPLS(X)                          \
  CRYPTO_IMPL_ON_X86_64(SHA512_X2_X86_64_ROWS(X))   \
  X(twice, sha512_x2_block_twice, NULL)             \
  X(nohw, sha512_x2_block_nohw, NULL)

// --- HMAC-SHA256 in one call (HMAC() and short HKDF outputs) ---------------
//
// SHA256_HMAC_IMPLS lists the paths of two functions that write
// HMAC-SHA256 to `out` (32 bytes):
//   oneshot(out, k0, in, num_blocks, tail, num_tail): `k0` is the key block
//     K0 (the key, or its hash if longer than 64 bytes, zero-padded to 64
//     bytes; the row makes K0 ^ ipad and K0 ^ opad), and the inner hash's
//     message after the ipad block is the `num_blocks` whole blocks at `in`
//     then the `num_tail` blocks at `tail`, which hold the message's last
//     bytes and the padding for a length of 64 + (message bytes)
//     (sha256_hmac_oneshot in sha256.c builds them);
//   finish(out, i_state, tail, num_tail, o_state): the end of a streamed
//     HMAC: `i_state` is the inner hash's chaining value after the ipad
//     block and the message's whole blocks, `tail` (`num_tail` blocks, one
//     or two) its last bytes and padding, `o_state` the outer hash's after
//     the opad block (sha256_hmac_finish builds the tail).
// No alignment is needed; the inputs are left as they were, and `out` is
// written after they are all read, so it may overlap them (HKDF_expand
// writes T(1) over its info). Rows, best first:
//   shani (x86-64, asm/sha2-x2-x86_64.pl): the whole HMAC in one function
//     with the states in registers: the pads' two blocks as two interleaved
//     SHA-NI streams, the inner blocks, the inner digest turned into the
//     outer block's words in registers, the outer block. The separate calls
//     store and reload the state between those steps and pass the inner
//     digest through memory; on AMD Zen 5 (family 26) an rdtsc loop of
//     chained calls outside the tree read 297 TSC ticks against 360 for
//     HMAC() at 16 bytes, 381 against 439 at 64, 617 against 689 at 256
//     (2026-12-02).
//   blocks: the same steps in C over the block functions the dispatcher
//     chose (sha256_x2 for the pads, sha256 for the rest).
//   nohw: the same over the portable block function, the reference.
//   X(name, oneshot entry, finish entry, capable)
#define SHA256_HMAC_X86_64_ROWS(X)                        \
  X(shani, hmac_sha256_shani, hmac_sha256_finish_shani,   \
    CRYPTO_is_x86_SHA_capable)
#define SHA256_HMAC_IMPLS(X)                                              \
  CRYPTO_IMPL_ON_X86_64(SHA256_HMAC_X86_64_ROWS(X))                       \
  X(blocks, sha256_hmac_blocks, sha256_hmac_finish_blocks, NULL)          \
  X(nohw, sha256_hmac_nohw, sha256_hmac_finish_nohw, NULL)



// The declarations of every entry point of the lists (the portable ones
// included: sha*.c defines them).
#define SHA1_DECLARE(name, entry, capable) \
  void entry(uint32_t state[5], const uint8_t *in, size_t num_blocks);
#define SHA256_DECLARE(name, entry, capable) \
  void entry(uint32_t state[8], const uint8_t *in, size_t num_blocks);
#define SHA512_DECLARE(name, entry, capable) \
  void entry(uint64_t state[8], const uint8_t *in, size_t num_blocks);
#define SHA256_X2_DECLARE(name, entry, capable)                       \
  void entry(uint32_t state0[8], const uint8_t in0[64], uint32_t state1[8], \
             const uint8_t in1[64]);
#define SHA512_X2_DECLARE(name, entry, capable)                        \
  void entry(uint64_t state0[8], const uint8_t in0[128],               \
             uint64_t state1[8], const uint8_t in1[128]);
SHA1_IMPLS(SHA1_DECLARE)
SHA256_IMPLS(SHA256_DECLARE)
SHA512_IMPLS(SHA512_DECLARE)
#define SHA256_HMAC_DECLARE(name, oneshot, finish, capable)              \
  void oneshot(uint8_t out[32], const uint8_t k0[64], const uint8_t *in,   \
               size_t num_blocks, const uint8_t *tail, size_t num_tail);   \
  void finish(uint8_t out[32], const uint32_t i_state[8],                   \
              const uint8_t *tail, size_t num_tail,                         \
              const uint32_t o_state[8]);
SHA256_X2_IMPLS(SHA256_X2_DECLARE)
SHA512_X2_IMPLS(SHA512_X2_DECLARE)
SHA256_HMAC_IMPLS(SHA256_HMAC_DECLARE)
#undef SHA1_DECLARE
#undef SHA256_DECLARE
#undef SHA512_DECLARE
#undef SHA256_X2_DECLARE
#undef SHA512_X2_DECLARE
#undef SHA256_HMAC_DECLARE

// SHA_IMPL_ROW_32 / SHA_IMPL_ROW_64 (and SHA_X2_ROW_* for the two-stream
// lists) turn one X(...) line into a CRYPTO_IMPL row (sha1.c, sha256.c and
// sha512.c build their arrays with them).
#define SHA_IMPL_ROW_32(name, entry, capable) \
  SHA_ROW(name, entry, capable, 1, sha32)
#define SHA_IMPL_ROW_64(name, entry, capable) \
  SHA_ROW(name, entry, capable, 1, sha64)
#define SHA_X2_ROW_32(name, entry, capable) \
  SHA_ROW(name, entry, capable, 2, sha32_x2)
#define SHA_X2_ROW_64(name, entry, capable) \
  SHA_ROW(name, entry, capable, 2, sha64_x2)
#define SHA_HMAC_ROW(name, oneshot, finish, capable)           \
  {#name, (capable), #oneshot " " #finish, CRYPTO_IMPL_BLOCKS, 1, 0, -1, \
   {.sha256_hmac = {(oneshot), (finish)}}},

// The primitives, defined in sha1.c, sha256.c and sha512.c.
extern CRYPTO_PRIMITIVE CRYPTO_primitive_sha1;
extern CRYPTO_PRIMITIVE CRYPTO_primitive_sha256;
extern CRYPTO_PRIMITIVE CRYPTO_primitive_sha512;
extern CRYPTO_PRIMITIVE CRYPTO_primitive_sha256_x2;
extern CRYPTO_PRIMITIVE CRYPTO_primitive_sha512_x2;
extern CRYPTO_PRIMITIVE CRYPTO_primitive_sha256_hmac;

#if defined(__cplusplus)
}  // extern "C"
#endif

#endif  // OPENSSL_HEADER_CRYPTO_SHA_IMPLS_H
