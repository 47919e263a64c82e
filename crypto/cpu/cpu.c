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
// or decimal digits. It returns NULL and sets `*out` if all `len` bytes form
// such a number that fits in 64 bits; otherwise it returns why not and sets
// `*bad` to the offset of the offending byte.
static const char *parse_number(const char *s, size_t len, uint64_t *out,
                                size_t *bad) {
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
    *bad = i;
    return "a field has no digits";  // "" or a bare "0x"
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
      *bad = i;
      return "not a digit";
    }
    if (d >= base) {
      *bad = i;
      return base == 8 ? "not an octal digit (a leading 0 means octal)"
                       : "not a decimal digit";
    }
    // v * base + d must not exceed 2^64 - 1.
    if (v > (UINT64_MAX - d) / base) {
      *bad = i;
      return "the number does not fit in 64 bits";
    }
    v = v * base + d;
  }
  *out = v;
  return NULL;
}

// parse_field parses one field "[~]V" of `len` bytes at `s` into the AND
// mask it stands for: ~V for "~V", V for "V". It returns NULL, or why the
// field is malformed with `*bad` set as for parse_number.
static const char *parse_field(const char *s, size_t len, uint64_t *mask,
                               size_t *bad) {
  int invert = 0;
  if (len > 0 && s[0] == '~') {
    invert = 1;
    s++;
    len--;
  }
  uint64_t v;
  const char *err = parse_number(s, len, &v, bad);
  if (err != NULL) {
    *bad += (size_t)invert;
    return err;
  }
  *mask = invert ? ~v : v;
  return NULL;
}

const char *OPENSSL_cpu_mask_error(const char *env, uint64_t *masks,
                                   size_t max_fields, size_t *err_offset) {
  size_t unused;
  if (err_offset == NULL) {
    err_offset = &unused;
  }
  *err_offset = 0;
  for (size_t i = 0; i < max_fields; i++) {
    masks[i] = UINT64_MAX;
  }
  if (env == NULL) {
    return "unset";
  }
  // Parse into a scratch array first, so a string that turns out malformed
  // in a later field leaves every mask untouched.
  uint64_t parsed[4];
  if (max_fields == 0 || max_fields > OPENSSL_ARRAY_SIZE(parsed)) {
    return "no fields to parse";
  }
  size_t n = 0;
  const char *p = env;
  for (;;) {
    const char *end = p;
    while (*end != '\0' && *end != ':') {
      end++;
    }
    if (n == max_fields) {
      *err_offset = (size_t)(p - env) - 1;
      return max_fields == 1 ? "a ':' (this variable has one field)"
                             : "more fields than the two words W0:W1";
    }
    size_t len = (size_t)(end - p);
    if (len == 0 && n == 0 && *end == ':' && max_fields > 1) {
      parsed[n] = UINT64_MAX;  // ":W1": leave the first field alone
    } else {
      size_t bad = 0;
      const char *err = parse_field(p, len, &parsed[n], &bad);
      if (err != NULL) {
        *err_offset = (size_t)(p - env) + bad;
        return err;
      }
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
  return NULL;
}

int OPENSSL_cpu_parse_mask(const char *env, uint64_t *masks,
                           size_t max_fields) {
  return OPENSSL_cpu_mask_error(env, masks, max_fields, NULL) == NULL;
}


// The closure rule: a feature stays only while every feature it needs stays.
//
// Each row {F, G} says F needs G: its instructions use G's (SHA-NI code uses
// SSSE3 and SSE4.1 ones around sha256rnds2), its encoding needs G's register
// state (VEX and EVEX encodings need AVX's YMM state), or no processor has F
// without G, so code written for F assumes G (AVX-512F implies AVX2 and
// FMA). Clearing a feature, by the OPENSSL_ia32cap / OPENSSL_armcap masks or
// because the OS does not save its state, then clears everything above it,
// applied to a fixed point. Features that need nothing here (BMI1, BMI2, ADX,
// MOVBE, POPCNT, ...: general-purpose instructions, VEX-encoded or not, that
// touch no vector state) are independent of every other bit. GFNI stays
// with AVX gone (its legacy form is SSE-encoded); a path using its VEX or
// EVEX forms says AVX or AVX-512 in its own predicate.

struct feature_need {
  uint8_t feature, needs;
};

static const struct feature_need kX86Needs[] = {
    {CPU_X86_SSE, CPU_X86_FXSR},  // FXSAVE is how the OS saves XMM state
    {CPU_X86_SSE2, CPU_X86_SSE},
    {CPU_X86_SSE3, CPU_X86_SSE2},
    {CPU_X86_SSSE3, CPU_X86_SSE3},
    {CPU_X86_SSE41, CPU_X86_SSSE3},
    {CPU_X86_SSE42, CPU_X86_SSE41},
    {CPU_X86_PCLMULQDQ, CPU_X86_SSE2},
    {CPU_X86_AESNI, CPU_X86_SSE2},
    {CPU_X86_GFNI, CPU_X86_SSE2},
    {CPU_X86_SHA, CPU_X86_SSE41},  // and so SSSE3: pshufb, palignr, pblendw
    {CPU_X86_OSXSAVE, CPU_X86_XSAVE},
    {CPU_X86_AVX, CPU_X86_OSXSAVE},  // YMM state is saved with XSAVE only
    {CPU_X86_AVX, CPU_X86_SSE42},
    {CPU_X86_FMA, CPU_X86_AVX},
    {CPU_X86_F16C, CPU_X86_AVX},
    {CPU_X86_AVX2, CPU_X86_AVX},
    {CPU_X86_VAES, CPU_X86_AVX},
    {CPU_X86_VAES, CPU_X86_AESNI},
    {CPU_X86_VPCLMULQDQ, CPU_X86_AVX},
    {CPU_X86_VPCLMULQDQ, CPU_X86_PCLMULQDQ},
    {CPU_X86_AVX512F, CPU_X86_AVX2},
    {CPU_X86_AVX512F, CPU_X86_FMA},
    {CPU_X86_AVX512DQ, CPU_X86_AVX512F},
    {CPU_X86_AVX512IFMA, CPU_X86_AVX512F},
    {CPU_X86_AVX512PF, CPU_X86_AVX512F},
    {CPU_X86_AVX512ER, CPU_X86_AVX512F},
    {CPU_X86_AVX512CD, CPU_X86_AVX512F},
    {CPU_X86_AVX512BW, CPU_X86_AVX512F},
    {CPU_X86_AVX512VL, CPU_X86_AVX512F},
    {CPU_X86_AVX512VNNI, CPU_X86_AVX512F},
    {CPU_X86_AVX512VPOPCNTDQ, CPU_X86_AVX512F},
    // The byte/word-element extensions.
    {CPU_X86_AVX512VBMI, CPU_X86_AVX512BW},
    {CPU_X86_AVX512VBMI2, CPU_X86_AVX512BW},
    {CPU_X86_AVX512BITALG, CPU_X86_AVX512BW},
};

static int x86_has(const uint32_t w[4], unsigned pos) {
  return (w[CPU_X86_WORD(pos)] & CPU_X86_MASK(pos)) != 0;
}

void OPENSSL_ia32cap_close(uint32_t w[4]) {
  // Each pass clears at least one bit or ends the loop, so it ends within
  // as many passes as the table has rows.
  int changed = 1;
  while (changed) {
    changed = 0;
    for (size_t i = 0; i < OPENSSL_ARRAY_SIZE(kX86Needs); i++) {
      unsigned f = kX86Needs[i].feature;
      if (x86_has(w, f) && !x86_has(w, kX86Needs[i].needs)) {
        w[CPU_X86_WORD(f)] &= ~CPU_X86_MASK(f);
        changed = 1;
      }
    }
  }
}

static const struct {
  uint32_t feature, needs;
} kArmNeeds[] = {
    // The crypto extensions operate on the SIMD registers.
    {ARMV8_AES, ARMV7_NEON},
    {ARMV8_PMULL, ARMV7_NEON},
    {ARMV8_SHA1, ARMV7_NEON},
    {ARMV8_SHA256, ARMV7_NEON},
    // FEAT_SHA512 requires FEAT_SHA256 (Arm ARM, A2.2).
    {ARMV8_SHA512, ARMV8_SHA256},
};

uint32_t OPENSSL_armcap_close(uint32_t caps) {
  int changed = 1;
  while (changed) {
    changed = 0;
    for (size_t i = 0; i < OPENSSL_ARRAY_SIZE(kArmNeeds); i++) {
      if ((caps & kArmNeeds[i].feature) && !(caps & kArmNeeds[i].needs)) {
        caps &= ~kArmNeeds[i].feature;
        changed = 1;
      }
    }
  }
  return caps;
}


// x86: CPUID leaves + XCR0 + OPENSSL_ia32cap -> four words.

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
  if ((w[1] & X86_BIT(OSXSAVE)) == 0) {
    xcr0 = 0;
  }
  // AVX state = XMM and YMM-upper state both saved. Without it AVX goes,
  // and the closure below takes every VEX/EVEX feature with it.
  const uint64_t avx_state = XCR0_SSE | XCR0_AVX;
  if ((xcr0 & avx_state) != avx_state) {
    w[1] &= ~X86_BIT(AVX);
  }
  // AVX-512 state = opmask, upper ZMM0-15 and ZMM16-31 all saved. Without
  // it AVX512F goes, and with it (closure) every AVX-512 bit.
  const uint64_t avx512_state = XCR0_OPMASK | XCR0_ZMM_HI256 | XCR0_HI16_ZMM;
  if ((xcr0 & avx512_state) != avx512_state) {
    w[2] &= ~X86_BIT(AVX512F);
  }

  // OPENSSL_ia32cap: W0 masks words 0 (low half) and 1 (high half), W1
  // masks words 2 and 3. An AND can only clear bits.
  uint64_t masks[2];
  OPENSSL_cpu_parse_mask(env, masks, 2);
  w[0] &= (uint32_t)masks[0];
  w[1] &= (uint32_t)(masks[0] >> 32);
  w[2] &= (uint32_t)masks[1];
  w[3] &= (uint32_t)(masks[1] >> 32);

  OPENSSL_ia32cap_close(w);
  for (int i = 0; i < 4; i++) {
    out[i] = w[i];
  }
}

uint32_t OPENSSL_x86_amd_family_compute(const struct cpuid_leaves *in) {
  // "AuthenticAMD" as CPUID(0) returns it: EBX "Auth", EDX "enti", ECX
  // "cAMD", little-endian.
  static const uint32_t kAMD[3] = {0x68747541, 0x69746e65, 0x444d4163};
  if (in->max_leaf < 1 || in->vendor[0] != kAMD[0] ||
      in->vendor[1] != kAMD[1] || in->vendor[2] != kAMD[2]) {
    return 0;
  }
  uint32_t family = (in->leaf1_eax >> 8) & 0xf;
  if (family == 0xf) {
    family += (in->leaf1_eax >> 20) & 0xff;
  }
  return family;
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
  return OPENSSL_armcap_close(caps & (uint32_t)mask);
}

uint32_t OPENSSL_armcap_compute(uint64_t hwcap, const char *env) {
  return OPENSSL_armcap_apply_env(OPENSSL_armcap_from_linux_hwcap(hwcap), env);
}


// Detection, once per process.

#if OPENSSL_CPU_IS_X86
uint32_t OPENSSL_ia32cap_P[4];
#if OPENSSL_CPU_DETECTS_X86
uint32_t OPENSSL_x86_amd_family_P;
#endif
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
  OPENSSL_x86_amd_family_P = OPENSSL_x86_amd_family_compute(&leaves);
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
