# crypto/sha: SHA-1 and SHA-2 (portable C block functions, padding and
# dispatch through the implementation tables in crypto/sha/internal.h).
# Assembly generators are added here with add_perlasm() as they appear.
list(APPEND CRYPTO_SOURCES
  crypto/sha/sha1.c
  crypto/sha/sha256.c
  crypto/sha/sha512.c
  crypto/sha/sha_batch.c
)
list(APPEND CRYPTO_TEST_SOURCES
  crypto/sha/sha_test.cc
  crypto/sha/sha_batch_test.cc
)
