# Copyright 2026 The project authors.
#
# provider/build.cmake: the OpenSSL 3 provider module (bittern.so) and its
# test program, built when OpenSSL 3's development headers are found
# (Debian: libssl-dev) for a native build. Included by the top-level
# CMakeLists.txt.
#
# The module links the static library (its objects are position-independent:
# CMAKE_POSITION_INDEPENDENT_CODE) and exports only OSSL_provider_init (a
# version script; --exclude-libs hides the archive's symbols), so it can share
# a process with OpenSSL's libcrypto, whose symbol names this library uses
# too. It does not link libcrypto: everything it needs from OpenSSL comes
# through the core's dispatch table.
#
# Install: `cmake --install` puts bittern.so in BITTERN_PROVIDER_INSTALL_DIR,
# by default OpenSSL's MODULESDIR (`openssl version -m`) when that lies under
# CMAKE_INSTALL_PREFIX (e.g. prefix /usr on Debian; kept relative to the
# prefix), else
# <prefix>/<libdir>/ossl-modules; and the example config in
# <prefix>/share/bittern/openssl-provider.cnf.

if(CMAKE_CROSSCOMPILING)
  return()
endif()
# A -DBITTERN_PREFIX build does not build the module: the module already hides
# every symbol of the library it links (only OSSL_provider_init is exported),
# so a prefix would buy it nothing.
if(BITTERN_PREFIX)
  message(STATUS "BITTERN_PREFIX is set: not building the provider module")
  return()
endif()
find_package(OpenSSL 3.0 QUIET COMPONENTS Crypto SSL)
if(NOT OPENSSL_FOUND OR NOT EXISTS "${OPENSSL_INCLUDE_DIR}/openssl/core_dispatch.h")
  message(STATUS "OpenSSL 3 headers not found: not building the provider module")
  return()
endif()
message(STATUS "Building the OpenSSL ${OPENSSL_VERSION} provider module (provider/)")

add_library(bittern_provider MODULE
  provider/prov.c
  provider/digests.c
  provider/ciphers.c
  provider/macs.c
  provider/kdfs.c
  provider/glue.c)
# glue.c alone sees this library's headers; the other files see OpenSSL's.
set_source_files_properties(provider/glue.c PROPERTIES
  INCLUDE_DIRECTORIES "${PROJECT_SOURCE_DIR}/include")
set_property(SOURCE provider/prov.c provider/digests.c
  provider/ciphers.c provider/macs.c provider/kdfs.c
  PROPERTY INCLUDE_DIRECTORIES "${OPENSSL_INCLUDE_DIR}")
set_target_properties(bittern_provider PROPERTIES
  OUTPUT_NAME bittern
  PREFIX ""
  C_VISIBILITY_PRESET hidden)
target_compile_definitions(bittern_provider PRIVATE
  _POSIX_C_SOURCE=200809L
  BITTERN_VERSION="${PROJECT_VERSION}"
  BITTERN_BUILDINFO="Bittern ${PROJECT_VERSION} ${ARCH} ${CMAKE_C_COMPILER_ID} ${CMAKE_BUILD_TYPE}")
add_dependencies(bittern_provider crypto_static)
target_link_libraries(bittern_provider PRIVATE
  "$<TARGET_FILE:crypto_static>" Threads::Threads)
target_link_options(bittern_provider PRIVATE
  "-Wl,--version-script=${PROJECT_SOURCE_DIR}/provider/bittern.map"
  "-Wl,--exclude-libs,ALL")
if(NOT SANITIZE)
  # Every symbol resolved inside the module (the sanitizer runtime comes from
  # the executable, so not with SANITIZE).
  target_link_options(bittern_provider PRIVATE "-Wl,--no-undefined")
endif()
set_property(TARGET bittern_provider APPEND PROPERTY LINK_DEPENDS
  "${PROJECT_SOURCE_DIR}/provider/bittern.map")

# provider_test: bad input and in-process TLS (libssl) through the module.
add_executable(provider_test provider/test/provider_test.c)
target_link_libraries(provider_test PRIVATE OpenSSL::SSL OpenSSL::Crypto
  Threads::Threads)
add_dependencies(provider_test bittern_provider)

# evp_bench: the module against the default provider in one process, per
# call (provider/test/evp_bench.c; not run by CI: it is a benchmark).
add_executable(evp_bench provider/test/evp_bench.c)
target_link_libraries(evp_bench PRIVATE OpenSSL::Crypto)
add_dependencies(evp_bench bittern_provider)

# Where to install: OpenSSL's MODULESDIR if it lies under the prefix.
set(_bittern_modules_default "${CMAKE_INSTALL_LIBDIR}/ossl-modules")
find_program(OPENSSL_CLI openssl)
if(OPENSSL_CLI)
  execute_process(COMMAND "${OPENSSL_CLI}" version -m
    OUTPUT_VARIABLE _ossl_m OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
  if(_ossl_m MATCHES "MODULESDIR: \"([^\"]+)\"")
    set(_ossl_modulesdir "${CMAKE_MATCH_1}")
    string(FIND "${_ossl_modulesdir}" "${CMAKE_INSTALL_PREFIX}/" _pos)
    if(_pos EQUAL 0)
      # Relative to the prefix, so `cmake --install --prefix` and DESTDIR
      # still move it.
      file(RELATIVE_PATH _bittern_modules_default "${CMAKE_INSTALL_PREFIX}"
           "${_ossl_modulesdir}")
    endif()
  endif()
endif()
set(BITTERN_PROVIDER_INSTALL_DIR "${_bittern_modules_default}" CACHE PATH
  "Where cmake --install puts the OpenSSL provider module bittern.so")
install(TARGETS bittern_provider
  LIBRARY DESTINATION "${BITTERN_PROVIDER_INSTALL_DIR}")
install(FILES provider/openssl-provider.cnf
  DESTINATION "${CMAKE_INSTALL_DATADIR}/bittern")
