# crypto/chacha/asm: the ChaCha20 assembly generators for x86-64, aarch64 and
# 32-bit x86 (their rows are declared in crypto/chacha/impls.h and tested by
# crypto/chacha/test/chacha_rows_test.cc).
add_perlasm(x86_64 ${CMAKE_CURRENT_LIST_DIR}/chacha-x86_64.pl)
add_perlasm(aarch64 ${CMAKE_CURRENT_LIST_DIR}/chacha-armv8.pl)
add_perlasm(x86 ${CMAKE_CURRENT_LIST_DIR}/chacha-x86.pl)
