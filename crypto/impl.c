// Copyright 2026 The project authors.

#include "impl.h"

#include <string.h>

int CRYPTO_impl_is_capable(const CRYPTO_IMPL *impl) {
  return impl->capable == NULL || impl->capable();
}

const CRYPTO_IMPL *CRYPTO_impl_choose_slow(CRYPTO_PRIMITIVE *prim) {
  const CRYPTO_IMPL *impl = __atomic_load_n(&prim->forced, __ATOMIC_ACQUIRE);
  if (impl == NULL) {
    // The last row is the portable C code and always qualifies, so the loop
    // always ends with a row.
    CRYPTO_IMPL_FOREACH(row, prim) {
      impl = row;
      if (CRYPTO_impl_is_capable(impl)) {
        break;
      }
    }
  }
  // Two threads racing here compute the same row, so the store is benign.
  __atomic_store_n(&prim->chosen, impl, __ATOMIC_RELEASE);
  return impl;
}

const CRYPTO_IMPL *CRYPTO_impl_find(const CRYPTO_PRIMITIVE *prim,
                                    const char *name) {
  CRYPTO_IMPL_FOREACH(row, prim) {
    if (strcmp(row->name, name) == 0) {
      return row;
    }
  }
  return NULL;
}

int CRYPTO_impl_force(CRYPTO_PRIMITIVE *prim, const char *name) {
  const CRYPTO_IMPL *impl = NULL;
  if (name != NULL) {
    impl = CRYPTO_impl_find(prim, name);
    if (impl == NULL || !CRYPTO_impl_is_capable(impl)) {
      return 0;
    }
  }
  __atomic_store_n(&prim->forced, impl, __ATOMIC_RELEASE);
  __atomic_store_n(&prim->chosen, NULL, __ATOMIC_RELEASE);
  return 1;
}
