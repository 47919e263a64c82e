# Copyright 2026 The project authors.
#
# cmake/missing_headers.cmake: installs a stub <openssl/NAME> for every
# OpenSSL (or BoringSSL) header this library lacks; see
# cmake/openssl_header_names.txt for the list and
# cmake/missing_header.h.in for what a stub says. Included from
# cmake/install.cmake.
#
# Why every name, not a chosen few: a program's include path puts this
# library's directory before /usr/include, so any <openssl/NAME> not here
# would otherwise resolve to the system OpenSSL's header without a word.
# With a stub for each, the first header the program needs and this
# library lacks stops compilation with its own name in the message, and a
# system OpenSSL header can be reached only by putting its directory first,
# which base.h then catches (the two libraries' headers in one translation
# unit). The stubs are installed only: inside this tree nothing includes
# OpenSSL's headers through include/, and the provider and peer benchmarks
# include OpenSSL's own.

file(STRINGS "${CMAKE_CURRENT_LIST_DIR}/openssl_header_names.txt" _names
     REGEX "^[A-Za-z0-9_]+\\.h$")
set(_stub_dir "${CMAKE_BINARY_DIR}/missing_headers/openssl")
file(REMOVE_RECURSE "${_stub_dir}")
set(_stubs)
foreach(NAME IN LISTS _names)
  if(NOT EXISTS "${PROJECT_SOURCE_DIR}/include/openssl/${NAME}")
    configure_file("${CMAKE_CURRENT_LIST_DIR}/missing_header.h.in"
                   "${_stub_dir}/${NAME}" @ONLY)
    list(APPEND _stubs "${_stub_dir}/${NAME}")
  endif()
endforeach()
install(FILES ${_stubs} DESTINATION "${CMAKE_INSTALL_INCLUDEDIR}/openssl")
set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS
  "${CMAKE_CURRENT_LIST_DIR}/openssl_header_names.txt"
  "${CMAKE_CURRENT_LIST_DIR}/missing_header.h.in")
