// Copyright 2026 The project authors.
//
// crypto/sha/internal.h: the block-function contract of SHA-1, SHA-256 and
// SHA-512 and the buffering and padding helpers sha1.c, sha256.c and
// sha512.c share.
//
// A block function compresses `num_blocks` whole blocks (64 bytes for
// SHA-1/SHA-256, 128 for SHA-512) from `in` into the chaining value `state`
// (FIPS 180-4 §6: H(i) = H(i-1) + compress(H(i-1), M(i)) for each block).
// It does no buffering, padding or length counting: that lives in sha1.c,
// sha256.c and sha512.c, one place per family. `num_blocks` may be zero, in
// which case `in` is not read. `in` need not be aligned.
//
// Each family declares its paths once, in impls.h (crypto/impl.h): best row
// first, ending with "nohw", the portable C code in sha1.c, sha256.c and
// sha512.c that every other row is tested against.

#ifndef OPENSSL_HEADER_CRYPTO_SHA_INTERNAL_H
#define OPENSSL_HEADER_CRYPTO_SHA_INTERNAL_H

#include <openssl/base.h>
#include <openssl/mem.h>
#include <openssl/sha.h>

#include <string.h>

#include "../internal.h"
#include "impls.h"

#if defined(__cplusplus)
extern "C" {
#endif

// --- Buffering and padding shared by sha1.c, sha256.c and sha512.c ---------
//
// The three families buffer, pad and one-shot the same way and differ only
// in the block size (64 or 128 bytes), the width of the length field (8 or
// 16 bytes) and the block function's state type. The helpers below hold the
// byte bookkeeping; each family calls its own block function between them,
// so no function pointer is cast and nothing is called indirectly twice.
// The Update helpers do the same branches and copies as the three copies
// they replace (not timed separately: bssl speed times the one-shot
// functions, which no longer use them).

// sha_wipe zeroes `n` bytes at `p` and keeps the stores even though the
// buffer dies right after (the empty asm claims to read it). With `n` a
// compile-time constant the compiler emits a few vector stores instead of
// the library call OPENSSL_cleanse costs, which shows at 16-byte inputs.
static inline void sha_wipe(void *p, size_t n) {
  memset(p, 0, n);
#if defined(__GNUC__) || defined(__clang__)
  __asm__ __volatile__("" : : "r"(p) : "memory");
#else
  OPENSSL_cleanse(p, n);
#endif
}

// sha_buffer_top_up starts an update of `*len` bytes at `*in` on a context
// holding `*num` (< `block`) buffered bytes in `data`. If the buffer is
// empty it does nothing and returns zero. Otherwise it appends as much of
// the input as fits, advancing `*in` and `*len`; if that completes the
// block it sets `*num` to zero and returns one, and the caller compresses
// `data` before anything else. Otherwise all the input was buffered and
// `*len` is zero.
static inline int sha_buffer_top_up(uint8_t *data, uint32_t *num,
                                    size_t block, const uint8_t **in,
                                    size_t *len) {
  size_t n = *num;
  if (n == 0) {
    return 0;
  }
  size_t room = block - n;
  size_t take = *len < room ? *len : room;
  if (take != 0) {
    // (`*in` may be NULL when `*len` is zero: no arithmetic on it then.)
    memcpy(data + n, *in, take);
    *in += take;
    *len -= take;
  }
  if (take < room) {
    *num = (uint32_t)(n + take);
    return 0;
  }
  *num = 0;
  return 1;
}

// sha_buffer_keep appends the last `len` (< block - *num) bytes of an
// update, which did not fill a block, to the buffer.
static inline void sha_buffer_keep(uint8_t *data, uint32_t *num,
                                   const uint8_t *in, size_t len) {
  if (len != 0) {
    memcpy(data + *num, in, len);
    *num += (uint32_t)len;
  }
}

// sha_load_le_partial returns the `k` <= 8 bytes at `p` as a little-endian
// number (the bytes past `k` zero), reading only those `k` bytes: two
// overlapping loads of 4 or 2 bytes whose common bytes agree.
static inline uint64_t sha_load_le_partial(const uint8_t *p, size_t k) {
  if (k >= 8) {
    return CRYPTO_load_u64_le(p);
  }
  if (k >= 4) {
    return (uint64_t)CRYPTO_load_u32_le(p) |
           ((uint64_t)CRYPTO_load_u32_le(p + k - 4) << (8 * (k - 4)));
  }
  if (k >= 2) {
    uint64_t lo = (uint64_t)p[0] | ((uint64_t)p[1] << 8);
    uint64_t hi = (uint64_t)p[k - 2] | ((uint64_t)p[k - 1] << 8);
    return lo | (hi << (8 * (k - 2)));
  }
  return k == 1 ? p[0] : 0;
}

// sha_store_chunk writes the 16 bytes lo || hi (each little-endian) to
// `out` with one 16-byte store where the compiler has vector types. The
// block functions read the final block 16 bytes at a time (movdqu); a load
// that covers several smaller stores still in the store queue cannot take
// its data from them and waits for them to reach the cache. Storing whole
// pieces took one-shot SHA-256 of 16 bytes (shani row, Zen 5) from ~105 to
// ~72 TSC ticks a call, and SHA-1 from ~94 to ~60.
static inline void sha_store_chunk(uint8_t *out, uint64_t lo, uint64_t hi) {
#if (defined(__GNUC__) || defined(__clang__)) && !defined(OPENSSL_BIG_ENDIAN)
  typedef uint64_t sha_u64x2 __attribute__((vector_size(16)));
  sha_u64x2 v = {lo, hi};
  memcpy(out, &v, 16);
#else
  CRYPTO_store_u64_le(out, lo);
  CRYPTO_store_u64_le(out + 8, hi);
#endif
}

// sha_load_piece returns in *lo and *hi (little-endian) the bytes o..o+15
// of the `n` bytes at `p`, zero past the n-th: the last piece is read
// partially (sha_load_le_partial), so no byte at or past p + n is read.
// The branches depend on `n` and `o` only.
static inline void sha_load_piece(const uint8_t *p, size_t n, size_t o,
                                  uint64_t *lo, uint64_t *hi) {
  *lo = 0;
  *hi = 0;
  if (o + 16 <= n) {
    *lo = CRYPTO_load_u64_le(p + o);
    *hi = CRYPTO_load_u64_le(p + o + 8);
  } else if (o < n) {
    size_t r = n - o;
    if (r >= 8) {
      *lo = CRYPTO_load_u64_le(p + o);
      *hi = sha_load_le_partial(p + o + 8, r - 8);
    } else {
      *lo = sha_load_le_partial(p + o, r);
    }
  }
}

// sha_xor_pads writes K0 ^ ipad to `ipad` and K0 ^ opad to `opad` (FIPS
// 198-1 §4), each `block_size` (a multiple of 16) bytes, from the key block
// `k0`, 16 bytes at a time (sha_store_chunk): the block functions read the
// pads with 16-byte loads. With 8-byte stores, HMAC() SHA-256 ran 2% slower
// at 16 and 256 bytes (Zen 5, 7 alternating rounds of
// util/bench/percall_bench.c). The loop count is the public block size.
static inline void sha_xor_pads(const uint8_t *k0, size_t block_size,
                                uint8_t *ipad, uint8_t *opad) {
  const uint64_t kIpad = UINT64_C(0x3636363636363636);
  const uint64_t kOpad = UINT64_C(0x5c5c5c5c5c5c5c5c);
  for (size_t i = 0; i < block_size; i += 16) {
    uint64_t lo = CRYPTO_load_u64_le(k0 + i);
    uint64_t hi = CRYPTO_load_u64_le(k0 + i + 8);
    sha_store_chunk(ipad + i, lo ^ kIpad, hi ^ kIpad);
    sha_store_chunk(opad + i, lo ^ kOpad, hi ^ kOpad);
  }
}

// sha_wipe_chunks zeroes the `n` bytes at `p` (`n` a multiple of 16) with
// 16-byte stores and keeps them (see sha_wipe). For a stack block of 64 or
// 128 bytes gcc 12 -O3 turns sha_wipe, or a plain loop of stores, into
// `rep stosq`, whose start-up cost showed at 16-byte inputs; the empty asm
// after each store (it claims to read the memory) keeps the stores as they
// are written.
static inline void sha_wipe_chunks(uint8_t *p, size_t n) {
  for (size_t i = 0; i < n; i += 16) {
    sha_store_chunk(p + i, 0, 0);
#if defined(__GNUC__) || defined(__clang__)
    __asm__ __volatile__("" : : "r"(p) : "memory");
#else
    OPENSSL_cleanse(p + i, 16);
#endif
  }
}

// sha_tail_blocks is how many blocks the end of a message takes: the final
// `n` (< `block`) message bytes, `end_len` end bytes and the `len_bytes`
// length field fit in one block, or spill into a second.
static inline size_t sha_tail_blocks(size_t block, size_t len_bytes, size_t n,
                                     size_t end_len) {
  return n + end_len + len_bytes > block ? 2 : 1;
}

// sha_pad_tail_ex builds the end of a message in `last`, which has room for
// two blocks: the final `n` (< `block`) message bytes from `tail`, then the
// `end_len` (1 or 2) bytes of `end`, low byte first, then the length in
// bits as a big-endian number of `len_bytes` = 8 or 16 bytes, whose upper
// 64 bits are `bits_hi` and lower 64 bits `bits_lo`, with zeros between.
// With `end` = 0x80 and `end_len` = 1 that is the padding of FIPS 180-4
// §5.1 (sha_pad_tail); with `end` = 0x80 << 8 | b and `end_len` = 2 it pads
// the message with one more byte b (HKDF-Expand's counter after its info).
// It returns the number of blocks written: one if the end bytes and the
// length fit after the tail, else two. Each 16-byte piece is assembled in
// registers and stored once (see sha_store_chunk); `tail` is read only
// within its `n` bytes. The branches depend on `n` and `end_len` only,
// which are public. The caller must wipe the blocks it returns
// (sha_wipe_chunks): they hold message bytes.
static inline size_t sha_pad_tail_ex(uint8_t *last, size_t block,
                                     size_t len_bytes, const uint8_t *tail,
                                     size_t n, uint32_t end, size_t end_len,
                                     uint64_t bits_hi, uint64_t bits_lo) {
  size_t total = sha_tail_blocks(block, len_bytes, n, end_len) * block;
  for (size_t o = 0; o < total; o += 16) {
    // (sha_load_piece, then the end byte, measured 1.5% slower on
    // HKDF_expand with 16 bytes of info, AMD Zen 4: the message's last
    // piece and its end byte are put together in one branch here.)
    uint64_t lo = 0, hi = 0;
    if (o + 16 <= n) {
      lo = CRYPTO_load_u64_le(tail + o);
      hi = CRYPTO_load_u64_le(tail + o + 8);
    } else if (o <= n && n < o + 16) {
      // The message ends in this piece: its last r bytes, then the first
      // end byte.
      size_t r = n - o;
      uint64_t e0 = end & 0xff;
      if (r >= 8) {
        lo = CRYPTO_load_u64_le(tail + o);
        hi = sha_load_le_partial(tail + o + 8, r - 8) | (e0 << (8 * (r - 8)));
      } else {
        // (`tail` may be NULL when `n` is zero: no arithmetic on it then.)
        lo = (r != 0 ? sha_load_le_partial(tail + o, r) : 0) | (e0 << (8 * r));
      }
    }
    if (end_len == 2) {
      // The second end byte, at n + 1 (in the next piece when n is 15 mod
      // 16). One loop placing both end bytes made SHA256() and SHA512()
      // of 16..100 bytes 3% and 5% slower (AMD Zen 4, rdtsc loops, builds
      // alternated), so the first keeps its own branch.
      size_t p = n + 1;
      if (o <= p && p < o + 16) {
        uint64_t e1 = (end >> 8) & 0xff;
        if (p - o < 8) {
          lo |= e1 << (8 * (p - o));
        } else {
          hi |= e1 << (8 * (p - o - 8));
        }
      }
    }
    if (o + 16 == total) {
      // The length field: its last 8 bytes never share this piece with
      // the message or the end bytes; a 16-byte field fills it.
      hi = CRYPTO_bswap8(bits_lo);
      if (len_bytes == 16) {
        lo = CRYPTO_bswap8(bits_hi);
      }
    }
    sha_store_chunk(last + o, lo, hi);
  }
  return total / block;
}

// sha_pad_tail is sha_pad_tail_ex with the padding's 0x80 byte as the end.
static inline size_t sha_pad_tail(uint8_t *last, size_t block,
                                  size_t len_bytes, const uint8_t *tail,
                                  size_t n, uint64_t bits_hi,
                                  uint64_t bits_lo) {
  return sha_pad_tail_ex(last, block, len_bytes, tail, n, 0x80, 1, bits_hi,
                         bits_lo);
}

// --- Two contexts from one block each (HMAC's key schedule) -----------------

// sha256_init_two_blocks sets `c0` and `c1` with `init` (SHA256_Init or
// SHA224_Init) and absorbs the 64-byte block `in0` into `c0` and `in1` into
// `c1`, with the two-stream row of SHA256_X2_IMPLS (impls.h): the same
// contexts as Init and Update of one block each. sha512_init_two_blocks is
// the same for the SHA-512 family (`init` one of its *_Init functions,
// 128-byte blocks). The contexts must not overlap each other or the blocks.
void sha256_init_two_blocks(SHA256_CTX *c0, const uint8_t in0[SHA256_CBLOCK],
                            SHA256_CTX *c1, const uint8_t in1[SHA256_CBLOCK],
                            int (*init)(SHA256_CTX *));
void sha512_init_two_blocks(SHA512_CTX *c0, const uint8_t in0[SHA512_CBLOCK],
                            SHA512_CTX *c1, const uint8_t in1[SHA512_CBLOCK],
                            int (*init)(SHA512_CTX *));

// sha256_finish_from writes to `out` the first `md_len` bytes (28 or 32) of
// the SHA-224/SHA-256 digest of the message `sha` has absorbed followed by
// the `len` bytes at `in`, without changing `sha`: the whole blocks of `in`
// are compressed straight from it and only the padded tail is built on the
// stack (the one-shot's code, started from `sha`'s state). `sha` must hold
// no buffered bytes (`num` zero: it absorbed whole blocks only, as
// sha256_init_two_blocks leaves it). `out` may alias `in`.
// sha512_finish_from is the same for the SHA-512 family (`md_len` 28, 32,
// 48 or 64).
void sha256_finish_from(const SHA256_CTX *sha, const uint8_t *in, size_t len,
                        uint8_t *out, size_t md_len);

// sha256_hmac_oneshot writes HMAC-SHA256 of the `len` bytes at `in` to
// `out` through the chosen row of SHA256_HMAC_IMPLS (impls.h): `k0` is the
// key block K0 (64 bytes, the key zero-padded). Whole blocks are read straight
// from `in`; the tail and padding are built on the stack and wiped. `out`
// may alias `in`.
void sha256_hmac_oneshot(uint8_t out[32], const uint8_t k0[64],
                         const uint8_t *in, size_t len);

// sha256_hmac_oneshot_byte is sha256_hmac_oneshot of the `len` bytes at `in`
// followed by the byte `last_byte`: HKDF-Expand's T(1) = HMAC(PRK, info ||
// 0x01) with no copy of info (only its last len % 64 bytes are copied, into
// the stack tail). `out` may alias `in`.
void sha256_hmac_oneshot_byte(uint8_t out[32], const uint8_t k0[64],
                              const uint8_t *in, size_t len,
                              uint8_t last_byte);

// sha256_hmac_finish writes to `out` the HMAC-SHA256 whose inner hash is
// `inner` (the ipad block and the message absorbed, any bytes still
// buffered) and whose outer hash's state after the opad block is `o_state`,
// through the chosen row of SHA256_HMAC_IMPLS. `inner` is not changed.
void sha256_hmac_finish(uint8_t out[32], const SHA256_CTX *inner,
                        const uint32_t o_state[8]);
void sha512_finish_from(const SHA512_CTX *sha, const uint8_t *in, size_t len,
                        uint8_t *out, size_t md_len);

// SHA_DEFINE_X2 defines, for family `fam` (sha256 or sha512) with state
// words of type `word`, blocks of `block` bytes, context type `ctx` whose
// low byte count is `len_field`, crypto_impl_entry member `member_x2` for the
// two-stream rows, and `get_block` returning the one-stream block function in
// use: the rows "nohw" (two calls of the portable block function, the
// reference) and "twice" (two calls of `get_block()`), the primitive
// CRYPTO_primitive_<fam>_x2 from <FAM>_X2_IMPLS (impls.h), and
// <fam>_init_two_blocks above.
#define SHA_DEFINE_X2(fam, word, block, ctx, len_field, member_x2, get_block) \
  void fam##_x2_block_nohw(word state0[8], const uint8_t in0[block],       \
                           word state1[8], const uint8_t in1[block]) {     \
    fam##_block_data_order_nohw(state0, in0, 1);                            \
    fam##_block_data_order_nohw(state1, in1, 1);                            \
  }                                                                         \
  void fam##_x2_block_twice(word state0[8], const uint8_t in0[block],      \
                            word state1[8], const uint8_t in1[block]) {    \
    void (*one)(word *, const uint8_t *, size_t) = get_block();             \
    one(state0, in0, 1);                                                    \
    one(state1, in1, 1);                                                    \
  }                                                                         \
  static const CRYPTO_IMPL k##fam##X2Impls[] = {                            \
      SHA_X2_IMPLS_OF(fam)(SHA_X2_ROW_OF(member_x2))};                       \
  CRYPTO_PRIMITIVE CRYPTO_primitive_##fam##_x2 =                            \
      CRYPTO_PRIMITIVE_INIT(#fam "_x2", k##fam##X2Impls);                   \
  void fam##_init_two_blocks(ctx *c0, const uint8_t in0[block], ctx *c1,    \
                             const uint8_t in1[block], int (*init)(ctx *)) { \
    init(c0);                                                               \
    init(c1);                                                               \
    CRYPTO_impl_chosen(&CRYPTO_primitive_##fam##_x2)                        \
        ->entry.member_x2(c0->h, in0, c1->h, in1);                          \
    c0->len_field = (block);                                                \
    c1->len_field = (block);                                                \
  }
// The list and row macro of each family, by the family's name.
#define SHA_X2_IMPLS_OF_sha256 SHA256_X2_IMPLS
#define SHA_X2_IMPLS_OF_sha512 SHA512_X2_IMPLS
#define SHA_X2_IMPLS_OF(fam) SHA_X2_IMPLS_OF_##fam
#define SHA_X2_ROW_OF_sha32_x2 SHA_X2_ROW_32
#define SHA_X2_ROW_OF_sha64_x2 SHA_X2_ROW_64
#define SHA_X2_ROW_OF(member_x2) SHA_X2_ROW_OF_##member_x2

#if defined(__cplusplus)
}  // extern "C"
#endif

#endif  // OPENSSL_HEADER_CRYPTO_SHA_INTERNAL_H
