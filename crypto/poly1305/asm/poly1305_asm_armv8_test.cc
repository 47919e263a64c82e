// Copyright 2026 The project authors.
//
// poly1305_asm_armv8_test.cc: every AArch64 Poly1305 assembly entry point
// (poly1305_asm_armv8.h) against both portable C implementations (c64, c26)
// and against an independent schoolbook computation mod p = 2^130 - 5:
//
//   - random keys and messages of up to 64 KiB, fed in pieces split at
//     random points (whole blocks to `blocks`, the padded final partial
//     block with padbit 0), tags compared with c64 and c26;
//   - all-0xff messages with the maximal clamped r (key all 0xff);
//   - accumulators set directly at the edges of the entry bound: h in
//     [2^130 - 5, 2^130), h = p - 1, and the largest allowed h (h2 = 4,
//     h0 = h1 = 2^64 - 1); one or more all-0xff blocks with padbit 0 and 1;
//     the result must equal the schoolbook value mod p and stay within the
//     exit bound (h2 <= 4), and emit must reduce it fully;
//   - every entry point through CHECK_ABI.

#include <openssl/base.h>

#include <stdio.h>
#include <string.h>

#include <algorithm>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "../../internal.h"
#include "../../test/abi_test.h"
#include "../../test/asm_path_test.h"
#include "../../test/test_util.h"
#include "../internal.h"
#include "poly1305_asm_armv8.h"

#if defined(OPENSSL_AARCH64) && !defined(OPENSSL_NO_ASM)

namespace {

using InitFn = void (*)(void *state, const uint8_t key[32]);
using BlocksFn = void (*)(void *state, const uint8_t *in, size_t len,
                          uint32_t padbit);
using EmitFn = void (*)(void *state, uint8_t mac[16], const uint8_t s[16]);

struct alignas(POLY1305_IMPL_STATE_ALIGN) ImplState {
  uint8_t bytes[POLY1305_IMPL_STATE_SIZE];
};

// Impl is one set of init/blocks/emit; `abi` routes the assembly calls
// through CHECK_ABI.
struct Impl {
  const char *name;
  InitFn init;
  BlocksFn blocks;
  EmitFn emit;
  bool abi;
};

const Impl kARMv8 = {"armv8", poly1305_init_armv8, poly1305_blocks_armv8,
                     poly1305_emit_armv8, true};
// The NEON row: its blocks function is C glue around poly1305_blocks_neon
// (checked through CHECK_ABI directly in NEONDirect).
const Impl kNEON = {"neon", poly1305_init_armv8, poly1305_blocks_neon_row,
                    poly1305_emit_armv8, false};
const Impl kC26 = {"c26", poly1305_init_c26, poly1305_blocks_c26,
                   poly1305_emit_c26, false};
#if defined(POLY1305_HAVE_C64)
const Impl kC64 = {"c64", poly1305_init_c64, poly1305_blocks_c64,
                   poly1305_emit_c64, false};
#endif

void CallBlocks(const Impl &impl, void *st, const uint8_t *in, size_t len,
                uint32_t padbit) {
  if (impl.abi) {
    CHECK_ABI(impl.blocks, st, in, len, padbit);
  } else {
    impl.blocks(st, in, len, padbit);
  }
}

void CallEmit(const Impl &impl, void *st, uint8_t mac[16],
              const uint8_t s[16]) {
  if (impl.abi) {
    CHECK_ABI(impl.emit, st, mac, s);
  } else {
    impl.emit(st, mac, s);
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
  CallEmit(impl, st.bytes, mac.data(), key + 16);
  return mac;
}

// NEONOrSkip returns true if the NEON code can run here; otherwise it
// exempts it from the ABI coverage check and says so.
bool NEONOrSkip() {
  if (CRYPTO_is_NEON_capable()) {
    return true;
  }
  abi_test::NotRunnableHere(poly1305_blocks_neon);
  return false;
}

void CheckAgainstC(const uint8_t key[32], const std::vector<uint8_t> &msg,
                   const std::vector<size_t> &cuts) {
  std::vector<uint8_t> want = Mac(kC26, key, msg, {});
  ASSERT_EQ(Bytes(want), Bytes(Mac(kARMv8, key, msg, cuts)))
      << "len " << msg.size() << " vs c26";
  if (CRYPTO_is_NEON_capable()) {
    ASSERT_EQ(Bytes(want), Bytes(Mac(kNEON, key, msg, cuts)))
        << "neon, len " << msg.size() << " vs c26";
  }
#if defined(POLY1305_HAVE_C64)
  ASSERT_EQ(Bytes(want), Bytes(Mac(kC64, key, msg, cuts)))
      << "len " << msg.size() << " c64 vs c26";
#endif
}

TEST(Poly1305Armv8Test, RandomSplitsAgainstC) {
  TestRNG rng(0x706f6c7961726d01);
  for (int iter = 0; iter < 200; iter++) {
    // Mostly short messages, some up to 64 KiB.
    size_t len = iter % 8 == 0 ? rng.Below(65537) : rng.Below(1100);
    std::vector<uint8_t> key = rng.Bytes(32), msg = rng.Bytes(len);
    std::vector<size_t> cuts;
    size_t ncuts = rng.Below(6);
    for (size_t i = 0; i < ncuts; i++) {
      cuts.push_back(rng.Below(len + 1));
    }
    std::sort(cuts.begin(), cuts.end());
    CheckAgainstC(key.data(), msg, cuts);
  }
}

TEST(Poly1305Armv8Test, LongAgainstC) {
  // At least 256 blocks through the NEON loop on every run, at every
  // residue of the block count mod 4 and with splits.
  if (!NEONOrSkip()) {
    printf("NEON masked or absent: only the scalar path is compared\n");
  }
  TestRNG rng(0x706f6c7961726d04);
  for (size_t len : {size_t{4096}, size_t{4096 + 16}, size_t{4096 + 32},
                     size_t{4096 + 48}, size_t{4096 + 15}, size_t{65536}}) {
    std::vector<uint8_t> key = rng.Bytes(32), msg = rng.Bytes(len);
    CheckAgainstC(key.data(), msg, {});
    CheckAgainstC(key.data(), msg, {len / 7, len / 2, len - 300});
  }
}

TEST(Poly1305Armv8Test, AllLengthsAgainstC) {
  TestRNG rng(0x706f6c7961726d02);
  for (size_t len = 0; len <= 1100; len++) {
    std::vector<uint8_t> key = rng.Bytes(32), msg = rng.Bytes(len);
    CheckAgainstC(key.data(), msg, {});
  }
}

TEST(Poly1305Armv8Test, AllOnesMaxR) {
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
// Numbers are little-endian 32-bit words.

using Words = std::vector<uint32_t>;

// Reduce returns x mod p (5 words), for x of any length: fold
// x = (x mod 2^130) + 5 (x >> 130) until x < 2^130, then subtract p once
// if x >= p.
Words Reduce(Words x) {
  x.resize(std::max<size_t>(x.size(), 6), 0);
  for (;;) {
    Words hi(x.size(), 0);
    bool any = false;
    for (size_t i = 0; i + 4 < x.size(); i++) {
      uint64_t v = x[i + 4] >> 2;
      if (i + 5 < x.size()) {
        v |= static_cast<uint64_t>(x[i + 5]) << 30;
      }
      hi[i] = static_cast<uint32_t>(v);
      any |= hi[i] != 0;
    }
    if (!any) {
      break;
    }
    Words lo(x.size(), 0);
    std::copy(x.begin(), x.begin() + 5, lo.begin());
    lo[4] &= 3;
    uint64_t carry = 0;
    for (size_t i = 0; i < x.size(); i++) {
      uint64_t v = uint64_t{lo[i]} + 5 * uint64_t{hi[i]} + carry;
      x[i] = static_cast<uint32_t>(v);
      carry = v >> 32;
    }
  }
  // x < 2^130 < 2p: subtract p = 2^130 - 5 if x >= p, i.e. if x + 5 >= 2^130.
  Words g(5);
  uint64_t carry = 5;
  for (size_t i = 0; i < 5; i++) {
    uint64_t v = uint64_t{x[i]} + carry;
    g[i] = static_cast<uint32_t>(v);
    carry = v >> 32;
  }
  x.resize(5);
  if (g[4] >> 2) {
    g[4] &= 3;
    return g;
  }
  return x;
}

Words Mul(const Words &a, const Words &b) {
  Words out(a.size() + b.size() + 1, 0);
  for (size_t i = 0; i < a.size(); i++) {
    uint64_t carry = 0;
    for (size_t j = 0; j < b.size(); j++) {
      uint64_t v = uint64_t{a[i]} * b[j] + out[i + j] + carry;
      out[i + j] = static_cast<uint32_t>(v);
      carry = v >> 32;
    }
    for (size_t k = i + b.size(); carry != 0; k++) {
      uint64_t v = uint64_t{out[k]} + carry;
      out[k] = static_cast<uint32_t>(v);
      carry = v >> 32;
    }
  }
  return out;
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
  return out;
}

Words FromU64s(std::initializer_list<uint64_t> v) {
  Words out;
  for (uint64_t x : v) {
    out.push_back(static_cast<uint32_t>(x));
    out.push_back(static_cast<uint32_t>(x >> 32));
  }
  return out;
}

Words StateValue(const poly1305_armv8_state &st) {
  return FromU64s({st.h0, st.h1, st.h2});
}

// Schoolbook returns h after `nblocks` 16-byte blocks of `msg`, each
// block m_i read little-endian with `padbit` as bit 128:
// h = ((h + m_i) * r) mod p, p = 2^130 - 5, one block at a time.
Words Schoolbook(Words h, const Words &r, const uint8_t *msg, size_t nblocks,
                 uint32_t padbit) {
  for (size_t b = 0; b < nblocks; b++) {
    Words mw(4);
    for (int i = 0; i < 4; i++) {
      mw[i] = CRYPTO_load_u32_le(msg + 16 * b + 4 * i);
    }
    mw.push_back(padbit);
    h = Reduce(Mul(Add(h, mw), r));
  }
  return h;
}

// CheckEmitMaxS emits the tag of state `st`, whose h is `h` mod p, with
// s = 2^128 - 1 through CHECK_ABI and checks it is (h + s) mod 2^128.
void CheckEmitMaxS(ImplState *st, const Words &h, const char *what) {
  uint8_t mac[16], s_ff[16];
  memset(s_ff, 0xff, sizeof(s_ff));
  CHECK_ABI(poly1305_emit_armv8, st->bytes, mac, s_ff);
  Words tag = Add(h, Words(4, 0xffffffff));
  tag.resize(4);
  Words got_tag(4);
  for (int i = 0; i < 4; i++) {
    got_tag[i] = CRYPTO_load_u32_le(mac + 4 * i);
  }
  EXPECT_EQ(tag, got_tag) << what << " tag";
}

// StartAt initialises `st` with `init` and `key`, then replaces its
// accumulator h (h0, h1, h2) with that of `start`. It returns the state as
// the assembly sees it and sets `*r` to the clamped r.
poly1305_armv8_state StartAt(InitFn init, const std::vector<uint8_t> &key,
                             const poly1305_armv8_state &start,
                             ImplState *st, Words *r) {
  init(st->bytes, key.data());
  poly1305_armv8_state s;
  memcpy(&s, st->bytes, sizeof(s));
  *r = FromU64s({s.r0, s.r1});
  s.h0 = start.h0;
  s.h1 = start.h1;
  s.h2 = start.h2;
  memcpy(st->bytes, &s, sizeof(s));
  return s;
}

// BlocksValue runs `impl`'s blocks on a state whose h is `start` and r from
// `key`, and checks the result against the schoolbook value, the exit bound
// and emit.
void CheckBounds(const Impl &impl, const std::vector<uint8_t> &key,
                 const poly1305_armv8_state &start, uint32_t padbit,
                 const std::vector<uint8_t> &msg) {
  ImplState st;
  Words r;
  poly1305_armv8_state s = StartAt(impl.init, key, start, &st, &r);

  Words h = Schoolbook(StateValue(s), r, msg.data(), msg.size() / 16, padbit);
  impl.blocks(st.bytes, msg.data(), msg.size(), padbit);
  memcpy(&s, st.bytes, sizeof(s));
  EXPECT_LE(s.h2, 4u) << impl.name << " exit bound";
  EXPECT_EQ(h, Reduce(StateValue(s)))
      << impl.name << " h0 " << start.h0 << " h1 " << start.h1 << " h2 "
      << start.h2 << " padbit " << padbit << " len " << msg.size();
  CheckEmitMaxS(&st, h, impl.name);
}

std::vector<poly1305_armv8_state> EdgeStarts() {
  const uint64_t kMax = ~uint64_t{0};
  // h values (h0, h1, h2) at the edges: [2^130 - 5, 2^130), p - 1, and the
  // largest h the entry bound allows (h2 = 4, h < 5 2^128).
  std::vector<poly1305_armv8_state> starts;
  for (uint64_t i = 0; i < 5; i++) {
    starts.push_back({kMax - 4 + i, kMax, 3, 0, 0, 0, {0, 0}, {}});
  }
  starts.push_back({kMax - 5, kMax, 3, 0, 0, 0, {0, 0}, {}});
  starts.push_back({kMax, kMax, 4, 0, 0, 0, {0, 0}, {}});
  starts.push_back({0, 0, 4, 0, 0, 0, {0, 0}, {}});
  return starts;
}

TEST(Poly1305Armv8Test, NEONAccumulatorBounds) {
  SKIP_PATH_UNLESS(CRYPTO_is_NEON_capable(), poly1305_blocks_neon);
  TestRNG rng(0x706f6c7961726d05);
  for (int key_kind = 0; key_kind < 3; key_kind++) {
    std::vector<uint8_t> key =
        key_kind == 0 ? std::vector<uint8_t>(32, 0xff) : rng.Bytes(32);
    for (const poly1305_armv8_state &start : EdgeStarts()) {
      for (uint32_t padbit : {0u, 1u}) {
        for (size_t nblocks : {size_t{16}, size_t{17}, size_t{19},
                               size_t{24}, size_t{260}}) {
          std::vector<uint8_t> msg =
              key_kind == 2 ? rng.Bytes(16 * nblocks)
                            : std::vector<uint8_t>(16 * nblocks, 0xff);
          CheckBounds(kNEON, key, start, padbit, msg);
        }
      }
    }
  }
}

// NEONDirect calls the assembly itself, through CHECK_ABI, from limbs the
// test makes (the largest the contract allows, among others), and compares
// the uncarried columns it returns with the schoolbook value.
TEST(Poly1305Armv8Test, NEONDirect) {
  SKIP_PATH_UNLESS(CRYPTO_is_NEON_capable(), poly1305_blocks_neon);
  TestRNG rng(0x706f6c7961726d06);
  for (int iter = 0; iter < 12; iter++) {
    std::vector<uint8_t> key =
        iter % 2 == 0 ? std::vector<uint8_t>(32, 0xff) : rng.Bytes(32);
    ImplState st;
    poly1305_init_armv8(st.bytes, key.data());
    const uint32_t *powers = poly1305_powers_armv8(st.bytes);
    poly1305_armv8_state s;
    memcpy(&s, st.bytes, sizeof(s));
    Words r = FromU64s({s.r0, s.r1});
    uint32_t h[5];
    if (iter < 4) {
      // The largest limbs allowed on entry.
      h[0] = h[1] = h[2] = h[3] = (1u << 26) - 1;
      h[4] = (1u << 27) - 1;
    } else {
      for (auto &limb : h) {
        limb = static_cast<uint32_t>(rng.Next()) & ((1u << 26) - 1);
      }
    }
    uint32_t padbit = iter % 3 == 0 ? 0 : 1;
    size_t nblocks = iter < 6 ? 4 * (1 + iter) : 256 + 4 * iter;
    std::vector<uint8_t> msg = iter % 4 == 1
                                   ? std::vector<uint8_t>(16 * nblocks, 0xff)
                                   : rng.Bytes(16 * nblocks);
    // want = Horner's rule from h.
    Words want;
    for (int k = 4; k >= 0; k--) {
      // want = want 2^26 + h[k]
      want = Add(Mul(want, Words{1u << 26}), Words{h[k]});
    }
    want = Schoolbook(want, r, msg.data(), nblocks, padbit);
    uint64_t d[5];
    CHECK_ABI(poly1305_blocks_neon, d, h, msg.data(), msg.size(), padbit,
              powers);
    Words got;
    for (int k = 4; k >= 0; k--) {
      EXPECT_LT(d[k], uint64_t{1} << 60) << "column " << k;
      got = Add(Mul(got, Words{1u << 26}), FromU64s({d[k]}));
    }
    EXPECT_EQ(want, Reduce(got)) << "iter " << iter << " blocks " << nblocks;
  }
}

TEST(Poly1305Armv8Test, AccumulatorBounds) {
  std::vector<poly1305_armv8_state> starts = EdgeStarts();
  TestRNG rng(0x706f6c7961726d03);
  for (int key_kind = 0; key_kind < 3; key_kind++) {
    std::vector<uint8_t> key =
        key_kind == 0 ? std::vector<uint8_t>(32, 0xff) : rng.Bytes(32);
    for (const poly1305_armv8_state &start : starts) {
      for (uint32_t padbit : {0u, 1u}) {
        for (size_t nblocks : {size_t{1}, size_t{2}, size_t{7}}) {
          std::vector<uint8_t> msg(16 * nblocks,
                                   key_kind == 2 ? 0x00 : 0xff);
          ImplState st;
          Words r;
          poly1305_armv8_state s =
              StartAt(poly1305_init_armv8, key, start, &st, &r);

          // Emit straight away: h mod p, fully reduced.
          Words want = Reduce(StateValue(s));
          uint8_t mac[16], zero[16] = {0};
          CHECK_ABI(poly1305_emit_armv8, st.bytes, mac, zero);
          Words got_w = FromU64s(
              {CRYPTO_load_u64_le(mac), CRYPTO_load_u64_le(mac + 8)});
          want.resize(4);  // mod 2^128
          EXPECT_EQ(want, got_w) << "emit of the start value";

          // The schoolbook value of the blocks.
          Words h = Schoolbook(StateValue(s), r, msg.data(), nblocks, padbit);
          CHECK_ABI(poly1305_blocks_armv8, st.bytes, msg.data(), msg.size(),
                    padbit);
          memcpy(&s, st.bytes, sizeof(s));
          EXPECT_LE(s.h2, 4u) << "exit bound";
          EXPECT_EQ(h, Reduce(StateValue(s)))
              << "h0 " << start.h0 << " h1 " << start.h1 << " h2 " << start.h2
              << " padbit " << padbit << " blocks " << nblocks;

          CheckEmitMaxS(&st, h, "armv8");
        }
      }
    }
  }
}

TEST(Poly1305Armv8Test, ZeroLengthTouchesNothing) {
  std::vector<uint8_t> key(32, 0x5a);
  ImplState st;
  poly1305_init_armv8(st.bytes, key.data());
  ImplState before = st;
  CHECK_ABI(poly1305_blocks_armv8, st.bytes, nullptr, 0, 1);
  EXPECT_EQ(Bytes(before.bytes, sizeof(before.bytes)),
            Bytes(st.bytes, sizeof(st.bytes)));
}

TEST(Poly1305Armv8Test, UnwindInfo) {
  std::vector<uint8_t> key(32, 0x33), msg(16 * 3, 0x44);
  ImplState st;
  poly1305_init_armv8(st.bytes, key.data());
  CHECK_ABI_UNWIND(poly1305_blocks_armv8, st.bytes, msg.data(), msg.size(), 1);
  uint8_t mac[16];
  CHECK_ABI_UNWIND(poly1305_emit_armv8, st.bytes, mac, key.data() + 16);
  std::vector<uint8_t> want = Mac(kC26, key.data(), msg, {});
  EXPECT_EQ(Bytes(want), Bytes(mac, 16));
}

}  // namespace

#endif  // OPENSSL_AARCH64 && !OPENSSL_NO_ASM
