#!/bin/sh
# Copyright 2026 The project authors.
#
# util/bench/run.sh NAME BUILD_DIR [ROUNDS]: builds util/NAME_bench/NAME_bench.c
# three times (this library from BUILD_DIR's libcrypto_static.a, libsodium,
# OpenSSL 3 via libssl-dev), runs ROUNDS rounds (default 5), each round the
# three programs one after the other, and prints the medians and the speed
# ratios (ours/PEER > 1 means this library is faster). See peer_bench.h.
#
# Environment: TSC_GHZ for the cycles/byte column (default: see
# tsc_ghz.sh); OPENSSL_ia32cap is passed to all three programs (it
# masks features in both this library and OpenSSL); CC (default cc).
set -eu

if [ $# -lt 2 ]; then
  echo "usage: $0 NAME BUILD_DIR [ROUNDS]" >&2
  exit 2
fi
name=$1
build=$(cd "$2" && pwd)
rounds=${3:-5}
here=$(cd "$(dirname "$0")" && pwd)
src=$(cd "$here/../.." && pwd)
file="$src/util/${name}_bench/${name}_bench.c"
out="$build/${name}_bench"
mkdir -p "$out"
cc=${CC:-cc}

ninja -C "$build" crypto_static >&2
"$cc" -O2 -DBENCH_OURS -I"$src/include" "$file" \
  "$build/libcrypto_static.a" -lpthread -o "$out/bench_ours"
"$cc" -O2 -DBENCH_SODIUM "$file" -lsodium -o "$out/bench_sodium"
"$cc" -O2 -DBENCH_OPENSSL "$file" -lcrypto -o "$out/bench_openssl"

results="$out/results.txt"
: > "$results"
i=1
while [ "$i" -le "$rounds" ]; do
  for prog in ours sodium openssl; do
    "$out/bench_$prog" >> "$results"
  done
  i=$((i + 1))
done
"$out/bench_ours" --report "$("$here/tsc_ghz.sh")" < "$results"
