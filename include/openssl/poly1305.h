// Copyright 2026 The project authors.

#ifndef OPENSSL_HEADER_POLY1305_H
#define OPENSSL_HEADER_POLY1305_H

#include <openssl/base.h>

#if defined(__cplusplus)
extern "C" {
#endif

// Poly1305.
//
// Poly1305 (RFC 8439, section 2.5) is a one-time authenticator: a 32-byte
// key (r, s) must authenticate only one message. Reusing a key lets an
// attacker forge. The AEADs in <openssl/aead.h> derive a fresh key per nonce.

// poly1305_state is an opaque buffer holding a Poly1305 computation. It
// needs no particular alignment: the library places its 64-byte-aligned
// context inside it at an offset that depends on the buffer's address, so a
// state in use must not be moved or copied to another address.
typedef uint8_t poly1305_state[512];

// CRYPTO_poly1305_init sets up `state` to authenticate a message with the
// 32-byte one-time `key`: r = clamp(key[0..15]), s = key[16..31].
OPENSSL_EXPORT void CRYPTO_poly1305_init(poly1305_state *state,
                                         const uint8_t key[32]);

// CRYPTO_poly1305_update feeds `in_len` bytes from `in` into `state`. It may
// be called any number of times with any lengths; the result only depends on
// the concatenation. `in` may be NULL when `in_len` is 0.
OPENSSL_EXPORT void CRYPTO_poly1305_update(poly1305_state *state,
                                           const uint8_t *in, size_t in_len);

// CRYPTO_poly1305_finish writes the 16-byte tag of everything fed into
// `state` to `mac` and zeroes `state`. Compare tags with CRYPTO_memcmp.
OPENSSL_EXPORT void CRYPTO_poly1305_finish(poly1305_state *state,
                                           uint8_t mac[16]);

#if defined(__cplusplus)
}  // extern "C"
#endif

#endif  // OPENSSL_HEADER_POLY1305_H
