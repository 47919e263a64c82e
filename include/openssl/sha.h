// Copyright 2026 The project authors.
//
// sha.h: the SHA-1 and SHA-2 hash functions (FIPS 180-4).

#ifndef OPENSSL_HEADER_SHA_H
#define OPENSSL_HEADER_SHA_H

#include <openssl/base.h>

#if defined(__cplusplus)
extern "C" {
#endif

// Every family below offers the same two interfaces:
//
//   - A streaming one: `*_Init`, any number of `*_Update`, then `*_Final`.
//     These return one (OpenSSL's convention; they cannot fail). `*_Final`
//     overwrites the whole context with zeros once the digest is written, so
//     the context must be initialised again before it is reused.
//   - A one-shot function (`SHA256` etc.) that hashes `len` bytes at `data`
//     into `out` and returns `out`.
//
// Input and output buffers may overlap each other: the input is consumed
// before the output is written. A context must not overlap either. `data`
// may be NULL when `len` is zero. A message may be up to 2^64 - 1 bits long
// for SHA-1, SHA-224 and SHA-256 and 2^128 - 1 bits for the SHA-512 family;
// longer messages (which no caller can produce) give unspecified output.
//
// The contexts are public so they can live on the stack; their fields are
// private to the library.

// SHA-1.
//
// SHA-1 is broken for collision resistance. It is here for compatibility
// with existing protocols (HMAC-SHA1, legacy signatures), not for new
// designs.

// SHA_CBLOCK is the SHA-1 block size in bytes.
#define SHA_CBLOCK 64

// SHA_DIGEST_LENGTH is the length of a SHA-1 digest in bytes.
#define SHA_DIGEST_LENGTH 20

// SHA1_Init initialises `sha` for a new SHA-1 computation and returns one.
OPENSSL_EXPORT int SHA1_Init(SHA_CTX *sha);

// SHA1_Update adds `len` bytes from `data` to `sha` and returns one.
OPENSSL_EXPORT int SHA1_Update(SHA_CTX *sha, const void *data, size_t len);

// SHA1_Final writes the SHA-1 digest of everything added to `sha` to `out`,
// zeroes `sha`, and returns one.
OPENSSL_EXPORT int SHA1_Final(uint8_t out[SHA_DIGEST_LENGTH], SHA_CTX *sha);

// SHA1 writes the SHA-1 digest of `len` bytes from `data` to `out` and
// returns `out`.
OPENSSL_EXPORT uint8_t *SHA1(const uint8_t *data, size_t len,
                             uint8_t out[SHA_DIGEST_LENGTH]);

// SHA1_Transform compresses one whole block of `SHA_CBLOCK` bytes from
// `block` into the chaining value of `sha` (FIPS 180-4 §6.1.2, one
// iteration), without padding and without touching the buffered bytes or
// the length count. It is the raw compression function some protocols are
// built on (the FIPS 186-2 PRF, for example); mixing it with SHA1_Update on
// one context gives a digest of no defined message.
OPENSSL_EXPORT void SHA1_Transform(SHA_CTX *sha,
                                   const uint8_t block[SHA_CBLOCK]);

// CRYPTO_fips_186_2_prf writes `out_len` bytes to `out` from the 20-byte
// seed `xkey` with the pseudo-random function of FIPS 186-2, appendix 3.1
// (change notice 1: b = 160, the optional XSEED all zeros, G built on the
// SHA-1 compression function as in appendix 3.3). The PRF yields 40-byte
// values x_0, x_1, ..., each big-endian; `out` is their concatenation,
// truncated to `out_len`. This is the construction EAP-SIM and EAP-AKA
// (RFC 4186 and 4187, section 7) use. `out` may overlap `xkey`.
OPENSSL_EXPORT void CRYPTO_fips_186_2_prf(
    uint8_t *out, size_t out_len, const uint8_t xkey[SHA_DIGEST_LENGTH]);

// SHA-224.

// SHA224_CBLOCK is the SHA-224 block size in bytes.
#define SHA224_CBLOCK 64

// SHA224_DIGEST_LENGTH is the length of a SHA-224 digest in bytes.
#define SHA224_DIGEST_LENGTH 28

// SHA224_Init initialises `sha` for a new SHA-224 computation and returns
// one.
OPENSSL_EXPORT int SHA224_Init(SHA256_CTX *sha);

// SHA224_Update adds `len` bytes from `data` to `sha` and returns one.
OPENSSL_EXPORT int SHA224_Update(SHA256_CTX *sha, const void *data,
                                 size_t len);

// SHA224_Final writes the SHA-224 digest of everything added to `sha` to
// `out`, zeroes `sha`, and returns one.
OPENSSL_EXPORT int SHA224_Final(uint8_t out[SHA224_DIGEST_LENGTH],
                                SHA256_CTX *sha);

// SHA224 writes the SHA-224 digest of `len` bytes from `data` to `out` and
// returns `out`.
OPENSSL_EXPORT uint8_t *SHA224(const uint8_t *data, size_t len,
                               uint8_t out[SHA224_DIGEST_LENGTH]);

// SHA-256.

// SHA256_CBLOCK is the SHA-256 block size in bytes.
#define SHA256_CBLOCK 64

// SHA256_DIGEST_LENGTH is the length of a SHA-256 digest in bytes.
#define SHA256_DIGEST_LENGTH 32

// SHA256_Init initialises `sha` for a new SHA-256 computation and returns
// one.
OPENSSL_EXPORT int SHA256_Init(SHA256_CTX *sha);

// SHA256_Update adds `len` bytes from `data` to `sha` and returns one.
OPENSSL_EXPORT int SHA256_Update(SHA256_CTX *sha, const void *data,
                                 size_t len);

// SHA256_Final writes the SHA-256 digest of everything added to `sha` to
// `out`, zeroes `sha`, and returns one.
OPENSSL_EXPORT int SHA256_Final(uint8_t out[SHA256_DIGEST_LENGTH],
                                SHA256_CTX *sha);

// SHA256 writes the SHA-256 digest of `len` bytes from `data` to `out` and
// returns `out`.
OPENSSL_EXPORT uint8_t *SHA256(const uint8_t *data, size_t len,
                               uint8_t out[SHA256_DIGEST_LENGTH]);

// SHA256_Transform compresses one whole block of `SHA256_CBLOCK` bytes from
// `block` into the chaining value of `sha`, like SHA1_Transform: no padding,
// buffered bytes and length count untouched. SHA-224 contexts (SHA224_Init)
// may be passed too.
OPENSSL_EXPORT void SHA256_Transform(SHA256_CTX *sha,
                                     const uint8_t block[SHA256_CBLOCK]);

// SHA256_TransformBlocks compresses `num_blocks` whole blocks of
// `SHA256_CBLOCK` bytes from `data` into the chaining value `state` (the
// eight 32-bit words H0..H7, e.g. SHA-256's initial value), with the fastest
// implementation the CPU supports. `num_blocks` may be zero, in which case
// `data` is not read. `data` need not be aligned and must not overlap
// `state`.
OPENSSL_EXPORT void SHA256_TransformBlocks(uint32_t state[8],
                                           const uint8_t *data,
                                           size_t num_blocks);

// SHA-384.

// SHA384_CBLOCK is the SHA-384 block size in bytes.
#define SHA384_CBLOCK 128

// SHA384_DIGEST_LENGTH is the length of a SHA-384 digest in bytes.
#define SHA384_DIGEST_LENGTH 48

// SHA384_Init initialises `sha` for a new SHA-384 computation and returns
// one.
OPENSSL_EXPORT int SHA384_Init(SHA512_CTX *sha);

// SHA384_Update adds `len` bytes from `data` to `sha` and returns one.
OPENSSL_EXPORT int SHA384_Update(SHA512_CTX *sha, const void *data,
                                 size_t len);

// SHA384_Final writes the SHA-384 digest of everything added to `sha` to
// `out`, zeroes `sha`, and returns one.
OPENSSL_EXPORT int SHA384_Final(uint8_t out[SHA384_DIGEST_LENGTH],
                                SHA512_CTX *sha);

// SHA384 writes the SHA-384 digest of `len` bytes from `data` to `out` and
// returns `out`.
OPENSSL_EXPORT uint8_t *SHA384(const uint8_t *data, size_t len,
                               uint8_t out[SHA384_DIGEST_LENGTH]);

// SHA-512.

// SHA512_CBLOCK is the SHA-512 block size in bytes.
#define SHA512_CBLOCK 128

// SHA512_DIGEST_LENGTH is the length of a SHA-512 digest in bytes.
#define SHA512_DIGEST_LENGTH 64

// SHA512_Init initialises `sha` for a new SHA-512 computation and returns
// one.
OPENSSL_EXPORT int SHA512_Init(SHA512_CTX *sha);

// SHA512_Update adds `len` bytes from `data` to `sha` and returns one.
OPENSSL_EXPORT int SHA512_Update(SHA512_CTX *sha, const void *data,
                                 size_t len);

// SHA512_Final writes the SHA-512 digest of everything added to `sha` to
// `out`, zeroes `sha`, and returns one.
OPENSSL_EXPORT int SHA512_Final(uint8_t out[SHA512_DIGEST_LENGTH],
                                SHA512_CTX *sha);

// SHA512 writes the SHA-512 digest of `len` bytes from `data` to `out` and
// returns `out`.
OPENSSL_EXPORT uint8_t *SHA512(const uint8_t *data, size_t len,
                               uint8_t out[SHA512_DIGEST_LENGTH]);

// SHA512_Transform compresses one whole block of `SHA512_CBLOCK` bytes from
// `block` into the chaining value of `sha`, like SHA1_Transform: no padding,
// buffered bytes and length count untouched. Contexts of SHA-384,
// SHA-512/224 and SHA-512/256 may be passed too.
OPENSSL_EXPORT void SHA512_Transform(SHA512_CTX *sha,
                                     const uint8_t block[SHA512_CBLOCK]);

// SHA-512/224.

// SHA512_224_DIGEST_LENGTH is the length of a SHA-512/224 digest in bytes.
// Its block size is SHA512_CBLOCK.
#define SHA512_224_DIGEST_LENGTH 28

// SHA512_224_Init initialises `sha` for a new SHA-512/224 computation and
// returns one.
OPENSSL_EXPORT int SHA512_224_Init(SHA512_CTX *sha);

// SHA512_224_Update adds `len` bytes from `data` to `sha` and returns one.
OPENSSL_EXPORT int SHA512_224_Update(SHA512_CTX *sha, const void *data,
                                     size_t len);

// SHA512_224_Final writes the SHA-512/224 digest of everything added to
// `sha` to `out`, zeroes `sha`, and returns one.
OPENSSL_EXPORT int SHA512_224_Final(uint8_t out[SHA512_224_DIGEST_LENGTH],
                                    SHA512_CTX *sha);

// SHA512_224 writes the SHA-512/224 digest of `len` bytes from `data` to
// `out` and returns `out`.
OPENSSL_EXPORT uint8_t *SHA512_224(const uint8_t *data, size_t len,
                                   uint8_t out[SHA512_224_DIGEST_LENGTH]);

// SHA-512/256.

// SHA512_256_DIGEST_LENGTH is the length of a SHA-512/256 digest in bytes.
// Its block size is SHA512_CBLOCK.
#define SHA512_256_DIGEST_LENGTH 32

// SHA512_256_Init initialises `sha` for a new SHA-512/256 computation and
// returns one.
OPENSSL_EXPORT int SHA512_256_Init(SHA512_CTX *sha);

// SHA512_256_Update adds `len` bytes from `data` to `sha` and returns one.
OPENSSL_EXPORT int SHA512_256_Update(SHA512_CTX *sha, const void *data,
                                     size_t len);

// SHA512_256_Final writes the SHA-512/256 digest of everything added to
// `sha` to `out`, zeroes `sha`, and returns one.
OPENSSL_EXPORT int SHA512_256_Final(uint8_t out[SHA512_256_DIGEST_LENGTH],
                                    SHA512_CTX *sha);

// SHA512_256 writes the SHA-512/256 digest of `len` bytes from `data` to
// `out` and returns `out`.
OPENSSL_EXPORT uint8_t *SHA512_256(const uint8_t *data, size_t len,
                                   uint8_t out[SHA512_256_DIGEST_LENGTH]);

// Contexts.
//
// Each holds the chaining value `h`, the message length so far in bytes,
// and the bytes of a block not yet compressed (`num` of them, always fewer
// than one block).

struct sha_state_st {
  uint32_t h[5];
  uint32_t num;
  uint64_t len;  // bytes added so far, mod 2^64
  uint8_t data[SHA_CBLOCK];
};

struct sha256_state_st {
  uint32_t h[8];
  uint32_t num;
  uint64_t len;  // bytes added so far, mod 2^64
  uint8_t data[SHA256_CBLOCK];
};

struct sha512_state_st {
  uint64_t h[8];
  uint64_t len_lo, len_hi;  // bytes added so far, a 128-bit count
  uint32_t num;
  uint8_t data[SHA512_CBLOCK];
};

// Batch hashing.
//
// These hash many independent messages in one call, for Merkle trees,
// content-addressed stores and hash-based signatures. Where the CPU allows,
// several messages are hashed at once in the lanes of vector registers;
// every result equals what SHA256() or SHA512() gives for that message.
// They allocate nothing and cannot fail. `n` may be zero, in which case
// nothing is read or written (and the pointers may be NULL).

// SHA256_hash_pairs writes, for each i < `n`, the SHA-256 digest of the 64
// bytes at `in` + 64*i to `out` + 32*i: the parent nodes of `n` pairs of
// 32-byte child digests in a binary Merkle tree whose nodes are the SHA-256
// of their two children concatenated. `out` may equal `in`, so a tree
// layer can be computed in place; otherwise the 32*`n` bytes at `out` must
// not overlap the 64*`n` bytes at `in`.
OPENSSL_EXPORT void SHA256_hash_pairs(uint8_t *out, const uint8_t *in,
                                      size_t n);

// SHA256_batch writes, for each i < `n`, the SHA-256 digest of the
// `lens[i]` bytes at `ins[i]` to `out` + 32*i. The lengths may differ;
// `ins[i]` may be NULL when `lens[i]` is zero, and several entries may
// point to the same bytes. The 32*`n` bytes at `out` must not overlap any
// input, nor the `ins` and `lens` arrays.
OPENSSL_EXPORT void SHA256_batch(uint8_t *out, const uint8_t *const *ins,
                                 const size_t *lens, size_t n);

// SHA512_hash_pairs writes, for each i < `n`, the SHA-512 digest of the
// 128 bytes at `in` + 128*i to `out` + 64*i (the Merkle parent of two
// 64-byte children). `out` may equal `in`; otherwise the 64*`n` bytes at
// `out` must not overlap the 128*`n` bytes at `in`.
OPENSSL_EXPORT void SHA512_hash_pairs(uint8_t *out, const uint8_t *in,
                                      size_t n);

// SHA512_batch writes, for each i < `n`, the SHA-512 digest of the
// `lens[i]` bytes at `ins[i]` to `out` + 64*i, with the rules of
// SHA256_batch.
OPENSSL_EXPORT void SHA512_batch(uint8_t *out, const uint8_t *const *ins,
                                 const size_t *lens, size_t n);

#if defined(__cplusplus)
}  // extern "C"
#endif

#endif  // OPENSSL_HEADER_SHA_H
