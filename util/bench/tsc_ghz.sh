#!/bin/sh
# Copyright 2026 The project authors.
#
# util/bench/tsc_ghz.sh: prints the TSC frequency in GHz for the benchmarks'
# cycles/byte columns: $TSC_GHZ if set, else the first "cpu MHz" line of
# /proc/cpuinfo (in a virtual machine Linux prints the nominal frequency
# there, which is the TSC's; on a host with frequency scaling it is the
# core's current clock, so set TSC_GHZ), else 2.096.
set -eu

if [ -n "${TSC_GHZ:-}" ]; then
  echo "$TSC_GHZ"
  exit 0
fi
ghz=$(awk '/^cpu MHz/ { printf "%.3f", $4 / 1000; exit }' /proc/cpuinfo \
  2>/dev/null || true)
echo "${ghz:-2.096}"
