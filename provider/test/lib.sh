# Copyright 2026 The project authors.
#
# lib.sh: shared by the provider's shell tests (sourced).
#   BUILD   the build directory holding bittern.so (set by the caller)
# Gives: $tmp (removed at exit, with every process started by `started`),
# make_cert, bittern_env (the OPENSSL_CONF/OPENSSL_MODULES that load the
# provider through the example config), pass/fail counting, free_port,
# counter_sum.

set -uo pipefail
src=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
tmp=$(mktemp -d /tmp/bittern-provider-test.XXXXXX)
pids=()
cleanup() {
  local p
  for p in "${pids[@]}"; do
    kill "$p" 2>/dev/null
  done
  wait 2>/dev/null
  rm -rf "$tmp"
}
trap cleanup EXIT

passed=0
failed=0
pass() { passed=$((passed + 1)); echo "PASS: $*"; }
fail() { failed=$((failed + 1)); echo "FAIL: $*"; }
finish() {
  echo "$passed passed, $failed failed"
  [ "$failed" -eq 0 ]
}

# started PID: remember a background process to stop at exit.
started() { pids+=("$1"); }

# make_cert: a P-256 self-signed certificate for localhost in $tmp.
make_cert() {
  openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes \
    -keyout "$tmp/key.pem" -out "$tmp/cert.pem" -subj /CN=localhost \
    -addext subjectAltName=DNS:localhost,IP:127.0.0.1 -days 1 2>/dev/null
}

# bittern_env: the environment that loads the provider for any OpenSSL 3
# program through the example config (the README's recipe).
bittern_env=(OPENSSL_CONF="$src/openssl-provider.cnf"
             OPENSSL_MODULES="$BUILD")

# free_port prints a TCP port on 127.0.0.1 nobody listens on now.
free_port() {
  local p
  for _ in $(seq 50); do
    p=$((20000 + RANDOM % 40000))
    if ! (exec 3<>"/dev/tcp/127.0.0.1/$p") 2>/dev/null; then
      echo "$p"
      return 0
    fi
  done
  return 1
}

# counter_sum FILE ALG FIELD: the sum of FIELD ("calls"/"bytes") of ALG over
# every process's dump in FILE (written by the provider at teardown when
# BITTERN_PROVIDER_COUNTERS names it).
counter_sum() {
  awk -v alg="$2" -v field="$3" '
    $1 == alg { for (i = 2; i <= NF; i++) { split($i, kv, "=");
                if (kv[1] == field) s += kv[2] } }
    END { printf "%d\n", s }' "$1" 2>/dev/null || echo 0
}
