# crypto/digest: the EVP digest layer over crypto/sha.
list(APPEND CRYPTO_SOURCES
  crypto/digest/digest.c
)
list(APPEND CRYPTO_TEST_SOURCES
  crypto/digest/digest_test.cc
  crypto/digest/compat_test.cc
)
