// Copyright 2026 The project authors.
//
// aead_bench.c: ChaCha20-Poly1305 (RFC 8439) records, each one a complete
// seal or open as a TLS connection does it: a 12-byte nonce, 13 bytes of
// additional data (a TLS 1.2 record header), the text, a 16-byte tag; open
// checks the tag. Timed for this library's EVP_AEAD_CTX, libsodium's
// crypto_aead_chacha20poly1305_ietf_* and OpenSSL 3's EVP_CIPHER
// "chacha20-poly1305" (one reused EVP_CIPHER_CTX per direction, the key set
// once; per record: Init with the nonce, [SET_TAG,] Update with the AD,
// Update with the text, Final, [GET_TAG]).
//
// Why a separate benchmark: ../shared/tools/speed-vs-openssl compares
// `bssl speed` with `openssl speed -aead -evp chacha20-poly1305`, and
// OpenSSL 3.0's -aead loop does not run records for this cipher: under
// callgrind (`valgrind --tool=callgrind openssl speed -elapsed -bytes 16
// -seconds 1 -mr -aead -evp chacha20-poly1305`, OpenSSL 3.0.22) the timed
// loop made 106,834 EVP_EncryptUpdate calls, one EVP_EncryptFinal_ex at the
// end and no Init, no AD and no tag in between: it streams one ChaCha20
// key stream (a block every 4 calls at 16 bytes) through Poly1305. Here
// every library does the same, whole record.
//
// Compiled once per library (-DBENCH_OURS, -DBENCH_SODIUM, -DBENCH_OPENSSL)
// and run by run.sh; the timing, the line format and the --report mode are
// util/bench/peer_bench.h's. Every open is checked; a failure exits 1.

#define _POSIX_C_SOURCE 200809L

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../bench/peer_bench.h"

static const size_t kSizes[] = {16, 256, 1350, 8192, 16384};
#define NUM_SIZES (sizeof(kSizes) / sizeof(kSizes[0]))
#define MAX_SIZE 16384
#define TAG_LEN 16
#define AD_LEN 13

static uint8_t g_key[32], g_nonce[12], g_ad[AD_LEN];

static void die(const char *what) {
  fprintf(stderr, "aead_bench: %s failed\n", what);
  exit(1);
}

#if defined(BENCH_OURS)
#include <openssl/aead.h>
#define LIB_NAME "ours"
static EVP_AEAD_CTX g_ctx;
static void lib_setup(void) {
  if (!EVP_AEAD_CTX_init(&g_ctx, EVP_aead_chacha20_poly1305(), g_key,
                         sizeof(g_key), TAG_LEN, NULL)) {
    die("EVP_AEAD_CTX_init");
  }
}
// seal writes len + TAG_LEN bytes to `out`.
static void seal(uint8_t *out, const uint8_t *in, size_t len) {
  size_t out_len;
  if (!EVP_AEAD_CTX_seal(&g_ctx, out, &out_len, len + TAG_LEN, g_nonce,
                         sizeof(g_nonce), in, len, g_ad, AD_LEN)) {
    die("EVP_AEAD_CTX_seal");
  }
}
// open_ reads len + TAG_LEN bytes from `in` and writes len bytes to `out`.
static void open_(uint8_t *out, const uint8_t *in, size_t len) {
  size_t out_len;
  if (!EVP_AEAD_CTX_open(&g_ctx, out, &out_len, len, g_nonce,
                         sizeof(g_nonce), in, len + TAG_LEN, g_ad, AD_LEN) ||
      out_len != len) {
    die("EVP_AEAD_CTX_open");
  }
}
#elif defined(BENCH_SODIUM)
#include <sodium.h>
#define LIB_NAME "libsodium"
static void lib_setup(void) {
  if (sodium_init() < 0) {
    die("sodium_init");
  }
}
static void seal(uint8_t *out, const uint8_t *in, size_t len) {
  unsigned long long out_len;
  if (crypto_aead_chacha20poly1305_ietf_encrypt(out, &out_len, in, len, g_ad,
                                                AD_LEN, NULL, g_nonce,
                                                g_key) != 0) {
    die("crypto_aead_chacha20poly1305_ietf_encrypt");
  }
}
static void open_(uint8_t *out, const uint8_t *in, size_t len) {
  unsigned long long out_len;
  if (crypto_aead_chacha20poly1305_ietf_decrypt(out, &out_len, NULL, in,
                                                len + TAG_LEN, g_ad, AD_LEN,
                                                g_nonce, g_key) != 0 ||
      out_len != len) {
    die("crypto_aead_chacha20poly1305_ietf_decrypt");
  }
}
#elif defined(BENCH_OPENSSL)
#include "../bench/openssl_aead.h"
#define LIB_NAME "openssl"
static EVP_CIPHER_CTX *g_enc, *g_dec;
static void lib_setup(void) {
  g_enc = openssl_aead_new(1, g_key, g_nonce);
  g_dec = openssl_aead_new(0, g_key, g_nonce);
}
static void seal(uint8_t *out, const uint8_t *in, size_t len) {
  openssl_aead_seal(g_enc, g_nonce, g_ad, AD_LEN, out, in, len, TAG_LEN);
}
static void open_(uint8_t *out, const uint8_t *in, size_t len) {
  openssl_aead_open(g_dec, g_nonce, g_ad, AD_LEN, out, in, len, TAG_LEN);
}
#else
#error "define BENCH_OURS, BENCH_SODIUM or BENCH_OPENSSL"
#endif

struct aead_arg {
  const uint8_t *in;  // seal: the text; open: the sealed record
  uint8_t *out;
};

static void one_seal(void *arg, size_t len) {
  struct aead_arg *a = arg;
  seal(a->out, a->in, len);
}

static void one_open(void *arg, size_t len) {
  struct aead_arg *a = arg;
  open_(a->out, a->in, len);
}

static int measure(void) {
  static uint8_t text[MAX_SIZE], sealed[MAX_SIZE + TAG_LEN],
      out[MAX_SIZE + TAG_LEN];
  for (size_t i = 0; i < sizeof(text); i++) {
    text[i] = (uint8_t)(i * 131 + 7);
  }
  for (size_t i = 0; i < sizeof(g_key); i++) {
    g_key[i] = (uint8_t)(0xa0 + i);
  }
  for (size_t i = 0; i < sizeof(g_nonce); i++) {
    g_nonce[i] = (uint8_t)(0x40 + i);
  }
  for (size_t i = 0; i < AD_LEN; i++) {
    g_ad[i] = (uint8_t)i;
  }
  lib_setup();
  for (size_t s = 0; s < NUM_SIZES; s++) {
    size_t len = kSizes[s];
    struct aead_arg a = {text, out};
    peer_bench_measure(LIB_NAME, "seal", one_seal, &a, len);
    // Every open verifies a record sealed once here (the same bytes for
    // every library: RFC 8439 leaves no freedom).
    seal(sealed, text, len);
    a.in = sealed;
    peer_bench_measure(LIB_NAME, "open", one_open, &a, len);
    if (memcmp(out, text, len) != 0) {
      die("open round trip");
    }
  }
  fprintf(stderr, "%s done\n", LIB_NAME);
  return 0;
}

static const char *const kLibs[] = {"ours", "libsodium", "openssl"};
static const struct peer_bench_report kReports[] = {
    {"ChaCha20-Poly1305 seal, one whole record per call (13-byte AD)", "seal",
     kLibs, 3, kSizes, NUM_SIZES},
    {"ChaCha20-Poly1305 open, one whole record per call (tag checked)",
     "open", kLibs, 3, kSizes, NUM_SIZES},
};

int main(int argc, char **argv) {
  return peer_bench_main(argc, argv, LIB_NAME, measure, kReports,
                         sizeof(kReports) / sizeof(kReports[0]));
}
