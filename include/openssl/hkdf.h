// Copyright 2026 The project authors.

#ifndef OPENSSL_HEADER_HKDF_H
#define OPENSSL_HEADER_HKDF_H

#include <openssl/base.h>
#include <openssl/digest.h>

#if defined(__cplusplus)
extern "C" {
#endif

// HKDF.
//
// HKDF is the HMAC-based key derivation function of RFC 5869, over any
// EVP_MD of digest.h:
//   PRK = HMAC-Hash(salt, IKM)                         (extract, §2.2)
//   T(0) = empty, T(i) = HMAC-Hash(PRK, T(i-1) || info || i) for
//   i = 1..N, N = ceil(L / HashLen) <= 255, OKM = first L bytes of
//   T(1) || ... || T(N)                                (expand, §2.3)
// An absent salt (NULL, length 0) is, as RFC 5869 specifies, HashLen zero
// bytes; HMAC pads either to the same key.
//
// The functions return one on success and zero on failure, pushing an error
// of library ERR_LIB_HKDF (or of the HMAC or digest library). The output
// buffer must not overlap any input.

// HKDF derives `out_len` bytes into `out_key` from the `secret_len`-byte
// input keying material `secret`, the `salt_len`-byte `salt` and the
// `info_len`-byte `info` with `digest`: HKDF_extract then HKDF_expand. Any
// input may be NULL if its length is zero. It returns one, or zero with
// HKDF_R_OUTPUT_TOO_LARGE if `out_len` > 255 * EVP_MD_size(digest), or
// ERR_R_PASSED_NULL_PARAMETER if `digest` is NULL or a NULL pointer comes
// with a non-zero length.
OPENSSL_EXPORT int HKDF(uint8_t *out_key, size_t out_len, const EVP_MD *digest,
                        const uint8_t *secret, size_t secret_len,
                        const uint8_t *salt, size_t salt_len,
                        const uint8_t *info, size_t info_len);

// HKDF_extract computes PRK = HMAC-`digest`(`salt`, `secret`) into
// `out_key`, which must have room for EVP_MD_size(`digest`) bytes (at most
// EVP_MAX_MD_SIZE), and sets `*out_len` to that size. `secret` and `salt`
// may be NULL if their lengths are zero. It returns one, or zero with
// ERR_R_PASSED_NULL_PARAMETER if `digest`, `out_key` or `out_len` is NULL.
OPENSSL_EXPORT int HKDF_extract(uint8_t *out_key, size_t *out_len,
                                const EVP_MD *digest, const uint8_t *secret,
                                size_t secret_len, const uint8_t *salt,
                                size_t salt_len);

// HKDF_expand computes `out_len` bytes of OKM from the `prk_len`-byte `prk`
// and the `info_len`-byte `info` with `digest` into `out_key`. RFC 5869 asks
// for a PRK of at least HashLen bytes; shorter ones are accepted (HMAC takes
// any key length). `info` may be NULL if `info_len` is zero; `out_len` may be
// zero. It returns one, or zero with HKDF_R_OUTPUT_TOO_LARGE if `out_len` >
// 255 * EVP_MD_size(digest) (nothing is written then), or
// ERR_R_PASSED_NULL_PARAMETER if `digest` is NULL or a NULL pointer comes
// with a non-zero length.
OPENSSL_EXPORT int HKDF_expand(uint8_t *out_key, size_t out_len,
                               const EVP_MD *digest, const uint8_t *prk,
                               size_t prk_len, const uint8_t *info,
                               size_t info_len);

#if defined(__cplusplus)
}  // extern "C"
#endif

#endif  // OPENSSL_HEADER_HKDF_H
