// Copyright 2026 The project authors.
//
// sha512.c: SHA-384, SHA-512, SHA-512/224 and SHA-512/256 (FIPS 180-4
// §5.3.4 to §5.3.6, §6.4 to §6.7).
//
// This file holds the portable SHA-512 compression function, the rows of
// CRYPTO_primitive_sha512 built from the list of paths in impls.h, and the one
// place that buffers partial blocks, pads and counts the length for the
// SHA-512 family. Implementations only ever see whole 128-byte blocks.

#include <openssl/sha.h>

#include <openssl/mem.h>

#include "../internal.h"
#include "internal.h"

typedef void (*sha512_block_fn)(uint64_t state[8], const uint8_t *in,
                                size_t num_blocks);

// The block function in use: one atomic load (crypto/impl.h).
static sha512_block_fn sha512_get_block(void) {
  return CRYPTO_impl_chosen(&CRYPTO_primitive_sha512)->entry.sha64;
}

// --- Portable compression function -----------------------------------------

// K[t], t = 0..79: the first 64 bits of the fractional parts of the cube
// roots of the first 80 primes (FIPS 180-4 §4.2.3).
static const uint64_t kK512[80] = {
    UINT64_C(0x428a2f98d728ae22), UINT64_C(0x7137449123ef65cd),
    UINT64_C(0xb5c0fbcfec4d3b2f), UINT64_C(0xe9b5dba58189dbbc),
    UINT64_C(0x3956c25bf348b538), UINT64_C(0x59f111f1b605d019),
    UINT64_C(0x923f82a4af194f9b), UINT64_C(0xab1c5ed5da6d8118),
    UINT64_C(0xd807aa98a3030242), UINT64_C(0x12835b0145706fbe),
    UINT64_C(0x243185be4ee4b28c), UINT64_C(0x550c7dc3d5ffb4e2),
    UINT64_C(0x72be5d74f27b896f), UINT64_C(0x80deb1fe3b1696b1),
    UINT64_C(0x9bdc06a725c71235), UINT64_C(0xc19bf174cf692694),
    UINT64_C(0xe49b69c19ef14ad2), UINT64_C(0xefbe4786384f25e3),
    UINT64_C(0x0fc19dc68b8cd5b5), UINT64_C(0x240ca1cc77ac9c65),
    UINT64_C(0x2de92c6f592b0275), UINT64_C(0x4a7484aa6ea6e483),
    UINT64_C(0x5cb0a9dcbd41fbd4), UINT64_C(0x76f988da831153b5),
    UINT64_C(0x983e5152ee66dfab), UINT64_C(0xa831c66d2db43210),
    UINT64_C(0xb00327c898fb213f), UINT64_C(0xbf597fc7beef0ee4),
    UINT64_C(0xc6e00bf33da88fc2), UINT64_C(0xd5a79147930aa725),
    UINT64_C(0x06ca6351e003826f), UINT64_C(0x142929670a0e6e70),
    UINT64_C(0x27b70a8546d22ffc), UINT64_C(0x2e1b21385c26c926),
    UINT64_C(0x4d2c6dfc5ac42aed), UINT64_C(0x53380d139d95b3df),
    UINT64_C(0x650a73548baf63de), UINT64_C(0x766a0abb3c77b2a8),
    UINT64_C(0x81c2c92e47edaee6), UINT64_C(0x92722c851482353b),
    UINT64_C(0xa2bfe8a14cf10364), UINT64_C(0xa81a664bbc423001),
    UINT64_C(0xc24b8b70d0f89791), UINT64_C(0xc76c51a30654be30),
    UINT64_C(0xd192e819d6ef5218), UINT64_C(0xd69906245565a910),
    UINT64_C(0xf40e35855771202a), UINT64_C(0x106aa07032bbd1b8),
    UINT64_C(0x19a4c116b8d2d0c8), UINT64_C(0x1e376c085141ab53),
    UINT64_C(0x2748774cdf8eeb99), UINT64_C(0x34b0bcb5e19b48a8),
    UINT64_C(0x391c0cb3c5c95a63), UINT64_C(0x4ed8aa4ae3418acb),
    UINT64_C(0x5b9cca4f7763e373), UINT64_C(0x682e6ff3d6b2b8a3),
    UINT64_C(0x748f82ee5defb2fc), UINT64_C(0x78a5636f43172f60),
    UINT64_C(0x84c87814a1f0ab72), UINT64_C(0x8cc702081a6439ec),
    UINT64_C(0x90befffa23631e28), UINT64_C(0xa4506cebde82bde9),
    UINT64_C(0xbef9a3f7b2c67915), UINT64_C(0xc67178f2e372532b),
    UINT64_C(0xca273eceea26619c), UINT64_C(0xd186b8c721c0c207),
    UINT64_C(0xeada7dd6cde0eb1e), UINT64_C(0xf57d4f7fee6ed178),
    UINT64_C(0x06f067aa72176fba), UINT64_C(0x0a637dc5a2c898a6),
    UINT64_C(0x113f9804bef90dae), UINT64_C(0x1b710b35131c471b),
    UINT64_C(0x28db77f523047d84), UINT64_C(0x32caab7b40c72493),
    UINT64_C(0x3c9ebe0a15c9bebc), UINT64_C(0x431d67c49c100d4c),
    UINT64_C(0x4cc5d4becb3e42b6), UINT64_C(0x597f299cfc657e2a),
    UINT64_C(0x5fcb6fab3ad6faec), UINT64_C(0x6c44198c4a475817),
};

// The logical functions of FIPS 180-4 §4.1.3.
static inline uint64_t Sigma0_512(uint64_t x) {
  return CRYPTO_rotr_u64(x, 28) ^ CRYPTO_rotr_u64(x, 34) ^
         CRYPTO_rotr_u64(x, 39);
}
static inline uint64_t Sigma1_512(uint64_t x) {
  return CRYPTO_rotr_u64(x, 14) ^ CRYPTO_rotr_u64(x, 18) ^
         CRYPTO_rotr_u64(x, 41);
}
static inline uint64_t sigma0_512(uint64_t x) {
  return CRYPTO_rotr_u64(x, 1) ^ CRYPTO_rotr_u64(x, 8) ^ (x >> 7);
}
static inline uint64_t sigma1_512(uint64_t x) {
  return CRYPTO_rotr_u64(x, 19) ^ CRYPTO_rotr_u64(x, 61) ^ (x >> 6);
}
// Ch and Maj in the same reduced forms as sha256.c.
static inline uint64_t Ch64(uint64_t x, uint64_t y, uint64_t z) {
  return z ^ (x & (y ^ z));
}
static inline uint64_t Maj64(uint64_t x, uint64_t y, uint64_t z) {
  return (x & y) | (z & (x | y));
}

// One round t (§6.4.2 step 3), names rotated by the caller as in sha256.c:
//   T1 = h + Σ1(e) + Ch(e,f,g) + K[t] + W[t];  T2 = Σ0(a) + Maj(a,b,c)
//   d = d + T1;  h = T1 + T2
#define SHA512_ROUND(a, b, c, d, e, f, g, h, kw)                         \
  do {                                                                   \
    uint64_t t1_ = (h) + Sigma1_512(e) + Ch64((e), (f), (g)) + (kw);     \
    (d) += t1_;                                                          \
    (h) = t1_ + Sigma0_512(a) + Maj64((a), (b), (c));                    \
  } while (0)

// Eight rounds starting at round t, with W[t+i] in w[(i0+i)].
#define SHA512_EIGHT_ROUNDS(t, i0)                                            \
  do {                                                                        \
    SHA512_ROUND(a, b, c, d, e, f, g, h, kK512[(t) + 0] + w[(i0) + 0]);       \
    SHA512_ROUND(h, a, b, c, d, e, f, g, kK512[(t) + 1] + w[(i0) + 1]);       \
    SHA512_ROUND(g, h, a, b, c, d, e, f, kK512[(t) + 2] + w[(i0) + 2]);       \
    SHA512_ROUND(f, g, h, a, b, c, d, e, kK512[(t) + 3] + w[(i0) + 3]);       \
    SHA512_ROUND(e, f, g, h, a, b, c, d, kK512[(t) + 4] + w[(i0) + 4]);       \
    SHA512_ROUND(d, e, f, g, h, a, b, c, kK512[(t) + 5] + w[(i0) + 5]);       \
    SHA512_ROUND(c, d, e, f, g, h, a, b, kK512[(t) + 6] + w[(i0) + 6]);       \
    SHA512_ROUND(b, c, d, e, f, g, h, a, kK512[(t) + 7] + w[(i0) + 7]);       \
  } while (0)

// The message schedule (§6.4.2 step 1) for t >= 16 in a ring of 16:
//   W[t] = σ1(W[t-2]) + W[t-7] + σ0(W[t-15]) + W[t-16]
#define SHA512_SCHEDULE(i)                                                 \
  (w[(i)] += sigma1_512(w[((i) + 14) & 15]) + w[((i) + 9) & 15] +          \
             sigma0_512(w[((i) + 1) & 15]))

static inline void sha512_schedule16(uint64_t w[16]) {
  SHA512_SCHEDULE(0);
  SHA512_SCHEDULE(1);
  SHA512_SCHEDULE(2);
  SHA512_SCHEDULE(3);
  SHA512_SCHEDULE(4);
  SHA512_SCHEDULE(5);
  SHA512_SCHEDULE(6);
  SHA512_SCHEDULE(7);
  SHA512_SCHEDULE(8);
  SHA512_SCHEDULE(9);
  SHA512_SCHEDULE(10);
  SHA512_SCHEDULE(11);
  SHA512_SCHEDULE(12);
  SHA512_SCHEDULE(13);
  SHA512_SCHEDULE(14);
  SHA512_SCHEDULE(15);
}

// Speed (gcc 12 -O3, AMD EPYC Zen 3 VM, best of 3000 runs of 8 blocks, in
// 2.1 GHz TSC ticks): about 3.2 ticks/byte, ~430 ticks for one block.
void sha512_block_data_order_nohw(uint64_t state[8], const uint8_t *in,
                                  size_t num_blocks) {
  uint64_t a, b, c, d, e, f, g, h;
  uint64_t w[16];
  while (num_blocks-- > 0) {
    a = state[0];
    b = state[1];
    c = state[2];
    d = state[3];
    e = state[4];
    f = state[5];
    g = state[6];
    h = state[7];

    // Rounds 0..15 take W[t] = M[t], the block as big-endian 64-bit words.
    for (int i = 0; i < 16; i++) {
      w[i] = CRYPTO_load_u64_be(in + 8 * i);
    }
    SHA512_EIGHT_ROUNDS(0, 0);
    SHA512_EIGHT_ROUNDS(8, 8);
    // Rounds 16..79: extend the schedule sixteen words at a time.
    for (int t = 16; t < 80; t += 16) {
      sha512_schedule16(w);
      SHA512_EIGHT_ROUNDS(t, 0);
      SHA512_EIGHT_ROUNDS(t + 8, 8);
    }

    // H(i) = H(i-1) + (a, ..., h).
    state[0] += a;
    state[1] += b;
    state[2] += c;
    state[3] += d;
    state[4] += e;
    state[5] += f;
    state[6] += g;
    state[7] += h;
    in += 128;
  }
  sha_wipe(w, sizeof(w));
}

// The rows, best first, from the list in impls.h (SHA512_IMPLS).
static const CRYPTO_IMPL kSHA512Impls[] = {SHA512_IMPLS(SHA_IMPL_ROW_64)};
CRYPTO_PRIMITIVE CRYPTO_primitive_sha512 =
    CRYPTO_PRIMITIVE_INIT("sha512", kSHA512Impls);

// --- Two-stream one-block compression (impls.h, SHA512_X2_IMPLS) -----------

// The rows "nohw" and "twice", the primitive sha512_x2 and
// sha512_init_two_blocks (internal.h).
SHA_DEFINE_X2(sha512, uint64_t, SHA512_CBLOCK, SHA512_CTX, len_lo, sha64_x2,
              sha512_get_block)

// --- Buffering, padding and length (the whole family) -----------------------

// Initial hash values (§5.3.4 to §5.3.6). Those of SHA-512/t come from the
// IV generation function of §5.3.6.1; sha_test.cc recomputes them.
static const uint64_t kSHA384IV[8] = {
    UINT64_C(0xcbbb9d5dc1059ed8), UINT64_C(0x629a292a367cd507),
    UINT64_C(0x9159015a3070dd17), UINT64_C(0x152fecd8f70e5939),
    UINT64_C(0x67332667ffc00b31), UINT64_C(0x8eb44a8768581511),
    UINT64_C(0xdb0c2e0d64f98fa7), UINT64_C(0x47b5481dbefa4fa4),
};
static const uint64_t kSHA512IV[8] = {
    UINT64_C(0x6a09e667f3bcc908), UINT64_C(0xbb67ae8584caa73b),
    UINT64_C(0x3c6ef372fe94f82b), UINT64_C(0xa54ff53a5f1d36f1),
    UINT64_C(0x510e527fade682d1), UINT64_C(0x9b05688c2b3e6c1f),
    UINT64_C(0x1f83d9abfb41bd6b), UINT64_C(0x5be0cd19137e2179),
};
static const uint64_t kSHA512_224IV[8] = {
    UINT64_C(0x8c3d37c819544da2), UINT64_C(0x73e1996689dcd4d6),
    UINT64_C(0x1dfab7ae32ff9c82), UINT64_C(0x679dd514582f9fcf),
    UINT64_C(0x0f6d2b697bd44da8), UINT64_C(0x77e36f7304c48942),
    UINT64_C(0x3f9d85a86a1d36c8), UINT64_C(0x1112e6ad91d692a1),
};
static const uint64_t kSHA512_256IV[8] = {
    UINT64_C(0x22312194fc2bf72c), UINT64_C(0x9f555fa3c84c64c2),
    UINT64_C(0x2393b86b6f53b151), UINT64_C(0x963877195940eabd),
    UINT64_C(0x96283ee2a88effe3), UINT64_C(0xbe5e1e2553863992),
    UINT64_C(0x2b0199fc2c85b8aa), UINT64_C(0x0eb72ddc81c52ca2),
};

// Init sets only the fields the hash reads: sha->data is always written
// before it is read, and skipping a memset of its 128 bytes is measurable
// on short one-shot inputs.
static void sha512_init_with(SHA512_CTX *sha, const uint64_t iv[8]) {
  OPENSSL_memcpy(sha->h, iv, sizeof(sha->h));
  sha->len_lo = 0;
  sha->len_hi = 0;
  sha->num = 0;
}

// sha512_update appends `len` bytes to the message: it tops up a partial
// block first, then compresses whole blocks straight from `in` (no copy) and
// keeps the remainder, fewer than 128 bytes, in sha->data (helpers in
// internal.h). The byte count is 128 bits wide (len_hi:len_lo).
static void sha512_update(SHA512_CTX *sha, const uint8_t *in, size_t len,
                          sha512_block_fn block) {
  uint64_t lo = sha->len_lo + (uint64_t)len;
  sha->len_hi += (lo < sha->len_lo);  // carry out of the low word
  sha->len_lo = lo;

  if (sha_buffer_top_up(sha->data, &sha->num, SHA512_CBLOCK, &in, &len)) {
    block(sha->h, sha->data, 1);
  }
  size_t whole = len / SHA512_CBLOCK;
  if (whole != 0) {
    block(sha->h, in, whole);
    in += whole * SHA512_CBLOCK;
    len -= whole * SHA512_CBLOCK;
  }
  sha_buffer_keep(sha->data, &sha->num, in, len);
}

// sha512_store writes the first `md_len` bytes of H (big-endian words;
// SHA-512/224 ends half-way through a word).
static inline void sha512_store(uint8_t *out, const uint64_t h[8],
                                size_t md_len) {
  size_t i = 0;
  for (; i < md_len / 8; i++) {
    CRYPTO_store_u64_be(out + 8 * i, h[i]);
  }
  if (md_len % 8 != 0) {
    // Only SHA-512/224 (28 bytes): the high half of H[3].
    CRYPTO_store_u32_be(out + 8 * i, (uint32_t)(h[i] >> 32));
  }
}

// sha512_oneshot_from hashes `len` bytes without a context: whole blocks straight
// from `in`, then the tail and padding built by sha_pad_tail and compressed
// with one call (see sha256_oneshot in sha256.c). A message of fewer than
// 112 bytes pads into one block: that case has its own call of the inlined
// sha_pad_tail, which the compiler specialises for a one-block buffer, and
// only that block is wiped. The function is inlined into each member (its
// `iv` and `md_len` become constants). Together with sha_wipe_chunks
// this took one-shot SHA-512 of 16 bytes (avx512 row, Zen 5, TSC ticks a
// call, 10th percentile of interleaved batches) from ~333 to ~306 with the
// same block function; the block function is ~275 of the ~290 now. It
// starts from the chaining value `iv` after prior_hi:prior_lo bytes (a
// multiple of 128): the IV and 0 for the one-shots, a context's state for
// sha512_finish_from (internal.h).
#if defined(__GNUC__) || defined(__clang__)
__attribute__((always_inline))
#endif
static inline void sha512_oneshot_from(const uint8_t *in, size_t len,
                                       uint8_t *out, const uint64_t iv[8],
                                       uint64_t prior_lo, uint64_t prior_hi,
                                       size_t md_len) {
  sha512_block_fn block = sha512_get_block();
  uint64_t h[8];
  OPENSSL_memcpy(h, iv, sizeof(h));
  uint8_t last[2 * SHA512_CBLOCK];
  // The message's byte count as a 128-bit number, then in bits. size_t is
  // at most 64 bits, so one carry at most.
  uint64_t bytes_lo = prior_lo + (uint64_t)len;
  uint64_t bytes_hi = prior_hi + (bytes_lo < prior_lo);
  uint64_t bits_hi = (bytes_hi << 3) | (bytes_lo >> 61);
  uint64_t bits_lo = bytes_lo << 3;
  if (len < SHA512_CBLOCK - 16) {
    sha_pad_tail(last, SHA512_CBLOCK, 16, in, len, bits_hi, bits_lo);
    block(h, last, 1);
    sha512_store(out, h, md_len);
    sha_wipe_chunks(last, SHA512_CBLOCK);
    sha_wipe(h, sizeof(h));
    return;
  }
  size_t whole = len / SHA512_CBLOCK;
  const uint8_t *tail = in;
  if (whole != 0) {
    block(h, in, whole);
    tail += whole * SHA512_CBLOCK;
  }
  size_t n = sha_pad_tail(last, SHA512_CBLOCK, 16, tail,
                          len % SHA512_CBLOCK, bits_hi, bits_lo);
  block(h, last, n);
  sha512_store(out, h, md_len);
  sha_wipe_chunks(last, n * SHA512_CBLOCK);
  sha_wipe(h, sizeof(h));
}

// sha512_final pads the message (§5.1.2: a 1 bit, zeros to 112 mod 128
// bytes, then the 128-bit big-endian bit length), compresses the last one
// or two blocks, writes the digest and erases the context: the buffered
// bytes finished from sha->h with the one-shot's code (see sha256_final).
static void sha512_final(SHA512_CTX *sha, uint8_t *out, size_t md_len) {
  // The bytes before the buffer, a 128-bit count.
  uint64_t prior_lo = sha->len_lo - sha->num;
  uint64_t prior_hi = sha->len_hi - (sha->len_lo < sha->num);
  sha512_oneshot_from(sha->data, sha->num, out, sha->h, prior_lo, prior_hi,
                      md_len);
  // CRYPTO_wipe, not sha_wipe: a whole context is ~100 bytes or more,
  // which gcc turns into `rep stosq` in a plain memset (../internal.h).
  CRYPTO_wipe(sha, sizeof(*sha));
}

// Each member of the family: Init, Update, Final and one-shot. They differ
// only in the IV and the digest length.
#define SHA512_FAMILY_MEMBER(NAME, iv, md_len)                               \
  int NAME##_Init(SHA512_CTX *sha) {                                         \
    sha512_init_with(sha, (iv));                                             \
    return 1;                                                                \
  }                                                                          \
  int NAME##_Update(SHA512_CTX *sha, const void *data, size_t len) {         \
    sha512_update(sha, data, len, sha512_get_block());                       \
    return 1;                                                                \
  }                                                                          \
  int NAME##_Final(uint8_t out[(md_len)], SHA512_CTX *sha) {                 \
    sha512_final(sha, out, (md_len));                                        \
    return 1;                                                                \
  }                                                                          \
  uint8_t *NAME(const uint8_t *data, size_t len, uint8_t out[(md_len)]) {    \
    sha512_oneshot_from(data, len, out, (iv), 0, 0, (md_len));               \
    return out;                                                              \
  }

SHA512_FAMILY_MEMBER(SHA384, kSHA384IV, SHA384_DIGEST_LENGTH)
SHA512_FAMILY_MEMBER(SHA512, kSHA512IV, SHA512_DIGEST_LENGTH)
SHA512_FAMILY_MEMBER(SHA512_224, kSHA512_224IV, SHA512_224_DIGEST_LENGTH)
SHA512_FAMILY_MEMBER(SHA512_256, kSHA512_256IV, SHA512_256_DIGEST_LENGTH)

void sha512_finish_from(const SHA512_CTX *sha, const uint8_t *in, size_t len,
                        uint8_t *out, size_t md_len) {
  sha512_oneshot_from(in, len, out, sha->h, sha->len_lo, sha->len_hi, md_len);
}

// --- Raw block interface (OpenSSL/BoringSSL compatibility) -----------------

void SHA512_Transform(SHA512_CTX *sha, const uint8_t block[SHA512_CBLOCK]) {
  sha512_get_block()(sha->h, block, 1);
}
