// Copyright 2026 The project authors.
//
// glue.h: the provider's narrow view of the library.
//
// The library's public headers are named <openssl/...> like OpenSSL's, so no
// translation unit can include both. The provider's OpenSSL-facing files
// (prov.c, digests.c, ciphers.c, macs.c, kdfs.c) include only OpenSSL's core
// headers and this file; glue.c alone includes the library's headers and
// implements the functions below on its public API. Contexts are storage
// the caller allocates (of the size the *_ctx_size function returns, aligned
// to 16 bytes), so a provider context is one allocation.

#ifndef BITTERN_PROVIDER_GLUE_H
#define BITTERN_PROVIDER_GLUE_H

#include <stddef.h>
#include <stdint.h>

// The digests, in the order of the provider's digest table.
enum bt_digest {
  BT_SHA1,
  BT_SHA224,
  BT_SHA256,
  BT_SHA384,
  BT_SHA512,
  BT_SHA512_224,
  BT_SHA512_256,
  BT_NUM_DIGESTS
};

#define BT_MAX_MD_SIZE 64
#define BT_CHACHA20_KEY_LEN 32
#define BT_CHACHA20_NONCE_LEN 12
#define BT_POLY1305_KEY_LEN 32
#define BT_POLY1305_TAG_LEN 16
// BT_POLY1305_STATE_SIZE and _ALIGN: the storage of a Poly1305 state. The
// library places its context at the first 64-byte aligned address inside
// the state, so a state kept 64-byte aligned may be copied with memcpy to
// another 64-byte aligned state (the provider's dupctx relies on this).
#define BT_POLY1305_STATE_SIZE 512
#define BT_POLY1305_STATE_ALIGN 64

size_t bt_digest_size(int d);
size_t bt_digest_block_size(int d);
// bt_digest_impl_name returns the implementation row hashing with `d`.
const char *bt_digest_impl_name(int d);
// bt_impl_name returns CRYPTO_implementation_name(`primitive`).
const char *bt_impl_name(const char *primitive);

// Digest contexts: the library's SHA_CTX, SHA256_CTX or SHA512_CTX for the
// digest `d` (BT_*), driven through SHA*_Init/Update/Final directly. A
// context is bt_md_ctx_size() bytes, aligned for a uint64_t; bt_md_init or
// bt_md_copy (as its `dst`) sets it; bt_md_init may run any number of times,
// every call on one context names the same `d`, and wiping its bytes
// (bt_free, bt_cleanse) ends it: the state holds no pointers. None of these
// can fail. bt_md_final zeroes the context (the library's SHA*_Final do).
size_t bt_md_ctx_size(void);
void bt_md_init(void *ctx, int d);
void bt_md_update(void *ctx, int d, const void *in, size_t len);
void bt_md_final(void *ctx, int d, uint8_t *out);
void bt_md_copy(void *dst, const void *src);
// bt_md_oneshot writes the digest `d` of the `len` bytes at `in` (NULL when
// `len` is zero) to `out`, with the library's one-shot function: no context,
// and a cheaper final block than bt_md_init/update/final for short inputs.
void bt_md_oneshot(int d, const void *in, size_t len, uint8_t *out);

// HMAC contexts (HMAC_CTX). bt_hmac_init must run first; bt_hmac_cleanup
// last. bt_hmac_start with `key` NULL restarts under the previous key.
size_t bt_hmac_ctx_size(void);
void bt_hmac_init(void *ctx);
int bt_hmac_start(void *ctx, int d, const uint8_t *key, size_t key_len);
int bt_hmac_update(void *ctx, const uint8_t *in, size_t len);
int bt_hmac_final(void *ctx, uint8_t *out, size_t *out_len);
int bt_hmac_copy(void *dst, const void *src);
void bt_hmac_cleanup(void *ctx);

// Poly1305 over storage of BT_POLY1305_STATE_SIZE bytes.
void bt_poly1305_init(void *state, const uint8_t key[32]);
void bt_poly1305_update(void *state, const uint8_t *in, size_t len);
void bt_poly1305_finish(void *state, uint8_t tag[16]);

// bt_chacha20 is CRYPTO_chacha_20.
void bt_chacha20(uint8_t *out, const uint8_t *in, size_t len,
                 const uint8_t key[32], const uint8_t nonce[12],
                 uint32_t counter);

// ChaCha20-Poly1305 (RFC 8439) in one call, with a 16-byte tag kept apart
// from the text. `out` may equal `in`. bt_aead_open writes no plaintext
// unless the tag matches; on a mismatch it returns zero and zeroes `out`.
int bt_aead_seal(const uint8_t key[32], const uint8_t nonce[12], uint8_t *out,
                 uint8_t tag[16], const uint8_t *in, size_t len,
                 const uint8_t *ad, size_t ad_len);
int bt_aead_open(const uint8_t key[32], const uint8_t nonce[12], uint8_t *out,
                 const uint8_t *in, size_t len, const uint8_t tag[16],
                 const uint8_t *ad, size_t ad_len);

// HKDF (RFC 5869): extract writes bt_digest_size(d) bytes.
int bt_hkdf_extract(int d, uint8_t *out, const uint8_t *salt, size_t salt_len,
                    const uint8_t *ikm, size_t ikm_len);
int bt_hkdf_expand(int d, uint8_t *out, size_t out_len, const uint8_t *prk,
                   size_t prk_len, const uint8_t *info, size_t info_len);

void bt_cleanse(void *p, size_t len);
int bt_memcmp(const void *a, const void *b, size_t len);

#endif  // BITTERN_PROVIDER_GLUE_H
