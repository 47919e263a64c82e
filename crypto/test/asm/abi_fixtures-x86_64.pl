#!/usr/bin/env perl
# Copyright 2026 The project authors.
#
# abi_fixtures-x86_64.pl: functions for abi_test_test.cc, most of them
# deliberately broken, to prove the ABI checker catches each fault. They are
# linked into crypto_test only, never into the library.
# Usage: perl abi_fixtures-x86_64.pl FLAVOUR OUTPUT
#
#   bittern_abi_fixture_good(a1..a8)   well-behaved managed function: uses
#       rbx, r12, xmm6, a frame, and both stack arguments; returns
#       a1 + 2*a2 + 3*a3 + ... + 8*a8 mod 2^64.
#   bittern_abi_fixture_raw_ok()        raw function with correct hand CFI.
#   bittern_abi_fixture_rsp_mod16()     returns %rsp mod 16 at entry (8 when
#                                       the caller kept the stack aligned).
#   bittern_abi_fixture_clobber_rbx()   returns with rbx changed.
#   bittern_abi_fixture_clobber_r12()   returns with r12 changed.
#   bittern_abi_fixture_clobber_rdi()   changes rdi (callee-saved on Win64
#                                       only: fine on SysV).
#   bittern_abi_fixture_clobber_xmm6()  changes xmm6 (callee-saved on Win64
#                                       only: fine on SysV).
#   bittern_abi_fixture_leave_df()      returns with the direction flag set.
#   bittern_abi_fixture_move_rsp()      returns to its caller correctly but
#                                       with %rsp 8 bytes lower.
#   bittern_abi_fixture_bad_cfa()       saves and restores rbx correctly but
#                                       its CFI gives the wrong CFA offset.
#   bittern_abi_fixture_bad_cfi_reg()   saves and restores rbx correctly but
#                                       its CFI does not say where rbx is.
# The raw fixtures carry hand-written .cfi_* directives (dropped on Win64,
# where they have no SEH data: the tests run only the register checks there).

use strict;
use warnings;
use FindBin;
use lib "$FindBin::Bin/../../perlasm";
require "x86_64-xlate.pl";

my ($flavour, $output) = @ARGV;

my $code = '';

$code .= X86_64Xlate::function_begin('bittern_abi_fixture_good',
  args => 8, save => [qw(rbx r12)], xmm => [6], frame => 16);
$code .= <<'___';
	# rbx = a1 + 2*a2 + 3*a3 + 4*a4 + 5*a5 + 6*a6 + 7*a7 + 8*a8
	leaq	(%rdi,%rsi,2), %rbx
	imulq	$3, %rdx, %r12
	addq	%r12, %rbx
	leaq	(%rbx,%rcx,4), %rbx
	imulq	$5, %r8, %r12
	addq	%r12, %rbx
	imulq	$6, %r9, %r12
	addq	%r12, %rbx
	movq	%arg7, %r12
	imulq	$7, %r12, %r12
	addq	%r12, %rbx
	movq	%arg8, %r12
	shlq	$3, %r12
	addq	%r12, %rbx
	# Use the frame, xmm6 and the direction flag, leaving DF clear.
	movq	%rbx, 8(%rsp)
	movq	8(%rsp), %xmm6
	movq	%xmm6, %rax
	pxor	%xmm6, %xmm6
	std
	cld
___
$code .= X86_64Xlate::epilogue();
$code .= X86_64Xlate::function_end();

# raw(NAME, BODY) wraps BODY in a raw function.
sub raw {
  my ($name, $body) = @_;
  return X86_64Xlate::function_begin($name, raw => 1) . $body .
         X86_64Xlate::function_end();
}

$code .= raw('bittern_abi_fixture_raw_ok', <<'___');
	pushq	%rbx
	.cfi_adjust_cfa_offset	8
	.cfi_offset	%rbx, -16
	notq	%rbx
	xorl	%eax, %eax
	popq	%rbx
	.cfi_adjust_cfa_offset	-8
	.cfi_restore	%rbx
	ret
___

$code .= raw('bittern_abi_fixture_rsp_mod16',
             "\tmovq\t%rsp, %rax\n\tandl\t\$15, %eax\n\tret\n");
$code .= raw('bittern_abi_fixture_clobber_rbx', "\tnotq\t%rbx\n\tret\n");
$code .= raw('bittern_abi_fixture_clobber_r12', "\tnotq\t%r12\n\tret\n");
$code .= raw('bittern_abi_fixture_clobber_rdi', "\tnotq\t%rdi\n\tret\n");
$code .= raw('bittern_abi_fixture_clobber_xmm6',
             "\tpcmpeqd\t%xmm0, %xmm0\n\tpxor\t%xmm0, %xmm6\n\tret\n");
$code .= raw('bittern_abi_fixture_leave_df', "\tstd\n\tret\n");

$code .= raw('bittern_abi_fixture_move_rsp', <<'___');
	# Copy the return address 8 bytes down and return through the copy: the
	# caller gets control back with %rsp 8 bytes lower than it should be.
	subq	$8, %rsp
	.cfi_adjust_cfa_offset	8
	movq	8(%rsp), %rax
	movq	%rax, (%rsp)
	ret
___

$code .= raw('bittern_abi_fixture_bad_cfa', <<'___');
	pushq	%rbx
	.cfi_adjust_cfa_offset	16	# wrong: the push moved %rsp by 8
	.cfi_offset	%rbx, -24
	notq	%rbx
	popq	%rbx
	.cfi_adjust_cfa_offset	-16
	.cfi_restore	%rbx
	ret
___

$code .= raw('bittern_abi_fixture_bad_cfi_reg', <<'___');
	pushq	%rbx
	.cfi_adjust_cfa_offset	8	# missing: .cfi_offset %rbx, -16
	notq	%rbx
	popq	%rbx
	.cfi_adjust_cfa_offset	-8
	ret
___

X86_64Xlate::write_output($flavour, $output, $code, __FILE__);
