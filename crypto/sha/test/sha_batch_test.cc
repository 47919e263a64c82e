// Copyright 2026 The project authors.
//
// sha_batch_test.cc: batch hashing (SHA256_hash_pairs, SHA256_batch,
// SHA512_hash_pairs, SHA512_batch) and the multi-buffer kernels behind it.
//
//   - every row of the sha256_batch and sha512_batch tables the CPU can
//     run, called directly, against SHA256()/SHA512() of each message: the
//     pairs shape for n = 0..100 and around every multiple of the lane
//     count up to 4 groups, at input alignments 0..15, in place (out ==
//     in); the batch shape with random lengths 0..2000 mixed in one batch,
//     every block-edge length in one batch, one long message among short
//     ones, NULL inputs of length zero, repeated pointers, and every input
//     against a guard page (a read past any message faults);
//   - the NIST CAVP ShortMsg and LongMsg messages through the public batch
//     functions under every row (and the one-block ones through the pairs
//     functions);
//   - each assembly kernel directly through CHECK_ABI against the
//     one-message C block function, lane by lane.

#include <openssl/sha.h>

#include <string.h>

#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "../../test/abi_test.h"
#include "../../test/asm_path_test.h"
#include "../../test/guard_page.h"
#include "../../test/shavs.h"
#include "../../test/test_util.h"
#include "../internal.h"
#include "../sha_batch.h"

namespace {

// A hash as these tests see it.
struct BatchHash {
  const char *name;
  CRYPTO_PRIMITIVE *prim;
  size_t block, md_len, lanes;
  uint8_t *(*oneshot)(const uint8_t *data, size_t len, uint8_t *out);
  const char *nist;  // file name prefix in nist-cavp-shavs/
};

const BatchHash kBatchHashes[] = {
    {"SHA-256", &CRYPTO_primitive_sha256_batch, 64, 32, 16, SHA256, "SHA256"},
    {"SHA-512", &CRYPTO_primitive_sha512_batch, 128, 64, 8, SHA512, "SHA512"},
};

const sha_batch_impl_fns *Fns(const CRYPTO_IMPL *impl) {
  return &impl->entry.sha_batch;
}

// The expected digests of `n` one-block messages at `in`.
std::vector<uint8_t> SerialPairs(const BatchHash &h, const uint8_t *in,
                                 size_t n) {
  std::vector<uint8_t> out(n * h.md_len);
  for (size_t i = 0; i < n; i++) {
    h.oneshot(in + i * h.block, h.block, out.data() + i * h.md_len);
  }
  return out;
}

std::vector<size_t> PairCounts(const BatchHash &h) {
  std::vector<size_t> ns;
  for (size_t n = 0; n <= 100; n++) {
    ns.push_back(n);
  }
  for (size_t g = 7; g <= 4 * h.lanes + 1; g++) {
    if (g % h.lanes <= 1 || g % h.lanes == h.lanes - 1) {
      ns.push_back(g + 100);
    }
  }
  for (size_t m = 1; m <= 4; m++) {
    for (size_t d : {size_t{0}, size_t{1}, h.lanes - 1, h.lanes + 1}) {
      ns.push_back(128 * m + d);
    }
  }
  return ns;
}

TEST(SHABatchTest, PairsAllRows) {
  TestRNG rng(0xba7c);
  for (const BatchHash &h : kBatchHashes) {
    ForEachRow(h.prim, [&](const CRYPTO_IMPL *row) {
      for (size_t n : PairCounts(h)) {
        SCOPED_TRACE(n);
        std::vector<uint8_t> in = rng.Bytes(n * h.block + 1);
        std::vector<uint8_t> want = SerialPairs(h, in.data(), n);
        std::vector<uint8_t> got(n * h.md_len + 1, 0xee);
        Fns(row)->pairs(got.data(), in.data(), n);
        EXPECT_EQ(Bytes(want), Bytes(got.data(), n * h.md_len));
        EXPECT_EQ(0xee, got[n * h.md_len]) << "wrote past the digests";
      }
    });
  }
}

TEST(SHABatchTest, PairsAlignmentsAndInPlace) {
  TestRNG rng(0xa119);
  for (const BatchHash &h : kBatchHashes) {
    ForEachRow(h.prim, [&](const CRYPTO_IMPL *row) {
      for (size_t n : {size_t{1}, size_t{5}, h.lanes, 2 * h.lanes + 3}) {
        std::vector<uint8_t> msgs = rng.Bytes(n * h.block);
        std::vector<uint8_t> want = SerialPairs(h, msgs.data(), n);
        for (size_t align = 0; align < 16; align++) {
          SCOPED_TRACE(n * 100 + align);
          std::vector<uint8_t> buf(n * h.block + 16);
          memcpy(buf.data() + align, msgs.data(), msgs.size());
          std::vector<uint8_t> out(n * h.md_len + 16);
          Fns(row)->pairs(out.data() + (15 - align), buf.data() + align, n);
          EXPECT_EQ(Bytes(want),
                    Bytes(out.data() + (15 - align), n * h.md_len));
          // In place: the digests replace the start of the input.
          Fns(row)->pairs(buf.data() + align, buf.data() + align, n);
          EXPECT_EQ(Bytes(want), Bytes(buf.data() + align, n * h.md_len));
        }
      }
    });
  }
}

// CheckBatch hashes the messages `msgs` (NULL entries allowed where the
// length is zero) with `row` and compares with the one-shot function.
void CheckBatch(const BatchHash &h, const CRYPTO_IMPL *row,
                const std::vector<const uint8_t *> &ins,
                const std::vector<size_t> &lens) {
  size_t n = ins.size();
  std::vector<uint8_t> want(n * h.md_len);
  for (size_t i = 0; i < n; i++) {
    h.oneshot(ins[i], lens[i], want.data() + i * h.md_len);
  }
  std::vector<uint8_t> got(n * h.md_len + 1, 0xee);
  Fns(row)->batch(got.data(), ins.data(), lens.data(), n);
  for (size_t i = 0; i < n; i++) {
    EXPECT_EQ(Bytes(want.data() + i * h.md_len, h.md_len),
              Bytes(got.data() + i * h.md_len, h.md_len))
        << "message " << i << " of " << n << ", " << lens[i] << " bytes";
  }
  EXPECT_EQ(0xee, got[n * h.md_len]) << "wrote past the digests";
}

TEST(SHABatchTest, BatchRandomLengths) {
  TestRNG rng(0x1e75);
  for (const BatchHash &h : kBatchHashes) {
    ForEachRow(h.prim, [&](const CRYPTO_IMPL *row) {
      std::vector<size_t> ns;
      for (size_t n = 0; n <= 100; n++) {
        ns.push_back(n);
      }
      ns.push_back(4 * h.lanes + 1);
      ns.push_back(300);
      for (size_t n : ns) {
        SCOPED_TRACE(n);
        std::vector<std::vector<uint8_t>> msgs;
        std::vector<const uint8_t *> ins;
        std::vector<size_t> lens;
        for (size_t i = 0; i < n; i++) {
          msgs.push_back(rng.Bytes(rng.Below(2001)));
        }
        for (const auto &m : msgs) {
          ins.push_back(m.data());
          lens.push_back(m.size());
        }
        CheckBatch(h, row, ins, lens);
      }
    });
  }
}

TEST(SHABatchTest, BatchEdges) {
  TestRNG rng(0xed9e);
  for (const BatchHash &h : kBatchHashes) {
    ForEachRow(h.prim, [&](const CRYPTO_IMPL *row) {
      std::vector<uint8_t> data = rng.Bytes(20000);
      // Every length at a block edge, in one batch, several times over so
      // that lanes finish and refill at different steps.
      std::vector<size_t> edges;
      for (size_t b = 0; b <= 4 * h.block; b += h.block) {
        for (size_t d = 0; d < 4; d++) {
          edges.push_back(b + d);
          if (b >= 4) {
            edges.push_back(b - d - 1);
          }
        }
        // Where the padding needs a second block.
        if (b + h.block >= h.block) {
          size_t lf = h.block == 64 ? 9 : 17;
          edges.push_back(b + h.block - lf);
          edges.push_back(b + h.block - lf + 1);
        }
      }
      std::vector<const uint8_t *> ins;
      std::vector<size_t> lens;
      for (int rep = 0; rep < 3; rep++) {
        for (size_t e : edges) {
          ins.push_back(data.data() + rng.Below(64));
          lens.push_back(e);
        }
      }
      CheckBatch(h, row, ins, lens);

      // One long message among short ones: the short lanes refill many
      // times while the long one runs, then it finishes alone.
      for (size_t pos : {size_t{0}, size_t{7}, size_t{40}}) {
        std::vector<const uint8_t *> ins2;
        std::vector<size_t> lens2;
        for (size_t i = 0; i < 41; i++) {
          ins2.push_back(data.data() + i);
          lens2.push_back(i == pos ? 19000 : i * 3);
        }
        CheckBatch(h, row, ins2, lens2);
      }

      // NULL inputs of length zero, and the same pointer several times.
      std::vector<const uint8_t *> ins3;
      std::vector<size_t> lens3;
      for (size_t i = 0; i < 2 * h.lanes + 3; i++) {
        ins3.push_back(i % 3 == 0 ? nullptr : data.data());
        lens3.push_back(i % 3 == 0 ? 0 : 100 + i % 2);
      }
      CheckBatch(h, row, ins3, lens3);
    });
  }
}

// Every message against a guard page: a read past any message (or before
// it) faults.
TEST(SHABatchTest, BatchGuardPages) {
  std::string why;
  if (!GuardPagesAvailable(&why)) {
    GTEST_SKIP() << "skipped: no guard pages here (" << why << ")";
  }
  TestRNG rng(0x9a7d);
  for (const BatchHash &h : kBatchHashes) {
    ForEachRow(h.prim, [&](const CRYPTO_IMPL *row) {
      for (auto where : {GuardedBuffer::kEndAtGuard,
                         GuardedBuffer::kStartAfterGuard}) {
        std::vector<std::unique_ptr<GuardedBuffer>> bufs;
        std::vector<const uint8_t *> ins;
        std::vector<size_t> lens;
        for (size_t i = 0; i < 3 * h.lanes + 1; i++) {
          size_t len = i < 2 * h.lanes ? rng.Below(3 * h.block)
                                       : h.block * (1 + i % 3);
          bufs.emplace_back(new GuardedBuffer(len, where));
          rng.Fill(bufs.back()->data(), len);
          ins.push_back(bufs.back()->data());
          lens.push_back(len);
        }
        CheckBatch(h, row, ins, lens);
      }
      // The pairs shape: the whole input against the guard.
      for (size_t n : {size_t{1}, h.lanes - 1, h.lanes, 2 * h.lanes + 5}) {
        GuardedBuffer in(n * h.block, GuardedBuffer::kEndAtGuard);
        rng.Fill(in.data(), n * h.block);
        std::vector<uint8_t> want = SerialPairs(h, in.data(), n);
        GuardedBuffer out(n * h.md_len, GuardedBuffer::kEndAtGuard);
        Fns(row)->pairs(out.data(), in.data(), n);
        EXPECT_EQ(Bytes(want), Bytes(out.data(), n * h.md_len));
      }
    });
  }
}

TEST(SHABatchTest, PublicAPIZeroAndDispatch) {
  // n = 0 reads and writes nothing, whatever the pointers.
  SHA256_hash_pairs(nullptr, nullptr, 0);
  SHA512_hash_pairs(nullptr, nullptr, 0);
  SHA256_batch(nullptr, nullptr, nullptr, 0);
  SHA512_batch(nullptr, nullptr, nullptr, 0);

  TestRNG rng(0x5a5a);
  std::vector<uint8_t> in = rng.Bytes(37 * 128);
  uint8_t got[37 * 64];
  SHA256_hash_pairs(got, in.data(), 37);
  EXPECT_EQ(Bytes(SerialPairs(kBatchHashes[0], in.data(), 37)),
            Bytes(got, 37 * 32));
  SHA512_hash_pairs(got, in.data(), 37);
  EXPECT_EQ(Bytes(SerialPairs(kBatchHashes[1], in.data(), 37)),
            Bytes(got, 37 * 64));
}

// One message takes the batch functions' shortcut to the one-shot functions
// (sha_batch.c), NULL with length zero included.
TEST(SHABatchTest, PublicAPIOneMessage) {
  TestRNG rng(0x0b1e);
  std::vector<uint8_t> data = rng.Bytes(300);
  for (size_t len : {0, 1, 55, 56, 64, 111, 112, 128, 300}) {
    SCOPED_TRACE(len);
    for (int null_input = 0; null_input <= (len == 0); null_input++) {
      const uint8_t *in = null_input ? nullptr : data.data();
      uint8_t got[64], want[64];
      SHA256_batch(got, &in, &len, 1);
      SHA256(data.data(), len, want);
      EXPECT_EQ(Bytes(want, 32), Bytes(got, 32));
      SHA512_batch(got, &in, &len, 1);
      SHA512(data.data(), len, want);
      EXPECT_EQ(Bytes(want, 64), Bytes(got, 64));
    }
  }
}

// --- NIST CAVP SHAVS through the batch functions --------------------------------

TEST(SHABatchTest, NISTVectors) {
  for (const BatchHash &h : kBatchHashes) {
    SCOPED_TRACE(h.name);
    std::vector<std::vector<uint8_t>> msgs, mds;
    for (const char *kind : {"ShortMsg", "LongMsg"}) {
      VECTORS_PATH_OR_SKIP(
          path, std::string("nist-cavp-shavs/") + h.nist + kind + ".rsp");
      ForEachSHAVSMsg(path, [&](const std::vector<uint8_t> &msg,
                                const std::vector<uint8_t> &md) {
        msgs.push_back(msg);
        mds.push_back(md);
      });
    }
    ASSERT_GT(msgs.size(), 100u);
    std::vector<const uint8_t *> ins;
    std::vector<size_t> lens;
    for (const auto &m : msgs) {
      ins.push_back(m.data());
      lens.push_back(m.size());
    }
    // The one-block messages, for the pairs shape.
    std::vector<uint8_t> pairs_in, pairs_want;
    for (size_t i = 0; i < msgs.size(); i++) {
      if (msgs[i].size() == h.block) {
        pairs_in.insert(pairs_in.end(), msgs[i].begin(), msgs[i].end());
        pairs_want.insert(pairs_want.end(), mds[i].begin(), mds[i].end());
      }
    }
    ASSERT_FALSE(pairs_in.empty());
    size_t np = pairs_in.size() / h.block;
    ForEachRowForced(h.prim, [&](const CRYPTO_IMPL *) {
      std::vector<uint8_t> got(msgs.size() * h.md_len);
      if (h.block == 64) {
        SHA256_batch(got.data(), ins.data(), lens.data(), msgs.size());
      } else {
        SHA512_batch(got.data(), ins.data(), lens.data(), msgs.size());
      }
      for (size_t i = 0; i < msgs.size(); i++) {
        EXPECT_EQ(Bytes(mds[i]), Bytes(got.data() + i * h.md_len, h.md_len))
            << lens[i] << " bytes";
      }
      std::vector<uint8_t> pgot(np * h.md_len);
      if (h.block == 64) {
        SHA256_hash_pairs(pgot.data(), pairs_in.data(), np);
      } else {
        SHA512_hash_pairs(pgot.data(), pairs_in.data(), np);
      }
      EXPECT_EQ(Bytes(pairs_want), Bytes(pgot));
    });
  }
}

// --- The assembly kernels through CHECK_ABI ----------------------------------------

#if (defined(OPENSSL_X86_64) || defined(OPENSSL_X86) || \
     defined(OPENSSL_AARCH64)) &&                          \
    !defined(OPENSSL_NO_ASM)

// Word w of lane l in a transposed state of L lanes.
template <typename Word>
void CheckMBKernel(const char *name,
                   void (*kernel)(Word *, const uint8_t *const *, size_t),
                   void (*block)(Word *, const uint8_t *, size_t), size_t L,
                   size_t block_len, uint64_t seed) {
  TestRNG rng(seed);
  for (size_t num : {0, 1, 2, 3, 5}) {
    SCOPED_TRACE(std::string(name) + " blocks " + std::to_string(num));
    std::vector<Word> state(8 * L);
    rng.Fill(reinterpret_cast<uint8_t *>(state.data()),
             state.size() * sizeof(Word));
    std::vector<std::vector<uint8_t>> msgs;
    std::vector<const uint8_t *> ptrs;
    for (size_t l = 0; l < L; l++) {
      // Odd offsets, and lane 3 repeating lane 2's pointer.
      msgs.push_back(rng.Bytes(num * block_len + 16));
      ptrs.push_back(l == 3 ? ptrs[2] : msgs.back().data() + (l * 7) % 16);
    }
    std::vector<Word> want = state;
    for (size_t l = 0; l < L; l++) {
      Word one[8];
      for (size_t j = 0; j < 8; j++) {
        one[j] = want[j * L + l];
      }
      block(one, ptrs[l], num);
      for (size_t j = 0; j < 8; j++) {
        want[j * L + l] = one[j];
      }
    }
    CHECK_ABI(kernel, state.data(), ptrs.data(), num);
    EXPECT_EQ(Bytes(reinterpret_cast<const uint8_t *>(want.data()),
                    want.size() * sizeof(Word)),
              Bytes(reinterpret_cast<const uint8_t *>(state.data()),
                    state.size() * sizeof(Word)));
  }
}

#if defined(OPENSSL_X86_64) || defined(OPENSSL_AARCH64)
// CheckPairsGroups checks a pairs kernel taking groups of `group` messages,
// out of place and in place. (32-bit x86 has one pairs kernel, checked by
// CheckShaniPairs below.)
void CheckPairsGroups(const BatchHash &h, const char *name,
                      void (*kernel)(uint8_t *, const uint8_t *, size_t),
                      size_t group, uint64_t seed) {
  TestRNG rng(seed);
  for (size_t groups : {0, 1, 2, 3}) {
    SCOPED_TRACE(std::string(name) + " groups " + std::to_string(groups));
    size_t n = groups * group;
    std::vector<uint8_t> in = rng.Bytes(n * h.block + 3);
    std::vector<uint8_t> want = SerialPairs(h, in.data() + 3, n);
    std::vector<uint8_t> out(n * h.md_len + 2, 0xee);
    CHECK_ABI(kernel, out.data() + 1, in.data() + 3, groups);
    EXPECT_EQ(Bytes(want), Bytes(out.data() + 1, n * h.md_len));
    EXPECT_EQ(0xee, out[0]);
    EXPECT_EQ(0xee, out[n * h.md_len + 1]);
    CHECK_ABI(kernel, in.data() + 3, in.data() + 3, groups);
    EXPECT_EQ(Bytes(want), Bytes(in.data() + 3, n * h.md_len)) << "in place";
  }
  // num == 0 with NULL pointers: nothing is touched.
  CHECK_ABI(kernel, static_cast<uint8_t *>(nullptr),
            static_cast<const uint8_t *>(nullptr), size_t{0});
}
#endif  // OPENSSL_X86_64 || OPENSSL_AARCH64

#endif  // (OPENSSL_X86_64 || OPENSSL_X86 || OPENSSL_AARCH64) && !OPENSSL_NO_ASM

#if (defined(OPENSSL_X86_64) || defined(OPENSSL_X86)) && !defined(OPENSSL_NO_ASM)

// The SHA-NI pairs kernels take groups of S messages.
void CheckShaniPairs(const char *name,
                     void (*kernel)(uint8_t *, const uint8_t *, size_t),
                     size_t S, uint64_t seed) {
  TestRNG rng(seed);
  for (size_t groups : {0, 1, 2, 3, 7}) {
    SCOPED_TRACE(std::string(name) + " groups " + std::to_string(groups));
    size_t n = groups * S;
    std::vector<uint8_t> in = rng.Bytes(n * 64 + 5);
    std::vector<uint8_t> want = SerialPairs(kBatchHashes[0], in.data() + 5, n);
    std::vector<uint8_t> out(n * 32 + 2, 0xee);
    CHECK_ABI(kernel, out.data() + 1, in.data() + 5, groups);
    EXPECT_EQ(Bytes(want), Bytes(out.data() + 1, n * 32));
    EXPECT_EQ(0xee, out[0]);
    EXPECT_EQ(0xee, out[n * 32 + 1]);
    // In place.
    CHECK_ABI(kernel, in.data() + 5, in.data() + 5, groups);
    EXPECT_EQ(Bytes(want), Bytes(in.data() + 5, n * 32));
  }
  CHECK_ABI_UNWIND(kernel, static_cast<uint8_t *>(nullptr),
                   static_cast<const uint8_t *>(nullptr), size_t{0});
}

// sha256_pairs_shani_x2 has the same contract on x86-64 and 32-bit x86.
TEST(SHABatchAsmTest, SHA256PairsSHANIx2) {
  SKIP_PATH_UNLESS(CRYPTO_is_x86_SHA_capable(), sha256_pairs_shani_x2);
  CheckShaniPairs("sha256_pairs_shani_x2", sha256_pairs_shani_x2, 2, 0x5a2);
}

#endif  // (OPENSSL_X86_64 || OPENSSL_X86) && !OPENSSL_NO_ASM

#if defined(OPENSSL_X86_64) && !defined(OPENSSL_NO_ASM)

// CheckPairsKernel: a kernel whose groups are `lanes` messages (0: the
// hash's widest lanes).
void CheckPairsKernel(const BatchHash &h, const char *name,
                      void (*kernel)(uint8_t *, const uint8_t *, size_t),
                      uint64_t seed, size_t lanes = 0) {
  CheckPairsGroups(h, name, kernel, lanes != 0 ? lanes : h.lanes, seed);
}

TEST(SHABatchAsmTest, SHA256AVX512) {
  SKIP_PATH_UNLESS(sha_batch_avx512_capable(), sha256_mb_avx512_x16);
  CheckMBKernel<uint32_t>("sha256_mb_avx512_x16", sha256_mb_avx512_x16,
                          sha256_block_data_order_nohw, 16, 64, 0x2561);
  CHECK_ABI(sha256_mb_avx512_x16, static_cast<uint32_t *>(nullptr),
            static_cast<const uint8_t *const *>(nullptr), size_t{0});
  CHECK_ABI_UNWIND(sha256_mb_avx512_x16, static_cast<uint32_t *>(nullptr),
                   static_cast<const uint8_t *const *>(nullptr), size_t{0});
}

TEST(SHABatchAsmTest, SHA256PairsAVX512) {
  SKIP_PATH_UNLESS(sha_batch_avx512_capable(), sha256_pairs_avx512_x16);
  CheckPairsKernel(kBatchHashes[0], "sha256_pairs_avx512_x16",
                   sha256_pairs_avx512_x16, 0x2562);
}

TEST(SHABatchAsmTest, SHA512AVX512) {
  SKIP_PATH_UNLESS(sha_batch_avx512_capable(), sha512_mb_avx512_x8);
  CheckMBKernel<uint64_t>("sha512_mb_avx512_x8", sha512_mb_avx512_x8,
                          sha512_block_data_order_nohw, 8, 128, 0x5121);
}

TEST(SHABatchAsmTest, SHA512PairsAVX512) {
  SKIP_PATH_UNLESS(sha_batch_avx512_capable(), sha512_pairs_avx512_x8);
  CheckPairsKernel(kBatchHashes[1], "sha512_pairs_avx512_x8",
                   sha512_pairs_avx512_x8, 0x5122);
}

TEST(SHABatchAsmTest, SHA256PairsSHANI) {
  SKIP_PATH_UNLESS(CRYPTO_is_x86_SHA_capable(), sha256_pairs_shani_x1);
  CheckShaniPairs("sha256_pairs_shani_x1", sha256_pairs_shani_x1, 1, 0x5a1);
}

// Four SHA-NI streams, the schedule of group g+1 formed during the rounds
// of group g: one group runs the prologue and the last group's rounds
// alone, two or more the loop too (CheckShaniPairs covers 1, 2, 3 and 7
// groups). Unwinding is checked through two whole groups, so from every
// instruction of the loop body, of the last group and of the clearing.
TEST(SHABatchAsmTest, SHA256PairsAVX512SHANIx4) {
  SKIP_PATH_UNLESS(sha_batch_avx512_shani_x4_capable(),
                   sha256_pairs_avx512_shani_x4);
  CheckShaniPairs("sha256_pairs_avx512_shani_x4",
                  sha256_pairs_avx512_shani_x4, 4, 0x5a4);
  TestRNG rng(0x5a5);
  std::vector<uint8_t> in = rng.Bytes(8 * 64);
  std::vector<uint8_t> out(8 * 32);
  CHECK_ABI_UNWIND(sha256_pairs_avx512_shani_x4, out.data(), in.data(),
                   size_t{2});
  EXPECT_EQ(Bytes(SerialPairs(kBatchHashes[0], in.data(), 8)), Bytes(out));
}

// The mb function of the same four streams: 0, 1, 2, 3 and 5 blocks (the
// prologue and last block alone, and the loop), then unwinding through
// two blocks.
TEST(SHABatchAsmTest, SHA256MBAVX512SHANIx4) {
  SKIP_PATH_UNLESS(sha_batch_avx512_shani_x4_capable(),
                   sha256_mb_avx512_shani_x4);
  CheckMBKernel<uint32_t>("sha256_mb_avx512_shani_x4",
                          sha256_mb_avx512_shani_x4,
                          sha256_block_data_order_nohw, 4, 64, 0x5a6);
  TestRNG rng(0x5a7);
  std::vector<uint32_t> state(8 * 4);
  std::vector<uint8_t> in = rng.Bytes(4 * 128);
  const uint8_t *ptrs[4] = {in.data(), in.data() + 128, in.data() + 256,
                            in.data() + 384};
  CHECK_ABI_UNWIND(sha256_mb_avx512_shani_x4, state.data(), ptrs, size_t{2});
}

TEST(SHABatchAsmTest, SHA256PairsAVX512SHANI) {
  SKIP_PATH_UNLESS(sha_batch_avx512_shani_capable(),
                   sha256_pairs_avx512_shani_x20);
  CheckShaniPairs("sha256_pairs_avx512_shani_x20",
                  sha256_pairs_avx512_shani_x20, 20, 0x5a3);
}

// The AVX2 and AVX kernels: each directly against the one-message C code,
// through CHECK_ABI, and CHECK_ABI_UNWIND over one whole block or group
// (they have a frame, so every instruction of the body is unwound from).
template <typename Word>
void CheckVXKernels(const BatchHash &h, const char *mb_name,
                    void (*mb)(Word *, const uint8_t *const *, size_t),
                    const char *pairs_name,
                    void (*pairs)(uint8_t *, const uint8_t *, size_t),
                    void (*block)(Word *, const uint8_t *, size_t),
                    size_t lanes, uint64_t seed) {
  CheckMBKernel<Word>(mb_name, mb, block, lanes, h.block, seed);
  CheckPairsKernel(h, pairs_name, pairs, seed + 1, lanes);
  std::vector<uint8_t> in(lanes * h.block), out(lanes * h.md_len);
  std::vector<Word> state(8 * lanes);
  std::vector<const uint8_t *> ptrs(lanes, in.data());
  CHECK_ABI_UNWIND(mb, state.data(), ptrs.data(), size_t{1});
  CHECK_ABI_UNWIND(pairs, out.data(), in.data(), size_t{1});
}

TEST(SHABatchAsmTest, SHA256AVX2) {
  if (!CRYPTO_is_AVX2_capable()) {
    abi_test::NotRunnableHere(sha256_pairs_avx2_x8);
  }
  SKIP_PATH_UNLESS(CRYPTO_is_AVX2_capable(), sha256_mb_avx2_x8);
  CheckVXKernels<uint32_t>(kBatchHashes[0], "sha256_mb_avx2_x8",
                           sha256_mb_avx2_x8, "sha256_pairs_avx2_x8",
                           sha256_pairs_avx2_x8, sha256_block_data_order_nohw,
                           8, 0x2a21);
}

TEST(SHABatchAsmTest, SHA512AVX2) {
  if (!CRYPTO_is_AVX2_capable()) {
    abi_test::NotRunnableHere(sha512_pairs_avx2_x4);
  }
  SKIP_PATH_UNLESS(CRYPTO_is_AVX2_capable(), sha512_mb_avx2_x4);
  CheckVXKernels<uint64_t>(kBatchHashes[1], "sha512_mb_avx2_x4",
                           sha512_mb_avx2_x4, "sha512_pairs_avx2_x4",
                           sha512_pairs_avx2_x4, sha512_block_data_order_nohw,
                           4, 0x5a21);
}

TEST(SHABatchAsmTest, SHA256AVX) {
  if (!CRYPTO_is_AVX_capable()) {
    abi_test::NotRunnableHere(sha256_pairs_avx_x4);
  }
  SKIP_PATH_UNLESS(CRYPTO_is_AVX_capable(), sha256_mb_avx_x4);
  CheckVXKernels<uint32_t>(kBatchHashes[0], "sha256_mb_avx_x4",
                           sha256_mb_avx_x4, "sha256_pairs_avx_x4",
                           sha256_pairs_avx_x4, sha256_block_data_order_nohw,
                           4, 0x2a11);
}

#endif  // OPENSSL_X86_64 && !OPENSSL_NO_ASM

#if defined(OPENSSL_X86) && !defined(OPENSSL_NO_ASM)

// The 32-bit multi-buffer kernels, lane by lane against the C block
// function (sha256_pairs_shani_x2 is tested above), and with no blocks and
// NULL pointers.
TEST(SHABatchAsmTest, SHA256MBSHANIx2) {
  SKIP_PATH_UNLESS(CRYPTO_is_x86_SHA_capable(), sha256_mb_shani_x2);
  CheckMBKernel<uint32_t>("sha256_mb_shani_x2", sha256_mb_shani_x2,
                          sha256_block_data_order_nohw, 2, 64, 0x3261);
  CHECK_ABI_UNWIND(sha256_mb_shani_x2, static_cast<uint32_t *>(nullptr),
                   static_cast<const uint8_t *const *>(nullptr), size_t{0});
}

TEST(SHABatchAsmTest, SHA256MBSSSE3x4) {
  SKIP_PATH_UNLESS(CRYPTO_is_SSSE3_capable(), sha256_mb_ssse3_x4);
  CheckMBKernel<uint32_t>("sha256_mb_ssse3_x4", sha256_mb_ssse3_x4,
                          sha256_block_data_order_nohw, 4, 64, 0x3262);
  CHECK_ABI_UNWIND(sha256_mb_ssse3_x4, static_cast<uint32_t *>(nullptr),
                   static_cast<const uint8_t *const *>(nullptr), size_t{0});
}

#endif  // OPENSSL_X86 && !OPENSSL_NO_ASM

#if defined(OPENSSL_AARCH64) && !defined(OPENSSL_NO_ASM)

// The AArch64 kernels (crypto/sha/asm/sha2-mb-armv8.pl): each mb kernel
// lane by lane against the C block function, each pairs kernel against
// SHA256()/SHA512(), all through CHECK_ABI (x19-x29, d8-d15, sp), and
// once more with nothing to do under CHECK_ABI_UNWIND.
template <typename Word>
void CheckAArch64MB(const char *name,
                    void (*kernel)(Word *, const uint8_t *const *, size_t),
                    void (*block)(Word *, const uint8_t *, size_t), size_t L,
                    size_t block_len, uint64_t seed) {
  CheckMBKernel<Word>(name, kernel, block, L, block_len, seed);
  CHECK_ABI_UNWIND(kernel, static_cast<Word *>(nullptr),
                   static_cast<const uint8_t *const *>(nullptr), size_t{0});
}

void CheckAArch64Pairs(const BatchHash &h, const char *name,
                       void (*kernel)(uint8_t *, const uint8_t *, size_t),
                       size_t group, uint64_t seed) {
  CheckPairsGroups(h, name, kernel, group, seed);
  CHECK_ABI_UNWIND(kernel, static_cast<uint8_t *>(nullptr),
                   static_cast<const uint8_t *>(nullptr), size_t{0});
}

TEST(SHABatchAsmTest, SHA256HWx2) {
  SKIP_PATH_UNLESS(CRYPTO_is_ARMv8_SHA256_capable(), sha256_mb_hw_x2);
  CheckAArch64MB<uint32_t>("sha256_mb_hw_x2", sha256_mb_hw_x2,
                           sha256_block_data_order_nohw, 2, 64, 0xa2561);
}

TEST(SHABatchAsmTest, SHA256PairsHWx2) {
  SKIP_PATH_UNLESS(CRYPTO_is_ARMv8_SHA256_capable(), sha256_pairs_hw_x2);
  CheckAArch64Pairs(kBatchHashes[0], "sha256_pairs_hw_x2", sha256_pairs_hw_x2,
                    2, 0xa2562);
}

TEST(SHABatchAsmTest, SHA256NEONx4) {
  SKIP_PATH_UNLESS(CRYPTO_is_NEON_capable(), sha256_mb_neon_x4);
  CheckAArch64MB<uint32_t>("sha256_mb_neon_x4", sha256_mb_neon_x4,
                           sha256_block_data_order_nohw, 4, 64, 0xa2563);
}

TEST(SHABatchAsmTest, SHA256PairsNEONx4) {
  SKIP_PATH_UNLESS(CRYPTO_is_NEON_capable(), sha256_pairs_neon_x4);
  CheckAArch64Pairs(kBatchHashes[0], "sha256_pairs_neon_x4",
                    sha256_pairs_neon_x4, 4, 0xa2564);
}

TEST(SHABatchAsmTest, SHA512HWx2) {
  SKIP_PATH_UNLESS(CRYPTO_is_ARMv8_SHA512_capable(), sha512_mb_hw_x2);
  CheckAArch64MB<uint64_t>("sha512_mb_hw_x2", sha512_mb_hw_x2,
                           sha512_block_data_order_nohw, 2, 128, 0xa5121);
}

TEST(SHABatchAsmTest, SHA512PairsHWx2) {
  SKIP_PATH_UNLESS(CRYPTO_is_ARMv8_SHA512_capable(), sha512_pairs_hw_x2);
  CheckAArch64Pairs(kBatchHashes[1], "sha512_pairs_hw_x2", sha512_pairs_hw_x2,
                    2, 0xa5122);
}

#endif  // OPENSSL_AARCH64 && !OPENSSL_NO_ASM

}  // namespace
