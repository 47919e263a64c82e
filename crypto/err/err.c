// Copyright 2026 The project authors.
//
// A per-thread ring buffer of packed error codes. Thread-local storage means
// no locking and nothing to free at thread exit.

#include <openssl/err.h>

#include <stdio.h>
#include <string.h>

#include "../internal.h"

// The queue keeps the newest ERR_NUM_ERRORS codes: `count` of them, the
// oldest at codes[first], the others following it round the ring.
typedef struct {
  uint32_t codes[ERR_NUM_ERRORS];
  unsigned first;  // index of the oldest code
  unsigned count;  // 0 .. ERR_NUM_ERRORS
} ERR_STATE;

static _Thread_local ERR_STATE err_state;

void ERR_put_error(int library, int unused, int reason, const char *file,
                   unsigned line) {
  (void)unused;
  (void)file;
  (void)line;
  ERR_STATE *state = &err_state;
  if (state->count == ERR_NUM_ERRORS) {
    // Full: the newest code takes the place of the oldest.
    state->codes[state->first] = ERR_PACK(library, reason);
    state->first = (state->first + 1) % ERR_NUM_ERRORS;
    return;
  }
  state->codes[(state->first + state->count) % ERR_NUM_ERRORS] =
      ERR_PACK(library, reason);
  state->count++;
}

uint32_t ERR_get_error(void) {
  ERR_STATE *state = &err_state;
  if (state->count == 0) {
    return 0;
  }
  uint32_t code = state->codes[state->first];
  state->codes[state->first] = 0;
  state->first = (state->first + 1) % ERR_NUM_ERRORS;
  state->count--;
  return code;
}

uint32_t ERR_peek_error(void) {
  const ERR_STATE *state = &err_state;
  if (state->count == 0) {
    return 0;
  }
  return state->codes[state->first];
}

uint32_t ERR_peek_last_error(void) {
  const ERR_STATE *state = &err_state;
  if (state->count == 0) {
    return 0;
  }
  return state->codes[(state->first + state->count - 1) % ERR_NUM_ERRORS];
}

void ERR_clear_error(void) { memset(&err_state, 0, sizeof(err_state)); }

const char *ERR_lib_error_string(uint32_t packed_error) {
  switch (ERR_GET_LIB(packed_error)) {
    case ERR_LIB_NONE:
      return "unknown library";
    case ERR_LIB_CRYPTO:
      return "common libcrypto routines";
    case ERR_LIB_DIGEST:
      return "Digest functions";
    case ERR_LIB_CIPHER:
      return "Cipher functions";
    case ERR_LIB_HMAC:
      return "HMAC routines";
    case ERR_LIB_HKDF:
      return "HKDF functions";
    case ERR_LIB_RAND:
      return "random number generator";
    default:
      return NULL;
  }
}

typedef struct {
  int lib;  // 0: any library (the ERR_R_* reasons)
  int reason;
  const char *text;
} REASON_STRING;

static const REASON_STRING kReasons[] = {
    {0, ERR_R_MALLOC_FAILURE, "MALLOC_FAILURE"},
    {0, ERR_R_PASSED_NULL_PARAMETER, "PASSED_NULL_PARAMETER"},
    {0, ERR_R_INTERNAL_ERROR, "INTERNAL_ERROR"},
    {0, ERR_R_OVERFLOW, "OVERFLOW"},
    {ERR_LIB_CIPHER, CIPHER_R_BAD_DECRYPT, "BAD_DECRYPT"},
    {ERR_LIB_CIPHER, CIPHER_R_BUFFER_TOO_SMALL, "BUFFER_TOO_SMALL"},
    {ERR_LIB_CIPHER, CIPHER_R_INVALID_NONCE_SIZE, "INVALID_NONCE_SIZE"},
    {ERR_LIB_CIPHER, CIPHER_R_BAD_KEY_LENGTH, "BAD_KEY_LENGTH"},
    {ERR_LIB_CIPHER, CIPHER_R_INVALID_TAG_LENGTH, "INVALID_TAG_LENGTH"},
    {ERR_LIB_CIPHER, CIPHER_R_TOO_LARGE, "TOO_LARGE"},
    {ERR_LIB_CIPHER, CIPHER_R_INVALID_AD_SIZE, "INVALID_AD_SIZE"},
    {ERR_LIB_CIPHER, CIPHER_R_OUTPUT_ALIASES_INPUT, "OUTPUT_ALIASES_INPUT"},
    {ERR_LIB_CIPHER, CIPHER_R_NOT_INITIALIZED, "NOT_INITIALIZED"},
    {ERR_LIB_CIPHER, CIPHER_R_TAG_TOO_LARGE, "TAG_TOO_LARGE"},
    {ERR_LIB_DIGEST, DIGEST_R_INPUT_NOT_INITIALIZED, "INPUT_NOT_INITIALIZED"},
    {ERR_LIB_DIGEST, DIGEST_R_UNKNOWN_DIGEST, "UNKNOWN_DIGEST"},
    {ERR_LIB_HMAC, HMAC_R_MISSING_PARAMETERS, "MISSING_PARAMETERS"},
    {ERR_LIB_HKDF, HKDF_R_OUTPUT_TOO_LARGE, "OUTPUT_TOO_LARGE"},
};

const char *ERR_reason_error_string(uint32_t packed_error) {
  int lib = ERR_GET_LIB(packed_error);
  int reason = ERR_GET_REASON(packed_error);
  for (size_t i = 0; i < OPENSSL_ARRAY_SIZE(kReasons); i++) {
    if (kReasons[i].reason == reason &&
        (kReasons[i].lib == 0 || kReasons[i].lib == lib)) {
      return kReasons[i].text;
    }
  }
  return NULL;
}

void ERR_error_string_n(uint32_t packed_error, char *buf, size_t len) {
  if (len == 0) {
    return;
  }
  const char *lib = ERR_lib_error_string(packed_error);
  const char *reason = ERR_reason_error_string(packed_error);
  char lib_buf[32], reason_buf[32];
  if (lib == NULL) {
    snprintf(lib_buf, sizeof(lib_buf), "lib(%d)", ERR_GET_LIB(packed_error));
    lib = lib_buf;
  }
  if (reason == NULL) {
    snprintf(reason_buf, sizeof(reason_buf), "reason(%d)",
             ERR_GET_REASON(packed_error));
    reason = reason_buf;
  }
  // snprintf truncates to `len` and always NUL-terminates.
  snprintf(buf, len, "error:%08lx:%s:%s", (unsigned long)packed_error, lib,
           reason);
}
