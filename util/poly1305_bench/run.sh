#!/bin/sh
# Copyright 2026 The project authors.
#
# util/poly1305_bench/run.sh BUILD_DIR [ROUNDS]: one-shot Poly1305 against
# libsodium and OpenSSL 3 (util/bench/run.sh poly1305: the options and the
# output are described there). With ROWS set (x86-64
# only, e.g. ROWS="x86_64 avx2 avx512ifma") it also builds rows_tsc.c and
# prints its table: TSC ticks per byte of this library's rows side by side
# (short batches, steadier than the ~20 ms batches above on a busy host).
set -eu

if [ $# -lt 1 ]; then
  echo "usage: $0 BUILD_DIR [ROUNDS]" >&2
  exit 2
fi
here=$(cd "$(dirname "$0")" && pwd)
"$here/../bench/run.sh" poly1305 "$@"

if [ -n "${ROWS:-}" ]; then
  build=$(cd "$1" && pwd)
  src=$(cd "$here/../.." && pwd)
  "${CC:-cc}" -O2 -I"$src/include" -I"$src" "$here/rows_tsc.c" \
    "$build/libcrypto_static.a" -lpthread -o "$build/poly1305_bench/rows_tsc"
  # shellcheck disable=SC2086  # ROWS is a list of row names
  "$build/poly1305_bench/rows_tsc" $ROWS
fi
