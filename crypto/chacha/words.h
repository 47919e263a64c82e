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

// chacha20_keystream_words writes `len` bytes of the keystream
// chacha20_xor_words would XOR (the same `key` and `counter_nonce`) to
// `out` and returns 1, where the chosen ChaCha20 row computes keystream
// without an input for that length: x86-64 with AVX-512, `len` a nonzero
// multiple of 2048. Otherwise it writes nothing and returns 0, and the
// caller XORs zeros instead.
int chacha20_keystream_words(uint8_t *out, size_t len, const uint32_t key[8],
                             const uint32_t counter_nonce[4]);

// struct chacha20_poly1305_short_args is the argument of
// chacha20_poly1305_short: one pointer, so that its assembly reads the
// fields at fixed offsets on every ABI (every field is 8 bytes on the one
// architecture that has such a path, x86-64).
struct chacha20_poly1305_short_args {
  const uint8_t *key;             // the 32-byte key
  const uint8_t *nonce;           // 12 bytes, or 24 with `xchacha` set
  const uint8_t *in;              // in_len bytes
  uint8_t *out;                   // in XOR keystream, in_len bytes
  size_t in_len;                  // 1..256
  const uint8_t *ad;              // ad_len bytes (may overlap anything)
  size_t ad_len;                  // 0..64
  uint8_t *tag;                   // seal: the tag written; open: expected
  size_t open;                    // 0: seal (ct = out), 1: open (ct = in)
  size_t xchacha;                 // 0: ChaCha20-Poly1305, 1: XChaCha20
};

// chacha20_poly1305_short is ChaCha20-Poly1305 (RFC 8439, section 2.8) of
// a record of 1..256 bytes with at most 64 bytes of AD in one call, when the
// chosen ChaCha20 row has one (x86-64 with AVX-512: the companions of
// ChaCha20_ctr32_avx512, see impls.h; with AVX-512 IFMA too, records of
// 129..256 bytes MAC in vector lanes). A seal writes in XOR keystream (from
// block 1 on) to `out`, then the 16-byte tag of that ciphertext to `tag`,
// and returns 1. An open computes the tag of `in` and compares it with the
// 16 bytes at `tag` in time that does not depend on them; if they match it
// writes in XOR keystream to `out` and returns 1, otherwise it writes
// nothing and returns 0. `out` equals `in` or does not overlap it; `tag`
// (read before `out` is written) may lie anywhere. Where the row has no
// such call it does nothing and returns -1. With `xchacha` set it is
// XChaCha20-Poly1305 (draft-irtf-cfrg-xchacha, section 2.3) with the
// 24-byte `nonce`: the key used is HChaCha20(key, its first 16 bytes), and
// the ChaCha20 nonce 0x00000000 || its last 8 bytes.
int chacha20_poly1305_short(const struct chacha20_poly1305_short_args *args);

#if defined(__cplusplus)
}  // extern "C"
#endif

#endif  // OPENSSL_HEADER_CRYPTO_CHACHA_WORDS_H
