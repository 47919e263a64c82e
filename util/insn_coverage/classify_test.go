// Copyright 2026 The project authors.

package main

import (
	"reflect"
	"sort"
	"testing"
)

func TestClassify(t *testing.T) {
	vex := []byte{0xc5, 0xfd, 0xfe, 0xc1}
	evex := []byte{0x62, 0xf1, 0x7d, 0x48, 0xfe, 0xc1}
	legacy := []byte{0x66, 0x0f, 0x38, 0x00, 0xc1}
	rexVEX := []byte{0xc4, 0xe2, 0x7b, 0xf6, 0xc1}
	cases := []struct {
		arch, mn, ops string
		bytes         []byte
		want          []string // nil: base ISA; "error": unknown
	}{
		{"x86_64", "vpaddd", "%ymm1,%ymm0,%ymm0", vex, []string{"avx", "avx2"}},
		{"x86_64", "vpaddd", "%xmm1,%xmm0,%xmm0", vex, []string{"avx"}},
		{"x86_64", "vxorps", "%ymm1,%ymm0,%ymm0", vex, []string{"avx"}},
		{"x86_64", "vinserti128", "$0x1,(%rax),%ymm0,%ymm0", vex, []string{"avx", "avx2"}},
		{"x86_64", "vpclmulqdq", "$0x0,%ymm1,%ymm0,%ymm0", vex, []string{"avx", "pclmulqdq", "vpclmulqdq"}},
		{"x86_64", "vfmadd231ps", "%ymm1,%ymm0,%ymm0", vex, []string{"avx", "fma"}},
		{"x86_64", "vpaddd", "%zmm1,%zmm0,%zmm0", evex, []string{"avx512f"}},
		{"x86_64", "vprold", "$0x7,%xmm1,%xmm0", evex, []string{"avx512f", "avx512vl"}},
		{"x86_64", "vpshufb", "%zmm1,%zmm0,%zmm0", evex, []string{"avx512bw", "avx512f"}},
		{"x86_64", "vpmadd52luq", "%zmm1,%zmm0,%zmm0", evex, []string{"avx512f", "avx512ifma"}},
		{"x86_64", "vmovd", "%xmm16,%eax", evex, []string{"avx512f"}},
		{"x86_64", "kmovq", "%rax,%k1", vex, []string{"avx512bw", "avx512f"}},
		{"x86_64", "kmovw", "%eax,%k1", vex, []string{"avx512f"}},
		{"x86_64", "pshufb", "%xmm1,%xmm0", legacy, []string{"ssse3"}},
		{"x86_64", "pblendw", "$0xf0,%xmm1,%xmm0", legacy, []string{"sse4.1"}},
		{"x86_64", "sha256rnds2", "%xmm0,%xmm1,%xmm2", legacy, []string{"sha"}},
		{"x86_64", "paddd", "%mm1,%mm0", legacy, []string{"mmx"}},
		{"x86_64", "pshufb", "%mm1,%mm0", legacy, []string{"mmx", "ssse3"}},
		{"x86_64", "rorx", "$0x6,%r12d,%ebx", rexVEX, []string{"bmi2"}},
		{"x86_64", "andn", "%r14d,%r12d,%eax", rexVEX, []string{"bmi1"}},
		{"x86_64", "adcx", "%rax,%rbx", legacy, []string{"adx"}},
		{"x86_64", "cmovne", "%eax,%ebx", []byte{0x0f, 0x45, 0xd8}, []string{"cmov"}},
		{"x86_64", "movq", "$0x0,0x8(%rsp)", []byte{0x48, 0xc7, 0x44}, nil},
		{"x86_64", "lea", "0x10(%rip),%rax        # 1234 <K256>", []byte{0x48, 0x8d}, nil},
		{"x86_64", "lzcnt", "%eax,%ebx", legacy, []string{"(lzcnt: CPUID 0x80000001)"}},
		{"x86_64", "vpfoo", "%ymm1,%ymm0,%ymm0", vex, []string{"error"}},
		{"x86_64", "vpfoo", "%zmm1,%zmm0,%zmm0", evex, []string{"error"}},
		{"x86_64", "pfoo", "%xmm1,%xmm0", legacy, []string{"error"}},
		{"x86_64", "sha512rnds2", "%ymm1,%ymm0", vex, []string{"error"}},
		// In 32-bit code C4/C5 are also LES/LDS.
		{"x86", "lds", "(%eax),%ebx", []byte{0xc5, 0x18}, nil},
		{"aarch64", "sha256h", "q0, q1, v2.4s", nil, []string{"neon", "sha256"}},
		{"aarch64", "pmull", "v0.1q, v1.1d, v2.1d", nil, []string{"neon", "pmull"}},
		{"aarch64", "pmull", "v0.8h, v1.8b, v2.8b", nil, []string{"neon"}},
		{"aarch64", "ld4r", "{v0.4s-v3.4s}, [x5]", nil, []string{"neon"}},
		{"aarch64", "b", "b290 <sha256_block_data_order_nohw+0x6b0>", nil, nil},
		{"aarch64", "add", "x0, x1, #0xd10", nil, nil},
		{"aarch64", "eor3", "v0.16b, v1.16b, v2.16b, v3.16b", nil, []string{"(FEAT_SHA3)", "neon"}},
		{"aarch64", "vfoo", "v0.16b, v1.16b", nil, []string{"error"}},
	}
	for _, c := range cases {
		*arch = c.arch
		got, err := features(insn{bytes: c.bytes, mnemonic: c.mn, operands: c.ops})
		if err != nil {
			got = []string{"error"}
		}
		sort.Strings(got)
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s %s %s: got %v, want %v", c.arch, c.mn, c.ops, got, c.want)
		}
	}
	*arch = "x86_64"
}

func TestPadding(t *testing.T) {
	for _, in := range []insn{{mnemonic: "nop"}, {mnemonic: "nopw", operands: "0x0(%rax,%rax,1)"},
		{mnemonic: "lea", operands: "0x0(%esi,%eiz,1),%esi"}, {mnemonic: "xchg", operands: "%ax,%ax"}} {
		if !isPadding(in) {
			t.Errorf("%v is padding", in)
		}
	}
	for _, in := range []insn{{mnemonic: "lea", operands: "0x10(%esi),%esi"}, {mnemonic: "ret"}} {
		if isPadding(in) {
			t.Errorf("%v is not padding", in)
		}
	}
}
