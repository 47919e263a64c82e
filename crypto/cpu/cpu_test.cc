// Copyright 2026 The project authors.
//
// Tests of the CPU-capability word. Most run the pure functions of
// crypto/cpu/cpu.c on synthetic processors, so they run (and mean the same)
// on every architecture; the "Live" tests check that the word this process
// actually uses agrees with those functions applied to this machine.

#include <openssl/cpu.h>

#include <stdint.h>
#include <stdlib.h>

#include <array>
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
    /*leaf7_ebx=*/0x219c97a9, /*leaf7_ecx=*/0x0040069c};
constexpr uint64_t kZen3XCR0 = 0x207;

// Intel Goldmont (Atom C3000, Pentium J4205): SSSE3 and the SHA extensions
// but no AVX at all. XCR0 = x87|SSE|MPX.
constexpr cpuid_leaves kGoldmont = {
    /*max_leaf=*/0x15, /*leaf1_edx=*/0xbfebfbff, /*leaf1_ecx=*/0x4ff8ebbf,
    /*leaf7_ebx=*/0x22944281, /*leaf7_ecx=*/0};
constexpr uint64_t kGoldmontXCR0 = 0x1b;

// Intel Skylake-X (Core i9-7900X): AVX2 and AVX-512 F/DQ/CD/BW/VL, no SHA.
// XCR0 = x87|SSE|AVX|MPX|opmask|ZMM_Hi256|Hi16_ZMM|PKRU.
constexpr cpuid_leaves kSkylakeX = {
    /*max_leaf=*/0x16, /*leaf1_edx=*/0xbfebfbff, /*leaf1_ecx=*/0x7ffefbff,
    /*leaf7_ebx=*/0xd39ffffb, /*leaf7_ecx=*/0x00000018};
constexpr uint64_t kSkylakeXXCR0 = 0x2ff;

bool Has(const Words &w, int word, uint32_t bit) {
  return (w[word] & bit) == bit;
}

const uint32_t kAVX512EBX = CPUID7_EBX_AVX512F | CPUID7_EBX_AVX512DQ |
                            CPUID7_EBX_AVX512IFMA | CPUID7_EBX_AVX512PF |
                            CPUID7_EBX_AVX512ER | CPUID7_EBX_AVX512CD |
                            CPUID7_EBX_AVX512BW | CPUID7_EBX_AVX512VL;
const uint32_t kAVX512ECX =
    CPUID7_ECX_AVX512VBMI | CPUID7_ECX_AVX512VBMI2 | CPUID7_ECX_AVX512VNNI |
    CPUID7_ECX_AVX512BITALG | CPUID7_ECX_AVX512VPOPCNTDQ;

// ExpectNoAVXFamily checks every YMM/ZMM-using feature is off in `w`.
void ExpectNoAVXFamily(const Words &w) {
  EXPECT_FALSE(Has(w, 1, CPUID1_ECX_AVX));
  EXPECT_FALSE(Has(w, 1, CPUID1_ECX_FMA));
  EXPECT_FALSE(Has(w, 1, CPUID1_ECX_F16C));
  EXPECT_FALSE(Has(w, 2, CPUID7_EBX_AVX2));
  EXPECT_EQ(0u, w[2] & kAVX512EBX);
  EXPECT_EQ(0u, w[3] & kAVX512ECX);
  EXPECT_FALSE(Has(w, 3, CPUID7_ECX_VAES));
  EXPECT_FALSE(Has(w, 3, CPUID7_ECX_VPCLMULQDQ));
}

// --- Fixtures as the OS presents them: nothing is masked. ---

TEST(CPUTest, Zen3Fixture) {
  Words w = Compute(kZen3, kZen3XCR0, nullptr);
  EXPECT_EQ(AsWords(kZen3), w);
  EXPECT_TRUE(Has(w, 0, CPUID1_EDX_SSE2));
  EXPECT_TRUE(Has(w, 1, CPUID1_ECX_SSSE3));
  EXPECT_TRUE(Has(w, 1, CPUID1_ECX_AVX));
  EXPECT_TRUE(Has(w, 2, CPUID7_EBX_AVX2));
  EXPECT_TRUE(Has(w, 2, CPUID7_EBX_BMI1));
  EXPECT_TRUE(Has(w, 2, CPUID7_EBX_BMI2));
  EXPECT_TRUE(Has(w, 2, CPUID7_EBX_ADX));
  EXPECT_TRUE(Has(w, 2, CPUID7_EBX_SHA));
  EXPECT_TRUE(Has(w, 3, CPUID7_ECX_VAES));
  EXPECT_TRUE(Has(w, 3, CPUID7_ECX_VPCLMULQDQ));
  EXPECT_FALSE(Has(w, 2, CPUID7_EBX_AVX512F));
}

TEST(CPUTest, GoldmontFixture) {
  Words w = Compute(kGoldmont, kGoldmontXCR0, nullptr);
  EXPECT_EQ(AsWords(kGoldmont), w);
  EXPECT_TRUE(Has(w, 1, CPUID1_ECX_SSSE3));
  EXPECT_TRUE(Has(w, 2, CPUID7_EBX_SHA));
  ExpectNoAVXFamily(w);
  EXPECT_FALSE(Has(w, 2, CPUID7_EBX_BMI1));
  EXPECT_FALSE(Has(w, 2, CPUID7_EBX_BMI2));
  EXPECT_FALSE(Has(w, 2, CPUID7_EBX_ADX));
}

TEST(CPUTest, SkylakeXFixture) {
  Words w = Compute(kSkylakeX, kSkylakeXXCR0, nullptr);
  EXPECT_EQ(AsWords(kSkylakeX), w);
  EXPECT_TRUE(Has(w, 1, CPUID1_ECX_AVX));
  EXPECT_TRUE(Has(w, 2, CPUID7_EBX_AVX2));
  EXPECT_TRUE(Has(w, 2, CPUID7_EBX_AVX512F | CPUID7_EBX_AVX512DQ |
                            CPUID7_EBX_AVX512CD | CPUID7_EBX_AVX512BW |
                            CPUID7_EBX_AVX512VL));
  EXPECT_FALSE(Has(w, 2, CPUID7_EBX_SHA));
}

// --- Register state the OS does not save. ---

TEST(CPUTest, OSXSAVEClear) {
  // Without OSXSAVE there is no XGETBV, so whatever XCR0 value is passed
  // must be ignored and every AVX-family feature dropped. The rest stays.
  for (const cpuid_leaves &cpu : {kZen3, kSkylakeX}) {
    cpuid_leaves in = cpu;
    in.leaf1_ecx &= ~CPUID1_ECX_OSXSAVE;
    Words w = Compute(in, kSkylakeXXCR0, nullptr);
    ExpectNoAVXFamily(w);
    EXPECT_EQ(in.leaf1_edx, w[0]);
    EXPECT_TRUE(Has(w, 1, CPUID1_ECX_SSSE3 | CPUID1_ECX_AESNI));
    EXPECT_TRUE(Has(w, 2, CPUID7_EBX_BMI1 | CPUID7_EBX_BMI2 |
                              CPUID7_EBX_ADX));
  }
  // Goldmont has nothing to drop.
  cpuid_leaves gm = kGoldmont;
  gm.leaf1_ecx &= ~CPUID1_ECX_OSXSAVE;
  EXPECT_EQ(AsWords(gm), Compute(gm, 0, nullptr));
}

TEST(CPUTest, XCR0WithSSEOnly) {
  for (uint64_t xcr0 : {UINT64_C(0x0), UINT64_C(0x1), UINT64_C(0x3),
                        UINT64_C(0x5), UINT64_C(0xe3), UINT64_C(0xe1)}) {
    SCOPED_TRACE(xcr0);
    Words w = Compute(kSkylakeX, xcr0, nullptr);
    ExpectNoAVXFamily(w);
    EXPECT_TRUE(Has(w, 1, CPUID1_ECX_SSSE3));
    EXPECT_TRUE(Has(w, 2, CPUID7_EBX_BMI2 | CPUID7_EBX_ADX));
    // Only the AVX family is touched.
    EXPECT_EQ(kSkylakeX.leaf1_ecx & ~(CPUID1_ECX_AVX | CPUID1_ECX_FMA |
                                      CPUID1_ECX_F16C),
              w[1]);
    EXPECT_EQ(kSkylakeX.leaf7_ebx & ~(CPUID7_EBX_AVX2 | kAVX512EBX), w[2]);
  }
  Words z = Compute(kZen3, 0x3, nullptr);
  ExpectNoAVXFamily(z);
  EXPECT_TRUE(Has(z, 2, CPUID7_EBX_SHA));
}

TEST(CPUTest, XCR0WithoutAVX512State) {
  // Each of opmask, ZMM_Hi256 and Hi16_ZMM missing, and all three.
  for (uint64_t missing : {XCR0_OPMASK, XCR0_ZMM_HI256, XCR0_HI16_ZMM,
                           XCR0_OPMASK | XCR0_ZMM_HI256 | XCR0_HI16_ZMM}) {
    SCOPED_TRACE(missing);
    cpuid_leaves in = kSkylakeX;
    in.leaf7_ecx |= kAVX512ECX | CPUID7_ECX_VAES | CPUID7_ECX_VPCLMULQDQ;
    Words w = Compute(in, kSkylakeXXCR0 & ~missing, nullptr);
    EXPECT_EQ(0u, w[2] & kAVX512EBX);
    EXPECT_EQ(0u, w[3] & kAVX512ECX);
    // YMM state is still saved: AVX, AVX2, VAES and VPCLMULQDQ stay.
    EXPECT_TRUE(Has(w, 1, CPUID1_ECX_AVX | CPUID1_ECX_FMA));
    EXPECT_TRUE(Has(w, 2, CPUID7_EBX_AVX2));
    EXPECT_TRUE(Has(w, 3, CPUID7_ECX_VAES | CPUID7_ECX_VPCLMULQDQ));
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
  want[2] &= ~CPUID7_EBX_SHA;
  EXPECT_EQ(want, w);
  // The same with an explicit all-keeping W0.
  EXPECT_EQ(want, Compute(kZen3, kZen3XCR0, "~0:~0x20000000"));
}

TEST(CPUTest, EnvClearsAVX2) {
  Words base = Compute(kZen3, kZen3XCR0, nullptr);
  Words want = base;
  want[2] &= ~CPUID7_EBX_AVX2;
  EXPECT_EQ(want, Compute(kZen3, kZen3XCR0, ":~0x20"));
  EXPECT_EQ(want, Compute(kZen3, kZen3XCR0, "~0x0:~0X20"));
  EXPECT_EQ(want, Compute(kZen3, kZen3XCR0, ":~32"));   // decimal
  EXPECT_EQ(want, Compute(kZen3, kZen3XCR0, ":~040"));  // octal
}

TEST(CPUTest, EnvW0CoversWords0And1) {
  Words base = Compute(kZen3, kZen3XCR0, nullptr);
  // SSSE3 is word 1 bit 9, so bit 41 of W0; SSE2 is word 0 bit 26.
  Words want = base;
  want[1] &= ~CPUID1_ECX_SSSE3;
  EXPECT_EQ(want, Compute(kZen3, kZen3XCR0, "~0x20000000000"));
  EXPECT_EQ(want, Compute(kZen3, kZen3XCR0, "~2199023255552"));
  EXPECT_EQ(want, Compute(kZen3, kZen3XCR0, "~040000000000000"));
  want[0] &= ~CPUID1_EDX_SSE2;
  EXPECT_EQ(want, Compute(kZen3, kZen3XCR0, "~0x20004000000"));
}

TEST(CPUTest, EnvPlainValueKeepsOnly) {
  // "V" keeps only the bits of V: here SSE2 and SSSE3 in W0 and SHA in W1.
  Words w = Compute(kZen3, kZen3XCR0, "0x20004000000:0x20000000");
  EXPECT_EQ((Words{CPUID1_EDX_SSE2, CPUID1_ECX_SSSE3, CPUID7_EBX_SHA, 0}), w);
  // A W0 alone leaves words 2 and 3 as detected.
  Words v = Compute(kZen3, kZen3XCR0, "0");
  EXPECT_EQ((Words{0, 0, kZen3.leaf7_ebx, kZen3.leaf7_ecx}), v);
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
  EXPECT_FALSE(Has(w, 2, CPUID7_EBX_AVX2));
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
  // apply_env is the same mask for words from Apple or Windows.
  EXPECT_EQ(ARMV8_SHA256, OPENSSL_armcap_apply_env(all, "0x10"));
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
    want[2] |= CPUID7_EBX_SHA;
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
  EXPECT_EQ(x86(0, CPUID1_EDX_SSE2), !!CRYPTO_is_SSE2_capable());
  EXPECT_EQ(x86(1, CPUID1_ECX_SSSE3), !!CRYPTO_is_SSSE3_capable());
  EXPECT_EQ(x86(1, CPUID1_ECX_AVX), !!CRYPTO_is_AVX_capable());
  EXPECT_EQ(x86(2, CPUID7_EBX_AVX2), !!CRYPTO_is_AVX2_capable());
  EXPECT_EQ(x86(2, CPUID7_EBX_BMI1), !!CRYPTO_is_BMI1_capable());
  EXPECT_EQ(x86(2, CPUID7_EBX_BMI2), !!CRYPTO_is_BMI2_capable());
  EXPECT_EQ(x86(2, CPUID7_EBX_ADX), !!CRYPTO_is_ADX_capable());
  EXPECT_EQ(x86(2, CPUID7_EBX_SHA), !!CRYPTO_is_x86_SHA_capable());
  EXPECT_EQ(x86(2, CPUID7_EBX_AVX512F), !!CRYPTO_is_AVX512F_capable());
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
