#!/usr/bin/env perl
# Copyright 2026 The project authors.
#
# xlate_zoo-x86_64.pl: a test input for x86_64-xlate.pl, never linked or run.
# util/asm_flavours (-only x86_64) assembles it in every flavour and compares the
# machine code GNU as produced from the mingw64 flavour with what NASM
# produced from the nasm flavour: they must be byte-identical, which checks
# the AT&T-to-Intel operand translation (order, sizes, addressing) and that
# both Win64 flavours get the same unwind codes. It also exercises prologue
# shapes: many pushes, XMM saves, frames needing UWOP_ALLOC_LARGE, early
# returns and stack arguments.
# Usage: perl xlate_zoo-x86_64.pl FLAVOUR OUTPUT

use strict;
use warnings;
use FindBin;
use lib "$FindBin::Bin/..";
require "x86_64-xlate.pl";

my ($flavour, $output) = @ARGV;
my $code = '';

$code .= X86_64Xlate::function_begin('bittern_zoo_integer', raw => 1);
$code .= <<'___';
	movq	$0x123456789, %rax
	movabsq	$0x123456789abcdef0, %rax
	movl	$-1, %eax
	movq	$-8, 8(%rsp)
	movl	$7, (%rdi,%rsi,4)
	movw	$3, -2(%rdi)
	movb	$1, 3(%rdi,%rcx)
	movq	.Lconst(%rip), %rdx
	movq	.Lconst+8(%rip), %rdx
	leaq	.Lconst(%rip), %rcx
	leaq	16(%rdi,%rsi,8), %r8
	leaq	-16(%rsp), %r9
	addq	%rax, %rbx
	addl	(%rsi), %ecx
	adcq	$0, %rdx
	subq	$128, %rdi
	sbbq	%r10, %r11
	andq	$-16, %rcx
	orl	$0x80, 4(%rsi)
	xorq	%r12, %r12
	xorl	%eax, %eax
	cmpq	%rdx, %rax
	cmpb	$0, (%rsi)
	testl	$1, %r8d
	testq	%rax, %rax
	negq	%rax
	notl	%ecx
	incq	%rcx
	decl	(%rdi)
	mulq	%rbx
	mulq	8(%rsi)
	imulq	%rbx, %rcx
	imulq	$19, %rbx, %rcx
	imull	(%rsi), %eax
	divq	%rcx
	shlq	$2, %rax
	shrq	%cl, %rdx
	shll	%cl, (%rdi)
	sarq	$63, %rax
	roll	$5, %eax
	rorq	$14, %r9
	shldq	$12, %rax, %rdx
	shrdq	%cl, %rax, %rdx
	xchgq	%rax, %rdx
	btq	$3, %rax
	bswapq	%rax
	bswapl	%r10d
	movzbl	(%rsi), %eax
	movzbl	%al, %ecx
	movzwl	2(%rsi), %edx
	movzbq	%dl, %rdx
	movsbl	(%rsi), %eax
	movslq	%eax, %rax
	movslq	4(%rdi), %rcx
	cmovcq	%rdx, %rax
	cmovnel	%ecx, %eax
	cmovbq	8(%rsi), %rax
	setc	%al
	sete	%r9b
	mulxq	%rbx, %rax, %rdx
	mulxq	(%rsi), %r8, %r9
	adcxq	%rax, %r8
	adoxq	%rdx, %r9
	rorxl	$6, %eax, %ecx
	rorxq	$14, %rax, %rbx
	andnl	%ebx, %eax, %ecx
	shrxq	%rcx, %rax, %rdx
	shlxl	%ecx, %eax, %edx
	popcntq	%rax, %rcx
	movbeq	(%rsi), %rax
	cltq
	cqto
	cld
	std
	rep stosb
	rep movsq
	lodsb
	lfence
	cpuid
	xgetbv
	jmp	.Lnext
.Lback:
	jnz	.Lback
	jae	.Lnext
	call	*%rax
	call	*16(%rsi)
	jmp	*%rdx
.Lnext:
	call	bittern_zoo_vector
	ret
___
$code .= X86_64Xlate::function_end();

$code .= X86_64Xlate::function_begin('bittern_zoo_vector', raw => 1);
$code .= <<'___';
	movdqa	(%rsi), %xmm0
	movdqu	%xmm1, 16(%rdi)
	movdqa	.Lconst(%rip), %xmm15
	movq	%xmm0, %rax
	movq	%rax, %xmm1
	movq	(%rsi), %xmm2
	movd	%eax, %xmm3
	movd	%xmm3, (%rdi)
	pxor	%xmm1, %xmm2
	paddd	16(%rsi), %xmm2
	pshufb	%xmm5, %xmm6
	pshufd	$0x1b, %xmm1, %xmm2
	palignr	$8, %xmm3, %xmm4
	pslldq	$4, %xmm1
	psrld	$7, %xmm8
	punpcklqdq	%xmm1, %xmm0
	pextrq	$1, %xmm0, %rax
	pinsrd	$2, (%rsi), %xmm9
	pblendw	$0xf0, %xmm1, %xmm2
	pclmulqdq	$0x11, %xmm1, %xmm2
	sha256rnds2	%xmm0, %xmm1, %xmm2
	sha256msg1	%xmm4, %xmm3
	sha256msg2	(%rsi), %xmm3
	sha1rnds4	$3, %xmm1, %xmm2
	sha1nexte	%xmm1, %xmm2
	aesenc	%xmm1, %xmm2
	movaps	%xmm6, -16(%rsp)
	shufps	$0x88, %xmm1, %xmm2
	vmovdqu	(%rsi), %ymm0
	vmovdqa	%ymm1, 32(%rdi)
	vpaddd	%ymm1, %ymm2, %ymm3
	vpaddq	64(%rsi,%rcx,2), %ymm2, %ymm3
	vpxor	%xmm1, %xmm2, %xmm3
	vpshufb	.Lconst(%rip), %ymm4, %ymm4
	vpsrld	$25, %ymm5, %ymm6
	vpslld	$7, %xmm5, %xmm6
	vpalignr	$4, %ymm1, %ymm2, %ymm3
	vpblendd	$0xf0, %ymm1, %ymm2, %ymm3
	vperm2i128	$0x20, %ymm1, %ymm2, %ymm3
	vinserti128	$1, (%rsi), %ymm0, %ymm0
	vextracti128	$1, %ymm0, %xmm1
	vpbroadcastd	(%rsi), %ymm2
	vbroadcasti128	.Lconst(%rip), %ymm3
	vpermq	$0x4e, %ymm1, %ymm2
	vpsrlvq	%ymm1, %ymm2, %ymm3
	vpmuludq	%ymm1, %ymm2, %ymm3
	vzeroupper
	ret
___
$code .= X86_64Xlate::function_end();

# AVX-512 (EVEX): zmm0-31, opmask registers, write masks with merging and
# zeroing, embedded broadcasts, and the EVEX-only mnemonics. A managed
# function, so the translator's callee-saved check sees zmm6 as xmm6
# (declared) and zmm16-31 as volatile on both ABIs.
$code .= X86_64Xlate::function_begin('bittern_zoo_avx512', args => 4,
  xmm => [6]);
$code .= <<'___';
	vmovdqu32	(%rsi), %zmm0
	vmovdqu64	64(%rsi,%rcx,4), %zmm31
	vmovdqa32	%zmm16, (%rdi)
	vmovdqa64	.Lconst(%rip), %zmm17
	vpaddd	%zmm17, %zmm31, %zmm16
	vpaddd	(%rsi){1to16}, %zmm1, %zmm1
	vpaddd	.Lconst(%rip){1to16}, %zmm20, %zmm21
	vpaddq	8(%rdx){1to8}, %zmm2, %zmm2
	vprold	$16, %zmm1, %zmm2
	vprold	$7, %zmm25, %zmm25
	vprord	$12, %ymm18, %ymm18
	vprolq	$1, %xmm1, %xmm2
	vpxord	%zmm1, %zmm2, %zmm3
	vpxord	%xmm16, %xmm16, %xmm16
	vpxorq	64(%rsi), %zmm4, %zmm5
	vpandd	%zmm1, %zmm2, %zmm3
	vpord	%zmm1, %zmm2, %zmm3{%k1}
	vpandnq	%zmm1, %zmm2, %zmm3{%k2}{z}
	vpternlogd	$0x96, %zmm1, %zmm2, %zmm3
	vpternlogq	$0xca, (%rsi), %zmm2, %zmm3
	vshufi32x4	$0x44, %zmm1, %zmm2, %zmm3
	vshufi64x2	$0xdd, %zmm26, %zmm27, %zmm28
	vbroadcasti32x4	16(%rcx), %zmm5
	vbroadcasti64x4	.Lconst(%rip), %zmm22
	vpshufd	$0x39, %zmm1, %zmm1
	vinserti32x4	$3, (%rsi), %zmm0, %zmm0
	vinserti64x4	$1, %ymm1, %zmm2, %zmm6
	vextracti32x4	$2, %zmm2, %xmm3
	vextracti64x4	$1, %zmm2, 32(%rdi)
	vpermt2d	%zmm1, %zmm2, %zmm3
	vpermt2q	(%rsi), %zmm2, %zmm3
	vpermi2d	%zmm1, %zmm2, %zmm3
	vpbroadcastd	%eax, %zmm4
	vpbroadcastq	%rax, %zmm19
	vpbroadcastd	4(%rdi), %zmm20
	vpsrlq	$26, %zmm1, %zmm2
	vpmuludq	%zmm1, %zmm2, %zmm3
	vpmadd52luq	%zmm1, %zmm2, %zmm3
	vpmadd52huq	(%rsi){1to8}, %zmm2, %zmm3
	vpermb	%zmm1, %zmm2, %zmm3
	valignd	$4, %zmm1, %zmm2, %zmm3
	vpblendmd	%zmm1, %zmm2, %zmm3{%k1}
	kmovq	%rax, %k1
	kmovd	%ecx, %k2
	kmovw	%k1, %eax
	kmovw	(%rsi), %k3
	kmovq	%k1, %k7
	kandw	%k1, %k2, %k3
	kxorq	%k1, %k2, %k3
	knotw	%k1, %k2
	kortestw	%k1, %k1
	kshiftrq	$3, %k1, %k2
	vmovdqu8	(%rsi), %zmm0{%k1}{z}
	vmovdqu8	%zmm0, 64(%rdi){%k1}
	vmovdqu32	%zmm1, (%rdi,%rcx){%k7}
	vmovdqu16	(%rsi), %ymm1{%k2}
	vpcmpud	$1, %zmm1, %zmm2, %k1
	vpcmpd	$4, (%rsi){1to16}, %zmm2, %k1{%k2}
	vpcompressd	%zmm1, %zmm2{%k1}{z}
	vzeroupper
___
$code .= X86_64Xlate::epilogue();
$code .= X86_64Xlate::function_end();

# Managed prologue shapes.
$code .= X86_64Xlate::function_begin('bittern_zoo_frame_large', args => 8,
  save => [qw(rbx rbp r12 r13 r14 r15)], xmm => [6 .. 15], frame => 1024);
$code .= <<'___';
	movq	%arg7, %rax
	addq	%arg8, %rax
	testq	%rdi, %rdi
	jz	.Lzoo_early
	movq	%rax, 1016(%rsp)
___
$code .= X86_64Xlate::epilogue();
$code .= ".Lzoo_early:\n";
$code .= X86_64Xlate::epilogue();
$code .= X86_64Xlate::function_end();

$code .= X86_64Xlate::function_begin('bittern_zoo_leaf', args => 2);
$code .= "\tleaq\t(%rdi,%rsi), %rax\n";
$code .= X86_64Xlate::epilogue();
$code .= X86_64Xlate::function_end();

$code .= X86_64Xlate::function_begin('bittern_zoo_small_frame', args => 6,
  save => [qw(rbp)], frame => 8, global => 1);
$code .= "\tmovq\t%r9, (%rsp)\n\tmovq\t(%rsp), %rax\n";
$code .= X86_64Xlate::epilogue();
$code .= X86_64Xlate::function_end();

$code .= <<'___';
.rodata
.align	64
.Lconst:
	.quad	0x0001020304050607, 0x08090a0b0c0d0e0f
	.quad	0x0001020304050607, 0x08090a0b0c0d0e0f
	.long	1, 2, 3, 4
	.short	5, 6
	.byte	7, 8, 9, 10
	.quad	.Lnext-.Lback
	.asciz	"zoo"
___

X86_64Xlate::write_output($flavour, $output, $code, __FILE__);
