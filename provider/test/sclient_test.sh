#!/usr/bin/env bash
# Copyright 2026 The project authors.
#
# sclient_test.sh BUILD: openssl s_server and s_client, each loading the
# provider through OPENSSL_CONF (the example config) and OPENSSL_MODULES,
# complete a TLS 1.3 TLS_CHACHA20_POLY1305_SHA256 transfer of 8 MiB over
# 127.0.0.1 (a free port the server picks); both processes' counters show
# the records ran in the provider.
BUILD=$(cd "$1" && pwd)
. "$(dirname "$0")/lib.sh"

make_cert || { fail "certificate"; finish; exit 1; }
mkdir -p "$tmp/www"
head -c $((8 << 20)) /dev/urandom > "$tmp/www/data.bin"
want=$(sha256sum < "$tmp/www/data.bin" | cut -d' ' -f1)

# -WWW serves files from the current directory; -naccept 1 exits after one
# connection, so the provider's counters are written at its teardown.
(cd "$tmp/www" && env "${bittern_env[@]}" \
  BITTERN_PROVIDER_COUNTERS="$tmp/server.counters" \
  timeout 60 openssl s_server -accept 127.0.0.1:0 -naccept 1 -WWW \
    -cert "$tmp/cert.pem" -key "$tmp/key.pem" -tls1_3 \
    -ciphersuites TLS_CHACHA20_POLY1305_SHA256 > "$tmp/server.out" 2>&1) &
server=$!
started $server
port=""
for _ in $(seq 100); do
  port=$(sed -n 's/^ACCEPT 127\.0\.0\.1:\([0-9]*\).*/\1/p' "$tmp/server.out")
  [ -n "$port" ] && break
  sleep 0.1
done
if [ -z "$port" ]; then
  fail "s_server did not start: $(cat "$tmp/server.out")"
  finish
  exit 1
fi

printf 'GET /data.bin HTTP/1.0\r\n\r\n' |
  env "${bittern_env[@]}" BITTERN_PROVIDER_COUNTERS="$tmp/client.counters" \
  timeout 60 openssl s_client -connect "127.0.0.1:$port" -brief -ign_eof -tls1_3 \
    -ciphersuites TLS_CHACHA20_POLY1305_SHA256 \
    > "$tmp/response" 2> "$tmp/client.err"
wait $server
# The body follows the header's blank line.
got=$(perl -0777 -ne 's/^.*?\r\n\r\n//s; print' "$tmp/response" |
      sha256sum | cut -d' ' -f1)
if grep -q "Ciphersuite: TLS_CHACHA20_POLY1305_SHA256" "$tmp/client.err" &&
   grep -q "Protocol version: TLSv1.3" "$tmp/client.err"; then
  pass "s_client negotiated TLSv1.3 TLS_CHACHA20_POLY1305_SHA256"
else
  fail "s_client: $(cat "$tmp/client.err")"
fi
[ "$got" = "$want" ] && pass "8 MiB over s_server -WWW arrived intact" ||
  fail "download sha256 $got, want $want"
for side in server client; do
  b=$(counter_sum "$tmp/$side.counters" ChaCha20-Poly1305 bytes)
  s=$(counter_sum "$tmp/$side.counters" SHA2-256 calls)
  k=$(counter_sum "$tmp/$side.counters" TLS13-KDF calls)
  if [ "$b" -ge $((8 << 20)) ] && [ "$s" -gt 0 ] && [ "$k" -gt 0 ]; then
    pass "$side counters: ChaCha20-Poly1305 $b bytes, SHA2-256 $s calls, TLS13-KDF $k calls"
  else
    fail "$side counters: ChaCha20-Poly1305 $b bytes, SHA2-256 $s calls, TLS13-KDF $k calls"
  fi
done
finish
