// Copyright 2026 The project authors.
//
// RAND_bytes tests: zero-length and odd-sized requests, fast key erasure
// (output never left in the state), distinct outputs across threads and
// across fork() in both fork-detection modes, large requests crossing the
// reseed bound, and a statistical smoke test that no constant, counter-like
// or repeating output can pass.

#include <openssl/rand.h>

#include <errno.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <mutex>
#include <set>
#include <thread>
#include <vector>

#include <gtest/gtest.h>

#include "internal.h"

namespace {

// Contains returns whether `needle` occurs in `haystack`.
bool Contains(const uint8_t *haystack, size_t haystack_len,
              const uint8_t *needle, size_t needle_len) {
  if (needle_len == 0 || haystack_len < needle_len) {
    return false;
  }
  for (size_t i = 0; i + needle_len <= haystack_len; i++) {
    if (memcmp(haystack + i, needle, needle_len) == 0) {
      return true;
    }
  }
  return false;
}

// ReadAll reads exactly `len` bytes from `fd`.
bool ReadAll(int fd, void *buf, size_t len) {
  uint8_t *p = static_cast<uint8_t *>(buf);
  while (len > 0) {
    ssize_t r = read(fd, p, len);
    if (r < 0 && errno == EINTR) {
      continue;
    }
    if (r <= 0) {
      return false;
    }
    p += r;
    len -= static_cast<size_t>(r);
  }
  return true;
}

struct ForkResult {
  std::array<uint8_t, 64> parent, child;
  uint64_t seeds_before_fork, child_seeds;
};

// DrawAcrossFork draws 64 bytes in a child process (sent back over a pipe)
// and 64 bytes in the parent after the fork, from the calling thread's
// generator, which has already produced output before the fork.
ForkResult DrawAcrossFork() {
  ForkResult r;
  uint8_t warm[16];
  RAND_bytes(warm, sizeof(warm));
  r.seeds_before_fork = RAND_os_seeds_for_testing();
  int fds[2];
  EXPECT_EQ(0, pipe(fds));
  pid_t pid = fork();
  if (pid == 0) {
    // Child: only async-signal-safe work besides RAND_bytes.
    close(fds[0]);
    struct {
      uint8_t bytes[64];
      uint64_t seeds;
    } msg;
    RAND_bytes(msg.bytes, sizeof(msg.bytes));
    msg.seeds = RAND_os_seeds_for_testing();
    ssize_t w = write(fds[1], &msg, sizeof(msg));
    _exit(w == static_cast<ssize_t>(sizeof(msg)) ? 0 : 1);
  }
  EXPECT_GT(pid, 0);
  close(fds[1]);
  RAND_bytes(r.parent.data(), r.parent.size());
  struct {
    uint8_t bytes[64];
    uint64_t seeds;
  } msg;
  EXPECT_TRUE(ReadAll(fds[0], &msg, sizeof(msg)));
  close(fds[0]);
  int status = 0;
  EXPECT_EQ(pid, waitpid(pid, &status, 0));
  // The child must exit cleanly: status 0 means its whole message was
  // written and, under valgrind --error-exitcode, that memcheck found no
  // error in it either. (A child forked from a secondary thread ends while
  // that thread is still running; the "possibly lost" thread-vector block
  // memcheck reports for it then is a known false positive, suppressed with
  // its explanation in util/valgrind.supp.)
  EXPECT_TRUE(WIFEXITED(status));
  EXPECT_EQ(0, WIFEXITED(status) ? WEXITSTATUS(status) : -1);
  memcpy(r.child.data(), msg.bytes, 64);
  r.child_seeds = msg.seeds;
  return r;
}

}  // namespace

TEST(RandTest, ZeroLengthAndCompat) {
  EXPECT_EQ(1, RAND_bytes(nullptr, 0));
  uint8_t buf[4] = {1, 2, 3, 4};
  EXPECT_EQ(1, RAND_bytes(buf, 0));
  EXPECT_EQ(1, buf[0]);
  EXPECT_EQ(4, buf[3]);
  EXPECT_EQ(1, RAND_pseudo_bytes(nullptr, 0));
  EXPECT_EQ(1, RAND_status());
  RAND_seed(buf, sizeof(buf));
  RAND_add(buf, sizeof(buf), 4.0);
  RAND_cleanup();
}

// Every length from 1 to 2100 (crossing the buffer and the direct-path
// threshold) fills exactly the requested bytes and never repeats.
TEST(RandTest, AllLengths) {
  std::set<std::vector<uint8_t>> seen;
  for (size_t len = 1; len <= 2100; len++) {
    std::vector<uint8_t> buf(len + 2, 0);
    EXPECT_EQ(1, RAND_bytes(buf.data() + 1, len));
    EXPECT_EQ(0, buf[0]);
    EXPECT_EQ(0, buf[len + 1]) << "wrote past " << len << " bytes";
    if (len >= 8) {
      // 8 or more bytes repeating, or all zero, has probability ~2^-64.
      std::vector<uint8_t> out(buf.begin() + 1, buf.end() - 1);
      EXPECT_TRUE(seen.insert(out).second) << "repeated output, len " << len;
      EXPECT_NE(out, std::vector<uint8_t>(len, 0));
      // The last bytes are written too (the direct path takes a final
      // partial block from the buffer refill, not from its main call).
      EXPECT_NE(std::vector<uint8_t>(out.end() - 8, out.end()),
                std::vector<uint8_t>(8, 0))
          << "last 8 bytes zero, len " << len;
    }
  }
}

// Large requests, which the direct path computes in several ChaCha20 calls
// (16 KiB each, then one per key every RAND_DIRECT_MAX_PER_KEY bytes): no
// 64-byte block of the output repeats, nor is zero, in one request or
// across requests, so no call reuses another's block counters and every
// byte is written. (A repeated 64-byte block has probability ~2^-500.)
TEST(RandTest, LargeRequestsNoRepeatedBlock) {
  std::set<std::vector<uint8_t>> seen;
  const std::vector<uint8_t> zero(64, 0);
  const size_t kLens[] = {16 * 1024 - 1, 16 * 1024, 16 * 1024 + 1,
                          32 * 1024 + 64, 48 * 1024 + 100,
                          RAND_DIRECT_MAX_PER_KEY + 3 * 1024 + 5};
  for (size_t len : kLens) {
    SCOPED_TRACE(len);
    std::vector<uint8_t> buf(len, 0);
    ASSERT_EQ(1, RAND_bytes(buf.data(), len));
    for (size_t off = 0; off + 64 <= len; off += 64) {
      std::vector<uint8_t> block(buf.begin() + off, buf.begin() + off + 64);
      EXPECT_NE(zero, block) << "zero block at " << off;
      EXPECT_TRUE(seen.insert(block).second) << "repeated block at " << off;
    }
    EXPECT_NE(std::vector<uint8_t>(buf.end() - 8, buf.end()),
              std::vector<uint8_t>(8, 0))
        << "the last 8 bytes were not written";
  }
}

// Where a direct request splits (rand.c, rand_direct): with the buffer
// drained first, a request of n > RAND_DIRECT_THRESHOLD bytes writes whole
// runs of 32 blocks straight to the output and takes the rest, r = n mod
// 2048 (per RAND_DIRECT_MAX_PER_KEY chunk), from the start of the refill,
// leaving 2016 - r bytes buffered; a rest of 2017..2047 bytes leaves no room
// for the next key after it, so then only n mod 64 come from the refill.
// Each request's output is checked as in LargeRequestsNoRepeatedBlock, its
// bytes against the state (erased), and the bytes around it (untouched).
TEST(RandTest, DirectRequestSplit) {
  const size_t kBuf = 2048, kKey = 32;
  const size_t kLens[] = {513,   1350,  2015,  2016,  2017,  2047,  2048,
                          2049,  4064,  4065,  4095,  4096,  4097,  6112,
                          6113,  6143,  14336, 14400, 16384, 16416,
                          RAND_DIRECT_MAX_PER_KEY - 1, RAND_DIRECT_MAX_PER_KEY,
                          RAND_DIRECT_MAX_PER_KEY + 1,
                          RAND_DIRECT_MAX_PER_KEY + 2016,
                          RAND_DIRECT_MAX_PER_KEY + 2040};
  std::set<std::vector<uint8_t>> seen;
  const std::vector<uint8_t> zero(64, 0);
  for (size_t n : kLens) {
    SCOPED_TRACE(n);
    // Drain the buffer (a state exists after the first call).
    uint8_t one;
    ASSERT_EQ(1, RAND_bytes(&one, 1));
    std::vector<uint8_t> drain(RAND_buffered_for_testing() + 1);
    ASSERT_EQ(1, RAND_bytes(drain.data(), drain.size() - 1));
    ASSERT_EQ(0u, RAND_buffered_for_testing());

    std::vector<uint8_t> buf(n + 2, 0xa5);
    ASSERT_EQ(1, RAND_bytes(buf.data() + 1, n));
    EXPECT_EQ(0xa5, buf[0]);
    EXPECT_EQ(0xa5, buf[n + 1]) << "wrote past the end";
    size_t last = n % RAND_DIRECT_MAX_PER_KEY;
    if (last == 0) {
      last = RAND_DIRECT_MAX_PER_KEY;
    }
    size_t r = last % kBuf;
    if (r > kBuf - kKey) {
      r = last % 64;
    }
    EXPECT_EQ(kBuf - kKey - r, RAND_buffered_for_testing());

    const uint8_t *out = buf.data() + 1;
    for (size_t off = 0; off + 64 <= n; off += 64) {
      std::vector<uint8_t> block(out + off, out + off + 64);
      EXPECT_NE(zero, block) << "zero block at " << off;
      EXPECT_TRUE(seen.insert(block).second) << "repeated block at " << off;
    }
    EXPECT_NE(std::vector<uint8_t>(out + n - 8, out + n),
              std::vector<uint8_t>(8, 0))
        << "the last 8 bytes were not written";
    const uint8_t *state;
    size_t state_len;
    RAND_thread_state_for_testing(&state, &state_len);
    for (size_t off = 0; off + 8 <= n; off += 8) {
      ASSERT_FALSE(Contains(state, state_len, out + off, 8))
          << "output bytes " << off << ".." << off + 8
          << " are still in the state";
    }
  }
}

// Fast key erasure: bytes handed out are gone from the generator's state.
TEST(RandTest, OutputErasedFromState) {
  const size_t sizes[] = {16,   1,    31,   64,   500, 991, 992,
                          1000, 2015, 2016, 2017, 513, 4096, 7, 32};
  for (int round = 0; round < 40; round++) {
    for (size_t len : sizes) {
      std::vector<uint8_t> out(len);
      RAND_bytes(out.data(), len);
      const uint8_t *state;
      size_t state_len;
      RAND_thread_state_for_testing(&state, &state_len);
      ASSERT_NE(nullptr, state);
      ASSERT_GT(state_len, 0u);
      // Any 8 consecutive output bytes found in the state would be a leak.
      for (size_t off = 0; off + 8 <= len; off += 8) {
        ASSERT_FALSE(Contains(state, state_len, out.data() + off, 8))
            << "output bytes " << off << ".." << off + 8 << " of a " << len
            << "-byte request are still in the state";
      }
    }
  }
}

TEST(RandTest, ThreadsGetDistinctOutput) {
  constexpr int kThreads = 8, kDraws = 200;
  std::mutex mu;
  std::set<std::array<uint8_t, 32>> seen;
  size_t total = 0;
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; t++) {
    threads.emplace_back([&] {
      std::vector<std::array<uint8_t, 32>> mine(kDraws);
      for (auto &a : mine) {
        RAND_bytes(a.data(), a.size());
      }
      std::lock_guard<std::mutex> lock(mu);
      for (const auto &a : mine) {
        seen.insert(a);
        total++;
      }
    });
  }
  for (auto &t : threads) {
    t.join();
  }
  EXPECT_EQ(static_cast<size_t>(kThreads * kDraws), total);
  EXPECT_EQ(total, seen.size()) << "two draws were equal";
}

// Threads that exit free their state (the pthread key destructor); many
// short-lived threads must work and give distinct output.
TEST(RandTest, ShortLivedThreads) {
  std::set<std::array<uint8_t, 16>> seen;
  for (int i = 0; i < 100; i++) {
    std::array<uint8_t, 16> a;
    std::thread t([&] { RAND_bytes(a.data(), a.size()); });
    t.join();
    EXPECT_TRUE(seen.insert(a).second);
  }
}

TEST(RandTest, ForkWipeOnFork) {
  ForkResult r = DrawAcrossFork();
  int mode = RAND_fork_detection_for_testing();
  ASSERT_NE(RAND_FORK_DETECT_NONE, mode);
  if (mode != RAND_FORK_DETECT_WIPE) {
    printf("note: MADV_WIPEONFORK unavailable, the getpid() check was used\n");
  }
  EXPECT_NE(r.parent, r.child) << "parent and child drew the same bytes";
  // The child took exactly one fresh seed from the OS: the fork was noticed.
  EXPECT_EQ(r.seeds_before_fork + 1, r.child_seeds);
  // Two children differ from each other too.
  ForkResult r2 = DrawAcrossFork();
  EXPECT_NE(r.child, r2.child);
  EXPECT_NE(r2.parent, r2.child);
}

TEST(RandTest, ForkGetpidFallback) {
  // A fresh thread whose state is created with MADV_WIPEONFORK disabled.
  RAND_disable_wipe_on_fork_for_testing(1);
  std::thread t([] {
    EXPECT_EQ(RAND_FORK_DETECT_NONE, RAND_fork_detection_for_testing());
    ForkResult r = DrawAcrossFork();
    EXPECT_EQ(RAND_FORK_DETECT_GETPID, RAND_fork_detection_for_testing());
    EXPECT_NE(r.parent, r.child) << "parent and child drew the same bytes";
    EXPECT_EQ(r.seeds_before_fork + 1, r.child_seeds);
  });
  t.join();
  RAND_disable_wipe_on_fork_for_testing(0);
}

// The /dev/urandom fallback seeds a generator as well as getrandom(2).
TEST(RandTest, UrandomFallback) {
  RAND_disable_getrandom_for_testing(1);
  std::array<uint8_t, 32> a, b, c;
  uint64_t seeds = 0;
  std::thread t([&] {
    RAND_bytes(a.data(), a.size());
    RAND_bytes(b.data(), b.size());
    seeds = RAND_os_seeds_for_testing();
  });
  t.join();
  RAND_disable_getrandom_for_testing(0);
  std::thread t2([&] { RAND_bytes(c.data(), c.size()); });
  t2.join();
  EXPECT_EQ(1u, seeds);
  EXPECT_NE(a, b);
  EXPECT_NE(a, c);
  EXPECT_NE(b, c);
}

// Several MiB in one request, and in many small ones, cross the 1 MiB
// reseed bound; each must reseed.
TEST(RandTest, LargeRequestsReseed) {
  const size_t kLen = 5 * RAND_RESEED_INTERVAL + 12345;
  std::vector<uint8_t> big(kLen + 1, 0);
  uint64_t before = RAND_os_seeds_for_testing();
  EXPECT_EQ(1, RAND_bytes(big.data(), kLen));
  uint64_t after = RAND_os_seeds_for_testing();
  EXPECT_GE(after - before, 5u);
  EXPECT_EQ(0, big[kLen]);
  // No 64-byte block of a 5 MiB output is zero or repeats the first one.
  std::vector<uint8_t> zero(64, 0);
  for (size_t off = 64; off + 64 <= kLen; off += 64) {
    ASSERT_NE(0, memcmp(big.data() + off, zero.data(), 64)) << off;
    ASSERT_NE(0, memcmp(big.data() + off, big.data(), 64)) << off;
  }

  before = RAND_os_seeds_for_testing();
  uint8_t small[100];
  for (size_t done = 0; done < 3 * RAND_RESEED_INTERVAL; done += sizeof(small)) {
    RAND_bytes(small, sizeof(small));
  }
  EXPECT_GE(RAND_os_seeds_for_testing() - before, 2u);
}

// Statistics of 1 MiB drawn in mixed request sizes (buffered and direct
// paths): monobit count, byte-frequency chi-square, and no repeated 16-byte
// block. Bounds are many standard deviations wide, so a correct generator
// fails with negligible probability, while constant output, counters,
// biased bytes or any period below 1 MiB fail for sure.
TEST(RandTest, StatisticalSmoke) {
  const size_t kLen = 1 << 20;
  std::vector<uint8_t> buf(kLen);
  const size_t pattern[] = {16, 32, 64, 128, 1, 3, 700, 2048, 5000, 100};
  size_t done = 0;
  for (size_t i = 0; done < kLen; i++) {
    size_t n = std::min(pattern[i % 10], kLen - done);
    RAND_bytes(buf.data() + done, n);
    done += n;
  }

  // Monobit: 2^23 bits, ones ~ N(2^22, 2^21); allow 8 standard deviations.
  uint64_t ones = 0;
  uint64_t counts[256] = {0};
  for (uint8_t b : buf) {
    ones += static_cast<uint64_t>(__builtin_popcount(b));
    counts[b]++;
  }
  const double bits = 8.0 * kLen;
  const double sd = std::sqrt(bits) / 2;
  EXPECT_LT(std::fabs(static_cast<double>(ones) - bits / 2), 8 * sd)
      << "ones: " << ones;

  // Byte frequencies: chi-square with 255 degrees of freedom has mean 255
  // and standard deviation sqrt(510) ~ 22.6; accept (255 - 6 sd, 255 + 10 sd).
  // The lower bound rejects output that is too even, such as a counter.
  const double expect = kLen / 256.0;
  double chi2 = 0;
  for (uint64_t c : counts) {
    double d = static_cast<double>(c) - expect;
    chi2 += d * d / expect;
  }
  EXPECT_GT(chi2, 255 - 6 * 22.6);
  EXPECT_LT(chi2, 255 + 10 * 22.6);

  // No 16-byte block (at 16-byte alignment) repeats.
  std::vector<std::array<uint8_t, 16>> blocks(kLen / 16);
  for (size_t i = 0; i < blocks.size(); i++) {
    memcpy(blocks[i].data(), buf.data() + 16 * i, 16);
  }
  std::sort(blocks.begin(), blocks.end());
  EXPECT_EQ(blocks.end(), std::adjacent_find(blocks.begin(), blocks.end()))
      << "a 16-byte block repeats";
}
