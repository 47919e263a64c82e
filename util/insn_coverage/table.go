// Copyright 2026 The project authors.

package main

// The instruction table: which CPU features (names of crypto/cpu/features.h)
// each instruction needs. Sources: the Intel SDM vol. 2 (each instruction's
// "CPUID Feature Flag" column) and the Arm ARM (each instruction's FEAT_*).
//
// x86: an instruction is classified by its encoding (legacy, VEX, EVEX; read
// from its bytes) and mnemonic as objdump (AT&T syntax) prints it:
//
//   - legacy SSE-family: the feature of its mnemonic in x86Legacy (SSE,
//     SSE2, SSSE3, SSE4.1, ...); MMX-register forms also need "mmx";
//   - VEX: "avx", plus "avx2" for integer operations on ymm registers and
//     the AVX2-only instructions, plus the mnemonic's own extension (FMA,
//     F16C, AES, PCLMULQDQ, VAES, VPCLMULQDQ, GFNI). A VEX mnemonic is "v"
//     plus a legacy one, or one of x86VEXOnly;
//   - EVEX: "avx512f", plus "avx512vl" when it works on xmm/ymm registers,
//     plus the subset of its mnemonic (x86EVEX); opmask instructions by
//     their width (x86Opmask);
//   - general-purpose instructions the base ISA lacks (x86GPR): BMI1,
//     BMI2, ADX, MOVBE, POPCNT, CMOV, ...
//
// An instruction with a vector or opmask operand, a VEX/EVEX encoding, or a
// crypto mnemonic that none of these lists names is an error: the check
// fails rather than guess.

// x86Legacy maps legacy-encoded SIMD mnemonics to their feature.
var x86Legacy = map[string]string{}

func addAll(m map[string]string, feature string, mnemonics ...string) {
	for _, n := range mnemonics {
		m[n] = feature
	}
}

// x86MMXBase are the legacy mnemonics that exist on MMX registers with MMX
// alone (their xmm forms are SSE2).
var x86MMXBase = map[string]bool{}

func init() {
	addAll(x86Legacy, "sse",
		"movaps", "movups", "movss", "movhps", "movlps", "movhlps", "movlhps",
		"xorps", "andps", "andnps", "orps", "shufps", "unpcklps", "unpckhps",
		"addps", "addss", "subps", "subss", "mulps", "mulss", "divps", "divss",
		"sqrtps", "sqrtss", "maxps", "maxss", "minps", "minss", "cmpps", "cmpss",
		"comiss", "ucomiss", "movmskps", "movntps", "ldmxcsr", "stmxcsr",
		"cvtsi2ss", "cvtss2si", "cvttss2si", "rcpps", "rsqrtps",
		"prefetchnta", "prefetcht0", "prefetcht1", "prefetcht2", "sfence",
		// MMX-register extensions that came with SSE.
		"pshufw", "pextrw", "pinsrw", "pmovmskb", "pavgb", "pavgw", "pmaxub",
		"pmaxsw", "pminub", "pminsw", "pmulhuw", "psadbw", "maskmovq", "movntq")
	addAll(x86Legacy, "sse2",
		"movdqa", "movdqu", "movapd", "movupd", "movsd", "movhpd", "movlpd",
		"movq", "movd", "movq2dq", "movdq2q", "movntdq", "movnti", "movntpd",
		"maskmovdqu", "movmskpd",
		"paddb", "paddw", "paddd", "paddq", "psubb", "psubw", "psubd", "psubq",
		"paddsb", "paddsw", "paddusb", "paddusw", "psubsb", "psubsw",
		"psubusb", "psubusw", "pmullw", "pmulhw", "pmuludq", "pmaddwd",
		"pand", "pandn", "por", "pxor", "pshufd", "pshufhw", "pshuflw",
		"psllw", "pslld", "psllq", "psrlw", "psrld", "psrlq", "psraw", "psrad",
		"pslldq", "psrldq",
		"punpcklbw", "punpcklwd", "punpckldq", "punpcklqdq",
		"punpckhbw", "punpckhwd", "punpckhdq", "punpckhqdq",
		"packsswb", "packssdw", "packuswb",
		"pcmpeqb", "pcmpeqw", "pcmpeqd", "pcmpgtb", "pcmpgtw", "pcmpgtd",
		"xorpd", "andpd", "andnpd", "orpd", "shufpd", "unpcklpd", "unpckhpd",
		"addpd", "addsd", "subpd", "subsd", "mulpd", "mulsd", "divpd", "divsd",
		"sqrtpd", "sqrtsd", "maxpd", "maxsd", "minpd", "minsd", "cmppd", "cmpsd",
		"comisd", "ucomisd",
		"cvtsi2sd", "cvtsi2sdl", "cvtsi2sdq", "cvtsd2si", "cvttsd2si",
		"cvtsd2ss", "cvtss2sd", "cvtdq2pd", "cvtdq2ps", "cvtpd2dq",
		"cvttpd2dq", "cvtps2dq", "cvttps2dq", "cvtpd2ps", "cvtps2pd",
		"lfence", "mfence")
	for _, n := range []string{"movq", "movd", "paddb", "paddw", "paddd",
		"psubb", "psubw", "psubd", "paddsb", "paddsw", "paddusb", "paddusw",
		"psubsb", "psubsw", "psubusb", "psubusw", "pmullw", "pmulhw",
		"pmaddwd", "pand", "pandn", "por", "pxor", "psllw", "pslld", "psllq",
		"psrlw", "psrld", "psrlq", "psraw", "psrad", "punpcklbw", "punpcklwd",
		"punpckldq", "punpckhbw", "punpckhwd", "punpckhdq", "packsswb",
		"packssdw", "packuswb", "pcmpeqb", "pcmpeqw", "pcmpeqd", "pcmpgtb",
		"pcmpgtw", "pcmpgtd", "emms"} {
		x86MMXBase[n] = true
	}
	addAll(x86Legacy, "mmx", "emms")
	addAll(x86Legacy, "sse3", "lddqu", "movddup", "movshdup", "movsldup",
		"haddps", "haddpd", "hsubps", "hsubpd", "addsubps", "addsubpd")
	addAll(x86Legacy, "ssse3", "pshufb", "palignr", "pabsb", "pabsw", "pabsd",
		"phaddw", "phaddd", "phaddsw", "phsubw", "phsubd", "phsubsw",
		"pmaddubsw", "pmulhrsw", "psignb", "psignw", "psignd")
	addAll(x86Legacy, "sse4.1", "pblendw", "pblendvb", "blendps", "blendpd",
		"blendvps", "blendvpd", "pinsrb", "pinsrd", "pinsrq", "pextrb",
		"pextrd", "pextrq", "extractps", "insertps", "pmulld", "pmuldq",
		"ptest", "pmovzxbw", "pmovzxbd", "pmovzxbq", "pmovzxwd", "pmovzxwq",
		"pmovzxdq", "pmovsxbw", "pmovsxbd", "pmovsxbq", "pmovsxwd",
		"pmovsxwq", "pmovsxdq", "pminsb", "pminsd", "pminuw", "pminud",
		"pmaxsb", "pmaxsd", "pmaxuw", "pmaxud", "pcmpeqq", "packusdw",
		"roundps", "roundpd", "roundss", "roundsd", "dpps", "dppd",
		"mpsadbw", "phminposuw", "movntdqa")
	addAll(x86Legacy, "sse4.2", "pcmpgtq", "pcmpestri", "pcmpestrm",
		"pcmpistri", "pcmpistrm", "crc32", "crc32b", "crc32w", "crc32l",
		"crc32q")
	addAll(x86Legacy, "aes", "aesenc", "aesenclast", "aesdec", "aesdeclast",
		"aesimc", "aeskeygenassist")
	addAll(x86Legacy, "pclmulqdq", "pclmulqdq", "pclmullqlqdq",
		"pclmulhqlqdq", "pclmullqhqdq", "pclmulhqhqdq")
	addAll(x86Legacy, "sha", "sha1rnds4", "sha1nexte", "sha1msg1", "sha1msg2",
		"sha256rnds2", "sha256msg1", "sha256msg2")
	addAll(x86Legacy, "gfni", "gf2p8affineqb", "gf2p8affineinvqb",
		"gf2p8mulb")

	addAll(x86GPR, "bmi1", "andn", "bextr", "blsi", "blsmsk", "blsr",
		"tzcnt")
	addAll(x86GPR, "bmi2", "bzhi", "mulx", "pdep", "pext", "rorx", "sarx",
		"shlx", "shrx")
	addAll(x86GPR, "adx", "adcx", "adox")
	addAll(x86GPR, "movbe", "movbe")
	addAll(x86GPR, "popcnt", "popcnt")
	addAll(x86GPR, "rdrand", "rdrand")
	addAll(x86GPR, "rdseed", "rdseed")
	addAll(x86GPR, "tsc", "rdtsc")
	addAll(x86GPR, "xsave", "xgetbv", "xsave", "xrstor", "xsaveopt")
	addAll(x86GPR, "fxsr", "fxsave", "fxrstor", "fxsave64", "fxrstor64")
	// Not in crypto/cpu/features.h: using one fails the check.
	addAll(x86GPR, "(lzcnt: CPUID 0x80000001)", "lzcnt")
	addAll(x86GPR, "(rdtscp: CPUID 0x80000001)", "rdtscp")
	addAll(x86GPR, "(prefetchw: CPUID 0x80000001)", "prefetchw")

	// AVX2-only instructions (whatever their width), and AVX ones that
	// have no legacy form.
	for _, n := range []string{"vpbroadcastb", "vpbroadcastw", "vpbroadcastd",
		"vpbroadcastq", "vbroadcasti128", "vperm2i128", "vinserti128",
		"vextracti128", "vpblendd", "vpermd", "vpermq", "vpermps", "vpermpd",
		"vpsllvd", "vpsllvq", "vpsrlvd", "vpsrlvq", "vpsravd", "vpmaskmovd",
		"vpmaskmovq", "vpgatherdd", "vpgatherdq", "vpgatherqd", "vpgatherqq",
		"vgatherdps", "vgatherdpd", "vgatherqps", "vgatherqpd"} {
		x86VEXOnly[n] = "avx2"
	}
	for _, n := range []string{"vzeroupper", "vzeroall", "vbroadcastss",
		"vbroadcastsd", "vbroadcastf128", "vinsertf128", "vextractf128",
		"vperm2f128", "vpermilps", "vpermilpd", "vmaskmovps", "vmaskmovpd",
		"vtestps", "vtestpd"} {
		x86VEXOnly[n] = "avx"
	}
	for _, n := range []string{"vfmadd132ps", "vfmadd213ps", "vfmadd231ps",
		"vfmadd132pd", "vfmadd213pd", "vfmadd231pd", "vfmadd132ss",
		"vfmadd213ss", "vfmadd231ss", "vfmadd132sd", "vfmadd213sd",
		"vfmadd231sd", "vfnmadd231ps", "vfnmadd231pd", "vfmsub231ps",
		"vfmsub231pd"} {
		x86VEXOnly[n] = "fma"
	}
	x86VEXOnly["vcvtph2ps"] = "f16c"
	x86VEXOnly["vcvtps2ph"] = "f16c"

	// EVEX: the AVX-512 subset each mnemonic needs beyond AVX512F.
	addAll(x86EVEX, "avx512f",
		"vmovdqa32", "vmovdqa64", "vmovdqu32", "vmovdqu64", "vmovd", "vmovq",
		"vmovaps", "vmovups", "vmovapd", "vmovupd",
		"vpaddd", "vpaddq", "vpsubd", "vpsubq", "vpmuludq", "vpmuldq",
		"vpmulld", "vpandd", "vpandq", "vpandnd", "vpandnq", "vpord", "vporq",
		"vpxord", "vpxorq", "vpternlogd", "vpternlogq", "vprold", "vprolq",
		"vprord", "vprorq", "vprolvd", "vprolvq", "vprorvd", "vprorvq",
		"vpslld", "vpsllq", "vpsrld", "vpsrlq", "vpsrad", "vpsraq",
		"vpsllvd", "vpsllvq", "vpsrlvd", "vpsrlvq", "vpsravd", "vpsravq",
		"vpshufd", "vpunpckldq", "vpunpckhdq", "vpunpcklqdq", "vpunpckhqdq",
		"vpermd", "vpermq", "vpermt2d", "vpermt2q", "vpermi2d", "vpermi2q",
		"vshufi32x4", "vshufi64x2", "vshuff32x4", "vshuff64x2", "valignd",
		"valignq", "vpbroadcastd", "vpbroadcastq", "vbroadcasti32x4",
		"vbroadcasti64x4", "vextracti32x4", "vextracti64x4", "vinserti32x4",
		"vinserti64x4", "vextractf32x4", "vinsertf32x4", "vpblendmd",
		"vpblendmq", "vpcompressd", "vpcompressq", "vpexpandd", "vpexpandq",
		"vpmovqd", "vpmovqb", "vpmovdb", "vpmovdw", "vpmovqw", "vpmovzxdq",
		"vpmovzxbd", "vpmovzxwd", "vpmovzxbq", "vpmovzxwq", "vpmovsxdq",
		"vpminud", "vpminuq", "vpmaxud", "vpmaxuq", "vpminsd", "vpmaxsd",
		"vpabsd", "vpabsq", "vpcmpeqd", "vpcmpeqq", "vpcmpgtd", "vpcmpgtq",
		"vpcmpd", "vpcmpud", "vpcmpq", "vpcmpuq", "vpcmpltud", "vpcmpnltud",
		"vpcmpleud", "vpcmpnleud", "vpcmpequd", "vpcmpneqd", "vpcmpnequd",
		"vptestmd", "vptestmq", "vptestnmd", "vptestnmq", "vpscatterdd",
		"vpgatherdd", "vpgatherdq", "vpgatherqq")
	addAll(x86EVEX, "avx512bw",
		"vmovdqu8", "vmovdqu16", "vpaddb", "vpaddw", "vpsubb", "vpsubw",
		"vpaddusb", "vpaddusw", "vpshufb", "vpalignr", "vpermw", "vpermt2w",
		"vpermi2w", "vpsllw", "vpsrlw", "vpsraw", "vpsllvw", "vpsrlvw",
		"vpsravw", "vpslldq", "vpsrldq", "vpshufhw", "vpshuflw",
		"vpunpcklbw", "vpunpckhbw", "vpunpcklwd", "vpunpckhwd", "vpackuswb",
		"vpacksswb", "vpackusdw", "vpackssdw", "vpmullw", "vpmulhw",
		"vpmulhuw", "vpmaddwd", "vpmaddubsw", "vpblendmb", "vpblendmw",
		"vpbroadcastb", "vpbroadcastw", "vpmovwb", "vpmovzxbw", "vpmovsxbw",
		"vpcmpeqb", "vpcmpeqw", "vpcmpgtb", "vpcmpgtw", "vpcmpb", "vpcmpub",
		"vpcmpw", "vpcmpuw", "vptestmb", "vptestmw", "vpminub", "vpmaxub",
		"vpminuw", "vpmaxuw", "vpsadbw", "vdbpsadbw", "vpavgb", "vpavgw",
		"vpextrb", "vpextrw", "vpinsrb", "vpinsrw", "vpmovb2m", "vpmovw2m",
		"vpmovm2b", "vpmovm2w")
	addAll(x86EVEX, "avx512dq",
		"vpmullq", "vextracti64x2", "vinserti64x2", "vextracti32x8",
		"vinserti32x8", "vbroadcasti64x2", "vbroadcasti32x8", "vpextrd",
		"vpextrq", "vpinsrd", "vpinsrq", "vxorps", "vxorpd", "vandps",
		"vandpd", "vorps", "vorpd", "vandnps", "vandnpd", "vpmovd2m",
		"vpmovq2m", "vpmovm2d", "vpmovm2q")
	addAll(x86EVEX, "avx512ifma", "vpmadd52luq", "vpmadd52huq")
	addAll(x86EVEX, "avx512vbmi", "vpermb", "vpermt2b", "vpermi2b",
		"vpmultishiftqb")
	addAll(x86EVEX, "avx512vbmi2", "vpshldd", "vpshldq", "vpshldw",
		"vpshrdd", "vpshrdq", "vpshrdw", "vpshldvd", "vpshldvq", "vpshrdvd",
		"vpshrdvq", "vpcompressb", "vpcompressw", "vpexpandb", "vpexpandw")
	addAll(x86EVEX, "avx512vnni", "vpdpbusd", "vpdpbusds", "vpdpwssd",
		"vpdpwssds")
	addAll(x86EVEX, "avx512bitalg", "vpopcntb", "vpopcntw", "vpshufbitqmb")
	addAll(x86EVEX, "avx512vpopcntdq", "vpopcntd", "vpopcntq")
	addAll(x86EVEX, "vaes", "vaesenc", "vaesenclast", "vaesdec",
		"vaesdeclast")
	addAll(x86EVEX, "vpclmulqdq", "vpclmulqdq", "vpclmullqlqdq",
		"vpclmulhqlqdq", "vpclmullqhqdq", "vpclmulhqhqdq")
	addAll(x86EVEX, "gfni", "vgf2p8affineqb", "vgf2p8affineinvqb",
		"vgf2p8mulb")

	for _, w := range []string{"w"} {
		for _, op := range []string{"kmov", "kand", "kandn", "kor", "kxor",
			"kxnor", "knot", "kortest", "kshiftl", "kshiftr", "kunpckb"} {
			x86Opmask[op+w] = "avx512f"
		}
	}
	for _, op := range []string{"kmov", "kand", "kandn", "kor", "kxor",
		"kxnor", "knot", "kortest", "kshiftl", "kshiftr", "kadd", "ktest"} {
		x86Opmask[op+"b"] = "avx512dq"
		x86Opmask[op+"d"] = "avx512bw"
		x86Opmask[op+"q"] = "avx512bw"
	}
	x86Opmask["ktestw"] = "avx512dq"
	x86Opmask["kaddw"] = "avx512dq"
	x86Opmask["kunpckwd"] = "avx512bw"
	x86Opmask["kunpckdq"] = "avx512bw"

	addAll(armInsn, "sha1", "sha1c", "sha1h", "sha1m", "sha1p", "sha1su0",
		"sha1su1")
	addAll(armInsn, "sha256", "sha256h", "sha256h2", "sha256su0",
		"sha256su1")
	addAll(armInsn, "sha512", "sha512h", "sha512h2", "sha512su0",
		"sha512su1")
	addAll(armInsn, "aes", "aese", "aesd", "aesmc", "aesimc")
	// Not in crypto/cpu/features.h: using one fails the check.
	addAll(armInsn, "(FEAT_SHA3)", "eor3", "bcax", "rax1", "xar")
	addAll(armInsn, "(FEAT_SM3/SM4)", "sm3ss1", "sm3tt1a", "sm3tt1b",
		"sm3tt2a", "sm3tt2b", "sm3partw1", "sm3partw2", "sm4e", "sm4ekey")
	addAll(armInsn, "(FEAT_DotProd)", "udot", "sdot")
	for _, n := range armNEONList {
		armNEON[n] = true
	}
}

// x86GPR maps general-purpose mnemonics outside the base ISA to their
// feature (cmov* is handled by prefix, x87 f* by prefix).
var x86GPR = map[string]string{}

// x86VEXOnly maps VEX mnemonics that are not "v" + a legacy mnemonic to the
// feature they need beyond AVX (or "avx" itself).
var x86VEXOnly = map[string]string{}

// x86EVEX maps EVEX mnemonics to the feature they need (with AVX512F).
var x86EVEX = map[string]string{}

// x86Opmask maps the opmask-register instructions to their feature.
var x86Opmask = map[string]string{}

// armInsn maps AArch64 extension mnemonics to their OPENSSL_armcap feature;
// pmull/pmull2 are "pmull" on 1Q/1D lanes and NEON on 8B/16B lanes.
var armInsn = map[string]string{}

// armNEON is the set of Advanced SIMD / FP mnemonics the check knows; an
// instruction on SIMD&FP registers with any other mnemonic fails the check.
var armNEON = map[string]bool{}

var armNEONList = []string{
	"add", "sub", "mul", "mla", "mls", "neg", "abs", "addp", "addv",
	"umull", "umull2", "umlal", "umlal2", "umlsl", "umlsl2", "smull",
	"smull2", "smlal", "smlal2", "sqdmulh", "sqrdmulh", "pmul",
	"and", "orr", "eor", "bic", "orn", "not", "mvn", "bsl", "bit", "bif",
	"mov", "movi", "mvni", "dup", "ins", "umov", "smov", "fmov", "ext",
	"zip1", "zip2", "uzp1", "uzp2", "trn1", "trn2", "rev16", "rev32",
	"rev64", "tbl", "tbx", "shl", "ushr", "sshr", "usra", "ssra", "sli",
	"sri", "shrn", "shrn2", "rshrn", "rshrn2", "ushll", "ushll2", "sshll",
	"sshll2", "uxtl", "uxtl2", "sxtl", "sxtl2", "xtn", "xtn2", "sqxtn",
	"uqxtn", "sqxtun", "addhn", "addhn2", "raddhn", "subhn", "cmeq",
	"cmhi", "cmhs", "cmgt", "cmge", "cmle", "cmlt", "cmtst", "uaddlp",
	"uadalp", "uaddlv", "uaddl", "uaddl2", "uaddw", "uaddw2", "usubl",
	"usubw", "umaxv", "uminv", "umaxp", "uminp", "umin", "umax", "smin",
	"smax", "uqadd", "sqadd", "uqsub", "sqsub", "ushl", "sshl", "urshr",
	"srshr", "cnt", "clz", "cls", "rbit",
	"ld1", "ld1r", "ld2", "ld2r", "ld3", "ld3r", "ld4", "ld4r", "st1", "st2", "st3", "st4",
	"ldr", "str", "ldp", "stp", "ldur", "stur", "ldnp", "stnp",
	"scvtf", "ucvtf", "fcvtzs", "fcvtzu", "fcvt", "fadd", "fsub", "fmul",
	"fdiv", "fmadd", "fmsub", "fnmul", "fneg", "fabs", "fsqrt", "fcmp",
	"fcmpe", "fccmp", "fcsel", "fmax", "fmin", "fmaxnm", "fminnm",
	"frintm", "frintp", "frintz", "frinta", "frintn", "frintx",
	"pmull", "pmull2",
}
