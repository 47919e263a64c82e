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
//   - open with `max_out_len` one byte short must fail;
//   - seal_scatter with the plaintext split at a point drawn from the
//     filler seed (the first part as `in`, the rest as `extra_in`, each in
//     its own exact heap block) must give the same bytes as seal, out of
//     place and with out == in; with `max_out_tag_len` one short it must
//     fail and zero the whole tag buffer;
//   - open_gather (ciphertext and tag in separate exact blocks) must give
//     back the plaintext, out of place and in place, and must fail, zeroing
//     `out`, on a flipped tag bit or a tag one byte short or long.
// The sealed text (ciphertext || tag) of every combination must equal that
// of the reference rows ("nohw" for ChaCha20, "c26" for Poly1305). Buffers
// are heap blocks of the exact size, so AddressSanitizer reports any access
// past them.

#include <openssl/aead.h>

#include "fuzz_msg.h"

#define AEAD_FUZZ_MAX_LEN 65536

struct aead_args {
  const EVP_AEAD *aead;
  size_t tag_len;  // the real tag length (never 0)
  size_t init_tag_len;  // as given to EVP_AEAD_CTX_init
  size_t corrupt;
  struct fuzz_aead_params p;  // key, nonce, AD
  const uint8_t *pt;
  size_t pt_len;
  size_t split;  // seal_scatter: bytes of the plaintext passed as `in`
};

// aead_scatter_gather checks seal_scatter and open_gather against the
// sealed text `ct` (ciphertext || tag, from seal).
static void aead_scatter_gather(const struct aead_args *a,
                                const EVP_AEAD_CTX *ctx, const uint8_t *ct) {
  const size_t s = a->split, extra_len = a->pt_len - s;
  const size_t tag_out_len = extra_len + a->tag_len;
  uint8_t *in = fuzz_dup(a->pt, s);
  uint8_t *extra = fuzz_dup(a->pt + s, extra_len);
  uint8_t *out = malloc(s ? s : 1);
  uint8_t *tag = malloc(tag_out_len);
  FUZZ_CHECK(out != NULL && tag != NULL);
  size_t tag_len = 0;
  FUZZ_CHECK(EVP_AEAD_CTX_seal_scatter(ctx, out, tag, &tag_len, tag_out_len,
                                       a->p.nonce, a->p.nonce_len, in, s, extra,
                                       extra_len, a->p.ad, a->p.ad_len));
  FUZZ_CHECK(tag_len == tag_out_len);
  FUZZ_CHECK(s == 0 || memcmp(out, ct, s) == 0);
  FUZZ_CHECK(memcmp(tag, ct + s, tag_out_len) == 0);

  // In place: out == in.
  memset(tag, 0x55, tag_out_len);
  FUZZ_CHECK(EVP_AEAD_CTX_seal_scatter(ctx, in, tag, &tag_len, tag_out_len,
                                       a->p.nonce, a->p.nonce_len, in, s, extra,
                                       extra_len, a->p.ad, a->p.ad_len));
  FUZZ_CHECK(s == 0 || memcmp(in, ct, s) == 0);
  FUZZ_CHECK(memcmp(tag, ct + s, tag_out_len) == 0);

  // max_out_tag_len one short: refused, the tag room and `out` zeroed.
  tag_len = 99;
  FUZZ_CHECK(!EVP_AEAD_CTX_seal_scatter(
      ctx, out, tag, &tag_len, tag_out_len - 1, a->p.nonce, a->p.nonce_len,
      a->pt, s, extra, extra_len, a->p.ad, a->p.ad_len));
  FUZZ_CHECK(tag_len == 0);
  FUZZ_CHECK(ERR_GET_REASON(ERR_get_error()) == CIPHER_R_BUFFER_TOO_SMALL);
  ERR_clear_error();
  fuzz_check_zero(tag, tag_out_len - 1);
  fuzz_check_zero(out, s);
  free(in);
  free(extra);
  free(out);
  free(tag);

  // open_gather: the whole ciphertext and the tag in separate blocks.
  uint8_t *gin = fuzz_dup(ct, a->pt_len);
  uint8_t *gtag = fuzz_dup(ct + a->pt_len, a->tag_len);
  uint8_t *gout = malloc(a->pt_len ? a->pt_len : 1);
  FUZZ_CHECK(gout != NULL);
  FUZZ_CHECK(EVP_AEAD_CTX_open_gather(ctx, gout, a->p.nonce, a->p.nonce_len,
                                      gin, a->pt_len, gtag, a->tag_len, a->p.ad,
                                      a->p.ad_len));
  FUZZ_CHECK(a->pt_len == 0 || memcmp(gout, a->pt, a->pt_len) == 0);
  // A flipped tag bit, then tags one byte short and one long (the long one
  // in its own block of that size): refused, `out` zeroed.
  size_t bit = a->corrupt % (8 * a->tag_len);
  gtag[bit / 8] ^= (uint8_t)(1u << (bit % 8));
  FUZZ_CHECK(!EVP_AEAD_CTX_open_gather(ctx, gout, a->p.nonce, a->p.nonce_len,
                                       gin, a->pt_len, gtag, a->tag_len,
                                       a->p.ad, a->p.ad_len));
  fuzz_check_zero(gout, a->pt_len);
  gtag[bit / 8] ^= (uint8_t)(1u << (bit % 8));
  FUZZ_CHECK(!EVP_AEAD_CTX_open_gather(ctx, gout, a->p.nonce, a->p.nonce_len,
                                       gin, a->pt_len, gtag, a->tag_len - 1,
                                       a->p.ad, a->p.ad_len));
  fuzz_check_zero(gout, a->pt_len);
  uint8_t *long_tag = malloc(a->tag_len + 1);
  FUZZ_CHECK(long_tag != NULL);
  memcpy(long_tag, gtag, a->tag_len);
  long_tag[a->tag_len] = 0;
  FUZZ_CHECK(!EVP_AEAD_CTX_open_gather(ctx, gout, a->p.nonce, a->p.nonce_len,
                                       gin, a->pt_len, long_tag, a->tag_len + 1,
                                       a->p.ad, a->p.ad_len));
  fuzz_check_zero(gout, a->pt_len);
  ERR_clear_error();
  // In place.
  FUZZ_CHECK(EVP_AEAD_CTX_open_gather(ctx, gin, a->p.nonce, a->p.nonce_len, gin,
                                      a->pt_len, gtag, a->tag_len, a->p.ad,
                                      a->p.ad_len));
  FUZZ_CHECK(a->pt_len == 0 || memcmp(gin, a->pt, a->pt_len) == 0);
  free(long_tag);
  free(gin);
  free(gtag);
  free(gout);
}

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
  FUZZ_CHECK(!EVP_AEAD_CTX_open(ctx, out, &out_len, max_out, a->p.nonce,
                                a->p.nonce_len, in, in_len, a->p.ad,
                                a->p.ad_len));
  FUZZ_CHECK(out_len == 0);
  fuzz_check_zero(out, max_out);
  ERR_clear_error();
  free(out);
}

static void aead_run(const void *arg, uint8_t *out) {
  const struct aead_args *a = arg;
  size_t ct_len = a->pt_len + a->tag_len;
  EVP_AEAD_CTX ctx;
  FUZZ_CHECK(EVP_AEAD_CTX_init(&ctx, a->aead, a->p.key, sizeof(a->p.key),
                               a->init_tag_len, NULL));

  // Seal out of place into an exactly sized buffer.
  uint8_t *ct = malloc(ct_len);
  FUZZ_CHECK(ct != NULL);
  size_t out_len = 0;
  FUZZ_CHECK(EVP_AEAD_CTX_seal(&ctx, ct, &out_len, ct_len, a->p.nonce,
                               a->p.nonce_len, a->pt, a->pt_len, a->p.ad,
                               a->p.ad_len));
  FUZZ_CHECK(out_len == ct_len);
  memcpy(out, ct, ct_len);

  // Seal in place.
  uint8_t *buf = malloc(ct_len);
  FUZZ_CHECK(buf != NULL);
  if (a->pt_len > 0) {
    memcpy(buf, a->pt, a->pt_len);
  }
  FUZZ_CHECK(EVP_AEAD_CTX_seal(&ctx, buf, &out_len, ct_len, a->p.nonce,
                               a->p.nonce_len, buf, a->pt_len, a->p.ad,
                               a->p.ad_len));
  FUZZ_CHECK(out_len == ct_len && memcmp(buf, ct, ct_len) == 0);

  // Open out of place, into a buffer of exactly the plaintext's size
  // (malloc(0) may return NULL, which the API allows with length 0).
  uint8_t *pt = malloc(a->pt_len + 1);
  FUZZ_CHECK(pt != NULL);
  FUZZ_CHECK(EVP_AEAD_CTX_open(&ctx, pt, &out_len, a->pt_len, a->p.nonce,
                               a->p.nonce_len, ct, ct_len, a->p.ad,
                               a->p.ad_len));
  FUZZ_CHECK(out_len == a->pt_len);
  FUZZ_CHECK(a->pt_len == 0 || memcmp(pt, a->pt, a->pt_len) == 0);

  // Open in place (buf holds the sealed text).
  FUZZ_CHECK(EVP_AEAD_CTX_open(&ctx, buf, &out_len, ct_len, a->p.nonce,
                               a->p.nonce_len, buf, ct_len, a->p.ad,
                               a->p.ad_len));
  FUZZ_CHECK(out_len == a->pt_len);
  FUZZ_CHECK(a->pt_len == 0 || memcmp(buf, a->pt, a->pt_len) == 0);

  // max_out_len one short of the plaintext.
  if (a->pt_len > 0) {
    FUZZ_CHECK(!EVP_AEAD_CTX_open(&ctx, pt, &out_len, a->pt_len - 1, a->p.nonce,
                                  a->p.nonce_len, ct, ct_len, a->p.ad,
                                  a->p.ad_len));
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

  aead_scatter_gather(a, &ctx, ct);

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
  fuzz_aead_print_rows();
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
  fuzz_aead_read_params(&r, a.aead, &a.p);
  uint8_t *pt = fuzz_message(&r, a.p.filler, a.p.seed ^ 0x3c6ef372u,
                             AEAD_FUZZ_MAX_LEN, &a.pt_len);
  a.pt = pt;
  uint32_t ss = a.p.seed ^ 0x1b873593u;
  a.split = fuzz_rng_next(&ss) % (a.pt_len + 1);

  CRYPTO_PRIMITIVE *prims[2] = {&CRYPTO_primitive_chacha20,
                                &CRYPTO_primitive_poly1305};
  fuzz_differential(prims, 2, aead_run, &a, a.pt_len + a.tag_len);
  free(pt);
  return 0;
}
