#!/bin/sh
# Copyright 2026 The project authors.
#
# util/consumer/test.sh [static|shared|prefix|all]   (default: all)
#
# Checks that an installed Bittern is usable from outside the tree. For
# `static` and `shared` it
#   1. configures and builds libcrypto (tests off) in a temporary directory
#      and installs it with `cmake --install` into a temporary prefix;
#   2. compiles every installed header on its own, as C11 and as C++17
#      (the stubs for OpenSSL headers Bittern lacks must fail instead);
#   3. for a shared build, checks that the library exports exactly the
#      functions the public headers declare OPENSSL_EXPORT (nm -D);
#   4. builds util/consumer with CMake's find_package(Bittern) and runs it;
#   5. builds util/consumer/main.c with plain `cc $(pkg-config ...)` and
#      runs it;
#   6. runs the caller corpus against the install (util/callers/run.sh:
#      pkg-config and find_package builds, answers compared with the system
#      OpenSSL's, mixed headers refused).
# For `prefix` it builds a static library with -DBITTERN_PREFIX=bittern_ci,
# installs it, checks with nm that the archive defines no global symbol
# without the prefix, and links util/callers/prefix/ (Bittern and the
# system libcrypto.so in one program) and runs it: SHA-256, HMAC-SHA256
# and ChaCha20-Poly1305 must agree between the two libraries.
# It exits non-zero on the first failure. Environment: CC, CXX (compilers,
# default cc/c++), JOBS (parallel build jobs, default 2), KEEP=1 (keep the
# temporary directory and print its path).

set -eu

kinds=${1:-all}
case "$kinds" in
  static | shared | prefix) ;;
  both) kinds="static shared" ;;
  all) kinds="static shared prefix" ;;
  *)
    echo "usage: $0 [static|shared|prefix|all]" >&2
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
  if [ "$kind" = prefix ]; then sym_prefix=bittern_ci; else sym_prefix=; fi
  build="$tmp/$kind/build"
  prefix="$tmp/$kind/prefix"

  step "$kind: build and install into $prefix"
  cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
    -DBUILD_TESTING=OFF -DBUILD_SHARED_LIBS="$shared" \
    -DBITTERN_PREFIX="$sym_prefix" \
    -DCMAKE_INSTALL_PREFIX="$prefix" >"$tmp/$kind.configure.log" ||
    { cat "$tmp/$kind.configure.log"; exit 1; }
  # Every default target (the library, bssl and, where OpenSSL 3's headers
  # are found, the provider module): `cmake --install` installs them all.
  ninja -C "$build" -j"$JOBS"
  cmake --install "$build" --prefix "$prefix" >/dev/null

  pc=$(find "$prefix" -name bittern.pc | head -n 1)
  [ -n "$pc" ] || { echo "FAIL: no bittern.pc installed" >&2; exit 1; }
  libdir=$(dirname "$(dirname "$pc")")
  [ -f "$prefix/lib/cmake/Bittern/BitternConfig.cmake" ] ||
    [ -f "$libdir/cmake/Bittern/BitternConfig.cmake" ] ||
    { echo "FAIL: no BitternConfig.cmake installed" >&2; exit 1; }

  if [ "$kind" = prefix ]; then
    step "prefix: no global symbol without the prefix; beside libcrypto.so"
    archive=$(find "$libdir" -maxdepth 1 -name 'libbittern_crypto.a' | head -n 1)
    [ -n "$archive" ] || { echo "FAIL: no libbittern_crypto.a" >&2; exit 1; }
    nm -g -P --defined-only "$archive" | awk 'NF >= 2 && $2 ~ /^[A-Z]$/ {print $1}' |
      sort -u >"$tmp/prefix.syms"
    if grep -v '^bittern_ci_' "$tmp/prefix.syms" >"$tmp/unprefixed.syms"; then
      echo "FAIL: global symbols without the prefix:" >&2
      cat "$tmp/unprefixed.syms" >&2
      exit 1
    fi
    echo "ok: $(wc -l <"$tmp/prefix.syms") global symbols, all bittern_ci_*"
    sbs="$root/util/callers/prefix"
    export PKG_CONFIG_PATH="$libdir/pkgconfig"
    # shellcheck disable=SC2046  # word splitting of the flags is meant
    "$CC" -std=c11 -Wall -Wextra -Werror $(pkg-config --cflags bittern) \
      -MD -MF "$tmp/ours.d" -c "$sbs/ours.c" -o "$tmp/ours.o"
    if grep -q '/usr/include/openssl/' "$tmp/ours.d"; then
      echo "FAIL: ours.c read a system OpenSSL header" >&2
      exit 1
    fi
    # shellcheck disable=SC2046
    "$CC" -std=c11 -Wall -Wextra -Werror $(pkg-config --cflags libcrypto) \
      -c "$sbs/theirs.c" -o "$tmp/theirs.o"
    "$CC" -std=c11 -Wall -Wextra -Werror -c "$sbs/main.c" -o "$tmp/main.o"
    # shellcheck disable=SC2046
    "$CC" "$tmp/main.o" "$tmp/ours.o" "$tmp/theirs.o" -o "$tmp/side_by_side" \
      $(pkg-config --libs --static bittern) $(pkg-config --libs libcrypto)
    # One binary: Bittern's SHA256 under its prefix, OpenSSL's from the .so.
    nm "$tmp/side_by_side" | grep -q ' T bittern_ci_SHA256$' ||
      { echo "FAIL: no bittern_ci_SHA256 in the program" >&2; exit 1; }
    nm -D "$tmp/side_by_side" | grep -q ' U EVP_Digest' ||
      { echo "FAIL: EVP_Digest does not come from libcrypto.so" >&2; exit 1; }
    "$tmp/side_by_side"
    continue
  fi

  step "$kind: every installed header compiles on its own (C11, C++17)"
  nheaders=0
  nstubs=0
  for h in "$prefix"/include/openssl/*.h; do
    name=$(basename "$h")
    printf '#include <openssl/%s>\n' "$name" >"$tmp/hdr.c"
    if grep -q BITTERN_MISSING_HEADER "$h"; then
      # A stub for an OpenSSL header Bittern lacks: it must stop the build.
      if "$CC" -std=c11 -I"$prefix/include" -c "$tmp/hdr.c" \
        -o "$tmp/hdr.o" 2>/dev/null; then
        echo "FAIL: stub <openssl/$name> compiled" >&2
        exit 1
      fi
      nstubs=$((nstubs + 1))
      continue
    fi
    nheaders=$((nheaders + 1))
    "$CC" -std=c11 -Wall -Wextra -pedantic -Werror -I"$prefix/include" \
      -c "$tmp/hdr.c" -o "$tmp/hdr.o"
    "$CXX" -std=c++17 -x c++ -Wall -Wextra -pedantic -Werror \
      -I"$prefix/include" -c "$tmp/hdr.c" -o "$tmp/hdr.o"
  done
  echo "ok: $nheaders headers, $nstubs stubs for OpenSSL headers that refuse"

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

  step "$kind: the caller corpus (util/callers)"
  "$root/util/callers/run.sh" "$prefix" "$tmp/$kind/callers" "$kind"
done

printf '\nconsumer test: PASS (%s)\n' "$kinds"
