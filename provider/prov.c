// Copyright 2026 The project authors.
//
// prov.c: the OpenSSL 3 provider's entry point (OSSL_provider_init, the only
// symbol the module exports), its parameters, its algorithm tables by
// operation, errors on OpenSSL's queue, OSSL_PARAM helpers and counters.

#include "prov.h"

#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "glue.h"

#ifndef BITTERN_VERSION
#define BITTERN_VERSION "unknown"
#endif
#ifndef BITTERN_BUILDINFO
#define BITTERN_BUILDINFO "Bittern"
#endif

// The core's functions, taken from the dispatch table OSSL_provider_init
// receives. The provider can be loaded into several library contexts of one
// process; the core passes the same functions to each.
static OSSL_FUNC_core_new_error_fn *c_new_error;
static OSSL_FUNC_core_set_error_debug_fn *c_set_error_debug;
static OSSL_FUNC_core_vset_error_fn *c_vset_error;
static const OSSL_CORE_HANDLE *g_handle;

void bt_raise_(const char *file, int line, const char *func, int reason,
               const char *fmt, ...) {
  if (c_new_error == NULL || c_set_error_debug == NULL ||
      c_vset_error == NULL) {
    return;
  }
  c_new_error(g_handle);
  c_set_error_debug(g_handle, file, line, func);
  va_list ap;
  va_start(ap, fmt);
  c_vset_error(g_handle, (uint32_t)reason, fmt, ap);
  va_end(ap);
}

static const OSSL_ITEM kReasonStrings[] = {
    {BT_R_BAD_KEY_LENGTH, "bad key length"},
    {BT_R_BAD_IV_LENGTH, "bad IV length"},
    {BT_R_BAD_TAG_LENGTH, "bad tag length"},
    {BT_R_BAD_TAG, "bad tag (authentication failed)"},
    {BT_R_BAD_PARAMETER, "bad parameter"},
    {BT_R_UNKNOWN_DIGEST, "unknown digest"},
    {BT_R_NOT_INITIALIZED, "not initialized"},
    {BT_R_UPDATE_AFTER_FINAL, "update after final"},
    {BT_R_OUTPUT_TOO_SMALL, "output buffer too small"},
    {BT_R_MISSING_KEY, "missing key"},
    {BT_R_BAD_MODE, "bad mode"},
    {BT_R_TOO_LARGE, "input too large"},
    {BT_R_INTERNAL, "internal error"},
    {BT_R_MALLOC, "out of memory"},
    {0, NULL},
};

void *bt_alloc(size_t len) {
  void *p = malloc(len);
  if (p == NULL) {
    BT_RAISE(BT_R_MALLOC, "%zu bytes", len);
  }
  return p;
}

void *bt_zalloc(size_t len) {
  // malloc and memset rather than calloc: glibc's calloc skips the per-thread
  // cache of freed chunks, and a context allocated and freed per call (an
  // EVP_Digest) then costs ~350 more instructions in the allocator.
  void *p = malloc(len);
  if (p == NULL) {
    BT_RAISE(BT_R_MALLOC, "%zu bytes", len);
    return NULL;
  }
#if defined(__GNUC__)
  // Hide p's origin, or the compiler folds malloc+memset back into calloc.
  __asm__("" : "+r"(p));
#endif
  memset(p, 0, len);
  return p;
}

void *bt_zalloc64(size_t len) {
  void *p = NULL;
  if (posix_memalign(&p, 64, len) != 0) {
    BT_RAISE(BT_R_MALLOC, "%zu bytes", len);
    return NULL;
  }
  memset(p, 0, len);
  return p;
}

void bt_free(void *p, size_t len) {
  if (p != NULL) {
    bt_cleanse(p, len);
    free(p);
  }
}

// --- OSSL_PARAM helpers ------------------------------------------------------

const OSSL_PARAM *bt_param_locate_const(const OSSL_PARAM *params,
                                        const char *key) {
  for (; params != NULL && params->key != NULL; params++) {
    if (strcmp(params->key, key) == 0) {
      return params;
    }
  }
  return NULL;
}

OSSL_PARAM *bt_param_locate(OSSL_PARAM *params, const char *key) {
  return (OSSL_PARAM *)bt_param_locate_const(params, key);
}

static int bad_param(const OSSL_PARAM *p, const char *why) {
  BT_RAISE(BT_R_BAD_PARAMETER, "parameter '%s': %s", p->key, why);
  return 0;
}

// get_uint64 reads an integer parameter of any width into `*out`, refusing
// negative values.
static int get_uint64(const OSSL_PARAM *p, uint64_t *out) {
  if (p->data == NULL) {
    return bad_param(p, "no data");
  }
  if (p->data_type == OSSL_PARAM_UNSIGNED_INTEGER) {
    switch (p->data_size) {
      case 4:
        *out = *(const uint32_t *)p->data;
        return 1;
      case 8:
        *out = *(const uint64_t *)p->data;
        return 1;
    }
  } else if (p->data_type == OSSL_PARAM_INTEGER) {
    int64_t v;
    switch (p->data_size) {
      case 4:
        v = *(const int32_t *)p->data;
        break;
      case 8:
        v = *(const int64_t *)p->data;
        break;
      default:
        return bad_param(p, "unsupported integer size");
    }
    if (v < 0) {
      return bad_param(p, "negative");
    }
    *out = (uint64_t)v;
    return 1;
  }
  return bad_param(p, "not an integer");
}

int bt_param_get_size_t(const OSSL_PARAM *p, size_t *out) {
  uint64_t v;
  if (!get_uint64(p, &v)) {
    return 0;
  }
  if (v > SIZE_MAX) {
    return bad_param(p, "out of range");
  }
  *out = (size_t)v;
  return 1;
}

int bt_param_get_int(const OSSL_PARAM *p, int *out) {
  uint64_t v;
  if (!get_uint64(p, &v)) {
    return 0;
  }
  if (v > INT32_MAX) {
    return bad_param(p, "out of range");
  }
  *out = (int)v;
  return 1;
}

int bt_param_get_octets(const OSSL_PARAM *p, const void **out, size_t *len) {
  if (p->data_type == OSSL_PARAM_OCTET_STRING) {
    if (p->data == NULL && p->data_size != 0) {
      return bad_param(p, "no data");
    }
    *out = p->data;
    *len = p->data_size;
    return 1;
  }
  if (p->data_type == OSSL_PARAM_OCTET_PTR) {
    if (p->data == NULL) {
      return bad_param(p, "no data");
    }
    *out = *(const void *const *)p->data;
    *len = p->data_size;
    return 1;
  }
  return bad_param(p, "not an octet string");
}

int bt_param_get_utf8(const OSSL_PARAM *p, char *buf, size_t buf_len) {
  const char *s;
  size_t len;
  if (p->data_type == OSSL_PARAM_UTF8_STRING && p->data != NULL) {
    // data_size may or may not count a NUL: read no further than it.
    s = p->data;
    const char *nul = memchr(s, '\0', p->data_size);
    len = nul != NULL ? (size_t)(nul - s) : p->data_size;
  } else if (p->data_type == OSSL_PARAM_UTF8_PTR && p->data != NULL &&
             *(const char *const *)p->data != NULL) {
    s = *(const char *const *)p->data;
    len = strlen(s);
  } else {
    return bad_param(p, "not a UTF-8 string");
  }
  if (len >= buf_len) {
    return bad_param(p, "string too long");
  }
  memcpy(buf, s, len);
  buf[len] = '\0';
  return 1;
}

int bt_param_is_utf8(const OSSL_PARAM *p) {
  if ((p->data_type == OSSL_PARAM_UTF8_STRING ||
       p->data_type == OSSL_PARAM_UTF8_PTR) &&
      p->data != NULL) {
    return 1;
  }
  return bad_param(p, "not a UTF-8 string");
}

int bt_param_set_size_t(OSSL_PARAM *p, size_t v) {
  p->return_size = 0;
  if (p->data_type == OSSL_PARAM_UNSIGNED_INTEGER ||
      p->data_type == OSSL_PARAM_INTEGER) {
    int is_signed = p->data_type == OSSL_PARAM_INTEGER;
    switch (p->data_size) {
      case 4:
        if (v > (is_signed ? (size_t)INT32_MAX : (size_t)UINT32_MAX)) {
          return bad_param(p, "value does not fit");
        }
        p->return_size = 4;
        if (p->data != NULL) {
          *(uint32_t *)p->data = (uint32_t)v;
        }
        return 1;
      case 8:
        if (is_signed && v > (size_t)INT64_MAX) {
          return bad_param(p, "value does not fit");
        }
        p->return_size = 8;
        if (p->data != NULL) {
          *(uint64_t *)p->data = (uint64_t)v;
        }
        return 1;
    }
  }
  return bad_param(p, "not an integer of 4 or 8 bytes");
}

int bt_param_set_int(OSSL_PARAM *p, int v) {
  if (v < 0) {
    if (p->data_type != OSSL_PARAM_INTEGER || p->data_size != sizeof(int)) {
      return bad_param(p, "not an int");
    }
    p->return_size = sizeof(int);
    if (p->data != NULL) {
      *(int *)p->data = v;
    }
    return 1;
  }
  return bt_param_set_size_t(p, (size_t)v);
}

int bt_param_set_utf8(OSSL_PARAM *p, const char *v) {
  size_t len = strlen(v);
  p->return_size = len;
  if (p->data_type == OSSL_PARAM_UTF8_PTR) {
    if (p->data != NULL) {
      *(const char **)p->data = v;
    }
    return 1;
  }
  if (p->data_type != OSSL_PARAM_UTF8_STRING) {
    return bad_param(p, "not a UTF-8 string");
  }
  if (p->data == NULL) {
    return 1;  // a size query
  }
  if (p->data_size < len + 1) {
    return bad_param(p, "buffer too small");
  }
  memcpy(p->data, v, len + 1);
  return 1;
}

int bt_param_set_octets(OSSL_PARAM *p, const void *v, size_t len) {
  p->return_size = len;
  if (p->data_type != OSSL_PARAM_OCTET_STRING) {
    return bad_param(p, "not an octet string");
  }
  if (p->data == NULL) {
    return 1;
  }
  if (p->data_size < len) {
    return bad_param(p, "buffer too small");
  }
  memcpy(p->data, v, len);
  return 1;
}

int bt_params_check_known(const OSSL_PARAM *params, const OSSL_PARAM *known) {
  for (; params != NULL && params->key != NULL; params++) {
    if (bt_param_locate_const(known, params->key) == NULL) {
      BT_RAISE(BT_R_BAD_PARAMETER, "unknown parameter '%s'", params->key);
      return 0;
    }
  }
  return 1;
}

// --- Digest names --------------------------------------------------------------

static const char *const kDigestNames[BT_NUM_DIGESTS] = {
    [BT_SHA1] = BT_NAMES_SHA1,
    [BT_SHA224] = BT_NAMES_SHA224,
    [BT_SHA256] = BT_NAMES_SHA256,
    [BT_SHA384] = BT_NAMES_SHA384,
    [BT_SHA512] = BT_NAMES_SHA512,
    [BT_SHA512_224] = BT_NAMES_SHA512_224,
    [BT_SHA512_256] = BT_NAMES_SHA512_256,
};

// name_in_list returns one if `name` is one of the colon-separated names of
// `list`, compared case-insensitively.
static int name_in_list(const char *name, const char *list) {
  size_t len = strlen(name);
  while (*list != '\0') {
    const char *end = strchr(list, ':');
    size_t n = end != NULL ? (size_t)(end - list) : strlen(list);
    if (n == len && strncasecmp(name, list, n) == 0) {
      return 1;
    }
    list += n;
    if (*list == ':') {
      list++;
    }
  }
  return 0;
}

int bt_digest_by_name(const char *name) {
  for (int d = 0; d < BT_NUM_DIGESTS; d++) {
    if (name_in_list(name, kDigestNames[d])) {
      return d;
    }
  }
  return -1;
}

const char *bt_digest_canonical_name(int d) {
  static const char *const kCanonical[BT_NUM_DIGESTS] = {
      "SHA1",     "SHA2-224",     "SHA2-256",    "SHA2-384",
      "SHA2-512", "SHA2-512/224", "SHA2-512/256",
  };
  return kCanonical[d];
}

// --- Counters --------------------------------------------------------------

// Each thread that counts gets a block of counts of its own, taken at its
// first count, and adds to it without atomic read-modify-writes (two locked
// adds were ~10% of a 16-byte EVP_Digest): only the owning thread writes a
// block, with relaxed stores, and a reader sums every block with relaxed
// loads, so the totals hold every call that happened before the read. When
// a thread exits (a pthread key destructor) its block goes back to the pool
// and the next new thread adopts it, counts and all: blocks number at most
// the threads alive at once. The module's destructor deletes the key and
// frees the blocks no other live thread holds. A thread that cannot get a
// block (no memory, no key) adds to g_shared with atomics.
struct counts {
  uint64_t calls, bytes;
};

struct block {
  struct block *next;  // set before the block is linked, then constant
  int in_use;          // atomic: 1 while a thread owns the block
  struct counts c[BT_NUM_COUNTERS];
};

static const char *const kCounterNames[BT_NUM_COUNTERS] = {
    [BT_C_SHA1] = "SHA1",
    [BT_C_SHA224] = "SHA2-224",
    [BT_C_SHA256] = "SHA2-256",
    [BT_C_SHA384] = "SHA2-384",
    [BT_C_SHA512] = "SHA2-512",
    [BT_C_SHA512_224] = "SHA2-512/224",
    [BT_C_SHA512_256] = "SHA2-512/256",
    [BT_C_HMAC] = "HMAC",
    [BT_C_POLY1305] = "Poly1305",
    [BT_C_CHACHA20] = "ChaCha20",
    [BT_C_CHACHA20_POLY1305] = "ChaCha20-Poly1305",
    [BT_C_HKDF] = "HKDF",
    [BT_C_TLS13_KDF] = "TLS13-KDF",
};

static struct block *g_blocks;  // atomic; blocks are only ever pushed
static struct counts g_shared[BT_NUM_COUNTERS];
static pthread_once_t g_key_once = PTHREAD_ONCE_INIT;
static pthread_key_t g_key;
static int g_key_ok;    // written once under g_key_once
static int g_unloaded;  // atomic: set by the module's destructor
static __thread struct block *t_block;

// block_release runs on the exiting thread that owns `p` (or on one whose
// pthread_setspecific failed): a count it makes later takes a block afresh.
static void block_release(void *p) {
  struct block *b = p;
  if (t_block == b) {
    t_block = NULL;
  }
  __atomic_store_n(&b->in_use, 0, __ATOMIC_RELEASE);
}

static void key_init(void) {
  g_key_ok = pthread_key_create(&g_key, block_release) == 0;
}

// thread_block gives the calling thread a block: a released one, or a new
// one pushed onto g_blocks. NULL if none can be had.
static struct block *thread_block(void) {
  pthread_once(&g_key_once, key_init);
  if (!g_key_ok || __atomic_load_n(&g_unloaded, __ATOMIC_ACQUIRE)) {
    return NULL;
  }
  struct block *b = __atomic_load_n(&g_blocks, __ATOMIC_ACQUIRE);
  for (; b != NULL; b = b->next) {
    int free_block = 0;
    if (__atomic_compare_exchange_n(&b->in_use, &free_block, 1, 0,
                                    __ATOMIC_ACQUIRE, __ATOMIC_RELAXED)) {
      break;
    }
  }
  if (b == NULL) {
    b = calloc(1, sizeof(*b));
    if (b == NULL) {
      return NULL;
    }
    b->in_use = 1;
    b->next = __atomic_load_n(&g_blocks, __ATOMIC_RELAXED);
    while (!__atomic_compare_exchange_n(&g_blocks, &b->next, b, 1,
                                        __ATOMIC_RELEASE, __ATOMIC_RELAXED)) {
    }
  }
  if (pthread_setspecific(g_key, b) != 0) {
    block_release(b);
    return NULL;
  }
  t_block = b;
  return b;
}

void bt_count(int counter, uint64_t bytes) {
  struct block *b = t_block;
  if (b == NULL && (b = thread_block()) == NULL) {
    __atomic_fetch_add(&g_shared[counter].calls, 1, __ATOMIC_RELAXED);
    __atomic_fetch_add(&g_shared[counter].bytes, bytes, __ATOMIC_RELAXED);
    return;
  }
  // Only this thread writes b: a plain read of its own counts is exact.
  struct counts *c = &b->c[counter];
  __atomic_store_n(&c->calls, c->calls + 1, __ATOMIC_RELAXED);
  __atomic_store_n(&c->bytes, c->bytes + bytes, __ATOMIC_RELAXED);
}

// counter_total sums `counter` over g_shared and every block.
static struct counts counter_total(int counter) {
  struct counts t = {
      __atomic_load_n(&g_shared[counter].calls, __ATOMIC_RELAXED),
      __atomic_load_n(&g_shared[counter].bytes, __ATOMIC_RELAXED)};
  for (const struct block *b = __atomic_load_n(&g_blocks, __ATOMIC_ACQUIRE);
       b != NULL; b = b->next) {
    t.calls += __atomic_load_n(&b->c[counter].calls, __ATOMIC_RELAXED);
    t.bytes += __atomic_load_n(&b->c[counter].bytes, __ATOMIC_RELAXED);
  }
  return t;
}

// counters_unload runs when the module is unloaded (dlclose, or at exit):
// no destructor may then point into it, so the key goes; the blocks that no
// other live thread owns are freed (another's would be a use after free if
// that thread still counted; it is left).
__attribute__((destructor)) static void counters_unload(void) {
  __atomic_store_n(&g_unloaded, 1, __ATOMIC_RELEASE);
  if (g_key_ok) {
    pthread_key_delete(g_key);
  }
  struct block *b = __atomic_exchange_n(&g_blocks, NULL, __ATOMIC_ACQ_REL);
  while (b != NULL) {
    struct block *next = b->next;
    int free_block = 0;
    if (b == t_block ||
        __atomic_compare_exchange_n(&b->in_use, &free_block, 1, 0,
                                    __ATOMIC_ACQUIRE, __ATOMIC_RELAXED)) {
      free(b);
    }
    b = next;
  }
  t_block = NULL;
}

// counter_impl names the implementation rows behind `counter`.
static void counter_impl(int counter, char *buf, size_t len) {
  if (counter <= BT_C_SHA512_256) {
    snprintf(buf, len, "%s", bt_digest_impl_name(counter - BT_C_SHA1));
  } else if (counter == BT_C_POLY1305) {
    snprintf(buf, len, "poly1305:%s", bt_impl_name("poly1305"));
  } else if (counter == BT_C_CHACHA20) {
    snprintf(buf, len, "chacha20:%s", bt_impl_name("chacha20"));
  } else if (counter == BT_C_CHACHA20_POLY1305) {
    snprintf(buf, len, "chacha20:%s,poly1305:%s", bt_impl_name("chacha20"),
             bt_impl_name("poly1305"));
  } else {
    snprintf(buf, len, "sha1:%s,sha256:%s,sha512:%s", bt_impl_name("sha1"),
             bt_impl_name("sha256"), bt_impl_name("sha512"));
  }
}

// format_counters writes one line per algorithm:
//   <name> calls=<n> bytes=<n> impl=<rows>
static size_t format_counters(char *buf, size_t len) {
  size_t used = 0;
  for (int i = 0; i < BT_NUM_COUNTERS; i++) {
    char impl[96];
    counter_impl(i, impl, sizeof(impl));
    struct counts total = counter_total(i);
    int n = snprintf(
        buf + used, len - used, "%s calls=%llu bytes=%llu impl=%s\n",
        kCounterNames[i], (unsigned long long)total.calls,
        (unsigned long long)total.bytes, impl);
    if (n < 0 || (size_t)n >= len - used) {
      return len;  // truncated
    }
    used += (size_t)n;
  }
  return used;
}

// --- Provider ------------------------------------------------------------------

#define BT_PARAM_COUNTERS "bittern-counters"

static const OSSL_PARAM kProvGettable[] = {
    {OSSL_PROV_PARAM_NAME, OSSL_PARAM_UTF8_PTR, NULL, 0, 0},
    {OSSL_PROV_PARAM_VERSION, OSSL_PARAM_UTF8_PTR, NULL, 0, 0},
    {OSSL_PROV_PARAM_BUILDINFO, OSSL_PARAM_UTF8_PTR, NULL, 0, 0},
    {OSSL_PROV_PARAM_STATUS, OSSL_PARAM_INTEGER, NULL, sizeof(int), 0},
    {BT_PARAM_COUNTERS, OSSL_PARAM_UTF8_STRING, NULL, 0, 0},
    {NULL, 0, NULL, 0, 0},
};

static const OSSL_PARAM *prov_gettable_params(void *provctx) {
  (void)provctx;
  return kProvGettable;
}

static int prov_get_params(void *provctx, OSSL_PARAM params[]) {
  (void)provctx;
  OSSL_PARAM *p;
  if ((p = bt_param_locate(params, OSSL_PROV_PARAM_NAME)) != NULL &&
      !bt_param_set_utf8(p, "Bittern provider")) {
    return 0;
  }
  if ((p = bt_param_locate(params, OSSL_PROV_PARAM_VERSION)) != NULL &&
      !bt_param_set_utf8(p, BITTERN_VERSION)) {
    return 0;
  }
  if ((p = bt_param_locate(params, OSSL_PROV_PARAM_BUILDINFO)) != NULL &&
      !bt_param_set_utf8(p, BITTERN_BUILDINFO)) {
    return 0;
  }
  if ((p = bt_param_locate(params, OSSL_PROV_PARAM_STATUS)) != NULL &&
      !bt_param_set_int(p, 1)) {
    return 0;
  }
  if ((p = bt_param_locate(params, BT_PARAM_COUNTERS)) != NULL) {
    char buf[2048];
    size_t n = format_counters(buf, sizeof(buf));
    if (n >= sizeof(buf)) {
      BT_RAISE(BT_R_INTERNAL, "counters do not fit");
      return 0;
    }
    if (!bt_param_set_utf8(p, buf)) {
      return 0;
    }
  }
  return 1;
}

static const OSSL_ALGORITHM *prov_query(void *provctx, int operation_id,
                                        int *no_cache) {
  (void)provctx;
  *no_cache = 0;
  switch (operation_id) {
    case OSSL_OP_DIGEST:
      return bt_digests;
    case OSSL_OP_CIPHER:
      return bt_ciphers;
    case OSSL_OP_MAC:
      return bt_macs;
    case OSSL_OP_KDF:
      return bt_kdfs;
  }
  return NULL;
}

static const OSSL_ITEM *prov_reason_strings(void *provctx) {
  (void)provctx;
  return kReasonStrings;
}

// dump_counters appends the counters to the file named by the environment
// variable BITTERN_PROVIDER_COUNTERS, if set, so a test can read what a
// server process (nginx, s_server) ran here after it exits.
static void dump_counters(void) {
  const char *path = getenv("BITTERN_PROVIDER_COUNTERS");
  if (path == NULL || path[0] == '\0') {
    return;
  }
  FILE *f = fopen(path, "a");
  if (f == NULL) {
    return;
  }
  char buf[2048];
  size_t n = format_counters(buf, sizeof(buf));
  fprintf(f, "pid %ld\n%.*s", (long)getpid(), (int)n, buf);
  fclose(f);
}

static void prov_teardown(void *provctx) {
  dump_counters();
  BT_PROVCTX *ctx = provctx;
  // Errors name the handle of the library context that loaded the module
  // last (one process rarely loads it into several); never a freed one.
  if (ctx != NULL && ctx->handle == g_handle) {
    g_handle = NULL;
    c_new_error = NULL;
  }
  free(ctx);
}

static const OSSL_DISPATCH kProvDispatch[] = {
    {OSSL_FUNC_PROVIDER_TEARDOWN, (void (*)(void))prov_teardown},
    {OSSL_FUNC_PROVIDER_GETTABLE_PARAMS,
     (void (*)(void))prov_gettable_params},
    {OSSL_FUNC_PROVIDER_GET_PARAMS, (void (*)(void))prov_get_params},
    {OSSL_FUNC_PROVIDER_QUERY_OPERATION, (void (*)(void))prov_query},
    {OSSL_FUNC_PROVIDER_GET_REASON_STRINGS,
     (void (*)(void))prov_reason_strings},
    {0, NULL},
};

__attribute__((visibility("default"))) int OSSL_provider_init(
    const OSSL_CORE_HANDLE *handle, const OSSL_DISPATCH *in,
    const OSSL_DISPATCH **out, void **provctx);

int OSSL_provider_init(const OSSL_CORE_HANDLE *handle,
                       const OSSL_DISPATCH *in, const OSSL_DISPATCH **out,
                       void **provctx) {
  for (; in != NULL && in->function_id != 0; in++) {
    switch (in->function_id) {
      case OSSL_FUNC_CORE_NEW_ERROR:
        c_new_error = OSSL_FUNC_core_new_error(in);
        break;
      case OSSL_FUNC_CORE_SET_ERROR_DEBUG:
        c_set_error_debug = OSSL_FUNC_core_set_error_debug(in);
        break;
      case OSSL_FUNC_CORE_VSET_ERROR:
        c_vset_error = OSSL_FUNC_core_vset_error(in);
        break;
    }
  }
  g_handle = handle;
  BT_PROVCTX *ctx = calloc(1, sizeof(*ctx));
  if (ctx == NULL) {
    return 0;
  }
  ctx->handle = handle;
  *provctx = ctx;
  *out = kProvDispatch;
  return 1;
}
