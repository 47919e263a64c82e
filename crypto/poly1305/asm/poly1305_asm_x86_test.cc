// Copyright 2026 The project authors.
//
// poly1305_asm_x86_test.cc: every 32-bit x86 Poly1305 assembly entry point
// (poly1305_asm_x86.h) against the portable C implementations (c26, and
// c64 where the compiler has __int128, which i686 gcc does not) and against
// an independent schoolbook computation mod p = 2^130 - 5:
//
//   - random keys and messages of up to 64 KiB, fed in pieces split at
//     random points (whole blocks to `blocks`, the padded final partial
//     block with padbit 0), tags compared with the C code; several long
//     calls per key, so the powers table is computed once and reused;
//   - every call length 0..(switch length + 8 blocks) in one call, so both
//     sides of each vector row's switch and every leading rest run;
//   - all-0xff messages with the maximal clamped r (key all 0xff);
//   - the scalar accumulator set at the edges of its entry bound: h in
//     [2^130 - 5, 2^130), h = p - 1, the largest allowed h (h[4] = 4,
//     h[0..3] = 2^32 - 1) and h[4] = 4 alone, then all-0xff, zero or random
//     blocks with padbit 0 and 1: the result must equal the schoolbook
//     value, stay within the exit bound (h[4] <= 4), and emit (with
//     s = 2^128 - 1) must reduce it fully; the same starts through the
//     vector rows' glue with >= 256 blocks;
//   - the vector kernels called directly through CHECK_ABI from limbs at
//     the top of their entry bound and random ones, up to 300 blocks,
//     their uncarried columns checked against the schoolbook value and
//     their exit bound; the powers table checked against its bound;
//   - len == 0 with a null input; CHECK_ABI_UNWIND once per entry point.
// The vector rows and kernels are skipped, with a message naming them and
// exempted from the ABI coverage check, where the CPU (or the
// OPENSSL_ia32cap mask) does not allow them.

#include <openssl/base.h>

#include <stdio.h>
#include <string.h>

#include <algorithm>
#include <initializer_list>
#include <vector>

#include <gtest/gtest.h>

#include "../../internal.h"
#include "../../test/abi_test.h"
#include "../../test/asm_path_test.h"
#include "../../test/test_util.h"
#include "../internal.h"
#include "poly1305_asm_x86.h"

#if defined(OPENSSL_X86) && !defined(OPENSSL_NO_ASM)

namespace {

using InitFn = void (*)(void *state, const uint8_t key[32]);
using BlocksFn = void (*)(void *state, const uint8_t *in, size_t len,
                          uint32_t padbit);
using EmitFn = void (*)(void *state, uint8_t mac[16], const uint8_t s[16]);
using KernelFn = void (*)(uint64_t d[5], const uint32_t h[5],
                          const uint8_t *in, size_t len, uint32_t padbit,
                          const uint32_t powers[36]);

struct alignas(POLY1305_IMPL_STATE_ALIGN) ImplState {
  uint8_t bytes[POLY1305_IMPL_STATE_SIZE];
};

// Impl is one set of init/blocks/emit; `abi` routes the blocks calls
// through CHECK_ABI (assembly called directly).
struct Impl {
  const char *name;
  InitFn init;
  BlocksFn blocks;
  EmitFn emit;
  bool abi;
  // capable says whether the running CPU may run it.
  int (*capable)(void);
  // min_len is the row's switch length (0 for the scalar row).
  size_t min_len;
};

int Always() { return 1; }

const Impl kX86 = {"x86",  poly1305_init_x86, poly1305_blocks_x86,
                   poly1305_emit_x86, true, Always, 0};
const Impl kSSE2 = {"sse2",
                    poly1305_init_x86,
                    poly1305_blocks_x86_sse2_row,
                    poly1305_emit_x86,
                    false,
                    CRYPTO_is_SSE2_capable,
                    kPoly1305X86SSE2MinLen};
const Impl kAVX2 = {"avx2",
                    poly1305_init_x86,
                    poly1305_blocks_x86_avx2_row,
                    poly1305_emit_x86,
                    false,
                    CRYPTO_is_AVX2_capable,
                    kPoly1305X86AVX2MinLen};
const Impl kAsmImpls[] = {kX86, kSSE2, kAVX2};

const Impl kC26 = {"c26",  poly1305_init_c26, poly1305_blocks_c26,
                   poly1305_emit_c26, false, Always, 0};
#if defined(POLY1305_HAVE_C64)
const Impl kC64 = {"c64",  poly1305_init_c64, poly1305_blocks_c64,
                   poly1305_emit_c64, false, Always, 0};
#endif

void CallBlocks(const Impl &impl, void *st, const uint8_t *in, size_t len,
                uint32_t padbit) {
  if (impl.abi) {
    CHECK_ABI(impl.blocks, st, in, len, padbit);
  } else {
    impl.blocks(st, in, len, padbit);
  }
}

// Mac computes the tag of `msg` with `impl`, calling blocks once per piece
// between the offsets in `cuts` (sorted; each piece's whole blocks, the rest
// carried into the next piece), then the padded final partial block.
std::vector<uint8_t> Mac(const Impl &impl, const uint8_t key[32],
                         const std::vector<uint8_t> &msg,
                         const std::vector<size_t> &cuts) {
  ImplState st;
  impl.init(st.bytes, key);
  size_t done = 0;
  for (size_t cut : cuts) {
    size_t whole = (cut - done) & ~size_t{15};
    CallBlocks(impl, st.bytes, msg.data() + done, whole, 1);
    done += whole;
  }
  size_t whole = (msg.size() - done) & ~size_t{15};
  CallBlocks(impl, st.bytes, msg.data() + done, whole, 1);
  done += whole;
  if (done < msg.size()) {
    uint8_t last[16] = {0};
    memcpy(last, msg.data() + done, msg.size() - done);
    last[msg.size() - done] = 1;
    CallBlocks(impl, st.bytes, last, 16, 0);
  }
  std::vector<uint8_t> mac(16);
  impl.emit(st.bytes, mac.data(), key + 16);
  return mac;
}

// ExemptUnrunnable exempts the kernels the CPU cannot run from the ABI
// coverage check (the tests that need them skip and say so).
void ExemptUnrunnable() {
  if (!CRYPTO_is_SSE2_capable()) {
    abi_test::NotRunnableHere(poly1305_blocks_x86_sse2);
  }
  if (!CRYPTO_is_AVX2_capable()) {
    abi_test::NotRunnableHere(poly1305_blocks_x86_avx2);
  }
}

// CheckAgainstC compares every runnable row's tag of `msg` (split at
// `cuts`) with the C code's (in one piece).
void CheckAgainstC(const uint8_t key[32], const std::vector<uint8_t> &msg,
                   const std::vector<size_t> &cuts) {
  std::vector<uint8_t> want = Mac(kC26, key, msg, {});
#if defined(POLY1305_HAVE_C64)
  ASSERT_EQ(Bytes(want), Bytes(Mac(kC64, key, msg, {}))) << "c64 vs c26";
#endif
  for (const Impl &impl : kAsmImpls) {
    if (!impl.capable()) {
      continue;
    }
    ASSERT_EQ(Bytes(want), Bytes(Mac(impl, key, msg, cuts)))
        << impl.name << " len " << msg.size() << " vs c26";
  }
}

TEST(Poly1305X86Test, PathsRunHere) {
  ExemptUnrunnable();
  if (!CRYPTO_is_AVX2_capable()) {
    printf("poly1305_blocks_x86_avx2 not run: this CPU (or the %s mask) "
           "does not allow AVX2\n",
           kCPUMaskName);
  }
  if (!CRYPTO_is_SSE2_capable()) {
    printf("poly1305_blocks_x86_sse2 not run: this CPU (or the %s mask) "
           "does not allow SSE2\n",
           kCPUMaskName);
  }
}

TEST(Poly1305X86Test, RandomSplits) {
  ExemptUnrunnable();
  TestRNG rng(0x706f6c7978383601);
  for (int iter = 0; iter < 60; iter++) {
    // Mostly short and medium messages, every tenth up to 64 KiB.
    size_t len = iter % 10 == 9 ? 1 + rng.Below(65536) : rng.Below(2048);
    std::vector<uint8_t> key = rng.Bytes(32);
    std::vector<uint8_t> msg = rng.Bytes(len);
    std::vector<size_t> cuts;
    size_t ncuts = rng.Below(6);
    for (size_t i = 0; i < ncuts; i++) {
      cuts.push_back(len == 0 ? 0 : rng.Below(len + 1));
    }
    std::sort(cuts.begin(), cuts.end());
    CheckAgainstC(key.data(), msg, cuts);
  }
  // >= 256 blocks through the vector kernels every run, several long calls
  // per key (the powers reused) between short ones.
  std::vector<uint8_t> key = rng.Bytes(32);
  std::vector<uint8_t> msg = rng.Bytes(65536 + 7);
  CheckAgainstC(key.data(), msg, {16, 4096 + 48, 4096 + 64, 30000, 30016});
  msg.resize(4096);
  CheckAgainstC(key.data(), msg, {});
}

TEST(Poly1305X86Test, AllLengthsOneCall) {
  ExemptUnrunnable();
  TestRNG rng(0x706f6c7978383602);
  std::vector<uint8_t> key = rng.Bytes(32);
  size_t max_len = std::max(kPoly1305X86SSE2MinLen, kPoly1305X86AVX2MinLen) +
                   8 * 16 + 15;
  std::vector<uint8_t> all = rng.Bytes(max_len);
  for (size_t len = 0; len <= max_len; len++) {
    std::vector<uint8_t> msg(all.begin(), all.begin() + len);
    CheckAgainstC(key.data(), msg, {});
  }
}

TEST(Poly1305X86Test, AllOnesMaxR) {
  ExemptUnrunnable();
  // Key all 0xff: r = the largest clamped value, s = 2^128 - 1.
  std::vector<uint8_t> key(32, 0xff);
  for (size_t len : {size_t{16}, size_t{17}, size_t{64}, size_t{255},
                     size_t{256}, size_t{4096}, size_t{16 * 300 + 15},
                     size_t{65536}}) {
    std::vector<uint8_t> msg(len, 0xff);
    CheckAgainstC(key.data(), msg, {len / 3, len / 2});
  }
}

// --- Schoolbook arithmetic mod p, for the bound tests -----------------------
//
// Numbers are little-endian vectors of 32-bit words.

using Words = std::vector<uint32_t>;

Words Trim(Words x) {
  while (!x.empty() && x.back() == 0) {
    x.pop_back();
  }
  return x;
}

Words Add(const Words &a, const Words &b) {
  Words out(std::max(a.size(), b.size()) + 1, 0);
  uint64_t carry = 0;
  for (size_t i = 0; i < out.size(); i++) {
    uint64_t v = carry;
    v += i < a.size() ? a[i] : 0;
    v += i < b.size() ? b[i] : 0;
    out[i] = static_cast<uint32_t>(v);
    carry = v >> 32;
  }
  return Trim(out);
}

Words Mul(const Words &a, const Words &b) {
  Words out(a.size() + b.size() + 1, 0);
  for (size_t i = 0; i < a.size(); i++) {
    uint64_t carry = 0;
    size_t j = 0;
    for (; j < b.size(); j++) {
      uint64_t v = uint64_t{a[i]} * b[j] + out[i + j] + carry;
      out[i + j] = static_cast<uint32_t>(v);
      carry = v >> 32;
    }
    for (size_t k = i + j; carry != 0; k++) {
      uint64_t v = uint64_t{out[k]} + carry;
      out[k] = static_cast<uint32_t>(v);
      carry = v >> 32;
    }
  }
  return Trim(out);
}

// Mod returns x mod p as five words, by x = (x mod 2^130) + 5 (x >> 130)
// until x < 2^130, then one conditional subtraction of p.
Words Mod(Words x) {
  for (;;) {
    x.resize(std::max<size_t>(x.size(), 5), 0);
    // hi = x >> 130, lo = x mod 2^130.
    Words hi;
    for (size_t i = 4; i < x.size(); i++) {
      uint64_t v = x[i] >> 2;
      if (i + 1 < x.size()) {
        v |= uint64_t{x[i + 1]} << 30;
      }
      hi.push_back(static_cast<uint32_t>(v));
    }
    hi = Trim(hi);
    if (hi.empty()) {
      break;
    }
    Words lo(x.begin(), x.begin() + 5);
    lo[4] &= 3;
    x = Add(lo, Mul(hi, Words{5}));
  }
  x.resize(5, 0);
  Words g = Add(x, Words{5});
  g.resize(5, 0);
  if (g[4] >> 2) {
    g[4] &= 3;
    return g;
  }
  return x;
}

// Schoolbook returns h after `nblocks` 16-byte blocks of `msg`, each read
// little-endian with `padbit` as bit 128: h = ((h + m_i) r) mod p.
Words Schoolbook(Words h, const Words &r, const uint8_t *msg, size_t nblocks,
                 uint32_t padbit) {
  for (size_t b = 0; b < nblocks; b++) {
    Words m(5);
    for (int i = 0; i < 4; i++) {
      m[i] = CRYPTO_load_u32_le(msg + 16 * b + 4 * i);
    }
    m[4] = padbit;
    h = Mod(Mul(Add(h, m), r));
  }
  return Mod(h);
}

poly1305_x86_state ReadState(const ImplState &st) {
  poly1305_x86_state s;
  memcpy(&s, st.bytes, sizeof(s));
  return s;
}

Words HValue(const poly1305_x86_state &s) {
  return Words(s.h, s.h + 5);
}

Words RValue(const poly1305_x86_state &s) {
  return Words(s.r, s.r + 4);
}

// CheckEmit emits the tag of `st`, whose h is `h` mod p, with s =
// 2^128 - 1 and with s = 0, and checks (h + s) mod 2^128.
void CheckEmit(ImplState *st, const Words &h, const char *what) {
  uint8_t s_ff[16], s_0[16] = {0};
  memset(s_ff, 0xff, sizeof(s_ff));
  for (const uint8_t *s : {s_ff, s_0}) {
    uint8_t mac[16];
    ImplState before = *st;
    poly1305_emit_x86(st->bytes, mac, s);
    EXPECT_EQ(Bytes(before.bytes, sizeof(before.bytes)),
              Bytes(st->bytes, sizeof(st->bytes)))
        << what << ": emit changed the state";
    Words tag = Add(Mod(h), s == s_ff ? Words(4, 0xffffffff) : Words{});
    tag.resize(4, 0);
    Words got(4);
    for (int i = 0; i < 4; i++) {
      got[i] = CRYPTO_load_u32_le(mac + 4 * i);
    }
    EXPECT_EQ(tag, got) << what << " tag";
  }
}

// EdgeStarts lists h (h[0..4]) at the edges of the entry bound h[4] <= 4.
std::vector<std::vector<uint32_t>> EdgeStarts() {
  const uint32_t kMax = 0xffffffff;
  std::vector<std::vector<uint32_t>> starts;
  // [2^130 - 5, 2^130): the values that are >= p.
  for (uint32_t i = 0; i < 5; i++) {
    starts.push_back({kMax - 4 + i, kMax, kMax, kMax, 3});
  }
  starts.push_back({kMax - 5, kMax, kMax, kMax, 3});  // p - 1
  starts.push_back({kMax, kMax, kMax, kMax, 4});      // the largest allowed
  starts.push_back({0, 0, 0, 0, 4});
  starts.push_back({4, 0, 0, 0, 4});
  return starts;
}

// CheckBounds runs `impl`'s blocks on a state whose h is `start` and r from
// `key`, and checks the result against the schoolbook value, the exit bound
// and emit.
void CheckBounds(const Impl &impl, const std::vector<uint8_t> &key,
                 const std::vector<uint32_t> &start, uint32_t padbit,
                 const std::vector<uint8_t> &msg) {
  ImplState st;
  impl.init(st.bytes, key.data());
  poly1305_x86_state s = ReadState(st);
  memcpy(s.h, start.data(), sizeof(s.h));
  memcpy(st.bytes, &s, sizeof(s));

  // Emit straight away: h mod p, fully reduced.
  CheckEmit(&st, HValue(s), "start value");

  Words want = Schoolbook(HValue(s), RValue(s), msg.data(), msg.size() / 16,
                          padbit);
  CallBlocks(impl, st.bytes, msg.data(), msg.size(), padbit);
  s = ReadState(st);
  EXPECT_LE(s.h[4], 4u) << impl.name << " exit bound";
  EXPECT_EQ(want, Mod(HValue(s)))
      << impl.name << " start h4 " << start[4] << " h0 " << start[0]
      << " padbit " << padbit << " len " << msg.size();
  CheckEmit(&st, want, impl.name);
}

// BoundKey returns the key of kind `kind` for the bound tests: 0 the
// largest clamped r (all 0xff), 1 and 2 random, 3 r = 1. With r = 1 the
// product columns are h itself, so a start with h[0..3] = 2^32 - 1 and
// h[4] = 4 makes the fold's carry run from h[0] all the way into h[4].
std::vector<uint8_t> BoundKey(int kind, TestRNG *rng) {
  std::vector<uint8_t> key = rng->Bytes(32);
  if (kind == 0) {
    key.assign(32, 0xff);
  } else if (kind == 3) {
    memset(key.data(), 0, 16);
    key[0] = 1;
  }
  return key;
}

TEST(Poly1305X86Test, ScalarAccumulatorBounds) {
  TestRNG rng(0x706f6c7978383603);
  for (int key_kind = 0; key_kind < 4; key_kind++) {
    std::vector<uint8_t> key = BoundKey(key_kind, &rng);
    for (const auto &start : EdgeStarts()) {
      for (uint32_t padbit : {0u, 1u}) {
        for (size_t nblocks : {size_t{0}, size_t{1}, size_t{2}, size_t{7}}) {
          // All 0xff (largest r), zero (random r, and r = 1) or random.
          std::vector<uint8_t> msg =
              key_kind == 2 ? rng.Bytes(16 * nblocks)
                            : std::vector<uint8_t>(16 * nblocks,
                                                   key_kind == 0 ? 0xff : 0);
          CheckBounds(kX86, key, start, padbit, msg);
        }
      }
    }
  }
}

TEST(Poly1305X86Test, VectorRowAccumulatorBounds) {
  ExemptUnrunnable();
  TestRNG rng(0x706f6c7978383604);
  for (const Impl &impl : {kSSE2, kAVX2}) {
    if (!impl.capable()) {
      printf("%s row skipped: this CPU (or the %s mask) does not allow it\n",
             impl.name, kCPUMaskName);
      continue;
    }
    for (int key_kind = 0; key_kind < 4; key_kind++) {
      std::vector<uint8_t> key = BoundKey(key_kind, &rng);
      for (const auto &start : EdgeStarts()) {
        for (uint32_t padbit : {0u, 1u}) {
          // The switch length and one block either side, rests of 1..3
          // blocks before the groups, and 260 blocks.
          size_t sw = impl.min_len / 16;
          for (size_t nblocks : {sw - 1, sw, sw + 1, sw + 3, sw + 6,
                                 size_t{260}}) {
            std::vector<uint8_t> msg =
                key_kind == 2 ? rng.Bytes(16 * nblocks)
                              : std::vector<uint8_t>(16 * nblocks,
                                                     key_kind == 3 ? 0 : 0xff);
            CheckBounds(impl, key, start, padbit, msg);
          }
        }
      }
    }
  }
}

// KernelDirect calls a vector kernel itself, through CHECK_ABI, from limbs
// the test makes (the largest its contract allows, among others), and
// compares the uncarried columns it returns with the schoolbook value.
void KernelDirect(KernelFn kernel, size_t group, uint64_t seed) {
  TestRNG rng(seed);
  for (int iter = 0; iter < 14; iter++) {
    std::vector<uint8_t> key =
        iter % 2 == 0 ? std::vector<uint8_t>(32, 0xff) : rng.Bytes(32);
    ImplState st;
    poly1305_init_x86(st.bytes, key.data());
    const uint32_t *powers = poly1305_powers_x86(st.bytes);
    // The powers' bound the kernels' bounds rest on: limbs < 2^26 + 2^13.
    for (int k = 0; k < 5; k++) {
      for (int l = 0; l < 4; l++) {
        ASSERT_LT(powers[4 * k + l], (1u << 26) + (1u << 13));
        if (k > 0) {
          ASSERT_EQ(powers[4 * (4 + k) + l], 5 * powers[4 * k + l]);
        }
      }
    }
    poly1305_x86_state s = ReadState(st);
    Words r = RValue(s);
    uint32_t h[5];
    if (iter < 4) {
      // The largest limbs allowed on entry.
      h[0] = h[1] = h[2] = h[3] = (1u << 26) + (1u << 13) - 1;
      h[4] = (1u << 27) - 1;
    } else {
      for (auto &limb : h) {
        limb = static_cast<uint32_t>(rng.Next()) & ((1u << 26) - 1);
      }
    }
    uint32_t padbit = iter % 3 == 0 ? 0 : 1;
    size_t nblocks = iter < 6 ? (group / 16) * (1 + iter) : 256 + 4 * iter;
    std::vector<uint8_t> msg = iter % 4 == 1
                                   ? std::vector<uint8_t>(16 * nblocks, 0xff)
                                   : rng.Bytes(16 * nblocks);
    // want = sum h[k] 2^(26 k), then the blocks.
    Words want;
    for (int k = 4; k >= 0; k--) {
      want = Add(Mul(want, Words{1u << 26}), Words{h[k]});
    }
    want = Schoolbook(want, r, msg.data(), nblocks, padbit);
    uint64_t d[5];
    CHECK_ABI(kernel, d, h, msg.data(), msg.size(), padbit, powers);
    Words got;
    for (int k = 4; k >= 0; k--) {
      EXPECT_LT(d[k], uint64_t{1} << 61) << "column " << k;
      got = Add(Mul(got, Words{1u << 26}),
                Words{static_cast<uint32_t>(d[k]),
                      static_cast<uint32_t>(d[k] >> 32)});
    }
    EXPECT_EQ(want, Mod(got)) << "iter " << iter << " blocks " << nblocks;
  }
}

TEST(Poly1305X86Test, SSE2Direct) {
  SKIP_PATH_UNLESS(CRYPTO_is_SSE2_capable(), poly1305_blocks_x86_sse2);
  KernelDirect(poly1305_blocks_x86_sse2, 32, 0x706f6c7978383605);
}

TEST(Poly1305X86Test, AVX2Direct) {
  SKIP_PATH_UNLESS(CRYPTO_is_AVX2_capable(), poly1305_blocks_x86_avx2);
  KernelDirect(poly1305_blocks_x86_avx2, 64, 0x706f6c7978383606);
}

TEST(Poly1305X86Test, ZeroLengthTouchesNothing) {
  std::vector<uint8_t> key(32, 0x5a);
  for (const Impl &impl : kAsmImpls) {
    if (!impl.capable()) {
      continue;
    }
    ImplState st;
    impl.init(st.bytes, key.data());
    ImplState before = st;
    CallBlocks(impl, st.bytes, nullptr, 0, 1);
    EXPECT_EQ(Bytes(before.bytes, sizeof(before.bytes)),
              Bytes(st.bytes, sizeof(st.bytes)))
        << impl.name;
  }
}

TEST(Poly1305X86Test, UnwindInfo) {
  ExemptUnrunnable();
  std::vector<uint8_t> key(32, 0x33), msg(16 * 4, 0x44);
  ImplState st;
  poly1305_init_x86(st.bytes, key.data());
  CHECK_ABI_UNWIND(poly1305_blocks_x86, st.bytes, msg.data(), msg.size(), 1);
  uint8_t mac[16];
  poly1305_emit_x86(st.bytes, mac, key.data() + 16);
  EXPECT_EQ(Bytes(Mac(kC26, key.data(), msg, {})), Bytes(mac, 16));

  const uint32_t *powers = poly1305_powers_x86(st.bytes);
  uint32_t h[5] = {1, 2, 3, 4, 5};
  uint64_t d[5];
  if (CRYPTO_is_SSE2_capable()) {
    CHECK_ABI_UNWIND(poly1305_blocks_x86_sse2, d, h, msg.data(), msg.size(),
                     1, powers);
  }
  if (CRYPTO_is_AVX2_capable()) {
    CHECK_ABI_UNWIND(poly1305_blocks_x86_avx2, d, h, msg.data(), msg.size(),
                     1, powers);
  }
}

}  // namespace

#endif  // OPENSSL_X86 && !OPENSSL_NO_ASM
