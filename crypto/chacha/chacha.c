// Copyright 2026 The project authors.
//
// ChaCha20 (RFC 8439, section 2) and HChaCha20 (draft-irtf-cfrg-xchacha).
//
// The paths are declared once, in impls.h; this file holds the portable C
// one, the rows built from the list, and the one driver that applies the
// rows' length rules (chacha20_xor_words). CRYPTO_chacha_20 turns the
// byte-oriented key and nonce into state words and calls the driver.

#include <openssl/chacha.h>

#include <openssl/mem.h>

#include <assert.h>
#include <stddef.h>
#include <string.h>

#include "../internal.h"
#include "internal.h"

// ChaCha20_ctr32_nohw computes, for each 64-byte block i of the input, the
// block function of RFC 8439 section 2.3,
//   state = constants | key | counter + i | nonce
//   keystream = serialize(rounds(state) + state)     (little-endian words)
// and XORs it into the input. The working copies of the state and the
// keystream are secret, so they are wiped once at the end of the call.
void ChaCha20_ctr32_nohw(uint8_t *out, const uint8_t *in, size_t in_len,
                         const uint32_t key[8],
                         const uint32_t counter_nonce[4]) {
  uint32_t state[16] = {
      CHACHA20_CONSTANT0, CHACHA20_CONSTANT1, CHACHA20_CONSTANT2,
      CHACHA20_CONSTANT3, key[0], key[1], key[2], key[3], key[4], key[5],
      key[6], key[7], counter_nonce[0], counter_nonce[1], counter_nonce[2],
      counter_nonce[3],
  };
  uint32_t x[16];
  uint8_t keystream[64];
  while (in_len > 0) {
    memcpy(x, state, sizeof(x));
    chacha20_rounds(x);
    for (int i = 0; i < 16; i++) {
      CRYPTO_store_u32_le(keystream + 4 * i, x[i] + state[i]);
    }
    size_t todo = in_len < 64 ? in_len : 64;
    // Byte by byte, so that out == in works and no byte past `in_len` is
    // touched. Compilers vectorise this loop for whole blocks.
    for (size_t i = 0; i < todo; i++) {
      out[i] = in[i] ^ keystream[i];
    }
    out += todo;
    in += todo;
    in_len -= todo;
    // The counter is a 32-bit word: it wraps to 0 after 0xffffffff and the
    // nonce words stay as they are, the contract every path shares (see
    // CRYPTO_chacha_20).
    state[12]++;
  }
  CRYPTO_wipe(state, sizeof(state));
  CRYPTO_wipe(x, sizeof(x));
  CRYPTO_wipe(keystream, sizeof(keystream));
}

void CRYPTO_chacha_20(uint8_t *out, const uint8_t *in, size_t in_len,
                      const uint8_t key[32], const uint8_t nonce[12],
                      uint32_t counter) {
  if (in_len == 0) {
    return;
  }
  uint32_t key_words[8];
  for (int i = 0; i < 8; i++) {
    key_words[i] = CRYPTO_load_u32_le(key + 4 * i);
  }
  uint32_t counter_nonce[4] = {
      counter,
      CRYPTO_load_u32_le(nonce + 0),
      CRYPTO_load_u32_le(nonce + 4),
      CRYPTO_load_u32_le(nonce + 8),
  };
  chacha20_xor_words(out, in, in_len, key_words, counter_nonce);
  CRYPTO_wipe(key_words, sizeof(key_words));
}

int chacha20_keystream_words(uint8_t *out, size_t len, const uint32_t key[8],
                             const uint32_t counter_nonce[4]) {
#if defined(OPENSSL_X86_64) && !defined(OPENSSL_NO_ASM)
  if (len != 0 && len % 2048 == 0 &&
      CRYPTO_impl_chosen(&CRYPTO_primitive_chacha20)->entry.chacha20 ==
          ChaCha20_ctr32_avx512) {
    ChaCha20_ctr32_avx512(out, NULL, len, key, counter_nonce);
    return 1;
  }
#endif
  (void)out;
  (void)len;
  (void)key;
  (void)counter_nonce;
  return 0;
}

// The short seal and open run where the chosen row's entry point has the
// one-call companion; a test that forces another row gets -1 here, and the
// AEAD its general path.
int chacha20_poly1305_short(const struct chacha20_poly1305_short_args *args) {
#if defined(OPENSSL_X86_64) && !defined(OPENSSL_NO_ASM)
  if (CRYPTO_impl_chosen(&CRYPTO_primitive_chacha20)->entry.chacha20 ==
      ChaCha20_ctr32_avx512) {
    if (args->in_len <= 64) {
      return chacha20_poly1305_short_avx512(args);
    }
    if (args->in_len > 128 && chacha20_avx512ifma_capable()) {
      return chacha20_poly1305_medium_avx512ifma(args);
    }
    return chacha20_poly1305_medium_avx512(args);
  }
#endif
  (void)args;
  return -1;
}

#if defined(OPENSSL_X86_64) && !defined(OPENSSL_NO_ASM)
// The offsets chacha20_poly1305_short_avx512 and the medium functions read.
_Static_assert(offsetof(struct chacha20_poly1305_short_args, key) == 0 &&
                   offsetof(struct chacha20_poly1305_short_args, nonce) ==
                       8 &&
                   offsetof(struct chacha20_poly1305_short_args, in) == 16 &&
                   offsetof(struct chacha20_poly1305_short_args, out) == 24 &&
                   offsetof(struct chacha20_poly1305_short_args, in_len) ==
                       32 &&
                   offsetof(struct chacha20_poly1305_short_args, ad) == 40 &&
                   offsetof(struct chacha20_poly1305_short_args, ad_len) ==
                       48 &&
                   offsetof(struct chacha20_poly1305_short_args, tag) == 56 &&
                   offsetof(struct chacha20_poly1305_short_args, open) == 64 &&
                   offsetof(struct chacha20_poly1305_short_args,
                            xchacha) == 72,
               "the assembly's offsets of struct chacha20_poly1305_short_args");
#endif

// CRYPTO_hchacha20 runs on the chosen ChaCha20 row. HChaCha20's state is
// a ChaCha20 block's with the 16-byte nonce as words 12..15, which the rows
// take as counter | nonce; its output is words 0..3 and 12..15 after the
// rounds, which one block of keystream holds plus the state (the
// feed-forward), so one block over zeros, minus the constants and the
// nonce words, is HChaCha20. The subtraction is a few operations beside a
// block's 20-round chain, and the rows' one-block paths beat the C rounds
// that ran here before: on AMD Zen 4 (family 25 model 17) the xmm rows of
// the avx512_zen4 row against gcc's scalar rounds, on Zen 5 the x86_64
// scalar assembly (161-173 TSC ticks a block against 195-201 for the C
// function). Measured on Zen 4, util/bench/aead_floor.c, the builds before
// and after alternated: see the commit that made this change.
void CRYPTO_hchacha20(uint8_t out[32], const uint8_t key[32],
                      const uint8_t nonce[16]) {
  uint32_t key_words[8], nonce_words[4];
  for (int i = 0; i < 8; i++) {
    key_words[i] = CRYPTO_load_u32_le(key + 4 * i);
  }
  for (int i = 0; i < 4; i++) {
    nonce_words[i] = CRYPTO_load_u32_le(nonce + 4 * i);
  }
  uint8_t block[64] = {0};
  chacha20_xor_words(block, block, sizeof(block), key_words, nonce_words);
  static const uint32_t kConstants[4] = {
      CHACHA20_CONSTANT0, CHACHA20_CONSTANT1, CHACHA20_CONSTANT2,
      CHACHA20_CONSTANT3};
  // Every input has been read into the words, so `out` may alias them.
  for (int i = 0; i < 4; i++) {
    CRYPTO_store_u32_le(out + 4 * i,
                        CRYPTO_load_u32_le(block + 4 * i) - kConstants[i]);
    CRYPTO_store_u32_le(out + 16 + 4 * i,
                        CRYPTO_load_u32_le(block + 48 + 4 * i) -
                            nonce_words[i]);
  }
  CRYPTO_wipe(block, sizeof(block));
  CRYPTO_wipe(key_words, sizeof(key_words));
  CRYPTO_wipe(nonce_words, sizeof(nonce_words));
}

// --- The rows and their driver -----------------------------------------------

#define CHACHA20_ROW(row_name, fn, pred, row_shape, row_width, row_min_len, \
                     row_shorter)                                           \
  {#row_name,                                                               \
   (pred),                                                                  \
   #fn,                                                                     \
   (row_shape),                                                             \
   (row_width),                                                             \
   (row_min_len),                                                           \
   CRYPTO_IMPL_ROW_INDEX(chacha20, row_shorter),                            \
   {.chacha20 = (fn)}},
static const CRYPTO_IMPL kChaCha20Impls[] = {CHACHA20_IMPLS(CHACHA20_ROW)};
#undef CHACHA20_ROW

CRYPTO_PRIMITIVE CRYPTO_primitive_chacha20 =
    CRYPTO_PRIMITIVE_INIT("chacha20", kChaCha20Impls);

// chacha20_advance sets `next` to the counter and nonce words of the block
// `blocks` blocks after the first block of `counter_nonce`: the counter
// advanced modulo 2^32 (the truncating cast is that wrap), the nonce words
// unchanged.
static inline void chacha20_advance(uint32_t next[4],
                                    const uint32_t counter_nonce[4],
                                    size_t blocks) {
  next[0] = counter_nonce[0] + (uint32_t)blocks;
  next[1] = counter_nonce[1];
  next[2] = counter_nonce[2];
  next[3] = counter_nonce[3];
}

// CHACHA20_REST_MAX_BLOCKS is the most blocks chacha20_rest_via_blocks
// takes: the widest group of any row (eight, x86-64 avx2), so the driver
// can hand it any final partial group (checked below).
#define CHACHA20_REST_MAX_BLOCKS 8

// chacha20_rest_via_blocks XORs `len` bytes, 0 < len <= 64 *
// CHACHA20_REST_MAX_BLOCKS, with the keystream from the block function
// `fn`, a BLOCKS entry point, under the contract of chacha20_xor_words
// (out == in or no overlap; nothing past `len` touched). Whole blocks go straight to `fn`. Otherwise the bytes are
// copied to a stack buffer zero-padded to whole blocks, XORed there in
// place by one call of `fn`, copied out, and the buffer is wiped: it holds
// plaintext and ciphertext, hence keystream. The padding's keystream is
// computed and discarded; a block function's final group costs as much
// whether or not it is full, so this is the cheapest way to a partial
// block's keystream from it.
static inline void chacha20_rest_via_blocks(crypto_chacha20_fn fn,
                                            uint8_t *out, const uint8_t *in,
                                            size_t len, const uint32_t key[8],
                                            const uint32_t counter_nonce[4]) {
  size_t blocks = (len + 63) / 64;
  if (len % 64 == 0) {
    fn(out, in, blocks, key, counter_nonce);
    return;
  }
  uint8_t buf[64 * CHACHA20_REST_MAX_BLOCKS];
  assert(blocks <= CHACHA20_REST_MAX_BLOCKS);
  memcpy(buf, in, len);
  memset(buf + len, 0, blocks * 64 - len);
  fn(buf, buf, blocks, key, counter_nonce);
  memcpy(out, buf, len);
  CRYPTO_wipe(buf, blocks * 64);
}

// Every row's group fits the padded buffer of chacha20_rest_via_blocks.
#define CHACHA20_ROW_FITS(row_name, fn, pred, row_shape, row_width,     \
                          row_min_len, row_shorter)                     \
  _Static_assert((row_width) <= CHACHA20_REST_MAX_BLOCKS,               \
                 "row " #row_name ": a final group must fit the buffer");
CHACHA20_IMPLS(CHACHA20_ROW_FITS)
#undef CHACHA20_ROW_FITS

// chacha20_xor_words is the driver of the rows (see impls.h): starting at
// the row the dispatcher chose, an input shorter than a row's min_len goes
// to its `shorter` row; a BYTES row takes the whole input; a BLOCKS row
// takes its whole groups of `width` blocks, then the rest goes round again
// (so a short rest reaches `shorter`), or, when there is no whole group,
// through one padded call (chacha20_rest_via_blocks). Each later step's
// counter is advanced past the blocks before it, modulo 2^32.
void chacha20_xor_words(uint8_t *out, const uint8_t *in, size_t len,
                        const uint32_t key[8],
                        const uint32_t counter_nonce[4]) {
  const CRYPTO_IMPL *row = CRYPTO_impl_chosen(&CRYPTO_primitive_chacha20);
  uint32_t next[4];
  const uint32_t *cn = counter_nonce;
  while (len != 0) {
    if (len < row->min_len) {
      row = &kChaCha20Impls[row->shorter];
      continue;
    }
    if (row->shape == CRYPTO_IMPL_BYTES) {
      row->entry.chacha20(out, in, len, key, cn);
      return;
    }
    size_t group = 64 * (size_t)row->width;
    size_t whole = len / group * group;
    if (whole == 0) {
      chacha20_rest_via_blocks(row->entry.chacha20, out, in, len, key, cn);
      return;
    }
    row->entry.chacha20(out, in, whole / 64, key, cn);
    chacha20_advance(next, cn, whole / 64);
    cn = next;
    out += whole;
    in += whole;
    len -= whole;
  }
}
