// Copyright 2026 The project authors.
//
// quic_hp.c: QUIC header protection for ChaCha20 suites (RFC 9001 §5.4.4)
// with CRYPTO_chacha_20, as BoringSSL-based QUIC stacks do it: the first 4
// bytes of the 16-byte ciphertext sample are the block counter (little
// endian), the other 12 the nonce, and the mask is the key stream over 5
// zero bytes. It checks RFC 9001 appendix A.5's mask, then prints masks for
// more samples, which reference/openssl_ref.c computes through OpenSSL 3's
// EVP "ChaCha20" cipher (whose 16-byte IV is that same counter || nonce).

#include <openssl/chacha.h>

#include <string.h>

#include "callers.h"

static void hp_mask(unsigned char mask[5], const unsigned char key[32],
                    const unsigned char sample[16]) {
  static const unsigned char kZeros[5] = {0};
  uint32_t counter = (uint32_t)sample[0] | (uint32_t)sample[1] << 8 |
                     (uint32_t)sample[2] << 16 | (uint32_t)sample[3] << 24;
  CRYPTO_chacha_20(mask, kZeros, sizeof(kZeros), key, sample + 4, counter);
}

int main(void) {
  // RFC 9001, A.5: hp key, sample and mask.
  static const unsigned char kKey[32] = {
      0x25, 0xa2, 0x82, 0xb9, 0xe8, 0x2f, 0x06, 0xf2, 0x1f, 0x48, 0x89,
      0x17, 0xa4, 0xfc, 0x8f, 0x1b, 0x73, 0x57, 0x36, 0x85, 0x60, 0x85,
      0x97, 0xd0, 0xef, 0xcb, 0x07, 0x6b, 0x0a, 0xb7, 0xa7, 0xa4};
  static const unsigned char kSample[16] = {
      0x5e, 0x5c, 0xd5, 0x5c, 0x41, 0xf6, 0x90, 0x80,
      0x57, 0x5d, 0x79, 0x99, 0xc2, 0x5a, 0x5b, 0xfb};
  static const unsigned char kMask[5] = {0xae, 0xfe, 0xfe, 0x7d, 0x03};
  unsigned char mask[5];
  hp_mask(mask, kKey, kSample);
  if (memcmp(mask, kMask, sizeof(mask)) != 0) {
    print_hex("got", mask, sizeof(mask));
    die("RFC 9001 A.5 header-protection mask");
  }
  print_hex("rfc9001 mask", mask, sizeof(mask));
  unsigned char key[32], sample[16];
  fill(key, sizeof(key), 14);
  for (unsigned i = 0; i < 8; i++) {
    fill(sample, sizeof(sample), 15 + i);
    hp_mask(mask, key, sample);
    char label[32];
    snprintf(label, sizeof(label), "mask %u", i);
    print_hex(label, mask, sizeof(mask));
  }
  return 0;
}
