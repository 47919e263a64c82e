// Copyright 2026 The project authors.
//
// openssl_ref.c: the system OpenSSL's answers for the corpus programs that
// use BoringSSL-only interfaces (hkdf.c, aead.c, quic_hp.c). Linked against
// the system libcrypto (OpenSSL 3) only; `openssl_ref NAME` prints exactly
// the lines the program NAME prints when it is right, computed through
// OpenSSL 3's own API (EVP_KDF "HKDF", EVP_CIPHER "ChaCha20-Poly1305" and
// "ChaCha20"), from the same inputs (callers.h's fill).

#include <openssl/core_names.h>
#include <openssl/evp.h>
#include <openssl/kdf.h>
#include <openssl/params.h>

#include <string.h>

#include "../callers.h"

// hkdf runs OpenSSL's HKDF in `mode` ("EXTRACT_AND_EXPAND", "EXTRACT_ONLY"
// or "EXPAND_ONLY") and returns the output length.
static size_t hkdf(unsigned char *out, size_t out_len, const char *digest,
                   const char *mode, const unsigned char *key, size_t key_len,
                   const unsigned char *salt, size_t salt_len,
                   const unsigned char *info, size_t info_len) {
  EVP_KDF *kdf = EVP_KDF_fetch(NULL, "HKDF", NULL);
  EVP_KDF_CTX *ctx = kdf == NULL ? NULL : EVP_KDF_CTX_new(kdf);
  if (ctx == NULL) {
    die("EVP_KDF HKDF");
  }
  OSSL_PARAM params[6], *p = params;
  *p++ = OSSL_PARAM_construct_utf8_string(OSSL_KDF_PARAM_DIGEST,
                                          (char *)digest, 0);
  *p++ = OSSL_PARAM_construct_utf8_string(OSSL_KDF_PARAM_MODE, (char *)mode,
                                          0);
  *p++ = OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_KEY, (void *)key,
                                           key_len);
  if (salt_len != 0) {
    *p++ = OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_SALT,
                                             (void *)salt, salt_len);
  }
  if (info_len != 0) {
    *p++ = OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_INFO,
                                             (void *)info, info_len);
  }
  *p = OSSL_PARAM_construct_end();
  if (strcmp(mode, "EXTRACT_ONLY") == 0) {
    // The PRK is one digest long.
    out_len = (size_t)EVP_MD_get_size(EVP_get_digestbyname(digest));
  }
  if (EVP_KDF_derive(ctx, out, out_len, params) <= 0) {
    die("EVP_KDF_derive");
  }
  EVP_KDF_CTX_free(ctx);
  EVP_KDF_free(kdf);
  return out_len;
}

static void ref_hkdf(void) {
  unsigned char ikm[80], salt[80], info[80];
  fill(ikm, sizeof(ikm), 7);
  fill(salt, sizeof(salt), 8);
  fill(info, sizeof(info), 9);
  static unsigned char okm[255 * 32];
  hkdf(okm, 42, "SHA256", "EXTRACT_AND_EXPAND", ikm, 22, salt, 13, info, 10);
  print_hex("hkdf sha256 42", okm, 42);
  hkdf(okm, 255 * 32, "SHA256", "EXTRACT_AND_EXPAND", ikm, 80, salt, 80,
       info, 80);
  print_hex("hkdf sha256 8160", okm, 255 * 32);
  hkdf(okm, 100, "SHA512", "EXTRACT_AND_EXPAND", ikm, 80, NULL, 0, NULL, 0);
  print_hex("hkdf sha512 100", okm, 100);
  unsigned char prk[EVP_MAX_MD_SIZE];
  size_t prk_len = hkdf(prk, sizeof(prk), "SHA384", "EXTRACT_ONLY", ikm, 48,
                        salt, 48, NULL, 0);
  print_hex("extract sha384", prk, prk_len);
  hkdf(okm, 48, "SHA384", "EXPAND_ONLY", prk, prk_len, NULL, 0, info, 20);
  print_hex("expand sha384", okm, 48);
}

static void ref_aead(void) {
  unsigned char key[32], nonce[24], ad[40];
  fill(key, sizeof(key), 10);
  fill(nonce, sizeof(nonce), 11);
  fill(ad, sizeof(ad), 12);
  static const size_t kLens[] = {0, 1, 63, 64, 65, 114, 1350};
  for (size_t i = 0; i < sizeof(kLens) / sizeof(kLens[0]); i++) {
    size_t len = kLens[i];
    unsigned char pt[1350], buf[1350 + 16];
    fill(pt, len, 13);
    EVP_CIPHER_CTX *ctx = EVP_CIPHER_CTX_new();
    int n = 0, fin = 0;
    if (ctx == NULL ||
        !EVP_EncryptInit_ex(ctx, EVP_chacha20_poly1305(), NULL, key,
                            nonce) ||
        !EVP_EncryptUpdate(ctx, NULL, &n, ad, (int)sizeof(ad)) ||
        !EVP_EncryptUpdate(ctx, buf, &n, pt, (int)len) ||
        !EVP_EncryptFinal_ex(ctx, buf + n, &fin) ||
        !EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_GET_TAG, 16, buf + len)) {
      die("EVP chacha20-poly1305");
    }
    EVP_CIPHER_CTX_free(ctx);
    char label[64];
    snprintf(label, sizeof(label), "chacha20-poly1305 seal %zu", len);
    print_hex(label, buf, len + 16);
  }
  printf("xchacha20-poly1305 round trip: ok\n");
}

static void ref_quic_hp(void) {
  printf("rfc9001 mask: aefefe7d03\n");
  unsigned char key[32], sample[16];
  fill(key, sizeof(key), 14);
  for (unsigned i = 0; i < 8; i++) {
    fill(sample, sizeof(sample), 15 + i);
    static const unsigned char kZeros[5] = {0};
    unsigned char mask[5];
    int n = 0;
    EVP_CIPHER_CTX *ctx = EVP_CIPHER_CTX_new();
    if (ctx == NULL ||
        !EVP_EncryptInit_ex(ctx, EVP_chacha20(), NULL, key, sample) ||
        !EVP_EncryptUpdate(ctx, mask, &n, kZeros, (int)sizeof(kZeros)) ||
        n != 5) {
      die("EVP chacha20");
    }
    EVP_CIPHER_CTX_free(ctx);
    char label[32];
    snprintf(label, sizeof(label), "mask %u", i);
    print_hex(label, mask, sizeof(mask));
  }
}

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: openssl_ref hkdf|aead|quic_hp\n");
    return 2;
  }
  if (strcmp(argv[1], "hkdf") == 0) {
    ref_hkdf();
  } else if (strcmp(argv[1], "aead") == 0) {
    ref_aead();
  } else if (strcmp(argv[1], "quic_hp") == 0) {
    ref_quic_hp();
  } else {
    fprintf(stderr, "openssl_ref: unknown program %s\n", argv[1]);
    return 2;
  }
  return 0;
}
