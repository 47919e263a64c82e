#!/usr/bin/env perl
# Copyright 2026 The project authors.
#
# abi_fixtures-x86.pl: 32-bit x86 functions for abi_test_test.cc, most of
# them deliberately broken, to prove the ABI checker catches each fault.
# Linked into crypto_test only, never into the library.
# Usage: perl abi_fixtures-x86.pl FLAVOUR OUTPUT   (elf, macosx, win32n)
#
#   uint32_t bittern_abi_fixture_good(a0..a7)   managed function using every
#       callee-saved register, a frame, body pushes and a PIC constant
#       table; returns sum of (i+1)*a_i*w_i mod 2^32 (w = .Lweights below).
#   uint32_t bittern_abi_fixture_aligned(a0, a1)  managed, align=16: returns
#       a0 - a1 + (%esp mod 16 after the prologue), i.e. a0 - a1 when the
#       frame is aligned.
#   uint64_t bittern_abi_fixture_ret64(a0, a1)  returns a1:a0 in %edx:%eax.
#   uint32_t bittern_abi_fixture_esp_mod16()    %esp mod 16 at entry (12
#                                               when the caller aligned).
#   bittern_abi_fixture_clobber_{ebx,esi,edi,ebp}()  return with that
#                                               register changed.
#   bittern_abi_fixture_leave_df()    returns with the direction flag set.
#   bittern_abi_fixture_move_esp()    returns to its caller correctly but
#                                     with %esp 4 bytes lower.

use strict;
use warnings;
use FindBin;
use lib "$FindBin::Bin/../../perlasm";
require "x86asm.pl";

my ($flavour, $output) = @ARGV;

my $code = '';

$code .= X86Asm::function_begin('bittern_abi_fixture_good', args => 8,
  save => [qw(ebx esi edi ebp)], frame => 8);
$code .= <<'___';
	# %eax = sum over i of (i+1) * a_i * w_i, w from the PIC table.
	.get_pc	%ebp, .Lgood_pic
	leal	arg(0), %esi		# &a_0
	xorl	%eax, %eax
	xorl	%ecx, %ecx
.Lgood_loop:
	movl	(%esi,%ecx), %edx
	imull	.Lweights-.Lgood_pic(%ebp,%ecx), %edx
	leal	4(%ecx), %ebx
	shrl	$2, %ebx		# ebx = i + 1
	imull	%ebx, %edx
	addl	%edx, %eax
	addl	$4, %ecx
	cmpl	$32, %ecx
	jne	.Lgood_loop
	# Exercise a body push (arg(N) must follow it), the frame and the
	# other saved registers, and DF, leaving all as the ABI wants.
	pushl	%eax
	movl	arg(7), %esi
	movl	%esi, 4(%esp)
	movl	arg(0), %edi
	movl	%edi, 8(%esp)
	popl	%eax
	std
	cld
___
$code .= X86Asm::epilogue();
$code .= X86Asm::function_end();

$code .= X86Asm::function_begin('bittern_abi_fixture_aligned', args => 2,
  save => [qw(ebp esi)], frame => 20, align => 16);
$code .= <<'___';
	movl	arg(0), %eax
	subl	arg(1), %eax
	movl	%esp, %esi
	andl	$15, %esi
	addl	%esi, %eax
	movdqa	%xmm0, (%esp)		# faults if the frame were misaligned
___
$code .= X86Asm::epilogue();
$code .= X86Asm::function_end();

$code .= X86Asm::function_begin('bittern_abi_fixture_ret64', args => 2);
$code .= "\tmovl\targ(0), %eax\n\tmovl\targ(1), %edx\n";
$code .= X86Asm::epilogue();
$code .= X86Asm::function_end();

# raw(NAME, BODY) wraps BODY in a raw function.
sub raw {
  my ($name, $body) = @_;
  return X86Asm::function_begin($name, raw => 1) . $body .
         X86Asm::function_end();
}

$code .= raw('bittern_abi_fixture_esp_mod16',
             "\tleal\t4(%esp), %eax\n\tandl\t\$15, %eax\n\tret\n");
# (%esp + 4 is the caller's %esp before the call: 0 mod 16 when aligned.
# The test expects 0.)
for my $r (qw(ebx esi edi ebp)) {
  $code .= raw("bittern_abi_fixture_clobber_$r", "\tnotl\t%$r\n\tret\n");
}
$code .= raw('bittern_abi_fixture_leave_df', "\tstd\n\tret\n");
$code .= raw('bittern_abi_fixture_move_esp', <<'___');
	# Copy the return address 4 bytes down and return through the copy: the
	# caller gets control back with %esp 4 bytes lower than it should be.
	subl	$4, %esp
	.cfi_adjust_cfa_offset	4
	movl	4(%esp), %eax
	movl	%eax, (%esp)
	ret
___

$code .= <<'___';
.rodata
.align	16
.Lweights:
	.long	3, 5, 7, 11, 13, 17, 19, 23
___

X86Asm::write_output($flavour, $output, $code, __FILE__);
