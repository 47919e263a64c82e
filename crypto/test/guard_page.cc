// Copyright 2026 The project authors.
//
// guard_page.cc: see guard_page.h for the layout.

#include "guard_page.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if defined(__unix__) || defined(__APPLE__)
#include <sys/mman.h>
#include <unistd.h>
#define GUARD_PAGE_HAVE_MMAP
#endif

namespace {

// PageSize returns the system page size, or 0 if guard pages cannot be used.
size_t PageSize() {
#if defined(GUARD_PAGE_HAVE_MMAP)
  long page = sysconf(_SC_PAGESIZE);
  return page > 0 ? static_cast<size_t>(page) : 0;
#else
  return 0;
#endif
}

// kHeapSlack is the canary slack on each side of a heap (fallback) buffer.
constexpr size_t kHeapSlack = 64;

[[noreturn]] void Die(const char *what) {
  fprintf(stderr, "guard_page: %s\n", what);
  abort();
}

}  // namespace

bool GuardPagesAvailable(std::string *why) {
#if defined(GUARD_PAGE_HAVE_MMAP)
  if (PageSize() != 0) {
    return true;
  }
  if (why != nullptr) {
    *why = "sysconf(_SC_PAGESIZE) failed";
  }
  return false;
#else
  if (why != nullptr) {
    *why = "this target has no mmap/mprotect (guard pages not implemented)";
  }
  return false;
#endif
}

GuardedBuffer::GuardedBuffer(size_t len, Placement where, uint8_t fill)
    : len_(len) {
#if defined(GUARD_PAGE_HAVE_MMAP)
  const size_t page = PageSize();
  if (page != 0) {
    // ceil(len / page) accessible pages between two guard pages; at least
    // one, so a zero-length buffer still has slack to hold canaries.
    size_t inner = (len + page - 1) / page;
    if (inner == 0) {
      inner = 1;
    }
    total_ = (inner + 2) * page;
    void *p = mmap(nullptr, total_, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS,
                   -1, 0);
    if (p == MAP_FAILED) {
      Die("mmap failed");
    }
    base_ = static_cast<uint8_t *>(p);
    usable_ = base_ + page;
    usable_len_ = inner * page;
    if (mprotect(usable_, usable_len_, PROT_READ | PROT_WRITE) != 0) {
      Die("mprotect failed");
    }
    mapped_ = true;
  }
#endif
  if (!mapped_) {
    total_ = len + 2 * kHeapSlack;
    base_ = static_cast<uint8_t *>(malloc(total_));
    if (base_ == nullptr) {
      Die("malloc failed");
    }
    usable_ = base_;
    usable_len_ = total_;
    // Without guard pages both sides are slack; the placement only decides
    // where the data sits within the block.
  }
  if (mapped_ && where == kEndAtGuard) {
    data_ = usable_ + usable_len_ - len;
  } else if (mapped_) {
    data_ = usable_;
  } else {
    data_ = usable_ + kHeapSlack;
  }
  memset(usable_, kCanary, usable_len_);
  memset(data_, fill, len);
}

GuardedBuffer::~GuardedBuffer() {
#if defined(GUARD_PAGE_HAVE_MMAP)
  if (mapped_) {
    munmap(base_, total_);
    return;
  }
#endif
  free(base_);
}

void GuardedBuffer::Assign(const uint8_t *in, size_t len) {
  if (len != len_) {
    Die("Assign: length mismatch");
  }
  if (len != 0) {
    memcpy(data_, in, len);
  }
}

void GuardedBuffer::Fill(uint8_t v) { memset(data_, v, len_); }

bool GuardedBuffer::AllEqual(uint8_t v) const {
  for (size_t i = 0; i < len_; i++) {
    if (data_[i] != v) {
      return false;
    }
  }
  return true;
}

bool GuardedBuffer::CanariesIntact() const {
  for (const uint8_t *p = usable_; p < data_; p++) {
    if (*p != kCanary) {
      return false;
    }
  }
  for (const uint8_t *p = data_ + len_; p < usable_ + usable_len_; p++) {
    if (*p != kCanary) {
      return false;
    }
  }
  return true;
}
