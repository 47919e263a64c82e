// Copyright 2026 The project authors.

// The x86-64 group: every *-x86_64.pl under crypto/ (the library's
// generators, the ABI trampoline and fixtures, the translator's own test
// input) in every flavour of crypto/perlasm/x86_64-xlate.pl:
//
//	elf      gcc -c                                  (GNU as, ELF)
//	macosx   clang -target x86_64-apple-macos -c     (Mach-O)
//	mingw64  x86_64-w64-mingw32-gcc -c               (GNU as, COFF)
//	nasm     nasm -f win64                           (COFF)
//
// and what can be checked without running the code:
//   - every output says it is generated, from what, through what;
//   - ELF: the .note.gnu.property says IBT and SHSTK, .note.GNU-stack is
//     there, every global function starts with endbr64, and no relocation in
//     .text is absolute (position independence);
//   - Mach-O: every function symbol has the leading underscore, and exactly
//     the functions hidden on ELF are private extern;
//   - mingw64 vs nasm: the two Win64 objects hold the same machine code
//     (alignment padding aside) and the same SEH unwind codes, which checks
//     the AT&T-to-Intel translation and the two ways unwind data is written
//     (.seh_* directives vs explicit tables);
//   - with Wine: the Win64 trampoline and fixtures run, from both Win64
//     flavours (win64_abi_smoke.c: register checks, the Win64 argument moves,
//     a single-step unwind through RtlVirtualUnwind);
//   - with -x86_64-archive: the library's objects alone (-shared -nostdlib,
//     whole archive: Debian's crti.o/crtn.o and libc_nonshared.a lack the
//     CET property, and the check judges this library's objects) link with
//     -z cet-report=error -z text, and the result has IBT+SHSTK, no TEXTREL
//     and a non-executable GNU_STACK;
//   - the translator refuses what it cannot translate faithfully.
package main

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"time"

	"bittern/util/runstep"
)

var x86_64Flavours = []flavour{
	{"elf", "S", func(src, obj string) []string { return []string{tool("gcc"), "-c", src, "-o", obj} }},
	{"macosx", "S", func(src, obj string) []string {
		return []string{tool("clang"), "-target", "x86_64-apple-macos", "-c", src, "-o", obj}
	}},
	{"mingw64", "S", func(src, obj string) []string {
		return []string{tool("x86_64-w64-mingw32-gcc"), "-c", src, "-o", obj}
	}},
	{"nasm", "asm", func(src, obj string) []string { return []string{tool("nasm"), "-f", "win64", src, "-o", obj} }},
}

func addX86_64Jobs() {
	dir := filepath.Join(work, "x86_64")
	os.MkdirAll(dir, 0o755)
	objs := map[string]*job{}
	for _, script := range generators("-x86_64.pl") {
		script := script
		objs[stem(script)] = addJob(nil, func(r *results) { checkX86_64Generator(r, dir, script) })
	}
	var after []*job
	for _, s := range []string{"trampoline-x86_64", "abi_fixtures-x86_64"} {
		if objs[s] != nil {
			after = append(after, objs[s])
		}
	}
	addJob(after, func(r *results) { runWin64Smoke(r, dir) })
	addJob(nil, func(r *results) { checkX86_64Archive(r, dir) })
	addJob(nil, func(r *results) {
		checkRefusals(r, filepath.Join(root, "crypto/perlasm/x86_64-xlate.pl"), "elf", x86_64Refusals)
	})
}

func checkX86_64Generator(r *results, dir, script string) {
	objs := buildFlavours(r, dir, script, "x86_64-xlate.pl", x86_64Flavours)
	if elf := objs["elf"]; elf != "" {
		what := script + " elf"
		checkELFNotes(r, what, tool("readelf"), elf, "x86 feature: IBT, SHSTK")
		checkEntries(r, what, elf, "endbr64")
		checkNoAbsRelocs(r, what, tool("readelf"), elf, ".rela.text", regexp.MustCompile(`R_X86_64_(32|32S|64) `))
	}
	if mac := objs["macosx"]; mac != "" {
		checkMachO(r, script+" macosx", mac, objs["elf"])
	}
	if objs["mingw64"] != "" && objs["nasm"] != "" {
		a, b := coffCode(objs["mingw64"]), coffCode(objs["nasm"])
		if d := firstDiff(a, b); d == "" {
			r.pass("%s: mingw64 and nasm machine code identical (%d instructions)", script, len(a))
		} else {
			r.fail("%s: mingw64 and nasm machine code differ: %s", script, d)
		}
		a, b = coffUnwind(objs["mingw64"]), coffUnwind(objs["nasm"])
		if d := firstDiff(a, b); d == "" {
			n := len(grepLines(strings.Join(a, "\n"), regexp.MustCompile(`Version:`)))
			r.pass("%s: mingw64 and nasm SEH unwind data identical (%d functions)", script, n)
		} else {
			r.fail("%s: mingw64 and nasm unwind data differ: %s", script, d)
		}
	}
}

// firstDiff returns "" if a and b are equal, else where they first differ.
func firstDiff(a, b []string) string {
	for i := 0; i < len(a) || i < len(b); i++ {
		var x, y string
		if i < len(a) {
			x = a[i]
		}
		if i < len(b) {
			y = b[i]
		}
		if x != y || i >= len(a) || i >= len(b) {
			return fmt.Sprintf("line %d: %q <> %q (%d vs %d lines)", i+1, x, y, len(a), len(b))
		}
	}
	return ""
}

var (
	coffInsn    = regexp.MustCompile(`^\s+[0-9a-f]+:\t[0-9a-f ]+\t`)
	coffPadding = regexp.MustCompile(`\t(nop|xchg\s+%ax,%ax|data16|cs nopw|int3)`)
	symRef      = regexp.MustCompile(`<[^>]*>`)
)

// coffCode is the disassembly of a COFF object: instruction lines only,
// without symbolic annotations and without alignment padding.
func coffCode(obj string) []string {
	var code []string
	for _, l := range runstep.Lines(out(tool("x86_64-w64-mingw32-objdump"), "-d", obj)) {
		if !coffInsn.MatchString(l) || coffPadding.MatchString(l) {
			continue
		}
		code = append(code, strings.TrimRight(symRef.ReplaceAllString(l, ""), " \t"))
	}
	return code
}

// coffUnwind is the .xdata dump of objdump -x: each range from "Dump of
// .xdata" up to the next "Sections:" line (which is left out).
func coffUnwind(obj string) []string {
	var u []string
	in := false
	for _, l := range runstep.Lines(out(tool("x86_64-w64-mingw32-objdump"), "-x", obj)) {
		if !in && strings.HasPrefix(l, "Dump of .xdata") {
			in = true
		}
		if in {
			if strings.HasPrefix(l, "Sections:") {
				in = false
				continue
			}
			u = append(u, l)
		}
	}
	return u
}

// runWin64Smoke links win64_abi_smoke.c with the trampoline and fixtures of
// each Win64 flavour and runs it under Wine.
func runWin64Smoke(r *results, dir string) {
	wine := ""
	for _, w := range []string{"wine64", "wine", "/usr/lib/wine/wine64"} {
		if p, err := lookPath(w); err == nil {
			wine = p
			break
		}
	}
	if wine == "" {
		r.note("Wine not installed (apt-get install -y wine64): Win64 objects assembled but not run")
		return
	}
	smoke := findSource("win64_abi_smoke.c")
	if smoke == "" {
		r.fail("win64_abi_smoke.c not found in the tree")
		return
	}
	env := []string{"WINEPREFIX=" + filepath.Join(dir, "wineprefix"), "WINEDEBUG=-all"}
	for _, fl := range []string{"mingw64", "nasm"} {
		exe := filepath.Join(dir, "win64_abi_smoke-"+fl+".exe")
		err := try(tool("x86_64-w64-mingw32-gcc"), "-O1", "-Wall", "-Wextra", "-Werror", smoke,
			filepath.Join(dir, "trampoline-x86_64-"+fl+".o"),
			filepath.Join(dir, "abi_fixtures-x86_64-"+fl+".o"), "-o", exe)
		if err != nil {
			r.fail("Win64 (%s objects): building the smoke test: %v", fl, err)
			continue
		}
		w := runstep.Cmd{Args: []string{wine, exe}, ExtraEnv: env, Timeout: 300 * time.Second}.Run()
		o, err := w.Stdout, w.Err
		n := 0
		var failures []string
		for _, l := range runstep.Lines(o) {
			if strings.HasPrefix(l, "ok") {
				n++
			}
			if contains(l, "FAIL") {
				failures = append(failures, l)
			}
		}
		if err == nil {
			r.pass("Win64 (%s objects) under Wine: %d checks", fl, n)
		} else {
			r.fail("Win64 (%s objects) under Wine: %v: %s", fl, err, head(strings.Join(failures, "\n"), 3))
		}
	}
}

// checkX86_64Archive links the library's objects alone with CET and
// text-relocation reports as errors.
func checkX86_64Archive(r *results, dir string) {
	if *x64Archive == "" {
		r.note("no -x86_64-archive: the library's x86-64 objects are not linked and checked here")
		return
	}
	a, _ := filepath.Abs(*x64Archive)
	so := filepath.Join(dir, "whole-archive.so")
	if err := try(tool("gcc"), "-shared", "-nostdlib", "-o", so, "-Wl,--whole-archive", a,
		"-Wl,--no-whole-archive", "-Wl,-z,cet-report=error", "-Wl,-z,text", "-Wl,-z,noexecstack"); err != nil {
		r.fail("%s: %v", a, err)
		return
	}
	r.pass("%s: every object links with -z cet-report=error -z text", a)
	checkLinked(r, a+": linked objects", tool("readelf"), so, "x86 feature: IBT, SHSTK")
}

var x86_64Refusals = []refusal{
	{"an unknown instruction", ".func_begin f, raw\n\tfrobq %rax\n.func_end"},
	{"an unknown directive", ".globl f"},
	{"an unknown register", ".func_begin f, raw\n\tmovq %rax, %rzz\n.func_end"},
	{"an absolute address", ".func_begin f, raw\n\tmovq 0x1000, %rax\n.func_end"},
	{"a symbol address as an immediate", ".func_begin f, raw\n\tmovq $f, %rax\n.func_end"},
	{"a symbol address in read-only data", ".rodata\n.La:\n\t.quad .La"},
	{"an unknown label", ".func_begin f, raw\n\tjmp .Lnowhere\n.func_end"},
	{"a size-less memory operand", ".func_begin f, raw\n\tincq %rax\n\tinc (%rax)\n.func_end"},
	{"a bare ret in a managed function", ".func_begin f\n\tret\n.epilogue\n.func_end"},
	{"a push in a managed function", ".func_begin f\n\tpushq %rbx\n.epilogue\n.func_end"},
	{"a write to rsp in a managed function", ".func_begin f\n\tsubq $8, %rsp\n.epilogue\n.func_end"},
	{"a managed function without .epilogue", ".func_begin f\n.func_end"},
	{"hand CFI in a managed function", ".func_begin f\n.cfi_offset %rbx, -16\n.epilogue\n.func_end"},
	{"saving a caller-saved register", ".func_begin f, save=rax\n.epilogue\n.func_end"},
	{"writing an unsaved rbx", ".func_begin f, save=r12\n\tmovl $1, %ebx\n.epilogue\n.func_end"},
	{"writing an unsaved r13 (mulx)", ".func_begin f, save=r12\n\tmulxq %rax, %r13, %r12\n.epilogue\n.func_end"},
	{"cpuid without saving rbx", ".func_begin f\n\tcpuid\n.epilogue\n.func_end"},
	{"writing an unsaved xmm6 (Win64)", ".func_begin f, xmm=7\n\tvpxor %ymm0, %ymm0, %ymm6\n.epilogue\n.func_end"},
	{"a frame over one page (Win64 stack probes)", ".func_begin f, frame=4000, xmm=6:7:8:9:10:11\n.epilogue\n.func_end"},
	{"a global label in the text", "foo:"},
	{"an unclosed function", ".func_begin f, raw"},
}
