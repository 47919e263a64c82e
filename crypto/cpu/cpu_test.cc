// Copyright 2026 The project authors.
//
// Tests of the CPU-capability word. Most run the pure functions of
// crypto/cpu/cpu.c on synthetic processors, so they run (and mean the same)
// on every architecture; the "Live" tests check that the word this process
// actually uses agrees with those functions applied to this machine.

#include <openssl/cpu.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <array>
#include <map>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include <gtest/gtest.h>

#include "../test/sha_ni_emu.h"
#include "internal.h"

namespace {

using Words = std::array<uint32_t, 4>;

Words Compute(const cpuid_leaves &leaves, uint64_t xcr0, const char *env) {
  Words w;
  // Poison the output so a word the function forgets to write shows up.
  w.fill(0xa5a5a5a5);
  OPENSSL_ia32cap_compute(w.data(), &leaves, xcr0, env);
  return w;
}

Words AsWords(const cpuid_leaves &l) {
  return {l.leaf1_edx, l.leaf1_ecx, l.leaf7_ebx, l.leaf7_ecx};
}

// Fixtures. They are composed from each part's published CPUID feature
// list (not dumped from one machine), keeping the bits that matter here
// and the usual neighbours around them.

// AMD Zen 3 (Ryzen 5000 / EPYC 7003): AVX2, BMI1/2, ADX, SHA, VAES and
// VPCLMULQDQ; no AVX-512. XCR0 = x87|SSE|AVX (+ PKRU, bit 9).
constexpr cpuid_leaves kZen3 = {
    /*max_leaf=*/0x10, /*leaf1_edx=*/0x178bfbff, /*leaf1_ecx=*/0x7ed8320b,
    /*leaf7_ebx=*/0x219c97a9, /*leaf7_ecx=*/0x0040069c,
    /*vendor=*/{0x68747541, 0x69746e65, 0x444d4163},  // AuthenticAMD
    /*leaf1_eax=*/0x00a20f10};                         // family 0x19
constexpr uint64_t kZen3XCR0 = 0x207;

// Intel Goldmont (Atom C3000, Pentium J4205): SSSE3 and the SHA extensions
// but no AVX at all. XCR0 = x87|SSE|MPX.
constexpr cpuid_leaves kGoldmont = {
    /*max_leaf=*/0x15, /*leaf1_edx=*/0xbfebfbff, /*leaf1_ecx=*/0x4ff8ebbf,
    /*leaf7_ebx=*/0x22944281, /*leaf7_ecx=*/0,
    /*vendor=*/{0x756e6547, 0x49656e69, 0x6c65746e},  // GenuineIntel
    /*leaf1_eax=*/0x000506c9};
constexpr uint64_t kGoldmontXCR0 = 0x1b;

// Intel Skylake-X (Core i9-7900X): AVX2 and AVX-512 F/DQ/CD/BW/VL, no SHA.
// XCR0 = x87|SSE|AVX|MPX|opmask|ZMM_Hi256|Hi16_ZMM|PKRU.
constexpr cpuid_leaves kSkylakeX = {
    /*max_leaf=*/0x16, /*leaf1_edx=*/0xbfebfbff, /*leaf1_ecx=*/0x7ffefbff,
    /*leaf7_ebx=*/0xd39ffffb, /*leaf7_ecx=*/0x00000018,
    /*vendor=*/{0x756e6547, 0x49656e69, 0x6c65746e},  // GenuineIntel
    /*leaf1_eax=*/0x00050654};
constexpr uint64_t kSkylakeXXCR0 = 0x2ff;

bool Has(const Words &w, int word, uint32_t bit) {
  return (w[word] & bit) == bit;
}

const uint32_t kAVX512EBX = X86_BIT(AVX512F) | X86_BIT(AVX512DQ) |
                            X86_BIT(AVX512IFMA) | X86_BIT(AVX512PF) |
                            X86_BIT(AVX512ER) | X86_BIT(AVX512CD) |
                            X86_BIT(AVX512BW) | X86_BIT(AVX512VL);
const uint32_t kAVX512ECX =
    X86_BIT(AVX512VBMI) | X86_BIT(AVX512VBMI2) | X86_BIT(AVX512VNNI) |
    X86_BIT(AVX512BITALG) | X86_BIT(AVX512VPOPCNTDQ);

// ExpectNoAVXFamily checks every YMM/ZMM-using feature is off in `w`.
void ExpectNoAVXFamily(const Words &w) {
  EXPECT_FALSE(Has(w, 1, X86_BIT(AVX)));
  EXPECT_FALSE(Has(w, 1, X86_BIT(FMA)));
  EXPECT_FALSE(Has(w, 1, X86_BIT(F16C)));
  EXPECT_FALSE(Has(w, 2, X86_BIT(AVX2)));
  EXPECT_EQ(0u, w[2] & kAVX512EBX);
  EXPECT_EQ(0u, w[3] & kAVX512ECX);
  EXPECT_FALSE(Has(w, 3, X86_BIT(VAES)));
  EXPECT_FALSE(Has(w, 3, X86_BIT(VPCLMULQDQ)));
}

// --- Fixtures as the OS presents them: nothing is masked. ---

TEST(CPUTest, Zen3Fixture) {
  Words w = Compute(kZen3, kZen3XCR0, nullptr);
  EXPECT_EQ(AsWords(kZen3), w);
  EXPECT_TRUE(Has(w, 0, X86_BIT(SSE2)));
  EXPECT_TRUE(Has(w, 1, X86_BIT(SSSE3)));
  EXPECT_TRUE(Has(w, 1, X86_BIT(AVX)));
  EXPECT_TRUE(Has(w, 2, X86_BIT(AVX2)));
  EXPECT_TRUE(Has(w, 2, X86_BIT(BMI1)));
  EXPECT_TRUE(Has(w, 2, X86_BIT(BMI2)));
  EXPECT_TRUE(Has(w, 2, X86_BIT(ADX)));
  EXPECT_TRUE(Has(w, 2, X86_BIT(SHA)));
  EXPECT_TRUE(Has(w, 3, X86_BIT(VAES)));
  EXPECT_TRUE(Has(w, 3, X86_BIT(VPCLMULQDQ)));
  EXPECT_FALSE(Has(w, 2, X86_BIT(AVX512F)));
}

TEST(CPUTest, GoldmontFixture) {
  Words w = Compute(kGoldmont, kGoldmontXCR0, nullptr);
  EXPECT_EQ(AsWords(kGoldmont), w);
  EXPECT_TRUE(Has(w, 1, X86_BIT(SSSE3)));
  EXPECT_TRUE(Has(w, 2, X86_BIT(SHA)));
  ExpectNoAVXFamily(w);
  EXPECT_FALSE(Has(w, 2, X86_BIT(BMI1)));
  EXPECT_FALSE(Has(w, 2, X86_BIT(BMI2)));
  EXPECT_FALSE(Has(w, 2, X86_BIT(ADX)));
}

TEST(CPUTest, SkylakeXFixture) {
  Words w = Compute(kSkylakeX, kSkylakeXXCR0, nullptr);
  EXPECT_EQ(AsWords(kSkylakeX), w);
  EXPECT_TRUE(Has(w, 1, X86_BIT(AVX)));
  EXPECT_TRUE(Has(w, 2, X86_BIT(AVX2)));
  EXPECT_TRUE(Has(w, 2, X86_BIT(AVX512F) | X86_BIT(AVX512DQ) |
                            X86_BIT(AVX512CD) | X86_BIT(AVX512BW) |
                            X86_BIT(AVX512VL)));
  EXPECT_FALSE(Has(w, 2, X86_BIT(SHA)));
}

// --- Register state the OS does not save. ---

TEST(CPUTest, OSXSAVEClear) {
  // Without OSXSAVE there is no XGETBV, so whatever XCR0 value is passed
  // must be ignored and every AVX-family feature dropped. The rest stays.
  for (const cpuid_leaves &cpu : {kZen3, kSkylakeX}) {
    cpuid_leaves in = cpu;
    in.leaf1_ecx &= ~X86_BIT(OSXSAVE);
    Words w = Compute(in, kSkylakeXXCR0, nullptr);
    ExpectNoAVXFamily(w);
    EXPECT_EQ(in.leaf1_edx, w[0]);
    EXPECT_TRUE(Has(w, 1, X86_BIT(SSSE3) | X86_BIT(AESNI)));
    EXPECT_TRUE(Has(w, 2, X86_BIT(BMI1) | X86_BIT(BMI2) |
                              X86_BIT(ADX)));
  }
  // Goldmont has nothing to drop.
  cpuid_leaves gm = kGoldmont;
  gm.leaf1_ecx &= ~X86_BIT(OSXSAVE);
  EXPECT_EQ(AsWords(gm), Compute(gm, 0, nullptr));
}

TEST(CPUTest, XCR0WithSSEOnly) {
  for (uint64_t xcr0 : {UINT64_C(0x0), UINT64_C(0x1), UINT64_C(0x3),
                        UINT64_C(0x5), UINT64_C(0xe3), UINT64_C(0xe1)}) {
    SCOPED_TRACE(xcr0);
    Words w = Compute(kSkylakeX, xcr0, nullptr);
    ExpectNoAVXFamily(w);
    EXPECT_TRUE(Has(w, 1, X86_BIT(SSSE3)));
    EXPECT_TRUE(Has(w, 2, X86_BIT(BMI2) | X86_BIT(ADX)));
    // Only the AVX family is touched.
    EXPECT_EQ(kSkylakeX.leaf1_ecx & ~(X86_BIT(AVX) | X86_BIT(FMA) |
                                      X86_BIT(F16C)),
              w[1]);
    EXPECT_EQ(kSkylakeX.leaf7_ebx & ~(X86_BIT(AVX2) | kAVX512EBX), w[2]);
  }
  Words z = Compute(kZen3, 0x3, nullptr);
  ExpectNoAVXFamily(z);
  EXPECT_TRUE(Has(z, 2, X86_BIT(SHA)));
}

TEST(CPUTest, XCR0WithoutAVX512State) {
  // Each of opmask, ZMM_Hi256 and Hi16_ZMM missing, and all three.
  for (uint64_t missing : {XCR0_OPMASK, XCR0_ZMM_HI256, XCR0_HI16_ZMM,
                           XCR0_OPMASK | XCR0_ZMM_HI256 | XCR0_HI16_ZMM}) {
    SCOPED_TRACE(missing);
    cpuid_leaves in = kSkylakeX;
    in.leaf7_ecx |= kAVX512ECX | X86_BIT(VAES) | X86_BIT(VPCLMULQDQ);
    Words w = Compute(in, kSkylakeXXCR0 & ~missing, nullptr);
    EXPECT_EQ(0u, w[2] & kAVX512EBX);
    EXPECT_EQ(0u, w[3] & kAVX512ECX);
    // YMM state is still saved: AVX, AVX2, VAES and VPCLMULQDQ stay.
    EXPECT_TRUE(Has(w, 1, X86_BIT(AVX) | X86_BIT(FMA)));
    EXPECT_TRUE(Has(w, 2, X86_BIT(AVX2)));
    EXPECT_TRUE(Has(w, 3, X86_BIT(VAES) | X86_BIT(VPCLMULQDQ)));
  }
}

TEST(CPUTest, MaxLeaf) {
  // A leaf beyond CPUID(0).EAX returns unrelated data: it must be ignored.
  cpuid_leaves in = kZen3;
  in.max_leaf = 6;
  Words w = Compute(in, kZen3XCR0, nullptr);
  EXPECT_EQ(kZen3.leaf1_edx, w[0]);
  EXPECT_EQ(kZen3.leaf1_ecx, w[1]);
  EXPECT_EQ(0u, w[2]);
  EXPECT_EQ(0u, w[3]);

  in.max_leaf = 0;
  EXPECT_EQ((Words{0, 0, 0, 0}), Compute(in, kZen3XCR0, nullptr));
}

// --- OPENSSL_ia32cap. ---

TEST(CPUTest, EnvClearsSHA) {
  Words base = Compute(kZen3, kZen3XCR0, nullptr);
  Words w = Compute(kZen3, kZen3XCR0, ":~0x20000000");
  Words want = base;
  want[2] &= ~X86_BIT(SHA);
  EXPECT_EQ(want, w);
  // The same with an explicit all-keeping W0.
  EXPECT_EQ(want, Compute(kZen3, kZen3XCR0, "~0:~0x20000000"));
}

TEST(CPUTest, EnvClearsAVX2) {
  Words base = Compute(kZen3, kZen3XCR0, nullptr);
  Words want = base;
  want[2] &= ~X86_BIT(AVX2);
  EXPECT_EQ(want, Compute(kZen3, kZen3XCR0, ":~0x20"));
  EXPECT_EQ(want, Compute(kZen3, kZen3XCR0, "~0x0:~0X20"));
  EXPECT_EQ(want, Compute(kZen3, kZen3XCR0, ":~32"));   // decimal
  EXPECT_EQ(want, Compute(kZen3, kZen3XCR0, ":~040"));  // octal
}

TEST(CPUTest, EnvW0CoversWords0And1) {
  Words base = Compute(kZen3, kZen3XCR0, nullptr);
  // PCLMULQDQ is word 1 bit 1, so bit 33 of W0; it takes VPCLMULQDQ (word
  // 3) with it by the closure rule.
  Words want = base;
  want[1] &= ~X86_BIT(PCLMULQDQ);
  want[3] &= ~X86_BIT(VPCLMULQDQ);
  EXPECT_EQ(want, Compute(kZen3, kZen3XCR0, "~0x200000000"));
  EXPECT_EQ(want, Compute(kZen3, kZen3XCR0, "~8589934592"));
  EXPECT_EQ(want, Compute(kZen3, kZen3XCR0, "~0100000000000"));
  // HTT (word 0 bit 28) needs nothing and nothing needs it.
  want[0] &= ~X86_BIT(HTT);
  EXPECT_EQ(want, Compute(kZen3, kZen3XCR0, "~0x210000000"));
}

TEST(CPUTest, EnvPlainValueKeepsOnly) {
  // "V" keeps only the bits of V: here the SSE chain up to SSE4.1 in W0 and
  // SHA in W1 (SHA needs SSE4.1, SSE4.1 SSSE3, ... SSE FXSR).
  const uint32_t w0 = X86_BIT(FXSR) | X86_BIT(SSE) | X86_BIT(SSE2);
  const uint32_t w1 = X86_BIT(SSE3) | X86_BIT(SSSE3) | X86_BIT(SSE41);
  char env[64];
  snprintf(env, sizeof(env), "0x%llx:0x%x",
           (unsigned long long)w0 | ((unsigned long long)w1 << 32),
           X86_BIT(SHA));
  Words w = Compute(kZen3, kZen3XCR0, env);
  EXPECT_EQ((Words{w0, w1, X86_BIT(SHA), 0}), w);
  // Without SSE4.1 the SHA bit goes too.
  snprintf(env, sizeof(env), "0x%llx:0x%x",
           (unsigned long long)w0 |
               ((unsigned long long)(w1 & ~X86_BIT(SSE41)) << 32),
           X86_BIT(SHA));
  EXPECT_EQ((Words{w0, w1 & ~X86_BIT(SSE41), 0, 0}),
            Compute(kZen3, kZen3XCR0, env));
  // A W0 of zero leaves in words 2 and 3 only what needs nothing there:
  // BMI1/2, ADX, ERMS, RDSEED, ... stay; AVX2, SHA, VAES, VPCLMULQDQ go.
  Words v = Compute(kZen3, kZen3XCR0, "0");
  EXPECT_EQ((Words{0, 0,
                   kZen3.leaf7_ebx & ~(X86_BIT(AVX2) | X86_BIT(SHA)),
                   kZen3.leaf7_ecx & ~(X86_BIT(VAES) | X86_BIT(VPCLMULQDQ) |
                                       X86_BIT(GFNI))}),
            v);
  EXPECT_TRUE(Has(v, 2, X86_BIT(BMI1) | X86_BIT(BMI2) | X86_BIT(ADX)));
}

TEST(CPUTest, EnvCannotAddFeatures) {
  const Words gm = Compute(kGoldmont, kGoldmontXCR0, nullptr);
  // All-ones values keep everything and add nothing.
  for (const char *env :
       {"0xffffffffffffffff", "0xffffffffffffffff:0xffffffffffffffff",
        "18446744073709551615:18446744073709551615", "~0:~0", "~0x0"}) {
    SCOPED_TRACE(env);
    EXPECT_EQ(gm, Compute(kGoldmont, kGoldmontXCR0, env));
  }
  // Asking for exactly AVX2 on a CPU without it yields nothing, not AVX2.
  Words w = Compute(kGoldmont, kGoldmontXCR0, ":0x20");
  EXPECT_FALSE(Has(w, 2, X86_BIT(AVX2)));
  EXPECT_EQ(0u, w[2]);
  // Asking for AVX on a CPU whose OS lacks YMM state does not restore it.
  Words s = Compute(kSkylakeX, 0x3, "0xffffffffffffffff:0xffffffffffffffff");
  ExpectNoAVXFamily(s);
}

TEST(CPUTest, EnvMalformedIsIgnored) {
  const Words base = Compute(kSkylakeX, kSkylakeXXCR0, nullptr);
  std::vector<std::string> bad = {
      "",
      "~",
      "~~0x1",
      "0xZZ",
      "0x",
      "~0x",
      ":",
      ":::",
      "~0x1:~",
      "0x1:",
      "0x1:0x2:0x3",
      "~0x1::",
      " 0x1",
      "0x1 ",
      "0x1\n",
      "-1",
      "+1",
      "08",
      "0x1g",
      "1ULL",
      "0x1~",
      "0x10000000000000000",   // 2^64
      "18446744073709551616",  // 2^64
      "2000000000000000000000",
      std::string(1000, '9'),
      "0x" + std::string(100, 'f'),
      "~" + std::string(100000, '7') + ":0x1",
  };
  for (const std::string &env : bad) {
    SCOPED_TRACE(env.size() > 40 ? env.substr(0, 40) + "..." : env);
    EXPECT_EQ(base, Compute(kSkylakeX, kSkylakeXXCR0, env.c_str()));
    uint64_t masks[2] = {1, 2};
    EXPECT_EQ(0, OPENSSL_cpu_parse_mask(env.c_str(), masks, 2));
    EXPECT_EQ(UINT64_MAX, masks[0]);
    EXPECT_EQ(UINT64_MAX, masks[1]);
  }
  uint64_t mask = 0;
  EXPECT_EQ(0, OPENSSL_cpu_parse_mask(nullptr, &mask, 1));
  EXPECT_EQ(UINT64_MAX, mask);
}

TEST(CPUTest, EnvLongButValidNumbers) {
  // Leading zeros do not overflow: C reads them as an octal or hex value.
  uint64_t masks[2];
  std::string hex = "0x" + std::string(500, '0') + "1";
  ASSERT_EQ(1, OPENSSL_cpu_parse_mask(hex.c_str(), masks, 2));
  EXPECT_EQ(1u, masks[0]);
  EXPECT_EQ(UINT64_MAX, masks[1]);
  std::string oct = "~" + std::string(300, '0') + "7";
  ASSERT_EQ(1, OPENSSL_cpu_parse_mask(oct.c_str(), masks, 2));
  EXPECT_EQ(~UINT64_C(7), masks[0]);
  ASSERT_EQ(1, OPENSSL_cpu_parse_mask("0", masks, 2));
  EXPECT_EQ(0u, masks[0]);
  ASSERT_EQ(1, OPENSSL_cpu_parse_mask("0xFfFf:~18446744073709551615", masks,
                                      2));
  EXPECT_EQ(0xffffu, masks[0]);
  EXPECT_EQ(0u, masks[1]);
}

TEST(CPUTest, MaskErrorSaysWhy) {
  struct {
    const char *env;
    size_t fields;
    const char *why;  // a word the reason must contain
    size_t offset;
  } kCases[] = {
      {"", 2, "no digits", 0},
      {"~", 2, "no digits", 1},
      {"0x", 2, "no digits", 2},
      {"0x1g", 2, "not a digit", 3},
      {"~0x1:0xZZ", 2, "not a digit", 7},
      {"08", 2, "octal", 1},
      {"12a", 2, "not a decimal digit", 2},
      {"0x1:0x2:0x3", 2, "more fields", 7},
      {"0x1:", 2, "no digits", 4},
      {"0x1:0x2", 1, "one field", 3},
      {"0x1\n", 2, "not a digit", 3},
      {"0x10000000000000000", 2, "64 bits", 18},
      {nullptr, 2, "unset", 0},
  };
  for (const auto &c : kCases) {
    SCOPED_TRACE(c.env == nullptr ? "(null)" : c.env);
    uint64_t masks[2] = {1, 2};
    size_t offset = 99;
    const char *err =
        OPENSSL_cpu_mask_error(c.env, masks, c.fields, &offset);
    ASSERT_NE(nullptr, err);
    EXPECT_NE(nullptr, strstr(err, c.why)) << err;
    EXPECT_EQ(c.offset, offset);
    EXPECT_EQ(UINT64_MAX, masks[0]);
  }
  uint64_t masks[2];
  size_t offset = 99;
  EXPECT_EQ(nullptr, OPENSSL_cpu_mask_error(":~0x20", masks, 2, &offset));
  EXPECT_EQ(~UINT64_C(0x20), masks[1]);
}

// --- The closure rule: removing a feature removes what depends on it. ---

// The expected dependents of each x86 feature, written out from the
// vendors' manuals and the paths' needs rather than from cpu.c's table:
// what must be gone when the key feature is gone (transitively complete).
std::map<std::string, std::set<std::string>> X86Dependents() {
  const std::set<std::string> avx512 = {
      "avx512f",    "avx512dq",    "avx512ifma",   "avx512pf",
      "avx512er",   "avx512cd",    "avx512bw",     "avx512vl",
      "avx512vbmi", "avx512vbmi2", "avx512vnni",   "avx512bitalg",
      "avx512vpopcntdq"};
  std::set<std::string> avx_deps = {"fma", "f16c", "avx2", "vaes",
                                    "vpclmulqdq"};
  avx_deps.insert(avx512.begin(), avx512.end());
  std::set<std::string> from_avx = avx_deps;
  from_avx.insert("avx");
  std::set<std::string> from_sse42 = from_avx;
  std::set<std::string> from_sse41 = from_avx;
  from_sse41.insert({"sse4.2", "sha"});
  std::set<std::string> from_ssse3 = from_sse41;
  from_ssse3.insert("sse4.1");
  std::set<std::string> from_sse3 = from_ssse3;
  from_sse3.insert("ssse3");
  std::set<std::string> from_sse2 = from_sse3;
  from_sse2.insert({"sse3", "pclmulqdq", "aes", "gfni"});
  std::set<std::string> from_sse = from_sse2;
  from_sse.insert("sse2");
  std::set<std::string> from_fxsr = from_sse;
  from_fxsr.insert("sse");
  std::set<std::string> from_osxsave = from_avx;
  std::set<std::string> from_xsave = from_avx;
  from_xsave.insert("osxsave");
  std::set<std::string> avx512_but_f = avx512;
  avx512_but_f.erase("avx512f");

  return {
      {"fxsr", from_fxsr},
      {"sse", from_sse},
      {"sse2", from_sse2},
      {"sse3", from_sse3},
      {"ssse3", from_ssse3},
      {"sse4.1", from_sse41},
      {"sse4.2", from_sse42},
      {"xsave", from_xsave},
      {"osxsave", from_osxsave},
      {"avx", avx_deps},
      {"aes", {"vaes"}},
      {"pclmulqdq", {"vpclmulqdq"}},
      {"fma", avx512},
      {"avx2", avx512},
      {"avx512f", avx512_but_f},
      {"avx512bw", {"avx512vbmi", "avx512vbmi2", "avx512bitalg"}},
  };
}

struct NamedX86 {
  const char *name;
  int word;
  uint32_t mask;
};
#define NAMED_X86_ROW(id, name, word, bit) {name, word, 1u << (bit)},
const NamedX86 kNamedX86[] = {OPENSSL_X86_FEATURES(NAMED_X86_ROW)};
#undef NAMED_X86_ROW

std::set<std::string> X86Missing(const Words &w) {
  std::set<std::string> out;
  for (const NamedX86 &f : kNamedX86) {
    if ((w[f.word] & f.mask) == 0) {
      out.insert(f.name);
    }
  }
  return out;
}

TEST(CPUTest, ClosureEverySingleX86Feature) {
  const auto deps = X86Dependents();
  // A synthetic processor with every bit, and an OS saving every state.
  const cpuid_leaves all = {
      7, 0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff, {0, 0, 0}, 0};
  ASSERT_EQ(std::set<std::string>(), X86Missing(Compute(all, ~0ull, nullptr)));
  for (const NamedX86 &f : kNamedX86) {
    SCOPED_TRACE(f.name);
    std::set<std::string> want = {f.name};
    auto it = deps.find(f.name);
    if (it != deps.end()) {
      want.insert(it->second.begin(), it->second.end());
    }
    // The pure closure on a word with only `f` cleared...
    Words w = {0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff};
    w[f.word] &= ~f.mask;
    Words closed = w;
    OPENSSL_ia32cap_close(closed.data());
    EXPECT_EQ(want, X86Missing(closed));
    // ... bits with no name (not in features.h) are left alone ...
    for (int i = 0; i < 4; i++) {
      uint32_t named = 0;
      for (const NamedX86 &g : kNamedX86) {
        if (g.word == i) {
          named |= g.mask;
        }
      }
      EXPECT_EQ(~named, closed[i] & ~named);
    }
    // ... closing again changes nothing ...
    Words again = closed;
    OPENSSL_ia32cap_close(again.data());
    EXPECT_EQ(closed, again);
    // ... and OPENSSL_ia32cap removing `f` gives the same: the closure runs
    // after the environment mask.
    uint64_t wmask[2] = {0, 0};
    wmask[f.word / 2] = (uint64_t)f.mask << (32 * (f.word % 2));
    char env[64];
    snprintf(env, sizeof(env), "~0x%llx:~0x%llx",
             (unsigned long long)wmask[0], (unsigned long long)wmask[1]);
    EXPECT_EQ(want, X86Missing(Compute(all, ~0ull, env)));
  }
}

TEST(CPUTest, ClosureOfRealCPUs) {
  // The case: AVX removed on a Zen 3 and a Skylake-X leaves no AVX2
  // or AVX-512 bit; AVX2 removed leaves no AVX-512 bit.
  for (const auto &cpu : {std::make_pair(kZen3, kZen3XCR0),
                          std::make_pair(kSkylakeX, kSkylakeXXCR0)}) {
    Words w = Compute(cpu.first, cpu.second, "~0x1000000000000000");
    ExpectNoAVXFamily(w);
    EXPECT_TRUE(Has(w, 2, X86_BIT(BMI1) | X86_BIT(BMI2) | X86_BIT(ADX)));
    Words v = Compute(cpu.first, cpu.second, ":~0x20");
    EXPECT_EQ(0u, v[2] & kAVX512EBX);
    EXPECT_EQ(0u, v[3] & kAVX512ECX);
    EXPECT_TRUE(Has(v, 1, X86_BIT(AVX) | X86_BIT(FMA)));
  }
}

TEST(CPUTest, ClosureEverySingleArmFeature) {
  struct {
    uint32_t removed, gone;
  } kCases[] = {
      {ARMV7_NEON, ARMV7_NEON | ARMV8_AES | ARMV8_PMULL | ARMV8_SHA1 |
                       ARMV8_SHA256 | ARMV8_SHA512},
      {ARMV8_AES, ARMV8_AES},
      {ARMV8_PMULL, ARMV8_PMULL},
      {ARMV8_SHA1, ARMV8_SHA1},
      {ARMV8_SHA256, ARMV8_SHA256 | ARMV8_SHA512},
      {ARMV8_SHA512, ARMV8_SHA512},
  };
  // Every ARMV* bit of features.h is a case here.
  uint32_t listed = 0;
  for (const auto &c : kCases) {
    listed |= c.removed;
  }
#define ARM_ALL(id, name, mask) | (mask)
  EXPECT_EQ(0u OPENSSL_ARM_FEATURES(ARM_ALL), listed);
#undef ARM_ALL
  for (const auto &c : kCases) {
    SCOPED_TRACE(c.removed);
    EXPECT_EQ(0xffffffffu & ~c.gone, OPENSSL_armcap_close(~c.removed));
    char env[32];
    snprintf(env, sizeof(env), "~0x%x", c.removed);
    EXPECT_EQ(listed & ~c.gone, OPENSSL_armcap_compute(~0ull, env));
  }
}

// --- AArch64: AT_HWCAP + OPENSSL_armcap. ---

TEST(CPUTest, ArmcapFromLinuxHwcap) {
  EXPECT_EQ(0u, OPENSSL_armcap_from_linux_hwcap(0));
  EXPECT_EQ(ARMV7_NEON,
            OPENSSL_armcap_from_linux_hwcap(LINUX_AARCH64_HWCAP_ASIMD));
  EXPECT_EQ(ARMV8_AES,
            OPENSSL_armcap_from_linux_hwcap(LINUX_AARCH64_HWCAP_AES));
  EXPECT_EQ(ARMV8_PMULL,
            OPENSSL_armcap_from_linux_hwcap(LINUX_AARCH64_HWCAP_PMULL));
  EXPECT_EQ(ARMV8_SHA1,
            OPENSSL_armcap_from_linux_hwcap(LINUX_AARCH64_HWCAP_SHA1));
  EXPECT_EQ(ARMV8_SHA256,
            OPENSSL_armcap_from_linux_hwcap(LINUX_AARCH64_HWCAP_SHA2));
  EXPECT_EQ(ARMV8_SHA512,
            OPENSSL_armcap_from_linux_hwcap(LINUX_AARCH64_HWCAP_SHA512));
  // Cortex-A53 without the crypto extension: fp, asimd, evtstrm, crc32,
  // cpuid (bits 0, 1, 2, 7, 11).
  EXPECT_EQ(ARMV7_NEON, OPENSSL_armcap_from_linux_hwcap(0x887));
  // Cortex-A72 with crypto: fp asimd evtstrm aes pmull sha1 sha2 crc32
  // cpuid (bits 0-7, 11).
  const uint32_t kA72 = ARMV7_NEON | ARMV8_AES | ARMV8_PMULL | ARMV8_SHA1 |
                        ARMV8_SHA256;
  EXPECT_EQ(kA72, OPENSSL_armcap_from_linux_hwcap(0x8ff));
  // Neoverse V1 adds sha3 (17) and sha512 (21) among many others.
  EXPECT_EQ(kA72 | ARMV8_SHA512,
            OPENSSL_armcap_from_linux_hwcap(0x8ff | (1u << 17) | (1u << 21) |
                                            0xffc0000000ull));
}

TEST(CPUTest, ArmcapEnv) {
  const uint64_t kV1 = 0x8ff | (1u << 21);
  const uint32_t all = ARMV7_NEON | ARMV8_AES | ARMV8_PMULL | ARMV8_SHA1 |
                       ARMV8_SHA256 | ARMV8_SHA512;
  EXPECT_EQ(all, OPENSSL_armcap_compute(kV1, nullptr));
  EXPECT_EQ(all & ~ARMV8_SHA512, OPENSSL_armcap_compute(kV1, "~0x40"));
  EXPECT_EQ(all & ~ARMV8_SHA512, OPENSSL_armcap_compute(kV1, "~64"));
  EXPECT_EQ(ARMV7_NEON, OPENSSL_armcap_compute(kV1, "0x1"));
  EXPECT_EQ(0u, OPENSSL_armcap_compute(kV1, "0"));
  // A mask cannot add SHA-512 to a core without it.
  EXPECT_EQ(all & ~ARMV8_SHA512, OPENSSL_armcap_compute(0x8ff, "0xffffffff"));
  EXPECT_EQ(ARMV7_NEON, OPENSSL_armcap_compute(0x887, "0x7f"));
  // Malformed strings, including a second field (armcap has one word).
  for (const char *env : {"", "~", "0xZZ", ":::", "~0x1:~", "0x1:0x2", ":0x1",
                          "~0x40 ", "0x100000000000000000"}) {
    SCOPED_TRACE(env);
    EXPECT_EQ(all, OPENSSL_armcap_compute(kV1, env));
  }
  // apply_env is the same mask for words from Apple or Windows, closed:
  // SHA256 without NEON is no SHA256.
  EXPECT_EQ(ARMV7_NEON | ARMV8_SHA256, OPENSSL_armcap_apply_env(all, "0x11"));
  EXPECT_EQ(0u, OPENSSL_armcap_apply_env(all, "0x10"));
}

// --- The AMD family (rows whose best choice depends on it). ---

TEST(CPUTest, AMDFamily) {
  // Vendor strings as CPUID(0) returns them in EBX, EDX, ECX.
  const uint32_t kAMD[3] = {0x68747541, 0x69746e65,
                            0x444d4163};  // AuthenticAMD
  const uint32_t kIntel[3] = {0x756e6547, 0x49656e69,
                              0x6c65746e};  // GenuineIntel
  struct {
    const uint32_t *vendor;
    uint32_t max_leaf, leaf1_eax, want;
  } kCases[] = {
      // Zen 4 (EPYC 9004, family 0x19 model 0x11): base family 0xf plus
      // extended family 0x0a.
      {kAMD, 0x10, 0x00a10f11, 0x19},
      // Zen 3 (family 0x19 model 0x01) and Zen 5 (family 0x1a model 0x02).
      {kAMD, 0x10, 0x00a00f11, 0x19},
      {kAMD, 0x10, 0x00b00f21, 0x1a},
      // A base family below 0xf ignores the extended family field.
      {kAMD, 0x10, 0x00a00611, 0x06},
      // Not AMD, or no leaf 1: 0.
      {kIntel, 0x16, 0x00050654, 0},
      {kAMD, 0, 0x00a10f11, 0},
  };
  for (const auto &c : kCases) {
    cpuid_leaves in = kZen3;
    in.max_leaf = c.max_leaf;
    in.vendor[0] = c.vendor[0];
    in.vendor[1] = c.vendor[1];
    in.vendor[2] = c.vendor[2];
    in.leaf1_eax = c.leaf1_eax;
    EXPECT_EQ(c.want, OPENSSL_x86_amd_family_compute(&in))
        << std::hex << c.leaf1_eax;
  }
#if OPENSSL_CPU_DETECTS_X86
  cpuid_leaves live;
  uint64_t xcr0;
  OPENSSL_cpu_read_x86(&live, &xcr0);
  EXPECT_EQ(OPENSSL_x86_amd_family_compute(&live), CRYPTO_x86_amd_family());
#else
  EXPECT_EQ(0u, CRYPTO_x86_amd_family());
#endif
}

// --- The word this process uses. ---

TEST(CPUTest, LiveWordMatchesPureFunctions) {
  const uint32_t *cap = OPENSSL_ia32cap_get();
  ASSERT_NE(nullptr, cap);
  EXPECT_EQ(cap, OPENSSL_ia32cap_get());  // static storage
#if OPENSSL_CPU_DETECTS_X86
  cpuid_leaves leaves;
  uint64_t xcr0;
  OPENSSL_cpu_read_x86(&leaves, &xcr0);
  Words want = Compute(leaves, xcr0, getenv("OPENSSL_ia32cap"));
  if (sha_ni_emu_active()) {
    // crypto_test --emulate-sha-ni set the SHA bit after detection, for a
    // CPU (qemu-i386) that lacks it; see crypto/test/sha_ni_emu.h.
    want[2] |= X86_BIT(SHA);
  }
  EXPECT_EQ(want, (Words{cap[0], cap[1], cap[2], cap[3]}));
  EXPECT_EQ(0u, OPENSSL_get_armcap());
#elif OPENSSL_CPU_DETECTS_AARCH64
  EXPECT_EQ(OPENSSL_armcap_apply_env(OPENSSL_cpu_read_armcap(),
                                     getenv("OPENSSL_armcap")),
            OPENSSL_get_armcap());
  EXPECT_EQ((Words{0, 0, 0, 0}), (Words{cap[0], cap[1], cap[2], cap[3]}));
#else
  // No detection (other processor or OPENSSL_NO_ASM): no features.
  EXPECT_EQ((Words{0, 0, 0, 0}), (Words{cap[0], cap[1], cap[2], cap[3]}));
  EXPECT_EQ(0u, OPENSSL_get_armcap());
#endif
}

TEST(CPUTest, PredicatesMatchWord) {
  const uint32_t *cap = OPENSSL_ia32cap_get();
  const uint32_t arm = OPENSSL_get_armcap();
  auto x86 = [&](int word, uint32_t bit) {
    return OPENSSL_CPU_DETECTS_X86 && (cap[word] & bit) != 0;
  };
  auto a64 = [&](uint32_t bit) {
    return OPENSSL_CPU_DETECTS_AARCH64 && (arm & bit) != 0;
  };
  EXPECT_EQ(x86(0, X86_BIT(SSE2)), !!CRYPTO_is_SSE2_capable());
  EXPECT_EQ(x86(1, X86_BIT(SSSE3)), !!CRYPTO_is_SSSE3_capable());
  EXPECT_EQ(x86(1, X86_BIT(AVX)), !!CRYPTO_is_AVX_capable());
  EXPECT_EQ(x86(2, X86_BIT(AVX2)), !!CRYPTO_is_AVX2_capable());
  EXPECT_EQ(x86(2, X86_BIT(BMI1)), !!CRYPTO_is_BMI1_capable());
  EXPECT_EQ(x86(2, X86_BIT(BMI2)), !!CRYPTO_is_BMI2_capable());
  EXPECT_EQ(x86(2, X86_BIT(ADX)), !!CRYPTO_is_ADX_capable());
  EXPECT_EQ(x86(2, X86_BIT(SHA)), !!CRYPTO_is_x86_SHA_capable());
  EXPECT_EQ(x86(2, X86_BIT(AVX512F)), !!CRYPTO_is_AVX512F_capable());
  EXPECT_EQ(a64(ARMV7_NEON), !!CRYPTO_is_NEON_capable());
  EXPECT_EQ(a64(ARMV8_AES), !!CRYPTO_is_ARMv8_AES_capable());
  EXPECT_EQ(a64(ARMV8_PMULL), !!CRYPTO_is_ARMv8_PMULL_capable());
  EXPECT_EQ(a64(ARMV8_SHA1), !!CRYPTO_is_ARMv8_SHA1_capable());
  EXPECT_EQ(a64(ARMV8_SHA256), !!CRYPTO_is_ARMv8_SHA256_capable());
  EXPECT_EQ(a64(ARMV8_SHA512), !!CRYPTO_is_ARMv8_SHA512_capable());
}

#if OPENSSL_CPU_DETECTS_X86 && (defined(__GNUC__) || defined(__clang__))
// The compiler runtime does its own CPUID + XCR0 detection; with no mask in
// the environment, both must agree.
TEST(CPUTest, LiveAgreesWithCompilerRuntime) {
  if (getenv("OPENSSL_ia32cap") != nullptr) {
    GTEST_SKIP() << "OPENSSL_ia32cap is set";
  }
  __builtin_cpu_init();
  EXPECT_EQ(!!__builtin_cpu_supports("sse2"), !!CRYPTO_is_SSE2_capable());
  EXPECT_EQ(!!__builtin_cpu_supports("ssse3"), !!CRYPTO_is_SSSE3_capable());
  EXPECT_EQ(!!__builtin_cpu_supports("avx"), !!CRYPTO_is_AVX_capable());
  EXPECT_EQ(!!__builtin_cpu_supports("avx2"), !!CRYPTO_is_AVX2_capable());
  EXPECT_EQ(!!__builtin_cpu_supports("bmi"), !!CRYPTO_is_BMI1_capable());
  EXPECT_EQ(!!__builtin_cpu_supports("bmi2"), !!CRYPTO_is_BMI2_capable());
  EXPECT_EQ(!!__builtin_cpu_supports("avx512f"),
            !!CRYPTO_is_AVX512F_capable());
#if defined(OPENSSL_X86_64)
  EXPECT_TRUE(CRYPTO_is_SSE2_capable());  // part of x86-64
#endif
}
#endif

TEST(CPUTest, ConcurrentUse) {
  // Whichever thread comes first runs detection; all must see the same,
  // complete word.
  std::vector<std::thread> threads;
  std::vector<Words> seen(8);
  std::vector<uint32_t> arm(8);
  for (size_t i = 0; i < seen.size(); i++) {
    threads.emplace_back([i, &seen, &arm] {
      const uint32_t *cap = OPENSSL_ia32cap_get();
      seen[i] = Words{cap[0], cap[1], cap[2], cap[3]};
      arm[i] = OPENSSL_get_armcap();
    });
  }
  for (auto &t : threads) {
    t.join();
  }
  const uint32_t *cap = OPENSSL_ia32cap_get();
  for (size_t i = 0; i < seen.size(); i++) {
    EXPECT_EQ((Words{cap[0], cap[1], cap[2], cap[3]}), seen[i]);
    EXPECT_EQ(OPENSSL_get_armcap(), arm[i]);
  }
}

}  // namespace
