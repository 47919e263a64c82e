// Copyright 2026 The project authors.
//
// Tests of the memory helpers of mem.h: CRYPTO_memcmp, OPENSSL_cleanse and
// the allocators.

#include <openssl/mem.h>

#include <openssl/crypto.h>
#include <openssl/err.h>

#include <stdint.h>
#include <string.h>

#include <vector>

#include <gtest/gtest.h>

#include "test/test_util.h"

TEST(MemTest, MemcmpEqual) {
  EXPECT_EQ(0, CRYPTO_memcmp(nullptr, nullptr, 0));
  uint8_t a[1] = {1}, b[1] = {2};
  // Zero bytes compare equal whatever the pointers.
  EXPECT_EQ(0, CRYPTO_memcmp(a, b, 0));
  TestRNG rng(1);
  for (size_t len = 1; len <= 300; len++) {
    std::vector<uint8_t> x = rng.Bytes(len), y = x;
    EXPECT_EQ(0, CRYPTO_memcmp(x.data(), y.data(), len)) << len;
    EXPECT_EQ(0, CRYPTO_memcmp(x.data(), x.data(), len)) << len;
  }
}

// Any single-bit difference, at any position of any length, is detected,
// and bytes beyond `len` are not compared.
TEST(MemTest, MemcmpEveryBit) {
  TestRNG rng(2);
  for (size_t len = 1; len <= 80; len++) {
    std::vector<uint8_t> x = rng.Bytes(len + 1), y = x;
    y[len] ^= 0xff;  // outside the compared range
    EXPECT_EQ(0, CRYPTO_memcmp(x.data(), y.data(), len));
    for (size_t i = 0; i < len; i++) {
      for (int bit = 0; bit < 8; bit++) {
        y[i] ^= static_cast<uint8_t>(1 << bit);
        EXPECT_NE(0, CRYPTO_memcmp(x.data(), y.data(), len))
            << "len " << len << " byte " << i << " bit " << bit;
        EXPECT_NE(0, CRYPTO_memcmp(y.data(), x.data(), len));
        y[i] ^= static_cast<uint8_t>(1 << bit);
      }
    }
    // Differences everywhere.
    for (size_t i = 0; i < len; i++) {
      y[i] = static_cast<uint8_t>(~x[i]);
    }
    EXPECT_NE(0, CRYPTO_memcmp(x.data(), y.data(), len));
  }
}

// Unaligned pointers work like aligned ones.
TEST(MemTest, MemcmpUnaligned) {
  TestRNG rng(3);
  std::vector<uint8_t> x = rng.Bytes(128);
  for (size_t off_a = 0; off_a < 8; off_a++) {
    for (size_t off_b = 0; off_b < 8; off_b++) {
      std::vector<uint8_t> y(128 + 16, 0);
      memcpy(y.data() + off_b, x.data() + off_a, 100);
      EXPECT_EQ(0, CRYPTO_memcmp(x.data() + off_a, y.data() + off_b, 100));
      y[off_b + 99] ^= 0x80;
      EXPECT_NE(0, CRYPTO_memcmp(x.data() + off_a, y.data() + off_b, 100));
    }
  }
}

// OPENSSL_cleanse zeroes exactly [ptr, ptr + len).
TEST(MemTest, Cleanse) {
  OPENSSL_cleanse(nullptr, 0);
  for (size_t off = 0; off < 8; off++) {
    for (size_t len = 0; len <= 130; len++) {
      std::vector<uint8_t> buf(len + 16, 0xa5);
      OPENSSL_cleanse(buf.data() + off, len);
      for (size_t i = 0; i < buf.size(); i++) {
        bool inside = i >= off && i < off + len;
        ASSERT_EQ(inside ? 0 : 0xa5, buf[i])
            << "off " << off << " len " << len << " index " << i;
      }
    }
  }
}

TEST(MemTest, CleanseHeapBeforeFree) {
  uint8_t *p = static_cast<uint8_t *>(OPENSSL_malloc(64));
  ASSERT_NE(nullptr, p);
  memset(p, 0x77, 64);
  OPENSSL_cleanse(p, 64);
  for (size_t i = 0; i < 64; i++) {
    ASSERT_EQ(0, p[i]);
  }
  OPENSSL_free(p);
}

TEST(MemTest, Allocators) {
  ERR_clear_error();
  void *p = OPENSSL_malloc(0);
  EXPECT_NE(nullptr, p) << "malloc(0) must return a pointer to free";
  OPENSSL_free(p);
  OPENSSL_free(nullptr);

  uint8_t *z = static_cast<uint8_t *>(OPENSSL_zalloc(1000));
  ASSERT_NE(nullptr, z);
  for (size_t i = 0; i < 1000; i++) {
    ASSERT_EQ(0, z[i]);
  }
  OPENSSL_free(z);
  EXPECT_EQ(0u, ERR_peek_error());

#if defined(__SANITIZE_ADDRESS__)
#define MEM_TEST_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define MEM_TEST_ASAN 1
#endif
#endif
#if !defined(MEM_TEST_ASAN)
  // An impossible size fails with ERR_R_MALLOC_FAILURE. (AddressSanitizer
  // reports such a request as a bug instead, so the check is skipped there.)
  void *huge = OPENSSL_malloc(SIZE_MAX - 16);
  EXPECT_EQ(nullptr, huge);
  uint32_t err = ERR_get_error();
  EXPECT_EQ(ERR_LIB_CRYPTO, ERR_GET_LIB(err));
  EXPECT_EQ(ERR_R_MALLOC_FAILURE, ERR_GET_REASON(err));
  EXPECT_EQ(nullptr, OPENSSL_zalloc(SIZE_MAX - 16));
  EXPECT_EQ(ERR_R_MALLOC_FAILURE, ERR_GET_REASON(ERR_get_error()));
#endif
  ERR_clear_error();
}
