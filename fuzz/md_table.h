// Copyright 2026 The project authors.
//
// fuzz/md_table.h: the digests the HMAC and HKDF fuzzers cover, each with
// the implementation table (crypto/sha/internal.h) that computes it.

#ifndef BITTERN_FUZZ_MD_TABLE_H
#define BITTERN_FUZZ_MD_TABLE_H

#include <openssl/digest.h>

#include "../crypto/sha/internal.h"

struct fuzz_md {
  const EVP_MD *(*md)(void);
  CRYPTO_PRIMITIVE *prim;
};

static const struct fuzz_md kFuzzMDs[] = {
    {EVP_sha1, &CRYPTO_primitive_sha1},
    {EVP_sha224, &CRYPTO_primitive_sha256},
    {EVP_sha256, &CRYPTO_primitive_sha256},
    {EVP_sha384, &CRYPTO_primitive_sha512},
    {EVP_sha512, &CRYPTO_primitive_sha512},
    {EVP_sha512_224, &CRYPTO_primitive_sha512},
    {EVP_sha512_256, &CRYPTO_primitive_sha512},
};

#define FUZZ_NUM_MDS (sizeof(kFuzzMDs) / sizeof(kFuzzMDs[0]))

#endif  // BITTERN_FUZZ_MD_TABLE_H
