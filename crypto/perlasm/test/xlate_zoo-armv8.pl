#!/usr/bin/env perl
# Copyright 2026 The project authors.
#
# xlate_zoo-armv8.pl: exercises every feature of crypto/perlasm/arm-xlate.pl
# so util/asm_flavours (-only aarch64) can assemble the result in every
# flavour (linux64, ios64, win64). Never linked into anything; its functions
# compute nothing useful.
#
#   path          cycles/byte   bound
#   (none)        n/a           not a primitive: a translator test
#
# Usage: perl xlate_zoo-armv8.pl FLAVOUR OUTPUT

use strict;
use warnings;
use FindBin;
use lib "$FindBin::Bin/..";
require "arm-xlate.pl";

my ($flavour, $output) = @ARGV;

my $code = <<'___';
.text
# A plain leaf: bti c only, no PAC, no frame.
.func_begin zoo_leaf, leaf
	add	x0, x0, x1          // comment after an instruction
	cbz	x0, .Lleaf_zero
	adrl	x2, .Lconst
	ldr	w3, [x2]
	adrl	x4, .Lconst+4
	ld1	{v0.4s-v3.4s}, [x2]
	ld1	{v16.16b, v17.16b}, [x1], #32
	mov	v4.16b, v5.16b
	sha256h	q0, q1, v2.4s
	sha256h2	q1, q2, v3.4s
	sha256su0	v4.4s, v5.4s
	sha256su1	v4.4s, v5.4s, v6.4s
	sha1c	q0, s1, v2.4s
	sha1h	s1, s0
	sha512h	q0, q1, v2.2d
	sha512su1	v0.2d, v1.2d, v2.2d
	eor3	v0.16b, v1.16b, v2.16b, v3.16b
	rax1	v0.2d, v1.2d, v2.2d
	xar	v0.2d, v1.2d, v2.2d, #3
	bcax	v0.16b, v1.16b, v2.16b, v3.16b
	umull2	v0.2d, v1.4s, v2.4s
	pmull	v0.1q, v1.1d, v2.1d
	ushr	v0.4s, v1.4s, #7
	sli	v0.4s, v1.4s, #25
	rev32	v0.16b, v0.16b
	tbl	v0.16b, {v1.16b}, v2.16b
	.inst	0xd503201f
	mul	x5, x6, x7
	umulh	x5, x6, x7
	adds	x5, x5, x6
	adcs	x7, x7, xzr
	ror	w3, w3, #7
	b.ne	.Lleaf_zero
	add	x0, x0, w3, uxtw #2
.Lleaf_zero:
.epilogue
.func_end

# A framed function: every GPR and d-register save, odd ones alone, a frame.
.func_begin zoo_full, save=x19:x20:x21:x23:x24:x25:x26:x27:x28:x22, dsave=d8:d9:d10:d12:d13:d14:d15:d11, frame=40, global
	mov	x19, x0
	mov	x22, x1
	ldr	q8, [x1]
	mov	v15.16b, v8.16b
	str	x19, [sp, #32]
	stp	x20, x21, [sp]
	mov	x30, x0
	cbnz	x19, .Lfull_early
	bl	zoo_leaf
	bl	zoo_extern
.epilogue
.Lfull_early:
	mov	x0, #1
.epilogue
.func_end

# Non-leaf without saves: PAC and a frame record only.
.func_begin zoo_nonleaf
	bl	zoo_leaf
.epilogue
.func_end

# A leaf with a big frame (two-instruction sp adjustment).
.func_begin zoo_bigframe, leaf, frame=70000
	str	x0, [sp, #8]
	ldr	x0, [sp, #8]
.epilogue
.func_end

# A raw function with hand-written CFI.
.func_begin zoo_raw, raw
	stp	x29, x30, [sp, #-16]!
	.cfi_def_cfa_offset	16
	.cfi_offset	29, -16
	.cfi_offset	30, -8
	ldp	x29, x30, [sp], #16
	.cfi_def_cfa_offset	0
	ret
.func_end

.extern zoo_extern

.rodata
.align	64
.Lconst:
	.long	0x01020304, 0x05060708
	.quad	0x0123456789abcdef
	.byte	1, 2, 3
	.short	4
.align	4
.Ltable:
	.long	.Lconst-.Ltable
	.asciz	"zoo"

.data
.align	8
.Lslot:
	.quad	0
___

ArmXlate::write_output($flavour, $output, $code, __FILE__);
