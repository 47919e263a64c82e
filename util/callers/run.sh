#!/bin/sh
# Copyright 2026 The project authors.
#
# util/callers/run.sh PREFIX WORKDIR [static|shared]
#
# Builds the caller corpus (util/callers/*.c: small programs written the way
# OpenSSL 3 and BoringSSL users write them) against the Bittern installed in
# PREFIX (`cmake --install`), twice: with `cc $(pkg-config ...)` and with
# CMake's find_package(Bittern). Both with -Wall -Wextra -Werror, and the
# compiler's dependency output must show every <openssl/...> header read
# from PREFIX and none from /usr/include/openssl. It runs each program and
# compares its output with the system OpenSSL's answer: the same source
# built against the system libcrypto for the portable programs, and
# reference/openssl_ref.c (OpenSSL 3's own API) for those using
# BoringSSL-only functions. Then it checks that mixing the two libraries'
# headers fails with the named error. Exits non-zero on the first failure.
# Needs libssl-dev and pkg-config. Environment: CC (default cc).

set -eu

[ $# -ge 2 ] || { echo "usage: $0 PREFIX WORKDIR [static|shared]" >&2; exit 2; }
prefix=$1
work=$2
kind=${3:-static}
here=$(cd "$(dirname "$0")" && pwd)
CC=${CC:-cc}
mkdir -p "$work/pc" "$work/sys"

fail() { echo "FAIL: $*" >&2; exit 1; }

portable="digest_loop evp_digest version_gate hmac_ctx legacy_sha rand"
boringssl_style="hkdf aead quic_hp"
all="$portable $boringssl_style"

pc=$(find "$prefix" -name bittern.pc | head -n 1)
[ -n "$pc" ] || fail "no bittern.pc under $prefix"
libdir=$(dirname "$(dirname "$pc")")
export PKG_CONFIG_PATH="$libdir/pkgconfig"
if [ "$kind" = static ]; then static=--static; else static=; fi
runpath="$libdir${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"

# check_deps FILE...: dependency lists (make syntax or `ninja -t deps`) must
# name Bittern's headers and no other <openssl/...> header (paths compared
# once resolved: pkg-config gives PREFIX/lib/pkgconfig/../../include).
ours=$(realpath "$prefix/include/openssl")
check_deps() {
  grep -h -o '[^ :\\]*openssl/[A-Za-z0-9_]*\.h' "$@" | sort -u |
    while read -r h; do
      case $(realpath -m "$h") in
        "$ours"/*) echo ours ;;
        *) echo "foreign $h" ;;
      esac
    done | sort -u >"$work/deps.txt"
  if grep '^foreign' "$work/deps.txt" >&2; then
    fail "<openssl/...> headers read from outside $prefix"
  fi
  grep -q '^ours$' "$work/deps.txt" ||
    fail "no Bittern header in the dependency output ($*)"
}

echo "-- callers ($kind): pkg-config builds"
for p in $all; do
  # shellcheck disable=SC2046,SC2086  # word splitting of the flags is meant
  "$CC" -std=c11 -Wall -Wextra -Werror -MD -MF "$work/pc/$p.d" \
    $(pkg-config --cflags bittern) "$here/$p.c" -o "$work/pc/$p" \
    $(pkg-config --libs $static bittern)
done
check_deps "$work"/pc/*.d

echo "-- callers ($kind): find_package builds"
cmake -S "$here" -B "$work/cmake" -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_PREFIX_PATH="$prefix" >"$work/cmake.log" ||
  { cat "$work/cmake.log"; exit 1; }
cmake --build "$work/cmake" >"$work/cmake-build.log" ||
  { cat "$work/cmake-build.log"; exit 1; }
ninja -C "$work/cmake" -t deps >"$work/cmake.deps"
check_deps "$work/cmake.deps"

echo "-- callers ($kind): the system OpenSSL's answers"
# shellcheck disable=SC2046  # word splitting of the flags is meant
"$CC" -std=c11 -Wall -Wextra -Werror "$here/reference/openssl_ref.c" \
  -o "$work/sys/openssl_ref" $(pkg-config --cflags --libs libcrypto)
for p in $portable; do
  # shellcheck disable=SC2046
  "$CC" -std=c11 -Wall -Wextra -Werror "$here/$p.c" -o "$work/sys/$p" \
    $(pkg-config --cflags --libs libcrypto)
done

n=0
for p in $all; do
  LD_LIBRARY_PATH="$runpath" "$work/pc/$p" >"$work/$p.pc.out" 2>"$work/$p.err" ||
    fail "$p (pkg-config build) exited non-zero"
  LD_LIBRARY_PATH="$runpath" "$work/cmake/$p" >"$work/$p.cmake.out" 2>>"$work/$p.err" ||
    fail "$p (find_package build) exited non-zero"
  cmp -s "$work/$p.pc.out" "$work/$p.cmake.out" ||
    fail "$p: the pkg-config and find_package builds disagree"
  case " $portable " in
    *" $p "*) "$work/sys/$p" >"$work/$p.want" 2>/dev/null ;;
    *) "$work/sys/openssl_ref" "$p" >"$work/$p.want" ;;
  esac
  if ! cmp -s "$work/$p.want" "$work/$p.pc.out"; then
    diff "$work/$p.want" "$work/$p.pc.out" | head -n 10 >&2
    fail "$p: Bittern's output differs from the system OpenSSL's"
  fi
  n=$((n + 1))
  echo "ok: $p ($(wc -l <"$work/$p.want") lines as OpenSSL)"
done
grep -q -x 'path: 3.0' "$work/version_gate.pc.out" ||
  fail "version_gate did not take its OpenSSL 3 path"

echo "-- callers ($kind): mixed and missing headers fail with the named error"
# must_fail NAME PATTERN CC-ARGS...: compiling must fail and print PATTERN.
must_fail() {
  name=$1 pattern=$2
  shift 2
  if "$CC" -std=c11 -c "$@" -o "$work/$name.o" >"$work/$name.log" 2>&1; then
    fail "$name: compiled, but should have stopped"
  fi
  grep -q -F "$pattern" "$work/$name.log" ||
    { cat "$work/$name.log" >&2; fail "$name: no '$pattern' in the error"; }
  echo "ok: $name stops with: $pattern"
}
# A header Bittern lacks, after one of Bittern's.
printf '#include <openssl/sha.h>\n#include <openssl/aes.h>\n' >"$work/missing.c"
must_fail missing 'Bittern does not provide <openssl/aes.h>' \
  -I"$prefix/include" "$work/missing.c"
# A system OpenSSL header first (its directory first on the path), then
# one that only Bittern has.
mkdir -p "$work/sysinc"
ln -sfn /usr/include/openssl "$work/sysinc/openssl"
printf '#include <openssl/evp.h>\n#include <openssl/aead.h>\n' >"$work/mixed.c"
must_fail mixed "Bittern's <openssl/...> headers and a system OpenSSL" \
  -I"$work/sysinc" -I"$prefix/include" "$work/mixed.c"

echo "callers ($kind): $n programs as OpenSSL, mixing refused"
