#!/bin/sh
# Copyright 2026 The project authors.
#
# util/consumer/test.sh [static|shared|both]   (default: both)
#
# Checks that an installed Bittern is usable from outside the tree:
#   1. configures and builds libcrypto (tests off) in a temporary directory
#      and installs it with `cmake --install` into a temporary prefix;
#   2. compiles every installed header on its own, as C11 and as C++17;
#   3. for a shared build, checks that the library exports exactly the
#      functions the public headers declare OPENSSL_EXPORT (nm -D);
#   4. builds util/consumer with CMake's find_package(Bittern) and runs it;
#   5. builds util/consumer/main.c with plain `cc $(pkg-config ...)` and
#      runs it.
# It exits non-zero on the first failure. Environment: CC, CXX (compilers,
# default cc/c++), JOBS (parallel build jobs, default 2), KEEP=1 (keep the
# temporary directory and print its path).

set -eu

kinds=${1:-both}
case "$kinds" in
  static | shared) ;;
  both) kinds="static shared" ;;
  *)
    echo "usage: $0 [static|shared|both]" >&2
    exit 2
    ;;
esac

root=$(cd "$(dirname "$0")/../.." && pwd)
consumer="$root/util/consumer"
CC=${CC:-cc}
CXX=${CXX:-c++}
JOBS=${JOBS:-2}
export CC CXX

tmp=$(mktemp -d "${TMPDIR:-/tmp}/bittern-consumer.XXXXXX")
if [ "${KEEP:-0}" = 1 ]; then
  echo "keeping $tmp"
else
  trap 'rm -rf "$tmp"' EXIT
fi

step() { printf '\n== %s\n' "$*"; }

for kind in $kinds; do
  if [ "$kind" = shared ]; then shared=ON; else shared=OFF; fi
  build="$tmp/$kind/build"
  prefix="$tmp/$kind/prefix"

  step "$kind: build and install into $prefix"
  cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
    -DBUILD_TESTING=OFF -DBUILD_SHARED_LIBS="$shared" \
    -DCMAKE_INSTALL_PREFIX="$prefix" >"$tmp/$kind.configure.log" ||
    { cat "$tmp/$kind.configure.log"; exit 1; }
  ninja -C "$build" -j"$JOBS" crypto
  cmake --install "$build" --prefix "$prefix" >/dev/null

  pc=$(find "$prefix" -name bittern.pc | head -n 1)
  [ -n "$pc" ] || { echo "FAIL: no bittern.pc installed" >&2; exit 1; }
  libdir=$(dirname "$(dirname "$pc")")
  [ -f "$prefix/lib/cmake/Bittern/BitternConfig.cmake" ] ||
    [ -f "$libdir/cmake/Bittern/BitternConfig.cmake" ] ||
    { echo "FAIL: no BitternConfig.cmake installed" >&2; exit 1; }

  step "$kind: every installed header compiles on its own (C11, C++17)"
  nheaders=0
  for h in "$prefix"/include/openssl/*.h; do
    nheaders=$((nheaders + 1))
    name=$(basename "$h")
    printf '#include <openssl/%s>\n' "$name" >"$tmp/hdr.c"
    "$CC" -std=c11 -Wall -Wextra -pedantic -Werror -I"$prefix/include" \
      -c "$tmp/hdr.c" -o "$tmp/hdr.o"
    "$CXX" -std=c++17 -x c++ -Wall -Wextra -pedantic -Werror \
      -I"$prefix/include" -c "$tmp/hdr.c" -o "$tmp/hdr.o"
  done
  echo "ok: $nheaders headers"

  if [ "$kind" = shared ]; then
    step "shared: exported symbols = OPENSSL_EXPORT declarations"
    so=$(find "$libdir" -maxdepth 1 -name 'libbittern_crypto.so.*' -type f |
      head -n 1)
    [ -n "$so" ] || { echo "FAIL: no libbittern_crypto.so.*" >&2; exit 1; }
    nm -D --defined-only "$so" | awk '{print $NF}' |
      grep -v -E '^(_init|_fini|_edata|_end|__bss_start)$' |
      sort -u >"$tmp/exported.txt"
    # The name before the first '(' of every OPENSSL_EXPORT declaration,
    # once comments and preprocessor lines are stripped.
    perl -0777 -ne \
      's{//[^\n]*}{}g; s{/\*.*?\*/}{}gs; s{^\s*#[^\n]*}{}mg;
       while (/OPENSSL_EXPORT\b[^;{}()]*?\b(\w+)\s*\(/g) { print "$1\n" }' \
      "$prefix"/include/openssl/*.h | sort -u >"$tmp/declared.txt"
    extra=$(comm -23 "$tmp/exported.txt" "$tmp/declared.txt")
    if [ -n "$extra" ]; then
      echo "FAIL: exported but not declared OPENSSL_EXPORT:" >&2
      echo "$extra" >&2
      exit 1
    fi
    missing=$(comm -13 "$tmp/exported.txt" "$tmp/declared.txt")
    if [ -n "$missing" ]; then
      # Declared in a header but not defined yet: callers would fail to
      # link, so this is an error too.
      echo "FAIL: declared OPENSSL_EXPORT but not exported:" >&2
      echo "$missing" >&2
      exit 1
    fi
    echo "ok: $(wc -l <"$tmp/exported.txt") exported symbols, all declared"
  fi

  step "$kind: consumer with find_package(Bittern)"
  cmake -S "$consumer" -B "$tmp/$kind/cmake-consumer" -G Ninja \
    -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_BUILD_TYPE=Release \
    >"$tmp/$kind.consumer.log" ||
    { cat "$tmp/$kind.consumer.log"; exit 1; }
  cmake --build "$tmp/$kind/cmake-consumer"
  "$tmp/$kind/cmake-consumer/consumer"

  step "$kind: consumer with pkg-config"
  export PKG_CONFIG_PATH="$libdir/pkgconfig"
  if [ "$kind" = static ]; then static=--static; else static=; fi
  # shellcheck disable=SC2046,SC2086  # word splitting of the flags is meant
  "$CC" -std=c11 -Wall -Wextra -Werror $(pkg-config --cflags bittern) \
    "$consumer/main.c" -o "$tmp/$kind/pc-consumer" \
    $(pkg-config --libs $static bittern)
  LD_LIBRARY_PATH="$libdir${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" \
    "$tmp/$kind/pc-consumer"
  if [ "$kind" = shared ]; then
    # The pkg-config build must really use the shared library.
    LD_LIBRARY_PATH="$libdir" ldd "$tmp/$kind/pc-consumer" |
      grep -q libbittern_crypto ||
      { echo "FAIL: pc-consumer does not load libbittern_crypto" >&2; exit 1; }
  fi
done

printf '\nconsumer test: PASS (%s)\n' "$kinds"
