// Copyright 2026 The project authors.
//
// fuzz/hmac.c: differential fuzzer for HMAC over every SHA digest.
//
// Input layout: digest selector (1 byte, modulo the 7 digests), key length
// (1 byte, so keys longer than any block are reached), split seed (4
// bytes), the key, then the message.
//
// Under every implementation row of the digest's SHA table the CPU can run,
// HMAC_K(m) = H((K0 ^ opad) || H((K0 ^ ipad) || m)) (RFC 2104) is computed
// three ways that must agree: the one-shot HMAC(), an HMAC_CTX fed in
// pseudo-random pieces (then reused for a second message through the cheap
// re-init path), and the definition above written out with EVP_Digest.
// The result of every row must equal that of the "nohw" row.

#include <openssl/hmac.h>

#include "fuzz_util.h"
#include "md_table.h"

struct hmac_args {
  const EVP_MD *md;
  uint32_t seed;
  const uint8_t *key;
  size_t key_len;
  const uint8_t *msg;
  size_t msg_len;
};

// hmac_by_definition computes HMAC from RFC 2104 with the digest API only.
static void hmac_by_definition(const struct hmac_args *a, uint8_t *out) {
  size_t block = EVP_MD_block_size(a->md);
  size_t md_len = EVP_MD_size(a->md);
  uint8_t k0[128] = {0};  // K0: the key, hashed first if longer than a block
  FUZZ_CHECK(block <= sizeof(k0));
  if (a->key_len > block) {
    FUZZ_CHECK(EVP_Digest(a->key, a->key_len, k0, NULL, a->md, NULL));
  } else if (a->key_len > 0) {
    memcpy(k0, a->key, a->key_len);
  }
  uint8_t pad[128];
  uint8_t inner[EVP_MAX_MD_SIZE];
  EVP_MD_CTX *ctx = EVP_MD_CTX_new();
  FUZZ_CHECK(ctx != NULL);
  for (size_t i = 0; i < block; i++) {
    pad[i] = k0[i] ^ 0x36;
  }
  FUZZ_CHECK(EVP_DigestInit_ex(ctx, a->md, NULL));
  FUZZ_CHECK(EVP_DigestUpdate(ctx, pad, block));
  FUZZ_CHECK(EVP_DigestUpdate(ctx, a->msg, a->msg_len));
  FUZZ_CHECK(EVP_DigestFinal_ex(ctx, inner, NULL));
  for (size_t i = 0; i < block; i++) {
    pad[i] = k0[i] ^ 0x5c;
  }
  FUZZ_CHECK(EVP_DigestInit_ex(ctx, a->md, NULL));
  FUZZ_CHECK(EVP_DigestUpdate(ctx, pad, block));
  FUZZ_CHECK(EVP_DigestUpdate(ctx, inner, md_len));
  FUZZ_CHECK(EVP_DigestFinal_ex(ctx, out, NULL));
  EVP_MD_CTX_free(ctx);
}

static void hmac_run(const void *arg, uint8_t *out) {
  const struct hmac_args *a = arg;
  size_t md_len = EVP_MD_size(a->md);
  unsigned out_len = 0;
  FUZZ_CHECK(HMAC(a->md, a->key, a->key_len, a->msg, a->msg_len, out,
                  &out_len) == out);
  FUZZ_CHECK(out_len == md_len);

  uint8_t other[EVP_MAX_MD_SIZE];
  hmac_by_definition(a, other);
  FUZZ_CHECK(memcmp(other, out, md_len) == 0);

  // Streamed in pieces, twice: the second message reuses the key through
  // HMAC_Init_ex(ctx, NULL, 0, NULL, NULL).
  HMAC_CTX *ctx = HMAC_CTX_new();
  FUZZ_CHECK(ctx != NULL);
  FUZZ_CHECK(HMAC_Init_ex(ctx, a->key, a->key_len, a->md, NULL));
  uint32_t s = a->seed;
  for (int pass = 0; pass < 2; pass++) {
    if (pass == 1) {
      FUZZ_CHECK(HMAC_Init_ex(ctx, NULL, 0, NULL, NULL));
    }
    size_t done = 0;
    do {
      size_t n = fuzz_split_len(&s, a->msg_len - done);
      FUZZ_CHECK(HMAC_Update(ctx, a->msg + done, n));
      done += n;
    } while (done < a->msg_len);
    memset(other, 0, sizeof(other));
    out_len = 0;
    FUZZ_CHECK(HMAC_Final(ctx, other, &out_len));
    FUZZ_CHECK(out_len == md_len);
    FUZZ_CHECK(memcmp(other, out, md_len) == 0);
  }
  HMAC_CTX_free(ctx);
}

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerInitialize(int *argc, char ***argv) {
  (void)argc;
  (void)argv;
  fuzz_print_rows(&CRYPTO_primitive_sha1);
  fuzz_print_rows(&CRYPTO_primitive_sha256);
  fuzz_print_rows(&CRYPTO_primitive_sha512);
  return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  struct fuzz_reader r = {data, size};
  const struct fuzz_md *m = &kFuzzMDs[fuzz_u8(&r) % FUZZ_NUM_MDS];
  size_t key_len = fuzz_u8(&r);
  struct hmac_args a;
  a.md = m->md();
  a.seed = fuzz_u32(&r);
  // The key is the next key_len bytes, or as many as the input still has.
  if (key_len > r.len) {
    key_len = r.len;
  }
  a.key = r.data;
  a.key_len = key_len;
  r.data += key_len;
  r.len -= key_len;
  a.msg = fuzz_rest(&r, &a.msg_len);
  CRYPTO_PRIMITIVE *prims[1] = {m->prim};
  fuzz_differential(prims, 1, hmac_run, &a, EVP_MD_size(a.md));
  return 0;
}
