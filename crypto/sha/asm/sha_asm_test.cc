// Copyright 2026 The project authors.
//
// sha_asm_test.cc: every x86-64 SHA assembly entry point (sha_asm.h) called
// directly against the portable C block function of its family.
//
// For each entry point the running CPU supports:
//   - every block count 0..33 at every input alignment 0..15, from a random
//     chaining value, through CHECK_ABI (callee-saved registers, direction
//     flag, stack pointer checked after each call);
//   - long random inputs (hundreds of blocks) at random alignments;
//   - num_blocks == 0 with a null input: nothing is read, state unchanged;
//   - (Linux, macOS) input that ends against an inaccessible page, so a
//     read past the last block faults;
//   - one short call under CHECK_ABI_UNWIND (the CFI is right at every
//     instruction; x86-64 Linux only, elsewhere it notes that it did not).
// A path the CPU (or the OPENSSL_ia32cap mask) does not allow is skipped
// with a message naming it and exempted from the ABI coverage check.

#include <openssl/base.h>

#include <string.h>

#if defined(__linux__) || defined(__APPLE__)
#include <sys/mman.h>
#include <unistd.h>
#define SHA_ASM_TEST_GUARD_PAGES
#endif

#include <vector>

#include <gtest/gtest.h>

#include "../../test/abi_test.h"
#include "../../test/test_util.h"
#include "../internal.h"
#include "sha_asm.h"

#if defined(OPENSSL_X86_64) && !defined(OPENSSL_NO_ASM)

namespace {

// Family describes one hash family's block function: word type, number of
// state words, block size.
template <typename W, size_t kStateWords, size_t kBlockBytes>
struct Family {
  using Word = W;
  using Fn = void (*)(W *state, const uint8_t *in, size_t num_blocks);
  static constexpr size_t kWords = kStateWords;
  static constexpr size_t kBlock = kBlockBytes;
};
using SHA1Family = Family<uint32_t, 5, 64>;
using SHA256Family = Family<uint32_t, 8, 64>;
using SHA512Family = Family<uint64_t, 8, 128>;

template <typename F>
std::vector<typename F::Word> RandomState(TestRNG *rng) {
  std::vector<typename F::Word> s(F::kWords);
  for (auto &w : s) {
    w = static_cast<typename F::Word>(rng->Next());
  }
  return s;
}

#if defined(SHA_ASM_TEST_GUARD_PAGES)
// Guarded is `len` bytes ending exactly where a PROT_NONE page starts.
class Guarded {
 public:
  explicit Guarded(size_t len) {
    page_ = static_cast<size_t>(sysconf(_SC_PAGESIZE));
    size_t data_pages = (len + page_ - 1) / page_;
    size_ = (data_pages + 1) * page_;
    void *p = mmap(nullptr, size_, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED) {
      return;
    }
    base_ = static_cast<uint8_t *>(p);
    if (mprotect(base_ + data_pages * page_, page_, PROT_NONE) != 0) {
      munmap(base_, size_);
      base_ = nullptr;
      return;
    }
    data_ = base_ + data_pages * page_ - len;
  }
  ~Guarded() {
    if (base_ != nullptr) {
      munmap(base_, size_);
    }
  }
  Guarded(const Guarded &) = delete;
  Guarded &operator=(const Guarded &) = delete;
  uint8_t *data() const { return data_; }

 private:
  size_t page_ = 0, size_ = 0;
  uint8_t *base_ = nullptr;
  uint8_t *data_ = nullptr;
};
#endif

// CheckPath runs every check listed at the top on `fn` (named `name`)
// against the portable `ref`.
template <typename F>
void CheckPath(const char *name, typename F::Fn fn, typename F::Fn ref,
               uint64_t seed) {
  using Word = typename F::Word;
  TestRNG rng(seed);
  const size_t kMaxBlocks = 33;
  std::vector<uint8_t> buf(kMaxBlocks * F::kBlock + 16);

  // All block counts 0..33 at all alignments 0..15.
  for (size_t align = 0; align < 16; align++) {
    for (size_t n = 0; n <= kMaxBlocks; n++) {
      SCOPED_TRACE(testing::Message() << name << ": " << n
                                      << " blocks at alignment " << align);
      rng.Fill(buf.data(), buf.size());
      const uint8_t *in = buf.data() + align;
      std::vector<Word> want = RandomState<F>(&rng);
      std::vector<Word> got = want;
      std::vector<uint8_t> before(buf);
      ref(want.data(), in, n);
      CHECK_ABI(fn, got.data(), in, n);
      EXPECT_EQ(want, got);
      EXPECT_EQ(before, buf) << "the input was modified";
    }
  }

  // Long inputs at random alignments.
  for (size_t n : {300u, 517u, 1024u}) {
    size_t align = static_cast<size_t>(rng.Below(16));
    SCOPED_TRACE(testing::Message() << name << ": " << n
                                    << " blocks at alignment " << align);
    std::vector<uint8_t> big(n * F::kBlock + 16);
    rng.Fill(big.data(), big.size());
    std::vector<Word> want = RandomState<F>(&rng);
    std::vector<Word> got = want;
    ref(want.data(), big.data() + align, n);
    CHECK_ABI(fn, got.data(), big.data() + align, n);
    EXPECT_EQ(want, got);
  }

  // Zero blocks: `in` is not read (null here) and the state is unchanged.
  {
    std::vector<Word> want = RandomState<F>(&rng);
    std::vector<Word> got = want;
    CHECK_ABI(fn, got.data(), static_cast<const uint8_t *>(nullptr),
              size_t{0});
    EXPECT_EQ(want, got) << name << " changed the state for 0 blocks";
  }

#if defined(SHA_ASM_TEST_GUARD_PAGES)
  // The last block ends at an inaccessible page.
  for (size_t n : {1u, 2u, 5u}) {
    Guarded g(n * F::kBlock);
    ASSERT_NE(nullptr, g.data());
    rng.Fill(g.data(), n * F::kBlock);
    std::vector<Word> want = RandomState<F>(&rng);
    std::vector<Word> got = want;
    ref(want.data(), g.data(), n);
    CHECK_ABI(fn, got.data(), g.data(), n);
    EXPECT_EQ(want, got) << name << ": " << n << " blocks before a guard page";
  }
#endif

  // The unwind information, instruction by instruction, on a short call.
  {
    rng.Fill(buf.data(), buf.size());
    std::vector<Word> want = RandomState<F>(&rng);
    std::vector<Word> got = want;
    ref(want.data(), buf.data() + 1, 2);
    CHECK_ABI_UNWIND(fn, got.data(), buf.data() + 1, size_t{2});
    EXPECT_EQ(want, got) << name << " under the single-step unwind check";
  }
}

// SKIP_UNLESS skips the running test, naming the path, when `capable` is
// false, and exempts `fn` from the ABI coverage check.
#define SKIP_UNLESS(capable, fn)                                        \
  do {                                                                  \
    if (!(capable)) {                                                   \
      abi_test::NotRunnableHere(fn);                                    \
      GTEST_SKIP() << #fn << " skipped: this CPU (or the OPENSSL_ia32cap " \
                      "mask) does not allow it";                        \
    }                                                                   \
  } while (0)

// SHA-1.

TEST(SHAAsmTest, SHA1SHANI) {
  SKIP_UNLESS(CRYPTO_is_x86_SHA_capable(), sha1_block_data_order_shani);
  CheckPath<SHA1Family>("sha1_block_data_order_shani",
                        sha1_block_data_order_shani,
                        sha1_block_data_order_nohw, 0x5a1);
}

TEST(SHAAsmTest, SHA1AVX2) {
  SKIP_UNLESS(sha1_avx2_capable(), sha1_block_data_order_avx2);
  CheckPath<SHA1Family>("sha1_block_data_order_avx2",
                        sha1_block_data_order_avx2,
                        sha1_block_data_order_nohw, 0x5a2);
}

TEST(SHAAsmTest, SHA1AVX) {
  SKIP_UNLESS(CRYPTO_is_AVX_capable(), sha1_block_data_order_avx);
  CheckPath<SHA1Family>("sha1_block_data_order_avx",
                        sha1_block_data_order_avx,
                        sha1_block_data_order_nohw, 0x5a3);
}

TEST(SHAAsmTest, SHA1SSSE3) {
  SKIP_UNLESS(CRYPTO_is_SSSE3_capable(), sha1_block_data_order_ssse3);
  CheckPath<SHA1Family>("sha1_block_data_order_ssse3",
                        sha1_block_data_order_ssse3,
                        sha1_block_data_order_nohw, 0x5a4);
}

// SHA-256.

TEST(SHAAsmTest, SHA256SHANI) {
  SKIP_UNLESS(CRYPTO_is_x86_SHA_capable(), sha256_block_data_order_shani);
  CheckPath<SHA256Family>("sha256_block_data_order_shani",
                          sha256_block_data_order_shani,
                          sha256_block_data_order_nohw, 0x256a);
}

TEST(SHAAsmTest, SHA256AVX2) {
  SKIP_UNLESS(sha256_avx2_capable(), sha256_block_data_order_avx2);
  CheckPath<SHA256Family>("sha256_block_data_order_avx2",
                          sha256_block_data_order_avx2,
                          sha256_block_data_order_nohw, 0x256b);
}

TEST(SHAAsmTest, SHA256AVX) {
  SKIP_UNLESS(CRYPTO_is_AVX_capable(), sha256_block_data_order_avx);
  CheckPath<SHA256Family>("sha256_block_data_order_avx",
                          sha256_block_data_order_avx,
                          sha256_block_data_order_nohw, 0x256c);
}

TEST(SHAAsmTest, SHA256SSSE3) {
  SKIP_UNLESS(CRYPTO_is_SSSE3_capable(), sha256_block_data_order_ssse3);
  CheckPath<SHA256Family>("sha256_block_data_order_ssse3",
                          sha256_block_data_order_ssse3,
                          sha256_block_data_order_nohw, 0x256d);
}

// SHA-512.

TEST(SHAAsmTest, SHA512AVX2) {
  SKIP_UNLESS(sha512_avx2_capable(), sha512_block_data_order_avx2);
  CheckPath<SHA512Family>("sha512_block_data_order_avx2",
                          sha512_block_data_order_avx2,
                          sha512_block_data_order_nohw, 0x512a);
}

TEST(SHAAsmTest, SHA512AVX) {
  SKIP_UNLESS(CRYPTO_is_AVX_capable(), sha512_block_data_order_avx);
  CheckPath<SHA512Family>("sha512_block_data_order_avx",
                          sha512_block_data_order_avx,
                          sha512_block_data_order_nohw, 0x512b);
}

TEST(SHAAsmTest, SHA512SSSE3) {
  SKIP_UNLESS(CRYPTO_is_SSSE3_capable(), sha512_block_data_order_ssse3);
  CheckPath<SHA512Family>("sha512_block_data_order_ssse3",
                          sha512_block_data_order_ssse3,
                          sha512_block_data_order_nohw, 0x512c);
}

}  // namespace

#endif  // OPENSSL_X86_64 && !OPENSSL_NO_ASM
