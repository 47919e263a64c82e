// Copyright 2026 The project authors.
//
// sha256.c: SHA-224 and SHA-256 (FIPS 180-4 §5.3.2, §5.3.3, §6.2, §6.3).
//
// This file holds the portable SHA-256 compression function, the rows of
// CRYPTO_primitive_sha256 built from the list of paths in impls.h, and the one
// place that buffers partial blocks, pads and counts the length for
// SHA-224/SHA-256. Implementations only ever see whole 64-byte blocks.

#include <openssl/sha.h>

#include <openssl/mem.h>

#include "../internal.h"
#include "internal.h"

typedef void (*sha256_block_fn)(uint32_t state[8], const uint8_t *in,
                                size_t num_blocks);

// The block function in use: one atomic load (crypto/impl.h).
static sha256_block_fn sha256_get_block(void) {
  return CRYPTO_impl_chosen(&CRYPTO_primitive_sha256)->entry.sha32;
}

// --- Portable compression function -----------------------------------------

// K[t], t = 0..63: the first 32 bits of the fractional parts of the cube
// roots of the first 64 primes (FIPS 180-4 §4.2.2).
static const uint32_t kK256[64] = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1,
    0x923f82a4, 0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3,
    0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
    0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147,
    0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
    0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b,
    0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
    0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208,
    0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
};

// The logical functions of FIPS 180-4 §4.1.2.
static inline uint32_t Sigma0_256(uint32_t x) {
  return CRYPTO_rotr_u32(x, 2) ^ CRYPTO_rotr_u32(x, 13) ^
         CRYPTO_rotr_u32(x, 22);
}
static inline uint32_t Sigma1_256(uint32_t x) {
  return CRYPTO_rotr_u32(x, 6) ^ CRYPTO_rotr_u32(x, 11) ^
         CRYPTO_rotr_u32(x, 25);
}
static inline uint32_t sigma0_256(uint32_t x) {
  return CRYPTO_rotr_u32(x, 7) ^ CRYPTO_rotr_u32(x, 18) ^ (x >> 3);
}
static inline uint32_t sigma1_256(uint32_t x) {
  return CRYPTO_rotr_u32(x, 17) ^ CRYPTO_rotr_u32(x, 19) ^ (x >> 10);
}
// Ch(x,y,z) = (x AND y) XOR (NOT x AND z), computed as z ^ (x & (y ^ z)):
// one operation fewer, same value bit by bit.
static inline uint32_t Ch32(uint32_t x, uint32_t y, uint32_t z) {
  return z ^ (x & (y ^ z));
}
// Maj(x,y,z) = (x AND y) XOR (x AND z) XOR (y AND z), computed as
// (x & y) | (z & (x | y)): a bit is set when at least two inputs have it.
static inline uint32_t Maj32(uint32_t x, uint32_t y, uint32_t z) {
  return (x & y) | (z & (x | y));
}

// One round t (FIPS 180-4 §6.2.2 step 3) with the working variables named
// in their current roles:
//   T1 = h + Σ1(e) + Ch(e,f,g) + K[t] + W[t];  T2 = Σ0(a) + Maj(a,b,c)
//   d = d + T1;  h = T1 + T2
// The spec then renames h→g→…→a; instead the next round is called with the
// names rotated by one, so no values move. After eight rounds the names are
// back where they started.
#define SHA256_ROUND(a, b, c, d, e, f, g, h, kw)                         \
  do {                                                                   \
    uint32_t t1_ = (h) + Sigma1_256(e) + Ch32((e), (f), (g)) + (kw);     \
    (d) += t1_;                                                          \
    (h) = t1_ + Sigma0_256(a) + Maj32((a), (b), (c));                    \
  } while (0)

// Eight rounds starting at round t, with W[t+i] in w[(t+i) mod 16].
#define SHA256_EIGHT_ROUNDS(t, i0)                                            \
  do {                                                                        \
    SHA256_ROUND(a, b, c, d, e, f, g, h, kK256[(t) + 0] + w[(i0) + 0]);       \
    SHA256_ROUND(h, a, b, c, d, e, f, g, kK256[(t) + 1] + w[(i0) + 1]);       \
    SHA256_ROUND(g, h, a, b, c, d, e, f, kK256[(t) + 2] + w[(i0) + 2]);       \
    SHA256_ROUND(f, g, h, a, b, c, d, e, kK256[(t) + 3] + w[(i0) + 3]);       \
    SHA256_ROUND(e, f, g, h, a, b, c, d, kK256[(t) + 4] + w[(i0) + 4]);       \
    SHA256_ROUND(d, e, f, g, h, a, b, c, kK256[(t) + 5] + w[(i0) + 5]);       \
    SHA256_ROUND(c, d, e, f, g, h, a, b, kK256[(t) + 6] + w[(i0) + 6]);       \
    SHA256_ROUND(b, c, d, e, f, g, h, a, kK256[(t) + 7] + w[(i0) + 7]);       \
  } while (0)

// The message schedule (§6.2.2 step 1) for t >= 16, kept in a ring of 16:
//   W[t] = σ1(W[t-2]) + W[t-7] + σ0(W[t-15]) + W[t-16]
// where W[t-16] is the slot being overwritten.
#define SHA256_SCHEDULE(i)                                                 \
  (w[(i)] += sigma1_256(w[((i) + 14) & 15]) + w[((i) + 9) & 15] +          \
             sigma0_256(w[((i) + 1) & 15]))

static inline void sha256_schedule16(uint32_t w[16]) {
  // Fully unrolled with constant indices so w stays in registers or fixed
  // stack slots; each W[t] depends on W[t-2], so the order matters.
  SHA256_SCHEDULE(0);
  SHA256_SCHEDULE(1);
  SHA256_SCHEDULE(2);
  SHA256_SCHEDULE(3);
  SHA256_SCHEDULE(4);
  SHA256_SCHEDULE(5);
  SHA256_SCHEDULE(6);
  SHA256_SCHEDULE(7);
  SHA256_SCHEDULE(8);
  SHA256_SCHEDULE(9);
  SHA256_SCHEDULE(10);
  SHA256_SCHEDULE(11);
  SHA256_SCHEDULE(12);
  SHA256_SCHEDULE(13);
  SHA256_SCHEDULE(14);
  SHA256_SCHEDULE(15);
}

// Speed (gcc 12 -O3, AMD EPYC Zen 3 VM shared with other builds, best of
// 3000 runs of 16 blocks, counted in 2.1 GHz TSC ticks): about 4.6-5.0
// ticks/byte, ~360 ticks for one block; clang 14 is within the noise. A fully
// unrolled 64-round body, the schedule computed inside each round, and Maj
// as b ^ ((a ^ b) & (b ^ c)) carrying (a ^ b) to the next round were tried
// and measured within the noise, so the simplest form stays. The bound is
// the round's dependency chain through e (Σ1, Ch, the adds) and the lack of
// rorx/andn in baseline x86-64.
void sha256_block_data_order_nohw(uint32_t state[8], const uint8_t *in,
                                  size_t num_blocks) {
  uint32_t a, b, c, d, e, f, g, h;
  uint32_t w[16];
  while (num_blocks-- > 0) {
    a = state[0];
    b = state[1];
    c = state[2];
    d = state[3];
    e = state[4];
    f = state[5];
    g = state[6];
    h = state[7];

    // Rounds 0..15 take W[t] = M[t], the block as big-endian words.
    for (int i = 0; i < 16; i++) {
      w[i] = CRYPTO_load_u32_be(in + 4 * i);
    }
    SHA256_EIGHT_ROUNDS(0, 0);
    SHA256_EIGHT_ROUNDS(8, 8);
    // Rounds 16..63: extend the schedule sixteen words at a time.
    for (int t = 16; t < 64; t += 16) {
      sha256_schedule16(w);
      SHA256_EIGHT_ROUNDS(t, 0);
      SHA256_EIGHT_ROUNDS(t + 8, 8);
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
    in += 64;
  }
  // w held message words: erase them. (The working variables live in
  // registers or in this frame and are overwritten by later calls.)
  sha_wipe(w, sizeof(w));
}

// The rows, best first, from the list in impls.h (SHA256_IMPLS).
static const CRYPTO_IMPL kSHA256Impls[] = {SHA256_IMPLS(SHA_IMPL_ROW_32)};
CRYPTO_PRIMITIVE CRYPTO_primitive_sha256 =
    CRYPTO_PRIMITIVE_INIT("sha256", kSHA256Impls);

// --- Two-stream one-block compression (impls.h, SHA256_X2_IMPLS) -----------

// The rows "nohw" and "twice", the primitive sha256_x2 and
// sha256_init_two_blocks (internal.h).
SHA_DEFINE_X2(sha256, uint32_t, SHA256_CBLOCK, SHA256_CTX, len, sha32_x2,
              sha256_get_block)

// --- Buffering, padding and length (SHA-224 and SHA-256) --------------------

// Initial hash values (§5.3.2, §5.3.3).
static const uint32_t kSHA224IV[8] = {
    0xc1059ed8, 0x367cd507, 0x3070dd17, 0xf70e5939,
    0xffc00b31, 0x68581511, 0x64f98fa7, 0xbefa4fa4,
};
static const uint32_t kSHA256IV[8] = {
    0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
    0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
};

// Init sets only the fields the hash reads: sha->data is always written
// before it is read, and skipping a memset of it is measurable on short
// one-shot inputs.
static void sha256_init_with(SHA256_CTX *sha, const uint32_t iv[8]) {
  OPENSSL_memcpy(sha->h, iv, sizeof(sha->h));
  sha->num = 0;
  sha->len = 0;
}

// sha256_update appends `len` bytes to the message: it tops up a partial
// block first, then compresses whole blocks straight from `in` (no copy) and
// keeps the remainder, fewer than 64 bytes, in sha->data.
static void sha256_update(SHA256_CTX *sha, const uint8_t *in, size_t len,
                          sha256_block_fn block) {
  sha->len += len;
  if (sha_buffer_top_up(sha->data, &sha->num, SHA256_CBLOCK, &in, &len)) {
    block(sha->h, sha->data, 1);
  }
  size_t whole = len / SHA256_CBLOCK;
  if (whole != 0) {
    block(sha->h, in, whole);
    in += whole * SHA256_CBLOCK;
    len -= whole * SHA256_CBLOCK;
  }
  sha_buffer_keep(sha->data, &sha->num, in, len);
}

// sha256_store writes the first `md_len` bytes of H as big-endian words.
static inline void sha256_store(uint8_t *out, const uint32_t h[8],
                                size_t md_len) {
  for (size_t i = 0; i < md_len / 4; i++) {
    CRYPTO_store_u32_be(out + 4 * i, h[i]);
  }
}

// sha256_oneshot_from hashes `len` bytes without a context: whole blocks straight
// from `in`, then the tail and padding (one or two blocks) built by
// sha_pad_tail in one stack buffer and compressed with one call. Only that
// buffer and the chaining value are wiped. A message of fewer than 56 bytes
// pads into one block: that case has its own call of the inlined
// sha_pad_tail, which the compiler specialises for one block. The function
// is inlined into SHA224 and SHA256, so `iv` and `md_len` are constants.
// Measured (min of 3000 x 8 calls, TSC ticks per call, shani row) against
// Init/Update/Final on a stack context: 16 bytes 105 -> 72, 64 bytes
// 155 -> 130, 256 bytes 386 -> 340. Most of it is the final block being
// stored in 16-byte pieces that the block function's loads can forward
// from; the one-block SHA-NI compression itself is a ~76-tick sha256rnds2
// chain. The one-block case and sha_wipe_chunks (gcc had wiped the 128-byte
// buffer with `rep stosq`) then took 16 bytes from 77 to 66 TSC ticks a
// call, and SHA1() from 66 to 56 (median of 31 batches of 2000
// back-to-back calls, Zen 5): calls overlap more in the out-of-order
// window once the microcoded store loop is gone.
//
// sha256_oneshot_from is the general form: it starts from the chaining
// value `iv` after `prior` bytes (a multiple of 64) instead of the IV, for
// sha256_finish_from (internal.h).
#if defined(__GNUC__) || defined(__clang__)
__attribute__((always_inline))
#endif
static inline void sha256_oneshot_from(const uint8_t *in, size_t len,
                                       uint8_t *out, const uint32_t iv[8],
                                       uint64_t prior, size_t md_len) {
  sha256_block_fn block = sha256_get_block();
  uint32_t h[8];
  OPENSSL_memcpy(h, iv, sizeof(h));
  uint8_t last[2 * SHA256_CBLOCK];
  uint64_t bits = (prior + (uint64_t)len) << 3;
  if (len < SHA256_CBLOCK - 8) {
    sha_pad_tail(last, SHA256_CBLOCK, 8, in, len, 0, bits);
    block(h, last, 1);
    sha256_store(out, h, md_len);
    sha_wipe_chunks(last, SHA256_CBLOCK);
    sha_wipe(h, sizeof(h));
    return;
  }
  if (len >= SHA256_CBLOCK && len < 2 * SHA256_CBLOCK - 8) {
    // One whole block and a tail that pads to one block: both copied into
    // `last` and compressed in one call, which saves a call's state load
    // and store (the SHA-NI function's shuffles). openssl speed -bytes 64
    // -evp sha256 through the provider (one EVP_Digest, which ends here),
    // 7 alternating rounds, Zen 5: 1.038x the two-call version, now 1.03x
    // OpenSSL's default provider (was 0.99x). provider/test/bench.pl
    // measures it.
    OPENSSL_memcpy(last, in, SHA256_CBLOCK);
    sha_pad_tail(last + SHA256_CBLOCK, SHA256_CBLOCK, 8, in + SHA256_CBLOCK,
                 len - SHA256_CBLOCK, 0, bits);
    block(h, last, 2);
    sha256_store(out, h, md_len);
    sha_wipe_chunks(last, 2 * SHA256_CBLOCK);
    sha_wipe(h, sizeof(h));
    return;
  }
  size_t whole = len / SHA256_CBLOCK;
  const uint8_t *tail = in;
  if (whole != 0) {
    block(h, in, whole);
    tail += whole * SHA256_CBLOCK;
  }
  size_t n = sha_pad_tail(last, SHA256_CBLOCK, 8, tail,
                          len % SHA256_CBLOCK, 0, bits);
  block(h, last, n);
  sha256_store(out, h, md_len);
  sha_wipe_chunks(last, n * SHA256_CBLOCK);
  sha_wipe(h, sizeof(h));
}

// sha256_final pads the message (§5.1.1: a 1 bit, zeros to 56 mod 64
// bytes, then the 64-bit big-endian bit length), compresses the last one or
// two blocks, writes the first `md_len` bytes of H and erases the context.
// The buffered bytes are the tail of a message whose first sha->len -
// sha->num bytes are in sha->h: sha256_oneshot_from finishes it with the
// one-shot's code, whose one-block case is specialised. HMAC_Final's inner
// hash (16-byte message, SHA-NI, Zen 5) and EVP's Final take this path.
static void sha256_final(SHA256_CTX *sha, uint8_t *out, size_t md_len) {
  sha256_oneshot_from(sha->data, sha->num, out, sha->h, sha->len - sha->num,
                      md_len);
  // CRYPTO_wipe, not sha_wipe: a whole context is ~100 bytes or more,
  // which gcc turns into `rep stosq` in a plain memset (../internal.h).
  CRYPTO_wipe(sha, sizeof(*sha));
}

int SHA224_Init(SHA256_CTX *sha) {
  sha256_init_with(sha, kSHA224IV);
  return 1;
}

int SHA256_Init(SHA256_CTX *sha) {
  sha256_init_with(sha, kSHA256IV);
  return 1;
}

int SHA224_Update(SHA256_CTX *sha, const void *data, size_t len) {
  return SHA256_Update(sha, data, len);
}

int SHA256_Update(SHA256_CTX *sha, const void *data, size_t len) {
  sha256_update(sha, data, len, sha256_get_block());
  return 1;
}

int SHA224_Final(uint8_t out[SHA224_DIGEST_LENGTH], SHA256_CTX *sha) {
  sha256_final(sha, out, SHA224_DIGEST_LENGTH);
  return 1;
}

int SHA256_Final(uint8_t out[SHA256_DIGEST_LENGTH], SHA256_CTX *sha) {
  sha256_final(sha, out, SHA256_DIGEST_LENGTH);
  return 1;
}

uint8_t *SHA224(const uint8_t *data, size_t len,
                uint8_t out[SHA224_DIGEST_LENGTH]) {
  sha256_oneshot_from(data, len, out, kSHA224IV, 0, SHA224_DIGEST_LENGTH);
  return out;
}

uint8_t *SHA256(const uint8_t *data, size_t len,
                uint8_t out[SHA256_DIGEST_LENGTH]) {
  sha256_oneshot_from(data, len, out, kSHA256IV, 0, SHA256_DIGEST_LENGTH);
  return out;
}

void sha256_finish_from(const SHA256_CTX *sha, const uint8_t *in, size_t len,
                        uint8_t *out, size_t md_len) {
  sha256_oneshot_from(in, len, out, sha->h, sha->len, md_len);
}

// --- Raw block interface (OpenSSL/BoringSSL compatibility) -----------------

void SHA256_TransformBlocks(uint32_t state[8], const uint8_t *data,
                            size_t num_blocks) {
  sha256_get_block()(state, data, num_blocks);
}

void SHA256_Transform(SHA256_CTX *sha, const uint8_t block[SHA256_CBLOCK]) {
  sha256_get_block()(sha->h, block, 1);
}

// --- HMAC-SHA256 in one call (impls.h, SHA256_HMAC_IMPLS) -----------------

// sha256_hmac_end ends an HMAC-SHA256 in C over the block function `block`:
// the `num_tail` blocks at `tail` into the inner state `hi`, then the outer
// block (the inner digest and the padding for 64 + 32 bytes) into the outer
// state `ho`, whose digest goes to `out`. `hi` and `ho` are the caller's
// working copies, changed in place; the caller wipes them.
static void sha256_hmac_end(uint8_t out[32], uint32_t hi[8], uint32_t ho[8],
                            const uint8_t *tail, size_t num_tail,
                            sha256_block_fn block) {
  block(hi, tail, num_tail);
  uint8_t outer[SHA256_CBLOCK] = {0};
  for (size_t i = 0; i < 8; i++) {
    CRYPTO_store_u32_be(outer + 4 * i, hi[i]);
  }
  outer[32] = 0x80;
  CRYPTO_store_u64_be(outer + 56, (SHA256_CBLOCK + 32) * 8);
  block(ho, outer, 1);
  for (size_t i = 0; i < 8; i++) {
    CRYPTO_store_u32_be(out + 4 * i, ho[i]);
  }
  CRYPTO_wipe(outer, sizeof(outer));
}

// sha256_hmac_finish_with and sha256_hmac_with are the C forms of the
// SHA256_HMAC_IMPLS contract (`finish` and `oneshot`) over the block
// function `block` (and `pair` for the pads' two blocks).
static void sha256_hmac_finish_with(uint8_t out[32],
                                    const uint32_t i_state[8],
                                    const uint8_t *tail, size_t num_tail,
                                    const uint32_t o_state[8],
                                    sha256_block_fn block) {
  uint32_t hi[8], ho[8];
  OPENSSL_memcpy(hi, i_state, sizeof(hi));
  OPENSSL_memcpy(ho, o_state, sizeof(ho));
  sha256_hmac_end(out, hi, ho, tail, num_tail, block);
  CRYPTO_wipe(hi, sizeof(hi));
  CRYPTO_wipe(ho, sizeof(ho));
}

static void sha256_hmac_with(uint8_t out[32], const uint8_t k0[64],
                             const uint8_t *in, size_t num_blocks,
                             const uint8_t *tail, size_t num_tail,
                             crypto_sha32_x2_fn pair, sha256_block_fn block) {
  uint32_t hi[8], ho[8];
  uint8_t pads[2 * SHA256_CBLOCK];
  sha_xor_pads(k0, SHA256_CBLOCK, pads, pads + SHA256_CBLOCK);
  OPENSSL_memcpy(hi, kSHA256IV, sizeof(hi));
  OPENSSL_memcpy(ho, kSHA256IV, sizeof(ho));
  pair(hi, pads, ho, pads + SHA256_CBLOCK);
  CRYPTO_wipe(pads, sizeof(pads));
  if (num_blocks != 0) {
    block(hi, in, num_blocks);
  }
  sha256_hmac_end(out, hi, ho, tail, num_tail, block);
  CRYPTO_wipe(hi, sizeof(hi));
  CRYPTO_wipe(ho, sizeof(ho));
}

void sha256_hmac_finish_nohw(uint8_t out[32], const uint32_t i_state[8],
                             const uint8_t *tail, size_t num_tail,
                             const uint32_t o_state[8]) {
  sha256_hmac_finish_with(out, i_state, tail, num_tail, o_state,
                          sha256_block_data_order_nohw);
}

void sha256_hmac_finish_blocks(uint8_t out[32], const uint32_t i_state[8],
                               const uint8_t *tail, size_t num_tail,
                               const uint32_t o_state[8]) {
  sha256_hmac_finish_with(out, i_state, tail, num_tail, o_state,
                          sha256_get_block());
}

void sha256_hmac_nohw(uint8_t out[32], const uint8_t k0[64],
                      const uint8_t *in, size_t num_blocks,
                      const uint8_t *tail, size_t num_tail) {
  sha256_hmac_with(out, k0, in, num_blocks, tail, num_tail,
                   sha256_x2_block_nohw, sha256_block_data_order_nohw);
}

void sha256_hmac_blocks(uint8_t out[32], const uint8_t k0[64],
                        const uint8_t *in, size_t num_blocks,
                        const uint8_t *tail, size_t num_tail) {
  sha256_hmac_with(out, k0, in, num_blocks, tail, num_tail,
                   CRYPTO_impl_chosen(&CRYPTO_primitive_sha256_x2)
                       ->entry.sha32_x2,
                   sha256_get_block());
}

static const CRYPTO_IMPL kSHA256HMACImpls[] = {
    SHA256_HMAC_IMPLS(SHA_HMAC_ROW)};
CRYPTO_PRIMITIVE CRYPTO_primitive_sha256_hmac =
    CRYPTO_PRIMITIVE_INIT("sha256_hmac", kSHA256HMACImpls);

// sha256_hmac_run is sha256_hmac_oneshot of in[0..len), followed by the
// byte `last_byte` when `with_byte` is one (HKDF's T(1) = HMAC(PRK, info ||
// 0x01) without a copy of info). The whole blocks are read from `in`; the
// message's last len % 64 bytes (and that byte) go into the padded tail,
// which is not read before the inner blocks are done, so building it is
// off the compression chain. (A 64-byte copy of those bytes and its wipe
// before, to append the byte there, cost 8-14 TSC ticks a call; AMD Zen 4.)
static inline void sha256_hmac_run(uint8_t out[32], const uint8_t k0[64],
                                   const uint8_t *in, size_t len,
                                   int with_byte, uint8_t last_byte) {
  const struct crypto_sha256_hmac_entry *e =
      &CRYPTO_impl_chosen(&CRYPTO_primitive_sha256_hmac)->entry.sha256_hmac;
  size_t whole = len / SHA256_CBLOCK;
  size_t n = len % SHA256_CBLOCK;
  // (`in` may be NULL when `len` is zero: no arithmetic on it then.)
  const uint8_t *rest = whole != 0 ? in + whole * SHA256_CBLOCK : in;
  uint64_t bits = ((uint64_t)len + (with_byte ? 1 : 0) + SHA256_CBLOCK) << 3;
  uint8_t last[2 * SHA256_CBLOCK];
  size_t num_tail =
      with_byte ? sha_pad_tail_ex(last, SHA256_CBLOCK, 8, rest, n,
                                  0x8000 | last_byte, 2, 0, bits)
                : sha_pad_tail(last, SHA256_CBLOCK, 8, rest, n, 0, bits);
  e->oneshot(out, k0, in, whole, last, num_tail);
  sha_wipe_chunks(last, num_tail * SHA256_CBLOCK);
}

void sha256_hmac_oneshot(uint8_t out[32], const uint8_t k0[64],
                         const uint8_t *in, size_t len) {
  sha256_hmac_run(out, k0, in, len, 0, 0);
}

void sha256_hmac_oneshot_byte(uint8_t out[32], const uint8_t k0[64],
                              const uint8_t *in, size_t len,
                              uint8_t last_byte) {
  sha256_hmac_run(out, k0, in, len, 1, last_byte);
}

void sha256_hmac_finish(uint8_t out[32], const SHA256_CTX *inner,
                        const uint32_t o_state[8]) {
  const struct crypto_sha256_hmac_entry *e =
      &CRYPTO_impl_chosen(&CRYPTO_primitive_sha256_hmac)->entry.sha256_hmac;
  uint8_t last[2 * SHA256_CBLOCK];
  size_t n = sha_pad_tail(last, SHA256_CBLOCK, 8, inner->data, inner->num, 0,
                          inner->len << 3);
  e->finish(out, inner->h, last, n, o_state);
  sha_wipe_chunks(last, n * SHA256_CBLOCK);
}
