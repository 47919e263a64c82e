// Copyright 2026 The project authors.
//
// bssl sha1sum | sha224sum | sha256sum | sha384sum | sha512sum
//
// Work-alikes of the GNU coreutils commands (behaviour checked against
// coreutils 9.1), with the subcommand's name where coreutils prints its own:
//
//   bssl sha256sum [-b|-t] [--tag] [-z] [FILE...]
//       print "HEX  NAME" per file ("-" or no FILE: standard input); -b
//       writes "HEX *NAME", --tag "SHA256 (NAME) = HEX", -z ends lines with
//       NUL instead of newline
//   bssl sha256sum -c [--quiet] [--status] [--strict] [-w]
//                     [--ignore-missing] [FILE...]
//       check the sums listed in FILE(s)
//
// Options may be bundled ("-cw") and mixed with operands until "--", as
// with GNU getopt; combinations coreutils refuses are refused with its
// messages.
//
// Printing. In a name containing a backslash, newline or carriage return,
// those are written as the two characters \\, \n and \r, and the line starts
// with a backslash, so every line stays one line and reads back
// unambiguously (not with -z, whose lines end in NUL).
//
// Checking. Each line of a check file is one of
//   [\]HEX  NAME        (text mode; two spaces)
//   [\]HEX *NAME        (binary mode; the same digest here)
//   [\]HEX NAME         (one space, accepted while no line so far, in
//                        this or an earlier check file, used the two
//                        above, as coreutils does)
//   [\]TAG (NAME) = HEX (BSD form; TAG is "SHA256" etc.; the blanks
//                        around "=" may be any run of spaces and tabs, or
//                        none, and the space before "(" may be left out)
// after optional leading blanks; the leading backslash marks an escaped
// NAME. HEX must be the full digest, in either case. Empty lines and lines
// starting with '#' are skipped; other lines are "improperly formatted".
// For every well-formed line we print "NAME: OK", "NAME: FAILED" or (after
// the open error on stderr) "NAME: FAILED open or read", then warnings with
// the counts. The exit status is 0 when every listed file was read and
// matched, 1 otherwise (also when a check file has no well-formed line).
//
// Files are read in 64 KiB chunks, so memory use does not depend on size.

#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <openssl/mem.h>
#include <openssl/sha.h>

#include "internal.h"

// The five algorithms, through one context type and three function
// pointers taking it.
union sum_ctx {
  SHA_CTX sha1;
  SHA256_CTX sha256;
  SHA512_CTX sha512;
};

static void sha1_init(union sum_ctx *c) { SHA1_Init(&c->sha1); }
static void sha1_update(union sum_ctx *c, const void *p, size_t n) {
  SHA1_Update(&c->sha1, p, n);
}
static void sha1_final(union sum_ctx *c, uint8_t *out) {
  SHA1_Final(out, &c->sha1);
}
static void sha224_init(union sum_ctx *c) { SHA224_Init(&c->sha256); }
static void sha224_update(union sum_ctx *c, const void *p, size_t n) {
  SHA224_Update(&c->sha256, p, n);
}
static void sha224_final(union sum_ctx *c, uint8_t *out) {
  SHA224_Final(out, &c->sha256);
}
static void sha256_init(union sum_ctx *c) { SHA256_Init(&c->sha256); }
static void sha256_update(union sum_ctx *c, const void *p, size_t n) {
  SHA256_Update(&c->sha256, p, n);
}
static void sha256_final(union sum_ctx *c, uint8_t *out) {
  SHA256_Final(out, &c->sha256);
}
static void sha384_init(union sum_ctx *c) { SHA384_Init(&c->sha512); }
static void sha384_update(union sum_ctx *c, const void *p, size_t n) {
  SHA384_Update(&c->sha512, p, n);
}
static void sha384_final(union sum_ctx *c, uint8_t *out) {
  SHA384_Final(out, &c->sha512);
}
static void sha512_init(union sum_ctx *c) { SHA512_Init(&c->sha512); }
static void sha512_update(union sum_ctx *c, const void *p, size_t n) {
  SHA512_Update(&c->sha512, p, n);
}
static void sha512_final(union sum_ctx *c, uint8_t *out) {
  SHA512_Final(out, &c->sha512);
}

struct sum_algo {
  const char *command;  // "sha256sum"
  const char *tag;      // "SHA256", as in BSD-style lines
  size_t digest_len;
  void (*init)(union sum_ctx *c);
  void (*update)(union sum_ctx *c, const void *p, size_t n);
  void (*final)(union sum_ctx *c, uint8_t *out);
};

static const struct sum_algo kAlgos[] = {
    {"sha1sum", "SHA1", SHA_DIGEST_LENGTH, sha1_init, sha1_update, sha1_final},
    {"sha224sum", "SHA224", SHA224_DIGEST_LENGTH, sha224_init, sha224_update,
     sha224_final},
    {"sha256sum", "SHA256", SHA256_DIGEST_LENGTH, sha256_init, sha256_update,
     sha256_final},
    {"sha384sum", "SHA384", SHA384_DIGEST_LENGTH, sha384_init, sha384_update,
     sha384_final},
    {"sha512sum", "SHA512", SHA512_DIGEST_LENGTH, sha512_init, sha512_update,
     sha512_final},
};

#define kReadChunk (64 * 1024)
#define kMaxDigest SHA512_DIGEST_LENGTH

// Names in messages.

// shell_plain says whether coreutils (gnulib's shell-escape quoting) leaves
// the byte `c` unquoted in a file name: letters, digits and %+,-./@_{}],
// and '#' and '~' except as the first character.
static int shell_plain(unsigned char c, int first) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
         (c >= '0' && c <= '9') ||
         (c != '\0' && strchr("%+,-./@_{}]", c) != NULL) ||
         (!first && (c == '#' || c == '~'));
}

// print_quoted writes `name` to stderr the way coreutils 9.1 quotes file
// names in diagnostics in the C locale: unchanged when every byte is
// shell_plain; in double quotes when it holds a quote but nothing special
// inside double quotes ($ " \ ` !) and no byte that needs an escape;
// otherwise in single quotes, with a quote written as '\'' and a control
// byte or one above 0x7e as $'\ooo' ($'\n', $'\t', $'\r') outside the
// quotes, consecutive such bytes in one $'...'. (When a name holds a quote
// before such a byte, coreutils adds an empty '' at the start; that case is
// not reproduced.)
static void print_quoted(const char *name) {
  int plain = name[0] != '\0', printable = 1, quote = 0, dq_special = 0;
  for (const char *p = name; *p != '\0'; p++) {
    unsigned char c = (unsigned char)*p;
    plain &= shell_plain(c, p == name);
    printable &= c >= 0x20 && c < 0x7f;
    quote |= c == '\'';
    dq_special |= strchr("$\"\\`!", c) != NULL;
  }
  if (plain) {
    fputs(name, stderr);
    return;
  }
  if (quote && printable && !dq_special) {
    fprintf(stderr, "\"%s\"", name);
    return;
  }
  // The output is always inside '...' or inside $'...' (a run of escaped
  // bytes); a quote closes either, and is followed by a new '...'.
  int in_escape = 0;
  fputc('\'', stderr);
  for (const char *p = name; *p != '\0'; p++) {
    unsigned char c = (unsigned char)*p;
    if (c == '\'') {
      fputs("'\\''", stderr);  // close either, \', open '...'
      in_escape = 0;
      continue;
    }
    if (c >= 0x20 && c < 0x7f) {
      if (in_escape) {
        fputs("''", stderr);  // close $'...', open '...'
        in_escape = 0;
      }
      fputc(c, stderr);
      continue;
    }
    if (!in_escape) {
      fputs("'$'", stderr);  // close '...', open $'...'
      in_escape = 1;
    }
    switch (c) {
      case '\n':
        fputs("\\n", stderr);
        break;
      case '\t':
        fputs("\\t", stderr);
        break;
      case '\r':
        fputs("\\r", stderr);
        break;
      default:
        fprintf(stderr, "\\%03o", c);
    }
  }
  fputc('\'', stderr);
}

// print_error writes "CMD: NAME: MESSAGE" to stderr.
static void print_error(const struct sum_algo *algo, const char *name,
                        const char *message) {
  fflush(stdout);
  fprintf(stderr, "%s: ", algo->command);
  print_quoted(name);
  fprintf(stderr, ": %s\n", message);
}

// print_name writes `name` to stdout, with backslash, newline and carriage
// return escaped when `escape` is set.
static void print_name(const char *name, int escape) {
  for (const char *p = name; *p != '\0'; p++) {
    if (escape && *p == '\\') {
      fputs("\\\\", stdout);
    } else if (escape && *p == '\n') {
      fputs("\\n", stdout);
    } else if (escape && *p == '\r') {
      fputs("\\r", stdout);
    } else {
      putchar(*p);
    }
  }
}

// Hashing.

// hash_file writes the digest of the file `name` ("-" for standard input)
// to `out`. On failure it returns zero with errno set.
static int hash_file(const struct sum_algo *algo, const char *name,
                     uint8_t *buf, uint8_t out[kMaxDigest]) {
  int is_stdin = strcmp(name, "-") == 0;
  int fd = is_stdin ? STDIN_FILENO : open(name, O_RDONLY);
  if (fd < 0) {
    return 0;
  }
  union sum_ctx ctx;
  algo->init(&ctx);
  int ok = 1;
  for (;;) {
    ssize_t n = read(fd, buf, kReadChunk);
    if (n < 0) {
      if (errno == EINTR) {
        continue;
      }
      ok = 0;
      break;
    }
    if (n == 0) {
      break;
    }
    algo->update(&ctx, buf, (size_t)n);
  }
  int saved_errno = errno;
  algo->final(&ctx, out);  // also zeroes `ctx`
  if (!is_stdin) {
    close(fd);
  }
  errno = saved_errno;
  return ok;
}

static void print_hex(const uint8_t *in, size_t len) {
  static const char kHex[] = "0123456789abcdef";
  for (size_t i = 0; i < len; i++) {
    putchar(kHex[in[i] >> 4]);
    putchar(kHex[in[i] & 15]);
  }
}

// Options, and check mode.

struct sum_options {
  int check;           // -c/--check
  int binary;          // -b: 1, -t: 0, neither: -1 (only "*" vs " " differs)
  int tag;             // --tag: BSD-style output lines
  int zero;            // -z/--zero: NUL-terminated output, no escaping
  int ignore_missing;  // --ignore-missing: skip listed files that are absent
  int quiet;           // --quiet: no "OK" lines
  int status;          // --status: nothing on stdout; the exit status tells
  int strict;          // --strict: improperly formatted lines fail
  int warn;            // -w/--warn: name each improperly formatted line
};

// warn_count prints "CMD: WARNING: N SINGULAR" or "N PLURAL" if N > 0.
static void warn_count(const struct sum_algo *algo, unsigned long n,
                       const char *singular, const char *plural) {
  if (n > 0) {
    fflush(stdout);
    fprintf(stderr, "%s: WARNING: %lu %s\n", algo->command, n,
            n == 1 ? singular : plural);
  }
}

static int hex_value(char c) {
  if (c >= '0' && c <= '9') {
    return c - '0';
  }
  if (c >= 'a' && c <= 'f') {
    return c - 'a' + 10;
  }
  if (c >= 'A' && c <= 'F') {
    return c - 'A' + 10;
  }
  return -1;
}

// unescape_name decodes "\\\\", "\\n" and "\\r" in place. It returns zero on
// any other backslash sequence.
static int unescape_name(char *s) {
  char *w = s;
  for (const char *r = s; *r != '\0'; r++) {
    if (*r != '\\') {
      *w++ = *r;
      continue;
    }
    r++;
    if (*r == '\\') {
      *w++ = '\\';
    } else if (*r == 'n') {
      *w++ = '\n';
    } else if (*r == 'r') {
      *w++ = '\r';
    } else {
      return 0;
    }
  }
  *w = '\0';
  return 1;
}

// skip_blanks returns `s` past any spaces and tabs.
static char *skip_blanks(char *s) {
  while (*s == ' ' || *s == '\t') {
    s++;
  }
  return s;
}

// parse_hex reads exactly 2 * `len` hex digits at `s` into `out`, returning
// the number of characters used, or zero if there are fewer, or if a hex
// digit follows them.
static size_t parse_hex(const char *s, size_t len, uint8_t *out) {
  for (size_t i = 0; i < len; i++) {
    int hi = hex_value(s[2 * i]);
    int lo = hi < 0 ? -1 : hex_value(s[2 * i + 1]);
    if (hi < 0 || lo < 0) {
      return 0;
    }
    out[i] = (uint8_t)(hi << 4 | lo);
  }
  if (hex_value(s[2 * len]) >= 0) {
    return 0;
  }
  return 2 * len;
}

// parse_bsd_line parses "TAG (NAME) = HEX" at `line`: one optional space
// between TAG and "(", and any run of blanks (spaces, tabs), or none, on
// either side of "=" ("TAG(NAME)=HEX" too), as coreutils 9.1 accepts. It
// sets `*name` (terminated in place) and `want`.
static int parse_bsd_line(const struct sum_algo *algo, char *line, char **name,
                          uint8_t *want) {
  size_t tag_len = strlen(algo->tag);
  if (strncmp(line, algo->tag, tag_len) != 0) {
    return 0;
  }
  char *p = line + tag_len;
  if (*p == ' ') {
    p++;
  }
  if (*p != '(') {
    return 0;
  }
  *name = p + 1;
  // The name ends at the last ')' of the line, since names may hold ')'.
  char *close = strrchr(*name, ')');
  if (close == NULL) {
    return 0;
  }
  char *q = skip_blanks(close + 1);
  if (*q != '=') {
    return 0;
  }
  q = skip_blanks(q + 1);
  size_t used = parse_hex(q, algo->digest_len, want);
  if (used == 0 || q[used] != '\0') {
    return 0;
  }
  *close = '\0';
  return 1;
}

// parse_check_line parses one line (without its line ending) of a check
// file. `*single_space` tracks the one-space form: -1 not decided yet, 0
// the lines so far used two-space/'*' lines, 1 one-space lines; the forms
// may not be mixed, and, as in coreutils, the choice holds for every
// check file of the command, not just the one that made it. It returns one
// and sets `*name` and `want` on success.
static int parse_check_line(const struct sum_algo *algo, char *line,
                            int *single_space, char **name, uint8_t *want) {
  line = skip_blanks(line);
  int escaped = 0;
  if (*line == '\\') {
    escaped = 1;
    line++;
  }
  if (parse_bsd_line(algo, line, name, want)) {
    return !escaped || unescape_name(*name);
  }
  size_t used = parse_hex(line, algo->digest_len, want);
  if (used == 0) {
    return 0;
  }
  char *p = line + used;
  if (*p != ' ' && *p != '\t') {
    return 0;
  }
  p++;
  if (p[0] == '\0' || p[1] == '\0' || (p[0] != ' ' && p[0] != '*')) {
    // "HEX NAME": the one-space form.
    if (*single_space == 0) {
      return 0;
    }
    *single_space = 1;
  } else if (*single_space != 1) {
    *single_space = 0;
    p++;  // the mode character, ' ' or '*'
  }
  if (*p == '\0') {
    return 0;
  }
  *name = p;
  return !escaped || unescape_name(*name);
}

// check_one verifies the sums listed in `list_name` ("-": standard input),
// prints the per-file results and the warnings of this list, and returns
// one if every listed file was read and matched (see the top of the file).
// `*single_space` is parse_check_line's, shared by every list.
static int check_one(const struct sum_algo *algo,
                     const struct sum_options *opts, const char *list_name,
                     int *single_space, uint8_t *buf) {
  int is_stdin = strcmp(list_name, "-") == 0;
  const char *display = is_stdin ? "standard input" : list_name;
  FILE *f = is_stdin ? stdin : fopen(list_name, "r");
  if (f == NULL) {
    print_error(algo, display, strerror(errno));
    return 0;
  }
  unsigned long improper = 0, unreadable = 0, mismatched = 0, matched = 0;
  unsigned long good_lines = 0, line_no = 0;
  char *line = NULL;
  size_t cap = 0;
  ssize_t n;
  while ((n = getline(&line, &cap, f)) >= 0) {
    line_no++;
    // Drop the line ending: "\n", or "\r\n" as written on Windows.
    if (n > 0 && line[n - 1] == '\n') {
      line[--n] = '\0';
    }
    if (n > 0 && line[n - 1] == '\r') {
      line[--n] = '\0';
    }
    if (n == 0 || line[0] == '#') {
      continue;
    }
    char *name;
    uint8_t want[kMaxDigest], got[kMaxDigest];
    // A line with an embedded NUL names no file that can exist.
    if ((size_t)n != strlen(line) ||
        !parse_check_line(algo, line, single_space, &name, want)) {
      improper++;
      if (opts->warn) {
        fflush(stdout);
        fprintf(stderr, "%s: ", algo->command);
        print_quoted(display);
        fprintf(stderr, ": %lu: improperly formatted %s checksum line\n",
                line_no, algo->tag);
      }
      continue;
    }
    good_lines++;
    // coreutils escapes a name in its report only if it holds a newline.
    int escape = strchr(name, '\n') != NULL;
    if (!hash_file(algo, name, buf, got)) {
      if (opts->ignore_missing && errno == ENOENT) {
        continue;
      }
      unreadable++;
      // --status silences standard output only: the error still goes to
      // stderr, as coreutils does.
      print_error(algo, name, strerror(errno));
      if (!opts->status) {
        if (escape) {
          putchar('\\');
        }
        print_name(name, escape);
        printf(": FAILED open or read\n");
      }
      continue;
    }
    // The expected digest is public: plain memcmp is fine here.
    int match = memcmp(want, got, algo->digest_len) == 0;
    if (match) {
      matched++;
    } else {
      mismatched++;
    }
    if (!opts->status && (!match || !opts->quiet)) {
      if (escape) {
        putchar('\\');
      }
      print_name(name, escape);
      printf(": %s\n", match ? "OK" : "FAILED");
    }
  }
  int read_ok = !ferror(f);
  free(line);
  if (!is_stdin) {
    fclose(f);
  }
  if (!read_ok) {
    print_error(algo, display, "read error");
    return 0;
  }
  if (good_lines == 0) {
    fflush(stdout);
    fprintf(stderr, "%s: ", algo->command);
    print_quoted(display);
    fprintf(stderr, ": no properly formatted checksum lines found\n");
    return 0;
  }
  if (!opts->status) {
    warn_count(algo, improper, "line is improperly formatted",
               "lines are improperly formatted");
    warn_count(algo, unreadable, "listed file could not be read",
               "listed files could not be read");
    warn_count(algo, mismatched, "computed checksum did NOT match",
               "computed checksums did NOT match");
    if (opts->ignore_missing && matched == 0) {
      fflush(stdout);
      fprintf(stderr, "%s: ", algo->command);
      print_quoted(display);
      fprintf(stderr, ": no file was verified\n");
    }
  }
  return unreadable == 0 && mismatched == 0 &&
         !(opts->strict && improper != 0) &&
         !(opts->ignore_missing && matched == 0);
}

// print_sum writes one line of sum mode: "HEX  NAME", "HEX *NAME" with -b,
// or "TAG (NAME) = HEX" with --tag, ending in '\n' (or NUL with -z, which
// also turns escaping off).
static void print_sum(const struct sum_algo *algo,
                      const struct sum_options *opts, const char *name,
                      const uint8_t *digest) {
  int escape = !opts->zero && strpbrk(name, "\\\n\r") != NULL;
  if (escape) {
    putchar('\\');
  }
  if (opts->tag) {
    printf("%s (", algo->tag);
    print_name(name, escape);
    printf(") = ");
    print_hex(digest, algo->digest_len);
  } else {
    print_hex(digest, algo->digest_len);
    putchar(' ');
    putchar(opts->binary == 1 ? '*' : ' ');
    print_name(name, escape);
  }
  putchar(opts->zero ? '\0' : '\n');
}

static void sum_usage(const struct sum_algo *algo) {
  printf(
      "Usage: bssl %s [OPTION]... [FILE]...\n"
      "Print or check %s checksums. With no FILE, or when FILE is -, read "
      "standard input.\n"
      "\n"
      "  -b, --binary  mark files as read in binary mode ('*' before the "
      "name)\n"
      "  -c, --check   read checksums from the FILEs and check them\n"
      "      --tag     create a BSD-style checksum line\n"
      "  -t, --text    mark files as read in text mode (default)\n"
      "  -z, --zero    end each output line with NUL, not newline, and "
      "disable\n"
      "                file name escaping\n"
      "\n"
      "The following options are useful only when verifying checksums:\n"
      "      --ignore-missing  don't fail or report status for missing "
      "files\n"
      "      --quiet   don't print OK for each successfully verified file\n"
      "      --status  don't output anything, status code shows success\n"
      "      --strict  exit non-zero for improperly formatted checksum lines\n"
      "  -w, --warn    warn about improperly formatted checksum lines\n"
      "\n"
      "Binary and text mode read the same bytes here, as on every POSIX "
      "system.\n",
      algo->command, algo->tag);
}

// options_conflict returns the message for a combination of options
// coreutils refuses, in the order coreutils checks them, or NULL.
static const char *options_conflict(const struct sum_options *o) {
  if (o->tag && o->binary == 0) {
    return "--tag does not support --text mode";
  }
  if (o->zero && o->check) {
    return "the --zero option is not supported when verifying checksums";
  }
  if (o->tag && o->check) {
    return "the --tag option is meaningless when verifying checksums";
  }
  if (o->binary >= 0 && o->check) {
    return "the --binary and --text options are meaningless when verifying "
           "checksums";
  }
  if (!o->check) {
    if (o->ignore_missing) {
      return "the --ignore-missing option is meaningful only when verifying "
             "checksums";
    }
    if (o->status) {
      return "the --status option is meaningful only when verifying "
             "checksums";
    }
    if (o->warn) {
      return "the --warn option is meaningful only when verifying checksums";
    }
    if (o->quiet) {
      return "the --quiet option is meaningful only when verifying "
             "checksums";
    }
    if (o->strict) {
      return "the --strict option is meaningful only when verifying "
             "checksums";
    }
  }
  return NULL;
}

int tool_sum(int argc, char **argv) {
  const struct sum_algo *algo = NULL;
  for (size_t i = 0; i < sizeof(kAlgos) / sizeof(kAlgos[0]); i++) {
    if (strcmp(argv[0], kAlgos[i].command) == 0) {
      algo = &kAlgos[i];
    }
  }
  if (algo == NULL) {
    fprintf(stderr, "bssl: no checksum command '%s'\n", argv[0]);
    return 1;
  }

  // Options may appear anywhere before "--", as with GNU getopt. The file
  // operands are collected in order.
  char **files = calloc((size_t)argc + 1, sizeof(char *));
  if (files == NULL) {
    fprintf(stderr, "%s: out of memory\n", algo->command);
    return 1;
  }
  size_t num_files = 0;
  int only_files = 0, bad_option = 0;
  struct sum_options opts;
  memset(&opts, 0, sizeof(opts));
  opts.binary = -1;
  for (int i = 1; i < argc && !bad_option; i++) {
    const char *arg = argv[i];
    if (only_files || arg[0] != '-' || strcmp(arg, "-") == 0) {
      files[num_files++] = argv[i];
    } else if (strcmp(arg, "--") == 0) {
      only_files = 1;
    } else if (strcmp(arg, "--help") == 0 || strcmp(arg, "-help") == 0) {
      sum_usage(algo);
      free(files);
      return 0;
    } else if (strcmp(arg, "--check") == 0) {
      opts.check = 1;
    } else if (strcmp(arg, "--binary") == 0) {
      opts.binary = 1;
    } else if (strcmp(arg, "--text") == 0) {
      opts.binary = 0;
    } else if (strcmp(arg, "--tag") == 0) {
      opts.tag = 1;
      opts.binary = 1;
    } else if (strcmp(arg, "--zero") == 0) {
      opts.zero = 1;
    } else if (strcmp(arg, "--ignore-missing") == 0) {
      opts.ignore_missing = 1;
    } else if (strcmp(arg, "--quiet") == 0) {
      opts.quiet = 1;
    } else if (strcmp(arg, "--status") == 0) {
      opts.status = 1;
    } else if (strcmp(arg, "--strict") == 0) {
      opts.strict = 1;
    } else if (strcmp(arg, "--warn") == 0) {
      opts.warn = 1;
    } else if (arg[1] == '-') {
      fprintf(stderr, "%s: unrecognized option '%s'\n", algo->command, arg);
      bad_option = 1;
    } else {
      // A bundle of short options, such as "-cw".
      for (const char *p = arg + 1; *p != '\0' && !bad_option; p++) {
        switch (*p) {
          case 'b':
            opts.binary = 1;
            break;
          case 'c':
            opts.check = 1;
            break;
          case 't':
            opts.binary = 0;
            break;
          case 'w':
            opts.warn = 1;
            break;
          case 'z':
            opts.zero = 1;
            break;
          default:
            fprintf(stderr, "%s: invalid option -- '%c'\n", algo->command, *p);
            bad_option = 1;
        }
      }
    }
  }
  if (!bad_option) {
    const char *conflict = options_conflict(&opts);
    if (conflict != NULL) {
      fprintf(stderr, "%s: %s\n", algo->command, conflict);
      bad_option = 1;
    }
  }
  if (bad_option) {
    // coreutils names itself here; we name the subcommand, as everywhere.
    fprintf(stderr, "Try '%s --help' for more information.\n", algo->command);
    free(files);
    return 1;
  }
  if (num_files == 0) {
    files[num_files++] = "-";
  }

  uint8_t *buf = malloc(kReadChunk);
  if (buf == NULL) {
    fprintf(stderr, "%s: out of memory\n", algo->command);
    free(files);
    return 1;
  }
  int ok = 1, single_space = -1;
  for (size_t i = 0; i < num_files; i++) {
    if (opts.check) {
      ok &= check_one(algo, &opts, files[i], &single_space, buf);
      continue;
    }
    uint8_t digest[kMaxDigest];
    if (!hash_file(algo, files[i], buf, digest)) {
      print_error(algo, files[i], strerror(errno));
      ok = 0;
      continue;
    }
    print_sum(algo, &opts, files[i], digest);
  }
  free(buf);
  free(files);
  if (fflush(stdout) != 0 || ferror(stdout)) {
    fprintf(stderr, "%s: write error\n", algo->command);
    ok = 0;
  }
  return ok ? 0 : 1;
}
