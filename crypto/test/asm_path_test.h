// Copyright 2026 The project authors.
//
// asm_path_test.h: the pieces the tests that walk a primitive's rows share
// (the row tests crypto/*/test/*_rows_test.cc, the Poly1305 kernel tests
// crypto/poly1305/test/poly1305_<arch>_test.cc, and the per-primitive tests
// chacha_test.cc, poly1305_test.cc, sha_test.cc and sha_batch_test.cc).
//
//   - kCPUMaskName: the environment variable that masks CPU features on
//     this architecture, for skip messages;
//   - SKIP_PATH_UNLESS(capable, fn): skips the running test, naming `fn`,
//     when `capable` is false, and exempts `fn` from the ABI coverage check
//     (abi_test::NotRunnableHere), so an unfiltered run on a CPU without
//     the feature still passes the coverage check and says why;
//   - ForEachRow(prim, f): calls `f` with every row of a primitive's list
//     that the running CPU can run, as the dispatcher decides it;
//     ForEachRowForced(prim, f) does so with each row forced for the public
//     API (nest two for a cross product of two primitives' rows);
//   - WithReferenceRows(prims, f): runs `f` with the portable rows forced,
//     for expected values.

#ifndef OPENSSL_HEADER_CRYPTO_TEST_ASM_PATH_TEST_H
#define OPENSSL_HEADER_CRYPTO_TEST_ASM_PATH_TEST_H

#include <openssl/base.h>

#include <stdio.h>

#include <functional>
#include <initializer_list>
#include <set>
#include <string>

#include <gtest/gtest.h>

#include "../impl.h"
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

// FirstSkipOfRowInTest returns true the first time it is called with `row`
// in the running test, so a loop that walks the rows many times notes each
// skipped row once.
inline bool FirstSkipOfRowInTest(const CRYPTO_IMPL *row) {
  static std::string test;
  static std::set<const CRYPTO_IMPL *> noted;
  const ::testing::TestInfo *info =
      ::testing::UnitTest::GetInstance()->current_test_info();
  std::string name = info == nullptr ? std::string()
                                     : std::string(info->test_suite_name()) +
                                           "." + info->name();
  if (name != test) {
    test = name;
    noted.clear();
  }
  return noted.insert(row).second;
}

// ForEachRow calls `f(row)`, with `row` a `const CRYPTO_IMPL *`, for every
// row of `prim`'s list, best first, whose predicate holds on the running CPU
// (after the kCPUMaskName mask): the list is read with CRYPTO_IMPL_FOREACH
// and CRYPTO_impl_is_capable, as the dispatcher reads it. Each call runs
// inside a SCOPED_TRACE naming the primitive and the row. A row it skips is
// noted on stdout, once per test. `f` only receives the row: forcing it for
// the public API is the caller's business. It returns the number of rows
// run, and fails the test if that is zero (the portable row always runs).
template <typename F>
size_t ForEachRow(const CRYPTO_PRIMITIVE *prim, F f) {
  size_t ran = 0;
  CRYPTO_IMPL_FOREACH(row, prim) {
    if (!CRYPTO_impl_is_capable(row)) {
      if (FirstSkipOfRowInTest(row)) {
        printf("  note: %s row %s skipped: this CPU (or the %s mask) does "
               "not allow it\n",
               prim->name, row->name, kCPUMaskName);
      }
      continue;
    }
    SCOPED_TRACE(std::string(prim->name) + " row " + row->name);
    f(row);
    ran++;
  }
  EXPECT_GE(ran, 1u) << prim->name << ": no row runs on this CPU";
  return ran;
}

// ForEachRowForced is ForEachRow with each row forced (CRYPTO_impl_force)
// while `f(row)` runs, so the public API runs on it; afterwards the
// dispatcher chooses by CPU again. For tests only: no other thread may use
// `prim` meanwhile.
template <typename F>
size_t ForEachRowForced(CRYPTO_PRIMITIVE *prim, F f) {
  size_t ran = ForEachRow(prim, [&](const CRYPTO_IMPL *row) {
    if (!CRYPTO_impl_force(prim, row->name)) {
      ADD_FAILURE() << "cannot force " << prim->name << " row " << row->name;
      return;
    }
    f(row);
  });
  EXPECT_TRUE(CRYPTO_impl_force(prim, nullptr));
  return ran;
}

// WithReferenceRows runs `f()` with the reference row (the portable C row,
// the last of the list: CRYPTO_impl_reference) of each of `prims` forced,
// to compute expected values; afterwards the dispatcher chooses by CPU
// again. For tests only, as ForEachRowForced.
inline void WithReferenceRows(std::initializer_list<CRYPTO_PRIMITIVE *> prims,
                              const std::function<void()> &f) {
  for (CRYPTO_PRIMITIVE *prim : prims) {
    ASSERT_TRUE(CRYPTO_impl_force(prim, CRYPTO_impl_reference(prim)->name));
  }
  f();
  for (CRYPTO_PRIMITIVE *prim : prims) {
    ASSERT_TRUE(CRYPTO_impl_force(prim, nullptr));
  }
}

#endif  // OPENSSL_HEADER_CRYPTO_TEST_ASM_PATH_TEST_H
