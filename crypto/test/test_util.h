// Copyright 2026 The project authors.
//
// test_util.h: helpers shared by every test in crypto_test.

#ifndef OPENSSL_HEADER_CRYPTO_TEST_TEST_UTIL_H
#define OPENSSL_HEADER_CRYPTO_TEST_TEST_UTIL_H

#include <stdint.h>

#include <string>
#include <vector>

#include <gtest/gtest.h>

// GetVectorsDir returns the directory given with --vectors-dir (the public
// suites, ../shared/vectors), or an empty string if none was given.
const std::string &GetVectorsDir();

// SetVectorsDir is called by test_main.cc.
void SetVectorsDir(const std::string &dir);

// VECTORS_PATH_OR_SKIP sets `var` (a std::string) to the full path of
// `relpath` inside the vectors directory, or skips the running test with a
// message naming it when --vectors-dir was not given.
#define VECTORS_PATH_OR_SKIP(var, relpath)                                 \
  std::string var;                                                         \
  do {                                                                     \
    if (GetVectorsDir().empty()) {                                         \
      GTEST_SKIP() << "skipped: no --vectors-dir given, so " << (relpath)  \
                   << " cannot be read";                                   \
    }                                                                      \
    var = GetVectorsDir() + "/" + (relpath);                               \
  } while (0)

// SourcePath returns the path of `relpath` (a file of this repository, such
// as "crypto/sha/test/sha_tests.txt") from the source root, which
// test_main.cc takes from --source-dir or, by default, from the directory
// the build was configured from.
std::string SourcePath(const std::string &relpath);
void SetSourceDir(const std::string &dir);

// DecodeHex parses `hex` (either case, even length) into `out`. It returns
// false on a malformed string.
bool DecodeHex(std::vector<uint8_t> *out, const std::string &hex);

// EncodeHex returns the lower-case hex of `len` bytes at `in`.
std::string EncodeHex(const uint8_t *in, size_t len);
inline std::string EncodeHex(const std::vector<uint8_t> &in) {
  return EncodeHex(in.data(), in.size());
}

// Bytes is a printable byte string for EXPECT_EQ, so a mismatch prints hex.
struct Bytes {
  Bytes(const uint8_t *d, size_t l) : data(d), len(l) {}
  Bytes(const std::vector<uint8_t> &v) : data(v.data()), len(v.size()) {}
  const uint8_t *data;
  size_t len;
};
bool operator==(const Bytes &a, const Bytes &b);
inline bool operator!=(const Bytes &a, const Bytes &b) { return !(a == b); }
std::ostream &operator<<(std::ostream &os, const Bytes &b);

// TestRNG is a small deterministic generator (SplitMix64) for test inputs:
// the same seed always gives the same bytes, so a failure reproduces.
class TestRNG {
 public:
  explicit TestRNG(uint64_t seed) : state_(seed) {}
  uint64_t Next();
  // Uniform in [0, n), n > 0.
  uint64_t Below(uint64_t n) { return Next() % n; }
  void Fill(uint8_t *out, size_t len);
  std::vector<uint8_t> Bytes(size_t len);

 private:
  uint64_t state_;
};

#endif  // OPENSSL_HEADER_CRYPTO_TEST_TEST_UTIL_H
