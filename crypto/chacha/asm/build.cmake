# crypto/chacha/asm: the x86-64 ChaCha20 assembly generator, the C glue that
# turns its whole-block entry points into implementation-table rows, and the
# tests that run each entry point against the portable C code.
add_perlasm(x86_64 ${CMAKE_CURRENT_LIST_DIR}/chacha-x86_64.pl)
list(APPEND CRYPTO_SOURCES crypto/chacha/asm/chacha_asm.c)
list(APPEND CRYPTO_TEST_SOURCES crypto/chacha/asm/chacha_asm_test.cc)
# aarch64: the NEON generator, its C glue (the "neon" row) and its tests.
add_perlasm(aarch64 ${CMAKE_CURRENT_LIST_DIR}/chacha-armv8.pl)
list(APPEND CRYPTO_SOURCES crypto/chacha/asm/chacha_asm_armv8.c)
list(APPEND CRYPTO_TEST_SOURCES crypto/chacha/asm/chacha_asm_armv8_test.cc)
# x86 (32-bit): the SSSE3 generator (4-way and one-block), its C glue (the
# "ssse3_4x" and "ssse3" rows) and its tests.
add_perlasm(x86 ${CMAKE_CURRENT_LIST_DIR}/chacha-x86.pl)
list(APPEND CRYPTO_SOURCES crypto/chacha/asm/chacha_asm_x86.c)
list(APPEND CRYPTO_TEST_SOURCES crypto/chacha/asm/chacha_asm_x86_test.cc)
