#!/usr/bin/env bash
# Copyright 2026 The project authors.
#
# Builds the library and bssl (Release, with assembly) in build/, installing
# any missing Debian package first, then runs `bssl speed` with the given
# arguments (for example: util/run-speed.sh -filter SHA-256).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
. "$root/util/deps.sh"
ensure_packages "${BASE_PACKAGES[@]}"
cmake -S "$root" -B "$root/build" -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
ninja -C "$root/build" bssl >/dev/null
exec "$root/build/bssl" speed "$@"
