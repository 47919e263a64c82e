// Copyright 2026 The project authors.

#ifndef OPENSSL_HEADER_CPU_H
#define OPENSSL_HEADER_CPU_H

#include <openssl/base.h>

#if defined(__cplusplus)
extern "C" {
#endif

// CPU capabilities.
//
// The library picks its assembly implementations at run time from one
// capability word per processor family, filled once (thread-safely) by the
// first call that needs it. The functions below let a caller see that word,
// for example to report which paths a benchmark ran.
//
// Both functions are declared on every processor so that portable callers
// compile everywhere; on a processor they do not apply to they report no
// features. A build with OPENSSL_NO_ASM has no assembly to choose, so it runs
// no detection and also reports no features.


// x86 and x86-64.

// OPENSSL_ia32cap_get returns a pointer to the four capability words of an
// x86 or x86-64 processor, after detection and masking:
//
//   [0] = CPUID(EAX=1).EDX        (SSE2 is bit 26, ...)
//   [1] = CPUID(EAX=1).ECX        (SSSE3 bit 9, AVX bit 28, OSXSAVE bit 27)
//   [2] = CPUID(EAX=7,ECX=0).EBX  (AVX2 bit 5, BMI1 bit 3, BMI2 bit 8,
//                                  ADX bit 19, SHA bit 29, AVX512F bit 16)
//   [3] = CPUID(EAX=7,ECX=0).ECX  (VAES bit 9, VPCLMULQDQ bit 10)
//
// Masking removes a feature the operating system cannot use even though the
// processor has it: when XCR0 (read with XGETBV) shows the OS does not save
// the XMM and YMM registers, or CPUID(1).ECX.OSXSAVE is clear, AVX, AVX2,
// FMA, F16C, VAES, VPCLMULQDQ and every AVX-512 bit are cleared; when XCR0
// lacks the opmask, ZMM_Hi256 or Hi16_ZMM state, every AVX-512 bit is
// cleared. Words 2 and 3 are zero when the processor has no CPUID leaf 7.
// The OPENSSL_ia32cap environment variable (below) is applied next. Last,
// every feature whose prerequisites are no longer all present is cleared,
// until nothing changes: AVX2, FMA, F16C, VAES and VPCLMULQDQ need AVX;
// AVX512F needs AVX2 and FMA; every other AVX-512 bit needs AVX512F (VBMI,
// VBMI2 and BITALG also AVX512BW); SSE2 needs SSE, SSE3 SSE2, SSSE3 SSE3,
// SSE4.1 SSSE3, SSE4.2 SSE4.1, AVX SSE4.2 and OSXSAVE; the SHA extensions
// need SSE4.1; AES-NI, PCLMULQDQ and GFNI need SSE2. So removing a feature
// removes every feature built on it.
//
// The pointer is to static storage, valid for the life of the process, and
// its contents never change after the first call. On other processors, and
// with OPENSSL_NO_ASM, it points to four zero words.
OPENSSL_EXPORT const uint32_t *OPENSSL_ia32cap_get(void);

// OPENSSL_ia32cap (environment variable) removes x86 features before the
// library uses them, so every implementation can be tested on one machine.
// It is read once, by the first call that needs the capability words. Its
// syntax is
//
//   [~]W0[:[~]W1]
//
// where W0 covers words [0] and [1] and W1 covers words [2] and [3]:
//
//   W0 = CPUID(1).EDX   | CPUID(1).ECX   << 32
//   W1 = CPUID(7,0).EBX | CPUID(7,0).ECX << 32
//
// Each W is a 64-bit number in C syntax: hexadecimal with a 0x or 0X prefix,
// octal with a leading 0, otherwise decimal. "~V" clears the bits set in V;
// a plain "V" keeps only the bits set in V. Both forms only ever remove
// features: a value can never add a feature the processor or the OS lacks.
// W0 may be empty (":~0x20" masks only words [2] and [3], as OpenSSL allows);
// a missing W1 leaves words [2] and [3] untouched.
//
// A string that does not match this syntax exactly (empty, a lone "~",
// invalid digits, a number over 64 bits, spaces, a trailing ':' or a third
// field) is ignored entirely: no mask is applied, and nothing fails (`bssl
// cpu` says it was ignored and why).
//
// Examples: "~0x20000000000" clears SSSE3 (word [1] bit 9, so W0 bit 41);
// ":~0x20" clears AVX2; ":~0x20000000" clears the SHA extensions.


// AArch64.

// Bits of the AArch64 capability word returned by OPENSSL_get_armcap.
#define ARMV7_NEON (1u << 0)    // Advanced SIMD (NEON)
#define ARMV8_AES (1u << 2)     // AESE, AESD, AESMC, AESIMC
#define ARMV8_SHA1 (1u << 3)    // SHA1C, SHA1H, SHA1M, SHA1P, SHA1SU0/1
#define ARMV8_SHA256 (1u << 4)  // SHA256H, SHA256H2, SHA256SU0/1
#define ARMV8_PMULL (1u << 5)   // PMULL, PMULL2 on 64-bit lanes
#define ARMV8_SHA512 (1u << 6)  // SHA512H, SHA512H2, SHA512SU0/1

// OPENSSL_get_armcap returns the capability word of an AArch64 processor, a
// combination of the ARMV* bits above, after the OPENSSL_armcap environment
// variable (below) is applied. It comes from getauxval(AT_HWCAP) on Linux,
// sysctlbyname("hw.optional.arm.FEAT_*") on Apple platforms and
// IsProcessorFeaturePresent on Windows. On other processors, and with
// OPENSSL_NO_ASM, it returns zero.
OPENSSL_EXPORT uint32_t OPENSSL_get_armcap(void);

// OPENSSL_armcap (environment variable) removes AArch64 features, with the
// syntax
//
//   [~]V
//
// where V is a number in C syntax (as for OPENSSL_ia32cap) over the ARMV*
// bits: "~V" clears the bits set in V and a plain "V" keeps only the bits
// set in V, so it can never add a feature. A malformed string is ignored
// entirely. As on x86, a feature whose prerequisite is gone goes too:
// ARMV8_AES, ARMV8_PMULL, ARMV8_SHA1 and ARMV8_SHA256 need ARMV7_NEON, and
// ARMV8_SHA512 needs ARMV8_SHA256. Example: "~0x40" clears ARMV8_SHA512;
// "~0x1" clears NEON and with it every other bit.


// Implementations in use.

// CRYPTO_implementation_name returns the name of the implementation the
// library uses now for `primitive`, one of "sha1", "sha256" (also SHA-224),
// "sha512" (also SHA-384, SHA-512/224 and SHA-512/256), "chacha20",
// "poly1305", "sha256_batch" and "sha512_batch" (SHA256_hash_pairs and
// SHA256_batch, and their SHA-512 twins), "sha256_x2" and "sha512_x2" (two
// one-block compressions at once: HMAC's key schedule with a new key): a
// short lower-case string such as "shani", "avx2", "neon" or
// "nohw" (the portable C code), the same name `bssl cpu` prints. It returns
// NULL for any other `primitive`, including NULL. The string is static and
// valid for the life of the process. Calling it runs CPU detection if nothing
// has yet; the answer can change only when a test forces another
// implementation.
OPENSSL_EXPORT const char *CRYPTO_implementation_name(const char *primitive);


#if defined(__cplusplus)
}  // extern "C"
#endif

#endif  // OPENSSL_HEADER_CPU_H
