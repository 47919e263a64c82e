// Copyright 2026 The project authors.
//
// Poly1305 (RFC 8439, section 2.5): the two portable C implementations and
// the public streaming API, which is the one place that buffers partial
// blocks, pads the last one and calls the implementation chosen at init.
//
// Both implementations are constant time: the only branches are on the
// message length; h, r, s and the message bytes flow only through
// arithmetic, and the final reduction selects with a mask.

#include <openssl/poly1305.h>

#include <assert.h>
#include <stdalign.h>
#include <stddef.h>
#include <stdlib.h>

#include <openssl/mem.h>

#include "../internal.h"
#include "internal.h"
#include "mac.h"

// The clamp of r (RFC 8439, section 2.5) as two little-endian 64-bit halves.
#define POLY1305_R_CLAMP_LO UINT64_C(0x0ffffffc0fffffff)
#define POLY1305_R_CLAMP_HI UINT64_C(0x0ffffffc0ffffffc)

// --- Base 2^64 ----------------------------------------------------------------
//
// h = h0 + h1 * 2^64 + h2 * 2^128 with h0, h1 < 2^64 and h2 small;
// r = r0 + r1 * 2^64. Clamping gives r0, r1 < 2^60 and 4 | r1, so
// s1 = r1 + r1 / 4 = 5 * r1 / 4 is exact and r1 * 2^128 = (r1 / 4) * 2^130
// = s1 (mod p). Products are 64x64->128 with unsigned __int128.
#if defined(POLY1305_HAVE_C64)

typedef unsigned __int128 poly1305_u128;


// The base 2^64 functions read and write the state's words in place (one
// 8-byte access each) rather than through a local copy of the struct: a
// copy costs a store-forwarding stall against the word-sized accesses of
// the assembly rows that share this layout, and the wipe of the copy a
// call; together they were most of the time of a 16-byte message.
#define C64_OFF(field) offsetof(struct poly1305_c64_state, field)

static inline uint64_t c64_get(const void *state, size_t off) {
  uint64_t v;
  memcpy(&v, (const uint8_t *)state + off, 8);
  return v;
}

static inline void c64_put(void *state, size_t off, uint64_t v) {
  memcpy((uint8_t *)state + off, &v, 8);
}

void poly1305_init_c64(void *state, const uint8_t key[32]) {
  c64_put(state, C64_OFF(h0), 0);
  c64_put(state, C64_OFF(h1), 0);
  c64_put(state, C64_OFF(h2), 0);
  c64_put(state, C64_OFF(r0), CRYPTO_load_u64_le(key) & POLY1305_R_CLAMP_LO);
  c64_put(state, C64_OFF(r1),
          CRYPTO_load_u64_le(key + 8) & POLY1305_R_CLAMP_HI);
}

void poly1305_blocks_c64(void *state, const uint8_t *in, size_t len,
                         uint32_t padbit) {
  uint64_t h0 = c64_get(state, C64_OFF(h0)), h1 = c64_get(state, C64_OFF(h1)),
           h2 = c64_get(state, C64_OFF(h2));
  const uint64_t r0 = c64_get(state, C64_OFF(r0)),
                 r1 = c64_get(state, C64_OFF(r1));
  const uint64_t s1 = r1 + (r1 >> 2);

  while (len >= 16) {
    // h += m + padbit * 2^128.
    poly1305_u128 t = (poly1305_u128)h0 + CRYPTO_load_u64_le(in);
    h0 = (uint64_t)t;
    t = (poly1305_u128)h1 + CRYPTO_load_u64_le(in + 8) + (uint64_t)(t >> 64);
    h1 = (uint64_t)t;
    h2 += (uint64_t)(t >> 64) + padbit;

    // d = h * r mod p, in columns of weight 1, 2^64, 2^128.
    poly1305_u128 d0 = (poly1305_u128)h0 * r0 + (poly1305_u128)h1 * s1;
    poly1305_u128 d1 = (poly1305_u128)h0 * r1 + (poly1305_u128)h1 * r0 +
                       (poly1305_u128)h2 * s1;
    uint64_t d2 = h2 * r0;
    d1 += (uint64_t)(d0 >> 64);
    d2 += (uint64_t)(d1 >> 64);
    h0 = (uint64_t)d0;
    h1 = (uint64_t)d1;

    // h = (d mod 2^130) + 5 * (d >> 130).
    uint64_t c = (d2 & ~(uint64_t)3) + (d2 >> 2);
    h2 = d2 & 3;
    t = (poly1305_u128)h0 + c;
    h0 = (uint64_t)t;
    t = (poly1305_u128)h1 + (uint64_t)(t >> 64);
    h1 = (uint64_t)t;
    h2 += (uint64_t)(t >> 64);

    in += 16;
    len -= 16;
  }

  c64_put(state, C64_OFF(h0), h0);
  c64_put(state, C64_OFF(h1), h1);
  c64_put(state, C64_OFF(h2), h2);
}

// poly1305_emit_c64 takes h with h2 <= 4 (blocks' exit bound).
void poly1305_emit_c64(void *state, uint8_t mac[16], const uint8_t s[16]) {
  uint64_t h0 = c64_get(state, C64_OFF(h0)), h1 = c64_get(state, C64_OFF(h1)),
           h2 = c64_get(state, C64_OFF(h2));

  // h = (h mod 2^130) + 5 * (h >> 130): now h < 2^130 + 5 < 2p.
  uint64_t c = (h2 >> 2) * 5;
  h2 &= 3;
  poly1305_u128 t = (poly1305_u128)h0 + c;
  h0 = (uint64_t)t;
  t = (poly1305_u128)h1 + (uint64_t)(t >> 64);
  h1 = (uint64_t)t;
  h2 += (uint64_t)(t >> 64);

  // g = h + 5 = h - p + 2^130. h >= p exactly when g >= 2^130, i.e. when
  // bit 2 of g2 is set (g < 2^131, so g2 >> 2 is 0 or 1); then h mod p is
  // g - 2^130, whose low 128 bits are g0, g1.
  t = (poly1305_u128)h0 + 5;
  uint64_t g0 = (uint64_t)t;
  t = (poly1305_u128)h1 + (uint64_t)(t >> 64);
  uint64_t g1 = (uint64_t)t;
  uint64_t g2 = h2 + (uint64_t)(t >> 64);
  crypto_word_t use_g = 0 - (g2 >> 2);
  h0 = constant_time_select_w(use_g, g0, h0);
  h1 = constant_time_select_w(use_g, g1, h1);

  // mac = (h + s) mod 2^128.
  t = (poly1305_u128)h0 + CRYPTO_load_u64_le(s);
  h0 = (uint64_t)t;
  h1 = h1 + CRYPTO_load_u64_le(s + 8) + (uint64_t)(t >> 64);
  CRYPTO_store_u64_le(mac, h0);
  CRYPTO_store_u64_le(mac + 8, h1);
}

#endif  // POLY1305_HAVE_C64

// --- Base 2^26 ----------------------------------------------------------------
//
// h = h[0] + h[1] 2^26 + h[2] 2^52 + h[3] 2^78 + h[4] 2^104, the same for r.
// Limb products are 32x32->64, the only multiply a 32-bit CPU has. A product
// h[i] r[j] with i + j >= 5 has weight 2^(26 (i + j - 5)) * 2^130, and
// 2^130 = 5 (mod p), so it is taken as h[i] * (5 r[j]); the 5 r[j] are
// precomputed once per call.

#define POLY1305_MASK26 0x3ffffffu

struct poly1305_c26_state {
  uint32_t h[5];
  uint32_t r[5];
};

// poly1305_split26 splits the 128-bit value lo + hi * 2^64 into five 26-bit
// limbs (the last one gets bits 104..127, 24 bits).
static void poly1305_split26(uint32_t out[5], uint64_t lo, uint64_t hi) {
  out[0] = (uint32_t)lo & POLY1305_MASK26;
  out[1] = (uint32_t)(lo >> 26) & POLY1305_MASK26;
  out[2] = (uint32_t)((lo >> 52) | (hi << 12)) & POLY1305_MASK26;
  out[3] = (uint32_t)(hi >> 14) & POLY1305_MASK26;
  out[4] = (uint32_t)(hi >> 40);
}

void poly1305_init_c26(void *state, const uint8_t key[32]) {
  struct poly1305_c26_state st;
  memset(st.h, 0, sizeof(st.h));
  // Clamped r < 2^124, so r[4] < 2^20 and every limb is < 2^26.
  poly1305_split26(st.r, CRYPTO_load_u64_le(key) & POLY1305_R_CLAMP_LO,
                   CRYPTO_load_u64_le(key + 8) & POLY1305_R_CLAMP_HI);
  memcpy(state, &st, sizeof(st));
  CRYPTO_wipe(&st, sizeof(st));
}

// poly1305_blocks_c26 bounds. On entry h[0], h[2], h[3], h[4] < 2^26 and
// h[1] < 2^26 + 2^13, which init (h = 0) and this function's exit
// guarantee. r[j] < 2^26, so 5 r[j] < 2^29. Per block:
//   h += m + padbit * 2^128:    every limb < 2^27 + 2^13 < 2^28.
//   d[k] = sum of five products, each < 2^28 * 2^29:   d[k] < 2^60.
//   carry d[0] -> ... -> d[4]:  each carry < 2^34, so d[k] < 2^61;
//   c = d[4] >> 26 < 2^35 comes back as 5c: h[0] + 5c < 2^39 (64-bit);
//   the carry of that into h[1] is < 2^13: the exit bound.
void poly1305_blocks_c26(void *state, const uint8_t *in, size_t len,
                         uint32_t padbit) {
  struct poly1305_c26_state st;
  memcpy(&st, state, sizeof(st));
  uint32_t h0 = st.h[0], h1 = st.h[1], h2 = st.h[2], h3 = st.h[3],
           h4 = st.h[4];
  const uint32_t r0 = st.r[0], r1 = st.r[1], r2 = st.r[2], r3 = st.r[3],
                 r4 = st.r[4];
  const uint32_t s1 = r1 * 5, s2 = r2 * 5, s3 = r3 * 5, s4 = r4 * 5;

  while (len >= 16) {
    // h += m + padbit * 2^128 (2^128 is bit 24 of limb 4).
    uint32_t m[5];
    poly1305_split26(m, CRYPTO_load_u64_le(in), CRYPTO_load_u64_le(in + 8));
    h0 += m[0];
    h1 += m[1];
    h2 += m[2];
    h3 += m[3];
    h4 += m[4] + (padbit << 24);

    // d = h * r mod p, column by column.
    uint64_t d0 = (uint64_t)h0 * r0 + (uint64_t)h1 * s4 + (uint64_t)h2 * s3 +
                  (uint64_t)h3 * s2 + (uint64_t)h4 * s1;
    uint64_t d1 = (uint64_t)h0 * r1 + (uint64_t)h1 * r0 + (uint64_t)h2 * s4 +
                  (uint64_t)h3 * s3 + (uint64_t)h4 * s2;
    uint64_t d2 = (uint64_t)h0 * r2 + (uint64_t)h1 * r1 + (uint64_t)h2 * r0 +
                  (uint64_t)h3 * s4 + (uint64_t)h4 * s3;
    uint64_t d3 = (uint64_t)h0 * r3 + (uint64_t)h1 * r2 + (uint64_t)h2 * r1 +
                  (uint64_t)h3 * r0 + (uint64_t)h4 * s4;
    uint64_t d4 = (uint64_t)h0 * r4 + (uint64_t)h1 * r3 + (uint64_t)h2 * r2 +
                  (uint64_t)h3 * r1 + (uint64_t)h4 * r0;

    // Carry each column into the next; the carry out of 2^130 comes back
    // into limb 0 multiplied by 5.
    d1 += d0 >> 26;
    h0 = (uint32_t)d0 & POLY1305_MASK26;
    d2 += d1 >> 26;
    h1 = (uint32_t)d1 & POLY1305_MASK26;
    d3 += d2 >> 26;
    h2 = (uint32_t)d2 & POLY1305_MASK26;
    d4 += d3 >> 26;
    h3 = (uint32_t)d3 & POLY1305_MASK26;
    uint64_t c = d4 >> 26;
    h4 = (uint32_t)d4 & POLY1305_MASK26;
    uint64_t t0 = (uint64_t)h0 + c * 5;
    h0 = (uint32_t)t0 & POLY1305_MASK26;
    h1 += (uint32_t)(t0 >> 26);

    in += 16;
    len -= 16;
  }

  st.h[0] = h0;
  st.h[1] = h1;
  st.h[2] = h2;
  st.h[3] = h3;
  st.h[4] = h4;
  memcpy(state, &st, sizeof(st));
  CRYPTO_wipe(&st, sizeof(st));
}

// poly1305_emit_c26 takes h within blocks' exit bounds.
void poly1305_emit_c26(void *state, uint8_t mac[16], const uint8_t s[16]) {
  struct poly1305_c26_state st;
  memcpy(&st, state, sizeof(st));
  uint32_t h0 = st.h[0], h1 = st.h[1], h2 = st.h[2], h3 = st.h[3],
           h4 = st.h[4];

  // One full carry round h[1] -> ... -> h[4] -> 5 * h[0] -> h[1]. The carry
  // out of h[4] is at most 1, so afterwards h[0], h[2], h[3], h[4] < 2^26,
  // h[1] <= 2^26 and h < 2^130 + 2^26 < 2p.
  uint32_t c;
  c = h1 >> 26; h1 &= POLY1305_MASK26; h2 += c;
  c = h2 >> 26; h2 &= POLY1305_MASK26; h3 += c;
  c = h3 >> 26; h3 &= POLY1305_MASK26; h4 += c;
  c = h4 >> 26; h4 &= POLY1305_MASK26; h0 += c * 5;
  c = h0 >> 26; h0 &= POLY1305_MASK26; h1 += c;

  // g = h + 5 = h - p + 2^130, carried limb by limb. h >= p exactly when
  // g >= 2^130, i.e. when bit 26 of g[4] is set; then h mod p = g - 2^130.
  uint32_t g0, g1, g2, g3, g4;
  g0 = h0 + 5;          c = g0 >> 26; g0 &= POLY1305_MASK26;
  g1 = h1 + c;          c = g1 >> 26; g1 &= POLY1305_MASK26;
  g2 = h2 + c;          c = g2 >> 26; g2 &= POLY1305_MASK26;
  g3 = h3 + c;          c = g3 >> 26; g3 &= POLY1305_MASK26;
  g4 = h4 + c;
  uint32_t use_g = 0u - (g4 >> 26);
  use_g = value_barrier_u32(use_g);
  g4 &= POLY1305_MASK26;
  h0 = (use_g & g0) | (~use_g & h0);
  h1 = (use_g & g1) | (~use_g & h1);
  h2 = (use_g & g2) | (~use_g & h2);
  h3 = (use_g & g3) | (~use_g & h3);
  h4 = (use_g & g4) | (~use_g & h4);

  // h < p now, but h[1] may still be 2^26 if g was not taken: one carry
  // pass (which cannot leave limb 4) makes every limb 26 bits.
  c = h1 >> 26; h1 &= POLY1305_MASK26; h2 += c;
  c = h2 >> 26; h2 &= POLY1305_MASK26; h3 += c;
  c = h3 >> 26; h3 &= POLY1305_MASK26; h4 += c;

  // Pack the 130-bit h into 128 bits (h < p, so the bits above are the
  // ones mod 2^128 drops) and add s mod 2^128, in 32-bit words.
  poly1305_store_tag(mac, h0 | (h1 << 26), (h1 >> 6) | (h2 << 20),
                     (h2 >> 12) | (h3 << 14), (h3 >> 18) | (h4 << 8), s);
  CRYPTO_wipe(&st, sizeof(st));
}

// --- The rows -----------------------------------------------------------------

// A row's `abi` is for the tests only. A row with a switch length hands
// shorter calls to POLY1305_SHORTER_ROW (impls.h); poly1305_row_blocks
// applies that.
#define POLY1305_ROW_INDEX_OF(row) CRYPTO_IMPL_ROW_INDEX(poly1305, row)
#define POLY1305_ROW(row_name, init_fn, blocks_fn, emit_fn, pred, row_min_len, \
                     abi)                                                      \
  {#row_name,                                                                  \
   (pred),                                                                     \
   #init_fn " " #blocks_fn " " #emit_fn,                                       \
   CRYPTO_IMPL_BLOCKS,                                                         \
   1,                                                                          \
   (row_min_len),                                                              \
   (row_min_len) != 0 ? POLY1305_ROW_INDEX_OF(POLY1305_SHORTER_ROW) : -1,      \
   {.poly1305 = {(init_fn), (blocks_fn), (emit_fn)}}},
static const CRYPTO_IMPL kPoly1305Impls[] = {POLY1305_IMPLS(POLY1305_ROW)};
#undef POLY1305_ROW

// A row that hands short calls over shares its state with the row it hands
// them to: the same init and emit, and the shorter row takes every length.
#define POLY1305_SHORTER_FITS(row_name, init_fn, blocks_fn, emit_fn, pred, \
                              row_min_len, abi)                            \
  static_assert((row_min_len) == 0 ||                                      \
                    POLY1305_ROW_INDEX_OF(POLY1305_SHORTER_ROW) >= 0,      \
                "row " #row_name ": no row takes its short calls");
POLY1305_IMPLS(POLY1305_SHORTER_FITS)
#undef POLY1305_SHORTER_FITS

CRYPTO_PRIMITIVE CRYPTO_primitive_poly1305 =
    CRYPTO_PRIMITIVE_INIT("poly1305", kPoly1305Impls);

// poly1305_row_blocks is the driver of the rows: it runs the blocks
// function of `row` on `len` bytes of `in` (a multiple of 16), or, when
// `len` is under the row's min_len, that of the row `shorter`, whose state
// is the same (init and emit are shared: checked when the row is chosen,
// see poly1305_row_chosen).
static inline void poly1305_row_blocks(const CRYPTO_IMPL *row, void *state,
                                       const uint8_t *in, size_t len,
                                       uint32_t padbit) {
  if (len < row->min_len) {
    row = &kPoly1305Impls[row->shorter];
  }
  row->entry.poly1305.blocks(state, in, len, padbit);
}

// poly1305_row_chosen returns the row the dispatcher chose.
static const CRYPTO_IMPL *poly1305_row_chosen(void) {
  const CRYPTO_IMPL *row = CRYPTO_impl_chosen(&CRYPTO_primitive_poly1305);
  assert(row->shorter < 0 ||
         (kPoly1305Impls[row->shorter].entry.poly1305.init ==
              row->entry.poly1305.init &&
          kPoly1305Impls[row->shorter].entry.poly1305.emit ==
              row->entry.poly1305.emit &&
          kPoly1305Impls[row->shorter].min_len == 0));
  return row;
}

// --- Test hook ----------------------------------------------------------------

void poly1305_set_h_for_testing(const struct crypto_poly1305_entry *fns,
                                void *state, uint64_t h0, uint64_t h1,
                                uint64_t h2) {
  if (fns->init == poly1305_init_c26) {
    struct poly1305_c26_state st;
    memcpy(&st, state, sizeof(st));
    poly1305_split26(st.h, h0, h1);
    st.h[4] |= (uint32_t)(h2 << 24);
    memcpy(state, &st, sizeof(st));
    return;
  }
#if defined(POLY1305_HAVE_C64)
  // Every other row keeps the base 2^64 layout.
  c64_put(state, C64_OFF(h0), h0);
  c64_put(state, C64_OFF(h1), h1);
  c64_put(state, C64_OFF(h2), h2);
#else
  // Without c64 (32-bit targets) the other rows have layouts of their own
  // (the i686 rows set h directly in their tests): refuse rather than
  // leave the state unchanged and let a bounds test pass vacuously.
  abort();
#endif
}

// --- Streaming API ----------------------------------------------------------

static_assert(sizeof(struct poly1305_c26_state) <= POLY1305_IMPL_STATE_SIZE,
              "c26 state too large");
#if defined(POLY1305_HAVE_C64)
static_assert(sizeof(struct poly1305_c64_state) <= POLY1305_IMPL_STATE_SIZE,
              "c64 state too large");
// The 64-bit assembly rows' head starts with the c64 layout (the x86-64
// rows share its init and emit).
static_assert(offsetof(struct poly1305_asm64_head, h0) ==
                      offsetof(struct poly1305_c64_state, h0) &&
                  offsetof(struct poly1305_asm64_head, h1) ==
                      offsetof(struct poly1305_c64_state, h1) &&
                  offsetof(struct poly1305_asm64_head, h2) ==
                      offsetof(struct poly1305_c64_state, h2) &&
                  offsetof(struct poly1305_asm64_head, r0) ==
                      offsetof(struct poly1305_c64_state, r0) &&
                  offsetof(struct poly1305_asm64_head, r1) ==
                      offsetof(struct poly1305_c64_state, r1),
              "the asm64 head must start with the base 2^64 state");
#endif
// The offsets poly1305-x86_64.pl and poly1305-armv8.pl use for the head.
static_assert(offsetof(struct poly1305_asm64_head, h0) == 0 &&
                  offsetof(struct poly1305_asm64_head, h1) == 8 &&
                  offsetof(struct poly1305_asm64_head, h2) == 16 &&
                  offsetof(struct poly1305_asm64_head, r0) == 24 &&
                  offsetof(struct poly1305_asm64_head, r1) == 32 &&
                  offsetof(struct poly1305_asm64_head, powers_ready) == 40 &&
                  sizeof(struct poly1305_asm64_head) == 64,
              "asm64 head layout differs from the generators");

// struct poly1305_ctx lives inside a poly1305_state at the first 64-byte
// aligned address.
struct poly1305_ctx {
  alignas(POLY1305_IMPL_STATE_ALIGN) uint8_t impl[POLY1305_IMPL_STATE_SIZE];
  // row is the implementation chosen at init; update and finish keep using
  // it even if the dispatcher's choice changes in between.
  const CRYPTO_IMPL *row;
  uint8_t s[16];
  // buf holds the buf_used < 16 bytes of a block not yet complete.
  uint8_t buf[16];
  size_t buf_used;
};

static_assert(sizeof(struct poly1305_ctx) + POLY1305_IMPL_STATE_ALIGN - 1 <=
                  sizeof(poly1305_state),
              "poly1305_state too small");

static struct poly1305_ctx *poly1305_ctx(poly1305_state *state) {
  uintptr_t p = (uintptr_t)state;
  p = (p + POLY1305_IMPL_STATE_ALIGN - 1) &
      ~(uintptr_t)(POLY1305_IMPL_STATE_ALIGN - 1);
  return (struct poly1305_ctx *)p;
}

void CRYPTO_poly1305_init(poly1305_state *state, const uint8_t key[32]) {
  struct poly1305_ctx *ctx = poly1305_ctx(state);
  ctx->row = poly1305_row_chosen();
  ctx->row->entry.poly1305.init(ctx->impl, key);
  memcpy(ctx->s, key + 16, 16);
  ctx->buf_used = 0;
}

void CRYPTO_poly1305_update(poly1305_state *state, const uint8_t *in,
                            size_t in_len) {
  struct poly1305_ctx *ctx = poly1305_ctx(state);
  // Complete a buffered partial block first.
  if (ctx->buf_used != 0) {
    size_t todo = 16 - ctx->buf_used;
    if (todo > in_len) {
      todo = in_len;
    }
    OPENSSL_memcpy(ctx->buf + ctx->buf_used, in, todo);
    ctx->buf_used += todo;
    in += todo;
    in_len -= todo;
    if (ctx->buf_used < 16) {
      return;
    }
    poly1305_row_blocks(ctx->row, ctx->impl, ctx->buf, 16, 1);
    ctx->buf_used = 0;
  }
  // Whole blocks straight from the input.
  size_t whole = in_len & ~(size_t)15;
  if (whole != 0) {
    poly1305_row_blocks(ctx->row, ctx->impl, in, whole, 1);
    in += whole;
    in_len -= whole;
  }
  // Keep the tail (< 16 bytes) for later.
  OPENSSL_memcpy(ctx->buf, in, in_len);
  ctx->buf_used = in_len;
}

void CRYPTO_poly1305_finish(poly1305_state *state, uint8_t mac[16]) {
  struct poly1305_ctx *ctx = poly1305_ctx(state);
  if (ctx->buf_used != 0) {
    // RFC 8439: a final block of n < 16 bytes is m || 0x01 || zeros, with
    // no 2^128 bit (padbit 0).
    ctx->buf[ctx->buf_used] = 1;
    memset(ctx->buf + ctx->buf_used + 1, 0, 15 - ctx->buf_used);
    poly1305_row_blocks(ctx->row, ctx->impl, ctx->buf, 16, 0);
  }
  ctx->row->entry.poly1305.emit(ctx->impl, mac, ctx->s);
  CRYPTO_wipe(state, sizeof(poly1305_state));
}

// --- The context of the layers above (mac.h) -----------------------------------

// struct poly1305_mac is the layout of a POLY1305_MAC_CTX.
struct poly1305_mac {
  alignas(POLY1305_IMPL_STATE_ALIGN) uint8_t impl[POLY1305_IMPL_STATE_SIZE];
  // row is the implementation chosen at init.
  const CRYPTO_IMPL *row;
  uint8_t s[16];
};

static_assert(sizeof(struct poly1305_mac) <= sizeof(POLY1305_MAC_CTX),
              "POLY1305_MAC_CTX too small");
static_assert(alignof(POLY1305_MAC_CTX) >= alignof(struct poly1305_mac),
              "POLY1305_MAC_CTX not aligned enough");

static struct poly1305_mac *poly1305_mac(POLY1305_MAC_CTX *ctx) {
  return (struct poly1305_mac *)ctx->opaque;
}

void poly1305_mac_init(POLY1305_MAC_CTX *ctx, const uint8_t key[32]) {
  struct poly1305_mac *m = poly1305_mac(ctx);
  m->row = poly1305_row_chosen();
  m->row->entry.poly1305.init(m->impl, key);
  OPENSSL_memcpy(m->s, key + 16, 16);
}

void poly1305_mac_update(POLY1305_MAC_CTX *ctx, const uint8_t *in,
                         size_t len) {
  assert(len % 16 == 0);
  if (len != 0) {
    struct poly1305_mac *m = poly1305_mac(ctx);
    poly1305_row_blocks(m->row, m->impl, in, len, 1);
  }
}

void poly1305_mac_padded(POLY1305_MAC_CTX *ctx, const uint8_t *in,
                         size_t len) {
  struct poly1305_mac *m = poly1305_mac(ctx);
  size_t whole = len & ~(size_t)15;
  if (whole != 0) {
    poly1305_row_blocks(m->row, m->impl, in, whole, 1);
  }
  if (len != whole) {
    uint8_t last[16] = {0};
    OPENSSL_memcpy(last, in + whole, len - whole);
    poly1305_row_blocks(m->row, m->impl, last, 16, 1);
  }
}

void poly1305_mac_finish(POLY1305_MAC_CTX *ctx, uint8_t tag[16]) {
  struct poly1305_mac *m = poly1305_mac(ctx);
  m->row->entry.poly1305.emit(m->impl, tag, m->s);
  CRYPTO_wipe(ctx, sizeof(*ctx));
}
