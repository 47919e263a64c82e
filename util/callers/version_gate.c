// Copyright 2026 The project authors.
//
// version_gate.c: a program written for OpenSSL 3 that keeps a 1.1 path,
// chosen by OPENSSL_VERSION_NUMBER as such programs do. On OpenSSL 3 (and
// on Bittern, which claims 3.0) it must take the 3.0 path: EVP_MD_fetch,
// EVP_MD_get_size, EVP_DigestInit_ex2, EVP_Q_digest, EVP_MD_free. Portable:
// built against OpenSSL too, and the two outputs compared (the version text
// goes to stderr, since the libraries' differ).

#include <openssl/opensslv.h>

#include <openssl/crypto.h>
#include <openssl/evp.h>

#include <string.h>

#include "callers.h"

int main(void) {
  unsigned char data[300];
  fill(data, sizeof(data), 3);
  unsigned char out[EVP_MAX_MD_SIZE];
#if OPENSSL_VERSION_NUMBER >= 0x30000000L
  printf("path: 3.0\n");
  EVP_MD *md = EVP_MD_fetch(NULL, "SHA2-256", NULL);
  if (md == NULL) {
    die("EVP_MD_fetch");
  }
  int md_len = EVP_MD_get_size(md);
  // (Not EVP_MD_get0_name: OpenSSL names a fetched digest "SHA2-256",
  // Bittern "SHA256"; EVP_MD_is_a accepts either spelling in both.)
  printf("is SHA256 %d, SHA2-256 %d, size %d block %d\n",
         EVP_MD_is_a(md, "SHA256"), EVP_MD_is_a(md, "SHA2-256"), md_len,
         EVP_MD_get_block_size(md));
  EVP_MD_CTX *ctx = EVP_MD_CTX_new();
  unsigned int len = 0;
  if (ctx == NULL || md_len <= 0 || !EVP_DigestInit_ex2(ctx, md, NULL) ||
      !EVP_DigestUpdate(ctx, data, sizeof(data)) ||
      EVP_MD_CTX_get_size(ctx) != md_len ||
      EVP_MD_get_type(EVP_MD_CTX_get0_md(ctx)) != EVP_MD_get_type(md) ||
      !EVP_DigestFinal_ex(ctx, out, &len)) {
    die("EVP digest (3.0)");
  }
  print_hex("sha256", out, len);
  size_t qlen = 0;
  if (!EVP_Q_digest(NULL, "SHA512", NULL, data, sizeof(data), out, &qlen)) {
    die("EVP_Q_digest");
  }
  print_hex("sha512", out, qlen);
  EVP_MD_CTX_free(ctx);
  EVP_MD_free(md);
  fprintf(stderr, "%s (%lx)\n", OpenSSL_version(OPENSSL_VERSION),
          (unsigned long)OpenSSL_version_num());
#else
  printf("path: 1.1\n");
  unsigned int len = 0;
  if (!EVP_Digest(data, sizeof(data), out, &len, EVP_sha256(), NULL)) {
    die("EVP_Digest");
  }
  print_hex("sha256", out, len);
#endif
  return 0;
}
