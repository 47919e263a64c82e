// Copyright 2026 The project authors.
//
// version.c: the run-time version functions of crypto.h, from the macros of
// opensslv.h this file is compiled with.

#include <openssl/crypto.h>

const char *OpenSSL_version(int type) {
  switch (type) {
    case OPENSSL_VERSION:
      return OPENSSL_VERSION_TEXT;
    case OPENSSL_VERSION_STRING:
      return OPENSSL_VERSION_STR;
    case OPENSSL_FULL_VERSION_STRING:
      return OPENSSL_FULL_VERSION_STR;
    case OPENSSL_CFLAGS:
      return "compiler: information not available";
    case OPENSSL_BUILT_ON:
      return "built on: date not available";
    case OPENSSL_PLATFORM:
      return "platform: information not available";
    case OPENSSL_DIR:
      return "OPENSSLDIR: N/A";
    case OPENSSL_ENGINES_DIR:
      return "ENGINESDIR: N/A";
    case OPENSSL_MODULES_DIR:
      return "MODULESDIR: N/A";
    case OPENSSL_CPU_INFO:
      return "CPUINFO: N/A";
    default:
      return "not available";
  }
}

unsigned long OpenSSL_version_num(void) { return OPENSSL_VERSION_NUMBER; }

unsigned int OPENSSL_version_major(void) { return OPENSSL_VERSION_MAJOR; }
unsigned int OPENSSL_version_minor(void) { return OPENSSL_VERSION_MINOR; }
unsigned int OPENSSL_version_patch(void) { return OPENSSL_VERSION_PATCH; }

const char *OPENSSL_version_pre_release(void) {
  return OPENSSL_VERSION_PRE_RELEASE;
}

const char *OPENSSL_version_build_metadata(void) {
  return OPENSSL_VERSION_BUILD_METADATA;
}
