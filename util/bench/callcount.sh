#!/usr/bin/env bash
# Copyright 2026 The project authors.
#
# util/bench/callcount.sh OLD_BUILD NEW_BUILD [LENGTHS]
#
# Instructions per call of the public SHA-1/256/512, ChaCha20, Poly1305 and
# ChaCha20-Poly1305 seal functions in two builds of this library (their
# libcrypto_static.a), counted by callgrind: (count of N calls - count of
# 0 calls) / N. Unlike timings these are the same on a loaded machine, so
# they show whether a change to the C around the assembly (dispatch,
# drivers, glue) costs anything. valgrind runs neither AVX-512 nor the SHA
# extensions, so the rows it reaches are the AVX2 ones and below (what
# OPENSSL_ia32cap selects, if set); the assembly itself is compared by
# util/asm_flavours' byte-identical check, not here.
set -euo pipefail

if [ $# -lt 2 ]; then
  echo "usage: $0 OLD_BUILD NEW_BUILD [LENGTHS (default 16 256 1350 8192)]" >&2
  exit 2
fi
old=$1
new=$2
lengths=${3:-16 256 1350 8192}
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
N=1000

for v in old new; do
  dir=${!v}
  lib=$dir/libcrypto_static.a
  [ -f "$lib" ] || { echo "$lib: not found" >&2; exit 2; }
  # The public API these calls use is the same in every build; the headers
  # are this tree's.
  ${CC:-cc} -O2 -I"$root/include" "$here/callcount.c" "$lib" -lpthread \
    -o "$work/callcount_$v"
done

count() {
  valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 |
    awk '/refs:/ { gsub(",", "", $4); print $4 }'
}

printf '%-8s %6s %10s %10s %8s\n' function bytes old new new/old
for f in sha1 sha256 sha512 chacha poly seal; do
  for len in $lengths; do
    declare -A per
    for v in old new; do
      zero=$(count "$work/callcount_$v" "$f" "$len" 0)
      many=$(count "$work/callcount_$v" "$f" "$len" "$N")
      per[$v]=$(( (many - zero) / N ))
    done
    awk -v f="$f" -v l="$len" -v o="${per[old]}" -v n="${per[new]}" \
      'BEGIN { printf "%-8s %6d %10d %10d %7.3fx\n", f, l, o, n, n / o }'
  done
done
