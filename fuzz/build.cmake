# Copyright 2026 The project authors.
#
# fuzz/build.cmake: the libFuzzer differential targets (see fuzz/README.md).
# Included from the top-level CMakeLists.txt after crypto_static exists;
# it does nothing unless -DFUZZ=ON. Needs clang; combine with -DSANITIZE=ON
# for ASan+UBSan. Targets: fuzz_<name> for each name below, and `fuzzers`
# to build them all.

if(NOT FUZZ)
  return()
endif()
if(NOT CMAKE_C_COMPILER_ID MATCHES "Clang")
  message(FATAL_ERROR "-DFUZZ=ON needs clang (libFuzzer): configure with "
          "CC=clang CXX=clang++")
endif()

# The library is instrumented for coverage so libFuzzer can steer into its
# branches; only the fuzz executables link the libFuzzer runtime (main).
target_compile_options(crypto_objects PRIVATE
  $<$<COMPILE_LANGUAGE:C>:-fsanitize=fuzzer-no-link>)

set(FUZZ_TARGETS sha sha_batch hmac hkdf chacha20 poly1305 aead aead_open aead_alias)
foreach(target ${FUZZ_TARGETS})
  add_executable(fuzz_${target} fuzz/${target}.c)
  target_compile_options(fuzz_${target} PRIVATE -fsanitize=fuzzer)
  target_link_options(fuzz_${target} PRIVATE -fsanitize=fuzzer)
  target_link_libraries(fuzz_${target} PRIVATE crypto_static)
endforeach()
list(TRANSFORM FUZZ_TARGETS PREPEND fuzz_ OUTPUT_VARIABLE _fuzz_executables)
add_custom_target(fuzzers DEPENDS ${_fuzz_executables})
