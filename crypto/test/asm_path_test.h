// Copyright 2026 The project authors.
//
// asm_path_test.h: the pieces every assembly path test shares (the row
// tests crypto/*/test/*_rows_test.cc and the Poly1305 kernel tests
// crypto/poly1305/test/poly1305_<arch>_test.cc).
//
//   - kCPUMaskName: the environment variable that masks CPU features on
//     this architecture, for skip messages;
//   - SKIP_PATH_UNLESS(capable, fn): skips the running test, naming `fn`,
//     when `capable` is false, and exempts `fn` from the ABI coverage check
//     (abi_test::NotRunnableHere), so an unfiltered run on a CPU without
//     the feature still passes the coverage check and says why.

#ifndef OPENSSL_HEADER_CRYPTO_TEST_ASM_PATH_TEST_H
#define OPENSSL_HEADER_CRYPTO_TEST_ASM_PATH_TEST_H

#include <openssl/base.h>

#include <gtest/gtest.h>

#include "abi_test.h"

#if defined(OPENSSL_X86_64) || defined(OPENSSL_X86)
#define ASM_PATH_TEST_CPU_MASK "OPENSSL_ia32cap"
#elif defined(OPENSSL_AARCH64) || defined(OPENSSL_ARM)
#define ASM_PATH_TEST_CPU_MASK "OPENSSL_armcap"
#else
#define ASM_PATH_TEST_CPU_MASK "CPU feature"
#endif

constexpr const char kCPUMaskName[] = ASM_PATH_TEST_CPU_MASK;

#define SKIP_PATH_UNLESS(capable, fn)                                    \
  do {                                                                   \
    if (!(capable)) {                                                    \
      abi_test::NotRunnableHere(fn);                                     \
      GTEST_SKIP() << #fn << " skipped: this CPU (or the "               \
                   << kCPUMaskName << " mask) does not allow it";        \
    }                                                                    \
  } while (0)

#endif  // OPENSSL_HEADER_CRYPTO_TEST_ASM_PATH_TEST_H
