// Copyright 2026 The project authors.

// asm_flavours checks the generated assembly of every architecture in every
// object-file flavour, the hardening of the library's own objects, and the
// CPU-detection code for targets this host cannot build fully. It prints one
// line per check ("ok    ...", "FAIL  ...", and "note  ..." for what it
// cannot check here) and one closing line "N passed, N failed", and exits
// non-zero on any failure (2 when a tool it needs is missing).
//
// Run it from the repository root:
//
//	go run ./util/asm_flavours [flags]
//
// Flags:
//
//	-work DIR              where outputs, objects and builds go (default: a
//	                       new temporary directory)
//	-only LIST             only these groups (comma-separated): x86_64, x86,
//	                       aarch64, cpu (default: all)
//	-x86_64-archive FILE   a built libcrypto_static.a (x86-64, elf) for the
//	                       hardening checks; without it they are noted as not
//	                       run
//	-i686-lib FILE         a built i686 shared library (its
//	                       libcrypto_static.a beside it); default: built in
//	                       WORK/build-i686-shared
//	-aarch64-archive FILE  a libcrypto_static.a built for aarch64 with
//	                       -mbranch-protection=standard; default: built in
//	                       WORK/build-bti
//	-jobs N                checks run in parallel (default: the number of
//	                       CPUs)
//
// The groups (see each file for the details):
//
//	x86_64   every *-x86_64.pl under crypto/ in elf, macosx, mingw64 and nasm
//	         (x86_64.go): headers, assembly with each flavour's assembler,
//	         ELF CET notes, endbr64, GNU-stack, position independence, Mach-O
//	         symbol visibility, mingw64 and nasm giving the same code and SEH
//	         unwind data, the Win64 ABI smoke test under Wine, the library's
//	         objects linked with -z cet-report=error -z text, and what the
//	         translator must refuse;
//	x86      every *-x86.pl in elf, macosx and win32n (x86.go): the same for
//	         32-bit code, elf and win32n giving the same instructions, SAFESEH,
//	         and the i686 shared library (no TEXTREL, CET on the assembly);
//	aarch64  every *-armv8.pl in linux64, ios64 and win64 (aarch64.go): BTI
//	         landing pads, BTI/PAC notes, ARM64 SEH unwind entries, the
//	         library's objects linked with BTI enforced (and a control that
//	         must fail), BTI enforcement under qemu-aarch64 -cpu max, and what
//	         the translator must refuse;
//	cpu      crypto/cpu/*.c compiled with clang -Werror for Apple, Windows and
//	         MinGW targets on x86 and aarch64 (cpu_targets.go).
//
// It uses only Go's standard library (Go 1.19) and calls the assemblers,
// binutils and LLVM tools that util/run-tests.sh installs for its extras.
package main

import (
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"sort"
	"strings"
	"sync"

	"bittern/util/runstep"
)

var (
	workFlag    = flag.String("work", "", "directory for outputs, objects and builds (default: a temporary one)")
	onlyFlag    = flag.String("only", "x86_64,x86,aarch64,cpu", "groups to run (comma-separated)")
	x64Archive  = flag.String("x86_64-archive", "", "libcrypto_static.a built for x86-64 (elf)")
	i686Lib     = flag.String("i686-lib", "", "i686 shared library (default: built in WORK)")
	a64Archive  = flag.String("aarch64-archive", "", "libcrypto_static.a built for aarch64 with -mbranch-protection=standard (default: built in WORK)")
	jobsFlag    = flag.Int("jobs", runtime.NumCPU(), "checks run in parallel")
	root, work  string
	ninjaJobs   = "-j2"
	tools       = map[string]string{}
	buildDirMtx sync.Mutex
)

// --- Results -------------------------------------------------------------------

// A results collects one job's lines; the main goroutine prints them in job
// order and counts the passes and failures.
type results struct{ lines []line }

type line struct {
	kind string // "ok", "FAIL", "note"
	msg  string
}

func (r *results) pass(format string, a ...interface{}) {
	r.lines = append(r.lines, line{"ok", fmt.Sprintf(format, a...)})
}

func (r *results) fail(format string, a ...interface{}) {
	r.lines = append(r.lines, line{"FAIL", fmt.Sprintf(format, a...)})
}

func (r *results) note(format string, a ...interface{}) {
	r.lines = append(r.lines, line{"note", fmt.Sprintf(format, a...)})
}

// check records a pass with passMsg when ok, else a failure with failMsg.
func (r *results) check(ok bool, passMsg, failMsg string) {
	if ok {
		r.pass("%s", passMsg)
	} else {
		r.fail("%s", failMsg)
	}
}

// A job is one unit of checks. It may wait for earlier jobs (after) to be
// done, e.g. for the objects they assembled.
type job struct {
	run   func(r *results)
	after []*job
	res   results
	done  chan struct{}
}

var allJobs []*job

func addJob(after []*job, run func(r *results)) *job {
	j := &job{run: run, after: after, done: make(chan struct{})}
	allJobs = append(allJobs, j)
	return j
}

// runJobs runs every job, at most n at a time, and prints each job's lines
// as soon as it and every job before it are done. It returns the counts.
func runJobs(n int) runstep.Tally {
	var t runstep.Tally
	runstep.Ordered(n, len(allJobs), func(i int) {
		j := allJobs[i]
		for _, a := range j.after {
			<-a.done
		}
		j.run(&j.res)
		close(j.done)
	}, func(i int) {
		for _, l := range allJobs[i].res.lines {
			fmt.Printf("%-5s %s\n", l.kind, l.msg)
			if l.kind != "note" {
				t.Count(l.kind == "ok")
			}
		}
	})
	return t
}

// --- Commands ------------------------------------------------------------------

// Commands run through runstep.Cmd, in the repository root (the working
// directory) unless they say otherwise.

// out runs ARGS and returns its standard output ("" on failure).
func out(args ...string) string {
	return runstep.Cmd{Args: args}.Run().Stdout
}

// try runs ARGS and returns nil or an error carrying the first lines of its
// standard error.
func try(args ...string) error {
	if c := (runstep.Cmd{Args: args}).Run(); c.Err != nil {
		return fmt.Errorf("%v: %s", c.Err, head(c.Stderr, 5))
	}
	return nil
}

// head returns the first n lines of s, joined by " | ".
func head(s string, n int) string {
	l := runstep.Lines(s)
	if len(l) > n {
		l = l[:n]
	}
	return strings.Join(l, " | ")
}

func contains(s, sub string) bool { return strings.Contains(s, sub) }

// grepLines returns the lines of s that re matches.
func grepLines(s string, re *regexp.Regexp) []string {
	var m []string
	for _, l := range runstep.Lines(s) {
		if re.MatchString(l) {
			m = append(m, l)
		}
	}
	return m
}

// --- Tools ---------------------------------------------------------------------

// A tool is a command the checks call, the Debian package that has it and
// the groups that need it; alternatives are other names for it.
type toolSpec struct {
	name   string
	alt    []string
	pkg    string
	groups string
}

var toolSpecs = []toolSpec{
	{"perl", nil, "perl", "x86_64,x86,aarch64"},
	{"gcc", nil, "gcc", "x86_64"},
	{"clang", []string{"clang-14"}, "clang", "x86_64,x86,aarch64,cpu"},
	{"nasm", nil, "nasm", "x86_64,x86"},
	{"x86_64-w64-mingw32-gcc", nil, "gcc-mingw-w64-x86-64", "x86_64"},
	{"x86_64-w64-mingw32-objdump", nil, "binutils-mingw-w64-x86-64", "x86_64"},
	{"readelf", nil, "binutils", "x86_64,x86"},
	{"objdump", nil, "binutils", "x86_64,x86"},
	{"nm", nil, "binutils", "x86_64,x86"},
	{"ar", nil, "binutils", "x86"},
	{"llvm-nm", []string{"llvm-nm-14"}, "llvm", "x86_64,x86,aarch64"},
	{"llvm-objdump", []string{"llvm-objdump-14"}, "llvm", "aarch64"},
	{"llvm-readobj", []string{"llvm-readobj-14"}, "llvm", "aarch64"},
	{"i686-linux-gnu-gcc", nil, "gcc-i686-linux-gnu", "x86"},
	{"aarch64-linux-gnu-gcc", nil, "gcc-aarch64-linux-gnu", "aarch64"},
	{"aarch64-linux-gnu-readelf", nil, "binutils-aarch64-linux-gnu", "aarch64"},
	{"aarch64-linux-gnu-objdump", nil, "binutils-aarch64-linux-gnu", "aarch64"},
	{"cmake", nil, "cmake", "x86,aarch64"},
	{"ninja", nil, "ninja-build", "x86,aarch64"},
}

// tool returns the path of a tool found by findTools.
func tool(name string) string { return tools[name] }

// findTools looks up the tools the selected groups need and exits with
// status 2, naming the package, if one is missing.
func findTools(groups map[string]bool) {
	missing := false
	for _, t := range toolSpecs {
		need := false
		for _, g := range strings.Split(t.groups, ",") {
			need = need || groups[g]
		}
		if !need {
			continue
		}
		for _, n := range append([]string{t.name}, t.alt...) {
			if p, err := exec.LookPath(n); err == nil {
				tools[t.name] = p
				break
			}
		}
		if tools[t.name] == "" {
			fmt.Printf("missing %s: apt-get install -y %s\n", t.name, t.pkg)
			missing = true
		}
	}
	if missing {
		os.Exit(2)
	}
}

// --- Generators ------------------------------------------------------------------

// generators returns the generator scripts under crypto/ whose names end in
// suffix ("-x86_64.pl"), as paths relative to the root, sorted.
func generators(suffix string) []string {
	var gens []string
	filepath.Walk(filepath.Join(root, "crypto"), func(p string, info os.FileInfo, err error) error {
		if err == nil && !info.IsDir() && strings.HasSuffix(p, suffix) {
			rel, _ := filepath.Rel(root, p)
			gens = append(gens, rel)
		}
		return nil
	})
	sort.Strings(gens)
	return gens
}

// findSource returns the tracked-looking file named base (relative to the
// root) anywhere in the tree but build directories and .git, so that a
// test source keeps being found when it moves; "" if there is none.
func findSource(base string) string {
	found := ""
	filepath.Walk(root, func(p string, info os.FileInfo, err error) error {
		if err != nil {
			return nil
		}
		if info.IsDir() && p != root && (strings.HasPrefix(info.Name(), "build") || strings.HasPrefix(info.Name(), ".")) {
			return filepath.SkipDir
		}
		if !info.IsDir() && info.Name() == base && found == "" {
			found, _ = filepath.Rel(root, p)
		}
		return nil
	})
	return found
}

func stem(script string) string { return strings.TrimSuffix(filepath.Base(script), ".pl") }

// generate runs `perl SCRIPT FLAVOUR OUT` and checks that the output says
// it is generated, from SCRIPT, through TRANSLATOR, in FLAVOUR. It returns
// false (with a failure recorded) when the script fails.
func generate(r *results, script, translator, flavour, outPath string) bool {
	if g := (runstep.Cmd{Args: []string{tool("perl"), script, flavour, outPath}}).Run(); g.Err != nil {
		r.fail("%s %s: generation: %s", script, flavour, head(g.Stderr, 3))
		return false
	}
	text, _ := os.ReadFile(outPath)
	want := fmt.Sprintf("generated by %s through crypto/perlasm/%s (%s), do not edit", script, translator, flavour)
	first := strings.Join(runstep.Lines(string(text))[:min(2, len(runstep.Lines(string(text))))], "\n")
	r.check(contains(first, want), fmt.Sprintf("%s %s: header names its source", script, flavour),
		fmt.Sprintf("%s %s: no '%s' header", script, flavour, want))
	return true
}

func min(a, b int) int {
	if a < b {
		return a
	}
	return b
}

// assemble runs the assembler command line and records the result.
func assemble(r *results, script, flavour string, args ...string) bool {
	if err := try(args...); err != nil {
		r.fail("%s %s: %s: %v", script, flavour, strings.Join(args, " "), err)
		return false
	}
	r.pass("%s %s: assembles (%s)", script, flavour, filepath.Base(args[0]))
	return true
}

// A flavour is one output of a translator: its name, the output file's
// extension and the command line that assembles SRC into OBJ.
type flavour struct {
	name, ext string
	asm       func(src, obj string) []string
}

// buildFlavours generates SCRIPT in each flavour into DIR (STEM-FLAVOUR.EXT)
// and assembles it (STEM-FLAVOUR.o), recording both. It returns the object
// of each flavour that assembled.
func buildFlavours(r *results, dir, script, translator string, flavours []flavour) map[string]string {
	objs := map[string]string{}
	for _, fl := range flavours {
		src := filepath.Join(dir, stem(script)+"-"+fl.name+"."+fl.ext)
		obj := filepath.Join(dir, stem(script)+"-"+fl.name+".o")
		os.Remove(obj)
		if generate(r, script, translator, fl.name, src) && assemble(r, script, fl.name, fl.asm(src, obj)...) {
			objs[fl.name] = obj
		}
	}
	return objs
}

// --- Checks shared by the ELF and Mach-O flavours ---------------------------------

// firstInsns maps each symbol of an objdump -d --no-show-raw-insn listing
// to the mnemonic of its first instruction.
func firstInsns(dump string) map[string]string {
	first := map[string]string{}
	l := runstep.Lines(dump)
	sym := regexp.MustCompile(`^[0-9a-f]+ <([^>]+)>:$`)
	for i := 0; i+1 < len(l); i++ {
		if m := sym.FindStringSubmatch(l[i]); m != nil {
			if f := strings.Fields(l[i+1]); len(f) >= 2 {
				first[m[1]] = f[1]
			}
		}
	}
	return first
}

// globalText returns the defined global text symbols (type T) of `nm -g`.
func globalText(obj string) []string {
	var syms []string
	for _, l := range runstep.Lines(out(tool("nm"), "-g", "--defined-only", obj)) {
		if f := strings.Fields(l); len(f) == 3 && f[1] == "T" {
			syms = append(syms, f[2])
		}
	}
	return syms
}

// checkEntries checks that every global function of an ELF object starts
// with the landing pad want (endbr64, endbr32).
func checkEntries(r *results, what, obj, want string) {
	first := firstInsns(out(tool("objdump"), "-d", "--no-show-raw-insn", obj))
	var bad []string
	syms := globalText(obj)
	for _, s := range syms {
		if first[s] != want {
			bad = append(bad, s)
		}
	}
	r.check(len(bad) == 0, fmt.Sprintf("%s: %s at every global entry (%d)", what, want, len(syms)),
		fmt.Sprintf("%s: no %s at: %s", what, want, strings.Join(bad, " ")))
}

// checkELFNotes checks the property note (the text readelf -n prints for
// it, e.g. "x86 feature: IBT, SHSTK") and .note.GNU-stack.
func checkELFNotes(r *results, what, readelf, obj, property string) {
	r.check(contains(out(readelf, "-n", obj), property), fmt.Sprintf("%s: .note.gnu.property %s", what, property),
		fmt.Sprintf("%s: no '%s' property note", what, property))
	r.check(contains(out(readelf, "-SW", obj), ".note.GNU-stack"), fmt.Sprintf("%s: .note.GNU-stack", what),
		fmt.Sprintf("%s: no .note.GNU-stack", what))
}

// checkNoAbsRelocs checks that the relocation section sec ('.rela.text')
// of readelf -rW has no relocation whose line re matches.
func checkNoAbsRelocs(r *results, what, readelf, obj, sec string, re *regexp.Regexp) {
	var bad []string
	in := false
	for _, l := range runstep.Lines(out(readelf, "-rW", obj)) {
		if strings.HasPrefix(l, "Relocation section ") {
			in = strings.HasPrefix(l, "Relocation section '"+sec+"'")
			continue
		}
		if in && re.MatchString(l) {
			bad = append(bad, strings.Join(strings.Fields(l), " "))
		}
	}
	r.check(len(bad) == 0, fmt.Sprintf("%s: no absolute relocations in .text", what),
		fmt.Sprintf("%s: absolute relocations in .text: %s", what, strings.Join(bad, "; ")))
}

// checkMachO checks a Mach-O object's text symbols: each carries the
// leading underscore, and (given the ELF object of the same source) exactly
// the functions hidden on ELF are private extern.
func checkMachO(r *results, what, mac, elf string) {
	var syms []string
	for _, l := range runstep.Lines(out(tool("llvm-nm"), "-m", "--defined-only", mac)) {
		if contains(l, "(__TEXT,__text)") && !contains(l, " non-external ") {
			syms = append(syms, l)
		}
	}
	var bad, got []string
	for _, l := range syms {
		f := strings.Fields(l)
		name := f[len(f)-1]
		if !strings.HasPrefix(name, "_") {
			bad = append(bad, name)
		}
		if contains(l, "private external") {
			got = append(got, name)
		}
	}
	r.check(len(bad) == 0, fmt.Sprintf("%s: function symbols carry the leading underscore", what),
		fmt.Sprintf("%s: symbols without underscore: %s", what, strings.Join(bad, " ")))
	if elf == "" {
		return
	}
	var want []string
	for _, l := range runstep.Lines(out(tool("readelf"), "-sW", elf)) {
		if f := strings.Fields(l); len(f) >= 8 && f[3] == "FUNC" && f[4] == "GLOBAL" && f[5] == "HIDDEN" {
			want = append(want, "_"+f[7])
		}
	}
	sort.Strings(want)
	sort.Strings(got)
	r.check(strings.Join(want, " ") == strings.Join(got, " "),
		fmt.Sprintf("%s: private_extern exactly where ELF is hidden", what),
		fmt.Sprintf("%s: private_extern set (%s) differs from ELF hidden set (%s)", what,
			strings.Join(got, " "), strings.Join(want, " ")))
}

// checkLinked checks a shared object linked from the library's objects: the
// property note, no TEXTREL, a non-executable GNU_STACK.
func checkLinked(r *results, what, readelf, so, property string) {
	r.check(contains(out(readelf, "-n", so), property), fmt.Sprintf("%s: keeps %s", what, property),
		fmt.Sprintf("%s: loses %s", what, property))
	r.check(!contains(out(readelf, "-dW", so), "TEXTREL"), fmt.Sprintf("%s: no TEXTREL", what),
		fmt.Sprintf("%s: TEXTREL", what))
	stack := false
	for _, l := range runstep.Lines(out(readelf, "-lW", so)) {
		stack = stack || (contains(l, "GNU_STACK") && contains(l, "RW "))
	}
	r.check(stack, fmt.Sprintf("%s: GNU_STACK not executable", what),
		fmt.Sprintf("%s: GNU_STACK missing or executable", what))
}

// --- The translators' refusals ------------------------------------------------------

// A refusal is neutral text a translator must refuse, and why.
type refusal struct{ what, text string }

var neutralLine = regexp.MustCompile(`^[^:]*: neutral line [0-9]+: `)

// checkRefusals feeds each text to TRANSLATOR FLAVOUR and checks that it
// fails, quoting the translator's reason.
func checkRefusals(r *results, translator, flavour string, cases []refusal) {
	for _, c := range cases {
		t := runstep.Cmd{Args: []string{tool("perl"), translator, flavour, "-"}, Stdin: []byte(c.text + "\n")}.Run()
		if t.Err == nil {
			r.fail("%s accepted %s", filepath.Base(translator), c.what)
			continue
		}
		reason := neutralLine.ReplaceAllString(head(t.Stderr, 1), "")
		r.pass("%s refuses %s: %s", filepath.Base(translator), c.what, reason)
	}
}

// --- Library builds -----------------------------------------------------------------

// buildLibrary configures and builds TARGETS in DIR with the cmake
// arguments, logging to DIR.log. Builds are serialised: each uses every
// core.
func buildLibrary(dir string, cmakeArgs []string, targets ...string) error {
	buildDirMtx.Lock()
	defer buildDirMtx.Unlock()
	logf := dir + ".log"
	args := append([]string{tool("cmake"), "-G", "Ninja", "-B", dir, "-S", root}, cmakeArgs...)
	c := runstep.Cmd{Args: args}.Run()
	o, e, err := c.Stdout, c.Stderr, c.Err
	if err == nil {
		n := runstep.Cmd{Args: append([]string{tool("ninja"), ninjaJobs, "-C", dir}, targets...)}.Run()
		o, e, err = o+n.Stdout, e+n.Stderr, n.Err
	}
	os.WriteFile(logf, []byte(o+e), 0o644)
	if err != nil {
		return fmt.Errorf("%v (see %s): %s", err, logf, head(strings.Join(lastLines(o+e, 5), "\n"), 5))
	}
	return nil
}

func lastLines(s string, n int) []string {
	l := runstep.Lines(s)
	if len(l) > n {
		l = l[len(l)-n:]
	}
	return l
}

func main() {
	flag.Parse()
	var err error
	if root, err = os.Getwd(); err != nil {
		fmt.Println(err)
		os.Exit(2)
	}
	if _, err := os.Stat(filepath.Join(root, "crypto/perlasm/x86_64-xlate.pl")); err != nil {
		fmt.Println("asm_flavours: run it from the repository root")
		os.Exit(2)
	}
	work = *workFlag
	if work == "" {
		if work, err = os.MkdirTemp("", "asm_flavours."); err != nil {
			fmt.Println(err)
			os.Exit(2)
		}
	}
	if work, err = filepath.Abs(work); err == nil {
		err = os.MkdirAll(work, 0o755)
	}
	if err != nil {
		fmt.Println(err)
		os.Exit(2)
	}
	ninjaJobs = fmt.Sprintf("-j%d", runtime.NumCPU())
	groups := map[string]bool{}
	for _, g := range strings.Split(*onlyFlag, ",") {
		switch g {
		case "x86_64", "x86", "aarch64", "cpu":
			groups[g] = true
		default:
			fmt.Printf("asm_flavours: unknown group %q (want x86_64, x86, aarch64 or cpu)\n", g)
			os.Exit(2)
		}
	}
	findTools(groups)
	if groups["x86_64"] {
		addX86_64Jobs()
	}
	if groups["x86"] {
		addX86Jobs()
	}
	if groups["aarch64"] {
		addAarch64Jobs()
	}
	if groups["cpu"] {
		addCPUTargetJobs()
	}
	t := runJobs(*jobsFlag)
	fmt.Println(t)
	if t.Failed != 0 {
		os.Exit(1)
	}
}

// lookPath finds a command in PATH, or checks a path given with a slash.
func lookPath(name string) (string, error) { return exec.LookPath(name) }
