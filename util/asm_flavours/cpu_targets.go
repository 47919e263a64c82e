// Copyright 2026 The project authors.

// The cpu group: a compile-only check of the CPU-detection files
// (crypto/cpu/*.c) for the targets this Linux host cannot build or run:
// Apple and Windows, on AArch64 and x86. Each file is compiled with clang
// -Wall -Wextra -Werror for each target; nothing is linked or run. Without
// it, the sysctlbyname and IsProcessorFeaturePresent paths of the
// capability word would only ever be compiled by users.
//
// Headers: the Windows-GNU targets use the real MinGW-w64 headers
// (/usr/share/mingw-w64/include, package mingw-w64-common). Debian has no
// macOS or MSVC SDK, so for the Apple and *-windows-msvc targets small
// stand-in headers declare exactly what the cpu files use, with the SDKs'
// prototypes and constants, and clang compiles with -nostdlibinc (its own
// stddef.h and stdint.h stay available). With SDKROOT set (an Apple SDK) the
// Apple targets use its real headers instead.
package main

import (
	"os"
	"path/filepath"
	"sort"
)

// The C library pieces the cpu files use (memcpy and co. from
// crypto/internal.h; getenv and abort from cpu.c), for both stand-ins.
var libcHeaders = map[string]string{
	"string.h": `#include <stddef.h>
void *memcpy(void *dst, const void *src, size_t n);
void *memmove(void *dst, const void *src, size_t n);
void *memset(void *dst, int c, size_t n);
int memcmp(const void *a, const void *b, size_t n);
size_t strlen(const char *s);
int strcmp(const char *a, const char *b);
`,
	"stdlib.h": `#include <stddef.h>
char *getenv(const char *name);
_Noreturn void abort(void);
`,
}

// Apple: pthread_once and sysctlbyname (the macOS SDK's <pthread.h> and
// <sys/sysctl.h>).
var appleHeaders = map[string]string{
	"pthread.h": `typedef struct { long sig; char opaque[8]; } pthread_once_t;
#define PTHREAD_ONCE_INIT {0x30B1BCBA, {0}}
int pthread_once(pthread_once_t *once, void (*init_routine)(void));
`,
	"sys/types.h": "#include <stddef.h>\n",
	"sys/sysctl.h": `#include <stddef.h>
int sysctlbyname(const char *name, void *oldp, size_t *oldlenp, void *newp,
                 size_t newlen);
`,
}

// Windows: one-time initialisation and IsProcessorFeaturePresent
// (<windows.h>: synchapi.h, processthreadsapi.h, winnt.h).
var msvcHeaders = map[string]string{
	"windows.h": `typedef int BOOL;
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
`,
}

// writeHeaders writes each set of headers into dir and returns dir.
func writeHeaders(dir string, sets ...map[string]string) string {
	for _, set := range sets {
		for name, text := range set {
			p := filepath.Join(dir, name)
			os.MkdirAll(filepath.Dir(p), 0o755)
			os.WriteFile(p, []byte(text), 0o644)
		}
	}
	return dir
}

func addCPUTargetJobs() {
	dir := filepath.Join(work, "cpu")
	posix := writeHeaders(filepath.Join(dir, "posix"), libcHeaders, appleHeaders)
	msvc := writeHeaders(filepath.Join(dir, "msvc"), libcHeaders, msvcHeaders)
	apple := []string{"-nostdlibinc", "-isystem", posix}
	if sdk := os.Getenv("SDKROOT"); sdk != "" {
		apple = []string{"-isysroot", sdk}
	}
	mingw := "/usr/share/mingw-w64/include"
	targets := []struct {
		target  string
		headers []string
	}{
		{"arm64-apple-macos", apple},
		{"arm64-apple-ios", apple},
		{"x86_64-apple-macos", apple},
		{"aarch64-pc-windows-msvc", []string{"-nostdlibinc", "-isystem", msvc}},
		{"x86_64-pc-windows-msvc", []string{"-nostdlibinc", "-isystem", msvc}},
		{"i686-pc-windows-msvc", []string{"-nostdlibinc", "-isystem", msvc}},
		{"aarch64-w64-windows-gnu", []string{"-isystem", mingw}},
		{"x86_64-w64-windows-gnu", []string{"-isystem", mingw}},
	}
	files, _ := filepath.Glob(filepath.Join(root, "crypto/cpu/*.c"))
	sort.Strings(files)
	for _, t := range targets {
		t := t
		addJob(nil, func(r *results) {
			if t.headers[len(t.headers)-1] == mingw {
				if _, err := os.Stat(mingw); err != nil {
					r.note("%s: MinGW-w64 headers not installed (package mingw-w64-common): not compiled", t.target)
					return
				}
			}
			if len(files) == 0 {
				r.fail("no crypto/cpu/*.c to compile")
			}
			for _, f := range files {
				rel, _ := filepath.Rel(root, f)
				args := append([]string{tool("clang"), "-target", t.target, "-std=c11", "-Wall", "-Wextra",
					"-Wshadow", "-Wformat=2", "-Wvla", "-Werror"}, t.headers...)
				args = append(args, "-I"+filepath.Join(root, "include"), "-c", f, "-o",
					filepath.Join(dir, t.target+"-"+filepath.Base(f)+".o"))
				if err := try(args...); err != nil {
					r.fail("%s %s: %v", t.target, rel, err)
				} else {
					r.pass("%s %s: compiles with -Werror", t.target, rel)
				}
			}
		})
	}
}
