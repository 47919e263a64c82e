#!/bin/sh
# Copyright 2026 The project authors.
#
# util/check_cpu_targets.sh: compile-only check of the CPU-detection files
# (crypto/cpu/*.c) for targets this Linux host cannot build or run fully:
# Apple and Windows, AArch64 and x86. Each file is compiled with clang
# -Wall -Wextra -Werror for each target; nothing is linked or run.
#
# Headers: Windows-GNU targets use the real MinGW-w64 headers
# (/usr/share/mingw-w64/include, package mingw-w64-common). There is no
# macOS SDK or MSVC SDK on Debian, so for Apple and *-windows-msvc targets
# the script writes small stand-in headers declaring exactly what the cpu
# files use, with the SDKs' real prototypes and constants, and compiles with
# -nostdlibinc (clang's own stddef.h/stdint.h stay available). Set SDKROOT
# (an Apple SDK) to use real Apple headers instead.
#
# Exit status: non-zero if any compile fails.

set -eu

root=$(cd "$(dirname "$0")/.." && pwd)
CLANG=${CLANG:-clang}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/bittern-cpu-targets.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

# --- Stand-in headers ---------------------------------------------------------

# Common C library pieces the cpu files use (memcpy & co. from
# crypto/internal.h; getenv and abort from cpu.c).
mkdir -p "$tmp/posix/sys" "$tmp/msvc"
for d in posix msvc; do
  cat >"$tmp/$d/string.h" <<'EOF'
#include <stddef.h>
void *memcpy(void *dst, const void *src, size_t n);
void *memmove(void *dst, const void *src, size_t n);
void *memset(void *dst, int c, size_t n);
int memcmp(const void *a, const void *b, size_t n);
size_t strlen(const char *s);
int strcmp(const char *a, const char *b);
EOF
  cat >"$tmp/$d/stdlib.h" <<'EOF'
#include <stddef.h>
char *getenv(const char *name);
_Noreturn void abort(void);
EOF
done

# Apple: pthread_once and sysctlbyname (macOS SDK <pthread.h>,
# <sys/sysctl.h>).
cat >"$tmp/posix/pthread.h" <<'EOF'
typedef struct { long sig; char opaque[8]; } pthread_once_t;
#define PTHREAD_ONCE_INIT {0x30B1BCBA, {0}}
int pthread_once(pthread_once_t *once, void (*init_routine)(void));
EOF
cat >"$tmp/posix/sys/types.h" <<'EOF'
#include <stddef.h>
EOF
cat >"$tmp/posix/sys/sysctl.h" <<'EOF'
#include <stddef.h>
int sysctlbyname(const char *name, void *oldp, size_t *oldlenp, void *newp,
                 size_t newlen);
EOF

# Windows: one-time initialisation and IsProcessorFeaturePresent
# (<windows.h>: synchapi.h, processthreadsapi.h, winnt.h).
cat >"$tmp/msvc/windows.h" <<'EOF'
typedef int BOOL;
typedef unsigned long DWORD;
typedef void *PVOID;
#define TRUE 1
#define FALSE 0
#define WINAPI __stdcall
#define CALLBACK __stdcall
typedef union _RTL_RUN_ONCE { PVOID Ptr; } INIT_ONCE, *PINIT_ONCE;
#define INIT_ONCE_STATIC_INIT {0}
typedef BOOL(CALLBACK *PINIT_ONCE_FN)(PINIT_ONCE, PVOID, PVOID *);
__declspec(dllimport) BOOL WINAPI InitOnceExecuteOnce(PINIT_ONCE once,
                                                      PINIT_ONCE_FN fn,
                                                      PVOID param,
                                                      PVOID *context);
__declspec(dllimport) BOOL WINAPI IsProcessorFeaturePresent(DWORD feature);
#define PF_ARM_NEON_INSTRUCTIONS_AVAILABLE 19
#define PF_ARM_V8_CRYPTO_INSTRUCTIONS_AVAILABLE 30
EOF

# --- Compiles -------------------------------------------------------------------

fail=0
count=0

# compile TARGET HEADER-FLAGS...: compile each cpu file for TARGET.
compile() {
  target=$1
  shift
  for f in cpu.c cpu_x86.c cpu_aarch64.c; do
    count=$((count + 1))
    if "$CLANG" -target "$target" -std=c11 -Wall -Wextra -Wshadow \
      -Wformat=2 -Wvla -Werror "$@" -I"$root/include" \
      -c "$root/crypto/cpu/$f" -o "$tmp/out.o"; then
      echo "ok:   $target $f"
    else
      echo "FAIL: $target $f"
      fail=1
    fi
  done
}

apple_headers() {
  if [ -n "${SDKROOT:-}" ]; then
    echo "-isysroot $SDKROOT"
  else
    echo "-nostdlibinc -isystem $tmp/posix"
  fi
}

# shellcheck disable=SC2046  # the header flags are meant to split
compile arm64-apple-macos $(apple_headers)
# shellcheck disable=SC2046
compile arm64-apple-ios $(apple_headers)
# shellcheck disable=SC2046
compile x86_64-apple-macos $(apple_headers)
compile aarch64-pc-windows-msvc -nostdlibinc -isystem "$tmp/msvc"
compile x86_64-pc-windows-msvc -nostdlibinc -isystem "$tmp/msvc"
compile i686-pc-windows-msvc -nostdlibinc -isystem "$tmp/msvc"
if [ -d /usr/share/mingw-w64/include ]; then
  compile aarch64-w64-windows-gnu -isystem /usr/share/mingw-w64/include
  compile x86_64-w64-windows-gnu -isystem /usr/share/mingw-w64/include
else
  echo "skip: MinGW-w64 headers not installed (package mingw-w64-common)"
fi

echo
if [ "$fail" -ne 0 ]; then
  echo "check_cpu_targets: FAILED"
  exit 1
fi
echo "check_cpu_targets: all $count compiles passed"
