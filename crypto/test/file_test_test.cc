// Copyright 2026 The project authors.
//
// file_test_test.cc: tests of the key/value block reader (file_test.h) and
// the SHAVS reader built on it (shavs.h), on
// small files written to a temporary directory, and a smoke test that reads
// every vector file under --vectors-dir with the reader that fits it and
// checks the number of blocks/tests against the counts in that directory's
// README.

#include "file_test.h"

#include <stdio.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include <gtest/gtest-spi.h>
#include <gtest/gtest.h>

#include "json.h"
#include "shavs.h"
#include "test_util.h"

namespace {

// TempFile writes `contents` to a fresh file in the test temporary directory
// and removes it when it goes out of scope.
class TempFile {
 public:
  explicit TempFile(const std::string &contents) {
    std::string tmpl = ::testing::TempDir() + "bittern_file_test_XXXXXX";
    std::vector<char> buf(tmpl.begin(), tmpl.end());
    buf.push_back('\0');
    int fd = mkstemp(buf.data());
    EXPECT_GE(fd, 0) << "mkstemp failed";
    if (fd < 0) {
      return;
    }
    path_ = buf.data();
    size_t done = 0;
    while (done < contents.size()) {
      ssize_t n = write(fd, contents.data() + done, contents.size() - done);
      if (n <= 0) {
        ADD_FAILURE() << "cannot write " << path_;
        break;
      }
      done += static_cast<size_t>(n);
    }
    close(fd);
  }
  ~TempFile() {
    if (!path_.empty()) {
      unlink(path_.c_str());
    }
  }
  TempFile(const TempFile &) = delete;
  TempFile &operator=(const TempFile &) = delete;

  const std::string &path() const { return path_; }

 private:
  std::string path_;
};

std::vector<uint8_t> B(const std::string &s) {
  return std::vector<uint8_t>(s.begin(), s.end());
}

// ReadAll reads every block of `path`, consuming all attributes, and returns
// the number of blocks, or -1 on a read error (with `*err` set).
long ReadAll(const std::string &path, std::string *err) {
  FileTest t(path);
  if (!t.is_open()) {
    *err = "cannot open " + path;
    return -1;
  }
  long blocks = 0;
  for (;;) {
    FileTest::ReadResult r = t.ReadNext();
    if (r == FileTest::kReadEOF) {
      return blocks;
    }
    if (r == FileTest::kReadError) {
      *err = t.error();
      return -1;
    }
    for (const std::string &key : t.UnusedAttributes()) {
      t.IgnoreAttribute(key);
    }
    blocks++;
  }
}

}  // namespace

TEST(FileTestTest, BasicLFAndCRLF) {
  const std::string kBody[] = {
      "# A comment before the first block.\n"
      "Key = 00FF10ab\n"
      "IN: \"Ladies = and : gentlemen\"\n"
      "Empty =\n"
      "AD: \n"
      "\n"
      "\n"
      "   Spaced   =   abcd   \n"
      "# A comment inside a block.\n"
      "Count = 7\n"
      "Last = \"\"",  // no final newline
  };
  for (bool crlf : {false, true}) {
    SCOPED_TRACE(crlf ? "CRLF" : "LF");
    std::string text = kBody[0];
    if (crlf) {
      std::string converted;
      for (char c : text) {
        if (c == '\n') {
          converted += '\r';
        }
        converted += c;
      }
      text = converted;
    }
    TempFile file(text);
    FileTest t(file.path());
    ASSERT_TRUE(t.is_open());
    EXPECT_EQ(file.path(), t.path());

    ASSERT_EQ(FileTest::kReadSuccess, t.ReadNext()) << t.error();
    EXPECT_EQ(2u, t.start_line());
    EXPECT_TRUE(t.HasAttribute("Key"));
    EXPECT_FALSE(t.HasAttribute("key"));  // names are case-sensitive
    std::vector<uint8_t> bytes;
    ASSERT_TRUE(t.GetBytes(&bytes, "Key"));
    EXPECT_EQ(Bytes(std::vector<uint8_t>{0x00, 0xff, 0x10, 0xab}),
              Bytes(bytes));
    std::string raw;
    ASSERT_TRUE(t.GetAttribute(&raw, "IN"));
    EXPECT_EQ("\"Ladies = and : gentlemen\"", raw);  // quotes kept
    ASSERT_TRUE(t.GetBytes(&bytes, "IN"));
    EXPECT_EQ(Bytes(B("Ladies = and : gentlemen")), Bytes(bytes));
    ASSERT_TRUE(t.GetBytes(&bytes, "Empty"));
    EXPECT_TRUE(bytes.empty());
    EXPECT_EQ(1u, t.UnusedAttributes().size());
    t.IgnoreAttribute("AD");
    t.IgnoreAttribute("NotThere");  // harmless
    EXPECT_TRUE(t.UnusedAttributes().empty());

    ASSERT_EQ(FileTest::kReadSuccess, t.ReadNext()) << t.error();
    EXPECT_EQ(8u, t.start_line());
    EXPECT_FALSE(t.HasAttribute("Key"));  // the previous block is gone
    ASSERT_TRUE(t.GetBytes(&bytes, "Spaced"));
    EXPECT_EQ(Bytes(std::vector<uint8_t>{0xab, 0xcd}), Bytes(bytes));
    ASSERT_TRUE(t.GetAttribute(&raw, "Count"));
    EXPECT_EQ("7", raw);
    ASSERT_TRUE(t.GetBytes(&bytes, "Last"));
    EXPECT_TRUE(bytes.empty());
    EXPECT_TRUE(t.UnusedAttributes().empty());

    EXPECT_EQ(FileTest::kReadEOF, t.ReadNext());
    EXPECT_EQ(FileTest::kReadEOF, t.ReadNext());
  }
}

TEST(FileTestTest, Instructions) {
  TempFile file(
      "[L = 20]\n"
      "[Mode]\n"
      "\n"
      "Len = 0\n"
      "\n"
      "[L = 32]\n"
      "[Name = \"abc\"]\n"
      "\n"
      "# An instruction-only stretch is not a block.\n"
      "[Unused = 1]\n"
      "\n"
      "Len = 8\n");
  FileTest t(file.path());
  ASSERT_EQ(FileTest::kReadSuccess, t.ReadNext()) << t.error();
  EXPECT_EQ(4u, t.start_line());
  std::string value;
  ASSERT_TRUE(t.GetInstruction(&value, "L"));
  EXPECT_EQ("20", value);
  ASSERT_TRUE(t.HasInstruction("Mode"));
  ASSERT_TRUE(t.GetInstruction(&value, "Mode"));
  EXPECT_EQ("", value);
  EXPECT_FALSE(t.HasInstruction("Name"));
  t.IgnoreAttribute("Len");

  ASSERT_EQ(FileTest::kReadSuccess, t.ReadNext()) << t.error();
  EXPECT_EQ(12u, t.start_line());
  ASSERT_TRUE(t.GetInstruction(&value, "L"));
  EXPECT_EQ("32", value);  // replaced
  EXPECT_TRUE(t.HasInstruction("Mode"));  // still in force
  std::vector<uint8_t> bytes;
  ASSERT_TRUE(t.GetInstructionBytes(&bytes, "Name"));
  EXPECT_EQ(Bytes(B("abc")), Bytes(bytes));
  EXPECT_TRUE(t.HasInstruction("Unused"));
  t.IgnoreInstruction("Unused");
  t.IgnoreAllUnusedInstructions();
  t.IgnoreAttribute("Len");
  EXPECT_EQ(FileTest::kReadEOF, t.ReadNext());
}

TEST(FileTestTest, MissingAndBadValuesFail) {
  TempFile file("Hex = 0g\nOdd = abc\nQuoted = \"x\"\n");
  FileTest t(file.path());
  ASSERT_EQ(FileTest::kReadSuccess, t.ReadNext()) << t.error();
  std::vector<uint8_t> bytes;
  std::string value;
  bool ok = true;
  EXPECT_NONFATAL_FAILURE(ok = t.GetBytes(&bytes, "Hex"), "not hex");
  EXPECT_FALSE(ok);
  EXPECT_NONFATAL_FAILURE(ok = t.GetBytes(&bytes, "Odd"), "not hex");
  EXPECT_FALSE(ok);
  EXPECT_NONFATAL_FAILURE(ok = t.GetAttribute(&value, "Absent"),
                          "missing attribute Absent");
  EXPECT_FALSE(ok);
  EXPECT_NONFATAL_FAILURE(ok = t.GetBytes(&bytes, "Absent"),
                          "missing attribute Absent");
  EXPECT_FALSE(ok);
  EXPECT_NONFATAL_FAILURE(ok = t.GetInstruction(&value, "L"),
                          "missing instruction [L]");
  EXPECT_FALSE(ok);
  t.IgnoreAttribute("Quoted");
}

// Each of these files has one malformed line; ReadNext must report it with
// its line number, after returning the well-formed blocks before it.
TEST(FileTestTest, MalformedLines) {
  struct Case {
    const char *text;
    int good_blocks;
    const char *error;  // expected in error(), with the line number
  } kCases[] = {
      {"A = 00\n\nno separator here\n", 1, ":3: malformed line"},
      {"A = 00\n= 01\n", 0, ":2: malformed attribute name"},
      {"Two words = 01\n", 0, ":1: malformed attribute name"},
      {"A = \"unterminated\n", 0, ":1: malformed value"},
      {"A = ab\"cd\n", 0, ":1: malformed value"},
      {"A = 00\nA = 01\n", 0, ":2: duplicate attribute A"},
      {"[L = 20\n\nA = 00\n", 0, ":1: unterminated instruction"},
      {"[ = 20]\n\nA = 00\n", 0, ":1: malformed instruction"},
      {"A = 00\n[L = 20]\n", 0, ":2: instruction inside a block"},
  };
  for (const Case &c : kCases) {
    SCOPED_TRACE(c.text);
    TempFile file(c.text);
    FileTest t(file.path());
    ASSERT_TRUE(t.is_open());
    for (int i = 0; i < c.good_blocks; i++) {
      ASSERT_EQ(FileTest::kReadSuccess, t.ReadNext()) << t.error();
      for (const std::string &key : t.UnusedAttributes()) {
        t.IgnoreAttribute(key);
      }
    }
    EXPECT_EQ(FileTest::kReadError, t.ReadNext());
    EXPECT_NE(std::string::npos, t.error().find(c.error)) << t.error();
    EXPECT_EQ(0u, t.error().find(file.path())) << t.error();
    // The reader stops at the error.
    EXPECT_EQ(FileTest::kReadEOF, t.ReadNext());
  }
}

TEST(FileTestTest, GTestRunsEveryBlock) {
  TempFile file(
      "[L = 4]\n\n"
      "# block 1\nMsg = 01\nMD = 02\n\n"
      "# block 2\nMsg = \"x\"\nMD = 03\n\n\n");
  std::vector<std::string> seen;
  size_t n = FileTestGTest(file.path(), [&](FileTest *t) {
    std::string msg, md;
    ASSERT_TRUE(t->GetAttribute(&msg, "Msg"));
    ASSERT_TRUE(t->GetAttribute(&md, "MD"));
    seen.push_back(msg + "/" + md);
  });
  EXPECT_EQ(2u, n);
  EXPECT_EQ((std::vector<std::string>{"01/02", "\"x\"/03"}), seen);
}

// A block whose test forgets an attribute must fail the test, naming it.
TEST(FileTestTest, UnusedAttributeFails) {
  TempFile file("Msg = 01\nMD = 02\nTypo = 03\n\nMsg = 04\nMD = 05\n");
  size_t n = 0;
  EXPECT_NONFATAL_FAILURE(n = FileTestGTest(file.path(),
                                            [](FileTest *t) {
                                              std::string v;
                                              t->GetAttribute(&v, "Msg");
                                              t->GetAttribute(&v, "MD");
                                            }),
                          "unused attribute(s) in block at " + file.path() +
                              ":1: Typo");
  EXPECT_EQ(2u, n);
}

// (FileTestGTest does not blame a block that has already failed for the
// attributes it did not get to. That cannot be checked here: inside
// EXPECT_NONFATAL_FAILURE, failures are intercepted and HasFailure() does
// not see them.)

TEST(FileTestTest, GTestFailsOnBadFiles) {
  TempFile malformed("A = 00\n\nbroken\n");
  size_t n = 0;
  EXPECT_NONFATAL_FAILURE(
      n = FileTestGTest(malformed.path(),
                        [](FileTest *t) { t->IgnoreAttribute("A"); }),
      "malformed test-vector file");
  EXPECT_EQ(1u, n);

  TempFile empty("# only comments\n[L = 1]\n\n");
  EXPECT_NONFATAL_FAILURE(FileTestGTest(empty.path(), [](FileTest *) {}),
                          "no test blocks");

  std::string missing = ::testing::TempDir() + "bittern_no_such_file.txt";
  FileTest t(missing);
  EXPECT_FALSE(t.is_open());
  EXPECT_EQ(FileTest::kReadError, t.ReadNext());
  EXPECT_NONFATAL_FAILURE(FileTestGTest(missing, [](FileTest *) {}),
                          "cannot open test-vector file");
}

// The SHAVS reader (shavs.h) cuts each Msg to Len bits, Len = 0's
// placeholder byte included, and passes every block on in file order.
TEST(SHAVSReaderTest, CutsMsgToLen) {
  TempFile file(
      "#  CAVS 11.0\n\n[L = 32]\n\n"
      "Len = 0\nMsg = 00\nMD = aa\n\n"
      "Len = 8\nMsg = 61\nMD = bb\n\n"
      "Len = 16\nMsg = 616263\nMD = cc\n");
  std::vector<std::string> seen;
  size_t n = ForEachSHAVSMsg(file.path(), [&](const std::vector<uint8_t> &msg,
                                              const std::vector<uint8_t> &md) {
    seen.push_back(std::string(msg.begin(), msg.end()) + "/" +
                   std::to_string(md.size() == 1 ? md[0] : -1));
  });
  EXPECT_EQ(3u, n);
  EXPECT_EQ((std::vector<std::string>{"/170", "a/187", "ab/204"}), seen);
}

// A Len that is not whole bytes, longer than its Msg or not a number, or a
// block without MD, fails the test and is not passed on.
TEST(SHAVSReaderTest, BadBlocksFail) {
  const struct {
    const char *block, *error;
  } kCases[] = {
      {"Len = 12\nMsg = 6162\nMD = aa\n", "is not whole bytes"},
      {"Len = 24\nMsg = 6162\nMD = aa\n", "is longer than Msg"},
      {"Len = 8x\nMsg = 6162\nMD = aa\n", "is not a number"},
      {"Len = -8\nMsg = 6162\nMD = aa\n", "is not a number"},
      {"Len = 8\nMsg = 6162\n", "missing attribute MD"},
  };
  for (const auto &c : kCases) {
    SCOPED_TRACE(c.block);
    TempFile file(c.block);
    size_t calls = 0;
    EXPECT_NONFATAL_FAILURE(
        ForEachSHAVSMsg(file.path(), [&](const std::vector<uint8_t> &,
                                         const std::vector<uint8_t> &) {
          calls++;
        }),
        c.error);
    EXPECT_EQ(0u, calls);
  }
}

TEST(FileTestTest, ReadFileToString) {
  std::string contents("a\0b\r\nc", 6);
  TempFile file(contents);
  std::string out;
  ASSERT_TRUE(ReadFileToString(&out, file.path()));
  EXPECT_EQ(contents, out);
  EXPECT_FALSE(ReadFileToString(&out, ::testing::TempDir() +
                                          "bittern_no_such_file.txt"));
  EXPECT_FALSE(ReadFileToString(&out, ::testing::TempDir()));  // a directory
}

// VectorsSmokeTest reads every vector file of the shared suites. Text files
// (.txt, .rsp) must read cleanly with FileTest; JSON files must parse; and
// where the README gives a count, it must match, so a reader that silently
// drops blocks fails here.
TEST(VectorsSmokeTest, ReadEveryFile) {
  if (GetVectorsDir().empty()) {
    GTEST_SKIP() << "skipped: no --vectors-dir given, so the vector files "
                    "cannot be read";
  }
  const std::string root = GetVectorsDir() + "/";
  namespace fs = std::filesystem;

  // Blocks per text file (for CAVP: records, plus the Seed block of Monte
  // files) and tests per JSON file, from the vectors README.
  std::map<std::string, long> expected = {
      {"pyca-cryptography/ciphers/ChaCha20/rfc7539.txt", 3},
      {"pyca-cryptography/poly1305/rfc7539.txt", 11},
      {"boringssl/crypto/cipher/test/chacha20_poly1305_tests.txt", 81},
      {"boringssl/crypto/cipher/test/xchacha20_poly1305_tests.txt", 52},
      {"boringssl/crypto/poly1305/poly1305_tests.txt", 33},
      {"boringssl/crypto/hmac/hmac_tests.txt", 23},
  };
  const std::map<std::string, long> kWycheproof = {
      {"chacha20_poly1305_test", 325}, {"xchacha20_poly1305_test", 315},
      {"hmac_sha1_test", 170},         {"hmac_sha224_test", 172},
      {"hmac_sha256_test", 174},       {"hmac_sha384_test", 174},
      {"hmac_sha512_test", 174},       {"hmac_sha512_256_test", 175},
      {"hkdf_sha1_test", 87},          {"hkdf_sha256_test", 86},
      {"hkdf_sha384_test", 83},        {"hkdf_sha512_test", 83},
  };
  for (const auto &kv : kWycheproof) {
    expected["wycheproof/testvectors_v1/" + kv.first + ".json"] = kv.second;
    if (kv.first != "hmac_sha512_256_test") {
      expected["boringssl/third_party/wycheproof_testvectors/" + kv.first +
               ".txt"] = kv.second;
    }
  }
  for (const char *hash : {"SHA1", "SHA224", "SHA256", "SHA384", "SHA512",
                           "SHA512_224", "SHA512_256"}) {
    bool wide = std::string(hash) != "SHA1" && std::string(hash) != "SHA224" &&
                std::string(hash) != "SHA256";
    std::string base = std::string("nist-cavp-shavs/") + hash;
    expected[base + "ShortMsg.rsp"] = wide ? 129 : 65;
    expected[base + "LongMsg.rsp"] = wide ? 128 : 64;
    expected[base + "Monte.rsp"] = 101;
  }

  std::vector<std::string> files;
  for (const auto &entry : fs::recursive_directory_iterator(root)) {
    if (!entry.is_regular_file()) {
      continue;
    }
    std::string name = entry.path().filename().string();
    std::string ext = entry.path().extension().string();
    if (name == "SHA256SUMS.txt" || name.rfind("LICENSE", 0) == 0) {
      continue;  // not vector files
    }
    if (ext == ".txt" || ext == ".rsp" || ext == ".json") {
      files.push_back(fs::relative(entry.path(), root).generic_string());
    }
  }
  std::sort(files.begin(), files.end());

  // ACVP prompt and answer files must carry the same test cases.
  std::map<std::string, long> acvp_counts;
  size_t text_files = 0, json_files = 0;
  long total = 0;
  for (const std::string &rel : files) {
    SCOPED_TRACE(rel);
    std::string path = root + rel;
    long count = -1;
    if (rel.size() > 5 && rel.compare(rel.size() - 5, 5, ".json") == 0) {
      json_files++;
      JSONValue doc;
      std::string err;
      ASSERT_TRUE(JSONValue::ParseFile(&doc, path, &err)) << err;
      if (doc.Has("testGroups")) {
        count = static_cast<long>(
            WycheproofForEach(path, [](const JSONValue &, const JSONValue &) {}));
      } else if (doc.type() == JSONValue::kArray) {
        // ACVP: [ {session}, {vector set with testGroups[].tests[]} ].
        count = 0;
        for (const JSONValue &set : doc.array()) {
          for (const JSONValue &group : set["testGroups"].array()) {
            count += static_cast<long>(group["tests"].array().size());
          }
        }
        std::string set_name = fs::path(rel).filename().string();
        auto it = acvp_counts.find(set_name);
        if (it == acvp_counts.end()) {
          acvp_counts[set_name] = count;
        } else {
          EXPECT_EQ(it->second, count) << "ACVP prompt/answer mismatch";
        }
        EXPECT_GT(count, 0);
      } else {
        EXPECT_EQ(JSONValue::kObject, doc.type());  // e.g. a JSON schema
        count = 0;
      }
    } else {
      text_files++;
      std::string err;
      count = ReadAll(path, &err);
      EXPECT_GT(count, 0) << err;
    }
    auto it = expected.find(rel);
    if (it != expected.end()) {
      EXPECT_EQ(it->second, count);
      expected.erase(it);
    }
    total += count;
  }
  for (const auto &kv : expected) {
    ADD_FAILURE() << "expected vector file not found: " << kv.first;
  }
  printf("read %zu text files and %zu JSON files: %ld blocks/tests\n",
         text_files, json_files, total);
}
