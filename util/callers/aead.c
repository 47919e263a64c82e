// Copyright 2026 The project authors.
//
// aead.c: ChaCha20-Poly1305 through EVP_AEAD as BoringSSL callers (QUIC
// and TLS record layers) write it: EVP_AEAD_CTX_new once per key, seal
// into a buffer with room for the tag, open in place, and check that a
// flipped bit is refused. reference/openssl_ref.c computes the sealed
// records through OpenSSL 3's EVP_CIPHER, and the outputs are compared.
// XChaCha20-Poly1305, which OpenSSL lacks, is checked by round trip only.

#include <openssl/aead.h>

#include <string.h>

#include "callers.h"

static void round_trip(const EVP_AEAD *aead, const char *name, int print) {
  unsigned char key[32], nonce[24], ad[40];
  fill(key, sizeof(key), 10);
  fill(nonce, sizeof(nonce), 11);
  fill(ad, sizeof(ad), 12);
  EVP_AEAD_CTX *ctx = EVP_AEAD_CTX_new(aead, key, EVP_AEAD_key_length(aead),
                                       EVP_AEAD_DEFAULT_TAG_LENGTH);
  if (ctx == NULL) {
    die("EVP_AEAD_CTX_new");
  }
  static const size_t kLens[] = {0, 1, 63, 64, 65, 114, 1350};
  for (size_t i = 0; i < sizeof(kLens) / sizeof(kLens[0]); i++) {
    size_t len = kLens[i];
    unsigned char pt[1350], buf[1350 + EVP_AEAD_MAX_OVERHEAD];
    fill(pt, len, 13);
    size_t out_len = 0;
    if (!EVP_AEAD_CTX_seal(ctx, buf, &out_len, sizeof(buf), nonce,
                           EVP_AEAD_nonce_length(aead), pt, len, ad,
                           sizeof(ad)) ||
        out_len != len + EVP_AEAD_max_overhead(aead)) {
      die("EVP_AEAD_CTX_seal");
    }
    if (print) {
      char label[64];
      snprintf(label, sizeof(label), "%s seal %zu", name, len);
      print_hex(label, buf, out_len);
    }
    // Tampering is refused. (Out of place: a failed open wipes its output
    // buffer, so a caller that ignores the result sends no plaintext.)
    size_t pt_len = 0;
    unsigned char scratch[sizeof(buf)];
    buf[out_len - 1] ^= 1;
    if (EVP_AEAD_CTX_open(ctx, scratch, &pt_len, sizeof(scratch), nonce,
                          EVP_AEAD_nonce_length(aead), buf, out_len, ad,
                          sizeof(ad))) {
      die("EVP_AEAD_CTX_open accepted a bad tag");
    }
    buf[out_len - 1] ^= 1;
    // In place.
    if (!EVP_AEAD_CTX_open(ctx, buf, &pt_len, sizeof(buf), nonce,
                           EVP_AEAD_nonce_length(aead), buf, out_len, ad,
                           sizeof(ad)) ||
        pt_len != len || memcmp(buf, pt, len) != 0) {
      die("EVP_AEAD_CTX_open");
    }
  }
  EVP_AEAD_CTX_free(ctx);
}

int main(void) {
  round_trip(EVP_aead_chacha20_poly1305(), "chacha20-poly1305", 1);
  round_trip(EVP_aead_xchacha20_poly1305(), "xchacha20-poly1305", 0);
  printf("xchacha20-poly1305 round trip: ok\n");
  return 0;
}
