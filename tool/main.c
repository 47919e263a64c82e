// Copyright 2026 The project authors.
//
// bssl: the command-line front end of the library.
//
//   bssl <command> [arguments...]
//
// main() looks the command up in kCommands and hands it the remaining
// arguments. `bssl` alone, `bssl help` and `bssl -h|--help` list the
// commands; `bssl help <command>` runs that command with -help.

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

struct tool_command {
  const char *name;
  int (*run)(int argc, char **argv);
  const char *summary;
};

static const struct tool_command kCommands[] = {
    {"speed", tool_speed, "benchmark the primitives (-help for options)"},
    {"cpu", tool_cpu,
     "show CPU capability words and the implementation picked per primitive"},
    {"sha1sum", tool_sum, "print or check SHA-1 checksums, as coreutils"},
    {"sha224sum", tool_sum, "print or check SHA-224 checksums, as coreutils"},
    {"sha256sum", tool_sum, "print or check SHA-256 checksums, as coreutils"},
    {"sha384sum", tool_sum, "print or check SHA-384 checksums, as coreutils"},
    {"sha512sum", tool_sum, "print or check SHA-512 checksums, as coreutils"},
    {"rand", tool_rand, "write N random bytes ([-hex] N)"},
};

static void usage(FILE *out) {
  fprintf(out, "Usage: bssl <command> [arguments...]\n\nCommands:\n");
  for (size_t i = 0; i < sizeof(kCommands) / sizeof(kCommands[0]); i++) {
    fprintf(out, "  %-10s %s\n", kCommands[i].name, kCommands[i].summary);
  }
  fprintf(out, "  %-10s %s\n", "help", "list the commands, or 'help COMMAND'");
}

static const struct tool_command *find_command(const char *name) {
  for (size_t i = 0; i < sizeof(kCommands) / sizeof(kCommands[0]); i++) {
    if (strcmp(kCommands[i].name, name) == 0) {
      return &kCommands[i];
    }
  }
  return NULL;
}

int tool_parse_u64(const char *s, uint64_t *out) {
  // strtoull accepts leading spaces, a sign and "0x"; we want plain digits.
  if (s[0] < '0' || s[0] > '9') {
    return 0;
  }
  for (const char *p = s; *p != '\0'; p++) {
    if (*p < '0' || *p > '9') {
      return 0;
    }
  }
  errno = 0;
  unsigned long long v = strtoull(s, NULL, 10);
  if (errno != 0) {
    return 0;  // ERANGE: more than 64 bits
  }
  *out = (uint64_t)v;
  return 1;
}

int tool_parse_seconds(const char *s, double *out) {
  // Digits with at most one '.', at least one digit: no sign, exponent,
  // "inf", "nan" or hexadecimal floats, which strtod would take.
  int digits = 0, dots = 0;
  for (const char *p = s; *p != '\0'; p++) {
    if (*p >= '0' && *p <= '9') {
      digits++;
    } else if (*p == '.') {
      dots++;
    } else {
      return 0;
    }
  }
  if (digits == 0 || dots > 1) {
    return 0;
  }
  errno = 0;
  double v = strtod(s, NULL);
  if (errno != 0 || !isfinite(v) || v <= 0 || v > 86400) {
    return 0;
  }
  *out = v;
  return 1;
}

int main(int argc, char **argv) {
  if (argc < 2 || strcmp(argv[1], "-h") == 0 ||
      strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-help") == 0) {
    usage(stdout);
    return 0;
  }
  if (strcmp(argv[1], "help") == 0) {
    if (argc == 2) {
      usage(stdout);
      return 0;
    }
    if (argc > 3) {
      fprintf(stderr, "bssl: 'help' takes at most one command name\n");
      return 1;
    }
    const struct tool_command *cmd = find_command(argv[2]);
    if (cmd == NULL) {
      fprintf(stderr, "bssl: unknown command '%s' (try 'bssl help')\n",
              argv[2]);
      return 1;
    }
    // Every command prints its usage on "-help" and returns 0.
    char help_flag[] = "-help";
    char *help_argv[] = {argv[2], help_flag, NULL};
    return cmd->run(2, help_argv);
  }
  const struct tool_command *cmd = find_command(argv[1]);
  if (cmd == NULL) {
    fprintf(stderr, "bssl: unknown command '%s' (try 'bssl help')\n", argv[1]);
    return 1;
  }
  return cmd->run(argc - 1, argv + 1);
}
