// Copyright 2026 The project authors.

// tool_test checks the bssl command-line tool from the outside: option
// parsing, the format of `bssl speed` output (Did lines, -json, -impls),
// `bssl cpu`, the sha*sum subcommands against Go's crypto packages and the
// coreutils binaries, and `bssl rand`.
//
// Usage: go run ./util/tool_test -bssl build/bssl
//
// It prints one PASS or FAIL line per case and exits non-zero if any failed.
// Benchmarks run with a short -timeout so the whole test takes seconds.
package main

import (
	"crypto/rand"
	"crypto/sha1"
	"crypto/sha256"
	"crypto/sha512"
	"encoding/hex"
	"encoding/json"
	"flag"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"sort"
	"strconv"
	"strings"

	"bittern/util/runstep"
)

var bsslPath = flag.String("bssl", "build/bssl", "path to the bssl binary")

// result is what one run of bssl produced.
type result struct {
	stdout, stderr string
	code           int
}

// run executes bssl with args, optional stdin and extra environment.
func run(stdin []byte, env []string, args ...string) result {
	return runCmd(runstep.Cmd{Args: append([]string{*bsslPath}, args...), Stdin: stdin, ExtraEnv: env})
}

// runCmd runs c; a command that cannot start has code -1 and the reason in
// its stderr.
func runCmd(c runstep.Cmd) result {
	r := c.Run()
	code := r.Status()
	if code == -1 && r.Err != nil {
		r.Stderr += r.Err.Error()
	}
	return result{r.Stdout, r.Stderr, code}
}

var cases runstep.Tally

// check records one case: fn returns nil on success.
func check(name string, fn func() error) {
	err := fn()
	cases.Count(err == nil)
	if err != nil {
		fmt.Printf("FAIL %s: %v\n", name, err)
		return
	}
	fmt.Printf("PASS %s\n", name)
}

// expectError requires a non-zero exit and a single non-empty stderr line.
func expectError(r result) error {
	if r.code == 0 {
		return fmt.Errorf("exit code 0, want non-zero (stdout %q)", r.stdout)
	}
	lines := strings.Split(strings.TrimRight(r.stderr, "\n"), "\n")
	if r.stderr == "" || len(lines) != 1 {
		return fmt.Errorf("stderr %q, want exactly one line", r.stderr)
	}
	return nil
}

func expectOK(r result) error {
	if r.code != 0 {
		return fmt.Errorf("exit code %d, stderr %q", r.code, r.stderr)
	}
	return nil
}

// The Did line format of BoringSSL's `bssl speed`.
var didRE = regexp.MustCompile(`^Did (\d+) (.+) operations in (\d+)us \(([\d.]+) ops/sec\): ([\d.]+) MB/s$`)
var descRE = regexp.MustCompile(`^(.+) \((\d+) bytes\)( seal| open)?$`)

type didLine struct {
	calls, us  uint64
	desc, name string
	bytes      uint64
	ops, mbs   float64
}

// parseDid parses every stdout line as a Did line and checks that the
// figures agree with each other (ops/sec = calls / time, MB/s = bytes *
// ops/sec / 10^6, within the printed rounding).
func parseDid(out string) ([]didLine, error) {
	var lines []didLine
	for _, l := range strings.Split(strings.TrimRight(out, "\n"), "\n") {
		m := didRE.FindStringSubmatch(l)
		if m == nil {
			return nil, fmt.Errorf("line %q does not match the Did format", l)
		}
		var d didLine
		d.calls, _ = strconv.ParseUint(m[1], 10, 64)
		d.desc = m[2]
		d.us, _ = strconv.ParseUint(m[3], 10, 64)
		d.ops, _ = strconv.ParseFloat(m[4], 64)
		d.mbs, _ = strconv.ParseFloat(m[5], 64)
		dm := descRE.FindStringSubmatch(d.desc)
		if dm == nil {
			return nil, fmt.Errorf("description %q is not NAME (N bytes)", d.desc)
		}
		d.name = dm[1] + dm[3]
		d.bytes, _ = strconv.ParseUint(dm[2], 10, 64)
		if d.calls == 0 || d.us == 0 {
			return nil, fmt.Errorf("line %q: no calls or no time", l)
		}
		wantOps := float64(d.calls) * 1e6 / float64(d.us)
		if math.Abs(wantOps-d.ops) > 0.051+wantOps*1e-9 {
			return nil, fmt.Errorf("line %q: ops/sec should be %.1f", l, wantOps)
		}
		wantMBs := d.ops * float64(d.bytes) / 1e6
		if math.Abs(wantMBs-d.mbs) > 0.051+float64(d.bytes)*0.05/1e6+wantMBs*1e-9 {
			return nil, fmt.Errorf("line %q: MB/s should be %.1f", l, wantMBs)
		}
		lines = append(lines, d)
	}
	return lines, nil
}

var allItems = []string{
	"SHA-1", "SHA-224", "SHA-256", "SHA-384", "SHA-512", "SHA-512-256",
	"HMAC-SHA256", "ChaCha20", "Poly1305",
	"ChaCha20-Poly1305 seal", "ChaCha20-Poly1305 open",
	"XChaCha20-Poly1305 seal", "XChaCha20-Poly1305 open", "RNG",
	"SHA256-pairs", "SHA256-batch-1KiB", "SHA512-pairs", "SHA512-batch-1KiB",
}

// itemMinLen is the message size of the batch items: bssl speed skips
// -chunks sizes below it (a call hashes LEN / size whole messages).
var itemMinLen = map[string]uint64{
	"SHA256-pairs": 64, "SHA256-batch-1KiB": 1024,
	"SHA512-pairs": 128, "SHA512-batch-1KiB": 1024,
}

// names returns the sorted set of item names seen in lines.
func names(lines []didLine) []string {
	seen := map[string]bool{}
	for _, l := range lines {
		seen[l.name] = true
	}
	var out []string
	for n := range seen {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

func sortedCopy(s []string) []string {
	c := append([]string(nil), s...)
	sort.Strings(c)
	return c
}

func testDispatch() {
	for _, args := range [][]string{{}, {"help"}} {
		args := args
		check(fmt.Sprintf("bssl %s lists subcommands", strings.Join(args, " ")), func() error {
			r := run(nil, nil, args...)
			if err := expectOK(r); err != nil {
				return err
			}
			for _, c := range []string{"speed", "cpu", "sha1sum", "sha256sum", "sha512sum", "rand"} {
				if !strings.Contains(r.stdout, c) {
					return fmt.Errorf("help does not mention %q", c)
				}
			}
			return nil
		})
	}
	check("unknown subcommand", func() error { return expectError(run(nil, nil, "frobnicate")) })
	check("help for unknown subcommand", func() error { return expectError(run(nil, nil, "help", "frobnicate")) })
	check("help speed", func() error {
		r := run(nil, nil, "help", "speed")
		if err := expectOK(r); err != nil {
			return err
		}
		if !strings.Contains(r.stdout, "-filter") {
			return fmt.Errorf("speed help lacks -filter: %q", r.stdout)
		}
		return nil
	})
	check("cpu rejects arguments", func() error { return expectError(run(nil, nil, "cpu", "-x")) })
}

func testSpeedOptions() {
	bad := [][]string{
		{"-bogus"},
		{"extra"},
		{"-timeout"},
		{"-timeout", "abc"},
		{"-timeout", "0"},
		{"-timeout", "-1"},
		{"-timeout", ""},
		{"-timeout", "1e3"},
		{"-timeout", "nan"},
		{"-timeout", "0.05s"},
		{"-chunks"},
		{"-chunks", ""},
		{"-chunks", "abc"},
		{"-chunks", "16,,256"},
		{"-chunks", "16,"},
		{"-chunks", "0"},
		{"-chunks", "-16"},
		{"-chunks", "16,x"},
		{"-chunks", "99999999999999999999"},
		{"-threads"},
		{"-threads", "0"},
		{"-threads", "-1"},
		{"-threads", "two"},
		{"-threads", "100000"},
		{"-filter"},
		{"-filter", ""},
		{"-filter", "NoSuchPrimitive", "-timeout", "0.01"},
		{"-impls", "-json"},
		{"-check", "-threads", "2"},
		{"-impls", "-rounds"},
		{"-impls", "-rounds", "0"},
		{"-impls", "-rounds", "32"},
		{"-rounds", "3", "-filter", "SHA-1", "-timeout", "0.01"},
		{"-impls", "-margin", "5", "-filter", "SHA-1", "-timeout", "0.01"},
		{"-check", "-margin", "-100"},
		{"-check", "-margin", "1001"},
		{"-check", "-margin", "five"},
	}
	for _, args := range bad {
		args := append([]string{"speed"}, args...)
		check(fmt.Sprintf("rejects bssl %q", args), func() error { return expectError(run(nil, nil, args...)) })
	}
	check("speed -peers", func() error {
		r := run(nil, nil, "speed", "-peers")
		if err := expectOK(r); err != nil {
			return err
		}
		// Every script it names is in the tree (when run from the top of it).
		scripts := regexp.MustCompile(`(?m)^  (util/\S+)`).FindAllStringSubmatch(r.stdout, -1)
		if len(scripts) == 0 || !strings.Contains(r.stdout, "util/bench/percall.sh") {
			return fmt.Errorf("no peer benchmark listed: %q", r.stdout)
		}
		if _, err := os.Stat("util/bench"); err == nil {
			for _, m := range scripts {
				if _, err := os.Stat(m[1]); err != nil {
					return fmt.Errorf("speed -peers names %s: %v", m[1], err)
				}
			}
		}
		return nil
	})
	checkRun := func(margin string) (result, []string, error) {
		r := run(nil, nil, "speed", "-check", "-margin", margin, "-filter", "Poly1305", "-timeout", "0.01", "-chunks", "16", "-rounds", "3")
		if !strings.Contains(r.stdout, "3 rounds, medians") {
			return r, nil, fmt.Errorf("no rounds in the table heading: %q", r.stdout)
		}
		lineRE := regexp.MustCompile(`(?m)^  check: poly1305 at 16 bytes: (\S+) is -?[\d.]+% faster than the chosen (\S+)$`)
		var rows []string
		for _, m := range lineRE.FindAllStringSubmatch(r.stdout, -1) {
			rows = append(rows, m[1]+" "+m[2])
		}
		return r, rows, nil
	}
	check("speed -check -margin -99 reports every other row", func() error {
		impls, _, err := cpuImpls(nil)
		if err != nil {
			return err
		}
		r, rows, err := checkRun("-99")
		if err != nil {
			return err
		}
		if r.code != 1 || !strings.Contains(r.stdout, "\ncheck: "+fmt.Sprint(len(rows))+" row(s) more than -99% faster") {
			return fmt.Errorf("exit %d, want 1 and a count of %d: %q", r.code, len(rows), r.stdout)
		}
		avail := strings.Fields(impls["poly1305"][1])
		if len(rows) != len(avail)-1 {
			return fmt.Errorf("%d check: lines, want one per row but the chosen (%v): %q", len(rows), avail, r.stdout)
		}
		for _, row := range rows {
			f := strings.Fields(row)
			if f[0] == impls["poly1305"][0] || f[1] != impls["poly1305"][0] {
				return fmt.Errorf("check: line %q, chosen is %s", row, impls["poly1305"][0])
			}
		}
		return nil
	})
	check("speed -check -margin 1000 is clean", func() error {
		r, rows, err := checkRun("1000")
		if err != nil {
			return err
		}
		if r.code != 0 || len(rows) != 0 || !strings.Contains(r.stdout, "\ncheck: clean") {
			return fmt.Errorf("exit %d, %d check: lines: %q", r.code, len(rows), r.stdout)
		}
		return nil
	})
	check("speed -help", func() error {
		r := run(nil, nil, "speed", "-help")
		if err := expectOK(r); err != nil {
			return err
		}
		if !strings.Contains(r.stdout, "-timeout") {
			return fmt.Errorf("no -timeout in help")
		}
		return nil
	})
}

func testSpeedOutput() {
	check("speed -filter SHA- prints only SHA lines", func() error {
		r := run(nil, nil, "speed", "-filter", "SHA-", "-timeout", "0.02", "-chunks", "16,256")
		if err := expectOK(r); err != nil {
			return err
		}
		lines, err := parseDid(r.stdout)
		if err != nil {
			return err
		}
		want := []string{"SHA-1", "SHA-224", "SHA-256", "SHA-384", "SHA-512", "SHA-512-256"}
		if got := names(lines); strings.Join(got, ",") != strings.Join(sortedCopy(want), ",") {
			return fmt.Errorf("items %v, want %v", got, want)
		}
		if len(lines) != 2*len(want) {
			return fmt.Errorf("%d lines, want %d", len(lines), 2*len(want))
		}
		for _, l := range lines {
			if l.bytes != 16 && l.bytes != 256 {
				return fmt.Errorf("unexpected size in %q", l.desc)
			}
		}
		return nil
	})
	check("speed runs every item", func() error {
		r := run(nil, nil, "speed", "-timeout", "0.01", "-chunks", "16,1350")
		if err := expectOK(r); err != nil {
			return err
		}
		lines, err := parseDid(r.stdout)
		if err != nil {
			return err
		}
		if got, want := names(lines), sortedCopy(allItems); strings.Join(got, ",") != strings.Join(want, ",") {
			return fmt.Errorf("items %v, want %v", got, want)
		}
		wantLines := 0
		for _, item := range allItems {
			for _, size := range []uint64{16, 1350} {
				if size >= itemMinLen[item] {
					wantLines++
				}
			}
		}
		if len(lines) != wantLines {
			return fmt.Errorf("%d lines, want %d", len(lines), wantLines)
		}
		return nil
	})
	check("speed default chunk sizes", func() error {
		r := run(nil, nil, "speed", "-filter", "RNG", "-timeout", "0.01")
		if err := expectOK(r); err != nil {
			return err
		}
		lines, err := parseDid(r.stdout)
		if err != nil {
			return err
		}
		var sizes []string
		for _, l := range lines {
			sizes = append(sizes, strconv.FormatUint(l.bytes, 10))
		}
		if got := strings.Join(sizes, ","); got != "16,256,1350,8192,16384" {
			return fmt.Errorf("sizes %s, want 16,256,1350,8192,16384", got)
		}
		return nil
	})
	check("speed -filter list and full description", func() error {
		r := run(nil, nil, "speed", "-filter", "Poly1305 (16 bytes) open,RNG", "-timeout", "0.01", "-chunks", "16,256")
		if err := expectOK(r); err != nil {
			return err
		}
		lines, err := parseDid(r.stdout)
		if err != nil {
			return err
		}
		var got []string
		for _, l := range lines {
			got = append(got, l.desc)
		}
		want := "ChaCha20-Poly1305 (16 bytes) open,XChaCha20-Poly1305 (16 bytes) open,RNG (16 bytes),RNG (256 bytes)"
		if strings.Join(got, ",") != want {
			return fmt.Errorf("got %v, want %s", got, want)
		}
		return nil
	})
	check("speed -timeout is honoured", func() error {
		r := run(nil, nil, "speed", "-filter", "SHA-256", "-timeout", "0.2", "-chunks", "64")
		if err := expectOK(r); err != nil {
			return err
		}
		lines, err := parseDid(r.stdout)
		if err != nil {
			return err
		}
		if len(lines) != 1 || lines[0].us < 200000 || lines[0].us > 400000 {
			return fmt.Errorf("want one line timed 0.2-0.4 s: %q", r.stdout)
		}
		return nil
	})
	check("speed -json", func() error {
		r := run(nil, nil, "speed", "-json", "-filter", "ChaCha20,SHA-1", "-timeout", "0.01", "-chunks", "16,8192")
		if err := expectOK(r); err != nil {
			return err
		}
		var results []struct {
			Description  string  `json:"description"`
			NumCalls     *uint64 `json:"numCalls"`
			Microseconds *uint64 `json:"microseconds"`
			BytesPerCall *uint64 `json:"bytesPerCall"`
		}
		if err := json.Unmarshal([]byte(r.stdout), &results); err != nil {
			return fmt.Errorf("not JSON: %v: %q", err, r.stdout)
		}
		// SHA-1, ChaCha20, ChaCha20-Poly1305 seal/open, XChaCha20-Poly1305
		// seal/open, at two sizes.
		if len(results) != 12 {
			return fmt.Errorf("%d results, want 12", len(results))
		}
		for _, res := range results {
			if res.NumCalls == nil || res.Microseconds == nil || res.BytesPerCall == nil {
				return fmt.Errorf("missing field in %+v", res)
			}
			if *res.NumCalls == 0 || *res.Microseconds == 0 {
				return fmt.Errorf("empty result %+v", res)
			}
			m := descRE.FindStringSubmatch(res.Description)
			if m == nil || m[2] != strconv.FormatUint(*res.BytesPerCall, 10) {
				return fmt.Errorf("description %q does not match bytesPerCall %d", res.Description, *res.BytesPerCall)
			}
		}
		return nil
	})
	check("speed -threads 2", func() error {
		r := run(nil, nil, "speed", "-threads", "2", "-filter", "SHA-256,ChaCha20-Poly1305", "-timeout", "0.02", "-chunks", "256")
		if err := expectOK(r); err != nil {
			return err
		}
		lines, err := parseDid(r.stdout)
		if err != nil {
			return err
		}
		// SHA-256 and the seal and open items of both AEADs.
		if len(lines) != 5 {
			return fmt.Errorf("%d lines, want 5", len(lines))
		}
		return nil
	})
}

// cpuLine is `name: chosen (available: a b c)`.
var cpuLineRE = regexp.MustCompile(`^([a-z0-9_]+): ([a-z0-9_]+) \(available:((?: [a-z0-9_]+)+)\)$`)

// cpuImpls runs `bssl cpu` and returns primitive -> (chosen, available).
func cpuImpls(env []string) (map[string][2]string, string, error) {
	r := run(nil, env, "cpu")
	if err := expectOK(r); err != nil {
		return nil, "", err
	}
	out := map[string][2]string{}
	for _, l := range strings.Split(r.stdout, "\n") {
		if m := cpuLineRE.FindStringSubmatch(l); m != nil {
			out[m[1]] = [2]string{m[2], strings.TrimSpace(m[3])}
		}
	}
	return out, r.stdout, nil
}

// noASM reports whether `bssl cpu` output comes from an OPENSSL_NO_ASM
// build, which detects nothing.
func noASM(cpuOut string) bool {
	return strings.Contains(cpuOut, "OPENSSL_NO_ASM")
}

var primitives = []string{"sha1", "sha256", "sha512", "chacha20", "poly1305", "sha256_batch", "sha512_batch", "sha256_x2", "sha512_x2", "sha256_hmac"}

func testCPU() {
	check("cpu lists every primitive", func() error {
		impls, out, err := cpuImpls(nil)
		if err != nil {
			return err
		}
		for _, p := range primitives {
			e, ok := impls[p]
			if !ok {
				return fmt.Errorf("no line for %s in %q", p, out)
			}
			avail := strings.Fields(e[1])
			if avail[0] != e[0] {
				return fmt.Errorf("%s: chosen %s is not the best available (%v)", p, e[0], avail)
			}
		}
		if noASM(out) {
			return nil
		}
		if runtime.GOARCH == "amd64" || runtime.GOARCH == "386" {
			if !regexp.MustCompile(`(?m)^ia32cap: 0x[0-9a-f]{8} 0x[0-9a-f]{8} 0x[0-9a-f]{8} 0x[0-9a-f]{8}$`).MatchString(out) {
				return fmt.Errorf("no ia32cap line in %q", out)
			}
			if !strings.Contains(out, " sse2") {
				return fmt.Errorf("sse2 not decoded in %q", out)
			}
		}
		return nil
	})
	_, out, _ := cpuImpls(nil)
	if (runtime.GOARCH == "amd64" || runtime.GOARCH == "386") && !noASM(out) {
		check("cpu honours OPENSSL_ia32cap", func() error {
			unmasked, _, err := cpuImpls(nil)
			if err != nil {
				return err
			}
			impls, out, err := cpuImpls([]string{"OPENSSL_ia32cap=0:0"})
			if err != nil {
				return err
			}
			if !strings.Contains(out, "ia32cap: 0x00000000 0x00000000 0x00000000 0x00000000") {
				return fmt.Errorf("mask not applied: %q", out)
			}
			// With every feature masked only the rows that need no feature
			// remain (portable C and base-ISA assembly such as Poly1305's
			// scalar "x86_64" row): a subset of the unmasked list, none
			// named after an ISA extension, the first of them chosen.
			isa := regexp.MustCompile(`sse|avx|sha|bmi|adx|neon`)
			for _, p := range primitives {
				e := impls[p]
				avail := strings.Fields(e[1])
				if len(avail) == 0 || e[0] != avail[0] {
					return fmt.Errorf("%s: %v: chosen is not the first available", p, e)
				}
				for _, name := range avail {
					if isa.MatchString(name) {
						return fmt.Errorf("%s: %s still available with every feature masked", p, name)
					}
					if !strings.Contains(" "+unmasked[p][1]+" ", " "+name+" ") {
						return fmt.Errorf("%s: masking added %s", p, name)
					}
				}
			}
			return nil
		})
	}
}

func testImpls() {
	impls, _, err := cpuImpls(nil)
	if err != nil {
		check("speed -impls", func() error { return err })
		return
	}
	for _, c := range []struct{ filter, prim string }{
		{"SHA-256", "sha256"}, {"SHA-512", "sha512"}, {"SHA-1", "sha1"},
		{"ChaCha20", "chacha20"}, {"Poly1305", "poly1305"},
	} {
		c := c
		check("speed -impls "+c.filter, func() error {
			r := run(nil, nil, "speed", "-impls", "-filter", c.filter, "-timeout", "0.01", "-chunks", "16,1350")
			if err := expectOK(r); err != nil {
				return err
			}
			if !strings.HasPrefix(r.stdout, "cycles ") && !strings.HasPrefix(r.stdout, "no cycle counter") {
				return fmt.Errorf("no cycle-source header: %q", r.stdout)
			}
			// Rows: "  IMPL BYTES MBS SPEEDUPx CPB", the dispatcher's
			// choice followed by " <- chosen".
			rowRE := regexp.MustCompile(`^  ([a-z0-9_]+) +(\d+) +([\d.]+) +([\d.]+)x +([\d.]+)( <- chosen)?$`)
			chosenAt := map[string][]string{}
			avail := strings.Fields(impls[c.prim][1])
			var want []string
			for i := len(avail) - 1; i >= 0; i-- {
				want = append(want, avail[i])
			}
			got := map[string][]string{}
			for _, l := range strings.Split(r.stdout, "\n") {
				if m := rowRE.FindStringSubmatch(l); m != nil {
					// The first row of each size is the baseline.
					if len(got[m[2]]) == 0 && m[4] != "1.00" {
						return fmt.Errorf("baseline %s speed-up %s, want 1.00", m[1], m[4])
					}
					got[m[2]] = append(got[m[2]], m[1])
					if m[6] != "" {
						chosenAt[m[2]] = append(chosenAt[m[2]], m[1])
					}
				}
			}
			for _, size := range []string{"16", "1350"} {
				if strings.Join(got[size], " ") != strings.Join(want, " ") {
					return fmt.Errorf("%s bytes: rows %v, want %v (nohw first)", size, got[size], want)
				}
				if len(chosenAt[size]) != 1 || chosenAt[size][0] != impls[c.prim][0] {
					return fmt.Errorf("%s bytes: marked chosen %v, want [%s] as bssl cpu says", size, chosenAt[size], impls[c.prim][0])
				}
			}
			// Only one table even though several items share it.
			if strings.Count(r.stdout, "implementations of") != 1 {
				return fmt.Errorf("want exactly one table: %q", r.stdout)
			}
			return nil
		})
	}
}

// Checksums.

type algo struct {
	cmd string
	sum func([]byte) []byte
}

var algos = []algo{
	{"sha1sum", func(b []byte) []byte { s := sha1.Sum(b); return s[:] }},
	{"sha224sum", func(b []byte) []byte { s := sha256.Sum224(b); return s[:] }},
	{"sha256sum", func(b []byte) []byte { s := sha256.Sum256(b); return s[:] }},
	{"sha384sum", func(b []byte) []byte { s := sha512.Sum384(b); return s[:] }},
	{"sha512sum", func(b []byte) []byte { s := sha512.Sum512(b); return s[:] }},
}

// coreutils returns the path of the real command, or "" if absent.
func coreutils(cmd string) string {
	p, err := exec.LookPath(cmd)
	if err != nil {
		return ""
	}
	return p
}

// compareWithCoreutils runs `bssl CMD args` and the real `CMD args` in dir
// and requires identical stdout, stderr and exit status.
func compareWithCoreutils(dir, cmd string, stdin []byte, args ...string) error {
	real := coreutils(cmd)
	if real == "" {
		return nil
	}
	abs, err := filepath.Abs(*bsslPath)
	if err != nil {
		return err
	}
	env := []string{"LC_ALL=C"}
	a := runCmd(runstep.Cmd{Args: append([]string{abs, cmd}, args...), Dir: dir, Stdin: stdin, ExtraEnv: env})
	// coreutils prints its argv[0] in messages.
	b := runCmd(runstep.Cmd{Args: append([]string{real}, args...), Argv0: cmd, Dir: dir, Stdin: stdin, ExtraEnv: env})
	if a != b {
		return fmt.Errorf("bssl %s %q:\n  got  %+v\n  want %+v", cmd, args, a, b)
	}
	return nil
}

func testSums(dir string) {
	big := make([]byte, 3<<20+17)
	rand.Read(big)
	files := map[string][]byte{"empty": {}, "one": {'x'}, "big": big}
	order := []string{"empty", "one", "big"}
	for name, data := range files {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			panic(err)
		}
	}
	for _, a := range algos {
		a := a
		check(a.cmd+" against Go", func() error {
			var args []string
			var want strings.Builder
			for _, n := range order {
				p := filepath.Join(dir, n)
				args = append(args, p)
				fmt.Fprintf(&want, "%x  %s\n", a.sum(files[n]), p)
			}
			r := run(nil, nil, append([]string{a.cmd}, args...)...)
			if err := expectOK(r); err != nil {
				return err
			}
			if r.stdout != want.String() {
				return fmt.Errorf("got %q, want %q", r.stdout, want.String())
			}
			return nil
		})
		check(a.cmd+" reads standard input", func() error {
			want := fmt.Sprintf("%x  -\n", a.sum(big))
			for _, args := range [][]string{{a.cmd}, {a.cmd, "-"}} {
				r := run(big, nil, args...)
				if err := expectOK(r); err != nil {
					return err
				}
				if r.stdout != want {
					return fmt.Errorf("%v: got %q, want %q", args, r.stdout, want)
				}
			}
			return nil
		})
	}

	check("sha256sum: missing file and directory", func() error {
		r := run(nil, nil, "sha256sum", filepath.Join(dir, "nope"), filepath.Join(dir, "one"), dir)
		if r.code != 1 {
			return fmt.Errorf("exit %d, want 1", r.code)
		}
		if !strings.Contains(r.stderr, "No such file or directory") || !strings.Contains(r.stderr, "Is a directory") {
			return fmt.Errorf("stderr %q", r.stderr)
		}
		if strings.Count(r.stdout, "\n") != 1 {
			return fmt.Errorf("stdout %q, want the one readable file", r.stdout)
		}
		return compareWithCoreutils(dir, "sha256sum", nil, "nope", "one", ".")
	})
	check("sha256sum output options", func() error {
		one := sha256.Sum256([]byte("x"))
		for _, c := range []struct {
			args []string
			want string
		}{
			{[]string{"-b", "one"}, fmt.Sprintf("%x *one\n", one)},
			{[]string{"-t", "one"}, fmt.Sprintf("%x  one\n", one)},
			{[]string{"--tag", "one"}, fmt.Sprintf("SHA256 (one) = %x\n", one)},
			{[]string{"-z", "one"}, fmt.Sprintf("%x  one\x00", one)},
		} {
			abs, _ := filepath.Abs(*bsslPath)
			r := runCmd(runstep.Cmd{Args: append([]string{abs, "sha256sum"}, c.args...), Dir: dir})
			if err := expectOK(r); err != nil {
				return err
			}
			if r.stdout != c.want {
				return fmt.Errorf("%v: got %q, want %q", c.args, r.stdout, c.want)
			}
			if err := compareWithCoreutils(dir, "sha256sum", nil, c.args...); err != nil {
				return err
			}
		}
		return nil
	})
	check("sha256sum: bad options", func() error {
		for _, args := range [][]string{{"-x"}, {"--bogus"}, {"--quiet", "one"}} {
			r := run(nil, nil, append([]string{"sha256sum"}, args...)...)
			if r.code != 1 || r.stderr == "" {
				return fmt.Errorf("%v: exit %d stderr %q", args, r.code, r.stderr)
			}
		}
		return nil
	})

	// Names coreutils escapes, and check mode, compared with the real tool.
	odd := []string{"back\\slash", "new\nline", "carriage\rreturn", "sp ace", "*star", " lead"}
	for _, n := range odd {
		if err := os.WriteFile(filepath.Join(dir, n), []byte(n), 0o644); err != nil {
			panic(err)
		}
	}
	if coreutils("sha256sum") == "" {
		fmt.Println("(coreutils sha256sum not found: comparisons with it are skipped)")
	}
	check("sha256sum escapes names as coreutils", func() error {
		for _, opt := range []string{"-t", "-b", "--tag", "-z"} {
			args := append([]string{opt, "one", "-"}, odd...)
			if err := compareWithCoreutils(dir, "sha256sum", nil, args...); err != nil {
				return err
			}
		}
		return nil
	})
	check("sha256sum refuses what coreutils refuses", func() error {
		for _, args := range [][]string{
			{"-c", "--tag", "x"}, {"-c", "-b", "x"}, {"-c", "-t", "x"}, {"--tag", "-t", "one"},
			{"-z", "-c", "x"}, {"--ignore-missing", "one"}, {"--status", "one"}, {"--warn", "one"},
			{"--quiet", "one"}, {"--strict", "one"}, {"--quiet", "--status", "one"}, {"-q"}, {"-c", "--nope"},
		} {
			r := run(nil, nil, append([]string{"sha256sum"}, args...)...)
			if r.code != 1 || strings.Count(r.stderr, "\n") != 2 {
				return fmt.Errorf("%v: exit %d, stderr %q", args, r.code, r.stderr)
			}
			if err := compareWithCoreutils(dir, "sha256sum", nil, args...); err != nil {
				return err
			}
		}
		return nil
	})

	// Check files, written from Go's digests.
	write := func(name, content string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644); err != nil {
			panic(err)
		}
	}
	sumOf := func(data []byte) string { s := sha256.Sum256(data); return hex.EncodeToString(s[:]) }
	good := fmt.Sprintf("%s  empty\n%s *one\n%s  big\n", sumOf(nil), sumOf([]byte("x")), sumOf(big))
	write("good.sums", good)
	write("bad.sums", good+strings.Repeat("0", 64)+"  one\n")
	write("missing.sums", good+sumOf(nil)+"  nope\n")
	write("improper.sums", "# comment\n\ngarbage\n   \n"+good+sumOf(nil)+" empty\n"+strings.ToUpper(sumOf(nil))+"  empty\n"+sumOf(nil)[1:]+"  empty\n")
	write("crlf.sums", strings.ReplaceAll(good, "\n", "\r\n"))
	write("none.sums", "garbage\n# only a comment\n")
	write("empty.sums", "")
	write("onlymissing.sums", sumOf(nil)+"  nope\n"+sumOf(nil)+"  nope2\n")
	write("single.sums", sumOf(nil)+" empty\n"+sumOf([]byte("x"))+" one\n")
	write("bsd.sums", "SHA256 (empty) = "+sumOf(nil)+"\nSHA256 (one) = "+strings.Repeat("f", 64)+"\n")
	var oddSums strings.Builder
	for _, n := range odd {
		if strings.ContainsAny(n, "\\\n\r") {
			e := strings.NewReplacer("\\", "\\\\", "\n", "\\n", "\r", "\\r").Replace(n)
			fmt.Fprintf(&oddSums, "\\%s  %s\n", sumOf([]byte(n)), e)
		} else {
			fmt.Fprintf(&oddSums, "%s  %s\n", sumOf([]byte(n)), n)
		}
	}
	write("odd.sums", oddSums.String())
	write("badescape.sums", "\\"+sumOf(nil)+"  empty\\q\n")
	// Every line form coreutils 9.1's sha256sum -c accepts: the BSD form
	// with any run of blanks (or none) around "=" and with or without the
	// space before "(", after leading blanks, in either case; the '*'
	// binary marker, also after a tab; escaped names in both forms; and
	// lines it refuses (two spaces before "(", a lowercase tag, another
	// algorithm's tag, a short digest).
	e, x := sumOf(nil), sumOf([]byte("x"))
	write("forms.sums", strings.Join([]string{
		"SHA256 (empty)= " + e, "SHA256 (one)=" + x, "SHA256(empty) =" + e, "SHA256(one)=" + x,
		"SHA256 (one)\t=\t\t" + x, " \tSHA256 (empty)  =  " + e, "SHA256 (one) = " + strings.ToUpper(x),
		"SHA256  (one) = " + x, "sha256 (one) = " + x, "SHA1 (one) = " + x, "SHA256 (one) = " + x[2:],
		x + " *one", x + "\t*one", "\t" + e + "  empty", strings.ToUpper(e) + " *empty",
		"\\SHA256 (back\\\\slash) = " + sumOf([]byte("back\\slash")),
		"\\SHA256 (new\\nline)=" + sumOf([]byte("new\nline")),
		"\\" + sumOf([]byte("carriage\rreturn")) + " *carriage\\rreturn",
	}, "\n")+"\n")
	write("twospace.sums", e+"  empty\n")
	// Names coreutils quotes in its messages, each listed as missing.
	var quoted strings.Builder
	for _, n := range []string{"a=b", "a^b", "a:b", "#a", "a#b", "~a", "a~b", "a{b}", "a]b", "a'b", "a'b$c", "\xc3\xa9", "\xc3\xa9'", "a\x7f", "'a"} {
		fmt.Fprintf(&quoted, "%s  %s\n", e, n)
	}
	write("quoted.sums", quoted.String())

	type checkCase struct {
		name     string
		args     []string
		wantCode int
		wantOut  string // checked even without coreutils; "" = not checked
	}
	cases := []checkCase{
		{"all OK", []string{"-c", "good.sums"}, 0, "empty: OK\none: OK\nbig: OK\n"},
		{"one mismatch", []string{"-c", "bad.sums"}, 1, "empty: OK\none: OK\nbig: OK\none: FAILED\n"},
		{"missing file", []string{"-c", "missing.sums"}, 1, "empty: OK\none: OK\nbig: OK\nnope: FAILED open or read\n"},
		{"improper lines", []string{"-c", "improper.sums"}, 0, ""},
		{"improper lines --strict", []string{"-c", "--strict", "improper.sums"}, 1, ""},
		{"improper lines -w", []string{"-c", "-w", "improper.sums"}, 0, ""},
		{"CRLF", []string{"-c", "crlf.sums"}, 0, "empty: OK\none: OK\nbig: OK\n"},
		{"no valid line", []string{"-c", "none.sums"}, 1, ""},
		{"empty list", []string{"-c", "empty.sums"}, 1, ""},
		{"missing list", []string{"-c", "nope.sums"}, 1, ""},
		{"one-space form", []string{"-c", "single.sums"}, 0, "empty: OK\none: OK\n"},
		{"BSD form", []string{"-c", "bsd.sums"}, 1, "empty: OK\none: FAILED\n"},
		{"escaped names", []string{"-c", "odd.sums"}, 0, ""},
		{"bad escape", []string{"-c", "badescape.sums"}, 1, ""},
		{"--quiet", []string{"-c", "--quiet", "bad.sums"}, 1, "one: FAILED\n"},
		{"--status", []string{"--status", "-c", "bad.sums"}, 1, ""},
		{"--status ok", []string{"--status", "-c", "good.sums"}, 0, ""},
		{"several lists", []string{"-c", "good.sums", "bad.sums", "missing.sums"}, 1, ""},
		{"-- ends options", []string{"-c", "--", "good.sums"}, 0, ""},
		{"--status, missing file", []string{"--status", "-c", "missing.sums"}, 1, ""},
		{"--ignore-missing", []string{"-c", "--ignore-missing", "missing.sums"}, 0, "empty: OK\none: OK\nbig: OK\n"},
		{"--ignore-missing, nothing verified", []string{"-c", "--ignore-missing", "onlymissing.sums"}, 1, ""},
		{"--ignore-missing --status", []string{"-c", "--ignore-missing", "--status", "onlymissing.sums"}, 1, ""},
		{"bundled -cw", []string{"-cw", "improper.sums"}, 0, ""},
		{"list is a directory", []string{"-c", "."}, 1, ""},
		{"every line form", []string{"-c", "forms.sums"}, 0,
			"empty: OK\none: OK\nempty: OK\none: OK\none: OK\nempty: OK\none: OK\none: OK\none: OK\nempty: OK\nempty: OK\n" +
				"back\\slash: OK\n\\new\\nline: OK\ncarriage\rreturn: OK\n"},
		{"every line form -w --strict", []string{"-c", "-w", "--strict", "forms.sums"}, 1, ""},
		// coreutils decides between the one-space form and the others once
		// for all the check files of one command.
		// After one-space lines, "HEX  empty" names " empty".
		{"one-space form, then two spaces", []string{"-c", "single.sums", "twospace.sums"}, 1, "empty: OK\none: OK\n empty: FAILED open or read\n"},
		{"two spaces, then one-space form", []string{"-c", "twospace.sums", "single.sums"}, 1, "empty: OK\n"},
		{"quoted names in messages", []string{"-c", "quoted.sums"}, 1, ""},
	}
	for _, c := range cases {
		c := c
		check("sha256sum "+c.name, func() error {
			abs, _ := filepath.Abs(*bsslPath)
			r := runCmd(runstep.Cmd{Args: append([]string{abs, "sha256sum"}, c.args...), Dir: dir})
			if r.code != c.wantCode {
				return fmt.Errorf("exit %d, want %d (stderr %q)", r.code, c.wantCode, r.stderr)
			}
			if c.wantOut != "" && r.stdout != c.wantOut {
				return fmt.Errorf("stdout %q, want %q", r.stdout, c.wantOut)
			}
			return compareWithCoreutils(dir, "sha256sum", nil, c.args...)
		})
	}
	check("sha256sum -c from standard input", func() error {
		return compareWithCoreutils(dir, "sha256sum", []byte(good+"garbage\n"), "-c")
	})
	for _, a := range algos {
		a := a
		check(a.cmd+" -c BSD lines without blanks", func() error {
			tag := strings.ToUpper(strings.TrimSuffix(a.cmd, "sum"))
			list := fmt.Sprintf("%s(one)=%x\n%s (empty)= %x\n%s (one) =%x\n", tag, a.sum([]byte("x")), tag, a.sum(nil), tag, a.sum(nil))
			abs, _ := filepath.Abs(*bsslPath)
			r := runCmd(runstep.Cmd{Args: []string{abs, a.cmd, "-c"}, Dir: dir, Stdin: []byte(list)})
			if want := "one: OK\nempty: OK\none: FAILED\n"; r.code != 1 || r.stdout != want {
				return fmt.Errorf("exit %d, stdout %q, want 1 and %q", r.code, r.stdout, want)
			}
			return compareWithCoreutils(dir, a.cmd, []byte(list), "-c")
		})
	}
	check("sha512sum -c round trip", func() error {
		r := run(nil, nil, "sha512sum", filepath.Join(dir, "big"), filepath.Join(dir, "one"))
		if err := expectOK(r); err != nil {
			return err
		}
		r2 := run([]byte(r.stdout), nil, "sha512sum", "-c")
		if err := expectOK(r2); err != nil {
			return err
		}
		if strings.Count(r2.stdout, ": OK\n") != 2 {
			return fmt.Errorf("stdout %q", r2.stdout)
		}
		return nil
	})
}

func testRand() {
	check("rand -hex 32", func() error {
		a := run(nil, nil, "rand", "-hex", "32")
		b := run(nil, nil, "rand", "-hex", "32")
		if err := expectOK(a); err != nil {
			return err
		}
		if err := expectOK(b); err != nil {
			return err
		}
		re := regexp.MustCompile(`^[0-9a-f]{64}\n$`)
		if !re.MatchString(a.stdout) || !re.MatchString(b.stdout) {
			return fmt.Errorf("outputs %q %q, want 64 hex digits", a.stdout, b.stdout)
		}
		if a.stdout == b.stdout {
			return fmt.Errorf("two runs gave the same bytes")
		}
		return nil
	})
	check("rand raw lengths", func() error {
		for _, n := range []int{0, 1, 100, 5000, 100000} {
			r := run(nil, nil, "rand", strconv.Itoa(n))
			if err := expectOK(r); err != nil {
				return err
			}
			if len(r.stdout) != n {
				return fmt.Errorf("rand %d gave %d bytes", n, len(r.stdout))
			}
		}
		return nil
	})
	for _, args := range [][]string{{}, {"abc"}, {"-1"}, {""}, {"12x"}, {"-hex"}, {"-bogus", "4"}, {"1", "2"}, {"99999999999999999999999"}} {
		args := append([]string{"rand"}, args...)
		check(fmt.Sprintf("rejects bssl %q", args), func() error { return expectError(run(nil, nil, args...)) })
	}
}

func main() {
	flag.Parse()
	if _, err := os.Stat(*bsslPath); err != nil {
		fmt.Fprintf(os.Stderr, "tool_test: %v\n", err)
		os.Exit(2)
	}
	dir, err := os.MkdirTemp("", "bssl-tool-test")
	if err != nil {
		fmt.Fprintf(os.Stderr, "tool_test: %v\n", err)
		os.Exit(2)
	}
	defer os.RemoveAll(dir)

	testDispatch()
	testSpeedOptions()
	testSpeedOutput()
	testCPU()
	testCPUEnv()
	testImpls()
	testSums(dir)
	testRand()

	if cases.Failed > 0 {
		fmt.Printf("%d case(s) FAILED\n", cases.Failed)
		os.RemoveAll(dir)
		os.Exit(1)
	}
	fmt.Println("all cases passed")
}
