#!/bin/sh
# Copyright 2026 The project authors.
#
# util/poly1305_bench/run.sh BUILD_DIR [ROUNDS]: builds poly1305_bench.c
# three times (this library from BUILD_DIR's libcrypto_static.a, libsodium,
# OpenSSL 3 via libssl-dev), runs ROUNDS rounds (default 5), each round the
# three programs one after the other, and prints the medians and the speed
# ratios (ours/openssl > 1 means this library is faster).
#
# Environment: TSC_GHZ (default 2.096, this machine's TSC) for the
# cycles/byte column; OPENSSL_ia32cap is passed to all three programs (it
# masks features in both this library and OpenSSL). With ROWS set (x86-64
# only, e.g. ROWS="x86_64 avx2 avx512ifma") it also builds rows_tsc.c and
# prints its table: TSC ticks per byte of this library's rows side by side
# (short batches, steadier than the ~20 ms batches above on a busy host).
set -eu

if [ $# -lt 1 ]; then
  echo "usage: $0 BUILD_DIR [ROUNDS]" >&2
  exit 2
fi
build=$(cd "$1" && pwd)
rounds=${2:-5}
here=$(cd "$(dirname "$0")" && pwd)
src=$(cd "$here/../.." && pwd)
out="$build/poly1305_bench"
mkdir -p "$out"
cc=${CC:-cc}

ninja -C "$build" crypto_static >&2
"$cc" -O2 -DBENCH_OURS -I"$src/include" "$here/poly1305_bench.c" \
  "$build/libcrypto_static.a" -lpthread -o "$out/poly1305_bench_ours"
"$cc" -O2 -DBENCH_SODIUM "$here/poly1305_bench.c" -lsodium \
  -o "$out/poly1305_bench_sodium"
"$cc" -O2 -DBENCH_OPENSSL "$here/poly1305_bench.c" -lcrypto \
  -o "$out/poly1305_bench_openssl"

results="$out/results.txt"
: > "$results"
i=1
while [ "$i" -le "$rounds" ]; do
  for prog in ours sodium openssl; do
    "$out/poly1305_bench_$prog" >> "$results"
  done
  i=$((i + 1))
done
"$out/poly1305_bench_ours" --report "${TSC_GHZ:-2.096}" < "$results"

if [ -n "${ROWS:-}" ]; then
  "$cc" -O2 -I"$src/include" -I"$src" "$here/rows_tsc.c" \
    "$build/libcrypto_static.a" -lpthread -o "$out/rows_tsc"
  # shellcheck disable=SC2086  # ROWS is a list of row names
  "$out/rows_tsc" $ROWS
fi
