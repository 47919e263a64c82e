# crypto/poly1305: Poly1305: the portable C code (base 2^64 and 2^26), the
# rows of the list of paths (impls.h), the streaming API and the AEADs'
# context (mac.h) in poly1305.c; the C glue of each architecture's assembly
# beside it (poly1305_<arch>.c); the tests (test/). The assembly generators
# are registered in asm/build.cmake.
list(APPEND CRYPTO_SOURCES
  crypto/poly1305/poly1305.c
  crypto/poly1305/poly1305_x86_64.c
  crypto/poly1305/poly1305_armv8.c
  crypto/poly1305/poly1305_x86.c
)
list(APPEND CRYPTO_TEST_SOURCES
  crypto/poly1305/test/poly1305_test.cc
  crypto/poly1305/test/poly1305_x86_64_test.cc
  crypto/poly1305/test/poly1305_armv8_test.cc
  crypto/poly1305/test/poly1305_x86_test.cc
)
