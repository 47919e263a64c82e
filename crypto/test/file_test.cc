// Copyright 2026 The project authors.
//
// file_test.cc: the key/value block reader declared in file_test.h.
//
// The whole file is read into memory when it is opened (the largest vector
// file is under 2 MB) and cut into lines, with a trailing '\r' removed from
// each so CRLF files (NIST CAVP) read like LF ones. ReadNext() then walks the
// lines with this grammar, one line at a time:
//
//   blank line          ends the current block (if one has started)
//   "# ..."             a comment: skipped, inside or outside a block
//   "[Name = value]"    an instruction ("[Name]" gives an empty value); it is
//                       only allowed between blocks, and replaces any earlier
//                       instruction with the same Name
//   "Name = value"      an attribute of the current block; "NAME: value" is
//                       the same. The separator is whichever of '=' and ':'
//                       comes first, so a quoted value may contain either.
//   anything else       a malformed line: ReadNext() returns kReadError
//
// Keys and values are trimmed of spaces and tabs. A value that starts with
// '"' must end with '"' (it is a literal string; there are no escapes). A key
// repeated within one block is an error, since one of the two would be
// silently ignored otherwise.
//
// Each attribute carries a "consumed" flag that the getters set; the
// unconsumed ones are what UnusedAttributes() reports, and what
// FileTestGTest() turns into a test failure. Instructions are tracked the
// same way (so tests may call the Ignore* functions), but an unread
// instruction is not a failure: a file's section headers such as CAVP's
// "[L = 32]" are often implied by the test itself.

#include "file_test.h"

#include <stdio.h>
#include <string.h>

#include <gtest/gtest.h>

#include "test_util.h"

namespace {

struct Entry {
  std::string value;
  bool consumed = false;
};

// Trim removes spaces and tabs from both ends of `s`.
std::string Trim(const std::string &s) {
  size_t begin = 0, end = s.size();
  while (begin < end && (s[begin] == ' ' || s[begin] == '\t')) {
    begin++;
  }
  while (end > begin && (s[end - 1] == ' ' || s[end - 1] == '\t')) {
    end--;
  }
  return s.substr(begin, end - begin);
}

// ValidKey returns whether `key` is usable as an attribute or instruction
// name: non-empty, printable, and free of blanks, quotes and brackets.
bool ValidKey(const std::string &key) {
  if (key.empty()) {
    return false;
  }
  for (char c : key) {
    if (c <= ' ' || c > '~' || c == '"' || c == '[' || c == ']' || c == '=' ||
        c == ':' || c == '#') {
      return false;
    }
  }
  return true;
}

// ValidValue returns whether a trimmed value is well-formed: either
// unquoted without any '"', or a complete quoted string.
bool ValidValue(const std::string &value) {
  if (value.empty() || value[0] != '"') {
    return value.find('"') == std::string::npos;
  }
  return value.size() >= 2 && value.back() == '"';
}

// DecodeValue turns a raw value into bytes: the inside of a quoted string,
// or hex.
bool DecodeValue(std::vector<uint8_t> *out, const std::string &value) {
  if (!value.empty() && value[0] == '"') {
    out->assign(value.begin() + 1, value.end() - 1);
    return true;
  }
  return DecodeHex(out, value);
}

// SplitKeyValue splits "key SEP value" at the first '=' or ':' (SEP) and
// trims both halves. It returns false if there is no separator.
bool SplitKeyValue(std::string *key, std::string *value,
                   const std::string &line) {
  size_t sep = line.find_first_of("=:");
  if (sep == std::string::npos) {
    return false;
  }
  *key = Trim(line.substr(0, sep));
  *value = Trim(line.substr(sep + 1));
  return true;
}

}  // namespace

struct FileTest::Impl {
  std::string path;
  bool open = false;
  std::vector<std::string> lines;
  size_t next_line = 0;  // index in `lines` of the next line to read

  unsigned start_line = 0;
  std::string error;
  // The current block's attributes, and the instructions in force.
  std::map<std::string, Entry> attributes;
  std::map<std::string, Entry> instructions;
};

FileTest::FileTest(const std::string &path) : impl_(new Impl) {
  impl_->path = path;
  std::string data;
  if (!ReadFileToString(&data, path)) {
    impl_->error = path + ": cannot read file";
    return;
  }
  impl_->open = true;
  size_t pos = 0;
  while (pos < data.size()) {
    size_t nl = data.find('\n', pos);
    size_t end = nl == std::string::npos ? data.size() : nl;
    std::string line = data.substr(pos, end - pos);
    if (!line.empty() && line.back() == '\r') {
      line.pop_back();
    }
    impl_->lines.push_back(std::move(line));
    pos = nl == std::string::npos ? data.size() : nl + 1;
  }
}

FileTest::~FileTest() = default;

bool FileTest::is_open() const { return impl_->open; }

const std::string &FileTest::error() const { return impl_->error; }

const std::string &FileTest::path() const { return impl_->path; }

unsigned FileTest::start_line() const { return impl_->start_line; }

FileTest::ReadResult FileTest::ReadNext() {
  Impl *m = impl_.get();
  m->attributes.clear();
  m->start_line = 0;
  if (!m->open) {
    return kReadError;
  }
  // Instructions stay in force, but each block may consume them afresh.
  for (auto &kv : m->instructions) {
    kv.second.consumed = false;
  }

  auto fail = [&](size_t index, const std::string &why) {
    m->error = m->path + ":" + std::to_string(index + 1) + ": " + why;
    // Stop here: later calls keep reporting EOF rather than resyncing in the
    // middle of a broken block.
    m->next_line = m->lines.size();
    m->attributes.clear();
    return kReadError;
  };

  bool in_block = false;
  while (m->next_line < m->lines.size()) {
    size_t index = m->next_line++;
    const std::string line = Trim(m->lines[index]);
    if (line.empty()) {
      if (in_block) {
        return kReadSuccess;
      }
      continue;
    }
    if (line[0] == '#') {
      continue;
    }
    if (line[0] == '[') {
      if (in_block) {
        return fail(index, "instruction inside a block (missing blank line?)");
      }
      if (line.back() != ']') {
        return fail(index, "unterminated instruction");
      }
      std::string inner = line.substr(1, line.size() - 2), key, value;
      if (!SplitKeyValue(&key, &value, inner)) {
        key = Trim(inner);
        value.clear();
      }
      if (!ValidKey(key) || !ValidValue(value)) {
        return fail(index, "malformed instruction");
      }
      m->instructions[key] = Entry{value, false};
      continue;
    }
    std::string key, value;
    if (!SplitKeyValue(&key, &value, line)) {
      return fail(index, "malformed line (no '=' or ':')");
    }
    if (!ValidKey(key)) {
      return fail(index, "malformed attribute name");
    }
    if (!ValidValue(value)) {
      return fail(index, "malformed value (unbalanced '\"')");
    }
    if (m->attributes.count(key) != 0) {
      return fail(index, "duplicate attribute " + key);
    }
    if (!in_block) {
      in_block = true;
      m->start_line = static_cast<unsigned>(index + 1);
    }
    m->attributes[key] = Entry{value, false};
  }
  return in_block ? kReadSuccess : kReadEOF;
}

bool FileTest::HasAttribute(const std::string &key) const {
  return impl_->attributes.count(key) != 0;
}

bool FileTest::GetAttribute(std::string *out, const std::string &key) {
  auto it = impl_->attributes.find(key);
  if (it == impl_->attributes.end()) {
    ADD_FAILURE() << impl_->path << ":" << impl_->start_line
                  << ": missing attribute " << key;
    out->clear();
    return false;
  }
  it->second.consumed = true;
  *out = it->second.value;
  return true;
}

bool FileTest::GetBytes(std::vector<uint8_t> *out, const std::string &key) {
  std::string value;
  if (!GetAttribute(&value, key)) {
    out->clear();
    return false;
  }
  if (!DecodeValue(out, value)) {
    ADD_FAILURE() << impl_->path << ":" << impl_->start_line
                  << ": attribute " << key << " is not hex or a quoted string";
    out->clear();
    return false;
  }
  return true;
}

void FileTest::IgnoreAttribute(const std::string &key) {
  auto it = impl_->attributes.find(key);
  if (it != impl_->attributes.end()) {
    it->second.consumed = true;
  }
}

bool FileTest::HasInstruction(const std::string &key) const {
  return impl_->instructions.count(key) != 0;
}

bool FileTest::GetInstruction(std::string *out, const std::string &key) {
  auto it = impl_->instructions.find(key);
  if (it == impl_->instructions.end()) {
    ADD_FAILURE() << impl_->path << ":" << impl_->start_line
                  << ": missing instruction [" << key << "]";
    out->clear();
    return false;
  }
  it->second.consumed = true;
  *out = it->second.value;
  return true;
}

bool FileTest::GetInstructionBytes(std::vector<uint8_t> *out,
                                   const std::string &key) {
  std::string value;
  if (!GetInstruction(&value, key)) {
    out->clear();
    return false;
  }
  if (!DecodeValue(out, value)) {
    ADD_FAILURE() << impl_->path << ":" << impl_->start_line
                  << ": instruction [" << key
                  << "] is not hex or a quoted string";
    out->clear();
    return false;
  }
  return true;
}

void FileTest::IgnoreInstruction(const std::string &key) {
  auto it = impl_->instructions.find(key);
  if (it != impl_->instructions.end()) {
    it->second.consumed = true;
  }
}

void FileTest::IgnoreAllUnusedInstructions() {
  for (auto &kv : impl_->instructions) {
    kv.second.consumed = true;
  }
}

std::vector<std::string> FileTest::UnusedAttributes() const {
  std::vector<std::string> ret;
  for (const auto &kv : impl_->attributes) {
    if (!kv.second.consumed) {
      ret.push_back(kv.first);
    }
  }
  return ret;
}

size_t FileTestGTest(const std::string &path,
                     const std::function<void(FileTest *t)> &run) {
  FileTest t(path);
  if (!t.is_open()) {
    ADD_FAILURE() << "cannot open test-vector file " << path;
    return 0;
  }
  size_t blocks = 0;
  for (;;) {
    FileTest::ReadResult r = t.ReadNext();
    if (r == FileTest::kReadEOF) {
      break;
    }
    if (r == FileTest::kReadError) {
      ADD_FAILURE() << "malformed test-vector file: " << t.error();
      return blocks;
    }
    blocks++;
    SCOPED_TRACE(path + ":" + std::to_string(t.start_line()));
    // A block that already failed may legitimately stop reading early, so
    // unread attributes are reported only for blocks that otherwise passed.
    bool failed_before = ::testing::Test::HasFailure();
    run(&t);
    bool failed_now = ::testing::Test::HasFailure() && !failed_before;
    if (!failed_now && !::testing::Test::IsSkipped()) {
      std::vector<std::string> unused = t.UnusedAttributes();
      if (!unused.empty()) {
        std::string list;
        for (const std::string &key : unused) {
          list += (list.empty() ? "" : ", ") + key;
        }
        ADD_FAILURE() << "unused attribute(s) in block at " << path << ":"
                      << t.start_line() << ": " << list;
      }
    }
  }
  if (blocks == 0) {
    ADD_FAILURE() << "no test blocks in " << path;
  }
  return blocks;
}

bool ReadFileToString(std::string *out, const std::string &path) {
  out->clear();
  FILE *f = fopen(path.c_str(), "rb");
  if (f == nullptr) {
    return false;
  }
  char buf[65536];
  size_t n;
  while ((n = fread(buf, 1, sizeof(buf), f)) > 0) {
    out->append(buf, n);
  }
  bool ok = ferror(f) == 0;
  fclose(f);
  if (!ok) {
    out->clear();
  }
  return ok;
}
