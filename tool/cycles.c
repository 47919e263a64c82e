// Copyright 2026 The project authors.
//
// Cycle counting for `bssl speed -impls`.
//
// Three sources, best first:
//
//  1. perf_event_open(PERF_COUNT_HW_CPU_CYCLES): the core's own cycle count
//     for this thread in user space. This is what "cycles per byte" means in
//     the literature, but many VMs and locked-down kernels refuse it
//     (perf_event_paranoid, no PMU passthrough).
//  2. x86 rdtsc: the time-stamp counter ticks at a constant reference rate
//     whatever the core clock does. We measure that rate against
//     CLOCK_MONOTONIC over about 50 ms so the header line can state it; on a
//     CPU that boosts above its base clock a TSC "cycle" is longer than a
//     core cycle, so the figures overstate the true cycle count.
//  3. Elsewhere: elapsed nanoseconds times the CPU's maximum frequency from
//     cpufreq (Linux sysfs), or times 1 GHz when that is unknown (the column
//     then equals nanoseconds per byte). The header line says which.

#define _GNU_SOURCE  // syscall()

#include <stdio.h>
#include <string.h>
#include <time.h>

#if defined(__linux__)
#include <linux/perf_event.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif

#include "internal.h"

uint64_t tool_now_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

#if defined(__x86_64__) || defined(__i386__)
#define TOOL_HAVE_TSC
static uint64_t read_tsc(void) {
  uint32_t lo, hi;
  // RDTSC is not serialising; the benchmark loops it brackets run for
  // milliseconds, so a few dozen cycles of reordering do not matter.
  __asm__ volatile("rdtsc" : "=a"(lo), "=d"(hi));
  return ((uint64_t)hi << 32) | lo;
}

// measure_tsc_hz returns TSC ticks per second, counted over ~50 ms of
// CLOCK_MONOTONIC (a busy wait, so the core does not sleep meanwhile).
static double measure_tsc_hz(void) {
  const uint64_t kWindowNs = 50 * 1000 * 1000;
  uint64_t t0 = tool_now_ns(), c0 = read_tsc();
  uint64_t t1;
  do {
    t1 = tool_now_ns();
  } while (t1 - t0 < kWindowNs);
  uint64_t c1 = read_tsc();
  return (double)(c1 - c0) * 1e9 / (double)(t1 - t0);
}
#endif

#if defined(__linux__)
// open_perf_cycles returns a file descriptor counting this thread's
// user-space core cycles, or -1 if the kernel refuses.
static int open_perf_cycles(void) {
  struct perf_event_attr attr;
  memset(&attr, 0, sizeof(attr));
  attr.size = sizeof(attr);
  attr.type = PERF_TYPE_HARDWARE;
  attr.config = PERF_COUNT_HW_CPU_CYCLES;
  attr.exclude_kernel = 1;
  attr.exclude_hv = 1;
  // pid 0, cpu -1: this thread, on whichever CPU it runs.
  long fd = syscall(SYS_perf_event_open, &attr, 0, -1, -1, 0);
  if (fd < 0) {
    return -1;
  }
  // Some hypervisors accept the event but never count: check it moves.
  uint64_t a = 0, b = 0;
  if (read((int)fd, &a, sizeof(a)) != (ssize_t)sizeof(a)) {
    close((int)fd);
    return -1;
  }
  uint64_t sink = 0;
  for (int i = 0; i < 1000; i++) {
    sink += tool_now_ns();
  }
  __asm__ volatile("" : : "r"(sink));
  if (read((int)fd, &b, sizeof(b)) != (ssize_t)sizeof(b) || b == a) {
    close((int)fd);
    return -1;
  }
  return (int)fd;
}

#endif

#if defined(__linux__) && !defined(TOOL_HAVE_TSC)
// cpufreq_max_hz returns cpu0's maximum frequency from sysfs, or 0.
static double cpufreq_max_hz(void) {
  FILE *f = fopen("/sys/devices/system/cpu/cpu0/cpufreq/cpuinfo_max_freq", "r");
  if (f == NULL) {
    return 0;
  }
  unsigned long khz = 0;
  if (fscanf(f, "%lu", &khz) != 1) {
    khz = 0;
  }
  fclose(f);
  return (double)khz * 1000.0;
}
#endif

void tool_cycles_init(struct tool_cycles *cyc) {
  memset(cyc, 0, sizeof(*cyc));
  cyc->perf_fd = -1;
#if defined(__linux__)
  cyc->perf_fd = open_perf_cycles();
  if (cyc->perf_fd >= 0) {
    cyc->kind = TOOL_CYCLES_PERF;
    return;
  }
#endif
#if defined(TOOL_HAVE_TSC)
  cyc->kind = TOOL_CYCLES_TSC;
  cyc->hz = measure_tsc_hz();
#else
  cyc->kind = TOOL_CYCLES_TIME;
  cyc->hz = 0;
#if defined(__linux__)
  cyc->hz = cpufreq_max_hz();
#endif
  cyc->hz_is_known = cyc->hz > 0;
  if (!cyc->hz_is_known) {
    cyc->hz = 1e9;
  }
#endif
}

void tool_cycles_describe(const struct tool_cycles *cyc) {
  switch (cyc->kind) {
    case TOOL_CYCLES_PERF:
      printf("cycles from perf_event (PERF_COUNT_HW_CPU_CYCLES, user space)\n");
      break;
    case TOOL_CYCLES_TSC:
      printf(
          "cycles from TSC at %.0f MHz; on a turbo-boosting CPU this is "
          "not the core clock\n",
          cyc->hz / 1e6);
      break;
    case TOOL_CYCLES_TIME:
      if (cyc->hz_is_known) {
        printf(
            "no cycle counter: cycles estimated from elapsed time at the "
            "maximum clock, %.0f MHz (cpufreq)\n",
            cyc->hz / 1e6);
      } else {
        printf(
            "no cycle counter and no known clock: the last column is "
            "nanoseconds per byte, not cycles\n");
      }
      break;
  }
}

uint64_t tool_cycles_now(const struct tool_cycles *cyc) {
  switch (cyc->kind) {
    case TOOL_CYCLES_PERF: {
#if defined(__linux__)
      uint64_t v = 0;
      if (read(cyc->perf_fd, &v, sizeof(v)) != (ssize_t)sizeof(v)) {
        return 0;
      }
      return v;
#else
      return 0;
#endif
    }
    case TOOL_CYCLES_TSC:
#if defined(TOOL_HAVE_TSC)
      return read_tsc();
#else
      return 0;
#endif
    case TOOL_CYCLES_TIME:
      return (uint64_t)((double)tool_now_ns() * (cyc->hz / 1e9));
  }
  return 0;
}

void tool_cycles_cleanup(struct tool_cycles *cyc) {
#if defined(__linux__)
  if (cyc->perf_fd >= 0) {
    close(cyc->perf_fd);
  }
#endif
  cyc->perf_fd = -1;
}
