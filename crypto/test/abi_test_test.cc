// Copyright 2026 The project authors.
//
// abi_test_test.cc: tests of the ABI checker itself. Each deliberately
// broken fixture (crypto/test/asm/abi_fixtures-x86_64.pl) must be reported
// with exactly one failure naming its fault, and the well-behaved ones must
// pass.

#include "abi_test.h"

#include <stdint.h>
#include <string.h>

#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <gtest/gtest-spi.h>

#include "../chacha/impls.h"
#include "../sha/impls.h"
#include "test_util.h"

// Valgrind does not emulate the x86 trap flag (EFLAGS.TF), so the
// single-step unwind check cannot run under it: the checker prints a note
// and checks nothing. The tests that expect that check to report a fault
// skip themselves there instead of failing.
#if defined(__has_include)
#if __has_include(<valgrind/valgrind.h>)
#include <valgrind/valgrind.h>
#define BITTERN_HAVE_VALGRIND_H
#endif
#endif

namespace {

// A C function through the checker: the narrow arguments arrive with random
// upper bits, which compiled code must ignore.
uint64_t MixArgs(uint32_t a, uint8_t b, int32_t c, const uint8_t *p, size_t n,
                 int16_t d, uint64_t e, bool f) {
  uint64_t h = a;
  h = h * 31 + b;
  h = h * 31 + static_cast<uint64_t>(static_cast<int64_t>(c));
  for (size_t i = 0; i < n; i++) {
    h = h * 31 + p[i];
  }
  h = h * 31 + static_cast<uint64_t>(static_cast<int64_t>(d));
  h = h * 31 + e;
  return h * 31 + (f ? 1 : 0);
}

void NoArgs() {}

#if defined(OPENSSL_X86)
// The 32-bit x86 variant: CHECK_ABI there takes parameters of at most 32
// bits (each one stack word).
uint32_t MixArgs32(uint32_t a, uint8_t b, int32_t c, const uint8_t *p,
                   size_t n, int16_t d, uint32_t e, bool f) {
  uint32_t h = a;
  h = h * 31 + b;
  h = h * 31 + static_cast<uint32_t>(c);
  for (size_t i = 0; i < n; i++) {
    h = h * 31 + p[i];
  }
  h = h * 31 + static_cast<uint32_t>(static_cast<int32_t>(d));
  h = h * 31 + e;
  return h * 31 + (f ? 1 : 0);
}
#endif

volatile int g_sink;
void NeverChecked() { g_sink = 1; }
void NotRunnable() { g_sink = 2; }

TEST(ABITest, CFunctions) {
  const uint8_t buf[3] = {7, 8, 9};
#if defined(OPENSSL_X86)
  uint32_t want32 = MixArgs32(0xfffffffe, 200, -5, buf, 3, -2, 1u << 31, true);
  for (int i = 0; i < 16; i++) {
    EXPECT_EQ(want32, CHECK_ABI(MixArgs32, 0xfffffffe, 200, -5, buf, 3, -2,
                                1u << 31, true));
  }
  (void)&MixArgs;
#else
  uint64_t want = MixArgs(0xfffffffe, 200, -5, buf, 3, -2, 1ull << 63, true);
  for (int i = 0; i < 16; i++) {
    EXPECT_EQ(want, CHECK_ABI(MixArgs, 0xfffffffe, 200, -5, buf, 3, -2,
                              1ull << 63, true));
  }
#endif
  CHECK_ABI(NoArgs);
}

// The coverage logic the final check runs, on a made-up symbol list.
TEST(ABITest, Coverage) {
  CHECK_ABI(NoArgs);
  abi_test::NotRunnableHere(NotRunnable);
  const abi_test::AsmEntryPoint list[] = {
      {"NoArgs", reinterpret_cast<const void *>(&NoArgs)},
      {"NeverChecked", reinterpret_cast<const void *>(&NeverChecked)},
      {"NotRunnable", reinterpret_cast<const void *>(&NotRunnable)},
      {"bittern_abi_trampoline", reinterpret_cast<const void *>(&NeverChecked)},
  };
  size_t exempt = 99;
  std::vector<std::string> missing =
      abi_test::UncheckedEntryPoints(list, 4, &exempt);
  EXPECT_EQ(std::vector<std::string>{"NeverChecked"}, missing);
  EXPECT_EQ(1u, exempt);
}

}  // namespace

#if defined(SUPPORTS_ABI_TEST)

namespace {

// CheckWeightedSumFixture calls `fixture` (each architecture's
// bittern_abi_fixture_good, which returns sum over j of
// (j + 1) * a[j] * weights[j] in its word size) through the checker with
// 32 sets of random arguments: every argument register and stack slot is
// read, and the callee-saved registers the fixture uses are restored.
template <typename Word, typename Fn>
void CheckWeightedSumFixture(Fn fixture, const Word weights[8]) {
  TestRNG rng(1);
  for (int i = 0; i < 32; i++) {
    Word a[8], want = 0;
    for (int j = 0; j < 8; j++) {
      a[j] = static_cast<Word>(rng.Next());
      want += static_cast<Word>(j + 1) * a[j] * weights[j];
    }
    EXPECT_EQ(want, CHECK_ABI(fixture, a[0], a[1], a[2], a[3], a[4], a[5],
                              a[6], a[7]));
  }
}

#if defined(OPENSSL_X86_64) || defined(OPENSSL_AARCH64)
// The 64-bit fixtures weigh argument j by j + 1 only.
const uint64_t kUnitWeights[8] = {1, 1, 1, 1, 1, 1, 1, 1};
#endif

// ExpectRowsListed checks the build's nm list of the library's assembly
// symbols (the input of the coverage check) against the lists of paths:
// every assembly row of SHA-1, SHA-256, SHA-512 and ChaCha20 (all but the
// portable reference, in those lists) must be in it under its own name with
// the address the linker gave it, and the test-only trampoline, which
// libcrypto must not contain, must not.
void ExpectRowsListed(const void *trampoline) {
  size_t rows = 0;
  for (const CRYPTO_PRIMITIVE *prim :
       {&CRYPTO_primitive_sha1, &CRYPTO_primitive_sha256,
        &CRYPTO_primitive_sha512, &CRYPTO_primitive_chacha20}) {
    CRYPTO_IMPL_FOREACH(row, prim) {
      if (row == CRYPTO_impl_reference(prim)) {
        continue;
      }
      const void *addr =
          prim == &CRYPTO_primitive_sha512
              ? reinterpret_cast<const void *>(row->entry.sha64)
          : prim == &CRYPTO_primitive_chacha20
              ? reinterpret_cast<const void *>(row->entry.chacha20)
              : reinterpret_cast<const void *>(row->entry.sha32);
      bool found = false;
      for (size_t i = 0; i < abi_test::kNumAsmEntryPoints; i++) {
        const abi_test::AsmEntryPoint &e = abi_test::kAsmEntryPoints[i];
        ASSERT_NE(nullptr, e.name);
        if (strcmp(e.name, row->entry_names) == 0) {
          found = true;
          EXPECT_EQ(addr, e.addr) << e.name;
        }
      }
      EXPECT_TRUE(found) << prim->name << " row " << row->name << ": "
                         << row->entry_names << " missing from the nm list";
      rows++;
    }
  }
  EXPECT_GE(rows, 1u);
  for (size_t i = 0; i < abi_test::kNumAsmEntryPoints; i++) {
    EXPECT_NE(trampoline, abi_test::kAsmEntryPoints[i].addr);
    EXPECT_STRNE("bittern_abi_trampoline", abi_test::kAsmEntryPoints[i].name)
        << "the test trampoline is in libcrypto";
  }
}

}  // namespace

#endif  // SUPPORTS_ABI_TEST

#if defined(SUPPORTS_ABI_TEST) && defined(OPENSSL_X86)

// The 32-bit x86 fixtures (crypto/test/asm/abi_fixtures-x86.pl).
extern "C" {
uint32_t bittern_abi_fixture_good(uint32_t a0, uint32_t a1, uint32_t a2,
                                  uint32_t a3, uint32_t a4, uint32_t a5,
                                  uint32_t a6, uint32_t a7);
uint32_t bittern_abi_fixture_aligned(uint32_t a0, uint32_t a1);
uint64_t bittern_abi_fixture_ret64(uint32_t lo, uint32_t hi);
uint32_t bittern_abi_fixture_esp_mod16(void);
void bittern_abi_fixture_clobber_ebx(void);
void bittern_abi_fixture_clobber_esi(void);
void bittern_abi_fixture_clobber_edi(void);
void bittern_abi_fixture_clobber_ebp(void);
void bittern_abi_fixture_leave_df(void);
void bittern_abi_fixture_move_esp(void);
uint64_t bittern_abi_trampoline(const void *fn, abi_test::State *state,
                                const uint32_t *args);
}

namespace {

// The fixture's weights (.Lweights in abi_fixtures-x86.pl), read there
// through the get-PC thunk.
const uint32_t kX86Weights[8] = {3, 5, 7, 11, 13, 17, 19, 23};

TEST(ABITest, X86GoodFixture) {
  uint32_t want = 0;
  for (uint32_t i = 0; i < 8; i++) {
    want += (i + 1) * (i + 1) * kX86Weights[i];
  }
  EXPECT_EQ(want, CHECK_ABI(bittern_abi_fixture_good, 1, 2, 3, 4, 5, 6, 7,
                            8));
  CheckWeightedSumFixture(bittern_abi_fixture_good, kX86Weights);
  // align=16: the frame is 16-byte aligned (the fixture adds %esp mod 16).
  EXPECT_EQ(0x12345678u - 0x1111u,
            CHECK_ABI(bittern_abi_fixture_aligned, 0x12345678u, 0x1111u));
  // A 64-bit result comes back whole from %edx:%eax.
  EXPECT_EQ(0x0123456789abcdefull,
            CHECK_ABI(bittern_abi_fixture_ret64, 0x89abcdefu, 0x01234567u));
  // The trampoline calls with %esp 16-byte aligned (i386 SysV ABI).
  EXPECT_EQ(0u, CHECK_ABI(bittern_abi_fixture_esp_mod16));
  // No unwind check on x86: CHECK_ABI_UNWIND runs the register checks.
  EXPECT_EQ(0x0123456789abcdefull,
            CHECK_ABI_UNWIND(bittern_abi_fixture_ret64, 0x89abcdefu,
                             0x01234567u));
}

TEST(ABITest, X86ClobberedRegisters) {
  EXPECT_NONFATAL_FAILURE(CHECK_ABI(bittern_abi_fixture_clobber_ebx),
                          "ebx was not restored by "
                          "bittern_abi_fixture_clobber_ebx");
  EXPECT_NONFATAL_FAILURE(CHECK_ABI(bittern_abi_fixture_clobber_esi),
                          "esi was not restored by "
                          "bittern_abi_fixture_clobber_esi");
  EXPECT_NONFATAL_FAILURE(CHECK_ABI(bittern_abi_fixture_clobber_edi),
                          "edi was not restored by "
                          "bittern_abi_fixture_clobber_edi");
  EXPECT_NONFATAL_FAILURE(CHECK_ABI(bittern_abi_fixture_clobber_ebp),
                          "ebp was not restored by "
                          "bittern_abi_fixture_clobber_ebp");
}

TEST(ABITest, X86DirectionFlag) {
  EXPECT_NONFATAL_FAILURE(CHECK_ABI(bittern_abi_fixture_leave_df),
                          "the direction flag was set on return from "
                          "bittern_abi_fixture_leave_df");
  // The trampoline cleared it again: this call must pass.
  CHECK_ABI(bittern_abi_fixture_good, 1, 2, 3, 4, 5, 6, 7, 8);
}

TEST(ABITest, X86StackPointer) {
  EXPECT_NONFATAL_FAILURE(CHECK_ABI(bittern_abi_fixture_move_esp),
                          "esp was not restored by "
                          "bittern_abi_fixture_move_esp (moved by -4 bytes)");
}

// The build lists the library's assembly symbols with nm (ELF cdecl names
// carry no underscore): every row's entry point, and not the trampoline.
TEST(ABITest, X86AsmSymbolList) {
  ExpectRowsListed(
      reinterpret_cast<const void *>(&bittern_abi_trampoline));
}

}  // namespace

#endif  // SUPPORTS_ABI_TEST && OPENSSL_X86

#if defined(SUPPORTS_ABI_TEST) && defined(OPENSSL_X86_64)

extern "C" {
uint64_t bittern_abi_fixture_good(uint64_t a1, uint64_t a2, uint64_t a3,
                                  uint64_t a4, uint64_t a5, uint64_t a6,
                                  uint64_t a7, uint64_t a8);
uint64_t bittern_abi_fixture_raw_ok(void);
uint64_t bittern_abi_fixture_rsp_mod16(void);
void bittern_abi_fixture_clobber_rbx(void);
void bittern_abi_fixture_clobber_r12(void);
void bittern_abi_fixture_clobber_rdi(void);
void bittern_abi_fixture_clobber_xmm6(void);
void bittern_abi_fixture_leave_df(void);
void bittern_abi_fixture_move_rsp(void);
void bittern_abi_fixture_bad_cfa(void);
void bittern_abi_fixture_bad_cfi_reg(void);
uint64_t bittern_abi_trampoline(const void *fn, abi_test::State *state,
                                const uint64_t *args);
}

namespace {

TEST(ABITest, GoodFixture) {
  // a1 + 2*a2 + ... + 8*a8: checks every argument, the two on the stack too.
  EXPECT_EQ(204u, CHECK_ABI(bittern_abi_fixture_good, 1, 2, 3, 4, 5, 6, 7, 8));
  CheckWeightedSumFixture(bittern_abi_fixture_good, kUnitWeights);
  EXPECT_EQ(0u, CHECK_ABI(bittern_abi_fixture_raw_ok));
  // The trampoline calls with %rsp 16-byte aligned, so at entry it is 8 mod
  // 16 (the return address was pushed).
  EXPECT_EQ(8u, CHECK_ABI(bittern_abi_fixture_rsp_mod16));
}

TEST(ABITest, ClobberedRbx) {
  EXPECT_NONFATAL_FAILURE(CHECK_ABI(bittern_abi_fixture_clobber_rbx),
                          "rbx was not restored by "
                          "bittern_abi_fixture_clobber_rbx");
}

TEST(ABITest, ClobberedR12) {
  EXPECT_NONFATAL_FAILURE(CHECK_ABI(bittern_abi_fixture_clobber_r12),
                          "r12 was not restored");
}

TEST(ABITest, DirectionFlag) {
  EXPECT_NONFATAL_FAILURE(CHECK_ABI(bittern_abi_fixture_leave_df),
                          "the direction flag was set on return from "
                          "bittern_abi_fixture_leave_df");
  // The trampoline cleared it again: this call must pass.
  CHECK_ABI(bittern_abi_fixture_good, 1, 2, 3, 4, 5, 6, 7, 8);
}

TEST(ABITest, StackPointer) {
  EXPECT_NONFATAL_FAILURE(CHECK_ABI(bittern_abi_fixture_move_rsp),
                          "rsp was not restored by "
                          "bittern_abi_fixture_move_rsp (moved by -8 bytes)");
}

// rdi, rsi and xmm6-xmm15 are callee-saved on Win64 only.
TEST(ABITest, Win64OnlyRegisters) {
#if defined(_WIN64)
  EXPECT_NONFATAL_FAILURE(CHECK_ABI(bittern_abi_fixture_clobber_rdi),
                          "rdi was not restored");
  EXPECT_NONFATAL_FAILURE(CHECK_ABI(bittern_abi_fixture_clobber_xmm6),
                          "xmm6 was not restored");
#else
  CHECK_ABI(bittern_abi_fixture_clobber_rdi);
  CHECK_ABI(bittern_abi_fixture_clobber_xmm6);
#endif
}

#if defined(__linux__) && defined(__ELF__)

// SKIP_IF_NO_SINGLE_STEP skips the running test when it runs under valgrind,
// whose CPU emulation ignores the trap flag the unwind check steps with.
#if defined(BITTERN_HAVE_VALGRIND_H)
#define SKIP_IF_NO_SINGLE_STEP()                                            \
  do {                                                                      \
    if (RUNNING_ON_VALGRIND) {                                              \
      GTEST_SKIP() << "skipped: valgrind does not emulate the trap flag, "  \
                      "so the single-step unwind check cannot run";         \
    }                                                                       \
  } while (0)
#else
#define SKIP_IF_NO_SINGLE_STEP() \
  do {                           \
  } while (0)
#endif

TEST(ABITest, UnwindGood) {
  EXPECT_EQ(204u, CHECK_ABI_UNWIND(bittern_abi_fixture_good, 1, 2, 3, 4, 5,
                                   6, 7, 8));
  EXPECT_EQ(0u, CHECK_ABI_UNWIND(bittern_abi_fixture_raw_ok));
}

TEST(ABITest, UnwindBadCFA) {
  SKIP_IF_NO_SINGLE_STEP();
  // The registers are fine, so the plain check passes ...
  CHECK_ABI(bittern_abi_fixture_bad_cfa);
  // ... but after its push the CFI points the unwinder at the wrong slot.
  EXPECT_NONFATAL_FAILURE(CHECK_ABI_UNWIND(bittern_abi_fixture_bad_cfa),
                          "at bittern_abi_fixture_bad_cfa+0x5, the unwinder "
                          "did not reach the caller's frame");
}

TEST(ABITest, UnwindBadSavedRegister) {
  SKIP_IF_NO_SINGLE_STEP();
  CHECK_ABI(bittern_abi_fixture_bad_cfi_reg);
  EXPECT_NONFATAL_FAILURE(CHECK_ABI_UNWIND(bittern_abi_fixture_bad_cfi_reg),
                          "the unwinder recovered a wrong rbx");
}

#endif  // __linux__ && __ELF__

// The build lists the library's assembly symbols with nm: every row's entry
// point, with the address the linker gave it, and not the trampoline.
TEST(ABITest, AsmSymbolList) {
  ExpectRowsListed(
      reinterpret_cast<const void *>(&bittern_abi_trampoline));
}

}  // namespace

#endif  // SUPPORTS_ABI_TEST && OPENSSL_X86_64

#if defined(SUPPORTS_ABI_TEST) && defined(OPENSSL_AARCH64)

// The AArch64 fixtures (crypto/test/asm/abi_fixtures-armv8.pl).

extern "C" {
uint64_t bittern_abi_fixture_good(uint64_t a1, uint64_t a2, uint64_t a3,
                                  uint64_t a4, uint64_t a5, uint64_t a6,
                                  uint64_t a7, uint64_t a8);
uint64_t bittern_abi_fixture_leaf(void);
uint64_t bittern_abi_fixture_nonleaf(void);
uint64_t bittern_abi_fixture_sp_mod16(void);
void bittern_abi_fixture_clobber_x19(void);
void bittern_abi_fixture_clobber_x29(void);
void bittern_abi_fixture_clobber_d8(void);
void bittern_abi_fixture_clobber_d15(void);
void bittern_abi_fixture_clobber_v8_high(void);
void bittern_abi_fixture_move_sp(void);
uint64_t bittern_abi_trampoline(const void *fn, abi_test::State *state,
                                const uint64_t *args);
}

namespace {

TEST(ABITest, GoodFixture) {
  // a1 + 2*a2 + ... + 8*a8 checks every argument register; the fixture
  // uses x19, x20, d8, d9 and its frame, so the translator's managed
  // prologue and epilogue must restore them for this to pass.
  EXPECT_EQ(204u, CHECK_ABI(bittern_abi_fixture_good, 1, 2, 3, 4, 5, 6, 7, 8));
  CheckWeightedSumFixture(bittern_abi_fixture_good, kUnitWeights);
  EXPECT_EQ(0u, CHECK_ABI(bittern_abi_fixture_leaf));
  EXPECT_EQ(0u, CHECK_ABI(bittern_abi_fixture_nonleaf));
  // AAPCS64: sp is 16-byte aligned at every public interface.
  EXPECT_EQ(0u, CHECK_ABI(bittern_abi_fixture_sp_mod16));
  // On AArch64 CHECK_ABI_UNWIND prints a note and runs the register checks.
  EXPECT_EQ(204u, CHECK_ABI_UNWIND(bittern_abi_fixture_good, 1, 2, 3, 4, 5,
                                   6, 7, 8));
}

TEST(ABITest, ClobberedX19) {
  EXPECT_NONFATAL_FAILURE(CHECK_ABI(bittern_abi_fixture_clobber_x19),
                          "x19 was not restored by "
                          "bittern_abi_fixture_clobber_x19");
}

TEST(ABITest, ClobberedFramePointer) {
  EXPECT_NONFATAL_FAILURE(CHECK_ABI(bittern_abi_fixture_clobber_x29),
                          "x29 (the frame pointer) was not restored by "
                          "bittern_abi_fixture_clobber_x29");
}

TEST(ABITest, ClobberedD8) {
  EXPECT_NONFATAL_FAILURE(CHECK_ABI(bittern_abi_fixture_clobber_d8),
                          "d8 was not restored by "
                          "bittern_abi_fixture_clobber_d8");
}

TEST(ABITest, ClobberedD15) {
  EXPECT_NONFATAL_FAILURE(CHECK_ABI(bittern_abi_fixture_clobber_d15),
                          "d15 was not restored");
}

// Only the low 64 bits of v8-v15 are callee-saved (AAPCS64 6.1.2): a
// function may change the upper half of v8 freely, and no failure may be
// reported for it.
TEST(ABITest, V8HighHalfIsNotCalleeSaved) {
  CHECK_ABI(bittern_abi_fixture_clobber_v8_high);
}

TEST(ABITest, StackPointer) {
  EXPECT_NONFATAL_FAILURE(CHECK_ABI(bittern_abi_fixture_move_sp),
                          "sp was not restored by "
                          "bittern_abi_fixture_move_sp (moved by -16 bytes)");
  // The trampoline went back to its own frame: this call must pass.
  EXPECT_EQ(204u, CHECK_ABI(bittern_abi_fixture_good, 1, 2, 3, 4, 5, 6, 7, 8));
}

// Each fixture fault appears exactly once: the checker names the register
// and reports nothing else.
TEST(ABITest, OneFailurePerFault) {
  testing::TestPartResultArray results;
  {
    testing::ScopedFakeTestPartResultReporter reporter(
        testing::ScopedFakeTestPartResultReporter::INTERCEPT_ONLY_CURRENT_THREAD,
        &results);
    CHECK_ABI(bittern_abi_fixture_clobber_d8);
  }
  ASSERT_EQ(1, results.size());
  EXPECT_NE(nullptr, strstr(results.GetTestPartResult(0).message(),
                            "d8 was not restored"));
}

// The build lists the library's assembly symbols with nm: every row's entry
// point, with the address the linker gave it, and not the trampoline.
TEST(ABITest, AsmSymbolList) {
  ExpectRowsListed(
      reinterpret_cast<const void *>(&bittern_abi_trampoline));
}

}  // namespace

#endif  // SUPPORTS_ABI_TEST && OPENSSL_AARCH64
