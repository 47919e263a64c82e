// Copyright 2026 The project authors.

package main

// The `bssl cpu` cases about the capability masks: a malformed
// OPENSSL_ia32cap / OPENSSL_armcap is reported as ignored, with the reason
// and its control characters escaped; removing a feature removes every row
// that depends on it (the closure rule of crypto/cpu/cpu.c); `bssl cpu
// -json` describes the same as the text output.

import (
	"fmt"
	"regexp"
	"runtime"
	"strings"

	"bittern/util/cpujson"
)

func cpuJSONRun(env []string) (*cpujson.CPU, error) {
	return cpujson.Run(*bsslPath, nil, env...)
}

func testCPUEnv() {
	envVar := ""
	switch runtime.GOARCH {
	case "amd64", "386":
		envVar = "OPENSSL_ia32cap"
	case "arm64":
		envVar = "OPENSSL_armcap"
	default:
		return
	}
	base, err := cpuJSONRun(nil)
	if err != nil {
		check("cpu -json", func() error { return err })
		return
	}
	_, baseText, _ := cpuImpls(nil)

	check("cpu -json matches the text output", func() error {
		impls, _, err := cpuImpls(nil)
		if err != nil {
			return err
		}
		if len(base.Primitives) != len(primitives) {
			return fmt.Errorf("%d primitives in -json, want %d", len(base.Primitives), len(primitives))
		}
		for _, p := range base.Primitives {
			var avail []string
			chosen := 0
			for _, i := range p.Impls {
				if len(i.EntryNames) == 0 {
					return fmt.Errorf("%s %s: no entry_names", p.Name, i.Name)
				}
				if i.Capable {
					avail = append(avail, i.Name)
				}
				if i.Chosen {
					chosen++
					if i.Name != p.Chosen {
						return fmt.Errorf("%s: row %s chosen, primitive says %s", p.Name, i.Name, p.Chosen)
					}
				}
			}
			want := impls[p.Name]
			if chosen != 1 || p.Chosen != want[0] || strings.Join(avail, " ") != want[1] {
				return fmt.Errorf("%s: -json says %s (%v), text says %v", p.Name, p.Chosen, avail, want)
			}
		}
		if base.Env == nil || base.Env.Name != envVar || base.Env.Set {
			return fmt.Errorf("env %+v, want %s unset", base.Env, envVar)
		}
		return nil
	})

	// Malformed values: each is ignored (the words are those of an unset
	// variable), and the line about it quotes the value with its control
	// characters escaped and says why.
	for _, c := range []struct{ value, quoted, why string }{
		{"~0x1g", `"~0x1g"`, "not a digit (at byte 4)"},
		{"", `""`, "a field has no digits (at byte 0)"},
		{"0x1:0x2:0x3", `"0x1:0x2:0x3"`, "more fields"},
		{"08", `"08"`, "not an octal digit"},
		{"~0x10000000000000000", `"~0x10000000000000000"`, "does not fit in 64 bits"},
		{"~0x1\x1b[2J\n\x7f", `"~0x1\x1b[2J\n\x7f"`, "not a digit (at byte 4)"},
	} {
		c := c
		check(fmt.Sprintf("cpu says %s=%q is ignored", envVar, c.value), func() error {
			r := run(nil, []string{envVar + "=" + c.value}, "cpu")
			if err := expectOK(r); err != nil {
				return err
			}
			if strings.ContainsAny(r.stdout, "\x1b\x7f") || strings.Count(r.stdout, "\n") != strings.Count(baseText, "\n")+1 {
				return fmt.Errorf("raw control characters or extra lines in %q", r.stdout)
			}
			why := c.why
			if base.NoASM {
				why = "OPENSSL_NO_ASM"
			}
			line := envVar + "=" + c.quoted + " ignored: "
			if !strings.Contains(r.stdout, line) || !strings.Contains(r.stdout, why) {
				return fmt.Errorf("no %q ... %q in %q", line, why, r.stdout)
			}
			if strings.Contains(r.stdout, "applied at detection") {
				return fmt.Errorf("an ignored value said to be applied: %q", r.stdout)
			}
			// The rest is what an unset variable gives.
			var kept []string
			for _, l := range strings.Split(r.stdout, "\n") {
				if !strings.HasPrefix(l, envVar+"=") {
					kept = append(kept, l)
				}
			}
			if strings.Join(kept, "\n") != baseText {
				return fmt.Errorf("an ignored value changed the output: %q, want %q", r.stdout, baseText)
			}
			j, err := cpuJSONRun([]string{envVar + "=" + c.value})
			if err != nil {
				return err
			}
			if j.Env == nil || !j.Env.Set || j.Env.Applied || j.Env.Value != c.value || j.Env.Error == "" {
				return fmt.Errorf("-json env %+v", j.Env)
			}
			return nil
		})
	}
	if base.NoASM {
		return
	}

	valid := "~0x0"
	if envVar == "OPENSSL_ia32cap" {
		valid = "~0x0:~0x0"
	}
	check("cpu says a valid "+envVar+" is applied", func() error {
		r := run(nil, []string{envVar + "=" + valid}, "cpu")
		if err := expectOK(r); err != nil {
			return err
		}
		if !strings.Contains(r.stdout, envVar+`="`+valid+`" (applied at detection)`) {
			return fmt.Errorf("no applied line in %q", r.stdout)
		}
		return nil
	})

	if envVar != "OPENSSL_ia32cap" {
		return
	}
	// The closure rule, seen from outside: AVX removed leaves no row named
	// after AVX or AVX-512; AVX2 removed leaves no AVX-512 row (ChaCha20
	// "avx512", Poly1305 "avx512ifma" among them).
	for _, c := range []struct {
		mask string
		none *regexp.Regexp
	}{
		{"~0x1000000000000000", regexp.MustCompile(`avx`)},
		{":~0x20", regexp.MustCompile(`avx512`)},
		{":~0x10000", regexp.MustCompile(`avx512`)},
	} {
		c := c
		check("cpu with OPENSSL_ia32cap="+c.mask+" has no "+c.none.String()+" row", func() error {
			j, err := cpuJSONRun([]string{"OPENSSL_ia32cap=" + c.mask})
			if err != nil {
				return err
			}
			if j.Env == nil || !j.Env.Applied {
				return fmt.Errorf("mask not applied: %+v", j.Env)
			}
			for _, p := range j.Primitives {
				for _, i := range p.Impls {
					if i.Capable && c.none.MatchString(i.Name) {
						return fmt.Errorf("%s: row %s still capable", p.Name, i.Name)
					}
				}
			}
			for _, f := range j.Features {
				if c.none.MatchString(f) {
					return fmt.Errorf("feature %s still set", f)
				}
			}
			return nil
		})
	}
}
