// Copyright 2026 The project authors.
//
// chacha20_poly1305_short_test.cc: the one-call short ChaCha20-Poly1305
// (chacha20_poly1305_short, crypto/chacha/words.h) against the AEAD's
// general path.
//
//   - ShortAssembly (x86-64 with AVX-512): chacha20_poly1305_short_avx512
//     (1..64 bytes) and chacha20_poly1305_medium_avx512 (65..256) called
//     directly through CHECK_ABI for every record length 1..256 and
//     AD length 0..64, seal and open, ChaCha20- and XChaCha20-Poly1305,
//     against EVP_AEAD_CTX_seal with the
//     ChaCha20 row forced to the portable C code (so the AEAD takes its
//     general path): the output, the tag and the bytes around the output
//     untouched; then in place, with the AD in the output buffer, and at
//     every input and output offset 0..15 for a few lengths.
//     An open returns 1 and writes the plaintext, or with a changed tag 0
//     and writes nothing; the expected tag may overlap the output.
//   - MediumIFMAAssembly (x86-64 with AVX-512 IFMA): the same checks of
//     chacha20_poly1305_medium_avx512ifma (129..256 bytes).
//   - GuardPages (x86-64 with AVX-512): the same functions with the nonce,
//     the input, the output and the AD each right after and right before
//     an inaccessible page (the nonce is read by a masked load from 4
//     bytes before it, the rest through byte masks): no fault, the same
//     output and tag, nothing written around the output.
//   - RowsAgree: both AEADs through the public API with the ChaCha20 row
//     forced to each row this CPU can run (those whose entry point has the
//     companion take the one-call path for records of up to 256 bytes),
//     for lengths 0..270 and AD lengths 0..70 (past both limits of the
//     short path): seal and open agree with the portable row, open refuses a
//     changed tag and then leaves only zeros in the output.

#include <openssl/aead.h>
#include <openssl/err.h>

#include <stdint.h>
#include <string.h>

#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "../chacha/internal.h"
#include "../test/abi_test.h"
#include "../test/asm_path_test.h"
#include "../test/guard_page.h"
#include "../test/test_util.h"

namespace {

// AEADCtx is an EVP_AEAD_CTX cleaned up when it goes.
class AEADCtx {
 public:
  AEADCtx() { EVP_AEAD_CTX_zero(&ctx_); }
  ~AEADCtx() { EVP_AEAD_CTX_cleanup(&ctx_); }
  EVP_AEAD_CTX *get() { return &ctx_; }

 private:
  EVP_AEAD_CTX ctx_;
};

// RowForcer forces the ChaCha20 row called `name` while it lives.
class RowForcer {
 public:
  explicit RowForcer(const char *name) {
    EXPECT_TRUE(CRYPTO_impl_force(&CRYPTO_primitive_chacha20, name));
  }
  ~RowForcer() { CRYPTO_impl_force(&CRYPTO_primitive_chacha20, nullptr); }
};

// Seal returns one record sealed by `aead` (ChaCha20-Poly1305 by default;
// the nonce is 12 or 24 bytes as it says): ciphertext || tag.
std::vector<uint8_t> Seal(const uint8_t key[32], const uint8_t *nonce,
                          const uint8_t *in, size_t in_len, const uint8_t *ad,
                          size_t ad_len,
                          const EVP_AEAD *aead = EVP_aead_chacha20_poly1305()) {
  AEADCtx ctx;
  EXPECT_TRUE(EVP_AEAD_CTX_init(ctx.get(), aead, key, 32, 16, nullptr));
  std::vector<uint8_t> out(in_len + 16);
  size_t out_len = 0;
  EXPECT_TRUE(EVP_AEAD_CTX_seal(ctx.get(), out.data(), &out_len, out.size(),
                                nonce, EVP_AEAD_nonce_length(aead), in, in_len,
                                ad, ad_len));
  EXPECT_EQ(out_len, out.size());
  return out;
}

#if defined(OPENSSL_X86_64) && !defined(OPENSSL_NO_ASM)

// g_ifma: Call takes records of 129..256 bytes to
// chacha20_poly1305_medium_avx512ifma instead of the medium function.
bool g_ifma = false;

// Call calls the assembly for in_len bytes through CHECK_ABI and returns
// what it returns.
int Call(chacha20_poly1305_short_args *args) {
  if (args->in_len <= 64) {
    return CHECK_ABI(chacha20_poly1305_short_avx512, args);
  }
  if (g_ifma && args->in_len > 128) {
    return CHECK_ABI(chacha20_poly1305_medium_avx512ifma, args);
  }
  return CHECK_ABI(chacha20_poly1305_medium_avx512, args);
}

// RunAssembly seals `in` (in_len bytes) with the AD into `out` through the
// assembly (`xnonce` set: an XChaCha20 record with that 24-byte nonce,
// `nonce` unused) and returns the tag; the call must return 1.
std::vector<uint8_t> RunAssembly(const uint8_t key[32],
                                 const uint8_t nonce[12], const uint8_t *in,
                                 uint8_t *out, size_t in_len,
                                 const uint8_t *ad, size_t ad_len,
                                 const uint8_t *xnonce = nullptr) {
  uint8_t tag[16];
  chacha20_poly1305_short_args args = {
      key, xnonce == nullptr ? nonce : xnonce, in, out, in_len, ad, ad_len,
      tag, 0, xnonce == nullptr ? size_t{0} : size_t{1}};
  EXPECT_EQ(1, Call(&args)) << "seal";
  return std::vector<uint8_t>(tag, tag + 16);
}

// RunOpen opens `in` with the expected tag `tag` into `out` through the
// assembly (`xnonce` as above) and returns what the call returns.
int RunOpen(const uint8_t key[32], const uint8_t nonce[12], const uint8_t *in,
            uint8_t *out, size_t in_len, const uint8_t *ad, size_t ad_len,
            const uint8_t *tag, const uint8_t *xnonce = nullptr) {
  chacha20_poly1305_short_args args = {
      key, xnonce == nullptr ? nonce : xnonce, in, out, in_len, ad, ad_len,
      const_cast<uint8_t *>(tag), 1,
      xnonce == nullptr ? size_t{0} : size_t{1}};
  return Call(&args);
}

// CheckAssembly is ShortAssembly's body for the records of first_len..256
// bytes.
void CheckAssembly(size_t first_len) {
  RowForcer reference("nohw");
  uint8_t key[32], nonce[12], pt[256], ad[64];
  for (size_t in_len = first_len; in_len <= 256; in_len++) {
    for (size_t ad_len = 0; ad_len <= 64; ad_len++) {
      TestRNG rng(in_len * 100 + ad_len);
      rng.Fill(key, sizeof(key));
      rng.Fill(nonce, sizeof(nonce));
      rng.Fill(pt, sizeof(pt));
      rng.Fill(ad, sizeof(ad));
      std::vector<uint8_t> want = Seal(key, nonce, pt, in_len, ad, ad_len);
      // Seal, into a buffer with guard bytes on both sides.
      uint8_t buf[16 + 256 + 16];
      memset(buf, 0x5a, sizeof(buf));
      std::vector<uint8_t> tag =
          RunAssembly(key, nonce, pt, buf + 16, in_len, ad, ad_len);
      EXPECT_EQ(Bytes(want.data(), in_len), Bytes(buf + 16, in_len))
          << "seal, in_len " << in_len << " ad_len " << ad_len;
      EXPECT_EQ(Bytes(want.data() + in_len, 16), Bytes(tag.data(), 16))
          << "seal tag, in_len " << in_len << " ad_len " << ad_len;
      for (size_t i = 0; i < sizeof(buf); i++) {
        if (i < 16 || i >= 16 + in_len) {
          ASSERT_EQ(0x5a, buf[i]) << "byte " << i << " around the output";
        }
      }
      // Open: the tag matches and the plaintext comes back; with any byte
      // of the tag changed the call returns 0 and writes nothing.
      memset(buf, 0x5a, sizeof(buf));
      EXPECT_EQ(1, RunOpen(key, nonce, want.data(), buf + 16, in_len, ad,
                           ad_len, want.data() + in_len))
          << "open, in_len " << in_len << " ad_len " << ad_len;
      EXPECT_EQ(Bytes(pt, in_len), Bytes(buf + 16, in_len))
          << "open, in_len " << in_len << " ad_len " << ad_len;
      std::vector<uint8_t> bad(want.begin() + in_len, want.end());
      bad[(in_len + ad_len) % 16] ^= uint8_t{1} << (ad_len % 8);
      memset(buf, 0x5a, sizeof(buf));
      EXPECT_EQ(0, RunOpen(key, nonce, want.data(), buf + 16, in_len, ad,
                           ad_len, bad.data()))
          << "open, changed tag, in_len " << in_len << " ad_len " << ad_len;
      for (size_t i = 0; i < sizeof(buf); i++) {
        ASSERT_EQ(0x5a, buf[i]) << "a refused open wrote byte " << i;
      }
      // XChaCha20-Poly1305, seal and open.
      uint8_t xnonce[24];
      rng.Fill(xnonce, sizeof(xnonce));
      want = Seal(key, xnonce, pt, in_len, ad, ad_len,
                  EVP_aead_xchacha20_poly1305());
      memset(buf, 0x5a, sizeof(buf));
      tag = RunAssembly(key, nonce, pt, buf + 16, in_len, ad, ad_len, xnonce);
      EXPECT_EQ(Bytes(want.data(), in_len), Bytes(buf + 16, in_len))
          << "xchacha seal, in_len " << in_len << " ad_len " << ad_len;
      EXPECT_EQ(Bytes(want.data() + in_len, 16), Bytes(tag.data(), 16))
          << "xchacha seal tag, in_len " << in_len << " ad_len " << ad_len;
      memset(buf, 0x5a, sizeof(buf));
      EXPECT_EQ(1, RunOpen(key, nonce, want.data(), buf + 16, in_len, ad,
                           ad_len, want.data() + in_len, xnonce))
          << "xchacha open, in_len " << in_len << " ad_len " << ad_len;
      EXPECT_EQ(Bytes(pt, in_len), Bytes(buf + 16, in_len))
          << "xchacha open, in_len " << in_len << " ad_len " << ad_len;
      bad.assign(want.begin() + in_len, want.end());
      bad[15 - (in_len % 16)] ^= 0x80;
      memset(buf, 0x5a, sizeof(buf));
      EXPECT_EQ(0, RunOpen(key, nonce, want.data(), buf + 16, in_len, ad,
                           ad_len, bad.data(), xnonce))
          << "xchacha open, changed tag, in_len " << in_len;
      for (size_t i = 0; i < sizeof(buf); i++) {
        ASSERT_EQ(0x5a, buf[i]) << "a refused open wrote byte " << i;
      }
    }
  }
  // In place, and every input and output offset, for a few lengths.
  for (size_t in_len : {1, 15, 16, 17, 31, 48, 63, 64, 65, 100, 127, 128, 129,
                        191, 192, 193, 240, 255, 256}) {
    if (in_len < first_len) {
      continue;
    }
    size_t ad_len = 13;
    TestRNG rng(in_len);
    rng.Fill(key, sizeof(key));
    rng.Fill(nonce, sizeof(nonce));
    rng.Fill(pt, sizeof(pt));
    rng.Fill(ad, sizeof(ad));
    std::vector<uint8_t> want = Seal(key, nonce, pt, in_len, ad, ad_len);
    uint8_t io[256];
    memcpy(io, pt, in_len);
    std::vector<uint8_t> tag =
        RunAssembly(key, nonce, io, io, in_len, ad, ad_len);
    EXPECT_EQ(Bytes(want.data(), in_len), Bytes(io, in_len));
    EXPECT_EQ(Bytes(want.data() + in_len, 16), Bytes(tag.data(), 16));
    EXPECT_EQ(1, RunOpen(key, nonce, io, io, in_len, ad, ad_len,
                         want.data() + in_len));
    EXPECT_EQ(Bytes(pt, in_len), Bytes(io, in_len));
    // The expected tag overlapping the end of the output: read before the
    // output is written.
    uint8_t pt_tag[256 + 16];
    size_t tag_at = in_len >= 8 ? in_len - 8 : 0;
    memcpy(pt_tag + tag_at, want.data() + in_len, 16);
    EXPECT_EQ(1, RunOpen(key, nonce, want.data(), pt_tag, in_len, ad, ad_len,
                         pt_tag + tag_at));
    EXPECT_EQ(Bytes(pt, in_len), Bytes(pt_tag, in_len));
    // The AD in the output buffer itself: read before anything is written.
    uint8_t both[256];
    memcpy(both, ad, ad_len);
    memcpy(io, pt, in_len);
    tag = RunAssembly(key, nonce, io, both, in_len, both, ad_len);
    EXPECT_EQ(Bytes(want.data(), in_len), Bytes(both, in_len));
    EXPECT_EQ(Bytes(want.data() + in_len, 16), Bytes(tag.data(), 16));
    for (size_t in_off = 0; in_off < 16; in_off++) {
      for (size_t out_off = 0; out_off < 16; out_off++) {
        alignas(64) uint8_t in_buf[16 + 256], out_buf[16 + 256];
        memcpy(in_buf + in_off, pt, in_len);
        tag = RunAssembly(key, nonce, in_buf + in_off, out_buf + out_off,
                          in_len, ad, ad_len);
        EXPECT_EQ(Bytes(want.data(), in_len), Bytes(out_buf + out_off, in_len))
            << "offsets " << in_off << ", " << out_off;
        EXPECT_EQ(Bytes(want.data() + in_len, 16), Bytes(tag.data(), 16));
      }
    }
  }
}

TEST(ChaCha20Poly1305ShortTest, ShortAssembly) {
  if (!chacha20_avx512_capable()) {
    abi_test::NotRunnableHere(chacha20_poly1305_short_avx512);
    abi_test::NotRunnableHere(chacha20_poly1305_medium_avx512);
    GTEST_SKIP() << "chacha20_poly1305_short_avx512 needs AVX-512 F, BW and "
                    "VL, which this CPU (or "
                 << kCPUMaskName << ") does not allow: not tested";
  }
  CheckAssembly(1);
}

// The same checks of chacha20_poly1305_medium_avx512ifma, records of
// 129..256 bytes (10..21 MAC blocks: every count of scalar blocks before
// the four-lane steps, 0..3, and 2..5 steps).
TEST(ChaCha20Poly1305ShortTest, MediumIFMAAssembly) {
  if (!chacha20_avx512ifma_capable()) {
    abi_test::NotRunnableHere(chacha20_poly1305_medium_avx512ifma);
    GTEST_SKIP() << "chacha20_poly1305_medium_avx512ifma needs AVX-512 F, "
                    "BW, VL and IFMA, which this CPU (or "
                 << kCPUMaskName << ") does not allow: not tested";
  }
  g_ifma = true;
  CheckAssembly(129);
  g_ifma = false;
}

// CheckGuardPages is GuardPages' body for the functions Call chooses.
void CheckGuardPages() {
  for (auto where :
       {GuardedBuffer::kStartAfterGuard, GuardedBuffer::kEndAtGuard}) {
    for (size_t in_len : {1, 16, 63, 64, 65, 129, 200, 256}) {
      for (size_t ad_len : {0, 13, 64}) {
        for (size_t x : {0, 1}) {
          SCOPED_TRACE(testing::Message()
                       << "placement " << where << " in_len " << in_len
                       << " ad_len " << ad_len << " xchacha " << x);
          TestRNG rng(in_len * 1000 + ad_len * 10 + x);
          uint8_t key[32];
          rng.Fill(key, sizeof(key));
          GuardedBuffer nonce(x ? 24 : 12, where), in(in_len, where),
              out(in_len, where), ad(ad_len, where);
          rng.Fill(nonce.data(), nonce.size());
          rng.Fill(in.data(), in_len);
          rng.Fill(ad.data(), ad_len);
          std::vector<uint8_t> want = Seal(
              key, nonce.data(), in.data(), in_len, ad.data(), ad_len,
              x ? EVP_aead_xchacha20_poly1305() : EVP_aead_chacha20_poly1305());
          std::vector<uint8_t> tag =
              x ? RunAssembly(key, nullptr, in.data(), out.data(), in_len,
                              ad.data(), ad_len, nonce.data())
                : RunAssembly(key, nonce.data(), in.data(), out.data(), in_len,
                              ad.data(), ad_len);
          EXPECT_EQ(Bytes(want.data(), in_len), Bytes(out.data(), in_len));
          EXPECT_EQ(Bytes(want.data() + in_len, 16), Bytes(tag));
          EXPECT_TRUE(out.CanariesIntact()) << "wrote around the output";
        }
      }
    }
  }
}

TEST(ChaCha20Poly1305ShortTest, GuardPages) {
  if (!chacha20_avx512_capable()) {
    GTEST_SKIP() << "chacha20_poly1305_short_avx512 needs AVX-512 F, BW and "
                    "VL, which this CPU (or "
                 << kCPUMaskName << ") does not allow: not tested";
  }
  std::string why;
  if (!GuardPagesAvailable(&why)) {
    GTEST_SKIP() << "no guard pages here (" << why << "): not tested";
  }
  RowForcer reference("nohw");
  CheckGuardPages();
  // The IFMA medium function (MediumIFMAAssembly says when it cannot run).
  if (chacha20_avx512ifma_capable()) {
    SCOPED_TRACE("chacha20_poly1305_medium_avx512ifma");
    g_ifma = true;
    CheckGuardPages();
    g_ifma = false;
  }
}

#endif  // OPENSSL_X86_64 && !OPENSSL_NO_ASM

TEST(ChaCha20Poly1305ShortTest, RowsAgree) {
  uint8_t key[32], nonce[24], pt[270], ad[70];
  CRYPTO_IMPL_FOREACH(impl, &CRYPTO_primitive_chacha20) {
    if (!CRYPTO_impl_is_capable(impl)) {
      continue;  // (ChaCha20's own tests say which rows they skip)
    }
    SCOPED_TRACE(impl->name);
    for (const EVP_AEAD *aead :
         {EVP_aead_chacha20_poly1305(), EVP_aead_xchacha20_poly1305()}) {
    size_t nonce_len = EVP_AEAD_nonce_length(aead);
    for (size_t in_len = 0; in_len <= 270; in_len++) {
      for (size_t ad_len = 0; ad_len <= 70; ad_len += (ad_len < 20 ? 1 : 7)) {
        TestRNG rng(in_len * 1000 + ad_len);
        rng.Fill(key, sizeof(key));
        rng.Fill(nonce, sizeof(nonce));
        rng.Fill(pt, sizeof(pt));
        rng.Fill(ad, sizeof(ad));
        std::vector<uint8_t> want, got;
        {
          RowForcer reference("nohw");
          want = Seal(key, nonce, pt, in_len, ad, ad_len, aead);
        }
        RowForcer forced(impl->name);
        got = Seal(key, nonce, pt, in_len, ad, ad_len, aead);
        EXPECT_EQ(Bytes(want), Bytes(got))
            << "in_len " << in_len << " ad_len " << ad_len;
        AEADCtx ctx;
        ASSERT_TRUE(EVP_AEAD_CTX_init(ctx.get(), aead, key, 32, 16, nullptr));
        uint8_t out[270];
        size_t out_len = 0;
        ASSERT_TRUE(EVP_AEAD_CTX_open(ctx.get(), out, &out_len, sizeof(out),
                                      nonce, nonce_len, got.data(), got.size(),
                                      ad, ad_len));
        EXPECT_EQ(Bytes(pt, in_len), Bytes(out, out_len));
        // A changed tag: refused, and no plaintext is released (the API
        // zeroes the whole output, include/openssl/aead.h).
        got[in_len + rng.Below(16)] ^= 0x10;
        memset(out, 0x77, sizeof(out));
        EXPECT_FALSE(EVP_AEAD_CTX_open(ctx.get(), out, &out_len, sizeof(out),
                                       nonce, nonce_len, got.data(),
                                       got.size(), ad, ad_len));
        ERR_clear_error();
        EXPECT_EQ(0u, out_len);
        for (uint8_t b : out) {
          ASSERT_EQ(0, b) << "a refused open left bytes in its output";
        }
      }
    }
    }
  }
}

}  // namespace
