// Copyright 2026 The project authors.
//
// ciphers.c: ChaCha20 and ChaCha20-Poly1305 as OpenSSL provider ciphers
// (provider-cipher(7)), under the default provider's names, with the
// parameters libssl uses for TLS 1.2 and TLS 1.3 records.
//
// ChaCha20 ("ChaCha20"): 32-byte key, 16-byte IV = the 32-bit initial block
// counter (little-endian) || the 96-bit nonce, as OpenSSL defines it. The
// stream is refused (not wrapped) where the 32-bit block counter would wrap.
//
// ChaCha20-Poly1305 ("ChaCha20-Poly1305", RFC 8439): 32-byte key, 12-byte
// IV ("ivlen" may be set, but only to 12), 16-byte tag. Two ways to drive it:
//   - streaming (TLS 1.3 records, `openssl enc`, applications): updates with
//     a NULL output are AAD, then updates of text, then final; on decrypt the
//     "tag" must be set before final, which fails (and raises BT_R_BAD_TAG)
//     if it does not match. As with any streaming AEAD interface, text
//     decrypted by an update is not authentic until final succeeds: a caller
//     must discard it if final fails (libssl does).
//   - TLS 1.2 records: "tlsaad" (the 13-byte seq || type || version ||
//     length) makes the next update process one whole record in place:
//     on encrypt the input is the payload followed by 16 bytes of room for
//     the tag ("tlsaadpad" = 16), on decrypt ciphertext || tag; the nonce is
//     the IV ("tlsivfixed" or the init IV) XOR the sequence number. A record
//     whose tag does not match yields no plaintext: its output is zeroed and
//     the update fails with BT_R_BAD_TAG, which libssl turns into a
//     bad_record_mac alert. These records use the library's one-shot AEAD.

#include <string.h>

#include "glue.h"
#include "prov.h"

#define TLS1_AAD_LEN 13
// OpenSSL's mode number of stream ciphers (EVP_CIPH_STREAM_CIPHER).
#define MODE_STREAM 0
#define CHACHA20_IV_LEN 16

// --- A ChaCha20 keystream that can stop at any byte ------------------------

struct stream {
  uint8_t key[32];
  uint8_t nonce[12];
  uint64_t counter;  // the next block; refused from 2^32 on
  uint8_t ks[64];    // keystream of block counter - 1 ...
  size_t ks_used;    // ... of which the first ks_used bytes are used
};

static void stream_start(struct stream *s, const uint8_t key[32],
                         const uint8_t nonce[12], uint32_t counter) {
  memcpy(s->key, key, 32);
  memcpy(s->nonce, nonce, 12);
  s->counter = counter;
  s->ks_used = sizeof(s->ks);
}

// stream_xor XORs `len` bytes of keystream into `in`, writing `out` (equal
// to `in` or not overlapping it). It returns zero, and writes nothing, if the
// block counter would pass 2^32 - 1.
static int stream_xor(struct stream *s, uint8_t *out, const uint8_t *in,
                      size_t len) {
  size_t left = sizeof(s->ks) - s->ks_used;
  size_t from_ks = len < left ? len : left;
  size_t rest = len - from_ks;
  uint64_t blocks = rest / 64 + (rest % 64 != 0);
  if (blocks > (UINT64_C(1) << 32) - s->counter) {
    BT_RAISE(BT_R_TOO_LARGE, "ChaCha20 block counter would wrap");
    return 0;
  }
  for (size_t i = 0; i < from_ks; i++) {
    out[i] = in[i] ^ s->ks[s->ks_used + i];
  }
  s->ks_used += from_ks;
  out += from_ks;
  in += from_ks;
  size_t whole = rest & ~(size_t)63;
  if (whole != 0) {
    bt_chacha20(out, in, whole, s->key, s->nonce, (uint32_t)s->counter);
    s->counter += whole / 64;
    out += whole;
    in += whole;
    rest -= whole;
  }
  if (rest != 0) {
    memset(s->ks, 0, sizeof(s->ks));
    bt_chacha20(s->ks, s->ks, sizeof(s->ks), s->key, s->nonce,
                (uint32_t)s->counter);
    s->counter++;
    for (size_t i = 0; i < rest; i++) {
      out[i] = in[i] ^ s->ks[i];
    }
    s->ks_used = rest;
  }
  return 1;
}

// --- Parameters common to both ciphers -------------------------------------

static int get_static_params(OSSL_PARAM params[], size_t key_len,
                             size_t iv_len, int aead) {
  OSSL_PARAM *p;
  if ((p = bt_param_locate(params, OSSL_CIPHER_PARAM_MODE)) != NULL &&
      !bt_param_set_size_t(p, MODE_STREAM)) {
    return 0;
  }
  if ((p = bt_param_locate(params, OSSL_CIPHER_PARAM_KEYLEN)) != NULL &&
      !bt_param_set_size_t(p, key_len)) {
    return 0;
  }
  if ((p = bt_param_locate(params, OSSL_CIPHER_PARAM_IVLEN)) != NULL &&
      !bt_param_set_size_t(p, iv_len)) {
    return 0;
  }
  if ((p = bt_param_locate(params, OSSL_CIPHER_PARAM_BLOCK_SIZE)) != NULL &&
      !bt_param_set_size_t(p, 1)) {
    return 0;
  }
  if ((p = bt_param_locate(params, OSSL_CIPHER_PARAM_AEAD)) != NULL &&
      !bt_param_set_int(p, aead)) {
    return 0;
  }
  if ((p = bt_param_locate(params, OSSL_CIPHER_PARAM_CUSTOM_IV)) != NULL &&
      !bt_param_set_int(p, 1)) {
    return 0;
  }
  const char *const zero[] = {OSSL_CIPHER_PARAM_CTS,
                              OSSL_CIPHER_PARAM_TLS1_MULTIBLOCK,
                              OSSL_CIPHER_PARAM_HAS_RAND_KEY};
  for (size_t i = 0; i < sizeof(zero) / sizeof(zero[0]); i++) {
    if ((p = bt_param_locate(params, zero[i])) != NULL &&
        !bt_param_set_int(p, 0)) {
      return 0;
    }
  }
  return 1;
}

static const OSSL_PARAM kCipherGettable[] = {
    {OSSL_CIPHER_PARAM_MODE, OSSL_PARAM_UNSIGNED_INTEGER, NULL,
     sizeof(unsigned), 0},
    {OSSL_CIPHER_PARAM_KEYLEN, OSSL_PARAM_UNSIGNED_INTEGER, NULL,
     sizeof(size_t), 0},
    {OSSL_CIPHER_PARAM_IVLEN, OSSL_PARAM_UNSIGNED_INTEGER, NULL,
     sizeof(size_t), 0},
    {OSSL_CIPHER_PARAM_BLOCK_SIZE, OSSL_PARAM_UNSIGNED_INTEGER, NULL,
     sizeof(size_t), 0},
    {OSSL_CIPHER_PARAM_AEAD, OSSL_PARAM_INTEGER, NULL, sizeof(int), 0},
    {OSSL_CIPHER_PARAM_CUSTOM_IV, OSSL_PARAM_INTEGER, NULL, sizeof(int), 0},
    {OSSL_CIPHER_PARAM_CTS, OSSL_PARAM_INTEGER, NULL, sizeof(int), 0},
    {OSSL_CIPHER_PARAM_TLS1_MULTIBLOCK, OSSL_PARAM_INTEGER, NULL, sizeof(int),
     0},
    {OSSL_CIPHER_PARAM_HAS_RAND_KEY, OSSL_PARAM_INTEGER, NULL, sizeof(int),
     0},
    {NULL, 0, NULL, 0, 0},
};

static const OSSL_PARAM *cipher_gettable_params(void *provctx) {
  (void)provctx;
  return kCipherGettable;
}

// check_key_iv validates the lengths an init call passes.
static int check_key_iv(const uint8_t *key, size_t key_len, size_t want_key,
                        const uint8_t *iv, size_t iv_len, size_t want_iv) {
  if (key != NULL && key_len != want_key) {
    BT_RAISE(BT_R_BAD_KEY_LENGTH, "key of %zu bytes, need %zu", key_len,
             want_key);
    return 0;
  }
  if (iv != NULL && iv_len != want_iv) {
    BT_RAISE(BT_R_BAD_IV_LENGTH, "IV of %zu bytes, need %zu", iv_len,
             want_iv);
    return 0;
  }
  return 1;
}

// set_fixed_len handles a settable length parameter ("keylen", "ivlen")
// that may only be set to the value it has.
static int set_fixed_len(const OSSL_PARAM *params, const char *key,
                         size_t want, int reason) {
  const OSSL_PARAM *p = bt_param_locate_const(params, key);
  size_t v;
  if (p == NULL) {
    return 1;
  }
  if (!bt_param_get_size_t(p, &v)) {
    return 0;
  }
  if (v != want) {
    BT_RAISE(reason, "'%s' %zu, only %zu is supported", key, v, want);
    return 0;
  }
  return 1;
}

// check_padding accepts OpenSSL's generic "padding" parameter, which
// EVP_CIPHER_CTX_set_padding() sends to every cipher (openssl speed and
// openssl enc -nopad call it). A stream cipher has no padding, so the value
// is ignored, as OpenSSL's default provider does for these two ciphers; it
// must still be an integer.
static int check_padding(const OSSL_PARAM *params) {
  const OSSL_PARAM *p = bt_param_locate_const(params, OSSL_CIPHER_PARAM_PADDING);
  int pad;
  return p == NULL || bt_param_get_int(p, &pad);
}

#define BT_PADDING_PARAM \
  {OSSL_CIPHER_PARAM_PADDING, OSSL_PARAM_UNSIGNED_INTEGER, NULL, \
   sizeof(unsigned int), 0}

// --- ChaCha20 -------------------------------------------------------------

typedef struct {
  struct stream s;
  int key_set, iv_set;
  int finished;  // final ran: an update needs an init first
} CHACHA_CTX;

static void *chacha_newctx(void *provctx) {
  (void)provctx;
  return bt_zalloc(sizeof(CHACHA_CTX));
}

static void chacha_freectx(void *ctx) { bt_free(ctx, sizeof(CHACHA_CTX)); }

static void *chacha_dupctx(void *src) {
  CHACHA_CTX *dst = bt_zalloc(sizeof(CHACHA_CTX));
  if (dst != NULL) {
    memcpy(dst, src, sizeof(CHACHA_CTX));
  }
  return dst;
}

static const OSSL_PARAM kChaChaSettable[] = {
    {OSSL_CIPHER_PARAM_KEYLEN, OSSL_PARAM_UNSIGNED_INTEGER, NULL,
     sizeof(size_t), 0},
    {OSSL_CIPHER_PARAM_IVLEN, OSSL_PARAM_UNSIGNED_INTEGER, NULL,
     sizeof(size_t), 0},
    BT_PADDING_PARAM,
    {NULL, 0, NULL, 0, 0},
};

static const OSSL_PARAM kChaChaGettable[] = {
    {OSSL_CIPHER_PARAM_KEYLEN, OSSL_PARAM_UNSIGNED_INTEGER, NULL,
     sizeof(size_t), 0},
    {OSSL_CIPHER_PARAM_IVLEN, OSSL_PARAM_UNSIGNED_INTEGER, NULL,
     sizeof(size_t), 0},
    {NULL, 0, NULL, 0, 0},
};

BT_CTX_PARAMS_FN(chacha_settable_ctx_params, kChaChaSettable)

BT_CTX_PARAMS_FN(chacha_gettable_ctx_params, kChaChaGettable)

static int chacha_set_ctx_params(void *vctx, const OSSL_PARAM params[]) {
  (void)vctx;
  return bt_params_check_known(params, kChaChaSettable) &&
         check_padding(params) &&
         set_fixed_len(params, OSSL_CIPHER_PARAM_KEYLEN, 32,
                       BT_R_BAD_KEY_LENGTH) &&
         set_fixed_len(params, OSSL_CIPHER_PARAM_IVLEN, CHACHA20_IV_LEN,
                       BT_R_BAD_IV_LENGTH);
}

static int chacha_get_ctx_params(void *vctx, OSSL_PARAM params[]) {
  (void)vctx;
  OSSL_PARAM *p;
  if ((p = bt_param_locate(params, OSSL_CIPHER_PARAM_KEYLEN)) != NULL &&
      !bt_param_set_size_t(p, 32)) {
    return 0;
  }
  if ((p = bt_param_locate(params, OSSL_CIPHER_PARAM_IVLEN)) != NULL &&
      !bt_param_set_size_t(p, CHACHA20_IV_LEN)) {
    return 0;
  }
  return 1;
}

static int chacha_init(void *vctx, const unsigned char *key, size_t key_len,
                       const unsigned char *iv, size_t iv_len,
                       const OSSL_PARAM params[]) {
  CHACHA_CTX *ctx = vctx;
  if (!check_key_iv(key, key_len, 32, iv, iv_len, CHACHA20_IV_LEN) ||
      !chacha_set_ctx_params(ctx, params)) {
    return 0;
  }
  uint8_t k[32], nonce[12];
  uint32_t counter = 0;
  memcpy(k, ctx->s.key, 32);
  memcpy(nonce, ctx->s.nonce, 12);
  if (key != NULL) {
    memcpy(k, key, 32);
    ctx->key_set = 1;
  }
  if (iv != NULL) {
    counter = (uint32_t)iv[0] | (uint32_t)iv[1] << 8 |
              (uint32_t)iv[2] << 16 | (uint32_t)iv[3] << 24;
    memcpy(nonce, iv + 4, 12);
    ctx->iv_set = 1;
  } else {
    counter = (uint32_t)ctx->s.counter;
  }
  stream_start(&ctx->s, k, nonce, counter);
  bt_cleanse(k, sizeof(k));
  ctx->finished = 0;
  return 1;
}

static int chacha_update(void *vctx, unsigned char *out, size_t *outl,
                         size_t outsize, const unsigned char *in, size_t inl) {
  CHACHA_CTX *ctx = vctx;
  if (!ctx->key_set || !ctx->iv_set) {
    BT_RAISE(BT_R_NOT_INITIALIZED, "ChaCha20 needs a key and an IV");
    return 0;
  }
  if (ctx->finished) {
    BT_RAISE(BT_R_UPDATE_AFTER_FINAL, "ChaCha20 update after final");
    return 0;
  }
  if (inl == 0) {
    *outl = 0;
    return 1;
  }
  if (out == NULL || in == NULL || outsize < inl) {
    BT_RAISE(BT_R_OUTPUT_TOO_SMALL, "output of %zu bytes for %zu", outsize,
             inl);
    return 0;
  }
  if (!stream_xor(&ctx->s, out, in, inl)) {
    return 0;
  }
  bt_count(BT_C_CHACHA20, inl);
  *outl = inl;
  return 1;
}

static int chacha_final(void *vctx, unsigned char *out, size_t *outl,
                        size_t outsize) {
  (void)out;
  (void)outsize;
  CHACHA_CTX *ctx = vctx;
  if (!ctx->key_set || !ctx->iv_set) {
    BT_RAISE(BT_R_NOT_INITIALIZED, "ChaCha20 needs a key and an IV");
    return 0;
  }
  ctx->finished = 1;
  *outl = 0;
  return 1;
}

// chacha_cipher is OSSL_FUNC_cipher_cipher (EVP_Cipher): an update, or the
// final when there is no input.
static int chacha_cipher(void *vctx, unsigned char *out, size_t *outl,
                         size_t outsize, const unsigned char *in, size_t inl) {
  if (in == NULL && inl == 0) {
    return chacha_final(vctx, out, outl, outsize);
  }
  return chacha_update(vctx, out, outl, outsize, in, inl);
}

static int chacha_get_params(OSSL_PARAM params[]) {
  return get_static_params(params, 32, CHACHA20_IV_LEN, 0);
}

static const OSSL_DISPATCH kChaChaFunctions[] = {
    {OSSL_FUNC_CIPHER_NEWCTX, (void (*)(void))chacha_newctx},
    {OSSL_FUNC_CIPHER_FREECTX, (void (*)(void))chacha_freectx},
    {OSSL_FUNC_CIPHER_DUPCTX, (void (*)(void))chacha_dupctx},
    {OSSL_FUNC_CIPHER_ENCRYPT_INIT, (void (*)(void))chacha_init},
    {OSSL_FUNC_CIPHER_DECRYPT_INIT, (void (*)(void))chacha_init},
    {OSSL_FUNC_CIPHER_UPDATE, (void (*)(void))chacha_update},
    {OSSL_FUNC_CIPHER_FINAL, (void (*)(void))chacha_final},
    {OSSL_FUNC_CIPHER_CIPHER, (void (*)(void))chacha_cipher},
    {OSSL_FUNC_CIPHER_GET_PARAMS, (void (*)(void))chacha_get_params},
    {OSSL_FUNC_CIPHER_GETTABLE_PARAMS, (void (*)(void))cipher_gettable_params},
    {OSSL_FUNC_CIPHER_GET_CTX_PARAMS, (void (*)(void))chacha_get_ctx_params},
    {OSSL_FUNC_CIPHER_GETTABLE_CTX_PARAMS,
     (void (*)(void))chacha_gettable_ctx_params},
    {OSSL_FUNC_CIPHER_SET_CTX_PARAMS, (void (*)(void))chacha_set_ctx_params},
    {OSSL_FUNC_CIPHER_SETTABLE_CTX_PARAMS,
     (void (*)(void))chacha_settable_ctx_params},
    {0, NULL},
};

// --- ChaCha20-Poly1305 --------------------------------------------------------

enum { MSG_NONE, MSG_AAD, MSG_TEXT, MSG_DONE };

typedef struct {
  // poly first: kept 64-byte aligned (bt_zalloc64), so the whole context can
  // be copied with memcpy (see glue.h).
  _Alignas(BT_POLY1305_STATE_ALIGN) uint8_t poly[BT_POLY1305_STATE_SIZE];
  struct stream s;
  uint8_t key[32];
  uint8_t iv[12];
  uint8_t tag[16];
  uint8_t tls_aad[TLS1_AAD_LEN];
  int enc, key_set, iv_set, tag_set, tls_aad_set;
  int phase;  // MSG_*
  uint64_t aad_len, text_len;
} AEAD_CTX;

static void *aead_newctx(void *provctx) {
  (void)provctx;
  return bt_zalloc64(sizeof(AEAD_CTX));
}

static void aead_freectx(void *ctx) { bt_free(ctx, sizeof(AEAD_CTX)); }

static void *aead_dupctx(void *src) {
  AEAD_CTX *dst = bt_zalloc64(sizeof(AEAD_CTX));
  if (dst != NULL) {
    memcpy(dst, src, sizeof(AEAD_CTX));
  }
  return dst;
}

static const OSSL_PARAM kAeadSettable[] = {
    {OSSL_CIPHER_PARAM_KEYLEN, OSSL_PARAM_UNSIGNED_INTEGER, NULL,
     sizeof(size_t), 0},
    {OSSL_CIPHER_PARAM_AEAD_IVLEN, OSSL_PARAM_UNSIGNED_INTEGER, NULL,
     sizeof(size_t), 0},
    {OSSL_CIPHER_PARAM_AEAD_TAG, OSSL_PARAM_OCTET_STRING, NULL, 0, 0},
    {OSSL_CIPHER_PARAM_AEAD_TLS1_AAD, OSSL_PARAM_OCTET_STRING, NULL, 0, 0},
    {OSSL_CIPHER_PARAM_AEAD_TLS1_IV_FIXED, OSSL_PARAM_OCTET_STRING, NULL, 0,
     0},
    // libssl sets both on a TLS 1.2 record cipher: the version is recorded
    // for nothing (the record format is the same for every version this
    // cipher is used with), and an AEAD has no separate MAC: size 0 only.
    {OSSL_CIPHER_PARAM_TLS_VERSION, OSSL_PARAM_INTEGER, NULL, sizeof(int), 0},
    {OSSL_CIPHER_PARAM_TLS_MAC_SIZE, OSSL_PARAM_UNSIGNED_INTEGER, NULL,
     sizeof(size_t), 0},
    BT_PADDING_PARAM,
    {NULL, 0, NULL, 0, 0},
};

static const OSSL_PARAM kAeadGettable[] = {
    {OSSL_CIPHER_PARAM_KEYLEN, OSSL_PARAM_UNSIGNED_INTEGER, NULL,
     sizeof(size_t), 0},
    {OSSL_CIPHER_PARAM_IVLEN, OSSL_PARAM_UNSIGNED_INTEGER, NULL,
     sizeof(size_t), 0},
    {OSSL_CIPHER_PARAM_AEAD_TAGLEN, OSSL_PARAM_UNSIGNED_INTEGER, NULL,
     sizeof(size_t), 0},
    {OSSL_CIPHER_PARAM_AEAD_TAG, OSSL_PARAM_OCTET_STRING, NULL, 0, 0},
    {OSSL_CIPHER_PARAM_AEAD_TLS1_AAD_PAD, OSSL_PARAM_UNSIGNED_INTEGER, NULL,
     sizeof(size_t), 0},
    {NULL, 0, NULL, 0, 0},
};

BT_CTX_PARAMS_FN(aead_settable_ctx_params, kAeadSettable)

BT_CTX_PARAMS_FN(aead_gettable_ctx_params, kAeadGettable)

static int aead_set_ctx_params(void *vctx, const OSSL_PARAM params[]) {
  AEAD_CTX *ctx = vctx;
  const OSSL_PARAM *p;
  const void *data;
  size_t len;
  if (!bt_params_check_known(params, kAeadSettable) || !check_padding(params) ||
      !set_fixed_len(params, OSSL_CIPHER_PARAM_KEYLEN, 32,
                     BT_R_BAD_KEY_LENGTH) ||
      !set_fixed_len(params, OSSL_CIPHER_PARAM_AEAD_IVLEN, 12,
                     BT_R_BAD_IV_LENGTH) ||
      !set_fixed_len(params, OSSL_CIPHER_PARAM_TLS_MAC_SIZE, 0,
                     BT_R_BAD_PARAMETER)) {
    return 0;
  }
  if ((p = bt_param_locate_const(params, OSSL_CIPHER_PARAM_TLS_VERSION)) !=
      NULL) {
    int version;
    if (!bt_param_get_int(p, &version)) {
      return 0;
    }
  }
  if ((p = bt_param_locate_const(params, OSSL_CIPHER_PARAM_AEAD_TAG)) !=
      NULL) {
    if (p->data_type != OSSL_PARAM_OCTET_STRING) {
      BT_RAISE(BT_R_BAD_PARAMETER, "'tag' must be an octet string");
      return 0;
    }
    if (p->data_size != 16) {
      BT_RAISE(BT_R_BAD_TAG_LENGTH, "tag of %zu bytes, need 16",
               p->data_size);
      return 0;
    }
    if (p->data != NULL) {  // NULL data only sets the length
      if (ctx->enc) {
        BT_RAISE(BT_R_BAD_PARAMETER, "'tag' is set only when decrypting");
        return 0;
      }
      memcpy(ctx->tag, p->data, 16);
      ctx->tag_set = 1;
    }
  }
  if ((p = bt_param_locate_const(params,
                                 OSSL_CIPHER_PARAM_AEAD_TLS1_IV_FIXED)) !=
      NULL) {
    if (!bt_param_get_octets(p, &data, &len)) {
      return 0;
    }
    if (len != 12) {
      BT_RAISE(BT_R_BAD_IV_LENGTH, "fixed IV of %zu bytes, need 12", len);
      return 0;
    }
    memcpy(ctx->iv, data, 12);
    ctx->iv_set = 1;
  }
  if ((p = bt_param_locate_const(params, OSSL_CIPHER_PARAM_AEAD_TLS1_AAD)) !=
      NULL) {
    if (!bt_param_get_octets(p, &data, &len)) {
      return 0;
    }
    if (len != TLS1_AAD_LEN) {
      BT_RAISE(BT_R_BAD_PARAMETER, "TLS AAD of %zu bytes, need 13", len);
      return 0;
    }
    memcpy(ctx->tls_aad, data, TLS1_AAD_LEN);
    ctx->tls_aad_set = 1;
  }
  return 1;
}

static int aead_get_ctx_params(void *vctx, OSSL_PARAM params[]) {
  AEAD_CTX *ctx = vctx;
  OSSL_PARAM *p;
  if ((p = bt_param_locate(params, OSSL_CIPHER_PARAM_KEYLEN)) != NULL &&
      !bt_param_set_size_t(p, 32)) {
    return 0;
  }
  if ((p = bt_param_locate(params, OSSL_CIPHER_PARAM_IVLEN)) != NULL &&
      !bt_param_set_size_t(p, 12)) {
    return 0;
  }
  if ((p = bt_param_locate(params, OSSL_CIPHER_PARAM_AEAD_TAGLEN)) != NULL &&
      !bt_param_set_size_t(p, 16)) {
    return 0;
  }
  if ((p = bt_param_locate(params, OSSL_CIPHER_PARAM_AEAD_TLS1_AAD_PAD)) !=
      NULL) {
    if (!ctx->tls_aad_set) {
      BT_RAISE(BT_R_NOT_INITIALIZED, "no TLS AAD set");
      return 0;
    }
    if (!bt_param_set_size_t(p, 16)) {
      return 0;
    }
  }
  if ((p = bt_param_locate(params, OSSL_CIPHER_PARAM_AEAD_TAG)) != NULL) {
    if (!ctx->enc || ctx->phase != MSG_DONE) {
      BT_RAISE(BT_R_NOT_INITIALIZED,
               "the tag is available after an encryption's final");
      return 0;
    }
    if (p->data_type != OSSL_PARAM_OCTET_STRING || p->data_size == 0 ||
        p->data_size > 16) {
      BT_RAISE(BT_R_BAD_TAG_LENGTH, "tag request of %zu bytes (1..16)",
               p->data_size);
      return 0;
    }
    if (!bt_param_set_octets(p, ctx->tag, p->data_size)) {
      return 0;
    }
  }
  return 1;
}

static int aead_init(AEAD_CTX *ctx, int enc, const unsigned char *key,
                     size_t key_len, const unsigned char *iv, size_t iv_len,
                     const OSSL_PARAM params[]) {
  if (!check_key_iv(key, key_len, 32, iv, iv_len, 12)) {
    return 0;
  }
  ctx->enc = enc;
  if (key != NULL) {
    memcpy(ctx->key, key, 32);
    ctx->key_set = 1;
  }
  if (iv != NULL) {
    memcpy(ctx->iv, iv, 12);
    ctx->iv_set = 1;
  }
  ctx->phase = MSG_NONE;
  ctx->tag_set = 0;
  ctx->tls_aad_set = 0;
  return aead_set_ctx_params(ctx, params);
}

static int aead_encrypt_init(void *ctx, const unsigned char *key,
                             size_t key_len, const unsigned char *iv,
                             size_t iv_len, const OSSL_PARAM params[]) {
  return aead_init(ctx, 1, key, key_len, iv, iv_len, params);
}

static int aead_decrypt_init(void *ctx, const unsigned char *key,
                             size_t key_len, const unsigned char *iv,
                             size_t iv_len, const OSSL_PARAM params[]) {
  return aead_init(ctx, 0, key, key_len, iv, iv_len, params);
}

// aead_start begins a streamed message: the Poly1305 key is the first 32
// bytes of keystream block 0, the text starts at block 1.
static int aead_start(AEAD_CTX *ctx) {
  if (ctx->phase == MSG_DONE) {
    BT_RAISE(BT_R_UPDATE_AFTER_FINAL,
             "message already finished; init again with a new IV");
    return 0;
  }
  if (ctx->phase != MSG_NONE) {
    return 1;
  }
  if (!ctx->key_set || !ctx->iv_set) {
    BT_RAISE(BT_R_NOT_INITIALIZED, "ChaCha20-Poly1305 needs a key and an IV");
    return 0;
  }
  uint8_t block0[64] = {0};
  bt_chacha20(block0, block0, sizeof(block0), ctx->key, ctx->iv, 0);
  bt_poly1305_init(ctx->poly, block0);
  bt_cleanse(block0, sizeof(block0));
  stream_start(&ctx->s, ctx->key, ctx->iv, 1);
  ctx->aad_len = 0;
  ctx->text_len = 0;
  ctx->phase = MSG_AAD;
  return 1;
}

static const uint8_t kZeros[16];

static void poly_pad16(AEAD_CTX *ctx, uint64_t len) {
  bt_poly1305_update(ctx->poly, kZeros, (16 - len % 16) % 16);
}

// aead_tls_record seals or opens one TLS 1.2 record in place (see the top of
// the file). It returns the output length through `*outl`.
static int aead_tls_record(AEAD_CTX *ctx, unsigned char *out, size_t *outl,
                           size_t outsize, const unsigned char *in,
                           size_t inl) {
  ctx->tls_aad_set = 0;  // one record per "tlsaad"
  if (!ctx->key_set || !ctx->iv_set) {
    BT_RAISE(BT_R_NOT_INITIALIZED, "ChaCha20-Poly1305 needs a key and an IV");
    return 0;
  }
  if (in == NULL || out == NULL || inl < 16 || outsize < inl) {
    BT_RAISE(BT_R_BAD_PARAMETER, "TLS record of %zu bytes, output %zu", inl,
             outsize);
    return 0;
  }
  size_t len = inl - 16;
  uint8_t aad[TLS1_AAD_LEN];
  memcpy(aad, ctx->tls_aad, TLS1_AAD_LEN);
  size_t aad_record_len = (size_t)aad[11] << 8 | aad[12];
  // libssl gives the plaintext length when sealing and the record length
  // (ciphertext || tag) when opening; the AAD carries the plaintext length.
  if (aad_record_len != (ctx->enc ? len : inl)) {
    BT_RAISE(BT_R_BAD_PARAMETER, "TLS AAD length %zu for a %zu-byte record",
             aad_record_len, inl);
    return 0;
  }
  aad[11] = (uint8_t)(len >> 8);
  aad[12] = (uint8_t)len;
  // nonce = IV XOR (0^32 || 64-bit sequence number)
  uint8_t nonce[12];
  memcpy(nonce, ctx->iv, 12);
  for (int i = 0; i < 8; i++) {
    nonce[4 + i] ^= aad[i];
  }
  if (ctx->enc) {
    if (!bt_aead_seal(ctx->key, nonce, out, out + len, in, len, aad,
                      sizeof(aad))) {
      BT_RAISE(BT_R_INTERNAL, "seal failed");
      return 0;
    }
    *outl = inl;
  } else {
    if (!bt_aead_open(ctx->key, nonce, out, in, len, in + len, aad,
                      sizeof(aad))) {
      BT_RAISE(BT_R_BAD_TAG, "TLS record failed authentication");
      return 0;
    }
    *outl = len;
  }
  bt_count(BT_C_CHACHA20_POLY1305, len);
  return 1;
}

static int aead_update(void *vctx, unsigned char *out, size_t *outl,
                       size_t outsize, const unsigned char *in, size_t inl) {
  AEAD_CTX *ctx = vctx;
  if (ctx->tls_aad_set) {
    return aead_tls_record(ctx, out, outl, outsize, in, inl);
  }
  if (!aead_start(ctx)) {
    return 0;
  }
  if (inl != 0 && in == NULL) {
    BT_RAISE(BT_R_BAD_PARAMETER, "NULL input");
    return 0;
  }
  if (out == NULL) {  // additional authenticated data
    if (ctx->phase != MSG_AAD) {
      BT_RAISE(BT_R_BAD_PARAMETER, "AAD after text");
      return 0;
    }
    bt_poly1305_update(ctx->poly, in, inl);
    ctx->aad_len += inl;
    *outl = inl;
    return 1;
  }
  if (outsize < inl) {
    BT_RAISE(BT_R_OUTPUT_TOO_SMALL, "output of %zu bytes for %zu", outsize,
             inl);
    return 0;
  }
  if (ctx->phase == MSG_AAD) {
    poly_pad16(ctx, ctx->aad_len);
    ctx->phase = MSG_TEXT;
  }
  if (ctx->enc) {
    if (!stream_xor(&ctx->s, out, in, inl)) {
      return 0;
    }
    bt_poly1305_update(ctx->poly, out, inl);
  } else {
    // MAC the ciphertext before it is overwritten (out may equal in).
    bt_poly1305_update(ctx->poly, in, inl);
    if (!stream_xor(&ctx->s, out, in, inl)) {
      return 0;
    }
  }
  ctx->text_len += inl;
  bt_count(BT_C_CHACHA20_POLY1305, inl);
  *outl = inl;
  return 1;
}

static void store_le64(uint8_t out[8], uint64_t v) {
  for (int i = 0; i < 8; i++) {
    out[i] = (uint8_t)(v >> (8 * i));
  }
}

static int aead_final(void *vctx, unsigned char *out, size_t *outl,
                      size_t outsize) {
  (void)out;
  (void)outsize;
  AEAD_CTX *ctx = vctx;
  *outl = 0;
  if (!ctx->enc && !ctx->tag_set) {
    BT_RAISE(BT_R_BAD_TAG, "no tag set before decryption's final");
    return 0;
  }
  if (!aead_start(ctx)) {
    return 0;
  }
  // Poly1305 over pad16(aad) || ct || pad16(ct) || le64(|aad|) || le64(|ct|)
  if (ctx->phase == MSG_AAD) {
    poly_pad16(ctx, ctx->aad_len);
  }
  poly_pad16(ctx, ctx->text_len);
  uint8_t lens[16];
  store_le64(lens, ctx->aad_len);
  store_le64(lens + 8, ctx->text_len);
  bt_poly1305_update(ctx->poly, lens, sizeof(lens));
  uint8_t tag[16];
  bt_poly1305_finish(ctx->poly, tag);
  ctx->phase = MSG_DONE;
  if (ctx->enc) {
    memcpy(ctx->tag, tag, 16);
    return 1;
  }
  ctx->tag_set = 0;
  if (bt_memcmp(tag, ctx->tag, 16) != 0) {
    BT_RAISE(BT_R_BAD_TAG, "ChaCha20-Poly1305 tag mismatch");
    return 0;
  }
  return 1;
}

// aead_cipher is OSSL_FUNC_cipher_cipher (EVP_Cipher): an update, or the
// final when there is no input.
static int aead_cipher(void *vctx, unsigned char *out, size_t *outl,
                       size_t outsize, const unsigned char *in, size_t inl) {
  if (in == NULL && inl == 0) {
    return aead_final(vctx, out, outl, outsize);
  }
  return aead_update(vctx, out, outl, outsize, in, inl);
}

static int aead_get_params(OSSL_PARAM params[]) {
  return get_static_params(params, 32, 12, 1);
}

static const OSSL_DISPATCH kAeadFunctions[] = {
    {OSSL_FUNC_CIPHER_NEWCTX, (void (*)(void))aead_newctx},
    {OSSL_FUNC_CIPHER_FREECTX, (void (*)(void))aead_freectx},
    {OSSL_FUNC_CIPHER_DUPCTX, (void (*)(void))aead_dupctx},
    {OSSL_FUNC_CIPHER_ENCRYPT_INIT, (void (*)(void))aead_encrypt_init},
    {OSSL_FUNC_CIPHER_DECRYPT_INIT, (void (*)(void))aead_decrypt_init},
    {OSSL_FUNC_CIPHER_UPDATE, (void (*)(void))aead_update},
    {OSSL_FUNC_CIPHER_FINAL, (void (*)(void))aead_final},
    {OSSL_FUNC_CIPHER_CIPHER, (void (*)(void))aead_cipher},
    {OSSL_FUNC_CIPHER_GET_PARAMS, (void (*)(void))aead_get_params},
    {OSSL_FUNC_CIPHER_GETTABLE_PARAMS, (void (*)(void))cipher_gettable_params},
    {OSSL_FUNC_CIPHER_GET_CTX_PARAMS, (void (*)(void))aead_get_ctx_params},
    {OSSL_FUNC_CIPHER_GETTABLE_CTX_PARAMS,
     (void (*)(void))aead_gettable_ctx_params},
    {OSSL_FUNC_CIPHER_SET_CTX_PARAMS, (void (*)(void))aead_set_ctx_params},
    {OSSL_FUNC_CIPHER_SETTABLE_CTX_PARAMS,
     (void (*)(void))aead_settable_ctx_params},
    {0, NULL},
};

const OSSL_ALGORITHM bt_ciphers[] = {
    {"ChaCha20", BT_PROPS, kChaChaFunctions, "ChaCha20 (Bittern)"},
    {"ChaCha20-Poly1305", BT_PROPS, kAeadFunctions,
     "ChaCha20-Poly1305 (Bittern)"},
    {NULL, NULL, NULL, NULL},
};
