// Copyright 2026 The project authors.

// insn_coverage checks that every implementation row's predicate covers
// the instructions the row can execute.
//
//	go run ./util/insn_coverage -build-dir DIR -arch x86_64|x86|aarch64 \
//	    [-emulator 'qemu-i386 -L /usr/i686-linux-gnu -cpu max']
//
// For each row that `bssl cpu -json` of the build lists (its entry_names,
// crypto/impl.h), it disassembles the entry points in DIR/bssl with objdump
// and follows every direct call, jump, fall-through and function address
// (a lea/mov/adrp+add of a function's start) to other functions of the
// library (the symbols of DIR/libcrypto_static.a), collecting every
// instruction the row can reach. Each instruction maps to the CPU features
// it needs (table.go). The row's requirements come from the library
// itself: `bssl cpu -json` runs again once per feature F of
// crypto/cpu/features.h with OPENSSL_ia32cap / OPENSSL_armcap removing F
// alone (the closure rule then removes what depends on F). The check fails
// when a row that stays capable with F removed (or on a CPU without F)
// contains an instruction needing F, when an instruction needs a feature
// features.h does not list, and when a vector or crypto instruction is not
// in the table.
//
// Features the architecture guarantees are not checked: x86-64's SSE2 (and
// below), i686's CMOV (the compiler's -march=i686); on AArch64 code the C
// compiler emitted may use Advanced SIMD (the ABI's baseline), while code
// from the generated assembly objects (DIR/**/*.S.o) may not use NEON
// without its predicate saying so.
//
// Rows the running CPU (or emulator) cannot run at all are listed as not
// checked. The program prints one line per row and ends with
// "N rows checked, N failed, N not checked"; it exits 1 on any failure.
package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"bittern/util/cpujson"
	"bittern/util/runstep"
)

var (
	buildDir = flag.String("build-dir", "build", "the build directory (bssl, libcrypto_static.a, generated objects)")
	arch     = flag.String("arch", "x86_64", "x86_64, x86 or aarch64")
	emulator = flag.String("emulator", "", "command prefix to run the build's bssl (e.g. qemu-aarch64 -L /usr/aarch64-linux-gnu -cpu max)")
	objdump  = flag.String("objdump", "", "objdump to use (default: objdump, or aarch64-linux-gnu-objdump)")
	verbose  = flag.Bool("v", false, "print each row's functions and features")
)

// runCPU runs the build's `bssl cpu -json` with `env` ("" or one
// "NAME=value") and checks that a mask was applied.
func runCPU(env string) (*cpujson.CPU, error) {
	var extra []string
	if env != "" {
		extra = append(extra, env)
	}
	c, err := cpujson.Run(filepath.Join(*buildDir, "bssl"), strings.Fields(*emulator), extra...)
	if err != nil {
		return nil, err
	}
	if env != "" && (c.Env == nil || !c.Env.Applied) {
		return nil, fmt.Errorf("bssl cpu: mask %s not applied: %+v", env, c.Env)
	}
	return c, nil
}

// An insn is one disassembled instruction.
type insn struct {
	addr     uint64
	bytes    []byte
	mnemonic string
	operands string
}

// A function is one symbol's code in the disassembly.
type function struct {
	name  string
	addr  uint64
	insns []insn
	asm   bool // defined in a generated assembly object
}

var (
	headerRE = regexp.MustCompile(`^([0-9a-f]+) <([^>]+)>:$`)
	insnRE   = regexp.MustCompile(`^\s*([0-9a-f]+):\t([0-9a-f ]+)\t(.*)$`)
	symRefRE = regexp.MustCompile(`\b([0-9a-f]+) <([^>+]+)(\+0x[0-9a-f]+)?>`)
	immRE    = regexp.MustCompile(`\$0x([0-9a-f]+)`)
)

// disassemble runs objdump over the binary and returns its functions by
// address, in address order.
func disassemble(tool, binary string) ([]*function, error) {
	dump := runstep.Cmd{Args: []string{tool, "-d", "-w", binary}}.Run()
	if dump.Err != nil {
		return nil, fmt.Errorf("%s -d %s: %v", tool, binary, dump.Err)
	}
	var funcs []*function
	var cur *function
	sc := bufio.NewScanner(strings.NewReader(dump.Stdout))
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if m := headerRE.FindStringSubmatch(line); m != nil {
			a, _ := strconv.ParseUint(m[1], 16, 64)
			cur = &function{name: m[2], addr: a}
			funcs = append(funcs, cur)
			continue
		}
		m := insnRE.FindStringSubmatch(line)
		if m == nil || cur == nil {
			continue
		}
		a, _ := strconv.ParseUint(m[1], 16, 64)
		var raw []byte
		for _, h := range strings.Fields(m[2]) {
			b, err := strconv.ParseUint(h, 16, 8)
			if err == nil {
				raw = append(raw, byte(b))
			}
		}
		text := strings.TrimSpace(m[3])
		if text == "" {
			// A continuation line of a long instruction's bytes.
			if n := len(cur.insns); n > 0 {
				cur.insns[n-1].bytes = append(cur.insns[n-1].bytes, raw...)
			}
			continue
		}
		mn, ops := splitInsn(text)
		cur.insns = append(cur.insns, insn{addr: a, bytes: raw, mnemonic: mn, operands: ops})
	}
	return funcs, sc.Err()
}

// splitInsn separates the mnemonic from the operands, dropping prefixes
// that do not change what the instruction needs (rep, lock, data16, bnd,
// notrack, cs, ds, {vex}, {evex}).
func splitInsn(text string) (string, string) {
	fields := strings.Fields(text)
	for len(fields) > 1 {
		switch fields[0] {
		case "rep", "repz", "repnz", "repe", "repne", "lock", "data16", "data32", "addr32",
			"bnd", "notrack", "cs", "ds", "es", "ss", "fs", "gs", "{vex}", "{vex3}", "{evex}", "rex", "rex.W":
			fields = fields[1:]
			continue
		}
		break
	}
	if len(fields) == 0 {
		return "", ""
	}
	return fields[0], strings.Join(fields[1:], " ")
}

// librarySymbols returns the names of the code symbols defined in the
// static library, and those defined in generated assembly objects.
func librarySymbols(tool string) (lib, asm map[string]bool, err error) {
	lib = map[string]bool{}
	asm = map[string]bool{}
	read := func(path string, into map[string]bool) error {
		syms := runstep.Cmd{Args: []string{tool, "-t", path}}.Run()
		if syms.Err != nil {
			return fmt.Errorf("%s -t %s: %v", tool, path, syms.Err)
		}
		for _, l := range strings.Split(syms.Stdout, "\n") {
			// "0000000000000000 g     F .text\t0000000000000123 name"
			f := strings.Fields(l)
			if len(f) < 4 || !strings.Contains(l, ".text") {
				continue
			}
			into[f[len(f)-1]] = true
		}
		return nil
	}
	if err := read(filepath.Join(*buildDir, "libcrypto_static.a"), lib); err != nil {
		return nil, nil, err
	}
	err = filepath.Walk(*buildDir, func(p string, info os.FileInfo, err error) error {
		if err != nil {
			return err
		}
		if !info.IsDir() && (strings.HasSuffix(p, ".S.o") || strings.HasSuffix(p, ".asm.o")) {
			return read(p, asm)
		}
		return nil
	})
	return lib, asm, err
}

// program is the disassembled binary: every instruction in address order,
// with the function holding it.
type program struct {
	funcs  []*function
	byAddr map[uint64]*function
	byName map[string][]*function
	insns  []*insn
	owner  []*function
	at     map[uint64]int // instruction address -> index in insns
}

func newProgram(funcs []*function) *program {
	p := &program{byAddr: map[uint64]*function{}, byName: map[string][]*function{}, at: map[uint64]int{}}
	sort.Slice(funcs, func(i, j int) bool { return funcs[i].addr < funcs[j].addr })
	p.funcs = funcs
	for _, f := range funcs {
		p.byAddr[f.addr] = f
		p.byName[f.name] = append(p.byName[f.name], f)
		for i := range f.insns {
			p.at[f.insns[i].addr] = len(p.insns)
			p.insns = append(p.insns, &f.insns[i])
			p.owner = append(p.owner, f)
		}
	}
	return p
}

var (
	x86Ends = map[string]bool{"ret": true, "retq": true, "retl": true, "jmp": true, "jmpq": true,
		"ud2": true, "hlt": true, "int3": true}
	armEnds = map[string]bool{"ret": true, "b": true, "br": true, "udf": true, "brk": true}
)

// isBranch reports whether `mn` transfers control to the address it names.
func isBranch(mn string) bool {
	if *arch == "aarch64" {
		return mn == "b" || mn == "bl" || strings.HasPrefix(mn, "b.") || mn == "cbz" ||
			mn == "cbnz" || mn == "tbz" || mn == "tbnz"
	}
	return strings.HasPrefix(mn, "j") || strings.HasPrefix(mn, "call") || strings.HasPrefix(mn, "loop")
}

// successors returns the instructions that can run after instruction i:
// the next one unless it ends the flow, the targets of a direct branch or
// call, and the start of any function whose address it takes (lea or mov
// of a function's address, adrp+add on AArch64: a function pointer the
// row may call). It also returns whether i is an indirect branch.
func (p *program) successors(i int, adrp map[string]uint64) ([]int, bool) {
	in := p.insns[i]
	var out []int
	addCode := func(a uint64) {
		if j, ok := p.at[a]; ok {
			out = append(out, j)
		}
	}
	addFunc := func(a uint64) {
		if p.byAddr[a] != nil {
			addCode(a)
		}
	}
	ends := x86Ends
	if *arch == "aarch64" {
		ends = armEnds
	}
	if !ends[in.mnemonic] && i+1 < len(p.insns) && !isPadding(*p.insns[i+1]) {
		out = append(out, i+1)
	} else if !ends[in.mnemonic] && i+1 < len(p.insns) {
		// Skip padding: the code after it is the fall-through.
		j := i + 1
		for j < len(p.insns) && isPadding(*p.insns[j]) {
			j++
		}
		if j < len(p.insns) {
			out = append(out, j)
		}
	}
	branch := isBranch(in.mnemonic)
	for _, m := range symRefRE.FindAllStringSubmatch(in.operands, -1) {
		a, _ := strconv.ParseUint(m[1], 16, 64)
		if branch {
			addCode(a)
		} else {
			addFunc(a)
		}
	}
	for _, m := range immRE.FindAllStringSubmatch(in.operands, -1) {
		a, _ := strconv.ParseUint(m[1], 16, 64)
		addFunc(a)
	}
	indirect := false
	if *arch == "aarch64" {
		ops := strings.Split(in.operands, ",")
		switch in.mnemonic {
		case "adrp":
			if len(ops) >= 2 {
				if a, err := strconv.ParseUint(strings.Fields(ops[1])[0], 16, 64); err == nil {
					adrp[strings.TrimSpace(ops[0])] = a
				}
			}
		case "add":
			if len(ops) == 3 {
				if base, ok := adrp[strings.TrimSpace(ops[1])]; ok {
					imm := strings.TrimPrefix(strings.Fields(ops[2])[0], "#")
					if v, err := strconv.ParseUint(strings.TrimPrefix(imm, "0x"), 16, 64); err == nil && strings.HasPrefix(imm, "0x") {
						addFunc(base + v)
					} else if v, err := strconv.ParseUint(imm, 10, 64); err == nil {
						addFunc(base + v)
					}
				}
			}
		case "br", "blr":
			indirect = true
		}
	} else if branch && strings.Contains(in.operands, "*") {
		indirect = true
	}
	return out, indirect
}

// isPadding reports whether `in` is alignment padding between functions:
// a nop of any length, or the do-nothing lea/xchg/mov forms assemblers use.
func isPadding(in insn) bool {
	switch {
	case strings.HasPrefix(in.mnemonic, "nop"), in.mnemonic == "int3", in.mnemonic == "udf":
		return true
	case in.mnemonic == "xchg" && (in.operands == "%ax,%ax" || in.operands == "%eax,%eax"):
		return true
	case in.mnemonic == "lea" && (strings.HasPrefix(in.operands, "0x0(%esi") && strings.HasSuffix(in.operands, ",%esi") ||
		strings.HasPrefix(in.operands, "0x0(%edi") && strings.HasSuffix(in.operands, ",%edi")):
		return true
	case in.mnemonic == "mov" && (in.operands == "%esi,%esi" || in.operands == "%edi,%edi"):
		return true
	}
	return false
}

func main() {
	flag.Parse()
	tool := *objdump
	if tool == "" {
		tool = "objdump"
		if *arch == "aarch64" {
			tool = "aarch64-linux-gnu-objdump"
		}
	}
	if *arch != "x86_64" && *arch != "x86" && *arch != "aarch64" {
		fatal(fmt.Errorf("-arch %q: want x86_64, x86 or aarch64", *arch))
	}

	base, err := runCPU("")
	if err != nil {
		fatal(err)
	}
	if base.NoASM {
		fmt.Println("OPENSSL_NO_ASM build: no assembly rows to check")
		return
	}
	if base.Arch != *arch {
		fatal(fmt.Errorf("bssl reports arch %q, -arch is %q", base.Arch, *arch))
	}

	// Single-feature masks: feature -> (primitive/row -> capable).
	type maskResult map[string]bool
	masked := map[string]maskResult{}
	var known []string
	envOf := map[string]string{}
	envName := "OPENSSL_ia32cap"
	if *arch == "aarch64" {
		envName = "OPENSSL_armcap"
	}
	mask := base.X86Mask
	var names []string
	for _, f := range base.X86Features {
		names = append(names, f.Name)
	}
	if *arch == "aarch64" {
		mask, names = base.ArmMask, nil
		for _, f := range base.ArmFeatures {
			names = append(names, f.Name)
		}
	}
	for _, f := range names {
		v, err := mask(f)
		if err != nil {
			fatal(err)
		}
		known = append(known, f)
		envOf[f] = envName + "=" + v
	}
	has := map[string]bool{}
	for _, f := range base.Features {
		has[f] = true
	}
	for _, f := range known {
		if !has[f] {
			continue // the CPU lacks it: every row needing it is off already
		}
		c, err := runCPU(envOf[f])
		if err != nil {
			fatal(err)
		}
		r := maskResult{}
		for _, p := range c.Primitives {
			for _, i := range p.Impls {
				r[p.Name+"/"+i.Name] = i.Capable
			}
		}
		masked[f] = r
	}
	isKnown := map[string]bool{}
	for _, f := range known {
		isKnown[f] = true
	}

	funcs, err := disassemble(tool, filepath.Join(*buildDir, "bssl"))
	if err != nil {
		fatal(err)
	}
	lib, asmSyms, err := librarySymbols(tool)
	if err != nil {
		fatal(err)
	}
	for _, f := range funcs {
		f.asm = asmSyms[f.name]
	}
	prog := newProgram(funcs)
	baseline := map[string]bool{}  // any code may use these
	baselineC := map[string]bool{} // compiled C code may use these
	switch *arch {
	case "aarch64":
		baselineC["neon"] = true
	case "x86_64":
		for _, f := range []string{"fpu", "tsc", "cmov", "mmx", "fxsr", "sse", "sse2"} {
			baseline[f] = true
		}
	case "x86":
		for _, f := range []string{"fpu", "tsc", "cmov"} {
			baseline[f] = true
		}
	}

	checked, failed, skipped := 0, 0, 0
	for _, p := range base.Primitives {
		for _, row := range p.Impls {
			key := p.Name + "/" + row.Name
			if !row.Capable {
				fmt.Printf("SKIP %s: not capable on this CPU, not checked\n", key)
				skipped++
				continue
			}
			// Reach every instruction from the entry points, staying in the
			// library's own functions.
			var errs []string
			var queue []int
			reached := map[int]bool{}
			for _, e := range row.EntryNames {
				fs := prog.byName[e]
				if len(fs) != 1 || len(fs[0].insns) == 0 {
					errs = append(errs, fmt.Sprintf("entry point %s: %d functions of that name in bssl", e, len(fs)))
					continue
				}
				j := prog.at[fs[0].addr]
				if !reached[j] {
					reached[j] = true
					queue = append(queue, j)
				}
			}
			indirect := 0
			adrp := map[string]uint64{}
			for len(queue) > 0 {
				i := queue[0]
				queue = queue[1:]
				succ, ind := prog.successors(i, adrp)
				if ind {
					indirect++
				}
				for _, j := range succ {
					if !reached[j] && lib[prog.owner[j].name] {
						reached[j] = true
						queue = append(queue, j)
					}
				}
			}
			// Features of every reached instruction.
			needs := map[string]string{} // feature -> first place seen
			funcsReached := map[*function]bool{}
			unknown := map[string]bool{}
			var order []int
			for i := range reached {
				order = append(order, i)
			}
			sort.Ints(order)
			for _, i := range order {
				f, in := prog.owner[i], prog.insns[i]
				funcsReached[f] = true
				feats, err := features(*in)
				if err != nil {
					if !unknown[in.mnemonic] {
						unknown[in.mnemonic] = true
						errs = append(errs, fmt.Sprintf("%s+0x%x: %s %s: %v", f.name, in.addr-f.addr, in.mnemonic, in.operands, err))
					}
					continue
				}
				for _, ft := range feats {
					if baseline[ft] || (!f.asm && baselineC[ft]) {
						continue
					}
					if _, ok := needs[ft]; !ok {
						needs[ft] = fmt.Sprintf("%s+0x%x: %s %s", f.name, in.addr-f.addr, in.mnemonic, in.operands)
					}
				}
			}
			var names []string
			for ft := range needs {
				names = append(names, ft)
			}
			sort.Strings(names)
			for _, ft := range names {
				if !isKnown[ft] {
					errs = append(errs, fmt.Sprintf("needs %s, which crypto/cpu/features.h does not list (%s)", ft, needs[ft]))
					continue
				}
				r, ok := masked[ft]
				if !ok {
					errs = append(errs, fmt.Sprintf("needs %s, which this CPU lacks, yet the row is capable (%s)", ft, needs[ft]))
					continue
				}
				if r[key] {
					errs = append(errs, fmt.Sprintf("still capable with %s removed, but executes %s", ft, needs[ft]))
				}
			}
			checked++
			var fnames []string
			for f := range funcsReached {
				fnames = append(fnames, f.name)
			}
			sort.Strings(fnames)
			if len(errs) > 0 {
				failed++
				fmt.Printf("FAIL %s (needs %s)\n", key, strings.Join(names, " "))
				for _, e := range errs {
					fmt.Printf("    %s\n", e)
				}
			} else {
				fmt.Printf("ok   %s: needs %s (%d instructions in %d functions, %d indirect branches)\n", key, orNone(names), len(reached), len(funcsReached), indirect)
			}
			if *verbose {
				fmt.Printf("    functions: %s\n", strings.Join(fnames, " "))
			}
		}
	}
	fmt.Printf("%d rows checked, %d failed, %d not checked\n", checked, failed, skipped)
	if failed > 0 {
		os.Exit(1)
	}
}

func orNone(s []string) string {
	if len(s) == 0 {
		return "nothing beyond the base ISA"
	}
	return strings.Join(s, " ")
}

func fatal(err error) {
	fmt.Fprintf(os.Stderr, "insn_coverage: %v\n", err)
	os.Exit(2)
}

var errUnknown = errors.New("vector or crypto instruction not in util/insn_coverage/table.go")
