// Copyright 2026 The project authors.
//
// impl.h: the one declared list of paths per primitive, and the machinery
// that reads it.
//
// Every primitive with more than one implementation (SHA-1, SHA-256, SHA-512,
// ChaCha20, Poly1305) declares its paths once, as an X-macro list in its
// folder's impls.h (for example SHA256_IMPLS in crypto/sha/impls.h), with
// each architecture's rows inside a guard below (CRYPTO_IMPL_ON_X86_64 and
// the others; crypto/poly1305/impls.h still has its own `#if` per
// architecture). From it come the declarations of the assembly entry points
// and the rows of the primitive's CRYPTO_PRIMITIVE, best first, ending with
// the portable C code (`capable` NULL; named "nohw", except Poly1305's C
// rows "c64" and "c26").
//
// A row names its entry point itself (`entry`, typed per primitive), the
// entry point's shape (whole blocks, or any byte length with its own tail
// handling), the shortest input worth calling it for (`min_len`: shorter
// inputs and final rests go to the row `shorter`), and its CPU predicate.
// One generic driver per primitive applies these rules; the dispatcher caches
// the chosen row, so after the first call a dispatch is one atomic load of
// that row pointer and a load of its entry point.
//
// The dispatcher, the tests (every row against the reference, through
// CHECK_ABI), the ABI coverage check, `bssl cpu`, `bssl speed -impls` and the
// fuzzers all read the rows through CRYPTO_IMPL_FOREACH and
// CRYPTO_impl_reference below; nothing else indexes `impls`.

#ifndef OPENSSL_HEADER_CRYPTO_IMPL_H
#define OPENSSL_HEADER_CRYPTO_IMPL_H

#include <openssl/base.h>

#if defined(__cplusplus)
extern "C" {
#endif

// The architecture guards of the lists. A list in an impls.h is written once
// for every architecture: it wraps each architecture's rows in one of these,
// and the rows of other architectures (and every assembly row, in an
// OPENSSL_NO_ASM build) vanish before anything reads the list:
//
//   #define FOO_IMPLS(X) CRYPTO_IMPL_ON_X86_64(FOO_X86_64_ROWS(X))
//       CRYPTO_IMPL_ON_AARCH64(FOO_AARCH64_ROWS(X)) X(nohw, foo_nohw, NULL)
//
// (one line, or continued with backslashes).
//
// CRYPTO_IMPL_ON_X86_ANY keeps rows on both x86-64 and 32-bit x86, for
// entry points that both architectures' generators define under one name.
// For SHA and ChaCha20 these are the only per-architecture `#if` of the
// lists.
#if defined(OPENSSL_X86_64) && !defined(OPENSSL_NO_ASM)
#define CRYPTO_IMPL_ON_X86_64(...) __VA_ARGS__
#else
#define CRYPTO_IMPL_ON_X86_64(...)
#endif
#if defined(OPENSSL_X86) && !defined(OPENSSL_NO_ASM)
#define CRYPTO_IMPL_ON_X86(...) __VA_ARGS__
#else
#define CRYPTO_IMPL_ON_X86(...)
#endif
#if defined(OPENSSL_AARCH64) && !defined(OPENSSL_NO_ASM)
#define CRYPTO_IMPL_ON_AARCH64(...) __VA_ARGS__
#else
#define CRYPTO_IMPL_ON_AARCH64(...)
#endif
#define CRYPTO_IMPL_ON_X86_ANY(...) \
  CRYPTO_IMPL_ON_X86_64(__VA_ARGS__) CRYPTO_IMPL_ON_X86(__VA_ARGS__)

// The entry point types, one per primitive.

// A SHA-1 / SHA-256 block function compresses `num_blocks` whole 64-byte
// blocks of `in` into the chaining value `state` (5 or 8 words); a SHA-512
// one 128-byte blocks into 8 64-bit words. See crypto/sha/internal.h.
typedef void (*crypto_sha32_block_fn)(uint32_t *state, const uint8_t *in,
                                      size_t num_blocks);
typedef void (*crypto_sha64_block_fn)(uint64_t *state, const uint8_t *in,
                                      size_t num_blocks);

// A two-stream SHA-256 / SHA-512 function compresses one block `in0` into
// `state0` and one block `in1` into `state1`. See crypto/sha/impls.h.
typedef void (*crypto_sha32_x2_fn)(uint32_t *state0, const uint8_t *in0,
                                   uint32_t *state1, const uint8_t *in1);
typedef void (*crypto_sha64_x2_fn)(uint64_t *state0, const uint8_t *in0,
                                   uint64_t *state1, const uint8_t *in1);

// A fused HMAC-SHA256 row is two functions: `oneshot` computes an HMAC from
// the key block K0 and the inner message's blocks after the ipad block
// (whole blocks at `in`, then the padded tail); `finish` ends a streamed
// one from the inner and outer chaining values and the padded tail. See
// crypto/sha/impls.h, SHA256_HMAC_IMPLS.
struct crypto_sha256_hmac_entry {
  void (*oneshot)(uint8_t out[32], const uint8_t k0[64], const uint8_t *in,
                  size_t num_blocks, const uint8_t *tail, size_t num_tail);
  void (*finish)(uint8_t out[32], const uint32_t i_state[8],
                 const uint8_t *tail, size_t num_tail,
                 const uint32_t o_state[8]);
};

// A ChaCha20 function XORs the keystream of key words `key` and
// `counter_nonce` (state words 12..15) into `in`, writing `out`. Its third
// argument is a number of whole 64-byte blocks for a CRYPTO_IMPL_BLOCKS row
// and a byte count for a CRYPTO_IMPL_BYTES row. See crypto/chacha/internal.h.
typedef void (*crypto_chacha20_fn)(uint8_t *out, const uint8_t *in,
                                   size_t len, const uint32_t key[8],
                                   const uint32_t counter_nonce[4]);

// A Poly1305 row is three functions over its opaque state: see
// crypto/poly1305/impls.h.
struct crypto_poly1305_entry {
  void (*init)(void *state, const uint8_t key[32]);
  void (*blocks)(void *state, const uint8_t *in, size_t len, uint32_t padbit);
  void (*emit)(void *state, uint8_t mac[16], const uint8_t s[16]);
};

// A batch-hashing row is its two shapes, n consecutive fixed-size messages
// and n messages of any lengths: see crypto/sha/sha_batch.h.
struct crypto_sha_batch_entry {
  void (*pairs)(uint8_t *out, const uint8_t *in, size_t n);
  void (*batch)(uint8_t *out, const uint8_t *const *ins, const size_t *lens,
                size_t n);
};

typedef union crypto_impl_entry {
  crypto_sha32_block_fn sha32;
  crypto_sha64_block_fn sha64;
  crypto_sha32_x2_fn sha32_x2;
  crypto_sha64_x2_fn sha64_x2;
  struct crypto_sha256_hmac_entry sha256_hmac;
  crypto_chacha20_fn chacha20;
  struct crypto_poly1305_entry poly1305;
  struct crypto_sha_batch_entry sha_batch;
} crypto_impl_entry;

// crypto_impl_shape says what length an entry point takes.
typedef enum crypto_impl_shape {
  // Whole blocks only, computed `width` at a time (a final group of fewer
  // costs as much as a full one); the driver handles the tail.
  CRYPTO_IMPL_BLOCKS = 0,
  // Any byte length: the entry point handles its own tail.
  CRYPTO_IMPL_BYTES = 1,
} crypto_impl_shape;

typedef struct crypto_impl_st {
  // name is short and lower-case: "nohw", "ssse3", "avx", "avx2", "shani",
  // "neon", ... It is what `bssl cpu` prints and what tests force by.
  const char *name;
  // capable returns one if the running CPU (after the OPENSSL_ia32cap /
  // OPENSSL_armcap masks) can run this row. NULL means always.
  int (*capable)(void);
  // entry_names lists, space-separated, the functions this row installs
  // (the list macro stringifies them), for `bssl cpu` and test messages.
  const char *entry_names;
  crypto_impl_shape shape;
  // width is the number of blocks a CRYPTO_IMPL_BLOCKS entry computes at
  // once; 1 for one block at a time.
  unsigned width;
  // min_len is the shortest input worth calling this row for: the driver
  // gives shorter inputs, and shorter final rests, to the row at index
  // `shorter`, whose predicate holds whenever this one's does. Zero: any.
  size_t min_len;
  int shorter;
  crypto_impl_entry entry;
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

// CRYPTO_IMPL_FOREACH(row, prim) runs the statement after it once per row of
// `prim`, best first, with `row` a `const CRYPTO_IMPL *`.
#define CRYPTO_IMPL_FOREACH(row, prim)                     \
  for (const CRYPTO_IMPL *row = (prim)->impls;             \
       row < (prim)->impls + (prim)->num_impls; row++)

// CRYPTO_IMPL_FOREACH_REFERENCE_FIRST is CRYPTO_IMPL_FOREACH in the opposite
// order: the portable reference first, then each faster row.
#define CRYPTO_IMPL_FOREACH_REFERENCE_FIRST(row, prim)                 \
  for (const CRYPTO_IMPL *row = (prim)->impls + (prim)->num_impls;     \
       row-- != (prim)->impls;)

// CRYPTO_impl_reference returns the last row of `prim`: its portable C code,
// which every CPU runs and every other row is tested against.
static inline const CRYPTO_IMPL *CRYPTO_impl_reference(
    const CRYPTO_PRIMITIVE *prim) {
  return &prim->impls[prim->num_impls - 1];
}

// CRYPTO_impl_shorter returns the row of `prim` that `row` hands inputs
// shorter than its min_len to, or NULL if it takes every length.
static inline const CRYPTO_IMPL *CRYPTO_impl_shorter(
    const CRYPTO_PRIMITIVE *prim, const CRYPTO_IMPL *row) {
  return row->shorter < 0 ? NULL : &prim->impls[row->shorter];
}

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

// CRYPTO_IMPL_ROW_ENUM and CRYPTO_IMPL_ROW_INDEX let a list refer to a row
// by its name token: `enum { CRYPTO_IMPL_ROW_ENUM(chacha20) LIST(X) };` with
// X expanding to CRYPTO_IMPL_ROW_INDEX(chacha20, name) gives each row its
// index, and CRYPTO_IMPL_ROW_INDEX(chacha20, none) is -1.
#define CRYPTO_IMPL_ROW_INDEX(prim, row) prim##_row_##row
#define CRYPTO_IMPL_ROW_ENUM(prim) prim##_row_none = -1,

#if defined(__cplusplus)
}  // extern "C"
#endif

#endif  // OPENSSL_HEADER_CRYPTO_IMPL_H
