// Copyright 2026 The project authors.
//
// crypto/cpu/features.h: the CPU feature bits, defined once.
//
// Every user of a feature bit reads it from the lists below: the library's
// predicates and detection (crypto/cpu/internal.h, cpu.c), `bssl cpu` and
// `bssl cpu -json` (tool/cpu.c), and through that JSON the test runner
// (util/all_tests.go) and the instruction-coverage check
// (util/insn_coverage). Adding a feature is one line here.
//
// OPENSSL_X86_FEATURES(X) calls X(ID, name, word, bit) for each x86 feature:
// `word` indexes the capability words of OPENSSL_ia32cap_get ([0] CPUID(1).EDX,
// [1] CPUID(1).ECX, [2] CPUID(7,0).EBX, [3] CPUID(7,0).ECX) and `bit` is the
// CPUID bit in it, as the Intel SDM and AMD APM number them. `name` is what
// `bssl cpu` prints (lower case, the spelling of Linux's /proc/cpuinfo where
// it has one).
//
// OPENSSL_ARM_FEATURES(X) calls X(ID, name, mask) for each AArch64 feature;
// `mask` is its public ARMV* macro from <openssl/cpu.h>, which stays the one
// definition of those values (OpenSSL's callers use the macros).
//
// The features a removal takes with it (AVX gone => AVX2 gone, ...) are the
// dependency tables in cpu.c, not here.

#ifndef OPENSSL_HEADER_CRYPTO_CPU_FEATURES_H
#define OPENSSL_HEADER_CRYPTO_CPU_FEATURES_H

#include <openssl/cpu.h>

#define OPENSSL_X86_FEATURES(X)          \
  /* Word 0: CPUID(1).EDX. */            \
  X(FPU, "fpu", 0, 0)                    \
  X(TSC, "tsc", 0, 4)                    \
  X(CMOV, "cmov", 0, 15)                 \
  X(MMX, "mmx", 0, 23)                   \
  X(FXSR, "fxsr", 0, 24)                 \
  X(SSE, "sse", 0, 25)                   \
  X(SSE2, "sse2", 0, 26)                 \
  X(HTT, "htt", 0, 28)                   \
  /* Word 1: CPUID(1).ECX. */            \
  X(SSE3, "sse3", 1, 0)                  \
  X(PCLMULQDQ, "pclmulqdq", 1, 1)        \
  X(SSSE3, "ssse3", 1, 9)                \
  X(FMA, "fma", 1, 12)                   \
  X(SSE41, "sse4.1", 1, 19)              \
  X(SSE42, "sse4.2", 1, 20)              \
  X(MOVBE, "movbe", 1, 22)               \
  X(POPCNT, "popcnt", 1, 23)             \
  X(AESNI, "aes", 1, 25)                 \
  X(XSAVE, "xsave", 1, 26)               \
  X(OSXSAVE, "osxsave", 1, 27)           \
  X(AVX, "avx", 1, 28)                   \
  X(F16C, "f16c", 1, 29)                 \
  X(RDRAND, "rdrand", 1, 30)             \
  /* Word 2: CPUID(7,0).EBX. */          \
  X(BMI1, "bmi1", 2, 3)                  \
  X(AVX2, "avx2", 2, 5)                  \
  X(BMI2, "bmi2", 2, 8)                  \
  X(ERMS, "erms", 2, 9)                  \
  X(AVX512F, "avx512f", 2, 16)           \
  X(AVX512DQ, "avx512dq", 2, 17)         \
  X(RDSEED, "rdseed", 2, 18)             \
  X(ADX, "adx", 2, 19)                   \
  X(AVX512IFMA, "avx512ifma", 2, 21)     \
  X(AVX512PF, "avx512pf", 2, 26)         \
  X(AVX512ER, "avx512er", 2, 27)         \
  X(AVX512CD, "avx512cd", 2, 28)         \
  X(SHA, "sha", 2, 29)                   \
  X(AVX512BW, "avx512bw", 2, 30)         \
  X(AVX512VL, "avx512vl", 2, 31)         \
  /* Word 3: CPUID(7,0).ECX. */          \
  X(AVX512VBMI, "avx512vbmi", 3, 1)      \
  X(AVX512VBMI2, "avx512vbmi2", 3, 6)    \
  X(GFNI, "gfni", 3, 8)                  \
  X(VAES, "vaes", 3, 9)                  \
  X(VPCLMULQDQ, "vpclmulqdq", 3, 10)     \
  X(AVX512VNNI, "avx512vnni", 3, 11)     \
  X(AVX512BITALG, "avx512bitalg", 3, 12) \
  X(AVX512VPOPCNTDQ, "avx512vpopcntdq", 3, 14)

#define OPENSSL_ARM_FEATURES(X)      \
  X(NEON, "neon", ARMV7_NEON)        \
  X(AES, "aes", ARMV8_AES)           \
  X(SHA1, "sha1", ARMV8_SHA1)        \
  X(SHA256, "sha256", ARMV8_SHA256)  \
  X(PMULL, "pmull", ARMV8_PMULL)     \
  X(SHA512, "sha512", ARMV8_SHA512)

// CPU_X86_<ID> is the position of an x86 feature: 32 * word + bit.
enum cpu_x86_feature {
#define OPENSSL_X86_FEATURE_ENUM(id, name, word, bit) \
  CPU_X86_##id = 32 * (word) + (bit),
  OPENSSL_X86_FEATURES(OPENSSL_X86_FEATURE_ENUM)
#undef OPENSSL_X86_FEATURE_ENUM
};

// CPU_X86_WORD and CPU_X86_MASK give the capability word of position `pos`
// and its mask in that word; X86_BIT(ID) is the mask of feature ID (e.g.
// X86_BIT(AVX2) == 1u << 5, in word CPU_X86_WORD(CPU_X86_AVX2) == 2).
#define CPU_X86_WORD(pos) ((int)(pos) >> 5)
#define CPU_X86_MASK(pos) (1u << ((unsigned)(pos) & 31))
#define X86_BIT(id) CPU_X86_MASK(CPU_X86_##id)

// ARM_BIT(ID) is the armcap mask of AArch64 feature ID (the ARMV* macro).
#define OPENSSL_ARM_FEATURE_ENUM(id, name, mask) CPU_ARM_##id = (mask),
enum cpu_arm_feature { OPENSSL_ARM_FEATURES(OPENSSL_ARM_FEATURE_ENUM) };
#undef OPENSSL_ARM_FEATURE_ENUM
#define ARM_BIT(id) ((uint32_t)CPU_ARM_##id)

#endif  // OPENSSL_HEADER_CRYPTO_CPU_FEATURES_H
