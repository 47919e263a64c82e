// Copyright 2026 The project authors.
//
// A program outside the Bittern tree that uses the installed library the
// way an application would: one digest, one AEAD round trip, the
// constant-time compare and the capability getters. It checks known answers
// and exits 0 only if all of them hold. util/consumer/test.sh builds it
// against an installed prefix, once with find_package(Bittern) and once with
// pkg-config.

#include <stdio.h>
#include <string.h>

#include <openssl/aead.h>
#include <openssl/cpu.h>
#include <openssl/err.h>
#include <openssl/mem.h>
#include <openssl/sha.h>

static int g_failures = 0;

static void check(int ok, const char *what) {
  printf("%s: %s\n", ok ? "ok  " : "FAIL", what);
  if (!ok) {
    g_failures++;
  }
}

int main(void) {
  // SHA-256("abc") (FIPS 180-2, appendix B.1).
  static const uint8_t kABCDigest[SHA256_DIGEST_LENGTH] = {
      0xba, 0x78, 0x16, 0xbf, 0x8f, 0x01, 0xcf, 0xea, 0x41, 0x41, 0x40,
      0xde, 0x5d, 0xae, 0x22, 0x23, 0xb0, 0x03, 0x61, 0xa3, 0x96, 0x17,
      0x7a, 0x9c, 0xb4, 0x10, 0xff, 0x61, 0xf2, 0x00, 0x15, 0xad};
  uint8_t digest[SHA256_DIGEST_LENGTH];
  SHA256((const uint8_t *)"abc", 3, digest);
  check(CRYPTO_memcmp(digest, kABCDigest, sizeof(digest)) == 0,
        "SHA256(\"abc\")");

  // ChaCha20-Poly1305, RFC 8439 section 2.8.2: key 80..9f, the tag of the
  // "sunscreen" message.
  uint8_t key[32];
  for (int i = 0; i < 32; i++) {
    key[i] = (uint8_t)(0x80 + i);
  }
  static const uint8_t kNonce[12] = {0x07, 0x00, 0x00, 0x00, 0x40, 0x41,
                                     0x42, 0x43, 0x44, 0x45, 0x46, 0x47};
  static const uint8_t kAD[12] = {0x50, 0x51, 0x52, 0x53, 0xc0, 0xc1,
                                  0xc2, 0xc3, 0xc4, 0xc5, 0xc6, 0xc7};
  static const char kPlaintext[] =
      "Ladies and Gentlemen of the class of '99: If I could offer you only "
      "one tip for the future, sunscreen would be it.";
  static const uint8_t kTag[16] = {0x1a, 0xe1, 0x0b, 0x59, 0x4f, 0x09,
                                   0xe2, 0x6a, 0x7e, 0x90, 0x2e, 0xcb,
                                   0xd0, 0x60, 0x06, 0x91};
  const size_t pt_len = sizeof(kPlaintext) - 1;  // without the NUL

  EVP_AEAD_CTX ctx;
  int ok = EVP_AEAD_CTX_init(&ctx, EVP_aead_chacha20_poly1305(), key,
                             sizeof(key), EVP_AEAD_DEFAULT_TAG_LENGTH, NULL);
  check(ok, "EVP_AEAD_CTX_init");
  if (ok) {
    uint8_t sealed[sizeof(kPlaintext) + 16];
    size_t sealed_len = 0;
    ok = EVP_AEAD_CTX_seal(&ctx, sealed, &sealed_len, sizeof(sealed), kNonce,
                           sizeof(kNonce), (const uint8_t *)kPlaintext,
                           pt_len, kAD, sizeof(kAD));
    check(ok && sealed_len == pt_len + 16 &&
              CRYPTO_memcmp(sealed + pt_len, kTag, 16) == 0,
          "ChaCha20-Poly1305 seal (RFC 8439 2.8.2 tag)");

    uint8_t opened[sizeof(kPlaintext)];
    size_t opened_len = 0;
    ok = ok && EVP_AEAD_CTX_open(&ctx, opened, &opened_len, sizeof(opened),
                                 kNonce, sizeof(kNonce), sealed, sealed_len,
                                 kAD, sizeof(kAD));
    check(ok && opened_len == pt_len &&
              memcmp(opened, kPlaintext, pt_len) == 0,
          "ChaCha20-Poly1305 open");

    // A flipped tag bit must be refused with CIPHER_R_BAD_DECRYPT.
    sealed[sealed_len - 1] ^= 1;
    ERR_clear_error();
    int bad = EVP_AEAD_CTX_open(&ctx, opened, &opened_len, sizeof(opened),
                                kNonce, sizeof(kNonce), sealed, sealed_len,
                                kAD, sizeof(kAD));
    uint32_t err = ERR_get_error();
    check(!bad && ERR_GET_LIB(err) == ERR_LIB_CIPHER &&
              ERR_GET_REASON(err) == CIPHER_R_BAD_DECRYPT,
          "ChaCha20-Poly1305 open refuses a bad tag");
    EVP_AEAD_CTX_cleanup(&ctx);
  }

  // The capability getters link and answer.
  const uint32_t *ia32cap = OPENSSL_ia32cap_get();
  check(ia32cap != NULL, "OPENSSL_ia32cap_get");
  printf("ia32cap: %08x %08x %08x %08x  armcap: %08x\n", ia32cap[0],
         ia32cap[1], ia32cap[2], ia32cap[3], OPENSSL_get_armcap());

  printf("%s\n", g_failures == 0 ? "PASS" : "FAILED");
  return g_failures == 0 ? 0 : 1;
}
