// Copyright 2026 The project authors.
//
// abi_test.cc: the C++ half of the ABI checker (see abi_test.h): random
// register values, the comparison after each call, the single-step unwind
// check, and the coverage check over the library's assembly entry points.

#include "abi_test.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if defined(__GNUC__) && (defined(__x86_64__) || defined(__i386__))
#include <cpuid.h>
#endif

#include <mutex>
#include <set>
#include <string>
#include <vector>

#include "test_util.h"

#if defined(SUPPORTS_ABI_TEST) && defined(OPENSSL_X86_64) && \
    defined(__linux__) && defined(__ELF__)
#define SUPPORTS_UNWIND_TEST
#include <setjmp.h>
#include <signal.h>
#include <ucontext.h>
#include <unwind.h>
#endif

#if defined(SUPPORTS_ABI_TEST) && defined(OPENSSL_X86)
// crypto/test/asm/trampoline-x86.pl: returns the callee's %edx:%eax.
extern "C" uint64_t bittern_abi_trampoline(const void *fn,
                                           abi_test::State *state,
                                           const uint32_t *args);
#elif defined(SUPPORTS_ABI_TEST)
extern "C" uint64_t bittern_abi_trampoline(const void *fn,
                                           abi_test::State *state,
                                           const uint64_t *args);
#endif

namespace abi_test {

namespace {

std::mutex g_lock;  // guards everything below and the trampoline's slot

TestRNG &Rng() {
  static TestRNG rng(0x61626920636865ull);  // fixed: failures reproduce
  return rng;
}

std::set<const void *> &Checked() {
  static std::set<const void *> s;
  return s;
}

std::set<const void *> &Exempt() {
  static std::set<const void *> s;
  return s;
}

#if defined(OPENSSL_X86)
// In the order of State::regs_in (crypto/test/asm/trampoline-x86.pl).
const char *const kX86RegNames[4] = {"ebx", "esi", "edi", "ebp"};
#elif defined(OPENSSL_AARCH64)
// In the order of State::regs_in and State::d_in
// (crypto/test/asm/trampoline-armv8.pl).
[[maybe_unused]] const char *const kA64RegNames[11] = {
    "x19", "x20", "x21", "x22", "x23", "x24",
    "x25", "x26", "x27", "x28", "x29 (the frame pointer)"};
[[maybe_unused]] const char *const kA64DRegNames[8] = {
    "d8", "d9", "d10", "d11", "d12", "d13", "d14", "d15"};
#else
#if defined(_WIN64)
constexpr int kNumRegs = 8;
#else
constexpr int kNumRegs = 6;
#endif
const char *const kRegNames[8] = {"rbx", "rbp", "r12", "r13",
                                  "r14", "r15", "rdi", "rsi"};
#endif  // OPENSSL_X86

#if defined(SUPPORTS_ABI_TEST) && \
    (defined(OPENSSL_X86) || defined(OPENSSL_X86_64)) && defined(__GNUC__)
// --- Upper vector state ------------------------------------------------------
//
// XINUSE (xgetbv with ecx = 1, where CPUID.(EAX=0DH,ECX=1):EAX bit 2 says
// the CPU has it) tells which parts of the vector state may be non-zero:
// bit 2 the upper halves of ymm0-ymm15, bit 6 the upper 256 bits of
// zmm0-zmm15. In 64-bit mode vzeroupper and vzeroall clear both, and
// VEX.128 instructions and zeroing idioms leave them clear. A function that
// returns with either set makes every later legacy-SSE instruction that
// writes an xmm register merge into the old upper half: the SHA-NI loop ran
// 25% slower after a peer's AVX-512 code left them set (util/batch_bench).
// zmm16-zmm31 (bit 7) are out of reach of the SSE encodings and cost that
// code nothing (measured on AMD Zen 4), so they are not checked.
bool UpperStateCheckable() {
  static const bool ok = [] {
    unsigned a, b, c, d;
    if (!__get_cpuid(1, &a, &b, &c, &d) ||
        (c & (1u << 27)) == 0 ||   // OSXSAVE
        (c & (1u << 28)) == 0) {   // AVX
      return false;
    }
    uint32_t xcr0_lo, xcr0_hi;
    __asm__ volatile("xgetbv" : "=a"(xcr0_lo), "=d"(xcr0_hi) : "c"(0));
    if ((xcr0_lo & 6) != 6 || __get_cpuid_max(0, nullptr) < 0xd) {
      return false;  // the OS does not save the ymm state
    }
    __cpuid_count(0xd, 1, a, b, c, d);
    return (a & 4) != 0;
  }();
  return ok;
}

constexpr uint32_t kDirtyUpperBits = (1u << 2) | (1u << 6);

uint32_t XInUse() {
  uint32_t lo, hi;
  __asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(1));
  return lo;
}

// ClearUpperState runs vzeroupper, so that what is found after the call is
// the callee's doing, and returns whether the state is clean. (This file is
// built without AVX: the compiler keeps nothing in the upper halves.) In
// 32-bit mode vzeroupper cannot clean it: once any VEX.256 instruction or
// vzeroall has run there, AMD Zen 4 reports the upper state in use after
// every later legacy-SSE instruction, and those run 2-3x slower, until an
// XRSTOR returns the AVX state to its initial configuration (see
// crypto/poly1305/asm/poly1305-x86.pl). So a call is checked only when it
// starts clean. There the dirty state may show only once legacy-SSE code
// has run (XINUSE read 0 right after vzeroall), so the failures name the
// AVX2 function and the SSE functions called after it; without the XRSTOR
// in poly1305-x86.pl this check failed 7 Poly1305 tests of the i686 suite.
bool ClearUpperState() {
  if (!UpperStateCheckable()) {
    return false;
  }
  __asm__ volatile("vzeroupper" ::: "memory");
  return (XInUse() & kDirtyUpperBits) == 0;
}

void CheckUpperState(bool clean_before, const char *file, int line,
                     const char *name) {
  if (clean_before && (XInUse() & kDirtyUpperBits) != 0) {
    ADD_FAILURE_AT(file, line)
        << name << " returned with the upper halves of ymm0-15/zmm0-15 in "
        << "use (XINUSE " << std::hex << XInUse() << std::dec
        << "): it needs vzeroupper (in 32-bit mode: an XRSTOR of the AVX "
        << "state) before it returns";
  }
}

// --- MXCSR ---------------------------------------------------------------------
//
// MXCSR's control bits (rounding, flush-to-zero, the exception masks) are
// callee-saved in the x86 and x86-64 ABIs; its six exception flags are not.
// The call runs with rounding toward +infinity, so a function that resets
// MXCSR to its default, or loads it from a wrong place (the XRSTOR in
// poly1305-x86.pl loads it from its image), fails. (Not flush-to-zero too:
// valgrind drops that bit.)
constexpr uint32_t kMxcsrTest = 0x5f80;   // RC = up, all exceptions masked
constexpr uint32_t kMxcsrFlags = 0x3f;

bool HasSSE() {
  static const bool ok = [] {
    unsigned a, b, c, d;
    return __get_cpuid(1, &a, &b, &c, &d) && (d & (1u << 25)) != 0;
  }();
  return ok;
}

// SetTestMxcsr loads kMxcsrTest and returns the MXCSR to restore.
uint32_t SetTestMxcsr() {
  uint32_t old = 0;
  if (HasSSE()) {
    uint32_t test = kMxcsrTest;
    __asm__ volatile("stmxcsr %0\n\tldmxcsr %1" : "=m"(old) : "m"(test));
  }
  return old;
}

void CheckMxcsr(uint32_t old, const char *file, int line, const char *name) {
  if (!HasSSE()) {
    return;
  }
  uint32_t now;
  __asm__ volatile("stmxcsr %0\n\tldmxcsr %1" : "=m"(now) : "m"(old));
  if ((now & ~kMxcsrFlags) != kMxcsrTest) {
    ADD_FAILURE_AT(file, line) << name << " changed MXCSR's control bits ("
                               << std::hex << kMxcsrTest << " before, "
                               << now << " after)" << std::dec;
  }
}
#elif defined(SUPPORTS_ABI_TEST) && \
    (defined(OPENSSL_X86) || defined(OPENSSL_X86_64))
// Without GCC-style inline assembly there is no XINUSE or MXCSR probe.
bool ClearUpperState() { return false; }
void CheckUpperState(bool, const char *, int, const char *) {}
uint32_t SetTestMxcsr() { return 0; }
void CheckMxcsr(uint32_t, const char *, int, const char *) {}
#endif

}  // namespace

uint64_t RandomWord() {
  std::lock_guard<std::mutex> l(g_lock);
  return Rng().Next();
}

void RecordChecked(const void *fn) {
  std::lock_guard<std::mutex> l(g_lock);
  Checked().insert(fn);
}

void NotRunnableHere(const void *fn) {
  std::lock_guard<std::mutex> l(g_lock);
  Exempt().insert(fn);
}

#if defined(SUPPORTS_UNWIND_TEST)

// --- Single-step unwind check --------------------------------------------------
//
// The trap flag (EFLAGS bit 8) makes the CPU raise SIGTRAP after every
// instruction. The handler ignores the steps before the function under test
// is entered and after it returns to the trampoline; at every step in
// between (the entry instruction included) it unwinds from the interrupted
// context with libgcc's _Unwind_Backtrace, which reads the CFI the
// translator emitted. The walk must reach the trampoline's return address,
// and that frame's callee-saved registers (DWARF 3 rbx, 6 rbp, 12-15
// r12-r15) must hold the values the trampoline loaded before the call:
// a wrong CFA rule loses the return address, a missing or wrong
// .cfi_offset loses a register.
//
// Wrong CFI can send libgcc to a garbage return address, and libgcc then
// reads the code bytes there (to recognise a signal trampoline) and faults.
// A SIGSEGV/SIGBUS handler, armed only while the walk runs, jumps back out
// and the step counts as a failed unwind; outside a walk it restores the
// default action so a real crash still crashes.
//
// The handler must not allocate or call into GoogleTest, so it records the
// first failure in `g_step` and RunChecked reports it afterwards.

namespace {

constexpr uint64_t kTrapFlag = 0x100;

struct StepState {
  const void *fn;            // the function under test
  uint64_t expected[6];      // rbx rbp r12 r13 r14 r15 at the call
  uint64_t return_address;   // in the trampoline; 0 until fn is entered
  bool active;               // between the entry to fn and its return
  bool done;
  uint64_t traps;            // every SIGTRAP, in the window or not
  uint64_t steps;            // those inside the function under test
  // The first failure: instruction offset from fn and what went wrong.
  bool failed;
  uint64_t fail_pc;
  char fail_what[96];
};

StepState g_step;
sigjmp_buf g_walk_jmp;
volatile sig_atomic_t g_walking;

void FaultHandler(int sig) {
  if (g_walking) {
    g_walking = 0;
    siglongjmp(g_walk_jmp, 1);
  }
  signal(sig, SIG_DFL);  // not ours: crash as usual on return
}

struct WalkState {
  uint64_t return_address;
  bool found;
  uint64_t regs[6];
  int frames;
};

_Unwind_Reason_Code WalkFrame(struct _Unwind_Context *ctx, void *arg) {
  WalkState *w = static_cast<WalkState *>(arg);
  if (++w->frames > 64) {
    return _URC_END_OF_STACK;
  }
  if (static_cast<uint64_t>(_Unwind_GetIP(ctx)) == w->return_address) {
    static const int kDwarf[6] = {3, 6, 12, 13, 14, 15};
    for (int i = 0; i < 6; i++) {
      w->regs[i] = static_cast<uint64_t>(_Unwind_GetGR(ctx, kDwarf[i]));
    }
    w->found = true;
    return _URC_END_OF_STACK;
  }
  return _URC_NO_REASON;
}

void StepFail(uint64_t pc, const char *what) {
  if (g_step.failed) {
    return;
  }
  g_step.failed = true;
  g_step.fail_pc = pc;
  snprintf(g_step.fail_what, sizeof(g_step.fail_what), "%s", what);
}

void TrapHandler(int sig, siginfo_t *info, void *uctx) {
  (void)sig;
  (void)info;
  ucontext_t *uc = static_cast<ucontext_t *>(uctx);
  greg_t *gr = uc->uc_mcontext.gregs;
  uint64_t pc = static_cast<uint64_t>(gr[REG_RIP]);
  g_step.traps++;
  if (g_step.done) {
    gr[REG_EFL] &= ~static_cast<greg_t>(kTrapFlag);
    return;
  }
  if (!g_step.active) {
    if (pc != reinterpret_cast<uint64_t>(g_step.fn)) {
      return;  // still in the test code or the trampoline
    }
    g_step.active = true;
    memcpy(&g_step.return_address,
           reinterpret_cast<const void *>(gr[REG_RSP]), 8);
  } else if (pc == g_step.return_address) {
    g_step.active = false;
    g_step.done = true;
    gr[REG_EFL] &= ~static_cast<greg_t>(kTrapFlag);
    return;
  }
  g_step.steps++;
  WalkState w;
  memset(&w, 0, sizeof(w));
  w.return_address = g_step.return_address;
  uint64_t off = pc - reinterpret_cast<uint64_t>(g_step.fn);
  if (sigsetjmp(g_walk_jmp, 1) == 0) {
    g_walking = 1;
    _Unwind_Backtrace(WalkFrame, &w);
    g_walking = 0;
  } else {
    StepFail(off, "the unwinder did not reach the caller's frame (it "
             "faulted on a wrong return address)");
    return;
  }
  if (!w.found) {
    StepFail(off, "the unwinder did not reach the caller's frame");
    return;
  }
  for (int i = 0; i < 6; i++) {
    if (w.regs[i] != g_step.expected[i]) {
      char what[96];
      snprintf(what, sizeof(what), "the unwinder recovered a wrong %s",
               kRegNames[i]);
      StepFail(off, what);
      return;
    }
  }
}

// SetTrapFlag sets EFLAGS.TF: the next instruction after the popfq traps.
__attribute__((noinline)) void SetTrapFlag() {
  __asm__ volatile(
      "pushfq\n\t"
      "orq $0x100, (%%rsp)\n\t"
      "popfq\n\t" ::: "memory", "cc");
}

__attribute__((noinline)) void ClearTrapFlag() {
  __asm__ volatile(
      "pushfq\n\t"
      "andq $-0x101, (%%rsp)\n\t"
      "popfq\n\t" ::: "memory", "cc");
}

// StepCall runs the trampoline with single-stepping on; the outcome is in
// g_step.
uint64_t StepCall(const void *fn, State *state, const uint64_t args[8]) {
  memset(&g_step, 0, sizeof(g_step));
  g_step.fn = fn;
  memcpy(g_step.expected, state->regs_in, sizeof(g_step.expected));
  struct sigaction sa, fault, old_trap, old_segv, old_bus;
  memset(&sa, 0, sizeof(sa));
  sa.sa_sigaction = TrapHandler;
  sa.sa_flags = SA_SIGINFO;
  sigemptyset(&sa.sa_mask);
  memset(&fault, 0, sizeof(fault));
  fault.sa_handler = FaultHandler;
  sigemptyset(&fault.sa_mask);
  g_walking = 0;
  sigaction(SIGSEGV, &fault, &old_segv);
  sigaction(SIGBUS, &fault, &old_bus);
  sigaction(SIGTRAP, &sa, &old_trap);
  SetTrapFlag();
  uint64_t ret = bittern_abi_trampoline(fn, state, args);
  ClearTrapFlag();
  sigaction(SIGTRAP, &old_trap, nullptr);
  sigaction(SIGBUS, &old_bus, nullptr);
  sigaction(SIGSEGV, &old_segv, nullptr);
  return ret;
}

}  // namespace

#endif  // SUPPORTS_UNWIND_TEST

#if defined(SUPPORTS_ABI_TEST) && defined(OPENSSL_X86)

// The x86 (cdecl) check: each argument word is the low 32 bits of what
// ToWord made; ebx, esi, edi, ebp get fresh random values per call.
uint64_t RunChecked(const char *file, int line, const char *name,
                    const void *fn, const uint64_t args[8], bool unwind) {
  std::lock_guard<std::mutex> l(g_lock);
  State state;
  memset(&state, 0, sizeof(state));
  for (int i = 0; i < 4; i++) {
    state.regs_in[i] = static_cast<uint32_t>(Rng().Next());
  }
  uint32_t words[8];
  for (int i = 0; i < 8; i++) {
    words[i] = static_cast<uint32_t>(args[i]);
  }
  if (unwind) {
    fprintf(stderr, "note: %s:%d: no single-step unwind check on 32-bit "
            "x86; ran the register checks only\n", file, line);
  }
  bool clean = ClearUpperState();
  uint32_t mxcsr = SetTestMxcsr();
  uint64_t ret = bittern_abi_trampoline(fn, &state, words);
  CheckMxcsr(mxcsr, file, line, name);
  CheckUpperState(clean, file, line, name);
  for (int i = 0; i < 4; i++) {
    if (state.regs_out[i] != state.regs_in[i]) {
      ADD_FAILURE_AT(file, line) << kX86RegNames[i]
                                 << " was not restored by " << name;
    }
  }
  if (state.df == -1) {
    ADD_FAILURE_AT(file, line) << "the direction flag was set on return from "
                               << name;
  } else if (state.df != 1) {
    ADD_FAILURE_AT(file, line) << "direction-flag probe of " << name
                               << " gave " << state.df;
  }
  if (state.esp_delta != 0) {
    ADD_FAILURE_AT(file, line) << "esp was not restored by " << name
                               << " (moved by " << state.esp_delta
                               << " bytes)";
  }
  return ret;
}

#endif  // SUPPORTS_ABI_TEST && OPENSSL_X86

#if defined(SUPPORTS_ABI_TEST)

#if defined(OPENSSL_AARCH64)
// The AArch64 (AAPCS64) check: x19-x29 and d8-d15 get fresh random values
// per call and must come back unchanged; sp must be back where it was.
uint64_t RunChecked(const char *file, int line, const char *name,
                    const void *fn, const uint64_t args[8], bool unwind) {
  std::lock_guard<std::mutex> l(g_lock);
  State state;
  memset(&state, 0, sizeof(state));
  for (int i = 0; i < 11; i++) {
    state.regs_in[i] = Rng().Next();
  }
  for (int i = 0; i < 8; i++) {
    state.d_in[i] = Rng().Next();
  }
  if (unwind) {
    fprintf(stderr, "note: %s:%d: the single-step unwind check is x86-64 "
            "Linux only; ran the register checks of %s only\n", file, line,
            name);
  }
  uint64_t ret = bittern_abi_trampoline(fn, &state, args);
  for (int i = 0; i < 11; i++) {
    if (state.regs_out[i] != state.regs_in[i]) {
      ADD_FAILURE_AT(file, line) << kA64RegNames[i]
                                 << " was not restored by " << name;
    }
  }
  for (int i = 0; i < 8; i++) {
    if (state.d_out[i] != state.d_in[i]) {
      ADD_FAILURE_AT(file, line) << kA64DRegNames[i]
                                 << " was not restored by " << name;
    }
  }
  if (state.sp_delta != 0) {
    ADD_FAILURE_AT(file, line) << "sp was not restored by " << name
                               << " (moved by " << state.sp_delta
                               << " bytes)";
  }
  return ret;
}
#elif !defined(OPENSSL_X86)
uint64_t RunChecked(const char *file, int line, const char *name,
                    const void *fn, const uint64_t args[8], bool unwind) {
  std::lock_guard<std::mutex> l(g_lock);
  State state;
  memset(&state, 0, sizeof(state));
  for (int i = 0; i < 8; i++) {
    state.regs_in[i] = Rng().Next();
  }
  Rng().Fill(&state.xmm_in[0][0], sizeof(state.xmm_in));

  uint64_t ret;
  bool clean = ClearUpperState();
  uint32_t mxcsr = SetTestMxcsr();
#if defined(SUPPORTS_UNWIND_TEST)
  if (unwind) {
    ret = StepCall(fn, &state, args);
    if (g_step.traps == 0) {
      // Valgrind, for one, does not emulate the trap flag.
      fprintf(stderr, "note: %s:%d: single-stepping does not work here; "
              "no unwind check of %s\n", file, line, name);
    } else if (!g_step.done) {
      ADD_FAILURE_AT(file, line) << "unwind check of " << name
                                 << ": never saw it return";
    } else if (g_step.failed) {
      ADD_FAILURE_AT(file, line)
          << "unwind check of " << name << ": at " << name << "+0x"
          << std::hex << g_step.fail_pc << std::dec << ", "
          << g_step.fail_what;
    }
  } else {
    ret = bittern_abi_trampoline(fn, &state, args);
  }
#else
  if (unwind) {
    fprintf(stderr, "note: %s:%d: no single-step unwind check on this "
            "platform; ran the register checks only\n", file, line);
  }
  ret = bittern_abi_trampoline(fn, &state, args);
#endif
  CheckMxcsr(mxcsr, file, line, name);
  CheckUpperState(clean, file, line, name);

  for (int i = 0; i < kNumRegs; i++) {
    if (state.regs_out[i] != state.regs_in[i]) {
      ADD_FAILURE_AT(file, line) << kRegNames[i] << " was not restored by "
                                 << name;
    }
  }
#if defined(_WIN64)
  for (int i = 0; i < 10; i++) {
    if (memcmp(state.xmm_out[i], state.xmm_in[i], 16) != 0) {
      ADD_FAILURE_AT(file, line) << "xmm" << (6 + i)
                                 << " was not restored by " << name;
    }
  }
#endif
  if (state.df == -1) {
    ADD_FAILURE_AT(file, line) << "the direction flag was set on return from "
                               << name;
  } else if (state.df != 1) {
    ADD_FAILURE_AT(file, line) << "direction-flag probe of " << name
                               << " gave " << state.df;
  }
  if (state.rsp_delta != 0) {
    ADD_FAILURE_AT(file, line) << "rsp was not restored by " << name
                               << " (moved by " << state.rsp_delta
                               << " bytes)";
  }
  return ret;
}
#endif  // !OPENSSL_X86

// --- Coverage ------------------------------------------------------------------
//
// kAsmEntryPoints is generated at build time (crypto/perlasm/tools/
// list_asm_symbols.pl) from `nm` over the library archive: every global
// function symbol defined in an assembly object, with its address. After
// the last test, if the whole suite ran, each must have been CHECK_ABI'd.

namespace {

class CoverageCheck : public testing::Environment {
 public:
  void TearDown() override {
    std::string filter = GTEST_FLAG_GET(filter);
    if (filter != "*" || getenv("GTEST_TOTAL_SHARDS") != nullptr) {
      fprintf(stderr, "note: ABI coverage check skipped (filtered or "
              "sharded run)\n");
      return;
    }
    size_t exempt;
    for (const std::string &name :
         UncheckedEntryPoints(kAsmEntryPoints, kNumAsmEntryPoints, &exempt)) {
      ADD_FAILURE() << "assembly entry point " << name
                    << " was never called through CHECK_ABI";
    }
    fprintf(stderr, "note: ABI coverage: %zu assembly entry points, %zu not "
            "runnable on this CPU\n", kNumAsmEntryPoints, exempt);
  }
};

[[maybe_unused]] testing::Environment *const g_coverage =
    testing::AddGlobalTestEnvironment(new CoverageCheck);

}  // namespace

#endif  // SUPPORTS_ABI_TEST

std::vector<std::string> UncheckedEntryPoints(const AsmEntryPoint *list,
                                              size_t n, size_t *num_exempt) {
  std::lock_guard<std::mutex> l(g_lock);
  std::vector<std::string> missing;
  *num_exempt = 0;
  for (size_t i = 0; i < n; i++) {
    if (strcmp(list[i].name, "bittern_abi_trampoline") == 0 ||
        Checked().count(list[i].addr)) {
      continue;
    }
    if (Exempt().count(list[i].addr)) {
      (*num_exempt)++;
      continue;
    }
    missing.push_back(list[i].name);
  }
  return missing;
}

}  // namespace abi_test
