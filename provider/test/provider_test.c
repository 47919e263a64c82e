// Copyright 2026 The project authors.
//
// provider_test: the Bittern provider module in one process with OpenSSL 3's
// libcrypto and libssl, loaded into its own OSSL_LIB_CTX beside the default
// provider and preferred by property ("?provider=bittern").
//
//   provider_test MODULE_DIR [TEST...]
//
// Tests (all by default):
//   params     the provider's name, version, build info, status, counters
//   diff       every algorithm against the default provider, all lengths
//              0..1100 and random streaming splits, plus dupctx mid-stream
//   counters   totals exact over threads (two waves, blocks adopted) and
//              dupctx
//   badinput   wrong key/IV/tag lengths, unknown and ill-typed parameters,
//              update after final, forged tags: an error on OpenSSL's
//              queue naming the reason, no plaintext released
//   tls13      TLS 1.3 TLS_CHACHA20_POLY1305_SHA256 over a socket pair,
//              64 MiB each way, counters show records, transcript and key
//              schedule ran here
//   tls12      the same with TLS 1.2 ECDHE-ECDSA-CHACHA20-POLY1305
//   badmac     one byte flipped on the wire ends the connection with a
//              bad_record_mac alert (TLS 1.3 and TLS 1.2)
// It prints one line per check and a closing "N passed, N failed"; it exits
// non-zero on any failure.

#define _POSIX_C_SOURCE 200809L

#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include <openssl/core_names.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/kdf.h>
#include <openssl/params.h>
#include <openssl/provider.h>
#include <openssl/ssl.h>
#include <openssl/x509.h>

static int g_pass, g_fail;

static void check(int ok, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

#include <stdarg.h>
static void check(int ok, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  printf("%s: ", ok ? "PASS" : "FAIL");
  vprintf(fmt, ap);
  printf("\n");
  va_end(ap);
  if (ok) {
    g_pass++;
  } else {
    g_fail++;
    ERR_print_errors_fp(stdout);
  }
  ERR_clear_error();
}

static OSSL_LIB_CTX *g_lib;
static OSSL_PROVIDER *g_bittern, *g_default;
#define BT "provider=bittern"
#define DEF "provider=default"

// --- Helpers ----------------------------------------------------------------

static uint64_t g_rng = 0x243f6a8885a308d3u;
static uint64_t rnd(void) {
  // xorshift64*: test data only.
  g_rng ^= g_rng >> 12;
  g_rng ^= g_rng << 25;
  g_rng ^= g_rng >> 27;
  return g_rng * 2685821657736338717u;
}
static void fill(uint8_t *p, size_t n) {
  for (size_t i = 0; i < n; i++) {
    p[i] = (uint8_t)(rnd() >> 56);
  }
}

// err_has returns one if OpenSSL's error queue holds an error whose reason
// string contains `want`, and clears the queue.
static int err_has(const char *want) {
  unsigned long e;
  const char *file, *func, *data;
  int line, flags, found = 0;
  char seen[1024] = "";
  while ((e = ERR_get_error_all(&file, &line, &func, &data, &flags)) != 0) {
    char buf[256];
    ERR_error_string_n(e, buf, sizeof(buf));
    const char *detail = (flags & ERR_TXT_STRING) && data != NULL ? data : "";
    if (strstr(buf, want) != NULL || strstr(detail, want) != NULL) {
      found = 1;
    }
    size_t used = strlen(seen);
    snprintf(seen + used, sizeof(seen) - used, "  queue: %s (%s)\n", buf,
             detail);
  }
  if (!found) {
    printf("  wanted '%s' on the error queue; it held:\n%s", want, seen);
  }
  return found;
}

// counters returns the value of `field` ("calls" or "bytes") of algorithm
// `alg` in the provider's "bittern-counters" parameter, or -1.
static long long counter(const char *alg, const char *field) {
  char buf[4096];
  OSSL_PARAM params[] = {
      OSSL_PARAM_construct_utf8_string("bittern-counters", buf, sizeof(buf)),
      OSSL_PARAM_construct_end()};
  if (!OSSL_PROVIDER_get_params(g_bittern, params)) {
    return -1;
  }
  char key[64];
  snprintf(key, sizeof(key), "%s ", alg);
  for (char *line = buf; line != NULL && *line != '\0';) {
    char *next = strchr(line, '\n');
    if (strncmp(line, key, strlen(key)) == 0) {
      char f[32];
      snprintf(f, sizeof(f), " %s=", field);
      char *p = strstr(line, f);
      if (p != NULL && (next == NULL || p < next)) {
        return atoll(p + strlen(f));
      }
    }
    line = next != NULL ? next + 1 : NULL;
  }
  return -1;
}

static void print_counters(void) {
  char buf[4096];
  OSSL_PARAM params[] = {
      OSSL_PARAM_construct_utf8_string("bittern-counters", buf, sizeof(buf)),
      OSSL_PARAM_construct_end()};
  if (OSSL_PROVIDER_get_params(g_bittern, params)) {
    printf("counters:\n%s", buf);
  }
}

// --- params -------------------------------------------------------------------

static void test_params(void) {
  const char *name = NULL, *version = NULL, *info = NULL;
  int status = 0;
  OSSL_PARAM params[] = {
      OSSL_PARAM_construct_utf8_ptr(OSSL_PROV_PARAM_NAME, (char **)&name, 0),
      OSSL_PARAM_construct_utf8_ptr(OSSL_PROV_PARAM_VERSION, (char **)&version,
                                    0),
      OSSL_PARAM_construct_utf8_ptr(OSSL_PROV_PARAM_BUILDINFO, (char **)&info,
                                    0),
      OSSL_PARAM_construct_int(OSSL_PROV_PARAM_STATUS, &status),
      OSSL_PARAM_construct_end()};
  int ok = OSSL_PROVIDER_get_params(g_bittern, params);
  check(ok && name != NULL && strstr(name, "Bittern") != NULL &&
            version != NULL && info != NULL && status == 1,
        "provider params: name '%s' version '%s' buildinfo '%s' status %d",
        name ? name : "?", version ? version : "?", info ? info : "?", status);
  check(counter("SHA2-256", "calls") >= 0 &&
            counter("ChaCha20-Poly1305", "bytes") >= 0,
        "bittern-counters parameter readable");
  // A buffer too small for the counters is an error, not a truncation.
  char small[8];
  OSSL_PARAM p2[] = {
      OSSL_PARAM_construct_utf8_string("bittern-counters", small,
                                       sizeof(small)),
      OSSL_PARAM_construct_end()};
  check(!OSSL_PROVIDER_get_params(g_bittern, p2) &&
            err_has("buffer too small"),
        "bittern-counters into an 8-byte buffer fails with an error");
}

// --- diff: each algorithm against the default provider ---------------------

static const char *const kDigests[] = {"SHA1",     "SHA2-224",     "SHA2-256",
                                       "SHA2-384", "SHA2-512",     "SHA2-512/224",
                                       "SHA2-512/256"};
#define NDIGESTS (sizeof(kDigests) / sizeof(kDigests[0]))
#define MAXLEN 1100

// digest_split hashes `in` fed in random pieces, copying the context
// (dupctx) halfway and finishing the copy.
static int digest_split(EVP_MD *md, const uint8_t *in, size_t len,
                        uint8_t *out, unsigned *out_len) {
  EVP_MD_CTX *ctx = EVP_MD_CTX_new(), *copy = EVP_MD_CTX_new();
  int ok = EVP_DigestInit_ex2(ctx, md, NULL);
  size_t done = 0, half = len / 2;
  while (ok && done < half) {
    size_t n = 1 + rnd() % 200;
    if (n > half - done) n = half - done;
    ok = EVP_DigestUpdate(ctx, in + done, n);
    done += n;
  }
  ok = ok && EVP_MD_CTX_copy_ex(copy, ctx);
  // Advance the original with junk: the copy must not share its state.
  ok = ok && EVP_DigestUpdate(ctx, "junk", 4);
  while (ok && done < len) {
    size_t n = 1 + rnd() % 200;
    if (n > len - done) n = len - done;
    ok = EVP_DigestUpdate(copy, in + done, n);
    done += n;
  }
  ok = ok && EVP_DigestFinal_ex(copy, out, out_len);
  EVP_MD_CTX_free(ctx);
  EVP_MD_CTX_free(copy);
  return ok;
}

static void test_diff_digests(uint8_t *buf) {
  for (size_t i = 0; i < NDIGESTS; i++) {
    EVP_MD *b = EVP_MD_fetch(g_lib, kDigests[i], BT);
    EVP_MD *d = EVP_MD_fetch(g_lib, kDigests[i], DEF);
    int ok = b != NULL && d != NULL &&
             EVP_MD_get0_provider(b) == g_bittern &&
             EVP_MD_get_size(b) == EVP_MD_get_size(d) &&
             EVP_MD_get_block_size(b) == EVP_MD_get_block_size(d);
    size_t bad = 0;
    for (size_t len = 0; ok && len <= MAXLEN; len++) {
      uint8_t o1[64], o2[64];
      unsigned l1 = 0, l2 = 0;
      ok = digest_split(b, buf, len, o1, &l1) &&
           EVP_Digest(buf, len, o2, &l2, d, NULL);
      if (ok && (l1 != l2 || memcmp(o1, o2, l1) != 0)) {
        bad++;
      }
    }
    check(ok && bad == 0, "%s: lengths 0..%d, split + dupctx, = default",
          kDigests[i], MAXLEN);
    // Aliases fetch the same implementation.
    EVP_MD_free(b);
    EVP_MD_free(d);
  }
  const char *const aliases[] = {"SHA256", "sha-256", "2.16.840.1.101.3.4.2.1",
                                 "SHA512-256", "SSL3-SHA1"};
  for (size_t i = 0; i < sizeof(aliases) / sizeof(aliases[0]); i++) {
    EVP_MD *md = EVP_MD_fetch(g_lib, aliases[i], BT);
    check(md != NULL && EVP_MD_get0_provider(md) == g_bittern,
          "digest alias '%s' fetches from bittern", aliases[i]);
    EVP_MD_free(md);
  }
}

static int mac_once(EVP_MAC *mac, const char *digest, const uint8_t *key,
                    size_t key_len, const uint8_t *in, size_t len,
                    uint8_t *out, size_t *out_len, int split) {
  EVP_MAC_CTX *ctx = EVP_MAC_CTX_new(mac);
  OSSL_PARAM params[2] = {OSSL_PARAM_construct_end(),
                          OSSL_PARAM_construct_end()};
  if (digest != NULL) {
    params[0] = OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_DIGEST,
                                                 (char *)digest, 0);
  }
  int ok = ctx != NULL && EVP_MAC_init(ctx, key, key_len, params);
  EVP_MAC_CTX *use = ctx;
  size_t done = 0;
  if (split) {
    while (ok && done < len / 2) {
      size_t n = 1 + rnd() % 100;
      if (n > len / 2 - done) n = len / 2 - done;
      ok = EVP_MAC_update(ctx, in + done, n);
      done += n;
    }
    use = ok ? EVP_MAC_CTX_dup(ctx) : NULL;  // dupctx mid-message
    ok = use != NULL && EVP_MAC_update(ctx, (const uint8_t *)"x", 1);
  }
  ok = ok && EVP_MAC_update(use, in + done, len - done) &&
       EVP_MAC_final(use, out, out_len, 64);
  if (use != ctx) {
    EVP_MAC_CTX_free(use);
  }
  EVP_MAC_CTX_free(ctx);
  return ok;
}

static void test_diff_macs(uint8_t *buf) {
  EVP_MAC *hb = EVP_MAC_fetch(g_lib, "HMAC", BT);
  EVP_MAC *hd = EVP_MAC_fetch(g_lib, "HMAC", DEF);
  for (size_t i = 0; i < NDIGESTS; i++) {
    int ok = hb != NULL && hd != NULL && EVP_MAC_get0_provider(hb) == g_bittern;
    size_t bad = 0;
    for (size_t len = 0; ok && len <= 300; len++) {
      uint8_t key[200], o1[64], o2[64];
      size_t key_len = rnd() % sizeof(key), l1, l2;
      fill(key, key_len);
      ok = mac_once(hb, kDigests[i], key, key_len, buf, len, o1, &l1, 1) &&
           mac_once(hd, kDigests[i], key, key_len, buf, len, o2, &l2, 0);
      if (ok && (l1 != l2 || memcmp(o1, o2, l1) != 0)) {
        bad++;
      }
    }
    check(ok && bad == 0, "HMAC-%s: lengths 0..300, keys 0..199, = default",
          kDigests[i]);
  }
  EVP_MAC *pb = EVP_MAC_fetch(g_lib, "Poly1305", BT);
  EVP_MAC *pd = EVP_MAC_fetch(g_lib, "Poly1305", DEF);
  int ok = pb != NULL && pd != NULL && EVP_MAC_get0_provider(pb) == g_bittern;
  size_t bad = 0;
  for (size_t len = 0; ok && len <= MAXLEN; len++) {
    uint8_t key[32], o1[64], o2[64];
    size_t l1, l2;
    fill(key, sizeof(key));
    ok = mac_once(pb, NULL, key, 32, buf, len, o1, &l1, 1) &&
         mac_once(pd, NULL, key, 32, buf, len, o2, &l2, 0);
    if (ok && (l1 != 16 || l2 != 16 || memcmp(o1, o2, 16) != 0)) {
      bad++;
    }
  }
  check(ok && bad == 0, "Poly1305: lengths 0..%d, split + dupctx, = default",
        MAXLEN);
  EVP_MAC_free(hb);
  EVP_MAC_free(hd);
  EVP_MAC_free(pb);
  EVP_MAC_free(pd);
}

// cipher_split encrypts or decrypts `in` in random pieces after `aad`.
static int cipher_split(EVP_CIPHER *c, int enc, const uint8_t *key,
                        const uint8_t *iv, const uint8_t *aad, size_t aad_len,
                        const uint8_t *in, size_t len, uint8_t *out,
                        uint8_t tag[16], int split) {
  EVP_CIPHER_CTX *ctx = EVP_CIPHER_CTX_new();
  int ok = EVP_CipherInit_ex2(ctx, c, key, iv, enc, NULL);
  int outl;
  int aead = (EVP_CIPHER_get_flags(c) & EVP_CIPH_FLAG_AEAD_CIPHER) != 0;
  if (ok && aead && !enc) {
    ok = EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_SET_TAG, 16, tag);
  }
  if (ok && aead && aad_len != 0) {
    ok = EVP_CipherUpdate(ctx, NULL, &outl, aad, (int)aad_len);
  }
  size_t done = 0;
  while (ok && done < len) {
    size_t n = split ? 1 + rnd() % 150 : len;
    if (n > len - done) n = len - done;
    ok = EVP_CipherUpdate(ctx, out + done, &outl, in + done, (int)n) &&
         (size_t)outl == n;
    done += n;
  }
  ok = ok && EVP_CipherFinal_ex(ctx, out + done, &outl) && outl == 0;
  if (ok && aead && enc) {
    ok = EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_GET_TAG, 16, tag);
  }
  EVP_CIPHER_CTX_free(ctx);
  return ok;
}

static void test_diff_ciphers(uint8_t *buf) {
  const char *const names[] = {"ChaCha20", "ChaCha20-Poly1305"};
  for (int i = 0; i < 2; i++) {
    EVP_CIPHER *b = EVP_CIPHER_fetch(g_lib, names[i], BT);
    EVP_CIPHER *d = EVP_CIPHER_fetch(g_lib, names[i], DEF);
    int ok = b != NULL && d != NULL &&
             EVP_CIPHER_get0_provider(b) == g_bittern &&
             EVP_CIPHER_get_iv_length(b) == EVP_CIPHER_get_iv_length(d) &&
             EVP_CIPHER_get_key_length(b) == EVP_CIPHER_get_key_length(d) &&
             EVP_CIPHER_get_flags(b) == EVP_CIPHER_get_flags(d);
    if (!ok) {
      printf("  %s: flags %lx vs %lx, iv %d vs %d\n", names[i],
             b ? EVP_CIPHER_get_flags(b) : 0, d ? EVP_CIPHER_get_flags(d) : 0,
             b ? EVP_CIPHER_get_iv_length(b) : 0,
             d ? EVP_CIPHER_get_iv_length(d) : 0);
    }
    size_t bad = 0;
    static uint8_t o1[MAXLEN], o2[MAXLEN], back[MAXLEN];
    for (size_t len = 0; ok && len <= MAXLEN; len++) {
      uint8_t key[32], iv[16], aad[40], t1[16], t2[16];
      size_t aad_len = rnd() % sizeof(aad);
      fill(key, 32);
      fill(iv, 16);
      fill(aad, aad_len);
      if (i == 0) {
        // Start near a counter where blocks cross 2^8 / 2^16 boundaries.
        iv[1] = iv[2] = iv[3] = 0;
      }
      ok = cipher_split(b, 1, key, iv, aad, aad_len, buf, len, o1, t1, 1) &&
           cipher_split(d, 1, key, iv, aad, aad_len, buf, len, o2, t2, 0) &&
           cipher_split(b, 0, key, iv, aad, aad_len, o1, len, back, t1, 1);
      if (ok && (memcmp(o1, o2, len) != 0 || memcmp(back, buf, len) != 0 ||
                 (i == 1 && memcmp(t1, t2, 16) != 0))) {
        if (bad++ == 0) {
          printf("  %s: first mismatch at length %zu\n", names[i], len);
        }
      }
    }
    check(ok && bad == 0,
          "%s: lengths 0..%d, split, encrypt = default, decrypt round-trips",
          names[i], MAXLEN);
    EVP_CIPHER_free(b);
    EVP_CIPHER_free(d);
  }
}

static int kdf_run(EVP_KDF *kdf, OSSL_PARAM *params, uint8_t *out,
                   size_t len) {
  EVP_KDF_CTX *ctx = EVP_KDF_CTX_new(kdf);
  int ok = ctx != NULL && EVP_KDF_derive(ctx, out, len, params) > 0;
  EVP_KDF_CTX_free(ctx);
  return ok;
}

static void test_diff_kdfs(void) {
  EVP_KDF *b = EVP_KDF_fetch(g_lib, "HKDF", BT);
  EVP_KDF *d = EVP_KDF_fetch(g_lib, "HKDF", DEF);
  const char *const modes[] = {"EXTRACT_AND_EXPAND", "EXTRACT_ONLY",
                               "EXPAND_ONLY"};
  for (size_t i = 0; i < NDIGESTS; i++) {
    int ok = b != NULL && d != NULL && EVP_KDF_get0_provider(b) == g_bittern;
    size_t bad = 0;
    for (int round = 0; ok && round < 60; round++) {
      int mode = round % 3;
      uint8_t key[80], salt[80], info[80], o1[400], o2[400];
      size_t kl = 1 + rnd() % 80, sl = rnd() % 80, il = rnd() % 80;
      size_t len = mode == 1 ? (size_t)EVP_MD_get_size(EVP_get_digestbyname(
                                   kDigests[i]))
                             : 1 + rnd() % 400;
      fill(key, kl);
      fill(salt, sl);
      fill(info, il);
      OSSL_PARAM p[] = {
          OSSL_PARAM_construct_utf8_string("digest", (char *)kDigests[i], 0),
          OSSL_PARAM_construct_utf8_string("mode", (char *)modes[mode], 0),
          OSSL_PARAM_construct_octet_string("key", key, kl),
          OSSL_PARAM_construct_octet_string("salt", salt, sl),
          OSSL_PARAM_construct_octet_string("info", info, il / 2),
          OSSL_PARAM_construct_octet_string("info", info + il / 2,
                                            il - il / 2),
          OSSL_PARAM_construct_end()};
      ok = kdf_run(b, p, o1, len) && kdf_run(d, p, o2, len);
      if (ok && memcmp(o1, o2, len) != 0) {
        bad++;
      }
    }
    check(ok && bad == 0, "HKDF-%s: 3 modes, split info, = default",
          kDigests[i]);
  }
  EVP_KDF_free(b);
  EVP_KDF_free(d);

  b = EVP_KDF_fetch(g_lib, "TLS13-KDF", BT);
  d = EVP_KDF_fetch(g_lib, "TLS13-KDF", DEF);
  const char *const mds[] = {"SHA2-256", "SHA2-384"};
  for (int i = 0; i < 2; i++) {
    int ok = b != NULL && d != NULL && EVP_KDF_get0_provider(b) == g_bittern;
    size_t bad = 0;
    size_t mdlen = i == 0 ? 32 : 48;
    for (int round = 0; ok && round < 40; round++) {
      int extract = round % 2;
      uint8_t key[48], salt[48], data[48], o1[100], o2[100];
      fill(key, mdlen);
      fill(salt, mdlen);
      fill(data, mdlen);
      size_t len = extract ? mdlen : 1 + rnd() % 100;
      int mode = extract ? EVP_KDF_HKDF_MODE_EXTRACT_ONLY
                         : EVP_KDF_HKDF_MODE_EXPAND_ONLY;
      OSSL_PARAM p[8];
      int n = 0;
      p[n++] = OSSL_PARAM_construct_utf8_string("digest", (char *)mds[i], 0);
      p[n++] = OSSL_PARAM_construct_int("mode", &mode);
      // Absent key and salt are meaningful in extract mode: vary them.
      if (!extract || round % 4 != 1) {
        p[n++] = OSSL_PARAM_construct_octet_string("key", key, mdlen);
      }
      if (extract && round % 8 != 3) {
        p[n++] = OSSL_PARAM_construct_octet_string("salt", salt, mdlen);
      }
      p[n++] = OSSL_PARAM_construct_octet_string("prefix", "tls13 ", 6);
      p[n++] = OSSL_PARAM_construct_octet_string(
          "label", extract ? "derived" : "c hs traffic", extract ? 7 : 12);
      if (!extract) {
        p[n++] = OSSL_PARAM_construct_octet_string("data", data,
                                                   rnd() % mdlen);
      }
      p[n] = OSSL_PARAM_construct_end();
      ok = kdf_run(b, p, o1, len) && kdf_run(d, p, o2, len);
      if (ok && memcmp(o1, o2, len) != 0) {
        bad++;
      }
    }
    check(ok && bad == 0, "TLS13-KDF %s: extract/expand, = default", mds[i]);
  }
  EVP_KDF_free(b);
  EVP_KDF_free(d);
}

static void test_diff(void) {
  static uint8_t buf[MAXLEN];
  fill(buf, sizeof(buf));
  test_diff_digests(buf);
  test_diff_macs(buf);
  test_diff_ciphers(buf);
  test_diff_kdfs();
}

// --- badinput ------------------------------------------------------------------

static void test_bad_cipher(void) {
  EVP_CIPHER *aead = EVP_CIPHER_fetch(g_lib, "ChaCha20-Poly1305", BT);
  EVP_CIPHER *chacha = EVP_CIPHER_fetch(g_lib, "ChaCha20", BT);
  uint8_t key[32] = {1}, iv[16] = {2}, buf[256] = {3}, out[256], tag[16];
  int outl;
  EVP_CIPHER_CTX *ctx = EVP_CIPHER_CTX_new();

  check(EVP_EncryptInit_ex2(ctx, aead, NULL, NULL, NULL) &&
            EVP_CIPHER_CTX_set_key_length(ctx, 16) == 0 &&
            err_has("bad key length"),
        "AEAD: key length 16 refused with 'bad key length'");
  check(EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_SET_IVLEN, 8, NULL) <= 0 &&
            err_has("bad IV length"),
        "AEAD: IV length 8 refused with 'bad IV length'");
  {
    OSSL_PARAM p[] = {OSSL_PARAM_construct_utf8_string("no-such-param",
                                                       "x", 0),
                      OSSL_PARAM_construct_end()};
    check(!EVP_CIPHER_CTX_set_params(ctx, p) && err_has("unknown parameter"),
          "AEAD: unknown parameter refused");
  }
  {
    OSSL_PARAM p[] = {OSSL_PARAM_construct_utf8_string("ivlen", "12", 0),
                      OSSL_PARAM_construct_end()};
    check(!EVP_CIPHER_CTX_set_params(ctx, p) && err_has("not an integer"),
          "AEAD: ivlen given as a string refused");
  }
  check(!EVP_EncryptUpdate(ctx, out, &outl, buf, 16) &&
            err_has("needs a key and an IV"),
        "AEAD: update before key and IV refused");
  // EVP_CIPHER_CTX_set_padding sends "padding" to every cipher (openssl
  // speed and enc -nopad do): accepted and ignored by both stream ciphers,
  // but it must be an integer.
  {
    EVP_CIPHER *both[2] = {aead, chacha};
    for (int i = 0; i < 2; i++) {
      const char *name = i == 0 ? "AEAD" : "ChaCha20";
      check(EVP_EncryptInit_ex2(ctx, both[i], key, iv, NULL) &&
                EVP_CIPHER_CTX_set_padding(ctx, 0) == 1 &&
                EVP_CIPHER_CTX_set_padding(ctx, 1) == 1,
            "%s: EVP_CIPHER_CTX_set_padding accepted", name);
      OSSL_PARAM p[] = {OSSL_PARAM_construct_utf8_string("padding", "0", 0),
                        OSSL_PARAM_construct_end()};
      check(!EVP_CIPHER_CTX_set_params(ctx, p) && err_has("not an integer"),
            "%s: padding given as a string refused", name);
    }
  }

  // Forged tag, streaming: final fails.
  uint8_t ct[64];
  check(EVP_EncryptInit_ex2(ctx, aead, key, iv, NULL) &&
            EVP_EncryptUpdate(ctx, NULL, &outl, buf, 13) &&
            EVP_EncryptUpdate(ctx, ct, &outl, buf, 64) &&
            EVP_EncryptFinal_ex(ctx, out, &outl) &&
            EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_GET_TAG, 16, tag) > 0,
        "AEAD: seal 64 bytes");
  check(!EVP_EncryptUpdate(ctx, out, &outl, buf, 16) &&
            err_has("update after final"),
        "AEAD: update after final refused");
  check(EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_GET_TAG, 17, tag) <= 0 &&
            err_has("bad tag length"),
        "AEAD: 17-byte tag request refused");
  tag[5] ^= 1;
  check(EVP_DecryptInit_ex2(ctx, aead, key, iv, NULL) &&
            EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_SET_TAG, 16, tag) > 0 &&
            EVP_DecryptUpdate(ctx, NULL, &outl, buf, 13) &&
            EVP_DecryptUpdate(ctx, out, &outl, ct, 64) &&
            !EVP_DecryptFinal_ex(ctx, out + 64, &outl) && err_has("bad tag"),
        "AEAD: forged tag fails final with 'bad tag'");
  check(EVP_DecryptInit_ex2(ctx, aead, key, iv, NULL) &&
            EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_SET_TAG, 8, tag) <= 0 &&
            err_has("bad tag length"),
        "AEAD: 8-byte tag refused");
  check(EVP_DecryptInit_ex2(ctx, aead, key, iv, NULL) &&
            EVP_DecryptUpdate(ctx, out, &outl, ct, 64) &&
            !EVP_DecryptFinal_ex(ctx, out + 64, &outl) &&
            err_has("no tag set"),
        "AEAD: decrypt final without a tag refused");

  // TLS 1.2 record mode: a forged record releases no plaintext.
  uint8_t record[64 + 16], opened[80];
  uint8_t aad[13] = {0, 0, 0, 0, 0, 0, 0, 7, 23, 3, 3, 0, 64};
  check(EVP_EncryptInit_ex2(ctx, aead, key, iv, NULL) &&
            EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_TLS1_AAD, 13, aad) == 16 &&
            (memcpy(record, buf, 64), 1) &&
            EVP_Cipher(ctx, record, record, sizeof(record)) == 80,
        "AEAD TLS record: seal");
  aad[12] = 80;  // the receiver's AAD carries the record length
  check(EVP_DecryptInit_ex2(ctx, aead, key, iv, NULL) &&
            EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_TLS1_AAD, 13, aad) == 16 &&
            EVP_Cipher(ctx, opened, record, sizeof(record)) == 64 &&
            memcmp(opened, buf, 64) == 0,
        "AEAD TLS record: open");
  record[70] ^= 0x40;
  memset(opened, 0xaa, sizeof(opened));
  int released = 0;
  int r = EVP_DecryptInit_ex2(ctx, aead, key, iv, NULL) &&
          EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_TLS1_AAD, 13, aad) == 16 &&
          EVP_Cipher(ctx, opened, record, sizeof(record)) > 0;
  for (int i = 0; i < 64; i++) {
    released |= opened[i] != 0 && opened[i] != 0xaa;
  }
  check(!r && !released && err_has("failed authentication"),
        "AEAD TLS record: flipped tag byte fails, no plaintext released");

  // ChaCha20.
  check(EVP_EncryptInit_ex2(ctx, chacha, NULL, NULL, NULL) &&
            EVP_CIPHER_CTX_set_key_length(ctx, 31) == 0 &&
            err_has("bad key length"),
        "ChaCha20: key length 31 refused");
  uint8_t iv_end[16] = {0xff, 0xff, 0xff, 0xff};
  check(EVP_EncryptInit_ex2(ctx, chacha, key, iv_end, NULL) &&
            EVP_EncryptUpdate(ctx, out, &outl, buf, 64) &&
            !EVP_EncryptUpdate(ctx, out, &outl, buf, 1) &&
            err_has("would wrap"),
        "ChaCha20: counter wrap past 2^32 - 1 refused");
  check(EVP_EncryptInit_ex2(ctx, chacha, key, iv, NULL) &&
            EVP_EncryptUpdate(ctx, out, &outl, buf, 10) &&
            EVP_EncryptFinal_ex(ctx, out + 10, &outl) &&
            !EVP_EncryptUpdate(ctx, out, &outl, buf, 10) &&
            err_has("update after final"),
        "ChaCha20: update after final refused");
  EVP_CIPHER_CTX_free(ctx);
  EVP_CIPHER_free(aead);
  EVP_CIPHER_free(chacha);
}

static void test_bad_mac_kdf_digest(void) {
  EVP_MAC *hmac = EVP_MAC_fetch(g_lib, "HMAC", BT);
  EVP_MAC *poly = EVP_MAC_fetch(g_lib, "Poly1305", BT);
  EVP_MAC_CTX *m = EVP_MAC_CTX_new(hmac);
  uint8_t key[32] = {9}, out[64];
  size_t outl;
  OSSL_PARAM bad_md[] = {
      OSSL_PARAM_construct_utf8_string("digest", "MD5", 0),
      OSSL_PARAM_construct_end()};
  check(!EVP_MAC_init(m, key, 16, bad_md) && err_has("unknown digest"),
        "HMAC: digest MD5 refused with 'unknown digest'");
  // A UTF-8 value is read no further than its data_size: "SHA" here.
  OSSL_PARAM cut[] = {OSSL_PARAM_construct_utf8_string("digest", "SHA256", 3),
                      OSSL_PARAM_construct_end()};
  check(!EVP_MAC_init(m, key, 16, cut) && err_has("HMAC digest 'SHA'"),
        "HMAC: a UTF-8 value is read within its data_size");
  OSSL_PARAM md[] = {OSSL_PARAM_construct_utf8_string("digest", "SHA256", 0),
                     OSSL_PARAM_construct_end()};
  check(!EVP_MAC_init(m, NULL, 0, md) && err_has("needs a key"),
        "HMAC: init without any key refused");
  check(EVP_MAC_init(m, key, 16, md) && EVP_MAC_update(m, key, 5) &&
            EVP_MAC_final(m, out, &outl, sizeof(out)) && outl == 32 &&
            !EVP_MAC_update(m, key, 5) && err_has("update after final"),
        "HMAC: update after final refused");
  EVP_MAC_CTX_free(m);

  m = EVP_MAC_CTX_new(poly);
  check(!EVP_MAC_init(m, key, 16, NULL) && err_has("bad key length"),
        "Poly1305: 16-byte key refused");
  check(EVP_MAC_init(m, key, 32, NULL) &&
            EVP_MAC_final(m, out, &outl, sizeof(out)) &&
            !EVP_MAC_update(m, key, 1) && err_has("update after final") &&
            !EVP_MAC_init(m, NULL, 0, NULL) && err_has("one-time"),
        "Poly1305: update after final and key reuse refused");
  EVP_MAC_CTX_free(m);
  EVP_MAC_free(hmac);
  EVP_MAC_free(poly);

  EVP_KDF *hkdf = EVP_KDF_fetch(g_lib, "HKDF", BT);
  EVP_KDF *tls = EVP_KDF_fetch(g_lib, "TLS13-KDF", BT);
  EVP_KDF_CTX *k = EVP_KDF_CTX_new(hkdf);
  OSSL_PARAM badmode[] = {
      OSSL_PARAM_construct_utf8_string("digest", "SHA256", 0),
      OSSL_PARAM_construct_octet_string("key", key, 32),
      OSSL_PARAM_construct_utf8_string("mode", "EXPAND_TWICE", 0),
      OSSL_PARAM_construct_end()};
  check(EVP_KDF_derive(k, out, 32, badmode) <= 0 && err_has("bad mode"),
        "HKDF: unknown mode refused");
  OSSL_PARAM ok_params[] = {
      OSSL_PARAM_construct_utf8_string("digest", "SHA256", 0),
      OSSL_PARAM_construct_octet_string("key", key, 32),
      OSSL_PARAM_construct_utf8_string("mode", "EXTRACT_ONLY", 0),
      OSSL_PARAM_construct_end()};
  check(EVP_KDF_derive(k, out, 31, ok_params) <= 0 &&
            err_has("extract outputs"),
        "HKDF: extract into 31 bytes refused");
  static uint8_t big[255 * 32 + 1];
  OSSL_PARAM expand[] = {
      OSSL_PARAM_construct_utf8_string("mode", "EXPAND_ONLY", 0),
      OSSL_PARAM_construct_end()};
  check(EVP_KDF_derive(k, big, sizeof(big), expand) <= 0 &&
            err_has("input too large"),
        "HKDF: 255 * 32 + 1 output bytes refused");
  EVP_KDF_CTX_free(k);
  k = EVP_KDF_CTX_new(tls);
  OSSL_PARAM both[] = {
      OSSL_PARAM_construct_utf8_string("mode", "EXTRACT_AND_EXPAND", 0),
      OSSL_PARAM_construct_end()};
  check(!EVP_KDF_CTX_set_params(k, both) && err_has("bad mode"),
        "TLS13-KDF: EXTRACT_AND_EXPAND refused");
  OSSL_PARAM info[] = {OSSL_PARAM_construct_octet_string("info", key, 3),
                       OSSL_PARAM_construct_end()};
  check(!EVP_KDF_CTX_set_params(k, info) && err_has("unknown parameter"),
        "TLS13-KDF: 'info' is not its parameter");
  EVP_KDF_CTX_free(k);
  EVP_KDF_free(hkdf);
  EVP_KDF_free(tls);

  EVP_MD *sha = EVP_MD_fetch(g_lib, "SHA2-256", BT);
  EVP_MD_CTX *c = EVP_MD_CTX_new();
  unsigned l;
  check(EVP_DigestInit_ex2(c, sha, NULL) && EVP_DigestFinal_ex(c, out, &l) &&
            !EVP_DigestUpdate(c, key, 1) && err_has("update"),
        "SHA2-256: update after final refused");
  EVP_MD_CTX_free(c);
  EVP_MD_free(sha);
}

// --- TLS ------------------------------------------------------------------------

static EVP_PKEY *g_key;
static X509 *g_cert;

static int make_cert(void) {
  g_key = EVP_PKEY_Q_keygen(g_lib, NULL, "EC", "P-256");
  g_cert = X509_new_ex(g_lib, NULL);
  if (g_key == NULL || g_cert == NULL) {
    return 0;
  }
  X509_NAME *name = X509_NAME_new();
  X509_NAME_add_entry_by_txt(name, "CN", MBSTRING_ASC,
                             (const unsigned char *)"localhost", -1, -1, 0);
  int ok = X509_set_version(g_cert, 2) &&
           ASN1_INTEGER_set(X509_get_serialNumber(g_cert), 1) &&
           X509_gmtime_adj(X509_getm_notBefore(g_cert), -60) &&
           X509_gmtime_adj(X509_getm_notAfter(g_cert), 3600) &&
           X509_set_subject_name(g_cert, name) &&
           X509_set_issuer_name(g_cert, name) &&
           X509_set_pubkey(g_cert, g_key) &&
           X509_sign(g_cert, g_key, EVP_sha256()) > 0;
  X509_NAME_free(name);
  return ok;
}

static SSL_CTX *make_ctx(int server, int tls12) {
  SSL_CTX *ctx = SSL_CTX_new_ex(g_lib, NULL,
                                server ? TLS_server_method()
                                       : TLS_client_method());
  if (ctx == NULL) {
    return NULL;
  }
  if (tls12) {
    SSL_CTX_set_min_proto_version(ctx, TLS1_2_VERSION);
    SSL_CTX_set_max_proto_version(ctx, TLS1_2_VERSION);
    SSL_CTX_set_cipher_list(ctx, "ECDHE-ECDSA-CHACHA20-POLY1305");
  } else {
    SSL_CTX_set_min_proto_version(ctx, TLS1_3_VERSION);
    SSL_CTX_set_ciphersuites(ctx, "TLS_CHACHA20_POLY1305_SHA256");
  }
  if (server) {
    SSL_CTX_use_certificate(ctx, g_cert);
    SSL_CTX_use_PrivateKey(ctx, g_key);
  }
  return ctx;
}

#define TRANSFER (64u << 20)
#define CHUNK (16u << 10)

// Bytes of the stream at offset `off`: a pattern both ends can check.
static void pattern(uint8_t *p, size_t off, size_t n, uint8_t salt) {
  for (size_t i = 0; i < n; i++) {
    size_t x = off + i;
    p[i] = (uint8_t)(x ^ (x >> 8) ^ (x >> 17) ^ salt);
  }
}

static int send_all(SSL *ssl, uint8_t salt) {
  static __thread uint8_t buf[CHUNK];
  for (size_t off = 0; off < TRANSFER; off += CHUNK) {
    pattern(buf, off, CHUNK, salt);
    size_t written;
    if (!SSL_write_ex(ssl, buf, CHUNK, &written) || written != CHUNK) {
      return 0;
    }
  }
  return 1;
}

static int recv_all(SSL *ssl, uint8_t salt) {
  static __thread uint8_t buf[CHUNK], want[CHUNK];
  size_t off = 0;
  while (off < TRANSFER) {
    size_t n;
    if (!SSL_read_ex(ssl, buf, sizeof(buf), &n)) {
      return 0;
    }
    pattern(want, off, n, salt);
    if (memcmp(buf, want, n) != 0) {
      return 0;
    }
    off += n;
  }
  return 1;
}

struct server_arg {
  SSL *ssl;
  int ok;
};

static void *server_thread(void *varg) {
  struct server_arg *arg = varg;
  arg->ok = SSL_accept(arg->ssl) == 1 && recv_all(arg->ssl, 0x11) &&
            send_all(arg->ssl, 0x22);
  if (!arg->ok) {
    ERR_print_errors_fp(stdout);
  }
  SSL_shutdown(arg->ssl);
  return NULL;
}

static void test_tls(int tls12) {
  const char *what = tls12 ? "TLS 1.2 ECDHE-ECDSA-CHACHA20-POLY1305"
                           : "TLS 1.3 TLS_CHACHA20_POLY1305_SHA256";
  long long aead0 = counter("ChaCha20-Poly1305", "bytes");
  long long sha0 = counter("SHA2-256", "calls");
  long long kdf0 = counter("TLS13-KDF", "calls");
  long long hmac0 = counter("HMAC", "calls");
  SSL_CTX *sctx = make_ctx(1, tls12), *cctx = make_ctx(0, tls12);
  int fds[2];
  if (sctx == NULL || cctx == NULL ||
      socketpair(AF_UNIX, SOCK_STREAM, 0, fds) != 0) {
    check(0, "%s: set-up", what);
    return;
  }
  SSL *s = SSL_new(sctx), *c = SSL_new(cctx);
  SSL_set_fd(s, fds[0]);
  SSL_set_fd(c, fds[1]);
  struct server_arg arg = {s, 0};
  pthread_t th;
  pthread_create(&th, NULL, server_thread, &arg);
  int ok = SSL_connect(c) == 1;
  const char *suite = ok ? SSL_get_cipher_name(c) : "(none)";
  const char *version = ok ? SSL_get_version(c) : "(none)";
  ok = ok && send_all(c, 0x11) && recv_all(c, 0x22);
  if (!ok) {
    ERR_print_errors_fp(stdout);
  }
  shutdown(fds[1], SHUT_WR);
  pthread_join(th, NULL);
  check(ok && arg.ok, "%s: %s %s, 64 MiB each way intact", what, version,
        suite);
  long long aead = counter("ChaCha20-Poly1305", "bytes") - aead0;
  long long sha = counter("SHA2-256", "calls") - sha0;
  long long kdf = counter("TLS13-KDF", "calls") - kdf0;
  long long hmac = counter("HMAC", "calls") - hmac0;
  // Each direction's 64 MiB is sealed once and opened once, in this process.
  check(aead >= 4LL * TRANSFER,
        "%s: ChaCha20-Poly1305 processed %lld bytes here (>= 4 x 64 MiB)",
        what, aead);
  check(sha > 0, "%s: SHA2-256 (transcript) ran here: %lld calls", what,
        sha);
  if (!tls12) {
    check(kdf > 0 && hmac > 0,
          "%s: key schedule ran here: TLS13-KDF %lld calls, HMAC %lld calls",
          what, kdf, hmac);
  }
  SSL_free(s);
  SSL_free(c);
  close(fds[0]);
  close(fds[1]);
  SSL_CTX_free(sctx);
  SSL_CTX_free(cctx);
}

// --- badmac: one flipped byte on the wire -------------------------------------

static int g_alert_sent;

static void info_cb(const SSL *ssl, int where, int ret) {
  (void)ssl;
  if (where & SSL_CB_WRITE_ALERT) {
    g_alert_sent = ret & 0xff;
  }
}

// pump moves every byte waiting in `from` to `to`, flipping the byte at
// `flip` (counted from the start of this batch) if it is >= 0.
static size_t pump(BIO *from, BIO *to, long flip) {
  uint8_t buf[65536];
  size_t total = 0;
  int n;
  while ((n = BIO_read(from, buf, sizeof(buf))) > 0) {
    if (flip >= 0 && flip < n) {
      buf[flip] ^= 0x01;
      flip = -1;
    }
    BIO_write(to, buf, n);
    total += (size_t)n;
  }
  return total;
}

static void test_badmac(int tls12) {
  const char *what = tls12 ? "TLS 1.2" : "TLS 1.3";
  SSL_CTX *sctx = make_ctx(1, tls12), *cctx = make_ctx(0, tls12);
  SSL_CTX_set_info_callback(sctx, info_cb);
  SSL *s = SSL_new(sctx), *c = SSL_new(cctx);
  BIO *s_ssl, *s_net, *c_ssl, *c_net;
  BIO_new_bio_pair(&s_ssl, 0, &s_net, 0);
  BIO_new_bio_pair(&c_ssl, 0, &c_net, 0);
  SSL_set_bio(s, s_ssl, s_ssl);
  SSL_set_bio(c, c_ssl, c_ssl);
  SSL_set_accept_state(s);
  SSL_set_connect_state(c);
  int done_c = 0, done_s = 0;
  for (int i = 0; i < 20 && !(done_c && done_s); i++) {
    done_c = done_c || SSL_do_handshake(c) == 1;
    pump(c_net, s_net, -1);
    done_s = done_s || SSL_do_handshake(s) == 1;
    pump(s_net, c_net, -1);
  }
  // Let each side read what the other sent after its handshake (TLS 1.3
  // tickets), then send one record with a byte of its tag flipped.
  uint8_t buf[100];
  size_t n;
  SSL_read_ex(c, buf, sizeof(buf), &n);
  ERR_clear_error();
  size_t written = 0;
  int ok = done_c && done_s && SSL_write_ex(c, "attack at dawn", 14, &written);
  // The record: 5-byte header, then ciphertext || tag; flip the last byte.
  uint8_t rec[512];
  int len = BIO_read(c_net, rec, sizeof(rec));
  ok = ok && len > 5;
  if (ok) {
    rec[len - 1] ^= 0x01;
    BIO_write(s_net, rec, len);
  }
  g_alert_sent = 0;
  int r = SSL_read_ex(s, buf, sizeof(buf), &n);
  int err = SSL_get_error(s, r);
  unsigned long e = ERR_peek_last_error();
  check(ok && !r && err == SSL_ERROR_SSL &&
            ERR_GET_REASON(e) == SSL_R_DECRYPTION_FAILED_OR_BAD_RECORD_MAC &&
            g_alert_sent == SSL_AD_BAD_RECORD_MAC,
        "%s: flipped tag byte -> server sends alert %d (%s), reason %s", what,
        g_alert_sent, SSL_alert_desc_string_long(g_alert_sent << 0),
        ERR_reason_error_string(e) ? ERR_reason_error_string(e) : "?");
  ERR_clear_error();
  SSL_free(s);
  SSL_free(c);
  BIO_free(s_net);
  BIO_free(c_net);
  SSL_CTX_free(sctx);
  SSL_CTX_free(cctx);
}

// --- counters across threads and dupctx -----------------------------------------

// The provider counts per thread (prov.c): the totals must still be exact
// after threads have counted, exited and had their blocks adopted by new
// ones, and for contexts copied mid-message (each final counts once).
enum { kCountThreads = 4, kCountDigests = 300 };

struct count_job {
  EVP_MD *md;
  int id;
  int failures;
  long long calls, bytes;  // what the job counted
};

static void *count_worker(void *arg) {
  struct count_job *job = arg;
  uint8_t msg[400], out[EVP_MAX_MD_SIZE];
  memset(msg, job->id, sizeof(msg));
  for (int i = 0; i < kCountDigests; i++) {
    size_t len = (size_t)(i * 37 + job->id) % 300;
    job->failures += !EVP_Digest(msg, len, out, NULL, job->md, NULL);
    job->calls++;
    job->bytes += (long long)len;
  }
  // A context copied after 100 bytes (held back, below 128) and one after
  // 200 (hashed): both the original and the copy count at final.
  for (size_t at = 100; at <= 200; at += 100) {
    EVP_MD_CTX *a = EVP_MD_CTX_new(), *b = EVP_MD_CTX_new();
    unsigned int n;
    job->failures += a == NULL || b == NULL ||
                     !EVP_DigestInit_ex(a, job->md, NULL) ||
                     !EVP_DigestUpdate(a, msg, at) ||
                     !EVP_MD_CTX_copy_ex(b, a) ||
                     !EVP_DigestUpdate(a, msg, 50) ||
                     !EVP_DigestFinal_ex(a, out, &n) ||
                     !EVP_DigestFinal_ex(b, out, &n);
    job->calls += 2;
    job->bytes += (long long)(2 * at + 50);
    EVP_MD_CTX_free(a);
    EVP_MD_CTX_free(b);
  }
  return NULL;
}

static void test_counters(void) {
  EVP_MD *md = EVP_MD_fetch(g_lib, "SHA2-384", BT);
  check(md != NULL, "counters: fetch SHA2-384 from the provider");
  if (md == NULL) {
    return;
  }
  long long calls0 = counter("SHA2-384", "calls");
  long long bytes0 = counter("SHA2-384", "bytes");
  long long calls = 0, bytes = 0;
  int failures = 0, started = 1;
  // Two waves: the second wave's threads adopt the first wave's blocks; the
  // main thread counts between them.
  for (int wave = 0; wave < 2; wave++) {
    pthread_t threads[kCountThreads];
    struct count_job jobs[kCountThreads];
    for (int t = 0; t < kCountThreads; t++) {
      jobs[t] = (struct count_job){md, wave * kCountThreads + t + 1, 0, 0, 0};
      if (pthread_create(&threads[t], NULL, count_worker, &jobs[t]) != 0) {
        started = 0;
        count_worker(&jobs[t]);  // counted on this thread instead
        threads[t] = pthread_self();
      }
    }
    for (int t = 0; t < kCountThreads; t++) {
      if (!pthread_equal(threads[t], pthread_self())) {
        pthread_join(threads[t], NULL);
      }
      failures += jobs[t].failures;
      calls += jobs[t].calls;
      bytes += jobs[t].bytes;
    }
    struct count_job mine = {md, 0, 0, 0, 0};
    count_worker(&mine);
    failures += mine.failures;
    calls += mine.calls;
    bytes += mine.bytes;
  }
  EVP_MD_free(md);
  check(started, "counters: %d threads started per wave", kCountThreads);
  check(failures == 0, "counters: every digest call succeeded");
  long long got_calls = counter("SHA2-384", "calls") - calls0;
  long long got_bytes = counter("SHA2-384", "bytes") - bytes0;
  check(got_calls == calls && got_bytes == bytes,
        "counters: exact across threads and dupctx: calls %lld (want %lld), "
        "bytes %lld (want %lld)",
        got_calls, calls, got_bytes, bytes);
}

// --- main -----------------------------------------------------------------------

static int want(int argc, char **argv, const char *name) {
  if (argc <= 2) {
    return 1;
  }
  for (int i = 2; i < argc; i++) {
    if (strcmp(argv[i], name) == 0) {
      return 1;
    }
  }
  return 0;
}

int main(int argc, char **argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: %s MODULE_DIR [params diff counters badinput tls13 "
                    "tls12 badmac]\n", argv[0]);
    return 2;
  }
  g_lib = OSSL_LIB_CTX_new();
  if (g_lib == NULL ||
      !OSSL_PROVIDER_set_default_search_path(g_lib, argv[1]) ||
      (g_bittern = OSSL_PROVIDER_load(g_lib, "bittern")) == NULL ||
      (g_default = OSSL_PROVIDER_load(g_lib, "default")) == NULL ||
      !EVP_set_default_properties(g_lib, "?provider=bittern")) {
    ERR_print_errors_fp(stderr);
    fprintf(stderr, "cannot load the provider from %s\n", argv[1]);
    return 1;
  }
  setvbuf(stdout, NULL, _IOLBF, 0);
  if (want(argc, argv, "params")) test_params();
  if (want(argc, argv, "diff")) test_diff();
  if (want(argc, argv, "counters")) test_counters();
  if (want(argc, argv, "badinput")) {
    test_bad_cipher();
    test_bad_mac_kdf_digest();
  }
  if (want(argc, argv, "tls13") || want(argc, argv, "tls12") ||
      want(argc, argv, "badmac")) {
    if (!make_cert()) {
      check(0, "certificate generation");
    }
  }
  if (want(argc, argv, "tls13")) test_tls(0);
  if (want(argc, argv, "tls12")) test_tls(1);
  if (want(argc, argv, "badmac")) {
    test_badmac(0);
    test_badmac(1);
  }
  print_counters();
  EVP_PKEY_free(g_key);
  X509_free(g_cert);
  OSSL_PROVIDER_unload(g_bittern);
  OSSL_PROVIDER_unload(g_default);
  OSSL_LIB_CTX_free(g_lib);
  printf("%d passed, %d failed\n", g_pass, g_fail);
  return g_fail == 0 ? 0 : 1;
}
