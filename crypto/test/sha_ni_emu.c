// Copyright 2026 The project authors.
//
// sha_ni_emu.c: the SHA-extension models and, on 32-bit x86 Linux, the
// SIGILL handler that runs them in place of the real instructions. See
// sha_ni_emu.h for why this exists.

// <sys/ucontext.h> names the saved registers (REG_EIP, ...) only with
// _GNU_SOURCE, and the project builds as strict C11.
#if !defined(_GNU_SOURCE)
#define _GNU_SOURCE
#endif

#include "sha_ni_emu.h"

#include <openssl/base.h>

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "../cpu/internal.h"

#if defined(OPENSSL_X86) && defined(__linux__) && !defined(OPENSSL_NO_ASM)
#define SHA_NI_EMU_HANDLER 1
#include <asm/ldt.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <ucontext.h>
#include <unistd.h>
#else
#define SHA_NI_EMU_HANDLER 0
#endif


// Models. Each reads all of its inputs into locals before writing `dst`, so
// `dst` may alias `src` or `wk`. Names follow the SDM's pseudo-code.

static uint32_t rol32(uint32_t x, int n) {
  return (x << n) | (x >> (32 - n));
}

static uint32_t ror32(uint32_t x, int n) {
  return (x >> n) | (x << (32 - n));
}

// sha1_f is SHA-1's round function for round group `group` (FIPS 180-4,
// 4.1.1): Ch for rounds 0..19, Parity for 20..39 and 60..79, Maj for 40..59.
static uint32_t sha1_f(int group, uint32_t b, uint32_t c, uint32_t d) {
  switch (group) {
    case 0:
      return (b & c) ^ (~b & d);
    case 2:
      return (b & c) ^ (b & d) ^ (c & d);
    default:
      return b ^ c ^ d;
  }
}

static const uint32_t kSHA1K[4] = {0x5a827999, 0x6ed9eba1, 0x8f1bbcdc,
                                   0xca62c1d6};

void sha_ni_model_sha1rnds4(sha_ni_vec *dst, const sha_ni_vec *src, int imm) {
  int group = imm & 3;
  uint32_t k = kSHA1K[group];
  uint32_t a = dst->d[3], b = dst->d[2], c = dst->d[1], d = dst->d[0];
  // w[0] already includes E: the instruction takes E only through W0 + E.
  // Later rounds add the E that the previous round shifted down from D.
  uint32_t w[4] = {src->d[3], src->d[2], src->d[1], src->d[0]};
  uint32_t e = 0;
  for (int i = 0; i < 4; i++) {
    uint32_t t = sha1_f(group, b, c, d) + rol32(a, 5) + w[i] + e + k;
    e = d;
    d = c;
    c = rol32(b, 30);
    b = a;
    a = t;
  }
  dst->d[3] = a;
  dst->d[2] = b;
  dst->d[1] = c;
  dst->d[0] = d;
}

void sha_ni_model_sha1nexte(sha_ni_vec *dst, const sha_ni_vec *src) {
  uint32_t e = rol32(dst->d[3], 30);
  sha_ni_vec s = *src;
  dst->d[3] = s.d[3] + e;
  dst->d[2] = s.d[2];
  dst->d[1] = s.d[1];
  dst->d[0] = s.d[0];
}

void sha_ni_model_sha1msg1(sha_ni_vec *dst, const sha_ni_vec *src) {
  uint32_t w0 = dst->d[3], w1 = dst->d[2], w2 = dst->d[1], w3 = dst->d[0];
  uint32_t w4 = src->d[3], w5 = src->d[2];
  dst->d[3] = w2 ^ w0;
  dst->d[2] = w3 ^ w1;
  dst->d[1] = w4 ^ w2;
  dst->d[0] = w5 ^ w3;
}

void sha_ni_model_sha1msg2(sha_ni_vec *dst, const sha_ni_vec *src) {
  uint32_t w13 = src->d[2], w14 = src->d[1], w15 = src->d[0];
  uint32_t w16 = rol32(dst->d[3] ^ w13, 1);
  uint32_t w17 = rol32(dst->d[2] ^ w14, 1);
  uint32_t w18 = rol32(dst->d[1] ^ w15, 1);
  uint32_t w19 = rol32(dst->d[0] ^ w16, 1);
  dst->d[3] = w16;
  dst->d[2] = w17;
  dst->d[1] = w18;
  dst->d[0] = w19;
}

// SHA-256's functions (FIPS 180-4, 4.1.2).
static uint32_t sha256_ch(uint32_t x, uint32_t y, uint32_t z) {
  return (x & y) ^ (~x & z);
}
static uint32_t sha256_maj(uint32_t x, uint32_t y, uint32_t z) {
  return (x & y) ^ (x & z) ^ (y & z);
}
static uint32_t sha256_big_sigma0(uint32_t x) {
  return ror32(x, 2) ^ ror32(x, 13) ^ ror32(x, 22);
}
static uint32_t sha256_big_sigma1(uint32_t x) {
  return ror32(x, 6) ^ ror32(x, 11) ^ ror32(x, 25);
}
static uint32_t sha256_sigma0(uint32_t x) {
  return ror32(x, 7) ^ ror32(x, 18) ^ (x >> 3);
}
static uint32_t sha256_sigma1(uint32_t x) {
  return ror32(x, 17) ^ ror32(x, 19) ^ (x >> 10);
}

void sha_ni_model_sha256rnds2(sha_ni_vec *dst, const sha_ni_vec *src,
                              const sha_ni_vec *wk) {
  uint32_t a = src->d[3], b = src->d[2], e = src->d[1], f = src->d[0];
  uint32_t c = dst->d[3], d = dst->d[2], g = dst->d[1], h = dst->d[0];
  uint32_t w[2] = {wk->d[0], wk->d[1]};
  for (int i = 0; i < 2; i++) {
    uint32_t t1 = h + sha256_big_sigma1(e) + sha256_ch(e, f, g) + w[i];
    uint32_t t2 = sha256_big_sigma0(a) + sha256_maj(a, b, c);
    h = g;
    g = f;
    f = e;
    e = d + t1;
    d = c;
    c = b;
    b = a;
    a = t1 + t2;
  }
  dst->d[3] = a;
  dst->d[2] = b;
  dst->d[1] = e;
  dst->d[0] = f;
}

void sha_ni_model_sha256msg1(sha_ni_vec *dst, const sha_ni_vec *src) {
  uint32_t w[5] = {dst->d[0], dst->d[1], dst->d[2], dst->d[3], src->d[0]};
  for (int i = 0; i < 4; i++) {
    dst->d[i] = w[i] + sha256_sigma0(w[i + 1]);
  }
}

void sha_ni_model_sha256msg2(sha_ni_vec *dst, const sha_ni_vec *src) {
  // w[i] = W(14 + i): W14 and W15 from `src`, then W16 and W17 as they are
  // finished, since W18 and W19 depend on them.
  uint32_t w[4] = {src->d[2], src->d[3], 0, 0};
  sha_ni_vec x = *dst;
  for (int i = 0; i < 4; i++) {
    x.d[i] += sha256_sigma1(w[i]);
    if (i < 2) {
      w[i + 2] = x.d[i];
    }
  }
  *dst = x;
}


#if SHA_NI_EMU_HANDLER

// Set once by sha_ni_emu_enable(), which main() calls before any test (and
// so before any other thread) runs.
static int emu_active;

// Incremented by the handler in whichever thread trapped. 64-bit atomics
// are lock-free on i686 (CMPXCHG8B), so this is async-signal-safe.
static unsigned long long emu_count;

// The 32-bit signal frame's FPU area (uc_mcontext.fpregs, the kernel's
// struct _fpstate_32): a 112-byte FSAVE-format header, whose last 16-bit
// field is `magic` (0x0000 when the FXSAVE image follows, 0xffff when only
// the legacy x87 state is present), then the FXSAVE image, in which xmm0
// to xmm7 are 16 bytes each from byte 160 (112 + 160 = 272). Both the
// kernel and qemu-user reload the registers from here on return.
#define FPSTATE_MAGIC_OFFSET 110
#define FPSTATE_MAGIC_FXSR 0x0000
#define FPSTATE_XMM_OFFSET 272

// ModRM/SIB register numbers 0..7 (eax, ecx, edx, ebx, esp, ebp, esi, edi)
// to their slots in uc_mcontext.gregs. REG_ESP is the stack pointer at the
// fault, which sigreturn restores.
static const int kGregOfModRM[8] = {REG_EAX, REG_ECX, REG_EDX, REG_EBX,
                                    REG_ESP, REG_EBP, REG_ESI, REG_EDI};

enum sha_op {
  OP_SHA1RNDS4,
  OP_SHA1NEXTE,
  OP_SHA1MSG1,
  OP_SHA1MSG2,
  OP_SHA256RNDS2,
  OP_SHA256MSG1,
  OP_SHA256MSG2,
};

// A decoded instruction.
struct sha_insn {
  enum sha_op op;
  int dst;          // xmm register number (ModRM.reg)
  int src_is_mem;   // 1: 128-bit memory operand at `src_addr`
  int src_xmm;      // else: xmm register number (ModRM.rm)
  uint32_t src_addr;
  int imm;          // SHA1RNDS4 only
  uint32_t len;     // bytes, to advance EIP by
};

// decode reads the instruction at `p` with the general registers `gregs`.
// It returns 1 and fills `out` for one of the seven SHA instructions, and 0
// for anything else (including any prefix, which either changes the opcode
// or, for LOCK, makes it undefined). It reads no further than the bytes the
// encoding says are there.
static int decode(const uint8_t *p, const greg_t *gregs,
                  struct sha_insn *out) {
  uint32_t n = 0;
  if (p[n++] != 0x0f) {
    return 0;
  }
  uint8_t map = p[n++];
  if (map != 0x38 && map != 0x3a) {
    return 0;
  }
  uint8_t opcode = p[n++];
  if (map == 0x38) {
    switch (opcode) {
      case 0xc8: out->op = OP_SHA1NEXTE; break;
      case 0xc9: out->op = OP_SHA1MSG1; break;
      case 0xca: out->op = OP_SHA1MSG2; break;
      case 0xcb: out->op = OP_SHA256RNDS2; break;
      case 0xcc: out->op = OP_SHA256MSG1; break;
      case 0xcd: out->op = OP_SHA256MSG2; break;
      default: return 0;
    }
  } else if (map == 0x3a && opcode == 0xcc) {
    out->op = OP_SHA1RNDS4;
  } else {
    return 0;
  }

  uint8_t modrm = p[n++];
  int mod = modrm >> 6, rm = modrm & 7;
  out->dst = (modrm >> 3) & 7;
  out->src_is_mem = mod != 3;
  out->src_xmm = rm;
  out->src_addr = 0;
  if (mod != 3) {
    // 32-bit addressing: base + index * scale + displacement, mod 2^32.
    uint32_t addr = 0;
    int base = rm;
    int disp_bytes = mod == 1 ? 1 : mod == 2 ? 4 : 0;
    if (rm == 4) {
      uint8_t sib = p[n++];
      int scale = sib >> 6, index = (sib >> 3) & 7;
      base = sib & 7;
      if (index != 4) {  // index 4 (esp) means "no index"
        addr += (uint32_t)gregs[kGregOfModRM[index]] << scale;
      }
      if (mod == 0 && base == 5) {  // no base, disp32
        base = -1;
        disp_bytes = 4;
      }
    } else if (mod == 0 && rm == 5) {  // absolute disp32
      base = -1;
      disp_bytes = 4;
    }
    if (base >= 0) {
      addr += (uint32_t)gregs[kGregOfModRM[base]];
    }
    if (disp_bytes == 1) {
      addr += (uint32_t)(int32_t)(int8_t)p[n];
    } else if (disp_bytes == 4) {
      uint32_t disp;
      memcpy(&disp, p + n, 4);  // little-endian, like the host
      addr += disp;
    }
    n += (uint32_t)disp_bytes;
    out->src_addr = addr;
  }
  out->imm = 0;
  if (out->op == OP_SHA1RNDS4) {
    out->imm = p[n++];
  }
  out->len = n;
  return 1;
}

// write_all writes `s` to stderr with write(2), the async-signal-safe way.
static void write_all(const char *s, size_t len) {
  while (len > 0) {
    ssize_t r = write(STDERR_FILENO, s, len);
    if (r <= 0) {
      return;
    }
    s += r;
    len -= (size_t)r;
  }
}

// die reports a SIGILL the handler will not emulate, with up to eight
// instruction bytes (not past the end of the page holding EIP, which may be
// the last mapped one) and EIP, then aborts.
static void die(const char *why, const uint8_t *eip) {
  static const char kHex[] = "0123456789abcdef";
  char line[160];
  size_t n = 0;
  const char *prefix = "sha_ni_emu: ";
  for (const char *s = prefix; *s != '\0'; s++) {
    line[n++] = *s;
  }
  for (const char *s = why; *s != '\0' && n < 80; s++) {
    line[n++] = *s;
  }
  const char *at = "; eip 0x";
  for (const char *s = at; *s != '\0'; s++) {
    line[n++] = *s;
  }
  uint32_t ip = (uint32_t)(uintptr_t)eip;
  for (int shift = 28; shift >= 0; shift -= 4) {
    line[n++] = kHex[(ip >> shift) & 0xf];
  }
  line[n++] = ':';
  uint32_t avail = 4096 - (ip & 4095);
  for (uint32_t i = 0; i < 8 && i < avail; i++) {
    line[n++] = ' ';
    line[n++] = kHex[eip[i] >> 4];
    line[n++] = kHex[eip[i] & 0xf];
  }
  line[n++] = '\n';
  write_all(line, n);
  abort();
}

// reload_tls_entry works around qemu-user (7.2), which keeps one GDT for
// all guest threads and reloads %gs from it in rt_sigreturn: once another
// thread has set its TLS entry (every pthread_create does), a thread
// returning from a signal handler would come back with that thread's TLS
// base. So, just before returning, the handler writes the entry named by
// the interrupted %gs with this thread's own base, which %gs:0 holds (the
// i386 TLS ABI's self-pointer). Under a real kernel TLS entries are per
// thread and this rewrites the value already there. Two threads trapping at
// the same moment under qemu could still interleave here; no test hashes on
// several threads at once.
static void reload_tls_entry(const greg_t *gregs) {
  uint32_t selector = (uint32_t)gregs[REG_GS] & 0xffff;
  if (selector < 8 || (selector & 4) != 0) {
    return;  // null selector, or an LDT one: nothing in the GDT to fix
  }
  uint32_t base;
  __asm__ volatile("movl %%gs:0, %0" : "=r"(base));
  // The descriptor glibc installs for TLS: flat 4 GiB, 32-bit data.
  struct user_desc desc;
  memset(&desc, 0, sizeof(desc));
  desc.entry_number = selector >> 3;
  desc.base_addr = base;
  desc.limit = 0xfffff;
  desc.seg_32bit = 1;
  desc.limit_in_pages = 1;
  desc.useable = 1;
  syscall(SYS_set_thread_area, &desc);
}

// force_align_arg_pointer: the handler realigns its stack to 16 bytes
// itself. qemu-i386 does not always enter handlers with the i386 psABI's
// alignment, and a build with SSE enabled would then fault on an aligned
// spill in here.
__attribute__((force_align_arg_pointer)) static void sigill_handler(
    int sig, siginfo_t *info, void *ctx) {
  (void)sig;
  (void)info;
  ucontext_t *uc = ctx;
  greg_t *gregs = uc->uc_mcontext.gregs;
  const uint8_t *eip = (const uint8_t *)(uintptr_t)(uint32_t)gregs[REG_EIP];

  struct sha_insn insn;
  if (!decode(eip, gregs, &insn)) {
    die("SIGILL on an instruction that is not an emulated SHA instruction",
        eip);
  }
  uint8_t *fp = (uint8_t *)uc->uc_mcontext.fpregs;
  uint16_t magic = 0xffff;
  if (fp != NULL) {
    memcpy(&magic, fp + FPSTATE_MAGIC_OFFSET, sizeof(magic));
  }
  if (magic != FPSTATE_MAGIC_FXSR) {
    die("the signal frame has no FXSAVE image, so no xmm registers", eip);
  }
  uint8_t *xmm = fp + FPSTATE_XMM_OFFSET;

  sha_ni_vec dst, src, wk;
  memcpy(&dst, xmm + 16 * insn.dst, 16);
  if (insn.src_is_mem) {
    if (insn.src_addr % 16 != 0) {
      die("m128 operand not 16-byte aligned (Intel CPUs raise #GP)", eip);
    }
    memcpy(&src, (const void *)(uintptr_t)insn.src_addr, 16);
  } else {
    memcpy(&src, xmm + 16 * insn.src_xmm, 16);
  }
  switch (insn.op) {
    case OP_SHA1RNDS4:
      sha_ni_model_sha1rnds4(&dst, &src, insn.imm);
      break;
    case OP_SHA1NEXTE:
      sha_ni_model_sha1nexte(&dst, &src);
      break;
    case OP_SHA1MSG1:
      sha_ni_model_sha1msg1(&dst, &src);
      break;
    case OP_SHA1MSG2:
      sha_ni_model_sha1msg2(&dst, &src);
      break;
    case OP_SHA256RNDS2:
      memcpy(&wk, xmm, 16);  // implicit xmm0
      sha_ni_model_sha256rnds2(&dst, &src, &wk);
      break;
    case OP_SHA256MSG1:
      sha_ni_model_sha256msg1(&dst, &src);
      break;
    case OP_SHA256MSG2:
      sha_ni_model_sha256msg2(&dst, &src);
      break;
  }
  memcpy(xmm + 16 * insn.dst, &dst, 16);
  gregs[REG_EIP] = (greg_t)((uint32_t)gregs[REG_EIP] + insn.len);
  __atomic_fetch_add(&emu_count, 1, __ATOMIC_RELAXED);
  reload_tls_entry(gregs);
}

int sha_ni_emu_enable(void) {
  OPENSSL_cpu_init();
  // Ask the CPU itself, not the capability word: an OPENSSL_ia32cap mask
  // may have removed a SHA bit the hardware has, and then the instructions
  // would run natively and never reach the handler.
  struct cpuid_leaves leaves;
  uint64_t xcr0;
  OPENSSL_cpu_read_x86(&leaves, &xcr0);
  if (leaves.max_leaf >= 7 && (leaves.leaf7_ebx & X86_BIT(SHA)) != 0) {
    return 0;
  }
  if (!CRYPTO_x86_has(1, X86_BIT(SSSE3) | X86_BIT(SSE41))) {
    fprintf(stderr,
            "sha_ni_emu: not enabled: the capability word lacks SSSE3 or "
            "SSE4.1, which the SHA-NI code also needs\n");
    return -1;
  }
  // The same processor with the SHA bit, under the same OPENSSL_ia32cap:
  // if the mask removes SHA, emulating it would go against the mask.
  if (leaves.max_leaf < 7) {
    leaves.max_leaf = 7;
    leaves.leaf7_ebx = 0;
    leaves.leaf7_ecx = 0;
  }
  leaves.leaf7_ebx |= X86_BIT(SHA);
  uint32_t masked[4];
  OPENSSL_ia32cap_compute(masked, &leaves, xcr0, getenv("OPENSSL_ia32cap"));
  if ((masked[2] & X86_BIT(SHA)) == 0) {
    fprintf(stderr,
            "sha_ni_emu: not enabled: the OPENSSL_ia32cap mask removes the "
            "SHA extensions\n");
    return -1;
  }

  struct sigaction sa;
  memset(&sa, 0, sizeof(sa));
  sa.sa_sigaction = sigill_handler;
  sa.sa_flags = SA_SIGINFO;
  sigemptyset(&sa.sa_mask);
  if (sigaction(SIGILL, &sa, NULL) != 0) {
    perror("sha_ni_emu: sigaction(SIGILL)");
    return -1;
  }
  emu_active = 1;
  OPENSSL_ia32cap_P[2] |= X86_BIT(SHA);
  return 1;
}

int sha_ni_emu_active(void) { return emu_active; }

unsigned long long sha_ni_emu_count(void) {
  return __atomic_load_n(&emu_count, __ATOMIC_RELAXED);
}

#else  // !SHA_NI_EMU_HANDLER

int sha_ni_emu_enable(void) {
  fprintf(stderr,
          "sha_ni_emu: not available in this build: the SIGILL emulator "
          "exists only for 32-bit x86 Linux builds with assembly\n");
  return -1;
}

int sha_ni_emu_active(void) { return 0; }

unsigned long long sha_ni_emu_count(void) { return 0; }

#endif  // SHA_NI_EMU_HANDLER
