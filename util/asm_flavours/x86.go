// Copyright 2026 The project authors.

// The x86 (32-bit) group: every *-x86.pl under crypto/ in every flavour of
// crypto/perlasm/x86asm.pl:
//
//	elf      i686-linux-gnu-gcc -c                 (GNU as, ELF32)
//	macosx   clang -target i386-apple-macos -c     (Mach-O)
//	win32n   nasm -f win32                         (COFF)
//
// and then:
//   - every output says it is generated, from what, through what;
//   - ELF: the .note.gnu.property says IBT and SHSTK, .note.GNU-stack is
//     there, every global function starts with endbr32, and .text has no
//     absolute (R_386_32) relocation, so the code is position-independent;
//   - Mach-O: function symbols carry the leading underscore, and exactly the
//     functions hidden on ELF are private extern;
//   - win32n: the global functions carry the cdecl underscore, endbr32 is at
//     each, and the object has @feat.00 = 1 (SAFESEH-compatible);
//   - elf vs win32n: GNU as (from AT&T) and NASM (from the Intel text the
//     translator wrote) produced the same instructions, operand for operand
//     (branch targets and relocated displacements masked; the get-PC call and
//     its thunks, which win32n replaces by a self-xor, left out);
//   - the translator refuses what it must refuse;
//   - the i686 shared library (-i686-lib, else built in WORK) has no TEXTREL
//     and a non-executable GNU_STACK, and its assembly objects alone link
//     with -z cet-report=error -z text and keep IBT+SHSTK.
package main

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	"bittern/util/runstep"
)

var x86Flavours = []flavour{
	{"elf", "S", func(src, obj string) []string { return []string{tool("i686-linux-gnu-gcc"), "-c", src, "-o", obj} }},
	{"macosx", "S", func(src, obj string) []string {
		return []string{tool("clang"), "-target", "i386-apple-macos", "-c", src, "-o", obj}
	}},
	{"win32n", "asm", func(src, obj string) []string { return []string{tool("nasm"), "-f", "win32", src, "-o", obj} }},
}

func addX86Jobs() {
	dir := filepath.Join(work, "x86")
	os.MkdirAll(dir, 0o755)
	for _, script := range generators("-x86.pl") {
		script := script
		addJob(nil, func(r *results) { checkX86Generator(r, dir, script) })
	}
	addJob(nil, func(r *results) {
		checkRefusals(r, filepath.Join(root, "crypto/perlasm/x86asm.pl"), "elf", x86Refusals)
	})
	addJob(nil, func(r *results) { checkI686Library(r, dir) })
}

func checkX86Generator(r *results, dir, script string) {
	objs := buildFlavours(r, dir, script, "x86asm.pl", x86Flavours)
	elf, coff := objs["elf"], objs["win32n"]
	if elf != "" {
		what := script + " elf"
		checkELFNotes(r, what, tool("readelf"), elf, "x86 feature: IBT, SHSTK")
		checkEntries(r, what, elf, "endbr32")
		checkNoAbsRelocs(r, what, tool("readelf"), elf, ".rel.text", regexp.MustCompile(` R_386_32 `))
	}
	if mac := objs["macosx"]; mac != "" {
		checkMachO(r, script+" macosx", mac, elf)
	}
	if coff == "" {
		return
	}
	// Global functions: storage class 2 (external) in section 1 (.text).
	symtab := out(tool("objdump"), "-t", coff)
	var globals, bad, noEndbr []string
	for _, l := range grepLines(symtab, regexp.MustCompile(`\(sec  1\).*\(scl   2\)`)) {
		f := strings.Fields(l)
		globals = append(globals, f[len(f)-1])
	}
	first := firstInsns(out(tool("objdump"), "-d", "--no-show-raw-insn", coff))
	for _, g := range globals {
		if !strings.HasPrefix(g, "_") {
			bad = append(bad, g)
		}
		if first[g] != "endbr32" {
			noEndbr = append(noEndbr, g)
		}
	}
	r.check(len(bad) == 0 && len(noEndbr) == 0 && len(globals) > 0,
		fmt.Sprintf("%s win32n: cdecl _names and endbr32 at every global (%d)", script, len(globals)),
		fmt.Sprintf("%s win32n: %d globals; names without underscore: %s; no endbr32 at: %s", script,
			len(globals), strings.Join(bad, " "), strings.Join(noEndbr, " ")))
	if elf != "" {
		a := x86Insns(elf, thunkStart(elf))
		b := x86Insns(coff, 0xffffffff)
		if msg := sameX86Code(a, b); msg == "" {
			r.pass("%s: elf (GNU as) and win32n (NASM) instructions match (%d)", script, len(a))
		} else {
			r.fail("%s: elf and win32n instructions differ: %s", script, msg)
		}
	}
	r.check(len(grepLines(symtab, regexp.MustCompile(`0x00000001 @feat\.00$`))) > 0,
		fmt.Sprintf("%s win32n: @feat.00 = 1 (SAFESEH-compatible)", script),
		fmt.Sprintf("%s win32n: no @feat.00 = 1 symbol", script))
}

// thunkStart is the address where an ELF object's get-PC thunks start: the
// end of its last sized function.
func thunkStart(obj string) uint64 {
	var end uint64
	re := regexp.MustCompile(`^([0-9a-f]+) ([0-9a-f]+) [Tt] `)
	for _, l := range runstep.Lines(out(tool("nm"), "-S", obj)) {
		if m := re.FindStringSubmatch(l); m != nil {
			a, _ := strconv.ParseUint(m[1], 16, 64)
			n, _ := strconv.ParseUint(m[2], 16, 64)
			if a+n > end {
				end = a + n
			}
		}
	}
	return end
}

var (
	x86SymLine  = regexp.MustCompile(`^[0-9a-f]+ <[^>]+>:$`)
	x86Reloc    = regexp.MustCompile(`^\s+[0-9a-f]+:\s+(R_386|dir32|DISP32)`)
	x86InsnLine = regexp.MustCompile(`^\s+([0-9a-f]+):\t(.*)$`)
	x86Call     = regexp.MustCompile(`^call\s+([0-9a-f]+)\b`)
	x86Padding  = regexp.MustCompile(`^(nop|xchg %ax,%ax|data16|cs nopw|int3)\b`)
	x86LeaPad   = regexp.MustCompile(`^lea (%cs:)?0x0\(%(esi|edi)(,%eiz,1)?\),%(esi|edi)$`)
	x86MovPad   = regexp.MustCompile(`^mov %(esi|edi),%(esi|edi)$`)
	x86SelfXor  = regexp.MustCompile(`^xor (%e..),(%e..)$`)
	spaces      = regexp.MustCompile(`\s+`)
)

// x86Insns is an object's instructions below address limit, one per entry,
// without addresses, symbolic annotations and alignment padding; one that
// carries a relocation is prefixed "RELOC ". Calls to limit or beyond (the
// ELF get-PC thunks, placed after the last function) and self-xors (what
// .get_pc becomes on win32n) are dropped.
func x86Insns(obj string, limit uint64) []string {
	var insns []string
	cur, have := "", false
	flush := func() {
		if have {
			insns = append(insns, cur)
		}
		have = false
	}
	for _, l := range runstep.Lines(out(tool("objdump"), "-dr", "--no-show-raw-insn", obj)) {
		if x86SymLine.MatchString(l) {
			flush()
			continue
		}
		if x86Reloc.MatchString(l) {
			if have {
				cur = "RELOC " + cur
			}
			continue
		}
		m := x86InsnLine.FindStringSubmatch(l)
		if m == nil {
			continue
		}
		flush()
		addr, _ := strconv.ParseUint(m[1], 16, 64)
		text := m[2]
		if addr >= limit {
			continue
		}
		if c := x86Call.FindStringSubmatch(text); c != nil {
			if t, _ := strconv.ParseUint(c[1], 16, 64); t >= limit {
				continue
			}
		}
		text = symRef.ReplaceAllString(text, "")
		text = spaces.ReplaceAllString(strings.TrimRight(text, " \t"), " ")
		if x86Padding.MatchString(text) {
			continue
		}
		if m := x86LeaPad.FindStringSubmatch(text); m != nil && m[2] == m[4] {
			continue
		}
		if m := x86MovPad.FindStringSubmatch(text); m != nil && m[1] == m[2] {
			continue
		}
		if m := x86SelfXor.FindStringSubmatch(text); m != nil && m[1] == m[2] {
			continue
		}
		cur, have = text, true
	}
	flush()
	return insns
}

var (
	x86Branch = regexp.MustCompile(`^(RELOC )?(j\w+|call|jmp) [0-9a-f]+$`)
	x86Number = regexp.MustCompile(`-?0x[0-9a-f]+`)
)

// sameX86Code compares two x86Insns listings and returns "" or the first
// difference. Branch targets are addresses (they move where .get_pc differs
// in length), so they are not compared; on a line with a relocation on
// either side every number is masked (a relocated displacement differs by
// design: an addend on ELF, the anchor-0 address on win32n).
func sameX86Code(a, b []string) string {
	msg := ""
	if len(a) != len(b) {
		msg = fmt.Sprintf("instruction counts differ: %d vs %d; ", len(a), len(b))
	}
	for i := 0; i < len(a) && i < len(b); i++ {
		x := x86Branch.ReplaceAllString(a[i], "$2 T")
		y := x86Branch.ReplaceAllString(b[i], "$2 T")
		if strings.HasPrefix(x, "RELOC ") || strings.HasPrefix(y, "RELOC ") {
			x = x86Number.ReplaceAllString(strings.TrimPrefix(x, "RELOC "), "N")
			y = x86Number.ReplaceAllString(strings.TrimPrefix(y, "RELOC "), "N")
		}
		if x != y {
			return msg + fmt.Sprintf("instruction %d: %s <> %s", i+1, a[i], b[i])
		}
	}
	return msg
}

// checkI686Library checks the i686 shared library and its archive's
// assembly objects.
func checkI686Library(r *results, dir string) {
	so, archive := *i686Lib, ""
	if so == "" {
		b := filepath.Join(dir, "build-i686-shared")
		err := buildLibrary(b, []string{"-DBUILD_SHARED_LIBS=ON", "-DBUILD_TESTING=OFF",
			"-DCMAKE_TOOLCHAIN_FILE=" + filepath.Join(root, "cmake/toolchain-i686-linux-gnu.cmake")},
			"crypto", "crypto_static")
		if err != nil {
			r.fail("building the i686 shared library: %v", err)
			return
		}
		// The shared library's file name comes from cmake/install.cmake.
		m, _ := filepath.Glob(filepath.Join(b, "lib*crypto*.so"))
		if len(m) == 0 {
			r.fail("no lib*crypto*.so in %s", b)
			return
		}
		so, archive = m[0], filepath.Join(b, "libcrypto_static.a")
	} else {
		so, _ = filepath.Abs(so)
		archive = filepath.Join(filepath.Dir(so), "libcrypto_static.a")
	}
	if _, err := os.Stat(so); err != nil {
		r.fail("%s: no such file", so)
		return
	}
	h := out(tool("readelf"), "-h", so)
	r.check(regexp.MustCompile(`Class:.*ELF32`).MatchString(h) && regexp.MustCompile(`Machine:.*80386`).MatchString(h),
		so+": ELF32 i386", so+": not an ELF32 i386 library")
	r.check(!contains(out(tool("readelf"), "-d", so), "TEXTREL"), so+": no TEXTREL", so+": TEXTREL")
	stack := false
	for _, l := range runstep.Lines(out(tool("readelf"), "-lW", so)) {
		stack = stack || (contains(l, "GNU_STACK") && contains(l, "RW "))
	}
	r.check(stack, so+": GNU_STACK not executable", so+": GNU_STACK missing or executable")
	// The library's assembly objects alone (Debian's crti.o/crtn.o lack the
	// CET property, so an ordinary link drops it): they must link with
	// -z cet-report=error -z text and keep IBT+SHSTK.
	if _, err := os.Stat(archive); err != nil {
		r.note("%s: not there, the assembly objects are not linked alone", archive)
		return
	}
	var members []string
	for _, m := range runstep.Lines(out(tool("ar"), "t", archive)) {
		if strings.HasSuffix(m, ".S.o") || strings.HasSuffix(m, ".s.o") {
			members = append(members, m)
		}
	}
	if len(members) == 0 {
		r.fail("%s: no assembly objects", archive)
		return
	}
	objDir := filepath.Join(dir, "asm-objs")
	os.RemoveAll(objDir)
	os.MkdirAll(objDir, 0o755)
	if x := (runstep.Cmd{Args: append([]string{tool("ar"), "x", archive}, members...), Dir: objDir}).Run(); x.Err != nil {
		r.fail("%s: ar x: %s", archive, head(x.Stderr, 3))
		return
	}
	var objs []string
	for _, m := range members {
		objs = append(objs, filepath.Join(objDir, m))
	}
	asmSo := filepath.Join(dir, "asm-only.so")
	err := try(append(append([]string{tool("i686-linux-gnu-gcc"), "-shared", "-nostartfiles", "-nostdlib",
		"-o", asmSo}, objs...), "-Wl,-z,cet-report=error", "-Wl,-z,text", "-Wl,-z,noexecstack")...)
	if err == nil && !contains(out(tool("readelf"), "-n", asmSo), "x86 feature: IBT, SHSTK") {
		err = fmt.Errorf("the linked objects lack IBT+SHSTK")
	}
	r.check(err == nil,
		fmt.Sprintf("%s: assembly objects (%d) link with -z cet-report=error -z text, keep IBT+SHSTK", archive, len(members)),
		fmt.Sprintf("%s: assembly objects: %v", archive, err))
}

var x86Refusals = []refusal{
	{"an unknown instruction", ".func_begin f, raw\n\tfrobl %eax\n.func_end"},
	{"an unknown directive", ".globl f"},
	{"a 64-bit register", ".func_begin f, raw\n\tmovl %eax, %r8d\n.func_end"},
	{"xmm8 (only 8 vector registers)", ".func_begin f, raw\n\tpxor %xmm8, %xmm0\n.func_end"},
	{"an absolute address", ".func_begin f, raw\n\tmovl 0x1000, %eax\n.func_end"},
	{"a label as an absolute displacement", ".func_begin f, raw\n\tmovl .Lt(%ebx), %eax\n.Lt:\n.func_end"},
	{"a symbol address as an immediate", ".func_begin f, raw\n\tmovl $f, %eax\n.func_end"},
	{"a label address in read-only data", ".rodata\n.La:\n\t.long .La"},
	{"a call to another file's function", ".func_begin f, raw\n\tcall memcpy\n.func_end"},
	{"an unknown label", ".func_begin f, raw\n\tjmp .Lnowhere\n.func_end"},
	{"a size-less memory operand", ".func_begin f, raw\n\tincl %eax\n\tinc (%eax)\n.func_end"},
	{"a bare ret in a managed function", ".func_begin f\n\tret\n.epilogue\n.func_end"},
	{"a write to esp in a managed function", ".func_begin f\n\tsubl $8, %esp\n.epilogue\n.func_end"},
	{"an unbalanced push at .epilogue", ".func_begin f\n\tpushl %eax\n.epilogue\n.func_end"},
	{"a pop below the frame", ".func_begin f\n\tpopl %eax\n.epilogue\n.func_end"},
	{"a managed function without .epilogue", ".func_begin f\n.func_end"},
	{"hand CFI in a managed function", ".func_begin f\n.cfi_offset %ebx, -8\n.epilogue\n.func_end"},
	{"saving a caller-saved register", ".func_begin f, save=eax\n.epilogue\n.func_end"},
	{"writing an unsaved ebx", ".func_begin f, save=esi\n\tmovb $1, %bl\n.epilogue\n.func_end"},
	{"cpuid without saving ebx", ".func_begin f\n\tcpuid\n.epilogue\n.func_end"},
	{"rep stosl without saving edi", ".func_begin f\n\trep stosl\n.epilogue\n.func_end"},
	{"get_pc into an unsaved esi", ".func_begin f\n.get_pc %esi, .Lp\n.epilogue\n.func_end"},
	{"arg(N) beyond args=N", ".func_begin f, args=2\n\tmovl arg(2), %eax\n.epilogue\n.func_end"},
	{"writing ebp under align=16", ".func_begin f, save=ebp, frame=16, align=16\n\txorl %ebp, %ebp\n.epilogue\n.func_end"},
	{"align=16 without ebp saved", ".func_begin f, frame=16, align=16\n.epilogue\n.func_end"},
	{"a global label in the text", "foo:"},
	{"an unclosed function", ".func_begin f, raw"},
}
