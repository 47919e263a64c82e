// Copyright 2026 The project authors.
//
// crypto/sha/internal.h: the implementation tables of SHA-1, SHA-256 and
// SHA-512 and their portable C block functions.
//
// A block function compresses `num_blocks` whole blocks (64 bytes for
// SHA-1/SHA-256, 128 for SHA-512) from `in` into the chaining value `state`
// (FIPS 180-4 §6: H(i) = H(i-1) + compress(H(i-1), M(i)) for each block).
// It does no buffering, padding or length counting: that lives in sha1.c,
// sha256.c and sha512.c, one place per family. `num_blocks` may be zero, in
// which case `in` is not read. `in` need not be aligned.
//
// Each primitive has exactly one table (crypto/impl.h), best row first,
// ending with "nohw". The dispatcher (CRYPTO_impl_fns), the tests and the
// benchmarks all walk it.

#ifndef OPENSSL_HEADER_CRYPTO_SHA_INTERNAL_H
#define OPENSSL_HEADER_CRYPTO_SHA_INTERNAL_H

#include <openssl/base.h>

#include "../impl.h"

#if defined(__cplusplus)
extern "C" {
#endif

struct sha1_impl_fns {
  void (*block)(uint32_t state[5], const uint8_t *in, size_t num_blocks);
};

struct sha256_impl_fns {
  void (*block)(uint32_t state[8], const uint8_t *in, size_t num_blocks);
};

struct sha512_impl_fns {
  void (*block)(uint64_t state[8], const uint8_t *in, size_t num_blocks);
};

extern CRYPTO_PRIMITIVE CRYPTO_primitive_sha1;
extern CRYPTO_PRIMITIVE CRYPTO_primitive_sha256;
extern CRYPTO_PRIMITIVE CRYPTO_primitive_sha512;

// The portable C implementations, always compiled: the reference every other
// row is tested against.
void sha1_block_data_order_nohw(uint32_t state[5], const uint8_t *in,
                                size_t num_blocks);
void sha256_block_data_order_nohw(uint32_t state[8], const uint8_t *in,
                                  size_t num_blocks);
void sha512_block_data_order_nohw(uint64_t state[8], const uint8_t *in,
                                  size_t num_blocks);

#if defined(__cplusplus)
}  // extern "C"
#endif

#endif  // OPENSSL_HEADER_CRYPTO_SHA_INTERNAL_H
