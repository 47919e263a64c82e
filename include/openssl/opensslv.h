// Copyright 2026 The project authors.
//
// opensslv.h: the version macros programs written against OpenSSL test to
// choose between code paths. base.h includes this header, so every public
// header defines them, as OpenSSL's own headers do.
//
// Which version this library claims, and why.
//
// Programs pick an API with three kinds of test:
//   - `OPENSSL_VERSION_NUMBER >= 0x10100000L` (1.1.0: EVP_MD_CTX_new,
//     HMAC_CTX_new instead of the on-stack _init forms) and
//     `OPENSSL_VERSION_NUMBER >= 0x30000000L` (3.0: EVP_MD_fetch,
//     EVP_MD_get_size, EVP_Q_digest, and EVP_MAC/OSSL_PARAM for HMAC);
//   - `OPENSSL_API_LEVEL`, defined by OpenSSL 3 only (git's SHA-1/SHA-256
//     code, for example, uses the EVP digest API when it is defined and at
//     least 3, and the deprecated SHA*_Init functions otherwise; others test
//     `>= 30000`);
//   - `OPENSSL_IS_BORINGSSL` and `LIBRESSL_VERSION_NUMBER`, for the forks.
//
// This library claims OpenSSL 3.0.0: OPENSSL_VERSION_NUMBER is 0x30000000L
// and OPENSSL_API_LEVEL is 30000. For the primitives it implements, the 3.0
// digest API is here (EVP_MD_fetch, EVP_MD_free, EVP_MD_get_size,
// EVP_MD_get_block_size, EVP_MD_get_type, EVP_MD_get0_name, EVP_MD_is_a,
// EVP_MD_CTX_get0_md, EVP_MD_CTX_get_size, EVP_DigestInit_ex2,
// EVP_Q_digest: see digest.h) beside the 1.1 one, so a program that gates
// its digest code on 3.0 takes its current path and finds every function it
// calls. Claiming 1.1.1, as BoringSSL does, would send those programs down
// their deprecated paths instead, and leave OPENSSL_API_LEVEL undefined,
// which such programs read as "older than 3.0".
//
// The cost of the claim: a program that does HMAC through 3.0's EVP_MAC and
// OSSL_PARAM, or HKDF through EVP_KDF, when it sees 3.0 does not build here
// (it fails to compile, never silently), since only the HMAC_CTX and
// BoringSSL-style HKDF interfaces exist. Such a program can ask for the 1.1
// API the way OpenSSL 3 lets it, by defining OPENSSL_API_COMPAT (e.g.
// `-DOPENSSL_API_COMPAT=0x10100000L`) before including any header: then
// OPENSSL_API_LEVEL is 10100, as with OpenSSL 3. OPENSSL_VERSION_NUMBER
// stays 3.0 either way, as it does with OpenSSL.
//
// OPENSSL_IS_BORINGSSL is not defined: programs that see it use BoringSSL's
// whole API (TLS, CRYPTO_BUFFER, ...), most of which is not here. Programs
// that want this library's BoringSSL-style functions (EVP_AEAD,
// CRYPTO_chacha_20, HKDF) test OPENSSL_IS_BITTERN instead.

#ifndef OPENSSL_HEADER_OPENSSLV_H
#define OPENSSL_HEADER_OPENSSLV_H

// OPENSSL_IS_BITTERN is defined by every public header of this library.
#define OPENSSL_IS_BITTERN 1

// BITTERN_VERSION_MAJOR, BITTERN_VERSION_MINOR and BITTERN_VERSION_PATCH are
// this library's own version (the project version in CMakeLists.txt, which
// checks that they match), BITTERN_VERSION_STR the same as a string.
#define BITTERN_VERSION_MAJOR 0
#define BITTERN_VERSION_MINOR 1
#define BITTERN_VERSION_PATCH 0
#define BITTERN_VERSION_STR "0.1.0"

// OPENSSL_VERSION_MAJOR, OPENSSL_VERSION_MINOR and OPENSSL_VERSION_PATCH are
// the OpenSSL version whose API this library offers (see above), as OpenSSL
// 3 defines them; OPENSSL_VERSION_STR is "3.0.0" and
// OPENSSL_FULL_VERSION_STR adds this library's name and version.
#define OPENSSL_VERSION_MAJOR 3
#define OPENSSL_VERSION_MINOR 0
#define OPENSSL_VERSION_PATCH 0
#define OPENSSL_VERSION_PRE_RELEASE ""
#define OPENSSL_VERSION_BUILD_METADATA "+bittern." BITTERN_VERSION_STR
#define OPENSSL_VERSION_STR "3.0.0"
#define OPENSSL_FULL_VERSION_STR "3.0.0+bittern." BITTERN_VERSION_STR

// OPENSSL_VERSION_NUMBER is OpenSSL 3's 0xMNN00PP0L encoding of
// OPENSSL_VERSION_MAJOR.MINOR.PATCH.
#define OPENSSL_VERSION_NUMBER 0x30000000L

// OPENSSL_VERSION_TEXT starts with "OpenSSL 3.0.0 ", like OpenSSL's (some
// programs parse the number after "OpenSSL "), and names this library.
#define OPENSSL_VERSION_TEXT \
  "OpenSSL 3.0.0 (compatible; Bittern " BITTERN_VERSION_STR ")"

// OPENSSL_API_LEVEL is the API level the program is compiled against, in
// OpenSSL 3's form `major * 10000 + minor * 100 + patch`: 30000 unless
// the program defined OPENSSL_API_COMPAT to ask for an older one, written as
// a major version (1, 3), a level (10100) or a version number
// (0x10100000L). A level above 3.0 is refused: this library does not offer
// the API of later releases.
#if defined(OPENSSL_API_LEVEL)
#error "OPENSSL_API_LEVEL must not be defined by the program (define OPENSSL_API_COMPAT instead)"
#endif
#if !defined(OPENSSL_API_COMPAT)
#define OPENSSL_API_LEVEL 30000
#elif OPENSSL_API_COMPAT < 0x100
#define OPENSSL_API_LEVEL ((OPENSSL_API_COMPAT) * 10000)
#elif OPENSSL_API_COMPAT < 0x1000000L
#define OPENSSL_API_LEVEL (OPENSSL_API_COMPAT)
#else
#define OPENSSL_API_LEVEL                            \
  ((((OPENSSL_API_COMPAT) >> 28) & 0xf) * 10000 +    \
   (((OPENSSL_API_COMPAT) >> 20) & 0xff) * 100 +     \
   (((OPENSSL_API_COMPAT) >> 12) & 0xff))
#endif
#if OPENSSL_API_LEVEL > 30000
#error "OPENSSL_API_COMPAT asks for an API newer than OpenSSL 3.0, which Bittern does not offer"
#endif

// The rest of the common definitions (and the check against mixing with
// another library's headers), for a program that includes only this header.
// base.h includes this header in turn; the include guards end the cycle.
#include <openssl/base.h>

#endif  // OPENSSL_HEADER_OPENSSLV_H
