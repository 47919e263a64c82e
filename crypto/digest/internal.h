// Copyright 2026 The project authors.
//
// crypto/digest/internal.h: what the layers above the EVP digests (HMAC,
// HKDF) use beyond the public interface.

#ifndef BITTERN_CRYPTO_DIGEST_INTERNAL_H
#define BITTERN_CRYPTO_DIGEST_INTERNAL_H

#include <openssl/digest.h>

#if defined(__cplusplus)
extern "C" {
#endif

// evp_md_init_two_blocks sets `ctx0` and `ctx1` (need not be initialised) to
// `md` contexts that have absorbed one block each: EVP_MD_block_size(md)
// bytes at `in0` and at `in1`. It equals EVP_DigestInit_ex and
// EVP_DigestUpdate of one block on each, but the SHA-2 digests compress
// the two blocks in one interleaved pass (crypto/sha/impls.h,
// SHA256_X2_IMPLS / SHA512_X2_IMPLS): HMAC's key schedule. The contexts must
// not overlap each other or the inputs. `md` must not be NULL.
void evp_md_init_two_blocks(const EVP_MD *md, EVP_MD_CTX *ctx0,
                            const uint8_t *in0, EVP_MD_CTX *ctx1,
                            const uint8_t *in1);

// evp_md_finish_from writes to `out` the digest (EVP_MD_size bytes) of the
// message `ctx` has absorbed followed by the `len` bytes at `in`, as
// EVP_DigestUpdate and EVP_DigestFinal_ex on a copy of `ctx` would; `ctx`
// itself is left as it was. `ctx` must have absorbed a whole number of
// blocks (as evp_md_init_two_blocks leaves it). The SHA-2 digests compress
// `in`'s whole blocks straight from it and build only the padded tail
// (crypto/sha/internal.h, sha256_finish_from): no context is copied and no
// byte buffered. `out` may alias `in`.
void evp_md_finish_from(const EVP_MD_CTX *ctx, const uint8_t *in, size_t len,
                        uint8_t *out);

#if defined(__cplusplus)
}  // extern "C"
#endif

#endif  // BITTERN_CRYPTO_DIGEST_INTERNAL_H
