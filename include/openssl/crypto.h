// Copyright 2026 The project authors.

#ifndef OPENSSL_HEADER_CRYPTO_H
#define OPENSSL_HEADER_CRYPTO_H

// crypto.h exists for OpenSSL source compatibility: code that includes it for
// CRYPTO_memcmp, OPENSSL_cleanse or the version functions builds unchanged.

#include <openssl/base.h>
#include <openssl/mem.h>

#if defined(__cplusplus)
extern "C" {
#endif

// Version information.
//
// The compile-time version macros are in opensslv.h (which every header
// includes); these functions give the same values for the library the
// program runs with, which may be a newer build than its headers.

// The `type` values of OpenSSL_version, OpenSSL 3's numbers.
#define OPENSSL_VERSION 0
#define OPENSSL_CFLAGS 1
#define OPENSSL_BUILT_ON 2
#define OPENSSL_PLATFORM 3
#define OPENSSL_DIR 4
#define OPENSSL_ENGINES_DIR 5
#define OPENSSL_VERSION_STRING 6
#define OPENSSL_FULL_VERSION_STRING 7
#define OPENSSL_MODULES_DIR 8
#define OPENSSL_CPU_INFO 9

// OpenSSL_version returns a static string describing the library: for
// OPENSSL_VERSION the OPENSSL_VERSION_TEXT it was built with ("OpenSSL 3.0.0
// (compatible; Bittern 0.1.0)"), for OPENSSL_VERSION_STRING
// OPENSSL_VERSION_STR ("3.0.0"), for OPENSSL_FULL_VERSION_STRING
// OPENSSL_FULL_VERSION_STR. The other OpenSSL 3 types (OPENSSL_CFLAGS,
// OPENSSL_BUILT_ON, OPENSSL_PLATFORM, OPENSSL_DIR, OPENSSL_ENGINES_DIR,
// OPENSSL_MODULES_DIR, OPENSSL_CPU_INFO) give OpenSSL's "...: N/A"-style
// strings, since this library has no such configuration, and any other
// `type` gives "not available". It never returns NULL.
OPENSSL_EXPORT const char *OpenSSL_version(int type);

// OpenSSL_version_num returns the OPENSSL_VERSION_NUMBER the library was
// built with.
OPENSSL_EXPORT unsigned long OpenSSL_version_num(void);

// OPENSSL_version_major, OPENSSL_version_minor and OPENSSL_version_patch
// return the OPENSSL_VERSION_MAJOR, _MINOR and _PATCH the library was built
// with (3, 0, 0).
OPENSSL_EXPORT unsigned int OPENSSL_version_major(void);
OPENSSL_EXPORT unsigned int OPENSSL_version_minor(void);
OPENSSL_EXPORT unsigned int OPENSSL_version_patch(void);

// OPENSSL_version_pre_release and OPENSSL_version_build_metadata return
// OPENSSL_VERSION_PRE_RELEASE ("") and OPENSSL_VERSION_BUILD_METADATA
// ("+bittern.0.1.0"), static strings.
OPENSSL_EXPORT const char *OPENSSL_version_pre_release(void);
OPENSSL_EXPORT const char *OPENSSL_version_build_metadata(void);

#if defined(__cplusplus)
}  // extern "C"
#endif

#endif  // OPENSSL_HEADER_CRYPTO_H
