#!/bin/sh
# Copyright 2026 The project authors.
#
# util/run-fuzzers.sh: run every libFuzzer target of fuzz/ for a fixed time
# on its committed seed corpus, one after the other.
#
# Usage: util/run-fuzzers.sh BUILD_DIR [SECONDS]
#
# BUILD_DIR must already hold the fuzz_* executables, built with
#   CC=clang CXX=clang++ cmake -GNinja -B BUILD_DIR -DFUZZ=ON -DSANITIZE=ON
#   ninja -C BUILD_DIR fuzzers
# SECONDS is the budget per target (default 20). For each target the
# script prints one line:
#   PASS <target>: <runs> runs in <s> s, <n> exec/s
#   FAIL <target>: <reason>; log: <file>
# then "N passed, N failed", and exits non-zero if any target failed or is
# missing. The committed corpus (fuzz/corpus/<target>) is only read: new
# inputs go to a scratch corpus under BUILD_DIR/fuzz-work/<target>, and
# crashing inputs to BUILD_DIR/fuzz-work/<target>-crash-*.
#
# Environment: FUZZ_TARGETS overrides the list of targets (space-separated
# names without the fuzz_ prefix); FUZZ_ARGS adds libFuzzer flags to every
# run (for example "-max_len=65536").

set -u

if [ $# -lt 1 ] || [ $# -gt 2 ]; then
  echo "usage: $0 BUILD_DIR [SECONDS]" >&2
  exit 2
fi
build_dir=$1
seconds=${2:-20}
case $seconds in
  ''|*[!0-9]*) echo "$0: SECONDS must be a whole number" >&2; exit 2 ;;
esac

src_dir=$(cd "$(dirname "$0")/.." && pwd)
targets=${FUZZ_TARGETS:-"sha sha_batch hmac hkdf chacha20 poly1305 aead aead_open aead_alias"}
work="$build_dir/fuzz-work"
mkdir -p "$work" || exit 2

passed=0
failed=0
for t in $targets; do
  bin="$build_dir/fuzz_$t"
  corpus="$src_dir/fuzz/corpus/$t"
  log="$work/$t.log"
  if [ ! -x "$bin" ]; then
    echo "FAIL $t: $bin not built (ninja -C $build_dir fuzzers)"
    failed=$((failed + 1))
    continue
  fi
  if [ ! -d "$corpus" ]; then
    echo "FAIL $t: no seed corpus at $corpus"
    failed=$((failed + 1))
    continue
  fi
  mkdir -p "$work/$t"
  # -timeout: one input running this long is a hang. The scratch corpus
  # comes first, so libFuzzer writes there and only reads the seeds.
  # shellcheck disable=SC2086  # FUZZ_ARGS is a list of flags
  "$bin" -max_total_time="$seconds" -timeout=60 -print_final_stats=1 \
    -artifact_prefix="$work/$t-" ${FUZZ_ARGS:-} "$work/$t" "$corpus" \
    >"$log" 2>&1
  rc=$?
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
  eps=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -n 1)
  if [ $rc -eq 0 ] && [ -n "$runs" ]; then
    echo "PASS $t: ${runs} runs in ${seconds} s, ${eps:-?} exec/s"
    passed=$((passed + 1))
  else
    reason=$(grep -m 1 -E 'check failed|mismatch|ERROR:|runtime error' \
             "$log" || true)
    echo "FAIL $t: exit $rc${reason:+: $reason}; log: $log"
    grep -E '^artifact_prefix|Test unit written to' "$log" | sed 's/^/  /'
    failed=$((failed + 1))
  fi
done

echo "$passed passed, $failed failed"
[ $failed -eq 0 ]
