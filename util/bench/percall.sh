#!/usr/bin/env bash
# Copyright 2026 The project authors.
#
# util/bench/percall.sh BUILD_DIR BORINGSSL_BUILD_DIR [ROUNDS]
#
# Per-call cost against BoringSSL, OpenSSL 3 and libsodium: compiles
# util/bench/percall_bench.c (the items are listed there) once against this
# library (BUILD_DIR's libcrypto_static.a), once against BoringSSL (the
# libcrypto.a in BORINGSSL_BUILD_DIR, its headers from the source tree that
# build's CMakeCache.txt names, or from $BORINGSSL_INCLUDE), and once each
# against the system's OpenSSL 3 (libssl-dev) and libsodium
# (libsodium-dev); runs ROUNDS rounds (default 7), each round every program
# (PERCALL_PROCS times, below), starting with a different one each round;
# then prints one table per
# item and a summary of the medians of the per-round ratios.
#
# Nothing here fetches or builds BoringSSL: build it yourself from its
# public source (cmake -G Ninja -B B -DCMAKE_BUILD_TYPE=Release && ninja -C B
# crypto) and pass B.
#
# Environment: PERCALL_FILTER measures only the items whose name contains
# it (e.g. hmac); PERCALL_PROCS (default 3) is how many processes of each
# program a round runs, keeping each item's fastest: a process's address
# layout is random (ASLR), and some layouts make a call much slower for
# the life of the process, in every library alike (the 16-byte EVP_MD_CTX
# sequence ran ~60 or ~88 ns here, BoringSSL's 67 or 106, AMD Zen 5,
# 2026-12-02), which made single-process rounds swing by up to 1.5x; BORINGSSL_COMMIT names the commit when the source is not a
# git checkout; TSC_GHZ for the cycles/byte column (default: see
# tsc_ghz.sh);
# OPENSSL_ia32cap reaches this library, BoringSSL and OpenSSL alike; CC
# (default cc) and CXX (default c++, to link BoringSSL's C++ objects).
set -euo pipefail

if [ $# -lt 2 ]; then
  echo "usage: $0 BUILD_DIR BORINGSSL_BUILD_DIR [ROUNDS]" >&2
  exit 2
fi
build=$(cd "$1" && pwd)
bssl_build=$(cd "$2" && pwd)
rounds=${3:-7}
procs=${PERCALL_PROCS:-3}
here=$(cd "$(dirname "$0")" && pwd)
src=$(cd "$here/../.." && pwd)
file="$here/percall_bench.c"
out="$build/percall_bench"
mkdir -p "$out"
cc=${CC:-cc}
cxx=${CXX:-c++}

bssl_lib=
for f in "$bssl_build/libcrypto.a" "$bssl_build/crypto/libcrypto.a"; do
  if [ -f "$f" ]; then
    bssl_lib=$f
    break
  fi
done
if [ -z "$bssl_lib" ]; then
  echo "$0: no libcrypto.a in $bssl_build (ninja -C $bssl_build crypto)" >&2
  exit 1
fi
bssl_inc=${BORINGSSL_INCLUDE:-}
if [ -z "$bssl_inc" ] && [ -f "$bssl_build/CMakeCache.txt" ]; then
  bssl_src=$(sed -n 's/^CMAKE_HOME_DIRECTORY:INTERNAL=//p' \
    "$bssl_build/CMakeCache.txt")
  bssl_inc="$bssl_src/include"
fi
if [ ! -f "$bssl_inc/openssl/aead.h" ]; then
  echo "$0: no BoringSSL headers at '$bssl_inc' (set BORINGSSL_INCLUDE)" >&2
  exit 1
fi
commit=${BORINGSSL_COMMIT:-$(git -C "$bssl_inc/.." rev-parse --short=12 HEAD 2>/dev/null ||
  echo unknown)}

# OpenSSL 3 and libsodium come from Debian's packages (installed if missing,
# with sudo when not root).
. "$src/util/deps.sh"
ensure_packages libssl-dev libsodium-dev

ninja -C "$build" crypto_static >&2
"$cc" -O2 -DBENCH_OURS -I"$src/include" "$file" \
  "$build/libcrypto_static.a" -lpthread -o "$out/bench_ours"
"$cc" -O2 -DBENCH_BORINGSSL -I"$bssl_inc" -c "$file" -o "$out/boringssl.o"
"$cxx" "$out/boringssl.o" "$bssl_lib" -lpthread -o "$out/bench_boringssl"
"$cc" -O2 -DBENCH_OPENSSL "$file" -lcrypto -o "$out/bench_openssl"
"$cc" -O2 -DBENCH_SODIUM "$file" -lsodium -o "$out/bench_sodium"

progs="ours boringssl openssl sodium"
results="$out/results.txt"
: > "$results"
i=0
while [ "$i" -lt "$rounds" ]; do
  # Rotate the order so no program always runs first (or last) in a round.
  set -- $progs
  j=0
  while [ "$j" -lt $((i % 4)) ]; do
    first=$1
    shift
    set -- "$@" "$first"
    j=$((j + 1))
  done
  for prog in "$@"; do
    # Best of $procs processes: see PERCALL_PROCS above.
    : > "$out/procs.txt"
    k=0
    while [ "$k" -lt "$procs" ]; do
      "$out/bench_$prog" >> "$out/procs.txt"
      k=$((k + 1))
    done
    awk '{ key = $1 " " $2 " " $3
           if (!(key in best)) { keys[n++] = key; best[key] = $4 }
           else if ($4 + 0 < best[key] + 0) { best[key] = $4 } }
         END { for (i = 0; i < n; i++) print keys[i], best[keys[i]] }' \
      "$out/procs.txt" >> "$results"
  done
  i=$((i + 1))
done
echo "BoringSSL $commit ($bssl_lib); $(grep -m1 'model name' /proc/cpuinfo 2>/dev/null | sed 's/.*: //'); load $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null)"
echo
"$out/bench_ours" --report "$("$here/tsc_ghz.sh")" < "$results"
