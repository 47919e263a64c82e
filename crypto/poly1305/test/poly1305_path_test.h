// Copyright 2026 The project authors.
//
// poly1305_path_test.h: the checks every Poly1305 assembly row and base
// 2^26 vector kernel gets, on any architecture. The per-architecture tests
// (poly1305_x86_64_test.cc, poly1305_x86_test.cc, poly1305_armv8_test.cc)
// read their rows from the one list (ArchRows below), list their kernels
// and their state layout, and call the Check* functions below from their
// TESTs with their own seeds and sizes. Tags are compared with the portable C code (c26, and c64 where
// the compiler has __int128) and accumulators with an independent
// schoolbook computation mod p = 2^130 - 5 (Words below).
//
//   - CheckRandomSplits: random keys and messages of up to 64 KiB, fed in
//     pieces split at random points (whole blocks to `blocks`, the padded
//     final partial block with padbit 0), every runnable row's tag against
//     c26 (and c64 against c26);
//   - CheckLong: at least 256 blocks in one call on every run, at every
//     residue of the block count mod 4, whole and split, and one key with
//     several long calls between short ones (the powers of r made once,
//     then reused);
//   - CheckAllLengths: every length 0..`max_len` in one call, so both
//     sides of each vector row's switch and every leading rest run;
//   - CheckAllOnesMaxR: all-0xff messages with the largest clamped r (key
//     all 0xff);
//   - CheckAccumulatorBounds: h set directly at the edges of the entry
//     bound (h >> 128 <= 4): h in [2^130 - 5, 2^130), h = p - 1, the
//     largest allowed h (h >> 128 = 4, the rest all ones), h = 4 2^128 and
//     4 2^128 + 4; then blocks of all 0xff, zero or random bytes, with the
//     largest clamped r, random r and r = 1, padbit 0 and 1. The result
//     must equal the schoolbook value mod p and stay within the exit bound
//     (h >> 128 <= 4); emit, before and after, must reduce h fully (with
//     s = 2^128 - 1 and s = 0) and leave the state as it was;
//   - CheckKernelDirect: a vector kernel itself, through CHECK_ABI, from
//     limbs at the top of its entry bound and random ones, up to 300
//     blocks; its uncarried columns against the schoolbook value and its
//     exit bound, and the table of powers against its bound;
//   - CheckZeroLength: len == 0 with a null input changes nothing;
//   - CheckScalarUnwind, CheckKernelUnwind: one call of each entry point
//     under CHECK_ABI_UNWIND.
//
// A kernel the CPU (or the feature mask) cannot run is exempted from the
// ABI coverage check by ExemptUnrunnable (the per-arch fixtures call it
// before every test); the rows built on it are then left out of the
// comparisons, and the tests that need it skip and say so.

#ifndef OPENSSL_HEADER_CRYPTO_POLY1305_TEST_POLY1305_PATH_TEST_H
#define OPENSSL_HEADER_CRYPTO_POLY1305_TEST_POLY1305_PATH_TEST_H

#include <openssl/base.h>

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <algorithm>
#include <vector>

#include <gtest/gtest.h>

#include "../../internal.h"
#include "../../test/abi_test.h"
#include "../../test/asm_path_test.h"
#include "../../test/test_util.h"
#include "../internal.h"

namespace poly1305_path_test {

using InitFn = void (*)(void *state, const uint8_t key[32]);
using BlocksFn = void (*)(void *state, const uint8_t *in, size_t len,
                          uint32_t padbit);
using EmitFn = void (*)(void *state, uint8_t mac[16], const uint8_t s[16]);
using KernelFn = void (*)(uint64_t d[5], const uint32_t h[5],
                          const uint8_t *in, size_t len, uint32_t padbit,
                          const uint32_t powers[36]);
using PowersFn = const uint32_t *(*)(void *state);

// Zero-initialised: init writes only the words a row uses, and the checks
// compare whole states byte for byte (valgrind would flag the rest).
struct alignas(POLY1305_IMPL_STATE_ALIGN) ImplState {
  uint8_t bytes[POLY1305_IMPL_STATE_SIZE] = {};
};

// Row is one set of init/blocks/emit: an implementation row, or the C code.
struct Row {
  const char *name;
  InitFn init;
  BlocksFn blocks;
  EmitFn emit;
  // abi_blocks and abi_emit say the function is assembly, called through
  // CHECK_ABI (a vector row's blocks is C glue around its kernel).
  bool abi_blocks;
  bool abi_emit;
  // capable says whether the running CPU may run it (nullptr: always).
  int (*capable)(void);
  // min_len is a vector row's switch length (0 for a scalar row).
  size_t min_len;
};

inline bool Runnable(const Row &row) {
  return row.capable == nullptr || row.capable();
}

using Rows = std::vector<Row>;

// Kernel is one base 2^26 vector kernel (contract in
// poly1305_base26.h): `group` bytes per step, limbs 0..3 of h up to
// `h_limb_max` on entry, columns below 2^`column_bits` on exit.
struct Kernel {
  const char *name;
  KernelFn fn;
  int (*capable)(void);
  size_t group;
  uint32_t h_limb_max;
  int column_bits;
};

using Kernels = std::vector<Kernel>;

// StateLayout says where a state keeps h and r: the low 128 bits of h at
// byte 0, h >> 128 at byte 16 in `top_bytes` bytes (4 or 8), the clamped
// r (128 bits) at byte `r_offset`; all little-endian.
struct StateLayout {
  size_t top_bytes;
  size_t r_offset;
};

const Row kC26 = {"c26",  poly1305_init_c26, poly1305_blocks_c26,
                  poly1305_emit_c26, false, false, nullptr, 0};
#if defined(POLY1305_HAVE_C64)
const Row kC64 = {"c64",  poly1305_init_c64, poly1305_blocks_c64,
                  poly1305_emit_c64, false, false, nullptr, 0};
#endif

// ArchRows returns this architecture's assembly rows as the one list
// declares them: the rows of CRYPTO_primitive_poly1305 that
// POLY1305_ASM_IMPLS contributes (impls.h), best first (so the scalar row
// last), each with its functions, predicate and min_len from the row and
// which functions are assembly from the list's `abi`. Empty without
// assembly.
inline Rows ArchRows() {
  struct AbiInfo {
    const char *name;
    unsigned abi;
  };
#define POLY1305_TEST_ABI_INFO(name, init, blocks, emit, capable, min_len, \
                               abi)                                        \
  {#name, (abi)},
  static const AbiInfo kAbiInfo[] = {
      POLY1305_ASM_IMPLS(POLY1305_TEST_ABI_INFO){nullptr, 0}};
#undef POLY1305_TEST_ABI_INFO
  Rows rows;
  CRYPTO_IMPL_FOREACH(impl, &CRYPTO_primitive_poly1305) {
    for (const AbiInfo *info = kAbiInfo; info->name != nullptr; info++) {
      if (strcmp(info->name, impl->name) == 0) {
        const struct crypto_poly1305_entry &e = impl->entry.poly1305;
        rows.push_back({impl->name, e.init, e.blocks, e.emit,
                        (info->abi & POLY1305_ABI_BLOCKS) != 0,
                        (info->abi & POLY1305_ABI_EMIT) != 0, impl->capable,
                        impl->min_len});
      }
    }
  }
  return rows;
}

// ScalarRows and VectorRows split ArchRows() at min_len: the scalar rows
// take every length the same way, the vector rows switch at min_len.
inline Rows ScalarRows(const Rows &rows) {
  Rows out;
  for (const Row &row : rows) {
    if (row.min_len == 0) {
      out.push_back(row);
    }
  }
  return out;
}

inline Rows VectorRows(const Rows &rows) {
  Rows out;
  for (const Row &row : rows) {
    if (row.min_len != 0) {
      out.push_back(row);
    }
  }
  return out;
}

// MaxSwitch returns the largest min_len of `rows`.
inline size_t MaxSwitch(const Rows &rows) {
  size_t max = 0;
  for (const Row &row : rows) {
    max = std::max(max, row.min_len);
  }
  return max;
}

// ExemptUnrunnable exempts the kernels, and the assembly functions of the
// rows, that the CPU cannot run from the ABI coverage check.
inline void ExemptUnrunnable(const Kernels &kernels) {
  for (const Kernel &k : kernels) {
    if (!k.capable()) {
      abi_test::NotRunnableHere(k.fn);
    }
  }
}

// (A function that a runnable row also uses stays covered.)
inline void ExemptUnrunnable(const Rows &rows) {
  auto used_by_runnable = [&](const void *fn) {
    for (const Row &row : rows) {
      if (Runnable(row) &&
          ((row.abi_blocks && fn == reinterpret_cast<const void *>(row.blocks)) ||
           (row.abi_emit && fn == reinterpret_cast<const void *>(row.emit)))) {
        return true;
      }
    }
    return false;
  };
  for (const Row &row : rows) {
    if (Runnable(row)) {
      continue;
    }
    if (row.abi_blocks &&
        !used_by_runnable(reinterpret_cast<const void *>(row.blocks))) {
      abi_test::NotRunnableHere(row.blocks);
    }
    if (row.abi_emit &&
        !used_by_runnable(reinterpret_cast<const void *>(row.emit))) {
      abi_test::NotRunnableHere(row.emit);
    }
  }
}

// PrintUnrunnableRows names each row the CPU (or the mask) does not allow.
inline void PrintUnrunnableRows(const Rows &rows) {
  for (const Row &row : rows) {
    if (!Runnable(row)) {
      printf("%s row skipped: this CPU (or the %s mask) does not allow it\n",
             row.name, kCPUMaskName);
    }
  }
}

// PrintUnrunnable names each kernel the CPU (or the mask) does not allow.
inline void PrintUnrunnable(const Kernels &kernels) {
  for (const Kernel &k : kernels) {
    if (!k.capable()) {
      printf("%s not run: this CPU (or the %s mask) does not allow it\n",
             k.name, kCPUMaskName);
    }
  }
}

inline void CallBlocks(const Row &row, void *st, const uint8_t *in,
                       size_t len, uint32_t padbit) {
  if (row.abi_blocks) {
    CHECK_ABI(row.blocks, st, in, len, padbit);
  } else {
    row.blocks(st, in, len, padbit);
  }
}

inline void CallEmit(const Row &row, void *st, uint8_t mac[16],
                     const uint8_t s[16]) {
  if (row.abi_emit) {
    CHECK_ABI(row.emit, st, mac, s);
  } else {
    row.emit(st, mac, s);
  }
}

// Mac computes the tag of `msg` with `row`, calling blocks once per piece
// between the offsets in `cuts` (sorted; each piece's whole blocks, the
// rest carried into the next piece), then the padded final partial block.
inline std::vector<uint8_t> Mac(const Row &row, const uint8_t key[32],
                                const std::vector<uint8_t> &msg,
                                const std::vector<size_t> &cuts) {
  ImplState st;
  row.init(st.bytes, key);
  size_t done = 0;
  for (size_t cut : cuts) {
    size_t whole = (cut - done) & ~size_t{15};
    CallBlocks(row, st.bytes, msg.data() + done, whole, 1);
    done += whole;
  }
  size_t whole = (msg.size() - done) & ~size_t{15};
  CallBlocks(row, st.bytes, msg.data() + done, whole, 1);
  done += whole;
  if (done < msg.size()) {
    uint8_t last[16] = {0};
    memcpy(last, msg.data() + done, msg.size() - done);
    last[msg.size() - done] = 1;
    CallBlocks(row, st.bytes, last, 16, 0);
  }
  std::vector<uint8_t> mac(16);
  CallEmit(row, st.bytes, mac.data(), key + 16);
  return mac;
}

// CheckAgainstC compares every runnable row's tag of `msg` (split at
// `cuts`) with c26's (in one piece), and c64's (split) with c26's.
inline void CheckAgainstC(const Rows &rows, const uint8_t key[32],
                          const std::vector<uint8_t> &msg,
                          const std::vector<size_t> &cuts) {
  std::vector<uint8_t> want = Mac(kC26, key, msg, {});
#if defined(POLY1305_HAVE_C64)
  ASSERT_EQ(Bytes(want), Bytes(Mac(kC64, key, msg, cuts)))
      << "c64 vs c26, len " << msg.size();
#endif
  for (const Row &row : rows) {
    if (!Runnable(row)) {
      continue;
    }
    ASSERT_EQ(Bytes(want), Bytes(Mac(row, key, msg, cuts)))
        << row.name << " len " << msg.size() << " vs c26";
  }
}

// CheckRandomSplits: `iterations` random messages, every `long_every`-th
// of up to 64 KiB, the others below `short_max` bytes, each split at up
// to five random points.
inline void CheckRandomSplits(const Rows &rows, uint64_t seed,
                              int iterations, int long_every,
                              size_t short_max) {
  TestRNG rng(seed);
  for (int iter = 0; iter < iterations; iter++) {
    size_t len = iter % long_every == long_every - 1 ? rng.Below(65537)
                                                     : rng.Below(short_max);
    std::vector<uint8_t> key = rng.Bytes(32), msg = rng.Bytes(len);
    std::vector<size_t> cuts;
    size_t ncuts = rng.Below(6);
    for (size_t i = 0; i < ncuts; i++) {
      cuts.push_back(rng.Below(len + 1));
    }
    std::sort(cuts.begin(), cuts.end());
    CheckAgainstC(rows, key.data(), msg, cuts);
  }
}

inline void CheckLong(const Rows &rows, uint64_t seed) {
  TestRNG rng(seed);
  for (size_t len : {size_t{4096}, size_t{4096 + 16}, size_t{4096 + 32},
                     size_t{4096 + 48}, size_t{4096 + 15}, size_t{65536}}) {
    std::vector<uint8_t> key = rng.Bytes(32), msg = rng.Bytes(len);
    CheckAgainstC(rows, key.data(), msg, {});
    CheckAgainstC(rows, key.data(), msg, {len / 7, len / 2, len - 300});
  }
  // One key: long calls (the first makes the powers, the later ones reuse
  // them) between short ones.
  std::vector<uint8_t> key = rng.Bytes(32);
  std::vector<uint8_t> msg = rng.Bytes(65536 + 7);
  CheckAgainstC(rows, key.data(), msg,
                {16, 4096 + 48, 4096 + 64, 30000, 30016});
  msg.resize(4096);
  CheckAgainstC(rows, key.data(), msg, {});
}

inline void CheckAllLengths(const Rows &rows, uint64_t seed,
                            size_t max_len) {
  TestRNG rng(seed);
  for (size_t len = 0; len <= max_len; len++) {
    std::vector<uint8_t> key = rng.Bytes(32), msg = rng.Bytes(len);
    CheckAgainstC(rows, key.data(), msg, {});
  }
}

inline void CheckAllOnesMaxR(const Rows &rows) {
  // Key all 0xff: r = the largest clamped value, s = 2^128 - 1.
  std::vector<uint8_t> key(32, 0xff);
  for (size_t len : {size_t{16}, size_t{17}, size_t{64}, size_t{255},
                     size_t{256}, size_t{4096}, size_t{16 * 300 + 15},
                     size_t{65536}}) {
    std::vector<uint8_t> msg(len, 0xff);
    CheckAgainstC(rows, key.data(), msg, {len / 3, len / 2});
  }
}

// --- Schoolbook arithmetic mod p, for the bound checks ----------------------
//
// Numbers are little-endian vectors of 32-bit words.

using Words = std::vector<uint32_t>;

inline Words Trim(Words x) {
  while (!x.empty() && x.back() == 0) {
    x.pop_back();
  }
  return x;
}

inline Words Add(const Words &a, const Words &b) {
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

inline Words Mul(const Words &a, const Words &b) {
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
inline Words Mod(Words x) {
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

// Schoolbook returns h mod p after `nblocks` 16-byte blocks of `msg`, each
// read little-endian with `padbit` as bit 128: h = ((h + m_i) r) mod p.
inline Words Schoolbook(Words h, const Words &r, const uint8_t *msg,
                        size_t nblocks, uint32_t padbit) {
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

// FromColumns26 returns sum c[k] 2^(26 k) (k = 0..4) for 64-bit c[k].
inline Words FromColumns26(const uint64_t c[5]) {
  Words x;
  for (int k = 4; k >= 0; k--) {
    x = Add(Mul(x, Words{1u << 26}),
            Words{static_cast<uint32_t>(c[k]),
                  static_cast<uint32_t>(c[k] >> 32)});
  }
  return x;
}

// --- State access ------------------------------------------------------------

inline uint64_t GetTop(const StateLayout &l, const uint8_t *st) {
  return l.top_bytes == 8 ? CRYPTO_load_u64_le(st + 16)
                          : CRYPTO_load_u32_le(st + 16);
}

// GetH returns h = low 128 bits + top 2^128 (not reduced).
inline Words GetH(const StateLayout &l, const uint8_t *st) {
  Words h(4);
  for (int i = 0; i < 4; i++) {
    h[i] = CRYPTO_load_u32_le(st + 4 * i);
  }
  uint64_t top = GetTop(l, st);
  h.push_back(static_cast<uint32_t>(top));
  h.push_back(static_cast<uint32_t>(top >> 32));
  return h;
}

// SetH sets h = w[0] + ... + w[3] 2^96 + w[4] 2^128.
inline void SetH(const StateLayout &l, uint8_t *st, const Words &w) {
  for (int i = 0; i < 4; i++) {
    CRYPTO_store_u32_le(st + 4 * i, w[i]);
  }
  if (l.top_bytes == 8) {
    CRYPTO_store_u64_le(st + 16, w[4]);
  } else {
    CRYPTO_store_u32_le(st + 16, w[4]);
  }
}

inline Words GetR(const StateLayout &l, const uint8_t *st) {
  Words r(4);
  for (int i = 0; i < 4; i++) {
    r[i] = CRYPTO_load_u32_le(st + l.r_offset + 4 * i);
  }
  return r;
}

// --- Accumulator bounds ------------------------------------------------------

// CheckEmit emits the tag of `st`, whose h is `h` mod p, with s =
// 2^128 - 1 and with s = 0, and checks (h mod p + s) mod 2^128 and that
// emit left the state as it was.
inline void CheckEmit(const Row &row, ImplState *st, const Words &h,
                      const char *what) {
  uint8_t s_ff[16], s_0[16] = {0};
  memset(s_ff, 0xff, sizeof(s_ff));
  for (const uint8_t *s : {s_ff, s_0}) {
    uint8_t mac[16];
    ImplState before = *st;
    CallEmit(row, st->bytes, mac, s);
    EXPECT_EQ(Bytes(before.bytes, sizeof(before.bytes)),
              Bytes(st->bytes, sizeof(st->bytes)))
        << row.name << " " << what << ": emit changed the state";
    Words tag = Add(Mod(h), s == s_ff ? Words(4, 0xffffffff) : Words{});
    tag.resize(4, 0);
    Words got(4);
    for (int i = 0; i < 4; i++) {
      got[i] = CRYPTO_load_u32_le(mac + 4 * i);
    }
    EXPECT_EQ(tag, got) << row.name << " " << what << " tag";
  }
}

// EdgeStarts lists h (five words, h >> 128 last) at the edges of the entry
// bound h >> 128 <= 4.
inline std::vector<Words> EdgeStarts() {
  const uint32_t kMax = 0xffffffff;
  std::vector<Words> starts;
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

// CheckBounds runs `row`'s blocks on a state whose h is `start` and r from
// `key`, and checks the result against the schoolbook value, the exit
// bound and emit (before and after).
inline void CheckBounds(const Row &row, const StateLayout &l,
                        const std::vector<uint8_t> &key, const Words &start,
                        uint32_t padbit, const std::vector<uint8_t> &msg) {
  ImplState st;
  row.init(st.bytes, key.data());
  SetH(l, st.bytes, start);
  Words h = GetH(l, st.bytes);
  // Emit straight away: h mod p, fully reduced.
  CheckEmit(row, &st, h, "start value");

  Words want = Schoolbook(h, GetR(l, st.bytes), msg.data(), msg.size() / 16,
                          padbit);
  CallBlocks(row, st.bytes, msg.data(), msg.size(), padbit);
  EXPECT_LE(GetTop(l, st.bytes), 4u) << row.name << " exit bound";
  EXPECT_EQ(want, Mod(GetH(l, st.bytes)))
      << row.name << " start h4 " << start[4] << " h0 " << start[0]
      << " padbit " << padbit << " len " << msg.size();
  CheckEmit(row, &st, want, "after the blocks");
}

// CheckAccumulatorBounds runs CheckBounds on `row` from every EdgeStarts
// value, padbit 0 and 1, with each count in `nblocks` and five kinds of
// key and message: the largest clamped r (key all 0xff) with 0xff blocks;
// random r with 0xff, random and zero blocks; r = 1 with zero blocks (the
// product columns are then h itself, so from h >> 128 = 4 and all-ones
// low words the fold's carry runs from the lowest word to the top).
inline void CheckAccumulatorBounds(const Row &row, const StateLayout &l,
                                   uint64_t seed,
                                   const std::vector<size_t> &nblocks) {
  TestRNG rng(seed);
  for (int kind = 0; kind < 5; kind++) {
    std::vector<uint8_t> key = rng.Bytes(32);
    if (kind == 0) {
      key.assign(32, 0xff);
    } else if (kind == 4) {
      memset(key.data(), 0, 16);
      key[0] = 1;
    }
    for (const Words &start : EdgeStarts()) {
      for (uint32_t padbit : {0u, 1u}) {
        for (size_t n : nblocks) {
          std::vector<uint8_t> msg =
              kind == 2 ? rng.Bytes(16 * n)
                        : std::vector<uint8_t>(16 * n,
                                               kind <= 1 ? 0xff : 0);
          SCOPED_TRACE(testing::Message() << "key/message kind " << kind);
          CheckBounds(row, l, key, start, padbit, msg);
        }
      }
    }
  }
}

// VectorRowBlockCounts are the block counts CheckAccumulatorBounds uses
// for a vector row: its switch and one block either side, rests of 1..3
// blocks before the groups, two more groups, and 260 blocks.
inline std::vector<size_t> VectorRowBlockCounts(const Row &row) {
  size_t sw = row.min_len / 16;
  return {sw - 1, sw, sw + 1, sw + 3, sw + 6, sw + 8, 260};
}

// CheckRowsAccumulatorBounds runs CheckAccumulatorBounds on each runnable
// row of `rows`, with 0, 1, 2 and 7 blocks on a scalar row and
// VectorRowBlockCounts on a vector row, and names each row it skips.
inline void CheckRowsAccumulatorBounds(const Rows &rows, const StateLayout &l,
                                       uint64_t seed) {
  PrintUnrunnableRows(rows);
  for (const Row &row : rows) {
    if (!Runnable(row)) {
      continue;
    }
    CheckAccumulatorBounds(row, l, seed,
                           row.min_len != 0 ? VectorRowBlockCounts(row)
                                            : std::vector<size_t>{0, 1, 2, 7});
  }
}

// --- Kernels ---------------------------------------------------------------

// CheckKernelDirect calls `k` itself, through CHECK_ABI, with the table
// `powers` makes after `init`, from limbs the test makes (the largest its
// contract allows, among others), and compares the uncarried columns it
// returns with the schoolbook value. The table's limbs must be below
// 2^26 + 2^13 (the bound the kernels' bounds rest on) and S_k = 5 R_k.
inline void CheckKernelDirect(const Kernel &k, InitFn init, PowersFn powers_fn,
                              const StateLayout &l, uint64_t seed) {
  TestRNG rng(seed);
  for (int iter = 0; iter < 14; iter++) {
    std::vector<uint8_t> key =
        iter % 2 == 0 ? std::vector<uint8_t>(32, 0xff) : rng.Bytes(32);
    ImplState st;
    init(st.bytes, key.data());
    const uint32_t *powers = powers_fn(st.bytes);
    for (int j = 0; j < 5; j++) {
      for (int lane = 0; lane < 4; lane++) {
        ASSERT_LT(powers[4 * j + lane], (1u << 26) + (1u << 13));
        if (j > 0) {
          ASSERT_EQ(powers[4 * (4 + j) + lane], 5 * powers[4 * j + lane]);
        }
      }
    }
    Words r = GetR(l, st.bytes);
    uint32_t h[5];
    if (iter < 4) {
      // The largest limbs allowed on entry.
      h[0] = h[1] = h[2] = h[3] = k.h_limb_max;
      h[4] = (1u << 27) - 1;
    } else {
      for (auto &limb : h) {
        limb = static_cast<uint32_t>(rng.Next()) & ((1u << 26) - 1);
      }
    }
    uint32_t padbit = iter % 3 == 0 ? 0 : 1;
    size_t nblocks = iter < 6 ? (k.group / 16) * (1 + iter) : 256 + 4 * iter;
    std::vector<uint8_t> msg = iter % 4 == 1
                                   ? std::vector<uint8_t>(16 * nblocks, 0xff)
                                   : rng.Bytes(16 * nblocks);
    const uint64_t h64[5] = {h[0], h[1], h[2], h[3], h[4]};
    Words want =
        Schoolbook(FromColumns26(h64), r, msg.data(), nblocks, padbit);
    uint64_t d[5];
    CHECK_ABI(k.fn, d, h, msg.data(), msg.size(), padbit, powers);
    for (int j = 0; j < 5; j++) {
      EXPECT_LT(d[j], uint64_t{1} << k.column_bits)
          << k.name << " column " << j;
    }
    EXPECT_EQ(want, Mod(FromColumns26(d)))
        << k.name << " iter " << iter << " blocks " << nblocks;
  }
}

// CheckKernelUnwind calls `k` once, on four blocks, under CHECK_ABI_UNWIND.
inline void CheckKernelUnwind(const Kernel &k, InitFn init,
                              PowersFn powers_fn) {
  std::vector<uint8_t> key(32, 0x33), msg(16 * 4, 0x44);
  ImplState st;
  init(st.bytes, key.data());
  const uint32_t *powers = powers_fn(st.bytes);
  uint32_t h[5] = {1, 2, 3, 4, 5};
  uint64_t d[5];
  CHECK_ABI_UNWIND(k.fn, d, h, msg.data(), msg.size(), 1, powers);
}

// --- Entry points, whole ---------------------------------------------------

// CheckZeroLength: blocks with len == 0 and a null input leaves every
// runnable row's state as it was.
inline void CheckZeroLength(const Rows &rows) {
  std::vector<uint8_t> key(32, 0x5a);
  for (const Row &row : rows) {
    if (!Runnable(row)) {
      continue;
    }
    ImplState st;
    row.init(st.bytes, key.data());
    ImplState before = st;
    CallBlocks(row, st.bytes, nullptr, 0, 1);
    EXPECT_EQ(Bytes(before.bytes, sizeof(before.bytes)),
              Bytes(st.bytes, sizeof(st.bytes)))
        << row.name;
  }
}

// CheckScalarUnwind calls the scalar row's blocks (three blocks) and, if
// it is assembly, its emit under CHECK_ABI_UNWIND, and checks the tag.
inline void CheckScalarUnwind(const Row &row) {
  std::vector<uint8_t> key(32, 0x33), msg(16 * 3, 0x44);
  ImplState st;
  row.init(st.bytes, key.data());
  CHECK_ABI_UNWIND(row.blocks, st.bytes, msg.data(), msg.size(), 1);
  uint8_t mac[16];
  if (row.abi_emit) {
    CHECK_ABI_UNWIND(row.emit, st.bytes, mac, key.data() + 16);
  } else {
    row.emit(st.bytes, mac, key.data() + 16);
  }
  EXPECT_EQ(Bytes(Mac(kC26, key.data(), msg, {})), Bytes(mac, 16));
}

}  // namespace poly1305_path_test

#endif  // OPENSSL_HEADER_CRYPTO_POLY1305_TEST_POLY1305_PATH_TEST_H
