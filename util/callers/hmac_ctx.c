// Copyright 2026 The project authors.
//
// hmac_ctx.c: HMAC through HMAC_CTX, as programs written for OpenSSL 1.1
// and kept on OpenSSL 3 do: they ask for the 1.1 API with
// OPENSSL_API_COMPAT (so OpenSSL 3 does not warn that HMAC_CTX is
// deprecated), key once, reuse the context for a second message with a NULL
// key, and use the one-shot HMAC(). Portable: built against OpenSSL too,
// and the two outputs compared.

#define OPENSSL_API_COMPAT 0x10100000L

#include <openssl/hmac.h>

#include <openssl/evp.h>

#include "callers.h"

#if OPENSSL_API_LEVEL != 10100
#error "OPENSSL_API_COMPAT 0x10100000L must give OPENSSL_API_LEVEL 10100"
#endif

int main(void) {
  unsigned char key[150], msg[500];
  fill(key, sizeof(key), 4);
  fill(msg, sizeof(msg), 5);
  const EVP_MD *mds[] = {EVP_sha1(), EVP_sha256(), EVP_sha384()};
  const char *names[] = {"hmac-sha1", "hmac-sha256", "hmac-sha384"};
  for (size_t m = 0; m < 3; m++) {
    // Short keys are padded, keys longer than a block hashed first.
    for (int key_len = 0; key_len <= 150; key_len += 50) {
      HMAC_CTX *ctx = HMAC_CTX_new();
      unsigned char out[EVP_MAX_MD_SIZE];
      unsigned int len = 0;
      if (ctx == NULL || !HMAC_Init_ex(ctx, key, key_len, mds[m], NULL) ||
          !HMAC_Update(ctx, msg, 100) || !HMAC_Update(ctx, msg + 100, 400) ||
          !HMAC_Final(ctx, out, &len)) {
        die("HMAC_CTX first message");
      }
      char label[64];
      snprintf(label, sizeof(label), "%s key %d", names[m], key_len);
      print_hex(label, out, len);
      // Same key, next message.
      if (!HMAC_Init_ex(ctx, NULL, 0, NULL, NULL) ||
          !HMAC_Update(ctx, msg, 7) || !HMAC_Final(ctx, out, &len)) {
        die("HMAC_CTX reuse");
      }
      snprintf(label, sizeof(label), "%s key %d again", names[m], key_len);
      print_hex(label, out, len);
      HMAC_CTX_free(ctx);
    }
  }
  unsigned char out[EVP_MAX_MD_SIZE];
  unsigned int len = 0;
  if (HMAC(EVP_sha512(), key, 20, msg, sizeof(msg), out, &len) == NULL) {
    die("HMAC");
  }
  print_hex("HMAC() sha512", out, len);
  return 0;
}
