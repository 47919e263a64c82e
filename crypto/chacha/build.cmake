# crypto/chacha: ChaCha20 and HChaCha20 (portable C; assembly rows later).
list(APPEND CRYPTO_SOURCES crypto/chacha/chacha.c)
list(APPEND CRYPTO_TEST_SOURCES crypto/chacha/chacha_test.cc)
