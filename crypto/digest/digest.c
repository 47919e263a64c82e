// Copyright 2026 The project authors.
//
// digest.c: the EVP digest layer. Each EVP_MD is a static description of a
// hash function (sizes, NID, names) plus three small adapters that run the
// sha.h streaming functions on the matching member of EVP_MD_CTX's union.
// Nothing here allocates except EVP_MD_CTX_new.

#include <openssl/digest.h>

#include <openssl/err.h>
#include <openssl/mem.h>
#include <openssl/sha.h>

#include "../internal.h"
#include "../sha/internal.h"
#include "internal.h"

// CTX_SIZE(member) is the ctx_size of the digests whose state is u.member.
#define CTX_SIZE(member) \
  (offsetof(EVP_MD_CTX, u) + sizeof(((EVP_MD_CTX *)NULL)->u.member))

struct env_md_st {
  int type;            // NID_*
  const char *name;    // short name, as EVP_MD_name returns it
  size_t md_size;      // digest length in bytes
  size_t block_size;   // block length in bytes
  // Bytes of EVP_MD_CTX from its start to the end of the digest's union
  // member: all that EVP_MD_CTX_cleanup erases.
  size_t ctx_size;
  // The streaming steps, on ctx->u. They cannot fail.
  void (*init)(EVP_MD_CTX *ctx);
  void (*update)(EVP_MD_CTX *ctx, const void *data, size_t len);
  void (*final)(EVP_MD_CTX *ctx, uint8_t *out);
  // init_two_blocks sets two contexts to the state after one block each
  // (evp_md_init_two_blocks in internal.h).
  void (*init_two_blocks)(EVP_MD_CTX *c0, const uint8_t *in0, EVP_MD_CTX *c1,
                          const uint8_t *in1);
  // finish_from: evp_md_finish_from in internal.h.
  void (*finish_from)(const EVP_MD_CTX *ctx, const uint8_t *in, size_t len,
                      uint8_t *out);
  // The sha.h one-shot function: EVP_Digest calls it directly, so it hashes
  // whole blocks straight from the input with no context at all.
  uint8_t *(*oneshot)(const uint8_t *data, size_t len, uint8_t *out);
  // Further spellings EVP_get_digestbyname accepts, NULL-terminated.
  const char *aliases[5];
};

// The adapters. The sha.h functions take the family's own context type, so
// each digest gets its own three functions rather than a cast function
// pointer (calling through a pointer of the wrong type is undefined).
//
// Final has a short cut: while the whole message is still in the context's
// buffer (fewer bytes than a block were added, so no block has been
// compressed and the chaining value is the digest's IV), the digest is the
// sha.h one-shot of the buffered bytes, which builds its single padded
// block without the streaming Final's general tail handling. The context
// is then erased as the streaming Final would. The branch is on the
// message length, which is public. (SHA-224 to SHA-512's streaming Final
// now finishes with the one-shot code too, from any state: sha256_final in
// crypto/sha/sha256.c; SHA-1's does not.) Measured with `PERCALL_FILTER=evp
// util/bench/percall.sh BUILD BORINGSSL_BUILD 5` (Zen 5): the 16-byte
// EVP_MD_CTX_new + Init + Update + Final + free sequence, ours/BoringSSL,
// went from 1.11 to 1.25 with this and EVP_MD_CTX_new's malloc without a
// memset.
#define DEFINE_MD_ADAPTERS(lower, PREFIX, member, buffered_len)               \
  static void lower##_init(EVP_MD_CTX *ctx) { PREFIX##_Init(&ctx->u.member); } \
  static void lower##_update(EVP_MD_CTX *ctx, const void *data, size_t len) { \
    PREFIX##_Update(&ctx->u.member, data, len);                               \
  }                                                                           \
  static void lower##_final(EVP_MD_CTX *ctx, uint8_t *out) {                  \
    size_t n = buffered_len(&ctx->u.member);                                  \
    if (n < sizeof(ctx->u.member.data)) {                                     \
      PREFIX(ctx->u.member.data, n, out);                                     \
      OPENSSL_cleanse(&ctx->u.member, sizeof(ctx->u.member));                 \
    } else {                                                                  \
      PREFIX##_Final(out, &ctx->u.member);                                    \
    }                                                                         \
  }

// The *_buffered_len functions return the message length if the whole
// message is in the buffer (it is shorter than a block), else a value of
// at least a block.
static inline size_t sha1_buffered_len(const SHA_CTX *sha) {
  return sha->len < SHA_CBLOCK ? (size_t)sha->len : SHA_CBLOCK;
}
static inline size_t sha256_buffered_len(const SHA256_CTX *sha) {
  return sha->len < SHA256_CBLOCK ? (size_t)sha->len : SHA256_CBLOCK;
}
static inline size_t sha512_buffered_len(const SHA512_CTX *sha) {
  return sha->len_hi == 0 && sha->len_lo < SHA512_CBLOCK ? (size_t)sha->len_lo
                                                         : SHA512_CBLOCK;
}

// The SHA-2 digests start two contexts with one block each through their
// family's two-stream rows (crypto/sha/impls.h); SHA-1 has none and runs
// Init and Update twice.
// (The union member is named after the family: sha256 or sha512.) Their
// finish_from is the family's (crypto/sha/internal.h); SHA-1's runs Update
// and Final on a copy.
#define DEFINE_MD_TWO_BLOCKS(lower, PREFIX, member)                            \
  static void lower##_two_blocks(EVP_MD_CTX *c0, const uint8_t *in0,           \
                                 EVP_MD_CTX *c1, const uint8_t *in1) {         \
    member##_init_two_blocks(&c0->u.member, in0, &c1->u.member, in1,           \
                             PREFIX##_Init);                                   \
  }                                                                            \
  static void lower##_finish_msg(const EVP_MD_CTX *ctx, const uint8_t *in,     \
                                 size_t len, uint8_t *out) {                   \
    member##_finish_from(&ctx->u.member, in, len, out,                         \
                         PREFIX##_DIGEST_LENGTH);                              \
  }

static void sha1_two_blocks(EVP_MD_CTX *c0, const uint8_t *in0,
                            EVP_MD_CTX *c1, const uint8_t *in1) {
  SHA1_Init(&c0->u.sha1);
  SHA1_Update(&c0->u.sha1, in0, SHA_CBLOCK);
  SHA1_Init(&c1->u.sha1);
  SHA1_Update(&c1->u.sha1, in1, SHA_CBLOCK);
}
static void sha1_finish_msg(const EVP_MD_CTX *ctx, const uint8_t *in,
                            size_t len, uint8_t *out) {
  SHA_CTX sha = ctx->u.sha1;
  SHA1_Update(&sha, in, len);
  SHA1_Final(out, &sha);  // erases `sha`
}

// Each digest's adapters, invoked directly: PREFIX must reach the ## of
// these macros unexpanded, since under -DBITTERN_PREFIX the name SHA224 is
// itself a macro (the prefixed symbol) and SHA224_DIGEST_LENGTH is not
// prefixed; a wrapper macro would expand it before the paste.
DEFINE_MD_ADAPTERS(sha1, SHA1, sha1, sha1_buffered_len)
DEFINE_MD_ADAPTERS(sha224, SHA224, sha256, sha256_buffered_len)
DEFINE_MD_TWO_BLOCKS(sha224, SHA224, sha256)
DEFINE_MD_ADAPTERS(sha256, SHA256, sha256, sha256_buffered_len)
DEFINE_MD_TWO_BLOCKS(sha256, SHA256, sha256)
DEFINE_MD_ADAPTERS(sha384, SHA384, sha512, sha512_buffered_len)
DEFINE_MD_TWO_BLOCKS(sha384, SHA384, sha512)
DEFINE_MD_ADAPTERS(sha512, SHA512, sha512, sha512_buffered_len)
DEFINE_MD_TWO_BLOCKS(sha512, SHA512, sha512)
DEFINE_MD_ADAPTERS(sha512_224, SHA512_224, sha512, sha512_buffered_len)
DEFINE_MD_TWO_BLOCKS(sha512_224, SHA512_224, sha512)
DEFINE_MD_ADAPTERS(sha512_256, SHA512_256, sha512, sha512_buffered_len)
DEFINE_MD_TWO_BLOCKS(sha512_256, SHA512_256, sha512)

static const EVP_MD kMDs[] = {
    {NID_sha1, "SHA1", SHA_DIGEST_LENGTH, SHA_CBLOCK,
     CTX_SIZE(sha1), sha1_init, sha1_update,
     sha1_final, sha1_two_blocks, sha1_finish_msg, SHA1, {"SHA-1", NULL}},
    {NID_sha224, "SHA224", SHA224_DIGEST_LENGTH, SHA256_CBLOCK,
     CTX_SIZE(sha256), sha224_init,
     sha224_update, sha224_final, sha224_two_blocks, sha224_finish_msg,
     SHA224, {"SHA-224", "SHA2-224", NULL}},
    {NID_sha256, "SHA256", SHA256_DIGEST_LENGTH, SHA256_CBLOCK,
     CTX_SIZE(sha256), sha256_init,
     sha256_update, sha256_final, sha256_two_blocks, sha256_finish_msg,
     SHA256, {"SHA-256", "SHA2-256", NULL}},
    {NID_sha384, "SHA384", SHA384_DIGEST_LENGTH, SHA512_CBLOCK,
     CTX_SIZE(sha512), sha384_init,
     sha384_update, sha384_final, sha384_two_blocks, sha384_finish_msg,
     SHA384, {"SHA-384", "SHA2-384", NULL}},
    {NID_sha512, "SHA512", SHA512_DIGEST_LENGTH, SHA512_CBLOCK,
     CTX_SIZE(sha512), sha512_init,
     sha512_update, sha512_final, sha512_two_blocks, sha512_finish_msg,
     SHA512, {"SHA-512", "SHA2-512", NULL}},
    {NID_sha512_224, "SHA512-224", SHA512_224_DIGEST_LENGTH, SHA512_CBLOCK,
     CTX_SIZE(sha512),
     sha512_224_init, sha512_224_update, sha512_224_final,
     sha512_224_two_blocks, sha512_224_finish_msg, SHA512_224,
     {"SHA-512/224", "SHA2-512/224", "SHA512_224", "SHA512/224"}},
    {NID_sha512_256, "SHA512-256", SHA512_256_DIGEST_LENGTH, SHA512_CBLOCK,
     CTX_SIZE(sha512),
     sha512_256_init, sha512_256_update, sha512_256_final,
     sha512_256_two_blocks, sha512_256_finish_msg, SHA512_256,
     {"SHA-512/256", "SHA2-512/256", "SHA512_256", "SHA512/256"}},
};

const EVP_MD *EVP_sha1(void) { return &kMDs[0]; }
const EVP_MD *EVP_sha224(void) { return &kMDs[1]; }
const EVP_MD *EVP_sha256(void) { return &kMDs[2]; }
const EVP_MD *EVP_sha384(void) { return &kMDs[3]; }
const EVP_MD *EVP_sha512(void) { return &kMDs[4]; }
const EVP_MD *EVP_sha512_224(void) { return &kMDs[5]; }
const EVP_MD *EVP_sha512_256(void) { return &kMDs[6]; }

// ascii_casecmp_eq returns one if `a` and `b` are equal ignoring ASCII case
// (not the locale's, unlike strcasecmp).
static int ascii_casecmp_eq(const char *a, const char *b) {
  for (;; a++, b++) {
    char ca = *a, cb = *b;
    if (ca >= 'A' && ca <= 'Z') {
      ca = (char)(ca - 'A' + 'a');
    }
    if (cb >= 'A' && cb <= 'Z') {
      cb = (char)(cb - 'A' + 'a');
    }
    if (ca != cb) {
      return 0;
    }
    if (ca == '\0') {
      return 1;
    }
  }
}

const EVP_MD *EVP_get_digestbyname(const char *name) {
  if (name == NULL) {
    return NULL;
  }
  for (size_t i = 0; i < OPENSSL_ARRAY_SIZE(kMDs); i++) {
    if (ascii_casecmp_eq(name, kMDs[i].name)) {
      return &kMDs[i];
    }
    for (size_t j = 0; j < OPENSSL_ARRAY_SIZE(kMDs[i].aliases) &&
                       kMDs[i].aliases[j] != NULL;
         j++) {
      if (ascii_casecmp_eq(name, kMDs[i].aliases[j])) {
        return &kMDs[i];
      }
    }
  }
  return NULL;
}

const EVP_MD *EVP_get_digestbynid(int nid) {
  for (size_t i = 0; i < OPENSSL_ARRAY_SIZE(kMDs); i++) {
    if (kMDs[i].type == nid) {
      return &kMDs[i];
    }
  }
  return NULL;
}

int EVP_MD_type(const EVP_MD *md) { return md->type; }
int EVP_MD_nid(const EVP_MD *md) { return md->type; }
const char *EVP_MD_name(const EVP_MD *md) { return md->name; }
size_t EVP_MD_size(const EVP_MD *md) { return md->md_size; }
size_t EVP_MD_block_size(const EVP_MD *md) { return md->block_size; }

// --- Contexts -------------------------------------------------------------

void EVP_MD_CTX_init(EVP_MD_CTX *ctx) { OPENSSL_memset(ctx, 0, sizeof(*ctx)); }

EVP_MD_CTX *EVP_MD_CTX_new(void) {
  // The empty state is `digest` == NULL: the union is only read once a
  // digest is set (EVP_MD_CTX_free erases all of it), so it is not zeroed.
  EVP_MD_CTX *ctx = OPENSSL_malloc(sizeof(EVP_MD_CTX));
  if (ctx != NULL) {
    ctx->digest = NULL;
  }
  return ctx;
}

EVP_MD_CTX *EVP_MD_CTX_create(void) { return EVP_MD_CTX_new(); }

int EVP_MD_CTX_cleanup(EVP_MD_CTX *ctx) {
  // The zeroed context is also the empty state (digest == NULL). With a
  // digest set, only its union member can hold state (evp_md_ctx_set_digest
  // keeps it so), and only that much is erased: for SHA-256, 120 of the 224
  // bytes, with inline stores (CRYPTO_wipe) since the size is then known.
  // On Zen 5 (7 alternating rounds, best of 3 processes each, the 16-byte
  // EVP_MD_CTX_new ... free sequence of util/bench/percall_bench.c) the
  // shorter erase took it from 55.5 to 54.1 ns and the inline stores to
  // 53.5. (Inline stores of all 224 bytes had measured ~3% slower than the
  // library call; 120 bytes are 8 stores.)
  const EVP_MD *md = ctx->digest;
  if (md != NULL && md->ctx_size == CTX_SIZE(sha256)) {
    CRYPTO_wipe(ctx, CTX_SIZE(sha256));
  } else {
    OPENSSL_cleanse(ctx, md != NULL ? md->ctx_size : sizeof(*ctx));
  }
  return 1;
}

int EVP_MD_CTX_reset(EVP_MD_CTX *ctx) { return EVP_MD_CTX_cleanup(ctx); }

void EVP_MD_CTX_free(EVP_MD_CTX *ctx) {
  if (ctx == NULL) {
    return;
  }
  EVP_MD_CTX_cleanup(ctx);
  OPENSSL_free(ctx);
}

void EVP_MD_CTX_destroy(EVP_MD_CTX *ctx) { EVP_MD_CTX_free(ctx); }

int EVP_MD_CTX_copy_ex(EVP_MD_CTX *out, const EVP_MD_CTX *in) {
  if (out == NULL || in == NULL) {
    OPENSSL_PUT_ERROR(DIGEST, ERR_R_PASSED_NULL_PARAMETER);
    return 0;
  }
  if (in->digest == NULL) {
    OPENSSL_PUT_ERROR(DIGEST, DIGEST_R_INPUT_NOT_INITIALIZED);
    return 0;
  }
  if (out != in) {
    // The union holds plain data, so a byte copy duplicates the state.
    OPENSSL_memcpy(out, in, sizeof(*out));
  }
  return 1;
}

int EVP_MD_CTX_copy(EVP_MD_CTX *out, const EVP_MD_CTX *in) {
  if (out != in && out != NULL) {
    EVP_MD_CTX_init(out);
  }
  return EVP_MD_CTX_copy_ex(out, in);
}

const EVP_MD *EVP_MD_CTX_md(const EVP_MD_CTX *ctx) {
  return ctx == NULL ? NULL : ctx->digest;
}

size_t EVP_MD_CTX_size(const EVP_MD_CTX *ctx) {
  const EVP_MD *md = EVP_MD_CTX_md(ctx);
  return md == NULL ? 0 : md->md_size;
}

size_t EVP_MD_CTX_block_size(const EVP_MD_CTX *ctx) {
  const EVP_MD *md = EVP_MD_CTX_md(ctx);
  return md == NULL ? 0 : md->block_size;
}

int EVP_MD_CTX_type(const EVP_MD_CTX *ctx) {
  const EVP_MD *md = EVP_MD_CTX_md(ctx);
  return md == NULL ? NID_undef : md->type;
}

// --- Hashing ----------------------------------------------------------------

// evp_md_ctx_set_digest sets `ctx`'s digest to `md`. EVP_MD_CTX_cleanup
// erases only the current digest's ctx_size bytes, so the state of a digest
// with a larger union member (SHA-512 before SHA-256) is erased here first:
// no byte past the current digest's ctx_size ever holds state.
static inline void evp_md_ctx_set_digest(EVP_MD_CTX *ctx, const EVP_MD *md) {
  const EVP_MD *old = ctx->digest;
  if (old != NULL && old->ctx_size > md->ctx_size) {
    OPENSSL_cleanse(ctx, old->ctx_size);
  }
  ctx->digest = md;
}

int EVP_DigestInit_ex(EVP_MD_CTX *ctx, const EVP_MD *type, ENGINE *impl) {
  (void)impl;
  if (ctx == NULL) {
    OPENSSL_PUT_ERROR(DIGEST, ERR_R_PASSED_NULL_PARAMETER);
    return 0;
  }
  if (type == NULL) {
    OPENSSL_PUT_ERROR(DIGEST, DIGEST_R_UNKNOWN_DIGEST);
    return 0;
  }
  evp_md_ctx_set_digest(ctx, type);
  type->init(ctx);
  return 1;
}

int EVP_DigestInit(EVP_MD_CTX *ctx, const EVP_MD *type) {
  if (ctx != NULL) {
    EVP_MD_CTX_init(ctx);
  }
  return EVP_DigestInit_ex(ctx, type, NULL);
}

int EVP_DigestUpdate(EVP_MD_CTX *ctx, const void *data, size_t len) {
  if (ctx == NULL || ctx->digest == NULL) {
    OPENSSL_PUT_ERROR(DIGEST, DIGEST_R_INPUT_NOT_INITIALIZED);
    return 0;
  }
  ctx->digest->update(ctx, data, len);
  return 1;
}

int EVP_DigestFinal_ex(EVP_MD_CTX *ctx, uint8_t *md_out,
                       unsigned int *out_size) {
  if (ctx == NULL || ctx->digest == NULL) {
    OPENSSL_PUT_ERROR(DIGEST, DIGEST_R_INPUT_NOT_INITIALIZED);
    return 0;
  }
  // The sha.h Final functions erase the hash state they used.
  ctx->digest->final(ctx, md_out);
  if (out_size != NULL) {
    *out_size = (unsigned int)ctx->digest->md_size;
  }
  return 1;
}

void evp_md_finish_from(const EVP_MD_CTX *ctx, const uint8_t *in, size_t len,
                        uint8_t *out) {
  ctx->digest->finish_from(ctx, in, len, out);
}

void evp_md_init_two_blocks(const EVP_MD *md, EVP_MD_CTX *ctx0,
                            const uint8_t *in0, EVP_MD_CTX *ctx1,
                            const uint8_t *in1) {
  // (HMAC's own contexts: their owners erase them whole, and HMAC() passes
  // uninitialized stack contexts, so the old digest is not read here.)
  ctx0->digest = md;
  ctx1->digest = md;
  md->init_two_blocks(ctx0, in0, ctx1, in1);
}

int EVP_DigestFinal(EVP_MD_CTX *ctx, uint8_t *md_out, unsigned int *out_size) {
  int ok = EVP_DigestFinal_ex(ctx, md_out, out_size);
  if (ctx != NULL) {
    EVP_MD_CTX_cleanup(ctx);
  }
  return ok;
}

int EVP_Digest(const void *data, size_t len, uint8_t *md_out,
               unsigned int *out_size, const EVP_MD *type, ENGINE *impl) {
  (void)impl;
  if (type == NULL) {
    OPENSSL_PUT_ERROR(DIGEST, DIGEST_R_UNKNOWN_DIGEST);
    return 0;
  }
  // Straight to the one-shot function: no context to set up or erase, the
  // whole blocks hashed in place and only the padded tail built on the
  // stack, which matters for short inputs.
  type->oneshot(data, len, md_out);
  if (out_size != NULL) {
    *out_size = (unsigned int)type->md_size;
  }
  return 1;
}

// --- OpenSSL 3 spellings ------------------------------------------------------

int EVP_MD_get_type(const EVP_MD *md) {
  return md == NULL ? NID_undef : md->type;
}

const char *EVP_MD_get0_name(const EVP_MD *md) {
  return md == NULL ? NULL : md->name;
}

int EVP_MD_get_size(const EVP_MD *md) {
  return md == NULL ? -1 : (int)md->md_size;
}

int EVP_MD_get_block_size(const EVP_MD *md) {
  return md == NULL ? -1 : (int)md->block_size;
}

int EVP_MD_is_a(const EVP_MD *md, const char *name) {
  return md != NULL && EVP_get_digestbyname(name) == md;
}

EVP_MD *EVP_MD_fetch(OSSL_LIB_CTX *libctx, const char *algorithm,
                     const char *properties) {
  (void)libctx;
  (void)properties;
  const EVP_MD *md = EVP_get_digestbyname(algorithm);
  if (md == NULL) {
    OPENSSL_PUT_ERROR(DIGEST, DIGEST_R_UNKNOWN_DIGEST);
    return NULL;
  }
  // The caller gets OpenSSL 3's non-const type, but EVP_MD has no public
  // fields and no function writes through the pointer: the object stays in
  // read-only memory.
  return (EVP_MD *)md;
}

int EVP_MD_up_ref(EVP_MD *md) {
  (void)md;
  return 1;
}

void EVP_MD_free(EVP_MD *md) { (void)md; }

const EVP_MD *EVP_MD_CTX_get0_md(const EVP_MD_CTX *ctx) {
  return EVP_MD_CTX_md(ctx);
}

int EVP_MD_CTX_get_size(const EVP_MD_CTX *ctx) {
  return EVP_MD_get_size(EVP_MD_CTX_md(ctx));
}

int EVP_MD_CTX_get_block_size(const EVP_MD_CTX *ctx) {
  return EVP_MD_get_block_size(EVP_MD_CTX_md(ctx));
}

int EVP_MD_CTX_get_type(const EVP_MD_CTX *ctx) { return EVP_MD_CTX_type(ctx); }

int EVP_DigestInit_ex2(EVP_MD_CTX *ctx, const EVP_MD *type,
                       const OSSL_PARAM *params) {
  if (params != NULL) {
    OPENSSL_PUT_ERROR(DIGEST, ERR_R_PASSED_NULL_PARAMETER);
    return 0;
  }
  if (type == NULL) {
    type = EVP_MD_CTX_md(ctx);
    if (type == NULL) {
      OPENSSL_PUT_ERROR(DIGEST, DIGEST_R_INPUT_NOT_INITIALIZED);
      return 0;
    }
  }
  return EVP_DigestInit_ex(ctx, type, NULL);
}

int EVP_Q_digest(OSSL_LIB_CTX *libctx, const char *name, const char *propq,
                 const void *data, size_t len, uint8_t *md_out,
                 size_t *out_size) {
  const EVP_MD *md = EVP_MD_fetch(libctx, name, propq);
  if (md == NULL) {
    return 0;
  }
  unsigned int n;
  if (!EVP_Digest(data, len, md_out, &n, md, NULL)) {
    return 0;
  }
  if (out_size != NULL) {
    *out_size = n;
  }
  return 1;
}
