// Copyright 2026 The project authors.
//
// side_by_side.h: the interface between the two halves of the prefix test.
// ours.c computes with Bittern (built with -DBITTERN_PREFIX, so its symbols
// are NAME_SHA256 and so on), theirs.c with the system OpenSSL's
// libcrypto.so, in one process; main.c compares. The halves are separate
// translation units because the two libraries' headers cannot be mixed in
// one (base.h refuses).

#ifndef SIDE_BY_SIDE_H
#define SIDE_BY_SIDE_H

#include <stddef.h>

// One library's answers. Each function writes its result to `out` and
// returns its length (0 on failure): the SHA-256 of `in`, the HMAC-SHA256
// of `in` under `key`, and the ChaCha20-Poly1305 sealing (ciphertext ||
// tag) of `in` with a 12-byte `nonce` and `ad`. `library` names the library
// that answered (its OpenSSL_version string).
struct library {
  size_t (*sha256)(unsigned char *out, const unsigned char *in, size_t len);
  size_t (*hmac_sha256)(unsigned char *out, const unsigned char *key,
                        size_t key_len, const unsigned char *in, size_t len);
  size_t (*seal)(unsigned char *out, const unsigned char key[32],
                 const unsigned char nonce[12], const unsigned char *ad,
                 size_t ad_len, const unsigned char *in, size_t len);
  const char *(*library)(void);
};

// kOurs is Bittern (ours.c), kTheirs the system OpenSSL (theirs.c).
extern const struct library kOurs, kTheirs;

#endif  // SIDE_BY_SIDE_H
