# crypto/test: shared test helpers (test_main.cc and test_util.cc are listed
# in the top-level CMakeLists.txt).
