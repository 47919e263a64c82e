// Copyright 2026 The project authors.
//
// json.h: a small JSON reader, enough for the Wycheproof and ACVP vector
// files (objects, arrays, strings with escapes, numbers, true/false/null).

#ifndef OPENSSL_HEADER_CRYPTO_TEST_JSON_H
#define OPENSSL_HEADER_CRYPTO_TEST_JSON_H

#include <stdint.h>

#include <functional>
#include <map>
#include <string>
#include <vector>

class JSONValue {
 public:
  enum Type { kNull, kBool, kNumber, kString, kArray, kObject };

  Type type() const { return type_; }
  bool is_null() const { return type_ == kNull; }
  bool boolean() const { return bool_; }
  double number() const { return number_; }
  const std::string &str() const { return str_; }
  const std::vector<JSONValue> &array() const { return array_; }
  const std::map<std::string, JSONValue> &object() const { return object_; }

  // Has returns whether this object has member `key`.
  bool Has(const std::string &key) const;
  // operator[] returns member `key` of an object, or a null value if this is
  // not an object or has no such member.
  const JSONValue &operator[](const std::string &key) const;
  // Hex decodes a string value of hex digits; false if it is not one.
  bool Hex(std::vector<uint8_t> *out) const;

  // Parse parses `text`; on failure returns false and sets `*err`.
  static bool Parse(JSONValue *out, const std::string &text, std::string *err);
  // ParseFile reads and parses `path`.
  static bool ParseFile(JSONValue *out, const std::string &path,
                        std::string *err);

 private:
  friend class JSONParser;
  Type type_ = kNull;
  bool bool_ = false;
  double number_ = 0;
  std::string str_;
  std::vector<JSONValue> array_;
  std::map<std::string, JSONValue> object_;
};

// WycheproofForEach parses the Wycheproof file at `path` and calls `run`
// with each test group and test, inside a SCOPED_TRACE naming the tcId. It
// fails the current test if the file cannot be read or has no tests, and
// returns the number of tests run.
size_t WycheproofForEach(
    const std::string &path,
    const std::function<void(const JSONValue &group, const JSONValue &test)>
        &run);

#endif  // OPENSSL_HEADER_CRYPTO_TEST_JSON_H
