# Copyright 2026 The project authors.
#
# Sourced by the util/run-*.sh scripts: ensure_packages PKG... installs the
# Debian packages that are missing (apt-get update once, then install -y).
# It needs root or sudo only when something is missing.

ensure_packages() {
  local missing=()
  local p
  for p in "$@"; do
    if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed"; then
      missing+=("$p")
    fi
  done
  if [ ${#missing[@]} -eq 0 ]; then
    return 0
  fi
  echo "installing missing packages: ${missing[*]}" >&2
  local sudo=""
  if [ "$(id -u)" -ne 0 ]; then
    sudo="sudo"
  fi
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
}

# The toolchain every build needs.
BASE_PACKAGES=(cmake ninja-build gcc g++ perl golang-go libgtest-dev)
