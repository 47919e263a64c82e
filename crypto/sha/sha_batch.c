// Copyright 2026 The project authors.
//
// sha_batch.c: batch hashing (include/openssl/sha.h, "Batch hashing"):
// SHA-256 and SHA-512 of many independent messages, and the Merkle-pair
// shape (one-block messages, consecutive).
//
// This file is the one place that knows every row of the two batch
// primitives (the tables at the end) and the one place that splits
// messages into whole blocks and a padded tail for the multi-buffer
// kernels. Like the one-message code, the kernels only see whole blocks.
//
// How lanes are fed (sha_mb_batch). Each lane of a kernel hashes one
// message at a time, in two segments: the message's whole blocks, read
// where they are, then its last 1 or 2 blocks (the final partial block and
// the padding of FIPS 180-4 §5.1), built by sha_pad_tail into that lane's
// own buffer. Every call runs all lanes for k blocks, k the fewest blocks
// left in any busy lane's current segment, so no lane reads past the end
// of its segment. A lane whose segment ends moves on: to its tail, or,
// after the tail, to the next message (its digest is written and its
// column of the chaining values reset to the IV). A lane with no message
// left is pointed at a busy lane's current segment for the next call: it
// reads only memory that lane reads and its result is ignored. When no
// message is waiting and only a few lanes are busy, those finish one by
// one through the one-message block function, which is then faster than a
// kernel call for mostly idle lanes.

#include <openssl/sha.h>

#include <stdalign.h>
#include <string.h>

#include "../internal.h"
#include "internal.h"
#include "sha_batch.h"

// --- Hash descriptions ----------------------------------------------------------

// The initial hash values H(0) (FIPS 180-4 §5.3.3, §5.3.5).
static const uint32_t kSHA256IV[8] = {
    0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
    0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
};
static const uint64_t kSHA512IV[8] = {
    UINT64_C(0x6a09e667f3bcc908), UINT64_C(0xbb67ae8584caa73b),
    UINT64_C(0x3c6ef372fe94f82b), UINT64_C(0xa54ff53a5f1d36f1),
    UINT64_C(0x510e527fade682d1), UINT64_C(0x9b05688c2b3e6c1f),
    UINT64_C(0x1f83d9abfb41bd6b), UINT64_C(0x5be0cd19137e2179),
};

// The largest kernel: lanes x block bytes and the transposed state (8 words
// per lane) are the same size for both hashes.
#define SHA_MB_MAX_LANES 16
#define SHA_MB_STATE_BYTES 512  // 8 words x 16 lanes x 4 = 8 x 8 x 8
#define SHA_MB_GROUP_BYTES 1024  // 16 x 64 = 8 x 128

// A hash as the drivers see it. Chaining values are arrays of eight words
// of `word` bytes in native byte order, handled as bytes so one driver
// serves both hashes.
struct sha_hash_desc {
  size_t block;      // 64 or 128
  size_t word;       // 4 or 8
  size_t len_bytes;  // the padding's length field: 8 or 16 bytes
  size_t out_len;    // 32 or 64
  const void *iv;
  // one compresses `num_blocks` blocks into the eight words at `state`
  // with the one-message block function in use.
  void (*one)(void *state, const uint8_t *in, size_t num_blocks);
  // oneshot is SHA256() or SHA512(): a whole message to its digest.
  uint8_t *(*oneshot)(const uint8_t *data, size_t len, uint8_t *out);
};

static void sha256_one(void *state, const uint8_t *in, size_t num_blocks) {
  CRYPTO_impl_chosen(&CRYPTO_primitive_sha256)
      ->entry.sha32((uint32_t *)state, in, num_blocks);
}

static void sha512_one(void *state, const uint8_t *in, size_t num_blocks) {
  CRYPTO_impl_chosen(&CRYPTO_primitive_sha512)
      ->entry.sha64((uint64_t *)state, in, num_blocks);
}

static const struct sha_hash_desc kSHA256Desc = {64, 4, 8, 32, kSHA256IV,
                                                 sha256_one, SHA256};
static const struct sha_hash_desc kSHA512Desc = {128, 8, 16, 64, kSHA512IV,
                                                 sha512_one, SHA512};

// sha_store_digest writes the eight words at `state` (native order) to
// `out` as big-endian words.
static void sha_store_digest(const struct sha_hash_desc *h, uint8_t *out,
                             const uint8_t *state) {
  for (size_t j = 0; j < 8; j++) {
    if (h->word == 4) {
      uint32_t v;
      memcpy(&v, state + 4 * j, 4);
      CRYPTO_store_u32_be(out + 4 * j, v);
    } else {
      uint64_t v;
      memcpy(&v, state + 8 * j, 8);
      CRYPTO_store_u64_be(out + 8 * j, v);
    }
  }
}

// The padding block of a one-block message: 0x80, zeros, and the length
// in bits (512 or 1024) big-endian in the last two bytes.
static void sha_pad_one_block(const struct sha_hash_desc *h, uint8_t *pad) {
  memset(pad, 0, h->block);
  pad[0] = 0x80;
  pad[h->block - 2] = (uint8_t)((8 * h->block) >> 8);
}

// sha_serial_pairs hashes `n` one-block messages one after another. Each
// message is read (the first block function call) before its digest is
// written, and digest i ends at or below message i+1, so out == in works.
static void sha_serial_pairs(const struct sha_hash_desc *h, uint8_t *out,
                             const uint8_t *in, size_t n) {
  uint8_t pad[128];
  sha_pad_one_block(h, pad);
  for (size_t i = 0; i < n; i++) {
    alignas(8) uint8_t state[64];
    memcpy(state, h->iv, 8 * h->word);
    h->one(state, in + i * h->block, 1);
    h->one(state, pad, 1);
    sha_store_digest(h, out + i * h->out_len, state);
  }
}

// sha_serial_batch hashes the messages one by one with the one-shot
// function, the fastest code for one message (its short-message cases are
// specialised: see sha256.c). A NULL input of length zero becomes a valid
// pointer, so no library function sees NULL.
static void sha_serial_batch(const struct sha_hash_desc *h, uint8_t *out,
                             const uint8_t *const *ins, const size_t *lens,
                             size_t n) {
  static const uint8_t kEmpty[1] = {0};
  for (size_t i = 0; i < n; i++) {
    h->oneshot(lens[i] != 0 ? ins[i] : kEmpty, lens[i], out + i * h->out_len);
  }
}

// --- The multi-buffer drivers -----------------------------------------------------
//
// Compiled where some row has a multi-buffer kernel: x86-64, 32-bit x86
// and aarch64 assembly.
#if (defined(OPENSSL_X86_64) || defined(OPENSSL_X86) || \
     defined(OPENSSL_AARCH64)) &&                          \
    !defined(OPENSSL_NO_ASM)
#define SHA_BATCH_HAVE_MB
#endif

#if defined(SHA_BATCH_HAVE_MB)

// sha_pad_message builds the last blocks of a `len`-byte message whose
// final partial block (len mod block bytes) is at `tail`, in `buf` (room
// for two blocks), and returns how many blocks it wrote.
static size_t sha_pad_message(const struct sha_hash_desc *h, uint8_t *buf,
                              const uint8_t *tail, size_t len) {
  // The length in bits as a 128-bit number (SHA-256 uses the low 64 bits:
  // a message of 2^61 bytes or more is beyond the standard either way).
  uint64_t bits_lo = (uint64_t)len << 3;
  uint64_t bits_hi = (uint64_t)len >> 61;
  return sha_pad_tail(buf, h->block, h->len_bytes, tail, len % h->block,
                      bits_hi, bits_lo);
}

// A multi-buffer kernel: `lanes` messages at a time.
struct sha_mb_kernel {
  const struct sha_hash_desc *hash;
  size_t lanes;
  // mb compresses `num_blocks` blocks from in[l] into column l of the
  // transposed chaining values (word j of lane l at word j * lanes + l).
  void (*mb)(void *state, const uint8_t *const *in, size_t num_blocks);
  // pairs hashes `groups` groups of `lanes` consecutive one-block messages.
  void (*pairs)(uint8_t *out, const uint8_t *in, size_t groups);
  // If not NULL, whole groups of `wide_lanes` messages go to `wide` first.
  void (*wide)(uint8_t *out, const uint8_t *in, size_t groups);
  size_t wide_lanes;
  // A partial group of at least `pairs_min` messages goes through `pairs`
  // (padded to a whole group in a buffer); fewer go to `small`, or are
  // hashed one by one if it is NULL.
  size_t pairs_min;
  void (*small)(uint8_t *out, const uint8_t *in, size_t n);
  // When no message is waiting and at most `serial_max` lanes are busy,
  // they finish one by one.
  size_t serial_max;
  // A batch of n <= lanes messages whose longest takes B blocks (padding
  // included) is hashed one by one if n * B <= serial_max * B +
  // serial_short: short messages raise the threshold, because the lanes
  // cost a block of the longest message whatever the others need, while
  // the one-shot function overlaps one short call with the next.
  size_t serial_short;
};

// sha_mb_small hashes `n` < k->pairs_min one-block messages without the
// lanes.
static void sha_mb_small(const struct sha_mb_kernel *k, uint8_t *out,
                         const uint8_t *in, size_t n) {
  if (k->small != NULL) {
    k->small(out, in, n);
  } else {
    sha_serial_pairs(k->hash, out, in, n);
  }
}

static void sha_mb_pairs(const struct sha_mb_kernel *k, uint8_t *out,
                         const uint8_t *in, size_t n) {
  const struct sha_hash_desc *h = k->hash;
  // Fewer than pairs_min (<= lanes) messages: straight to the small path,
  // before the divisions below, which cost a one-message call ~10%
  // (`bssl speed -check`, SHA256-pairs at 64 bytes, Zen 5).
  if (n < k->pairs_min) {
    sha_mb_small(k, out, in, n);
    return;
  }
  if (k->wide != NULL && n >= k->wide_lanes) {
    size_t wide_groups = n / k->wide_lanes;
    k->wide(out, in, wide_groups);
    in += wide_groups * k->wide_lanes * h->block;
    out += wide_groups * k->wide_lanes * h->out_len;
    n -= wide_groups * k->wide_lanes;
  }
  size_t groups = n / k->lanes;
  size_t done = groups * k->lanes;
  if (groups != 0) {
    k->pairs(out, in, groups);
  }
  size_t rem = n - done;
  if (rem == 0) {
    return;
  }
  in += done * h->block;
  out += done * h->out_len;
  if (rem < k->pairs_min) {
    sha_mb_small(k, out, in, rem);
    return;
  }
  // The remaining messages are copied first, so out == in still works.
  uint8_t buf[SHA_MB_GROUP_BYTES];
  uint8_t digests[SHA_MB_MAX_LANES * 64];
  memcpy(buf, in, rem * h->block);
  memset(buf + rem * h->block, 0, (k->lanes - rem) * h->block);
  k->pairs(digests, buf, 1);
  memcpy(out, digests, rem * h->out_len);
  sha_wipe(buf, sizeof(buf));
}

// Word j of lane l in a transposed state.
static uint8_t *sha_mb_word(const struct sha_mb_kernel *k, uint8_t *state,
                            size_t j, size_t l) {
  return state + (j * k->lanes + l) * k->hash->word;
}

// sha_mb_serial_short applies the serial_short rule (struct sha_mb_kernel)
// to `n` messages of lengths `lens`.
static int sha_mb_serial_short(const struct sha_mb_kernel *k,
                               const size_t *lens, size_t n) {
  if (k->serial_short == 0 || n > k->lanes) {
    return 0;
  }
  const struct sha_hash_desc *h = k->hash;
  size_t max_len = 0;
  for (size_t i = 0; i < n; i++) {
    if (lens[i] > max_len) {
      max_len = lens[i];
    }
  }
  // Whole blocks, then one or two for the tail and the padding.
  size_t blocks = max_len / h->block +
                  sha_tail_blocks(h->block, h->len_bytes, max_len % h->block, 1);
  return n * blocks <= k->serial_max * blocks + k->serial_short;
}

static void sha_mb_batch(const struct sha_mb_kernel *k, uint8_t *out,
                         const uint8_t *const *ins, const size_t *lens,
                         size_t n) {
  const struct sha_hash_desc *h = k->hash;
  // So few messages that the lanes would finish them one by one at once
  // (below), or few and short enough (serial_short): the one-shot function
  // directly, without filling lanes, copying tails and wiping them.
  // SHA256_batch of one 64-byte message took 338 TSC ticks against
  // SHA256()'s 260 before (Zen 4).
  if (n <= k->serial_max || sha_mb_serial_short(k, lens, n)) {
    sha_serial_batch(h, out, ins, lens, n);
    return;
  }
  const size_t L = k->lanes;
  alignas(64) uint8_t state[SHA_MB_STATE_BYTES];
  uint8_t tails[2 * SHA_MB_GROUP_BYTES];  // two blocks per lane
  const uint8_t *ptr[SHA_MB_MAX_LANES];
  size_t left[SHA_MB_MAX_LANES];     // blocks left in the current segment
  size_t msg[SHA_MB_MAX_LANES];      // the message a lane hashes
  size_t tail_blocks[SHA_MB_MAX_LANES];
  int phase[SHA_MB_MAX_LANES];       // 0 idle, 1 whole blocks, 2 tail
  size_t next = 0, busy = 0, used_tails = 0;

  for (size_t l = 0; l < L; l++) {
    phase[l] = 0;
  }
  for (;;) {
    // Give every idle lane the next message.
    for (size_t l = 0; l < L && next < n; l++) {
      if (phase[l] != 0) {
        continue;
      }
      size_t i = next++;
      uint8_t *tail = tails + l * 2 * h->block;
      size_t body = lens[i] / h->block;
      const uint8_t *rest = body != 0 ? ins[i] + body * h->block : ins[i];
      tail_blocks[l] = sha_pad_message(h, tail, rest, lens[i]);
      used_tails = 1;
      for (size_t j = 0; j < 8; j++) {
        memcpy(sha_mb_word(k, state, j, l),
               (const uint8_t *)h->iv + j * h->word, h->word);
      }
      msg[l] = i;
      busy++;
      if (body != 0) {
        ptr[l] = ins[i];
        left[l] = body;
        phase[l] = 1;
      } else {
        ptr[l] = tail;
        left[l] = tail_blocks[l];
        phase[l] = 2;
      }
    }
    if (busy == 0) {
      break;
    }
    if (next == n && busy <= k->serial_max) {
      // Finish the busy lanes one at a time.
      for (size_t l = 0; l < L; l++) {
        if (phase[l] == 0) {
          continue;
        }
        alignas(8) uint8_t one[64];
        for (size_t j = 0; j < 8; j++) {
          memcpy(one + j * h->word, sha_mb_word(k, state, j, l), h->word);
        }
        h->one(one, ptr[l], left[l]);
        if (phase[l] == 1) {
          h->one(one, tails + l * 2 * h->block, tail_blocks[l]);
        }
        sha_store_digest(h, out + msg[l] * h->out_len, one);
      }
      break;
    }
    // One kernel call for the fewest blocks left in any busy lane.
    size_t steps = SIZE_MAX;
    size_t any = 0;
    for (size_t l = 0; l < L; l++) {
      if (phase[l] != 0) {
        any = l;
        if (left[l] < steps) {
          steps = left[l];
        }
      }
    }
    for (size_t l = 0; l < L; l++) {
      if (phase[l] == 0) {
        ptr[l] = ptr[any];
      }
    }
    k->mb(state, ptr, steps);
    for (size_t l = 0; l < L; l++) {
      if (phase[l] == 0) {
        continue;
      }
      left[l] -= steps;
      ptr[l] += steps * h->block;
      if (left[l] != 0) {
        continue;
      }
      if (phase[l] == 1) {
        ptr[l] = tails + l * 2 * h->block;
        left[l] = tail_blocks[l];
        phase[l] = 2;
        continue;
      }
      alignas(8) uint8_t one[64];
      for (size_t j = 0; j < 8; j++) {
        memcpy(one + j * h->word, sha_mb_word(k, state, j, l), h->word);
      }
      sha_store_digest(h, out + msg[l] * h->out_len, one);
      phase[l] = 0;
      busy--;
    }
  }
  if (used_tails) {
    sha_wipe(tails, sizeof(tails));
  }
}

// SHA_MB_ADAPT(name, kernel, word) defines `name`, a `mb` function of
// struct sha_mb_kernel, over the kernel `kernel` of `word` chaining values.
#define SHA_MB_ADAPT(name, kernel, word)                                  \
  static void name(void *state, const uint8_t *const *in,                 \
                   size_t num_blocks) {                                   \
    kernel((word *)state, in, num_blocks);                                \
  }

// SHA_MB_ROW_FNS(pairs, batch, k) defines a row's two functions, `pairs`
// and `batch`, driving the struct sha_mb_kernel `k`.
#define SHA_MB_ROW_FNS(pairs, batch, k)                                   \
  static void pairs(uint8_t *out, const uint8_t *in, size_t n) {         \
    sha_mb_pairs(&(k), out, in, n);                                       \
  }                                                                       \
  static void batch(uint8_t *out, const uint8_t *const *ins,             \
                    const size_t *lens, size_t n) {                       \
    sha_mb_batch(&(k), out, ins, lens, n);                                \
  }

// The chaining-value word of SHA-`bits`, for SHA_MB_DEFINE_ROW.
#define SHA_MB_WORD_256 uint32_t
#define SHA_MB_WORD_512 uint64_t

// SHA_MB_DEFINE_ROW(bits, isa, lanes, pairs_min, small, serial_max) defines
// a row of sha<bits>_batch whose names follow the pattern of the kernels
// (sha_batch.h): over sha<bits>_mb_<isa>_x<lanes> (through the adapter
// sha<bits>_mb_<isa>) and sha<bits>_pairs_<isa>_x<lanes>, the struct
// sha_mb_kernel kSHA<bits>Kernel_<isa> with the given thresholds and
// `small` function, and the row's functions sha<bits>_pairs_<isa> and
// sha<bits>_batch_<isa>. SHA_MB_ROW below is its row in the table.
#define SHA_MB_DEFINE_ROW(bits, isa, lanes, pairs_min, small, serial_max)   \
  SHA_MB_ADAPT(sha##bits##_mb_##isa, sha##bits##_mb_##isa##_x##lanes,       \
               SHA_MB_WORD_##bits)                                          \
  static const struct sha_mb_kernel kSHA##bits##Kernel_##isa = {            \
      &kSHA##bits##Desc, lanes, sha##bits##_mb_##isa,                       \
      sha##bits##_pairs_##isa##_x##lanes, NULL, 0, pairs_min, small,        \
      serial_max, 0};                                                       \
  SHA_MB_ROW_FNS(sha##bits##_pairs_##isa, sha##bits##_batch_##isa,          \
                 kSHA##bits##Kernel_##isa)

#endif  // SHA_BATCH_HAVE_MB

// --- Rows ---------------------------------------------------------------------------

static void sha256_pairs_nohw(uint8_t *out, const uint8_t *in, size_t n) {
  sha_serial_pairs(&kSHA256Desc, out, in, n);
}
static void sha256_batch_nohw(uint8_t *out, const uint8_t *const *ins,
                              const size_t *lens, size_t n) {
  sha_serial_batch(&kSHA256Desc, out, ins, lens, n);
}
static void sha512_pairs_nohw(uint8_t *out, const uint8_t *in, size_t n) {
  sha_serial_pairs(&kSHA512Desc, out, in, n);
}
static void sha512_batch_nohw(uint8_t *out, const uint8_t *const *ins,
                              const size_t *lens, size_t n) {
  sha_serial_batch(&kSHA512Desc, out, ins, lens, n);
}


#if defined(OPENSSL_X86_64) && !defined(OPENSSL_NO_ASM)

#define SHANI_PAIRS_MIN 9

// The thresholds (Zen 5, util/batch_bench minimum TSC ticks a call, the
// SHA-NI and AVX-512 one-message rows): a SHA-256 pairs group of 16 costs
// ~850 ticks, one message through the SHA-NI block function ~140, so a
// partial group of 7 or more goes to the kernel; a 16-lane kernel block
// ~500 ticks against ~70 for one SHA-NI block, so up to 6 busy lanes finish
// one by one. SHA-512: a group of 8 ~1060 ticks, one message by the
// AVX-512 one-message code ~670 (2 blocks), so from 2 messages on; a
// kernel block ~600 against ~330, so one lane finishes alone.
// sha256_pairs_shani hashes any number of one-block messages with the SHA-NI
// kernels: two streams, then one for an odd message. It is the SHA-NI
// row's pairs function and the avx512_shani row's tail: ~102 ticks a
// message against ~880 for a padded 16-lane group, so a partial group of
// SHANI_PAIRS_MIN = 9 or more goes to the lanes.
static void sha256_pairs_shani(uint8_t *out, const uint8_t *in, size_t n) {
  if (n >= 2) {
    sha256_pairs_shani_x2(out, in, n / 2);
  }
  if (n % 2 != 0) {
    sha256_pairs_shani_x1(out + 32 * (n - 1), in + 64 * (n - 1), 1);
  }
}

SHA_MB_DEFINE_ROW(256, avx512, 16, 7, NULL, 6)
SHA_MB_DEFINE_ROW(512, avx512, 8, 2, NULL, 1)

// With the SHA extensions: groups of 20 (16 lanes + 4 SHA-NI messages,
// ~50 ticks a message against ~55 for 16 alone), then 16, then SHA-NI.
// The batch shape is the avx512 row's (sha256_batch_avx512).
static const struct sha_mb_kernel kSHA256Kernel_avx512_shani = {
    &kSHA256Desc, 16, sha256_mb_avx512, sha256_pairs_avx512_x16,
    sha256_pairs_avx512_shani_x20, 20, SHANI_PAIRS_MIN, sha256_pairs_shani, 6,
    0};

// sha256_pairs_avx512_shani_with is the pairs function of a row over
// `k`, a kernel whose `small` is sha256_pairs_shani. A few messages go
// straight to the SHA-NI streams (what sha_mb_pairs would do through the
// descriptor's pointer): the direct call made n = 1 ~5% faster, 51.7 ->
// 48.9 ns against the shani row's 48.9 (a loop of SHA256_hash_pairs(out,
// in, 1), 7 alternating runs, Zen 5; bssl speed -check -filter
// SHA256-pairs had found the shani row 10% faster).
static void sha256_pairs_avx512_shani_with(const struct sha_mb_kernel *k,
                                           uint8_t *out, const uint8_t *in,
                                           size_t n) {
  if (n < k->pairs_min) {
    sha256_pairs_shani(out, in, n);
    return;
  }
  sha_mb_pairs(k, out, in, n);
}

static void sha256_pairs_avx512_shani(uint8_t *out, const uint8_t *in,
                                      size_t n) {
  sha256_pairs_avx512_shani_with(&kSHA256Kernel_avx512_shani, out, in, n);
}

// The Zen 4 rows (sha_batch_avx512_zen4_capable). That core issues a
// sha256rnds2 every cycle (latency 4) and runs zmm operations as two
// 256-bit halves, so a 16-lane group costs ~1.5 times what it does on Zen 5
// and four SHA-NI streams are the faster SHA-256 kernel for most shapes.
// Measured there (minimum TSC ticks a call over 3000 calls, best of 5
// rounds; util/batch_bench and a scratch loop over SHA256_batch with each
// row forced; 2026-12-05):
//   - SHA-256 pairs: four streams (sha256_pairs_avx512_shani_x4) ~50 ticks
//     a message against ~71 for the lanes beside two streams (x20) and ~78
//     for the lanes alone. A call of 4 messages took 390-416 ticks, two
//     calls of the two-stream kernel 416; 8 took 598 against 754: groups
//     of four from 4 messages on. Since the streams form the last 6 steps
//     of a schedule beside the group's own rounds, three messages padded
//     to a group of four beat the two- and one-stream kernels too (an
//     average over 50 calls: n = 3 349 against 357, 7 601 against 641, 15
//     1000 against 1037): pairs_min 3, the 1-2 left in two streams or one.
//   - SHA-256 batch, ticks a message, the four streams
//     (sha256_mb_avx512_shani_x4) against the 16 lanes and SHA256() one by
//     one: 1 KiB, n = 4: 774, 1541, 1534; n = 8: 754, 1515, 1528; n = 64:
//     742, 771, 1516. 4 KiB, n = 64: 2654, 2858. But from 16 messages
//     shorter ones favour the lanes: n = 64 of 64 bytes 146 against 123,
//     128 bytes 186 against 166, 300 bytes 268 against 254, 450 bytes 388
//     against 383, 600 bytes 467 against 470, 800 bytes 586 against 598.
//     So the lanes take batches of 16 or more whose messages average
//     under 600 bytes (sha256_batch_avx512_zen4), the streams the rest.
//   - The streams' thresholds: two 64-byte messages took 325 ticks a
//     message in the streams against 208 one by one, two of 200 bytes 481
//     against 390, three of 64 bytes 225 against 191, but three of 200
//     bytes 329 against 373 and four of 64 bytes 176 against 182: one by
//     one up to n * B <= B + 5 for B blocks (serial_max 1, serial_short
//     5), so 2 or 3 messages of 1-2 blocks and 2 of up to 4.
//   - The lanes' thresholds (where they still run): against SHA256() one
//     by one they cross at n = 8 for 1 KiB messages (12324 against 12246
//     ticks), ~9.5 for 200 bytes and 12 for 64 bytes: serial_max 8,
//     serial_short 6.
//   - SHA-512 batch: two messages took 7878-7904 ticks in the lanes
//     against 6994 one by one (1 KiB), 1040 against 936 (64 bytes); three
//     are 1.26-1.39x faster in the lanes: serial_max 2. Pairs keep
//     pairs_min 2 (two messages 1690 against 1846).
SHA_MB_ADAPT(sha256_mb_avx512_shani4, sha256_mb_avx512_shani_x4, uint32_t)
static const struct sha_mb_kernel kSHA256Kernel_shani4 = {
    &kSHA256Desc, 4, sha256_mb_avx512_shani4, sha256_pairs_avx512_shani_x4,
    NULL, 0, 3, sha256_pairs_shani, 1, 5};
static const struct sha_mb_kernel kSHA256Kernel_avx512_zen4 = {
    &kSHA256Desc, 16, sha256_mb_avx512, sha256_pairs_avx512_x16, NULL, 0, 16,
    sha256_pairs_shani, 8, 6};

static void sha256_pairs_shani4_zen4(uint8_t *out, const uint8_t *in,
                                     size_t n) {
  sha256_pairs_avx512_shani_with(&kSHA256Kernel_shani4, out, in, n);
}

// The lanes take a batch that fills them (16 or more messages) whose
// lengths average under kZen4LanesMaxAverage bytes (see above).
static const size_t kZen4LanesMaxAverage = 600;

static void sha256_batch_avx512_zen4(uint8_t *out, const uint8_t *const *ins,
                                     const size_t *lens, size_t n) {
  if (n >= kSHA256Kernel_avx512_zen4.lanes) {
    // Sum the lengths up to the limit (saturating: any length is valid).
    size_t limit = n <= SIZE_MAX / kZen4LanesMaxAverage
                       ? n * kZen4LanesMaxAverage
                       : SIZE_MAX;
    size_t total = 0;
    for (size_t i = 0; i < n && total < limit; i++) {
      total += lens[i] < limit - total ? lens[i] : limit - total;
    }
    if (total < limit) {
      sha_mb_batch(&kSHA256Kernel_avx512_zen4, out, ins, lens, n);
      return;
    }
  }
  sha_mb_batch(&kSHA256Kernel_shani4, out, ins, lens, n);
}

static const struct sha_mb_kernel kSHA512Kernel_avx512_zen4 = {
    &kSHA512Desc, 8, sha512_mb_avx512, sha512_pairs_avx512_x8, NULL, 0, 2,
    NULL, 2, 0};
SHA_MB_ROW_FNS(sha512_pairs_avx512_zen4, sha512_batch_avx512_zen4,
               kSHA512Kernel_avx512_zen4)

// The AVX2 and AVX kernels' thresholds (Zen 5 under the mask that
// removes AVX-512 and the SHA extensions, so the one-message code is the
// AVX2+BMI2 path these rows run beside on such CPUs; bssl speed -impls
// cycles a byte): a SHA-256 message one by one ~1200 cycles (2 blocks), a
// group of 8 in the AVX2 lanes ~3300 and of 4 in the AVX lanes ~3250, a
// SHA-512 message ~1500 and a group of 4 ~4000: so a partial group of 3
// or more goes to the kernel. A kernel block call costs ~60% of a pairs
// group (the padding block has no schedule) against ~600 (SHA-512 ~760)
// for one block one by one, so up to 3 busy lanes finish one by one.
// (util/batch_bench under that mask, pairs: n = 2 one by one, the loop's
// time; n = 3 1534 ticks against 1586 for the loop; n = 4 1.37x, AVX 1.46x.)
#define SHA_VX_PAIRS_MIN 3
#define SHA_VX_SERIAL_MAX 3

SHA_MB_DEFINE_ROW(256, avx2, 8, SHA_VX_PAIRS_MIN, NULL, SHA_VX_SERIAL_MAX)
SHA_MB_DEFINE_ROW(512, avx2, 4, SHA_VX_PAIRS_MIN, NULL, SHA_VX_SERIAL_MAX)
SHA_MB_DEFINE_ROW(256, avx, 4, SHA_VX_PAIRS_MIN, NULL, SHA_VX_SERIAL_MAX)

#endif  // OPENSSL_X86_64 && !OPENSSL_NO_ASM

#if defined(OPENSSL_AARCH64) && !defined(OPENSSL_NO_ASM)

// The thresholds are NOT measured (no AArch64 hardware here; qemu timings
// mean nothing): they follow the instruction counts and expected bounds in
// sha2-mb-armv8.pl's header. Two streams: ~112 cycles a pair of blocks on
// the one crypto pipe of A72/N1 against 64 for one block alone, so a lone
// message (a partial pair, or the last busy stream) goes to the
// one-message function. NEON: ~1270 shift-pipe cycles a block of 4 lanes
// against ~830 for one block of the scalar code (A72), so 2 or more
// messages of a partial group go to the lanes and a lone busy lane
// finishes alone.
SHA_MB_DEFINE_ROW(256, hw, 2, 2, NULL, 1)
SHA_MB_DEFINE_ROW(256, neon, 4, 2, NULL, 1)
SHA_MB_DEFINE_ROW(512, hw, 2, 2, NULL, 1)

#endif  // OPENSSL_AARCH64 && !OPENSSL_NO_ASM

#if defined(OPENSSL_X86) && !defined(OPENSSL_NO_ASM)

// 32-bit x86 (crypto/sha/asm/sha2-mb-x86.pl): two SHA-NI streams, or four
// SSSE3 lanes. The thresholds, from util/batch_bench (minimum TSC ticks a
// call, Zen 5 in 32-bit mode; the generator's header has the table):
//   shani: a kernel block costs ~122 ticks for its two lanes, the SHA-NI
//     block function ~98 a block of a long message, so one busy lane
//     finishes alone (serial_max 1); the odd message of a pairs call goes
//     to sha256_pairs_shani_one (pairs_min 2).
//   ssse3: a kernel block ~800 ticks for four lanes, the avx one-message
//     function ~300 a block, so up to two busy lanes finish one by one
//     (serial_max 2); a partial group of three goes to a padded group
//     (pairs n = 3: ~555 ticks a message against ~640 one by one, ~650 for
//     the SHA256() loop), one or two are hashed one by one (pairs_min 3;
//     sha256_pairs_one: n = 2, a padded group ~1000 ticks a message
//     against ~660).

static void sha256_pairs_ssse3_x4(uint8_t *out, const uint8_t *in,
                                  size_t groups);

// sha256_pairs_copied hashes `n` one-block messages (what is left of a
// pairs call after the kernel's groups) with one call each of `block` on
// the message and its padding block copied together: the serial path's two
// calls through the dispatcher cost ~8% at n = 1 (SHA-NI: 338 against 312
// TSC ticks for SHA256(); this way ~312). out == in works (each message is
// copied before its digest is written).
static void sha256_pairs_copied(void (*block)(void *, const uint8_t *,
                                              size_t),
                                uint8_t *out, const uint8_t *in, size_t n) {
  uint8_t buf[128];
  sha_pad_one_block(&kSHA256Desc, buf + 64);
  for (size_t i = 0; i < n; i++) {
    alignas(8) uint32_t state[8];
    memcpy(state, kSHA256IV, sizeof(state));
    memcpy(buf, in + 64 * i, 64);
    block(state, buf, 2);
    sha_store_digest(&kSHA256Desc, out + 32 * i, (const uint8_t *)state);
  }
  sha_wipe(buf, 64);
}

static void sha256_block_shani(void *state, const uint8_t *in,
                               size_t num_blocks) {
  sha256_block_data_order_shani((uint32_t *)state, in, num_blocks);
}
// The SHA-NI row calls the SHA-NI block function directly; the SSSE3 row
// the one-message function in use (avx or ssse3 where it runs).
static void sha256_pairs_shani_one(uint8_t *out, const uint8_t *in,
                                   size_t n) {
  sha256_pairs_copied(sha256_block_shani, out, in, n);
}
static void sha256_pairs_one(uint8_t *out, const uint8_t *in, size_t n) {
  sha256_pairs_copied(sha256_one, out, in, n);
}

SHA_MB_DEFINE_ROW(256, shani, 2, 2, sha256_pairs_shani_one, 1)
SHA_MB_DEFINE_ROW(256, ssse3, 4, 3, sha256_pairs_one, 2)

// sha256_pairs_ssse3_x4 hashes `groups` groups of four consecutive 64-byte
// messages through the four-lane kernel: the message blocks, then the
// padding block in every lane (there is no kernel with the padding
// block's schedule as a table for these lanes). Each group's messages are
// read before its digests are written, which end below the next group, so
// out == in works.
static void sha256_pairs_ssse3_x4(uint8_t *out, const uint8_t *in,
                                  size_t groups) {
  const struct sha_mb_kernel *k = &kSHA256Kernel_ssse3;
  const struct sha_hash_desc *h = k->hash;
  uint8_t pad[64];
  sha_pad_one_block(h, pad);
  alignas(16) uint8_t state[8 * 4 * 4];
  const uint8_t *ptr[4];
  for (size_t g = 0; g < groups; g++) {
    for (size_t l = 0; l < 4; l++) {
      for (size_t j = 0; j < 8; j++) {
        memcpy(sha_mb_word(k, state, j, l), (const uint8_t *)h->iv + 4 * j,
               4);
      }
      ptr[l] = in + (4 * g + l) * 64;
    }
    k->mb(state, ptr, 1);
    for (size_t l = 0; l < 4; l++) {
      ptr[l] = pad;
    }
    k->mb(state, ptr, 1);
    for (size_t l = 0; l < 4; l++) {
      uint8_t one[32];
      for (size_t j = 0; j < 8; j++) {
        memcpy(one + 4 * j, sha_mb_word(k, state, j, l), 4);
      }
      sha_store_digest(h, out + (4 * g + l) * 32, one);
    }
  }
}

#endif  // OPENSSL_X86 && !OPENSSL_NO_ASM

// The tables, best first, each architecture's rows inside its guard from
// crypto/impl.h. SHA_BATCH_ROW is one row: its name, predicate, the two
// shapes' entry points, and the kernels they reach through the descriptors
// above (a disassembly cannot follow those): `bssl cpu -json` and
// util/insn_coverage read the names of all of them from entry_names.
#define SHA_BATCH_ROW(name, capable, pairs, batch, kernels)         \
  {#name, (capable), #pairs " " #batch " " kernels, CRYPTO_IMPL_BYTES, 1, \
   0, -1, {.sha_batch = {(pairs), (batch)}}},
// SHA_MB_ROW(bits, isa, capable, lanes) is the row of a SHA_MB_DEFINE_ROW
// (whose two functions reach the two kernels named after it).
#define SHA_MB_ROW(bits, isa, capable, lanes)                                \
  SHA_BATCH_ROW(isa, capable, sha##bits##_pairs_##isa,                       \
                sha##bits##_batch_##isa,                                     \
                "sha" #bits "_mb_" #isa "_x" #lanes " sha" #bits "_pairs_" #isa \
                "_x" #lanes)

// SHA-256. On x86-64 the AVX2 (8 lanes) and AVX (4 lanes of xmm) rows come
// after "shani": on Zen 5 with the SHA extensions, 64-byte pairs took ~186
// TSC ticks a message in the AVX2 lanes against ~110 in two SHA-NI streams
// and ~120 for SHA256() one by one, and the 1 KiB batch shape ran at ~380
// MB/s against ~490 one by one. Without the SHA extensions (OPENSSL_ia32cap
// mask, the one-message code then the AVX2+BMI2 path) the lanes are 3.0x
// (AVX2) and 1.5x (AVX) the one-by-one loop. The x86-64 "shani" row sends
// the batch shape one message at a time through the SHA-NI block function.
// AArch64 (asm/sha2-mb-armv8.pl): two streams of the SHA256 instructions,
// or four NEON lanes; not timed (no hardware here, see the thresholds).
// 32-bit x86 (asm/sha2-mb-x86.pl): two SHA-NI streams, or four SSSE3
// lanes, timed natively (the thresholds above).
static const CRYPTO_IMPL kSHA256BatchImpls[] = {
    CRYPTO_IMPL_ON_X86_64(
        SHA_BATCH_ROW(avx512_shani_zen4, sha_batch_avx512_shani_zen4_capable,
                      sha256_pairs_shani4_zen4, sha256_batch_avx512_zen4,
                      "sha256_mb_avx512_shani_x4 sha256_pairs_avx512_shani_x4 "
                      "sha256_mb_avx512_x16 "
                      "sha256_pairs_shani_x2 sha256_pairs_shani_x1")
        SHA_BATCH_ROW(avx512_shani, sha_batch_avx512_shani_capable,
                      sha256_pairs_avx512_shani, sha256_batch_avx512,
                      "sha256_mb_avx512_x16 sha256_pairs_avx512_x16 "
                      "sha256_pairs_avx512_shani_x20 sha256_pairs_shani_x2 "
                      "sha256_pairs_shani_x1")
        SHA_MB_ROW(256, avx512, sha_batch_avx512_capable, 16)
        SHA_BATCH_ROW(shani, CRYPTO_is_x86_SHA_capable, sha256_pairs_shani,
                      sha256_batch_nohw,
                      "sha256_pairs_shani_x2 sha256_pairs_shani_x1")
        SHA_MB_ROW(256, avx2, CRYPTO_is_AVX2_capable, 8)
        SHA_MB_ROW(256, avx, CRYPTO_is_AVX_capable, 4))
    CRYPTO_IMPL_ON_AARCH64(
        SHA_MB_ROW(256, hw, CRYPTO_is_ARMv8_SHA256_capable, 2)
        SHA_MB_ROW(256, neon, CRYPTO_is_NEON_capable, 4))
    // The 32-bit x86 rows name, beside the kernels, the C functions between
    // them and the row (SHA_MB_ROW's pattern does not).
    CRYPTO_IMPL_ON_X86(
        SHA_BATCH_ROW(shani, CRYPTO_is_x86_SHA_capable, sha256_pairs_shani,
                      sha256_batch_shani,
                      "sha256_mb_shani sha256_mb_shani_x2 "
                      "sha256_pairs_shani_x2 sha256_pairs_shani_one")
        SHA_BATCH_ROW(ssse3, CRYPTO_is_SSSE3_capable, sha256_pairs_ssse3,
                      sha256_batch_ssse3,
                      "sha256_mb_ssse3 sha256_mb_ssse3_x4 "
                      "sha256_pairs_ssse3_x4 sha256_pairs_one"))
    SHA_BATCH_ROW(nohw, NULL, sha256_pairs_nohw, sha256_batch_nohw, "")
};

// SHA-512: on x86-64, eight AVX-512 or four AVX2 lanes; on AArch64, two
// streams of the SHA512 instructions (no NEON row: see sha2-mb-armv8.pl's
// header).
static const CRYPTO_IMPL kSHA512BatchImpls[] = {
    CRYPTO_IMPL_ON_X86_64(
        SHA_BATCH_ROW(avx512_zen4, sha_batch_avx512_zen4_capable,
                      sha512_pairs_avx512_zen4, sha512_batch_avx512_zen4,
                      "sha512_mb_avx512_x8 sha512_pairs_avx512_x8")
        SHA_MB_ROW(512, avx512, sha_batch_avx512_capable, 8)
        SHA_MB_ROW(512, avx2, CRYPTO_is_AVX2_capable, 4))
    CRYPTO_IMPL_ON_AARCH64(
        SHA_MB_ROW(512, hw, CRYPTO_is_ARMv8_SHA512_capable, 2))
    SHA_BATCH_ROW(nohw, NULL, sha512_pairs_nohw, sha512_batch_nohw, "")
};

CRYPTO_PRIMITIVE CRYPTO_primitive_sha256_batch =
    CRYPTO_PRIMITIVE_INIT("sha256_batch", kSHA256BatchImpls);
CRYPTO_PRIMITIVE CRYPTO_primitive_sha512_batch =
    CRYPTO_PRIMITIVE_INIT("sha512_batch", kSHA512BatchImpls);

// --- The public functions ---------------------------------------------------------

// sha_batch_fns returns the two functions of the row chosen for `prim`.
static const sha_batch_impl_fns *sha_batch_fns(CRYPTO_PRIMITIVE *prim) {
  return &CRYPTO_impl_chosen(prim)->entry.sha_batch;
}

// The public functions: n = 0 does nothing (no row is chosen for it).
void SHA256_hash_pairs(uint8_t *out, const uint8_t *in, size_t n) {
  if (n != 0) {
    sha_batch_fns(&CRYPTO_primitive_sha256_batch)->pairs(out, in, n);
  }
}
void SHA512_hash_pairs(uint8_t *out, const uint8_t *in, size_t n) {
  if (n != 0) {
    sha_batch_fns(&CRYPTO_primitive_sha512_batch)->pairs(out, in, n);
  }
}
// One message goes to the one-shot function, as every row would send it,
// without the row's dispatch: SHA256_batch of one 64-byte message took 239
// TSC ticks against SHA256()'s 232 through the row, 232 this way (an
// average over 50 calls, Zen 4).
void SHA256_batch(uint8_t *out, const uint8_t *const *ins, const size_t *lens,
                  size_t n) {
  if (n == 1) {
    sha_serial_batch(&kSHA256Desc, out, ins, lens, 1);
  } else if (n != 0) {
    sha_batch_fns(&CRYPTO_primitive_sha256_batch)->batch(out, ins, lens, n);
  }
}
void SHA512_batch(uint8_t *out, const uint8_t *const *ins, const size_t *lens,
                  size_t n) {
  if (n == 1) {
    sha_serial_batch(&kSHA512Desc, out, ins, lens, 1);
  } else if (n != 0) {
    sha_batch_fns(&CRYPTO_primitive_sha512_batch)->batch(out, ins, lens, n);
  }
}
