# crypto/perlasm: the translators, and the ABI checker built on them.
#
# The trampoline of the ABI checker (crypto/test/asm/trampoline-x86_64.pl) is
# the translator's first consumer. It goes into libcrypto through
# add_perlasm like every other generator (a hidden symbol, a few hundred
# bytes) so that the library archive is the one place whose assembly symbols
# the coverage check lists. The deliberately broken fixtures
# (abi_fixtures-x86_64.pl) must never reach the library: they are generated
# by the custom command below and compiled into crypto_test only.

add_perlasm(x86_64 ${CMAKE_CURRENT_LIST_DIR}/../test/asm/trampoline-x86_64.pl)
add_perlasm(x86 ${CMAKE_CURRENT_LIST_DIR}/../test/asm/trampoline-x86.pl)
add_perlasm(aarch64 ${CMAKE_CURRENT_LIST_DIR}/../test/asm/trampoline-armv8.pl)

list(APPEND CRYPTO_TEST_SOURCES
  crypto/test/abi_test.cc
  crypto/test/abi_test_test.cc
)

if(ARCH STREQUAL "x86_64" AND NOT OPENSSL_NO_ASM)
  set(_perlasm_dir "${CMAKE_CURRENT_LIST_DIR}")
  set(_gen "${CMAKE_BINARY_DIR}/gen")

  # Test-only fixtures, in the build's flavour.
  set(_fixtures "${_perlasm_dir}/../test/asm/abi_fixtures-x86_64.pl")
  if(PERLASM_FLAVOUR STREQUAL "nasm")
    set(_fixtures_out "${_gen}/abi_fixtures-x86_64-${PERLASM_FLAVOUR}.asm")
  else()
    set(_fixtures_out "${_gen}/abi_fixtures-x86_64-${PERLASM_FLAVOUR}.S")
  endif()
  add_custom_command(
    OUTPUT "${_fixtures_out}"
    COMMAND ${CMAKE_COMMAND} -E make_directory "${_gen}"
    COMMAND ${PERL_EXECUTABLE} "${_fixtures}" ${PERLASM_FLAVOUR}
            "${_fixtures_out}"
    DEPENDS "${_fixtures}" "${_perlasm_dir}/x86_64-xlate.pl"
    WORKING_DIRECTORY "${PROJECT_SOURCE_DIR}"
    COMMENT "perlasm abi_fixtures-x86_64 (${PERLASM_FLAVOUR}, test only)"
    VERBATIM)
  list(APPEND CRYPTO_TEST_SOURCES "${_fixtures_out}")

  # The list of every global function symbol of the library's assembly
  # objects, read with nm from the built archive, for the CHECK_ABI coverage
  # check (crypto/test/abi_test.cc). Re-made whenever the archive changes.
  set(_symbols_out "${_gen}/abi_asm_symbols.cc")
  add_custom_command(
    OUTPUT "${_symbols_out}"
    COMMAND ${CMAKE_COMMAND} -E make_directory "${_gen}"
    COMMAND ${PERL_EXECUTABLE} "${_perlasm_dir}/tools/list_asm_symbols.pl"
            "${CMAKE_NM}" "$<TARGET_FILE:crypto_static>" "${_symbols_out}"
    DEPENDS crypto_static "${_perlasm_dir}/tools/list_asm_symbols.pl"
    COMMENT "listing assembly entry points of crypto_static"
    VERBATIM)
  list(APPEND CRYPTO_TEST_SOURCES "${_symbols_out}")
endif()

# 32-bit x86: the same three pieces, through x86asm.pl. The win32n flavour
# writes NASM (.asm), which needs the ASM_NASM language enabled at the top
# level for Windows x86 builds.
if(ARCH STREQUAL "x86" AND NOT OPENSSL_NO_ASM)
  set(_perlasm_dir "${CMAKE_CURRENT_LIST_DIR}")
  set(_gen "${CMAKE_BINARY_DIR}/gen")

  set(_fixtures "${_perlasm_dir}/../test/asm/abi_fixtures-x86.pl")
  if(PERLASM_FLAVOUR STREQUAL "win32n")
    set(_fixtures_out "${_gen}/abi_fixtures-x86-${PERLASM_FLAVOUR}.asm")
  else()
    set(_fixtures_out "${_gen}/abi_fixtures-x86-${PERLASM_FLAVOUR}.S")
  endif()
  add_custom_command(
    OUTPUT "${_fixtures_out}"
    COMMAND ${CMAKE_COMMAND} -E make_directory "${_gen}"
    COMMAND ${PERL_EXECUTABLE} "${_fixtures}" ${PERLASM_FLAVOUR}
            "${_fixtures_out}"
    DEPENDS "${_fixtures}" "${_perlasm_dir}/x86asm.pl"
    WORKING_DIRECTORY "${PROJECT_SOURCE_DIR}"
    COMMENT "perlasm abi_fixtures-x86 (${PERLASM_FLAVOUR}, test only)"
    VERBATIM)
  list(APPEND CRYPTO_TEST_SOURCES "${_fixtures_out}")

  set(_symbols_out "${_gen}/abi_asm_symbols.cc")
  add_custom_command(
    OUTPUT "${_symbols_out}"
    COMMAND ${CMAKE_COMMAND} -E make_directory "${_gen}"
    COMMAND ${PERL_EXECUTABLE} "${_perlasm_dir}/tools/list_asm_symbols.pl"
            "${CMAKE_NM}" "$<TARGET_FILE:crypto_static>" "${_symbols_out}"
            ${PERLASM_FLAVOUR}
    DEPENDS crypto_static "${_perlasm_dir}/tools/list_asm_symbols.pl"
    COMMENT "listing assembly entry points of crypto_static"
    VERBATIM)
  list(APPEND CRYPTO_TEST_SOURCES "${_symbols_out}")
endif()

# AArch64: the same three pieces, through arm-xlate.pl (flavours linux64,
# ios64, win64; all write .S). The trampoline is added to the library above.
if(ARCH STREQUAL "aarch64" AND NOT OPENSSL_NO_ASM)
  set(_perlasm_dir "${CMAKE_CURRENT_LIST_DIR}")
  set(_gen "${CMAKE_BINARY_DIR}/gen")

  # Test-only fixtures, in the build's flavour.
  set(_fixtures "${_perlasm_dir}/../test/asm/abi_fixtures-armv8.pl")
  set(_fixtures_out "${_gen}/abi_fixtures-armv8-${PERLASM_FLAVOUR}.S")
  add_custom_command(
    OUTPUT "${_fixtures_out}"
    COMMAND ${CMAKE_COMMAND} -E make_directory "${_gen}"
    COMMAND ${PERL_EXECUTABLE} "${_fixtures}" ${PERLASM_FLAVOUR}
            "${_fixtures_out}"
    DEPENDS "${_fixtures}" "${_perlasm_dir}/arm-xlate.pl"
    WORKING_DIRECTORY "${PROJECT_SOURCE_DIR}"
    COMMENT "perlasm abi_fixtures-armv8 (${PERLASM_FLAVOUR}, test only)"
    VERBATIM)
  list(APPEND CRYPTO_TEST_SOURCES "${_fixtures_out}")

  # Every global function symbol of the library's assembly objects, for the
  # CHECK_ABI coverage check (ios64 names lose their underscore).
  set(_symbols_out "${_gen}/abi_asm_symbols.cc")
  add_custom_command(
    OUTPUT "${_symbols_out}"
    COMMAND ${CMAKE_COMMAND} -E make_directory "${_gen}"
    COMMAND ${PERL_EXECUTABLE} "${_perlasm_dir}/tools/list_asm_symbols.pl"
            "${CMAKE_NM}" "$<TARGET_FILE:crypto_static>" "${_symbols_out}"
            ${PERLASM_FLAVOUR}
    DEPENDS crypto_static "${_perlasm_dir}/tools/list_asm_symbols.pl"
    COMMENT "listing assembly entry points of crypto_static"
    VERBATIM)
  list(APPEND CRYPTO_TEST_SOURCES "${_symbols_out}")
endif()
