// Copyright 2026 The project authors.
//
// sha_asm_armv8_test.cc: every AArch64 SHA assembly entry point
// (sha_asm_armv8.h) called directly against the portable C block function
// of its family, and the public API run on each AArch64 table row.
//
// For each entry point the running CPU supports:
//   - every block count 0..33 at every input alignment 0..15, from a random
//     chaining value, through CHECK_ABI (on AArch64: x19-x29, d8-d15 and sp
//     checked after each call, once the aarch64 trampoline exists; until
//     then a plain call);
//   - long random inputs (hundreds of blocks) at random alignments;
//   - num_blocks == 0 with a null input: nothing is read, state unchanged;
//   - (Linux, macOS) input that ends against an inaccessible page, so a
//     read past the last block faults;
//   - one short call under CHECK_ABI_UNWIND.
// Then, for each AArch64 row of each table, forced with CRYPTO_impl_force:
// SHA-1, SHA-224, SHA-256, SHA-384, SHA-512, SHA-512/224, SHA-512/256 of
// every length 0..300 (every padding edge of both block sizes up to two
// blocks past 256: 55/56/57, 63/64/65, 111/112/113, 119/120/121, 127/128/129,
// ...) in one call and split in two, against the "nohw" row.
// A path the CPU (or the OPENSSL_armcap mask) does not allow is skipped with
// a message naming it and exempted from the ABI coverage check.

#include <openssl/base.h>

#include <string.h>

#if defined(__linux__) || defined(__APPLE__)
#include <sys/mman.h>
#include <unistd.h>
#define SHA_ARMV8_TEST_GUARD_PAGES
#endif

#include <vector>

#include <gtest/gtest.h>

#include <openssl/sha.h>

#include "../../impl.h"
#include "../../test/abi_test.h"
#include "../../test/test_util.h"
#include "../internal.h"
#include "sha_asm_armv8.h"

#if defined(OPENSSL_AARCH64) && !defined(OPENSSL_NO_ASM)

namespace {

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

#if defined(SHA_ARMV8_TEST_GUARD_PAGES)
// GuardedBuf is `len` bytes ending exactly where a PROT_NONE page starts.
class GuardedBuf {
 public:
  explicit GuardedBuf(size_t len) {
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
  ~GuardedBuf() {
    if (base_ != nullptr) {
      munmap(base_, size_);
    }
  }
  GuardedBuf(const GuardedBuf &) = delete;
  GuardedBuf &operator=(const GuardedBuf &) = delete;
  uint8_t *data() const { return data_; }

 private:
  size_t page_ = 0, size_ = 0;
  uint8_t *base_ = nullptr;
  uint8_t *data_ = nullptr;
};
#endif

// CheckPath runs the direct checks listed at the top on `fn` (named
// `name`) against the portable `ref`.
template <typename F>
void CheckPath(const char *name, typename F::Fn fn, typename F::Fn ref,
               uint64_t seed) {
  using Word = typename F::Word;
  TestRNG rng(seed);
  const size_t kMaxBlocks = 33;
  std::vector<uint8_t> buf(kMaxBlocks * F::kBlock + 16);

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
      EXPECT_EQ(Bytes(before), Bytes(buf)) << "the input was modified";
    }
  }

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

  {
    std::vector<Word> want = RandomState<F>(&rng);
    std::vector<Word> got = want;
    CHECK_ABI(fn, got.data(), static_cast<const uint8_t *>(nullptr),
              size_t{0});
    EXPECT_EQ(want, got) << name << " changed the state for 0 blocks";
  }

#if defined(SHA_ARMV8_TEST_GUARD_PAGES)
  for (size_t n : {1u, 2u, 5u}) {
    GuardedBuf g(n * F::kBlock);
    ASSERT_NE(nullptr, g.data());
    rng.Fill(g.data(), n * F::kBlock);
    std::vector<Word> want = RandomState<F>(&rng);
    std::vector<Word> got = want;
    ref(want.data(), g.data(), n);
    CHECK_ABI(fn, got.data(), g.data(), n);
    EXPECT_EQ(want, got) << name << ": " << n << " blocks before a guard page";
  }
#endif

  {
    rng.Fill(buf.data(), buf.size());
    std::vector<Word> want = RandomState<F>(&rng);
    std::vector<Word> got = want;
    ref(want.data(), buf.data() + 1, 2);
    CHECK_ABI_UNWIND(fn, got.data(), buf.data() + 1, size_t{2});
    EXPECT_EQ(want, got) << name << " under the unwind check";
  }
}

// SKIP_UNLESS skips the running test, naming the path, when `capable` is
// false, and exempts `fn` from the ABI coverage check.
#define SKIP_UNLESS(capable, fn)                                          \
  do {                                                                    \
    if (!(capable)) {                                                     \
      abi_test::NotRunnableHere(fn);                                      \
      GTEST_SKIP() << #fn << " skipped: this CPU (or the OPENSSL_armcap " \
                      "mask) does not allow it";                          \
    }                                                                     \
  } while (0)

TEST(SHAArmv8Test, SHA1HW) {
  SKIP_UNLESS(CRYPTO_is_ARMv8_SHA1_capable(), sha1_block_data_order_hw);
  CheckPath<SHA1Family>("sha1_block_data_order_hw", sha1_block_data_order_hw,
                        sha1_block_data_order_nohw, 0xa5a1);
}

TEST(SHAArmv8Test, SHA256HW) {
  SKIP_UNLESS(CRYPTO_is_ARMv8_SHA256_capable(), sha256_block_data_order_hw);
  CheckPath<SHA256Family>("sha256_block_data_order_hw",
                          sha256_block_data_order_hw,
                          sha256_block_data_order_nohw, 0xa256a);
}

TEST(SHAArmv8Test, SHA256Scalar) {
  CheckPath<SHA256Family>("sha256_block_data_order_scalar",
                          sha256_block_data_order_scalar,
                          sha256_block_data_order_nohw, 0xa256b);
}

TEST(SHAArmv8Test, SHA512HW) {
  SKIP_UNLESS(CRYPTO_is_ARMv8_SHA512_capable(), sha512_block_data_order_hw);
  CheckPath<SHA512Family>("sha512_block_data_order_hw",
                          sha512_block_data_order_hw,
                          sha512_block_data_order_nohw, 0xa512a);
}

TEST(SHAArmv8Test, SHA512Scalar) {
  CheckPath<SHA512Family>("sha512_block_data_order_scalar",
                          sha512_block_data_order_scalar,
                          sha512_block_data_order_nohw, 0xa512b);
}

// The public one-shot functions, each with the table that serves it.
struct OneShot {
  const char *name;
  uint8_t *(*fn)(const uint8_t *, size_t, uint8_t *);
  size_t out_len;
  CRYPTO_PRIMITIVE *prim;
};

std::vector<OneShot> OneShots() {
  return {
      {"SHA-1", SHA1, SHA_DIGEST_LENGTH, &CRYPTO_primitive_sha1},
      {"SHA-224", SHA224, SHA224_DIGEST_LENGTH, &CRYPTO_primitive_sha256},
      {"SHA-256", SHA256, SHA256_DIGEST_LENGTH, &CRYPTO_primitive_sha256},
      {"SHA-384", SHA384, SHA384_DIGEST_LENGTH, &CRYPTO_primitive_sha512},
      {"SHA-512", SHA512, SHA512_DIGEST_LENGTH, &CRYPTO_primitive_sha512},
      {"SHA-512/224", SHA512_224, SHA512_224_DIGEST_LENGTH,
       &CRYPTO_primitive_sha512},
      {"SHA-512/256", SHA512_256, SHA512_256_DIGEST_LENGTH,
       &CRYPTO_primitive_sha512},
  };
}

// Digest of `in` through the streaming API of `name`, fed in two pieces
// split at `split`.
std::vector<uint8_t> SplitDigest(const char *name, const uint8_t *in,
                                 size_t len, size_t split) {
  std::vector<uint8_t> out(SHA512_DIGEST_LENGTH);
  std::string n(name);
  if (n == "SHA-1") {
    SHA_CTX c;
    SHA1_Init(&c);
    SHA1_Update(&c, in, split);
    SHA1_Update(&c, in + split, len - split);
    SHA1_Final(out.data(), &c);
    out.resize(SHA_DIGEST_LENGTH);
  } else if (n == "SHA-256") {
    SHA256_CTX c;
    SHA256_Init(&c);
    SHA256_Update(&c, in, split);
    SHA256_Update(&c, in + split, len - split);
    SHA256_Final(out.data(), &c);
    out.resize(SHA256_DIGEST_LENGTH);
  } else if (n == "SHA-512") {
    SHA512_CTX c;
    SHA512_Init(&c);
    SHA512_Update(&c, in, split);
    SHA512_Update(&c, in + split, len - split);
    SHA512_Final(out.data(), &c);
  } else {
    out.clear();  // the other variants share these three code paths
  }
  return out;
}

// Every padding edge of the public API on row `row` of each table, against
// the "nohw" row of the same table.
void CheckRowPublicAPI(const char *row,
                       const std::vector<CRYPTO_PRIMITIVE *> &prims) {
  TestRNG rng(0xed9e);
  std::vector<uint8_t> in = rng.Bytes(300);
  for (const OneShot &h : OneShots()) {
    bool ours = false;
    for (CRYPTO_PRIMITIVE *p : prims) {
      ours |= p == h.prim;
    }
    if (!ours) {
      continue;
    }
    SCOPED_TRACE(std::string(h.name) + " on row " + row);
    const CRYPTO_IMPL *impl = CRYPTO_impl_find(h.prim, row);
    ASSERT_NE(nullptr, impl) << "no row " << row << " in " << h.prim->name;
    for (size_t len = 0; len <= in.size(); len++) {
      uint8_t want[SHA512_DIGEST_LENGTH], got[SHA512_DIGEST_LENGTH];
      ASSERT_TRUE(CRYPTO_impl_force(h.prim, "nohw"));
      h.fn(in.data(), len, want);
      size_t split = static_cast<size_t>(rng.Below(len + 1));
      std::vector<uint8_t> want_split = SplitDigest(h.name, in.data(), len,
                                                    split);
      ASSERT_TRUE(CRYPTO_impl_force(h.prim, row));
      h.fn(in.data(), len, got);
      EXPECT_EQ(Bytes(want, h.out_len), Bytes(got, h.out_len))
          << len << " bytes";
      EXPECT_EQ(Bytes(want_split),
                Bytes(SplitDigest(h.name, in.data(), len, split)))
          << len << " bytes split at " << split;
      if (!want_split.empty()) {
        EXPECT_EQ(Bytes(want, h.out_len), Bytes(want_split))
            << len << " bytes split at " << split << " (nohw)";
      }
    }
    ASSERT_TRUE(CRYPTO_impl_force(h.prim, nullptr));
  }
}

TEST(SHAArmv8Test, PublicAPIOnHWRows) {
  std::vector<CRYPTO_PRIMITIVE *> prims;
  const struct {
    CRYPTO_PRIMITIVE *prim;
    int capable;
  } kRows[] = {
      {&CRYPTO_primitive_sha1, CRYPTO_is_ARMv8_SHA1_capable()},
      {&CRYPTO_primitive_sha256, CRYPTO_is_ARMv8_SHA256_capable()},
      {&CRYPTO_primitive_sha512, CRYPTO_is_ARMv8_SHA512_capable()},
  };
  for (const auto &r : kRows) {
    if (r.capable) {
      prims.push_back(r.prim);
    } else {
      printf("  %s: row armv8 skipped: this CPU (or the OPENSSL_armcap mask) "
             "lacks the instructions\n",
             r.prim->name);
    }
  }
  CheckRowPublicAPI("armv8", prims);
}

TEST(SHAArmv8Test, PublicAPIOnScalarRows) {
  // SHA-1 has no scalar row (sha1-armv8.pl says why).
  CheckRowPublicAPI("scalar",
                    {&CRYPTO_primitive_sha256, &CRYPTO_primitive_sha512});
}

}  // namespace

#endif  // OPENSSL_AARCH64 && !OPENSSL_NO_ASM
