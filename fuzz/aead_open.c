// Copyright 2026 The project authors.
//
// fuzz/aead_open.c: EVP_AEAD_CTX_open and EVP_AEAD_CTX_open_gather on
// attacker-controlled input, for AddressSanitizer.
//
// The fuzz input is (mostly) the ciphertext itself: whatever bytes arrive
// are opened, in and out of place, with output room exact, one byte short
// or larger, and with the tag given separately (open_gather) at the right
// or a wrong length. Optionally the body is first sealed with the reference
// rows, so valid ciphertexts are reached, and then corrupted (a flipped
// bit, a truncation, an extra byte, a wrong tag length). Every buffer is a
// heap block of exactly the size the API is told, so ASan reports any read
// or write outside it; the ciphertext is up to 64 KiB.
//
// Input layout (little-endian):
//   flags      1 byte: bit 0 XChaCha20-Poly1305 (else ChaCha20-Poly1305);
//              bit 1 open in place; bit 2 use open_gather; bit 3 seal the
//              body first (a valid ciphertext); bits 4..5 output room:
//              0, 1 exact, 2 one byte short, 3 larger by `pos` % 64
//   tag length 1 byte, modulo 17 (0: the default, 16)
//   mutation   1 byte, modulo 5: 0 none; 1 flip bit `pos` % (8 * len);
//              2 truncate to `pos` % len bytes; 3 append one byte;
//              4 (open_gather) give a tag length of `pos` % 33
//   pos        2 bytes
//   key        32 bytes
//   nonce      24 bytes (ChaCha20-Poly1305 uses the first 12)
//   AD length  1 byte
//   filler     2 bytes (fuzz_filler_len), filler seed 4 bytes
//   AD, then the body: the rest of the input and the filler bytes.
//
// Checks, for every combination of ChaCha20 and Poly1305 rows the CPU can
// run (fuzz_differential; the result of each must equal that of the
// reference rows):
//   - success only with a consistent length (`*out_len` = input - tag) and
//     enough room; a sealed body that was not corrupted must open to the
//     body, and a corrupted one must not open (checked for tags of 8 bytes
//     or more, where a chance forgery has probability 2^-64);
//   - a failure sets `*out_len` to 0, queues CIPHER_R_BAD_DECRYPT (or
//     CIPHER_R_BUFFER_TOO_SMALL for short room) and leaves every byte of
//     the output room zero: no unauthenticated plaintext is released.

#include <openssl/aead.h>

#include "fuzz_msg.h"

#define AEAD_OPEN_MAX_LEN 65536

enum {
  kMutNone = 0,
  kMutFlip = 1,
  kMutTruncate = 2,
  kMutAppend = 3,
  kMutTagLen = 4,
};

struct open_args {
  const EVP_AEAD *aead;
  size_t init_tag_len;  // as given to EVP_AEAD_CTX_init
  size_t tag_len;       // the real tag length (never 0)
  int in_place, gather, room_mode;
  int mutation;
  size_t pos;
  struct fuzz_aead_params p;  // key, nonce, AD
  const uint8_t *ct;  // the (possibly corrupted) ciphertext and tag
  size_t ct_len;
  const uint8_t *expect;  // the plaintext it must open to, or NULL
  size_t expect_len;
  int must_fail;        // corrupted with a tag of 8 bytes or more
  size_t out_room;      // max_out_len given to open (see room_mode)
  size_t gather_tag_len;
};

// expect_wiped checks a failed call: `*out_len` zero, one of the allowed
// reasons queued (and nothing after it), the `n` bytes of `out` all zero.
static void expect_wiped(size_t out_len, const uint8_t *out, size_t n,
                         int reason1, int reason2) {
  FUZZ_CHECK(out_len == 0);
  uint32_t err = ERR_get_error();
  FUZZ_CHECK(ERR_GET_LIB(err) == ERR_LIB_CIPHER);
  FUZZ_CHECK(ERR_GET_REASON(err) == reason1 ||
             ERR_GET_REASON(err) == reason2);
  FUZZ_CHECK(ERR_get_error() == 0);
  fuzz_check_zero(out, n);
}

// The run's output: one status byte (1 opened, 0 refused) then `out_room`
// bytes: the plaintext (zero-padded) or the wiped buffer.
static void open_run(const void *arg, uint8_t *result) {
  const struct open_args *a = arg;
  EVP_AEAD_CTX ctx;
  FUZZ_CHECK(EVP_AEAD_CTX_init(&ctx, a->aead, a->p.key, sizeof(a->p.key),
                               a->init_tag_len, NULL));
  const size_t room = a->out_room;
  memset(result, 0, 1 + room);
  int ok;
  size_t out_len = 12345;
  uint8_t *out;
  if (!a->gather) {
    uint8_t *in = fuzz_dup(a->ct, a->ct_len);
    // In place: the output is the input block, so the room is at most
    // ct_len (the room was chosen that way).
    out = a->in_place ? in : malloc(room ? room : 1);
    FUZZ_CHECK(out != NULL);
    if (!a->in_place) {
      memset(out, 0xaa, room);
    }
    ok = EVP_AEAD_CTX_open(&ctx, out, &out_len, room, a->p.nonce,
                           a->p.nonce_len, in, a->ct_len, a->p.ad, a->p.ad_len);
    if (ok) {
      FUZZ_CHECK(a->ct_len >= a->tag_len);
      FUZZ_CHECK(out_len == a->ct_len - a->tag_len && out_len <= room);
      memcpy(result + 1, out, out_len);
    } else {
      expect_wiped(out_len, out, room, CIPHER_R_BAD_DECRYPT,
                   CIPHER_R_BUFFER_TOO_SMALL);
    }
    if (!a->in_place) {
      free(out);
    }
    free(in);
  } else {
    // open_gather: ciphertext and tag in separate exact blocks; the tag is
    // the last gather_tag_len bytes, or all of them if there are fewer.
    size_t tag_len = a->gather_tag_len < a->ct_len ? a->gather_tag_len
                                                   : a->ct_len;
    size_t in_len = a->ct_len - tag_len;
    uint8_t *in = fuzz_dup(a->ct, in_len);
    uint8_t *tag = fuzz_dup(a->ct + in_len, tag_len);
    out = a->in_place ? in : malloc(in_len ? in_len : 1);
    FUZZ_CHECK(out != NULL);
    if (!a->in_place) {
      memset(out, 0xaa, in_len);
    }
    ok = EVP_AEAD_CTX_open_gather(&ctx, out, a->p.nonce, a->p.nonce_len, in,
                                  in_len, tag, tag_len, a->p.ad, a->p.ad_len);
    FUZZ_CHECK(in_len <= room);
    if (ok) {
      FUZZ_CHECK(tag_len == a->tag_len);
      memcpy(result + 1, out, in_len);
    } else {
      expect_wiped(0, out, in_len, CIPHER_R_BAD_DECRYPT,
                   CIPHER_R_BAD_DECRYPT);
    }
    if (!a->in_place) {
      free(out);
    }
    free(in);
    free(tag);
    out_len = ok ? in_len : 0;
  }
  result[0] = (uint8_t)ok;

  if (a->expect != NULL) {
    // An intact ciphertext with room for its plaintext opens to it.
    FUZZ_CHECK(ok);
    FUZZ_CHECK(out_len == a->expect_len);
    FUZZ_CHECK(a->expect_len == 0 ||
               memcmp(result + 1, a->expect, a->expect_len) == 0);
  }
  if (a->must_fail) {
    FUZZ_CHECK(!ok);
  }
  EVP_AEAD_CTX_cleanup(&ctx);
}

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerInitialize(int *argc, char ***argv) {
  (void)argc;
  (void)argv;
  fuzz_aead_print_rows();
  return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  struct fuzz_reader r = {data, size};
  struct open_args a;
  memset(&a, 0, sizeof(a));
  uint8_t flags = fuzz_u8(&r);
  a.aead = (flags & 1) ? EVP_aead_xchacha20_poly1305()
                       : EVP_aead_chacha20_poly1305();
  a.in_place = (flags >> 1) & 1;
  a.gather = (flags >> 2) & 1;
  int seal_first = (flags >> 3) & 1;
  a.room_mode = (flags >> 4) & 3;
  a.init_tag_len = fuzz_u8(&r) % 17;
  a.tag_len = a.init_tag_len == 0 ? 16 : a.init_tag_len;
  a.mutation = fuzz_u8(&r) % 5;
  a.pos = fuzz_u16(&r);
  fuzz_aead_read_params(&r, a.aead, &a.p);

  // The body: the rest of the input, then generated filler, 64 KiB at most
  // in all (less a tag and a byte when it is to be sealed and extended).
  size_t body_len;
  uint8_t *body = fuzz_message(&r, a.p.filler, a.p.seed ^ 0x85ebca6bu,
                               AEAD_OPEN_MAX_LEN - 17, &body_len);

  // The ciphertext: the body itself, or the body sealed with the reference
  // rows. One spare byte for kMutAppend.
  uint8_t *ct = malloc(body_len + a.tag_len + 1);
  FUZZ_CHECK(ct != NULL);
  size_t ct_len;
  CRYPTO_PRIMITIVE *prims[2] = {&CRYPTO_primitive_chacha20,
                                &CRYPTO_primitive_poly1305};
  if (seal_first) {
    for (size_t p = 0; p < 2; p++) {
      FUZZ_CHECK(CRYPTO_impl_force(
          prims[p], CRYPTO_impl_reference(prims[p])->name));
    }
    EVP_AEAD_CTX ctx;
    FUZZ_CHECK(EVP_AEAD_CTX_init(&ctx, a.aead, a.p.key, sizeof(a.p.key),
                                 a.init_tag_len, NULL));
    FUZZ_CHECK(EVP_AEAD_CTX_seal(&ctx, ct, &ct_len, body_len + a.tag_len,
                                 a.p.nonce, a.p.nonce_len, body, body_len,
                                 a.p.ad, a.p.ad_len));
    EVP_AEAD_CTX_cleanup(&ctx);
    for (size_t p = 0; p < 2; p++) {
      FUZZ_CHECK(CRYPTO_impl_force(prims[p], NULL));
    }
  } else {
    if (body_len > 0) {
      memcpy(ct, body, body_len);
    }
    ct_len = body_len;
  }

  // Corrupt it.
  int corrupted = 0;
  a.gather_tag_len = a.tag_len;
  switch (a.mutation) {
    case kMutFlip:
      if (ct_len > 0) {
        size_t bit = a.pos % (8 * ct_len);
        ct[bit / 8] ^= (uint8_t)(1u << (bit % 8));
        corrupted = 1;
      }
      break;
    case kMutTruncate:
      if (ct_len > 0) {
        ct_len = a.pos % ct_len;
        corrupted = 1;
      }
      break;
    case kMutAppend:
      ct[ct_len++] = (uint8_t)a.pos;
      corrupted = 1;
      break;
    case kMutTagLen:
      if (a.gather) {
        a.gather_tag_len = a.pos % 33;  // judged below, once it is clipped
      }
      break;
    default:
      break;
  }
  a.ct = ct;
  a.ct_len = ct_len;

  // The output room.
  size_t need = ct_len >= a.tag_len ? ct_len - a.tag_len : 0;
  int room_short = 0;
  switch (a.room_mode) {
    case 2:
      if (need > 0) {
        a.out_room = need - 1;
        room_short = 1;
      } else {
        a.out_room = 0;
      }
      break;
    case 3:
      a.out_room = need + a.pos % 64;
      break;
    default:
      a.out_room = need;
      break;
  }
  if (a.in_place && a.out_room > ct_len) {
    a.out_room = ct_len;  // the room in place is the input block
  }
  if (a.gather) {
    // open_gather writes exactly its input length; no room to choose.
    size_t tl = a.gather_tag_len < ct_len ? a.gather_tag_len : ct_len;
    a.out_room = ct_len - tl;
    room_short = 0;
    if (a.mutation == kMutTagLen && tl != a.tag_len) {
      corrupted = 1;
    }
  }

  if (seal_first && !corrupted && !room_short) {
    a.expect = body;
    a.expect_len = body_len;
  }
  a.must_fail = (seal_first && corrupted && a.tag_len >= 8) || room_short;

  fuzz_differential(prims, 2, open_run, &a, 1 + a.out_room);
  free(ct);
  free(body);
  return 0;
}
