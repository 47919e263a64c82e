#!/usr/bin/env bash
# Copyright 2026 The project authors.
#
# Builds and runs every test: the command the README gives and CI runs.
#
#   util/run-tests.sh              every configuration below
#   util/run-tests.sh gcc noasm    only the named ones
#
# Configurations (each its own build directory):
#   gcc     gcc, Release, assembly on, -Werror; the Go runner runs crypto_test
#           once per CPU-capability mask, and the bssl tool tests
#           (util/tool_test), as util/all_tests.json lists them; then the
#           instruction-coverage check (util/insn_coverage: each row's
#           predicate covers every instruction it can reach), which the
#           aarch64 and i686 configurations also run on their builds, and the
#           OpenSSL provider module's tests (provider/test/run.sh: exports,
#           in-process libssl, openssl CLI known answers, s_server/s_client,
#           nginx + curl; about 45 s)
#   asan    clang with AddressSanitizer + UndefinedBehaviorSanitizer, -Werror;
#           the same suites, and the provider's in-process tests
#   noasm   gcc with OPENSSL_NO_ASM (portable C only)
#   fuzz    the libFuzzer differential targets (clang, ASan+UBSan), each for
#           $FUZZ_SECONDS (default 20) seconds on its committed corpus
#   valgrind  the suite under valgrind memcheck and the constant-time checks
#           (util/run-valgrind.sh: a normal and a CONSTANT_TIME_VALIDATION build)
#   extras  the out-of-tree consumer (find_package and pkg-config), the
#           caller corpus checked against the system OpenSSL, the mixed-header
#           refusals and the BITTERN_PREFIX build beside libcrypto.so
#           (util/consumer/test.sh, util/callers/), and the assembly flavour
#           matrix (util/asm_flavours: every generator in every flavour,
#           hardening, Win64 under Wine, CPU-detection targets)
#   aarch64 cross-built with aarch64-linux-gnu-gcc; the runner runs the suite
#           under qemu-aarch64 for each CPU model and OPENSSL_armcap mask
#   i686    cross-built with i686-linux-gnu-gcc (static executables); the
#           runner runs the suite for each x86 mask natively where the kernel
#           runs i686 binaries (IA-32 emulation), so the SHA-NI rows run on
#           the CPU's own SHA extensions and the instruction-coverage check
#           covers them; elsewhere under qemu-i386 (which lacks them: the
#           SHA-NI rows run through crypto_test --emulate-sha-ni, and the
#           coverage check lists them as not checked)
#
# The public vector suites are read from $VECTORS_DIR, by default
# ../shared/vectors beside the checkout; without them those tests report
# themselves skipped by name. Missing Debian packages are installed first.
# The script ends with one line "N passed, N failed" summing every step and
# exits non-zero if anything failed.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
. "$root/util/deps.sh"

configs=("$@")
if [ ${#configs[@]} -eq 0 ]; then
  configs=(gcc asan noasm fuzz valgrind aarch64 i686 extras)
fi

packages=("${BASE_PACKAGES[@]}")
# What the OpenSSL provider module (provider/) and its tests need.
PROVIDER_PACKAGES=(libssl-dev openssl nginx-light curl)
for c in "${configs[@]}"; do
  case "$c" in
    asan) packages+=(clang "${PROVIDER_PACKAGES[@]}") ;;
    fuzz) packages+=(clang) ;;
    valgrind) packages+=(valgrind) ;;
    extras) packages+=(pkg-config libssl-dev clang llvm nasm gcc-mingw-w64-x86-64
                       binutils-mingw-w64-x86-64 wine64
                       gcc-aarch64-linux-gnu g++-aarch64-linux-gnu
                       gcc-i686-linux-gnu g++-i686-linux-gnu qemu-user) ;;
    aarch64) packages+=(gcc-aarch64-linux-gnu g++-aarch64-linux-gnu
                        binutils-aarch64-linux-gnu qemu-user) ;;
    i686) packages+=(gcc-i686-linux-gnu g++-i686-linux-gnu qemu-user) ;;
    gcc) packages+=("${PROVIDER_PACKAGES[@]}") ;;
    noasm) ;;
    *) echo "run-tests.sh: unknown configuration: $c" >&2; exit 2 ;;
  esac
done
ensure_packages "${packages[@]}" || { echo "run-tests.sh: could not install packages" >&2; exit 1; }

vectors="${VECTORS_DIR:-$root/../shared/vectors}"
if [ -d "$vectors" ]; then
  vectors=$(cd "$vectors" && pwd)
else
  echo "run-tests.sh: no vectors at $vectors: the public-suite tests will skip" >&2
  vectors=""
fi

total_pass=0
total_fail=0
failed_steps=()

# record NAME STATUS [OUTPUT]: adds a runner's "N passed, N failed" line if
# OUTPUT has one, otherwise counts the step itself as one pass or failure.
record() {
  local name=$1 status=$2 out=${3:-}
  local line
  line=$(printf '%s\n' "$out" | grep -E '^[0-9]+ passed, [0-9]+ failed' | tail -1)
  if [ -n "$line" ]; then
    local p f
    p=$(echo "$line" | sed -E 's/^([0-9]+) passed.*/\1/')
    f=$(echo "$line" | sed -E 's/^[0-9]+ passed, ([0-9]+) failed.*/\1/')
    total_pass=$((total_pass + p))
    total_fail=$((total_fail + f))
    if [ "$status" -ne 0 ] && [ "$f" -eq 0 ]; then
      total_fail=$((total_fail + 1))
    fi
  elif [ "$status" -eq 0 ]; then
    total_pass=$((total_pass + 1))
  else
    total_fail=$((total_fail + 1))
  fi
  if [ "$status" -ne 0 ]; then
    failed_steps+=("$name")
  fi
}

# step NAME CMD...: runs CMD, shows its output, records the result.
step() {
  local name=$1
  shift
  echo "=== $name"
  local out status
  out=$("$@" 2>&1)
  status=$?
  printf '%s\n' "$out"
  record "$name" "$status" "$out"
  return "$status"
}

build() {
  local dir=$1
  shift
  cmake -S "$root" -B "$dir" -G Ninja "$@" >"$dir.configure.log" 2>&1 ||
    { cat "$dir.configure.log"; return 1; }
  ninja -C "$dir" || return 1
}

run_suite() {
  local dir=$1
  shift
  go run ./util/all_tests.go -build-dir "$dir" ${vectors:+-vectors-dir "$vectors"} "$@"
}

# insn_coverage DIR ARCH [EMULATOR]: every row's predicate covers the
# instructions it can execute (util/insn_coverage; a few seconds).
insn_coverage() {
  go run ./util/insn_coverage -build-dir "$1" -arch "$2" ${3:+-emulator "$3"}
}

for c in "${configs[@]}"; do
  case "$c" in
    gcc)
      if step "gcc: build" build "$root/build-gcc" -DCMAKE_C_COMPILER=gcc \
        -DCMAKE_CXX_COMPILER=g++ -DCMAKE_BUILD_TYPE=Release -DWERROR=ON; then
        step "gcc: tests" run_suite "$root/build-gcc"
        step "gcc: instruction coverage" insn_coverage "$root/build-gcc" x86_64
        step "Go package tests" go test ./util/insn_coverage ./util/runstep
        step "gcc: provider" provider/test/run.sh "$root/build-gcc" "$vectors"
      fi
      ;;
    asan)
      if step "asan: build" build "$root/build-asan" -DCMAKE_C_COMPILER=clang \
        -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_BUILD_TYPE=RelWithDebInfo \
        -DSANITIZE=ON -DWERROR=ON; then
        step "asan: tests" run_suite "$root/build-asan"
        step "asan: provider" provider/test/run.sh -asan "$root/build-asan"
      fi
      ;;
    noasm)
      step "noasm: build" build "$root/build-noasm" -DCMAKE_C_COMPILER=gcc \
        -DCMAKE_CXX_COMPILER=g++ -DOPENSSL_NO_ASM=ON -DWERROR=ON &&
        step "noasm: tests" run_suite "$root/build-noasm"
      ;;
    fuzz)
      step "fuzz: build" build "$root/build-fuzz" -DCMAKE_C_COMPILER=clang \
        -DCMAKE_CXX_COMPILER=clang++ -DFUZZ=ON -DSANITIZE=ON -DWERROR=ON \
        -DBUILD_TESTING=OFF &&
        step "fuzz: run" util/run-fuzzers.sh "$root/build-fuzz" \
          "${FUZZ_SECONDS:-20}"
      ;;
    valgrind)
      step "valgrind" util/run-valgrind.sh "$root/build-valgrind"
      ;;
    aarch64)
      step "aarch64: build" build "$root/build-aarch64" \
        -DCMAKE_TOOLCHAIN_FILE="$root/cmake/toolchain-aarch64-linux-gnu.cmake" \
        -DCMAKE_BUILD_TYPE=Release -DWERROR=ON &&
        { step "aarch64: tests (qemu)" run_suite "$root/build-aarch64" \
            -native=false -qemu-aarch64 -aarch64-build-dir "$root/build-aarch64"
          step "aarch64: instruction coverage (qemu)" insn_coverage \
            "$root/build-aarch64" aarch64 \
            "qemu-aarch64 -L /usr/aarch64-linux-gnu -cpu max"; }
      ;;
    i686)
      if step "i686: build" build "$root/build-i686" \
        -DCMAKE_TOOLCHAIN_FILE="$root/cmake/toolchain-i686-linux-gnu.cmake" \
        -DCMAKE_BUILD_TYPE=Release -DWERROR=ON; then
        # Natively if this kernel runs the static i686 bssl itself.
        if "$root/build-i686/bssl" cpu >/dev/null 2>&1; then
          step "i686: tests (native)" run_suite "$root/build-i686" \
            -native=false -i686 -i686-build-dir "$root/build-i686"
          step "i686: instruction coverage (native)" insn_coverage \
            "$root/build-i686" x86
        else
          step "i686: tests (qemu)" run_suite "$root/build-i686" \
            -native=false -i686 -i686-qemu -i686-build-dir "$root/build-i686"
          step "i686: instruction coverage (qemu)" insn_coverage \
            "$root/build-i686" x86 "qemu-i386 -L /usr/i686-linux-gnu -cpu max"
        fi
      fi
      ;;
    extras)
      if [ -x util/consumer/test.sh ]; then
        step "consumer, callers, prefix" util/consumer/test.sh all
      fi
      # Every generator in every flavour of its architecture, the hardening
      # of the library's own objects (the gcc and aarch64 configurations'
      # archives when they were built; an i686 shared library and, without
      # the aarch64 archive, a BTI build are made there), the Win64 ABI
      # fixtures under Wine, BTI enforcement under qemu, and the CPU
      # detection compiled for Apple and Windows targets.
      flavour_args=(-work "$root/build-asm-flavours")
      [ -f "$root/build-gcc/libcrypto_static.a" ] &&
        flavour_args+=(-x86_64-archive "$root/build-gcc/libcrypto_static.a")
      [ -f "$root/build-aarch64/libcrypto_static.a" ] &&
        flavour_args+=(-aarch64-archive "$root/build-aarch64/libcrypto_static.a")
      step "asm flavours" go run ./util/asm_flavours "${flavour_args[@]}"
      ;;
  esac
done

if [ ${#failed_steps[@]} -ne 0 ]; then
  echo "failed steps: ${failed_steps[*]}"
fi
echo "$total_pass passed, $total_fail failed"
[ "$total_fail" -eq 0 ] && [ ${#failed_steps[@]} -eq 0 ]
