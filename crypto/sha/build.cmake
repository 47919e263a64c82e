# crypto/sha: SHA-1 and SHA-2: the portable C block functions, buffering,
# padding and dispatch (sha1.c, sha256.c, sha512.c) over the lists of paths
# in impls.h, and the tests (test/). The assembly generators are registered
# in asm/build.cmake.
list(APPEND CRYPTO_SOURCES
  crypto/sha/sha1.c
  crypto/sha/sha256.c
  crypto/sha/sha512.c
  crypto/sha/sha_batch.c
)
list(APPEND CRYPTO_TEST_SOURCES
  crypto/sha/test/sha_test.cc
  crypto/sha/test/sha_rows_test.cc
  crypto/sha/test/sha_batch_test.cc
  crypto/sha/test/sha_x2_test.cc
)
