#!/usr/bin/env bash
# Copyright 2026 The project authors.
#
# run.sh [-asan] BUILD VECTORS_DIR: every test of the provider module
# (provider/README.md), for util/run-tests.sh's "provider" steps:
#   exports   bittern.so exports only OSSL_provider_init and needs no libcrypto
#   provider_test  in-process: params, differential, bad input, TLS 1.3 and
#             1.2 over a socket pair (64 MiB each way), bad_record_mac
#   cli       openssl dgst/mac/kdf/enc known answers (cli_test.pl)
#   openssl speed  each algorithm bench.pl times runs through the module
#   s_server/s_client, nginx + curl (256 MiB)
# With -asan (an ASan+UBSan build) only the checks whose executables carry
# the sanitizer runtime run: exports and provider_test; the system's openssl,
# nginx and curl cannot load an instrumented module without it.
# Ends with "N passed, N failed" over all of them.
set -uo pipefail
asan=0
if [ "${1:-}" = "-asan" ]; then
  asan=1
  shift
fi
build=$(cd "$1" && pwd)
vectors=${2:-}
here=$(cd "$(dirname "$0")" && pwd)
total_pass=0
total_fail=0

# tally OUTPUT STATUS: adds OUTPUT's "N passed, N failed" (or the status).
tally() {
  local line
  line=$(printf '%s\n' "$1" | grep -E '^[0-9]+ passed, [0-9]+ failed' | tail -1)
  if [ -n "$line" ]; then
    total_pass=$((total_pass + ${line%% *}))
    local f=${line#*, }
    total_fail=$((total_fail + ${f%% *}))
    [ "$2" -ne 0 ] && [ "${f%% *}" -eq 0 ] && total_fail=$((total_fail + 1))
  elif [ "$2" -eq 0 ]; then
    total_pass=$((total_pass + 1))
  else
    total_fail=$((total_fail + 1))
  fi
}

# run_step NAME SECONDS CMD...: runs CMD bounded in time and tallies it.
run_step() {
  local name=$1 limit=$2
  shift 2
  echo "--- provider: $name"
  local start=$SECONDS out status
  if [ "$(type -t "$1")" = function ]; then
    out=$("$@" 2>&1)
  else
    out=$(timeout "$limit" "$@" 2>&1)
  fi
  status=$?
  printf '%s\n' "$out"
  echo "--- provider: $name: status $status, $((SECONDS - start)) s"
  tally "$out" "$status"
}

check_exports() {
  local so="$build/bittern.so" syms
  syms=$(nm -D --defined-only "$so" | awk '{print $3}')
  if [ "$syms" != "OSSL_provider_init" ]; then
    echo "FAIL: bittern.so exports: $syms"
    return 1
  fi
  echo "PASS: bittern.so exports only OSSL_provider_init"
  if readelf -d "$so" | grep NEEDED | grep -q 'libcrypto\|libssl'; then
    echo "FAIL: bittern.so links OpenSSL: $(readelf -d "$so" | grep NEEDED)"
    return 1
  fi
  echo "PASS: bittern.so does not link OpenSSL's libraries"
}

# check_speed: OpenSSL's own benchmark runs every algorithm bench.pl times
# through the module (provider options first: openssl speed fetches an -evp
# cipher when it parses -evp), and the module's counters show it did.
check_speed() {
  local counters fail=0 b flag alg counter out
  counters=$(mktemp)
  for b in "-evp chacha20-poly1305 ChaCha20-Poly1305" "-evp chacha20 ChaCha20" \
      "-evp sha256 SHA2-256" "-hmac sha256 HMAC"; do
    read -r flag alg counter <<<"$b"
    : >"$counters"
    out=$(BITTERN_PROVIDER_COUNTERS=$counters openssl speed -mr -seconds 1 \
      -bytes 256 -provider-path "$build" -provider bittern -provider default \
      -propquery provider=bittern "$flag" "$alg" 2>&1)
    if printf '%s\n' "$out" | grep -q '^+F:' &&
        grep -Eq "^$counter calls=[1-9]" "$counters"; then
      echo "PASS: openssl speed $flag $alg ran in the provider"
    else
      echo "FAIL: openssl speed $flag $alg: $(printf '%s\n' "$out" | tail -3)"
      grep "^$counter " "$counters"
      fail=1
    fi
  done
  rm -f "$counters"
  return $fail
}

run_step exports 10 check_exports
run_step provider_test 300 "$build/provider_test" "$build"
if [ "$asan" -eq 0 ]; then
  if [ -n "$vectors" ]; then
    run_step cli 300 perl "$here/cli_test.pl" "$build" "$vectors"
  else
    echo "--- provider: cli skipped: no vectors directory given"
  fi
  run_step "openssl speed" 60 check_speed
  run_step "s_server/s_client" 120 "$here/sclient_test.sh" "$build"
  run_step "nginx + curl" 300 "$here/nginx_test.sh" "$build"
fi
echo "$total_pass passed, $total_fail failed"
[ "$total_fail" -eq 0 ]
