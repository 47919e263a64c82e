// Copyright 2026 The project authors.
//
// guard_page.h: test buffers that sit against an inaccessible page, so a
// read or write even one byte outside them faults at once (in any build,
// not only under AddressSanitizer, and also inside assembly that ASan does
// not instrument).
//
// A GuardedBuffer of `len` bytes is carved out of a private anonymous
// mapping laid out as
//
//   [ PROT_NONE page ][ ceil(len / page) readable+writable pages ][ PROT_NONE page ]
//
// With kEndAtGuard the data occupies the last `len` accessible bytes, so
// data[len] is the first byte of the trailing guard page; with
// kStartAfterGuard it occupies the first `len` bytes, so data[-1] is the
// last byte of the leading guard page. The accessible bytes on the other
// side of the data ("slack", fewer than one page) are filled with a canary
// byte, and CanariesIntact() reports whether they were left alone, which
// catches a stray write on the unguarded side. A zero-length buffer still
// has a distinct, non-NULL address right at the guard.
//
// Where mmap is not available (no POSIX mappings on this target) the buffer
// falls back to a heap block with canary slack on both sides but no
// fault-on-touch guard; GuardPagesAvailable() says so, and the tests that
// rely on a fault print why they are skipped.

#ifndef OPENSSL_HEADER_CRYPTO_TEST_GUARD_PAGE_H
#define OPENSSL_HEADER_CRYPTO_TEST_GUARD_PAGE_H

#include <stddef.h>
#include <stdint.h>

#include <string>

// GuardPagesAvailable returns true if GuardedBuffer really places its data
// against PROT_NONE pages here. Otherwise it returns false and, if `why` is
// not NULL, sets it to the reason.
bool GuardPagesAvailable(std::string *why = nullptr);

class GuardedBuffer {
 public:
  enum Placement {
    kEndAtGuard,        // data + len is the first inaccessible byte
    kStartAfterGuard,   // data - 1 is the last inaccessible byte
  };

  // kCanary is the byte the slack around the data is filled with.
  static constexpr uint8_t kCanary = 0xc5;

  // Makes a buffer of `len` bytes placed as `where`, its contents set to
  // `fill`. Allocation failure aborts the test binary (it is not a test
  // outcome).
  GuardedBuffer(size_t len, Placement where, uint8_t fill = 0);
  ~GuardedBuffer();

  GuardedBuffer(const GuardedBuffer &) = delete;
  GuardedBuffer &operator=(const GuardedBuffer &) = delete;

  uint8_t *data() { return data_; }
  const uint8_t *data() const { return data_; }
  size_t size() const { return len_; }
  uint8_t &operator[](size_t i) { return data_[i]; }

  // Sets the data to `len` bytes of `in` (len must equal size()).
  void Assign(const uint8_t *in, size_t len);
  // Sets every data byte to `v`.
  void Fill(uint8_t v);
  // AllEqual returns true if every data byte is `v`.
  bool AllEqual(uint8_t v) const;

  // CanariesIntact returns true if no byte of the slack around the data
  // changed since construction.
  bool CanariesIntact() const;

  // Guarded returns true if the buffer really is against a PROT_NONE page.
  bool Guarded() const { return mapped_; }

 private:
  uint8_t *base_ = nullptr;   // start of the allocation (mapping or heap)
  size_t total_ = 0;          // bytes at base_
  uint8_t *usable_ = nullptr; // first accessible byte
  size_t usable_len_ = 0;     // accessible bytes from usable_
  uint8_t *data_ = nullptr;
  size_t len_ = 0;
  bool mapped_ = false;
};

#endif  // OPENSSL_HEADER_CRYPTO_TEST_GUARD_PAGE_H
