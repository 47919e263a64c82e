// Copyright 2026 The project authors.

#ifndef OPENSSL_HEADER_AEAD_H
#define OPENSSL_HEADER_AEAD_H

#include <openssl/base.h>

#if defined(__cplusplus)
extern "C" {
#endif

// Authenticated Encryption with Associated Data.
//
// An AEAD encrypts a plaintext and authenticates it together with
// "additional data" (AD) that is sent in the clear. Sealing under a key and
// a nonce gives a ciphertext followed by a tag; opening checks the tag over
// the AD and the ciphertext and releases the plaintext only if it matches.
// A (key, nonce) pair must never seal two different messages: with these
// AEADs that reveals the XOR of the plaintexts and allows forgeries.
//
// Errors are reported by a zero return value and a code on the error queue
// (<openssl/err.h>, library ERR_LIB_CIPHER).

// AEAD algorithms.

// EVP_aead_chacha20_poly1305 is ChaCha20-Poly1305 (RFC 8439, section 2.8):
// 32-byte key, 12-byte nonce, 16-byte tag. One (key, nonce) seals at most
// 64 * (2^32 - 1) bytes of plaintext (the ChaCha20 block counter must not
// wrap; block 0 makes the Poly1305 key); longer inputs are refused with
// CIPHER_R_TOO_LARGE. Random nonces are too short for many messages under one
// key: prefer a counter, or XChaCha20-Poly1305.
OPENSSL_EXPORT const EVP_AEAD *EVP_aead_chacha20_poly1305(void);

// EVP_aead_xchacha20_poly1305 is XChaCha20-Poly1305
// (draft-irtf-cfrg-xchacha): a 24-byte nonce, the first 16 bytes of which
// derive a subkey with HChaCha20; then ChaCha20-Poly1305 with that subkey
// and the nonce 0x00000000 || nonce[16..23]. Same key, tag and length limits
// as EVP_aead_chacha20_poly1305. 24-byte nonces may be chosen at random.
OPENSSL_EXPORT const EVP_AEAD *EVP_aead_xchacha20_poly1305(void);

// Properties of an AEAD.

// EVP_AEAD_MAX_KEY_LENGTH is at least the key length of every AEAD.
#define EVP_AEAD_MAX_KEY_LENGTH 80
// EVP_AEAD_MAX_NONCE_LENGTH is at least the nonce length of every AEAD.
#define EVP_AEAD_MAX_NONCE_LENGTH 24
// EVP_AEAD_MAX_OVERHEAD is at least the overhead of every AEAD.
#define EVP_AEAD_MAX_OVERHEAD 64

// EVP_AEAD_key_length returns the key length, in bytes, of `aead`.
OPENSSL_EXPORT size_t EVP_AEAD_key_length(const EVP_AEAD *aead);

// EVP_AEAD_nonce_length returns the nonce length, in bytes, of `aead`.
OPENSSL_EXPORT size_t EVP_AEAD_nonce_length(const EVP_AEAD *aead);

// EVP_AEAD_max_overhead returns the most that sealing can add to the length
// of the plaintext, in bytes.
OPENSSL_EXPORT size_t EVP_AEAD_max_overhead(const EVP_AEAD *aead);

// EVP_AEAD_max_tag_len returns the longest tag `aead` can make, in bytes.
OPENSSL_EXPORT size_t EVP_AEAD_max_tag_len(const EVP_AEAD *aead);

// Keyed AEAD contexts.

// EVP_AEAD_DEFAULT_TAG_LENGTH, given as the tag length to EVP_AEAD_CTX_init
// or EVP_AEAD_CTX_new, selects the AEAD's full tag length (16 bytes here).
#define EVP_AEAD_DEFAULT_TAG_LENGTH 0

// union evp_aead_ctx_st_state holds the key material of an EVP_AEAD_CTX. Its
// contents are private to the library.
union evp_aead_ctx_st_state {
  uint8_t opaque[32];
  uint64_t alignment;
};

// struct evp_aead_ctx_st (EVP_AEAD_CTX) is a key in use with one AEAD. It is
// public so it can live on the stack; its fields are private. Set it up with
// EVP_AEAD_CTX_zero or EVP_AEAD_CTX_init and release it with
// EVP_AEAD_CTX_cleanup. Once initialised, it may be used from several
// threads at once (sealing and opening do not change it).
struct evp_aead_ctx_st {
  const EVP_AEAD *aead;
  union evp_aead_ctx_st_state state;
  uint8_t tag_len;
};

// EVP_AEAD_CTX_zero sets `ctx` to the uninitialised state: cleaning it up is
// a no-op and sealing or opening with it fails (CIPHER_R_NOT_INITIALIZED).
OPENSSL_EXPORT void EVP_AEAD_CTX_zero(EVP_AEAD_CTX *ctx);

// EVP_AEAD_CTX_new allocates a context and initialises it as
// EVP_AEAD_CTX_init does. It returns the context, or NULL on error. Free it
// with EVP_AEAD_CTX_free.
OPENSSL_EXPORT EVP_AEAD_CTX *EVP_AEAD_CTX_new(const EVP_AEAD *aead,
                                              const uint8_t *key,
                                              size_t key_len, size_t tag_len);

// EVP_AEAD_CTX_free cleans up and frees `ctx`. `ctx` may be NULL.
OPENSSL_EXPORT void EVP_AEAD_CTX_free(EVP_AEAD_CTX *ctx);

// EVP_AEAD_CTX_init sets up `ctx` to use `aead` with the `key_len` bytes of
// `key` and tags of `tag_len` bytes (1 up to EVP_AEAD_max_tag_len, or
// EVP_AEAD_DEFAULT_TAG_LENGTH for the full tag; shorter tags are prefixes of
// the full one and are weaker). `impl` is ignored; pass NULL. It returns one
// on success. On failure it returns zero, leaves `ctx` uninitialised (as
// EVP_AEAD_CTX_zero) and pushes CIPHER_R_BAD_KEY_LENGTH if `key_len` is not
// EVP_AEAD_key_length(aead), CIPHER_R_TAG_TOO_LARGE if `tag_len` is too
// large, or ERR_R_PASSED_NULL_PARAMETER if `aead` is NULL.
OPENSSL_EXPORT int EVP_AEAD_CTX_init(EVP_AEAD_CTX *ctx, const EVP_AEAD *aead,
                                     const uint8_t *key, size_t key_len,
                                     size_t tag_len, ENGINE *impl);

// EVP_AEAD_CTX_cleanup zeroes the key material in `ctx` and leaves it
// uninitialised. It may be called on a context set up by EVP_AEAD_CTX_zero
// or by a failed EVP_AEAD_CTX_init.
OPENSSL_EXPORT void EVP_AEAD_CTX_cleanup(EVP_AEAD_CTX *ctx);

// EVP_AEAD_CTX_aead returns the AEAD `ctx` was initialised with, or NULL.
OPENSSL_EXPORT const EVP_AEAD *EVP_AEAD_CTX_aead(const EVP_AEAD_CTX *ctx);

// Sealing and opening.
//
// For every function below: `nonce_len` must be EVP_AEAD_nonce_length of
// the context's AEAD (CIPHER_R_INVALID_NONCE_SIZE otherwise); a pointer may
// be NULL when its length is 0. Lengths above the AEAD's limit are refused
// with CIPHER_R_TOO_LARGE.
//
// Aliasing: `out` may be exactly `in` (in place) but must not overlap it
// otherwise, nor overlap seal_scatter's `extra_in`; seal_scatter's `out_tag`
// must not overlap `in`, `out` or `extra_in` (the rules per function are
// below). A call that breaks these rules is refused with
// CIPHER_R_OUTPUT_ALIASES_INPUT before anything is written, so the caller's
// buffers are unchanged. The nonce, the AD and open_gather's `in_tag` may
// overlap anything, outputs included: they are read in full before the
// first output byte is written. Inputs may overlap each other. Only the
// bytes a call writes count as its output: `in_len` bytes of `out` (plus
// the tag for seal), and `extra_in_len` + tag length bytes of `out_tag`.
//
// On other failures `*out_len` (or `*out_tag_len`) is set to zero and the
// output buffers are zeroed (all `max_out_len` bytes, or `in_len` bytes of
// `out` and `max_out_tag_len` of `out_tag`), except when the lengths
// themselves were refused as too large, in which case nothing is written to
// them. (An aliasing refusal also sets `*out_len` to zero.)

// EVP_AEAD_CTX_seal encrypts and authenticates the `in_len` bytes of `in`
// and authenticates the `ad_len` bytes of `ad`, writing the ciphertext
// followed by the tag (in_len + tag length bytes) to `out` and that length to
// `*out_len`. `max_out_len` is the size of `out`; if it is too small the call
// fails with CIPHER_R_BUFFER_TOO_SMALL. The in_len + tag length bytes written
// to `out` must start at `in` or not overlap `in`. It returns one on success
// and zero on failure.
OPENSSL_EXPORT int EVP_AEAD_CTX_seal(const EVP_AEAD_CTX *ctx, uint8_t *out,
                                     size_t *out_len, size_t max_out_len,
                                     const uint8_t *nonce, size_t nonce_len,
                                     const uint8_t *in, size_t in_len,
                                     const uint8_t *ad, size_t ad_len);

// EVP_AEAD_CTX_open checks the tag at the end of the `in_len` bytes of `in`
// (ciphertext then tag) over `ad` and the ciphertext, and if it matches
// writes the plaintext (in_len - tag length bytes) to `out` and its length
// to `*out_len`. It returns one on success. If `in` is shorter than a tag or
// the tag does not match, it returns zero with CIPHER_R_BAD_DECRYPT and no
// plaintext is written: `out` is zeroed. `max_out_len` is the size of `out`
// (CIPHER_R_BUFFER_TOO_SMALL if too small). The in_len - tag length bytes
// written to `out` must start at `in` or not overlap the `in_len` bytes of
// `in`. The tag is compared in constant time.
OPENSSL_EXPORT int EVP_AEAD_CTX_open(const EVP_AEAD_CTX *ctx, uint8_t *out,
                                     size_t *out_len, size_t max_out_len,
                                     const uint8_t *nonce, size_t nonce_len,
                                     const uint8_t *in, size_t in_len,
                                     const uint8_t *ad, size_t ad_len);

// EVP_AEAD_CTX_seal_scatter encrypts the `in_len` bytes of `in` into the
// `in_len` bytes of `out` (which may equal `in`), then encrypts the
// `extra_in_len` bytes of `extra_in` as if they followed `in`, writing them
// to `out_tag`, followed by the tag. `*out_tag_len` is set to
// extra_in_len + tag length, which must fit in `max_out_tag_len`
// (CIPHER_R_BUFFER_TOO_SMALL otherwise). Aliasing, refused with
// CIPHER_R_OUTPUT_ALIASES_INPUT: `out` must be `in` or not overlap it;
// `out` must not overlap `extra_in` (even when `out` == `in`); the
// extra_in_len + tag length bytes of `out_tag` must not overlap `in`, `out`
// or `extra_in`. `in` and `extra_in` may overlap each other; `nonce` and
// `ad` may overlap anything. It returns one on success and zero on failure.
OPENSSL_EXPORT int EVP_AEAD_CTX_seal_scatter(
    const EVP_AEAD_CTX *ctx, uint8_t *out, uint8_t *out_tag,
    size_t *out_tag_len, size_t max_out_tag_len, const uint8_t *nonce,
    size_t nonce_len, const uint8_t *in, size_t in_len,
    const uint8_t *extra_in, size_t extra_in_len, const uint8_t *ad,
    size_t ad_len);

// EVP_AEAD_CTX_open_gather checks the `in_tag_len`-byte tag `in_tag` over
// `ad` and the `in_len` bytes of ciphertext `in`, and if it matches writes
// the `in_len` bytes of plaintext to `out`, which must be `in` or not overlap
// it (CIPHER_R_OUTPUT_ALIASES_INPUT); `in_tag`, `nonce` and `ad` may overlap
// anything, `out` included. It returns one on success. If `in_tag_len` is
// not the context's tag length or the tag does not match, it returns zero
// with CIPHER_R_BAD_DECRYPT and zeroes the `in_len` bytes of `out`; no
// plaintext is ever written before the tag is verified.
OPENSSL_EXPORT int EVP_AEAD_CTX_open_gather(
    const EVP_AEAD_CTX *ctx, uint8_t *out, const uint8_t *nonce,
    size_t nonce_len, const uint8_t *in, size_t in_len, const uint8_t *in_tag,
    size_t in_tag_len, const uint8_t *ad, size_t ad_len);

#if defined(__cplusplus)
}  // extern "C"
#endif

#endif  // OPENSSL_HEADER_AEAD_H
