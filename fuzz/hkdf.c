// Copyright 2026 The project authors.
//
// fuzz/hkdf.c: differential fuzzer for HKDF (RFC 5869) over every SHA
// digest.
//
// Input layout: digest selector (1 byte), output length (2 bytes: with the
// top two bits set, the other 14 bits modulo 255 * HashLen + 2, so the limit
// L <= 255 * HashLen and one past it are both reached; otherwise the value
// modulo 4 * HashLen + 1), secret length (1 byte), salt length (1 byte), the
// secret, the salt, then the info string.
//
// Under every row of the digest's SHA table the CPU can run, the output of
// HKDF() must equal HKDF_expand(HKDF_extract()) and the RFC's definition
// written out with HMAC():
//   PRK = HMAC(salt, IKM)   (salt = HashLen zero bytes when empty)
//   T(0) = "", T(i) = HMAC(PRK, T(i-1) || info || i), OKM = T(1) || T(2) ...
// and every row must give the output of the "nohw" row. Lengths past the
// limit must be refused by both HKDF() and HKDF_expand().

#include <openssl/hkdf.h>
#include <openssl/hmac.h>

#include "fuzz_util.h"
#include "md_table.h"

struct hkdf_args {
  const EVP_MD *md;
  size_t out_len;
  const uint8_t *secret, *salt, *info;
  size_t secret_len, salt_len, info_len;
};

// hkdf_by_definition writes the `out_len`-byte OKM of RFC 5869 to `out`.
static void hkdf_by_definition(const struct hkdf_args *a, uint8_t *out) {
  size_t md_len = EVP_MD_size(a->md);
  uint8_t prk[EVP_MAX_MD_SIZE];
  FUZZ_CHECK(HMAC(a->md, a->salt, a->salt_len, a->secret, a->secret_len, prk,
                  NULL) != NULL);
  // T(i-1) || info || i, built in one buffer per step.
  size_t in_max = md_len + a->info_len + 1;
  uint8_t *in = malloc(in_max);
  FUZZ_CHECK(in != NULL);
  uint8_t t[EVP_MAX_MD_SIZE];
  size_t t_len = 0;
  for (size_t done = 0, i = 1; done < a->out_len; i++) {
    memcpy(in, t, t_len);
    if (a->info_len > 0) {
      memcpy(in + t_len, a->info, a->info_len);
    }
    in[t_len + a->info_len] = (uint8_t)i;
    FUZZ_CHECK(HMAC(a->md, prk, md_len, in, t_len + a->info_len + 1, t,
                    NULL) != NULL);
    t_len = md_len;
    size_t n = a->out_len - done < md_len ? a->out_len - done : md_len;
    memcpy(out + done, t, n);
    done += n;
  }
  free(in);
}

static void hkdf_run(const void *arg, uint8_t *out) {
  const struct hkdf_args *a = arg;
  size_t md_len = EVP_MD_size(a->md);
  int ok = HKDF(out, a->out_len, a->md, a->secret, a->secret_len, a->salt,
                a->salt_len, a->info, a->info_len);

  uint8_t prk[EVP_MAX_MD_SIZE];
  size_t prk_len = 0;
  FUZZ_CHECK(HKDF_extract(prk, &prk_len, a->md, a->secret, a->secret_len,
                          a->salt, a->salt_len));
  FUZZ_CHECK(prk_len == md_len);
  uint8_t *other = malloc(a->out_len + 1);
  FUZZ_CHECK(other != NULL);
  int ok2 = HKDF_expand(other, a->out_len, a->md, prk, prk_len, a->info,
                        a->info_len);
  if (a->out_len > 255 * md_len) {
    FUZZ_CHECK(!ok && !ok2);
    ERR_clear_error();
    // Make the output independent of whatever the failed calls left.
    memset(out, 0, a->out_len);
  } else {
    FUZZ_CHECK(ok && ok2);
    FUZZ_CHECK(memcmp(other, out, a->out_len) == 0);
    hkdf_by_definition(a, other);
    FUZZ_CHECK(memcmp(other, out, a->out_len) == 0);
  }
  free(other);
}

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerInitialize(int *argc, char ***argv) {
  (void)argc;
  (void)argv;
  fuzz_print_rows(&CRYPTO_primitive_sha1);
  fuzz_print_rows(&CRYPTO_primitive_sha256);
  fuzz_print_rows(&CRYPTO_primitive_sha512);
  return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  struct fuzz_reader r = {data, size};
  const struct fuzz_md *m = &kFuzzMDs[fuzz_u8(&r) % FUZZ_NUM_MDS];
  struct hkdf_args a;
  a.md = m->md();
  // Three values in four give short outputs (up to 4 blocks, quick to run),
  // the fourth anything up to one past the limit (long outputs cost up to
  // 255 HMACs each way, so they are kept rarer).
  uint16_t out_sel = fuzz_u16(&r);
  size_t md_len = EVP_MD_size(a.md);
  a.out_len = (out_sel & 0xc000) == 0xc000
                  ? (out_sel & 0x3fff) % (255 * md_len + 2)
                  : out_sel % (4 * md_len + 1);
  size_t secret_len = fuzz_u8(&r);
  size_t salt_len = fuzz_u8(&r);
  // Each field takes what it asked for, or what is left of the input.
  a.secret_len = secret_len < r.len ? secret_len : r.len;
  a.secret = r.data;
  r.data += a.secret_len;
  r.len -= a.secret_len;
  a.salt_len = salt_len < r.len ? salt_len : r.len;
  a.salt = r.data;
  r.data += a.salt_len;
  r.len -= a.salt_len;
  a.info = fuzz_rest(&r, &a.info_len);
  CRYPTO_PRIMITIVE *prims[1] = {m->prim};
  fuzz_differential(prims, 1, hkdf_run, &a, a.out_len);
  return 0;
}
