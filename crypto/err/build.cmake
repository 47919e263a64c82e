list(APPEND CRYPTO_TEST_SOURCES crypto/err/err_test.cc)
