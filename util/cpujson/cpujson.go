// Copyright 2026 The project authors.

// Package cpujson reads `bssl cpu -json` (tool/cpu.c): the capability words
// a build detected, the feature bit tables of crypto/cpu/features.h (their
// one definition) and every implementation row with its entry points. The
// test runner (util/all_tests.go), the tool tests (util/tool_test) and the
// instruction-coverage check (util/insn_coverage) use it, so none of them
// keeps its own copy of the feature bits.
package cpujson

import (
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"time"

	"bittern/util/runstep"
)

// X86Feature is one x86 feature: bit `Bit` of capability word `Word`
// (0 = CPUID(1).EDX, 1 = CPUID(1).ECX, 2 = CPUID(7,0).EBX, 3 = CPUID(7,0).ECX).
type X86Feature struct {
	Name string `json:"name"`
	Word uint   `json:"word"`
	Bit  uint   `json:"bit"`
}

// ArmFeature is one AArch64 feature and its ARMV* mask.
type ArmFeature struct {
	Name string `json:"name"`
	Mask uint32 `json:"mask"`
}

// Env is what bssl says of the OPENSSL_ia32cap / OPENSSL_armcap variable.
type Env struct {
	Name    string `json:"name"`
	Set     bool   `json:"set"`
	Value   string `json:"value"`
	Applied bool   `json:"applied"`
	Error   string `json:"error"`
	Offset  int    `json:"offset"`
}

// Impl is one implementation row.
type Impl struct {
	Name       string   `json:"name"`
	Capable    bool     `json:"capable"`
	Chosen     bool     `json:"chosen"`
	EntryNames []string `json:"entry_names"`
}

// Primitive is one primitive's rows, best first.
type Primitive struct {
	Name   string `json:"name"`
	Chosen string `json:"chosen"`
	Impls  []Impl `json:"impls"`
}

// CPU is the whole output of `bssl cpu -json`.
type CPU struct {
	Arch        string       `json:"arch"`
	NoASM       bool         `json:"no_asm"`
	Words       []uint32     `json:"words"`
	Env         *Env         `json:"env"`
	Features    []string     `json:"features"`
	X86Features []X86Feature `json:"x86_features"`
	ArmFeatures []ArmFeature `json:"arm_features"`
	Primitives  []Primitive  `json:"primitives"`
}

// Run runs `bssl cpu -json` (under `emulator`, a command prefix, if any)
// with the caller's environment less OPENSSL_ia32cap and OPENSSL_armcap,
// plus `extraEnv` ("NAME=value" entries), and parses its output.
func Run(bssl string, emulator []string, extraEnv ...string) (*CPU, error) {
	argv := append(append([]string{}, emulator...), bssl, "cpu", "-json")
	env := []string{}
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "OPENSSL_ia32cap=") && !strings.HasPrefix(kv, "OPENSSL_armcap=") {
			env = append(env, kv)
		}
	}
	r := runstep.Cmd{Args: argv, Env: env, ExtraEnv: extraEnv, Timeout: time.Minute}.Run()
	if r.Err != nil {
		return nil, fmt.Errorf("%s: %v", strings.Join(argv, " "), r.Err)
	}
	var c CPU
	if err := json.Unmarshal([]byte(r.Stdout), &c); err != nil {
		return nil, fmt.Errorf("%s: %v in %q", strings.Join(argv, " "), err, r.Stdout)
	}
	if len(c.X86Features) == 0 || len(c.ArmFeatures) == 0 {
		return nil, fmt.Errorf("%s: no feature tables", strings.Join(argv, " "))
	}
	return &c, nil
}

// X86Mask returns the OPENSSL_ia32cap value "~0xW0:~0xW1" that clears the
// named features (matched without regard to case), or "" for none.
func (c *CPU) X86Mask(names ...string) (string, error) {
	var w [2]uint64
	for _, name := range names {
		found := false
		for _, f := range c.X86Features {
			if strings.EqualFold(f.Name, name) {
				// W0 = words 0 | 1 << 32, W1 = words 2 | 3 << 32.
				w[f.Word/2] |= 1 << (32*(f.Word%2) + f.Bit)
				found = true
			}
		}
		if !found {
			return "", fmt.Errorf("unknown x86 feature %q (crypto/cpu/features.h)", name)
		}
	}
	if len(names) == 0 {
		return "", nil
	}
	return fmt.Sprintf("~0x%x:~0x%x", w[0], w[1]), nil
}

// ArmMask returns the OPENSSL_armcap value "~0xV" that clears the named
// features, or "" for none.
func (c *CPU) ArmMask(names ...string) (string, error) {
	var v uint32
	for _, name := range names {
		found := false
		for _, f := range c.ArmFeatures {
			if strings.EqualFold(f.Name, name) {
				v |= f.Mask
				found = true
			}
		}
		if !found {
			return "", fmt.Errorf("unknown aarch64 feature %q (crypto/cpu/features.h)", name)
		}
	}
	if len(names) == 0 {
		return "", nil
	}
	return fmt.Sprintf("~0x%x", v), nil
}
