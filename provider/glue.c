// Copyright 2026 The project authors.
//
// glue.c: glue.h on the library's public API. The only provider file that
// includes the library's headers (see glue.h). Failures inside the library
// push errors to the library's own queue; they are cleared here, since the
// provider reports every failure on OpenSSL's queue instead.

#include "glue.h"

#include <string.h>

#include <openssl/aead.h>
#include <openssl/chacha.h>
#include <openssl/cpu.h>
#include <openssl/digest.h>
#include <openssl/err.h>
#include <openssl/hkdf.h>
#include <openssl/hmac.h>
#include <openssl/mem.h>
#include <openssl/poly1305.h>
#include <openssl/sha.h>

_Static_assert(BT_MAX_MD_SIZE == EVP_MAX_MD_SIZE, "digest size");
_Static_assert(BT_POLY1305_STATE_SIZE == sizeof(poly1305_state),
               "poly1305_state size");

static const EVP_MD *md_of(int d) {
  switch (d) {
    case BT_SHA1:
      return EVP_sha1();
    case BT_SHA224:
      return EVP_sha224();
    case BT_SHA256:
      return EVP_sha256();
    case BT_SHA384:
      return EVP_sha384();
    case BT_SHA512:
      return EVP_sha512();
    case BT_SHA512_224:
      return EVP_sha512_224();
    case BT_SHA512_256:
      return EVP_sha512_256();
    default:
      return NULL;
  }
}

// ok returns `ret` and, on failure, drops the library's queued errors.
static int ok(int ret) {
  if (!ret) {
    ERR_clear_error();
  }
  return ret;
}

// The streaming functions of each digest through one signature, so that the
// table below can hold them (calling SHA256_Update through a pointer of
// another type would be undefined). The functions are named in full, not
// pasted together, so a BITTERN_PREFIX build renames them as usual.
#define BT_MD_ADAPT(tag, type, init, update, final)                  \
  static void tag##_init_any(void *ctx) { init((type *)ctx); }       \
  static void tag##_update_any(void *ctx, const void *in, size_t len) { \
    update((type *)ctx, in, len);                                    \
  }                                                                  \
  static void tag##_final_any(void *ctx, uint8_t *out) {             \
    final(out, (type *)ctx);                                         \
  }
BT_MD_ADAPT(sha1, SHA_CTX, SHA1_Init, SHA1_Update, SHA1_Final)
BT_MD_ADAPT(sha224, SHA256_CTX, SHA224_Init, SHA224_Update, SHA224_Final)
BT_MD_ADAPT(sha256, SHA256_CTX, SHA256_Init, SHA256_Update, SHA256_Final)
BT_MD_ADAPT(sha384, SHA512_CTX, SHA384_Init, SHA384_Update, SHA384_Final)
BT_MD_ADAPT(sha512, SHA512_CTX, SHA512_Init, SHA512_Update, SHA512_Final)
BT_MD_ADAPT(sha512_224, SHA512_CTX, SHA512_224_Init, SHA512_224_Update,
            SHA512_224_Final)
BT_MD_ADAPT(sha512_256, SHA512_CTX, SHA512_256_Init, SHA512_256_Update,
            SHA512_256_Final)

// A streaming context: the state of whichever digest it runs. These states
// hold no pointers, so a copy is a memcpy and a wipe ends one.
union bt_md_state {
  SHA_CTX sha1;
  SHA256_CTX sha256;
  SHA512_CTX sha512;
};

// Each digest's output and block size, its one-shot function and its
// streaming functions: the per-call path of a provider digest (EVP_Digest,
// openssl speed -evp) reads these, so they are a table rather than calls
// through EVP_MD (whose init, update and final cost ~250 more instructions
// a message than the direct calls, measured with callgrind on
// EVP_Digest of 1 KiB).
#define BT_MD_ROW(tag, size, block, oneshot)                              \
  {size, block, oneshot, tag##_init_any, tag##_update_any, tag##_final_any}
static const struct {
  uint8_t size, block;
  uint8_t *(*oneshot)(const uint8_t *data, size_t len, uint8_t *out);
  void (*init)(void *ctx);
  void (*update)(void *ctx, const void *in, size_t len);
  void (*final)(void *ctx, uint8_t *out);
} kDigests[BT_NUM_DIGESTS] = {
    [BT_SHA1] = BT_MD_ROW(sha1, SHA_DIGEST_LENGTH, SHA_CBLOCK, SHA1),
    [BT_SHA224] =
        BT_MD_ROW(sha224, SHA224_DIGEST_LENGTH, SHA256_CBLOCK, SHA224),
    [BT_SHA256] =
        BT_MD_ROW(sha256, SHA256_DIGEST_LENGTH, SHA256_CBLOCK, SHA256),
    [BT_SHA384] =
        BT_MD_ROW(sha384, SHA384_DIGEST_LENGTH, SHA512_CBLOCK, SHA384),
    [BT_SHA512] =
        BT_MD_ROW(sha512, SHA512_DIGEST_LENGTH, SHA512_CBLOCK, SHA512),
    [BT_SHA512_224] = BT_MD_ROW(sha512_224, SHA512_224_DIGEST_LENGTH,
                                SHA512_CBLOCK, SHA512_224),
    [BT_SHA512_256] = BT_MD_ROW(sha512_256, SHA512_256_DIGEST_LENGTH,
                                SHA512_CBLOCK, SHA512_256),
};

size_t bt_digest_size(int d) { return kDigests[d].size; }

size_t bt_digest_block_size(int d) { return kDigests[d].block; }

const char *bt_digest_impl_name(int d) {
  switch (d) {
    case BT_SHA1:
      return CRYPTO_implementation_name("sha1");
    case BT_SHA224:
    case BT_SHA256:
      return CRYPTO_implementation_name("sha256");
    default:
      return CRYPTO_implementation_name("sha512");
  }
}

const char *bt_impl_name(const char *primitive) {
  return CRYPTO_implementation_name(primitive);
}

size_t bt_md_ctx_size(void) { return sizeof(union bt_md_state); }

void bt_md_init(void *ctx, int d) { kDigests[d].init(ctx); }

void bt_md_update(void *ctx, int d, const void *in, size_t len) {
  kDigests[d].update(ctx, in, len);
}

void bt_md_final(void *ctx, int d, uint8_t *out) { kDigests[d].final(ctx, out); }

void bt_md_copy(void *dst, const void *src) {
  memcpy(dst, src, sizeof(union bt_md_state));
}

size_t bt_hmac_ctx_size(void) { return sizeof(HMAC_CTX); }

void bt_hmac_init(void *ctx) { HMAC_CTX_init(ctx); }

int bt_hmac_start(void *ctx, int d, const uint8_t *key, size_t key_len) {
  return ok(HMAC_Init_ex(ctx, key, key_len, d < 0 ? NULL : md_of(d), NULL));
}

int bt_hmac_update(void *ctx, const uint8_t *in, size_t len) {
  return ok(HMAC_Update(ctx, in, len));
}

int bt_hmac_final(void *ctx, uint8_t *out, size_t *out_len) {
  unsigned len = 0;
  int ret = ok(HMAC_Final(ctx, out, &len));
  *out_len = len;
  return ret;
}

int bt_hmac_copy(void *dst, const void *src) {
  HMAC_CTX_init(dst);
  return ok(HMAC_CTX_copy_ex(dst, src));
}

void bt_hmac_cleanup(void *ctx) { HMAC_CTX_cleanup(ctx); }

void bt_poly1305_init(void *state, const uint8_t key[32]) {
  CRYPTO_poly1305_init(state, key);
}

void bt_poly1305_update(void *state, const uint8_t *in, size_t len) {
  CRYPTO_poly1305_update(state, in, len);
}

void bt_poly1305_finish(void *state, uint8_t tag[16]) {
  CRYPTO_poly1305_finish(state, tag);
}

void bt_chacha20(uint8_t *out, const uint8_t *in, size_t len,
                 const uint8_t key[32], const uint8_t nonce[12],
                 uint32_t counter) {
  CRYPTO_chacha_20(out, in, len, key, nonce, counter);
}

int bt_aead_seal(const uint8_t key[32], const uint8_t nonce[12], uint8_t *out,
                 uint8_t tag[16], const uint8_t *in, size_t len,
                 const uint8_t *ad, size_t ad_len) {
  EVP_AEAD_CTX ctx;
  if (!EVP_AEAD_CTX_init(&ctx, EVP_aead_chacha20_poly1305(), key, 32, 16,
                         NULL)) {
    return ok(0);
  }
  size_t tag_len;
  int ret = EVP_AEAD_CTX_seal_scatter(&ctx, out, tag, &tag_len, 16, nonce, 12,
                                      in, len, NULL, 0, ad, ad_len);
  EVP_AEAD_CTX_cleanup(&ctx);
  return ok(ret);
}

int bt_aead_open(const uint8_t key[32], const uint8_t nonce[12], uint8_t *out,
                 const uint8_t *in, size_t len, const uint8_t tag[16],
                 const uint8_t *ad, size_t ad_len) {
  EVP_AEAD_CTX ctx;
  if (!EVP_AEAD_CTX_init(&ctx, EVP_aead_chacha20_poly1305(), key, 32, 16,
                         NULL)) {
    return ok(0);
  }
  int ret = EVP_AEAD_CTX_open_gather(&ctx, out, nonce, 12, in, len, tag, 16,
                                     ad, ad_len);
  EVP_AEAD_CTX_cleanup(&ctx);
  return ok(ret);
}

int bt_hkdf_extract(int d, uint8_t *out, const uint8_t *salt, size_t salt_len,
                    const uint8_t *ikm, size_t ikm_len) {
  size_t out_len;
  return ok(HKDF_extract(out, &out_len, md_of(d), ikm, ikm_len, salt,
                         salt_len));
}

int bt_hkdf_expand(int d, uint8_t *out, size_t out_len, const uint8_t *prk,
                   size_t prk_len, const uint8_t *info, size_t info_len) {
  return ok(HKDF_expand(out, out_len, md_of(d), prk, prk_len, info, info_len));
}

void bt_cleanse(void *p, size_t len) { OPENSSL_cleanse(p, len); }

int bt_memcmp(const void *a, const void *b, size_t len) {
  return CRYPTO_memcmp(a, b, len);
}

void bt_md_oneshot(int d, const void *in, size_t len, uint8_t *out) {
  kDigests[d].oneshot(in, len, out);
}
