// Copyright 2026 The project authors.
//
// crypto/cpu/internal.h: the CPU-capability word inside the library.
//
// Three layers, each testable on its own:
//
//  1. Pure functions (cpu.c, compiled on every processor) turn raw inputs
//     into a capability word: OPENSSL_ia32cap_compute takes the CPUID
//     leaves, XCR0 and the OPENSSL_ia32cap string; OPENSSL_armcap_compute
//     takes Linux's AT_HWCAP and the OPENSSL_armcap string. Tests feed them
//     synthetic CPUs (see cpu_test.cc).
//  2. Readers (cpu_x86.c, cpu_aarch64.c) ask the hardware or the OS for
//     those inputs and nothing else.
//  3. OPENSSL_cpu_init runs reader + pure function exactly once per process
//     (pthread_once, or InitOnceExecuteOnce on Windows) and stores the
//     result in the hidden globals OPENSSL_ia32cap_P / OPENSSL_armcap_P.
//
// Dispatchers use the CRYPTO_is_*_capable predicates at the end of this
// file. They are defined on every processor (returning 0 where they do not
// apply, and everywhere under OPENSSL_NO_ASM) so implementation tables
// compile unchanged on every target. Each predicate makes sure detection has
// run; it costs one pthread_once fast path, which is fine because
// crypto/impl.h caches each primitive's choice after the first call.

#ifndef OPENSSL_HEADER_CRYPTO_CPU_INTERNAL_H
#define OPENSSL_HEADER_CRYPTO_CPU_INTERNAL_H

#include <openssl/base.h>
#include <openssl/cpu.h>

#if defined(__cplusplus)
extern "C" {
#endif

#if defined(__GNUC__) || defined(__clang__)
#define OPENSSL_CPU_HIDDEN __attribute__((visibility("hidden")))
#else
#define OPENSSL_CPU_HIDDEN
#endif

// Which processor families run detection. Without assembly there is
// nothing to choose between, so OPENSSL_NO_ASM builds detect nothing.
#if defined(OPENSSL_X86) || defined(OPENSSL_X86_64)
#define OPENSSL_CPU_IS_X86 1
#else
#define OPENSSL_CPU_IS_X86 0
#endif
#if defined(OPENSSL_AARCH64)
#define OPENSSL_CPU_IS_AARCH64 1
#else
#define OPENSSL_CPU_IS_AARCH64 0
#endif
#if defined(OPENSSL_NO_ASM)
#define OPENSSL_CPU_DETECTS_X86 0
#define OPENSSL_CPU_DETECTS_AARCH64 0
#else
#define OPENSSL_CPU_DETECTS_X86 OPENSSL_CPU_IS_X86
#define OPENSSL_CPU_DETECTS_AARCH64 OPENSSL_CPU_IS_AARCH64
#endif


// x86 feature bits, by capability word (see OPENSSL_ia32cap_get).

// Word 0: CPUID(1).EDX.
#define CPUID1_EDX_SSE2 (1u << 26)

// Word 1: CPUID(1).ECX.
#define CPUID1_ECX_SSE3 (1u << 0)
#define CPUID1_ECX_PCLMULQDQ (1u << 1)
#define CPUID1_ECX_SSSE3 (1u << 9)
#define CPUID1_ECX_FMA (1u << 12)
#define CPUID1_ECX_SSE41 (1u << 19)
#define CPUID1_ECX_SSE42 (1u << 20)
#define CPUID1_ECX_MOVBE (1u << 22)
#define CPUID1_ECX_AESNI (1u << 25)
#define CPUID1_ECX_XSAVE (1u << 26)
#define CPUID1_ECX_OSXSAVE (1u << 27)  // the OS enabled XGETBV and XCR0
#define CPUID1_ECX_AVX (1u << 28)
#define CPUID1_ECX_F16C (1u << 29)

// Word 2: CPUID(7,0).EBX.
#define CPUID7_EBX_BMI1 (1u << 3)
#define CPUID7_EBX_AVX2 (1u << 5)
#define CPUID7_EBX_BMI2 (1u << 8)
#define CPUID7_EBX_AVX512F (1u << 16)
#define CPUID7_EBX_AVX512DQ (1u << 17)
#define CPUID7_EBX_ADX (1u << 19)
#define CPUID7_EBX_AVX512IFMA (1u << 21)
#define CPUID7_EBX_AVX512PF (1u << 26)
#define CPUID7_EBX_AVX512ER (1u << 27)
#define CPUID7_EBX_AVX512CD (1u << 28)
#define CPUID7_EBX_SHA (1u << 29)
#define CPUID7_EBX_AVX512BW (1u << 30)
#define CPUID7_EBX_AVX512VL (1u << 31)

// Word 3: CPUID(7,0).ECX.
#define CPUID7_ECX_AVX512VBMI (1u << 1)
#define CPUID7_ECX_AVX512VBMI2 (1u << 6)
#define CPUID7_ECX_VAES (1u << 9)
#define CPUID7_ECX_VPCLMULQDQ (1u << 10)
#define CPUID7_ECX_AVX512VNNI (1u << 11)
#define CPUID7_ECX_AVX512BITALG (1u << 12)
#define CPUID7_ECX_AVX512VPOPCNTDQ (1u << 14)

// XCR0 bits: which register state the OS saves on a context switch.
#define XCR0_X87 (UINT64_C(1) << 0)
#define XCR0_SSE (UINT64_C(1) << 1)        // XMM0-15
#define XCR0_AVX (UINT64_C(1) << 2)        // upper halves of YMM0-15
#define XCR0_OPMASK (UINT64_C(1) << 5)     // k0-k7
#define XCR0_ZMM_HI256 (UINT64_C(1) << 6)  // upper halves of ZMM0-15
#define XCR0_HI16_ZMM (UINT64_C(1) << 7)   // ZMM16-31

// cpuid_leaves holds the CPUID outputs the x86 capability word is built
// from. `max_leaf` is CPUID(0).EAX; the leaf-7 fields are only meaningful
// when max_leaf >= 7 (OPENSSL_ia32cap_compute ignores them otherwise).
struct cpuid_leaves {
  uint32_t max_leaf;
  uint32_t leaf1_edx;
  uint32_t leaf1_ecx;
  uint32_t leaf7_ebx;
  uint32_t leaf7_ecx;
};

// OPENSSL_ia32cap_compute sets `out` to the capability words (layout as in
// OPENSSL_ia32cap_get) of a processor whose CPUID leaves are `in`, running
// under an OS whose XCR0 is `xcr0` (ignored, and treated as 0, when
// CPUID(1).ECX.OSXSAVE is clear: XGETBV is then unavailable), with the
// OPENSSL_ia32cap string `env` (NULL when the variable is unset). It is a
// pure function: no CPUID, no getenv.
OPENSSL_CPU_HIDDEN void OPENSSL_ia32cap_compute(uint32_t out[4],
                                                const struct cpuid_leaves *in,
                                                uint64_t xcr0,
                                                const char *env);

// Linux AT_HWCAP bits on AArch64 (uapi asm/hwcap.h), spelled out so the
// pure function compiles on every host.
#define LINUX_AARCH64_HWCAP_ASIMD (UINT64_C(1) << 1)
#define LINUX_AARCH64_HWCAP_AES (UINT64_C(1) << 3)
#define LINUX_AARCH64_HWCAP_PMULL (UINT64_C(1) << 4)
#define LINUX_AARCH64_HWCAP_SHA1 (UINT64_C(1) << 5)
#define LINUX_AARCH64_HWCAP_SHA2 (UINT64_C(1) << 6)
#define LINUX_AARCH64_HWCAP_SHA512 (UINT64_C(1) << 21)

// OPENSSL_armcap_from_linux_hwcap maps Linux's AT_HWCAP word `hwcap` to the
// ARMV* bits of <openssl/cpu.h>.
OPENSSL_CPU_HIDDEN uint32_t OPENSSL_armcap_from_linux_hwcap(uint64_t hwcap);

// OPENSSL_armcap_apply_env returns `caps` restricted by the OPENSSL_armcap
// string `env` (NULL when unset; a malformed string is ignored).
OPENSSL_CPU_HIDDEN uint32_t OPENSSL_armcap_apply_env(uint32_t caps,
                                                     const char *env);

// OPENSSL_armcap_compute returns the capability word of a Linux AArch64
// system whose AT_HWCAP is `hwcap`, with the OPENSSL_armcap string `env`.
// Pure: it is OPENSSL_armcap_apply_env(OPENSSL_armcap_from_linux_hwcap()).
OPENSSL_CPU_HIDDEN uint32_t OPENSSL_armcap_compute(uint64_t hwcap,
                                                   const char *env);

// OPENSSL_cpu_parse_mask parses `env` as up to `max_fields` mask fields
// "[~]V" separated by ':' (see <openssl/cpu.h> for the grammar). On success
// it returns one and sets masks[i] so that `word_i &= masks[i]` applies
// field i (all ones for a field that is absent or, for field 0 of a
// multi-field string, empty). On a malformed string it returns zero and
// leaves `masks` all ones.
OPENSSL_CPU_HIDDEN int OPENSSL_cpu_parse_mask(const char *env,
                                              uint64_t *masks,
                                              size_t max_fields);


// Readers (cpu_x86.c, cpu_aarch64.c). Not pure: they query the machine.

#if OPENSSL_CPU_DETECTS_X86
// OPENSSL_cpu_read_x86 runs CPUID leaves 0, 1 and 7.0 into `out` and sets
// `*xcr0` to XGETBV(0), or to 0 when OSXSAVE is clear.
OPENSSL_CPU_HIDDEN void OPENSSL_cpu_read_x86(struct cpuid_leaves *out,
                                             uint64_t *xcr0);
#endif

#if OPENSSL_CPU_DETECTS_AARCH64
// OPENSSL_cpu_read_armcap returns the ARMV* bits the OS reports, before
// OPENSSL_armcap is applied.
OPENSSL_CPU_HIDDEN uint32_t OPENSSL_cpu_read_armcap(void);
#endif


// Detection, once.

#if OPENSSL_CPU_IS_X86
// OPENSSL_ia32cap_P is the x86 capability word (layout as in
// OPENSSL_ia32cap_get). Read it only after OPENSSL_cpu_init.
extern OPENSSL_CPU_HIDDEN uint32_t OPENSSL_ia32cap_P[4];
#endif
#if OPENSSL_CPU_IS_AARCH64
// OPENSSL_armcap_P is the AArch64 capability word (ARMV* bits). Read it
// only after OPENSSL_cpu_init.
extern OPENSSL_CPU_HIDDEN uint32_t OPENSSL_armcap_P;
#endif

// OPENSSL_cpu_init fills the capability word of this processor on its first
// call, from any thread; later calls return at once. Every call returns
// after the word is complete.
OPENSSL_CPU_HIDDEN void OPENSSL_cpu_init(void);


// Predicates.
//
// CRYPTO_x86_has and CRYPTO_arm_has return one if every bit of `bits` is
// set in capability word `word` (x86) or in the armcap word; they return 0
// on other processors and under OPENSSL_NO_ASM. The named predicates below
// are what dispatchers and tests call.

static inline int CRYPTO_x86_has(int word, uint32_t bits) {
#if OPENSSL_CPU_DETECTS_X86
  OPENSSL_cpu_init();
  return (OPENSSL_ia32cap_P[word] & bits) == bits;
#else
  (void)word;
  (void)bits;
  return 0;
#endif
}

static inline int CRYPTO_arm_has(uint32_t bits) {
#if OPENSSL_CPU_DETECTS_AARCH64
  OPENSSL_cpu_init();
  return (OPENSSL_armcap_P & bits) == bits;
#else
  (void)bits;
  return 0;
#endif
}

// x86 and x86-64. SSE2 is part of x86-64 itself but not of i686, where the
// 32-bit paths must check it.
static inline int CRYPTO_is_SSE2_capable(void) {
  return CRYPTO_x86_has(0, CPUID1_EDX_SSE2);
}
static inline int CRYPTO_is_SSSE3_capable(void) {
  return CRYPTO_x86_has(1, CPUID1_ECX_SSSE3);
}
// CRYPTO_is_AVX_capable is the CPU's AVX bit, cleared at detection when the
// OS does not save YMM state.
static inline int CRYPTO_is_AVX_capable(void) {
  return CRYPTO_x86_has(1, CPUID1_ECX_AVX);
}
// CRYPTO_is_AVX2_capable is the CPU's AVX2 bit, cleared at detection when
// the OS does not save YMM state. It does not imply BMI1/BMI2: a path that
// also uses those says so in its own predicate.
static inline int CRYPTO_is_AVX2_capable(void) {
  return CRYPTO_x86_has(2, CPUID7_EBX_AVX2);
}
static inline int CRYPTO_is_BMI1_capable(void) {
  return CRYPTO_x86_has(2, CPUID7_EBX_BMI1);
}
static inline int CRYPTO_is_BMI2_capable(void) {
  return CRYPTO_x86_has(2, CPUID7_EBX_BMI2);
}
static inline int CRYPTO_is_ADX_capable(void) {
  return CRYPTO_x86_has(2, CPUID7_EBX_ADX);
}
// CRYPTO_is_x86_SHA_capable is the SHA extensions (SHA1RNDS4, SHA256RNDS2,
// ...). They are SSE-encoded, so they need no OS support beyond XMM.
static inline int CRYPTO_is_x86_SHA_capable(void) {
  return CRYPTO_x86_has(2, CPUID7_EBX_SHA);
}
// AVX-512. The detection clears every AVX-512 bit when the OS does not save
// the opmask and ZMM state (XCR0), so these need no XCR0 check of their own.
// An AVX-512 path names each subset it uses.
static inline int CRYPTO_is_AVX512F_capable(void) {
  return CRYPTO_x86_has(2, CPUID7_EBX_AVX512F);
}
static inline int CRYPTO_is_AVX512BW_capable(void) {
  return CRYPTO_x86_has(2, CPUID7_EBX_AVX512BW);
}
static inline int CRYPTO_is_AVX512VL_capable(void) {
  return CRYPTO_x86_has(2, CPUID7_EBX_AVX512VL);
}
// CRYPTO_is_AVX512IFMA_capable is AVX512F and AVX512IFMA (VPMADD52LUQ/HUQ)
// together: the 52-bit multiply-adds on zmm registers need both, and no
// IFMA CPU lacks F. Clearing AVX512F (the runner's "no AVX-512" mask)
// clears this too.
static inline int CRYPTO_is_AVX512IFMA_capable(void) {
  return CRYPTO_x86_has(2, CPUID7_EBX_AVX512F | CPUID7_EBX_AVX512IFMA);
}

// AArch64. NEON is part of the AArch64 base architecture, but it is still a
// bit so OPENSSL_armcap can turn the NEON paths off for testing.
static inline int CRYPTO_is_NEON_capable(void) {
  return CRYPTO_arm_has(ARMV7_NEON);
}
static inline int CRYPTO_is_ARMv8_AES_capable(void) {
  return CRYPTO_arm_has(ARMV8_AES);
}
static inline int CRYPTO_is_ARMv8_PMULL_capable(void) {
  return CRYPTO_arm_has(ARMV8_PMULL);
}
static inline int CRYPTO_is_ARMv8_SHA1_capable(void) {
  return CRYPTO_arm_has(ARMV8_SHA1);
}
static inline int CRYPTO_is_ARMv8_SHA256_capable(void) {
  return CRYPTO_arm_has(ARMV8_SHA256);
}
static inline int CRYPTO_is_ARMv8_SHA512_capable(void) {
  return CRYPTO_arm_has(ARMV8_SHA512);
}

#if defined(__cplusplus)
}  // extern "C"
#endif

#endif  // OPENSSL_HEADER_CRYPTO_CPU_INTERNAL_H
