// Copyright 2026 The project authors.
//
// chacha_asm_armv8_test.cc: every AArch64 ChaCha20 assembly entry point
// (chacha_asm_armv8.h) and every row built on them, against the portable C
// ChaCha20_ctr32_nohw.
//
//   - each block function directly, through CHECK_ABI, for 0..40 blocks
//     (every count of full and partial four-block groups) at every input
//     and output offset 0..15 (out-of-place) and in place, with the bytes
//     around the output checked untouched;
//   - each row's ctr32 (block function plus the C glue) for every length
//     0..1024, 4095..4097 and 65536, every input and output offset 0..15,
//     out-of-place and in place;
//   - the counter starting at 2^32 - k, k = 1..9: the counter wraps to 0
//     and the nonce words stay, exactly as in the C code;
//   - long random inputs (random length, offsets, key, counter, nonce);
//   - (Linux) input and output ending against an inaccessible page, so any
//     access past the last byte faults.
// A path the CPU (or the OPENSSL_armcap mask) cannot run is skipped with a
// message naming it and exempted from the ABI coverage check.

#include <openssl/base.h>

#include <string.h>

#if defined(__linux__)
#include <sys/mman.h>
#include <unistd.h>
#define CHACHA_ARMV8_TEST_GUARD_PAGES
#endif

#include <algorithm>
#include <ostream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "../../test/abi_test.h"
#include "../../test/test_util.h"
#include "../internal.h"
#include "chacha_asm_armv8.h"

#if defined(OPENSSL_AARCH64) && !defined(OPENSSL_NO_ASM)

namespace {

using BlocksFn = void (*)(uint8_t *out, const uint8_t *in, size_t num_blocks,
                          const uint32_t key[8],
                          const uint32_t counter_nonce[4]);

// Path is one block function, the row built on it and its predicate.
struct Path {
  const char *name;
  BlocksFn blocks;
  const struct chacha20_impl_fns *row;
  int (*capable)(void);
};

const Path kPaths[] = {
    {"ChaCha20_ctr32_neon", ChaCha20_ctr32_neon, &kChaCha20NEON,
     CRYPTO_is_NEON_capable},
};

// PrintTo names a Path in test output.
void PrintTo(const Path &p, std::ostream *os) { *os << p.name; }

class ChaChaArmv8Test : public testing::TestWithParam<Path> {
 protected:
  void SetUp() override {
    if (!GetParam().capable()) {
      abi_test::NotRunnableHere(GetParam().blocks);
      GTEST_SKIP() << GetParam().name << " cannot run on this CPU (or is "
                   << "masked by OPENSSL_armcap): not tested";
    }
  }
};

void RandomKey(TestRNG *rng, uint32_t key[8], uint32_t cn[4]) {
  for (int i = 0; i < 8; i++) {
    key[i] = static_cast<uint32_t>(rng->Next());
  }
  for (int i = 0; i < 4; i++) {
    cn[i] = static_cast<uint32_t>(rng->Next());
  }
}

// Expected returns ChaCha20_ctr32_nohw(in) for `len` bytes.
std::vector<uint8_t> Expected(const uint8_t *in, size_t len,
                              const uint32_t key[8], const uint32_t cn[4]) {
  std::vector<uint8_t> out(len + 1);
  ChaCha20_ctr32_nohw(out.data(), in, len, key, cn);
  out.resize(len);
  return out;
}

// CheckAllOffsets runs `fn(out, in)` on `input` copied to every input
// offset 0..15, writing to every output offset 0..15, and in place at every
// offset, and compares with `want`. The bytes around the output must stay
// untouched.
template <typename F>
void CheckAllOffsets(const char *what, F fn, const std::vector<uint8_t> &input,
                     const std::vector<uint8_t> &want) {
  size_t len = input.size();
  std::vector<uint8_t> in_buf(len + 16), out_buf(len + 32);
  for (size_t in_off = 0; in_off < 16; in_off++) {
    std::copy(input.begin(), input.end(), in_buf.begin() + in_off);
    for (size_t out_off = 0; out_off < 16; out_off++) {
      memset(out_buf.data(), 0xa5, out_buf.size());
      fn(out_buf.data() + out_off, in_buf.data() + in_off);
      ASSERT_EQ(Bytes(want), Bytes(out_buf.data() + out_off, len))
          << what << " len " << len << " in_off " << in_off << " out_off "
          << out_off;
      for (size_t i = 0; i < out_off; i++) {
        ASSERT_EQ(0xa5, out_buf[i]) << what << " wrote before out";
      }
      for (size_t i = out_off + len; i < out_buf.size(); i++) {
        ASSERT_EQ(0xa5, out_buf[i]) << what << " wrote past out, len " << len;
      }
    }
    // In place.
    memset(out_buf.data(), 0xa5, out_buf.size());
    std::copy(input.begin(), input.end(), out_buf.begin() + in_off);
    fn(out_buf.data() + in_off, out_buf.data() + in_off);
    ASSERT_EQ(Bytes(want), Bytes(out_buf.data() + in_off, len))
        << what << " in place, len " << len << " off " << in_off;
    for (size_t i = in_off + len; i < out_buf.size(); i++) {
      ASSERT_EQ(0xa5, out_buf[i]) << what << " in place wrote past, len "
                                  << len;
    }
  }
}

TEST_P(ChaChaArmv8Test, BlocksAgainstC) {
  const Path &p = GetParam();
  TestRNG rng(0x6172766368610001);
  for (size_t n = 0; n <= 40; n++) {
    uint32_t key[8], cn[4];
    RandomKey(&rng, key, cn);
    std::vector<uint8_t> input = rng.Bytes(64 * n);
    std::vector<uint8_t> want = Expected(input.data(), input.size(), key, cn);
    CheckAllOffsets(p.name, [&](uint8_t *out, const uint8_t *in) {
      CHECK_ABI(p.blocks, out, in, n, key, cn);
    }, input, want);
  }
}

TEST_P(ChaChaArmv8Test, ZeroBlocksTouchNothing) {
  const Path &p = GetParam();
  uint32_t key[8] = {1, 2, 3, 4, 5, 6, 7, 8}, cn[4] = {9, 10, 11, 12};
  uint8_t buf[64];
  memset(buf, 0x3c, sizeof(buf));
  CHECK_ABI(p.blocks, buf, buf, 0, key, cn);
  CHECK_ABI(p.blocks, nullptr, nullptr, 0, key, cn);
  for (uint8_t b : buf) {
    ASSERT_EQ(0x3c, b);
  }
}

TEST_P(ChaChaArmv8Test, UnwindInfo) {
  const Path &p = GetParam();
  uint32_t key[8] = {1, 2, 3, 4, 5, 6, 7, 8}, cn[4] = {9, 10, 11, 12};
  // Nine blocks: two full groups and a partial one.
  std::vector<uint8_t> buf(64 * 9, 0x11);
  CHECK_ABI_UNWIND(p.blocks, buf.data(), buf.data(), 9, key, cn);
  std::vector<uint8_t> want(64 * 9, 0x11);
  ChaCha20_ctr32_nohw(want.data(), want.data(), want.size(), key, cn);
  EXPECT_EQ(Bytes(want), Bytes(buf));
}

TEST_P(ChaChaArmv8Test, RowAllLengths) {
  const Path &p = GetParam();
  TestRNG rng(0x6172766368610002);
  std::vector<size_t> lens;
  for (size_t l = 0; l <= 1024; l++) {
    lens.push_back(l);
  }
  lens.insert(lens.end(), {4095, 4096, 4097, 65536});
  for (size_t len : lens) {
    uint32_t key[8], cn[4];
    RandomKey(&rng, key, cn);
    std::vector<uint8_t> input = rng.Bytes(len);
    std::vector<uint8_t> want = Expected(input.data(), len, key, cn);
    if (len == 65536) {
      // One offset pair is enough for the long one.
      std::vector<uint8_t> out(len);
      p.row->ctr32(out.data(), input.data(), len, key, cn);
      ASSERT_EQ(Bytes(want), Bytes(out)) << p.name << " len " << len;
      p.row->ctr32(input.data(), input.data(), len, key, cn);
      ASSERT_EQ(Bytes(want), Bytes(input)) << p.name << " in place";
      continue;
    }
    CheckAllOffsets(p.name, [&](uint8_t *out, const uint8_t *in) {
      p.row->ctr32(out, in, len, key, cn);
    }, input, want);
  }
}

TEST_P(ChaChaArmv8Test, CounterWraps) {
  const Path &p = GetParam();
  TestRNG rng(0x6172766368610003);
  for (uint32_t k = 1; k <= 9; k++) {
    for (size_t len : {size_t{64 * k - 1}, size_t{64 * k}, size_t{64 * k + 1},
                       size_t{64 * 9 + 17}, size_t{64 * 17},
                       size_t{64 * 33 + 5}}) {
      uint32_t key[8], cn[4];
      RandomKey(&rng, key, cn);
      cn[0] = 0u - k;  // 2^32 - k
      std::vector<uint8_t> input = rng.Bytes(len);
      std::vector<uint8_t> want = Expected(input.data(), len, key, cn);
      std::vector<uint8_t> out(len);
      p.row->ctr32(out.data(), input.data(), len, key, cn);
      ASSERT_EQ(Bytes(want), Bytes(out)) << p.name << " k " << k << " len "
                                         << len;
      if (len % 64 == 0) {
        std::fill(out.begin(), out.end(), 0);
        CHECK_ABI(p.blocks, out.data(), input.data(), len / 64, key, cn);
        ASSERT_EQ(Bytes(want), Bytes(out)) << p.name << " blocks, k " << k;
      }
    }
  }
}

TEST_P(ChaChaArmv8Test, RandomLong) {
  const Path &p = GetParam();
  TestRNG rng(0x6172766368610004);
  for (int iter = 0; iter < 20; iter++) {
    size_t len = rng.Below(200000);
    size_t in_off = rng.Below(64), out_off = rng.Below(64);
    uint32_t key[8], cn[4];
    RandomKey(&rng, key, cn);
    std::vector<uint8_t> input = rng.Bytes(len + in_off);
    std::vector<uint8_t> want = Expected(input.data() + in_off, len, key, cn);
    std::vector<uint8_t> out(len + out_off);
    p.row->ctr32(out.data() + out_off, input.data() + in_off, len, key, cn);
    ASSERT_EQ(Bytes(want), Bytes(out.data() + out_off, len))
        << p.name << " len " << len;
  }
}

#if defined(CHACHA_ARMV8_TEST_GUARD_PAGES)
// Guarded is `len` bytes ending exactly where a PROT_NONE page starts.
class Guarded {
 public:
  explicit Guarded(size_t len) : len_(len) {
    page_ = static_cast<size_t>(sysconf(_SC_PAGESIZE));
    size_t data_pages = (len + page_ - 1) / page_;
    size_ = (data_pages + 1) * page_;
    void *m = mmap(nullptr, size_, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (m == MAP_FAILED) {
      return;
    }
    base_ = static_cast<uint8_t *>(m);
    if (mprotect(base_ + data_pages * page_, page_, PROT_NONE) != 0) {
      munmap(base_, size_);
      base_ = nullptr;
    }
  }
  ~Guarded() {
    if (base_ != nullptr) {
      munmap(base_, size_);
    }
  }
  Guarded(const Guarded &) = delete;
  Guarded &operator=(const Guarded &) = delete;
  bool ok() const { return base_ != nullptr; }
  uint8_t *data() { return base_ + (size_ - page_) - len_; }

 private:
  size_t len_, page_ = 0, size_ = 0;
  uint8_t *base_ = nullptr;
};

TEST_P(ChaChaArmv8Test, GuardPage) {
  const Path &p = GetParam();
  TestRNG rng(0x6172766368610005);
  for (size_t len : {size_t{1}, size_t{63}, size_t{64}, size_t{65},
                     size_t{64 * 3 + 3}, size_t{64 * 4}, size_t{64 * 5 + 1},
                     size_t{64 * 7}, size_t{64 * 20 + 63}}) {
    Guarded in(len), out(len);
    ASSERT_TRUE(in.ok() && out.ok());
    uint32_t key[8], cn[4];
    RandomKey(&rng, key, cn);
    rng.Fill(in.data(), len);
    std::vector<uint8_t> want = Expected(in.data(), len, key, cn);
    p.row->ctr32(out.data(), in.data(), len, key, cn);
    ASSERT_EQ(Bytes(want), Bytes(out.data(), len)) << p.name << " " << len;
    p.row->ctr32(in.data(), in.data(), len, key, cn);
    ASSERT_EQ(Bytes(want), Bytes(in.data(), len)) << p.name << " in place";
    if (len % 64 == 0) {
      // The block function alone, on 1..3-block final groups too.
      Guarded out2(len);
      ASSERT_TRUE(out2.ok());
      CHECK_ABI(p.blocks, out2.data(), out.data(), len / 64, key, cn);
      std::vector<uint8_t> twice = Expected(want.data(), len, key, cn);
      ASSERT_EQ(Bytes(twice), Bytes(out2.data(), len)) << p.name << " blocks";
    }
  }
}
#endif  // CHACHA_ARMV8_TEST_GUARD_PAGES

INSTANTIATE_TEST_SUITE_P(All, ChaChaArmv8Test, testing::ValuesIn(kPaths),
                         [](const testing::TestParamInfo<Path> &param_info) {
                           return std::string(param_info.param.name);
                         });

}  // namespace

#endif  // OPENSSL_AARCH64 && !OPENSSL_NO_ASM
