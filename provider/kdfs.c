// Copyright 2026 The project authors.
//
// kdfs.c: HKDF (RFC 5869) and TLS13-KDF (RFC 8446, section 7.1) as OpenSSL
// provider KDFs (provider-kdf(7)), under the default provider's names.
//
// Both take "digest" (any name of digests.c), "properties" (accepted and
// ignored), "mode" (the strings EXTRACT_AND_EXPAND, EXTRACT_ONLY,
// EXPAND_ONLY, or the ints 0, 1, 2), "key" and "salt"; gettable "size".
//   HKDF: "key" is the input keying material (the PRK in EXPAND_ONLY);
//     "info" (repeatable: several in one call are concatenated) feeds expand.
//     EXTRACT_ONLY outputs exactly the digest size.
//   TLS13-KDF: "prefix", "label" and "data" form HKDF-Expand-Label's
//     HkdfLabel = uint16 length || opaque label<7..255> = prefix || label ||
//     opaque context<0..255> = data. EXPAND_ONLY derives HKDF-Expand-Label(
//     key, label, data, length). EXTRACT_ONLY computes the key schedule's
//     HKDF-Extract(salt', key'): key' is the key, or digest-size zeros when
//     absent; salt' is Derive-Secret(salt, label, "") =
//     HKDF-Expand-Label(salt, label, Hash(""), digest size) when a salt is
//     given (libssl passes the previous secret and label "derived"), else
//     empty. EXTRACT_AND_EXPAND is refused.

#include <string.h>
#include <strings.h>

#include "glue.h"
#include "prov.h"

enum { MODE_EXTRACT_AND_EXPAND = 0, MODE_EXTRACT_ONLY = 1, MODE_EXPAND_ONLY = 2 };

// A byte string owned by a context.
struct bytes {
  uint8_t *p;
  size_t len;
  int set;
};

typedef struct {
  int tls13;
  int digest;  // BT_*, or -1
  int mode;
  struct bytes key, salt, info, prefix, label, data;
} KDF_CTX;

static void bytes_clear(struct bytes *b) {
  bt_free(b->p, b->len);
  b->p = NULL;
  b->len = 0;
  b->set = 0;
}

// bytes_set stores a copy of `len` bytes (a zero-length value is set too).
static int bytes_set(struct bytes *b, const void *data, size_t len) {
  uint8_t *p = NULL;
  if (len != 0) {
    if ((p = bt_zalloc(len)) == NULL) {
      return 0;
    }
    memcpy(p, data, len);
  }
  bytes_clear(b);
  b->p = p;
  b->len = len;
  b->set = 1;
  return 1;
}

static void kdf_reset(void *vctx) {
  KDF_CTX *ctx = vctx;
  struct bytes *all[] = {&ctx->key,    &ctx->salt,  &ctx->info,
                         &ctx->prefix, &ctx->label, &ctx->data};
  for (size_t i = 0; i < sizeof(all) / sizeof(all[0]); i++) {
    bytes_clear(all[i]);
  }
  ctx->digest = -1;
  ctx->mode = ctx->tls13 ? MODE_EXPAND_ONLY : MODE_EXTRACT_AND_EXPAND;
}

static void *kdf_newctx(int tls13) {
  KDF_CTX *ctx = bt_zalloc(sizeof(KDF_CTX));
  if (ctx != NULL) {
    ctx->tls13 = tls13;
    kdf_reset(ctx);
  }
  return ctx;
}

static void *hkdf_newctx(void *provctx) {
  (void)provctx;
  return kdf_newctx(0);
}

static void *tls13_newctx(void *provctx) {
  (void)provctx;
  return kdf_newctx(1);
}

static void kdf_freectx(void *vctx) {
  if (vctx != NULL) {
    kdf_reset(vctx);
    bt_free(vctx, sizeof(KDF_CTX));
  }
}

static void *kdf_dupctx(void *vsrc) {
  const KDF_CTX *src = vsrc;
  KDF_CTX *dst = kdf_newctx(src->tls13);
  if (dst == NULL) {
    return NULL;
  }
  dst->digest = src->digest;
  dst->mode = src->mode;
  const struct bytes *from[] = {&src->key,    &src->salt,  &src->info,
                                &src->prefix, &src->label, &src->data};
  struct bytes *to[] = {&dst->key,    &dst->salt,  &dst->info,
                        &dst->prefix, &dst->label, &dst->data};
  for (size_t i = 0; i < sizeof(to) / sizeof(to[0]); i++) {
    if (from[i]->set && !bytes_set(to[i], from[i]->p, from[i]->len)) {
      kdf_freectx(dst);
      return NULL;
    }
  }
  return dst;
}

// The parameters both KDFs take.
#define KDF_COMMON_SETTABLE                                            \
  {OSSL_KDF_PARAM_MODE, OSSL_PARAM_UTF8_STRING, NULL, 0, 0},           \
      {OSSL_KDF_PARAM_MODE, OSSL_PARAM_INTEGER, NULL, sizeof(int), 0}, \
      {OSSL_KDF_PARAM_PROPERTIES, OSSL_PARAM_UTF8_STRING, NULL, 0, 0}, \
      {OSSL_KDF_PARAM_DIGEST, OSSL_PARAM_UTF8_STRING, NULL, 0, 0},     \
      {OSSL_KDF_PARAM_KEY, OSSL_PARAM_OCTET_STRING, NULL, 0, 0},       \
      {OSSL_KDF_PARAM_SALT, OSSL_PARAM_OCTET_STRING, NULL, 0, 0}

static const OSSL_PARAM kHkdfSettable[] = {
    KDF_COMMON_SETTABLE,
    {OSSL_KDF_PARAM_INFO, OSSL_PARAM_OCTET_STRING, NULL, 0, 0},
    {NULL, 0, NULL, 0, 0},
};

static const OSSL_PARAM kTls13Settable[] = {
    KDF_COMMON_SETTABLE,
    {OSSL_KDF_PARAM_PREFIX, OSSL_PARAM_OCTET_STRING, NULL, 0, 0},
    {OSSL_KDF_PARAM_LABEL, OSSL_PARAM_OCTET_STRING, NULL, 0, 0},
    {OSSL_KDF_PARAM_DATA, OSSL_PARAM_OCTET_STRING, NULL, 0, 0},
    {NULL, 0, NULL, 0, 0},
};

static const OSSL_PARAM kKdfGettable[] = {
    {OSSL_KDF_PARAM_SIZE, OSSL_PARAM_UNSIGNED_INTEGER, NULL, sizeof(size_t),
     0},
    {NULL, 0, NULL, 0, 0},
};

BT_CTX_PARAMS_FN(hkdf_settable_ctx_params, kHkdfSettable)

BT_CTX_PARAMS_FN(tls13_settable_ctx_params, kTls13Settable)

BT_CTX_PARAMS_FN(kdf_gettable_ctx_params, kKdfGettable)

static int set_mode(KDF_CTX *ctx, const OSSL_PARAM *p) {
  int mode = -1;
  if (p->data_type == OSSL_PARAM_UTF8_STRING) {
    char s[32];
    if (!bt_param_get_utf8(p, s, sizeof(s))) {
      return 0;
    }
    if (strcasecmp(s, "EXTRACT_AND_EXPAND") == 0) {
      mode = MODE_EXTRACT_AND_EXPAND;
    } else if (strcasecmp(s, "EXTRACT_ONLY") == 0) {
      mode = MODE_EXTRACT_ONLY;
    } else if (strcasecmp(s, "EXPAND_ONLY") == 0) {
      mode = MODE_EXPAND_ONLY;
    }
  } else if (!bt_param_get_int(p, &mode)) {
    return 0;
  }
  if (mode < 0 || mode > MODE_EXPAND_ONLY ||
      (ctx->tls13 && mode == MODE_EXTRACT_AND_EXPAND)) {
    BT_RAISE(BT_R_BAD_MODE, "unsupported mode");
    return 0;
  }
  ctx->mode = mode;
  return 1;
}

static int set_bytes(const OSSL_PARAM *params, const char *key,
                     struct bytes *b) {
  const OSSL_PARAM *p = bt_param_locate_const(params, key);
  const void *data;
  size_t len;
  if (p == NULL) {
    return 1;
  }
  return bt_param_get_octets(p, &data, &len) && bytes_set(b, data, len);
}

// set_info concatenates every "info" parameter of `params`, if any.
static int set_info(KDF_CTX *ctx, const OSSL_PARAM *params) {
  size_t total = 0;
  int any = 0;
  const OSSL_PARAM *p;
  const void *data;
  size_t len;
  for (p = params; p != NULL && p->key != NULL; p++) {
    if (strcmp(p->key, OSSL_KDF_PARAM_INFO) == 0) {
      if (!bt_param_get_octets(p, &data, &len)) {
        return 0;
      }
      if (len > 1024 || total > 1024) {
        BT_RAISE(BT_R_TOO_LARGE, "info longer than 1024 bytes");
        return 0;
      }
      total += len;
      any = 1;
    }
  }
  if (!any) {
    return 1;
  }
  uint8_t buf[2048];
  size_t used = 0;
  for (p = params; p->key != NULL; p++) {
    if (strcmp(p->key, OSSL_KDF_PARAM_INFO) == 0) {
      bt_param_get_octets(p, &data, &len);
      if (len != 0) {
        memcpy(buf + used, data, len);
      }
      used += len;
    }
  }
  int ret = bytes_set(&ctx->info, buf, used);
  bt_cleanse(buf, used);
  return ret;
}

static int kdf_set_ctx_params(void *vctx, const OSSL_PARAM params[]) {
  KDF_CTX *ctx = vctx;
  const OSSL_PARAM *p;
  if (!bt_params_check_known(params,
                             ctx->tls13 ? kTls13Settable : kHkdfSettable)) {
    return 0;
  }
  if ((p = bt_param_locate_const(params, OSSL_KDF_PARAM_PROPERTIES)) != NULL) {
    if (!bt_param_is_utf8(p)) {
      return 0;
    }
  }
  if ((p = bt_param_locate_const(params, OSSL_KDF_PARAM_DIGEST)) != NULL) {
    char name[64];
    if (!bt_param_get_utf8(p, name, sizeof(name))) {
      return 0;
    }
    int d = bt_digest_by_name(name);
    if (d < 0) {
      BT_RAISE(BT_R_UNKNOWN_DIGEST, "KDF digest '%s'", name);
      return 0;
    }
    ctx->digest = d;
  }
  if ((p = bt_param_locate_const(params, OSSL_KDF_PARAM_MODE)) != NULL &&
      !set_mode(ctx, p)) {
    return 0;
  }
  return set_bytes(params, OSSL_KDF_PARAM_KEY, &ctx->key) &&
         set_bytes(params, OSSL_KDF_PARAM_SALT, &ctx->salt) &&
         set_bytes(params, OSSL_KDF_PARAM_PREFIX, &ctx->prefix) &&
         set_bytes(params, OSSL_KDF_PARAM_LABEL, &ctx->label) &&
         set_bytes(params, OSSL_KDF_PARAM_DATA, &ctx->data) &&
         (ctx->tls13 || set_info(ctx, params));
}

static int kdf_get_ctx_params(void *vctx, OSSL_PARAM params[]) {
  KDF_CTX *ctx = vctx;
  OSSL_PARAM *p = bt_param_locate(params, OSSL_KDF_PARAM_SIZE);
  if (p == NULL) {
    return 1;
  }
  if (ctx->mode != MODE_EXTRACT_ONLY) {
    return bt_param_set_size_t(p, SIZE_MAX);
  }
  if (ctx->digest < 0) {
    BT_RAISE(BT_R_UNKNOWN_DIGEST, "no digest set");
    return 0;
  }
  return bt_param_set_size_t(p, bt_digest_size(ctx->digest));
}

// expand_label writes HKDF-Expand-Label(secret, prefix || label, context,
// out_len) to `out`.
static int expand_label(int d, const uint8_t *secret, size_t secret_len,
                        const struct bytes *prefix, const struct bytes *label,
                        const uint8_t *context, size_t context_len,
                        uint8_t *out, size_t out_len) {
  size_t label_len = prefix->len + label->len;
  if (out_len > 0xffff || label_len > 255 || context_len > 255) {
    BT_RAISE(BT_R_TOO_LARGE, "HkdfLabel field too long");
    return 0;
  }
  uint8_t info[2 + 1 + 255 + 1 + 255];
  size_t n = 0;
  info[n++] = (uint8_t)(out_len >> 8);
  info[n++] = (uint8_t)out_len;
  info[n++] = (uint8_t)label_len;
  if (prefix->len != 0) {
    memcpy(info + n, prefix->p, prefix->len);
  }
  n += prefix->len;
  if (label->len != 0) {
    memcpy(info + n, label->p, label->len);
  }
  n += label->len;
  info[n++] = (uint8_t)context_len;
  if (context_len != 0) {
    memcpy(info + n, context, context_len);
  }
  n += context_len;
  if (!bt_hkdf_expand(d, out, out_len, secret, secret_len, info, n)) {
    BT_RAISE(BT_R_INTERNAL, "HKDF-Expand failed");
    return 0;
  }
  return 1;
}

static int tls13_derive(KDF_CTX *ctx, uint8_t *out, size_t out_len) {
  int d = ctx->digest;
  size_t md_len = bt_digest_size(d);
  if (ctx->mode == MODE_EXPAND_ONLY) {
    if (!ctx->key.set) {
      BT_RAISE(BT_R_MISSING_KEY, "TLS13-KDF expand needs 'key'");
      return 0;
    }
    return expand_label(d, ctx->key.p, ctx->key.len, &ctx->prefix,
                        &ctx->label, ctx->data.p, ctx->data.len, out,
                        out_len);
  }
  // EXTRACT_ONLY: HKDF-Extract(salt', key').
  static const uint8_t kZeros[BT_MAX_MD_SIZE];
  const uint8_t *ikm = ctx->key.set ? ctx->key.p : kZeros;
  size_t ikm_len = ctx->key.set ? ctx->key.len : md_len;
  uint8_t salt[BT_MAX_MD_SIZE];
  size_t salt_len = 0;
  if (ctx->salt.set) {
    uint8_t empty_hash[BT_MAX_MD_SIZE];
    bt_md_oneshot(d, NULL, 0, empty_hash);
    if (!expand_label(d, ctx->salt.p, ctx->salt.len, &ctx->prefix,
                      &ctx->label, empty_hash, md_len, salt, md_len)) {
      return 0;
    }
    salt_len = md_len;
  }
  if (out_len != md_len) {
    BT_RAISE(BT_R_OUTPUT_TOO_SMALL, "extract outputs %zu bytes, asked %zu",
             md_len, out_len);
    return 0;
  }
  int ret = bt_hkdf_extract(d, out, salt, salt_len, ikm, ikm_len);
  bt_cleanse(salt, sizeof(salt));
  if (!ret) {
    BT_RAISE(BT_R_INTERNAL, "HKDF-Extract failed");
  }
  return ret;
}

static int hkdf_derive_mode(KDF_CTX *ctx, uint8_t *out, size_t out_len) {
  int d = ctx->digest;
  size_t md_len = bt_digest_size(d);
  if (!ctx->key.set) {
    BT_RAISE(BT_R_MISSING_KEY, "HKDF needs 'key'");
    return 0;
  }
  if (ctx->mode == MODE_EXTRACT_ONLY) {
    if (out_len != md_len) {
      BT_RAISE(BT_R_OUTPUT_TOO_SMALL, "extract outputs %zu bytes, asked %zu",
               md_len, out_len);
      return 0;
    }
    if (!bt_hkdf_extract(d, out, ctx->salt.p, ctx->salt.len, ctx->key.p,
                         ctx->key.len)) {
      BT_RAISE(BT_R_INTERNAL, "HKDF-Extract failed");
      return 0;
    }
    return 1;
  }
  if (out_len > 255 * md_len) {
    BT_RAISE(BT_R_TOO_LARGE, "HKDF output of %zu bytes, at most %zu",
             out_len, 255 * md_len);
    return 0;
  }
  uint8_t prk[BT_MAX_MD_SIZE];
  const uint8_t *secret = ctx->key.p;
  size_t secret_len = ctx->key.len;
  if (ctx->mode == MODE_EXTRACT_AND_EXPAND) {
    if (!bt_hkdf_extract(d, prk, ctx->salt.p, ctx->salt.len, ctx->key.p,
                         ctx->key.len)) {
      BT_RAISE(BT_R_INTERNAL, "HKDF-Extract failed");
      return 0;
    }
    secret = prk;
    secret_len = md_len;
  }
  int ret = bt_hkdf_expand(d, out, out_len, secret, secret_len, ctx->info.p,
                           ctx->info.len);
  bt_cleanse(prk, sizeof(prk));
  if (!ret) {
    BT_RAISE(BT_R_INTERNAL, "HKDF-Expand failed");
  }
  return ret;
}

static int kdf_derive(void *vctx, unsigned char *out, size_t out_len,
                      const OSSL_PARAM params[]) {
  KDF_CTX *ctx = vctx;
  if (!kdf_set_ctx_params(ctx, params)) {
    return 0;
  }
  if (ctx->digest < 0) {
    BT_RAISE(BT_R_UNKNOWN_DIGEST, "KDF needs 'digest'");
    return 0;
  }
  if (out == NULL || out_len == 0) {
    BT_RAISE(BT_R_OUTPUT_TOO_SMALL, "no output buffer");
    return 0;
  }
  int ret = ctx->tls13 ? tls13_derive(ctx, out, out_len)
                       : hkdf_derive_mode(ctx, out, out_len);
  if (ret) {
    bt_count(ctx->tls13 ? BT_C_TLS13_KDF : BT_C_HKDF, out_len);
  }
  return ret;
}

#define KDF_FUNCTIONS(name, newctx, settable)                          \
  static const OSSL_DISPATCH name[] = {                                 \
      {OSSL_FUNC_KDF_NEWCTX, (void (*)(void))newctx},                   \
      {OSSL_FUNC_KDF_DUPCTX, (void (*)(void))kdf_dupctx},               \
      {OSSL_FUNC_KDF_FREECTX, (void (*)(void))kdf_freectx},             \
      {OSSL_FUNC_KDF_RESET, (void (*)(void))kdf_reset},                 \
      {OSSL_FUNC_KDF_DERIVE, (void (*)(void))kdf_derive},               \
      {OSSL_FUNC_KDF_SETTABLE_CTX_PARAMS, (void (*)(void))settable},    \
      {OSSL_FUNC_KDF_SET_CTX_PARAMS, (void (*)(void))kdf_set_ctx_params}, \
      {OSSL_FUNC_KDF_GETTABLE_CTX_PARAMS,                               \
       (void (*)(void))kdf_gettable_ctx_params},                        \
      {OSSL_FUNC_KDF_GET_CTX_PARAMS, (void (*)(void))kdf_get_ctx_params}, \
      {0, NULL},                                                        \
  };

KDF_FUNCTIONS(kHkdfFunctions, hkdf_newctx, hkdf_settable_ctx_params)
KDF_FUNCTIONS(kTls13Functions, tls13_newctx, tls13_settable_ctx_params)

const OSSL_ALGORITHM bt_kdfs[] = {
    {"HKDF", BT_PROPS, kHkdfFunctions, "HKDF (Bittern)"},
    {"TLS13-KDF", BT_PROPS, kTls13Functions, "TLS 1.3 key schedule (Bittern)"},
    {NULL, NULL, NULL, NULL},
};
