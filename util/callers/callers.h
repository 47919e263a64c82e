// Copyright 2026 The project authors.
//
// callers.h: the two helpers every program of the caller corpus shares
// (printing a labelled hex line, failing loudly). Nothing here touches a
// crypto library, so the programs stay as their authors would write them.

#ifndef CALLERS_H
#define CALLERS_H

#include <stdio.h>
#include <stdlib.h>

// print_hex prints "label: " and the `len` bytes at `p` in lower-case hex.
static inline void print_hex(const char *label, const unsigned char *p,
                             size_t len) {
  printf("%s: ", label);
  for (size_t i = 0; i < len; i++) {
    printf("%02x", p[i]);
  }
  printf("\n");
}

// die reports which call failed and exits with status 1.
static inline void die(const char *what) {
  fprintf(stderr, "FAIL: %s\n", what);
  exit(1);
}

// fill writes a fixed pattern of `len` bytes, seeded by `seed`, to `p`.
static inline void fill(unsigned char *p, size_t len, unsigned seed) {
  for (size_t i = 0; i < len; i++) {
    p[i] = (unsigned char)(i * 131u + seed * 29u + 7u);
  }
}

#endif  // CALLERS_H
