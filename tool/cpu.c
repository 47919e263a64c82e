// Copyright 2026 The project authors.
//
// bssl cpu: what the library sees and picks on this machine.
//
// It prints the capability word(s) after detection and after the
// OPENSSL_ia32cap / OPENSSL_armcap masks (which the library applies when it
// first detects), the decoded feature names, and then one line per
// primitive with an implementation table:
//
//   sha256: shani (available: shani avx2 ssse3 nohw)
//
// the first name being the row the dispatcher uses now, the list being every
// row this CPU can run, in the table's best-first order.

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/cpu.h>

#include "../crypto/chacha/internal.h"
#include "../crypto/impl.h"
#include "../crypto/poly1305/internal.h"
#include "../crypto/sha/internal.h"
#include "internal.h"

struct feature {
  int word;  // index into the capability words (always 0 on AArch64)
  int bit;
  const char *name;
};

// x86: CPUID bits as documented in the Intel SDM and AMD APM, in the word
// layout of OPENSSL_ia32cap_get().
static const struct feature kX86Features[] = {
    // Word 0: CPUID(1).EDX.
    {0, 0, "fpu"},
    {0, 4, "tsc"},
    {0, 15, "cmov"},
    {0, 23, "mmx"},
    {0, 24, "fxsr"},
    {0, 25, "sse"},
    {0, 26, "sse2"},
    {0, 28, "htt"},
    // Word 1: CPUID(1).ECX.
    {1, 0, "sse3"},
    {1, 1, "pclmulqdq"},
    {1, 9, "ssse3"},
    {1, 12, "fma"},
    {1, 19, "sse4.1"},
    {1, 20, "sse4.2"},
    {1, 22, "movbe"},
    {1, 23, "popcnt"},
    {1, 25, "aes"},
    {1, 26, "xsave"},
    {1, 27, "osxsave"},
    {1, 28, "avx"},
    {1, 29, "f16c"},
    {1, 30, "rdrand"},
    // Word 2: CPUID(7,0).EBX.
    {2, 3, "bmi1"},
    {2, 5, "avx2"},
    {2, 8, "bmi2"},
    {2, 9, "erms"},
    {2, 16, "avx512f"},
    {2, 17, "avx512dq"},
    {2, 18, "rdseed"},
    {2, 19, "adx"},
    {2, 21, "avx512ifma"},
    {2, 29, "sha"},
    {2, 30, "avx512bw"},
    {2, 31, "avx512vl"},
    // Word 3: CPUID(7,0).ECX.
    {3, 1, "avx512vbmi"},
    {3, 6, "avx512vbmi2"},
    {3, 8, "gfni"},
    {3, 9, "vaes"},
    {3, 10, "vpclmulqdq"},
    {3, 11, "avx512vnni"},
    {3, 12, "avx512bitalg"},
    {3, 14, "avx512vpopcntdq"},
};

static const struct feature kArmFeatures[] = {
    {0, 0, "neon"},   {0, 2, "aes"},   {0, 3, "sha1"},
    {0, 4, "sha256"}, {0, 5, "pmull"}, {0, 6, "sha512"},
};

static void print_features(const struct feature *features, size_t num,
                           const uint32_t *words) {
  printf("features:");
  int any = 0;
  for (size_t i = 0; i < num; i++) {
    if ((words[features[i].word] >> features[i].bit) & 1) {
      printf(" %s", features[i].name);
      any = 1;
    }
  }
  printf("%s\n", any ? "" : " (none)");
}

static void print_primitive(CRYPTO_PRIMITIVE *prim) {
  printf("%s: %s (available:", prim->name, CRYPTO_impl_chosen(prim)->name);
  CRYPTO_IMPL_FOREACH(row, prim) {
    if (CRYPTO_impl_is_capable(row)) {
      printf(" %s", row->name);
    }
  }
  printf(")\n");
}

int tool_cpu(int argc, char **argv) {
  for (int i = 1; i < argc; i++) {
    if (strcmp(argv[i], "-help") == 0 || strcmp(argv[i], "--help") == 0 ||
        strcmp(argv[i], "-h") == 0) {
      printf(
          "Usage: bssl cpu\n"
          "Print the CPU capability words the library detected (after the\n"
          "OPENSSL_ia32cap / OPENSSL_armcap masks), the features they name,\n"
          "and per primitive the implementation in use and those "
          "available.\n");
      return 0;
    }
    fprintf(stderr, "cpu: unknown argument '%s' (try 'bssl cpu -help')\n",
            argv[i]);
    return 1;
  }

#if defined(OPENSSL_NO_ASM)
  // The library runs no detection in this configuration: the words would
  // all be zero whatever the CPU has.
  printf("built with OPENSSL_NO_ASM: no CPU detection, portable C only\n");
  (void)kX86Features;
  (void)kArmFeatures;
  (void)print_features;
#elif defined(OPENSSL_X86_64) || defined(OPENSSL_X86)
  const uint32_t *w = OPENSSL_ia32cap_get();
  printf("ia32cap: 0x%08x 0x%08x 0x%08x 0x%08x\n", (unsigned)w[0],
         (unsigned)w[1], (unsigned)w[2], (unsigned)w[3]);
  print_features(kX86Features, sizeof(kX86Features) / sizeof(kX86Features[0]),
                 w);
  const char *mask = getenv("OPENSSL_ia32cap");
  if (mask != NULL) {
    printf("OPENSSL_ia32cap=%s (applied at detection)\n", mask);
  }
  (void)kArmFeatures;
#elif defined(OPENSSL_AARCH64)
  uint32_t armcap = OPENSSL_get_armcap();
  printf("armcap: 0x%08x\n", (unsigned)armcap);
  print_features(kArmFeatures, sizeof(kArmFeatures) / sizeof(kArmFeatures[0]),
                 &armcap);
  const char *mask = getenv("OPENSSL_armcap");
  if (mask != NULL) {
    printf("OPENSSL_armcap=%s (applied at detection)\n", mask);
  }
  (void)kX86Features;
#else
  printf("no capability word on this processor: portable C only\n");
  (void)kX86Features;
  (void)kArmFeatures;
  (void)print_features;
#endif

  print_primitive(&CRYPTO_primitive_sha1);
  print_primitive(&CRYPTO_primitive_sha256);
  print_primitive(&CRYPTO_primitive_sha512);
  print_primitive(&CRYPTO_primitive_chacha20);
  print_primitive(&CRYPTO_primitive_poly1305);
  return 0;
}
