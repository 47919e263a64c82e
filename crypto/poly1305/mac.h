// Copyright 2026 The project authors.
//
// crypto/poly1305/mac.h: the internal interface Poly1305 offers the layers
// built on it (the AEADs): a context over whole 16-byte blocks, for callers
// whose MAC input is a sequence of padded pieces, so nothing is ever
// buffered. Its layout is private to crypto/poly1305/ (poly1305.c); callers
// only allocate it.

#ifndef OPENSSL_HEADER_CRYPTO_POLY1305_MAC_H
#define OPENSSL_HEADER_CRYPTO_POLY1305_MAC_H

#include <openssl/base.h>

#include <stdalign.h>

#if defined(__cplusplus)
extern "C" {
#endif

// POLY1305_MAC_CTX is an opaque Poly1305 computation. Its size and
// alignment cover every implementation's state (poly1305.c checks them).
typedef struct poly1305_mac_ctx_st {
  alignas(64) uint8_t opaque[320];
} POLY1305_MAC_CTX;

// poly1305_mac_init starts a Poly1305 computation under the one-time key
// `key` (RFC 8439, section 2.5: r = clamp(key[0..15]), s = key[16..31]),
// with the implementation the dispatcher chose for this CPU; the context
// keeps that one until poly1305_mac_finish.
void poly1305_mac_init(POLY1305_MAC_CTX *ctx, const uint8_t key[32]);

// poly1305_mac_update feeds the `len` bytes at `in`, where `len` is a
// multiple of 16 (possibly 0, when `in` may be NULL): for each 16-byte block
// m, h = (h + m + 2^128) * r mod p.
void poly1305_mac_update(POLY1305_MAC_CTX *ctx, const uint8_t *in,
                         size_t len);

// poly1305_mac_padded feeds `in || pad16(in)` for any `len`: the whole
// blocks straight from `in`, a final partial block zero-padded to 16 bytes
// (the AEAD construction of RFC 8439, section 2.8, not Poly1305's own
// 0x01 padding). `in` may be NULL when `len` is 0.
void poly1305_mac_padded(POLY1305_MAC_CTX *ctx, const uint8_t *in,
                         size_t len);

// poly1305_mac_finish writes the tag (h mod p + s) mod 2^128 to `tag` and
// wipes `ctx`.
void poly1305_mac_finish(POLY1305_MAC_CTX *ctx, uint8_t tag[16]);

#if defined(__cplusplus)
}  // extern "C"
#endif

#endif  // OPENSSL_HEADER_CRYPTO_POLY1305_MAC_H
