# crypto/poly1305/asm: the Poly1305 assembly generators for x86-64, aarch64
# and 32-bit x86 (their rows are declared in crypto/poly1305/impls.h, their C
# glue is crypto/poly1305/poly1305_<arch>.c, their tests are in
# crypto/poly1305/test/).
add_perlasm(x86_64 ${CMAKE_CURRENT_LIST_DIR}/poly1305-x86_64.pl)
add_perlasm(aarch64 ${CMAKE_CURRENT_LIST_DIR}/poly1305-armv8.pl)
add_perlasm(x86 ${CMAKE_CURRENT_LIST_DIR}/poly1305-x86.pl)
