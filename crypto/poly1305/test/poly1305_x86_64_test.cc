// Copyright 2026 The project authors.
//
// poly1305_x86_64_test.cc: every x86-64 Poly1305 row, read from the list
// (impls.h), its assembly entry point (poly1305_x86_64.h) called directly,
// through CHECK_ABI, against both
// portable C implementations (base 2^64 "c64" and base 2^26 "c26"), fed the
// same blocks in the same calls. After every call the three states are
// compared through emit (which leaves the state unchanged), so a wrong
// intermediate h fails at the call that produced it.
//
// For each row the running CPU supports (a scalar row is given the largest
// switch length of the vector rows, and every row the loop exits of both
// lane-group sizes):
//   - random keys and messages up to 64 KiB, split into calls at random
//     block boundaries, with padbit 1 and 0;
//   - every call length 0..(switch length + 4 lane groups) in one call, so
//     both sides of each vector function's switch, each exit of its loops
//     (AVX2: 8-block steps then one or two 4-block groups; AVX-512 IFMA:
//     16-block steps, then an 8-block group with r^8 or not, then the last
//     group with the per-lane powers) and every scalar rest after them run;
//   - at least 256 blocks in one call (4096 bytes and 64 KiB) every run,
//     through the vector loops (4-way AVX2, 8-lane IFMA);
//   - several long calls per key (the table of powers of r computed once,
//     then reused) mixed with short ones;
//   - maximal clamped r with all-0xff blocks and s;
//   - the accumulator forced to each value in [2^130 - 5, 2^130) and to the
//     top of the rows' entry bound (h2 = 4, h0 = h1 = 2^64 - 1: base 2^64
//     rows only), then all-0xff blocks, random blocks and no blocks;
//   - len == 0 with a null input: nothing read, h unchanged;
//   - one call under CHECK_ABI_UNWIND (short; and for the vector code a
//     call through its vector part too).
// And the checks every architecture's rows get (poly1305_path_test.h, shared
// with the 32-bit x86 and AArch64 tests), on each x86-64 row: tags against
// c26 and c64 on random splits, long calls and every length up to past the
// loops' exits, all-0xff blocks with maximal r; the accumulator at the
// edges of the entry bound against a schoolbook computation mod p (h2 = 4
// included, which the side-by-side checks compare with c64 only).
// A path the CPU (or the OPENSSL_ia32cap mask) does not allow is skipped
// with a message naming it and exempted from the ABI coverage check.

#include <openssl/base.h>

#include <string.h>

#include <vector>

#include <gtest/gtest.h>

#include "../../test/abi_test.h"
#include "../../test/asm_path_test.h"
#include "../../test/test_util.h"
#include "../internal.h"
#include "../poly1305_x86_64.h"
#include "poly1305_path_test.h"

#if defined(OPENSSL_X86_64) && !defined(OPENSSL_NO_ASM)

namespace {

namespace ppt = poly1305_path_test;
using ppt::ImplState;
using ppt::Row;

// The rows, read from the list (impls.h): all three blocks functions are
// assembly (through CHECK_ABI); init is C, emit the portable base 2^64 code.
const ppt::Rows kRows = ppt::ArchRows();

// h0, h1, h2 as 64-bit words at byte 0, r0, r1 at byte 24.
constexpr ppt::StateLayout kLayout = {8, 24};

// kGroups are the bytes one lane group of the x86-64 vector code covers (4
// blocks for AVX2, 8 for AVX-512 IFMA): the side-by-side checks walk the
// loop exits of both shapes on every row.
constexpr size_t kGroups[] = {64, 128};
constexpr size_t kMaxGroup = 128;

const struct crypto_poly1305_entry kC64 = {poly1305_init_c64, poly1305_blocks_c64,
                                       poly1305_emit_c64};
const struct crypto_poly1305_entry kC26 = {poly1305_init_c26, poly1305_blocks_c26,
                                       poly1305_emit_c26};

// Trio runs one assembly row and the two C implementations side by side.
class Trio {
 public:
  explicit Trio(const Row &row)
      : row_(row), name_(row.name), fns_{row.init, row.blocks, row.emit} {}

  void Init(const uint8_t key[32]) {
    row_.init(asm_.bytes, key);
    poly1305_init_c64(c64_.bytes, key);
    poly1305_init_c26(c26_.bytes, key);
    memcpy(s_, key + 16, 16);
  }

  // SetH forces h = h0 + h1 2^64 + h2 2^128 in all three (c26 only when
  // h2 <= 3, its bound).
  void SetH(uint64_t h0, uint64_t h1, uint64_t h2) {
    poly1305_set_h_for_testing(&fns_, asm_.bytes, h0, h1, h2);
    poly1305_set_h_for_testing(&kC64, c64_.bytes, h0, h1, h2);
    with_c26_ = h2 <= 3;
    if (with_c26_) {
      poly1305_set_h_for_testing(&kC26, c26_.bytes, h0, h1, h2);
    }
  }

  void Blocks(const uint8_t *in, size_t len, uint32_t padbit,
              bool unwind = false) {
    if (!row_.abi_blocks) {
      row_.blocks(asm_.bytes, in, len, padbit);
    } else if (unwind) {
      CHECK_ABI_UNWIND(row_.blocks, asm_.bytes, in, len, padbit);
    } else {
      CHECK_ABI(row_.blocks, asm_.bytes, in, len, padbit);
    }
    poly1305_blocks_c64(c64_.bytes, in, len, padbit);
    if (with_c26_) {
      poly1305_blocks_c26(c26_.bytes, in, len, padbit);
    }
  }

  // Check compares the three tags (and that h2 is within the bound the
  // asm promises) and returns false on a mismatch.
  bool Check(const char *what) {
    uint8_t got[16], want64[16], want26[16];
    ppt::CallEmit(row_, asm_.bytes, got, s_);
    poly1305_emit_c64(c64_.bytes, want64, s_);
    bool ok = true;
    uint64_t h2 = ppt::GetTop(kLayout, asm_.bytes);
    EXPECT_LE(h2, 4u) << name_ << ": h2 above the exit bound after " << what;
    ok &= h2 <= 4;
    EXPECT_EQ(Bytes(want64), Bytes(got)) << name_ << " vs c64 after " << what;
    ok &= memcmp(want64, got, 16) == 0;
    if (with_c26_) {
      poly1305_emit_c26(c26_.bytes, want26, s_);
      EXPECT_EQ(Bytes(want26), Bytes(got))
          << name_ << " vs c26 after " << what;
      ok &= memcmp(want26, got, 16) == 0;
    }
    return ok;
  }

  const uint8_t *asm_state() const { return asm_.bytes; }

 private:
  static std::vector<uint8_t> Bytes(const uint8_t b[16]) {
    return std::vector<uint8_t>(b, b + 16);
  }

  const Row &row_;
  const char *name_;
  const struct crypto_poly1305_entry fns_;
  // Zeroed so that comparing whole states (the powers of r are written
  // only on the first long call) reads defined bytes under valgrind.
  ImplState asm_{}, c64_{}, c26_{};
  uint8_t s_[16];
  bool with_c26_ = true;
};

void RandomKey(TestRNG *rng, uint8_t key[32]) { rng->Fill(key, 32); }

// CheckPath runs every check listed at the top on `row`. A scalar row has
// no switch; it gets the largest of the vector rows', which is as good as
// any.
void CheckPath(const Row &row, uint64_t seed) {
  const char *name = row.name;
  const size_t kSwitchLen =
      row.min_len != 0 ? row.min_len : ppt::MaxSwitch(kRows);
  TestRNG rng(seed);
  Trio t(row);
  uint8_t key[32];

  // Every length 0..kSwitchLen + 4 of the larger groups in one call, with
  // padbit 1 and 0: the loops' every exit (one, two, three groups past the
  // switch, ...) and every scalar rest after them.
  {
    std::vector<uint8_t> msg = rng.Bytes(kSwitchLen + 4 * kMaxGroup);
    for (size_t len = 0; len <= msg.size(); len += 16) {
      for (uint32_t pad : {1u, 0u}) {
        RandomKey(&rng, key);
        t.Init(key);
        t.Blocks(msg.data(), len, pad);
        if (!t.Check("one call")) {
          ADD_FAILURE() << name << ": len " << len << " padbit " << pad;
          return;
        }
      }
    }
  }

  // Random messages up to 64 KiB in random splits, the tag compared after
  // every call. The first message of the three is 64 KiB in one call.
  for (int iter = 0; iter < 24; iter++) {
    RandomKey(&rng, key);
    t.Init(key);
    size_t blocks = iter == 0 ? 4096 : static_cast<size_t>(rng.Below(4097));
    std::vector<uint8_t> msg = rng.Bytes(16 * blocks);
    size_t off = 0;
    while (off < msg.size()) {
      size_t n = iter == 0 ? blocks
                           : 1 + static_cast<size_t>(rng.Below(
                                     rng.Below(2) ? 8 : blocks));
      if (16 * n > msg.size() - off) {
        n = (msg.size() - off) / 16;
      }
      uint32_t pad = rng.Below(8) == 0 ? 0 : 1;
      t.Blocks(msg.data() + off, 16 * n, pad);
      off += 16 * n;
      if (!t.Check("a random split")) {
        ADD_FAILURE() << name << ": message " << iter << " of " << blocks
                      << " blocks, failed at offset " << off;
        return;
      }
    }
  }

  // One key, long and short calls mixed (the table of powers is made by
  // the first long call and reused by the later ones).
  {
    RandomKey(&rng, key);
    t.Init(key);
    std::vector<uint8_t> msg = rng.Bytes(4096);
    for (size_t len : {16u, 4096u, 48u, 256u, 320u, 0u, 4096u, 272u, 384u,
                       512u, 400u}) {
      t.Blocks(msg.data(), len, 1);
      ASSERT_TRUE(t.Check("mixed calls on one key")) << name << " len " << len;
    }
  }

  // Maximal clamped r, all-0xff blocks and s.
  {
    memset(key, 0xff, sizeof(key));
    t.Init(key);
    std::vector<uint8_t> ff(4096, 0xff);
    t.Blocks(ff.data(), ff.size(), 1);
    ASSERT_TRUE(t.Check("4096 0xff bytes, maximal r"));
    t.Blocks(ff.data(), 16 * 7, 1);
    ASSERT_TRUE(t.Check("7 more 0xff blocks"));
    t.Blocks(ff.data(), 16, 0);
    ASSERT_TRUE(t.Check("a 0xff block with padbit 0"));
    // Each exit of the vector loops with the largest limbs the inputs can
    // give (fresh key each, so the powers are made from maximal r), for
    // either group size.
    for (size_t group : kGroups) {
      for (size_t len : {kSwitchLen, kSwitchLen + group,
                         kSwitchLen + 2 * group,
                         kSwitchLen + 3 * group + 7 * 16}) {
        t.Init(key);
        t.Blocks(ff.data(), len, 1);
        ASSERT_TRUE(t.Check("0xff blocks, maximal r, each loop exit"))
            << name << " len " << len;
      }
    }
  }

  // The accumulator at the edges: h = 2^130 - 5 + k, k = 0..4, and the top
  // of the entry bound (h2 = 4), then several kinds of input.
  struct Edge {
    uint64_t h0, h1, h2;
  };
  std::vector<Edge> edges;
  for (uint64_t k = 0; k < 5; k++) {
    edges.push_back({~uint64_t{0} - 4 + k, ~uint64_t{0}, 3});
  }
  edges.push_back({~uint64_t{0}, ~uint64_t{0}, 4});
  std::vector<uint8_t> ff(4096, 0xff);
  std::vector<uint8_t> rnd = rng.Bytes(4096);
  for (const Edge &e : edges) {
    for (int input = 0; input < 6; input++) {
      for (bool max_r : {true, false}) {
        if (max_r) {
          memset(key, 0xff, sizeof(key));
        } else {
          RandomKey(&rng, key);
        }
        t.Init(key);
        t.SetH(e.h0, e.h1, e.h2);
        SCOPED_TRACE(testing::Message()
                     << name << ": h2 " << e.h2 << " h0 " << e.h0
                     << " input " << input << " max_r " << max_r);
        ASSERT_TRUE(t.Check("forcing h"));
        switch (input) {
          case 0:  // no blocks
            t.Blocks(nullptr, 0, 1);
            break;
          case 1:  // one 0xff block
            t.Blocks(ff.data(), 16, 1);
            break;
          case 2:  // 0xff blocks through the vector loop
            t.Blocks(ff.data(), 4096, 1);
            break;
          case 3:  // exactly the switch length (the vector code's minimum)
            t.Blocks(ff.data(), kSwitchLen, 1);
            break;
          case 4:  // random blocks, long
            t.Blocks(rnd.data(), 1024 + 48, 1);
            break;
          case 5:  // padbit 0, long
            t.Blocks(ff.data(), 512, 0);
            break;
        }
        ASSERT_TRUE(t.Check("input from a forced h"));
      }
    }
  }

  // len == 0 with a null input changes nothing.
  {
    RandomKey(&rng, key);
    t.Init(key);
    std::vector<uint8_t> msg = rng.Bytes(64);
    t.Blocks(msg.data(), 64, 1);
    ImplState before;
    memcpy(before.bytes, t.asm_state(), sizeof(before.bytes));
    t.Blocks(nullptr, 0, 1);
    EXPECT_EQ(0, memcmp(before.bytes, t.asm_state(), sizeof(before.bytes)))
        << name << " changed the state for len 0";
  }

  // The unwind information, instruction by instruction: a short call and
  // (for the vector code, where it matters) one call past the switch.
  {
    RandomKey(&rng, key);
    t.Init(key);
    std::vector<uint8_t> msg = rng.Bytes(kSwitchLen + 32);
    t.Blocks(msg.data() + 1, 32, 1, /*unwind=*/true);
    EXPECT_TRUE(t.Check("a short call under the unwind check"));
    t.Blocks(msg.data(), kSwitchLen + 32, 1, /*unwind=*/true);
    EXPECT_TRUE(t.Check("a vector call under the unwind check"));
  }
}

// Each row side by side with c64 and c26, with the seeds 0x13055 (best
// row), 0x13053, 0x13051, ...
TEST(Poly1305AsmTest, EachRowSideBySide) {
  ppt::ExemptUnrunnable(kRows);
  uint64_t seed = 0x13055;
  for (const Row &row : kRows) {
    if (ppt::Runnable(row)) {
      SCOPED_TRACE(row.name);
      CheckPath(row, seed);
    } else {
      printf("%s skipped: this CPU (or the %s mask) does not allow it\n",
             row.name, kCPUMaskName);
    }
    seed -= 2;
  }
}

TEST(Poly1305AsmTest, SharedChecks) {
  ppt::ExemptUnrunnable(kRows);
  ppt::CheckRandomSplits(kRows, 0x13057, 60, 10, 2048);
  ppt::CheckLong(kRows, 0x13058);
  // Past the IFMA loop's exits (switch + 4 groups of 8 blocks).
  ppt::CheckAllLengths(kRows, 0x13059,
                       ppt::MaxSwitch(kRows) + 4 * kMaxGroup + 15);
  ppt::CheckAllOnesMaxR(kRows);
  ppt::CheckRowsAccumulatorBounds(kRows, kLayout, 0x1305a);
  ppt::CheckZeroLength(kRows);
}

// The list gives x86-64 a scalar row and at least one vector row (so the
// checks above are not run on nothing), and each row's assembly blocks
// function.
TEST(Poly1305AsmTest, ListHasRows) {
  EXPECT_EQ(1u, ppt::ScalarRows(kRows).size());
  EXPECT_FALSE(ppt::VectorRows(kRows).empty());
  for (const Row &row : kRows) {
    EXPECT_TRUE(row.abi_blocks) << row.name;
  }
}

}  // namespace

#endif  // OPENSSL_X86_64 && !OPENSSL_NO_ASM
