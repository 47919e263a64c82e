// Copyright 2026 The project authors.
//
// prov.h: what the provider's OpenSSL-facing files share: the provider
// context, errors raised on OpenSSL's queue through the core's upcalls,
// OSSL_PARAM helpers (the module does not link OpenSSL's libcrypto, so it
// reads and writes OSSL_PARAM arrays itself), and the per-algorithm counters
// behind the "bittern-counters" provider parameter.

#ifndef BITTERN_PROVIDER_PROV_H
#define BITTERN_PROVIDER_PROV_H

#include <stddef.h>
#include <stdint.h>

#include <openssl/core.h>
#include <openssl/core_dispatch.h>
#include <openssl/core_names.h>

#define BT_PROV_NAME "bittern"
#define BT_PROPS "provider=bittern"

// Reason codes of the errors the provider raises (library: this provider,
// as the core assigns it). bt_prov_reason_strings names them.
enum {
  BT_R_BAD_KEY_LENGTH = 1,
  BT_R_BAD_IV_LENGTH,
  BT_R_BAD_TAG_LENGTH,
  BT_R_BAD_TAG,
  BT_R_BAD_PARAMETER,
  BT_R_UNKNOWN_DIGEST,
  BT_R_NOT_INITIALIZED,
  BT_R_UPDATE_AFTER_FINAL,
  BT_R_OUTPUT_TOO_SMALL,
  BT_R_MISSING_KEY,
  BT_R_BAD_MODE,
  BT_R_TOO_LARGE,
  BT_R_INTERNAL,
  BT_R_MALLOC,
};

typedef struct bt_provctx {
  const OSSL_CORE_HANDLE *handle;
} BT_PROVCTX;

// bt_raise_ puts an error with `reason` on OpenSSL's error queue, with the
// source position and a printf-style detail. Use BT_RAISE.
void bt_raise_(const char *file, int line, const char *func, int reason,
               const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 5, 6)))
#endif
    ;
#define BT_RAISE(reason, ...) \
  bt_raise_(__FILE__, __LINE__, __func__, (reason), __VA_ARGS__)

// Allocation of zeroed memory (bt_zalloc: calloc's alignment, at least 16
// bytes; bt_zalloc64: 64-byte aligned, for contexts holding a Poly1305 state,
// see glue.h) and freeing with the contents wiped first.
void *bt_zalloc(size_t len);
void *bt_zalloc64(size_t len);
// bt_alloc is malloc with BT_R_MALLOC raised on failure: the contents are
// undefined, for a context whose fields are each written before being read.
void *bt_alloc(size_t len);
void bt_free(void *p, size_t len);

// OSSL_PARAM helpers. Each get/set returns one on success and zero (with
// BT_R_BAD_PARAMETER raised) when the parameter has the wrong type or size.
const OSSL_PARAM *bt_param_locate_const(const OSSL_PARAM *params,
                                        const char *key);
OSSL_PARAM *bt_param_locate(OSSL_PARAM *params, const char *key);
int bt_param_get_size_t(const OSSL_PARAM *p, size_t *out);
int bt_param_get_int(const OSSL_PARAM *p, int *out);
// bt_param_get_octets points `*out` at the bytes of an octet string (or
// octet pointer) parameter and sets `*len`.
int bt_param_get_octets(const OSSL_PARAM *p, const void **out, size_t *len);
// bt_param_get_utf8 copies a UTF-8 string value (at most its data_size
// bytes, up to a NUL) into `buf` of `buf_len` bytes and NUL-terminates it;
// a longer value is refused. bt_param_is_utf8 only checks the type.
int bt_param_get_utf8(const OSSL_PARAM *p, char *buf, size_t buf_len);
int bt_param_is_utf8(const OSSL_PARAM *p);
int bt_param_set_size_t(OSSL_PARAM *p, size_t v);
int bt_param_set_int(OSSL_PARAM *p, int v);
int bt_param_set_utf8(OSSL_PARAM *p, const char *v);
int bt_param_set_octets(OSSL_PARAM *p, const void *v, size_t len);
// bt_params_check_known returns one if every key of `params` is listed in
// `known` (a settable table), else raises BT_R_BAD_PARAMETER naming it.
int bt_params_check_known(const OSSL_PARAM *params, const OSSL_PARAM *known);

// The names OpenSSL's default provider gives each digest, canonical first
// and colon-separated as OSSL_ALGORITHM wants them; libssl and applications
// fetch by any of them (the OIDs are names too).
#define BT_NAMES_SHA1 "SHA1:SHA-1:SSL3-SHA1:1.3.14.3.2.26"
#define BT_NAMES_SHA224 "SHA2-224:SHA-224:SHA224:2.16.840.1.101.3.4.2.4"
#define BT_NAMES_SHA256 "SHA2-256:SHA-256:SHA256:2.16.840.1.101.3.4.2.1"
#define BT_NAMES_SHA384 "SHA2-384:SHA-384:SHA384:2.16.840.1.101.3.4.2.2"
#define BT_NAMES_SHA512 "SHA2-512:SHA-512:SHA512:2.16.840.1.101.3.4.2.3"
#define BT_NAMES_SHA512_224 \
  "SHA2-512/224:SHA-512/224:SHA512-224:2.16.840.1.101.3.4.2.5"
#define BT_NAMES_SHA512_256 \
  "SHA2-512/256:SHA-512/256:SHA512-256:2.16.840.1.101.3.4.2.6"

// BT_CTX_PARAMS_FN defines `name`, an OSSL_FUNC_*_{gettable,settable}_ctx
// _params function returning the static table `table`.
#define BT_CTX_PARAMS_FN(name, table)                             \
  static const OSSL_PARAM *name(void *ctx, void *provctx) {       \
    (void)ctx;                                                    \
    (void)provctx;                                                \
    return (table);                                               \
  }

// bt_digest_by_name returns the BT_* digest (glue.h) called `name` under any
// of OpenSSL's names for it (case-insensitive), or -1.
int bt_digest_by_name(const char *name);
// bt_digest_canonical_name returns the first (canonical) name of digest `d`.
const char *bt_digest_canonical_name(int d);

// Counters, one per algorithm the provider offers.
enum bt_counter {
  BT_C_SHA1,
  BT_C_SHA224,
  BT_C_SHA256,
  BT_C_SHA384,
  BT_C_SHA512,
  BT_C_SHA512_224,
  BT_C_SHA512_256,
  BT_C_HMAC,
  BT_C_POLY1305,
  BT_C_CHACHA20,
  BT_C_CHACHA20_POLY1305,
  BT_C_HKDF,
  BT_C_TLS13_KDF,
  BT_NUM_COUNTERS
};

// bt_count adds one call that processed `bytes` bytes to `counter`.
void bt_count(int counter, uint64_t bytes);

extern const OSSL_ALGORITHM bt_digests[];
extern const OSSL_ALGORITHM bt_ciphers[];
extern const OSSL_ALGORITHM bt_macs[];
extern const OSSL_ALGORITHM bt_kdfs[];

#endif  // BITTERN_PROVIDER_PROV_H
