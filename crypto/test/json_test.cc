// Copyright 2026 The project authors.
//
// json_test.cc: tests of the JSON reader (json.h): every value type, string
// escapes, numbers, nesting, the errors it must reject, and
// WycheproofForEach on small files.

#include "json.h"

#include <stdio.h>
#include <unistd.h>

#include <string>
#include <vector>

#include <gtest/gtest-spi.h>
#include <gtest/gtest.h>

#include "test_util.h"

namespace {

JSONValue MustParse(const std::string &text) {
  JSONValue v;
  std::string err;
  EXPECT_TRUE(JSONValue::Parse(&v, text, &err)) << text << ": " << err;
  return v;
}

// ParseError returns the error for `text`, or "(parsed)" if it parsed.
std::string ParseError(const std::string &text) {
  JSONValue v;
  std::string err;
  if (JSONValue::Parse(&v, text, &err)) {
    return "(parsed)";
  }
  EXPECT_TRUE(v.is_null());  // a failed parse leaves nothing behind
  return err;
}

// WriteTemp writes `contents` to a new temporary file and returns its path.
std::string WriteTemp(const std::string &contents) {
  std::string tmpl = ::testing::TempDir() + "bittern_json_test_XXXXXX";
  std::vector<char> buf(tmpl.begin(), tmpl.end());
  buf.push_back('\0');
  int fd = mkstemp(buf.data());
  if (fd < 0) {
    ADD_FAILURE() << "mkstemp failed";
    return "";
  }
  bool ok = write(fd, contents.data(), contents.size()) ==
            static_cast<ssize_t>(contents.size());
  close(fd);
  EXPECT_TRUE(ok);
  return buf.data();
}

}  // namespace

TEST(JSONTest, Scalars) {
  EXPECT_TRUE(MustParse("null").is_null());
  EXPECT_EQ(JSONValue::kNull, MustParse(" \t\r\nnull\n").type());
  JSONValue t = MustParse("true"), f = MustParse("false");
  EXPECT_EQ(JSONValue::kBool, t.type());
  EXPECT_TRUE(t.boolean());
  EXPECT_EQ(JSONValue::kBool, f.type());
  EXPECT_FALSE(f.boolean());
  JSONValue s = MustParse("\"abc\"");
  EXPECT_EQ(JSONValue::kString, s.type());
  EXPECT_EQ("abc", s.str());
  EXPECT_EQ("", MustParse("\"\"").str());
}

TEST(JSONTest, Numbers) {
  const struct {
    const char *text;
    double value;
  } kCases[] = {
      {"0", 0},           {"-0", 0},          {"7", 7},
      {"-12", -12},       {"1.5", 1.5},       {"-0.25", -0.25},
      {"1e3", 1000},      {"1E+3", 1000},     {"25e-2", 0.25},
      {"1.5E-2", 0.015},  {"4294967296", 4294967296.0},
  };
  for (const auto &c : kCases) {
    SCOPED_TRACE(c.text);
    JSONValue v = MustParse(c.text);
    EXPECT_EQ(JSONValue::kNumber, v.type());
    EXPECT_DOUBLE_EQ(c.value, v.number());
  }
  for (const char *bad : {"01", "-", "+1", "1.", ".5", "1e", "1e+", "--1",
                          "0x10", "1.5.2", "NaN", "Infinity"}) {
    SCOPED_TRACE(bad);
    EXPECT_NE("(parsed)", ParseError(bad));
  }
}

TEST(JSONTest, StringEscapes) {
  JSONValue v = MustParse(
      "\"q\\\" b\\\\ s\\/ \\b\\f\\n\\r\\t A\\u0041 e\\u00e9 "
      "euro\\u20AC smile\\ud83d\\ude00 nul\\u0000.\"");
  // (The expected text contains a NUL, hence the explicit length.)
  static const char kWant[] =
      "q\" b\\ s/ \b\f\n\r\t AA e\xc3\xa9 euro\xe2\x82\xac "
      "smile\xf0\x9f\x98\x80 nul\0.";
  EXPECT_EQ(std::string(kWant, sizeof(kWant) - 1), v.str());
  // Raw UTF-8 passes through unchanged.
  EXPECT_EQ("caf\xc3\xa9", MustParse("\"caf\xc3\xa9\"").str());

  const char *kBad[] = {
      "\"abc",            // unterminated
      "\"abc\\",          // unterminated after backslash
      "\"\\x41\"",        // unknown escape
      "\"\\u12\"",        // short \u
      "\"\\u12g4\"",      // bad hex
      "\"\\ud83d\"",      // lone high surrogate
      "\"\\ud83dx\"",     // high surrogate followed by text
      "\"\\ud83d\\u0041\"",  // high surrogate followed by a non-surrogate
      "\"\\ude00\"",      // lone low surrogate
      "\"tab\there\"",    // raw control character
      "\"new\nline\"",
      "'single'",
  };
  for (const char *bad : kBad) {
    SCOPED_TRACE(bad);
    EXPECT_NE("(parsed)", ParseError(bad));
  }
}

TEST(JSONTest, ArraysAndObjects) {
  JSONValue v = MustParse(
      "{\"a\": [1, [2, [3, []]], {}], \"b\": {\"c\": \"0a0B\", \"d\": null},"
      " \"e\" : true }");
  ASSERT_EQ(JSONValue::kObject, v.type());
  EXPECT_EQ(3u, v.object().size());
  EXPECT_TRUE(v.Has("a"));
  EXPECT_FALSE(v.Has("z"));
  EXPECT_TRUE(v["z"].is_null());
  EXPECT_TRUE(v["a"]["not an object"].is_null());
  EXPECT_FALSE(v["a"].Has("x"));

  const JSONValue &a = v["a"];
  ASSERT_EQ(JSONValue::kArray, a.type());
  ASSERT_EQ(3u, a.array().size());
  EXPECT_EQ(1, a.array()[0].number());
  const JSONValue &nested = a.array()[1];
  ASSERT_EQ(2u, nested.array().size());
  EXPECT_EQ(2, nested.array()[0].number());
  ASSERT_EQ(2u, nested.array()[1].array().size());
  EXPECT_EQ(3, nested.array()[1].array()[0].number());
  EXPECT_TRUE(nested.array()[1].array()[1].array().empty());
  EXPECT_EQ(JSONValue::kArray, nested.array()[1].array()[1].type());
  EXPECT_EQ(JSONValue::kObject, a.array()[2].type());
  EXPECT_TRUE(a.array()[2].object().empty());

  EXPECT_TRUE(v["b"].Has("d"));
  EXPECT_TRUE(v["b"]["d"].is_null());
  EXPECT_TRUE(v["e"].boolean());

  std::vector<uint8_t> bytes;
  ASSERT_TRUE(v["b"]["c"].Hex(&bytes));
  EXPECT_EQ(Bytes(std::vector<uint8_t>{0x0a, 0x0b}), Bytes(bytes));
  EXPECT_TRUE(MustParse("\"\"").Hex(&bytes));
  EXPECT_TRUE(bytes.empty());
  EXPECT_FALSE(MustParse("\"abc\"").Hex(&bytes));    // odd length
  EXPECT_FALSE(MustParse("\"zz\"").Hex(&bytes));     // not hex
  EXPECT_FALSE(MustParse("12").Hex(&bytes));         // not a string
  EXPECT_FALSE(v["z"].Hex(&bytes));                  // missing
}

TEST(JSONTest, StructuralErrors) {
  const char *kBad[] = {
      "",
      "   ",
      "[1, 2,]",
      "[1 2]",
      "[1, 2",
      "{\"a\": 1,}",
      "{\"a\" 1}",
      "{a: 1}",
      "{\"a\": 1, \"a\": 2}",  // duplicate member
      "{\"a\": }",
      "[1] [2]",                // trailing data
      "nul",
      "truex",
      "// comment\n1",
      "[1]\n,",
  };
  for (const char *bad : kBad) {
    SCOPED_TRACE(bad);
    EXPECT_NE("(parsed)", ParseError(bad));
  }
  // Errors name the line and column.
  EXPECT_EQ("line 2, column 4: expected ',' or ']'", ParseError("[1,\n 2 3]"));
  // Deep nesting is refused rather than exhausting the stack.
  EXPECT_NE("(parsed)", ParseError(std::string(100000, '[')));
  std::string ok_depth = std::string(100, '[') + std::string(100, ']');
  MustParse(ok_depth);
}

TEST(JSONTest, ParseFile) {
  std::string path = WriteTemp("{\"x\": [\"00ff\"]}\r\n");
  JSONValue v;
  std::string err;
  ASSERT_TRUE(JSONValue::ParseFile(&v, path, &err)) << err;
  std::vector<uint8_t> bytes;
  ASSERT_TRUE(v["x"].array()[0].Hex(&bytes));
  EXPECT_EQ(Bytes(std::vector<uint8_t>{0x00, 0xff}), Bytes(bytes));
  unlink(path.c_str());

  path = WriteTemp("{\"x\": }");
  EXPECT_FALSE(JSONValue::ParseFile(&v, path, &err));
  EXPECT_EQ(path + ": line 1, column 7: unexpected character", err);
  unlink(path.c_str());

  std::string missing = ::testing::TempDir() + "bittern_no_such_file.json";
  EXPECT_FALSE(JSONValue::ParseFile(&v, missing, &err));
  EXPECT_EQ(missing + ": cannot read file", err);
}

TEST(JSONTest, WycheproofForEach) {
  std::string path = WriteTemp(R"({
    "algorithm": "TEST", "numberOfTests": 3,
    "testGroups": [
      {"keySize": 128, "tests": [
        {"tcId": 1, "comment": "first", "flags": [], "result": "valid"},
        {"tcId": 2, "comment": "", "flags": ["Odd"], "result": "invalid"}]},
      {"keySize": 256, "tests": [
        {"tcId": 3, "comment": "third", "flags": [], "result": "valid"}]}
    ]})");
  std::vector<std::string> seen;
  size_t n = WycheproofForEach(
      path, [&](const JSONValue &group, const JSONValue &test) {
        char buf[64];
        snprintf(buf, sizeof(buf), "%g/%g/%s", group["keySize"].number(),
                 test["tcId"].number(), test["result"].str().c_str());
        seen.push_back(buf);
      });
  EXPECT_EQ(3u, n);
  EXPECT_EQ((std::vector<std::string>{"128/1/valid", "128/2/invalid",
                                      "256/3/valid"}),
            seen);
  // The trace names the test case.
  EXPECT_NONFATAL_FAILURE(
      WycheproofForEach(path,
                        [](const JSONValue &, const JSONValue &test) {
                          if (test["tcId"].number() == 2) {
                            ADD_FAILURE() << "boom";
                          }
                        }),
      "tcId 2");
  unlink(path.c_str());

  path = WriteTemp(
      R"({"numberOfTests": 2, "testGroups": [{"tests": [{"tcId": 1}]}]})");
  EXPECT_NONFATAL_FAILURE(
      WycheproofForEach(path, [](const JSONValue &, const JSONValue &) {}),
      "numberOfTests is 2 but 1 tests were found");
  unlink(path.c_str());

  path = WriteTemp(R"({"testGroups": []})");
  EXPECT_NONFATAL_FAILURE(
      WycheproofForEach(path, [](const JSONValue &, const JSONValue &) {}),
      "no tests");
  unlink(path.c_str());

  path = WriteTemp(R"([1, 2])");
  EXPECT_NONFATAL_FAILURE(
      WycheproofForEach(path, [](const JSONValue &, const JSONValue &) {}),
      "no testGroups array");
  unlink(path.c_str());

  path = WriteTemp(R"({"testGroups": [)");
  EXPECT_NONFATAL_FAILURE(
      WycheproofForEach(path, [](const JSONValue &, const JSONValue &) {}),
      "cannot parse Wycheproof file");
  unlink(path.c_str());
}
