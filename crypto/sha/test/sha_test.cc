// Copyright 2026 The project authors.
//
// sha_test.cc: tests of SHA-1 and SHA-2 through sha.h and digest.h, and of
// every implementation row of the SHA primitives' tables.
//
// What is checked, and against what:
//   - NIST CAVP SHAVS (ShortMsg, LongMsg, Monte) and the ACVP samples: the
//     public API on published answers.
//   - crypto/sha/test/digest_lengths_tests.txt: every length 0..2*block+1
//     and some long ones, answers from Go's standard library.
//   - Padding edges, random splits, and all lengths 0..1000: one-shot,
//     Init/Update/Final and EVP agree with each other.
//   - The all-lengths accumulated digest (stored values from
//     util/gen_vectors -accumulated), through the public API with each
//     capable row of the table forced in turn.
//   - Each row's block function called directly against the nohw one:
//     sha_rows_test.cc.
//   - Context zeroisation, the 128-bit length counter, the SHA-512/t IVs.

#include <openssl/digest.h>
#include <openssl/sha.h>

#include <stdio.h>
#include <string.h>

#include <algorithm>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "../../internal.h"
#include "../../test/asm_path_test.h"
#include "../../test/file_test.h"
#include "../../test/json.h"
#include "../../test/shavs.h"
#include "../../test/test_util.h"
#include "../internal.h"

namespace {

// Streaming through sha.h: hash `len` bytes from `in`, feeding them in the
// chunk sizes listed in `chunks` and the rest in one last Update. Sets
// `*zeroed` to whether the context was all zeros after Final.
template <typename Ctx, int (*Init)(Ctx *),
          int (*Update)(Ctx *, const void *, size_t),
          int (*Final)(uint8_t *, Ctx *)>
void Stream(const uint8_t *in, size_t len, const std::vector<size_t> &chunks,
            uint8_t *out, bool *zeroed) {
  Ctx ctx;
  memset(&ctx, 0xaa, sizeof(ctx));
  EXPECT_EQ(1, Init(&ctx));
  size_t done = 0;
  for (size_t n : chunks) {
    n = std::min(n, len - done);
    EXPECT_EQ(1, Update(&ctx, in + done, n));
    done += n;
  }
  EXPECT_EQ(1, Update(&ctx, in + done, len - done));
  EXPECT_EQ(1, Final(out, &ctx));
  static const Ctx kZero = {};
  *zeroed = memcmp(&ctx, &kZero, sizeof(ctx)) == 0;
}

struct Hash {
  const char *name;       // as in the vector files: "SHA256", "SHA512_256"
  const char *nist;       // SHAVS file prefix
  const char *acvp;       // ACVP sample file name, or nullptr
  size_t md_len;
  size_t block_size;
  uint8_t *(*oneshot)(const uint8_t *, size_t, uint8_t *);
  void (*stream)(const uint8_t *, size_t, const std::vector<size_t> &,
                 uint8_t *, bool *);
  const EVP_MD *(*evp)(void);
};

const Hash kHashes[] = {
    {"SHA1", "SHA1", "SHA-1", SHA_DIGEST_LENGTH, SHA_CBLOCK, SHA1,
     Stream<SHA_CTX, SHA1_Init, SHA1_Update, SHA1_Final>, EVP_sha1},
    {"SHA224", "SHA224", "SHA2-224", SHA224_DIGEST_LENGTH, SHA224_CBLOCK,
     SHA224, Stream<SHA256_CTX, SHA224_Init, SHA224_Update, SHA224_Final>,
     EVP_sha224},
    {"SHA256", "SHA256", "SHA2-256", SHA256_DIGEST_LENGTH, SHA256_CBLOCK,
     SHA256, Stream<SHA256_CTX, SHA256_Init, SHA256_Update, SHA256_Final>,
     EVP_sha256},
    {"SHA384", "SHA384", "SHA2-384", SHA384_DIGEST_LENGTH, SHA384_CBLOCK,
     SHA384, Stream<SHA512_CTX, SHA384_Init, SHA384_Update, SHA384_Final>,
     EVP_sha384},
    {"SHA512", "SHA512", "SHA2-512", SHA512_DIGEST_LENGTH, SHA512_CBLOCK,
     SHA512, Stream<SHA512_CTX, SHA512_Init, SHA512_Update, SHA512_Final>,
     EVP_sha512},
    {"SHA512_224", "SHA512_224", nullptr, SHA512_224_DIGEST_LENGTH,
     SHA512_CBLOCK, SHA512_224,
     Stream<SHA512_CTX, SHA512_224_Init, SHA512_224_Update, SHA512_224_Final>,
     EVP_sha512_224},
    {"SHA512_256", "SHA512_256", nullptr, SHA512_256_DIGEST_LENGTH,
     SHA512_CBLOCK, SHA512_256,
     Stream<SHA512_CTX, SHA512_256_Init, SHA512_256_Update, SHA512_256_Final>,
     EVP_sha512_256},
};

const Hash *FindHash(const std::string &name) {
  for (const Hash &h : kHashes) {
    if (name == h.name) {
      return &h;
    }
  }
  return nullptr;
}

std::vector<uint8_t> OneShot(const Hash &h, const uint8_t *in, size_t len) {
  std::vector<uint8_t> out(h.md_len);
  EXPECT_EQ(out.data(), h.oneshot(in, len, out.data()));
  return out;
}

std::vector<uint8_t> OneShot(const Hash &h, const std::vector<uint8_t> &in) {
  return OneShot(h, in.data(), in.size());
}

std::vector<uint8_t> Streamed(const Hash &h, const uint8_t *in, size_t len,
                              const std::vector<size_t> &chunks) {
  std::vector<uint8_t> out(h.md_len);
  bool zeroed = false;
  h.stream(in, len, chunks, out.data(), &zeroed);
  EXPECT_TRUE(zeroed) << h.name << ": context not zeroed by Final";
  return out;
}

// ViaEVP hashes through digest.h with EVP_DigestUpdate in `chunks`.
std::vector<uint8_t> ViaEVP(const Hash &h, const uint8_t *in, size_t len,
                            const std::vector<size_t> &chunks) {
  std::vector<uint8_t> out(h.md_len);
  EVP_MD_CTX ctx;
  EVP_MD_CTX_init(&ctx);
  EXPECT_EQ(1, EVP_DigestInit_ex(&ctx, h.evp(), nullptr));
  size_t done = 0;
  for (size_t n : chunks) {
    n = std::min(n, len - done);
    EXPECT_EQ(1, EVP_DigestUpdate(&ctx, in + done, n));
    done += n;
  }
  EXPECT_EQ(1, EVP_DigestUpdate(&ctx, in + done, len - done));
  unsigned out_len = 0;
  EXPECT_EQ(1, EVP_DigestFinal_ex(&ctx, out.data(), &out_len));
  EXPECT_EQ(h.md_len, out_len);
  EVP_MD_CTX_cleanup(&ctx);
  return out;
}

std::vector<uint8_t> ViaEVPDigest(const Hash &h, const uint8_t *in,
                                  size_t len) {
  std::vector<uint8_t> out(h.md_len);
  unsigned out_len = 0;
  EXPECT_EQ(1, EVP_Digest(in, len, out.data(), &out_len, h.evp(), nullptr));
  EXPECT_EQ(h.md_len, out_len);
  return out;
}

// RandomChunks returns chunk sizes summing to about `len`, mixing small
// (0..block) and large (up to 3 blocks) pieces, including empty Updates.
std::vector<size_t> RandomChunks(TestRNG *rng, size_t len, size_t block) {
  std::vector<size_t> chunks;
  size_t total = 0;
  while (total < len) {
    size_t n = rng->Below(4) == 0 ? rng->Below(3 * block + 1)
                                  : rng->Below(block + 2);
    chunks.push_back(n);
    total += n;
  }
  return chunks;
}

// Checks that every route agrees with the one-shot digest of `in`, and
// returns it.
std::vector<uint8_t> AllRoutes(const Hash &h, const uint8_t *in, size_t len,
                               TestRNG *rng) {
  std::vector<uint8_t> want = OneShot(h, in, len);
  EXPECT_EQ(Bytes(want), Bytes(Streamed(h, in, len, {})))
      << h.name << " len " << len << " Init/Update/Final";
  EXPECT_EQ(Bytes(want), Bytes(ViaEVPDigest(h, in, len)))
      << h.name << " len " << len << " EVP_Digest";
  std::vector<size_t> chunks = RandomChunks(rng, len, h.block_size);
  EXPECT_EQ(Bytes(want), Bytes(Streamed(h, in, len, chunks)))
      << h.name << " len " << len << " random splits";
  EXPECT_EQ(Bytes(want), Bytes(ViaEVP(h, in, len, chunks)))
      << h.name << " len " << len << " EVP random splits";
  return want;
}

// --- Known answers -----------------------------------------------------------

// FIPS 180-4 example "abc" (NIST's published examples for each function).
TEST(SHATest, ABC) {
  struct {
    const char *name, *md;
  } kTests[] = {
      {"SHA1", "a9993e364706816aba3e25717850c26c9cd0d89d"},
      {"SHA224", "23097d223405d8228642a477bda255b32aadbce4bda0b3f7e36c9da7"},
      {"SHA256",
       "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"},
      {"SHA384",
       "cb00753f45a35e8bb5a03d699ac65007272c32ab0eded1631a8b605a43ff5bed8086072"
       "ba1e7cc2358baeca134c825a7"},
      {"SHA512",
       "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992"
       "a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f"},
      {"SHA512_224", "4634270f707b6a54daae7530460842e20e37ed265ceee9a43e8924aa"},
      {"SHA512_256",
       "53048e2681941ef99b2e29b76b4c7dabe4c2d0c634fc6d46e0e2f13107e7af23"},
  };
  static const uint8_t kABC[] = {'a', 'b', 'c'};
  TestRNG rng(1);
  for (const auto &t : kTests) {
    const Hash *h = FindHash(t.name);
    ASSERT_NE(nullptr, h);
    std::vector<uint8_t> want;
    ASSERT_TRUE(DecodeHex(&want, t.md));
    EXPECT_EQ(Bytes(want), Bytes(AllRoutes(*h, kABC, sizeof(kABC), &rng)))
        << t.name;
  }
}

// --- NIST CAVP SHAVS -----------------------------------------------------------

// ShortMsg and LongMsg (read by ForEachSHAVSMsg): every message through
// every public route.
void RunSHAVSMsg(const Hash &h, const std::string &path) {
  TestRNG rng(2);
  size_t n = ForEachSHAVSMsg(path, [&](const std::vector<uint8_t> &msg,
                                       const std::vector<uint8_t> &md) {
    EXPECT_EQ(Bytes(md), Bytes(AllRoutes(h, msg.data(), msg.size(), &rng)));
  });
  EXPECT_GT(n, 60u);
}

// MonteCarloStep runs one checkpoint of the SHAVS/ACVP Monte Carlo test:
//   MD0 = MD1 = MD2 = seed; 1000 times: M = MD0||MD1||MD2, MD0 = MD1,
//   MD1 = MD2, MD2 = H(M); return MD2 (which seeds the next checkpoint).
std::vector<uint8_t> MonteCarloStep(const Hash &h,
                                    const std::vector<uint8_t> &seed) {
  const size_t md = h.md_len;
  std::vector<uint8_t> m(3 * md);  // MD0 || MD1 || MD2, shifted in place
  for (int k = 0; k < 3; k++) {
    memcpy(m.data() + k * md, seed.data(), md);
  }
  uint8_t next[EVP_MAX_MD_SIZE];
  for (int i = 0; i < 1000; i++) {
    h.oneshot(m.data(), m.size(), next);
    memmove(m.data(), m.data() + md, 2 * md);
    memcpy(m.data() + 2 * md, next, md);
  }
  return std::vector<uint8_t>(next, next + md);
}

// Monte: a `Seed` block, then `COUNT`/`MD` blocks, each the result of
// MonteCarloStep on the previous one (the first on Seed).
void RunSHAVSMonte(const Hash &h, const std::string &path) {
  std::vector<uint8_t> seed;
  size_t checkpoints = 0;
  FileTestGTest(path, [&](FileTest *t) {
    t->IgnoreAllUnusedInstructions();
    if (t->HasAttribute("Seed")) {
      ASSERT_TRUE(t->GetBytes(&seed, "Seed"));
      ASSERT_EQ(h.md_len, seed.size());
      return;
    }
    std::string count;
    std::vector<uint8_t> want;
    ASSERT_TRUE(t->GetAttribute(&count, "COUNT"));
    ASSERT_TRUE(t->GetBytes(&want, "MD"));
    ASSERT_EQ(h.md_len, seed.size()) << "no Seed before COUNT";
    seed = MonteCarloStep(h, seed);
    EXPECT_EQ(Bytes(want), Bytes(seed)) << "COUNT = " << count;
    checkpoints++;
  });
  EXPECT_EQ(100u, checkpoints);
}

TEST(SHATest, NISTShortMsg) {
  for (const Hash &h : kHashes) {
    SCOPED_TRACE(h.name);
    VECTORS_PATH_OR_SKIP(
        path, std::string("nist-cavp-shavs/") + h.nist + "ShortMsg.rsp");
    RunSHAVSMsg(h, path);
  }
}

TEST(SHATest, NISTLongMsg) {
  for (const Hash &h : kHashes) {
    SCOPED_TRACE(h.name);
    VECTORS_PATH_OR_SKIP(
        path, std::string("nist-cavp-shavs/") + h.nist + "LongMsg.rsp");
    RunSHAVSMsg(h, path);
  }
}

TEST(SHATest, NISTMonte) {
  for (const Hash &h : kHashes) {
    SCOPED_TRACE(h.name);
    VECTORS_PATH_OR_SKIP(
        path, std::string("nist-cavp-shavs/") + h.nist + "Monte.rsp");
    RunSHAVSMonte(h, path);
  }
}

// --- ACVP samples ----------------------------------------------------------------

// The prompts (vectors/) and answers (expected/) are matched by tgId/tcId.
// AFT: `msg` with `len` bits -> `md`. MCT: seed `msg` -> resultsArray[i].md,
// the same loop as SHAVS Monte.
TEST(SHATest, ACVPSamples) {
  VECTORS_PATH_OR_SKIP(dir, "boringssl/acvp_samples");
  size_t aft = 0, mct = 0;
  for (const Hash &h : kHashes) {
    if (h.acvp == nullptr) {
      continue;
    }
    SCOPED_TRACE(h.acvp);
    JSONValue prompts, answers;
    std::string err;
    ASSERT_TRUE(JSONValue::ParseFile(
        &prompts, dir + "/vectors/" + h.acvp + ".json", &err))
        << err;
    ASSERT_TRUE(JSONValue::ParseFile(
        &answers, dir + "/expected/" + h.acvp + ".json", &err))
        << err;
    ASSERT_EQ(2u, prompts.array().size());
    ASSERT_EQ(2u, answers.array().size());
    const auto &want_groups = answers.array()[1]["testGroups"].array();
    for (const JSONValue &group : prompts.array()[1]["testGroups"].array()) {
      const JSONValue *want_group = nullptr;
      for (const JSONValue &g : want_groups) {
        if (g["tgId"].number() == group["tgId"].number()) {
          want_group = &g;
        }
      }
      ASSERT_NE(nullptr, want_group);
      for (const JSONValue &test : group["tests"].array()) {
        SCOPED_TRACE(test["tcId"].number());
        const JSONValue *want = nullptr;
        for (const JSONValue &w : (*want_group)["tests"].array()) {
          if (w["tcId"].number() == test["tcId"].number()) {
            want = &w;
          }
        }
        ASSERT_NE(nullptr, want);
        std::vector<uint8_t> msg;
        ASSERT_TRUE(test["msg"].Hex(&msg));
        size_t bits = static_cast<size_t>(test["len"].number());
        ASSERT_EQ(0u, bits % 8);
        ASSERT_EQ(bits / 8, msg.size());
        if (group["testType"].str() == "AFT") {
          std::vector<uint8_t> md;
          ASSERT_TRUE((*want)["md"].Hex(&md));
          EXPECT_EQ(Bytes(md), Bytes(OneShot(h, msg)));
          aft++;
        } else {
          ASSERT_EQ("MCT", group["testType"].str());
          ASSERT_EQ(h.md_len, msg.size());
          std::vector<uint8_t> seed = msg;
          for (const JSONValue &r : (*want)["resultsArray"].array()) {
            seed = MonteCarloStep(h, seed);
            std::vector<uint8_t> want_md;
            ASSERT_TRUE(r["md"].Hex(&want_md));
            EXPECT_EQ(Bytes(want_md), Bytes(seed));
            mct++;
          }
        }
      }
    }
  }
  EXPECT_EQ(5u, aft);
  EXPECT_EQ(500u, mct);
}

// --- The project's own vectors (util/gen_vectors) ----------------------------

TEST(SHATest, DigestLengthVectors) {
  TestRNG rng(3);
  size_t n = FileTestGTest(
      SourcePath("crypto/sha/test/digest_lengths_tests.txt"),
      [&](FileTest *t) {
        std::string name, repeat_str;
        std::vector<uint8_t> input, output;
        ASSERT_TRUE(t->GetAttribute(&name, "Hash"));
        ASSERT_TRUE(t->GetBytes(&input, "Input"));
        ASSERT_TRUE(t->GetBytes(&output, "Output"));
        const Hash *h = FindHash(name);
        ASSERT_NE(nullptr, h) << name;
        if (t->HasAttribute("Repeat")) {
          // Long messages: Input repeated `Repeat` times, through every
          // route (including random splits).
          ASSERT_TRUE(t->GetAttribute(&repeat_str, "Repeat"));
          size_t repeat = std::stoul(repeat_str);
          std::vector<uint8_t> msg;
          msg.reserve(input.size() * repeat);
          for (size_t i = 0; i < repeat; i++) {
            msg.insert(msg.end(), input.begin(), input.end());
          }
          EXPECT_EQ(Bytes(output),
                    Bytes(AllRoutes(*h, msg.data(), msg.size(), &rng)));
          return;
        }
        EXPECT_EQ(Bytes(output),
                  Bytes(AllRoutes(*h, input.data(), input.size(), &rng)));
      });
  // 7 hashes; (2*64+2) + 4 or (2*128+2) + 4 blocks each.
  EXPECT_EQ(3u * 134 + 4u * 262, n);
}

// --- Consistency of the routes ------------------------------------------------

// Every length at and around each padding edge of both block sizes: the
// 0x80 byte and the length field fit in one block, need a second, or start
// the next (55..57 and 119..121 bytes mod the block), plus one and two
// blocks further, each fed in one piece, byte by byte, and split at every
// point.
TEST(SHATest, PaddingEdges) {
  static const size_t kEdges[] = {0,   1,   2,   3,   55,  56,  57,  63,
                                  64,  65,  111, 112, 113, 119, 120, 127,
                                  128, 129};
  TestRNG rng(4);
  std::vector<uint8_t> buf = rng.Bytes(129 + 256);
  for (const Hash &h : kHashes) {
    for (size_t edge : kEdges) {
      for (size_t extra : {size_t{0}, size_t{64}, size_t{128}}) {
        size_t len = edge + extra;
        SCOPED_TRACE(std::string(h.name) + " len " + std::to_string(len));
        std::vector<uint8_t> want = AllRoutes(h, buf.data(), len, &rng);
        std::vector<size_t> bytewise(len, 1);
        EXPECT_EQ(Bytes(want), Bytes(Streamed(h, buf.data(), len, bytewise)));
        for (size_t split = 0; split <= len; split++) {
          EXPECT_EQ(Bytes(want),
                    Bytes(Streamed(h, buf.data(), len, {split})));
        }
      }
    }
  }
}

// One-shot, Init/Update/Final (whole and random splits), EVP_Digest and
// EVP_Digest{Init,Update,Final} agree for every length 0..1000, with the
// input at varying alignments.
TEST(SHATest, AllLengthsAgree) {
  TestRNG rng(5);
  std::vector<uint8_t> buf = rng.Bytes(1000 + 16);
  for (const Hash &h : kHashes) {
    for (size_t len = 0; len <= 1000; len++) {
      AllRoutes(h, buf.data() + len % 16, len, &rng);
    }
  }
}

// Long inputs with random splits, and overlapping input and output.
TEST(SHATest, RandomSplitsLong) {
  TestRNG rng(6);
  for (const Hash &h : kHashes) {
    for (int iter = 0; iter < 20; iter++) {
      size_t len = rng.Below(20000);
      std::vector<uint8_t> msg = rng.Bytes(len);
      std::vector<uint8_t> want = AllRoutes(h, msg.data(), len, &rng);
      // In place: the output overwrites the start of the input.
      std::vector<uint8_t> inout = rng.Bytes(std::max(len, h.md_len));
      memcpy(inout.data(), msg.data(), len);
      h.oneshot(inout.data(), len, inout.data());
      EXPECT_EQ(Bytes(want), Bytes(inout.data(), h.md_len));
    }
  }
}

// --- Every implementation row ---------------------------------------------------

struct Accumulated {
  const char *name;
  const char *hex;
};

// From `go run util/gen_vectors/main.go -accumulated`: for each hash H,
// H(H(in[0:0]) || H(in[0:1]) || ... || H(in[0:4096])), where `in` is the
// output of TestRNG(0x6269747465726e) written as little-endian words.
const Accumulated kAccumulated[] = {
    {"SHA1", "cf48e7430f16cddc5029312880173107cedd08b8"},
    {"SHA224", "7c9f1bb2a87776f26a022d91ef96c4ae3c46930e19fcd59546bd605f"},
    {"SHA256",
     "ab234246ffa32d69a09bf571eca1fe2051b6d94f31b7e8380d65f6bdd6ca5ba6"},
    {"SHA384",
     "074e9296836f069f7e47452847d579c750a10f266086fe4dc2ee6c460e408a3b5dc2a5c0"
     "e38b78094dacb0063b87fd30"},
    {"SHA512",
     "8600c377a0aa2b24ee9ae2107bbca32573a6f5563d0a754472df8c5212ddb4908436ea58"
     "9c8dcbefa7c667841b3a60e34c2953c180e5941307c416a8ed8b06a0"},
    {"SHA512_224", "82d0d84d915860423cf417c9f320ccb1e1e1b9be7e766c6695e9846b"},
    {"SHA512_256",
     "7360159a7c048185642126f12c684031192f62f5c206d1b9db77c382857dae89"},
};

std::vector<uint8_t> AccumulatedInput() {
  TestRNG rng(0x6269747465726e);
  std::vector<uint8_t> in(4096);
  for (size_t i = 0; i < in.size(); i += 8) {
    uint64_t v = rng.Next();
    for (size_t j = 0; j < 8; j++) {
      in[i + j] = static_cast<uint8_t>(v >> (8 * j));
    }
  }
  return in;
}

// AccumulatedDigest computes the accumulated digest of `h` through the
// public API (one-shot for the inner digests, EVP streaming for the outer).
std::vector<uint8_t> AccumulatedDigest(const Hash &h,
                                       const std::vector<uint8_t> &in) {
  EVP_MD_CTX acc;
  EVP_MD_CTX_init(&acc);
  EXPECT_EQ(1, EVP_DigestInit_ex(&acc, h.evp(), nullptr));
  uint8_t md[EVP_MAX_MD_SIZE];
  for (size_t n = 0; n <= in.size(); n++) {
    h.oneshot(in.data(), n, md);
    EXPECT_EQ(1, EVP_DigestUpdate(&acc, md, h.md_len));
  }
  std::vector<uint8_t> out(h.md_len);
  EXPECT_EQ(1, EVP_DigestFinal_ex(&acc, out.data(), nullptr));
  return out;
}

// The primitive (table) each hash runs on.
CRYPTO_PRIMITIVE *PrimitiveOf(const Hash &h) {
  if (h.block_size == 128) {
    return &CRYPTO_primitive_sha512;
  }
  return h.md_len == SHA_DIGEST_LENGTH ? &CRYPTO_primitive_sha1
                                       : &CRYPTO_primitive_sha256;
}

// Forces each capable row of each table in turn and checks the accumulated
// digest of every hash on it. Rows the CPU cannot run are reported, not
// silently passed.
TEST(SHATest, AccumulatedAllRows) {
  std::vector<uint8_t> in = AccumulatedInput();
  for (const Accumulated &a : kAccumulated) {
    const Hash *h = FindHash(a.name);
    ASSERT_NE(nullptr, h);
    std::vector<uint8_t> want;
    ASSERT_TRUE(DecodeHex(&want, a.hex));
    CRYPTO_PRIMITIVE *prim = PrimitiveOf(*h);
    SCOPED_TRACE(a.name);
    ForEachRowForced(prim, [&](const CRYPTO_IMPL *) {
      EXPECT_EQ(Bytes(want), Bytes(AccumulatedDigest(*h, in)));
    });
  }
}

// StoreBigEndian writes the first out->size() bytes of the state words
// `words` H_0 || H_1 || ... as big-endian bytes (FIPS 180-4 §6.x.2 step 4,
// truncated for SHA-224, SHA-384 and SHA-512/t).
template <typename W>
void StoreBigEndian(const W *words, std::vector<uint8_t> *out) {
  const size_t kBytes = sizeof(W);
  for (size_t i = 0; i < out->size(); i++) {
    (*out)[i] = static_cast<uint8_t>(words[i / kBytes] >>
                                     (8 * (kBytes - 1 - i % kBytes)));
  }
}

// ReferenceDigest hashes `len` bytes without any of sha*.c's buffering or
// padding code: it pads a copy of the whole message as FIPS 180-4 §5.1 says
// (0x80, zeros, the bit length in 8 or 16 big-endian bytes), takes the IV
// from the family's Init, and runs the portable block function over it.
std::vector<uint8_t> ReferenceDigest(const Hash &h, const uint8_t *in,
                                     size_t len) {
  const size_t len_field = h.block_size == 128 ? 16 : 8;
  std::vector<uint8_t> msg(in, in + len);
  msg.push_back(0x80);
  while ((msg.size() + len_field) % h.block_size != 0) {
    msg.push_back(0);
  }
  const uint64_t bits = static_cast<uint64_t>(len) * 8;
  for (size_t i = 0; i < len_field; i++) {
    size_t from_end = len_field - 1 - i;  // byte index from the low end
    msg.push_back(from_end < 8 ? static_cast<uint8_t>(bits >> (8 * from_end))
                               : 0);
  }
  const size_t blocks = msg.size() / h.block_size;
  std::vector<uint8_t> out(h.md_len);
  std::string name = h.name;
  if (h.block_size == 128) {
    SHA512_CTX ctx;
    if (name == "SHA384") {
      SHA384_Init(&ctx);
    } else if (name == "SHA512") {
      SHA512_Init(&ctx);
    } else if (name == "SHA512_224") {
      SHA512_224_Init(&ctx);
    } else {
      SHA512_256_Init(&ctx);
    }
    sha512_block_data_order_nohw(ctx.h, msg.data(), blocks);
    StoreBigEndian(ctx.h, &out);
  } else if (name == "SHA1") {
    SHA_CTX ctx;
    SHA1_Init(&ctx);
    sha1_block_data_order_nohw(ctx.h, msg.data(), blocks);
    StoreBigEndian(ctx.h, &out);
  } else {
    SHA256_CTX ctx;
    if (name == "SHA224") {
      SHA224_Init(&ctx);
    } else {
      SHA256_Init(&ctx);
    }
    sha256_block_data_order_nohw(ctx.h, msg.data(), blocks);
    StoreBigEndian(ctx.h, &out);
  }
  return out;
}

// Every message length from 0 to 2 * 128 + 3 through every public route,
// under each implementation row the CPU can run (forced), against
// ReferenceDigest. That covers every padding boundary of both block sizes
// (55, 56, 63, 64, 111, 112, 119, 120, 127, 128, each + 64 and + 128, where
// the 0x80 byte and the length field fit in the last block, need one more,
// or start it) and every offset of the message end inside the 16-byte
// pieces sha_pad_tail assembles the padding in.
TEST(SHATest, PaddingEdgesAllRows) {
  TestRNG rng(9);
  std::vector<uint8_t> buf = rng.Bytes(2 * 128 + 4 + 16);
  for (const Hash &h : kHashes) {
    CRYPTO_PRIMITIVE *prim = PrimitiveOf(h);
    SCOPED_TRACE(h.name);
    ForEachRowForced(prim, [&](const CRYPTO_IMPL *) {
      for (size_t len = 0; len <= 2 * 128 + 3; len++) {
        // Vary the alignment of the input with the length.
        const uint8_t *in = buf.data() + len % 16;
        SCOPED_TRACE("len " + std::to_string(len));
        std::vector<uint8_t> want = ReferenceDigest(h, in, len);
        EXPECT_EQ(Bytes(want), Bytes(OneShot(h, in, len)));
        EXPECT_EQ(Bytes(want), Bytes(Streamed(h, in, len, {})));
        EXPECT_EQ(Bytes(want), Bytes(Streamed(h, in, len, {len / 2})));
        EXPECT_EQ(Bytes(want), Bytes(ViaEVPDigest(h, in, len)));
        std::vector<size_t> chunks = RandomChunks(&rng, len, h.block_size);
        EXPECT_EQ(Bytes(want), Bytes(ViaEVP(h, in, len, chunks)));
      }
    });
  }
}

// --- Constant time ------------------------------------------------------------

// Hashes secret input of every length 0..300 through every route. In the
// valgrind constant-time build (-DCONSTANT_TIME_VALIDATION=ON, run under
// memcheck) the input is marked undefined, so any branch or memory index
// that depends on it is reported; only the digest is declassified, before
// it is compared. Elsewhere the marks do nothing and this is one more
// consistency check.
TEST(SHATest, SecretInputConstantTime) {
  TestRNG rng(9);
  std::vector<uint8_t> secret = rng.Bytes(300);
  for (const Hash &h : kHashes) {
    for (size_t len = 0; len <= 300; len += 7) {
      std::vector<uint8_t> in(secret.begin(), secret.begin() + len);
      uint8_t a[EVP_MAX_MD_SIZE], b[EVP_MAX_MD_SIZE], c[EVP_MAX_MD_SIZE];
      CONSTTIME_SECRET(in.data(), len);
      h.oneshot(in.data(), len, a);
      bool zeroed;
      h.stream(in.data(), len, {len / 3, 1}, b, &zeroed);
      ASSERT_EQ(1, EVP_Digest(in.data(), len, c, nullptr, h.evp(), nullptr));
      CONSTTIME_DECLASSIFY(a, h.md_len);
      CONSTTIME_DECLASSIFY(b, h.md_len);
      CONSTTIME_DECLASSIFY(c, h.md_len);
      CONSTTIME_DECLASSIFY(in.data(), len);
      EXPECT_EQ(Bytes(a, h.md_len), Bytes(b, h.md_len));
      EXPECT_EQ(Bytes(a, h.md_len), Bytes(c, h.md_len));
    }
  }
}

// --- White-box checks -------------------------------------------------------------

// The SHA-512/t initial values (§5.3.6.1): H(0) = SHA-512 IV XOR a5a5...a5,
// then the SHA-512 digest of "SHA-512/t" computed from that H(0) is the IV
// of SHA-512/t. Computed here with the nohw block function and compared to
// the state SHA512_t_Init sets.
TEST(SHATest, SHA512tIVs) {
  struct {
    const char *label;
    int (*init)(SHA512_CTX *);
  } kCases[] = {{"SHA-512/224", SHA512_224_Init},
                {"SHA-512/256", SHA512_256_Init}};
  for (const auto &c : kCases) {
    SHA512_CTX ref;
    SHA512_Init(&ref);
    uint64_t h[8];
    for (int i = 0; i < 8; i++) {
      h[i] = ref.h[i] ^ UINT64_C(0xa5a5a5a5a5a5a5a5);
    }
    // Pad the label by hand: it fits in one block.
    uint8_t block[128] = {0};
    size_t len = strlen(c.label);
    memcpy(block, c.label, len);
    block[len] = 0x80;
    block[127] = static_cast<uint8_t>(8 * len);
    sha512_block_data_order_nohw(h, block, 1);
    SHA512_CTX ctx;
    c.init(&ctx);
    EXPECT_EQ(0, memcmp(h, ctx.h, sizeof(h))) << c.label;
  }
}

// The SHA-512 family counts bytes in 128 bits: a carry out of the low word
// reaches the high word, and the encoded bit length takes the top bits of
// the low word. Checked against an explicitly padded block.
TEST(SHATest, SHA512LengthCarry) {
  SHA512_CTX ctx;
  SHA512_Init(&ctx);
  ctx.len_lo = ~UINT64_C(0) - 2;  // three bytes below 2^64
  uint64_t h_before[8];
  memcpy(h_before, ctx.h, sizeof(h_before));
  static const uint8_t kMsg[5] = {1, 2, 3, 4, 5};
  SHA512_Update(&ctx, kMsg, sizeof(kMsg));
  EXPECT_EQ(1u, ctx.len_hi);
  EXPECT_EQ(2u, ctx.len_lo);
  // Byte count 2^64 + 2 = bit count 2^67 + 16.
  uint8_t block[128] = {0};
  memcpy(block, kMsg, sizeof(kMsg));
  block[sizeof(kMsg)] = 0x80;
  block[119] = 8;   // 2^67 = 8 << 64
  block[127] = 16;
  sha512_block_data_order_nohw(h_before, block, 1);
  uint8_t want[64], got[64];
  for (int i = 0; i < 8; i++) {
    for (int j = 0; j < 8; j++) {
      want[8 * i + j] = static_cast<uint8_t>(h_before[i] >> (56 - 8 * j));
    }
  }
  SHA512_Final(got, &ctx);
  EXPECT_EQ(Bytes(want, 64), Bytes(got, 64));
}

// Final erases the context, whatever the family (checked on every
// streaming call above too; here once more for each Final directly).
TEST(SHATest, FinalZeroesContext) {
  static const uint8_t kMsg[3] = {'a', 'b', 'c'};
  for (const Hash &h : kHashes) {
    std::vector<uint8_t> out(h.md_len);
    bool zeroed = false;
    h.stream(kMsg, sizeof(kMsg), {1}, out.data(), &zeroed);
    EXPECT_TRUE(zeroed) << h.name;
  }
}

}  // namespace
