// Copyright 2026 The project authors.
//
// crypto/rand/internal.h: the generator's parameters and test hooks. The
// design is described in include/openssl/rand.h.

#ifndef OPENSSL_HEADER_CRYPTO_RAND_INTERNAL_H
#define OPENSSL_HEADER_CRYPTO_RAND_INTERNAL_H

#include <openssl/base.h>

#if defined(__cplusplus)
extern "C" {
#endif

// RAND_KEY_LEN is the size of the ChaCha20 key that is the generator's state.
#define RAND_KEY_LEN 32

// RAND_BUF_LEN is the keystream buffer: 32 ChaCha20 blocks. The first
// RAND_KEY_LEN bytes of each fresh buffer become the next key, so each
// buffer hands out RAND_BUF_LEN - RAND_KEY_LEN bytes.
//
// 32 blocks are one pass of the x86-64 AVX-512 code's two-group loop (see
// crypto/chacha/asm/chacha-x86_64.pl), which costs ~1.5x (Zen 5) to ~1.7x
// (Zen 4) what 16 blocks do, so a refill's byte costs less. AMD Zen 4
// (family 25 model 17, 2026-12-03), `percall_bench` from util/bench built
// with 16 and with 32 blocks, 5 alternating rounds of 3 processes, medians
// of the ratios: RAND_bytes of 64 / 256 / 1350 bytes 1.05x / 1.12x / 1.10x
// faster, 16 bytes and 8 / 16 KiB unchanged (1.00-1.01x). The state is one
// page either way (about 2.1 KiB of it now).
#define RAND_BUF_LEN (32 * 64)

// RAND_RESEED_INTERVAL bounds the keystream, in bytes, derived from one OS
// seed by one thread's generator.
#define RAND_RESEED_INTERVAL (1024 * 1024)

// RAND_DIRECT_THRESHOLD: once the buffer is drained, a request that still
// needs more than this many bytes is computed straight into the caller's
// buffer instead of through the buffer.
#define RAND_DIRECT_THRESHOLD 512

// RAND_DIRECT_MAX_PER_KEY is the most output one key produces on the direct
// path before it is replaced (and the reseed bound checked again).
#define RAND_DIRECT_MAX_PER_KEY (64 * 1024)

// Test hooks. They describe the calling thread only.

// RAND_os_seeds_for_testing returns how many times the calling thread's
// generator has taken a seed from the OS (initial seeds, reseeds after
// RAND_RESEED_INTERVAL and reseeds after fork). The count is inherited by a
// child process.
uint64_t RAND_os_seeds_for_testing(void);

// RAND_thread_state_for_testing sets `*data` and `*len` to the calling
// thread's whole generator state (key, buffer and counters), or to NULL and
// 0 if it has none, so tests can check that output handed out no longer
// appears in memory.
void RAND_thread_state_for_testing(const uint8_t **data, size_t *len);

// RAND_buffered_for_testing returns how many keystream bytes the calling
// thread's buffer holds that have not been handed out (0 without a state),
// so tests can drain it and check where a direct request splits.
size_t RAND_buffered_for_testing(void);

// Fork detection modes of a thread's state.
#define RAND_FORK_DETECT_NONE 0       // no state yet (or served by the OS)
#define RAND_FORK_DETECT_WIPE 1       // MADV_WIPEONFORK page
#define RAND_FORK_DETECT_GETPID 2     // getpid() compared on every call

// RAND_fork_detection_for_testing returns the RAND_FORK_DETECT_* mode of the
// calling thread's state.
int RAND_fork_detection_for_testing(void);

// RAND_disable_wipe_on_fork_for_testing makes states created after the call
// (by threads that have not used RAND_bytes yet) skip MADV_WIPEONFORK and
// rely on the getpid() check, so tests can exercise that path. Pass zero to
// restore the default.
void RAND_disable_wipe_on_fork_for_testing(int disable);

// RAND_disable_getrandom_for_testing makes every later OS read use the
// /dev/urandom fallback instead of getrandom(2), so tests can exercise it.
// Pass zero to restore the default.
void RAND_disable_getrandom_for_testing(int disable);

#if defined(__cplusplus)
}  // extern "C"
#endif

#endif  // OPENSSL_HEADER_CRYPTO_RAND_INTERNAL_H
