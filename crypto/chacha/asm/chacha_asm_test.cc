// Copyright 2026 The project authors.
//
// chacha_asm_test.cc: every x86-64 ChaCha20 assembly entry point
// (chacha_asm.h) and every row built on them, against the portable C
// ChaCha20_ctr32_nohw.
//
//   - each block function directly, through CHECK_ABI (up to 25 blocks),
//     for 0..40 blocks at
//     every input/output offset 0..15 (out-of-place) and in place;
//   - an entry point that takes a byte length (ChaCha20_ctr32_avx512, whose
//     row is the bare assembly) through CHECK_ABI on every length below;
//   - each row's ctr32 (block functions plus the C glue) for every length
//     0..1024, 4095..4097 and 65536, every input and output offset 0..15,
//     out-of-place and in place;
//   - the counter starting at 2^32 - k, k = 1..9: the counter wraps to 0
//     and the nonce words stay, exactly as in the C code;
//   - long random inputs (random length, offsets, key, counter, nonce);
//   - (Linux) input and output ending against an inaccessible page, so any
//     access past the last byte faults.
// A path the CPU (or the OPENSSL_ia32cap mask) cannot run is skipped with a
// message naming it and exempted from the ABI coverage check.

#include <openssl/base.h>

#include <string.h>

#if defined(__linux__)
#include <sys/mman.h>
#include <unistd.h>
#define CHACHA_ASM_TEST_GUARD_PAGES
#endif

#include <algorithm>
#include <ostream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "../../test/abi_test.h"
#include "../../test/test_util.h"
#include "../internal.h"
#include "chacha_asm.h"

#if defined(OPENSSL_X86_64) && !defined(OPENSSL_NO_ASM)

namespace {

using CTR32Fn = void (*)(uint8_t *out, const uint8_t *in, size_t in_len,
                         const uint32_t key[8],
                         const uint32_t counter_nonce[4]);

// Path is one block function, the row built on it and its predicate.
// `bytes` marks an entry point whose third argument is a length in bytes
// (any value) rather than a count of whole blocks: the tests below then
// pass 64 * n for n blocks, and RowAllLengths, CounterWraps and GuardPage
// call the entry point itself (its row is the bare assembly) on every
// length.
struct Path {
  const char *name;
  chacha20_blocks_fn blocks;
  const struct chacha20_impl_fns *row;
  int (*capable)(void);
  bool bytes;
};

const Path kPaths[] = {
    {"ChaCha20_ctr32_avx512", ChaCha20_ctr32_avx512, &kChaCha20AVX512,
     chacha20_avx512_capable, true},
    {"ChaCha20_ctr32_avx2", ChaCha20_ctr32_avx2, &kChaCha20AVX2,
     CRYPTO_is_AVX2_capable, false},
    {"ChaCha20_ctr32_ssse3_4x", ChaCha20_ctr32_ssse3_4x, &kChaCha20SSSE3x4,
     CRYPTO_is_SSSE3_capable, false},
};

// PrintTo names a Path in test output.
void PrintTo(const Path &p, std::ostream *os) { *os << p.name; }

class ChaChaAsmTest : public testing::TestWithParam<Path> {
 protected:
  void SetUp() override {
    if (!GetParam().capable()) {
      abi_test::NotRunnableHere(GetParam().blocks);
      GTEST_SKIP() << GetParam().name << " cannot run on this CPU (or is "
                   << "masked by OPENSSL_ia32cap): not tested";
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

// CheckAllOffsets runs `fn(out, in, arg, key, cn)` (arg = a length or a
// block count; `len` bytes of data) at every input offset 0..15 and output
// offset 0..15, and in place at every offset, and compares with `want`.
// Bytes around the output must stay untouched.
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
    std::copy(input.begin(), input.end(), out_buf.begin() + in_off);
    fn(out_buf.data() + in_off, out_buf.data() + in_off);
    ASSERT_EQ(Bytes(want), Bytes(out_buf.data() + in_off, len))
        << what << " in place, len " << len << " off " << in_off;
  }
}

TEST_P(ChaChaAsmTest, BlocksAgainstC) {
  const Path &p = GetParam();
  TestRNG rng(0x6368616368610001);
  for (size_t n = 0; n <= 40; n++) {
    uint32_t key[8], cn[4];
    RandomKey(&rng, key, cn);
    std::vector<uint8_t> input = rng.Bytes(64 * n);
    std::vector<uint8_t> want = Expected(input.data(), input.size(), key, cn);
    // Through the ABI checker up to 25 blocks: every loop of every path
    // (the AVX2 code runs 16, then 8, then a final partial group).
    bool abi = n <= 25;
    CheckAllOffsets(p.name, [&](uint8_t *out, const uint8_t *in) {
      size_t arg = p.bytes ? 64 * n : n;
      if (abi) {
        CHECK_ABI(p.blocks, out, in, arg, key, cn);
      } else {
        p.blocks(out, in, arg, key, cn);
      }
    }, input, want);
  }
}

TEST_P(ChaChaAsmTest, ZeroBlocksTouchNothing) {
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

TEST_P(ChaChaAsmTest, UnwindInfo) {
  const Path &p = GetParam();
  uint32_t key[8] = {1, 2, 3, 4, 5, 6, 7, 8}, cn[4] = {9, 10, 11, 12};
  // 25 blocks: the AVX2 code's 16-block loop, its 8-block loop and its
  // final partial group.
  // For a byte-length entry point, 25 blocks and 37 bytes: its 16-block
  // loop, whole blocks of the last group and the masked partial block.
  size_t len = p.bytes ? 64 * 25 + 37 : 64 * 25;
  std::vector<uint8_t> buf(len, 0x11);
  CHECK_ABI_UNWIND(p.blocks, buf.data(), buf.data(), p.bytes ? len : 25, key,
                   cn);
  std::vector<uint8_t> want(len, 0x11);
  ChaCha20_ctr32_nohw(want.data(), want.data(), want.size(), key, cn);
  EXPECT_EQ(Bytes(want), Bytes(buf));
}

TEST_P(ChaChaAsmTest, RowAllLengths) {
  const Path &p = GetParam();
  TestRNG rng(0x6368616368610002);
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
      if (p.bytes) {
        // The row is the assembly itself: every call through the checker.
        CHECK_ABI(p.blocks, out, in, len, key, cn);
      } else {
        p.row->ctr32(out, in, len, key, cn);
      }
    }, input, want);
  }
}

TEST_P(ChaChaAsmTest, CounterWraps) {
  const Path &p = GetParam();
  TestRNG rng(0x6368616368610003);
  for (uint32_t k = 1; k <= 9; k++) {
    for (size_t len : {size_t{64 * k - 1}, size_t{64 * k}, size_t{64 * k + 1},
                       size_t{64 * 9 + 17}, size_t{64 * 17}, size_t{64 * 33 + 5}}) {
      uint32_t key[8], cn[4];
      RandomKey(&rng, key, cn);
      cn[0] = 0u - k;  // 2^32 - k
      std::vector<uint8_t> input = rng.Bytes(len);
      std::vector<uint8_t> want = Expected(input.data(), len, key, cn);
      std::vector<uint8_t> out(len);
      p.row->ctr32(out.data(), input.data(), len, key, cn);
      ASSERT_EQ(Bytes(want), Bytes(out)) << p.name << " k " << k << " len " << len;
      if (len % 64 == 0) {
        std::fill(out.begin(), out.end(), 0);
        CHECK_ABI(p.blocks, out.data(), input.data(), p.bytes ? len : len / 64,
                  key, cn);
        ASSERT_EQ(Bytes(want), Bytes(out)) << p.name << " blocks, k " << k;
      }
    }
  }
}

TEST_P(ChaChaAsmTest, RandomLong) {
  const Path &p = GetParam();
  TestRNG rng(0x6368616368610004);
  for (int iter = 0; iter < 40; iter++) {
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

#if defined(CHACHA_ASM_TEST_GUARD_PAGES)
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

TEST_P(ChaChaAsmTest, GuardPage) {
  const Path &p = GetParam();
  TestRNG rng(0x6368616368610005);
  for (size_t len : {size_t{1}, size_t{63}, size_t{64}, size_t{65},
                     size_t{64 * 7 + 3}, size_t{64 * 8}, size_t{64 * 9 + 1},
                     size_t{64 * 20 + 63}}) {
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
  }
}
#endif  // CHACHA_ASM_TEST_GUARD_PAGES

INSTANTIATE_TEST_SUITE_P(All, ChaChaAsmTest, testing::ValuesIn(kPaths),
                         [](const testing::TestParamInfo<Path> &param_info) {
                           return std::string(param_info.param.name);
                         });

}  // namespace

#endif  // OPENSSL_X86_64 && !OPENSSL_NO_ASM
