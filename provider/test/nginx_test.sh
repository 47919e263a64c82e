#!/usr/bin/env bash
# Copyright 2026 The project authors.
#
# nginx_test.sh BUILD [MiB] [--no-provider-client]: nginx (Debian's, started
# here with its own prefix and config, on 127.0.0.1 and a free port, as a
# process of this test) serves a file (256 MiB by default) over HTTPS with
# only TLS 1.3 TLS_CHACHA20_POLY1305_SHA256 enabled and the provider loaded
# through its OpenSSL config (OPENSSL_CONF); curl downloads it with the
# provider loaded too. Checks: the download's SHA-256 equals the file's, and
# the provider's counters in the server's processes show the bytes.
# Also used by bench.sh: PROVIDER=0 runs both ends without the provider and
# prints the throughput only.
BUILD=$(cd "$1" && pwd)
mib=${2:-256}
. "$(dirname "$0")/lib.sh"
use_provider=${PROVIDER:-1}
if [ "$use_provider" = 1 ]; then
  envs=("${bittern_env[@]}")
else
  envs=(OPENSSL_CONF=/dev/null)
fi

nginx_bin=$(command -v nginx || echo /usr/sbin/nginx)
make_cert || { fail "certificate"; finish; exit 1; }
mkdir -p "$tmp/www" "$tmp/logs" "$tmp/temp"
# A file of pseudo-random bytes (fast to make, not compressible).
openssl enc -chacha20 -K "$(printf '%064d' 0)" -iv "$(printf '%032d' 0)" \
  -in <(head -c $((mib << 20)) /dev/zero) -out "$tmp/www/big.bin"
want=$(sha256sum < "$tmp/www/big.bin" | cut -d' ' -f1)

start_nginx() {
  local port=$1
  local user_line=""
  [ "$(id -u)" -eq 0 ] && user_line="user root;"
  cat > "$tmp/nginx.conf" <<CONF
$user_line
daemon off;
worker_processes 1;
pid $tmp/nginx.pid;
error_log $tmp/logs/error.log info;
# The workers keep these (nginx clears the rest of the environment).
env OPENSSL_CONF;
env OPENSSL_MODULES;
env BITTERN_PROVIDER_COUNTERS;
events { worker_connections 32; }
http {
  access_log $tmp/logs/access.log;
  client_body_temp_path $tmp/temp/body;
  proxy_temp_path $tmp/temp/proxy;
  fastcgi_temp_path $tmp/temp/fastcgi;
  uwsgi_temp_path $tmp/temp/uwsgi;
  scgi_temp_path $tmp/temp/scgi;
  server {
    listen 127.0.0.1:$port ssl;
    ssl_certificate $tmp/cert.pem;
    ssl_certificate_key $tmp/key.pem;
    ssl_protocols TLSv1.3;
    ssl_conf_command Ciphersuites TLS_CHACHA20_POLY1305_SHA256;
    root $tmp/www;
  }
}
CONF
  env "${envs[@]}" BITTERN_PROVIDER_COUNTERS="$tmp/server.counters" \
    "$nginx_bin" -p "$tmp" -c "$tmp/nginx.conf" -e "$tmp/logs/error.log" \
    > "$tmp/logs/nginx.out" 2>&1 &
  nginx_pid=$!
  started $nginx_pid
  for _ in $(seq 50); do
    if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
      return 0
    fi
    kill -0 $nginx_pid 2>/dev/null || return 1
    sleep 0.1
  done
  return 1
}

port=""
for _ in 1 2 3; do
  port=$(free_port) && start_nginx "$port" && break
  port=""
done
if [ -z "$port" ]; then
  fail "nginx did not start: $(cat "$tmp/logs/error.log" "$tmp/logs/nginx.out" 2>/dev/null | tail -5)"
  finish
  exit 1
fi

speed=$(env "${envs[@]}" BITTERN_PROVIDER_COUNTERS="$tmp/client.counters" \
  timeout 120 curl -sS --fail --tlsv1.3 \
    --tls13-ciphers TLS_CHACHA20_POLY1305_SHA256 --cacert "$tmp/cert.pem" \
    --resolve "localhost:$port:127.0.0.1" -o "$tmp/download" \
    -w '%{speed_download} %{ssl_verify_result}' \
    "https://localhost:$port/big.bin" 2> "$tmp/curl.err")
status=$?
# Graceful stop: the worker finishes, exits, and the provider's teardown
# writes its counters.
kill -QUIT $nginx_pid 2>/dev/null
wait $nginx_pid 2>/dev/null
got=$(sha256sum < "$tmp/download" 2>/dev/null | cut -d' ' -f1)
mbs=$(awk -v s="${speed%% *}" 'BEGIN { printf "%.1f", s / 1048576 }')
if [ "$use_provider" != 1 ]; then
  echo "throughput $mbs MiB/s (without the provider)"
  [ $status -eq 0 ] && [ "$got" = "$want" ]
  exit
fi
[ $status -eq 0 ] && [ "$got" = "$want" ] &&
  pass "curl downloaded $mib MiB from nginx intact ($mbs MiB/s)" ||
  fail "download: curl status $status, sha256 $got, want $want: $(cat "$tmp/curl.err")"
bytes=$(counter_sum "$tmp/server.counters" ChaCha20-Poly1305 bytes)
sha=$(counter_sum "$tmp/server.counters" SHA2-256 calls)
kdf=$(counter_sum "$tmp/server.counters" TLS13-KDF calls)
if [ "$bytes" -ge $((mib << 20)) ] && [ "$sha" -gt 0 ] && [ "$kdf" -gt 0 ]; then
  pass "nginx counters: ChaCha20-Poly1305 $bytes bytes, SHA2-256 $sha calls, TLS13-KDF $kdf calls"
else
  fail "nginx counters: ChaCha20-Poly1305 $bytes bytes, SHA2-256 $sha calls, TLS13-KDF $kdf calls ($(cat "$tmp/server.counters" 2>/dev/null | head -3))"
fi
cbytes=$(counter_sum "$tmp/client.counters" ChaCha20-Poly1305 bytes)
[ "$cbytes" -ge $((mib << 20)) ] &&
  pass "curl counters: ChaCha20-Poly1305 $cbytes bytes" ||
  fail "curl counters: ChaCha20-Poly1305 $cbytes bytes"
echo "throughput $mbs MiB/s (with the provider)"
finish
