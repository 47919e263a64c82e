// Copyright 2026 The project authors.
//
// crypto/chacha/words.h: the internal interface ChaCha20 offers the layers
// built on it (the AEADs, RAND): the keystream over key words and a counter,
// so a caller that makes several calls with one key converts it once. It
// exposes nothing of the implementation rows.

#ifndef OPENSSL_HEADER_CRYPTO_CHACHA_WORDS_H
#define OPENSSL_HEADER_CRYPTO_CHACHA_WORDS_H

#include <openssl/base.h>

#if defined(__cplusplus)
extern "C" {
#endif

// chacha20_xor_words XORs `len` bytes of `in` with the ChaCha20 keystream
// (RFC 8439, section 2.3) of the key words `key` (state words 4..11, the key
// read as little-endian words) and `counter_nonce` (state words 12..15:
// counter_nonce[0] is the block counter of the first block, [1..3] the nonce
// words) and writes them to `out`. `out` equals `in` or does not overlap
// it. Any `len` is allowed, 0 included. The counter wraps modulo 2^32 inside
// the call (callers that must not wrap check the length first) and the nonce
// words never change. It runs the path the dispatcher chose for this CPU.
void chacha20_xor_words(uint8_t *out, const uint8_t *in, size_t len,
                        const uint32_t key[8],
                        const uint32_t counter_nonce[4]);

#if defined(__cplusplus)
}  // extern "C"
#endif

#endif  // OPENSSL_HEADER_CRYPTO_CHACHA_WORDS_H
