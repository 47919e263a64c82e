# crypto/poly1305/asm: Poly1305 assembly generators (x86-64, aarch64) and the
# tests that run each entry point against both portable C implementations.
# x86-64: the generator and its tests (poly1305_asm_test.cc).
add_perlasm(x86_64 ${CMAKE_CURRENT_LIST_DIR}/poly1305-x86_64.pl)
list(APPEND CRYPTO_TEST_SOURCES crypto/poly1305/asm/poly1305_asm_test.cc)
# aarch64: the generator, its C glue (init, the "neon" and "armv8" rows) and
# its tests.
add_perlasm(aarch64 ${CMAKE_CURRENT_LIST_DIR}/poly1305-armv8.pl)
list(APPEND CRYPTO_SOURCES crypto/poly1305/asm/poly1305_asm_armv8.c)
list(APPEND CRYPTO_TEST_SOURCES crypto/poly1305/asm/poly1305_asm_armv8_test.cc)
# x86 (32-bit): the generator, its C glue (init, emit, the "avx2", "sse2"
# and "x86" rows) and its tests.
add_perlasm(x86 ${CMAKE_CURRENT_LIST_DIR}/poly1305-x86.pl)
list(APPEND CRYPTO_SOURCES crypto/poly1305/asm/poly1305_asm_x86.c)
list(APPEND CRYPTO_TEST_SOURCES crypto/poly1305/asm/poly1305_asm_x86_test.cc)
