# crypto/hmac: HMAC and its tests.
list(APPEND CRYPTO_SOURCES crypto/hmac/hmac.c)
list(APPEND CRYPTO_TEST_SOURCES crypto/hmac/hmac_test.cc)
