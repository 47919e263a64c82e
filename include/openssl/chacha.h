// Copyright 2026 The project authors.

#ifndef OPENSSL_HEADER_CHACHA_H
#define OPENSSL_HEADER_CHACHA_H

#include <openssl/base.h>

#if defined(__cplusplus)
extern "C" {
#endif

// ChaCha20.
//
// ChaCha20 is the stream cipher of RFC 8439, section 2.4: a 256-bit key, a
// 96-bit nonce and a 32-bit block counter select a 64-byte keystream block.
// ChaCha20 alone gives no integrity; use the AEADs in <openssl/aead.h> unless
// a protocol needs the raw cipher.

// CRYPTO_chacha_20 XORs `in_len` bytes from `in` with the ChaCha20 keystream
// for `key` and `nonce` (RFC 8439 layout: the nonce fills state words 13..15)
// starting at block `counter`, and writes the result to `out`. `out` and `in`
// may be equal or must not overlap at all. `in` and `out` may be NULL when
// `in_len` is 0.
//
// The block counter is a 32-bit word that wraps modulo 2^32 within a call:
// the block after counter 0xffffffff uses counter 0 with the same nonce
// words. The keystream then repeats, so a caller that encrypts more than
// 64 * (2^32 - `counter`) bytes under one nonce loses confidentiality; the
// AEADs refuse such lengths instead of wrapping.
OPENSSL_EXPORT void CRYPTO_chacha_20(uint8_t *out, const uint8_t *in,
                                     size_t in_len, const uint8_t key[32],
                                     const uint8_t nonce[12],
                                     uint32_t counter);

// HChaCha20.

// CRYPTO_hchacha20 computes HChaCha20 (draft-irtf-cfrg-xchacha, section 2.2)
// of `key` and the 16-byte `nonce`: the 20 ChaCha rounds over the state
// (constants, key, nonce) without the final addition, and writes state words
// 0..3 and 12..15, little-endian, to `out`. It derives the XChaCha20 subkey.
// `out` may alias `key` or `nonce`.
OPENSSL_EXPORT void CRYPTO_hchacha20(uint8_t out[32], const uint8_t key[32],
                                     const uint8_t nonce[16]);

#if defined(__cplusplus)
}  // extern "C"
#endif

#endif  // OPENSSL_HEADER_CHACHA_H
