# crypto/cpu: the CPU-capability word (detection, OPENSSL_ia32cap /
# OPENSSL_armcap masks, CRYPTO_is_*_capable predicates). Every file is
# compiled on every target; each one guards its processor-specific part
# with the preprocessor, so the pure logic in cpu.c is tested everywhere.
list(APPEND CRYPTO_SOURCES
  crypto/cpu/cpu.c
  crypto/cpu/cpu_x86.c
  crypto/cpu/cpu_aarch64.c
)
list(APPEND CRYPTO_TEST_SOURCES crypto/cpu/cpu_test.cc)
