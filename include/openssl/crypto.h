// Copyright 2026 The project authors.

#ifndef OPENSSL_HEADER_CRYPTO_H
#define OPENSSL_HEADER_CRYPTO_H

// crypto.h exists for OpenSSL source compatibility: code that includes it for
// CRYPTO_memcmp or OPENSSL_cleanse builds unchanged.

#include <openssl/base.h>
#include <openssl/mem.h>

#endif  // OPENSSL_HEADER_CRYPTO_H
