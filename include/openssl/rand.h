// Copyright 2026 The project authors.

#ifndef OPENSSL_HEADER_RAND_H
#define OPENSSL_HEADER_RAND_H

#include <openssl/base.h>

#if defined(__cplusplus)
extern "C" {
#endif

// Random number generation.
//
// RAND_bytes draws from a ChaCha20 keystream generator kept per thread, so
// the common path takes no lock and makes no system call.
//
// Seeding. Each thread's generator is keyed with 32 bytes from the operating
// system: getrandom(2) (which blocks until the kernel pool is initialised),
// or /dev/urandom where getrandom is unavailable. If neither works the
// process aborts: RAND_bytes never returns predictable bytes.
//
// Fast key erasure. With the current 256-bit key K, the generator computes
// ChaCha20(K, nonce = 0, counter = 0..31), a 2048-byte buffer. The first 32
// bytes of that buffer become the next key K' and are erased from the buffer
// at once; K is overwritten. The remaining 2016 bytes are handed out in
// order, and every byte handed out is zeroed in the buffer (or overwritten
// by the next refill) before RAND_bytes returns. So the state in memory
// between calls (K' plus the unused tail of the buffer) reveals nothing
// about output already returned: ChaCha20 cannot be run backwards from K' to
// K. Every key is used for exactly one keystream, so the fixed nonce never
// repeats a (key, nonce, counter) triple. A request that still needs more
// than 512 bytes once the buffer is drained is served straight from the
// keystream: blocks 0, 1, ... of K are written directly into the caller's
// buffer (in whole runs of 32 blocks where the length allows, at most 64 KiB
// per key), and the buffer is then refilled from the next block: its first
// bytes are the rest of the output (up to 2016 bytes), the 32 after them
// K', and those are erased from it.
//
// Reseeding. A thread's generator never derives more than 1 MiB of
// keystream from one OS seed: before a keystream computation would cross
// that bound, 32 fresh bytes from the OS are XORed into the key. Long
// requests are split so the bound holds for them too.
//
// Speed. A small request costs a copy and a zeroing of its bytes plus, once
// per 2016 bytes, one 32-block ChaCha20 call; tool/rand_bench compares it
// with glibc's arc4random_buf, which makes a getrandom(2) system call per
// request.
//
// Fork safety. A thread's state lives in its own mmap'd page marked
// MADV_WIPEONFORK where the kernel supports it (Linux 4.14+): a child process
// sees the page zeroed, notices the state is not seeded, and reseeds from
// the OS, so parent and child never share output. Where the marking fails,
// the state records getpid() when seeded and every call compares it with the
// current pid (a system call per request, so slower; and a descendant that
// is given the recorded pid again after the original process died is not
// recognised, the known limit of pid checks).
//
// Threads. The state is freed when its thread exits (a pthread key
// destructor), after being overwritten with zeros. If no page can be
// allocated for a thread, its requests are served directly from the OS.
// RAND_bytes is not async-signal-safe: do not call it from a signal handler
// that may interrupt it on the same thread.

// RAND_bytes writes `len` random bytes to `buf` and returns one. It never
// fails: if the operating system's random source cannot be read, it aborts
// the process. `len` may be zero, in which case `buf` may be NULL. It is
// safe to call from any number of threads and after fork().
OPENSSL_EXPORT int RAND_bytes(uint8_t *buf, size_t len);

// Deprecated functions, for OpenSSL source compatibility.

// RAND_pseudo_bytes calls RAND_bytes and returns one.
OPENSSL_EXPORT int RAND_pseudo_bytes(uint8_t *buf, size_t len);

// RAND_seed does nothing: the generator seeds itself from the OS.
OPENSSL_EXPORT void RAND_seed(const void *buf, int num);

// RAND_add does nothing: the generator seeds itself from the OS.
OPENSSL_EXPORT void RAND_add(const void *buf, int num, double entropy);

// RAND_status returns one: the generator is always seeded when used.
OPENSSL_EXPORT int RAND_status(void);

// RAND_cleanup does nothing. Per-thread state is freed at thread exit.
OPENSSL_EXPORT void RAND_cleanup(void);

#if defined(__cplusplus)
}  // extern "C"
#endif

#endif  // OPENSSL_HEADER_RAND_H
