// Copyright 2026 The project authors.
//
// cpu.c: the capability word. The first half is pure (it turns CPUID
// leaves, XCR0, AT_HWCAP and the environment strings into a word and is
// compiled and tested on every processor); the second half runs detection
// once per process and serves the public getters.

#include <openssl/cpu.h>

#include <stdlib.h>

#if defined(_WIN32)
#include <windows.h>
#else
#include <pthread.h>
#endif

#include "../internal.h"
#include "internal.h"


// Environment strings.

// parse_number parses the `len` bytes at `s` as an unsigned C integer
// constant without suffix: "0x"/"0X" then hex digits, "0" then octal digits,
// or decimal digits. It returns one and sets `*out` if all `len` bytes form
// such a number that fits in 64 bits, and zero otherwise.
static int parse_number(const char *s, size_t len, uint64_t *out) {
  unsigned base = 10;
  size_t i = 0;
  if (len >= 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
    base = 16;
    i = 2;
  } else if (len >= 2 && s[0] == '0') {
    base = 8;
    i = 1;
  }
  if (i == len) {
    return 0;  // "" or a bare "0x"
  }
  uint64_t v = 0;
  for (; i < len; i++) {
    char c = s[i];
    unsigned d;
    if (c >= '0' && c <= '9') {
      d = (unsigned)(c - '0');
    } else if (c >= 'a' && c <= 'f') {
      d = (unsigned)(c - 'a') + 10;
    } else if (c >= 'A' && c <= 'F') {
      d = (unsigned)(c - 'A') + 10;
    } else {
      return 0;
    }
    if (d >= base) {
      return 0;
    }
    // v * base + d must not exceed 2^64 - 1.
    if (v > (UINT64_MAX - d) / base) {
      return 0;
    }
    v = v * base + d;
  }
  *out = v;
  return 1;
}

// parse_field parses one field "[~]V" of `len` bytes at `s` into the AND
// mask it stands for: ~V for "~V", V for "V". It returns zero if malformed.
static int parse_field(const char *s, size_t len, uint64_t *mask) {
  int invert = 0;
  if (len > 0 && s[0] == '~') {
    invert = 1;
    s++;
    len--;
  }
  uint64_t v;
  if (!parse_number(s, len, &v)) {
    return 0;
  }
  *mask = invert ? ~v : v;
  return 1;
}

int OPENSSL_cpu_parse_mask(const char *env, uint64_t *masks,
                           size_t max_fields) {
  for (size_t i = 0; i < max_fields; i++) {
    masks[i] = UINT64_MAX;
  }
  if (env == NULL || max_fields == 0) {
    return 0;
  }
  // Parse into a scratch array first, so a string that turns out malformed
  // in a later field leaves every mask untouched.
  uint64_t parsed[4];
  if (max_fields > OPENSSL_ARRAY_SIZE(parsed)) {
    return 0;
  }
  size_t n = 0;
  const char *p = env;
  for (;;) {
    const char *end = p;
    while (*end != '\0' && *end != ':') {
      end++;
    }
    if (n == max_fields) {
      return 0;  // more fields than the word has
    }
    size_t len = (size_t)(end - p);
    if (len == 0 && n == 0 && *end == ':' && max_fields > 1) {
      parsed[n] = UINT64_MAX;  // ":W1": leave the first field alone
    } else if (!parse_field(p, len, &parsed[n])) {
      return 0;
    }
    n++;
    if (*end == '\0') {
      break;
    }
    p = end + 1;
  }
  for (size_t i = 0; i < n; i++) {
    masks[i] = parsed[i];
  }
  return 1;
}


// x86: CPUID leaves + XCR0 + OPENSSL_ia32cap -> four words.

// Features that use YMM registers (VEX.256 or EVEX encodings), so need the
// OS to save the XMM and YMM state. The AVX-512 bits are in this set too.
#define AVX_FAMILY_LEAF1_ECX (CPUID1_ECX_AVX | CPUID1_ECX_FMA | CPUID1_ECX_F16C)
#define AVX512_LEAF7_EBX                                                  \
  (CPUID7_EBX_AVX512F | CPUID7_EBX_AVX512DQ | CPUID7_EBX_AVX512IFMA |     \
   CPUID7_EBX_AVX512PF | CPUID7_EBX_AVX512ER | CPUID7_EBX_AVX512CD |      \
   CPUID7_EBX_AVX512BW | CPUID7_EBX_AVX512VL)
#define AVX512_LEAF7_ECX                                                  \
  (CPUID7_ECX_AVX512VBMI | CPUID7_ECX_AVX512VBMI2 |                       \
   CPUID7_ECX_AVX512VNNI | CPUID7_ECX_AVX512BITALG |                      \
   CPUID7_ECX_AVX512VPOPCNTDQ)
#define AVX_FAMILY_LEAF7_EBX (CPUID7_EBX_AVX2 | AVX512_LEAF7_EBX)
#define AVX_FAMILY_LEAF7_ECX \
  (CPUID7_ECX_VAES | CPUID7_ECX_VPCLMULQDQ | AVX512_LEAF7_ECX)

void OPENSSL_ia32cap_compute(uint32_t out[4], const struct cpuid_leaves *in,
                             uint64_t xcr0, const char *env) {
  uint32_t w[4] = {0, 0, 0, 0};
  if (in->max_leaf >= 1) {
    w[0] = in->leaf1_edx;
    w[1] = in->leaf1_ecx;
  }
  if (in->max_leaf >= 7) {
    w[2] = in->leaf7_ebx;
    w[3] = in->leaf7_ecx;
  }

  // XCR0 exists only if the OS set CR4.OSXSAVE, which CPUID mirrors.
  if ((w[1] & CPUID1_ECX_OSXSAVE) == 0) {
    xcr0 = 0;
  }
  // AVX state = XMM and YMM-upper state both saved.
  const uint64_t avx_state = XCR0_SSE | XCR0_AVX;
  if ((xcr0 & avx_state) != avx_state) {
    w[1] &= ~(uint32_t)AVX_FAMILY_LEAF1_ECX;
    w[2] &= ~(uint32_t)AVX_FAMILY_LEAF7_EBX;
    w[3] &= ~(uint32_t)AVX_FAMILY_LEAF7_ECX;
  }
  // AVX-512 state = opmask, upper ZMM0-15 and ZMM16-31 all saved.
  const uint64_t avx512_state = XCR0_OPMASK | XCR0_ZMM_HI256 | XCR0_HI16_ZMM;
  if ((xcr0 & avx512_state) != avx512_state) {
    w[2] &= ~(uint32_t)AVX512_LEAF7_EBX;
    w[3] &= ~(uint32_t)AVX512_LEAF7_ECX;
  }

  // OPENSSL_ia32cap: W0 masks words 0 (low half) and 1 (high half), W1
  // masks words 2 and 3. An AND can only clear bits.
  uint64_t masks[2];
  OPENSSL_cpu_parse_mask(env, masks, 2);
  w[0] &= (uint32_t)masks[0];
  w[1] &= (uint32_t)(masks[0] >> 32);
  w[2] &= (uint32_t)masks[1];
  w[3] &= (uint32_t)(masks[1] >> 32);

  for (int i = 0; i < 4; i++) {
    out[i] = w[i];
  }
}


// AArch64: AT_HWCAP (or the Apple/Windows equivalent) + OPENSSL_armcap.

uint32_t OPENSSL_armcap_from_linux_hwcap(uint64_t hwcap) {
  // Each row: a Linux HWCAP bit and the ARMV* bit it grants.
  static const struct {
    uint64_t hwcap;
    uint32_t armcap;
  } kMap[] = {
      {LINUX_AARCH64_HWCAP_ASIMD, ARMV7_NEON},
      {LINUX_AARCH64_HWCAP_AES, ARMV8_AES},
      {LINUX_AARCH64_HWCAP_PMULL, ARMV8_PMULL},
      {LINUX_AARCH64_HWCAP_SHA1, ARMV8_SHA1},
      {LINUX_AARCH64_HWCAP_SHA2, ARMV8_SHA256},
      {LINUX_AARCH64_HWCAP_SHA512, ARMV8_SHA512},
  };
  uint32_t caps = 0;
  for (size_t i = 0; i < OPENSSL_ARRAY_SIZE(kMap); i++) {
    if (hwcap & kMap[i].hwcap) {
      caps |= kMap[i].armcap;
    }
  }
  return caps;
}

uint32_t OPENSSL_armcap_apply_env(uint32_t caps, const char *env) {
  uint64_t mask;
  OPENSSL_cpu_parse_mask(env, &mask, 1);
  return caps & (uint32_t)mask;
}

uint32_t OPENSSL_armcap_compute(uint64_t hwcap, const char *env) {
  return OPENSSL_armcap_apply_env(OPENSSL_armcap_from_linux_hwcap(hwcap), env);
}


// Detection, once per process.

#if OPENSSL_CPU_IS_X86
uint32_t OPENSSL_ia32cap_P[4];
#endif
#if OPENSSL_CPU_IS_AARCH64
uint32_t OPENSSL_armcap_P;
#endif

// cpu_detect fills the hidden word(s). It runs exactly once.
static void cpu_detect(void) {
#if OPENSSL_CPU_DETECTS_X86
  struct cpuid_leaves leaves;
  uint64_t xcr0;
  OPENSSL_cpu_read_x86(&leaves, &xcr0);
  OPENSSL_ia32cap_compute(OPENSSL_ia32cap_P, &leaves, xcr0,
                          getenv("OPENSSL_ia32cap"));
#endif
#if OPENSSL_CPU_DETECTS_AARCH64
  OPENSSL_armcap_P = OPENSSL_armcap_apply_env(OPENSSL_cpu_read_armcap(),
                                              getenv("OPENSSL_armcap"));
#endif
}

#if defined(_WIN32)
static INIT_ONCE g_cpu_once = INIT_ONCE_STATIC_INIT;

static BOOL CALLBACK cpu_detect_win(PINIT_ONCE once, PVOID param,
                                    PVOID *context) {
  (void)once;
  (void)param;
  (void)context;
  cpu_detect();
  return TRUE;
}

void OPENSSL_cpu_init(void) {
  if (!InitOnceExecuteOnce(&g_cpu_once, cpu_detect_win, NULL, NULL)) {
    abort();
  }
}
#else
static pthread_once_t g_cpu_once = PTHREAD_ONCE_INIT;

void OPENSSL_cpu_init(void) {
  if (pthread_once(&g_cpu_once, cpu_detect) != 0) {
    abort();
  }
}
#endif


// Public getters.

const uint32_t *OPENSSL_ia32cap_get(void) {
#if OPENSSL_CPU_IS_X86
  OPENSSL_cpu_init();
  return OPENSSL_ia32cap_P;
#else
  static const uint32_t kNone[4] = {0, 0, 0, 0};
  return kNone;
#endif
}

uint32_t OPENSSL_get_armcap(void) {
#if OPENSSL_CPU_IS_AARCH64
  OPENSSL_cpu_init();
  return OPENSSL_armcap_P;
#else
  return 0;
#endif
}
