// Copyright 2026 The project authors.

package main

import (
	"fmt"
	"regexp"
	"strings"
)

// features returns the CPU features (crypto/cpu/features.h names) that
// instruction `in` needs, or an error for a vector or crypto instruction
// the table does not know.
func features(in insn) ([]string, error) {
	var out []string
	var err error
	if *arch == "aarch64" {
		out, err = armFeatures(in)
	} else {
		out, err = x86Features(in)
	}
	seen := map[string]bool{}
	var uniq []string
	for _, f := range out {
		if !seen[f] {
			seen[f] = true
			uniq = append(uniq, f)
		}
	}
	return uniq, err
}

type x86Encoding int

const (
	encLegacy x86Encoding = iota
	encVEX
	encEVEX
	encXOP
)

// x86Encode reads the encoding from the instruction's bytes: after the
// legacy prefixes (and, in 64-bit code, REX), C4/C5 start a VEX prefix, 62
// an EVEX one and 8F an XOP one. In 32-bit code those bytes are also LES,
// LDS, BOUND and POP, so only a mnemonic that exists in the vector form
// counts (the caller checks).
func x86Encode(b []byte) x86Encoding {
	i := 0
	for i < len(b) {
		switch c := b[i]; {
		case c == 0x66 || c == 0x67 || c == 0xf2 || c == 0xf3 || c == 0x2e ||
			c == 0x3e || c == 0x26 || c == 0x36 || c == 0x64 || c == 0x65 ||
			c == 0xf0:
			i++
			continue
		case *arch == "x86_64" && c >= 0x40 && c <= 0x4f:
			i++
			continue
		}
		break
	}
	if i >= len(b) {
		return encLegacy
	}
	switch b[i] {
	case 0xc4, 0xc5:
		return encVEX
	case 0x62:
		return encEVEX
	case 0x8f:
		return encXOP
	}
	return encLegacy
}

// x86AmbiguousLegacy are table mnemonics that also name general-purpose
// instructions in objdump's AT&T output (movq $0,mem; movsd the string
// move): they are SIMD only with a vector register operand.
var x86AmbiguousLegacy = map[string]bool{"movq": true, "movd": true, "movsd": true, "cmpsd": true}

// x86NoVL are EVEX instructions on single elements, which need no
// AVX512VL on xmm registers.
var x86NoVL = map[string]bool{"vmovd": true, "vmovq": true, "vpextrb": true, "vpextrw": true,
	"vpextrd": true, "vpextrq": true, "vpinsrb": true, "vpinsrw": true, "vpinsrd": true,
	"vpinsrq": true, "vmovss": true, "vmovsd": true}

func x86Features(in insn) ([]string, error) {
	mn, ops := in.mnemonic, in.operands
	if i := strings.Index(ops, "#"); i >= 0 {
		ops = ops[:i] // "# 1234 <sym>": an address, not a register
	}
	hasXMM := strings.Contains(ops, "%xmm")
	hasYMM := strings.Contains(ops, "%ymm")
	hasZMM := strings.Contains(ops, "%zmm")
	hasMM := strings.Contains(ops, "%mm")
	hasK := regexp.MustCompile(`%k[0-7]`).MatchString(ops)
	vecReg := hasXMM || hasYMM || hasZMM || hasMM || hasK
	enc := x86Encode(in.bytes)
	isV := strings.HasPrefix(mn, "v")

	switch {
	case strings.HasPrefix(mn, "k") && hasK:
		f, ok := x86Opmask[mn]
		if !ok {
			return nil, errUnknown
		}
		return []string{"avx512f", f}, nil
	case enc == encEVEX && isV:
		f, ok := x86EVEX[mn]
		if !ok {
			return nil, fmt.Errorf("EVEX: %w", errUnknown)
		}
		out := []string{"avx512f", f}
		if !hasZMM && (hasXMM || hasYMM) && !x86NoVL[mn] {
			out = append(out, "avx512vl")
		}
		return out, nil
	case enc == encXOP && isV:
		return nil, fmt.Errorf("XOP (AMD) instruction: %w", errUnknown)
	case enc == encVEX && !isV && (*arch == "x86_64" || x86GPR[mn] != ""):
		// The VEX-encoded general-purpose instructions (BMI1, BMI2). In
		// 32-bit code C4/C5 may also be LES/LDS, handled below.
		if f, ok := x86GPR[mn]; ok {
			return []string{f}, nil
		}
		return nil, fmt.Errorf("VEX: %w", errUnknown)
	case enc == encVEX && isV:
		out := []string{"avx"}
		if f, ok := x86VEXOnly[mn]; ok {
			return append(out, f), nil
		}
		legacy, ok := x86Legacy[strings.TrimPrefix(mn, "v")]
		if !ok || legacy == "sha" || legacy == "mmx" {
			return nil, fmt.Errorf("VEX: %w", errUnknown)
		}
		wide := hasYMM || hasZMM
		switch legacy {
		case "aes", "pclmulqdq", "gfni":
			out = append(out, legacy)
			if wide && legacy != "gfni" {
				out = append(out, "v"+legacy)
			}
		default:
			if wide && strings.HasPrefix(mn, "vp") {
				out = append(out, "avx2") // integer operations on ymm
			}
		}
		return out, nil
	}

	// Legacy encodings.
	if f, ok := x86Legacy[mn]; ok && (vecReg || !x86AmbiguousLegacy[mn]) {
		if hasMM {
			if x86MMXBase[mn] {
				return []string{"mmx"}, nil
			}
			return []string{f, "mmx"}, nil
		}
		return []string{f}, nil
	}
	if f, ok := x86GPR[mn]; ok {
		return []string{f}, nil
	}
	if strings.HasPrefix(mn, "cmov") {
		return []string{"cmov"}, nil
	}
	if strings.HasPrefix(mn, "f") && !vecReg {
		return []string{"fpu"}, nil // x87
	}
	if vecReg || isV || strings.HasPrefix(mn, "sha") || strings.HasPrefix(mn, "aes") ||
		strings.HasPrefix(mn, "pclmul") || strings.HasPrefix(mn, "gf2p8") {
		return nil, errUnknown
	}
	return nil, nil // the base ISA
}

var (
	armSIMDReg = regexp.MustCompile(`\b(v[0-9]+(\.[0-9]*[bhsdq])?|[bhsdq][0-9]+)\b`)
	armSymbol  = regexp.MustCompile(`(\b[0-9a-f]+ )?<[^>]*>|//.*$`)
)

func armFeatures(in insn) ([]string, error) {
	mn := in.mnemonic
	ops := armSymbol.ReplaceAllString(in.operands, "")
	if f, ok := armInsn[mn]; ok {
		return []string{f, "neon"}, nil
	}
	if mn == "pmull" || mn == "pmull2" {
		if strings.Contains(ops, ".1q") {
			return []string{"pmull", "neon"}, nil
		}
		return []string{"neon"}, nil
	}
	if armSIMDReg.MatchString(ops) {
		if armNEON[mn] {
			return []string{"neon"}, nil
		}
		return nil, errUnknown
	}
	if strings.HasPrefix(mn, "sha") || strings.HasPrefix(mn, "aes") {
		return nil, errUnknown
	}
	return nil, nil // the base A64 instruction set
}
