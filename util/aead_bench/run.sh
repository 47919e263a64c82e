#!/bin/sh
# Copyright 2026 The project authors.
#
# util/aead_bench/run.sh BUILD_DIR [ROUNDS]: whole ChaCha20-Poly1305
# records (seal and open) against libsodium and OpenSSL 3; see
# aead_bench.c for why, and util/bench/run.sh for the options.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
exec "$here/../bench/run.sh" aead "$@"
