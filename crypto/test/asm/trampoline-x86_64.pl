#!/usr/bin/env perl
# Copyright 2026 The project authors.
#
# trampoline-x86_64.pl: the x86-64 half of the ABI checker
# (crypto/test/abi_test.h). Usage: perl trampoline-x86_64.pl FLAVOUR OUTPUT
#
# bittern_abi_trampoline(func, state, args) calls `func` with the eight
# 64-bit words at `args` as its first eight integer arguments, after loading
# state->regs_in into the callee-saved registers, and afterwards records into
# `state` what the callee left behind. Layout of `state` (struct
# abi_test::State in abi_test.h, checked there with static_asserts):
#
#     0  regs_in[8]    rbx rbp r12 r13 r14 r15 rdi rsi  (rdi, rsi: Win64 only)
#    64  regs_out[8]   the same registers after the call
#   128  xmm_in[10]    xmm6..xmm15, 16 bytes each (Win64 only)
#   288  xmm_out[10]
#   448  df            +1 if the direction flag was clear after the call,
#                      -1 if it was set
#   456  rsp_delta     %rsp after the call minus %rsp before it (0 if the
#                      callee balanced the stack)
#
# The function is written for one flavour family at a time: on Win64 it
# passes arguments in rcx, rdx, r8, r9 and the stack (with the 32-byte
# shadow area) and checks rdi, rsi and xmm6-xmm15 as well; on SysV it passes
# rdi, rsi, rdx, rcx, r8, r9 and two stack words.
#
# If the callee returns with %rsp moved, the trampoline cannot find its own
# frame through %rsp, so it keeps the expected %rsp in a writable slot
# addressed RIP-relative. That slot makes the trampoline non-reentrant:
# abi_test.cc serialises calls with a mutex.

use strict;
use warnings;
use FindBin;
use lib "$FindBin::Bin/../../perlasm";
require "x86_64-xlate.pl";

my ($flavour, $output) = @ARGV;
my $win64 = ($flavour // '') =~ /^(mingw64|nasm)$/;

my @gprs = qw(rbx rbp r12 r13 r14 r15);
my $code = '';

# Frame: 0..63 outgoing stack arguments (SysV: args 7, 8 at 0 and 8;
# Win64: the 32-byte shadow area, then args 5..8 at 32..63); 64 `func`;
# 72 `state`; 80 a byte the DF probe reads; 88 the callee's return value.
my $FUNC = 64;
my $STATE = 72;
my $PROBE = 80;
my $RET = 88;

$code .= X86_64Xlate::function_begin('bittern_abi_trampoline',
  args => 3, save => [@gprs], xmm => [6 .. 15], frame => 96);
$code .= <<"___";
	movq	%rdi, $FUNC(%rsp)
	movq	%rsi, $STATE(%rsp)
___

# Stack arguments.
my @stack_args = $win64 ? (4 .. 7) : (6 .. 7);
my $slot = $win64 ? 32 : 0;
for my $i (@stack_args) {
  $code .= "\tmovq\t" . (8 * $i) . "(%rdx), %rax\n";
  $code .= "\tmovq\t%rax, $slot(%rsp)\n";
  $slot += 8;
}

# Callee-saved registers from state->regs_in (and xmm_in on Win64).
for my $i (0 .. $#gprs) {
  $code .= "\tmovq\t" . (8 * $i) . "(%rsi), %$gprs[$i]\n";
}
if ($win64) {
  for my $i (0 .. 9) {
    $code .= "\tmovdqu\t" . (128 + 16 * $i) . "(%rsi), %xmm" . (6 + $i) . "\n";
  }
}

# Register arguments; the pointers in %rdx (args) and %rsi (state) are read
# last.
if ($win64) {
  $code .= <<"___";
	movq	16(%rdx), %r8
	movq	24(%rdx), %r9
	movq	0(%rdx), %rcx
	movq	48(%rsi), %rdi
	movq	8(%rdx), %rdx
	movq	56(%rsi), %rsi
___
} else {
  $code .= <<"___";
	movq	32(%rdx), %r8
	movq	40(%rdx), %r9
	movq	24(%rdx), %rcx
	movq	8(%rdx), %rsi
	movq	0(%rdx), %rdi
	movq	16(%rdx), %rdx
___
}

$code .= <<"___";
	movq	%rsp, .Lsaved_rsp(%rip)
	call	*$FUNC(%rsp)
	# Whatever the callee did to %rsp, record it and go back to our frame.
	movq	%rsp, .Lsaved_rsp+8(%rip)
	.rsp_write_ok
	movq	.Lsaved_rsp(%rip), %rsp
	movq	%rax, $RET(%rsp)
	movq	$STATE(%rsp), %rcx
___
for my $i (0 .. $#gprs) {
  $code .= "\tmovq\t%$gprs[$i], " . (64 + 8 * $i) . "(%rcx)\n";
}
if ($win64) {
  $code .= "\tmovq\t%rdi, 112(%rcx)\n\tmovq\t%rsi, 120(%rcx)\n";
  for my $i (0 .. 9) {
    $code .= "\tmovdqu\t%xmm" . (6 + $i) . ", " . (288 + 16 * $i) . "(%rcx)\n";
  }
}
$code .= <<"___";
	# The direction flag: lodsb steps %rsi by +1 when DF is clear and by -1
	# when it is set. Clear it afterwards: our caller expects DF = 0.
	leaq	$PROBE(%rsp), %rsi
	lodsb
	leaq	$PROBE(%rsp), %rdx
	subq	%rdx, %rsi
	movq	%rsi, 448(%rcx)
	cld
	# rsp_delta = %rsp after the call - %rsp before it.
	movq	.Lsaved_rsp+8(%rip), %rdx
	subq	.Lsaved_rsp(%rip), %rdx
	movq	%rdx, 456(%rcx)
	movq	$RET(%rsp), %rax
___
$code .= X86_64Xlate::epilogue();
$code .= X86_64Xlate::function_end();
$code .= <<"___";
.data
.align	16
.Lsaved_rsp:
	.quad	0, 0
___

X86_64Xlate::write_output($flavour, $output, $code, __FILE__);
