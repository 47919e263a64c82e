// Copyright 2026 The project authors.
//
// percall_bench.c: the per-call cost of the calls a TLS or QUIC stack makes
// most often, on short and long inputs, for this library, BoringSSL,
// OpenSSL 3 and libsodium, each item only where the library has the
// function. One source, compiled once per library:
//
//   -DBENCH_OURS       this library (its include/ and libcrypto_static.a)
//   -DBENCH_BORINGSSL  BoringSSL (its include/ and libcrypto.a): the same
//                      code as BENCH_OURS, since the APIs are the same
//   -DBENCH_OPENSSL    OpenSSL 3 from libssl-dev
//   -DBENCH_SODIUM     libsodium from libsodium-dev
//
// util/bench/percall.sh builds the four programs, runs them alternately
// round by round and pipes every round into the "ours" program's --report
// mode (util/bench/peer_bench.h), which prints per item the medians of the
// per-round ratios ours/PEER (> 1: this library is faster).
//
// The items (SIZE is the input length unless said otherwise):
//   hmac-sha256, hmac-sha384       HMAC() one-shot, a 32/48-byte key
//   hmac-ctx-sha256, -sha384       HMAC_Init_ex with a new key each call +
//                                  Update + Final on one reused HMAC_CTX
//   hkdf-sha256, hkdf-sha384       HKDF(): extract with a 32-byte salt over
//                                  SIZE bytes of IKM, expand with 20 bytes of
//                                  info to 32 bytes
//   hkdf-expand-sha256, -sha384    HKDF_expand alone from a hash-sized PRK
//                                  to 32 bytes; SIZE is the info length
//                                  (TLS 1.3's HKDF-Expand-Label has ~20)
//   chacha20-poly1305-seal/-open   a whole record, 12-byte nonce changed
//                                  every call, 13-byte AD; open checks the tag
//   xchacha20-poly1305-seal        the same with a 24-byte nonce
//   chacha20                       CRYPTO_chacha_20 (key, nonce, counter 0)
//   evp-sha256                     EVP_MD_CTX_new + EVP_DigestInit_ex +
//                                  Update + EVP_DigestFinal_ex + free
//   sha256, sha512                 SHA256(), SHA512() one-shots
//   evp-digest-sha256              EVP_Digest one-shot
//   rand-bytes                     RAND_bytes
//
// With PERCALL_FILTER set in the environment, only the items whose name
// contains it are measured.
//
// Each program checks that every call succeeds and that open verifies its
// tag and round-trips; correctness itself is the tests' job. An output byte
// goes to a volatile sink so no call can be optimised away.

#define _POSIX_C_SOURCE 200809L

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// Shorter batches than the whole-record benchmarks, 17 items x 6 sizes:
// the best of 15 batches of about 1 ms each.
#define PEER_BENCH_CALIBRATE_NS 1e5
#define PEER_BENCH_BATCHES 15
#include "peer_bench.h"

static const size_t kSizes[] = {16, 64, 256, 1350, 8192, 16384};
#define NUM_SIZES (sizeof(kSizes) / sizeof(kSizes[0]))
#define MAX_SIZE 16384
#define TAG_LEN 16
#define AD_LEN 13
#define INFO_LEN 20
#define OUT_KEY_LEN 32

static uint8_t g_in[MAX_SIZE], g_out[MAX_SIZE + 64], g_sealed[MAX_SIZE + 64];
static uint8_t g_key[48], g_salt[32], g_nonce[24], g_ad[AD_LEN],
    g_info[MAX_SIZE];
static volatile uint8_t g_sink;
// The hmac-ctx items take a different key each call, from these eight:
// reading a key the loop has just written (g_key[0]++) would add a
// store-forwarding stall to every library's call that is not the API's.
#define NUM_KEYS 8
static uint8_t g_keys[NUM_KEYS][48];
static unsigned g_key_index;
static inline const uint8_t *next_key(void) {
  return g_keys[g_key_index++ % NUM_KEYS];
}

static void die(const char *what) {
  fprintf(stderr, "percall_bench: %s failed\n", what);
  exit(1);
}

// MD_OF is the SHA-2 digest of `bits` 256 or 384, in every library's EVP.
#define MD_OF(bits) ((bits) == 256 ? EVP_sha256() : EVP_sha384())

// next_nonce changes the nonce so no call repeats the previous one's.
static inline void next_nonce(void) {
  g_nonce[0]++;
}

#if defined(BENCH_OURS) || defined(BENCH_BORINGSSL)
#include <openssl/aead.h>
#include <openssl/chacha.h>
#include <openssl/digest.h>
#include <openssl/hkdf.h>
#include <openssl/hmac.h>
#include <openssl/rand.h>
#include <openssl/sha.h>
#if defined(BENCH_OURS)
#define LIB_NAME "ours"
#else
#define LIB_NAME "boringssl"
#endif
#define HAVE_HMAC384 1
#define HAVE_HMAC_CTX 1
#define HAVE_HKDF 1
#define HAVE_XAEAD 1
#define HAVE_EVP_SEQ 1
#define HAVE_EVP_DIGEST 1

static EVP_AEAD_CTX g_seal_ctx, g_xseal_ctx;

static void lib_setup(void) {
  if (!EVP_AEAD_CTX_init(&g_seal_ctx, EVP_aead_chacha20_poly1305(), g_key, 32,
                         TAG_LEN, NULL) ||
      !EVP_AEAD_CTX_init(&g_xseal_ctx, EVP_aead_xchacha20_poly1305(), g_key,
                         32, TAG_LEN, NULL)) {
    die("EVP_AEAD_CTX_init");
  }
}
static void hkdf_full(int bits, size_t len) {
  uint8_t out[OUT_KEY_LEN];
  if (!HKDF(out, sizeof(out), MD_OF(bits), g_in, len, g_salt, sizeof(g_salt),
            g_info, INFO_LEN)) {
    die("HKDF");
  }
  g_sink = out[0];
}
static void hkdf_expand(int bits, size_t info_len) {
  uint8_t out[OUT_KEY_LEN];
  if (!HKDF_expand(out, sizeof(out), MD_OF(bits), g_key, bits / 8, g_info,
                   info_len)) {
    die("HKDF_expand");
  }
  g_sink = out[0];
}
static void aead_seal(int x, uint8_t *out, const uint8_t *in, size_t len) {
  size_t out_len;
  if (!EVP_AEAD_CTX_seal(x ? &g_xseal_ctx : &g_seal_ctx, out, &out_len,
                         len + TAG_LEN, g_nonce, x ? 24 : 12, in, len, g_ad,
                         AD_LEN)) {
    die("EVP_AEAD_CTX_seal");
  }
}
static void aead_open(uint8_t *out, const uint8_t *in, size_t len) {
  size_t out_len;
  if (!EVP_AEAD_CTX_open(&g_seal_ctx, out, &out_len, len, g_nonce, 12, in,
                         len + TAG_LEN, g_ad, AD_LEN) ||
      out_len != len) {
    die("EVP_AEAD_CTX_open");
  }
}
static void chacha20(size_t len) {
  CRYPTO_chacha_20(g_out, g_in, len, g_key, g_nonce, 0);
}

#elif defined(BENCH_OPENSSL)
#define OPENSSL_SUPPRESS_DEPRECATED  // HMAC_CTX, as callers still use it
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/kdf.h>
#include <openssl/rand.h>
#include <openssl/sha.h>

#include "openssl_aead.h"
#define LIB_NAME "openssl"
#define HAVE_HMAC384 1
#define HAVE_HMAC_CTX 1
#define HAVE_HKDF 1
#define HAVE_EVP_SEQ 1
#define HAVE_EVP_DIGEST 1

static EVP_CIPHER_CTX *g_enc, *g_dec, *g_chacha;
static EVP_CIPHER *g_chacha_cipher;
static EVP_PKEY_CTX *g_hkdf;

static void lib_setup(void) {
  g_enc = openssl_aead_new(1, g_key, g_nonce);
  g_dec = openssl_aead_new(0, g_key, g_nonce);
  g_chacha_cipher = EVP_CIPHER_fetch(NULL, "chacha20", NULL);
  g_chacha = EVP_CIPHER_CTX_new();
  g_hkdf = EVP_PKEY_CTX_new_id(EVP_PKEY_HKDF, NULL);
  if (g_chacha_cipher == NULL || g_chacha == NULL || g_hkdf == NULL) {
    die("OpenSSL set-up");
  }
}
// hkdf runs OpenSSL's HKDF through one reused EVP_PKEY_CTX, as a TLS stack
// linked against OpenSSL 3 would.
static void hkdf_run(int bits, int mode, const uint8_t *secret,
                     size_t secret_len, size_t info_len) {
  uint8_t out[OUT_KEY_LEN];
  size_t out_len = sizeof(out);
  if (EVP_PKEY_derive_init(g_hkdf) <= 0 ||
      EVP_PKEY_CTX_set_hkdf_mode(g_hkdf, mode) <= 0 ||
      EVP_PKEY_CTX_set_hkdf_md(g_hkdf, MD_OF(bits)) <= 0 ||
      (mode != EVP_PKEY_HKDEF_MODE_EXPAND_ONLY &&
       EVP_PKEY_CTX_set1_hkdf_salt(g_hkdf, g_salt, sizeof(g_salt)) <= 0) ||
      EVP_PKEY_CTX_set1_hkdf_key(g_hkdf, secret, (int)secret_len) <= 0 ||
      EVP_PKEY_CTX_add1_hkdf_info(g_hkdf, g_info, (int)info_len) <= 0 ||
      EVP_PKEY_derive(g_hkdf, out, &out_len) <= 0) {
    die("EVP_PKEY HKDF");
  }
  g_sink = out[0];
}
static void hkdf_full(int bits, size_t len) {
  hkdf_run(bits, EVP_PKEY_HKDEF_MODE_EXTRACT_AND_EXPAND, g_in, len, INFO_LEN);
}
static void hkdf_expand(int bits, size_t info_len) {
  hkdf_run(bits, EVP_PKEY_HKDEF_MODE_EXPAND_ONLY, g_key, bits / 8, info_len);
}
static void aead_seal(int x, uint8_t *out, const uint8_t *in, size_t len) {
  (void)x;  // OpenSSL has no XChaCha20-Poly1305: never 1 here
  openssl_aead_seal(g_enc, g_nonce, g_ad, AD_LEN, out, in, len, TAG_LEN);
}
static void aead_open(uint8_t *out, const uint8_t *in, size_t len) {
  openssl_aead_open(g_dec, g_nonce, g_ad, AD_LEN, out, in, len, TAG_LEN);
}
static void chacha20(size_t len) {
  // OpenSSL's "chacha20" IV is the 32-bit counter (little-endian) followed
  // by the 12-byte nonce.
  uint8_t iv[16] = {0};
  memcpy(iv + 4, g_nonce, 12);
  int n;
  if (!EVP_EncryptInit_ex(g_chacha, g_chacha_cipher, NULL, g_key, iv) ||
      !EVP_EncryptUpdate(g_chacha, g_out, &n, g_in, (int)len)) {
    die("EVP chacha20");
  }
}

#elif defined(BENCH_SODIUM)
#include <sodium.h>
#define LIB_NAME "libsodium"
#define HAVE_HMAC_CTX 1
#define HAVE_XAEAD 1

static void lib_setup(void) {
  if (sodium_init() < 0) {
    die("sodium_init");
  }
}
// libsodium has HMAC-SHA-256 and HMAC-SHA-512, not HMAC-SHA-384; `bits` is
// always 256 here.
static void hmac_oneshot(int bits, size_t len) {
  uint8_t out[crypto_auth_hmacsha256_BYTES];
  (void)bits;
  crypto_auth_hmacsha256(out, g_in, len, g_key);
  g_sink = out[0];
}
static void hmac_ctx(int bits, size_t len) {
  uint8_t out[crypto_auth_hmacsha256_BYTES];
  crypto_auth_hmacsha256_state st;
  (void)bits;
  crypto_auth_hmacsha256_init(&st, next_key(), 32);
  crypto_auth_hmacsha256_update(&st, g_in, len);
  crypto_auth_hmacsha256_final(&st, out);
  g_sink = out[0];
}
static void aead_seal(int x, uint8_t *out, const uint8_t *in, size_t len) {
  unsigned long long out_len;
  int ret = x ? crypto_aead_xchacha20poly1305_ietf_encrypt(
                    out, &out_len, in, len, g_ad, AD_LEN, NULL, g_nonce, g_key)
              : crypto_aead_chacha20poly1305_ietf_encrypt(
                    out, &out_len, in, len, g_ad, AD_LEN, NULL, g_nonce,
                    g_key);
  if (ret != 0) {
    die("crypto_aead_*_encrypt");
  }
}
static void aead_open(uint8_t *out, const uint8_t *in, size_t len) {
  unsigned long long out_len;
  if (crypto_aead_chacha20poly1305_ietf_decrypt(out, &out_len, NULL, in,
                                                len + TAG_LEN, g_ad, AD_LEN,
                                                g_nonce, g_key) != 0 ||
      out_len != len) {
    die("crypto_aead_chacha20poly1305_ietf_decrypt");
  }
}
static void chacha20(size_t len) {
  crypto_stream_chacha20_ietf_xor_ic(g_out, g_in, len, g_nonce, 0, g_key);
}
static void sha_oneshot(int bits, size_t len) {
  uint8_t out[64];
  if (bits == 256) {
    crypto_hash_sha256(out, g_in, len);
  } else {
    crypto_hash_sha512(out, g_in, len);
  }
  g_sink = out[0];
}
static void rand_bytes(size_t len) { randombytes_buf(g_out, len); }

#else
#error "define BENCH_OURS, BENCH_BORINGSSL, BENCH_OPENSSL or BENCH_SODIUM"
#endif

#if !defined(BENCH_SODIUM)
// The calls this library, BoringSSL and OpenSSL spell the same way.
static HMAC_CTX *g_hmac;
static void common_setup(void) {
  g_hmac = HMAC_CTX_new();
  if (g_hmac == NULL) {
    die("HMAC_CTX_new");
  }
}
static void hmac_oneshot(int bits, size_t len) {
  uint8_t out[EVP_MAX_MD_SIZE];
  unsigned out_len;
  if (HMAC(MD_OF(bits), g_key, bits / 8, g_in, len, out, &out_len) == NULL) {
    die("HMAC");
  }
  g_sink = out[0];
}
static void hmac_ctx(int bits, size_t len) {
  uint8_t out[EVP_MAX_MD_SIZE];
  unsigned out_len;
  if (!HMAC_Init_ex(g_hmac, next_key(), bits / 8, MD_OF(bits), NULL) ||
      !HMAC_Update(g_hmac, g_in, len) ||
      !HMAC_Final(g_hmac, out, &out_len)) {
    die("HMAC_Init_ex/Update/Final");
  }
  g_sink = out[0];
}
static void evp_seq(size_t len) {
  uint8_t out[EVP_MAX_MD_SIZE];
  EVP_MD_CTX *ctx = EVP_MD_CTX_new();
  if (ctx == NULL || !EVP_DigestInit_ex(ctx, EVP_sha256(), NULL) ||
      !EVP_DigestUpdate(ctx, g_in, len) ||
      !EVP_DigestFinal_ex(ctx, out, NULL)) {
    die("EVP_Digest* sequence");
  }
  EVP_MD_CTX_free(ctx);
  g_sink = out[0];
}
static void sha_oneshot(int bits, size_t len) {
  uint8_t out[64];
  if (bits == 256) {
    SHA256(g_in, len, out);
  } else {
    SHA512(g_in, len, out);
  }
  g_sink = out[0];
}
static void evp_digest(size_t len) {
  uint8_t out[EVP_MAX_MD_SIZE];
  if (!EVP_Digest(g_in, len, out, NULL, EVP_sha256(), NULL)) {
    die("EVP_Digest");
  }
  g_sink = out[0];
}
static void rand_bytes(size_t len) {
  // OpenSSL's length is an int, the others' a size_t.
  if (RAND_bytes(g_out, (int)len) != 1) {
    die("RAND_bytes");
  }
}
#else
static void common_setup(void) {}
#endif

// The measured calls, in peer_bench_time's shape.
static void run_hmac256(void *a, size_t n) { (void)a; hmac_oneshot(256, n); }
static void run_hmac_ctx256(void *a, size_t n) { (void)a; hmac_ctx(256, n); }
static void run_seal(void *a, size_t n) {
  (void)a;
  next_nonce();
  aead_seal(0, g_out, g_in, n);
}
static void run_open(void *a, size_t n) {
  (void)a;
  aead_open(g_out, g_sealed, n);
}
static void run_chacha20(void *a, size_t n) { (void)a; chacha20(n); }
static void run_sha256(void *a, size_t n) { (void)a; sha_oneshot(256, n); }
static void run_sha512(void *a, size_t n) { (void)a; sha_oneshot(512, n); }
static void run_rand(void *a, size_t n) { (void)a; rand_bytes(n); }
#if defined(HAVE_XAEAD)
static void run_xseal(void *a, size_t n) {
  (void)a;
  next_nonce();
  aead_seal(1, g_out, g_in, n);
}
#endif
#if defined(HAVE_HMAC384)
static void run_hmac384(void *a, size_t n) { (void)a; hmac_oneshot(384, n); }
static void run_hmac_ctx384(void *a, size_t n) { (void)a; hmac_ctx(384, n); }
#endif
#if defined(HAVE_HKDF)
static void run_hkdf256(void *a, size_t n) { (void)a; hkdf_full(256, n); }
static void run_hkdf384(void *a, size_t n) { (void)a; hkdf_full(384, n); }
static void run_expand256(void *a, size_t n) { (void)a; hkdf_expand(256, n); }
static void run_expand384(void *a, size_t n) { (void)a; hkdf_expand(384, n); }
#endif
#if defined(HAVE_EVP_SEQ)
static void run_evp_seq(void *a, size_t n) { (void)a; evp_seq(n); }
#endif
#if defined(HAVE_EVP_DIGEST)
static void run_evp_digest(void *a, size_t n) { (void)a; evp_digest(n); }
#endif

struct item {
  const char *name;
  void (*fn)(void *arg, size_t len);
};

// An item this library lacks is not compiled in: it prints no line, and the
// report shows "-" for it.
static const struct item kItems[] = {
    {"hmac-sha256", run_hmac256},
#if defined(HAVE_HMAC384)
    {"hmac-sha384", run_hmac384},
#endif
#if defined(HAVE_HMAC_CTX)
    {"hmac-ctx-sha256", run_hmac_ctx256},
#endif
#if defined(HAVE_HMAC384) && defined(HAVE_HMAC_CTX)
    {"hmac-ctx-sha384", run_hmac_ctx384},
#endif
#if defined(HAVE_HKDF)
    {"hkdf-sha256", run_hkdf256},
    {"hkdf-sha384", run_hkdf384},
    {"hkdf-expand-sha256", run_expand256},
    {"hkdf-expand-sha384", run_expand384},
#endif
    {"chacha20-poly1305-seal", run_seal},
    {"chacha20-poly1305-open", run_open},
#if defined(HAVE_XAEAD)
    {"xchacha20-poly1305-seal", run_xseal},
#endif
    {"chacha20", run_chacha20},
#if defined(HAVE_EVP_SEQ)
    {"evp-sha256", run_evp_seq},
#endif
    {"sha256", run_sha256},
    {"sha512", run_sha512},
#if defined(HAVE_EVP_DIGEST)
    {"evp-digest-sha256", run_evp_digest},
#endif
    {"rand-bytes", run_rand},
};
#define NUM_ITEMS (sizeof(kItems) / sizeof(kItems[0]))

static void measure_setup(void) {
  for (size_t i = 0; i < sizeof(g_in); i++) {
    g_in[i] = (uint8_t)(i * 131 + 7);
    g_info[i] = (uint8_t)(i * 29 + 3);
  }
  for (size_t k = 0; k < NUM_KEYS; k++) {
    for (size_t i = 0; i < sizeof(g_keys[k]); i++) {
      g_keys[k][i] = (uint8_t)(0x30 * k + i);
    }
  }
  for (size_t i = 0; i < sizeof(g_key); i++) {
    g_key[i] = (uint8_t)(0xa0 + i);
  }
  for (size_t i = 0; i < sizeof(g_salt); i++) {
    g_salt[i] = (uint8_t)(0x10 + i);
  }
  for (size_t i = 0; i < sizeof(g_nonce); i++) {
    g_nonce[i] = (uint8_t)(0x40 + i);
  }
  for (size_t i = 0; i < AD_LEN; i++) {
    g_ad[i] = (uint8_t)i;
  }
  lib_setup();
  common_setup();
}

static int measure(void) {
  measure_setup();
  const char *filter = getenv("PERCALL_FILTER");
  for (size_t it = 0; it < NUM_ITEMS; it++) {
    if (filter != NULL && strstr(kItems[it].name, filter) == NULL) {
      continue;
    }
    for (size_t s = 0; s < NUM_SIZES; s++) {
      size_t len = kSizes[s];
      if (kItems[it].fn == run_open) {
        // Every open verifies a record sealed here under the nonce it uses.
        aead_seal(0, g_sealed, g_in, len);
      }
      peer_bench_measure(LIB_NAME, kItems[it].name, kItems[it].fn, NULL, len);
      if (kItems[it].fn == run_open && memcmp(g_out, g_in, len) != 0) {
        die("open round trip");
      }
    }
  }
  fprintf(stderr, "%s done\n", LIB_NAME);
  return 0;
}

static const char *const kLibs[] = {"ours", "boringssl", "openssl",
                                    "libsodium"};
#define R(title, item) {title, item, kLibs, 4, kSizes, NUM_SIZES}
static const struct peer_bench_report kReports[] = {
    R("HMAC() one-shot, SHA-256, 32-byte key", "hmac-sha256"),
    R("HMAC() one-shot, SHA-384, 48-byte key", "hmac-sha384"),
    R("HMAC_Init_ex (new key) + Update + Final, SHA-256", "hmac-ctx-sha256"),
    R("HMAC_Init_ex (new key) + Update + Final, SHA-384", "hmac-ctx-sha384"),
    R("HKDF-SHA256 extract (SIZE bytes of IKM) + expand to 32 B",
      "hkdf-sha256"),
    R("HKDF-SHA384 extract (SIZE bytes of IKM) + expand to 32 B",
      "hkdf-sha384"),
    R("HKDF_expand SHA-256 to 32 B, SIZE = info length", "hkdf-expand-sha256"),
    R("HKDF_expand SHA-384 to 32 B, SIZE = info length", "hkdf-expand-sha384"),
    R("ChaCha20-Poly1305 seal, 13-byte AD, new nonce per call",
      "chacha20-poly1305-seal"),
    R("ChaCha20-Poly1305 open, 13-byte AD (tag checked)",
      "chacha20-poly1305-open"),
    R("XChaCha20-Poly1305 seal, 13-byte AD, new nonce per call",
      "xchacha20-poly1305-seal"),
    R("CRYPTO_chacha_20", "chacha20"),
    R("EVP_MD_CTX_new + DigestInit_ex(sha256) + Update + Final_ex + free",
      "evp-sha256"),
    R("SHA256() one-shot", "sha256"),
    R("SHA512() one-shot", "sha512"),
    R("EVP_Digest(sha256) one-shot", "evp-digest-sha256"),
    R("RAND_bytes", "rand-bytes"),
};
#undef R

// run_count is `--count ITEM SIZE N`: N calls of one item, untimed, for
// instruction counts that do not depend on the machine's load, e.g.
//   valgrind --tool=callgrind bench_ours --count hmac-sha256 16 1000
static int run_count(const char *name, size_t len, long n) {
  if (len > MAX_SIZE) {
    die("--count SIZE");
  }
  for (size_t it = 0; it < NUM_ITEMS; it++) {
    if (strcmp(kItems[it].name, name) != 0) {
      continue;
    }
    measure_setup();
    if (kItems[it].fn == run_open) {
      aead_seal(0, g_sealed, g_in, len);
    }
    for (long i = 0; i < n; i++) {
      kItems[it].fn(NULL, len);
    }
    return 0;
  }
  fprintf(stderr, "percall_bench: %s has no item %s\n", LIB_NAME, name);
  return 1;
}

int main(int argc, char **argv) {
  if (argc == 5 && strcmp(argv[1], "--count") == 0) {
    return run_count(argv[2], (size_t)strtoul(argv[3], NULL, 10),
                     strtol(argv[4], NULL, 10));
  }
  return peer_bench_main(argc, argv, LIB_NAME, measure, kReports,
                         sizeof(kReports) / sizeof(kReports[0]));
}
