# crypto/rand: RAND_bytes, its tests and tool/rand_bench. (The tests of the
# memory helpers, crypto/mem_test.cc, are listed in the top-level
# CMakeLists.txt beside crypto/mem.c.)
list(APPEND CRYPTO_SOURCES crypto/rand/rand.c)
list(APPEND CRYPTO_TEST_SOURCES crypto/rand/rand_test.cc)

# tool/rand_bench links crypto_static, which the top-level CMakeLists.txt
# defines only after including this fragment, so the target is added at the
# end of the top-level directory's configuration.
function(bittern_add_rand_bench)
  add_executable(rand_bench tool/rand_bench.c)
  target_link_libraries(rand_bench PRIVATE crypto_static)
  # For crypto/chacha/internal.h (to print the ChaCha20 path in use).
  target_include_directories(rand_bench PRIVATE ${PROJECT_SOURCE_DIR})
endfunction()
cmake_language(DEFER CALL bittern_add_rand_bench)
