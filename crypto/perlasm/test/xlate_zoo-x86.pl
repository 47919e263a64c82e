#!/usr/bin/env perl
# Copyright 2026 The project authors.
#
# xlate_zoo-x86.pl: a test input for x86asm.pl, never linked or run.
# util/asm_flavours (-only x86) assembles it in every flavour (elf with GNU
# as, macosx with clang, win32n with NASM) and compares the instructions GNU
# as produced from the elf flavour with those NASM produced from the win32n
# flavour (PIC loads and relocated displacements aside, which differ by
# design): they must match, which checks the AT&T-to-Intel operand
# translation (order, sizes, addressing). It exercises every feature of the
# DSL: sections and data directives, local labels, label differences,
# .get_pc into several registers, managed functions with each combination
# of save/frame/align, arg(N) before and after body pushes, early returns,
# raw functions with hand CFI, direct, indirect and intra-file calls,
# string instructions with rep, and integer, SSE..SSE4.1, SSSE3, AES,
# PCLMUL, SHA-NI, AVX, AVX2 and BMI mnemonics.
# Usage: perl xlate_zoo-x86.pl FLAVOUR OUTPUT

use strict;
use warnings;
use FindBin;
use lib "$FindBin::Bin/..";
require "x86asm.pl";

my ($flavour, $output) = @ARGV;
my $code = '';

# Integer instructions, addressing forms and PIC constants.
$code .= X86Asm::function_begin('bittern_zoo_integer', args => 3,
  save => [qw(ebx esi edi ebp)], frame => 24, global => 1);
$code .= <<'___';
	movl	arg(0), %esi
	movl	arg(1), %edi
	movl	arg(2), %ecx
	.get_pc	%ebx, .Lzoo_pic
	movl	.Lzoo_const-.Lzoo_pic(%ebx), %eax
	movl	.Lzoo_const-.Lzoo_pic+4(%ebx), %edx
	movl	.Lzoo_const+8-.Lzoo_pic(%ebx,%ecx,4), %edx
	leal	.Lzoo_const-.Lzoo_pic(%ebx), %ebp
	movl	.Lzoo_slot-.Lzoo_pic(%ebx), %eax
	movl	%eax, .Lzoo_slot-.Lzoo_pic(%ebx)
	movl	$-1, %eax
	movl	$7, (%edi,%esi,4)
	movl	$-8, 8(%esp)
	movw	$3, -2(%edi)
	movb	$1, 3(%edi,%ecx)
	movl	$(.Lzoo_const_end-.Lzoo_const)/4, %eax
	leal	16(%edi,%esi,8), %edx
	leal	-16(%esp), %edx
	addl	%eax, %edx
	addl	(%esi), %ecx
	adcl	$0, %edx
	subl	$128, %edi
	sbbl	%ecx, %edx
	andl	$-16, %ecx
	orl	$0x80, 4(%esi)
	xorl	%eax, %eax
	cmpl	%edx, %eax
	cmpb	$0, (%esi)
	cmpw	$0x100, 2(%esi)
	testl	$1, %edx
	testl	%eax, %eax
	negl	%eax
	notl	%ecx
	incl	%ecx
	decl	(%edi)
	mull	%edx
	mull	8(%esi)
	imull	%edx, %ecx
	imull	$19, %edx, %ecx
	imull	(%esi), %eax
	divl	%ecx
	idivl	4(%esi)
	shll	$2, %eax
	shrl	%cl, %edx
	sarl	$31, %edx
	roll	$7, %eax
	rorl	$13, (%esi)
	shldl	$5, %edx, %eax
	shrdl	%cl, %edx, %eax
	rcll	$1, %eax
	bswapl	%eax
	xchgl	%eax, %edx
	cmovel	%edx, %eax
	cmovbl	4(%esi), %eax
	sete	%al
	setnz	%dl
	movzbl	%al, %eax
	movzbl	1(%esi), %edx
	movzwl	2(%esi), %edx
	movsbl	%dl, %edx
	movswl	(%esi), %eax
	btl	$3, %eax
	rorxl	$7, %eax, %edx
	andnl	%eax, %edx, %ecx
	shrxl	%ecx, %eax, %edx
	mulxl	%eax, %ecx, %edx
	adcxl	%eax, %edx
	adoxl	%eax, %edx
	cltd
	cld
	rep stosl
	rep movsb
	lodsb
	std
	cld
	# Body pushes move arg(N) with them.
	pushl	%ecx
	pushl	$5
	movl	arg(2), %ecx
	popl	%eax
	popl	%ecx
	testl	%ecx, %ecx
	jz	.Lzoo_early
	call	bittern_zoo_leaf
	leal	.Lzoo_leaf_local-.Lzoo_pic(%ebx), %eax
	call	*%eax
	call	*4(%esi)
	jmp	.Lzoo_tail
.Lzoo_early:
___
$code .= X86Asm::epilogue();
$code .= ".Lzoo_tail:\n\tjae\t.Lzoo_early\n\tjmp\t*%edx\n";
$code .= X86Asm::epilogue();
$code .= X86Asm::function_end();

# Vector instructions: SSE2..SSE4.1, SSSE3, AES, PCLMUL, SHA-NI, AVX, AVX2,
# in an aligned frame.
$code .= X86Asm::function_begin('bittern_zoo_vector', args => 2,
  save => [qw(ebp esi)], frame => 64, align => 16);
$code .= <<'___';
	movl	arg(0), %esi
	movl	arg(1), %eax
	.get_pc	%ecx, .Lzoo_vpic
	movdqa	.Lzoo_const-.Lzoo_vpic(%ecx), %xmm7
	movdqu	(%esi), %xmm0
	movdqa	%xmm0, (%esp)
	movdqa	16(%esp), %xmm1
	movups	%xmm1, 32(%esi,%eax,2)
	movq	%xmm0, 8(%esp)
	movq	8(%esp), %xmm2
	movd	%xmm0, %edx
	movd	4(%esi), %xmm3
	paddd	%xmm1, %xmm0
	paddq	(%esi), %xmm0
	psubd	%xmm2, %xmm3
	pxor	%xmm4, %xmm4
	pand	%xmm0, %xmm5
	pandn	%xmm1, %xmm6
	por	%xmm2, %xmm7
	pslld	$7, %xmm0
	psrld	$25, %xmm1
	psrlq	$32, %xmm2
	psllq	$13, %xmm3
	psrldq	$8, %xmm4
	pslldq	$4, %xmm5
	pshufd	$0x1b, %xmm0, %xmm1
	pshufb	%xmm7, %xmm0
	pshufb	.Lzoo_const-.Lzoo_vpic(%ecx), %xmm1
	palignr	$4, %xmm1, %xmm2
	pblendw	$0xf0, %xmm3, %xmm4
	punpcklqdq	%xmm1, %xmm0
	punpckhdq	%xmm2, %xmm3
	pmuludq	%xmm1, %xmm0
	pmulld	%xmm2, %xmm3
	pextrd	$1, %xmm0, %edx
	pinsrd	$2, %edx, %xmm1
	pinsrd	$3, 12(%esi), %xmm1
	pcmpeqd	%xmm0, %xmm1
	pmovmskb	%xmm1, %edx
	ptest	%xmm0, %xmm1
	shufps	$0x88, %xmm1, %xmm0
	aesenc	%xmm1, %xmm0
	aesenclast	(%esi), %xmm0
	pclmulqdq	$0x11, %xmm1, %xmm0
	sha256rnds2	%xmm0, %xmm2, %xmm1
	sha256msg1	%xmm4, %xmm3
	sha256msg2	%xmm3, %xmm5
	sha1rnds4	$3, %xmm1, %xmm2
	sha1nexte	%xmm3, %xmm4
	sha1msg1	%xmm5, %xmm6
	sha1msg2	(%esi), %xmm7
	pblendvb	%xmm0, %xmm1, %xmm2
	vpaddd	%xmm1, %xmm2, %xmm3
	vpaddd	(%esi), %ymm1, %ymm2
	vpxor	%ymm0, %ymm0, %ymm0
	vpshufb	%ymm7, %ymm1, %ymm1
	vpsrld	$7, %ymm2, %ymm3
	vpslld	$25, %ymm2, %ymm4
	vpor	%ymm3, %ymm4, %ymm5
	vpalignr	$8, %ymm1, %ymm2, %ymm3
	vpshufd	$0x4e, %ymm1, %ymm2
	vmovdqu	(%esi), %ymm6
	vmovdqa	%ymm6, (%esp)
	vmovdqu	%ymm6, 32(%esi,%eax,1)
	vperm2i128	$0x20, %ymm1, %ymm2, %ymm3
	vinserti128	$1, 16(%esi), %ymm0, %ymm0
	vextracti128	$1, %ymm0, %xmm1
	vpbroadcastd	(%esi), %ymm2
	vbroadcasti128	.Lzoo_const-.Lzoo_vpic(%ecx), %ymm3
	vpblendd	$0xf0, %ymm1, %ymm2, %ymm3
	vpermq	$0xd8, %ymm1, %ymm2
	vpsrlvd	%ymm1, %ymm2, %ymm3
	vpmuludq	%ymm1, %ymm2, %ymm3
	vzeroupper
	pushl	%esi		# %ebp-based CFA: arg(N) still valid
	movl	arg(1), %edx
	popl	%esi
___
$code .= X86Asm::epilogue();
$code .= X86Asm::function_end();

# A leaf (no saves, no frame) called from the integer function.
$code .= X86Asm::function_begin('bittern_zoo_leaf', args => 1);
$code .= "\tmovl\targ(0), %eax\n\taddl\t\$1, %eax\n";
$code .= X86Asm::epilogue();
$code .= X86Asm::function_end();

# A raw function with hand-written CFI and a local entry point.
$code .= X86Asm::function_begin('bittern_zoo_raw', raw => 1);
$code .= <<'___';
	pushl	%ebx
	.cfi_adjust_cfa_offset	4
	.cfi_offset	%ebx, -8
	.get_pc	%ebx, .Lzoo_rpic
	movl	.Lzoo_const-.Lzoo_rpic(%ebx), %eax
	popl	%ebx
	.cfi_adjust_cfa_offset	-4
	.cfi_restore	%ebx
	ret
.Lzoo_leaf_local:
	endbr32
	xorl	%eax, %eax
	ret
___
$code .= X86Asm::function_end();

$code .= <<'___';
.rodata
.align	64
.Lzoo_const:
	.long	0x03020100, 0x07060504, 0x0b0a0908, 0x0f0e0d0c
	.long	0, 1, 2, 3
	.quad	0x0123456789abcdef
	.short	1, 2
	.byte	0xff, 0, -1
	.long	.Lzoo_const_end-.Lzoo_const
.Lzoo_const_end:
	.asciz	"bittern zoo"
.data
.align	4
.Lzoo_slot:
	.long	0
___

X86Asm::write_output($flavour, $output, $code, __FILE__);
