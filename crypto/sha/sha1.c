// Copyright 2026 The project authors.
//
// sha1.c: SHA-1 (FIPS 180-4 §5.3.1, §6.1).
//
// This file holds the portable SHA-1 compression function, the rows of
// CRYPTO_primitive_sha1 built from the list of paths in impls.h, and the one
// place that buffers partial blocks, pads and counts the length for SHA-1.
// Implementations only ever see whole 64-byte blocks.

#include <openssl/sha.h>

#include <openssl/mem.h>

#include "../internal.h"
#include "internal.h"

typedef void (*sha1_block_fn)(uint32_t state[5], const uint8_t *in,
                              size_t num_blocks);

// The block function in use: one atomic load (crypto/impl.h).
static sha1_block_fn sha1_get_block(void) {
  return CRYPTO_impl_chosen(&CRYPTO_primitive_sha1)->entry.sha32;
}

// --- Portable compression function -----------------------------------------

// The round functions f_t and constants K_t of FIPS 180-4 §4.1.1 and §4.2.1,
// one per group of twenty rounds:
//   t =  0..19: Ch(b,c,d)     = (b AND c) XOR (NOT b AND d), K = 0x5a827999
//   t = 20..39: Parity(b,c,d) = b XOR c XOR d,               K = 0x6ed9eba1
//   t = 40..59: Maj(b,c,d),                                  K = 0x8f1bbcdc
//   t = 60..79: Parity(b,c,d),                               K = 0xca62c1d6
// Ch and Maj use equivalent forms with fewer operations.
static inline uint32_t sha1_ch(uint32_t b, uint32_t c, uint32_t d) {
  return d ^ (b & (c ^ d));
}
static inline uint32_t sha1_parity(uint32_t b, uint32_t c, uint32_t d) {
  return b ^ c ^ d;
}
static inline uint32_t sha1_maj(uint32_t b, uint32_t c, uint32_t d) {
  return (b & c) | (d & (b | c));
}

// One round (§6.1.2 step 3) with the working variables in their current
// roles:  T = ROTL5(a) + f(b,c,d) + e + K + W[t];  e = d; d = c;
// c = ROTL30(b); b = a; a = T.
// As in sha256.c no values move: the round adds into `e` (which becomes the
// new `a`) and rotates `b` in place, and the next round is called with the
// names shifted by one. Five rounds bring the names back.
#define SHA1_ROUND(f, k, a, b, c, d, e, wt)                                  \
  do {                                                                       \
    (e) += CRYPTO_rotl_u32((a), 5) + f((b), (c), (d)) + (k) + (wt);          \
    (b) = CRYPTO_rotl_u32((b), 30);                                          \
  } while (0)

// The message schedule for t >= 16 in a ring of 16 words (§6.1.2 step 1):
//   W[t] = ROTL1(W[t-3] XOR W[t-8] XOR W[t-14] XOR W[t-16])
// The slot of W[t-16] is overwritten with W[t], which is also returned.
#define SHA1_W(t)                                                          \
  (w[(t) & 15] = CRYPTO_rotl_u32(w[((t) + 13) & 15] ^ w[((t) + 8) & 15] ^  \
                                     w[((t) + 2) & 15] ^ w[(t) & 15],      \
                                 1))

// Five rounds starting at round t (a multiple of 5), message words from
// `W(t)`, which is either the loaded word or the schedule.
#define SHA1_FIVE(f, k, t, W)                         \
  do {                                                \
    SHA1_ROUND(f, k, a, b, c, d, e, W((t) + 0));      \
    SHA1_ROUND(f, k, e, a, b, c, d, W((t) + 1));      \
    SHA1_ROUND(f, k, d, e, a, b, c, W((t) + 2));      \
    SHA1_ROUND(f, k, c, d, e, a, b, W((t) + 3));      \
    SHA1_ROUND(f, k, b, c, d, e, a, W((t) + 4));      \
  } while (0)

// Rounds 0..15 read the message words as loaded.
#define SHA1_M(t) (w[(t)])

// Speed (gcc 12 -O3, AMD EPYC Zen 3 VM, best of 3000 runs of 16 blocks, in
// 2.1 GHz TSC ticks): about 2.0 ticks/byte, ~155 ticks for one block.
void sha1_block_data_order_nohw(uint32_t state[5], const uint8_t *in,
                                size_t num_blocks) {
  uint32_t a, b, c, d, e;
  uint32_t w[16];
  while (num_blocks-- > 0) {
    for (int i = 0; i < 16; i++) {
      w[i] = CRYPTO_load_u32_be(in + 4 * i);
    }
    a = state[0];
    b = state[1];
    c = state[2];
    d = state[3];
    e = state[4];

    // Rounds 0..19: the first 16 use W[t] = M[t]; round 15 is the last
    // loaded word, so the first group is split as 15 + 5 with the schedule
    // starting at round 16.
    SHA1_FIVE(sha1_ch, 0x5a827999, 0, SHA1_M);
    SHA1_FIVE(sha1_ch, 0x5a827999, 5, SHA1_M);
    SHA1_FIVE(sha1_ch, 0x5a827999, 10, SHA1_M);
    SHA1_ROUND(sha1_ch, 0x5a827999, a, b, c, d, e, w[15]);
    SHA1_ROUND(sha1_ch, 0x5a827999, e, a, b, c, d, SHA1_W(16));
    SHA1_ROUND(sha1_ch, 0x5a827999, d, e, a, b, c, SHA1_W(17));
    SHA1_ROUND(sha1_ch, 0x5a827999, c, d, e, a, b, SHA1_W(18));
    SHA1_ROUND(sha1_ch, 0x5a827999, b, c, d, e, a, SHA1_W(19));
    // Rounds 20..39.
    SHA1_FIVE(sha1_parity, 0x6ed9eba1, 20, SHA1_W);
    SHA1_FIVE(sha1_parity, 0x6ed9eba1, 25, SHA1_W);
    SHA1_FIVE(sha1_parity, 0x6ed9eba1, 30, SHA1_W);
    SHA1_FIVE(sha1_parity, 0x6ed9eba1, 35, SHA1_W);
    // Rounds 40..59.
    SHA1_FIVE(sha1_maj, 0x8f1bbcdc, 40, SHA1_W);
    SHA1_FIVE(sha1_maj, 0x8f1bbcdc, 45, SHA1_W);
    SHA1_FIVE(sha1_maj, 0x8f1bbcdc, 50, SHA1_W);
    SHA1_FIVE(sha1_maj, 0x8f1bbcdc, 55, SHA1_W);
    // Rounds 60..79.
    SHA1_FIVE(sha1_parity, 0xca62c1d6, 60, SHA1_W);
    SHA1_FIVE(sha1_parity, 0xca62c1d6, 65, SHA1_W);
    SHA1_FIVE(sha1_parity, 0xca62c1d6, 70, SHA1_W);
    SHA1_FIVE(sha1_parity, 0xca62c1d6, 75, SHA1_W);

    // H(i) = H(i-1) + (a, b, c, d, e).
    state[0] += a;
    state[1] += b;
    state[2] += c;
    state[3] += d;
    state[4] += e;
    in += 64;
  }
  sha_wipe(w, sizeof(w));
}

// The rows, best first, from the list in impls.h (SHA1_IMPLS).
static const CRYPTO_IMPL kSHA1Impls[] = {SHA1_IMPLS(SHA_IMPL_ROW_32)};
CRYPTO_PRIMITIVE CRYPTO_primitive_sha1 =
    CRYPTO_PRIMITIVE_INIT("sha1", kSHA1Impls);

// --- Buffering, padding and length -----------------------------------------

// The initial hash value H(0) (§5.3.1).
static const uint32_t kSHA1IV[5] = {
    0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476, 0xc3d2e1f0,
};

// Init sets only the fields the hash reads: sha->data is always written
// before it is read.
static void sha1_init(SHA_CTX *sha) {
  OPENSSL_memcpy(sha->h, kSHA1IV, sizeof(sha->h));
  sha->num = 0;
  sha->len = 0;
}

// sha1_update appends `len` bytes to the message: it tops up a partial block
// first, then compresses whole blocks straight from `in` (no copy) and keeps
// the remainder, fewer than 64 bytes, in sha->data (helpers in internal.h).
static void sha1_update(SHA_CTX *sha, const uint8_t *in, size_t len,
                        sha1_block_fn block) {
  sha->len += len;
  if (sha_buffer_top_up(sha->data, &sha->num, SHA_CBLOCK, &in, &len)) {
    block(sha->h, sha->data, 1);
  }
  size_t whole = len / SHA_CBLOCK;
  if (whole != 0) {
    block(sha->h, in, whole);
    in += whole * SHA_CBLOCK;
    len -= whole * SHA_CBLOCK;
  }
  sha_buffer_keep(sha->data, &sha->num, in, len);
}

static inline void sha1_store(uint8_t out[SHA_DIGEST_LENGTH],
                              const uint32_t h[5]) {
  for (size_t i = 0; i < 5; i++) {
    CRYPTO_store_u32_be(out + 4 * i, h[i]);
  }
}

// sha1_final pads the message (§5.1.1: a 1 bit, zeros to 56 mod 64 bytes,
// then the 64-bit big-endian bit length) into a two-block stack buffer with
// sha_pad_tail, compresses the last one or two blocks with one call, writes
// H as big-endian words and erases the context. (As in sha256.c: sha->data
// holds one block only, and the pieces are built in registers either way.)
static void sha1_final(SHA_CTX *sha, uint8_t out[SHA_DIGEST_LENGTH],
                       sha1_block_fn block) {
  uint8_t last[2 * SHA_CBLOCK];
  size_t n = sha_pad_tail(last, SHA_CBLOCK, 8, sha->data, sha->num, 0,
                          sha->len << 3);
  block(sha->h, last, n);
  sha1_store(out, sha->h);
  sha_wipe_chunks(last, n * SHA_CBLOCK);
  // CRYPTO_wipe, not sha_wipe: a whole context is ~100 bytes or more,
  // which gcc turns into `rep stosq` in a plain memset (../internal.h).
  CRYPTO_wipe(sha, sizeof(*sha));
}

int SHA1_Init(SHA_CTX *sha) {
  sha1_init(sha);
  return 1;
}

int SHA1_Update(SHA_CTX *sha, const void *data, size_t len) {
  sha1_update(sha, data, len, sha1_get_block());
  return 1;
}

int SHA1_Final(uint8_t out[SHA_DIGEST_LENGTH], SHA_CTX *sha) {
  sha1_final(sha, out, sha1_get_block());
  return 1;
}

// The one-shot function needs no context: whole blocks straight from
// `data`, then the tail and padding built by sha_pad_tail and compressed
// with one call, with a one-block case for messages of fewer than 56 bytes
// (see sha256_oneshot in sha256.c for the reasons and measurements).
uint8_t *SHA1(const uint8_t *data, size_t len,
              uint8_t out[SHA_DIGEST_LENGTH]) {
  sha1_block_fn block = sha1_get_block();
  uint32_t h[5];
  OPENSSL_memcpy(h, kSHA1IV, sizeof(h));
  uint8_t last[2 * SHA_CBLOCK];
  if (len < SHA_CBLOCK - 8) {
    sha_pad_tail(last, SHA_CBLOCK, 8, data, len, 0, (uint64_t)len << 3);
    block(h, last, 1);
    sha1_store(out, h);
    sha_wipe_chunks(last, SHA_CBLOCK);
    sha_wipe(h, sizeof(h));
    return out;
  }
  size_t whole = len / SHA_CBLOCK;
  const uint8_t *tail = data;
  if (whole != 0) {
    block(h, data, whole);
    tail += whole * SHA_CBLOCK;
  }
  size_t n = sha_pad_tail(last, SHA_CBLOCK, 8, tail,
                          len % SHA_CBLOCK, 0, (uint64_t)len << 3);
  block(h, last, n);
  sha1_store(out, h);
  sha_wipe_chunks(last, n * SHA_CBLOCK);
  sha_wipe(h, sizeof(h));
  return out;
}

// --- Raw block interface (OpenSSL/BoringSSL compatibility) -----------------

void SHA1_Transform(SHA_CTX *sha, const uint8_t block[SHA_CBLOCK]) {
  sha1_get_block()(sha->h, block, 1);
}

// FIPS 186-2 (change notice 1), appendix 3.1, with b = 160 and no XSEED:
// w = G(t, XKEY) is one SHA-1 compression of XKEY || 0^352 from SHA-1's
// initial value t (appendix 3.3), then XKEY = (1 + XKEY + w) mod 2^160.
// The 40-byte x_j = w_0 || w_1 of consecutive j concatenate to the same
// byte string as all the w's in order, so the output is those, truncated.
void CRYPTO_fips_186_2_prf(uint8_t *out, size_t out_len,
                           const uint8_t xkey[SHA_DIGEST_LENGTH]) {
  sha1_block_fn block = sha1_get_block();
  uint8_t x[SHA_DIGEST_LENGTH];  // XKEY, a big-endian 160-bit number
  uint8_t m[SHA_CBLOCK];
  uint8_t w[SHA_DIGEST_LENGTH];
  uint32_t h[5];
  OPENSSL_memcpy(x, xkey, sizeof(x));
  while (out_len > 0) {
    OPENSSL_memcpy(h, kSHA1IV, sizeof(h));
    OPENSSL_memset(m, 0, sizeof(m));
    OPENSSL_memcpy(m, x, sizeof(x));
    block(h, m, 1);
    sha1_store(w, h);
    uint32_t carry = 1;
    for (size_t i = sizeof(x); i-- > 0;) {
      carry += (uint32_t)x[i] + w[i];
      x[i] = (uint8_t)carry;
      carry >>= 8;
    }
    size_t n = out_len < sizeof(w) ? out_len : sizeof(w);
    OPENSSL_memcpy(out, w, n);
    out += n;
    out_len -= n;
  }
  sha_wipe(x, sizeof(x));
  sha_wipe(m, sizeof(m));
  sha_wipe(w, sizeof(w));
  sha_wipe(h, sizeof(h));
}
