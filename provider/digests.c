// Copyright 2026 The project authors.
//
// digests.c: SHA-1 and SHA-2 as OpenSSL provider digests (provider-digest(7))
// under the default provider's names, with dupctx (libssl copies transcript
// hashes) and the default provider's gettable parameters: blocksize, size,
// xof (0) and algid-absent (1).

#include <string.h>

#include "glue.h"
#include "prov.h"

// A message of at most kPendingMax bytes in all is held in `pending` rather
// than hashed, and final hashes it with the library's one-shot function
// (bt_md_oneshot): that is what a short one-update message (EVP_Digest,
// openssl speed -evp) costs least with. A longer one starts `md` (the
// library's SHA*_Init/Update/Final, called directly) and goes through it,
// which compresses its whole blocks straight from the caller's buffer.
// The bound was 512 while `md` went through the library's EVP layer; with
// direct calls, copying a longer message into `pending` and wiping it
// again costs more than streaming it. `build/evp_bench build 3 sha256`
// (default / bittern, in one process, 2 runs, Zen 5) at 16, 64, 256 and
// 1024 bytes: kPendingMax 1: 0.96 1.01 1.01 1.01; 64: 1.02 1.01 1.01 1.01;
// 512: 1.01 1.00 0.99 1.00.
enum { kPendingMax = 64 };

typedef struct {
  int digest;  // BT_* of glue.h
  int finished;
  // md_started: md holds the message so far (initialised, fed `pending`);
  // else `pending` holds all of it. Final ends md (and clears this).
  int md_started;
  size_t pending_len;
  uint64_t bytes;  // hashed since init, counted at final
  unsigned char pending[kPendingMax];
  // md: bt_md_ctx_size() bytes follow.
  _Alignas(16) unsigned char md[];
} DIGEST_CTX;

static size_t ctx_size(void) { return sizeof(DIGEST_CTX) + bt_md_ctx_size(); }

static void *digest_newctx(int d) {
  // Only the fields before `pending` are zeroed: pending is read only below
  // pending_len, and md only once md_started (after bt_md_init), so zeroing
  // their 300-odd bytes per EVP_Digest would buy nothing.
  DIGEST_CTX *ctx = bt_alloc(ctx_size());
  if (ctx == NULL) {
    return NULL;
  }
  memset(ctx, 0, offsetof(DIGEST_CTX, pending));
  ctx->digest = d;
  ctx->finished = 1;  // until init
  return ctx;
}

static void digest_freectx(void *vctx) {
  DIGEST_CTX *ctx = vctx;
  if (ctx != NULL) {
    // Only what was written is wiped: the md once started (its state is all
    // that ending it takes), the header and the bytes still pending (final
    // and start_md wipe those and reset pending_len, so a started md has
    // none). The rest of the allocation was never written by this context.
    if (ctx->md_started) {
      bt_cleanse(ctx->md, bt_md_ctx_size());
    }
    bt_free(ctx, offsetof(DIGEST_CTX, pending) + ctx->pending_len);
  }
}

static void *digest_dupctx(void *vsrc) {
  const DIGEST_CTX *src = vsrc;
  DIGEST_CTX *dst = bt_zalloc(ctx_size());
  if (dst == NULL) {
    return NULL;
  }
  dst->digest = src->digest;
  dst->finished = src->finished;
  dst->md_started = src->md_started;
  dst->pending_len = src->pending_len;
  dst->bytes = src->bytes;
  memcpy(dst->pending, src->pending, src->pending_len);
  if (src->md_started) {
    bt_md_copy(dst->md, src->md);
  }
  return dst;
}

static int digest_init(void *vctx, const OSSL_PARAM params[]) {
  DIGEST_CTX *ctx = vctx;
  // These digests have no settable context parameters.
  if (!bt_params_check_known(params, NULL)) {
    return 0;
  }
  // md is initialised when the message outgrows `pending`. A started md
  // from an earlier message is wiped here, since freectx wipes md only
  // while md_started says it holds something.
  bt_cleanse(ctx->pending, ctx->pending_len);
  if (ctx->md_started) {
    bt_cleanse(ctx->md, bt_md_ctx_size());
  }
  ctx->pending_len = 0;
  ctx->md_started = 0;
  ctx->finished = 0;
  ctx->bytes = 0;
  return 1;
}

// start_md initialises `ctx->md` and feeds it the pending bytes.
static void start_md(DIGEST_CTX *ctx) {
  bt_md_init(ctx->md, ctx->digest);
  if (ctx->pending_len != 0) {
    bt_md_update(ctx->md, ctx->digest, ctx->pending, ctx->pending_len);
    bt_cleanse(ctx->pending, ctx->pending_len);
    ctx->pending_len = 0;
  }
  ctx->md_started = 1;
}

static int digest_update(void *vctx, const unsigned char *in, size_t len) {
  DIGEST_CTX *ctx = vctx;
  if (ctx->finished) {
    BT_RAISE(BT_R_UPDATE_AFTER_FINAL, "digest update without init");
    return 0;
  }
  if (len != 0 && in == NULL) {
    BT_RAISE(BT_R_BAD_PARAMETER, "NULL input");
    return 0;
  }
  if (!ctx->md_started) {
    if (len <= kPendingMax - ctx->pending_len) {
      if (len != 0) {
        memcpy(ctx->pending + ctx->pending_len, in, len);
      }
      ctx->pending_len += len;
      ctx->bytes += len;
      return 1;
    }
    start_md(ctx);
  }
  bt_md_update(ctx->md, ctx->digest, in, len);
  ctx->bytes += len;
  return 1;
}

static int digest_final(void *vctx, unsigned char *out, size_t *outl,
                        size_t outsz) {
  DIGEST_CTX *ctx = vctx;
  size_t size = bt_digest_size(ctx->digest);
  if (ctx->finished) {
    BT_RAISE(BT_R_UPDATE_AFTER_FINAL, "digest final without init");
    return 0;
  }
  if (outsz < size || out == NULL) {
    BT_RAISE(BT_R_OUTPUT_TOO_SMALL, "need %zu bytes, have %zu", size, outsz);
    return 0;
  }
  if (ctx->md_started) {
    // SHA*_Final zeroes the state it finished (sha.h), so nothing of this
    // message is left in md for init or freectx to wipe.
    bt_md_final(ctx->md, ctx->digest, out);
    ctx->md_started = 0;
  } else {
    bt_md_oneshot(ctx->digest, ctx->pending, ctx->pending_len, out);
    bt_cleanse(ctx->pending, ctx->pending_len);
    ctx->pending_len = 0;
  }
  ctx->finished = 1;
  // One call per message: per-update atomics would cost short messages.
  bt_count(BT_C_SHA1 + ctx->digest, ctx->bytes);
  *outl = size;
  return 1;
}

static const OSSL_PARAM kDigestGettable[] = {
    {OSSL_DIGEST_PARAM_BLOCK_SIZE, OSSL_PARAM_UNSIGNED_INTEGER, NULL,
     sizeof(size_t), 0},
    {OSSL_DIGEST_PARAM_SIZE, OSSL_PARAM_UNSIGNED_INTEGER, NULL,
     sizeof(size_t), 0},
    {OSSL_DIGEST_PARAM_XOF, OSSL_PARAM_INTEGER, NULL, sizeof(int), 0},
    {OSSL_DIGEST_PARAM_ALGID_ABSENT, OSSL_PARAM_INTEGER, NULL, sizeof(int),
     0},
    {NULL, 0, NULL, 0, 0},
};

static const OSSL_PARAM *digest_gettable_params(void *provctx) {
  (void)provctx;
  return kDigestGettable;
}

static int digest_get_params(int d, OSSL_PARAM params[]) {
  OSSL_PARAM *p;
  if ((p = bt_param_locate(params, OSSL_DIGEST_PARAM_BLOCK_SIZE)) != NULL &&
      !bt_param_set_size_t(p, bt_digest_block_size(d))) {
    return 0;
  }
  if ((p = bt_param_locate(params, OSSL_DIGEST_PARAM_SIZE)) != NULL &&
      !bt_param_set_size_t(p, bt_digest_size(d))) {
    return 0;
  }
  if ((p = bt_param_locate(params, OSSL_DIGEST_PARAM_XOF)) != NULL &&
      !bt_param_set_int(p, 0)) {
    return 0;
  }
  // The AlgorithmIdentifier of every SHA-1/SHA-2 digest has absent (not
  // NULL) parameters.
  if ((p = bt_param_locate(params, OSSL_DIGEST_PARAM_ALGID_ABSENT)) != NULL &&
      !bt_param_set_int(p, 1)) {
    return 0;
  }
  return 1;
}

// DIGEST_FNS defines the functions that carry the digest's identity and the
// dispatch table of digest `d` named `name`.
#define DIGEST_FNS(name, d)                                              \
  static void *name##_newctx(void *provctx) {                          \
    (void)provctx;                                                     \
    return digest_newctx(d);                                           \
  }                                                                    \
  static int name##_get_params(OSSL_PARAM params[]) {                  \
    return digest_get_params(d, params);                               \
  }                                                                    \
  static const OSSL_DISPATCH name##_functions[] = {                    \
      {OSSL_FUNC_DIGEST_NEWCTX, (void (*)(void))name##_newctx},        \
      {OSSL_FUNC_DIGEST_INIT, (void (*)(void))digest_init},            \
      {OSSL_FUNC_DIGEST_UPDATE, (void (*)(void))digest_update},        \
      {OSSL_FUNC_DIGEST_FINAL, (void (*)(void))digest_final},          \
      {OSSL_FUNC_DIGEST_FREECTX, (void (*)(void))digest_freectx},      \
      {OSSL_FUNC_DIGEST_DUPCTX, (void (*)(void))digest_dupctx},        \
      {OSSL_FUNC_DIGEST_GET_PARAMS, (void (*)(void))name##_get_params}, \
      {OSSL_FUNC_DIGEST_GETTABLE_PARAMS,                               \
       (void (*)(void))digest_gettable_params},                        \
      {0, NULL},                                                       \
  };

DIGEST_FNS(sha1, BT_SHA1)
DIGEST_FNS(sha224, BT_SHA224)
DIGEST_FNS(sha256, BT_SHA256)
DIGEST_FNS(sha384, BT_SHA384)
DIGEST_FNS(sha512, BT_SHA512)
DIGEST_FNS(sha512_224, BT_SHA512_224)
DIGEST_FNS(sha512_256, BT_SHA512_256)

const OSSL_ALGORITHM bt_digests[] = {
    {BT_NAMES_SHA1, BT_PROPS, sha1_functions, "SHA-1 (Bittern)"},
    {BT_NAMES_SHA224, BT_PROPS, sha224_functions, "SHA-224 (Bittern)"},
    {BT_NAMES_SHA256, BT_PROPS, sha256_functions, "SHA-256 (Bittern)"},
    {BT_NAMES_SHA384, BT_PROPS, sha384_functions, "SHA-384 (Bittern)"},
    {BT_NAMES_SHA512, BT_PROPS, sha512_functions, "SHA-512 (Bittern)"},
    {BT_NAMES_SHA512_224, BT_PROPS, sha512_224_functions,
     "SHA-512/224 (Bittern)"},
    {BT_NAMES_SHA512_256, BT_PROPS, sha512_256_functions,
     "SHA-512/256 (Bittern)"},
    {NULL, NULL, NULL, NULL},
};
