// Copyright 2026 The project authors.
//
// main() of crypto_test. Besides GoogleTest's own flags it takes:
//   --vectors-dir=DIR  the public vector suites (../shared/vectors); tests
//                      that need them skip, by name, when it is absent.
//   --source-dir=DIR   the repository root, for the project's own vector
//                      files (default: where the build was configured).
//   --emulate-sha-ni   on 32-bit x86 Linux, when the CPU lacks the SHA
//                      extensions, emulate them in a SIGILL handler and
//                      advertise them, so the SHA-NI rows run (for qemu-i386,
//                      which lacks them; see sha_ni_emu.h). Where that is not
//                      possible the run fails at once; when it is on, the run
//                      also fails if no SHA instruction was emulated.

#include <stdio.h>
#include <string.h>

#include <string>

#include <gtest/gtest.h>

#include "sha_ni_emu.h"
#include "test_util.h"

int main(int argc, char **argv) {
  testing::InitGoogleTest(&argc, argv);
  bool emulate_sha_ni = false;
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
    if (arg == "--emulate-sha-ni") {
      emulate_sha_ni = true;
      continue;
    }
    fprintf(stderr, "crypto_test: unknown argument: %s\n", argv[i]);
    return 2;
  }

  // Before any test: the dispatchers cache their choice on first use.
  if (emulate_sha_ni) {
    switch (sha_ni_emu_enable()) {
      case 1:
        printf("SHA extensions emulated (SIGILL handler; see "
               "crypto/test/sha_ni_emu.h)\n");
        break;
      case 0:
        printf("--emulate-sha-ni: this CPU has the SHA extensions; nothing "
               "to emulate\n");
        break;
      default:
        // sha_ni_emu_enable said why. A run that asked for emulation must
        // not pass without it.
        fprintf(stderr, "crypto_test: --emulate-sha-ni is not possible "
                        "here\n");
        return 2;
    }
    fflush(stdout);
  }

  int ret = RUN_ALL_TESTS();

  if (sha_ni_emu_active() && !GTEST_FLAG_GET(list_tests)) {
    unsigned long long count = sha_ni_emu_count();
    printf("SHA instructions emulated: %llu\n", count);
    if (count == 0) {
      // The SHA-NI rows never ran: the flag tested nothing.
      fprintf(stderr, "crypto_test: --emulate-sha-ni emulated no "
                      "instruction\n");
      ret = 1;
    }
  }
  return ret;
}
