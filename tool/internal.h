// Copyright 2026 The project authors.
//
// tool/internal.h: what the files of the `bssl` tool share.
//
// main.c owns the table of subcommands and dispatches to one of the
// tool_* entry points below. Every entry point receives the arguments that
// follow the subcommand's name (argv[0] is the subcommand's name itself) and
// returns the process exit status: 0 on success, 1 on any failure, after
// printing one line that says what went wrong on stderr.

#ifndef OPENSSL_HEADER_TOOL_INTERNAL_H
#define OPENSSL_HEADER_TOOL_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

// Subcommands.

// tool_speed runs `bssl speed`: the benchmarks (speed.c).
int tool_speed(int argc, char **argv);

// tool_cpu runs `bssl cpu`: capability words and chosen implementations
// (cpu.c).
int tool_cpu(int argc, char **argv);

// tool_sum runs `bssl sha1sum` ... `bssl sha512sum` (digest.c). argv[0]
// names the algorithm ("sha256sum"), which also stands in for the program
// name in messages, as coreutils prints its own name.
int tool_sum(int argc, char **argv);

// tool_rand runs `bssl rand` (rand.c).
int tool_rand(int argc, char **argv);

// Argument parsing helpers (main.c). Each is strict: the whole string must
// be a well-formed number in range, with no sign, spaces or suffix.

// tool_parse_u64 parses a decimal number in [0, 2^64) into `*out`. It returns
// one on success and zero otherwise.
int tool_parse_u64(const char *s, uint64_t *out);

// tool_parse_seconds parses a decimal number of seconds (fractions allowed,
// "0.05", "2") into `*out`. It accepts only finite values in (0, 86400] and
// returns one on success, zero otherwise.
int tool_parse_seconds(const char *s, double *out);

// Cycle counting (cycles.c), for `bssl speed -impls`.
//
// A cycle source is chosen once: the hardware counter through
// perf_event_open(PERF_COUNT_HW_CPU_CYCLES) if the kernel allows it, else on
// x86 the time-stamp counter (rdtsc) with its frequency measured against
// CLOCK_MONOTONIC, else nanoseconds converted with an assumed clock.

enum tool_cycle_kind {
  TOOL_CYCLES_PERF,  // core cycles of this thread, user space only
  TOOL_CYCLES_TSC,   // reference cycles of the time-stamp counter
  TOOL_CYCLES_TIME,  // CLOCK_MONOTONIC nanoseconds * an assumed frequency
};

struct tool_cycles {
  enum tool_cycle_kind kind;
  int perf_fd;      // TOOL_CYCLES_PERF: counter of the opening thread
  double hz;        // TSC: measured frequency; TIME: assumed core clock
  int hz_is_known;  // TIME: whether `hz` came from cpufreq (else 1 GHz)
};

// tool_cycles_init picks the cycle source for the calling thread and fills
// `*cyc`. It cannot fail: the time-based estimate is always available.
void tool_cycles_init(struct tool_cycles *cyc);

// tool_cycles_describe writes one line explaining where the numbers come
// from (ending in a newline) to stdout.
void tool_cycles_describe(const struct tool_cycles *cyc);

// tool_cycles_now returns the current count of `cyc`'s source. Only
// differences between two readings on the thread that called
// tool_cycles_init are meaningful.
uint64_t tool_cycles_now(const struct tool_cycles *cyc);

// tool_cycles_cleanup releases what tool_cycles_init opened.
void tool_cycles_cleanup(struct tool_cycles *cyc);

// tool_now_ns returns CLOCK_MONOTONIC in nanoseconds.
uint64_t tool_now_ns(void);

#endif  // OPENSSL_HEADER_TOOL_INTERNAL_H
