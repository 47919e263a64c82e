// Copyright 2026 The project authors.

#ifndef OPENSSL_HEADER_HMAC_H
#define OPENSSL_HEADER_HMAC_H

#include <openssl/base.h>
#include <openssl/digest.h>

#if defined(__cplusplus)
extern "C" {
#endif

// HMAC.
//
// HMAC (RFC 2104, FIPS 198-1) over any EVP_MD of digest.h:
//   K0 = key                 if len(key) <= B, zero-padded to B bytes,
//        H(key)              otherwise, zero-padded to B bytes,
//   HMAC(key, m) = H((K0 ^ opad) || H((K0 ^ ipad) || m)),
// where B is the digest's block size, ipad is B bytes of 0x36 and opad B
// bytes of 0x5c.
//
// Setting a key computes the hash states after absorbing K0 ^ ipad and
// K0 ^ opad once; each message then costs its own blocks plus two
// finalisations, and reusing the key (HMAC_Init_ex with a NULL key) costs a
// copy of the inner state.
//
// Functions that can fail return one on success and zero on failure, pushing
// an error of library ERR_LIB_HMAC (or of the digest library) to the error
// queue.

// HMAC computes the HMAC with `evp_md` of `data_len` bytes at `data` under
// the `key_len`-byte `key`, writes it to `out` (room for EVP_MD_size(evp_md)
// bytes, at most EVP_MAX_MD_SIZE) and, if `out_len` is not NULL, its length
// to `*out_len`. `key` may be NULL if `key_len` is zero, `data` if
// `data_len` is zero. `out` is written only after both inputs have been
// read, so it may overlap them. It returns `out`, or NULL on error
// (ERR_R_PASSED_NULL_PARAMETER if `evp_md` or `out` is NULL, or a NULL
// pointer comes with a non-zero length).
OPENSSL_EXPORT uint8_t *HMAC(const EVP_MD *evp_md, const void *key,
                             size_t key_len, const uint8_t *data,
                             size_t data_len, uint8_t *out,
                             unsigned int *out_len);

// HMAC_CTX_init puts `ctx` in the empty state (no digest and no key). A
// context on the stack must be initialised before any other use.
OPENSSL_EXPORT void HMAC_CTX_init(HMAC_CTX *ctx);

// HMAC_CTX_new returns a new, empty context from the heap, or NULL if memory
// is exhausted. Free it with HMAC_CTX_free.
OPENSSL_EXPORT HMAC_CTX *HMAC_CTX_new(void);

// HMAC_CTX_cleanup overwrites `ctx`, key material included, with zeros,
// leaving it in the empty state.
OPENSSL_EXPORT void HMAC_CTX_cleanup(HMAC_CTX *ctx);

// HMAC_CTX_reset is HMAC_CTX_cleanup, returning one (OpenSSL 1.1's name).
OPENSSL_EXPORT int HMAC_CTX_reset(HMAC_CTX *ctx);

// HMAC_CTX_free erases and frees `ctx`, which came from HMAC_CTX_new. `ctx`
// may be NULL.
OPENSSL_EXPORT void HMAC_CTX_free(HMAC_CTX *ctx);

// HMAC_Init_ex starts a new message in `ctx`, an initialised context:
//   - if `key` is not NULL, or `md` is not NULL and differs from the digest
//     `ctx` was keyed with, `ctx` is keyed with the `key_len` bytes at `key`
//     (the empty key if `key` is NULL, which then requires `key_len` == 0)
//     and digest `md` (the previous digest if `md` is NULL);
//   - otherwise (`key` NULL and `md` NULL or unchanged) the previous key and
//     digest are reused, which is cheap.
// `impl` is ignored. It returns one, or zero with HMAC_R_MISSING_PARAMETERS
// if no digest is given and `ctx` has none, or ERR_R_PASSED_NULL_PARAMETER
// if `key` is NULL with a non-zero `key_len`. On failure `ctx` is left empty.
OPENSSL_EXPORT int HMAC_Init_ex(HMAC_CTX *ctx, const void *key,
                                size_t key_len, const EVP_MD *md,
                                ENGINE *impl);

// HMAC_Update adds `data_len` bytes at `data` to the message of `ctx`.
// `data` may be NULL if `data_len` is zero. It returns one, or zero with
// HMAC_R_MISSING_PARAMETERS if no message is open (`ctx` has no key, or
// HMAC_Final ended the message and HMAC_Init_ex has not started another).
OPENSSL_EXPORT int HMAC_Update(HMAC_CTX *ctx, const uint8_t *data,
                               size_t data_len);

// HMAC_Final writes the HMAC of the message of `ctx` to `out` (room for
// HMAC_size(ctx) bytes, at most EVP_MAX_MD_SIZE) and, if `out_len` is not
// NULL, its length to `*out_len`. It then erases the message state: the key
// is kept, and HMAC_Init_ex(ctx, NULL, 0, NULL, NULL) starts the next
// message under it. It returns one, or zero with HMAC_R_MISSING_PARAMETERS
// if no message is open, or ERR_R_PASSED_NULL_PARAMETER if `out` is NULL;
// in both cases nothing is written and the message, if any, stays open.
OPENSSL_EXPORT int HMAC_Final(HMAC_CTX *ctx, uint8_t *out,
                              unsigned int *out_len);

// HMAC_size returns the length of the HMACs `ctx` computes, in bytes, or
// zero if `ctx` has no digest.
OPENSSL_EXPORT size_t HMAC_size(const HMAC_CTX *ctx);

// HMAC_CTX_get_md returns the digest `ctx` was keyed with, or NULL.
OPENSSL_EXPORT const EVP_MD *HMAC_CTX_get_md(const HMAC_CTX *ctx);

// HMAC_CTX_copy_ex makes `dest`, an initialised context, a copy of `src`:
// the same key and digest and the same message in progress (or none, if
// `src` has none open). Both then continue independently. It returns one,
// or zero with HMAC_R_MISSING_PARAMETERS if `src` has no key, in which case
// `dest` is left empty. `dest` and `src` may be the same context.
OPENSSL_EXPORT int HMAC_CTX_copy_ex(HMAC_CTX *dest, const HMAC_CTX *src);

// HMAC_CTX_copy is HMAC_CTX_copy_ex except that `dest` need not have been
// initialised (whatever it held is overwritten, not erased).
OPENSSL_EXPORT int HMAC_CTX_copy(HMAC_CTX *dest, const HMAC_CTX *src);

// The context structure.
//
// Callers may declare an HMAC_CTX and take its address but must use only
// the functions above on it. `md` is NULL in the empty state. `i_ctx` and
// `o_ctx` are the hash states after absorbing K0 ^ ipad and K0 ^ opad;
// `md_ctx` is the inner hash of the open message, in the empty state when
// no message is open. While `key_deferred` is non-zero (SHA-256 only), the
// two key states have not been computed yet: `o_ctx`'s state holds the two
// pads instead (crypto/hmac/hmac.c explains why).
struct hmac_ctx_st {
  const EVP_MD *md;
  EVP_MD_CTX md_ctx;
  EVP_MD_CTX i_ctx;
  EVP_MD_CTX o_ctx;
  int key_deferred;
};

#if defined(__cplusplus)
}  // extern "C"
#endif

#endif  // OPENSSL_HEADER_HMAC_H
