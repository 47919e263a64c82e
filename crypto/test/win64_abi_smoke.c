// Copyright 2026 The project authors.
//
// win64_abi_smoke.c: runs the Win64 flavours of the ABI trampoline and its
// fixtures (trampoline-x86_64.pl, abi_fixtures-x86_64.pl) where GoogleTest is
// not available: util/check_asm_flavours.sh builds it with
// x86_64-w64-mingw32-gcc, once against the mingw64 objects and once against
// the nasm objects, and runs it under Wine when Wine is installed.
//
// It checks, through the trampoline, what crypto_test checks on Linux plus
// the Win64-only parts: the Win64 argument moves of the managed prologue
// (bittern_abi_fixture_good adds up eight arguments, four of them passed on
// the stack), rdi, rsi and xmm6-xmm15 preserved by a managed function, and
// each broken fixture reported. It then single-steps
// bittern_abi_fixture_good with the trap flag and, at every instruction,
// asks Windows' own unwinder (RtlLookupFunctionEntry + RtlVirtualUnwind,
// reading the .pdata/.xdata the translator wrote) for the caller's frame:
// the return address and rbx, rbp, rsi, rdi, r12-r15 and xmm6-xmm15 must
// come back as they were at the call.
//
// Prints one line per check and exits non-zero on any failure.

#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <windows.h>

// Layout fixed by trampoline-x86_64.pl (and abi_test::State).
struct State {
  uint64_t regs_in[8];  // rbx rbp r12 r13 r14 r15 rdi rsi
  uint64_t regs_out[8];
  uint8_t xmm_in[10][16];
  uint8_t xmm_out[10][16];
  int64_t df;
  int64_t rsp_delta;
};

uint64_t bittern_abi_trampoline(const void *fn, struct State *state,
                                const uint64_t *args);
uint64_t bittern_abi_fixture_good(uint64_t, uint64_t, uint64_t, uint64_t,
                                  uint64_t, uint64_t, uint64_t, uint64_t);
uint64_t bittern_abi_fixture_rsp_mod16(void);
void bittern_abi_fixture_clobber_rbx(void);
void bittern_abi_fixture_clobber_r12(void);
void bittern_abi_fixture_clobber_rdi(void);
void bittern_abi_fixture_clobber_xmm6(void);
void bittern_abi_fixture_leave_df(void);
void bittern_abi_fixture_move_rsp(void);

static const char *const kRegNames[8] = {"rbx", "rbp", "r12", "r13",
                                         "r14", "r15", "rdi", "rsi"};
static int g_failed;
static uint64_t g_rng = 0x77696e3634ull;

static uint64_t Next(void) {  // SplitMix64
  uint64_t z = (g_rng += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

static void Check(int ok, const char *what) {
  printf("%s  %s\n", ok ? "ok  " : "FAIL", what);
  if (!ok) {
    g_failed = 1;
  }
}

// Run calls `fn` through the trampoline and returns a description of the
// faults found ("" if none) in `faults`.
static uint64_t Run(const void *fn, const uint64_t args[8], char *faults,
                    size_t len) {
  struct State s;
  memset(&s, 0, sizeof(s));
  for (int i = 0; i < 8; i++) {
    s.regs_in[i] = Next();
  }
  for (int i = 0; i < 10; i++) {
    for (int j = 0; j < 16; j++) {
      s.xmm_in[i][j] = (uint8_t)Next();
    }
  }
  uint64_t ret = bittern_abi_trampoline(fn, &s, args);
  faults[0] = 0;
  for (int i = 0; i < 8; i++) {
    if (s.regs_out[i] != s.regs_in[i]) {
      snprintf(faults + strlen(faults), len - strlen(faults), "%s ",
               kRegNames[i]);
    }
  }
  for (int i = 0; i < 10; i++) {
    if (memcmp(s.xmm_out[i], s.xmm_in[i], 16) != 0) {
      snprintf(faults + strlen(faults), len - strlen(faults), "xmm%d ",
               6 + i);
    }
  }
  if (s.df != 1) {
    snprintf(faults + strlen(faults), len - strlen(faults), "df ");
  }
  if (s.rsp_delta != 0) {
    snprintf(faults + strlen(faults), len - strlen(faults), "rsp%+lld ",
             (long long)s.rsp_delta);
  }
  return ret;
}

// --- Single-step SEH unwind check ---------------------------------------------

static volatile LONG g_stepping;
static uint64_t g_fn_begin, g_return_address, g_steps;
static CONTEXT g_at_call;  // registers when fixture_good was entered
static char g_unwind_fault[128];

static LONG CALLBACK StepHandler(EXCEPTION_POINTERS *ep) {
  if (ep->ExceptionRecord->ExceptionCode != EXCEPTION_SINGLE_STEP ||
      !g_stepping) {
    return EXCEPTION_CONTINUE_SEARCH;
  }
  CONTEXT *c = ep->ContextRecord;
  uint64_t pc = c->Rip;
  if (g_return_address == 0) {
    if (pc != g_fn_begin) {
      c->EFlags |= 0x100;
      return EXCEPTION_CONTINUE_EXECUTION;
    }
    g_return_address = *(uint64_t *)c->Rsp;
    g_at_call = *c;
  }
  if (pc == g_return_address) {
    g_stepping = 0;
    c->EFlags &= ~0x100u;
    return EXCEPTION_CONTINUE_EXECUTION;
  }
  g_steps++;
  if (g_unwind_fault[0] == 0) {
    CONTEXT u = *c;
    DWORD64 image_base;
    PRUNTIME_FUNCTION rf = RtlLookupFunctionEntry(pc, &image_base, NULL);
    if (rf == NULL) {
      snprintf(g_unwind_fault, sizeof(g_unwind_fault),
               "+0x%llx: no unwind data", (unsigned long long)(pc - g_fn_begin));
    } else {
      void *handler_data;
      DWORD64 frame;
      RtlVirtualUnwind(UNW_FLAG_NHANDLER, image_base, pc, rf, &u,
                       &handler_data, &frame, NULL);
      const char *bad = NULL;
      if (u.Rip != g_return_address) bad = "return address";
      else if (u.Rsp != g_at_call.Rsp + 8) bad = "rsp";
      else if (u.Rbx != g_at_call.Rbx) bad = "rbx";
      else if (u.Rbp != g_at_call.Rbp) bad = "rbp";
      else if (u.Rsi != g_at_call.Rsi) bad = "rsi";
      else if (u.Rdi != g_at_call.Rdi) bad = "rdi";
      else if (u.R12 != g_at_call.R12) bad = "r12";
      else if (memcmp(&u.Xmm6, &g_at_call.Xmm6, 16) != 0) bad = "xmm6";
      if (bad != NULL) {
        snprintf(g_unwind_fault, sizeof(g_unwind_fault),
                 "+0x%llx: unwinder recovered a wrong %s",
                 (unsigned long long)(pc - g_fn_begin), bad);
      }
    }
  }
  c->EFlags |= 0x100;
  return EXCEPTION_CONTINUE_EXECUTION;
}

static void UnwindCheck(void) {
  uint64_t args[8] = {1, 2, 3, 4, 5, 6, 7, 8};
  char faults[256];
  g_fn_begin = (uint64_t)(uintptr_t)&bittern_abi_fixture_good;
  g_return_address = 0;
  g_steps = 0;
  g_unwind_fault[0] = 0;
  PVOID h = AddVectoredExceptionHandler(1, StepHandler);
  g_stepping = 1;
  __asm__ volatile("pushfq\n\torq $0x100, (%%rsp)\n\tpopfq" ::: "memory", "cc");
  uint64_t r = Run((const void *)&bittern_abi_fixture_good, args, faults,
                   sizeof(faults));
  g_stepping = 0;
  RemoveVectoredExceptionHandler(h);
  char line[256];
  snprintf(line, sizeof(line), "single-step SEH unwind of fixture_good: "
           "%llu steps%s%s", (unsigned long long)g_steps,
           g_unwind_fault[0] ? ", " : "", g_unwind_fault);
  Check(r == 204 && faults[0] == 0 && g_steps > 10 && g_unwind_fault[0] == 0,
        line);
}

int main(void) {
  char faults[256], line[320];
  uint64_t args[8];
  uint64_t want = 0;
  for (int i = 0; i < 8; i++) {
    args[i] = Next();
    want += (uint64_t)(i + 1) * args[i];
  }
  uint64_t got = Run((const void *)&bittern_abi_fixture_good, args, faults,
                     sizeof(faults));
  snprintf(line, sizeof(line), "fixture_good: sum of 8 Win64 arguments %s, "
           "faults: '%s'", got == want ? "right" : "WRONG", faults);
  Check(got == want && faults[0] == 0, line);

  got = Run((const void *)&bittern_abi_fixture_rsp_mod16, args, faults,
            sizeof(faults));
  snprintf(line, sizeof(line), "callee entered with rsp = %llu mod 16 (want 8)",
           (unsigned long long)got);
  Check(got == 8 && faults[0] == 0, line);

  static const struct {
    const void *fn;
    const char *name;
    const char *want;
  } kBroken[] = {
      {(const void *)&bittern_abi_fixture_clobber_rbx, "clobber_rbx", "rbx "},
      {(const void *)&bittern_abi_fixture_clobber_r12, "clobber_r12", "r12 "},
      {(const void *)&bittern_abi_fixture_clobber_rdi, "clobber_rdi", "rdi "},
      {(const void *)&bittern_abi_fixture_clobber_xmm6, "clobber_xmm6",
       "xmm6 "},
      {(const void *)&bittern_abi_fixture_leave_df, "leave_df", "df "},
      {(const void *)&bittern_abi_fixture_move_rsp, "move_rsp", "rsp-8 "},
  };
  memset(args, 0, sizeof(args));
  for (size_t i = 0; i < sizeof(kBroken) / sizeof(kBroken[0]); i++) {
    Run(kBroken[i].fn, args, faults, sizeof(faults));
    snprintf(line, sizeof(line), "fixture_%s reported as '%s' (want '%s')",
             kBroken[i].name, faults, kBroken[i].want);
    Check(strcmp(faults, kBroken[i].want) == 0, line);
  }
  // The trampoline cleared DF after leave_df; the next call is clean again.
  Run((const void *)&bittern_abi_fixture_good, args, faults, sizeof(faults));
  Check(faults[0] == 0, "fixture_good clean after the broken ones");

  UnwindCheck();
  return g_failed;
}
