// Copyright 2026 The project authors.
//
// macs.c: HMAC (over every digest of digests.c) and Poly1305 as OpenSSL
// provider MACs (provider-mac(7)), under the default provider's names.
//
// HMAC: settable "digest" (any name of digests.c), "properties" (accepted
// and ignored: the digest is always this library's) and "key"; gettable
// "size" and "block-size". EVP_MAC_init with no key restarts under the
// previous key. dupctx copies a message in progress (the TLS 1.2 PRF does).
//
// Poly1305: a 32-byte one-time key, by EVP_MAC_init or "key"; gettable
// "size" (16). As the key must authenticate one message only, init without
// a new key is refused once the previous message has been finished.

#include <string.h>

#include "glue.h"
#include "prov.h"

// --- HMAC -----------------------------------------------------------------

typedef struct {
  int digest;  // BT_* of glue.h, or -1 before "digest" is set
  uint8_t *key;
  size_t key_len;
  int key_set;
  int open;  // a message is in progress
  _Alignas(16) unsigned char hmac[];  // bt_hmac_ctx_size() bytes
} HMAC_PCTX;

static size_t hmac_size(void) { return sizeof(HMAC_PCTX) + bt_hmac_ctx_size(); }

static void *hmac_newctx(void *provctx) {
  (void)provctx;
  HMAC_PCTX *ctx = bt_zalloc(hmac_size());
  if (ctx != NULL) {
    ctx->digest = -1;
    bt_hmac_init(ctx->hmac);
  }
  return ctx;
}

static void hmac_freectx(void *vctx) {
  HMAC_PCTX *ctx = vctx;
  if (ctx != NULL) {
    bt_hmac_cleanup(ctx->hmac);
    bt_free(ctx->key, ctx->key_len);
    bt_free(ctx, hmac_size());
  }
}

static void *hmac_dupctx(void *vsrc) {
  const HMAC_PCTX *src = vsrc;
  HMAC_PCTX *dst = hmac_newctx(NULL);
  if (dst == NULL) {
    return NULL;
  }
  dst->digest = src->digest;
  dst->key_set = src->key_set;
  dst->open = src->open;
  if (src->key_len != 0) {
    dst->key = bt_zalloc(src->key_len);
    if (dst->key == NULL) {
      hmac_freectx(dst);
      return NULL;
    }
    memcpy(dst->key, src->key, src->key_len);
    dst->key_len = src->key_len;
  }
  if (src->key_set && !bt_hmac_copy(dst->hmac, src->hmac)) {
    BT_RAISE(BT_R_INTERNAL, "HMAC copy failed");
    hmac_freectx(dst);
    return NULL;
  }
  return dst;
}

// hmac_rekey keys the library's HMAC with the stored key and digest.
static int hmac_rekey(HMAC_PCTX *ctx) {
  if (!bt_hmac_start(ctx->hmac, ctx->digest, ctx->key, ctx->key_len)) {
    BT_RAISE(BT_R_INTERNAL, "HMAC init failed");
    return 0;
  }
  ctx->key_set = 1;
  ctx->open = 1;
  return 1;
}

static int hmac_set_key(HMAC_PCTX *ctx, const void *key, size_t len) {
  if (ctx->digest < 0) {
    BT_RAISE(BT_R_UNKNOWN_DIGEST, "HMAC needs 'digest' before its key");
    return 0;
  }
  if (key == NULL && len != 0) {
    BT_RAISE(BT_R_BAD_KEY_LENGTH, "NULL key of %zu bytes", len);
    return 0;
  }
  bt_free(ctx->key, ctx->key_len);
  ctx->key = NULL;
  ctx->key_len = 0;
  if (len != 0) {
    ctx->key = bt_zalloc(len);
    if (ctx->key == NULL) {
      return 0;
    }
    memcpy(ctx->key, key, len);
    ctx->key_len = len;
  }
  return hmac_rekey(ctx);
}

static const OSSL_PARAM kHmacSettable[] = {
    {OSSL_MAC_PARAM_DIGEST, OSSL_PARAM_UTF8_STRING, NULL, 0, 0},
    {OSSL_MAC_PARAM_PROPERTIES, OSSL_PARAM_UTF8_STRING, NULL, 0, 0},
    {OSSL_MAC_PARAM_KEY, OSSL_PARAM_OCTET_STRING, NULL, 0, 0},
    {NULL, 0, NULL, 0, 0},
};

static const OSSL_PARAM kHmacGettable[] = {
    {OSSL_MAC_PARAM_SIZE, OSSL_PARAM_UNSIGNED_INTEGER, NULL, sizeof(size_t),
     0},
    {OSSL_MAC_PARAM_BLOCK_SIZE, OSSL_PARAM_UNSIGNED_INTEGER, NULL,
     sizeof(size_t), 0},
    {NULL, 0, NULL, 0, 0},
};

BT_CTX_PARAMS_FN(hmac_settable_ctx_params, kHmacSettable)

BT_CTX_PARAMS_FN(hmac_gettable_ctx_params, kHmacGettable)

static int hmac_set_ctx_params(void *vctx, const OSSL_PARAM params[]) {
  HMAC_PCTX *ctx = vctx;
  const OSSL_PARAM *p;
  if (!bt_params_check_known(params, kHmacSettable)) {
    return 0;
  }
  if ((p = bt_param_locate_const(params, OSSL_MAC_PARAM_PROPERTIES)) !=
      NULL) {
    if (!bt_param_is_utf8(p)) {
      return 0;
    }
  }
  if ((p = bt_param_locate_const(params, OSSL_MAC_PARAM_DIGEST)) != NULL) {
    char name[64];
    if (!bt_param_get_utf8(p, name, sizeof(name))) {
      return 0;
    }
    int d = bt_digest_by_name(name);
    if (d < 0) {
      BT_RAISE(BT_R_UNKNOWN_DIGEST, "HMAC digest '%s'", name);
      return 0;
    }
    ctx->digest = d;
    ctx->key_set = 0;  // keyed again below, or by init
    ctx->open = 0;
  }
  if ((p = bt_param_locate_const(params, OSSL_MAC_PARAM_KEY)) != NULL) {
    const void *key;
    size_t len;
    if (!bt_param_get_octets(p, &key, &len) || !hmac_set_key(ctx, key, len)) {
      return 0;
    }
  }
  return 1;
}

static int hmac_get_ctx_params(void *vctx, OSSL_PARAM params[]) {
  HMAC_PCTX *ctx = vctx;
  OSSL_PARAM *p;
  if ((p = bt_param_locate(params, OSSL_MAC_PARAM_SIZE)) != NULL &&
      !bt_param_set_size_t(
          p, ctx->digest < 0 ? 0 : bt_digest_size(ctx->digest))) {
    return 0;
  }
  if ((p = bt_param_locate(params, OSSL_MAC_PARAM_BLOCK_SIZE)) != NULL &&
      !bt_param_set_size_t(
          p, ctx->digest < 0 ? 0 : bt_digest_block_size(ctx->digest))) {
    return 0;
  }
  return 1;
}

static int hmac_init(void *vctx, const unsigned char *key, size_t key_len,
                     const OSSL_PARAM params[]) {
  HMAC_PCTX *ctx = vctx;
  if (!hmac_set_ctx_params(ctx, params)) {
    return 0;
  }
  if (key != NULL) {
    return hmac_set_key(ctx, key, key_len);
  }
  if (ctx->digest < 0) {
    BT_RAISE(BT_R_UNKNOWN_DIGEST, "HMAC needs 'digest'");
    return 0;
  }
  if (!ctx->key_set && ctx->key == NULL) {
    // Keyed neither before nor now: OpenSSL's HMAC also refuses.
    BT_RAISE(BT_R_MISSING_KEY, "HMAC needs a key");
    return 0;
  }
  if (!ctx->key_set) {
    return hmac_rekey(ctx);  // the digest changed since the key was set
  }
  if (!bt_hmac_start(ctx->hmac, -1, NULL, 0)) {
    BT_RAISE(BT_R_INTERNAL, "HMAC restart failed");
    return 0;
  }
  ctx->open = 1;
  return 1;
}

static int hmac_update(void *vctx, const unsigned char *in, size_t len) {
  HMAC_PCTX *ctx = vctx;
  if (!ctx->open) {
    BT_RAISE(ctx->key_set ? BT_R_UPDATE_AFTER_FINAL : BT_R_NOT_INITIALIZED,
             "HMAC update with no message open");
    return 0;
  }
  if (in == NULL && len != 0) {
    BT_RAISE(BT_R_BAD_PARAMETER, "NULL input");
    return 0;
  }
  if (!bt_hmac_update(ctx->hmac, in, len)) {
    BT_RAISE(BT_R_INTERNAL, "HMAC update failed");
    return 0;
  }
  bt_count(BT_C_HMAC, len);
  return 1;
}

static int hmac_final(void *vctx, unsigned char *out, size_t *outl,
                      size_t outsize) {
  HMAC_PCTX *ctx = vctx;
  if (!ctx->open) {
    BT_RAISE(ctx->key_set ? BT_R_UPDATE_AFTER_FINAL : BT_R_NOT_INITIALIZED,
             "HMAC final with no message open");
    return 0;
  }
  size_t size = bt_digest_size(ctx->digest);
  if (out == NULL || outsize < size) {
    BT_RAISE(BT_R_OUTPUT_TOO_SMALL, "need %zu bytes, have %zu", size,
             outsize);
    return 0;
  }
  if (!bt_hmac_final(ctx->hmac, out, outl)) {
    BT_RAISE(BT_R_INTERNAL, "HMAC final failed");
    return 0;
  }
  ctx->open = 0;
  return 1;
}

static const OSSL_DISPATCH kHmacFunctions[] = {
    {OSSL_FUNC_MAC_NEWCTX, (void (*)(void))hmac_newctx},
    {OSSL_FUNC_MAC_DUPCTX, (void (*)(void))hmac_dupctx},
    {OSSL_FUNC_MAC_FREECTX, (void (*)(void))hmac_freectx},
    {OSSL_FUNC_MAC_INIT, (void (*)(void))hmac_init},
    {OSSL_FUNC_MAC_UPDATE, (void (*)(void))hmac_update},
    {OSSL_FUNC_MAC_FINAL, (void (*)(void))hmac_final},
    {OSSL_FUNC_MAC_GETTABLE_CTX_PARAMS,
     (void (*)(void))hmac_gettable_ctx_params},
    {OSSL_FUNC_MAC_GET_CTX_PARAMS, (void (*)(void))hmac_get_ctx_params},
    {OSSL_FUNC_MAC_SETTABLE_CTX_PARAMS,
     (void (*)(void))hmac_settable_ctx_params},
    {OSSL_FUNC_MAC_SET_CTX_PARAMS, (void (*)(void))hmac_set_ctx_params},
    {0, NULL},
};

// --- Poly1305 ----------------------------------------------------------------

typedef struct {
  _Alignas(BT_POLY1305_STATE_ALIGN) uint8_t poly[BT_POLY1305_STATE_SIZE];
  int keyed;    // a key was given for the current message
  int updated;  // the current message has been fed or finished
  int open;
} POLY_CTX;

static void *poly_newctx(void *provctx) {
  (void)provctx;
  return bt_zalloc64(sizeof(POLY_CTX));
}

static void poly_freectx(void *ctx) { bt_free(ctx, sizeof(POLY_CTX)); }

static void *poly_dupctx(void *src) {
  // Both states are 64-byte aligned (bt_zalloc64), so memcpy is a valid copy.
  POLY_CTX *dst = bt_zalloc64(sizeof(POLY_CTX));
  if (dst != NULL) {
    memcpy(dst, src, sizeof(POLY_CTX));
  }
  return dst;
}

static int poly_set_key(POLY_CTX *ctx, const void *key, size_t len) {
  if (key == NULL || len != BT_POLY1305_KEY_LEN) {
    BT_RAISE(BT_R_BAD_KEY_LENGTH, "Poly1305 key of %zu bytes, need 32", len);
    return 0;
  }
  bt_poly1305_init(ctx->poly, key);
  ctx->keyed = 1;
  ctx->updated = 0;
  ctx->open = 1;
  return 1;
}

static const OSSL_PARAM kPolySettable[] = {
    {OSSL_MAC_PARAM_KEY, OSSL_PARAM_OCTET_STRING, NULL, 0, 0},
    {NULL, 0, NULL, 0, 0},
};

static const OSSL_PARAM kPolyGettable[] = {
    {OSSL_MAC_PARAM_SIZE, OSSL_PARAM_UNSIGNED_INTEGER, NULL, sizeof(size_t),
     0},
    {NULL, 0, NULL, 0, 0},
};

BT_CTX_PARAMS_FN(poly_settable_ctx_params, kPolySettable)

static const OSSL_PARAM *poly_gettable_params(void *provctx) {
  (void)provctx;
  return kPolyGettable;
}

static const OSSL_PARAM *poly_gettable_ctx_params(void *ctx, void *provctx) {
  (void)ctx;
  return poly_gettable_params(provctx);
}

static int poly_get_params(OSSL_PARAM params[]) {
  OSSL_PARAM *p = bt_param_locate(params, OSSL_MAC_PARAM_SIZE);
  return p == NULL || bt_param_set_size_t(p, BT_POLY1305_TAG_LEN);
}

static int poly_get_ctx_params(void *ctx, OSSL_PARAM params[]) {
  (void)ctx;
  return poly_get_params(params);
}

static int poly_set_ctx_params(void *vctx, const OSSL_PARAM params[]) {
  const OSSL_PARAM *p;
  if (!bt_params_check_known(params, kPolySettable)) {
    return 0;
  }
  if ((p = bt_param_locate_const(params, OSSL_MAC_PARAM_KEY)) != NULL) {
    const void *key;
    size_t len;
    if (!bt_param_get_octets(p, &key, &len) || !poly_set_key(vctx, key, len)) {
      return 0;
    }
  }
  return 1;
}

static int poly_init(void *vctx, const unsigned char *key, size_t key_len,
                     const OSSL_PARAM params[]) {
  POLY_CTX *ctx = vctx;
  if (!poly_set_ctx_params(ctx, params)) {
    return 0;
  }
  if (key != NULL) {
    return poly_set_key(ctx, key, key_len);
  }
  if (!ctx->keyed) {
    BT_RAISE(BT_R_MISSING_KEY, "Poly1305 needs a key");
    return 0;
  }
  if (ctx->updated) {
    BT_RAISE(BT_R_MISSING_KEY, "Poly1305 keys are one-time: give a new key");
    return 0;
  }
  return 1;
}

static int poly_update(void *vctx, const unsigned char *in, size_t len) {
  POLY_CTX *ctx = vctx;
  if (!ctx->open) {
    BT_RAISE(ctx->keyed ? BT_R_UPDATE_AFTER_FINAL : BT_R_NOT_INITIALIZED,
             "Poly1305 update with no message open");
    return 0;
  }
  if (in == NULL && len != 0) {
    BT_RAISE(BT_R_BAD_PARAMETER, "NULL input");
    return 0;
  }
  bt_poly1305_update(ctx->poly, in, len);
  ctx->updated = 1;
  bt_count(BT_C_POLY1305, len);
  return 1;
}

static int poly_final(void *vctx, unsigned char *out, size_t *outl,
                      size_t outsize) {
  POLY_CTX *ctx = vctx;
  if (!ctx->open) {
    BT_RAISE(ctx->keyed ? BT_R_UPDATE_AFTER_FINAL : BT_R_NOT_INITIALIZED,
             "Poly1305 final with no message open");
    return 0;
  }
  if (out == NULL || outsize < BT_POLY1305_TAG_LEN) {
    BT_RAISE(BT_R_OUTPUT_TOO_SMALL, "need 16 bytes, have %zu", outsize);
    return 0;
  }
  bt_poly1305_finish(ctx->poly, out);
  *outl = BT_POLY1305_TAG_LEN;
  ctx->open = 0;
  ctx->updated = 1;
  return 1;
}

static const OSSL_DISPATCH kPolyFunctions[] = {
    {OSSL_FUNC_MAC_NEWCTX, (void (*)(void))poly_newctx},
    {OSSL_FUNC_MAC_DUPCTX, (void (*)(void))poly_dupctx},
    {OSSL_FUNC_MAC_FREECTX, (void (*)(void))poly_freectx},
    {OSSL_FUNC_MAC_INIT, (void (*)(void))poly_init},
    {OSSL_FUNC_MAC_UPDATE, (void (*)(void))poly_update},
    {OSSL_FUNC_MAC_FINAL, (void (*)(void))poly_final},
    {OSSL_FUNC_MAC_GETTABLE_PARAMS, (void (*)(void))poly_gettable_params},
    {OSSL_FUNC_MAC_GET_PARAMS, (void (*)(void))poly_get_params},
    {OSSL_FUNC_MAC_GETTABLE_CTX_PARAMS,
     (void (*)(void))poly_gettable_ctx_params},
    {OSSL_FUNC_MAC_GET_CTX_PARAMS, (void (*)(void))poly_get_ctx_params},
    {OSSL_FUNC_MAC_SETTABLE_CTX_PARAMS,
     (void (*)(void))poly_settable_ctx_params},
    {OSSL_FUNC_MAC_SET_CTX_PARAMS, (void (*)(void))poly_set_ctx_params},
    {0, NULL},
};

const OSSL_ALGORITHM bt_macs[] = {
    {"HMAC", BT_PROPS, kHmacFunctions, "HMAC (Bittern)"},
    {"POLY1305", BT_PROPS, kPolyFunctions, "Poly1305 (Bittern)"},
    {NULL, NULL, NULL, NULL},
};
