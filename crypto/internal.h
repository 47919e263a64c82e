// Copyright 2026 The project authors.
//
// internal.h: private helpers shared by every primitive: byte-order loads and
// stores, rotates, constant-time masks and NULL-safe memory wrappers. Nothing
// here is part of the public API.

#ifndef OPENSSL_HEADER_CRYPTO_INTERNAL_H
#define OPENSSL_HEADER_CRYPTO_INTERNAL_H

#include <openssl/base.h>
#include <openssl/mem.h>

#include <string.h>

#if defined(__cplusplus)
extern "C" {
#endif

#define OPENSSL_ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

#if defined(__GNUC__) || defined(__clang__)
#define OPENSSL_UNUSED __attribute__((unused))
#define OPENSSL_LIKELY(x) __builtin_expect(!!(x), 1)
#define OPENSSL_UNLIKELY(x) __builtin_expect(!!(x), 0)
#else
#define OPENSSL_UNUSED
#define OPENSSL_LIKELY(x) (x)
#define OPENSSL_UNLIKELY(x) (x)
#endif

// OPENSSL_memcpy, OPENSSL_memmove and OPENSSL_memset behave like their libc
// counterparts but accept a NULL pointer when `n` is 0 (C makes that
// undefined, and callers pass (NULL, 0) for empty inputs).
static inline void *OPENSSL_memcpy(void *dst, const void *src, size_t n) {
  return n == 0 ? dst : memcpy(dst, src, n);
}

// CRYPTO_memcpy_unbounded is OPENSSL_memcpy for a length the compiler can
// bound: one clamped to a maximum, or a copy into or out of a stack buffer
// (whose size bounds it). GCC (12, -O2 and -O3, generic tuning) expands
// such a memcpy inline as `rep movsq` plus edge moves, and that
// instruction's start-up cost is far above a short copy's: in a 16-byte
// ChaCha20-Poly1305 seal on AMD Zen 4 (family 25 model 17) the copy of the
// ciphertext out of the stack buffer took ~13% of the call (perf,
// cpu-clock samples). The empty asm statements hide the length and the
// buffers, so the copy stays a call of libc's memcpy, which moves a short
// run with a few vector loads and stores.
static inline void *CRYPTO_memcpy_unbounded(void *dst, const void *src,
                                            size_t n) {
#if defined(__GNUC__) || defined(__clang__)
  __asm__("" : "+r"(n), "+r"(dst), "+r"(src));
#endif
  return OPENSSL_memcpy(dst, src, n);
}

static inline void *OPENSSL_memmove(void *dst, const void *src, size_t n) {
  return n == 0 ? dst : memmove(dst, src, n);
}

static inline void *OPENSSL_memset(void *dst, int c, size_t n) {
  return n == 0 ? dst : memset(dst, c, n);
}

// CRYPTO_wipe is OPENSSL_cleanse for the library's own use: it zeroes `len`
// bytes at `ptr` (which may be NULL when `len` is 0) and keeps the stores
// even when the buffer dies right after, since the empty asm takes `ptr` and
// claims to read memory. OPENSSL_cleanse is a call into mem.c and then into
// libc's memset and its size dispatch, which showed in the short calls of
// issue 19 (a 16-byte digest through EVP, a 64-byte CRYPTO_chacha_20).
// Here a wipe whose size is a compile-time constant (most of the library's:
// a key schedule, a context, a stack block) becomes 16-byte stores inline.
// Each store is followed by the empty asm so that gcc cannot merge them into
// `rep stosq`, which it otherwise emits for constant sizes of ~100 bytes and
// up: on AMD Zen 5 (family 26) that cost 26-30 TSC ticks for 216 or 256
// bytes against 8-9 for the stores and 9 for the libc call, and 10 against
// 4-6 for 32 or 112 bytes (back-to-back wipes, best of 50 x 1000, a /tmp
// rdtsc loop, 2026-12-02). Other sizes, and compilers other than GCC and
// Clang, get the library call. In the library's calls the gain is small:
// `util/bench/percall_bench.c` against the same program built before the
// change, 11 alternating rounds, read 2-3% on XChaCha20-Poly1305 and
// HMAC-SHA384 at 16-256 bytes, 1% on CRYPTO_chacha_20 at 16 and 64, and
// within 1% elsewhere. In crypto/digest/digest.c only EVP_MD_CTX_cleanup's
// 120-byte SHA-256 erase uses it: a 224-byte one there measured ~4% slower
// on the 16-byte EVP_MD_CTX_new ... free sequence (62.5 against 60 ns, 8
// alternating runs; cause not found). In crypto/sha only the Finals' erase
// of a whole context uses it; sha_wipe (small sizes) and sha_wipe_chunks
// were tuned separately.
static inline void CRYPTO_wipe(void *ptr, size_t len) {
#if defined(__GNUC__) || defined(__clang__)
  uint8_t *p = (uint8_t *)ptr;
  if (__builtin_constant_p(len) && len <= 512) {
    size_t i = 0;
    for (; i + 16 <= len; i += 16) {
      memset(p + i, 0, 16);
      __asm__ __volatile__("" : : "r"(p) : "memory");
    }
    if (i < len) {
      memset(p + i, 0, len - i);
    }
    __asm__ __volatile__("" : : "r"(p) : "memory");
  } else {
    // Out of line: inlined, gcc expands a memset of a bounded variable
    // size into `rep stos` too.
    OPENSSL_cleanse(ptr, len);
  }
#else
  OPENSSL_cleanse(ptr, len);
#endif
}

// Loads and stores of fixed byte order from unaligned memory. Compilers turn
// the memcpy into a single load and the byte swap into bswap/rev.
static inline uint32_t CRYPTO_bswap4(uint32_t x) { return __builtin_bswap32(x); }
static inline uint64_t CRYPTO_bswap8(uint64_t x) { return __builtin_bswap64(x); }

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
#define OPENSSL_BIG_ENDIAN
#endif

static inline uint32_t CRYPTO_load_u32_le(const void *in) {
  uint32_t v;
  memcpy(&v, in, sizeof(v));
#if defined(OPENSSL_BIG_ENDIAN)
  v = CRYPTO_bswap4(v);
#endif
  return v;
}

static inline void CRYPTO_store_u32_le(void *out, uint32_t v) {
#if defined(OPENSSL_BIG_ENDIAN)
  v = CRYPTO_bswap4(v);
#endif
  memcpy(out, &v, sizeof(v));
}

static inline uint32_t CRYPTO_load_u32_be(const void *in) {
  uint32_t v;
  memcpy(&v, in, sizeof(v));
#if !defined(OPENSSL_BIG_ENDIAN)
  v = CRYPTO_bswap4(v);
#endif
  return v;
}

static inline void CRYPTO_store_u32_be(void *out, uint32_t v) {
#if !defined(OPENSSL_BIG_ENDIAN)
  v = CRYPTO_bswap4(v);
#endif
  memcpy(out, &v, sizeof(v));
}

static inline uint64_t CRYPTO_load_u64_le(const void *in) {
  uint64_t v;
  memcpy(&v, in, sizeof(v));
#if defined(OPENSSL_BIG_ENDIAN)
  v = CRYPTO_bswap8(v);
#endif
  return v;
}

static inline void CRYPTO_store_u64_le(void *out, uint64_t v) {
#if defined(OPENSSL_BIG_ENDIAN)
  v = CRYPTO_bswap8(v);
#endif
  memcpy(out, &v, sizeof(v));
}

static inline uint64_t CRYPTO_load_u64_be(const void *in) {
  uint64_t v;
  memcpy(&v, in, sizeof(v));
#if !defined(OPENSSL_BIG_ENDIAN)
  v = CRYPTO_bswap8(v);
#endif
  return v;
}

static inline void CRYPTO_store_u64_be(void *out, uint64_t v) {
#if !defined(OPENSSL_BIG_ENDIAN)
  v = CRYPTO_bswap8(v);
#endif
  memcpy(out, &v, sizeof(v));
}

// Rotates. The shift count is masked so a count of 0 is defined; compilers
// emit a single rotate instruction.
static inline uint32_t CRYPTO_rotl_u32(uint32_t v, int shift) {
  return (v << (shift & 31)) | (v >> ((-shift) & 31));
}

static inline uint32_t CRYPTO_rotr_u32(uint32_t v, int shift) {
  return (v >> (shift & 31)) | (v << ((-shift) & 31));
}

static inline uint64_t CRYPTO_rotl_u64(uint64_t v, int shift) {
  return (v << (shift & 63)) | (v >> ((-shift) & 63));
}

static inline uint64_t CRYPTO_rotr_u64(uint64_t v, int shift) {
  return (v >> (shift & 63)) | (v << ((-shift) & 63));
}

// Constant-time helpers. A "mask" is all ones (true) or all zeros (false).
// value_barrier stops the compiler from reasoning about a value, so it
// cannot turn mask arithmetic back into a branch.
typedef uint64_t crypto_word_t;

static inline crypto_word_t value_barrier_w(crypto_word_t a) {
#if defined(__GNUC__) || defined(__clang__)
  __asm__("" : "+r"(a) : /* no inputs */);
#endif
  return a;
}

static inline uint32_t value_barrier_u32(uint32_t a) {
#if defined(__GNUC__) || defined(__clang__)
  __asm__("" : "+r"(a) : /* no inputs */);
#endif
  return a;
}

// constant_time_is_zero_w returns a mask of whether `a` is zero.
static inline crypto_word_t constant_time_is_zero_w(crypto_word_t a) {
  // The top bit of ~a & (a - 1) is set exactly when a == 0.
  return 0 - (value_barrier_w(~a & (a - 1)) >> 63);
}

// constant_time_eq_w returns a mask of whether `a` == `b`.
static inline crypto_word_t constant_time_eq_w(crypto_word_t a,
                                               crypto_word_t b) {
  return constant_time_is_zero_w(a ^ b);
}

// constant_time_select_w returns `a` if `mask` is all ones, `b` if zero.
static inline crypto_word_t constant_time_select_w(crypto_word_t mask,
                                                   crypto_word_t a,
                                                   crypto_word_t b) {
  mask = value_barrier_w(mask);
  return (mask & a) | (~mask & b);
}

// buffers_alias returns one if [a, a+a_len) and [b, b+b_len) overlap.
static inline int buffers_alias(const void *a, size_t a_len, const void *b,
                                size_t b_len) {
  uintptr_t a_u = (uintptr_t)a, b_u = (uintptr_t)b;
  return a_len != 0 && b_len != 0 && a_u + a_len > b_u && b_u + b_len > a_u;
}

// Constant-time testing hooks. When the library is built with
// -DOPENSSL_CONSTANT_TIME_VALIDATION (the valgrind constant-time mode),
// CONSTTIME_SECRET marks memory as undefined to memcheck, so any branch or
// address computed from it is reported; CONSTTIME_DECLASSIFY marks a value
// as public again (for example a tag comparison's final result).
#if defined(OPENSSL_CONSTANT_TIME_VALIDATION)
#include <valgrind/memcheck.h>
#define CONSTTIME_SECRET(ptr, len) VALGRIND_MAKE_MEM_UNDEFINED(ptr, len)
#define CONSTTIME_DECLASSIFY(ptr, len) VALGRIND_MAKE_MEM_DEFINED(ptr, len)
#else
#define CONSTTIME_SECRET(ptr, len) ((void)(ptr), (void)(len))
#define CONSTTIME_DECLASSIFY(ptr, len) ((void)(ptr), (void)(len))
#endif

#if defined(__cplusplus)
}  // extern "C"
#endif

#endif  // OPENSSL_HEADER_CRYPTO_INTERNAL_H
