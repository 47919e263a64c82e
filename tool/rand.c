// Copyright 2026 The project authors.
//
// bssl rand [-hex] N: write N bytes from RAND_bytes to standard output, raw
// or (with -hex) as 2N lower-case hex digits and a newline. Output is
// produced in 4 KiB pieces, so N may be as large as the caller likes.

#include <stdio.h>
#include <string.h>

#include <openssl/mem.h>
#include <openssl/rand.h>

#include "internal.h"

static void rand_usage(FILE *out) {
  fprintf(out,
          "Usage: bssl rand [-hex] N\n"
          "Write N random bytes (from RAND_bytes) to standard output.\n"
          "  -hex   write them as hex digits followed by a newline\n");
}

int tool_rand(int argc, char **argv) {
  int hex = 0;
  const char *count = NULL;
  for (int i = 1; i < argc; i++) {
    if (strcmp(argv[i], "-hex") == 0) {
      hex = 1;
    } else if (strcmp(argv[i], "-help") == 0 ||
               strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
      rand_usage(stdout);
      return 0;
    } else if (argv[i][0] == '-' && argv[i][1] != '\0' &&
               (argv[i][1] < '0' || argv[i][1] > '9')) {
      fprintf(stderr, "rand: unknown option '%s' (try 'bssl rand -help')\n",
              argv[i]);
      return 1;
    } else if (count != NULL) {
      fprintf(stderr, "rand: more than one byte count given\n");
      return 1;
    } else {
      count = argv[i];
    }
  }
  uint64_t n;
  if (count == NULL) {
    fprintf(stderr, "rand: missing byte count (usage: bssl rand [-hex] N)\n");
    return 1;
  }
  if (!tool_parse_u64(count, &n)) {
    fprintf(stderr,
            "rand: bad byte count '%s' (want a non-negative decimal number)\n",
            count);
    return 1;
  }

  static const char kHex[] = "0123456789abcdef";
  uint8_t buf[4096];
  char hex_buf[2 * sizeof(buf)];
  while (n > 0) {
    size_t todo = n < sizeof(buf) ? (size_t)n : sizeof(buf);
    RAND_bytes(buf, todo);
    size_t written;
    if (hex) {
      for (size_t i = 0; i < todo; i++) {
        hex_buf[2 * i] = kHex[buf[i] >> 4];
        hex_buf[2 * i + 1] = kHex[buf[i] & 15];
      }
      written = fwrite(hex_buf, 1, 2 * todo, stdout) / 2;
    } else {
      written = fwrite(buf, 1, todo, stdout);
    }
    if (written != todo) {
      break;
    }
    n -= todo;
  }
  if (hex && n == 0) {
    putchar('\n');
  }
  // The bytes may be used as keys: do not leave them on the stack.
  OPENSSL_cleanse(buf, sizeof(buf));
  OPENSSL_cleanse(hex_buf, sizeof(hex_buf));
  if (n != 0 || fflush(stdout) != 0 || ferror(stdout)) {
    fprintf(stderr, "rand: write error\n");
    return 1;
  }
  return 0;
}
