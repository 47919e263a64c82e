// Copyright 2026 The project authors.
//
// ChaCha20 (RFC 8439, section 2) and HChaCha20 (draft-irtf-cfrg-xchacha).
//
// This file is the one place that knows every ChaCha20 implementation: the
// portable C one below and one row per assembly path (asm/) in the table at
// the end. CRYPTO_chacha_20 turns the byte-oriented key and nonce into state
// words and calls the row chosen for this CPU.

#include <openssl/chacha.h>

#include <openssl/mem.h>

#include "../internal.h"
#include "internal.h"

#if defined(OPENSSL_X86_64) && !defined(OPENSSL_NO_ASM)
#include "asm/chacha_asm.h"
#define CHACHA20_ASM_X86_64
#endif

#if defined(OPENSSL_AARCH64) && !defined(OPENSSL_NO_ASM)
#include "asm/chacha_asm_armv8.h"
#define CHACHA20_ASM_AARCH64
#endif

#if defined(OPENSSL_X86) && !defined(OPENSSL_NO_ASM)
#include "asm/chacha_asm_x86.h"
#define CHACHA20_ASM_X86
#endif

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
  OPENSSL_cleanse(state, sizeof(state));
  OPENSSL_cleanse(x, sizeof(x));
  OPENSSL_cleanse(keystream, sizeof(keystream));
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
  const struct chacha20_impl_fns *fns =
      CRYPTO_impl_fns(&CRYPTO_primitive_chacha20);
  fns->ctr32(out, in, in_len, key_words, counter_nonce);
  OPENSSL_cleanse(key_words, sizeof(key_words));
}

void CRYPTO_hchacha20(uint8_t out[32], const uint8_t key[32],
                      const uint8_t nonce[16]) {
  // HChaCha20 state: constants | key | nonce (words 12..15); the output is
  // words 0..3 and 12..15 after the rounds, with no feed-forward.
  uint32_t x[16] = {CHACHA20_CONSTANT0, CHACHA20_CONSTANT1,
                    CHACHA20_CONSTANT2, CHACHA20_CONSTANT3};
  for (int i = 0; i < 8; i++) {
    x[4 + i] = CRYPTO_load_u32_le(key + 4 * i);
  }
  for (int i = 0; i < 4; i++) {
    x[12 + i] = CRYPTO_load_u32_le(nonce + 4 * i);
  }
  chacha20_rounds(x);
  // Every input has been read into `x`, so `out` may alias them.
  for (int i = 0; i < 4; i++) {
    CRYPTO_store_u32_le(out + 4 * i, x[i]);
    CRYPTO_store_u32_le(out + 16 + 4 * i, x[12 + i]);
  }
  OPENSSL_cleanse(x, sizeof(x));
}

// The implementation table, best first; "nohw" is last and always
// qualifies. Each assembly row names its predicate from crypto/cpu/ (the
// rows and their short-input policy are defined in asm/chacha_asm.c and
// asm/chacha_asm_armv8.c).
static const struct chacha20_impl_fns kChaCha20NoHW = {
    .ctr32 = ChaCha20_ctr32_nohw,
};

static const CRYPTO_IMPL kChaCha20Impls[] = {
#if defined(CHACHA20_ASM_X86_64)
    {"avx512", chacha20_avx512_capable, &kChaCha20AVX512,
     "chacha20_ctr32_avx512_row"},
    {"avx2", CRYPTO_is_AVX2_capable, &kChaCha20AVX2, "chacha20_ctr32_avx2_row"},
    {"ssse3_4x", CRYPTO_is_SSSE3_capable, &kChaCha20SSSE3x4,
     "chacha20_ctr32_ssse3_4x_row"},
    // One block at a time in general-purpose registers, baseline x86-64:
    // faster than the C code at every length (asm/chacha_asm.h).
    {"x86_64", NULL, &kChaCha20X86_64, "ChaCha20_ctr32_x86_64"},
#endif
#if defined(CHACHA20_ASM_AARCH64)
    // Five blocks per trip (four in NEON lanes, one in GPRs); by length,
    // one block goes to "scalar"'s code and 2..4 to one NEON group
    // (estimates in asm/chacha_asm_armv8.c).
    {"neon_hybrid", CRYPTO_is_NEON_capable, &kChaCha20NEONHybrid,
     "chacha20_ctr32_neon_hybrid_row"},
    // Four blocks per NEON group; inputs and final rests of at most one
    // block go to the C code. Superseded by "neon_hybrid"; kept to compare.
    {"neon", CRYPTO_is_NEON_capable, &kChaCha20NEON, "chacha20_ctr32_neon_row"},
    // Base A64 only, one block at a time: cores without NEON.
    {"scalar", NULL, &kChaCha20Scalar, "chacha20_ctr32_scalar_row"},
#endif
#if defined(CHACHA20_ASM_X86)
    // 32-bit x86: four blocks per SSSE3 group (two groups at a time from
    // eight blocks on); a final rest of at most one block goes to the
    // one-block SSSE3 code, never to C (instruction counts in
    // asm/chacha_asm_x86.c). "ssse3" (the one-block code alone)
    // is never picked here, having the same predicate: it is listed for
    // `bssl speed -impls` and the tests.
    {"ssse3_4x", CRYPTO_is_SSSE3_capable, &kChaCha20X86SSSE3x4,
     "chacha20_ctr32_ssse3_4x_row"},
    {"ssse3", CRYPTO_is_SSSE3_capable, &kChaCha20X86SSSE3,
     "chacha20_ctr32_ssse3_row"},
#endif
    {"nohw", NULL, &kChaCha20NoHW, "ChaCha20_ctr32_nohw"},
};

CRYPTO_PRIMITIVE CRYPTO_primitive_chacha20 =
    CRYPTO_PRIMITIVE_INIT("chacha20", kChaCha20Impls);
