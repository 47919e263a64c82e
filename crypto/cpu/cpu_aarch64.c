// Copyright 2026 The project authors.
//
// cpu_aarch64.c: asks the OS which AArch64 features the processor has and
// reports them as ARMV* bits. User space cannot read the ID registers
// portably, so each OS has its own channel:
//
//   Linux/Android  getauxval(AT_HWCAP), mapped by the pure
//                  OPENSSL_armcap_from_linux_hwcap in cpu.c
//   Apple          sysctlbyname("hw.optional.arm.FEAT_*")
//   Windows        IsProcessorFeaturePresent(PF_ARM_*)
//   anything else  NEON only (it is part of the AArch64 base architecture)
//
// OPENSSL_armcap is applied afterwards, in cpu.c.

#include "internal.h"

#if OPENSSL_CPU_DETECTS_AARCH64

#if defined(__linux__)
#include <sys/auxv.h>
#elif defined(__APPLE__)
#include <sys/sysctl.h>
#include <sys/types.h>
#elif defined(_WIN32)
#include <windows.h>
#endif

#if defined(__linux__)

uint32_t OPENSSL_cpu_read_armcap(void) {
  return OPENSSL_armcap_from_linux_hwcap((uint64_t)getauxval(AT_HWCAP));
}

#elif defined(__APPLE__)

// apple_has returns one if sysctl `name` exists and is non-zero, zero if it
// is zero, and `fallback` if the kernel does not know the name (the FEAT_*
// names appeared in macOS 12 / iOS 15).
static int apple_has(const char *name, int fallback) {
  int value = 0;
  size_t len = sizeof(value);
  if (sysctlbyname(name, &value, &len, NULL, 0) != 0 || len != sizeof(value)) {
    return fallback;
  }
  return value != 0;
}

uint32_t OPENSSL_cpu_read_armcap(void) {
  // Every Apple AArch64 processor (A7 onwards) has NEON, AES, PMULL, SHA-1
  // and SHA-256, so an older kernel without the FEAT_* names still gets
  // them. SHA-512 (M1/A14 onwards) must be asked for.
  static const struct {
    const char *name;
    uint32_t armcap;
    int fallback;
  } kFeatures[] = {
      {"hw.optional.AdvSIMD", ARMV7_NEON, 1},
      {"hw.optional.arm.FEAT_AES", ARMV8_AES, 1},
      {"hw.optional.arm.FEAT_PMULL", ARMV8_PMULL, 1},
      {"hw.optional.arm.FEAT_SHA1", ARMV8_SHA1, 1},
      {"hw.optional.arm.FEAT_SHA256", ARMV8_SHA256, 1},
      {"hw.optional.arm.FEAT_SHA512", ARMV8_SHA512, 0},
  };
  uint32_t caps = 0;
  for (size_t i = 0; i < sizeof(kFeatures) / sizeof(kFeatures[0]); i++) {
    if (apple_has(kFeatures[i].name, kFeatures[i].fallback)) {
      caps |= kFeatures[i].armcap;
    }
  }
  return caps;
}

#elif defined(_WIN32)

// Processor-feature numbers that older SDK headers do not define (values
// from the Windows SDK's winnt.h).
#if !defined(PF_ARM_NEON_INSTRUCTIONS_AVAILABLE)
#define PF_ARM_NEON_INSTRUCTIONS_AVAILABLE 19
#endif
#if !defined(PF_ARM_V8_CRYPTO_INSTRUCTIONS_AVAILABLE)
#define PF_ARM_V8_CRYPTO_INSTRUCTIONS_AVAILABLE 30
#endif
#if !defined(PF_ARM_SHA512_INSTRUCTIONS_AVAILABLE)
#define PF_ARM_SHA512_INSTRUCTIONS_AVAILABLE 65
#endif

uint32_t OPENSSL_cpu_read_armcap(void) {
  uint32_t caps = 0;
  if (IsProcessorFeaturePresent(PF_ARM_NEON_INSTRUCTIONS_AVAILABLE)) {
    caps |= ARMV7_NEON;
  }
  // Windows reports the ARMv8.0 crypto extension as one feature: AES,
  // PMULL, SHA-1 and SHA-256 together.
  if (IsProcessorFeaturePresent(PF_ARM_V8_CRYPTO_INSTRUCTIONS_AVAILABLE)) {
    caps |= ARMV8_AES | ARMV8_PMULL | ARMV8_SHA1 | ARMV8_SHA256;
  }
  if (IsProcessorFeaturePresent(PF_ARM_SHA512_INSTRUCTIONS_AVAILABLE)) {
    caps |= ARMV8_SHA512;
  }
  return caps;
}

#else

uint32_t OPENSSL_cpu_read_armcap(void) { return ARMV7_NEON; }

#endif

#else

// Without AArch64 detection this file has nothing to compile; the typedef
// keeps the translation unit non-empty, as ISO C requires.
typedef int cpu_aarch64_unused_t;

#endif  // OPENSSL_CPU_DETECTS_AARCH64
