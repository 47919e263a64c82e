# Copyright 2026 The project authors.
#
# cmake/install.cmake: what `cmake --install` puts under the prefix.
# Included at the end of the top-level CMakeLists.txt.
#
#   include/openssl/*.h                       the public headers, and a stub
#                                             for each OpenSSL header name
#                                             Bittern lacks (missing_headers.cmake)
#                                             and, with -DBITTERN_PREFIX, the
#                                             renaming header (prefix.cmake)
#   lib/libbittern_crypto.a                   (static, the default) or
#   lib/libbittern_crypto.so.X.Y              (-DBUILD_SHARED_LIBS=ON; only
#                                             OPENSSL_EXPORT symbols visible)
#   lib/cmake/Bittern/BitternConfig.cmake     find_package(Bittern) ->
#                                             target Bittern::crypto
#   lib/pkgconfig/bittern.pc                  pkg-config --cflags --libs bittern
#
# ("lib" is CMAKE_INSTALL_LIBDIR, which may be lib64 or a multiarch path.)
#
# The target is `crypto` inside this build, but the file is named
# libbittern_crypto: plain libcrypto would collide with OpenSSL's in the
# system library directories, so `-lcrypto` could silently link the wrong
# library. The headers keep OpenSSL's <openssl/...> paths on purpose, so
# callers written for OpenSSL/BoringSSL build unchanged; do not install
# into the same prefix as OpenSSL's headers.

include(CMakePackageConfigHelpers)

set(BITTERN_CMAKE_DIR "${CMAKE_INSTALL_LIBDIR}/cmake/Bittern")

set_target_properties(crypto PROPERTIES
  OUTPUT_NAME bittern_crypto
  EXPORT_NAME crypto)
if(BUILD_SHARED_LIBS)
  # Before 1.0 every minor release may change the ABI, so the soname carries
  # major.minor; from 1.0 on, the major version alone.
  if(PROJECT_VERSION_MAJOR EQUAL 0)
    set(_bittern_soversion "0.${PROJECT_VERSION_MINOR}")
  else()
    set(_bittern_soversion "${PROJECT_VERSION_MAJOR}")
  endif()
  set_target_properties(crypto PROPERTIES
    VERSION "${PROJECT_VERSION}"
    SOVERSION "${_bittern_soversion}")
endif()

install(TARGETS crypto EXPORT BitternTargets
  ARCHIVE DESTINATION "${CMAKE_INSTALL_LIBDIR}"
  LIBRARY DESTINATION "${CMAKE_INSTALL_LIBDIR}"
  RUNTIME DESTINATION "${CMAKE_INSTALL_BINDIR}"
  INCLUDES DESTINATION "${CMAKE_INSTALL_INCLUDEDIR}")

install(DIRECTORY "${PROJECT_SOURCE_DIR}/include/openssl"
  DESTINATION "${CMAKE_INSTALL_INCLUDEDIR}"
  FILES_MATCHING PATTERN "*.h")

# CMake package: BitternConfig.cmake (finds Threads, then loads the exported
# target), BitternConfigVersion.cmake and BitternTargets*.cmake.
install(EXPORT BitternTargets
  NAMESPACE Bittern::
  FILE BitternTargets.cmake
  DESTINATION "${BITTERN_CMAKE_DIR}")
configure_package_config_file(
  "${CMAKE_CURRENT_LIST_DIR}/BitternConfig.cmake.in"
  "${CMAKE_BINARY_DIR}/cmake/BitternConfig.cmake"
  INSTALL_DESTINATION "${BITTERN_CMAKE_DIR}")
# 0.x releases are only compatible within one minor version.
if(PROJECT_VERSION_MAJOR EQUAL 0)
  set(_bittern_compat SameMinorVersion)
else()
  set(_bittern_compat SameMajorVersion)
endif()
write_basic_package_version_file(
  "${CMAKE_BINARY_DIR}/cmake/BitternConfigVersion.cmake"
  VERSION "${PROJECT_VERSION}"
  COMPATIBILITY ${_bittern_compat})
install(FILES
  "${CMAKE_BINARY_DIR}/cmake/BitternConfig.cmake"
  "${CMAKE_BINARY_DIR}/cmake/BitternConfigVersion.cmake"
  DESTINATION "${BITTERN_CMAKE_DIR}")

# pkg-config. The .pc file finds the prefix relative to its own directory
# (${pcfiledir}), so `cmake --install --prefix` anywhere and moving the tree
# afterwards both work. Absolute install dirs are written as they are.
set(_pc_dir "${CMAKE_INSTALL_LIBDIR}/pkgconfig")
if(IS_ABSOLUTE "${_pc_dir}")
  set(BITTERN_PC_PREFIX "${CMAKE_INSTALL_PREFIX}")
else()
  # "lib/pkgconfig" -> "../..", "lib/x86_64-linux-gnu/pkgconfig" -> "../../..".
  file(RELATIVE_PATH _pc_up "/prefix/${_pc_dir}" "/prefix")
  string(REGEX REPLACE "/$" "" _pc_up "${_pc_up}")
  set(BITTERN_PC_PREFIX "\${pcfiledir}/${_pc_up}")
endif()
foreach(_kind LIBDIR INCLUDEDIR)
  if(IS_ABSOLUTE "${CMAKE_INSTALL_${_kind}}")
    set(BITTERN_PC_${_kind} "${CMAKE_INSTALL_${_kind}}")
  else()
    set(BITTERN_PC_${_kind} "\${prefix}/${CMAKE_INSTALL_${_kind}}")
  endif()
endforeach()
get_target_property(BITTERN_PC_LIBNAME crypto OUTPUT_NAME)
# A static libbittern_crypto needs the thread library at link time
# (`pkg-config --static`); a shared one carries it itself.
set(BITTERN_PC_LIBS_PRIVATE "${CMAKE_THREAD_LIBS_INIT}")
configure_file("${CMAKE_CURRENT_LIST_DIR}/bittern.pc.in"
               "${CMAKE_BINARY_DIR}/cmake/bittern.pc" @ONLY)
install(FILES "${CMAKE_BINARY_DIR}/cmake/bittern.pc" DESTINATION "${_pc_dir}")

# Stubs for the OpenSSL header names this library lacks.
include("${CMAKE_CURRENT_LIST_DIR}/missing_headers.cmake")

# opensslv.h spells this library's version out (BITTERN_VERSION_STR); it
# must be the project's.
file(STRINGS "${PROJECT_SOURCE_DIR}/include/openssl/opensslv.h" _bittern_v
     REGEX "^#define BITTERN_VERSION_STR ")
if(NOT _bittern_v STREQUAL "#define BITTERN_VERSION_STR \"${PROJECT_VERSION}\"")
  message(FATAL_ERROR "include/openssl/opensslv.h: BITTERN_VERSION_* do not "
          "match project(... VERSION ${PROJECT_VERSION}): update them")
endif()
