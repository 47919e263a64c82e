// Copyright 2026 The project authors.
//
// sha_ni_emu.h: a software stand-in for the x86 SHA extensions (SHA1RNDS4,
// SHA1NEXTE, SHA1MSG1, SHA1MSG2, SHA256RNDS2, SHA256MSG1, SHA256MSG2), for
// crypto_test only. It is not part of libcrypto.
//
// Why: the project merges no path that its tests cannot execute, and the
// 32-bit x86 SHA-NI code runs under qemu-i386, which raises SIGILL on these
// instructions. qemu does put the xmm registers in the signal frame and
// loads them back from it when the handler returns, so a SIGILL handler can
// perform each trapped instruction in software and resume after it.
//
// Two parts:
//  - sha_ni_model_*: plain C models of the seven instructions, written from
//    the Intel SDM's "Operation" pseudo-code. They compile on every target.
//    sha_ni_emu_test.cc checks them against the real instructions where the
//    CPU has them, and against FIPS 180-4 digests computed with the models
//    alone everywhere.
//  - sha_ni_emu_enable: on 32-bit x86 Linux, the SIGILL handler that decodes
//    the trapped instruction and applies the model to the saved registers.
//    crypto_test --emulate-sha-ni calls it from main() before any test runs.

#ifndef OPENSSL_HEADER_CRYPTO_TEST_SHA_NI_EMU_H
#define OPENSSL_HEADER_CRYPTO_TEST_SHA_NI_EMU_H

#include <stdint.h>

#if defined(__cplusplus)
extern "C" {
#endif

// sha_ni_vec is one 128-bit xmm value; d[0] is bits 31..0 and d[3] is bits
// 127..96, as in the SDM's SRC[127:96] notation.
typedef struct {
  uint32_t d[4];
} sha_ni_vec;


// Models. `dst` is the first operand (xmm1 in the SDM: read, then
// overwritten with the result), `src` the second (xmm2/m128) and `wk` the
// implicit xmm0 of SHA256RNDS2. `dst` may equal `src` (SHA1MSG1 xmm1, xmm1
// is a valid instruction); the models read every input before writing.

// sha_ni_model_sha1rnds4 runs four SHA-1 rounds. dst = {A, B, C, D} with A
// in d[3]; src = {W0 + E, W1, W2, W3} with W0 + E in d[3]. `imm` (only bits
// 1..0 count, as in the instruction) picks the round group: 0 = Ch with
// K = 0x5A827999, 1 = Parity with 0x6ED9EBA1, 2 = Maj with 0x8F1BBCDC,
// 3 = Parity with 0xCA62C1D6. dst receives the new {A, B, C, D}.
void sha_ni_model_sha1rnds4(sha_ni_vec *dst, const sha_ni_vec *src, int imm);

// sha_ni_model_sha1nexte sets dst.d[3] = src.d[3] + (dst.d[3] rol 30) (the
// E of four rounds later, from the A of now, plus W0) and dst.d[2..0] =
// src.d[2..0].
void sha_ni_model_sha1nexte(sha_ni_vec *dst, const sha_ni_vec *src);

// sha_ni_model_sha1msg1: with dst = {W0, W1, W2, W3} and src = {W4, W5, ..}
// (W0 and W4 in d[3]), dst = {W0^W2, W1^W3, W2^W4, W3^W5}.
void sha_ni_model_sha1msg1(sha_ni_vec *dst, const sha_ni_vec *src);

// sha_ni_model_sha1msg2 finishes W16..W19: with dst = {X16, X17, X18, X19}
// (the SHA1MSG1 result XORed with W8..W11, X16 in d[3]) and src =
// {W12, W13, W14, W15} (W12 in d[3]), dst = {W16, W17, W18, W19} where
// W16 = (X16 ^ W13) rol 1, ..., W19 = (X19 ^ W16) rol 1.
void sha_ni_model_sha1msg2(sha_ni_vec *dst, const sha_ni_vec *src);

// sha_ni_model_sha256rnds2 runs two SHA-256 rounds. dst = {C, D, G, H} and
// src = {A, B, E, F}, the first letter of each in d[3]; wk.d[0] and wk.d[1]
// are W + K of the two rounds (wk.d[2..3] are ignored). dst receives the new
// {A, B, E, F}; the new {C, D, G, H} is the old `src`.
void sha_ni_model_sha256rnds2(sha_ni_vec *dst, const sha_ni_vec *src,
                              const sha_ni_vec *wk);

// sha_ni_model_sha256msg1: with dst = {W0, W1, W2, W3} (W0 in d[0]) and
// src.d[0] = W4, dst.d[i] = W(i) + sigma0(W(i+1)).
void sha_ni_model_sha256msg1(sha_ni_vec *dst, const sha_ni_vec *src);

// sha_ni_model_sha256msg2 finishes W16..W19: with dst.d[i] = W(i) +
// sigma0(W(i+1)) + W(i+9) (the SHA256MSG1 result plus W9..W12) and src =
// {W12, W13, W14, W15} (W12 in d[0]), dst.d[i] = W(16+i) = dst.d[i] +
// sigma1(W(14+i)), where W16 and W17 (for i = 2, 3) are the values just
// computed.
void sha_ni_model_sha256msg2(sha_ni_vec *dst, const sha_ni_vec *src);


// Emulation.

// sha_ni_emu_enable: on 32-bit x86 Linux builds with assembly, when the CPU
// lacks the SHA extensions, installs the SIGILL handler that emulates them
// and sets the SHA bit in the capability word (OPENSSL_ia32cap_P[2] |=
// X86_BIT(SHA), after OPENSSL_cpu_init()), so dispatchers pick the SHA-NI
// rows. Returns 1 when emulation is on, 0 when the CPU has the SHA
// extensions itself (nothing done), -1 when emulation is not available in
// this build (x86-64, other OS, OPENSSL_NO_ASM) or cannot help here (the
// capability word lacks SSSE3 or SSE4.1, which the SHA-NI code also uses, or
// the OPENSSL_ia32cap mask removes the SHA bit): a line on stderr says why.
//
// Call it once, from main(), before anything hashes: crypto/impl.h caches
// each primitive's choice at its first use, and a choice made before the
// bit was set would stay on the non-SHA row. The handler is process-wide
// and stays installed until exit.
//
// The handler accepts exactly the seven instructions without prefixes, with
// a register or a 32-bit memory source operand. Anything else that raises
// SIGILL, a source operand not aligned to 16 bytes (Intel CPUs raise #GP
// there: the SDM's exception type 4), or a signal frame without the fxsave
// image writes one line to stderr with the instruction bytes and EIP and
// calls abort().
int sha_ni_emu_enable(void);

// sha_ni_emu_active returns 1 after a sha_ni_emu_enable() call returned 1,
// and 0 otherwise.
int sha_ni_emu_active(void);

// sha_ni_emu_count returns how many SHA instructions the handler has
// emulated so far, over all threads.
unsigned long long sha_ni_emu_count(void);

#if defined(__cplusplus)
}  // extern "C"
#endif

#endif  // OPENSSL_HEADER_CRYPTO_TEST_SHA_NI_EMU_H
