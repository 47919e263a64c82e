// Copyright 2026 The project authors.
//
// base.h: definitions every public header relies on: fixed-width integer
// types, the export macro, and forward declarations of the library's opaque
// types, so each header can be included on its own in C or C++.

#ifndef OPENSSL_HEADER_BASE_H
#define OPENSSL_HEADER_BASE_H

// No mixing with another OpenSSL-API library's headers. This library's
// headers keep OpenSSL's <openssl/...> names, so a program built with both
// include directories on its path could take some headers from each, and
// the two declare the same types and functions differently. OpenSSL (1.x
// and 3.x), LibreSSL and BoringSSL headers all define one of the macros
// below first; seeing one here means a header of theirs came before this
// one in the translation unit. The reverse order is caught by the installed
// stub headers (cmake/missing_header.h.in): every <openssl/...> name that
// OpenSSL has and this library lacks resolves to a stub that stops with an
// error, so a system header can only be reached by putting its directory
// first.
#if defined(OPENSSL_OPENSSLV_H) || defined(HEADER_OPENSSLV_H) ||         \
    defined(OPENSSL_E_OS2_H) || defined(HEADER_E_OS2_H) ||               \
    defined(OPENSSL_MACROS_H) || defined(OPENSSL_IS_BORINGSSL) ||        \
    defined(LIBRESSL_VERSION_NUMBER)
#error "Bittern's <openssl/...> headers and a system OpenSSL (or LibreSSL/BoringSSL) header are mixed in one translation unit: an OpenSSL header was included before this Bittern header. Put Bittern's include directory first and include only its headers."
#endif

#include <stddef.h>
#include <stdint.h>

#include <openssl/opensslv.h>

// Symbol prefix. A library built with -DBITTERN_PREFIX=NAME installs
// <openssl/bittern_prefix_symbols.h>, which renames every symbol the
// library defines (sym -> NAME_sym) so that it can share a process with
// another libcrypto; including it here applies the renaming to callers too,
// with nothing for them to define. Without the option the header does not
// exist and nothing is renamed.
#if defined(__has_include)
#if __has_include(<openssl/bittern_prefix_symbols.h>)
#include <openssl/bittern_prefix_symbols.h>
#endif
#endif

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

// OSSL_LIB_CTX and OSSL_PARAM exist only for OpenSSL 3 source compatibility:
// the functions that take them (EVP_MD_fetch, EVP_Q_digest,
// EVP_DigestInit_ex2) accept NULL and nothing else.
typedef struct ossl_lib_ctx_st OSSL_LIB_CTX;
typedef struct ossl_param_st OSSL_PARAM;

#if defined(__cplusplus)
}  // extern "C"
#endif

#endif  // OPENSSL_HEADER_BASE_H
