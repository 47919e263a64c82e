# crypto/hkdf: HKDF (RFC 5869) and its tests.
list(APPEND CRYPTO_SOURCES crypto/hkdf/hkdf.c)
list(APPEND CRYPTO_TEST_SOURCES crypto/hkdf/hkdf_test.cc)
