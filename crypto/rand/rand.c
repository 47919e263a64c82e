// Copyright 2026 The project authors.
//
// RAND_bytes: a per-thread ChaCha20 generator with fast key erasure, seeded
// from the OS. include/openssl/rand.h describes the design; this file is the
// only place that knows the generator's internals.
//
// Notation: K is the current key, CC(K, c) is ChaCha20 block number c under
// K with the all-zero 96-bit nonce. A buffer refill computes
//   buf = CC(K, 0) || CC(K, 1) || ... || CC(K, 31),  K' = buf[0..32)
// and the direct path for n output bytes computes, with d the whole blocks
// it writes straight to the output (a multiple of 32 but for some lengths,
// see rand_direct) and r = n - 64 d <= 2016,
//   out = CC(K, 0) || ... || CC(K, d - 1) || buf[0..r),
//   buf = CC(K, d) || ... || CC(K, d + 31),  K' = buf[r..r+32),
// and erases buf[0..r+32) (the last output bytes and K'). Either way K is
// overwritten by K' before the function returns.

#if !defined(_GNU_SOURCE)
#define _GNU_SOURCE  // MAP_ANONYMOUS, MADV_WIPEONFORK, getrandom
#endif

#include <openssl/rand.h>

#include <openssl/mem.h>

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/types.h>
#include <unistd.h>

#if defined(__linux__)
#include <sys/random.h>
#endif

#include "../chacha/words.h"
#include "../internal.h"
#include "internal.h"

// One thread's generator. It lives alone in an mmap'd mapping so that the
// mapping can be marked MADV_WIPEONFORK: a child process then reads it as
// all zeros, i.e. `seeded` == 0.
struct rand_state {
  // seeded is one once `key` holds OS entropy for this process.
  uint32_t seeded;
  // pid is the process that seeded the state; compared with getpid() only
  // when the mapping is not wiped on fork.
  pid_t pid;
  // fork_gen is rand_fork_generation when the state was seeded.
  uint64_t fork_gen;
  // used: buf[0, used) has been handed out (or was the next key) and is
  // zero; buf[used, RAND_BUF_LEN) is keystream not yet handed out.
  size_t used;
  // generated counts keystream bytes derived since the last OS seed.
  uint64_t generated;
  uint8_t key[RAND_KEY_LEN];
  uint8_t buf[RAND_BUF_LEN];
};

// Thread-local bookkeeping. It is ordinary memory, copied into a child on
// fork; only the rand_state mapping is wiped.
struct rand_thread {
  struct rand_state *state;
  int fork_detect;  // RAND_FORK_DETECT_*
  uint64_t os_seeds;
};

static _Thread_local struct rand_thread rand_tls;

// rand_zero_source is the input of the ChaCha20 calls here (the buffer
// refill and the direct path) where the chosen row has no keystream-only
// mode (rand_keystream): ChaCha20 XORs its input with the keystream, and
// XOR with zeros gives the keystream itself. It is deliberately not
// const and never written: a zero-initialised object is placed in .bss,
// which costs no space in the file, and its pages, only ever read, are all
// the kernel's one shared zero page, so its 16 KiB take 4 KiB of the data
// cache. A const array would be 16 KiB of .rodata.
static uint8_t rand_zero_source[16 * 1024];
_Static_assert(RAND_BUF_LEN <= sizeof(rand_zero_source) &&
                   sizeof(rand_zero_source) % 64 == 0,
               "a refill fits the zero source; its calls start on a block");

static int rand_no_wipe_on_fork;  // RAND_disable_wipe_on_fork_for_testing

// rand_fork_generation counts the fork() calls that returned in this process
// as the child (pthread_atfork handler). It is a second line of defence
// beside MADV_WIPEONFORK: madvise may report success without wiping
// anything (qemu-user, for one, ignores the advice), and one relaxed load
// per call is cheap. Forks made with raw clone(2) bypass the handler but not
// the wiped mapping or the getpid() check.
static uint64_t rand_fork_generation;

static void rand_atfork_child(void) {
  __atomic_fetch_add(&rand_fork_generation, 1, __ATOMIC_RELAXED);
}
static int rand_no_getrandom;     // RAND_disable_getrandom_for_testing

// --- The operating system's source ---------------------------------------

static void rand_fatal(const char *what) {
  fprintf(stderr, "RAND_bytes: cannot read the OS random source (%s)\n",
          what);
  abort();
}

// rand_read_urandom fills `out` from /dev/urandom or aborts.
static void rand_read_urandom(uint8_t *out, size_t len) {
  int fd;
  do {
    fd = open("/dev/urandom", O_RDONLY | O_CLOEXEC);
  } while (fd < 0 && errno == EINTR);
  if (fd < 0) {
    rand_fatal("open /dev/urandom");
  }
  while (len > 0) {
    ssize_t r = read(fd, out, len);
    if (r < 0 && errno == EINTR) {
      continue;
    }
    if (r <= 0) {
      close(fd);
      rand_fatal("read /dev/urandom");
    }
    out += r;
    len -= (size_t)r;
  }
  close(fd);
}

// rand_os_bytes fills `out` with `len` bytes from the OS or aborts. On
// Linux it uses getrandom(2) with no flags, which blocks until the kernel's
// pool is initialised and then never blocks; kernels before 3.17 lack it
// (ENOSYS) and /dev/urandom is read instead.
static void rand_os_bytes(uint8_t *out, size_t len) {
#if defined(__linux__)
  while (len > 0 && !__atomic_load_n(&rand_no_getrandom, __ATOMIC_RELAXED)) {
    ssize_t r = getrandom(out, len, 0);
    if (r < 0) {
      if (errno == EINTR) {
        continue;
      }
      if (errno == ENOSYS) {
        break;
      }
      rand_fatal("getrandom");
    }
    out += r;
    len -= (size_t)r;
  }
#endif
  if (len > 0) {
    rand_read_urandom(out, len);
  }
}

// --- Per-thread state allocation -------------------------------------------

static pthread_once_t rand_key_once = PTHREAD_ONCE_INIT;
static pthread_key_t rand_key;
static int rand_key_ok;

static size_t rand_map_len(void) {
  long page = sysconf(_SC_PAGESIZE);
  if (page <= 0) {
    page = 4096;
  }
  size_t p = (size_t)page;
  return (sizeof(struct rand_state) + p - 1) / p * p;
}

// rand_thread_exit is the pthread key destructor: it runs on the exiting
// thread, wipes its state and unmaps it.
static void rand_thread_exit(void *arg) {
  struct rand_state *st = arg;
  CRYPTO_wipe(st, sizeof(*st));
  munmap(st, rand_map_len());
  if (rand_tls.state == st) {
    rand_tls.state = NULL;
    rand_tls.fork_detect = RAND_FORK_DETECT_NONE;
  }
}

static void rand_key_init(void) {
  rand_key_ok = pthread_key_create(&rand_key, rand_thread_exit) == 0 &&
                pthread_atfork(NULL, NULL, rand_atfork_child) == 0;
}

// rand_state_new maps a zeroed state for the calling thread and registers it
// for freeing at thread exit. It returns NULL if that is not possible.
static struct rand_state *rand_state_new(void) {
  pthread_once(&rand_key_once, rand_key_init);
  if (!rand_key_ok) {
    return NULL;
  }
  size_t map_len = rand_map_len();
  void *page = mmap(NULL, map_len, PROT_READ | PROT_WRITE,
                    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (page == MAP_FAILED) {
    return NULL;
  }
  int detect = RAND_FORK_DETECT_GETPID;
#if defined(MADV_WIPEONFORK)
  if (!__atomic_load_n(&rand_no_wipe_on_fork, __ATOMIC_RELAXED) &&
      madvise(page, map_len, MADV_WIPEONFORK) == 0) {
    detect = RAND_FORK_DETECT_WIPE;
  }
#endif
#if defined(MADV_DONTDUMP)
  // Keep the key out of core dumps; failure is harmless.
  (void)madvise(page, map_len, MADV_DONTDUMP);
#endif
  if (pthread_setspecific(rand_key, page) != 0) {
    munmap(page, map_len);
    return NULL;
  }
  rand_tls.state = page;
  rand_tls.fork_detect = detect;
  return page;
}

// --- The generator ---------------------------------------------------------

// rand_seed keys a state that is new, or inherited by a child process, with
// fresh OS entropy and discards any buffered keystream.
static void rand_seed(struct rand_state *st) {
  CRYPTO_wipe(st->buf, sizeof(st->buf));
  st->used = RAND_BUF_LEN;
  rand_os_bytes(st->key, sizeof(st->key));
  st->generated = 0;
  st->pid = getpid();
  st->fork_gen = __atomic_load_n(&rand_fork_generation, __ATOMIC_RELAXED);
  st->seeded = 1;
  rand_tls.os_seeds++;
}

// rand_will_derive accounts for `n` bytes of keystream about to be derived
// from the key, first reseeding (K ^= 32 fresh OS bytes) if they would take
// the total since the last seed past RAND_RESEED_INTERVAL.
static void rand_will_derive(struct rand_state *st, size_t n) {
  if (st->generated + n > RAND_RESEED_INTERVAL) {
    uint8_t fresh[RAND_KEY_LEN];
    rand_os_bytes(fresh, sizeof(fresh));
    for (size_t i = 0; i < RAND_KEY_LEN; i++) {
      st->key[i] ^= fresh[i];
    }
    CRYPTO_wipe(fresh, sizeof(fresh));
    st->generated = 0;
    rand_tls.os_seeds++;
  }
  st->generated += n;
}

// rand_keystream writes CC(K, c) || CC(K, c + 1) || ... to `out`, `n` bytes
// (a multiple of 64, at most the zero source's 16 KiB): the keystream alone
// where the chosen ChaCha20 row computes it (chacha20_keystream_words),
// otherwise ChaCha20 over rand_zero_source.
static void rand_keystream(uint8_t *out, size_t n, const uint8_t key[32],
                           uint32_t c) {
  uint32_t key_words[8], counter_nonce[4] = {c, 0, 0, 0};
  for (int i = 0; i < 8; i++) {
    key_words[i] = CRYPTO_load_u32_le(key + 4 * i);
  }
  if (!chacha20_keystream_words(out, n, key_words, counter_nonce)) {
    chacha20_xor_words(out, rand_zero_source, n, key_words, counter_nonce);
  }
  CRYPTO_wipe(key_words, sizeof(key_words));
}

// rand_refill computes buf = CC(K, c..c+31) from block `c`, copies its
// first `head` <= RAND_BUF_LEN - RAND_KEY_LEN bytes to `out` (the end of a
// direct request, or none), takes the next 32 as K' and erases all of those
// from the buffer. On entry the buffer has been fully handed out.
static void rand_refill(struct rand_state *st, uint32_t c, uint8_t *out,
                        size_t head) {
  rand_will_derive(st, RAND_BUF_LEN);
  rand_keystream(st->buf, RAND_BUF_LEN, st->key, c);
  memcpy(out, st->buf, head);
  memcpy(st->key, st->buf + head, RAND_KEY_LEN);
  memset(st->buf, 0, head + RAND_KEY_LEN);
  st->used = head + RAND_KEY_LEN;
}

// rand_direct writes `len` <= RAND_DIRECT_MAX_PER_KEY bytes of keystream
// CC(K, 0) || CC(K, 1) || ... into `out`, then refills the buffer (bytes
// still in it are discarded unused: only a request longer than
// RAND_DIRECT_MAX_PER_KEY leaves any) from block d: the last len - 64 d
// output bytes are the first bytes of the refill's CC(K, d..d+31), K' is
// the 32 bytes after them, and the rest is buffered for later requests.
// The first d blocks are rand_keystream calls of up to 16 KiB (a multiple
// of 64, so each call starts on a block), so the vector code runs on long
// inputs; the key block is not a call of its own, and its buffer-mates are
// output that is used, not thrown away. Measured with
// `PERCALL_FILTER=rand util/bench/percall.sh BUILD BORINGSSL_BUILD 5` (Zen 5,
// medians of 5 alternating rounds, ours / BoringSSL): 1350 B 1.89 -> 2.72,
// 8 KiB 1.18 -> 1.57, 16 KiB 1.03 -> 1.45, where the former code made a
// 64-byte call for the key block and 1 KiB calls over a zero buffer.
//
// d is 32 floor(len / 2048), whole runs of 32 blocks, so the direct
// calls are whole passes of the AVX-512 code's 32-block loop and
// the refill, itself one such pass, gives the rest (up to 2016 bytes,
// which leaves room for K'); for a rest of 2017..2047 bytes d is
// floor(len / 64) instead (31 more blocks, nearly a pass). The buffered
// bytes a large request takes first shift its length by 0..2016, so with
// d = floor(len / 64), as before, most lengths left a few whole blocks
// after the passes, which the code runs as a short call of their own at
// the cost of a one-block latency chain: on Zen 4 CRYPTO_chacha_20 of
// 14336 bytes (7 passes) took 2312 ns and of 14400 bytes 2412 (`bssl speed
// -filter ChaCha20 -chunks 14336,14400`), and steady 16 KiB requests hit
// 14400 every other call. AMD Zen 4 (family 25 model 17), `percall_bench`
// from util/bench, this build and the one before alternated 3-4 rounds, ns
// a call: 1350 bytes 284-291 -> 256-273, 8 KiB 1391-1409 -> 1355-1383,
// 16 KiB 2691-2705 -> 2658-2692, BoringSSL's 741 / 1579 / 2636-2651 in the
// same rounds.
//
// On AMD Zen 4 the bound at 16 KiB is the ChaCha20 keystream itself:
// BoringSSL's RAND_bytes (AES-CTR with AES-NI) took 0.42 TSC ticks a byte
// there, CRYPTO_chacha_20 alone 0.416 (6245 MB/s, 2026-12-04), and `bench_ours
// --count rand-bytes 16384` under perf spends 97% in ChaCha20_ctr32_avx512
// and ~1.5% in the copy out of the buffer and the wipe. The keystream
// without the XOR of zeros (rand_keystream) takes ~1.5% off: 16 KiB
// 2658-2692 -> 2615-2624 ns a call against BoringSSL's 2638-2664 in the
// same 5 alternating rounds (8 KiB 1357-1370 -> 1338-1348, BoringSSL 1579).
static void rand_direct(struct rand_state *st, uint8_t *out, size_t len) {
  size_t whole = len / RAND_BUF_LEN * RAND_BUF_LEN;
  if (len - whole > RAND_BUF_LEN - RAND_KEY_LEN) {
    whole = len / 64 * 64;
  }
  rand_will_derive(st, whole);
  for (size_t done = 0; done < whole;) {
    size_t n = whole - done;
    if (n > sizeof(rand_zero_source)) {
      n = sizeof(rand_zero_source);
    }
    rand_keystream(out + done, n, st->key, (uint32_t)(done / 64));
    done += n;
  }
  rand_refill(st, (uint32_t)(whole / 64), out + whole, len - whole);
}

// rand_take copies min(len, available) buffered bytes to `out`, zeroes them
// in the buffer unless `wipe` is 0, and returns how many were taken. Pass
// 0 only when the buffer is refilled, all of it overwritten, before
// RAND_bytes returns.
static size_t rand_take(struct rand_state *st, uint8_t *out, size_t len,
                        int wipe) {
  size_t avail = RAND_BUF_LEN - st->used;
  size_t n = len < avail ? len : avail;
  memcpy(out, st->buf + st->used, n);
  if (wipe) {
    memset(st->buf + st->used, 0, n);
  }
  st->used += n;
  return n;
}

int RAND_bytes(uint8_t *out, size_t len) {
  if (len == 0) {
    return 1;
  }
  struct rand_state *st = rand_tls.state;
  if (OPENSSL_UNLIKELY(st == NULL)) {
    st = rand_state_new();
    if (st == NULL) {
      // No per-thread state could be set up: every byte comes from the OS.
      rand_os_bytes(out, len);
      return 1;
    }
  }
  // A wiped page (child after fork) or a new one reads seeded == 0; a child
  // made by fork() also sees a new fork generation; without MADV_WIPEONFORK
  // a child is recognised by its pid as well.
  if (OPENSSL_UNLIKELY(!st->seeded) ||
      OPENSSL_UNLIKELY(st->fork_gen != __atomic_load_n(&rand_fork_generation,
                                                       __ATOMIC_RELAXED)) ||
      (rand_tls.fork_detect == RAND_FORK_DETECT_GETPID &&
       st->pid != getpid())) {
    rand_seed(st);
  }

  // A request that still needs more than RAND_DIRECT_THRESHOLD bytes once
  // the buffer is drained goes to rand_direct, whose refill rewrites the
  // whole buffer: the bytes taken here need no wipe of their own.
  size_t avail = RAND_BUF_LEN - st->used;
  int direct = len > avail && len - avail > RAND_DIRECT_THRESHOLD;
  size_t n = rand_take(st, out, len, !direct);
  out += n;
  len -= n;
  if (direct) {
    while (len > 0) {
      size_t chunk = len < RAND_DIRECT_MAX_PER_KEY ? len
                                                   : RAND_DIRECT_MAX_PER_KEY;
      rand_direct(st, out, chunk);
      out += chunk;
      len -= chunk;
    }
    return 1;
  }
  while (len > 0) {
    // No output bytes come from the refill itself here (`out` is only a
    // valid pointer for the zero-length copy).
    rand_refill(st, 0, out, 0);
    n = rand_take(st, out, len, 1);
    out += n;
    len -= n;
  }
  return 1;
}

int RAND_pseudo_bytes(uint8_t *buf, size_t len) { return RAND_bytes(buf, len); }

void RAND_seed(const void *buf, int num) {
  (void)buf;
  (void)num;
}

void RAND_add(const void *buf, int num, double entropy) {
  (void)buf;
  (void)num;
  (void)entropy;
}

int RAND_status(void) { return 1; }

void RAND_cleanup(void) {}

// --- Test hooks --------------------------------------------------------------

uint64_t RAND_os_seeds_for_testing(void) { return rand_tls.os_seeds; }

void RAND_thread_state_for_testing(const uint8_t **data, size_t *len) {
  *data = (const uint8_t *)rand_tls.state;
  *len = rand_tls.state == NULL ? 0 : sizeof(struct rand_state);
}

size_t RAND_buffered_for_testing(void) {
  return rand_tls.state == NULL ? 0 : RAND_BUF_LEN - rand_tls.state->used;
}

int RAND_fork_detection_for_testing(void) { return rand_tls.fork_detect; }

void RAND_disable_wipe_on_fork_for_testing(int disable) {
  __atomic_store_n(&rand_no_wipe_on_fork, disable != 0, __ATOMIC_RELAXED);
}

void RAND_disable_getrandom_for_testing(int disable) {
  __atomic_store_n(&rand_no_getrandom, disable != 0, __ATOMIC_RELAXED);
}
