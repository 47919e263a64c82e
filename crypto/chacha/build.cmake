# crypto/chacha: ChaCha20 and HChaCha20: the portable C code, the rows of the
# list of paths (impls.h) and their driver (chacha.c), and the tests (test/).
# The assembly generators are registered in asm/build.cmake.
list(APPEND CRYPTO_SOURCES crypto/chacha/chacha.c)
list(APPEND CRYPTO_TEST_SOURCES
  crypto/chacha/test/chacha_test.cc
  crypto/chacha/test/chacha_rows_test.cc
)
