// Copyright 2026 The project authors.

#ifndef OPENSSL_HEADER_ERR_H
#define OPENSSL_HEADER_ERR_H

#include <openssl/base.h>

#if defined(__cplusplus)
extern "C" {
#endif

// Error queue.
//
// A function that fails returns 0 (or NULL) and pushes a packed error code
// onto a queue private to the calling thread. A code packs the library that
// raised it (bits 24..31) and a reason (bits 0..23). The queue holds the most
// recent ERR_NUM_ERRORS codes; older ones are dropped.

// ERR_NUM_ERRORS is how many codes each thread's queue keeps: once it is
// full, pushing a code drops the oldest one.
#define ERR_NUM_ERRORS 16

// Libraries.
#define ERR_LIB_NONE 1
#define ERR_LIB_CRYPTO 2
#define ERR_LIB_DIGEST 3
#define ERR_LIB_CIPHER 4
#define ERR_LIB_HMAC 5
#define ERR_LIB_HKDF 6
#define ERR_LIB_RAND 7

// Reasons shared by every library.
#define ERR_R_MALLOC_FAILURE 1
#define ERR_R_PASSED_NULL_PARAMETER 2
#define ERR_R_INTERNAL_ERROR 3
#define ERR_R_OVERFLOW 4

// Reasons of ERR_LIB_CIPHER (the AEADs).
#define CIPHER_R_BAD_DECRYPT 100
#define CIPHER_R_BUFFER_TOO_SMALL 101
#define CIPHER_R_INVALID_NONCE_SIZE 102
#define CIPHER_R_BAD_KEY_LENGTH 103
#define CIPHER_R_INVALID_TAG_LENGTH 104
#define CIPHER_R_TOO_LARGE 105
#define CIPHER_R_INVALID_AD_SIZE 106
#define CIPHER_R_OUTPUT_ALIASES_INPUT 107
#define CIPHER_R_NOT_INITIALIZED 108
#define CIPHER_R_TAG_TOO_LARGE 109

// Reasons of ERR_LIB_DIGEST.
#define DIGEST_R_INPUT_NOT_INITIALIZED 100
#define DIGEST_R_UNKNOWN_DIGEST 101

// Reasons of ERR_LIB_HMAC.
#define HMAC_R_MISSING_PARAMETERS 100

// Reasons of ERR_LIB_HKDF.
#define HKDF_R_OUTPUT_TOO_LARGE 100

// ERR_PACK returns the packed code for `lib` and `reason`.
#define ERR_PACK(lib, reason) \
  ((((uint32_t)(lib)) & 0xff) << 24 | (((uint32_t)(reason)) & 0xffffff))

// ERR_GET_LIB returns the library of packed code `packed_error`.
#define ERR_GET_LIB(packed_error) ((int)(((uint32_t)(packed_error)) >> 24))

// ERR_GET_REASON returns the reason of packed code `packed_error`.
#define ERR_GET_REASON(packed_error) ((int)((packed_error) & 0xffffff))

// ERR_get_error removes the oldest code from the calling thread's queue and
// returns it, or returns 0 if the queue is empty.
OPENSSL_EXPORT uint32_t ERR_get_error(void);

// ERR_peek_error returns the oldest code in the calling thread's queue
// without removing it, or 0 if the queue is empty.
OPENSSL_EXPORT uint32_t ERR_peek_error(void);

// ERR_peek_last_error returns the newest code in the calling thread's queue
// without removing it, or 0 if the queue is empty.
OPENSSL_EXPORT uint32_t ERR_peek_last_error(void);

// ERR_clear_error empties the calling thread's queue.
OPENSSL_EXPORT void ERR_clear_error(void);

// ERR_lib_error_string returns a static string naming the library of
// `packed_error`, or NULL if it is unknown.
OPENSSL_EXPORT const char *ERR_lib_error_string(uint32_t packed_error);

// ERR_reason_error_string returns a static string describing the reason of
// `packed_error`, or NULL if it is unknown.
OPENSSL_EXPORT const char *ERR_reason_error_string(uint32_t packed_error);

// ERR_ERROR_STRING_BUF_LEN is a buffer size that always fits the output of
// ERR_error_string_n.
#define ERR_ERROR_STRING_BUF_LEN 120

// ERR_error_string_n writes a NUL-terminated description of `packed_error`,
// "error:XXXXXXXX:library:reason", into `buf`, truncated to fit `len` bytes.
// It writes nothing if `len` is 0.
OPENSSL_EXPORT void ERR_error_string_n(uint32_t packed_error, char *buf,
                                       size_t len);

// ERR_put_error pushes `ERR_PACK(library, reason)` onto the calling thread's
// queue. `unused`, `file` and `line` are accepted for OpenSSL source
// compatibility; only the code is kept. Library code calls it through
// OPENSSL_PUT_ERROR.
OPENSSL_EXPORT void ERR_put_error(int library, int unused, int reason,
                                  const char *file, unsigned line);

// OPENSSL_PUT_ERROR pushes `reason` from `ERR_LIB_##library`, for example
// OPENSSL_PUT_ERROR(CIPHER, CIPHER_R_BAD_DECRYPT).
#define OPENSSL_PUT_ERROR(library, reason) \
  ERR_put_error(ERR_LIB_##library, 0, reason, __FILE__, __LINE__)

#if defined(__cplusplus)
}  // extern "C"
#endif

#endif  // OPENSSL_HEADER_ERR_H
