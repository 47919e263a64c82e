// Copyright 2026 The project authors.
//
// json.cc: the JSON reader declared in json.h, and WycheproofForEach.
//
// JSONParser is a recursive-descent parser over the grammar of RFC 8259:
//
//   value  = object / array / string / number / "true" / "false" / "null"
//   object = "{" [ string ":" value *( "," string ":" value ) ] "}"
//   array  = "[" [ value *( "," value ) ] "]"
//   number = [ "-" ] ( "0" / [1-9] *DIGIT ) [ "." 1*DIGIT ]
//            [ ( "e" / "E" ) [ "+" / "-" ] 1*DIGIT ]
//
// It is strict, because the input is test data and a lenient reader would
// hide a damaged file: no trailing commas, no leading zeros, no comments,
// no raw control characters inside strings, no lone UTF-16 surrogates in
// \u escapes, no duplicate member names, nothing after the top-level value.
// Strings are stored as UTF-8 (\uXXXX escapes, including surrogate pairs,
// are converted). Nesting is limited to kMaxDepth levels so a hostile file
// cannot exhaust the stack. Errors name the line and column.

#include "json.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gtest/gtest.h>

#include "file_test.h"
#include "test_util.h"

class JSONParser {
 public:
  explicit JSONParser(const std::string &text) : text_(text) {}

  // ParseDocument parses the whole text as one value.
  bool ParseDocument(JSONValue *out) {
    SkipSpace();
    if (!ParseValue(out, 0)) {
      return false;
    }
    SkipSpace();
    if (pos_ != text_.size()) {
      return Fail("unexpected data after the top-level value");
    }
    return true;
  }

  const std::string &error() const { return error_; }

 private:
  static constexpr int kMaxDepth = 128;

  bool Fail(const std::string &why) {
    // Report the 1-based line and column of pos_.
    size_t line = 1, col = 1;
    for (size_t i = 0; i < pos_ && i < text_.size(); i++) {
      if (text_[i] == '\n') {
        line++;
        col = 1;
      } else {
        col++;
      }
    }
    error_ = "line " + std::to_string(line) + ", column " +
             std::to_string(col) + ": " + why;
    return false;
  }

  bool AtEnd() const { return pos_ >= text_.size(); }
  char Peek() const { return AtEnd() ? '\0' : text_[pos_]; }

  void SkipSpace() {
    while (!AtEnd() && (text_[pos_] == ' ' || text_[pos_] == '\t' ||
                        text_[pos_] == '\n' || text_[pos_] == '\r')) {
      pos_++;
    }
  }

  // Consume skips `literal` if the text continues with it.
  bool Consume(const char *literal) {
    size_t n = strlen(literal);
    if (text_.compare(pos_, n, literal) != 0) {
      return false;
    }
    pos_ += n;
    return true;
  }

  bool ParseValue(JSONValue *out, int depth) {
    if (depth >= kMaxDepth) {
      return Fail("nesting too deep");
    }
    *out = JSONValue();
    switch (Peek()) {
      case '{':
        return ParseObject(out, depth);
      case '[':
        return ParseArray(out, depth);
      case '"':
        out->type_ = JSONValue::kString;
        return ParseString(&out->str_);
      case 't':
      case 'f':
      case 'n':
        if (Consume("true")) {
          out->type_ = JSONValue::kBool;
          out->bool_ = true;
          return true;
        }
        if (Consume("false")) {
          out->type_ = JSONValue::kBool;
          out->bool_ = false;
          return true;
        }
        if (Consume("null")) {
          out->type_ = JSONValue::kNull;
          return true;
        }
        return Fail("unknown literal");
      default:
        if (Peek() == '-' || (Peek() >= '0' && Peek() <= '9')) {
          return ParseNumber(out);
        }
        return AtEnd() ? Fail("unexpected end of input")
                       : Fail("unexpected character");
    }
  }

  bool ParseObject(JSONValue *out, int depth) {
    pos_++;  // '{'
    out->type_ = JSONValue::kObject;
    SkipSpace();
    if (Peek() == '}') {
      pos_++;
      return true;
    }
    for (;;) {
      SkipSpace();
      if (Peek() != '"') {
        return Fail("expected a member name");
      }
      std::string key;
      if (!ParseString(&key)) {
        return false;
      }
      if (out->object_.count(key) != 0) {
        return Fail("duplicate member \"" + key + "\"");
      }
      SkipSpace();
      if (Peek() != ':') {
        return Fail("expected ':'");
      }
      pos_++;
      SkipSpace();
      if (!ParseValue(&out->object_[key], depth + 1)) {
        return false;
      }
      SkipSpace();
      if (Peek() == ',') {
        pos_++;
        continue;
      }
      if (Peek() == '}') {
        pos_++;
        return true;
      }
      return Fail("expected ',' or '}'");
    }
  }

  bool ParseArray(JSONValue *out, int depth) {
    pos_++;  // '['
    out->type_ = JSONValue::kArray;
    SkipSpace();
    if (Peek() == ']') {
      pos_++;
      return true;
    }
    for (;;) {
      SkipSpace();
      out->array_.emplace_back();
      if (!ParseValue(&out->array_.back(), depth + 1)) {
        return false;
      }
      SkipSpace();
      if (Peek() == ',') {
        pos_++;
        continue;
      }
      if (Peek() == ']') {
        pos_++;
        return true;
      }
      return Fail("expected ',' or ']'");
    }
  }

  // ParseHex4 reads the four hex digits of a \u escape.
  bool ParseHex4(uint32_t *out) {
    if (text_.size() - pos_ < 4) {
      return Fail("truncated \\u escape");
    }
    uint32_t v = 0;
    for (int i = 0; i < 4; i++) {
      char c = text_[pos_++];
      v <<= 4;
      if (c >= '0' && c <= '9') {
        v |= static_cast<uint32_t>(c - '0');
      } else if (c >= 'a' && c <= 'f') {
        v |= static_cast<uint32_t>(c - 'a' + 10);
      } else if (c >= 'A' && c <= 'F') {
        v |= static_cast<uint32_t>(c - 'A' + 10);
      } else {
        pos_--;
        return Fail("bad hex digit in \\u escape");
      }
    }
    *out = v;
    return true;
  }

  // AppendUTF8 appends code point `cp` (at most 0x10ffff, not a surrogate).
  static void AppendUTF8(std::string *out, uint32_t cp) {
    if (cp < 0x80) {
      out->push_back(static_cast<char>(cp));
    } else if (cp < 0x800) {
      out->push_back(static_cast<char>(0xc0 | (cp >> 6)));
      out->push_back(static_cast<char>(0x80 | (cp & 0x3f)));
    } else if (cp < 0x10000) {
      out->push_back(static_cast<char>(0xe0 | (cp >> 12)));
      out->push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3f)));
      out->push_back(static_cast<char>(0x80 | (cp & 0x3f)));
    } else {
      out->push_back(static_cast<char>(0xf0 | (cp >> 18)));
      out->push_back(static_cast<char>(0x80 | ((cp >> 12) & 0x3f)));
      out->push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3f)));
      out->push_back(static_cast<char>(0x80 | (cp & 0x3f)));
    }
  }

  bool ParseString(std::string *out) {
    pos_++;  // '"'
    out->clear();
    for (;;) {
      if (AtEnd()) {
        return Fail("unterminated string");
      }
      unsigned char c = static_cast<unsigned char>(text_[pos_]);
      if (c == '"') {
        pos_++;
        return true;
      }
      if (c < 0x20) {
        return Fail("control character in string");
      }
      if (c != '\\') {
        // Other bytes, including UTF-8 sequences, are copied as they are.
        out->push_back(static_cast<char>(c));
        pos_++;
        continue;
      }
      pos_++;
      if (AtEnd()) {
        return Fail("unterminated string");
      }
      char e = text_[pos_++];
      switch (e) {
        case '"':
        case '\\':
        case '/':
          out->push_back(e);
          break;
        case 'b':
          out->push_back('\b');
          break;
        case 'f':
          out->push_back('\f');
          break;
        case 'n':
          out->push_back('\n');
          break;
        case 'r':
          out->push_back('\r');
          break;
        case 't':
          out->push_back('\t');
          break;
        case 'u': {
          uint32_t cp = 0;
          if (!ParseHex4(&cp)) {
            return false;
          }
          if (cp >= 0xdc00 && cp <= 0xdfff) {
            return Fail("unpaired low surrogate in \\u escape");
          }
          if (cp >= 0xd800 && cp <= 0xdbff) {
            // A high surrogate must be followed by \u and a low surrogate:
            // cp = 0x10000 + ((hi - 0xd800) << 10) + (lo - 0xdc00).
            if (!Consume("\\u")) {
              return Fail("unpaired high surrogate in \\u escape");
            }
            uint32_t lo = 0;
            if (!ParseHex4(&lo)) {
              return false;
            }
            if (lo < 0xdc00 || lo > 0xdfff) {
              return Fail("high surrogate not followed by a low surrogate");
            }
            cp = 0x10000 + ((cp - 0xd800) << 10) + (lo - 0xdc00);
          }
          AppendUTF8(out, cp);
          break;
        }
        default:
          pos_--;
          return Fail("unknown escape in string");
      }
    }
  }

  bool ParseNumber(JSONValue *out) {
    size_t start = pos_;
    auto digits = [&]() {
      size_t n = 0;
      while (Peek() >= '0' && Peek() <= '9') {
        pos_++;
        n++;
      }
      return n;
    };
    if (Peek() == '-') {
      pos_++;
    }
    if (Peek() == '0') {
      pos_++;
      if (Peek() >= '0' && Peek() <= '9') {
        return Fail("leading zero in number");
      }
    } else if (digits() == 0) {
      return Fail("malformed number");
    }
    if (Peek() == '.') {
      pos_++;
      if (digits() == 0) {
        return Fail("malformed number (no digits after '.')");
      }
    }
    if (Peek() == 'e' || Peek() == 'E') {
      pos_++;
      if (Peek() == '+' || Peek() == '-') {
        pos_++;
      }
      if (digits() == 0) {
        return Fail("malformed number (no digits in exponent)");
      }
    }
    // The text is now known to be a valid number, which strtod reads in the
    // "C" locale that tests run in.
    std::string num = text_.substr(start, pos_ - start);
    out->type_ = JSONValue::kNumber;
    out->number_ = strtod(num.c_str(), nullptr);
    return true;
  }

  const std::string &text_;
  size_t pos_ = 0;
  std::string error_;
};

bool JSONValue::Has(const std::string &key) const {
  return type_ == kObject && object_.count(key) != 0;
}

const JSONValue &JSONValue::operator[](const std::string &key) const {
  static const JSONValue kNullValue;
  if (type_ != kObject) {
    return kNullValue;
  }
  auto it = object_.find(key);
  return it == object_.end() ? kNullValue : it->second;
}

bool JSONValue::Hex(std::vector<uint8_t> *out) const {
  if (type_ != kString) {
    out->clear();
    return false;
  }
  return DecodeHex(out, str_);
}

bool JSONValue::Parse(JSONValue *out, const std::string &text,
                      std::string *err) {
  JSONParser parser(text);
  if (!parser.ParseDocument(out)) {
    *out = JSONValue();
    if (err != nullptr) {
      *err = parser.error();
    }
    return false;
  }
  return true;
}

bool JSONValue::ParseFile(JSONValue *out, const std::string &path,
                          std::string *err) {
  std::string text;
  if (!ReadFileToString(&text, path)) {
    *out = JSONValue();
    if (err != nullptr) {
      *err = path + ": cannot read file";
    }
    return false;
  }
  if (!Parse(out, text, err)) {
    if (err != nullptr) {
      *err = path + ": " + *err;
    }
    return false;
  }
  return true;
}

// NumberToString prints an integral JSON number without a fraction. (The
// range check comes first: converting an out-of-range double to an integer
// is undefined.)
static std::string NumberToString(double d) {
  char buf[32];
  if (d > -9.0e18 && d < 9.0e18 &&
      d == static_cast<double>(static_cast<long long>(d))) {
    snprintf(buf, sizeof(buf), "%lld", static_cast<long long>(d));
  } else {
    snprintf(buf, sizeof(buf), "%g", d);
  }
  return buf;
}

size_t WycheproofForEach(
    const std::string &path,
    const std::function<void(const JSONValue &group, const JSONValue &test)>
        &run) {
  JSONValue root;
  std::string err;
  if (!JSONValue::ParseFile(&root, path, &err)) {
    ADD_FAILURE() << "cannot parse Wycheproof file: " << err;
    return 0;
  }
  const JSONValue &groups = root["testGroups"];
  if (groups.type() != JSONValue::kArray) {
    ADD_FAILURE() << path << ": no testGroups array";
    return 0;
  }
  size_t count = 0;
  for (const JSONValue &group : groups.array()) {
    const JSONValue &tests = group["tests"];
    if (tests.type() != JSONValue::kArray) {
      ADD_FAILURE() << path << ": a test group has no tests array";
      continue;
    }
    for (const JSONValue &test : tests.array()) {
      const JSONValue &id = test["tcId"];
      std::string name = id.type() == JSONValue::kNumber
                             ? NumberToString(id.number())
                             : std::string("(none)");
      const JSONValue &comment = test["comment"];
      if (comment.type() == JSONValue::kString && !comment.str().empty()) {
        name += " (" + comment.str() + ")";
      }
      SCOPED_TRACE(path + ": tcId " + name);
      count++;
      run(group, test);
    }
  }
  if (count == 0) {
    ADD_FAILURE() << path << ": no tests";
  }
  // numberOfTests, when present, guards against a truncated or misread file.
  const JSONValue &declared = root["numberOfTests"];
  if (declared.type() == JSONValue::kNumber &&
      declared.number() != static_cast<double>(count)) {
    ADD_FAILURE() << path << ": numberOfTests is "
                  << NumberToString(declared.number()) << " but " << count
                  << " tests were found";
  }
  return count;
}
