// Copyright 2026 The project authors.
//
// impl.h: the one table per primitive that lists its implementations.
//
// Every primitive with more than one implementation (SHA-1, SHA-256, SHA-512,
// ChaCha20, Poly1305) defines exactly one CRYPTO_PRIMITIVE whose `impls`
// array lists them best-first, ending with the portable C code (`capable`
// NULL; named "nohw", except Poly1305's two C rows "c64" and "c26"). The dispatcher, the tests, the ABI coverage check, `bssl
// cpu` and `bssl speed -impls` all walk that same array, so adding a path is
// one generator plus one row.
//
// Each row is {name, capable, &fns, "entry names"}. Its `fns` points to a primitive-specific struct of function pointers
// (for example `struct sha256_impl_fns`), declared in that primitive's
// internal header.

#ifndef OPENSSL_HEADER_CRYPTO_IMPL_H
#define OPENSSL_HEADER_CRYPTO_IMPL_H

#include <openssl/base.h>

#if defined(__cplusplus)
extern "C" {
#endif

typedef struct crypto_impl_st {
  // name is short and lower-case: "nohw", "ssse3", "avx", "avx2", "shani",
  // "neon", ... It is what `bssl cpu` prints and what tests force by.
  const char *name;
  // capable returns one if the running CPU (after the OPENSSL_ia32cap /
  // OPENSSL_armcap masks) can run this implementation. NULL means always.
  int (*capable)(void);
  // fns points to the primitive's own struct of function pointers.
  const void *fns;
  // entry_names is the space-separated names of the functions `fns` holds,
  // in its field order (e.g. "poly1305_init_x86_64 poly1305_blocks_avx2
  // poly1305_emit_c64"): C glue or assembly, each a symbol of the linked
  // binary. `bssl cpu -json` prints it, and util/insn_coverage starts its
  // disassembly of the row there.
  const char *entry_names;
} CRYPTO_IMPL;

typedef struct crypto_primitive_st {
  const char *name;  // "sha1", "sha256", "sha512", "chacha20", "poly1305"
  const CRYPTO_IMPL *impls;
  size_t num_impls;
  // Private to impl.c: the row in use (cached after the first call) and the
  // row forced by CRYPTO_impl_force, if any.
  const CRYPTO_IMPL *chosen;
  const CRYPTO_IMPL *forced;
} CRYPTO_PRIMITIVE;

// CRYPTO_PRIMITIVE_INIT declares the initialiser of a primitive from its
// name and a static array of rows.
#define CRYPTO_PRIMITIVE_INIT(prim_name, rows) \
  { (prim_name), (rows), sizeof(rows) / sizeof((rows)[0]), NULL, NULL }

// CRYPTO_impl_choose_slow picks the row for `prim` (the forced one if any,
// otherwise the first whose predicate holds), caches it and returns it.
const CRYPTO_IMPL *CRYPTO_impl_choose_slow(CRYPTO_PRIMITIVE *prim);

// CRYPTO_impl_chosen returns the row the dispatcher uses for `prim`. After
// the first call it is one atomic load.
static inline const CRYPTO_IMPL *CRYPTO_impl_chosen(CRYPTO_PRIMITIVE *prim) {
  const CRYPTO_IMPL *impl = __atomic_load_n(&prim->chosen, __ATOMIC_ACQUIRE);
  if (__builtin_expect(impl == NULL, 0)) {
    impl = CRYPTO_impl_choose_slow(prim);
  }
  return impl;
}

// CRYPTO_impl_fns returns the function struct of the row in use.
static inline const void *CRYPTO_impl_fns(CRYPTO_PRIMITIVE *prim) {
  return CRYPTO_impl_chosen(prim)->fns;
}

// CRYPTO_impl_is_capable returns one if `impl` can run on this CPU now.
int CRYPTO_impl_is_capable(const CRYPTO_IMPL *impl);

// CRYPTO_impl_find returns the row of `prim` called `name`, or NULL.
const CRYPTO_IMPL *CRYPTO_impl_find(const CRYPTO_PRIMITIVE *prim,
                                    const char *name);

// CRYPTO_impl_force makes the dispatcher of `prim` use the row called
// `name`, or go back to choosing by CPU when `name` is NULL. It returns one
// on success and zero if there is no such row or the CPU cannot run it.
// For tests and benchmarks only: it must not race with other threads using
// `prim`.
int CRYPTO_impl_force(CRYPTO_PRIMITIVE *prim, const char *name);

#if defined(__cplusplus)
}  // extern "C"
#endif

#endif  // OPENSSL_HEADER_CRYPTO_IMPL_H
