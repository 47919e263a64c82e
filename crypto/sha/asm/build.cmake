# crypto/sha/asm: the SHA-1/SHA-256/SHA-512 assembly generators for x86-64,
# aarch64 and 32-bit x86 (their rows are declared in crypto/sha/impls.h and
# tested by crypto/sha/test/sha_rows_test.cc).
add_perlasm(x86_64 ${CMAKE_CURRENT_LIST_DIR}/sha1-x86_64.pl)
add_perlasm(x86_64 ${CMAKE_CURRENT_LIST_DIR}/sha256-x86_64.pl)
add_perlasm(x86_64 ${CMAKE_CURRENT_LIST_DIR}/sha512-x86_64.pl)
add_perlasm(x86_64 ${CMAKE_CURRENT_LIST_DIR}/sha2-mb-x86_64.pl)
# Two-stream one-block compressions (HMAC's key schedule): SHA256_X2_IMPLS,
# SHA512_X2_IMPLS in crypto/sha/impls.h.
add_perlasm(x86_64 ${CMAKE_CURRENT_LIST_DIR}/sha2-x2-x86_64.pl)
add_perlasm(aarch64 ${CMAKE_CURRENT_LIST_DIR}/sha1-armv8.pl)
add_perlasm(aarch64 ${CMAKE_CURRENT_LIST_DIR}/sha256-armv8.pl)
add_perlasm(aarch64 ${CMAKE_CURRENT_LIST_DIR}/sha512-armv8.pl)
add_perlasm(aarch64 ${CMAKE_CURRENT_LIST_DIR}/sha2-mb-armv8.pl)
add_perlasm(x86 ${CMAKE_CURRENT_LIST_DIR}/sha1-x86.pl)
add_perlasm(x86 ${CMAKE_CURRENT_LIST_DIR}/sha256-x86.pl)
add_perlasm(x86 ${CMAKE_CURRENT_LIST_DIR}/sha512-x86.pl)
add_perlasm(x86 ${CMAKE_CURRENT_LIST_DIR}/sha2-mb-x86.pl)
