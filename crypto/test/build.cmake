# crypto/test: shared test helpers (test_main.cc and test_util.cc are listed
# in the top-level CMakeLists.txt), the vector-file and JSON readers, and the
# readers' own tests; and the SHA-extension emulator behind crypto_test
# --emulate-sha-ni (sha_ni_emu.c, plain C like its header) with its tests.
list(APPEND CRYPTO_TEST_SOURCES
  crypto/test/file_test.cc
  crypto/test/json.cc
  crypto/test/file_test_test.cc
  crypto/test/json_test.cc
  crypto/test/constant_time_test.cc
  crypto/test/guard_page.cc
  crypto/test/hostile_input_test.cc
  crypto/test/accumulated_test.cc
  crypto/test/sha_ni_emu.c
  crypto/test/sha_ni_emu_test.cc
)

