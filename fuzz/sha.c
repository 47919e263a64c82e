// Copyright 2026 The project authors.
//
// fuzz/sha.c: differential fuzzer for SHA-1, SHA-224, SHA-256, SHA-384,
// SHA-512, SHA-512/224 and SHA-512/256.
//
// Input layout: split seed (4 bytes, little-endian), then the message.
// For each of the seven hashes, under every implementation row the CPU can
// run, the message is hashed in one shot (SHA256() and friends) and through
// Init/Update/Final in pseudo-random pieces; the two must agree, and the
// digests of all rows must equal those of the "nohw" row.

#include <openssl/sha.h>

#include "../crypto/sha/internal.h"
#include "fuzz_util.h"

// struct sha_algo describes one hash through its public API. The context is
// passed as void * so SHA_CTX, SHA256_CTX and SHA512_CTX share one loop.
struct sha_algo {
  CRYPTO_PRIMITIVE *prim;
  size_t digest_len;
  uint8_t *(*oneshot)(const uint8_t *data, size_t len, uint8_t *out);
  int (*init)(void *ctx);
  int (*update)(void *ctx, const void *data, size_t len);
  int (*final)(uint8_t *out, void *ctx);
};

// The Init/Update/Final functions take typed contexts; these wrappers give
// them the common shape above.
#define SHA_WRAP(NAME, CTX)                                              \
  static int NAME##_init_v(void *c) { return NAME##_Init((CTX *)c); }    \
  static int NAME##_update_v(void *c, const void *p, size_t n) {         \
    return NAME##_Update((CTX *)c, p, n);                                \
  }                                                                      \
  static int NAME##_final_v(uint8_t *o, void *c) {                       \
    return NAME##_Final(o, (CTX *)c);                                    \
  }

SHA_WRAP(SHA1, SHA_CTX)
SHA_WRAP(SHA224, SHA256_CTX)
SHA_WRAP(SHA256, SHA256_CTX)
SHA_WRAP(SHA384, SHA512_CTX)
SHA_WRAP(SHA512, SHA512_CTX)
SHA_WRAP(SHA512_224, SHA512_CTX)
SHA_WRAP(SHA512_256, SHA512_CTX)

#define SHA_ALGO(NAME, PRIM, LEN)                                   \
  {&CRYPTO_primitive_##PRIM, LEN, NAME, NAME##_init_v, NAME##_update_v, \
   NAME##_final_v}

static const struct sha_algo kAlgos[] = {
    SHA_ALGO(SHA1, sha1, SHA_DIGEST_LENGTH),
    SHA_ALGO(SHA224, sha256, SHA224_DIGEST_LENGTH),
    SHA_ALGO(SHA256, sha256, SHA256_DIGEST_LENGTH),
    SHA_ALGO(SHA384, sha512, SHA384_DIGEST_LENGTH),
    SHA_ALGO(SHA512, sha512, SHA512_DIGEST_LENGTH),
    SHA_ALGO(SHA512_224, sha512, SHA512_224_DIGEST_LENGTH),
    SHA_ALGO(SHA512_256, sha512, SHA512_256_DIGEST_LENGTH),
};

struct sha_args {
  const struct sha_algo *algo;
  uint32_t seed;
  const uint8_t *msg;
  size_t msg_len;
};

// sha_run writes the one-shot digest of the message to `out` after checking
// that hashing it in pieces gives the same digest.
static void sha_run(const void *arg, uint8_t *out) {
  const struct sha_args *a = arg;
  const struct sha_algo *algo = a->algo;
  a->algo->oneshot(a->msg, a->msg_len, out);

  // The largest context is SHA512_CTX; a union keeps the buffer aligned for
  // any of them.
  union {
    SHA_CTX sha1;
    SHA256_CTX sha256;
    SHA512_CTX sha512;
  } ctx;
  uint8_t split[SHA512_DIGEST_LENGTH];
  uint32_t s = a->seed;
  FUZZ_CHECK(algo->init(&ctx));
  size_t done = 0;
  do {
    size_t n = fuzz_split_len(&s, a->msg_len - done);
    FUZZ_CHECK(algo->update(&ctx, a->msg + done, n));
    done += n;
  } while (done < a->msg_len);
  FUZZ_CHECK(algo->final(split, &ctx));
  FUZZ_CHECK(memcmp(split, out, algo->digest_len) == 0);
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
  struct sha_args a;
  a.seed = fuzz_u32(&r);
  a.msg = fuzz_rest(&r, &a.msg_len);
  for (size_t i = 0; i < sizeof(kAlgos) / sizeof(kAlgos[0]); i++) {
    a.algo = &kAlgos[i];
    CRYPTO_PRIMITIVE *prims[1] = {a.algo->prim};
    fuzz_differential(prims, 1, sha_run, &a, a.algo->digest_len);
  }
  return 0;
}
