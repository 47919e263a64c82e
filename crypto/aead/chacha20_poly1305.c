// Copyright 2026 The project authors.
//
// ChaCha20-Poly1305 (RFC 8439, section 2.8) and XChaCha20-Poly1305
// (draft-irtf-cfrg-xchacha, section 2.3), built from the public ChaCha20,
// HChaCha20 and Poly1305 functions. All argument checking is done by aead.c
// before these functions run (see crypto/aead/internal.h).
//
// With key K and nonce N:
//   otk = first 32 bytes of ChaCha20(K, N, counter 0)          (section 2.6)
//   ct  = pt XOR ChaCha20 keystream(K, N, counters 1, 2, ...)
//   tag = Poly1305(otk, ad || pad16(ad) || ct || pad16(ct) ||
//                       le64(len(ad)) || le64(len(ct)))
// Counter 1 + i must not wrap, so the plaintext is at most 64 * (2^32 - 1)
// bytes (checked in aead.c against max_plaintext_len).

#include <openssl/aead.h>

#include <openssl/chacha.h>
#include <openssl/mem.h>
#include <openssl/poly1305.h>

#include "../chacha/words.h"
#include "../internal.h"
#include "../poly1305/mac.h"
#include "internal.h"

#define CHACHA20_POLY1305_KEY_LEN 32
#define CHACHA20_POLY1305_NONCE_LEN 12
#define XCHACHA20_POLY1305_NONCE_LEN 24
#define CHACHA20_POLY1305_TAG_LEN 16

// The largest plaintext: blocks 1 .. 2^32 - 1 of the keystream.
#define CHACHA20_POLY1305_MAX_PLAINTEXT (UINT64_C(64) * UINT32_MAX)

// This file uses the narrow internal interfaces of both primitives
// (crypto/chacha/words.h, crypto/poly1305/mac.h): the ChaCha20 state words
// are set up once per record, Poly1305 runs on whole blocks in a context
// that never buffers, and a short seal MACs
// pad16(ad) || ct || pad16(ct) || lengths in ONE blocks call, laid out
// contiguously in the buffer the ciphertext was computed in.
//
// Where the time of a short record goes, and its floor (AMD Zen 5, family
// 26, TSC 2.596 GHz; util/bench/aead_floor.c, which says how to build and
// run it; TSC ticks per call, lower quartile of 41 batches, "chained":
// each call waits for the one before, so the figure is its latency; load
// average 10-17 on 2 CPUs, so compare within one run):
//   one ChaCha20 block, scalar (ChaCha20_ctr32_x86_64), chained     205
//   two blocks, scalar, one after the other                          387
//   1..4 blocks in the AVX-512 rows (xmm or zmm), chained        392-395
//   Poly1305 of three blocks (context init, blocks, finish), chained  50
//   block 0 + a 16-byte record's keystream (one call) + that MAC    436
//   EVP_AEAD_CTX_seal, 16 / 64 / 256 bytes                 496 / 522 / 631
//   EVP_AEAD_CTX_open, 16 / 64 / 256 bytes                 537 / 582 / 656
// and, back to back with a new nonce per call (`PERCALL_FILTER=chacha
// util/bench/percall.sh BUILD BORINGSSL_BUILD 9`, same day), seal here
// 507 / 531 / 630 against BoringSSL's (a0689af29e8e, its fused x86-64
// assembly) 561 / 588 / 730. A record needs two ChaCha20 blocks
// (block 0 for the key, block 1 for the data), and both ways to compute two
// blocks that exist here are one ~390-tick latency chain: the vector rows
// are 20 rounds of 2-cycle vector ops whatever their width, the scalar
// code runs one 205-tick block after the other. Then the MAC (~50) waits
// for block 0 and the ciphertext. So the floor of a 16-byte seal with
// these paths is ~440 ticks, against ~560 for BoringSSL: at most ~1.27x
// with no overhead at all; this file's ~60 ticks of overhead (EVP checks,
// copies, wipes) leave ~1.1x. The 1.5x of issue 19 needs a shorter
// two-block chain, and the one candidate, two blocks interleaved in
// general-purpose registers, does not give one on this core. A first try
// in C (two state arrays, the quarter rounds of both interleaved, gcc 12
// -O2) measured 475 ticks chained for 80 bytes against 390; then one in
// assembly, with hand-allocated registers and spills (2026-12-02), read
// 385-388 ticks chained for 128 bytes against 335-338 for two blocks of
// ChaCha20_ctr32_x86_64 in the same runs (which read 178 for one block,
// against the 205 above). The one-block code already runs ~3.4-3.6 of the
// ~4.6 integer ops per cycle the ChaCha op mix peaks at here, and the
// stores of the 17 or more words that do not fit in registers cost ~0.4
// cycle each of that throughput, so two blocks cannot beat one after the
// other (chacha-x86_64.pl's header has the figures, the bound and the
// prototype's commit). XChaCha20-Poly1305 (HChaCha20, one more chain,
// then the same two blocks) has nothing to gain from it either.
//
// AMD Zen 4 (EPYC family 25 model 17, TSC 2.596 GHz, core ~3.66 GHz) has
// one-cycle vector operations but for rotations (vprold, 2 cycles), so
// there the floor is the vector rows' chain, since 2026-12-03 with quarter-
// round steps of 3 one-cycle operations (see the rows' double round in
// asm/chacha-x86_64.pl): 20 x 12 cycles, 240 = ~170 ticks, then the MAC of
// three blocks, ~30 more. aead_floor.c, TSC ticks, chained: block 0 + a
// 16-byte record's keystream (two blocks, one set of ymm rows) 212-222
// (246-248 before), with the 3-block MAC 282, EVP_AEAD_CTX_seal and open
// 347-349 at 16 bytes through the calls of the general path below. The
// rest of that time was the calls around the primitives (the MAC
// context's init, update, finish and emit, the copies into the run), so
// a record of 1..64 bytes with at most 64 bytes of AD now goes to
// chacha20_poly1305_short (crypto/chacha/words.h) first: where the chosen
// ChaCha20 row has it (the AVX-512 rows), one assembly function computes
// the two blocks, XORs, lays out the run in its frame and MACs it, on the
// key itself. perf on a loop of 16-byte seals: 74% in that function, 13%
// in the calls down to it. Back to back (`PERCALL_FILTER=chacha
// util/bench/percall.sh BUILD BORINGSSL_BUILD 7`, BoringSSL a0689af29e8e,
// medians of the per-round ratios): seal 16 / 64 bytes 1.07 / 1.09 (before
// these changes) -> 1.16 / 1.18 (the rows) -> 1.40-1.47 / 1.40-1.44 (one
// call), open 1.08 -> 1.20 -> 1.46-1.50; XChaCha20-Poly1305 seal 1.06 ->
// 1.19 -> 1.32-1.33 with its HChaCha20 a call of its own -> 1.49 / 1.49
// with HChaCha20 in the same function (one block in xmm rows, its output
// broadcast into the key rows). These medians move by ~3-5% from run to
// run.

// kHeadLen: the first kHeadLen bytes of the message (or fewer) are
// encrypted by the same ChaCha20 call that computes block 0, the one-time
// key, through a stack buffer. 64 + kHeadLen = 2048 bytes is one pass of
// the AVX-512 code's two-group loop, which costs about 1.5 times one
// 16-block group however few of its blocks are used past the first
// group (up to 1536 bytes, the second group is 8 blocks in ymm registers,
// which costs less on Zen 4: see asm/chacha-x86_64.pl), so a message of
// up to 1984 bytes (every TLS record of the usual sizes) costs one
// ChaCha20 call instead of two. Measured (TSC ticks per
// ChaCha20 call, median of 31 batches, loaded machine): 1414 bytes in one
// call 413-417, against 1024 + 390 bytes in two calls 312 + 311. It is a
// multiple of 64, so the rest starts on block 1 + kHeadLen/64.
#define kHeadLen 1984

// kShortAD: an AD of at most this many bytes fits, padded, in the 64 bytes
// of block 0 once the one-time key has been read from it: see
// chacha20_poly1305_seal.
#define kShortAD 64

// chacha20_words holds the ChaCha20 state words 4..15 of one (key, nonce):
// key words and counter | nonce words. Secret: wiped after use.
struct chacha20_words {
  uint32_t key[8];
  uint32_t counter_nonce[4];
};

static void chacha20_words_init(struct chacha20_words *w, const uint8_t key[32],
                                const uint8_t nonce[12]) {
  for (int i = 0; i < 8; i++) {
    w->key[i] = CRYPTO_load_u32_le(key + 4 * i);
  }
  w->counter_nonce[0] = 0;
  for (int i = 0; i < 3; i++) {
    w->counter_nonce[1 + i] = CRYPTO_load_u32_le(nonce + 4 * i);
  }
}

// chacha20_xor_at XORs `len` bytes of `in` with the keystream from block
// `counter` on and writes them to `out` (equal to `in` or disjoint).
static void chacha20_xor_at(struct chacha20_words *w, uint32_t counter,
                            uint8_t *out, const uint8_t *in, size_t len) {
  if (len == 0) {
    return;
  }
  w->counter_nonce[0] = counter;
  chacha20_xor_words(out, in, len, w->key, w->counter_nonce);
}

// aead_mac_finish feeds the ciphertext `ct` (all of it, `ct_len` bytes, the
// last part of the MAC input before the trailer), pad16(ct), le64(ad_len)
// and le64(ct_len), writes the tag and wipes `m`. The partial last block
// of ct and the lengths go in one blocks call.
static void aead_mac_finish(POLY1305_MAC_CTX *m, const uint8_t *ct,
                            size_t ct_len, size_t ad_len, uint8_t tag[16]) {
  size_t whole = ct_len & ~(size_t)15, rest = ct_len - whole;
  poly1305_mac_update(m, ct, whole);
  uint8_t last[32] = {0};
  if (rest != 0) {
    // (ct may be NULL when ct_len is 0: no pointer arithmetic on it then.)
    CRYPTO_memcpy_unbounded(last, ct + whole, rest);
  }
  size_t lengths_at = rest == 0 ? 0 : 16;
  CRYPTO_store_u64_le(last + lengths_at, (uint64_t)ad_len);
  CRYPTO_store_u64_le(last + lengths_at + 8, (uint64_t)ct_len);
  poly1305_mac_update(m, last, lengths_at + 16);
  poly1305_mac_finish(m, tag);
}

// aead_mac_short_run finishes the MAC of a short record whose ciphertext
// (`ct_len` bytes) sits at `ct` with kShortAD bytes of scratch before it
// and 32 after: it writes pad16(ad) (ad_len <= kShortAD) to end right at
// `ct`, then pad16(ct) and the two lengths after the ciphertext, so that
// the whole MAC input is one run and one Poly1305 call; then it writes the
// tag and wipes `m`.
static void aead_mac_short_run(POLY1305_MAC_CTX *m, uint8_t *ct,
                               size_t ct_len, const uint8_t *ad,
                               size_t ad_len, uint8_t tag[16]) {
  size_t ad_padded = (ad_len + 15) & ~(size_t)15;
  size_t ct_padded = (ct_len + 15) & ~(size_t)15;
  uint8_t *run = ct - ad_padded;
  OPENSSL_memcpy(run, ad, ad_len);
  OPENSSL_memset(run + ad_len, 0, ad_padded - ad_len);
  OPENSSL_memset(ct + ct_len, 0, ct_padded - ct_len);
  CRYPTO_store_u64_le(ct + ct_padded, (uint64_t)ad_len);
  CRYPTO_store_u64_le(ct + ct_padded + 8, (uint64_t)ct_len);
  poly1305_mac_update(m, run, ad_padded + ct_padded + 16);
  poly1305_mac_finish(m, tag);
}

// chacha20_head computes, in one ChaCha20 call from counter 0, the one-time
// key block and the encryption of the first `head_len` <= kHeadLen bytes
// of `in`: buf[0..63] = keystream block 0 (otk = its first 32 bytes) and
// buf[64..64+head_len) = in[0..head_len) XOR keystream blocks 1, 2, ....
// The call's input is zeros(64) || in[0..head_len), laid out in `src`
// (64 + head_len bytes), which is `buf` itself or a separate buffer that
// then keeps that copy of `in` (the short open MACs the ciphertext there).
// The caller wipes buf[0..63] (and the rest too when it holds plaintext).
static void chacha20_head(struct chacha20_words *w, uint8_t *buf,
                          uint8_t *src, const uint8_t *in, size_t head_len) {
  OPENSSL_memset(src, 0, 64);
  CRYPTO_memcpy_unbounded(src + 64, in, head_len);
  chacha20_xor_at(w, 0, buf, src, 64 + head_len);
}

// chacha20_xor_from XORs `len` bytes of `in` with the keystream of (`key`,
// `nonce`) that starts `offset` bytes into block 1, writing to `out`.
// offset + len is within the limit, so the block counter does not wrap.
// (For seal_scatter's extra input only.)
static void chacha20_xor_from(uint8_t *out, const uint8_t *in, size_t len,
                              const uint8_t key[32], const uint8_t nonce[12],
                              uint64_t offset) {
  uint32_t counter = (uint32_t)(1 + offset / 64);
  size_t skip = (size_t)(offset % 64);
  if (skip != 0 && len != 0) {
    // Finish the block `offset` points into.
    uint8_t block[64] = {0};
    CRYPTO_chacha_20(block, block, sizeof(block), key, nonce, counter);
    size_t todo = 64 - skip;
    if (todo > len) {
      todo = len;
    }
    for (size_t i = 0; i < todo; i++) {
      out[i] = in[i] ^ block[skip + i];
    }
    CRYPTO_wipe(block, sizeof(block));
    out += todo;
    in += todo;
    len -= todo;
    counter++;
  }
  CRYPTO_chacha_20(out, in, len, key, nonce, counter);
}

// chacha20_poly1305_seal_extra is the seal with a seal_scatter extra input
// (rare: the ciphertext of `in` and of `extra_in` meet at any byte offset,
// so the MAC goes through the buffering streaming API).
static void chacha20_poly1305_seal_extra(
    const uint8_t key[32], const uint8_t nonce[12], size_t tag_len,
    uint8_t *out, uint8_t *out_tag, const uint8_t *in, size_t in_len,
    const uint8_t *extra_in, size_t extra_in_len, const uint8_t *ad,
    size_t ad_len) {
  uint8_t block0[64] = {0};
  CRYPTO_chacha_20(block0, block0, sizeof(block0), key, nonce, 0);
  poly1305_state poly;
  CRYPTO_poly1305_init(&poly, block0);
  CRYPTO_wipe(block0, sizeof(block0));
  // The AD is fed before anything is written: it may overlap the outputs.
  static const uint8_t kZeros[16] = {0};
  CRYPTO_poly1305_update(&poly, ad, ad_len);
  CRYPTO_poly1305_update(&poly, kZeros, (16 - ad_len % 16) % 16);
  CRYPTO_chacha_20(out, in, in_len, key, nonce, 1);
  chacha20_xor_from(out_tag, extra_in, extra_in_len, key, nonce, in_len);
  uint64_t ct_len = (uint64_t)in_len + (uint64_t)extra_in_len;
  CRYPTO_poly1305_update(&poly, out, in_len);
  CRYPTO_poly1305_update(&poly, out_tag, extra_in_len);
  uint8_t tail[32] = {0};
  size_t pad = (16 - (size_t)(ct_len % 16)) % 16;
  CRYPTO_store_u64_le(tail + pad, (uint64_t)ad_len);
  CRYPTO_store_u64_le(tail + pad + 8, ct_len);
  CRYPTO_poly1305_update(&poly, tail, pad + 16);
  uint8_t tag[16];
  CRYPTO_poly1305_finish(&poly, tag);
  CRYPTO_memcpy_unbounded(out_tag + extra_in_len, tag, tag_len);
  CRYPTO_wipe(tag, sizeof(tag));
}

// A record of 1..kShortMax bytes with at most kShortADMax bytes of AD is
// tried in one call first (chacha20_poly1305_short, crypto/chacha/words.h),
// where the chosen ChaCha20 row has that call.
#define kShortMax 256
#define kShortADMax 64

// aead_short_args fills `args` for a record under `key` with `nonce` (12
// bytes, or with `xchacha` set XChaCha20's 24).
static void aead_short_args(struct chacha20_poly1305_short_args *args,
                            const uint8_t key[32], const uint8_t *nonce,
                            size_t xchacha, const uint8_t *in,
                            uint8_t *out, size_t in_len, const uint8_t *ad,
                            size_t ad_len, uint8_t *tag, size_t open) {
  args->key = key;
  args->nonce = nonce;
  args->in = in;
  args->out = out;
  args->in_len = in_len;
  args->ad = ad;
  args->ad_len = ad_len;
  args->tag = tag;
  args->open = open;
  args->xchacha = xchacha;
}

// aead_short_seal seals a short record in one call if it can (see
// kShortMax) and returns 1; otherwise it returns 0 having written nothing.
// The usual 16-byte tag goes straight to `out_tag`.
static int aead_short_seal(const uint8_t key[32], const uint8_t *nonce,
                           size_t xchacha, size_t tag_len,
                           uint8_t *out, uint8_t *out_tag, const uint8_t *in,
                           size_t in_len, const uint8_t *ad, size_t ad_len) {
  if (in_len == 0 || in_len > kShortMax || ad_len > kShortADMax) {
    return 0;
  }
  struct chacha20_poly1305_short_args args;
  uint8_t tag[16];
  aead_short_args(&args, key, nonce, xchacha, in, out, in_len, ad, ad_len,
                  tag_len == CHACHA20_POLY1305_TAG_LEN ? out_tag : tag, 0);
  if (chacha20_poly1305_short(&args) < 0) {
    return 0;
  }
  if (tag_len != CHACHA20_POLY1305_TAG_LEN) {
    CRYPTO_memcpy_unbounded(out_tag, tag, tag_len);
    CRYPTO_wipe(tag, sizeof(tag));
  }
  return 1;
}

// aead_tag_mismatch returns 0 if the first `tag_len` bytes of `tag` and
// `in_tag` are equal and 1 otherwise, in time that depends on neither.
// The usual 16-byte tag is two 64-bit XORs folded without a branch
// (CRYPTO_memcmp, a call and a byte loop, cost ~20 TSC ticks of a 16-byte
// open on Zen 4); shorter tags go to CRYPTO_memcmp.
static int aead_tag_mismatch(const uint8_t tag[16], const uint8_t *in_tag,
                             size_t tag_len) {
  if (tag_len == 16) {
    uint64_t d = (CRYPTO_load_u64_le(tag) ^ CRYPTO_load_u64_le(in_tag)) |
                 (CRYPTO_load_u64_le(tag + 8) ^ CRYPTO_load_u64_le(in_tag + 8));
    return (int)((d | (0 - d)) >> 63);
  }
  return CRYPTO_memcmp(tag, in_tag, tag_len) != 0;
}

// aead_short_open opens a short record with the usual 16-byte tag in one
// call if it can and returns whether the tag matched (1 or 0; the
// plaintext reaches `out` only then: the call compares the tags before it
// writes); otherwise it returns -1 having written nothing. (A one-call
// open through a buffer of its own, released after a tag compare here,
// took 2-5% longer: Zen 4, PERCALL_FILTER=chacha20-poly1305, 256 bytes.)
static int aead_short_open(const uint8_t key[32], const uint8_t *nonce,
                           size_t xchacha, size_t tag_len,
                           uint8_t *out, const uint8_t *in, size_t in_len,
                           const uint8_t *in_tag, const uint8_t *ad,
                           size_t ad_len) {
  if (in_len == 0 || in_len > kShortMax || ad_len > kShortADMax ||
      tag_len != CHACHA20_POLY1305_TAG_LEN) {
    return -1;
  }
  struct chacha20_poly1305_short_args args;
  aead_short_args(&args, key, nonce, xchacha, in, out, in_len, ad, ad_len,
                  (uint8_t *)in_tag, 1);
  int ok = chacha20_poly1305_short(&args);
  // Whether the tag matched is public: it is the result of the call.
  CONSTTIME_DECLASSIFY(&ok, sizeof(ok));
  return ok;
}

// chacha20_poly1305_seal is the seal of section 2.8 with the extra input of
// seal_scatter: its ciphertext follows `in`'s in the keystream and in the
// MAC, and is written to `out_tag` ahead of the tag. The AD is fed to the
// MAC (or copied) before anything is written, so it may overlap the
// outputs; `in` has been read into the buffer by then too.
static void chacha20_poly1305_seal(const uint8_t key[32],
                                   const uint8_t nonce[12], size_t tag_len,
                                   uint8_t *out, uint8_t *out_tag,
                                   const uint8_t *in, size_t in_len,
                                   const uint8_t *extra_in,
                                   size_t extra_in_len, const uint8_t *ad,
                                   size_t ad_len) {
  if (extra_in_len != 0) {
    chacha20_poly1305_seal_extra(key, nonce, tag_len, out, out_tag, in,
                                 in_len, extra_in, extra_in_len, ad, ad_len);
    return;
  }
  if (aead_short_seal(key, nonce, 0, tag_len, out, out_tag, in, in_len, ad,
                      ad_len)) {
    return;
  }
  struct chacha20_words w;
  chacha20_words_init(&w, key, nonce);
  // buf: block 0, then the head's ciphertext, then room for pad16(ct) and
  // the two lengths.
  uint8_t buf[64 + kHeadLen + 32];
  size_t head_len = in_len < kHeadLen ? in_len : kHeadLen;
  chacha20_head(&w, buf, buf, in, head_len);
  POLY1305_MAC_CTX mac;
  poly1305_mac_init(&mac, buf);
  uint8_t tag[16];
  if (in_len == head_len && ad_len <= kShortAD) {
    // The whole MAC input in one run of buf: pad16(ad) goes over the end of
    // block 0 (the one-time key has been read from its start), right
    // before the ciphertext; pad16(ct) and the lengths after it.
    aead_mac_short_run(&mac, buf + 64, in_len, ad, ad_len, tag);
    // (A bounded length: see CRYPTO_memcpy_unbounded.)
    CRYPTO_memcpy_unbounded(out, buf + 64, in_len);
  } else {
    poly1305_mac_padded(&mac, ad, ad_len);
    CRYPTO_memcpy_unbounded(out, buf + 64, head_len);
    if (in_len > head_len) {  // (out and in may be NULL when in_len is 0)
      chacha20_xor_at(&w, 1 + kHeadLen / 64, out + head_len, in + head_len,
                      in_len - head_len);
    }
    aead_mac_finish(&mac, out, in_len, ad_len, tag);
  }
  if (tag_len == CHACHA20_POLY1305_TAG_LEN) {
    OPENSSL_memcpy(out_tag, tag, CHACHA20_POLY1305_TAG_LEN);
  } else {
    CRYPTO_memcpy_unbounded(out_tag, tag, tag_len);
  }
  CRYPTO_wipe(tag, sizeof(tag));
  CRYPTO_wipe(buf, 64);
  CRYPTO_wipe(&w, sizeof(w));
}

// chacha20_poly1305_open computes the tag over the ciphertext `in` first and
// decrypts into `out` only if the first `tag_len` bytes match `in_tag`.
//
// A short record (the whole ciphertext in the head, the AD at most
// kShortAD bytes) is MACed in one run, as in the seal: chacha20_head lays
// out zeros(64) || ct in `mac_in` and writes block 0 and the plaintext to
// `buf`, which leaves ct in `mac_in`, where pad16(ad) then goes over the
// end of the zero block and pad16(ct) and the lengths after ct. One
// Poly1305 call instead of three (AD, whole ciphertext blocks, the last
// partial block with the lengths) and no separate copy of the last block,
// and the tag compared inline. util/bench/aead_floor.c, chained, TSC
// ticks, AMD Zen 4 (family 25 model 17), the builds before and after run
// alternately 3 times: open 16 / 64 / 256 bytes 444-449 / 478-479 /
// 685-687 before, 411-416 / 436-444 / 637-643 after, level with the seal
// (405-412 / 432-444 / 644-658). `mac_in` holds only public bytes (AD and
// ciphertext), `buf` the one-time key and the plaintext, wiped (the
// plaintext only if the tag failed: see the end).
static int chacha20_poly1305_open(const uint8_t key[32],
                                  const uint8_t nonce[12], size_t tag_len,
                                  uint8_t *out, const uint8_t *in,
                                  size_t in_len, const uint8_t *in_tag,
                                  const uint8_t *ad, size_t ad_len) {
  int ok = aead_short_open(key, nonce, 0, tag_len, out, in, in_len, in_tag, ad,
                           ad_len);
  if (ok >= 0) {
    return ok;
  }
  struct chacha20_words w;
  chacha20_words_init(&w, key, nonce);
  // Block 0 and the plaintext of the first head_len bytes in one call, into
  // a buffer: the plaintext reaches `out` only once the tag has matched.
  uint8_t buf[64 + kHeadLen];
  size_t head_len = in_len < kHeadLen ? in_len : kHeadLen;
  POLY1305_MAC_CTX mac;
  uint8_t tag[16];
  if (in_len == head_len && ad_len <= kShortAD) {
    uint8_t mac_in[64 + kHeadLen + 32];
    chacha20_head(&w, buf, mac_in, in, in_len);
    poly1305_mac_init(&mac, buf);
    aead_mac_short_run(&mac, mac_in + 64, in_len, ad, ad_len, tag);
  } else {
    chacha20_head(&w, buf, buf, in, head_len);
    poly1305_mac_init(&mac, buf);
    poly1305_mac_padded(&mac, ad, ad_len);
    aead_mac_finish(&mac, in, in_len, ad_len, tag);
  }

  int mismatch = aead_tag_mismatch(tag, in_tag, tag_len);
  CRYPTO_wipe(tag, sizeof(tag));
  // Whether the tag matched is public: it is the result of the call.
  CONSTTIME_DECLASSIFY(&mismatch, sizeof(mismatch));
  if (mismatch == 0) {
    // `in` has been read in full (MAC and head), so `out` may equal it.
    CRYPTO_memcpy_unbounded(out, buf + 64, head_len);
    if (in_len > head_len) {  // (out and in may be NULL when in_len is 0)
      chacha20_xor_at(&w, 1 + kHeadLen / 64, out + head_len, in + head_len,
                      in_len - head_len);
    }
  }
  // Block 0, the one-time key, always; the plaintext after it only when
  // the tag failed (then it must not outlive the call). When it matched,
  // `out` holds the same bytes and they are the caller's: wiping the stack
  // copy as well protected nothing and cost a 1350-byte open a memset of
  // 1414 bytes, 2.6% of its samples (Zen 4, perf). Constant sizes where
  // they can be (inline stores, crypto/internal.h).
  if (mismatch == 0) {
    CRYPTO_wipe(buf, 64);
  } else if (head_len <= 64) {
    CRYPTO_wipe(buf, 128);
  } else {
    CRYPTO_wipe(buf, 64 + head_len);
  }
  CRYPTO_wipe(&w, sizeof(w));
  return mismatch == 0;
}

// --- ChaCha20-Poly1305 ------------------------------------------------------

static void aead_chacha20_poly1305_seal(
    const EVP_AEAD_CTX *ctx, uint8_t *out, uint8_t *out_tag,
    const uint8_t *nonce, const uint8_t *in, size_t in_len,
    const uint8_t *extra_in, size_t extra_in_len, const uint8_t *ad,
    size_t ad_len) {
  chacha20_poly1305_seal(ctx->state.opaque, nonce, ctx->tag_len, out, out_tag,
                         in, in_len, extra_in, extra_in_len, ad, ad_len);
}

static int aead_chacha20_poly1305_open(const EVP_AEAD_CTX *ctx, uint8_t *out,
                                       const uint8_t *nonce, const uint8_t *in,
                                       size_t in_len, const uint8_t *in_tag,
                                       const uint8_t *ad, size_t ad_len) {
  return chacha20_poly1305_open(ctx->state.opaque, nonce, ctx->tag_len, out,
                                in, in_len, in_tag, ad, ad_len);
}

static const EVP_AEAD kChaCha20Poly1305 = {
    .key_len = CHACHA20_POLY1305_KEY_LEN,
    .nonce_len = CHACHA20_POLY1305_NONCE_LEN,
    .overhead = CHACHA20_POLY1305_TAG_LEN,
    .max_tag_len = CHACHA20_POLY1305_TAG_LEN,
    .max_plaintext_len = CHACHA20_POLY1305_MAX_PLAINTEXT,
    .seal = aead_chacha20_poly1305_seal,
    .open = aead_chacha20_poly1305_open,
};

const EVP_AEAD *EVP_aead_chacha20_poly1305(void) { return &kChaCha20Poly1305; }

// --- XChaCha20-Poly1305 -----------------------------------------------------

// xchacha20_derive computes the subkey HChaCha20(K, N[0..15]) and the
// ChaCha20 nonce 0x00000000 || N[16..23].
static void xchacha20_derive(uint8_t subkey[32], uint8_t nonce12[12],
                             const uint8_t key[32], const uint8_t nonce[24]) {
  CRYPTO_hchacha20(subkey, key, nonce);
  memset(nonce12, 0, 4);
  memcpy(nonce12 + 4, nonce + 16, 8);
}

static void aead_xchacha20_poly1305_seal(
    const EVP_AEAD_CTX *ctx, uint8_t *out, uint8_t *out_tag,
    const uint8_t *nonce, const uint8_t *in, size_t in_len,
    const uint8_t *extra_in, size_t extra_in_len, const uint8_t *ad,
    size_t ad_len) {
  // HChaCha20 and the record in one call, where that call exists.
  if (extra_in_len == 0 &&
      aead_short_seal(ctx->state.opaque, nonce, 1, ctx->tag_len, out, out_tag,
                      in, in_len, ad, ad_len)) {
    return;
  }
  uint8_t subkey[32], nonce12[12];
  xchacha20_derive(subkey, nonce12, ctx->state.opaque, nonce);
  chacha20_poly1305_seal(subkey, nonce12, ctx->tag_len, out, out_tag, in,
                         in_len, extra_in, extra_in_len, ad, ad_len);
  CRYPTO_wipe(subkey, sizeof(subkey));
}

static int aead_xchacha20_poly1305_open(const EVP_AEAD_CTX *ctx, uint8_t *out,
                                        const uint8_t *nonce,
                                        const uint8_t *in, size_t in_len,
                                        const uint8_t *in_tag,
                                        const uint8_t *ad, size_t ad_len) {
  int ok = aead_short_open(ctx->state.opaque, nonce, 1, ctx->tag_len, out, in,
                           in_len, in_tag, ad, ad_len);
  if (ok >= 0) {
    return ok;
  }
  uint8_t subkey[32], nonce12[12];
  xchacha20_derive(subkey, nonce12, ctx->state.opaque, nonce);
  ok = chacha20_poly1305_open(subkey, nonce12, ctx->tag_len, out, in, in_len,
                              in_tag, ad, ad_len);
  CRYPTO_wipe(subkey, sizeof(subkey));
  return ok;
}

static const EVP_AEAD kXChaCha20Poly1305 = {
    .key_len = CHACHA20_POLY1305_KEY_LEN,
    .nonce_len = XCHACHA20_POLY1305_NONCE_LEN,
    .overhead = CHACHA20_POLY1305_TAG_LEN,
    .max_tag_len = CHACHA20_POLY1305_TAG_LEN,
    .max_plaintext_len = CHACHA20_POLY1305_MAX_PLAINTEXT,
    .seal = aead_xchacha20_poly1305_seal,
    .open = aead_xchacha20_poly1305_open,
};

const EVP_AEAD *EVP_aead_xchacha20_poly1305(void) {
  return &kXChaCha20Poly1305;
}
