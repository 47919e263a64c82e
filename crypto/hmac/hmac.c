// Copyright 2026 The project authors.
//
// HMAC (RFC 2104, FIPS 198-1) on top of the EVP digest interface. The key
// schedule is done once per key: i_ctx and o_ctx hold H's state after
// absorbing K0 ^ ipad and K0 ^ opad; each message starts from a copy of
// i_ctx's chaining value, and the outer hash reads o_ctx. Notation as in
// include/openssl/hmac.h.
//
// What bounds the cost. With B the block size and L the length field (8
// bytes for SHA-1/SHA-256, 16 for SHA-384/SHA-512), an HMAC of an m-byte
// message with a new key makes a fixed number of compression calls:
//   key schedule  2                   (K0 ^ ipad, K0 ^ opad; plus
//                                      ceil((len(key) + 1 + L) / B) to hash
//                                      a key longer than B)
//   inner         ceil((m + 1 + L) / B)
//   outer         1                   (the digest and padding fit a block)
// so four for a short message (m <= B - 1 - L: 55 bytes for SHA-256, 111
// for SHA-384), and a reused key saves the first two. The two key-schedule
// compressions are independent and run as one two-stream pass
// (evp_md_init_two_blocks: crypto/sha/impls.h, SHA256_X2_IMPLS and
// SHA512_X2_IMPLS); the inner and outer hashes run straight from the key
// states (hmac_key_mac, hmac_key_finish: evp_md_finish_from), the outer one
// a single block built on the stack. So a short HMAC with a new key is a
// chain of three steps, pair -> inner block -> outer block, and everything
// else is overhead this file keeps small: the one-shot HMAC() and HKDF work
// on stack hash states with no HMAC_CTX to initialise and erase, and only
// the chaining values and counts of the key states are copied or erased.
// HMAC() with SHA-256 goes further: the three steps run in one call of a
// SHA256_HMAC_IMPLS row (crypto/sha/impls.h; on x86-64 with the SHA
// extensions one assembly function that keeps both states in registers),
// from the key block K0: the row makes both pads and runs their blocks side
// by side; the overhead left is K0 and the padded tail, built here and in
// sha256_hmac_oneshot. HMAC_Final with
// SHA-256 ends the same way: the inner hash's last block(s) and the outer
// block in one call of the row's `finish` (sha256_hmac_finish), from the
// inner and outer states; HMAC_Init_ex/Update/Final with a new key each
// call (percall_bench's hmac-ctx-sha256, 7 rounds, machine shared with a
// CI run, load ~3.7) read 153 ns at 16 bytes against 165 before (1.08x;
// BoringSSL 1.37x), 313 against 336 at 256.
//
// Measured (AMD EPYC Zen 5, family 26, KVM guest on 2 cores shared with
// other builds, load 14-18; ns a call, medians of 7 runs of the "ours"
// program of util/bench/percall_bench.c, back-to-back calls, reproduced by
// `PERCALL_FILTER=sha BUILD/percall_bench/bench_ours` after
// `util/bench/percall.sh BUILD BORINGSSL_BUILD`):
//   block cost   SHA256() of 16 B (one block) 29.7, of 64 B (two) 60.8;
//                SHA512() of 16 B 140. One SHA-NI block alone is a ~36 ns
//                sha256rnds2 chain (76 TSC ticks at 2.096 GHz,
//                asm/sha256-x86_64.pl); back-to-back calls overlap.
//   pair cost    a two-stream pair costs ~1.25 one-block calls for SHA-256
//                (shani) and ~1.6 for SHA-512 (avx512), the harness beside
//                the rows in crypto/sha/impls.h.
//   HMAC-SHA256  16 B 151 ns: the chain of 1.25 + 2 SHA-NI blocks is
//                ~117 ns of latency (3.25 x 36), the other ~34 ns are the
//                pads, the padded blocks and the calls around them. 1350 B
//                888 ns: SHA256() of the same 22 blocks alone takes 759 ns,
//                the pair and the outer block at least ~75 more; the
//                1.1x-of-BoringSSL target there would need ~830 ns, i.e. a
//                faster bulk SHA-NI block function than BoringSSL's, which
//                runs at the same speed (SHA256() of 8 KiB, ratio ~1.0).
//   HMAC-SHA384  16 B 512 ns against a compression bound of (1.6 + 2) x
//                140 = ~500 ns: within 3% of its compressions.
// The fused SHA-256 row (2026-12-02, same machine, quiet, 7 alternating
// rounds of three processes each, ns a call, against the previous build and
// BoringSSL a0689af29e8e): HMAC() 16 B 131.6 (was 148.3; BoringSSL 211),
// 64 B 173.1 (194.9; 250), 256 B 290.0 (310.3; 363), 1350 B 952 (971;
// 1036). Its chain at 256 B is the pair, five inner blocks and the outer
// block, ~7.25 x 36 = ~261 ns, so the 1.3x-of-BoringSSL target there
// (~279 ns) leaves ~18 ns for everything around the compressions; 1350 B
// is the bulk case above.
// AMD Zen 4 (family 25 model 17, TSC 2.596 GHz, 2026-12-04): the fused
// assembly alone, called back to back on fixed pads, took 620 TSC ticks at
// 256 bytes and 259 at 16; HMAC() around it 688 and 330. Everything between
// the key and the first sha256rnds2 is on the path each call waits on, so
// the pads moved into the row: C writes K0 only (zeros, the key) and the
// assembly XORs 0x36 / 0x5c into the byte-swapped K0 in registers, where
// before K0 was stored, reloaded, XORed and stored again as two pads for
// the assembly to load. HMAC() 688 -> 664 ticks at 256 bytes, 323 -> 299
// at 16 (an rdtsc loop outside the tree, lower quartiles of 41 batches,
// the two builds alternated); `util/bench/percall.sh build BSSL 7`
// (BoringSSL a0689af29e8e), ours / BoringSSL: HMAC() SHA-256 16 B 1.54 ->
// 1.65, 256 B 1.26 -> 1.30; HMAC_Init_ex/Update/Final 16 B 1.37 -> 1.51,
// 256 B 1.14 -> 1.18. What bounds those at 256 and 1350 bytes on this core:
// one SHA-NI block is a 32 x 4-cycle sha256rnds2 chain, 91 TSC ticks
// (SHA256() of 16 KiB runs at 1.44 ticks a byte, BoringSSL's 1.45), and an
// HMAC of 256 bytes is at least 7 blocks in a chain (K0 ^ ipad, four
// message blocks, the padding block, the outer block; K0 ^ opad runs beside
// the first), 637 ticks = 245 ns. BoringSSL's HMAC_Init_ex/Update/Final
// takes 317 ns there, so 1.3x of it (244 ns) is below that chain. At 1350
// bytes the chain is 24 blocks, 2184 ticks = 841 ns, and the assembly
// alone, back to back with nothing around it, took 2166-2202 ticks (834-848
// ns); 1.1x of BoringSSL's 914 (HMAC_Init_ex/Update/Final) and 930 ns
// (HMAC()) is 831 and 845 ns, at or below that.
// Tried and dropped (no change beyond the noise, A/B medians of 9 rounds):
// building the pads with 16-byte stores and storing the SHA-256 digest as
// 8-byte words for the outer block's 8-byte loads.

#include <openssl/hmac.h>

#include <assert.h>

#include <openssl/err.h>
#include <openssl/mem.h>

#include "../digest/internal.h"
#include "../internal.h"
#include "../sha/internal.h"
#include "internal.h"

// hmac_k0 writes the key block K0 of FIPS 198-1 §4 to `k0`, `block_size`
// (EVP_MD_block_size(md), a multiple of 16) bytes: the `key_len`-byte
// `key` zero-padded, or H(key) zero-padded for a key longer than a block.
// It returns one, or zero if hashing the key failed. A key that fits is
// read in 16-byte pieces (the last one partial, reading only the key's
// bytes) and each piece of K0 stored once (sha_store_chunk), inline for a
// block size known at the call: zeros and then a memcpy call over them
// cost HMAC() SHA-256 ~5 TSC ticks more at 16 and 256 bytes (AMD Zen 4),
// and the fused row's 16-byte loads of K0 then spanned two stores.
static inline int hmac_k0(const EVP_MD *md, size_t block_size,
                          const uint8_t *key, size_t key_len, uint8_t *k0) {
  if (key_len > block_size) {
    for (size_t o = 0; o < block_size; o += 16) {
      sha_store_chunk(k0 + o, 0, 0);
    }
    return EVP_Digest(key, key_len, k0, NULL, md, NULL);
  }
  // The branches depend on the public key length only.
  for (size_t o = 0; o < block_size; o += 16) {
    uint64_t lo, hi;
    sha_load_piece(key, key_len, o, &lo, &hi);
    sha_store_chunk(k0 + o, lo, hi);
  }
  return 1;
}

// hmac_pads writes K0 ^ ipad to `ipad` and K0 ^ opad to `opad`, each
// EVP_MD_block_size(md) bytes, for the `key_len`-byte `key`. A key longer
// than a block is hashed first. It returns one, or zero if the digest's
// sizes are out of range. K0 is built on the stack and wiped here.
static int hmac_pads(const EVP_MD *md, const uint8_t *key, size_t key_len,
                     uint8_t *ipad, uint8_t *opad) {
  size_t block_size = EVP_MD_block_size(md);
  size_t md_size = EVP_MD_size(md);
  if (block_size > EVP_MAX_MD_BLOCK_SIZE || md_size > block_size ||
      block_size % 16 != 0) {
    OPENSSL_PUT_ERROR(HMAC, ERR_R_INTERNAL_ERROR);
    return 0;
  }
  uint8_t k0[EVP_MAX_MD_BLOCK_SIZE];
  int ok = hmac_k0(md, block_size, key, key_len, k0);
  if (ok) {
    sha_xor_pads(k0, block_size, ipad, opad);
  }
  CRYPTO_wipe(k0, block_size);
  return ok;
}

int hmac_key_init(EVP_MD_CTX *i_ctx, EVP_MD_CTX *o_ctx, const EVP_MD *md,
                  const uint8_t *key, size_t key_len) {
  uint8_t ipad[EVP_MAX_MD_BLOCK_SIZE];
  uint8_t opad[EVP_MAX_MD_BLOCK_SIZE];
  // The two pads' compressions are independent: one interleaved pass
  // (evp_md_init_two_blocks).
  int ok = hmac_pads(md, key, key_len, ipad, opad);
  if (ok) {
    evp_md_init_two_blocks(md, i_ctx, ipad, o_ctx, opad);
  }
  CRYPTO_wipe(ipad, sizeof(ipad));
  CRYPTO_wipe(opad, sizeof(opad));
  if (!ok) {
    // Not reached with a valid `md`; if it were, no half-keyed state stays.
    CRYPTO_wipe(i_ctx, sizeof(*i_ctx));
    CRYPTO_wipe(o_ctx, sizeof(*o_ctx));
  }
  return ok;
}

int hmac_key_finish(EVP_MD_CTX *i_ctx, const EVP_MD_CTX *o_ctx, uint8_t *out,
                    unsigned int *out_len) {
  // inner = H((K0 ^ ipad) || m); out = H((K0 ^ opad) || inner), the outer
  // hash straight from o_ctx's state: one block, built on the stack.
  uint8_t inner[EVP_MAX_MD_SIZE];
  unsigned int inner_len;
  if (!EVP_DigestFinal_ex(i_ctx, inner, &inner_len)) {
    return 0;
  }
  evp_md_finish_from(o_ctx, inner, inner_len, out);
  CRYPTO_wipe(inner, sizeof(inner));
  if (out_len != NULL) {
    *out_len = inner_len;
  }
  return 1;
}

void hmac_key_mac(const EVP_MD_CTX *i_key, const EVP_MD_CTX *o_key,
                  const uint8_t *msg, size_t msg_len, uint8_t *out) {
  uint8_t inner[EVP_MAX_MD_SIZE];
  evp_md_finish_from(i_key, msg, msg_len, inner);
  evp_md_finish_from(o_key, inner, EVP_MD_CTX_size(o_key), out);
  CRYPTO_wipe(inner, sizeof(inner));
}

void hmac_key_wipe(EVP_MD_CTX *key_ctx) {
  CRYPTO_wipe(key_ctx, HMAC_KEY_STATE_BYTES);
}

void HMAC_CTX_init(HMAC_CTX *ctx) {
  // The empty state: no digest anywhere. The union members of the three
  // contexts are only read once their `digest` is set, so they are left as
  // they are (HMAC_CTX_cleanup erases them).
  ctx->md = NULL;
  ctx->md_ctx.digest = NULL;
  ctx->i_ctx.digest = NULL;
  ctx->o_ctx.digest = NULL;
  ctx->key_deferred = 0;
}

HMAC_CTX *HMAC_CTX_new(void) {
  HMAC_CTX *ctx = OPENSSL_malloc(sizeof(HMAC_CTX));
  if (ctx != NULL) {
    HMAC_CTX_init(ctx);
  }
  return ctx;
}

void HMAC_CTX_cleanup(HMAC_CTX *ctx) {
  // All zeros is the empty state (every `digest` NULL), so one erase of the
  // whole structure, padding included, both wipes the keys and resets it.
  CRYPTO_wipe(ctx, sizeof(HMAC_CTX));
}

int HMAC_CTX_reset(HMAC_CTX *ctx) {
  HMAC_CTX_cleanup(ctx);
  return 1;
}

void HMAC_CTX_free(HMAC_CTX *ctx) {
  if (ctx == NULL) {
    return;
  }
  HMAC_CTX_cleanup(ctx);
  OPENSSL_free(ctx);
}

// hmac_state_copy sets `*dst` to `*src`, a context holding data only. The
// union is copied on its own so that the 16-byte copy loads line up with
// the stores the block functions just made to the chaining value at its
// start; a plain struct copy puts the `digest` pointer and h[0..1] in one
// load, which no earlier store can forward to. HMAC_Init_ex with a new
// key + Update + Final (SHA-256, medians of 9 alternating rounds of
// util/bench/percall_bench.c, Zen 5): 16 B 177 -> 175 ns, 256 B 316 ->
// 299 ns, 1350 B 890 -> 869 ns.
//
// Only the chaining value and the counts are copied (HMAC_KEY_STATE_BYTES,
// internal.h): a key state has absorbed one whole block, so its buffer is
// empty and never read before it is written.
static inline void hmac_state_copy(EVP_MD_CTX *dst, const EVP_MD_CTX *src) {
  dst->digest = src->digest;
  OPENSSL_memcpy(&dst->u, &src->u,
                 HMAC_KEY_STATE_BYTES - offsetof(EVP_MD_CTX, u));
}

// The deferred key schedule (SHA-256). A new key usually serves one short
// message: TLS 1.3's HKDF-Expand-Label through HMAC_CTX, a MAC with a fresh
// key. Computing the key states at HMAC_Init_ex stores them, copies one into
// md_ctx, and reloads both at HMAC_Final, where the one-call HMAC() path
// keeps them in registers. So HMAC_Init_ex with a new SHA-256 key only
// writes the key block K0 (into o_ctx's state, free until the key states
// exist) and opens the message; while the message fits md_ctx's buffer,
// HMAC_Final hands K0 and message to the same SHA256_HMAC_IMPLS row
// HMAC() uses (sha256_hmac_oneshot). The key states are computed from the
// stored K0 as soon as anything needs them: an Update that would take
// the message past one block, or a second message with the same key (each
// message after the first then starts from the states, as without
// deferral).
// HMAC_CTX_copy_ex copies K0 with o_ctx, and HMAC_CTX_cleanup erases it
// with the rest. Nothing here branches on key or message bytes, only on
// lengths and on the state of the context.
//
// Where K0 goes. In o_ctx it covers any previous key's outer chaining
// value (the first 64 bytes of the state, SHA-512's included). When it is
// turned into states (through pads on the stack), the outer one goes
// through the stack and the
// inner one is written straight into md_ctx if a message is open (else
// into i_ctx), so the message's first block reads the chaining value the
// two-stream pass has just stored rather than a copy of it. Copying the
// pads out whole first, and the inner state into md_ctx after, cost
// HMAC_Init_ex + Update + Final 1-3% at 64 to 1350 bytes, where the states
// are needed at once.
//
// Measured (AMD EPYC, Zen 4: family 25 model 17; util/bench/percall_bench.c
// built against this library before and after, 11 alternating rounds of
// three processes each, ns a call, medians): hmac-ctx-sha256 at 16 bytes
// 149.3 -> 136.0 (1.10x), 64 bytes 171.4 -> 170.9, 256 bytes 276.0 ->
// 277.5, 1350 bytes 882.6 -> 879.4 (within the noise from 64 bytes up).
#define HMAC_DEFERRED_K0_BYTES SHA256_CBLOCK
static_assert(HMAC_DEFERRED_K0_BYTES <= sizeof(((EVP_MD_CTX *)0)->u),
              "the deferred key block must fit o_ctx's state");
static_assert(offsetof(SHA256_CTX, data) <= HMAC_DEFERRED_K0_BYTES,
              "the outer state written over K0 must not pass its end");

static inline uint8_t *hmac_deferred_k0(HMAC_CTX *ctx) {
  return (uint8_t *)&ctx->o_ctx.u;
}

// hmac_key_undefer computes `ctx`'s key states from its deferred K0 and
// erases it. If a message is open (the deferred message's first long
// Update), the inner state is computed in md_ctx and copied to i_ctx beside
// the message's blocks; md_ctx's count and buffer are already right (the
// count started at one block; a full buffer is compressed here).
static void hmac_key_undefer(HMAC_CTX *ctx) {
  uint8_t *k0 = hmac_deferred_k0(ctx);
  uint8_t pads[2 * SHA256_CBLOCK];
  sha_xor_pads(k0, SHA256_CBLOCK, pads, pads + SHA256_CBLOCK);
  SHA256_CTX *inner = &ctx->md_ctx.u.sha256;
  const size_t state_bytes = offsetof(SHA256_CTX, data);
  const int open = ctx->md_ctx.digest != NULL;
  // (Read only when open: the two-block init resets them.)
  uint32_t num = open ? inner->num : 0;
  uint64_t len = open ? inner->len : 0;
  EVP_MD_CTX outer;
  evp_md_init_two_blocks(ctx->md, open ? &ctx->md_ctx : &ctx->i_ctx, pads,
                         &outer, pads + SHA256_CBLOCK);
  if (open) {
    ctx->i_ctx.digest = ctx->md;
    OPENSSL_memcpy(&ctx->i_ctx.u, &ctx->md_ctx.u, state_bytes);
    inner->num = num;
    inner->len = len;
    if (num == SHA256_CBLOCK) {
      // A deferred message may fill the buffer (HMAC_Update); a streaming
      // context keeps fewer bytes than a block.
      SHA256_TransformBlocks(inner->h, inner->data, 1);
      inner->num = 0;
    }
  }
  // The outer chaining value and counts over K0, then the rest of K0 and
  // the pads erased.
  OPENSSL_memcpy(&ctx->o_ctx.u, &outer.u, state_bytes);
  CRYPTO_wipe(k0 + state_bytes, HMAC_DEFERRED_K0_BYTES - state_bytes);
  CRYPTO_wipe(pads, sizeof(pads));
  CRYPTO_wipe(&outer.u, state_bytes);
  ctx->key_deferred = 0;
}

int HMAC_Init_ex(HMAC_CTX *ctx, const void *key, size_t key_len,
                 const EVP_MD *md, ENGINE *impl) {
  (void)impl;
  if (md == NULL) {
    md = ctx->md;
  }
  if (md == NULL) {
    OPENSSL_PUT_ERROR(HMAC, HMAC_R_MISSING_PARAMETERS);
    HMAC_CTX_cleanup(ctx);
    return 0;
  }
  if (key == NULL && key_len != 0) {
    OPENSSL_PUT_ERROR(HMAC, ERR_R_PASSED_NULL_PARAMETER);
    HMAC_CTX_cleanup(ctx);
    return 0;
  }
  if (key != NULL || md != ctx->md) {
    // A new key (the empty key if `key` is NULL) or a new digest.
    if (EVP_MD_type(md) == NID_sha256) {
      // Deferred (see above): K0 only, and the message opened at one
      // block's count with its chaining value still to come. A previous
      // key's computed inner chaining value is erased, as a new key
      // schedule would overwrite it (the outer one is under K0); 64
      // bytes cover every family's.
      if (!ctx->key_deferred && ctx->md != NULL) {
        CRYPTO_wipe(&ctx->i_ctx.u, 64);
      }
      if (!hmac_k0(md, SHA256_CBLOCK, key, key_len, hmac_deferred_k0(ctx))) {
        HMAC_CTX_cleanup(ctx);
        return 0;
      }
      ctx->i_ctx.digest = md;
      ctx->o_ctx.digest = md;
      ctx->key_deferred = 1;
      ctx->md = md;
      ctx->md_ctx.digest = md;
      ctx->md_ctx.u.sha256.num = 0;
      ctx->md_ctx.u.sha256.len = SHA256_CBLOCK;
      return 1;
    }
    if (!hmac_key_init(&ctx->i_ctx, &ctx->o_ctx, md, key, key_len)) {
      HMAC_CTX_cleanup(ctx);
      return 0;
    }
    ctx->md = md;
    ctx->key_deferred = 0;
  } else if (ctx->key_deferred) {
    // The key's second message: compute its states for this and the rest.
    // A message still open is dropped first (it is restarted below), so
    // the states go straight to i_ctx.
    ctx->md_ctx.digest = NULL;
    hmac_key_undefer(ctx);
  }
  // The message's inner hash starts from H state after K0 ^ ipad: a plain
  // copy of a context that holds data only.
  hmac_state_copy(&ctx->md_ctx, &ctx->i_ctx);
  return 1;
}

int HMAC_Update(HMAC_CTX *ctx, const uint8_t *data, size_t data_len) {
  if (EVP_MD_CTX_md(&ctx->md_ctx) == NULL) {
    OPENSSL_PUT_ERROR(HMAC, HMAC_R_MISSING_PARAMETERS);
    return 0;
  }
  if (ctx->key_deferred) {
    SHA256_CTX *inner = &ctx->md_ctx.u.sha256;
    if (data_len <= SHA256_CBLOCK - inner->num) {
      // The message still fits the buffer, which it may fill (a 64-byte
      // message goes to HMAC_Final's one call too): buffered, no chaining
      // value needed yet.
      if (data_len != 0) {
        OPENSSL_memcpy(inner->data + inner->num, data, data_len);
      }
      inner->num += (uint32_t)data_len;
      inner->len += data_len;
      return 1;
    }
    hmac_key_undefer(ctx);
  }
  return EVP_DigestUpdate(&ctx->md_ctx, data, data_len);
}

int HMAC_Final(HMAC_CTX *ctx, uint8_t *out, unsigned int *out_len) {
  if (EVP_MD_CTX_md(&ctx->md_ctx) == NULL) {
    OPENSSL_PUT_ERROR(HMAC, HMAC_R_MISSING_PARAMETERS);
    return 0;
  }
  if (out == NULL) {
    OPENSSL_PUT_ERROR(HMAC, ERR_R_PASSED_NULL_PARAMETER);
    return 0;
  }
  // The outer hash reads o_ctx's state and leaves it for the next message.
  int ok;
  if (ctx->key_deferred) {
    // The whole HMAC in one call from K0 and the buffered message,
    // as HMAC() runs it; the key stays deferred for a next message.
    SHA256_CTX *inner = &ctx->md_ctx.u.sha256;
    sha256_hmac_oneshot(out, hmac_deferred_k0(ctx), inner->data,
                        inner->num);
    CRYPTO_wipe(inner, sizeof(*inner));
    if (out_len != NULL) {
      *out_len = SHA256_DIGEST_LENGTH;
    }
    ok = 1;
  } else if (EVP_MD_type(EVP_MD_CTX_md(&ctx->md_ctx)) == NID_sha256) {
    // The inner hash's last block(s) and the outer block in one call of the
    // chosen SHA256_HMAC_IMPLS row (crypto/sha/impls.h), as HMAC() does.
    sha256_hmac_finish(out, &ctx->md_ctx.u.sha256, ctx->o_ctx.u.sha256.h);
    CRYPTO_wipe(&ctx->md_ctx.u.sha256, sizeof(ctx->md_ctx.u.sha256));
    if (out_len != NULL) {
      *out_len = SHA256_DIGEST_LENGTH;
    }
    ok = 1;
  } else {
    ok = hmac_key_finish(&ctx->md_ctx, &ctx->o_ctx, out, out_len);
  }
  // Close the message: the digest's Final erased md_ctx's state; with no
  // digest it is the empty state again.
  ctx->md_ctx.digest = NULL;
  return ok;
}

size_t HMAC_size(const HMAC_CTX *ctx) {
  return ctx->md == NULL ? 0 : EVP_MD_size(ctx->md);
}

const EVP_MD *HMAC_CTX_get_md(const HMAC_CTX *ctx) { return ctx->md; }

int HMAC_CTX_copy_ex(HMAC_CTX *dest, const HMAC_CTX *src) {
  if (src->md == NULL) {
    OPENSSL_PUT_ERROR(HMAC, HMAC_R_MISSING_PARAMETERS);
    if (dest != src) {
      HMAC_CTX_cleanup(dest);
    }
    return 0;
  }
  if (dest == src) {
    return 1;
  }
  if (!EVP_MD_CTX_copy_ex(&dest->i_ctx, &src->i_ctx) ||
      !EVP_MD_CTX_copy_ex(&dest->o_ctx, &src->o_ctx)) {
    HMAC_CTX_cleanup(dest);
    return 0;
  }
  if (EVP_MD_CTX_md(&src->md_ctx) == NULL) {
    // Whole: md_ctx's digest is set by hmac_state_copy, not by
    // EVP_DigestInit_ex, so a larger digest's state may lie past the
    // current one's (EVP_MD_CTX_cleanup erases only the current one's).
    CRYPTO_wipe(&dest->md_ctx, sizeof(dest->md_ctx));
  } else if (!EVP_MD_CTX_copy_ex(&dest->md_ctx, &src->md_ctx)) {
    HMAC_CTX_cleanup(dest);
    return 0;
  }
  dest->md = src->md;
  // A deferred K0, if any, came with o_ctx.
  dest->key_deferred = src->key_deferred;
  return 1;
}

int HMAC_CTX_copy(HMAC_CTX *dest, const HMAC_CTX *src) {
  HMAC_CTX_init(dest);
  return HMAC_CTX_copy_ex(dest, src);
}

int hmac_sha256_oneshot(uint8_t out[32], const uint8_t *key, size_t key_len,
                        const uint8_t *data, size_t data_len, int with_byte,
                        uint8_t last_byte) {
  // The whole HMAC in one call of the chosen SHA256_HMAC_IMPLS row
  // (crypto/sha/impls.h), from the key block: the row makes the two pads
  // (in registers, in the assembly) and runs their blocks side by side.
  uint8_t k0[SHA256_CBLOCK];
  int ok = hmac_k0(EVP_sha256(), SHA256_CBLOCK, key, key_len, k0);
  if (ok && with_byte) {
    sha256_hmac_oneshot_byte(out, k0, data, data_len, last_byte);
  } else if (ok) {
    sha256_hmac_oneshot(out, k0, data, data_len);
  }
  CRYPTO_wipe(k0, sizeof(k0));
  return ok;
}

uint8_t *HMAC(const EVP_MD *evp_md, const void *key, size_t key_len,
              const uint8_t *data, size_t data_len, uint8_t *out,
              unsigned int *out_len) {
  if (evp_md == NULL || out == NULL || (data == NULL && data_len != 0) ||
      (key == NULL && key_len != 0)) {
    OPENSSL_PUT_ERROR(HMAC, ERR_R_PASSED_NULL_PARAMETER);
    return NULL;
  }
  if (EVP_MD_type(evp_md) == NID_sha256) {
    if (!hmac_sha256_oneshot(out, key, key_len, data, data_len, 0, 0)) {
      return NULL;
    }
    if (out_len != NULL) {
      *out_len = SHA256_DIGEST_LENGTH;
    }
    return out;
  }
  // Two stack states and no HMAC_CTX: the key schedule goes straight into
  // them, and both hashes run from them without copying or buffering
  // (hmac_key_mac); then only their chaining values and counts hold key
  // material to erase.
  EVP_MD_CTX i_ctx, o_ctx;
  if (!hmac_key_init(&i_ctx, &o_ctx, evp_md, key, key_len)) {
    return NULL;
  }
  hmac_key_mac(&i_ctx, &o_ctx, data, data_len, out);
  hmac_key_wipe(&i_ctx);
  hmac_key_wipe(&o_ctx);
  if (out_len != NULL) {
    *out_len = (unsigned int)EVP_MD_size(evp_md);
  }
  return out;
}
