// Copyright 2026 The project authors.
//
// HKDF (RFC 5869) on top of HMAC's internal steps (crypto/hmac/internal.h),
// which run on stack hash states. Notation as in include/openssl/hkdf.h.
//
// What bounds it: its HMACs. Extract is one HMAC() under the salt (four
// compressions for a short IKM, see crypto/hmac/hmac.c); expand to one
// hash length is one key schedule of PRK plus one HMAC of T(0) || info || 1,
// again four compressions (the key pair in one two-stream pass) for info up
// to B - 2 - L bytes (54 for SHA-256, 110 for SHA-384). Measured as in
// crypto/hmac/hmac.c's header (Zen 5, load 14-18, ns a call, medians of 7
// runs of percall_bench's "ours" program, `PERCALL_FILTER=hkdf`):
// HKDF_expand SHA-256 to 32 B with 16 B of info 162 ns against 151 for a
// 16-byte HMAC-SHA256 (the rest: T(0) || info || 1 put together on the
// stack and erased); HKDF-SHA256 extract (16 B IKM) + expand 332 ns, two
// such chains of 3.25 SHA-NI block latencies (~117 ns each, hmac.c) and
// their overhead. SHA-384: expand 548 ns, extract + expand 1054 ns, each
// HMAC within a few % of its (1.6 + 2) x 140 ns of compressions.
// With SHA-256, extract (HMAC()) and an expand to at most 32 bytes (one
// HMAC of info || 1) run in the fused HMAC-SHA256 row (hmac.c); same
// method, quiet, 2026-12-02, against the previous build: expand with 16 B
// of info 150.7 ns (was 173.2; BoringSSL 228), extract + expand 297.5
// (358.2; 449). The expand's info is no longer copied (hkdf.c below,
// hmac_sha256_oneshot with the counter byte in the padded tail).

#include <openssl/hkdf.h>

#include <openssl/err.h>
#include <openssl/hmac.h>
#include <openssl/mem.h>

#include "../internal.h"
#include "../hmac/internal.h"

int HKDF_extract(uint8_t *out_key, size_t *out_len, const EVP_MD *digest,
                 const uint8_t *secret, size_t secret_len, const uint8_t *salt,
                 size_t salt_len) {
  if (digest == NULL || out_key == NULL || out_len == NULL ||
      (secret == NULL && secret_len != 0) || (salt == NULL && salt_len != 0)) {
    OPENSSL_PUT_ERROR(HKDF, ERR_R_PASSED_NULL_PARAMETER);
    return 0;
  }
  // PRK = HMAC-Hash(salt, IKM).
  unsigned int prk_len;
  if (HMAC(digest, salt, salt_len, secret, secret_len, out_key, &prk_len) ==
      NULL) {
    return 0;
  }
  *out_len = prk_len;
  return 1;
}

int HKDF_expand(uint8_t *out_key, size_t out_len, const EVP_MD *digest,
                const uint8_t *prk, size_t prk_len, const uint8_t *info,
                size_t info_len) {
  if (digest == NULL || (out_key == NULL && out_len != 0) ||
      (prk == NULL && prk_len != 0) || (info == NULL && info_len != 0)) {
    OPENSSL_PUT_ERROR(HKDF, ERR_R_PASSED_NULL_PARAMETER);
    return 0;
  }
  const size_t hash_len = EVP_MD_size(digest);
  // N = ceil(L / HashLen) must fit the one-byte counter: L <= 255 * HashLen.
  if (out_len > 255 * hash_len) {
    OPENSSL_PUT_ERROR(HKDF, HKDF_R_OUTPUT_TOO_LARGE);
    return 0;
  }

  // The key schedule for PRK is computed once into two stack states
  // (hmac_key_init: one two-stream pass), which every T(i) reads without
  // changing. T(i)'s message T(i-1) || info || i is put together on the
  // stack when it fits `msg` (info up to 959 bytes after a 64-byte T(i-1);
  // a TLS 1.3 HkdfLabel is at most 2 + 1 + 255 + 1 + 255 = 514) and hashed
  // straight from there (hmac_key_mac); a longer one streams through a
  // copy of the inner state.
  // So the output costs 2 + N * (1 + ceil((len(T(i-1)) + info_len + 1 + L) /
  // B)) compression calls (B, L as in crypto/hmac/hmac.c), the first two in
  // one interleaved pass: four for a 32-byte output from SHA-256 or SHA-384
  // with info_len <= B - 1 - L (55 and 111 bytes). What bounds it is
  // measured in crypto/hmac/hmac.c's header.
  EVP_MD_CTX i_key, o_key, i_ctx;
  uint8_t t[EVP_MAX_MD_SIZE];  // T(i-1), then T(i)
  uint8_t msg[1024];
  if (EVP_MD_type(digest) == NID_sha256 && out_len <= SHA256_DIGEST_LENGTH) {
    // One block of output (a TLS 1.3 key, IV or secret): T(1) = HMAC(PRK,
    // info || 1) in one call of the fused HMAC-SHA256 row (crypto/sha/
    // impls.h, SHA256_HMAC_IMPLS), info's whole blocks read where they are
    // and the counter byte appended in the padded tail
    // (hmac_sha256_oneshot). A whole T(1) goes straight to out_key, which
    // may alias prk or info: both are read in full before it is written.
    // Copying info into `msg` and wiping it cost 25-40 TSC ticks a call
    // here at 16..256 bytes of info (AMD Zen 4, HKDF_expand beside HMAC()
    // of the same length in one rdtsc loop, lower quartiles of 41 batches).
    uint8_t *dst = out_len == SHA256_DIGEST_LENGTH ? out_key : t;
    int one_ok = hmac_sha256_oneshot(dst, prk, prk_len, info, info_len, 1, 1);
    if (dst == t) {
      if (one_ok) {
        OPENSSL_memcpy(out_key, t, out_len);
      }
      CRYPTO_wipe(t, sizeof(t));
    }
    return one_ok;
  }
  size_t t_len = 0;            // T(0) is empty
  size_t msg_used = 0;         // bytes of `msg` written (to erase)
  size_t done = 0;
  int ok = 0, streamed = 0;
  if (!hmac_key_init(&i_key, &o_key, digest, prk, prk_len)) {
    goto out;
  }
  for (unsigned i = 1; done < out_len; i++) {
    // T(i) = HMAC-Hash(PRK, T(i-1) || info || i).
    const uint8_t counter = (uint8_t)i;
    size_t n = out_len - done < hash_len ? out_len - done : hash_len;
    if (t_len + info_len + 1 <= sizeof(msg)) {
      if (t_len != 0) {
        OPENSSL_memcpy(msg, t, t_len);
      }
      if (info_len != 0) {
        OPENSSL_memcpy(msg + t_len, info, info_len);
      }
      msg[t_len + info_len] = counter;
      msg_used = t_len + info_len + 1;
      hmac_key_mac(&i_key, &o_key, msg, t_len + info_len + 1, t);
    } else {
      streamed = 1;
      i_ctx = i_key;
      if ((t_len != 0 && !EVP_DigestUpdate(&i_ctx, t, t_len)) ||
          !EVP_DigestUpdate(&i_ctx, info, info_len) ||
          !EVP_DigestUpdate(&i_ctx, &counter, 1) ||
          !hmac_key_finish(&i_ctx, &o_key, t, NULL)) {
        goto out;
      }
    }
    t_len = hash_len;
    OPENSSL_memcpy(out_key + done, t, n);
    done += n;
  }
  ok = 1;

out:
  CRYPTO_wipe(t, sizeof(t));
  CRYPTO_wipe(msg, msg_used);
  // The key states hold key material in their chaining values and counts
  // only (their buffers were never written); a streamed copy may have
  // buffered message bytes.
  hmac_key_wipe(&i_key);
  hmac_key_wipe(&o_key);
  if (streamed) {
    CRYPTO_wipe(&i_ctx, sizeof(i_ctx));
  }
  if (!ok && out_key != NULL) {
    // Not reached with a valid digest. Release no partial output.
    CRYPTO_wipe(out_key, out_len);
  }
  return ok;
}

int HKDF(uint8_t *out_key, size_t out_len, const EVP_MD *digest,
         const uint8_t *secret, size_t secret_len, const uint8_t *salt,
         size_t salt_len, const uint8_t *info, size_t info_len) {
  if (digest == NULL) {
    OPENSSL_PUT_ERROR(HKDF, ERR_R_PASSED_NULL_PARAMETER);
    return 0;
  }
  // Refuse an impossible length before doing any work.
  if (out_len > 255 * EVP_MD_size(digest)) {
    OPENSSL_PUT_ERROR(HKDF, HKDF_R_OUTPUT_TOO_LARGE);
    return 0;
  }
  uint8_t prk[EVP_MAX_MD_SIZE];
  size_t prk_len;
  int ok = HKDF_extract(prk, &prk_len, digest, secret, secret_len, salt,
                        salt_len) &&
           HKDF_expand(out_key, out_len, digest, prk, prk_len, info, info_len);
  CRYPTO_wipe(prk, sizeof(prk));
  return ok;
}
