// Copyright 2026 The project authors.
//
// digest.h: the EVP digest interface, one API over every hash function of
// sha.h.

#ifndef OPENSSL_HEADER_DIGEST_H
#define OPENSSL_HEADER_DIGEST_H

#include <openssl/base.h>
#include <openssl/sha.h>

#if defined(__cplusplus)
extern "C" {
#endif

// An EVP_MD describes one hash function: its digest size, block size, NID
// and name. The library owns them (EVP_sha256() and friends return pointers
// to static objects that are never freed).
//
// An EVP_MD_CTX holds one hash computation in progress. It is a public
// struct so callers may put it on the stack; it never allocates.
//
// Functions that can fail return one on success and zero on failure, and on
// failure push an error of library ERR_LIB_DIGEST (see err.h).

// Digests.

// EVP_MAX_MD_SIZE is the largest digest size of any EVP_MD, in bytes.
#define EVP_MAX_MD_SIZE 64

// EVP_MAX_MD_BLOCK_SIZE is the largest block size of any EVP_MD, in bytes.
#define EVP_MAX_MD_BLOCK_SIZE 128

// NIDs: the numbers EVP_MD_type returns. They are OpenSSL's.
#define NID_undef 0
#define NID_sha1 64
#define NID_sha256 672
#define NID_sha384 673
#define NID_sha512 674
#define NID_sha224 675
#define NID_sha512_224 1094
#define NID_sha512_256 1095

// EVP_sha1 returns the EVP_MD of SHA-1.
OPENSSL_EXPORT const EVP_MD *EVP_sha1(void);

// EVP_sha224 returns the EVP_MD of SHA-224.
OPENSSL_EXPORT const EVP_MD *EVP_sha224(void);

// EVP_sha256 returns the EVP_MD of SHA-256.
OPENSSL_EXPORT const EVP_MD *EVP_sha256(void);

// EVP_sha384 returns the EVP_MD of SHA-384.
OPENSSL_EXPORT const EVP_MD *EVP_sha384(void);

// EVP_sha512 returns the EVP_MD of SHA-512.
OPENSSL_EXPORT const EVP_MD *EVP_sha512(void);

// EVP_sha512_224 returns the EVP_MD of SHA-512/224.
OPENSSL_EXPORT const EVP_MD *EVP_sha512_224(void);

// EVP_sha512_256 returns the EVP_MD of SHA-512/256.
OPENSSL_EXPORT const EVP_MD *EVP_sha512_256(void);

// EVP_get_digestbyname returns the EVP_MD called `name`, or NULL if there is
// none. Case is ignored, and each digest answers to several spellings: for
// SHA-256 "SHA256", "SHA-256", "SHA2-256"; for SHA-1 "SHA1", "SHA-1"; for
// SHA-512/256 "SHA512-256", "SHA-512/256", "SHA2-512/256", "SHA512_256" (and
// likewise for the others).
OPENSSL_EXPORT const EVP_MD *EVP_get_digestbyname(const char *name);

// EVP_get_digestbynid returns the EVP_MD whose NID is `nid`, or NULL if
// there is none.
OPENSSL_EXPORT const EVP_MD *EVP_get_digestbynid(int nid);

// EVP_MD_type returns the NID of `md` (one of the NID_* values above).
OPENSSL_EXPORT int EVP_MD_type(const EVP_MD *md);

// EVP_MD_nid is EVP_MD_type.
OPENSSL_EXPORT int EVP_MD_nid(const EVP_MD *md);

// EVP_MD_name returns the short name of `md` ("SHA1", "SHA224", "SHA256",
// "SHA384", "SHA512", "SHA512-224" or "SHA512-256"), a static string.
OPENSSL_EXPORT const char *EVP_MD_name(const EVP_MD *md);

// EVP_MD_size returns the size of `md`'s digests, in bytes.
OPENSSL_EXPORT size_t EVP_MD_size(const EVP_MD *md);

// EVP_MD_block_size returns the block size of `md`, in bytes (the size HMAC
// pads its key to).
OPENSSL_EXPORT size_t EVP_MD_block_size(const EVP_MD *md);

// Hashing contexts.

// EVP_MD_CTX_init puts `ctx` in the empty state: no digest is set, and
// EVP_DigestUpdate and EVP_DigestFinal_ex fail until EVP_DigestInit_ex is
// called. A context on the stack must be initialised before anything else
// is done with it.
OPENSSL_EXPORT void EVP_MD_CTX_init(EVP_MD_CTX *ctx);

// EVP_MD_CTX_new returns a new, empty context from the heap, or NULL if
// memory is exhausted. Free it with EVP_MD_CTX_free.
OPENSSL_EXPORT EVP_MD_CTX *EVP_MD_CTX_new(void);

// EVP_MD_CTX_cleanup overwrites `ctx` with zeros, leaving it in the empty
// state, and returns one. A context needs no cleanup to release memory (it
// owns none), only to erase the hash state.
OPENSSL_EXPORT int EVP_MD_CTX_cleanup(EVP_MD_CTX *ctx);

// EVP_MD_CTX_reset is EVP_MD_CTX_cleanup.
OPENSSL_EXPORT int EVP_MD_CTX_reset(EVP_MD_CTX *ctx);

// EVP_MD_CTX_free erases and frees `ctx`, which came from EVP_MD_CTX_new.
// `ctx` may be NULL.
OPENSSL_EXPORT void EVP_MD_CTX_free(EVP_MD_CTX *ctx);

// EVP_MD_CTX_create is EVP_MD_CTX_new.
OPENSSL_EXPORT EVP_MD_CTX *EVP_MD_CTX_create(void);

// EVP_MD_CTX_destroy is EVP_MD_CTX_free.
OPENSSL_EXPORT void EVP_MD_CTX_destroy(EVP_MD_CTX *ctx);

// EVP_MD_CTX_copy_ex makes `out` (an initialised context, empty or not) a
// copy of `in`, which must have a digest set, so both continue from the
// same state. It returns one, or zero if `in` has no digest (or either is
// NULL). `out` and `in` may be the same context.
OPENSSL_EXPORT int EVP_MD_CTX_copy_ex(EVP_MD_CTX *out, const EVP_MD_CTX *in);

// EVP_MD_CTX_copy is EVP_MD_CTX_copy_ex except that `out` need not have
// been initialised.
OPENSSL_EXPORT int EVP_MD_CTX_copy(EVP_MD_CTX *out, const EVP_MD_CTX *in);

// EVP_MD_CTX_md returns the digest set in `ctx`, or NULL if none is.
OPENSSL_EXPORT const EVP_MD *EVP_MD_CTX_md(const EVP_MD_CTX *ctx);

// EVP_MD_CTX_size returns the digest size of the digest set in `ctx`, or
// zero if none is.
OPENSSL_EXPORT size_t EVP_MD_CTX_size(const EVP_MD_CTX *ctx);

// EVP_MD_CTX_block_size returns the block size of the digest set in `ctx`,
// or zero if none is.
OPENSSL_EXPORT size_t EVP_MD_CTX_block_size(const EVP_MD_CTX *ctx);

// EVP_MD_CTX_type returns the NID of the digest set in `ctx`, or NID_undef
// if none is.
OPENSSL_EXPORT int EVP_MD_CTX_type(const EVP_MD_CTX *ctx);

// Hashing.

// EVP_DigestInit_ex sets `ctx` (initialised, in any state) to begin hashing
// a new message with `type`, discarding any computation in progress. `impl`
// is ignored. It returns one, or zero if `type` is NULL
// (DIGEST_R_UNKNOWN_DIGEST; `ctx` is left unchanged) or `ctx` is NULL
// (ERR_R_PASSED_NULL_PARAMETER).
OPENSSL_EXPORT int EVP_DigestInit_ex(EVP_MD_CTX *ctx, const EVP_MD *type,
                                     ENGINE *impl);

// EVP_DigestInit is EVP_MD_CTX_init followed by EVP_DigestInit_ex: `ctx`
// need not have been initialised.
OPENSSL_EXPORT int EVP_DigestInit(EVP_MD_CTX *ctx, const EVP_MD *type);

// EVP_DigestUpdate adds `len` bytes from `data` to the message hashed by
// `ctx`. `data` may be NULL when `len` is zero. It returns one, or zero
// (DIGEST_R_INPUT_NOT_INITIALIZED) if `ctx` has no digest set.
OPENSSL_EXPORT int EVP_DigestUpdate(EVP_MD_CTX *ctx, const void *data,
                                    size_t len);

// EVP_DigestFinal_ex writes the digest of the message hashed by `ctx` to
// `md_out`, which must have room for EVP_MD_CTX_size(ctx) bytes (at most
// EVP_MAX_MD_SIZE). If `out_size` is not NULL it sets `*out_size` to that
// size. The hash state is then erased; the digest stays set, so the context
// may be reused with EVP_DigestInit_ex(ctx, EVP_MD_CTX_md(ctx), NULL), but
// EVP_DigestUpdate or EVP_DigestFinal_ex before that hash an unspecified
// state. It returns one, or zero (DIGEST_R_INPUT_NOT_INITIALIZED) if `ctx`
// has no digest set, in which case nothing is written.
OPENSSL_EXPORT int EVP_DigestFinal_ex(EVP_MD_CTX *ctx, uint8_t *md_out,
                                      unsigned int *out_size);

// EVP_DigestFinal is EVP_DigestFinal_ex followed by EVP_MD_CTX_cleanup.
OPENSSL_EXPORT int EVP_DigestFinal(EVP_MD_CTX *ctx, uint8_t *md_out,
                                   unsigned int *out_size);

// EVP_Digest hashes `len` bytes from `data` with `type` in one call, writing
// the digest to `md_out` (room for EVP_MD_size(type) bytes) and, if
// `out_size` is not NULL, its size to `*out_size`. `impl` is ignored. The
// input and output may overlap. It returns one, or zero if `type` is NULL
// (DIGEST_R_UNKNOWN_DIGEST), in which case nothing is written.
OPENSSL_EXPORT int EVP_Digest(const void *data, size_t len, uint8_t *md_out,
                              unsigned int *out_size, const EVP_MD *type,
                              ENGINE *impl);

// OpenSSL 3 spellings.
//
// OpenSSL 3 renamed the accessors (EVP_MD_size became EVP_MD_get_size, ...)
// and added fetching by name. These are the same operations under those
// names, with OpenSSL 3's types (int sizes). There is one implementation of
// each digest and no library context or properties: an EVP_MD from
// EVP_MD_fetch is the static one EVP_sha256() and friends return, so it may
// be used and freed like a fetched one or not freed at all.

// EVP_MD_get_type is EVP_MD_type, except that a NULL `md` gives NID_undef.
OPENSSL_EXPORT int EVP_MD_get_type(const EVP_MD *md);

// EVP_MD_get0_name is EVP_MD_name, except that a NULL `md` gives NULL. For
// a digest from EVP_MD_fetch it is the same short name ("SHA256"), where
// OpenSSL 3 gives its provider's canonical name ("SHA2-256"); use
// EVP_MD_is_a to test a digest's identity by name portably.
OPENSSL_EXPORT const char *EVP_MD_get0_name(const EVP_MD *md);

// EVP_MD_get_size returns the digest size of `md` in bytes, or -1 if `md` is
// NULL.
OPENSSL_EXPORT int EVP_MD_get_size(const EVP_MD *md);

// EVP_MD_get_block_size returns the block size of `md` in bytes, or -1 if
// `md` is NULL.
OPENSSL_EXPORT int EVP_MD_get_block_size(const EVP_MD *md);

// EVP_MD_is_a returns one if `name` is one of the names EVP_get_digestbyname
// accepts for `md`, and zero otherwise (or if either is NULL).
OPENSSL_EXPORT int EVP_MD_is_a(const EVP_MD *md, const char *name);

// EVP_MD_fetch returns the digest called `algorithm` (any spelling
// EVP_get_digestbyname accepts), or NULL (DIGEST_R_UNKNOWN_DIGEST) if there
// is none. `libctx` and `properties` are ignored: there is one library
// context and one implementation of each digest. The result may be passed
// to EVP_MD_free.
OPENSSL_EXPORT EVP_MD *EVP_MD_fetch(OSSL_LIB_CTX *libctx,
                                    const char *algorithm,
                                    const char *properties);

// EVP_MD_up_ref does nothing and returns one: EVP_MDs are static.
OPENSSL_EXPORT int EVP_MD_up_ref(EVP_MD *md);

// EVP_MD_free does nothing: EVP_MDs are static. `md` may be NULL.
OPENSSL_EXPORT void EVP_MD_free(EVP_MD *md);

// EVP_MD_CTX_get0_md is EVP_MD_CTX_md.
OPENSSL_EXPORT const EVP_MD *EVP_MD_CTX_get0_md(const EVP_MD_CTX *ctx);

// EVP_MD_CTX_get_size returns the digest size of the digest set in `ctx`,
// or -1 if none is.
OPENSSL_EXPORT int EVP_MD_CTX_get_size(const EVP_MD_CTX *ctx);

// EVP_MD_CTX_get_block_size returns the block size of the digest set in
// `ctx`, or -1 if none is.
OPENSSL_EXPORT int EVP_MD_CTX_get_block_size(const EVP_MD_CTX *ctx);

// EVP_MD_CTX_get_type is EVP_MD_CTX_type.
OPENSSL_EXPORT int EVP_MD_CTX_get_type(const EVP_MD_CTX *ctx);

// EVP_DigestInit_ex2 is EVP_DigestInit_ex without the ENGINE, except that a
// NULL `type` keeps the digest already set in `ctx` and restarts it (zero,
// DIGEST_R_INPUT_NOT_INITIALIZED, if none is). No digest here takes
// parameters, so `params` must be NULL; anything else fails
// (ERR_R_PASSED_NULL_PARAMETER) and leaves `ctx` unchanged.
OPENSSL_EXPORT int EVP_DigestInit_ex2(EVP_MD_CTX *ctx, const EVP_MD *type,
                                      const OSSL_PARAM *params);

// EVP_Q_digest hashes `len` bytes from `data` with the digest called `name`
// (as EVP_MD_fetch finds it) into `md_out`, which must have room for its
// digest size, and sets `*out_size` to that size if `out_size` is not NULL.
// `libctx` and `propq` are ignored. It returns one, or zero
// (DIGEST_R_UNKNOWN_DIGEST) if there is no such digest, in which case
// nothing is written. The input and output may overlap.
OPENSSL_EXPORT int EVP_Q_digest(OSSL_LIB_CTX *libctx, const char *name,
                                const char *propq, const void *data,
                                size_t len, uint8_t *md_out,
                                size_t *out_size);

// The context structure.
//
// Callers may declare an EVP_MD_CTX and take its address but must use only
// the functions above on it. `digest` is NULL in the empty state; `u` holds
// the state of the hash computation for `digest`.

struct env_md_ctx_st {
  const EVP_MD *digest;
  union {
    SHA_CTX sha1;
    SHA256_CTX sha256;
    SHA512_CTX sha512;
  } u;
};

#if defined(__cplusplus)
}  // extern "C"
#endif

#endif  // OPENSSL_HEADER_DIGEST_H
