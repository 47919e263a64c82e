// Copyright 2026 The project authors.

#include <openssl/err.h>
#include <openssl/mem.h>

#include <stdlib.h>
#include <string.h>

#include "internal.h"

void *OPENSSL_malloc(size_t size) {
  // malloc(0) may return NULL; ask for one byte so a NULL always means
  // failure.
  void *ptr = malloc(size == 0 ? 1 : size);
  if (ptr == NULL) {
    OPENSSL_PUT_ERROR(CRYPTO, ERR_R_MALLOC_FAILURE);
  }
  return ptr;
}

void *OPENSSL_zalloc(size_t size) {
  void *ptr = OPENSSL_malloc(size);
  if (ptr != NULL) {
    memset(ptr, 0, size);
  }
  return ptr;
}

void OPENSSL_free(void *ptr) { free(ptr); }

void OPENSSL_cleanse(void *ptr, size_t len) {
  OPENSSL_memset(ptr, 0, len);
#if defined(__GNUC__) || defined(__clang__)
  // The empty asm claims to read the memory behind `ptr`, so the compiler
  // must keep the stores above even when the buffer is about to die.
  __asm__ __volatile__("" : : "r"(ptr) : "memory");
#endif
}

int CRYPTO_memcmp(const void *in_a, const void *in_b, size_t len) {
  const volatile uint8_t *a = in_a;
  const volatile uint8_t *b = in_b;
  uint8_t diff = 0;
  // Every byte is read and folded in; there is no early exit.
  for (size_t i = 0; i < len; i++) {
    diff |= a[i] ^ b[i];
  }
  return diff;
}
