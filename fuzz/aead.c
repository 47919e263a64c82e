// Copyright 2026 The project authors.
//
// fuzz/aead.c: differential and hostile-input fuzzer for the
// ChaCha20-Poly1305 and XChaCha20-Poly1305 AEADs (seal and open).
//
// Input layout: flags (1 byte: bit 0 selects XChaCha20-Poly1305), tag length
// (1 byte, modulo 17: 0 means the default 16), corruption position (2
// bytes), key (32), nonce (24; ChaCha20-Poly1305 uses the first 12), AD
// length (1 byte), filler length (2 bytes, see
// fuzz_filler_len), filler seed (4), the AD, then the
// plaintext: the rest of the input followed by `filler length` generated
// bytes, 64 KiB at most in all.
//
// For each combination of ChaCha20 and Poly1305 rows the CPU can run:
//   - seal out of place and in place must agree;
//   - open of the sealed text (out of place and in place) must give back the
//     plaintext;
//   - open must fail, set *out_len to 0 and leave every byte of `out` zero
//     (no plaintext released) when: one bit of the tag is flipped; the input
//     is shorter than a tag; one bit of the ciphertext is flipped or the
//     last byte is dropped (checked only with tags of 8 bytes or more, where
//     a chance forgery, probability 2^-64, cannot cause a false alarm);
//   - open with `max_out_len` one byte short must fail.
// The sealed text (ciphertext || tag) of every combination must equal that
// of the reference rows ("nohw" for ChaCha20, "c26" for Poly1305). Buffers
// are heap blocks of the exact size, so AddressSanitizer reports any access
// past them.

#include <openssl/aead.h>

#include "../crypto/chacha/internal.h"
#include "../crypto/poly1305/internal.h"
#include "fuzz_util.h"

#define AEAD_FUZZ_MAX_LEN 65536

struct aead_args {
  const EVP_AEAD *aead;
  size_t tag_len;  // the real tag length (never 0)
  size_t init_tag_len;  // as given to EVP_AEAD_CTX_init
  size_t corrupt;
  uint8_t key[32];
  uint8_t nonce[24];
  size_t nonce_len;
  const uint8_t *ad;
  size_t ad_len;
  const uint8_t *pt;
  size_t pt_len;
};

// aead_expect_open_fails opens the `in_len` bytes of `in` into a fresh
// buffer of `max_out` bytes (pre-filled with a pattern) and checks that the
// call fails, reports zero bytes and leaves the whole buffer zeroed.
static void aead_expect_open_fails(const struct aead_args *a,
                                   const EVP_AEAD_CTX *ctx, const uint8_t *in,
                                   size_t in_len, size_t max_out) {
  uint8_t *out = malloc(max_out + 1);
  FUZZ_CHECK(out != NULL);
  memset(out, 0xaa, max_out);
  size_t out_len = 12345;
  FUZZ_CHECK(!EVP_AEAD_CTX_open(ctx, out, &out_len, max_out, a->nonce,
                                a->nonce_len, in, in_len, a->ad, a->ad_len));
  FUZZ_CHECK(out_len == 0);
  for (size_t i = 0; i < max_out; i++) {
    FUZZ_CHECK(out[i] == 0);
  }
  ERR_clear_error();
  free(out);
}

static void aead_run(const void *arg, uint8_t *out) {
  const struct aead_args *a = arg;
  size_t ct_len = a->pt_len + a->tag_len;
  EVP_AEAD_CTX ctx;
  FUZZ_CHECK(EVP_AEAD_CTX_init(&ctx, a->aead, a->key, sizeof(a->key),
                               a->init_tag_len, NULL));

  // Seal out of place into an exactly sized buffer.
  uint8_t *ct = malloc(ct_len);
  FUZZ_CHECK(ct != NULL);
  size_t out_len = 0;
  FUZZ_CHECK(EVP_AEAD_CTX_seal(&ctx, ct, &out_len, ct_len, a->nonce,
                               a->nonce_len, a->pt, a->pt_len, a->ad,
                               a->ad_len));
  FUZZ_CHECK(out_len == ct_len);
  memcpy(out, ct, ct_len);

  // Seal in place.
  uint8_t *buf = malloc(ct_len);
  FUZZ_CHECK(buf != NULL);
  if (a->pt_len > 0) {
    memcpy(buf, a->pt, a->pt_len);
  }
  FUZZ_CHECK(EVP_AEAD_CTX_seal(&ctx, buf, &out_len, ct_len, a->nonce,
                               a->nonce_len, buf, a->pt_len, a->ad,
                               a->ad_len));
  FUZZ_CHECK(out_len == ct_len && memcmp(buf, ct, ct_len) == 0);

  // Open out of place, into a buffer of exactly the plaintext's size
  // (malloc(0) may return NULL, which the API allows with length 0).
  uint8_t *pt = malloc(a->pt_len + 1);
  FUZZ_CHECK(pt != NULL);
  FUZZ_CHECK(EVP_AEAD_CTX_open(&ctx, pt, &out_len, a->pt_len, a->nonce,
                               a->nonce_len, ct, ct_len, a->ad, a->ad_len));
  FUZZ_CHECK(out_len == a->pt_len);
  FUZZ_CHECK(a->pt_len == 0 || memcmp(pt, a->pt, a->pt_len) == 0);

  // Open in place (buf holds the sealed text).
  FUZZ_CHECK(EVP_AEAD_CTX_open(&ctx, buf, &out_len, ct_len, a->nonce,
                               a->nonce_len, buf, ct_len, a->ad, a->ad_len));
  FUZZ_CHECK(out_len == a->pt_len);
  FUZZ_CHECK(a->pt_len == 0 || memcmp(buf, a->pt, a->pt_len) == 0);

  // max_out_len one short of the plaintext.
  if (a->pt_len > 0) {
    FUZZ_CHECK(!EVP_AEAD_CTX_open(&ctx, pt, &out_len, a->pt_len - 1,
                                  a->nonce, a->nonce_len, ct, ct_len, a->ad,
                                  a->ad_len));
    FUZZ_CHECK(out_len == 0);
    ERR_clear_error();
  }

  // One bit of the tag flipped: the tag comparison must fail whatever the
  // tag length.
  memcpy(buf, ct, ct_len);
  size_t bit = a->corrupt % (8 * a->tag_len);
  buf[a->pt_len + bit / 8] ^= (uint8_t)(1u << (bit % 8));
  aead_expect_open_fails(a, &ctx, buf, ct_len, a->pt_len);

  // Input shorter than a tag.
  aead_expect_open_fails(a, &ctx, ct, a->corrupt % a->tag_len, a->pt_len);

  if (a->tag_len >= 8) {
    // Last byte dropped.
    aead_expect_open_fails(a, &ctx, ct, ct_len - 1, a->pt_len);
    // One bit of the ciphertext flipped.
    if (a->pt_len > 0) {
      memcpy(buf, ct, ct_len);
      bit = a->corrupt % (8 * a->pt_len);
      buf[bit / 8] ^= (uint8_t)(1u << (bit % 8));
      aead_expect_open_fails(a, &ctx, buf, ct_len, a->pt_len);
    }
  }

  EVP_AEAD_CTX_cleanup(&ctx);
  free(ct);
  free(buf);
  free(pt);
}

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerInitialize(int *argc, char ***argv) {
  (void)argc;
  (void)argv;
  fuzz_print_rows(&CRYPTO_primitive_chacha20);
  fuzz_print_rows(&CRYPTO_primitive_poly1305);
  return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  struct fuzz_reader r = {data, size};
  struct aead_args a;
  uint8_t flags = fuzz_u8(&r);
  a.aead = (flags & 1) ? EVP_aead_xchacha20_poly1305()
                       : EVP_aead_chacha20_poly1305();
  a.init_tag_len = fuzz_u8(&r) % 17;
  a.tag_len = a.init_tag_len == 0 ? 16 : a.init_tag_len;
  a.corrupt = fuzz_u16(&r);
  fuzz_take(&r, a.key, sizeof(a.key));
  fuzz_take(&r, a.nonce, sizeof(a.nonce));
  a.nonce_len = EVP_AEAD_nonce_length(a.aead);
  FUZZ_CHECK(a.nonce_len <= sizeof(a.nonce));
  size_t ad_len = fuzz_u8(&r);
  size_t filler = fuzz_filler_len(fuzz_u16(&r));
  uint32_t seed = fuzz_u32(&r);
  a.ad_len = ad_len < r.len ? ad_len : r.len;
  a.ad = r.data;
  r.data += a.ad_len;
  r.len -= a.ad_len;

  size_t rest_len;
  const uint8_t *rest = fuzz_rest(&r, &rest_len);
  if (rest_len > AEAD_FUZZ_MAX_LEN) {
    rest_len = AEAD_FUZZ_MAX_LEN;
  }
  if (filler > AEAD_FUZZ_MAX_LEN - rest_len) {
    filler = AEAD_FUZZ_MAX_LEN - rest_len;
  }
  a.pt_len = rest_len + filler;
  uint8_t *pt = malloc(a.pt_len + 1);
  FUZZ_CHECK(pt != NULL);
  if (rest_len > 0) {
    memcpy(pt, rest, rest_len);
  }
  uint32_t fs = seed ^ 0x3c6ef372u;
  for (size_t i = rest_len; i < a.pt_len; i++) {
    pt[i] = (uint8_t)fuzz_rng_next(&fs);
  }
  a.pt = pt;

  CRYPTO_PRIMITIVE *prims[2] = {&CRYPTO_primitive_chacha20,
                                &CRYPTO_primitive_poly1305};
  fuzz_differential(prims, 2, aead_run, &a, a.pt_len + a.tag_len);
  free(pt);
  return 0;
}
