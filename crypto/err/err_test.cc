// Copyright 2026 The project authors.

#include <openssl/err.h>

#include <string.h>

#include <gtest/gtest.h>

TEST(ErrTest, QueueOrderAndOverflow) {
  ERR_clear_error();
  EXPECT_EQ(0u, ERR_get_error());
  OPENSSL_PUT_ERROR(CIPHER, CIPHER_R_BAD_DECRYPT);
  OPENSSL_PUT_ERROR(HKDF, HKDF_R_OUTPUT_TOO_LARGE);
  EXPECT_EQ(ERR_PACK(ERR_LIB_CIPHER, CIPHER_R_BAD_DECRYPT), ERR_peek_error());
  EXPECT_EQ(ERR_PACK(ERR_LIB_HKDF, HKDF_R_OUTPUT_TOO_LARGE),
            ERR_peek_last_error());
  uint32_t e = ERR_get_error();
  EXPECT_EQ(ERR_LIB_CIPHER, ERR_GET_LIB(e));
  EXPECT_EQ(CIPHER_R_BAD_DECRYPT, ERR_GET_REASON(e));
  EXPECT_EQ(HKDF_R_OUTPUT_TOO_LARGE, ERR_GET_REASON(ERR_get_error()));
  EXPECT_EQ(0u, ERR_get_error());

  // Pushing 20 codes keeps the newest ERR_NUM_ERRORS (16), oldest first.
  static_assert(ERR_NUM_ERRORS == 16, "err.h documents a 16-code queue");
  for (int i = 1; i <= 20; i++) {
    ERR_put_error(ERR_LIB_CRYPTO, 0, i, __FILE__, __LINE__);
  }
  EXPECT_EQ(20, ERR_GET_REASON(ERR_peek_last_error()));
  int kept = 0;
  uint32_t code;
  while ((code = ERR_get_error()) != 0) {
    EXPECT_EQ(20 - ERR_NUM_ERRORS + 1 + kept, ERR_GET_REASON(code));
    kept++;
  }
  EXPECT_EQ(ERR_NUM_ERRORS, kept);
  EXPECT_EQ(0u, ERR_peek_last_error());

  // Exactly ERR_NUM_ERRORS codes are all kept; and the ring keeps working
  // after it has wrapped and been emptied.
  for (int round = 0; round < 3; round++) {
    for (int i = 1; i <= ERR_NUM_ERRORS; i++) {
      ERR_put_error(ERR_LIB_CRYPTO, 0, 100 * round + i, __FILE__, __LINE__);
    }
    EXPECT_EQ(100 * round + 1, ERR_GET_REASON(ERR_peek_error()));
    for (int i = 1; i <= ERR_NUM_ERRORS; i++) {
      EXPECT_EQ(100 * round + i, ERR_GET_REASON(ERR_get_error()));
    }
    EXPECT_EQ(0u, ERR_get_error());
  }
  ERR_clear_error();
  EXPECT_EQ(0u, ERR_peek_error());
}

TEST(ErrTest, ErrorString) {
  char buf[ERR_ERROR_STRING_BUF_LEN];
  ERR_error_string_n(ERR_PACK(ERR_LIB_CIPHER, CIPHER_R_BAD_DECRYPT), buf,
                     sizeof(buf));
  EXPECT_STREQ("error:04000064:Cipher functions:BAD_DECRYPT", buf);
  // Truncation always leaves a terminated string inside the buffer.
  char small[8];
  memset(small, 'x', sizeof(small));
  ERR_error_string_n(ERR_PACK(ERR_LIB_CIPHER, CIPHER_R_BAD_DECRYPT), small,
                     sizeof(small));
  EXPECT_EQ(7u, strlen(small));
  ERR_error_string_n(ERR_PACK(99, 12345), buf, sizeof(buf));
  EXPECT_STREQ("error:63003039:lib(99):reason(12345)", buf);
}
