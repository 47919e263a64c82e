# crypto/aead: the EVP_AEAD_CTX layer and the (X)ChaCha20-Poly1305 AEADs.
list(APPEND CRYPTO_SOURCES
  crypto/aead/aead.c
  crypto/aead/chacha20_poly1305.c
)
list(APPEND CRYPTO_TEST_SOURCES
  crypto/aead/aead_test.cc
  crypto/aead/chacha20_poly1305_short_test.cc
)
