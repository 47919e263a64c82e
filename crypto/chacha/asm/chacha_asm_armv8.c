// Copyright 2026 The project authors.
//
// crypto/chacha/asm/chacha_asm_armv8.c: the C glue between the whole-block
// AArch64 ChaCha20 assembly (chacha-armv8.pl) and the `ctr32` contract of
// crypto/chacha/internal.h (any length), and the "neon" row built on it.

#include "chacha_asm_armv8.h"

#include <string.h>

#include <openssl/mem.h>

#if defined(OPENSSL_AARCH64) && !defined(OPENSSL_NO_ASM)

// kNEONWidth is the number of blocks ChaCha20_ctr32_neon computes at once.
#define kNEONWidth 4

// kNoHWMaxRest: an input, or a final rest, of at most this many bytes goes
// to the portable C code. Not measured (no AArch64 hardware here; qemu
// timings mean nothing): estimated from instruction counts and latencies
// (see chacha-armv8.pl). One NEON group costs the same for 1..4 blocks:
// ~840 cycles on Cortex-A72 (a latency chain of 20 rounds x 14 ops x 3
// cycles), ~560 on Neoverse N1. ChaCha20_ctr32_nohw costs ~1000 integer
// instructions per block, ~500 cycles on A72's two ALUs, ~330 on N1's
// three. So the C code wins for one block and the NEON group from two.
#define kNoHWMaxRest 64

// chacha20_ctr32_neon_row implements the `ctr32` contract:
//   1. at most kNoHWMaxRest bytes: the C code;
//   2. whole blocks, when the length is a multiple of 64, or else the whole
//      groups of four blocks, straight to the assembly;
//   3. a rest of at most kNoHWMaxRest bytes: the C code;
//   4. a longer rest (under four blocks plus a partial one) is copied to a
//      zero-padded stack buffer of whole blocks, XORed there in place by one
//      more call (one group, the cheapest way to get its keystream), copied
//      out and wiped.
// The counter of each later step is advanced past the blocks before it,
// modulo 2^32 (the truncating cast is that wrap).
static void chacha20_ctr32_neon_row(uint8_t *out, const uint8_t *in,
                                    size_t in_len, const uint32_t key[8],
                                    const uint32_t counter_nonce[4]) {
  if (in_len <= kNoHWMaxRest) {
    ChaCha20_ctr32_nohw(out, in, in_len, key, counter_nonce);
    return;
  }
  size_t direct = in_len / 64;
  if (in_len % 64 != 0) {
    direct = direct / kNEONWidth * kNEONWidth;
  }
  if (direct > 0) {
    ChaCha20_ctr32_neon(out, in, direct, key, counter_nonce);
  }
  size_t done = direct * 64;
  size_t rest = in_len - done;  // 0, or (in_len % 256) < 64 * kNEONWidth
  if (rest == 0) {
    return;
  }
  uint32_t next[4] = {counter_nonce[0] + (uint32_t)direct, counter_nonce[1],
                      counter_nonce[2], counter_nonce[3]};
  if (rest <= kNoHWMaxRest) {
    ChaCha20_ctr32_nohw(out + done, in + done, rest, key, next);
    return;
  }
  // 64 < rest < 64 * kNEONWidth here, with a partial last block: one call
  // of at most four blocks covers it.
  uint8_t buf[64 * kNEONWidth];
  size_t rest_blocks = (rest + 63) / 64;
  memcpy(buf, in + done, rest);
  memset(buf + rest, 0, rest_blocks * 64 - rest);
  ChaCha20_ctr32_neon(buf, buf, rest_blocks, key, next);
  memcpy(out + done, buf, rest);
  OPENSSL_cleanse(buf, rest_blocks * 64);
}

const struct chacha20_impl_fns kChaCha20NEON = {
    .ctr32 = chacha20_ctr32_neon_row,
};

#endif  // OPENSSL_AARCH64 && !OPENSSL_NO_ASM
