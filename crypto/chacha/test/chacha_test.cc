// Copyright 2026 The project authors.
//
// Tests of ChaCha20 and HChaCha20: the RFC 8439 examples (our own vector
// file, typed from the RFC), the pyca copy of Appendix A.2, and every row of
// the implementation table against a deliberately simple reference that
// computes each 64-byte block on its own.

#include <openssl/chacha.h>

#include <stdint.h>
#include <string.h>

#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "../../test/abi_test.h"
#include "../../test/asm_path_test.h"
#include "../../test/file_test.h"
#include "../../test/test_util.h"
#include "../internal.h"

namespace {

// --- The reference ----------------------------------------------------------
//
// RefBlock is the RFC 8439 section 2.3 block function written as plainly as
// possible, sharing no code with the library.
uint32_t RefRotl(uint32_t v, int n) { return (v << n) | (v >> (32 - n)); }

void RefQuarterRound(uint32_t *x, int a, int b, int c, int d) {
  x[a] += x[b]; x[d] ^= x[a]; x[d] = RefRotl(x[d], 16);
  x[c] += x[d]; x[b] ^= x[c]; x[b] = RefRotl(x[b], 12);
  x[a] += x[b]; x[d] ^= x[a]; x[d] = RefRotl(x[d], 8);
  x[c] += x[d]; x[b] ^= x[c]; x[b] = RefRotl(x[b], 7);
}

uint32_t RefLoad(const uint8_t *p) {
  return uint32_t{p[0]} | uint32_t{p[1]} << 8 | uint32_t{p[2]} << 16 |
         uint32_t{p[3]} << 24;
}

void RefBlock(uint8_t out[64], const uint8_t key[32], uint32_t counter,
              const uint8_t nonce[12]) {
  uint32_t s[16] = {0x61707865, 0x3320646e, 0x79622d32, 0x6b206574};
  for (int i = 0; i < 8; i++) {
    s[4 + i] = RefLoad(key + 4 * i);
  }
  s[12] = counter;
  for (int i = 0; i < 3; i++) {
    s[13 + i] = RefLoad(nonce + 4 * i);
  }
  uint32_t x[16];
  memcpy(x, s, sizeof(x));
  for (int round = 0; round < 10; round++) {
    RefQuarterRound(x, 0, 4, 8, 12);
    RefQuarterRound(x, 1, 5, 9, 13);
    RefQuarterRound(x, 2, 6, 10, 14);
    RefQuarterRound(x, 3, 7, 11, 15);
    RefQuarterRound(x, 0, 5, 10, 15);
    RefQuarterRound(x, 1, 6, 11, 12);
    RefQuarterRound(x, 2, 7, 8, 13);
    RefQuarterRound(x, 3, 4, 9, 14);
  }
  for (int i = 0; i < 16; i++) {
    uint32_t w = x[i] + s[i];
    out[4 * i + 0] = static_cast<uint8_t>(w);
    out[4 * i + 1] = static_cast<uint8_t>(w >> 8);
    out[4 * i + 2] = static_cast<uint8_t>(w >> 16);
    out[4 * i + 3] = static_cast<uint8_t>(w >> 24);
  }
}

// RefChaCha20 encrypts block by block; block i uses counter + i mod 2^32.
std::vector<uint8_t> RefChaCha20(const std::vector<uint8_t> &in,
                                 const uint8_t key[32],
                                 const uint8_t nonce[12], uint32_t counter) {
  std::vector<uint8_t> out(in.size());
  uint8_t block[64];
  for (size_t i = 0; i < in.size(); i++) {
    if (i % 64 == 0) {
      RefBlock(block, key, static_cast<uint32_t>(counter + i / 64), nonce);
    }
    out[i] = in[i] ^ block[i % 64];
  }
  return out;
}

// --- Helpers ----------------------------------------------------------------

// CallRow runs one row, forced, through the driver chacha20_xor_words with
// the byte-oriented key and nonce.
void CallRow(const CRYPTO_IMPL *impl, uint8_t *out, const uint8_t *in,
             size_t len, const uint8_t key[32], const uint8_t nonce[12],
             uint32_t counter) {
  uint32_t key_words[8], counter_nonce[4];
  for (int i = 0; i < 8; i++) {
    key_words[i] = RefLoad(key + 4 * i);
  }
  counter_nonce[0] = counter;
  for (int i = 0; i < 3; i++) {
    counter_nonce[1 + i] = RefLoad(nonce + 4 * i);
  }
  EXPECT_TRUE(CRYPTO_impl_force(&CRYPTO_primitive_chacha20, impl->name));
  chacha20_xor_words(out, in, len, key_words, counter_nonce);
  EXPECT_TRUE(CRYPTO_impl_force(&CRYPTO_primitive_chacha20, nullptr));
}

// ForcedImpl makes the public API use one row for the lifetime of the
// object.
class ForcedImpl {
 public:
  explicit ForcedImpl(const CRYPTO_IMPL *impl) {
    EXPECT_TRUE(CRYPTO_impl_force(&CRYPTO_primitive_chacha20, impl->name));
  }
  ~ForcedImpl() { CRYPTO_impl_force(&CRYPTO_primitive_chacha20, nullptr); }
};

// CheckEncrypt checks that `in` encrypts to `expected` through the public
// API and every row, out of place and in place.
void CheckEncrypt(const std::vector<uint8_t> &key,
                  const std::vector<uint8_t> &nonce, uint32_t counter,
                  const std::vector<uint8_t> &in,
                  const std::vector<uint8_t> &expected) {
  ASSERT_EQ(32u, key.size());
  ASSERT_EQ(12u, nonce.size());
  ASSERT_EQ(in.size(), expected.size());
  EXPECT_EQ(Bytes(expected), Bytes(RefChaCha20(in, key.data(), nonce.data(),
                                               counter)))
      << "the test's reference disagrees with the vector";
  ForEachRow(&CRYPTO_primitive_chacha20, [&](const CRYPTO_IMPL *impl) {
    ForcedImpl forced(impl);
    std::vector<uint8_t> out(in.size());
    CRYPTO_chacha_20(out.data(), in.data(), in.size(), key.data(),
                     nonce.data(), counter);
    EXPECT_EQ(Bytes(expected), Bytes(out));
    out = in;
    CRYPTO_chacha_20(out.data(), out.data(), out.size(), key.data(),
                     nonce.data(), counter);
    EXPECT_EQ(Bytes(expected), Bytes(out));
    out.assign(in.size(), 0);
    CallRow(impl, out.data(), in.data(), in.size(), key.data(), nonce.data(),
            counter);
    EXPECT_EQ(Bytes(expected), Bytes(out));
  });
}

uint32_t ParseCounter(const std::string &s) {
  unsigned long long v = std::stoull(s);
  EXPECT_LE(v, 0xffffffffull);
  return static_cast<uint32_t>(v);
}

// --- Tests ------------------------------------------------------------------

// RFC 8439, section 2.1.1: one quarter round on four words.
TEST(ChaChaTest, QuarterRoundRFC8439) {
  uint32_t x[16] = {0};
  x[0] = 0x11111111;
  x[1] = 0x01020304;
  x[2] = 0x9b8d6f43;
  x[3] = 0x01234567;
  chacha20_quarter_round(x, 0, 1, 2, 3);
  EXPECT_EQ(0xea2a92f4u, x[0]);
  EXPECT_EQ(0xcb1cf8ceu, x[1]);
  EXPECT_EQ(0x4581472eu, x[2]);
  EXPECT_EQ(0x5881c4bbu, x[3]);
}

// RFC 8439, section 2.2.1: QUARTERROUND(2, 7, 8, 13) on a whole state; only
// words 2, 7, 8 and 13 change.
TEST(ChaChaTest, QuarterRoundOnStateRFC8439) {
  uint32_t x[16] = {
      0x879531e0, 0xc5ecf37d, 0x516461b1, 0xc9a62f8a,
      0x44c20ef3, 0x3390af7f, 0xd9fc690b, 0x2a5f714c,
      0x53372767, 0xb00a5631, 0x974c541a, 0x359e9963,
      0x5c971061, 0x3d631689, 0x2098d9d6, 0x91dbd320,
  };
  const uint32_t expected[16] = {
      0x879531e0, 0xc5ecf37d, 0xbdb886dc, 0xc9a62f8a,
      0x44c20ef3, 0x3390af7f, 0xd9fc690b, 0xcfacafd2,
      0xe46bea80, 0xb00a5631, 0x974c541a, 0x359e9963,
      0x5c971061, 0xccc07c79, 0x2098d9d6, 0x91dbd320,
  };
  chacha20_quarter_round(x, 2, 7, 8, 13);
  for (int i = 0; i < 16; i++) {
    EXPECT_EQ(expected[i], x[i]) << "word " << i;
  }
}

// RFC 8439 sections 2.3.2, 2.4.2, 2.6.2 and Appendix A.1, A.2, A.4, from
// our own file typed from the RFC.
TEST(ChaChaTest, RFC8439Vectors) {
  size_t n = FileTestGTest(
      SourcePath("crypto/chacha/test/rfc8439_chacha20_tests.txt"),
      [](FileTest *t) {
        std::vector<uint8_t> key, nonce, in, out;
        std::string counter;
        ASSERT_TRUE(t->GetBytes(&key, "Key"));
        ASSERT_TRUE(t->GetBytes(&nonce, "Nonce"));
        ASSERT_TRUE(t->GetAttribute(&counter, "Counter"));
        ASSERT_TRUE(t->GetBytes(&in, "Input"));
        ASSERT_TRUE(t->GetBytes(&out, "Output"));
        CheckEncrypt(key, nonce, ParseCounter(counter), in, out);
      });
  EXPECT_EQ(14u, n);
}

// Appendix A.2 as published by pyca/cryptography, which splits the state as
// a 64-bit counter and a 64-bit nonce: with counters below 2^32 that is the
// RFC 8439 nonce 00000000 || NONCE.
TEST(ChaChaTest, PycaRFC7539Vectors) {
  VECTORS_PATH_OR_SKIP(path, "pyca-cryptography/ciphers/ChaCha20/rfc7539.txt");
  size_t n = FileTestGTest(path, [](FileTest *t) {
    std::vector<uint8_t> key, nonce8, in, out;
    std::string counter;
    t->IgnoreAttribute("COUNT");
    ASSERT_TRUE(t->GetBytes(&key, "KEY"));
    ASSERT_TRUE(t->GetBytes(&nonce8, "NONCE"));
    ASSERT_TRUE(t->GetAttribute(&counter, "INITIAL_BLOCK_COUNTER"));
    ASSERT_TRUE(t->GetBytes(&in, "PLAINTEXT"));
    ASSERT_TRUE(t->GetBytes(&out, "CIPHERTEXT"));
    ASSERT_EQ(8u, nonce8.size());
    std::vector<uint8_t> nonce(4, 0);
    nonce.insert(nonce.end(), nonce8.begin(), nonce8.end());
    CheckEncrypt(key, nonce, ParseCounter(counter), in, out);
  });
  EXPECT_EQ(3u, n);
}

TEST(ChaChaTest, HChaCha20Vectors) {
  size_t n = FileTestGTest(
      SourcePath("crypto/chacha/test/hchacha20_tests.txt"), [](FileTest *t) {
        std::vector<uint8_t> key, nonce, expected;
        ASSERT_TRUE(t->GetBytes(&key, "Key"));
        ASSERT_TRUE(t->GetBytes(&nonce, "Nonce"));
        ASSERT_TRUE(t->GetBytes(&expected, "Output"));
        ASSERT_EQ(32u, key.size());
        ASSERT_EQ(16u, nonce.size());
        uint8_t out[32];
        CRYPTO_hchacha20(out, key.data(), nonce.data());
        EXPECT_EQ(Bytes(expected), Bytes(out, sizeof(out)));
        // The output may alias the key or the nonce.
        std::vector<uint8_t> buf = key;
        CRYPTO_hchacha20(buf.data(), buf.data(), nonce.data());
        EXPECT_EQ(Bytes(expected), Bytes(buf));
        buf = nonce;
        buf.resize(32);
        CRYPTO_hchacha20(buf.data(), key.data(), buf.data());
        EXPECT_EQ(Bytes(expected), Bytes(buf));
      });
  EXPECT_EQ(1u, n);
}

// HChaCha20 is the ChaCha20 rounds without the feed-forward: words 0..3 and
// 12..15 of (block - initial state), with the 16-byte nonce in words 12..15.
// Check that identity on random inputs with the reference block function.
TEST(ChaChaTest, HChaCha20MatchesBlockFunction) {
  TestRNG rng(0x4843);
  for (int iter = 0; iter < 64; iter++) {
    std::vector<uint8_t> key = rng.Bytes(32), nonce16 = rng.Bytes(16);
    uint8_t block[64];
    RefBlock(block, key.data(), RefLoad(nonce16.data()), nonce16.data() + 4);
    uint32_t init[16] = {0x61707865, 0x3320646e, 0x79622d32, 0x6b206574};
    for (int i = 0; i < 8; i++) {
      init[4 + i] = RefLoad(key.data() + 4 * i);
    }
    for (int i = 0; i < 4; i++) {
      init[12 + i] = RefLoad(nonce16.data() + 4 * i);
    }
    uint8_t out[32];
    CRYPTO_hchacha20(out, key.data(), nonce16.data());
    for (int i = 0; i < 8; i++) {
      int word = i < 4 ? i : 8 + i;
      uint32_t expected = RefLoad(block + 4 * word) - init[word];
      EXPECT_EQ(expected, RefLoad(out + 4 * i)) << "word " << word;
    }
  }
}

// Every row against the reference, for every length 0..1024 and a few
// larger ones, with the input and output at every offset 0..15 (so every
// alignment), out of place and in place. Buffers are sized exactly, so a
// sanitizer build catches any access past the end.
TEST(ChaChaTest, AllRowsAllLengthsAndOffsets) {
  TestRNG rng(0xc4ac4a20);
  std::vector<size_t> lengths;
  for (size_t len = 0; len <= 1024; len++) {
    lengths.push_back(len);
  }
  for (size_t len : {4095, 4096, 4097, 65536}) {
    lengths.push_back(len);
  }
  const std::vector<uint8_t> key = rng.Bytes(32), nonce = rng.Bytes(12);
  const uint32_t counter = 7;
  for (size_t len : lengths) {
    SCOPED_TRACE(len);
    std::vector<uint8_t> in = rng.Bytes(len);
    std::vector<uint8_t> expected =
        RefChaCha20(in, key.data(), nonce.data(), counter);
    // All 16 x 16 offset pairs for short lengths and at block edges; for
    // the other lengths 16 pairs that still cover every input and every
    // output offset.
    bool full_grid = len <= 130 || len % 64 <= 1 || len % 64 == 63;
    std::vector<std::pair<size_t, size_t>> offsets;
    for (size_t in_off = 0; in_off < 16; in_off++) {
      if (full_grid) {
        for (size_t out_off = 0; out_off < 16; out_off++) {
          offsets.emplace_back(in_off, out_off);
        }
      } else {
        offsets.emplace_back(in_off, (in_off * 5 + len) % 16);
      }
    }
    ForEachRow(&CRYPTO_primitive_chacha20, [&](const CRYPTO_IMPL *impl) {
      for (const auto &[in_off, out_off] : offsets) {
        std::vector<uint8_t> in_buf(in_off + len), out_buf(out_off + len);
        if (len != 0) {
          memcpy(in_buf.data() + in_off, in.data(), len);
        }
        CallRow(impl, out_buf.data() + out_off, in_buf.data() + in_off, len,
                key.data(), nonce.data(), counter);
        ASSERT_EQ(Bytes(expected), Bytes(out_buf.data() + out_off, len))
            << "in_off " << in_off << " out_off " << out_off;
      }
      for (size_t in_off = 0; in_off < 16; in_off++) {
        // In place at this offset.
        std::vector<uint8_t> buf(in_off + len);
        if (len != 0) {
          memcpy(buf.data() + in_off, in.data(), len);
        }
        CallRow(impl, buf.data() + in_off, buf.data() + in_off, len,
                key.data(), nonce.data(), counter);
        ASSERT_EQ(Bytes(expected), Bytes(buf.data() + in_off, len))
            << "in place, offset " << in_off;
      }
    });
  }
}

// The counter-overflow contract: within one call the 32-bit block counter
// wraps modulo 2^32 and the nonce words never change. Start at 2^32 - k for
// k = 1..9 and run across the wrap, through every row and the public API,
// against the reference that computes each block with its own counter.
TEST(ChaChaTest, CounterWrapsModulo2To32) {
  TestRNG rng(0x3232);
  const std::vector<uint8_t> key = rng.Bytes(32), nonce = rng.Bytes(12);
  for (uint32_t k = 1; k <= 9; k++) {
    const uint32_t counter = static_cast<uint32_t>(0x100000000ull - k);
    SCOPED_TRACE(counter);
    // Lengths that end before, exactly at, and blocks after the wrap, with
    // partial final blocks.
    for (size_t len : {size_t{64} * k - 1, size_t{64} * k, size_t{64} * k + 1,
                       size_t{64} * (k + 3) + 17, size_t{64} * 16 + 5}) {
      SCOPED_TRACE(len);
      std::vector<uint8_t> in = rng.Bytes(len);
      std::vector<uint8_t> expected;
      // Block by block with explicit counters, as the contract says.
      for (size_t off = 0; off < len; off += 64) {
        uint8_t block[64];
        RefBlock(block, key.data(), static_cast<uint32_t>(counter + off / 64),
                 nonce.data());
        for (size_t i = off; i < len && i < off + 64; i++) {
          expected.push_back(in[i] ^ block[i - off]);
        }
      }
      if (len > 64 * k) {
        // The block after 0xffffffff is the block of counter 0.
        uint8_t block0[64];
        RefBlock(block0, key.data(), 0, nonce.data());
        EXPECT_EQ(static_cast<uint8_t>(in[64 * k] ^ block0[0]),
                  expected[64 * k]);
      }
      CheckEncrypt(key, nonce, counter, in, expected);
    }
  }
}

// The keystream without an input (chacha20_keystream_words, RAND_bytes'
// path): with each row forced, it writes RefBlock's keystream and returns 1
// exactly where the row's entry point has the mode (x86-64 AVX-512, whole
// 2048-byte runs), else returns 0 and writes nothing; at several output
// offsets and counters, one of them wrapping modulo 2^32, with the bytes
// around the output untouched. On a CPU with AVX-512 the entry point is
// also called directly through the ABI checker with `in` NULL.
TEST(ChaChaTest, KeystreamOnly) {
  TestRNG rng(0x6b657973);
  const std::vector<uint8_t> key = rng.Bytes(32), nonce = rng.Bytes(12);
  uint32_t key_words[8], counter_nonce[4];
  for (int i = 0; i < 8; i++) {
    key_words[i] = RefLoad(key.data() + 4 * i);
  }
  for (int i = 0; i < 3; i++) {
    counter_nonce[1 + i] = RefLoad(nonce.data() + 4 * i);
  }
  const uint32_t kCounters[] = {0, 5, 0xffffffffu - 40, 0xffffffffu};
  const size_t kLens[] = {0, 64, 2047, 2048, 2049, 4096 - 64, 4096, 6144};
  ForEachRow(&CRYPTO_primitive_chacha20, [&](const CRYPTO_IMPL *impl) {
    ForcedImpl forced(impl);
    bool has_mode = false;
#if defined(OPENSSL_X86_64) && !defined(OPENSSL_NO_ASM)
    has_mode = impl->entry.chacha20 == ChaCha20_ctr32_avx512;
#endif
    for (uint32_t counter : kCounters) {
      counter_nonce[0] = counter;
      for (size_t len : kLens) {
        SCOPED_TRACE(testing::Message() << "counter " << counter << " len "
                                        << len);
        std::vector<uint8_t> expected = RefChaCha20(
            std::vector<uint8_t>(len, 0), key.data(), nonce.data(), counter);
        bool applies = has_mode && len != 0 && len % 2048 == 0;
        for (size_t off : {size_t{0}, size_t{1}, size_t{17}, size_t{63}}) {
          std::vector<uint8_t> buf(off + len + 64, 0xa5);
          int ret = chacha20_keystream_words(buf.data() + off, len, key_words,
                                             counter_nonce);
          EXPECT_EQ(applies ? 1 : 0, ret) << "offset " << off;
          if (applies) {
            EXPECT_EQ(Bytes(expected), Bytes(buf.data() + off, len))
                << "offset " << off;
          }
          for (size_t i = 0; i < buf.size(); i++) {
            if (!applies || i < off || i >= off + len) {
              ASSERT_EQ(0xa5, buf[i]) << "byte " << i << " offset " << off;
            }
          }
        }
      }
    }
  });
#if defined(OPENSSL_X86_64) && !defined(OPENSSL_NO_ASM)
  if (!chacha20_avx512_capable()) {
    GTEST_SKIP() << "ChaCha20_ctr32_avx512 (keystream mode) needs AVX-512 F, "
                    "BW and VL; the rows' results above are checked";
  }
  for (uint32_t counter : kCounters) {
    counter_nonce[0] = counter;
    for (size_t len : {size_t{2048}, size_t{4096}, size_t{6144}}) {
      SCOPED_TRACE(testing::Message() << "counter " << counter << " len "
                                      << len);
      std::vector<uint8_t> buf(len + 3, 0x5a);
      CHECK_ABI(ChaCha20_ctr32_avx512, buf.data() + 1,
                static_cast<const uint8_t *>(nullptr), len, key_words,
                counter_nonce);
      EXPECT_EQ(Bytes(RefChaCha20(std::vector<uint8_t>(len, 0), key.data(),
                                  nonce.data(), counter)),
                Bytes(buf.data() + 1, len));
      EXPECT_EQ(0x5a, buf[0]);
      EXPECT_EQ(0x5a, buf[len + 1]);
      EXPECT_EQ(0x5a, buf[len + 2]);
    }
  }
#endif
}

TEST(ChaChaTest, ZeroLengthWithNullPointers) {
  uint8_t key[32] = {0}, nonce[12] = {0};
  CRYPTO_chacha_20(nullptr, nullptr, 0, key, nonce, 0);
  ForEachRow(&CRYPTO_primitive_chacha20, [&](const CRYPTO_IMPL *impl) {
    CallRow(impl, nullptr, nullptr, 0, key, nonce, 0);
  });
}

// In the constant-time test mode (-DCONSTANT_TIME_VALIDATION=ON, run under
// valgrind) the key and the input are marked secret, so memcheck reports any
// branch or memory index that depends on them in any row or in HChaCha20.
// Outside that mode it checks the rows against the reference.
TEST(ChaChaTest, ConstantTime) {
  TestRNG rng(0xc7);
  std::vector<uint8_t> key = rng.Bytes(32), nonce = rng.Bytes(16);
  std::vector<uint8_t> in = rng.Bytes(200);
  std::vector<uint8_t> expected =
      RefChaCha20(in, key.data(), nonce.data(), 3);
  ForEachRow(&CRYPTO_primitive_chacha20, [&](const CRYPTO_IMPL *impl) {
    std::vector<uint8_t> secret_key = key, secret_in = in, out(in.size());
    CONSTTIME_SECRET(secret_key.data(), secret_key.size());
    CONSTTIME_SECRET(secret_in.data(), secret_in.size());
    CallRow(impl, out.data(), secret_in.data(), out.size(), secret_key.data(),
            nonce.data(), 3);
    CONSTTIME_DECLASSIFY(out.data(), out.size());
    EXPECT_EQ(Bytes(expected), Bytes(out));
  });
  std::vector<uint8_t> secret_key = key;
  CONSTTIME_SECRET(secret_key.data(), secret_key.size());
  uint8_t subkey[32], subkey2[32];
  CRYPTO_hchacha20(subkey, secret_key.data(), nonce.data());
  CONSTTIME_DECLASSIFY(subkey, sizeof(subkey));
  CRYPTO_hchacha20(subkey2, key.data(), nonce.data());
  EXPECT_EQ(Bytes(subkey, 32), Bytes(subkey2, 32));
}

}  // namespace
