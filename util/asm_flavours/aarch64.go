// Copyright 2026 The project authors.

// The aarch64 group: every *-armv8.pl under crypto/ in every flavour of
// crypto/perlasm/arm-xlate.pl:
//
//	linux64  aarch64-linux-gnu-gcc -c                   (GNU as, ELF)
//	ios64    clang -target arm64-apple-macos -c         (Mach-O)
//	win64    clang -target aarch64-pc-windows-msvc -c   (COFF)
//
// and:
//   - every output says it is generated, from what, through what;
//   - every global function starts with `bti c` (hint #34), in every flavour;
//   - ELF: the GNU property note says "AArch64 feature: BTI, PAC",
//     .note.GNU-stack is there, and no relocation in .text is absolute;
//   - Mach-O: every function symbol has the leading underscore, and only the
//     functions the generator marks `global` are plain external (the others
//     private extern);
//   - COFF: llvm-readobj decodes one ARM64 SEH unwind entry per managed
//     function;
//   - the translator refuses what it must refuse (x18, undeclared
//     callee-saved registers, a bare ret, hand-written .globl, sp writes,
//     unknown mnemonics, ...);
//   - hardening: the library built for aarch64 with
//     -mbranch-protection=standard (-aarch64-archive, or built in WORK), its
//     objects linked alone (whole archive: Debian's crti.o/crtn.o lack the
//     property) with BTI enforced and -z text, carries BTI and PAC, no
//     TEXTREL and a non-executable GNU_STACK; and a control object built with
//     -mbranch-protection=none makes that link fail;
//   - BTI is enforced: under qemu-aarch64 -cpu max a BTI-marked program that
//     branches indirectly to a non-landing-pad dies of SIGILL (without
//     qemu-aarch64 this is noted as not run).
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

var aarch64Flavours = []flavour{
	{"linux64", "S", func(src, obj string) []string {
		return []string{tool("aarch64-linux-gnu-gcc"), "-c", src, "-o", obj}
	}},
	{"ios64", "S", func(src, obj string) []string {
		return []string{tool("clang"), "-target", "arm64-apple-macos", "-c", src, "-o", obj}
	}},
	{"win64", "S", func(src, obj string) []string {
		return []string{tool("clang"), "-target", "aarch64-pc-windows-msvc", "-c", src, "-o", obj}
	}},
}

func addAarch64Jobs() {
	dir := filepath.Join(work, "aarch64")
	os.MkdirAll(dir, 0o755)
	gens := generators("-armv8.pl")
	if len(gens) == 0 {
		addJob(nil, func(r *results) { r.fail("no *-armv8.pl generator found under crypto/") })
	}
	for _, g := range gens {
		g := g
		addJob(nil, func(r *results) { checkAarch64Generator(r, dir, g) })
	}
	addJob(nil, func(r *results) { checkAarch64Refusals(r) })
	addJob(nil, func(r *results) { checkAarch64Hardening(r, dir) })
	addJob(nil, func(r *results) { checkBTIEnforced(r, dir) })
}

func checkAarch64Generator(r *results, dir, gen string) {
	src, _ := os.ReadFile(filepath.Join(root, gen))
	objs := buildFlavours(r, dir, gen, "arm-xlate.pl", aarch64Flavours)
	for _, fl := range aarch64Flavours {
		obj := objs[fl.name]
		if obj == "" {
			continue
		}
		what := fmt.Sprintf("%s (%s)", gen, fl.name)
		checkBTIPads(r, what, obj, fl.name)
		switch fl.name {
		case "linux64":
			checkELFNotes(r, what, tool("aarch64-linux-gnu-readelf"), obj, "AArch64 feature: BTI, PAC")
			checkNoAbsRelocs(r, what, tool("aarch64-linux-gnu-readelf"), obj, ".rela.text",
				regexp.MustCompile(`R_AARCH64_ABS`))
		case "ios64":
			checkIOSSymbols(r, what, obj, string(src))
		case "win64":
			unwind := runstep.Cmd{Args: []string{tool("llvm-readobj"), "--unwind", obj}}.Run()
			if unwind.Err != nil {
				r.fail("%s: llvm-readobj cannot decode the unwind data: %s", what, head(unwind.Stderr, 3))
				break
			}
			text, _ := os.ReadFile(strings.TrimSuffix(obj, ".o") + ".S")
			managed := len(grepLines(string(text), regexp.MustCompile(`\.seh_proc`)))
			entries := len(grepLines(unwind.Stdout, regexp.MustCompile(`Function: `)))
			r.check(entries == managed,
				fmt.Sprintf("%s: %d ARM64 SEH entries, one per managed function", what, entries),
				fmt.Sprintf("%s: %d SEH entries for %d managed functions", what, entries, managed))
		}
	}
}

var a64InsnLine = regexp.MustCompile(`^\s*([0-9a-f]+):\s(.*)$`)

// checkBTIPads checks that every global function symbol (hidden ones
// included; on Mach-O the external and private-external ones) starts with
// `bti c`, as objdump shows it (GNU objdump for ELF, llvm-objdump else).
func checkBTIPads(r *results, what, obj, flavour string) {
	type sym struct {
		addr uint64
		name string
	}
	var syms []sym
	add := func(addr, name string) {
		a, err := strconv.ParseUint(addr, 16, 64)
		if err == nil {
			syms = append(syms, sym{a, name})
		}
	}
	dump := []string{tool("llvm-objdump"), "-d", "--no-show-raw-insn", obj}
	switch flavour {
	case "linux64":
		dump[0] = tool("aarch64-linux-gnu-objdump")
		for _, l := range runstep.Lines(out(tool("aarch64-linux-gnu-readelf"), "-sW", obj)) {
			if f := strings.Fields(l); len(f) >= 8 && f[3] == "FUNC" && f[4] == "GLOBAL" {
				add(f[1], f[7])
			}
		}
	case "ios64":
		for _, l := range runstep.Lines(out(tool("llvm-nm"), "-m", obj)) {
			if f := strings.Fields(l); contains(l, "(__TEXT,__text)") && contains(l, " external ") {
				add(f[0], f[len(f)-1])
			}
		}
	case "win64":
		for _, l := range runstep.Lines(out(tool("llvm-nm"), obj)) {
			if f := strings.Fields(l); len(f) == 3 && f[1] == "T" {
				add(f[0], f[2])
			}
		}
	}
	// The first instruction disassembled at each address.
	at := map[uint64]string{}
	for _, l := range runstep.Lines(out(dump...)) {
		if m := a64InsnLine.FindStringSubmatch(l); m != nil {
			a, _ := strconv.ParseUint(m[1], 16, 64)
			if _, seen := at[a]; !seen {
				at[a] = strings.Join(strings.Fields(m[2]), " ")
			}
		}
	}
	var bad []string
	for _, s := range syms {
		switch at[s.addr] {
		case "bti c", "hint #34", "hint #0x22":
		default:
			bad = append(bad, fmt.Sprintf("%s(%s)", s.name, at[s.addr]))
		}
	}
	switch {
	case len(bad) > 0:
		r.fail("%s: functions not starting with bti c: %s", what, strings.Join(bad, " "))
	case len(syms) == 0:
		r.fail("%s: no global function symbol found", what)
	default:
		r.pass("%s: objdump shows bti c at all %d global functions", what, len(syms))
	}
}

// checkIOSSymbols checks the Mach-O text symbols' underscore and that only
// the functions the generator declares `global` on .func_begin are plain
// external.
func checkIOSSymbols(r *results, what, obj, genSource string) {
	nm := out(tool("llvm-nm"), "-m", obj)
	var noUnderscore, public []string
	for _, l := range runstep.Lines(nm) {
		if !contains(l, "__TEXT,__text") || !contains(l, " external ") {
			continue
		}
		f := strings.Fields(l)
		name := f[len(f)-1]
		if !strings.HasPrefix(name, "_") {
			noUnderscore = append(noUnderscore, name)
		}
		if !contains(l, "private external") {
			public = append(public, name)
		}
	}
	r.check(len(noUnderscore) == 0, what+": Mach-O symbols carry the underscore",
		what+": symbols without the leading underscore: "+strings.Join(noUnderscore, " "))
	globals := map[string]bool{}
	decl := regexp.MustCompile(`^\s*\.func_begin\s+(\w+)`)
	word := regexp.MustCompile(`\bglobal\b`)
	for _, l := range runstep.Lines(genSource) {
		if m := decl.FindStringSubmatch(l); m != nil && word.MatchString(l) {
			globals["_"+m[1]] = true
		}
	}
	var bad []string
	for _, p := range public {
		if !globals[p] {
			bad = append(bad, p)
		}
	}
	r.check(len(bad) == 0, what+": hidden functions are private extern",
		what+": not private extern: "+strings.Join(bad, " "))
}

// fnwrap is a managed function f with the .func_begin options and body.
func fnwrap(opts, body string) string {
	return ".text\n.func_begin f" + opts + "\n" + body + "\n.epilogue\n.func_end\n"
}

func checkAarch64Refusals(r *results) {
	xlate := filepath.Join(root, "crypto/perlasm/arm-xlate.pl")
	checkRefusals(r, xlate, "linux64", []refusal{
		{"x18", fnwrap(", leaf", "\tmov x18, x0")},
		{"x19 not in save=", fnwrap(", save=x20", "\tmov x19, x0")},
		{"a write to x29", fnwrap("", "\tmov x29, x0")},
		{"x30 in a plain leaf", fnwrap(", leaf", "\tmov x30, x0")},
		{"bl in a plain leaf", fnwrap(", leaf", "\tbl f")},
		{"v9 (in a register range) not in dsave=", fnwrap(", dsave=d8", "\tld1 {v6.4s-v9.4s}, [x0]")},
		{"d8 not in dsave=", fnwrap(", leaf", "\tfmov d8, x0")},
		{"a bare ret", fnwrap(", leaf", "\tret")},
		{"a pre-indexed sp write", fnwrap("", "\tstp x0, x1, [sp, #-16]!")},
		{"sub sp", fnwrap("", "\tsub sp, sp, #16")},
		{"an unknown mnemonic", fnwrap(", leaf", "\tfrobnicate x0")},
		{"an undefined label", fnwrap(", leaf", "\tb .Lnowhere")},
		{"a hand-written .globl", ".text\n.globl f\n"},
		{"a non-local label", ".text\nf:\n"},
		{"a literal pool", fnwrap(", leaf", "\tldr x0, =0x1234")},
		{"a hand-written .cfi directive", fnwrap("", "\t.cfi_def_cfa_offset 16")},
	})
	checkRefusals(r, xlate, "macosx", []refusal{{"an unknown flavour (macosx)", ".text"}})
	leaf := runstep.Cmd{Args: []string{tool("perl"), xlate, "linux64", "-"},
		Stdin: []byte(".text\n.func_begin f, leaf\n\tadd x0, x0, x1\n.epilogue\n.func_end\n")}.Run()
	r.check(leaf.Err == nil, "arm-xlate.pl accepts a minimal leaf function",
		"arm-xlate.pl refuses a minimal leaf function")
}

// checkAarch64Hardening links the library's aarch64 objects alone with BTI
// enforced.
func checkAarch64Hardening(r *results, dir string) {
	gcc, readelf := tool("aarch64-linux-gnu-gcc"), tool("aarch64-linux-gnu-readelf")
	archive := *a64Archive
	if archive == "" {
		b := filepath.Join(dir, "build-bti")
		flags := "-mbranch-protection=standard"
		err := buildLibrary(b, []string{
			"-DCMAKE_TOOLCHAIN_FILE=" + filepath.Join(root, "cmake/toolchain-aarch64-linux-gnu.cmake"),
			"-DCMAKE_C_FLAGS=" + flags, "-DCMAKE_CXX_FLAGS=" + flags, "-DCMAKE_ASM_FLAGS=" + flags},
			"crypto_static")
		if err != nil {
			r.fail("aarch64 library with %s does not build: %v", flags, err)
			return
		}
		r.pass("aarch64 library built with %s", flags)
		archive = filepath.Join(b, "libcrypto_static.a")
	}
	archive, _ = filepath.Abs(archive)
	if _, err := os.Stat(archive); err != nil {
		r.fail("%s: no such file", archive)
		return
	}
	// The enforcing link flags. GNU ld before 2.42 (Debian 12 has 2.40)
	// ignores -z bti-report=error with a warning; there -z force-bti itself
	// warns about every input without the BTI property, and --fatal-warnings
	// makes each warning an error. -z bti-report=error is added where ld
	// knows it.
	btiFlags := []string{"-Wl,-z,force-bti", "-Wl,--fatal-warnings"}
	probe := filepath.Join(dir, "probe.c")
	os.WriteFile(probe, []byte("int bittern_bti_probe(int x) { return x; }\n"), 0o644)
	if try(append([]string{gcc, "-mbranch-protection=standard", "-shared", "-nostartfiles", "-nostdlib",
		"-o", filepath.Join(dir, "probe.so"), probe}, append(btiFlags, "-Wl,-z,bti-report=error")...)...) == nil {
		btiFlags = append(btiFlags, "-Wl,-z,bti-report=error")
	}
	whole := []string{"-Wl,--whole-archive", archive, "-Wl,--no-whole-archive"}
	so := filepath.Join(dir, "libcrypto_bti_check.so")
	link := append(append(append([]string{gcc, "-shared", "-nostartfiles", "-nostdlib", "-o", so}, whole...),
		btiFlags...), "-Wl,-z,text", "-Wl,-z,noexecstack")
	if err := try(link...); err != nil {
		r.fail("library objects do not link with BTI enforced: %v", err)
	} else {
		r.pass("library objects link alone with %s -Wl,-z,text", strings.Join(btiFlags, " "))
		checkLinked(r, "linked library", readelf, so, "AArch64 feature: BTI, PAC")
	}
	// The control: one object without the property must make that link
	// fail, or the check above proves nothing.
	nobti := filepath.Join(dir, "nobti.c")
	os.WriteFile(nobti, []byte("int bittern_no_bti(int x) { return x + 1; }\n"), 0o644)
	nobtiObj := filepath.Join(dir, "nobti.o")
	err := try(gcc, "-mbranch-protection=none", "-c", nobti, "-o", nobtiObj)
	if err == nil {
		control := append(append([]string{gcc, "-shared", "-nostartfiles", "-nostdlib", "-o",
			filepath.Join(dir, "nobti.so"), nobtiObj}, whole...), btiFlags...)
		if try(control...) == nil {
			err = fmt.Errorf("it linked with %s", strings.Join(btiFlags, " "))
		}
	}
	r.check(err == nil, "control: an object without BTI makes the enforced link fail",
		fmt.Sprintf("control: %v", err))
}

// checkBTIEnforced builds two tiny static programs made of translator output
// alone (no start files: Debian's lack BTI pads, which would fault first):
// each jumps with `br x16` to a local label and exits 0 through the exit
// syscall. With the label a landing pad (`bti jc`) the program must exit 0;
// without one, a BTI-marked binary under `qemu-aarch64 -cpu max` (which has
// FEAT_BTI and guards the pages of such binaries) must die of SIGILL (status
// 132). Under -cpu cortex-a53 (no BTI) both exit 0.
func checkBTIEnforced(r *results, dir string) {
	qemu, err := lookPath("qemu-aarch64")
	if err != nil {
		r.note("BTI enforcement under qemu not checked: qemu-aarch64 not installed (package qemu-user)")
		return
	}
	xlate := filepath.Join(root, "crypto/perlasm/arm-xlate.pl")
	for _, pad := range []bool{true, false} {
		v, land, with := "nopad", "", "without"
		if pad {
			v, land, with = "pad", "\thint\t#36\t\t// bti jc", "with"
		}
		neutral := strings.Join([]string{".text", ".func_begin bti_start, raw",
			"\tadrl\tx16, .Ltarget", "\tbr\tx16", ".Ltarget:", land,
			"\tmov\tx0, #0", "\tmov\tx8, #93\t\t// exit",
			"\t.inst\t0xd4000001\t// svc #0", ".func_end"}, "\n") + "\n"
		asm := filepath.Join(dir, "bti-"+v+".S")
		exe := filepath.Join(dir, "bti-"+v)
		gen := runstep.Cmd{Args: []string{tool("perl"), xlate, "linux64", asm}, Stdin: []byte(neutral)}.Run()
		err := gen.Err
		if err == nil {
			err = try(tool("aarch64-linux-gnu-gcc"), "-static", "-nostdlib", "-nostartfiles",
				"-e", "bti_start", "-o", exe, asm)
		} else {
			err = fmt.Errorf("%v: %s", err, head(gen.Stderr, 3))
		}
		if err != nil {
			r.fail("BTI probe %s does not build: %v", v, err)
			continue
		}
		for _, cpu := range []string{"max", "cortex-a53"} {
			rc, want := runstep.Cmd{Args: []string{qemu, "-cpu", cpu, exe}}.Run().Status(), 0
			if !pad && cpu == "max" {
				want = 132
			}
			r.check(rc == want,
				fmt.Sprintf("qemu -cpu %s: br to a target %s bti jc exits %d", cpu, with, rc),
				fmt.Sprintf("qemu -cpu %s: br to a target %s bti jc exits %d, want %d", cpu, with, rc, want))
		}
	}
}
