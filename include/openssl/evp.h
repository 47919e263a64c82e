// Copyright 2026 The project authors.
//
// evp.h: the header OpenSSL and BoringSSL programs include for the EVP
// interfaces. Here those are the digest interface (digest.h, with OpenSSL
// 3's spellings beside OpenSSL 1.1's) and, as in BoringSSL, the AEAD
// interface (aead.h). OpenSSL's EVP_CIPHER, EVP_PKEY, EVP_MAC and EVP_KDF
// are not provided: a program that uses them fails to compile with those
// names undeclared. Use EVP_AEAD (aead.h) for ChaCha20-Poly1305, HMAC_CTX
// (hmac.h) for HMAC and HKDF (hkdf.h) for HKDF.

#ifndef OPENSSL_HEADER_EVP_H
#define OPENSSL_HEADER_EVP_H

#include <openssl/base.h>

#include <openssl/aead.h>
#include <openssl/digest.h>

#endif  // OPENSSL_HEADER_EVP_H
