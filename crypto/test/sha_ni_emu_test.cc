// Copyright 2026 The project authors.
//
// sha_ni_emu_test.cc: tests of the SHA-extension emulator (sha_ni_emu.h).
//
//  - Known answers (every target): SHA-1 and SHA-256 of FIPS 180-4's one-
//    and two-block examples, computed with the models alone in the block
//    structure SHA-NI code uses (ABCD + E, or ABEF + CDGH; message schedule
//    by MSG1/MSG2). No hardware and no other implementation is involved,
//    so this checks the models where nothing can run the instructions.
//  - Models against the instructions (x86, when the capability word has the
//    SHA bit): random operands through the compiler intrinsics. On a CPU
//    with the SHA extensions this validates the models. On i686 under
//    `crypto_test --emulate-sha-ni` every instruction traps, so it checks
//    the handler's decoding and register plumbing instead (the model is on
//    both sides there).
//  - Encodings (i686 with emulation on): inline assembly with memory source
//    operands in each addressing form, %esp as base, registers the compiler
//    would not pick, and a code page with an absolute disp32 operand; the
//    emulated-instruction count must grow by exactly one per instruction.
//    Death tests: what the handler must refuse (an unrelated illegal
//    instruction, a prefix, a misaligned operand) aborts with a message.

#include "sha_ni_emu.h"

#include <openssl/base.h>

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "../cpu/internal.h"
#include "test_util.h"

#if (defined(OPENSSL_X86) || defined(OPENSSL_X86_64)) && \
    (defined(__GNUC__) || defined(__clang__))
#define SHA_NI_EMU_TEST_HW 1
#include <immintrin.h>
#else
#define SHA_NI_EMU_TEST_HW 0
#endif

// The encoding tests need the handler (see sha_ni_emu.c) and GNU inline
// assembly.
#if defined(OPENSSL_X86) && defined(__linux__) && \
    !defined(OPENSSL_NO_ASM) && (defined(__GNUC__) || defined(__clang__))
#define SHA_NI_EMU_TEST_ASM 1
#include <sys/mman.h>
#include <sys/resource.h>
#include <unistd.h>
#else
#define SHA_NI_EMU_TEST_ASM 0
#endif

namespace {

// Hex prints `v` most significant dword first, as in the SDM's diagrams.
std::string Hex(const sha_ni_vec &v) {
  char buf[40];
  snprintf(buf, sizeof(buf), "%08x %08x %08x %08x", v.d[3], v.d[2], v.d[1],
           v.d[0]);
  return buf;
}

sha_ni_vec RandomVec(TestRNG *rng) {
  sha_ni_vec v;
  for (uint32_t &w : v.d) {
    w = static_cast<uint32_t>(rng->Next());
  }
  return v;
}


// --- Known answers from the models alone. ---

uint32_t LoadBE32(const uint8_t *p) {
  return (uint32_t{p[0]} << 24) | (uint32_t{p[1]} << 16) |
         (uint32_t{p[2]} << 8) | uint32_t{p[3]};
}

// Pad appends FIPS 180-4's padding (5.1.1) for a 64-byte block size.
std::vector<uint8_t> Pad(const std::string &msg) {
  std::vector<uint8_t> out(msg.begin(), msg.end());
  uint64_t bits = uint64_t{msg.size()} * 8;
  out.push_back(0x80);
  while (out.size() % 64 != 56) {
    out.push_back(0);
  }
  for (int i = 7; i >= 0; i--) {
    out.push_back(static_cast<uint8_t>(bits >> (8 * i)));
  }
  return out;
}

std::string HexWords(const uint32_t *h, size_t n) {
  std::string out;
  for (size_t i = 0; i < n; i++) {
    char buf[9];
    snprintf(buf, sizeof(buf), "%08x", h[i]);
    out += buf;
  }
  return out;
}

// ModelSHA1Block is one SHA-1 compression in SHA-NI form: {A, B, C, D} in
// one vector (A in d[3]), E carried as "W + E" into each SHA1RNDS4, and
// W(4g)..W(4g+3) in m[g] with W(4g) in d[3].
void ModelSHA1Block(uint32_t h[5], const uint8_t block[64]) {
  sha_ni_vec m[20];
  for (int g = 0; g < 4; g++) {
    for (int j = 0; j < 4; j++) {
      m[g].d[3 - j] = LoadBE32(block + 16 * g + 4 * j);
    }
  }
  // W(t) = (W(t-3) ^ W(t-8) ^ W(t-14) ^ W(t-16)) rol 1, four at a time.
  for (int g = 4; g < 20; g++) {
    m[g] = m[g - 4];
    sha_ni_model_sha1msg1(&m[g], &m[g - 3]);
    for (int j = 0; j < 4; j++) {
      m[g].d[j] ^= m[g - 2].d[j];
    }
    sha_ni_model_sha1msg2(&m[g], &m[g - 1]);
  }

  sha_ni_vec abcd = {{h[3], h[2], h[1], h[0]}};
  sha_ni_vec prev = abcd;
  for (int g = 0; g < 20; g++) {
    sha_ni_vec wk = m[g];
    if (g == 0) {
      wk.d[3] += h[4];
    } else {
      // E of this group is A of the previous group's start, rol 30.
      wk = prev;
      sha_ni_model_sha1nexte(&wk, &m[g]);
    }
    prev = abcd;
    sha_ni_model_sha1rnds4(&abcd, &wk, g / 5);
  }
  sha_ni_vec e = prev;
  const sha_ni_vec zero = {{0, 0, 0, 0}};
  sha_ni_model_sha1nexte(&e, &zero);
  h[0] += abcd.d[3];
  h[1] += abcd.d[2];
  h[2] += abcd.d[1];
  h[3] += abcd.d[0];
  h[4] += e.d[3];
}

const uint32_t kSHA256K[64] = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1,
    0x923f82a4, 0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3,
    0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
    0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147,
    0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
    0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b,
    0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
    0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208,
    0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2};

// ModelSHA256Block is one SHA-256 compression in SHA-NI form: the state as
// {A, B, E, F} and {C, D, G, H} (first letter in d[3]), two SHA256RNDS2 per
// four rounds, and W(4g)..W(4g+3) in m[g] with W(4g) in d[0].
void ModelSHA256Block(uint32_t h[8], const uint8_t block[64]) {
  sha_ni_vec m[16];
  for (int g = 0; g < 4; g++) {
    for (int j = 0; j < 4; j++) {
      m[g].d[j] = LoadBE32(block + 16 * g + 4 * j);
    }
  }
  // W(t) = sigma1(W(t-2)) + W(t-7) + sigma0(W(t-15)) + W(t-16): MSG1 gives
  // W(t-16) + sigma0(W(t-15)); W(t-7) is the four dwords straddling m[g-2]
  // and m[g-1] (what PALIGNR by 4 bytes gives); MSG2 adds sigma1(W(t-2)).
  for (int g = 4; g < 16; g++) {
    sha_ni_vec x = m[g - 4];
    sha_ni_model_sha256msg1(&x, &m[g - 3]);
    const uint32_t w7[4] = {m[g - 2].d[1], m[g - 2].d[2], m[g - 2].d[3],
                            m[g - 1].d[0]};
    for (int j = 0; j < 4; j++) {
      x.d[j] += w7[j];
    }
    sha_ni_model_sha256msg2(&x, &m[g - 1]);
    m[g] = x;
  }

  sha_ni_vec abef = {{h[5], h[4], h[1], h[0]}};
  sha_ni_vec cdgh = {{h[7], h[6], h[3], h[2]}};
  for (int g = 0; g < 16; g++) {
    sha_ni_vec wk;
    for (int j = 0; j < 4; j++) {
      wk.d[j] = m[g].d[j] + kSHA256K[4 * g + j];
    }
    // After two rounds the old {A, B, E, F} is the new {C, D, G, H}, so the
    // two vectors swap roles and are back in place after four.
    sha_ni_model_sha256rnds2(&cdgh, &abef, &wk);
    const sha_ni_vec wk_hi = {{wk.d[2], wk.d[3], 0, 0}};
    sha_ni_model_sha256rnds2(&abef, &cdgh, &wk_hi);
  }
  h[0] += abef.d[3];
  h[1] += abef.d[2];
  h[2] += cdgh.d[3];
  h[3] += cdgh.d[2];
  h[4] += abef.d[1];
  h[5] += abef.d[0];
  h[6] += cdgh.d[1];
  h[7] += cdgh.d[0];
}

std::string ModelSHA1(const std::string &msg) {
  uint32_t h[5] = {0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476,
                   0xc3d2e1f0};
  std::vector<uint8_t> padded = Pad(msg);
  for (size_t i = 0; i < padded.size(); i += 64) {
    ModelSHA1Block(h, padded.data() + i);
  }
  return HexWords(h, 5);
}

std::string ModelSHA256(const std::string &msg) {
  uint32_t h[8] = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
                   0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
  std::vector<uint8_t> padded = Pad(msg);
  for (size_t i = 0; i < padded.size(); i += 64) {
    ModelSHA256Block(h, padded.data() + i);
  }
  return HexWords(h, 8);
}

// FIPS 180-4's examples (NIST's published example values): one block and
// two blocks.
const char kOneBlock[] = "abc";
const char kTwoBlocks[] =
    "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq";

TEST(ShaNiEmuTest, SHA1KnownAnswersFromModels) {
  EXPECT_EQ("a9993e364706816aba3e25717850c26c9cd0d89d", ModelSHA1(kOneBlock));
  EXPECT_EQ("84983e441c3bd26ebaae4aa1f95129e5e54670f1",
            ModelSHA1(kTwoBlocks));
}

TEST(ShaNiEmuTest, SHA256KnownAnswersFromModels) {
  EXPECT_EQ("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
            ModelSHA256(kOneBlock));
  EXPECT_EQ("248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1",
            ModelSHA256(kTwoBlocks));
}

// The models are documented to allow `dst` == `src` (the instructions take
// the same register twice); each must then act as if given two copies.
TEST(ShaNiEmuTest, ModelsAllowAliasing) {
  TestRNG rng(0x5a11a5);
  for (int i = 0; i < 200; i++) {
    const sha_ni_vec v = RandomVec(&rng);
    sha_ni_vec a = v, b = v, copy = v;
    sha_ni_model_sha1msg1(&a, &a);
    sha_ni_model_sha1msg1(&b, &copy);
    EXPECT_EQ(Hex(b), Hex(a));
    a = v;
    b = v;
    sha_ni_model_sha1msg2(&a, &a);
    sha_ni_model_sha1msg2(&b, &copy);
    EXPECT_EQ(Hex(b), Hex(a));
    a = v;
    b = v;
    sha_ni_model_sha1nexte(&a, &a);
    sha_ni_model_sha1nexte(&b, &copy);
    EXPECT_EQ(Hex(b), Hex(a));
    a = v;
    b = v;
    sha_ni_model_sha1rnds4(&a, &a, i & 3);
    sha_ni_model_sha1rnds4(&b, &copy, i & 3);
    EXPECT_EQ(Hex(b), Hex(a));
    a = v;
    b = v;
    sha_ni_model_sha256msg1(&a, &a);
    sha_ni_model_sha256msg1(&b, &copy);
    EXPECT_EQ(Hex(b), Hex(a));
    a = v;
    b = v;
    sha_ni_model_sha256msg2(&a, &a);
    sha_ni_model_sha256msg2(&b, &copy);
    EXPECT_EQ(Hex(b), Hex(a));
    a = v;
    b = v;
    sha_ni_model_sha256rnds2(&a, &a, &a);
    sha_ni_model_sha256rnds2(&b, &copy, &copy);
    EXPECT_EQ(Hex(b), Hex(a));
  }
}


// --- Models against the instructions. ---

#if SHA_NI_EMU_TEST_HW

#define SHA_TARGET __attribute__((target("sse2,sha")))

// Each Hw* function executes exactly one SHA instruction on its operands,
// with the same roles as the model of the same name.

SHA_TARGET __m128i LoadVec(const sha_ni_vec *v) {
  return _mm_loadu_si128(reinterpret_cast<const __m128i *>(v->d));
}

SHA_TARGET void StoreVec(sha_ni_vec *v, __m128i x) {
  _mm_storeu_si128(reinterpret_cast<__m128i *>(v->d), x);
}

SHA_TARGET void HwSHA1RNDS4(sha_ni_vec *dst, const sha_ni_vec *src, int imm) {
  __m128i a = LoadVec(dst), b = LoadVec(src);
  // The immediate must be a compile-time constant.
  switch (imm) {
    case 0:
      a = _mm_sha1rnds4_epu32(a, b, 0);
      break;
    case 1:
      a = _mm_sha1rnds4_epu32(a, b, 1);
      break;
    case 2:
      a = _mm_sha1rnds4_epu32(a, b, 2);
      break;
    default:
      a = _mm_sha1rnds4_epu32(a, b, 3);
      break;
  }
  StoreVec(dst, a);
}

SHA_TARGET void HwSHA1NEXTE(sha_ni_vec *dst, const sha_ni_vec *src) {
  StoreVec(dst, _mm_sha1nexte_epu32(LoadVec(dst), LoadVec(src)));
}

SHA_TARGET void HwSHA1MSG1(sha_ni_vec *dst, const sha_ni_vec *src) {
  StoreVec(dst, _mm_sha1msg1_epu32(LoadVec(dst), LoadVec(src)));
}

SHA_TARGET void HwSHA1MSG2(sha_ni_vec *dst, const sha_ni_vec *src) {
  StoreVec(dst, _mm_sha1msg2_epu32(LoadVec(dst), LoadVec(src)));
}

SHA_TARGET void HwSHA256RNDS2(sha_ni_vec *dst, const sha_ni_vec *src,
                              const sha_ni_vec *wk) {
  StoreVec(dst,
           _mm_sha256rnds2_epu32(LoadVec(dst), LoadVec(src), LoadVec(wk)));
}

SHA_TARGET void HwSHA256MSG1(sha_ni_vec *dst, const sha_ni_vec *src) {
  StoreVec(dst, _mm_sha256msg1_epu32(LoadVec(dst), LoadVec(src)));
}

SHA_TARGET void HwSHA256MSG2(sha_ni_vec *dst, const sha_ni_vec *src) {
  StoreVec(dst, _mm_sha256msg2_epu32(LoadVec(dst), LoadVec(src)));
}

#endif  // SHA_NI_EMU_TEST_HW

// Cases per instruction (and per SHA1RNDS4 immediate).
constexpr int kHardwareCases = 2000;

TEST(ShaNiEmuTest, ModelsMatchInstructions) {
#if !SHA_NI_EMU_TEST_HW
  GTEST_SKIP() << "skipped: the SHA extensions are x86 instructions (the "
                  "models are still checked by the known-answer tests)";
#else
  if (!CRYPTO_is_x86_SHA_capable()) {
    GTEST_SKIP() << "skipped: this CPU has no SHA extensions (or the "
                    "OPENSSL_ia32cap mask removes them); on 32-bit x86 "
                    "Linux, run crypto_test --emulate-sha-ni to check the "
                    "emulator here";
  }
  const unsigned long long count_before = sha_ni_emu_count();
  unsigned long long executed = 0;
  TestRNG rng(0x5ba11);

  using Op2 = void (*)(sha_ni_vec *, const sha_ni_vec *);
  struct {
    const char *name;
    Op2 model, hw;
  } const kTwoOperand[] = {
      {"sha1nexte", sha_ni_model_sha1nexte, HwSHA1NEXTE},
      {"sha1msg1", sha_ni_model_sha1msg1, HwSHA1MSG1},
      {"sha1msg2", sha_ni_model_sha1msg2, HwSHA1MSG2},
      {"sha256msg1", sha_ni_model_sha256msg1, HwSHA256MSG1},
      {"sha256msg2", sha_ni_model_sha256msg2, HwSHA256MSG2},
  };
  for (const auto &op : kTwoOperand) {
    SCOPED_TRACE(op.name);
    for (int i = 0; i < kHardwareCases; i++) {
      const sha_ni_vec dst = RandomVec(&rng), src = RandomVec(&rng);
      sha_ni_vec want = dst, got = dst;
      op.model(&want, &src);
      op.hw(&got, &src);
      executed++;
      ASSERT_EQ(Hex(want), Hex(got)) << "dst " << Hex(dst) << ", src "
                                     << Hex(src);
    }
  }

  for (int imm = 0; imm < 4; imm++) {
    SCOPED_TRACE("sha1rnds4 imm " + std::to_string(imm));
    for (int i = 0; i < kHardwareCases; i++) {
      const sha_ni_vec dst = RandomVec(&rng), src = RandomVec(&rng);
      sha_ni_vec want = dst, got = dst;
      sha_ni_model_sha1rnds4(&want, &src, imm);
      HwSHA1RNDS4(&got, &src, imm);
      executed++;
      ASSERT_EQ(Hex(want), Hex(got)) << "dst " << Hex(dst) << ", src "
                                     << Hex(src);
    }
  }

  {
    SCOPED_TRACE("sha256rnds2");
    for (int i = 0; i < kHardwareCases; i++) {
      const sha_ni_vec dst = RandomVec(&rng), src = RandomVec(&rng),
                       wk = RandomVec(&rng);
      sha_ni_vec want = dst, got = dst;
      sha_ni_model_sha256rnds2(&want, &src, &wk);
      HwSHA256RNDS2(&got, &src, &wk);
      executed++;
      ASSERT_EQ(Hex(want), Hex(got)) << "dst " << Hex(dst) << ", src "
                                     << Hex(src) << ", xmm0 " << Hex(wk);
    }
  }

  // Under emulation each call above trapped exactly once; otherwise the
  // hardware ran them and the handler saw nothing.
  EXPECT_EQ(sha_ni_emu_active() ? executed : 0,
            sha_ni_emu_count() - count_before);
#endif
}


// --- Encodings, through the SIGILL handler. ---

#if SHA_NI_EMU_TEST_ASM

// Each Asm* function loads `dst` (and `wk` into xmm0, for SHA256RNDS2) into
// registers, runs one SHA instruction whose source is `src` reached through
// the addressing form in its name, and stores the destination back to
// `dst`. `src` must be 16-byte aligned. Addresses are formed in uintptr_t so
// no out-of-bounds pointer is ever made.
using AsmFn = void (*)(sha_ni_vec *dst, const sha_ni_vec *src,
                       const sha_ni_vec *wk);

// (%eax): ModRM mod 0, no SIB, no displacement; destination xmm7.
SHA_TARGET void AsmSHA1MSG1BaseOnly(sha_ni_vec *dst, const sha_ni_vec *src,
                                    const sha_ni_vec *) {
  __asm__ volatile(
      "movdqu (%[d]), %%xmm7\n\t"
      "sha1msg1 (%[s]), %%xmm7\n\t"
      "movdqu %%xmm7, (%[d])\n\t"
      :
      : [d] "r"(dst), [s] "a"(src)
      : "xmm7", "memory");
}

// -16(%ecx): mod 1, a negative disp8 (sign-extended).
SHA_TARGET void AsmSHA256MSG1Disp8(sha_ni_vec *dst, const sha_ni_vec *src,
                                   const sha_ni_vec *) {
  __asm__ volatile(
      "movdqu (%[d]), %%xmm5\n\t"
      "sha256msg1 -16(%[s]), %%xmm5\n\t"
      "movdqu %%xmm5, (%[d])\n\t"
      :
      : [d] "r"(dst), [s] "c"(reinterpret_cast<uintptr_t>(src) + 16)
      : "xmm5", "memory");
}

// 0x12340(%edx): mod 2, disp32.
SHA_TARGET void AsmSHA1NEXTEDisp32(sha_ni_vec *dst, const sha_ni_vec *src,
                                   const sha_ni_vec *) {
  __asm__ volatile(
      "movdqu (%[d]), %%xmm3\n\t"
      "sha1nexte 0x12340(%[s]), %%xmm3\n\t"
      "movdqu %%xmm3, (%[d])\n\t"
      :
      : [d] "r"(dst), [s] "d"(reinterpret_cast<uintptr_t>(src) - 0x12340)
      : "xmm3", "memory");
}

// (%esi,%edi,4): SIB with base and scaled index, mod 0.
SHA_TARGET void AsmSHA256MSG2BaseIndex(sha_ni_vec *dst, const sha_ni_vec *src,
                                       const sha_ni_vec *) {
  __asm__ volatile(
      "movdqu (%[d]), %%xmm7\n\t"
      "sha256msg2 (%%esi,%%edi,4), %%xmm7\n\t"
      "movdqu %%xmm7, (%[d])\n\t"
      :
      : [d] "r"(dst), "S"(reinterpret_cast<uintptr_t>(src) - 4 * 3),
        "D"(uintptr_t{3})
      : "xmm7", "memory");
}

// 0x40(%ebx,%esi,8): SIB with base, index and disp8; implicit xmm0.
SHA_TARGET void AsmSHA256RNDS2BaseIndexDisp8(sha_ni_vec *dst,
                                             const sha_ni_vec *src,
                                             const sha_ni_vec *wk) {
  __asm__ volatile(
      "movdqu (%[d]), %%xmm6\n\t"
      "movdqu (%[wk]), %%xmm0\n\t"
      "sha256rnds2 0x40(%%ebx,%%esi,8), %%xmm6\n\t"
      "movdqu %%xmm6, (%[d])\n\t"
      :
      : [d] "r"(dst), [wk] "r"(wk),
        "b"(reinterpret_cast<uintptr_t>(src) - 0x40 - 8 * 5),
        "S"(uintptr_t{5})
      : "xmm0", "xmm6", "memory");
}

// 0x10(,%edi,2): SIB with base 5 and mod 0, so disp32 and no base register;
// the immediate follows the displacement.
SHA_TARGET void AsmSHA1RNDS4IndexOnly(sha_ni_vec *dst, const sha_ni_vec *src,
                                      const sha_ni_vec *) {
  __asm__ volatile(
      "movdqu (%[d]), %%xmm2\n\t"
      "sha1rnds4 $2, 0x10(,%%edi,2), %%xmm2\n\t"
      "movdqu %%xmm2, (%[d])\n\t"
      :
      : [d] "r"(dst), "D"((reinterpret_cast<uintptr_t>(src) - 0x10) / 2)
      : "xmm2", "memory");
}

// 32(%esp): SIB with %esp as base and no index. The operand is copied to an
// aligned slot below the stack pointer the asm block set up itself, and the
// stack pointer is restored from a register afterwards.
SHA_TARGET void AsmSHA1MSG2StackDisp8(sha_ni_vec *dst, const sha_ni_vec *src,
                                      const sha_ni_vec *) {
  uintptr_t saved_esp;
  __asm__ volatile(
      "movdqu (%[s]), %%xmm1\n\t"
      "movdqu (%[d]), %%xmm4\n\t"
      "mov %%esp, %[t]\n\t"
      "and $-16, %%esp\n\t"
      "sub $64, %%esp\n\t"
      "movdqa %%xmm1, 32(%%esp)\n\t"
      "sha1msg2 32(%%esp), %%xmm4\n\t"
      "mov %[t], %%esp\n\t"
      "movdqu %%xmm4, (%[d])\n\t"
      : [t] "=&r"(saved_esp)
      : [d] "r"(dst), [s] "r"(src)
      : "xmm1", "xmm4", "memory");
}

// Register sources: xmm5 into xmm7 with an immediate, and the same register
// as both operands.
SHA_TARGET void AsmSHA1RNDS4Reg(sha_ni_vec *dst, const sha_ni_vec *src,
                                const sha_ni_vec *) {
  __asm__ volatile(
      "movdqu (%[d]), %%xmm7\n\t"
      "movdqu (%[s]), %%xmm5\n\t"
      "sha1rnds4 $1, %%xmm5, %%xmm7\n\t"
      "movdqu %%xmm7, (%[d])\n\t"
      :
      : [d] "r"(dst), [s] "r"(src)
      : "xmm5", "xmm7", "memory");
}

SHA_TARGET void AsmSHA256RNDS2Reg(sha_ni_vec *dst, const sha_ni_vec *src,
                                  const sha_ni_vec *wk) {
  __asm__ volatile(
      "movdqu (%[d]), %%xmm7\n\t"
      "movdqu (%[s]), %%xmm6\n\t"
      "movdqu (%[wk]), %%xmm0\n\t"
      "sha256rnds2 %%xmm6, %%xmm7\n\t"
      "movdqu %%xmm7, (%[d])\n\t"
      :
      : [d] "r"(dst), [s] "r"(src), [wk] "r"(wk)
      : "xmm0", "xmm6", "xmm7", "memory");
}

// Here `src` is ignored: the instruction reads xmm4 twice.
SHA_TARGET void AsmSHA1MSG1SameReg(sha_ni_vec *dst, const sha_ni_vec *,
                                   const sha_ni_vec *) {
  __asm__ volatile(
      "movdqu (%[d]), %%xmm4\n\t"
      "sha1msg1 %%xmm4, %%xmm4\n\t"
      "movdqu %%xmm4, (%[d])\n\t"
      :
      : [d] "r"(dst)
      : "xmm4", "memory");
}

struct AsmCase {
  const char *name;
  AsmFn fn;
  // model(dst, src, wk) is what fn should compute.
  void (*model)(sha_ni_vec *, const sha_ni_vec *, const sha_ni_vec *);
};

const AsmCase kAsmCases[] = {
    {"sha1msg1 (%eax), %xmm7", AsmSHA1MSG1BaseOnly,
     [](sha_ni_vec *d, const sha_ni_vec *s, const sha_ni_vec *) {
       sha_ni_model_sha1msg1(d, s);
     }},
    {"sha256msg1 -16(%ecx), %xmm5", AsmSHA256MSG1Disp8,
     [](sha_ni_vec *d, const sha_ni_vec *s, const sha_ni_vec *) {
       sha_ni_model_sha256msg1(d, s);
     }},
    {"sha1nexte 0x12340(%edx), %xmm3", AsmSHA1NEXTEDisp32,
     [](sha_ni_vec *d, const sha_ni_vec *s, const sha_ni_vec *) {
       sha_ni_model_sha1nexte(d, s);
     }},
    {"sha256msg2 (%esi,%edi,4), %xmm7", AsmSHA256MSG2BaseIndex,
     [](sha_ni_vec *d, const sha_ni_vec *s, const sha_ni_vec *) {
       sha_ni_model_sha256msg2(d, s);
     }},
    {"sha256rnds2 0x40(%ebx,%esi,8), %xmm6", AsmSHA256RNDS2BaseIndexDisp8,
     [](sha_ni_vec *d, const sha_ni_vec *s, const sha_ni_vec *wk) {
       sha_ni_model_sha256rnds2(d, s, wk);
     }},
    {"sha1rnds4 $2, 0x10(,%edi,2), %xmm2", AsmSHA1RNDS4IndexOnly,
     [](sha_ni_vec *d, const sha_ni_vec *s, const sha_ni_vec *) {
       sha_ni_model_sha1rnds4(d, s, 2);
     }},
    {"sha1msg2 32(%esp), %xmm4", AsmSHA1MSG2StackDisp8,
     [](sha_ni_vec *d, const sha_ni_vec *s, const sha_ni_vec *) {
       sha_ni_model_sha1msg2(d, s);
     }},
    {"sha1rnds4 $1, %xmm5, %xmm7", AsmSHA1RNDS4Reg,
     [](sha_ni_vec *d, const sha_ni_vec *s, const sha_ni_vec *) {
       sha_ni_model_sha1rnds4(d, s, 1);
     }},
    {"sha256rnds2 %xmm6, %xmm7", AsmSHA256RNDS2Reg,
     [](sha_ni_vec *d, const sha_ni_vec *s, const sha_ni_vec *wk) {
       sha_ni_model_sha256rnds2(d, s, wk);
     }},
    {"sha1msg1 %xmm4, %xmm4", AsmSHA1MSG1SameReg,
     [](sha_ni_vec *d, const sha_ni_vec *, const sha_ni_vec *) {
       sha_ni_model_sha1msg1(d, d);
     }},
};

#define SKIP_UNLESS_EMULATING()                                             \
  do {                                                                      \
    if (!sha_ni_emu_active()) {                                             \
      GTEST_SKIP() << "skipped: the SHA instructions are not being "        \
                      "emulated (run crypto_test --emulate-sha-ni on a CPU " \
                      "without them, e.g. under qemu-i386)";                \
    }                                                                       \
  } while (0)

TEST(ShaNiEmuTest, AddressingForms) {
  SKIP_UNLESS_EMULATING();
  TestRNG rng(0xadd7e55);
  for (const AsmCase &c : kAsmCases) {
    SCOPED_TRACE(c.name);
    for (int i = 0; i < 50; i++) {
      alignas(16) sha_ni_vec got = RandomVec(&rng);
      alignas(16) const sha_ni_vec src = RandomVec(&rng);
      alignas(16) const sha_ni_vec wk = RandomVec(&rng);
      sha_ni_vec want = got;
      c.model(&want, &src, &wk);
      const unsigned long long before = sha_ni_emu_count();
      c.fn(&got, &src, &wk);
      ASSERT_EQ(1u, sha_ni_emu_count() - before);
      ASSERT_EQ(Hex(want), Hex(got));
    }
  }
}

// ModRM mod 0, rm 5 (an absolute disp32, no register) needs an address
// known when the instruction is assembled, which position-independent code
// cannot have; so this writes the instructions into a fresh page:
//   endbr32; movdqu dst, %xmm7; sha256msg1 src, %xmm7; movdqu %xmm7, dst; ret
TEST(ShaNiEmuTest, AbsoluteDisp32) {
  SKIP_UNLESS_EMULATING();
  alignas(16) static sha_ni_vec dst;
  alignas(16) static sha_ni_vec src;
  const uint32_t dst_addr =
      static_cast<uint32_t>(reinterpret_cast<uintptr_t>(&dst));
  const uint32_t src_addr =
      static_cast<uint32_t>(reinterpret_cast<uintptr_t>(&src));

  std::vector<uint8_t> code = {0xf3, 0x0f, 0x1e, 0xfb};  // endbr32
  auto emit_abs = [&](std::vector<uint8_t> opcode_modrm, uint32_t addr) {
    code.insert(code.end(), opcode_modrm.begin(), opcode_modrm.end());
    for (int i = 0; i < 4; i++) {
      code.push_back(static_cast<uint8_t>(addr >> (8 * i)));
    }
  };
  // ModRM 0x3d: mod 0, reg 7 (xmm7), rm 5 (disp32).
  emit_abs({0xf3, 0x0f, 0x6f, 0x3d}, dst_addr);  // movdqu dst, %xmm7
  emit_abs({0x0f, 0x38, 0xcc, 0x3d}, src_addr);  // sha256msg1 src, %xmm7
  emit_abs({0xf3, 0x0f, 0x7f, 0x3d}, dst_addr);  // movdqu %xmm7, dst
  code.push_back(0xc3);                           // ret

  const size_t page = static_cast<size_t>(sysconf(_SC_PAGESIZE));
  void *mem = mmap(nullptr, page, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  ASSERT_NE(MAP_FAILED, mem);
  memcpy(mem, code.data(), code.size());
  ASSERT_EQ(0, mprotect(mem, page, PROT_READ | PROT_EXEC));
  auto fn = reinterpret_cast<void (*)(void)>(mem);

  TestRNG rng(0xab5);
  for (int i = 0; i < 20; i++) {
    dst = RandomVec(&rng);
    src = RandomVec(&rng);
    sha_ni_vec want = dst;
    sha_ni_model_sha256msg1(&want, &src);
    const unsigned long long before = sha_ni_emu_count();
    fn();
    EXPECT_EQ(1u, sha_ni_emu_count() - before);
    EXPECT_EQ(Hex(want), Hex(dst));
  }
  munmap(mem, page);
}

// What the handler must refuse. The child process of each death test
// inherits the handler; it turns core dumps off first, since qemu-user
// would otherwise write one for the expected abort.
void NoCoreDump() {
  struct rlimit none = {0, 0};
  setrlimit(RLIMIT_CORE, &none);
}

TEST(ShaNiEmuDeathTest, RefusesOtherInstructions) {
  SKIP_UNLESS_EMULATING();
  EXPECT_DEATH(
      {
        NoCoreDump();
        __asm__ volatile("ud2");
      },
      "sha_ni_emu: SIGILL on an instruction that is not an emulated SHA "
      "instruction; eip 0x[0-9a-f]{8}: 0f 0b");
  // A 66 prefix before a SHA opcode is not a SHA instruction.
  EXPECT_DEATH(
      {
        NoCoreDump();
        __asm__ volatile(".byte 0x66, 0x0f, 0x38, 0xc8, 0xc1");
      },
      "not an emulated SHA instruction; eip 0x[0-9a-f]{8}: 66 0f 38 c8 c1");
}

TEST(ShaNiEmuDeathTest, RefusesMisalignedOperand) {
  SKIP_UNLESS_EMULATING();
  alignas(16) sha_ni_vec buf[3] = {};
  const sha_ni_vec *misaligned = reinterpret_cast<const sha_ni_vec *>(
      reinterpret_cast<uintptr_t>(&buf[1]) + 8);
  EXPECT_DEATH(
      {
        NoCoreDump();
        AsmSHA1MSG1BaseOnly(&buf[0], misaligned, nullptr);
      },
      "m128 operand not 16-byte aligned .*; eip 0x[0-9a-f]{8}: 0f 38 c9 38");
}

#endif  // SHA_NI_EMU_TEST_ASM

// Whatever the build, the state the emulator reports must be consistent:
// with emulation on, the capability word advertises SHA; with it off,
// nothing was ever emulated.
TEST(ShaNiEmuTest, StateIsConsistent) {
  if (sha_ni_emu_active()) {
    EXPECT_TRUE(CRYPTO_is_x86_SHA_capable());
  } else {
    EXPECT_EQ(0u, sha_ni_emu_count());
  }
}

}  // namespace
