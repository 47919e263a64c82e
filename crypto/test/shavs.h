// Copyright 2026 The project authors.
//
// shavs.h: a reader for the NIST CAVP SHAVS byte-oriented message files
// (SHA*ShortMsg.rsp, SHA*LongMsg.rsp under the vectors directory's
// nist-cavp-shavs/; see its README), shared by the one-message tests
// (crypto/sha/test/sha_test.cc) and the batch tests (sha_batch_test.cc).
// The Monte Carlo files have another shape and are read by sha_test.cc.

#ifndef OPENSSL_HEADER_CRYPTO_TEST_SHAVS_H
#define OPENSSL_HEADER_CRYPTO_TEST_SHAVS_H

#include <stddef.h>
#include <stdint.h>

#include <functional>
#include <string>
#include <vector>

// ForEachSHAVSMsg calls `f(msg, md)` for every `Len`/`Msg`/`MD` block of the
// SHAVS ShortMsg or LongMsg file at `path`, with `msg` cut to `Len` bits
// (the `Len = 0` block's `Msg = 00` is a placeholder, so `msg` is empty
// there). Each call runs inside FileTestGTest's trace naming the file and
// line. It fails the running test if the file cannot be read, if a `Len` is
// not a whole number of bytes no longer than its `Msg`, or if a block lacks
// one of the three attributes (such a block is not passed to `f`), and
// returns the number of blocks read.
size_t ForEachSHAVSMsg(
    const std::string &path,
    const std::function<void(const std::vector<uint8_t> &msg,
                             const std::vector<uint8_t> &md)> &f);

#endif  // OPENSSL_HEADER_CRYPTO_TEST_SHAVS_H
