// Copyright 2026 The project authors.
//
// shavs.cc: see shavs.h.

#include "shavs.h"

#include <stdlib.h>

#include <gtest/gtest.h>

#include "file_test.h"

size_t ForEachSHAVSMsg(
    const std::string &path,
    const std::function<void(const std::vector<uint8_t> &msg,
                             const std::vector<uint8_t> &md)> &f) {
  return FileTestGTest(path, [&](FileTest *t) {
    std::string len_str;
    std::vector<uint8_t> msg, md;
    t->IgnoreAllUnusedInstructions();
    // Each getter reports a missing or malformed attribute itself.
    if (!t->GetAttribute(&len_str, "Len") || !t->GetBytes(&msg, "Msg") ||
        !t->GetBytes(&md, "MD")) {
      return;
    }
    char *end = nullptr;
    unsigned long long bits = strtoull(len_str.c_str(), &end, 10);
    if (len_str.empty() || *end != '\0' || len_str[0] == '-') {
      ADD_FAILURE() << "Len = " << len_str << " is not a number";
      return;
    }
    if (bits % 8 != 0) {
      ADD_FAILURE() << "Len = " << len_str << " is not whole bytes";
      return;
    }
    if (bits / 8 > msg.size()) {
      ADD_FAILURE() << "Len = " << len_str << " is longer than Msg";
      return;
    }
    msg.resize(static_cast<size_t>(bits / 8));
    f(msg, md);
  });
}
