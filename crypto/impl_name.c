// Copyright 2026 The project authors.
//
// CRYPTO_implementation_name (include/openssl/cpu.h): the public way to read
// which row of a primitive's implementation table is in use.

#include <openssl/cpu.h>

#include <string.h>

#include "chacha/internal.h"
#include "impl.h"
#include "poly1305/internal.h"
#include "sha/internal.h"
#include "sha/sha_batch.h"

const char *CRYPTO_implementation_name(const char *primitive) {
  CRYPTO_PRIMITIVE *const prims[] = {
      &CRYPTO_primitive_sha1,     &CRYPTO_primitive_sha256,
      &CRYPTO_primitive_sha512,   &CRYPTO_primitive_chacha20,
      &CRYPTO_primitive_poly1305, &CRYPTO_primitive_sha256_batch,
      &CRYPTO_primitive_sha512_batch,
      &CRYPTO_primitive_sha256_x2,     &CRYPTO_primitive_sha512_x2,
      &CRYPTO_primitive_sha256_hmac,
  };
  if (primitive == NULL) {
    return NULL;
  }
  for (size_t i = 0; i < sizeof(prims) / sizeof(prims[0]); i++) {
    if (strcmp(prims[i]->name, primitive) == 0) {
      return CRYPTO_impl_chosen(prims[i])->name;
    }
  }
  return NULL;
}
