// Copyright 2026 The project authors.
//
// cpu_x86.c: reads the raw x86 inputs of the capability word: CPUID leaves
// 0, 1 and 7.0, and XCR0. The decisions are made by the pure
// OPENSSL_ia32cap_compute in cpu.c.
//
// i686 CPUs always have CPUID, so unlike a 386/486-era library this does
// not probe EFLAGS.ID first.

#include "internal.h"

#if OPENSSL_CPU_DETECTS_X86

#if defined(_MSC_VER) && !defined(__clang__)
#include <immintrin.h>
#include <intrin.h>
#endif

// run_cpuid sets `regs` to {EAX, EBX, ECX, EDX} after CPUID with
// EAX = `leaf` and ECX = `subleaf`.
static void run_cpuid(uint32_t regs[4], uint32_t leaf, uint32_t subleaf) {
  uint32_t a, b, c, d;
#if defined(_MSC_VER) && !defined(__clang__)
  int r[4];
  __cpuidex(r, (int)leaf, (int)subleaf);
  a = (uint32_t)r[0];
  b = (uint32_t)r[1];
  c = (uint32_t)r[2];
  d = (uint32_t)r[3];
#elif defined(OPENSSL_X86)
  // In 32-bit position-independent code EBX may be the GOT pointer, which
  // the compiler cannot spill around an asm statement. So EBX is swapped
  // with a scratch register before CPUID and swapped back after: the
  // scratch register ends up holding CPUID's EBX and EBX its own value.
  __asm__ volatile(
      "xchgl %%ebx, %1\n\t"
      "cpuid\n\t"
      "xchgl %%ebx, %1"
      : "=a"(a), "=&r"(b), "=c"(c), "=d"(d)
      : "0"(leaf), "2"(subleaf));
#else
  __asm__ volatile("cpuid"
                   : "=a"(a), "=b"(b), "=c"(c), "=d"(d)
                   : "0"(leaf), "2"(subleaf));
#endif
  regs[0] = a;
  regs[1] = b;
  regs[2] = c;
  regs[3] = d;
}

// read_xcr0 returns XCR0 (XGETBV with ECX = 0). Only call it when
// CPUID(1).ECX.OSXSAVE is set: otherwise XGETBV raises #UD.
static uint64_t read_xcr0(void) {
#if defined(_MSC_VER) && !defined(__clang__)
  return (uint64_t)_xgetbv(0);
#else
  uint32_t lo, hi;
  // XGETBV, spelled as bytes (0F 01 D0) so assemblers that predate the
  // mnemonic accept it.
  __asm__ volatile(".byte 0x0f, 0x01, 0xd0" : "=a"(lo), "=d"(hi) : "c"(0));
  return ((uint64_t)hi << 32) | lo;
#endif
}

void OPENSSL_cpu_read_x86(struct cpuid_leaves *out, uint64_t *xcr0) {
  uint32_t regs[4];
  run_cpuid(regs, 0, 0);
  out->max_leaf = regs[0];
  out->vendor[0] = regs[1];
  out->vendor[1] = regs[3];
  out->vendor[2] = regs[2];
  out->leaf1_eax = 0;
  out->leaf1_edx = 0;
  out->leaf1_ecx = 0;
  out->leaf7_ebx = 0;
  out->leaf7_ecx = 0;
  if (out->max_leaf >= 1) {
    run_cpuid(regs, 1, 0);
    out->leaf1_eax = regs[0];
    out->leaf1_ecx = regs[2];
    out->leaf1_edx = regs[3];
  }
  if (out->max_leaf >= 7) {
    run_cpuid(regs, 7, 0);
    out->leaf7_ebx = regs[1];
    out->leaf7_ecx = regs[2];
  }
  *xcr0 = (out->leaf1_ecx & X86_BIT(OSXSAVE)) ? read_xcr0() : 0;
}

#else

// Without x86 detection this file has nothing to compile; the typedef keeps
// the translation unit non-empty, as ISO C requires.
typedef int cpu_x86_unused_t;

#endif  // OPENSSL_CPU_DETECTS_X86
