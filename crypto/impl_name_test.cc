// Copyright 2026 The project authors.

#include <gtest/gtest.h>

#include <openssl/cpu.h>

#include "crypto/chacha/internal.h"
#include "crypto/impl.h"
#include "crypto/poly1305/internal.h"
#include "crypto/sha/internal.h"

// The public name follows the dispatcher's row, including a forced one.
TEST(ImplNameTest, MatchesChosenRow) {
  CRYPTO_PRIMITIVE *const prims[] = {
      &CRYPTO_primitive_sha1,     &CRYPTO_primitive_sha256,
      &CRYPTO_primitive_sha512,   &CRYPTO_primitive_chacha20,
      &CRYPTO_primitive_poly1305,
  };
  for (CRYPTO_PRIMITIVE *prim : prims) {
    SCOPED_TRACE(prim->name);
    EXPECT_STREQ(CRYPTO_impl_chosen(prim)->name,
                 CRYPTO_implementation_name(prim->name));
    // The last row (portable C) always runs; forcing it must show.
    const CRYPTO_IMPL *last = CRYPTO_impl_reference(prim);
    ASSERT_TRUE(CRYPTO_impl_force(prim, last->name));
    EXPECT_STREQ(last->name, CRYPTO_implementation_name(prim->name));
    ASSERT_TRUE(CRYPTO_impl_force(prim, nullptr));
  }
  EXPECT_EQ(nullptr, CRYPTO_implementation_name(nullptr));
  EXPECT_EQ(nullptr, CRYPTO_implementation_name("sha3"));
  EXPECT_EQ(nullptr, CRYPTO_implementation_name(""));
}
