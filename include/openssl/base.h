// Copyright 2026 The project authors.
//
// base.h: definitions every public header relies on: fixed-width integer
// types, the export macro, and forward declarations of the library's opaque
// types, so each header can be included on its own in C or C++.

#ifndef OPENSSL_HEADER_BASE_H
#define OPENSSL_HEADER_BASE_H

#include <stddef.h>
#include <stdint.h>

#if defined(__cplusplus)
extern "C" {
#endif

// OPENSSL_EXPORT marks a symbol as part of the public API. In a shared build
// only these symbols are visible (the library is compiled with
// -fvisibility=hidden); in a static build the macro expands to nothing.
#if defined(OPENSSL_SHARED_LIBRARY_BUILD)
#if defined(_WIN32)
#define OPENSSL_EXPORT __declspec(dllexport)
#else
#define OPENSSL_EXPORT __attribute__((visibility("default")))
#endif
#else
#define OPENSSL_EXPORT
#endif

// The processor family this translation unit is compiled for. Assembly paths
// exist only for these; every other target uses the portable C code.
#if defined(__x86_64__) || defined(_M_X64)
#define OPENSSL_X86_64
#elif defined(__i386__) || defined(_M_IX86)
#define OPENSSL_X86
#elif defined(__aarch64__) || defined(_M_ARM64)
#define OPENSSL_AARCH64
#endif

// Opaque and public types declared once here so headers can refer to each
// other's types without including each other.
typedef struct env_md_st EVP_MD;
typedef struct env_md_ctx_st EVP_MD_CTX;
typedef struct hmac_ctx_st HMAC_CTX;
typedef struct evp_aead_st EVP_AEAD;
typedef struct evp_aead_ctx_st EVP_AEAD_CTX;
typedef struct sha_state_st SHA_CTX;
typedef struct sha256_state_st SHA256_CTX;
typedef struct sha512_state_st SHA512_CTX;

// ENGINE exists only for OpenSSL source compatibility: every `ENGINE *`
// parameter (EVP_DigestInit_ex, HMAC_Init_ex, EVP_AEAD_CTX_init) is ignored
// and may be NULL.
typedef struct engine_st ENGINE;

#if defined(__cplusplus)
}  // extern "C"
#endif

#endif  // OPENSSL_HEADER_BASE_H
