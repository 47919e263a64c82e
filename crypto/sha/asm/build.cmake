# crypto/sha/asm: x86-64 SHA-1/SHA-256/SHA-512 assembly generators and the
# tests that run each entry point against the portable C code.
add_perlasm(x86_64 ${CMAKE_CURRENT_LIST_DIR}/sha1-x86_64.pl)
add_perlasm(x86_64 ${CMAKE_CURRENT_LIST_DIR}/sha256-x86_64.pl)
add_perlasm(x86_64 ${CMAKE_CURRENT_LIST_DIR}/sha512-x86_64.pl)
add_perlasm(x86_64 ${CMAKE_CURRENT_LIST_DIR}/sha2-mb-x86_64.pl)
add_perlasm(aarch64 ${CMAKE_CURRENT_LIST_DIR}/sha1-armv8.pl)
add_perlasm(aarch64 ${CMAKE_CURRENT_LIST_DIR}/sha256-armv8.pl)
add_perlasm(aarch64 ${CMAKE_CURRENT_LIST_DIR}/sha512-armv8.pl)
add_perlasm(x86 ${CMAKE_CURRENT_LIST_DIR}/sha1-x86.pl)
add_perlasm(x86 ${CMAKE_CURRENT_LIST_DIR}/sha256-x86.pl)
add_perlasm(x86 ${CMAKE_CURRENT_LIST_DIR}/sha512-x86.pl)

list(APPEND CRYPTO_TEST_SOURCES crypto/sha/asm/sha_asm_test.cc)
list(APPEND CRYPTO_TEST_SOURCES crypto/sha/asm/sha_asm_armv8_test.cc)
list(APPEND CRYPTO_TEST_SOURCES crypto/sha/asm/sha_asm_x86_test.cc)
list(APPEND CRYPTO_TEST_SOURCES crypto/sha/asm/sha512_asm_x86_test.cc)
