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

#include "features.h"

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


// The feature bits themselves are defined once, in features.h (X86_BIT(ID),
// ARM_BIT(ID), CPU_X86_<ID> positions).

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
// `vendor` is CPUID(0).EBX, EDX, ECX (the vendor string in that order) and
// `leaf1_eax` CPUID(1).EAX (family, model, stepping), which only
// OPENSSL_x86_amd_family_compute reads; they come last so that the older
// initializers in the tests, which list the first five, still compile.
struct cpuid_leaves {
  uint32_t max_leaf;
  uint32_t leaf1_edx;
  uint32_t leaf1_ecx;
  uint32_t leaf7_ebx;
  uint32_t leaf7_ecx;
  uint32_t vendor[3];
  uint32_t leaf1_eax;
};

// OPENSSL_x86_amd_family_compute returns the processor family of an AMD CPU
// (the vendor string "AuthenticAMD"; the family as AMD numbers it, base
// family plus extended family when the base is 0xf: 0x17 Zen 1/2, 0x19 Zen
// 3/4, 0x1a Zen 5) and 0 for any other vendor or when leaf 1 is missing.
// Pure, like OPENSSL_ia32cap_compute. It is not a capability: no instruction
// depends on it, and OPENSSL_ia32cap does not mask it. A predicate reads it
// (CRYPTO_x86_amd_family) only to choose between rows that every such CPU
// can run, where the faster one was measured to differ between families,
// and says so beside the row with the measurement.
OPENSSL_CPU_HIDDEN uint32_t OPENSSL_x86_amd_family_compute(
    const struct cpuid_leaves *in);

// OPENSSL_ia32cap_compute sets `out` to the capability words (layout as in
// OPENSSL_ia32cap_get) of a processor whose CPUID leaves are `in`, running
// under an OS whose XCR0 is `xcr0` (ignored, and treated as 0, when
// CPUID(1).ECX.OSXSAVE is clear: XGETBV is then unavailable), with the
// OPENSSL_ia32cap string `env` (NULL when the variable is unset), closed
// by OPENSSL_ia32cap_close. It is a pure function: no CPUID, no getenv.
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
// string `env` (NULL when unset; a malformed string is ignored), then closed
// by OPENSSL_armcap_close.
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

// OPENSSL_cpu_mask_error is OPENSSL_cpu_parse_mask that says why a string
// was ignored: it returns NULL on success, and otherwise a static English
// phrase ("unset" for a NULL `env`, "not a digit", ...) with `*err_offset`
// (if not NULL) set to the offset in `env` of the first byte that does not
// fit the grammar. `masks` is set as by OPENSSL_cpu_parse_mask. `bssl cpu`
// prints the phrase for an ignored OPENSSL_ia32cap / OPENSSL_armcap.
OPENSSL_CPU_HIDDEN const char *OPENSSL_cpu_mask_error(const char *env,
                                                      uint64_t *masks,
                                                      size_t max_fields,
                                                      size_t *err_offset);

// OPENSSL_ia32cap_close applies the closure rule to the x86 capability
// words `w` in place: every feature whose prerequisites (the table in cpu.c:
// AVX2 needs AVX, AVX512F needs AVX2 and FMA, every AVX512* needs AVX512F,
// SHA needs SSE4.1, ...) are not all present is cleared, repeatedly, until
// nothing changes. OPENSSL_ia32cap_compute applies it last, after the XCR0
// and OPENSSL_ia32cap masks, so removing a feature removes everything that
// depends on it.
OPENSSL_CPU_HIDDEN void OPENSSL_ia32cap_close(uint32_t w[4]);

// OPENSSL_armcap_close returns `caps` (ARMV* bits) without the features
// whose prerequisites are missing: AES, PMULL, SHA1 and SHA256 need NEON,
// SHA512 needs SHA256. OPENSSL_armcap_apply_env applies it last.
OPENSSL_CPU_HIDDEN uint32_t OPENSSL_armcap_close(uint32_t caps);


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
#if OPENSSL_CPU_DETECTS_X86
// OPENSSL_x86_amd_family_P is OPENSSL_x86_amd_family_compute of this
// processor. Read it only after OPENSSL_cpu_init.
extern OPENSSL_CPU_HIDDEN uint32_t OPENSSL_x86_amd_family_P;
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

// CRYPTO_x86_amd_family returns the AMD processor family of this CPU (see
// OPENSSL_x86_amd_family_compute), 0 on other vendors and architectures and
// under OPENSSL_NO_ASM.
static inline uint32_t CRYPTO_x86_amd_family(void) {
#if OPENSSL_CPU_DETECTS_X86
  OPENSSL_cpu_init();
  return OPENSSL_x86_amd_family_P;
#else
  return 0;
#endif
}

// CRYPTO_x86_feature is CRYPTO_x86_has for one feature position
// (CPU_X86_<ID> of features.h).
#define CRYPTO_x86_feature(id) \
  CRYPTO_x86_has(CPU_X86_WORD(CPU_X86_##id), X86_BIT(id))

// x86 and x86-64.
//
// Every predicate reads only the bits its paths' instructions need beyond
// what those bits already imply: the capability word is closed under the
// dependency table of cpu.c (OPENSSL_ia32cap_close), so a set AVX2 bit means
// AVX (and the OS's YMM state) is there too, a set AVX512BW bit means
// AVX512F, AVX2 and AVX, a set SHA bit means SSSE3 and SSE4.1. Removing a
// feature through OPENSSL_ia32cap, or the OS not saving its state, therefore
// turns off every path that depends on it without each predicate listing
// the whole chain. util/insn_coverage checks, per row, that the predicate
// covers every instruction the row can execute.

// SSE2 is part of x86-64 itself but not of i686, where the 32-bit paths
// must check it.
static inline int CRYPTO_is_SSE2_capable(void) {
  return CRYPTO_x86_feature(SSE2);
}
// CRYPTO_is_SSSE3_capable implies SSE2 and SSE3.
static inline int CRYPTO_is_SSSE3_capable(void) {
  return CRYPTO_x86_feature(SSSE3);
}
// CRYPTO_is_AVX_capable is the CPU's AVX bit, cleared at detection when the
// OS does not save YMM state; it implies SSE2 through SSE4.2.
static inline int CRYPTO_is_AVX_capable(void) {
  return CRYPTO_x86_feature(AVX);
}
// CRYPTO_is_AVX2_capable is the CPU's AVX2 bit, which implies AVX (and so
// the OS's YMM state). It does not imply BMI1/BMI2: a path that also uses
// those says so in its own predicate.
static inline int CRYPTO_is_AVX2_capable(void) {
  return CRYPTO_x86_feature(AVX2);
}
static inline int CRYPTO_is_BMI1_capable(void) {
  return CRYPTO_x86_feature(BMI1);
}
static inline int CRYPTO_is_BMI2_capable(void) {
  return CRYPTO_x86_feature(BMI2);
}
static inline int CRYPTO_is_ADX_capable(void) {
  return CRYPTO_x86_feature(ADX);
}
// CRYPTO_is_x86_SHA_capable is the SHA extensions (SHA1RNDS4, SHA256RNDS2,
// ...). They are SSE-encoded, so they need no OS support beyond XMM; the
// bit implies SSSE3 and SSE4.1, which the SHA-NI paths use around them
// (pshufb, palignr, pblendw).
static inline int CRYPTO_is_x86_SHA_capable(void) {
  return CRYPTO_x86_feature(SHA);
}
// AVX-512. Detection clears AVX512F when the OS does not save the opmask
// and ZMM state (XCR0), and every other AVX512* bit implies AVX512F (and
// AVX512F implies AVX2, FMA and AVX), so these need no XCR0 check of their
// own. An AVX-512 path names each subset it uses.
static inline int CRYPTO_is_AVX512F_capable(void) {
  return CRYPTO_x86_feature(AVX512F);
}
static inline int CRYPTO_is_AVX512BW_capable(void) {
  return CRYPTO_x86_feature(AVX512BW);
}
static inline int CRYPTO_is_AVX512VL_capable(void) {
  return CRYPTO_x86_feature(AVX512VL);
}
// CRYPTO_is_AVX512IFMA_capable is AVX512IFMA (VPMADD52LUQ/HUQ on zmm
// registers); the bit implies AVX512F, so clearing AVX512F (the runner's
// "no AVX-512" mask) clears this too.
static inline int CRYPTO_is_AVX512IFMA_capable(void) {
  return CRYPTO_x86_feature(AVX512IFMA);
}

// AArch64. NEON is part of the AArch64 base architecture, but it is still a
// bit so OPENSSL_armcap can turn the NEON paths off for testing. The word is
// closed (OPENSSL_armcap_close): each crypto-extension bit implies NEON, and
// SHA512 implies SHA256.
static inline int CRYPTO_is_NEON_capable(void) {
  return CRYPTO_arm_has(ARM_BIT(NEON));
}
static inline int CRYPTO_is_ARMv8_AES_capable(void) {
  return CRYPTO_arm_has(ARM_BIT(AES));
}
static inline int CRYPTO_is_ARMv8_PMULL_capable(void) {
  return CRYPTO_arm_has(ARM_BIT(PMULL));
}
static inline int CRYPTO_is_ARMv8_SHA1_capable(void) {
  return CRYPTO_arm_has(ARM_BIT(SHA1));
}
static inline int CRYPTO_is_ARMv8_SHA256_capable(void) {
  return CRYPTO_arm_has(ARM_BIT(SHA256));
}
static inline int CRYPTO_is_ARMv8_SHA512_capable(void) {
  return CRYPTO_arm_has(ARM_BIT(SHA512));
}

#if defined(__cplusplus)
}  // extern "C"
#endif

#endif  // OPENSSL_HEADER_CRYPTO_CPU_INTERNAL_H
