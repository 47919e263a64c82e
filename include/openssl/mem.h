// Copyright 2026 The project authors.

#ifndef OPENSSL_HEADER_MEM_H
#define OPENSSL_HEADER_MEM_H

#include <openssl/base.h>

#if defined(__cplusplus)
extern "C" {
#endif

// Memory helpers.

// OPENSSL_malloc returns `size` bytes of fresh memory, or NULL (pushing
// ERR_R_MALLOC_FAILURE) if none can be had. A `size` of 0 returns a valid
// pointer that must still be freed.
OPENSSL_EXPORT void *OPENSSL_malloc(size_t size);

// OPENSSL_zalloc behaves like OPENSSL_malloc and zeroes the memory.
OPENSSL_EXPORT void *OPENSSL_zalloc(size_t size);

// OPENSSL_free releases memory from OPENSSL_malloc or OPENSSL_zalloc. The
// library overwrites every buffer that held secrets before freeing it; this
// function does not. `ptr` may be NULL.
OPENSSL_EXPORT void OPENSSL_free(void *ptr);

// OPENSSL_cleanse writes zeros over `len` bytes at `ptr` in a way the
// compiler cannot remove as a dead store. `ptr` may be NULL when `len` is 0.
OPENSSL_EXPORT void OPENSSL_cleanse(void *ptr, size_t len);

// CRYPTO_memcmp compares `len` bytes at `a` and `b` in time that depends only
// on `len`, never on the contents. It returns 0 if they are equal and a
// non-zero value otherwise (unlike memcmp, the sign carries no meaning).
// The pointers may be NULL when `len` is 0.
OPENSSL_EXPORT int CRYPTO_memcmp(const void *a, const void *b, size_t len);

#if defined(__cplusplus)
}  // extern "C"
#endif

#endif  // OPENSSL_HEADER_MEM_H
