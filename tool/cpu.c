// Copyright 2026 The project authors.
//
// bssl cpu: what the library sees and picks on this machine.
//
// It prints the capability word(s) after detection and after the
// OPENSSL_ia32cap / OPENSSL_armcap masks (which the library applies when it
// first detects; a malformed value is ignored, and this says why), the
// decoded feature names, and then one line per primitive with an
// implementation table:
//
//   sha256: shani (available: shani avx2 ssse3 nohw)
//
// the first name being the row the dispatcher uses now, the list being every
// row this CPU can run, in the table's best-first order.
//
// `bssl cpu -json` prints the same as one JSON object, plus the feature bit
// tables of every architecture (crypto/cpu/features.h) and every row with
// its entry points; the test runner and util/insn_coverage read it:
//
//   {"arch": "x86_64", "no_asm": false, "words": [w0, w1, w2, w3],
//    "env": {"name": "OPENSSL_ia32cap", "set": true, "value": "...",
//            "applied": false, "error": "not a digit", "offset": 3},
//    "features": ["sse2", ...],
//    "x86_features": [{"name": "sse2", "word": 0, "bit": 26}, ...],
//    "arm_features": [{"name": "neon", "mask": 1}, ...],
//    "primitives": [{"name": "sha256", "chosen": "shani",
//                    "impls": [{"name": "shani", "capable": true,
//                               "chosen": true, "entry_names": ["..."]},
//                              ...]}, ...]}
//
// "words" holds the four x86 words or the one AArch64 word ([] without a
// capability word); "env" is present with "set": false when the variable is
// unset, and "error"/"offset" only when the value was ignored.

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/cpu.h>

#include "../crypto/chacha/internal.h"
#include "../crypto/cpu/features.h"
#include "../crypto/cpu/internal.h"
#include "../crypto/impl.h"
#include "../crypto/poly1305/internal.h"
#include "../crypto/sha/internal.h"
#include "../crypto/sha/sha_batch.h"
#include "internal.h"

struct feature {
  int word;       // index into the capability words (0 on AArch64)
  uint32_t mask;  // the feature's bit in that word
  const char *name;
};

#define X86_FEATURE_ROW(id, name, word, bit) {(word), 1u << (bit), (name)},
static const struct feature kX86Features[] = {
    OPENSSL_X86_FEATURES(X86_FEATURE_ROW)};
#undef X86_FEATURE_ROW

#define ARM_FEATURE_ROW(id, name, mask) {0, (mask), (name)},
static const struct feature kArmFeatures[] = {
    OPENSSL_ARM_FEATURES(ARM_FEATURE_ROW)};
#undef ARM_FEATURE_ROW

static CRYPTO_PRIMITIVE *const kPrimitives[] = {
    &CRYPTO_primitive_sha1,     &CRYPTO_primitive_sha256,
    &CRYPTO_primitive_sha512,   &CRYPTO_primitive_chacha20,
    &CRYPTO_primitive_poly1305, &CRYPTO_primitive_sha256_batch,
    &CRYPTO_primitive_sha512_batch,
    &CRYPTO_primitive_sha256_x2,     &CRYPTO_primitive_sha512_x2,
    &CRYPTO_primitive_sha256_hmac,
};

// What this build detects: the architecture's name, its words, its feature
// table and its environment variable (with the number of mask fields).
struct cpu_view {
  const char *arch;
  int no_asm;
  uint32_t words[4];
  size_t num_words;
  const struct feature *features;
  size_t num_features;
  const char *env_name;
  size_t env_fields;
};

static void get_view(struct cpu_view *v) {
  memset(v, 0, sizeof(*v));
  v->arch = "none";
#if defined(OPENSSL_NO_ASM)
  v->no_asm = 1;
#endif
#if defined(OPENSSL_X86_64) || defined(OPENSSL_X86)
#if defined(OPENSSL_X86_64)
  v->arch = "x86_64";
#else
  v->arch = "x86";
#endif
  v->env_name = "OPENSSL_ia32cap";
  v->env_fields = 2;
  v->features = kX86Features;
  v->num_features = OPENSSL_ARRAY_SIZE(kX86Features);
  if (!v->no_asm) {
    const uint32_t *w = OPENSSL_ia32cap_get();
    memcpy(v->words, w, 4 * sizeof(uint32_t));
    v->num_words = 4;
  }
#elif defined(OPENSSL_AARCH64)
  v->arch = "aarch64";
  v->env_name = "OPENSSL_armcap";
  v->env_fields = 1;
  v->features = kArmFeatures;
  v->num_features = OPENSSL_ARRAY_SIZE(kArmFeatures);
  if (!v->no_asm) {
    v->words[0] = OPENSSL_get_armcap();
    v->num_words = 1;
  }
#endif
}

// env_status reports whether the view's environment variable is set
// (`*value`) and, if so, why it was ignored: it returns NULL when the value
// was applied, and sets `*offset` to the first offending byte otherwise.
static const char *env_status(const struct cpu_view *v, const char **value,
                              size_t *offset) {
  *value = v->env_name != NULL ? getenv(v->env_name) : NULL;
  *offset = 0;
  if (*value == NULL) {
    return NULL;
  }
  if (v->no_asm) {
    return "this build (OPENSSL_NO_ASM) detects nothing";
  }
  uint64_t masks[2];
  return OPENSSL_cpu_mask_error(*value, masks, v->env_fields, offset);
}

// print_quoted prints `s` between double quotes, as ASCII whatever it
// holds: printable ASCII as itself, `"` and `\` escaped, other bytes
// (control characters, bytes over 0x7e) as C escapes (\n, \x1b) or, for
// `json`, as JSON escapes (\u001b). A hostile value thus cannot move the
// cursor, forge a line or break the JSON.
static void print_quoted(const char *s, int json) {
  putchar('"');
  for (const unsigned char *p = (const unsigned char *)s; *p != 0; p++) {
    unsigned c = *p;
    if (c == '"' || c == '\\') {
      printf("\\%c", (int)c);
    } else if (c >= 0x20 && c <= 0x7e) {
      putchar((int)c);
    } else if (json) {
      printf("\\u%04x", c);
    } else if (c == '\n') {
      printf("\\n");
    } else if (c == '\t') {
      printf("\\t");
    } else if (c == '\r') {
      printf("\\r");
    } else {
      printf("\\x%02x", c);
    }
  }
  putchar('"');
}

static void print_features(const struct cpu_view *v) {
  printf("features:");
  int any = 0;
  for (size_t i = 0; i < v->num_features; i++) {
    if (v->words[v->features[i].word] & v->features[i].mask) {
      printf(" %s", v->features[i].name);
      any = 1;
    }
  }
  printf("%s\n", any ? "" : " (none)");
}

static void print_primitive(CRYPTO_PRIMITIVE *prim) {
  printf("%s: %s (available:", prim->name, CRYPTO_impl_chosen(prim)->name);
  CRYPTO_IMPL_FOREACH(row, prim) {
    if (CRYPTO_impl_is_capable(row)) {
      printf(" %s", row->name);
    }
  }
  printf(")\n");
}

static void print_text(const struct cpu_view *v) {
  if (v->no_asm) {
    // The library runs no detection in this configuration: the words would
    // all be zero whatever the CPU has.
    printf("built with OPENSSL_NO_ASM: no CPU detection, portable C only\n");
  } else if (v->num_words == 4) {
    printf("ia32cap: 0x%08x 0x%08x 0x%08x 0x%08x\n", (unsigned)v->words[0],
           (unsigned)v->words[1], (unsigned)v->words[2],
           (unsigned)v->words[3]);
    print_features(v);
  } else if (v->num_words == 1) {
    printf("armcap: 0x%08x\n", (unsigned)v->words[0]);
    print_features(v);
  } else {
    printf("no capability word on this processor: portable C only\n");
  }

  const char *value;
  size_t offset;
  const char *err = env_status(v, &value, &offset);
  if (value != NULL) {
    printf("%s=", v->env_name);
    print_quoted(value, /*json=*/0);
    if (err == NULL) {
      printf(" (applied at detection)\n");
    } else if (v->no_asm) {
      printf(" ignored: %s\n", err);
    } else {
      printf(" ignored: %s (at byte %zu); no mask applied\n", err, offset);
    }
  }

  for (size_t i = 0; i < OPENSSL_ARRAY_SIZE(kPrimitives); i++) {
    print_primitive(kPrimitives[i]);
  }
}

static void print_json_names(const char *names) {
  printf("[");
  const char *p = names != NULL ? names : "";
  int first = 1;
  while (*p != '\0') {
    while (*p == ' ') {
      p++;
    }
    const char *end = p;
    while (*end != '\0' && *end != ' ') {
      end++;
    }
    if (end != p) {
      printf("%s\"%.*s\"", first ? "" : ", ", (int)(end - p), p);
      first = 0;
    }
    p = end;
  }
  printf("]");
}

static void print_json(const struct cpu_view *v) {
  printf("{\"arch\": \"%s\", \"no_asm\": %s, \"words\": [", v->arch,
         v->no_asm ? "true" : "false");
  for (size_t i = 0; i < v->num_words; i++) {
    printf("%s%u", i == 0 ? "" : ", ", (unsigned)v->words[i]);
  }
  printf("],\n");

  if (v->env_name != NULL) {
    const char *value;
    size_t offset;
    const char *err = env_status(v, &value, &offset);
    printf(" \"env\": {\"name\": \"%s\", \"set\": %s", v->env_name,
           value != NULL ? "true" : "false");
    if (value != NULL) {
      printf(", \"value\": ");
      print_quoted(value, /*json=*/1);
      printf(", \"applied\": %s", err == NULL ? "true" : "false");
      if (err != NULL) {
        printf(", \"error\": ");
        print_quoted(err, /*json=*/1);
        printf(", \"offset\": %zu", offset);
      }
    }
    printf("},\n");
  }

  printf(" \"features\": [");
  int first = 1;
  for (size_t i = 0; i < v->num_features && v->num_words > 0; i++) {
    if (v->words[v->features[i].word] & v->features[i].mask) {
      printf("%s\"%s\"", first ? "" : ", ", v->features[i].name);
      first = 0;
    }
  }
  printf("],\n");

  printf(" \"x86_features\": [");
  for (size_t i = 0; i < OPENSSL_ARRAY_SIZE(kX86Features); i++) {
    unsigned bit = 0;
    while ((kX86Features[i].mask >> bit) != 1) {
      bit++;
    }
    printf("%s\n  {\"name\": \"%s\", \"word\": %d, \"bit\": %u}",
           i == 0 ? "" : ",", kX86Features[i].name, kX86Features[i].word,
           bit);
  }
  printf("],\n \"arm_features\": [");
  for (size_t i = 0; i < OPENSSL_ARRAY_SIZE(kArmFeatures); i++) {
    printf("%s\n  {\"name\": \"%s\", \"mask\": %u}", i == 0 ? "" : ",",
           kArmFeatures[i].name, (unsigned)kArmFeatures[i].mask);
  }
  printf("],\n \"primitives\": [");
  for (size_t p = 0; p < OPENSSL_ARRAY_SIZE(kPrimitives); p++) {
    CRYPTO_PRIMITIVE *prim = kPrimitives[p];
    const CRYPTO_IMPL *chosen = CRYPTO_impl_chosen(prim);
    printf("%s\n  {\"name\": \"%s\", \"chosen\": \"%s\", \"impls\": [",
           p == 0 ? "" : ",", prim->name, chosen->name);
    CRYPTO_IMPL_FOREACH(impl, prim) {
      printf("%s\n    {\"name\": \"%s\", \"capable\": %s, \"chosen\": %s, "
             "\"entry_names\": ",
             impl == prim->impls ? "" : ",", impl->name,
             CRYPTO_impl_is_capable(impl) ? "true" : "false",
             impl == chosen ? "true" : "false");
      print_json_names(impl->entry_names);
      printf("}");
    }
    printf("]}");
  }
  printf("]}\n");
}

int tool_cpu(int argc, char **argv) {
  int json = 0;
  for (int i = 1; i < argc; i++) {
    if (strcmp(argv[i], "-help") == 0 || strcmp(argv[i], "--help") == 0 ||
        strcmp(argv[i], "-h") == 0) {
      printf(
          "Usage: bssl cpu [-json]\n"
          "Print the CPU capability words the library detected (after the\n"
          "OPENSSL_ia32cap / OPENSSL_armcap masks, or why a mask was\n"
          "ignored), the features they name, and per primitive the\n"
          "implementation in use and those available. -json prints all of\n"
          "it as one JSON object, with the feature bit tables and each\n"
          "implementation's entry points.\n");
      return 0;
    }
    if (strcmp(argv[i], "-json") == 0) {
      json = 1;
      continue;
    }
    fprintf(stderr, "cpu: unknown argument '%s' (try 'bssl cpu -help')\n",
            argv[i]);
    return 1;
  }

  struct cpu_view v;
  get_view(&v);
  if (json) {
    print_json(&v);
  } else {
    print_text(&v);
  }
  return 0;
}
