// Copyright 2026 The project authors.
//
// main() of crypto_test. Besides GoogleTest's own flags it takes:
//   --vectors-dir=DIR  the public vector suites (../shared/vectors); tests
//                      that need them skip, by name, when it is absent.
//   --source-dir=DIR   the repository root, for the project's own vector
//                      files (default: where the build was configured).

#include <string.h>

#include <string>

#include <gtest/gtest.h>

#include "test_util.h"

int main(int argc, char **argv) {
  testing::InitGoogleTest(&argc, argv);
  for (int i = 1; i < argc; i++) {
    std::string arg = argv[i];
    auto take = [&](const char *flag, void (*set)(const std::string &)) {
      size_t n = strlen(flag);
      if (arg.compare(0, n, flag) != 0) {
        return false;
      }
      if (arg.size() > n && arg[n] == '=') {
        set(arg.substr(n + 1));
        return true;
      }
      if (arg.size() == n && i + 1 < argc) {
        set(argv[++i]);
        return true;
      }
      return false;
    };
    if (take("--vectors-dir", SetVectorsDir) ||
        take("--source-dir", SetSourceDir)) {
      continue;
    }
    fprintf(stderr, "crypto_test: unknown argument: %s\n", argv[i]);
    return 2;
  }
  return RUN_ALL_TESTS();
}
