# crypto/perlasm: the translators, and the ABI checker built on them.
#
# The trampolines of the ABI checker (crypto/test/asm/trampoline-*.pl) and
# the deliberately broken fixtures (abi_fixtures-*.pl) are test-only: they
# go into the bittern_test_support library, never into libcrypto, whose
# archive is the one place whose assembly symbols the coverage check lists.

add_perlasm(x86_64 ${CMAKE_CURRENT_LIST_DIR}/../test/asm/trampoline-x86_64.pl
            TEST_SUPPORT_SOURCES)
add_perlasm(x86 ${CMAKE_CURRENT_LIST_DIR}/../test/asm/trampoline-x86.pl
            TEST_SUPPORT_SOURCES)
add_perlasm(aarch64 ${CMAKE_CURRENT_LIST_DIR}/../test/asm/trampoline-armv8.pl
            TEST_SUPPORT_SOURCES)

list(APPEND TEST_SUPPORT_SOURCES crypto/test/abi_test.cc)
list(APPEND CRYPTO_TEST_SOURCES crypto/test/abi_test_test.cc)

# Per architecture: the generator-name suffix and translator of its
# test-only fixtures. Everything else is the same on every architecture.
if(NOT OPENSSL_NO_ASM AND ARCH MATCHES "^(x86_64|x86|aarch64)$")
  if(ARCH STREQUAL "x86_64")
    set(_suffix x86_64)
    set(_translator x86_64-xlate.pl)
  elseif(ARCH STREQUAL "x86")
    set(_suffix x86)
    set(_translator x86asm.pl)
  else()
    set(_suffix armv8)
    set(_translator arm-xlate.pl)
  endif()
  set(_perlasm_dir "${CMAKE_CURRENT_LIST_DIR}")
  set(_gen "${CMAKE_BINARY_DIR}/gen")

  # Test-only fixtures, in the build's flavour (NASM flavours write .asm).
  set(_fixtures "${_perlasm_dir}/../test/asm/abi_fixtures-${_suffix}.pl")
  if(PERLASM_FLAVOUR STREQUAL "nasm" OR PERLASM_FLAVOUR STREQUAL "win32n")
    set(_fixtures_out "${_gen}/abi_fixtures-${_suffix}-${PERLASM_FLAVOUR}.asm")
  else()
    set(_fixtures_out "${_gen}/abi_fixtures-${_suffix}-${PERLASM_FLAVOUR}.S")
  endif()
  add_custom_command(
    OUTPUT "${_fixtures_out}"
    COMMAND ${CMAKE_COMMAND} -E make_directory "${_gen}"
    COMMAND ${PERL_EXECUTABLE} "${_fixtures}" ${PERLASM_FLAVOUR}
            "${_fixtures_out}"
    DEPENDS "${_fixtures}" "${_perlasm_dir}/${_translator}"
    WORKING_DIRECTORY "${PROJECT_SOURCE_DIR}"
    COMMENT "perlasm abi_fixtures-${_suffix} (${PERLASM_FLAVOUR}, test only)"
    VERBATIM)
  list(APPEND TEST_SUPPORT_SOURCES "${_fixtures_out}")

  # The list of every global function symbol of the library's assembly
  # objects, read with nm from the built archive, for the CHECK_ABI coverage
  # check (crypto/test/abi_test.cc); the flavour says whether symbols carry
  # a leading underscore. Re-made whenever the archive changes.
  set(_symbols_out "${_gen}/abi_asm_symbols.cc")
  add_custom_command(
    OUTPUT "${_symbols_out}"
    COMMAND ${CMAKE_COMMAND} -E make_directory "${_gen}"
    COMMAND ${BITTERN_PERLASM_ENV} ${PERL_EXECUTABLE}
            "${_perlasm_dir}/tools/list_asm_symbols.pl"
            "${CMAKE_NM}" "$<TARGET_FILE:crypto_static>" "${_symbols_out}"
            ${PERLASM_FLAVOUR}
    DEPENDS crypto_static "${_perlasm_dir}/tools/list_asm_symbols.pl"
    COMMENT "listing assembly entry points of crypto_static"
    VERBATIM)
  list(APPEND CRYPTO_TEST_SOURCES "${_symbols_out}")
endif()
