# crypto/test: the test-support library's C and C++ parts (the vector-file
# and JSON readers, the SHAVS reader, guard pages, the SHA-extension emulator behind
# crypto_test --emulate-sha-ni, shared helpers; the ABI checker is added by
# crypto/perlasm/build.cmake) and the tests of those helpers and the
# cross-primitive tests. test_main.cc is listed in the top-level
# CMakeLists.txt.
list(APPEND TEST_SUPPORT_SOURCES
  crypto/test/test_util.cc
  crypto/test/file_test.cc
  crypto/test/json.cc
  crypto/test/shavs.cc
  crypto/test/guard_page.cc
  crypto/test/sha_ni_emu.c
)
list(APPEND CRYPTO_TEST_SOURCES
  crypto/test/file_test_test.cc
  crypto/test/json_test.cc
  crypto/test/constant_time_test.cc
  crypto/test/hostile_input_test.cc
  crypto/test/accumulated_test.cc
  crypto/test/sha_ni_emu_test.cc
)
