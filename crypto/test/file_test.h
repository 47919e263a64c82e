// Copyright 2026 The project authors.
//
// file_test.h: a reader for test-vector files in the key/value block format
// (BoringSSL's .txt files, NIST CAVP .rsp files, pyca's .txt files):
//
//   # comment
//   [L = 32]                 an instruction: applies to the following blocks
//                            until another with the same key replaces it
//   Key = value              an attribute (also "KEY: value")
//   Other = "quoted string"  a value whose bytes are the string itself
//                            (blank line ends a block)
//
// Line endings may be LF or CRLF. Every attribute of a block must be read by
// the test, or the test fails: a typo in a key cannot silently skip a check.

#ifndef OPENSSL_HEADER_CRYPTO_TEST_FILE_TEST_H
#define OPENSSL_HEADER_CRYPTO_TEST_FILE_TEST_H

#include <stdint.h>

#include <functional>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

class FileTest {
 public:
  enum ReadResult { kReadSuccess, kReadEOF, kReadError };

  // Opens `path`; is_open() says whether that worked.
  explicit FileTest(const std::string &path);
  ~FileTest();
  bool is_open() const;

  // ReadNext reads the next block (skipping comments and instruction-only
  // stretches). kReadError means a malformed line; error() says which.
  ReadResult ReadNext();
  const std::string &error() const;

  const std::string &path() const;
  // start_line is the 1-based line number of the current block's first line.
  unsigned start_line() const;

  // HasAttribute returns whether the current block has `key`.
  bool HasAttribute(const std::string &key) const;
  // GetAttribute sets `*out` to the raw value of `key` (quotes kept) and
  // marks it consumed. Returns false (and records a failure) if absent.
  bool GetAttribute(std::string *out, const std::string &key);
  // GetBytes decodes the value of `key`: hex (either case; empty is zero
  // bytes) or a double-quoted string taken literally. Marks it consumed.
  bool GetBytes(std::vector<uint8_t> *out, const std::string &key);
  // IgnoreAttribute marks `key` consumed if present.
  void IgnoreAttribute(const std::string &key);

  // Instructions in force for the current block, e.g. "L" -> "32".
  bool HasInstruction(const std::string &key) const;
  bool GetInstruction(std::string *out, const std::string &key);
  bool GetInstructionBytes(std::vector<uint8_t> *out, const std::string &key);
  void IgnoreInstruction(const std::string &key);
  void IgnoreAllUnusedInstructions();

  // UnusedAttributes lists attributes of the current block never read.
  std::vector<std::string> UnusedAttributes() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// FileTestGTest runs `run` on every block of `path` inside a SCOPED_TRACE
// naming the file and line, and fails the current test if the file cannot
// be opened, is malformed, has no blocks, or a block leaves an attribute
// unread. It returns the number of blocks run.
size_t FileTestGTest(const std::string &path,
                     const std::function<void(FileTest *t)> &run);

// ReadFileToString reads a whole file; false if it cannot be read.
bool ReadFileToString(std::string *out, const std::string &path);

#endif  // OPENSSL_HEADER_CRYPTO_TEST_FILE_TEST_H
