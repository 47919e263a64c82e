// Copyright 2026 The project authors.

// all_tests runs every test command listed in util/all_tests.json, once per
// CPU path (capability mask) and per architecture, and reports one line per
// run and one closing line "N passed, N failed".
//
// Run it from the repository root, after building crypto_test:
//
//	go run ./util/all_tests.go -build-dir build -vectors-dir ../shared/vectors
//
// It is a single file of package main using only the standard library, so
// `go run ./util/all_tests.go` works with or without the repository's go.mod
// (and other programs may live beside it in util/).
//
// Flags:
//
//	-build-dir DIR    the native build (default "build"); {BUILD} in commands
//	-vectors-dir DIR  the public vector suites; {VECTORS} in commands. Without
//	                  it, arguments that mention {VECTORS} are dropped and the
//	                  tests that need the vectors skip themselves by name.
//	-jobs N           runs in parallel (default: the number of CPUs)
//	-filter S         only the tests whose name contains S
//	-valgrind         run native and i686 binaries under
//	                  valgrind --error-exitcode=99 --leak-check=full
//	                  --track-origins=yes --suppressions=util/valgrind.supp;
//	                  any valgrind error fails the run
//	-native=false     skip the runs of the native build
//	-qemu-aarch64     also run the aarch64 cross build (-aarch64-build-dir,
//	                  default "build-aarch64") under
//	                  qemu-aarch64 -L /usr/aarch64-linux-gnu -cpu MODEL, for
//	                  each CPU model and each OPENSSL_armcap mask of the JSON
//	-i686             also run the i686 cross build (-i686-build-dir, default
//	                  "build-i686") natively, with each x86 mask
//	-i686-qemu        with -i686: run it under
//	                  qemu-i386 -L /usr/i686-linux-gnu -cpu max instead, for
//	                  kernels without 32-bit support (no valgrind then)
//	-timeout D        time limit of one run (default 30m)
//	-v                print each command, its full output, and `bssl cpu`
//	-all-masks        run every mask; by default a mask is skipped (and
//	                  listed as SKIP) when `bssl cpu` under it, in the same
//	                  test, target and CPU model, shows exactly the
//	                  implementation rows of an earlier mask (see dedupe)
//
// A run passes when its command exits with status 0 within the time limit.
// A command whose binary is missing fails (a mode that was not requested is
// not run at all). When the build directory of a run has a `bssl` binary,
// `bssl cpu` is run with the same environment (and emulator), and its
// output, the implementation chosen per primitive, is shown on the run's
// line (in full, indented, with -v); it never decides pass or fail. The
// program exits with status 1 if any run failed, and 0 otherwise.
//
// The environment variables OPENSSL_ia32cap and OPENSSL_armcap of the caller
// are removed from every run, so "all features" really means all.
//
// all_tests.json (see the comments inside it) has:
//
//	tests          [{"name", "cmd": [argv...], "cpu_masks": bool,
//	                 "modes": ["native", "i686", "aarch64"] (default all)}]
//	x86_masks      [{"name", "env" (OPENSSL_ia32cap, "" = unset),
//	                 "clears": [feature names]}]
//	aarch64_cpus   [qemu -cpu models]
//	aarch64_masks  [{"name", "env" (OPENSSL_armcap, "" = unset),
//	                 "clears": [feature names]}]
//
// cmd[0] is relative to the build directory of the run unless absolute;
// {BUILD}, {VECTORS} and {SOURCE} (the repository root) are expanded in
// every argument. A test without cpu_masks runs once per mode, with every
// feature. Each mask's "env" must equal the value computed from its
// "clears" list with the feature bits of the build (util/cpujson), so a
// mistyped mask is caught before anything runs. Any object may carry a "comment" field.
package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"syscall"
	"time"

	"bittern/util/cpujson"
	"bittern/util/runstep"
)

var (
	buildDir        = flag.String("build-dir", "build", "the native build directory")
	vectorsDir      = flag.String("vectors-dir", "", "directory of the public test-vector suites, passed to crypto_test")
	jobs            = flag.Int("jobs", runtime.NumCPU(), "number of runs in parallel")
	filter          = flag.String("filter", "", "only run the tests whose name contains this")
	useValgrind     = flag.Bool("valgrind", false, "run native and i686 binaries under valgrind")
	runNative       = flag.Bool("native", true, "run the native build")
	useQemu         = flag.Bool("qemu-aarch64", false, "also run the aarch64 cross build under qemu-aarch64")
	aarch64BuildDir = flag.String("aarch64-build-dir", "build-aarch64", "the aarch64 cross build directory")
	useI686         = flag.Bool("i686", false, "also run the i686 cross build")
	i686BuildDir    = flag.String("i686-build-dir", "build-i686", "the i686 cross build directory")
	i686Qemu        = flag.Bool("i686-qemu", false, "with -i686, run under qemu-i386 instead of natively")
	configPath      = flag.String("config", "", "the test list (default: util/all_tests.json in the repository)")
	timeout         = flag.Duration("timeout", 30*time.Minute, "time limit of one run")
	verbose         = flag.Bool("v", false, "print commands, full output and `bssl cpu`")
	allMasks        = flag.Bool("all-masks", false, "run every mask, even one whose implementation rows equal an earlier mask's")
)

// The feature bits come from the build under test: `bssl cpu -json` prints
// the tables of crypto/cpu/features.h (their one definition), and the
// runner turns a mask's "clears" list (feature names, matched without
// regard to case) into the variable's value:
//
//	OPENSSL_ia32cap = "~W0:~W1" with
//	W0 = CPUID(1).EDX | CPUID(1).ECX << 32      (words 0 and 1)
//	W1 = CPUID(7,0).EBX | CPUID(7,0).ECX << 32  (words 2 and 3)
//	OPENSSL_armcap  = "~V" over the ARMV* masks
//
// e.g. AVX (word 1 bit 28) is W0 bit 60 = 0x1000000000000000 and AVX2 (word
// 2 bit 5) W1 bit 5 = 0x20. For a cross build, bssl runs under the same
// emulator as the tests.

// checkMasks checks that each mask's "env" is what its "clears" list gives
// under the feature tables of the build.
func checkMasks(kind string, masks []maskSpec, envOf func(...string) (string, error)) error {
	for _, m := range masks {
		want, err := envOf(m.Clears...)
		if err != nil {
			return fmt.Errorf("%s mask %q: %v", kind, m.Name, err)
		}
		if m.Env != want {
			return fmt.Errorf("%s mask %q: env is %q but clearing %v gives %q", kind, m.Name, m.Env, m.Clears, want)
		}
	}
	return nil
}

type testSpec struct {
	Comment  string   `json:"comment"`
	Name     string   `json:"name"`
	Cmd      []string `json:"cmd"`
	CPUMasks bool     `json:"cpu_masks"`
	Modes    []string `json:"modes"`
}

type maskSpec struct {
	Comment string   `json:"comment"`
	Name    string   `json:"name"`
	Env     string   `json:"env"`
	Clears  []string `json:"clears"`
}

type config struct {
	Comment      []string   `json:"comment"`
	Tests        []testSpec `json:"tests"`
	X86Masks     []maskSpec `json:"x86_masks"`
	AArch64CPUs  []string   `json:"aarch64_cpus"`
	AArch64Masks []maskSpec `json:"aarch64_masks"`
}

const (
	modeNative  = "native"
	modeI686    = "i686"
	modeAArch64 = "aarch64"
)

// loadConfig reads and checks the test list.
func loadConfig(path string) (*config, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields() // a misspelt field is an error, not a no-op
	var c config
	if err := dec.Decode(&c); err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	if len(c.Tests) == 0 {
		return nil, fmt.Errorf("%s: no tests", path)
	}
	names := make(map[string]bool)
	for _, t := range c.Tests {
		if t.Name == "" || len(t.Cmd) == 0 {
			return nil, fmt.Errorf("%s: a test needs a name and a cmd", path)
		}
		if names[t.Name] {
			return nil, fmt.Errorf("%s: duplicate test %q", path, t.Name)
		}
		names[t.Name] = true
		for _, m := range t.Modes {
			if m != modeNative && m != modeI686 && m != modeAArch64 {
				return nil, fmt.Errorf("%s: test %q: unknown mode %q", path, t.Name, m)
			}
		}
	}
	for kind, masks := range map[string][]maskSpec{"x86": c.X86Masks, "aarch64": c.AArch64Masks} {
		if len(masks) == 0 || masks[0].Env != "" {
			return nil, fmt.Errorf("%s: the first %s mask must be the unmasked one (env \"\")", path, kind)
		}
	}
	if len(c.AArch64CPUs) == 0 {
		return nil, fmt.Errorf("%s: no aarch64_cpus", path)
	}
	return &c, nil
}

// A run is one execution of one test command.
type run struct {
	label    string   // "crypto_test [x86-64: no SHA-NI]"
	argv     []string // the full command, emulator or valgrind included
	binary   string   // the test binary, which must exist
	env      []string // the environment
	bssl     string   // path of bssl in the run's build dir ("" if none)
	emulator []string // prefix for bssl: qemu or nothing (never valgrind)
	probe    []string // prefix for `bssl cpu`: the emulator, or valgrind
	group    string   // test, target and CPU model: runs that differ only by mask
	err      error    // set when the run cannot even be built

	// sameAs is the label of an earlier run of the same group whose
	// `bssl cpu` listed exactly the same implementation rows; this run is
	// then not executed (see dedupe).
	sameAs string

	// Results.
	passed  bool
	output  []byte
	cpuInfo []byte
	elapsed time.Duration
}

// baseEnv is the caller's environment without the capability overrides.
func baseEnv() []string {
	var env []string
	for _, kv := range os.Environ() {
		if strings.HasPrefix(kv, "OPENSSL_ia32cap=") || strings.HasPrefix(kv, "OPENSSL_armcap=") {
			continue
		}
		env = append(env, kv)
	}
	return env
}

var placeholderRE = regexp.MustCompile(`\{[A-Za-z_]+\}`)

// expandCmd expands the placeholders of `cmd` for a build directory, and
// resolves cmd[0] against it.
func expandCmd(cmd []string, build, vectors, source string) ([]string, error) {
	r := strings.NewReplacer("{BUILD}", build, "{VECTORS}", vectors, "{SOURCE}", source)
	var out []string
	for i, arg := range cmd {
		if vectors == "" && i > 0 && strings.Contains(arg, "{VECTORS}") {
			continue // no vectors: the tests that need them skip by name
		}
		arg = r.Replace(arg)
		if p := placeholderRE.FindString(arg); p != "" {
			return nil, fmt.Errorf("unknown placeholder %s in %q", p, cmd[i])
		}
		out = append(out, arg)
	}
	if !filepath.IsAbs(out[0]) {
		out[0] = filepath.Join(build, out[0])
	}
	return out, nil
}

// findSourceRoot returns the repository root: the nearest directory at or
// above the working directory whose go.mod declares module bittern, or else
// the parent of the directory this file was compiled from.
func findSourceRoot() string {
	wd, err := os.Getwd()
	if err != nil {
		wd = "."
	}
	moduleRE := regexp.MustCompile(`(?m)^module\s+bittern\s*$`)
	for dir := wd; ; {
		if data, err := os.ReadFile(filepath.Join(dir, "go.mod")); err == nil && moduleRE.Match(data) {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			break
		}
		dir = parent
	}
	if _, file, _, ok := runtime.Caller(0); ok && filepath.IsAbs(file) {
		return filepath.Dir(filepath.Dir(file))
	}
	return wd
}

func absOrSelf(p string) string {
	if a, err := filepath.Abs(p); err == nil {
		return a
	}
	return p
}

func hasMode(t testSpec, mode string) bool {
	if len(t.Modes) == 0 {
		return true
	}
	for _, m := range t.Modes {
		if m == mode {
			return true
		}
	}
	return false
}

// planRuns lists every run, in the order they are reported.
func planRuns(c *config, source string) ([]*run, error) {
	vectors := ""
	if *vectorsDir != "" {
		vectors = absOrSelf(*vectorsDir)
		if st, err := os.Stat(vectors); err != nil || !st.IsDir() {
			return nil, fmt.Errorf("-vectors-dir %s is not a directory", *vectorsDir)
		}
	}
	// util/valgrind.supp lists the known false positives, each with its
	// reason.
	valgrindArgs := []string{"valgrind", "--error-exitcode=99", "--leak-check=full", "--track-origins=yes",
		"--suppressions=" + filepath.Join(source, "util", "valgrind.supp")}
	none := []maskSpec{{Name: "all features"}}

	type target struct {
		mode     string
		arch     string // label prefix
		build    string
		masks    []maskSpec
		envVar   string
		cpus     []string // qemu-aarch64 models; nil for other runs
		emulator []string // qemu-i386 prefix, if any
		valgrind bool
	}
	var targets []target
	if *runNative {
		t := target{mode: modeNative, build: absOrSelf(*buildDir), valgrind: *useValgrind}
		switch runtime.GOARCH {
		case "amd64":
			t.arch, t.masks, t.envVar = "x86-64", c.X86Masks, "OPENSSL_ia32cap"
		case "386":
			t.arch, t.masks, t.envVar = "x86", c.X86Masks, "OPENSSL_ia32cap"
		case "arm64":
			t.arch, t.masks, t.envVar = "aarch64", c.AArch64Masks, "OPENSSL_armcap"
		default:
			t.arch, t.masks = runtime.GOARCH, none
		}
		targets = append(targets, t)
	}
	if *useI686 {
		t := target{mode: modeI686, arch: "i686", build: absOrSelf(*i686BuildDir),
			masks: c.X86Masks, envVar: "OPENSSL_ia32cap", valgrind: *useValgrind}
		if *i686Qemu {
			t.arch = "i686 qemu"
			t.emulator = []string{"qemu-i386", "-L", "/usr/i686-linux-gnu", "-cpu", "max"}
			t.valgrind = false
		}
		targets = append(targets, t)
	}
	if *useQemu {
		targets = append(targets, target{mode: modeAArch64, arch: "aarch64", build: absOrSelf(*aarch64BuildDir),
			masks: c.AArch64Masks, envVar: "OPENSSL_armcap", cpus: c.AArch64CPUs})
	}

	// Each target's masks, checked against the feature tables of its own
	// bssl (run as its tests are).
	for _, tg := range targets {
		if tg.envVar == "" {
			continue
		}
		emu := tg.emulator
		if tg.cpus != nil {
			emu = []string{"qemu-aarch64", "-L", "/usr/aarch64-linux-gnu", "-cpu", "max"}
		}
		f, err := cpujson.Run(filepath.Join(tg.build, "bssl"), emu)
		if err != nil {
			return nil, fmt.Errorf("the %s masks need the feature bits of the build: %v", tg.arch, err)
		}
		envOf, kind := f.X86Mask, "x86"
		if tg.envVar == "OPENSSL_armcap" {
			envOf, kind = f.ArmMask, "aarch64"
		}
		if err := checkMasks(kind, tg.masks, envOf); err != nil {
			return nil, fmt.Errorf("util/all_tests.json: %v", err)
		}
	}

	var runs []*run
	for _, t := range c.Tests {
		if !strings.Contains(t.Name, *filter) {
			continue
		}
		for _, tg := range targets {
			if !hasMode(t, tg.mode) {
				continue
			}
			masks := tg.masks
			if !t.CPUMasks {
				masks = masks[:1]
			}
			cpus := tg.cpus
			if cpus == nil {
				cpus = []string{""}
			}
			for _, cpu := range cpus {
				for _, m := range masks {
					r := &run{}
					where := tg.arch
					if cpu != "" {
						where += " " + cpu
					}
					r.label = fmt.Sprintf("%s [%s: %s]", t.Name, where, m.Name)
					if tg.valgrind {
						r.label += " (valgrind)"
					}
					r.group = fmt.Sprintf("%s [%s] valgrind=%v", t.Name, where, tg.valgrind)
					cmd, err := expandCmd(t.Cmd, tg.build, vectors, source)
					if err != nil {
						return nil, fmt.Errorf("test %q: %v", t.Name, err)
					}
					r.binary = cmd[0]
					if cpu != "" {
						r.emulator = []string{"qemu-aarch64", "-L", "/usr/aarch64-linux-gnu", "-cpu", cpu}
					} else if tg.emulator != nil {
						r.emulator = tg.emulator
					}
					switch {
					case r.emulator != nil:
						r.argv = append(append([]string{}, r.emulator...), cmd...)
						r.probe = r.emulator
					case tg.valgrind:
						r.argv = append(append([]string{}, valgrindArgs...), cmd...)
						// Valgrind's CPU lacks some features (SHA-NI,
						// AVX-512): ask it what it offers.
						r.probe = []string{"valgrind", "-q"}
					default:
						r.argv = cmd
					}
					r.env = baseEnv()
					if m.Env != "" {
						r.env = append(r.env, tg.envVar+"="+m.Env)
					}
					bssl := filepath.Join(tg.build, "bssl")
					if st, err := os.Stat(bssl); err == nil && st.Mode().IsRegular() {
						r.bssl = bssl
					}
					runs = append(runs, r)
				}
			}
		}
	}
	return runs, nil
}

// execute performs one run.
func execute(r *run) {
	start := time.Now()
	defer func() { r.elapsed = time.Since(start) }()
	if st, err := os.Stat(r.binary); err != nil || !st.Mode().IsRegular() {
		r.output = []byte(fmt.Sprintf("test binary %s not found (is that build missing?)\n", r.binary))
		return
	}
	c := runstep.Cmd{Args: r.argv, Env: r.env, Timeout: *timeout, Combined: true}.Run()
	err := c.Err
	r.output = []byte(c.Stdout)
	if len(r.output) > 0 && r.output[len(r.output)-1] != '\n' {
		r.output = append(r.output, '\n')
	}
	switch {
	case c.TimedOut:
		r.output = append(r.output, fmt.Sprintf("(killed after the time limit of %v)\n", *timeout)...)
	case err != nil && c.Status() == 99 && r.argv[0] == "valgrind":
		r.output = append(r.output, "(valgrind reported errors: exit status 99)\n"...)
	case err != nil && errors.Is(err, syscall.ENOEXEC):
		r.output = append(r.output, fmt.Sprintf("(%v: this kernel cannot run that binary; for i686 try -i686-qemu)\n", err)...)
	case err != nil:
		r.output = append(r.output, fmt.Sprintf("(%v)\n", err)...)
	default:
		r.passed = true
	}

	if r.bssl != "" && r.cpuInfo == nil {
		if info, err := bsslCPU(r); err == nil {
			r.cpuInfo = info
		} else if *verbose {
			r.cpuInfo = append(info, fmt.Sprintf("(bssl cpu: %v)\n", err)...)
		}
	}
}

// bsslCPU runs `bssl cpu` as `r` runs its test (the same emulator and
// environment) and returns what it printed.
func bsslCPU(r *run) ([]byte, error) {
	argv := append(append([]string{}, r.probe...), r.bssl, "cpu")
	c := runstep.Cmd{Args: argv, Env: r.env, Timeout: time.Minute, Combined: true}.Run()
	return []byte(c.Stdout), c.Err
}

// implRows returns the lines of `bssl cpu` output that list a primitive's
// implementations ("sha256: shani (available: shani avx2 ... nohw)").
func implRows(info []byte) string {
	var rows []string
	for _, line := range strings.Split(string(info), "\n") {
		if strings.Contains(line, "(available:") {
			rows = append(rows, strings.TrimSpace(line))
		}
	}
	return strings.Join(rows, "\n")
}

// dedupe runs `bssl cpu` for every run (under its emulator or valgrind, with
// its mask) and marks as sameAs each run whose group already has a run with
// exactly the same implementation rows available and chosen. Every
// capability-dependent path of the library goes through those tables, and
// the tests force each available row, so such a run would execute the very
// same code as the earlier one: a mask that removes a feature the CPU (or
// qemu, or valgrind) does not have, or one that no row of this architecture
// depends on. Runs without a bssl, or whose `bssl cpu` fails, always run.
func dedupe(runs []*run) {
	first := map[string]string{}
	for _, r := range runs {
		if r.bssl == "" {
			continue
		}
		info, err := bsslCPU(r)
		rows := implRows(info)
		if err != nil || rows == "" {
			continue
		}
		r.cpuInfo = info
		key := r.group + "\n" + rows
		if label, ok := first[key]; ok {
			r.sameAs = label
		} else {
			first[key] = r.label
		}
	}
}

// cpuSummary folds the output of `bssl cpu` into one short line: for each
// "primitive: impl ..." line it keeps "primitive=impl" (the first word, the
// implementation chosen). Lines about the capability words themselves
// (ia32cap, armcap, features, the OPENSSL_* variables) are left to -v.
func cpuSummary(info []byte) string {
	var parts []string
	sc := bufio.NewScanner(bytes.NewReader(info))
	for sc.Scan() {
		k, v, ok := strings.Cut(sc.Text(), ":")
		k = strings.TrimSpace(k)
		fields := strings.Fields(v)
		if !ok || len(fields) == 0 || !primitiveRE.MatchString(k) ||
			strings.HasPrefix(strings.ToLower(k), "openssl_") {
			continue
		}
		switch strings.ToLower(k) {
		case "ia32cap", "armcap", "features":
			continue
		}
		parts = append(parts, k+"="+fields[0])
	}
	return strings.Join(parts, " ")
}

var (
	primitiveRE = regexp.MustCompile(`^[A-Za-z0-9_./-]+$`)
	// A line of valgrind's own output, with something after the PID.
	valgrindLineRE = regexp.MustCompile(`^==\d+== +\S`)
	// Valgrind's banner and summaries, shown by the tail anyway or useless.
	valgrindBoilerplateRE = regexp.MustCompile(`^==\d+== +(Memcheck,|Copyright|Using Valgrind|Command:|` +
		`HEAP SUMMARY|in use at exit|total heap usage|All heap blocks|For lists of|For counts of|` +
		`ERROR SUMMARY|Rerun with|LEAK SUMMARY|definitely lost:|indirectly lost:|possibly lost:|` +
		`still reachable:|suppressed:|Reachable blocks|To see them)`)
	gtestRunRE    = regexp.MustCompile(`^\[ RUN      \] (\S+)`)
	gtestFailedRE = regexp.MustCompile(`^\[  FAILED  \] (\S+) \(`)
)

// failureExcerpt picks what to show of a failed run's output. Short output
// is shown whole. Otherwise: the output of the failed GoogleTest cases
// (where the assertion messages are), up to maxCaseLines, then the final
// summary from the last "[==========]" line on (or, if there is none, as
// after a crash or a valgrind report, the last tailLines lines).
func failureExcerpt(output []byte) []string {
	const maxCaseLines, maxValgrindLines, tailLines = 40, 60, 30
	lines := strings.Split(strings.TrimRight(string(output), "\n"), "\n")
	if len(lines) <= maxCaseLines+tailLines {
		return lines
	}
	var excerpt []string
	caseStart, omitted := -1, 0
	for i, line := range lines {
		if gtestRunRE.MatchString(line) {
			caseStart = i
			continue
		}
		if gtestFailedRE.MatchString(line) && caseStart >= 0 {
			block := lines[caseStart : i+1]
			room := maxCaseLines - len(excerpt)
			switch {
			case room <= 0:
				omitted++
			case len(block) > room:
				excerpt = append(excerpt, block[:room]...)
				excerpt = append(excerpt, fmt.Sprintf("... (%d more lines of %s)", len(block)-room,
					strings.TrimSpace(strings.TrimPrefix(line, "[  FAILED  ]"))))
			default:
				excerpt = append(excerpt, block...)
			}
			caseStart = -1
		}
	}
	if omitted > 0 {
		excerpt = append(excerpt, fmt.Sprintf("... (%d more failed test cases; -v shows everything)", omitted))
	}
	// Valgrind's reports ("==PID== Invalid read ...", leak records) are
	// interleaved with the test output, far from its tail: keep them too.
	var vg []string
	for _, line := range lines {
		if valgrindLineRE.MatchString(line) && !valgrindBoilerplateRE.MatchString(line) {
			vg = append(vg, line)
		}
	}
	if len(vg) > maxValgrindLines {
		vg = append(vg[:maxValgrindLines], fmt.Sprintf("... (%d more valgrind lines; -v shows everything)", len(vg)-maxValgrindLines))
	}
	if len(vg) > 0 && len(excerpt) > 0 {
		excerpt = append(excerpt, "---")
	}
	excerpt = append(excerpt, vg...)
	tailStart := len(lines) - tailLines
	for i := len(lines) - 1; i >= 0; i-- {
		if strings.HasPrefix(lines[i], "[==========]") {
			if i >= len(lines)-tailLines {
				tailStart = i
			}
			break
		}
	}
	if len(excerpt) > 0 {
		excerpt = append(excerpt, "---")
	}
	return append(excerpt, lines[tailStart:]...)
}

func indent(w *bufio.Writer, lines []string) {
	for _, l := range lines {
		fmt.Fprintf(w, "    %s\n", l)
	}
}

// report prints the result of one run.
func report(w *bufio.Writer, r *run) {
	status := "FAIL"
	if r.passed {
		status = "PASS"
	}
	line := status + " " + r.label
	if s := cpuSummary(r.cpuInfo); s != "" && !*verbose {
		line += "  {" + s + "}"
	}
	fmt.Fprintln(w, line)
	if *verbose {
		var envs []string
		for _, kv := range r.env {
			if strings.HasPrefix(kv, "OPENSSL_") {
				envs = append(envs, kv)
			}
		}
		fmt.Fprintf(w, "    $ %s %s   (%.1fs)\n", strings.Join(envs, " "), strings.Join(r.argv, " "), r.elapsed.Seconds())
		if len(r.cpuInfo) > 0 {
			fmt.Fprintln(w, "    bssl cpu:")
			indent(w, strings.Split(strings.TrimRight(string(r.cpuInfo), "\n"), "\n"))
		}
		fmt.Fprintln(w, "    output:")
		indent(w, strings.Split(strings.TrimRight(string(r.output), "\n"), "\n"))
	} else if !r.passed {
		indent(w, failureExcerpt(r.output))
	}
	w.Flush()
}

func main() {
	flag.Parse()
	if flag.NArg() != 0 {
		fmt.Fprintf(os.Stderr, "all_tests: unexpected arguments %v\n", flag.Args())
		os.Exit(2)
	}
	out := bufio.NewWriter(os.Stdout)
	fatal := func(err error) {
		// A broken configuration counts as one failure, so the closing line
		// is still there for whoever reads it.
		fmt.Fprintf(out, "FAIL configuration: %v\n%v\n", err, runstep.Tally{Failed: 1})
		out.Flush()
		os.Exit(1)
	}

	source := findSourceRoot()
	path := *configPath
	if path == "" {
		path = filepath.Join(source, "util", "all_tests.json")
	}
	c, err := loadConfig(path)
	if err != nil {
		fatal(err)
	}
	if !*runNative && !*useQemu && !*useI686 {
		fatal(errors.New("no mode selected (-native=false without -qemu-aarch64 or -i686)"))
	}
	runs, err := planRuns(c, source)
	if err != nil {
		fatal(err)
	}
	if len(runs) == 0 {
		fatal(fmt.Errorf("no test matches -filter %q", *filter))
	}
	if !*allMasks {
		dedupe(runs)
		var kept []*run
		for _, r := range runs {
			if r.sameAs != "" {
				fmt.Fprintf(out, "SKIP %s: the same implementation rows as %s\n", r.label, r.sameAs)
				continue
			}
			kept = append(kept, r)
		}
		runs = kept
		out.Flush()
	}
	if *useValgrind {
		if _, err := exec.LookPath("valgrind"); err != nil {
			fatal(errors.New("-valgrind: valgrind is not installed"))
		}
	}

	// Workers take runs in order; results are printed in the same order, each
	// as soon as it and every run before it are done.
	var tally runstep.Tally
	var failedLabels []string
	runstep.Ordered(*jobs, len(runs), func(i int) { execute(runs[i]) }, func(i int) {
		r := runs[i]
		report(out, r)
		tally.Count(r.passed)
		if !r.passed {
			failedLabels = append(failedLabels, r.label)
		}
	})
	if tally.Failed > 0 {
		fmt.Fprintln(out, "failed runs:")
		indent(out, failedLabels)
	}
	fmt.Fprintln(out, tally)
	out.Flush()
	if tally.Failed > 0 {
		os.Exit(1)
	}
}
