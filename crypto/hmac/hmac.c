// Copyright 2026 The project authors.
//
// HMAC (RFC 2104, FIPS 198-1) on top of the EVP digest interface. The key
// schedule is done once per key: i_ctx and o_ctx hold H's state after
// absorbing K0 ^ ipad and K0 ^ opad, and each message starts from a copy of
// i_ctx. Notation as in include/openssl/hmac.h.

#include <openssl/hmac.h>

#include <openssl/err.h>
#include <openssl/mem.h>

#include "../internal.h"

void HMAC_CTX_init(HMAC_CTX *ctx) {
  ctx->md = NULL;
  EVP_MD_CTX_init(&ctx->md_ctx);
  EVP_MD_CTX_init(&ctx->i_ctx);
  EVP_MD_CTX_init(&ctx->o_ctx);
}

HMAC_CTX *HMAC_CTX_new(void) {
  HMAC_CTX *ctx = OPENSSL_malloc(sizeof(HMAC_CTX));
  if (ctx != NULL) {
    HMAC_CTX_init(ctx);
  }
  return ctx;
}

void HMAC_CTX_cleanup(HMAC_CTX *ctx) {
  EVP_MD_CTX_cleanup(&ctx->md_ctx);
  EVP_MD_CTX_cleanup(&ctx->i_ctx);
  EVP_MD_CTX_cleanup(&ctx->o_ctx);
  // The three contexts are already zero; this also covers `md` and any
  // padding between the fields.
  OPENSSL_cleanse(ctx, sizeof(HMAC_CTX));
  HMAC_CTX_init(ctx);
}

int HMAC_CTX_reset(HMAC_CTX *ctx) {
  HMAC_CTX_cleanup(ctx);
  return 1;
}

void HMAC_CTX_free(HMAC_CTX *ctx) {
  if (ctx == NULL) {
    return;
  }
  HMAC_CTX_cleanup(ctx);
  OPENSSL_free(ctx);
}

// hmac_set_key computes K0 from `key` and sets i_ctx = H state after
// K0 ^ ipad, o_ctx = H state after K0 ^ opad. On failure the caller empties
// `ctx`.
static int hmac_set_key(HMAC_CTX *ctx, const EVP_MD *md, const uint8_t *key,
                        size_t key_len) {
  size_t block_size = EVP_MD_block_size(md);
  size_t md_size = EVP_MD_size(md);
  if (block_size > EVP_MAX_MD_BLOCK_SIZE || md_size > block_size) {
    OPENSSL_PUT_ERROR(HMAC, ERR_R_INTERNAL_ERROR);
    return 0;
  }

  uint8_t k0[EVP_MAX_MD_BLOCK_SIZE];
  uint8_t pad[EVP_MAX_MD_BLOCK_SIZE];
  int ok = 0;
  if (key_len > block_size) {
    // K0 = H(key) || zeros. md_ctx is free to use: no message is open yet.
    if (!EVP_DigestInit_ex(&ctx->md_ctx, md, NULL) ||
        !EVP_DigestUpdate(&ctx->md_ctx, key, key_len) ||
        !EVP_DigestFinal_ex(&ctx->md_ctx, k0, NULL)) {
      goto out;
    }
    OPENSSL_memset(k0 + md_size, 0, block_size - md_size);
  } else {
    // K0 = key || zeros.
    OPENSSL_memcpy(k0, key, key_len);
    OPENSSL_memset(k0 + key_len, 0, block_size - key_len);
  }

  for (size_t i = 0; i < block_size; i++) {
    pad[i] = k0[i] ^ 0x36;
  }
  if (!EVP_DigestInit_ex(&ctx->i_ctx, md, NULL) ||
      !EVP_DigestUpdate(&ctx->i_ctx, pad, block_size)) {
    goto out;
  }
  for (size_t i = 0; i < block_size; i++) {
    pad[i] = k0[i] ^ 0x5c;
  }
  if (!EVP_DigestInit_ex(&ctx->o_ctx, md, NULL) ||
      !EVP_DigestUpdate(&ctx->o_ctx, pad, block_size)) {
    goto out;
  }
  ctx->md = md;
  ok = 1;

out:
  OPENSSL_cleanse(k0, sizeof(k0));
  OPENSSL_cleanse(pad, sizeof(pad));
  return ok;
}

int HMAC_Init_ex(HMAC_CTX *ctx, const void *key, size_t key_len,
                 const EVP_MD *md, ENGINE *impl) {
  (void)impl;
  if (md == NULL) {
    md = ctx->md;
  }
  if (md == NULL) {
    OPENSSL_PUT_ERROR(HMAC, HMAC_R_MISSING_PARAMETERS);
    HMAC_CTX_cleanup(ctx);
    return 0;
  }
  if (key == NULL && key_len != 0) {
    OPENSSL_PUT_ERROR(HMAC, ERR_R_PASSED_NULL_PARAMETER);
    HMAC_CTX_cleanup(ctx);
    return 0;
  }
  if (key != NULL || md != ctx->md) {
    // A new key (the empty key if `key` is NULL) or a new digest.
    if (!hmac_set_key(ctx, md, key, key_len)) {
      HMAC_CTX_cleanup(ctx);
      return 0;
    }
  }
  // The message's inner hash starts from H state after K0 ^ ipad.
  if (!EVP_MD_CTX_copy_ex(&ctx->md_ctx, &ctx->i_ctx)) {
    HMAC_CTX_cleanup(ctx);
    return 0;
  }
  return 1;
}

int HMAC_Update(HMAC_CTX *ctx, const uint8_t *data, size_t data_len) {
  if (EVP_MD_CTX_md(&ctx->md_ctx) == NULL) {
    OPENSSL_PUT_ERROR(HMAC, HMAC_R_MISSING_PARAMETERS);
    return 0;
  }
  return EVP_DigestUpdate(&ctx->md_ctx, data, data_len);
}

int HMAC_Final(HMAC_CTX *ctx, uint8_t *out, unsigned int *out_len) {
  if (EVP_MD_CTX_md(&ctx->md_ctx) == NULL) {
    OPENSSL_PUT_ERROR(HMAC, HMAC_R_MISSING_PARAMETERS);
    return 0;
  }
  if (out == NULL) {
    OPENSSL_PUT_ERROR(HMAC, ERR_R_PASSED_NULL_PARAMETER);
    return 0;
  }
  // inner = H((K0 ^ ipad) || m); out = H((K0 ^ opad) || inner).
  uint8_t inner[EVP_MAX_MD_SIZE];
  unsigned int inner_len;
  int ok = EVP_DigestFinal_ex(&ctx->md_ctx, inner, &inner_len) &&
           EVP_MD_CTX_copy_ex(&ctx->md_ctx, &ctx->o_ctx) &&
           EVP_DigestUpdate(&ctx->md_ctx, inner, inner_len) &&
           EVP_DigestFinal_ex(&ctx->md_ctx, out, out_len);
  OPENSSL_cleanse(inner, sizeof(inner));
  // Close the message: md_ctx goes back to the empty state (erased).
  EVP_MD_CTX_cleanup(&ctx->md_ctx);
  return ok;
}

size_t HMAC_size(const HMAC_CTX *ctx) {
  return ctx->md == NULL ? 0 : EVP_MD_size(ctx->md);
}

const EVP_MD *HMAC_CTX_get_md(const HMAC_CTX *ctx) { return ctx->md; }

int HMAC_CTX_copy_ex(HMAC_CTX *dest, const HMAC_CTX *src) {
  if (src->md == NULL) {
    OPENSSL_PUT_ERROR(HMAC, HMAC_R_MISSING_PARAMETERS);
    if (dest != src) {
      HMAC_CTX_cleanup(dest);
    }
    return 0;
  }
  if (dest == src) {
    return 1;
  }
  if (!EVP_MD_CTX_copy_ex(&dest->i_ctx, &src->i_ctx) ||
      !EVP_MD_CTX_copy_ex(&dest->o_ctx, &src->o_ctx)) {
    HMAC_CTX_cleanup(dest);
    return 0;
  }
  if (EVP_MD_CTX_md(&src->md_ctx) == NULL) {
    EVP_MD_CTX_cleanup(&dest->md_ctx);
  } else if (!EVP_MD_CTX_copy_ex(&dest->md_ctx, &src->md_ctx)) {
    HMAC_CTX_cleanup(dest);
    return 0;
  }
  dest->md = src->md;
  return 1;
}

int HMAC_CTX_copy(HMAC_CTX *dest, const HMAC_CTX *src) {
  HMAC_CTX_init(dest);
  return HMAC_CTX_copy_ex(dest, src);
}

uint8_t *HMAC(const EVP_MD *evp_md, const void *key, size_t key_len,
              const uint8_t *data, size_t data_len, uint8_t *out,
              unsigned int *out_len) {
  if (evp_md == NULL || out == NULL || (data == NULL && data_len != 0)) {
    OPENSSL_PUT_ERROR(HMAC, ERR_R_PASSED_NULL_PARAMETER);
    return NULL;
  }
  HMAC_CTX ctx;
  HMAC_CTX_init(&ctx);
  int ok = HMAC_Init_ex(&ctx, key, key_len, evp_md, NULL) &&
           HMAC_Update(&ctx, data, data_len) &&
           HMAC_Final(&ctx, out, out_len);
  HMAC_CTX_cleanup(&ctx);
  return ok ? out : NULL;
}
