#!/bin/sh
# Copyright 2026 The project authors.
#
# util/batch_bench/run.sh BUILD_DIR [HASHTREE_DIR] [ROUNDS]: builds
# util/batch_bench/batch_bench.c against BUILD_DIR's libcrypto_static.a and,
# if HASHTREE_DIR is given, against hashtree's own build there
# (HASHTREE_DIR/build/lib/libhashtree.a and HASHTREE_DIR/src/hashtree.h;
# this script neither fetches nor builds it), then runs ROUNDS (default 5)
# alternating rounds and prints the medians (see batch_bench.c).
set -eu

if [ $# -lt 1 ]; then
  echo "usage: $0 BUILD_DIR [HASHTREE_DIR] [ROUNDS]" >&2
  exit 2
fi
build=$(cd "$1" && pwd)
ht=${2:-}
rounds=${3:-5}
here=$(cd "$(dirname "$0")" && pwd)
src=$(cd "$here/../.." && pwd)
cc=${CC:-cc}

ninja -C "$build" crypto_static >&2
set -- -O2 -I"$src/include" "$here/batch_bench.c" "$build/libcrypto_static.a"
if [ -n "$ht" ]; then
  set -- -DBENCH_HASHTREE -I"$ht/src" "$@" "$ht/build/lib/libhashtree.a"
fi
"$cc" "$@" -lpthread -o "$build/batch_bench"
"$build/batch_bench" "$rounds"
