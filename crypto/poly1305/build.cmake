# crypto/poly1305: Poly1305 (base 2^64 and base 2^26 C; assembly rows later).
list(APPEND CRYPTO_SOURCES crypto/poly1305/poly1305.c)
list(APPEND CRYPTO_TEST_SOURCES crypto/poly1305/poly1305_test.cc)
