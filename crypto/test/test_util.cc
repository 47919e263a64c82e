// Copyright 2026 The project authors.

#include "test_util.h"

#include <string.h>

#include <ostream>

static std::string g_vectors_dir;
static std::string g_source_dir =
#if defined(BITTERN_SOURCE_DIR)
    BITTERN_SOURCE_DIR;
#else
    ".";
#endif

const std::string &GetVectorsDir() { return g_vectors_dir; }
void SetVectorsDir(const std::string &dir) { g_vectors_dir = dir; }
void SetSourceDir(const std::string &dir) { g_source_dir = dir; }

std::string SourcePath(const std::string &relpath) {
  return g_source_dir + "/" + relpath;
}

static int HexValue(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

bool DecodeHex(std::vector<uint8_t> *out, const std::string &hex) {
  out->clear();
  if (hex.size() % 2 != 0) {
    return false;
  }
  out->reserve(hex.size() / 2);
  for (size_t i = 0; i < hex.size(); i += 2) {
    int hi = HexValue(hex[i]), lo = HexValue(hex[i + 1]);
    if (hi < 0 || lo < 0) {
      return false;
    }
    out->push_back(static_cast<uint8_t>(hi << 4 | lo));
  }
  return true;
}

std::string EncodeHex(const uint8_t *in, size_t len) {
  static const char kDigits[] = "0123456789abcdef";
  std::string ret;
  ret.reserve(len * 2);
  for (size_t i = 0; i < len; i++) {
    ret.push_back(kDigits[in[i] >> 4]);
    ret.push_back(kDigits[in[i] & 15]);
  }
  return ret;
}

bool operator==(const Bytes &a, const Bytes &b) {
  return a.len == b.len && (a.len == 0 || memcmp(a.data, b.data, a.len) == 0);
}

std::ostream &operator<<(std::ostream &os, const Bytes &b) {
  return os << EncodeHex(b.data, b.len);
}

uint64_t TestRNG::Next() {
  uint64_t z = (state_ += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

void TestRNG::Fill(uint8_t *out, size_t len) {
  for (size_t i = 0; i < len; i += 8) {
    uint64_t v = Next();
    size_t n = len - i < 8 ? len - i : 8;
    memcpy(out + i, &v, n);
  }
}

std::vector<uint8_t> TestRNG::Bytes(size_t len) {
  std::vector<uint8_t> ret(len);
  Fill(ret.data(), len);
  return ret;
}
