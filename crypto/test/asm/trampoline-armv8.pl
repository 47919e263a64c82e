#!/usr/bin/env perl
# Copyright 2026 The project authors.
#
# trampoline-armv8.pl: the AArch64 half of the ABI checker
# (crypto/test/abi_test.h). Usage: perl trampoline-armv8.pl FLAVOUR OUTPUT
#
#   path                     cycles/byte   bound
#   bittern_abi_trampoline   n/a           test helper: 67 instructions per
#                                          call, not a throughput path
#
# bittern_abi_trampoline(func, state, args) calls `func` with the eight
# 64-bit words at `args` in x0-x7, after loading state->regs_in into the
# callee-saved registers x19-x29 and state->d_in into d8-d15, and afterwards
# records into `state` what the callee left in them, and how far it moved
# sp. It returns the callee's x0. Layout of `state` (struct abi_test::State
# in abi_test.h under OPENSSL_AARCH64, checked there with static_asserts):
#
#     0  regs_in[11]   x19 .. x29
#    88  regs_out[11]  the same registers after the call
#   176  d_in[8]       d8 .. d15 (AAPCS64 6.1.2: only the low 64 bits of
#                      v8-v15 are callee-saved; the upper halves are not
#                      loaded and not compared)
#   240  d_out[8]
#   304  sp_delta      sp after the call minus sp before it
#
# x29 is loaded with a random value too: the callee must restore the frame
# pointer like any other callee-saved register. While `func` runs, the
# trampoline therefore has no frame pointer and no callee-saved register of
# its own; if the callee returns with sp moved it cannot find its frame
# through sp either. So it keeps its sp in a writable slot (.Lsaved_sp,
# reached PC-relative): that makes the trampoline non-reentrant, and
# abi_test.cc serialises calls with a mutex. x16 and x17 (IP0/IP1, free
# scratch at a call boundary) carry the function pointer and the slot's
# address; `blr x16` lands on the callee's `bti c`.
#
# Frame (176 bytes, 16-byte aligned, so the callee sees an aligned sp):
#     0  x29, x30 (frame record)
#    16  x19 .. x28 (our caller's values)
#    96  d8 .. d15
#   160  func, state
#
# It is a `raw` function: the managed prologue would refuse writes to x29
# and undeclared callee-saved registers, which are the point here. Its CFI
# is hand-written below: the frame record and saves at fixed offsets from
# the CFA = sp + 176 at every instruction between the prologue and the
# epilogue (sp is restored from the slot before anything is read back).

use strict;
use warnings;
use FindBin;
use lib "$FindBin::Bin/../../perlasm";
require "arm-xlate.pl";

my ($flavour, $output) = @ARGV;

my $FRAME = 176;
my $FUNC = 160;
my $STATE = 168;
my ($REGS_IN, $REGS_OUT, $D_IN, $D_OUT, $SP_DELTA) = (0, 88, 176, 240, 304);

my $code = ".text\n";
$code .= ArmXlate::function_begin('bittern_abi_trampoline', raw => 1);

# Prologue: sign the return address, push the frame record and our caller's
# callee-saved registers.
$code .= <<"___";
	hint	#25		// paciasp
	.cfi_negate_ra_state
	stp	x29, x30, [sp, #-$FRAME]!
	.cfi_def_cfa_offset	$FRAME
	.cfi_offset	29, -$FRAME
	.cfi_offset	30, -@{[$FRAME - 8]}
	mov	x29, sp
___
for my $i (0 .. 4) {
  my ($a, $off) = (19 + 2 * $i, 16 + 16 * $i);
  $code .= "\tstp\tx$a, x" . ($a + 1) . ", [sp, #$off]\n";
  $code .= "\t.cfi_offset\t$a, " . ($off - $FRAME) . "\n";
  $code .= "\t.cfi_offset\t" . ($a + 1) . ", " . ($off + 8 - $FRAME) . "\n";
}
for my $i (0 .. 3) {
  my ($a, $off) = (8 + 2 * $i, 96 + 16 * $i);
  $code .= "\tstp\td$a, d" . ($a + 1) . ", [sp, #$off]\n";
  $code .= "\t.cfi_offset\t" . (64 + $a) . ", " . ($off - $FRAME) . "\n";
  $code .= "\t.cfi_offset\t" . (65 + $a) . ", " . ($off + 8 - $FRAME) . "\n";
}

# Keep func and state, note sp, load the callee-saved registers from
# state->regs_in / d_in and the arguments from args[0..7].
$code .= <<"___";
	stp	x0, x1, [sp, #$FUNC]
	mov	x16, x0
	adrl	x17, .Lsaved_sp
	mov	x9, sp
	str	x9, [x17]
___
for my $i (0 .. 4) {
  $code .= "\tldp\tx" . (19 + 2 * $i) . ", x" . (20 + 2 * $i) .
           ", [x1, #" . ($REGS_IN + 16 * $i) . "]\n";
}
$code .= "\tldr\tx29, [x1, #" . ($REGS_IN + 80) . "]\n";
for my $i (0 .. 3) {
  $code .= "\tldp\td" . (8 + 2 * $i) . ", d" . (9 + 2 * $i) .
           ", [x1, #" . ($D_IN + 16 * $i) . "]\n";
}
$code .= <<"___";
	mov	x9, x2
	ldp	x0, x1, [x9]
	ldp	x2, x3, [x9, #16]
	ldp	x4, x5, [x9, #32]
	ldp	x6, x7, [x9, #48]
	blr	x16
	// Record sp as the callee left it, then go back to our frame.
	adrl	x17, .Lsaved_sp
	mov	x9, sp
	str	x9, [x17, #8]
	ldr	x9, [x17]
	mov	sp, x9
	ldr	x16, [sp, #$STATE]
___
for my $i (0 .. 4) {
  $code .= "\tstp\tx" . (19 + 2 * $i) . ", x" . (20 + 2 * $i) .
           ", [x16, #" . ($REGS_OUT + 16 * $i) . "]\n";
}
$code .= "\tstr\tx29, [x16, #" . ($REGS_OUT + 80) . "]\n";
for my $i (0 .. 3) {
  $code .= "\tstp\td" . (8 + 2 * $i) . ", d" . (9 + 2 * $i) .
           ", [x16, #" . ($D_OUT + 16 * $i) . "]\n";
}
$code .= <<"___";
	// sp_delta = sp after the call - sp before it.
	ldp	x9, x10, [x17]
	sub	x10, x10, x9
	str	x10, [x16, #$SP_DELTA]
___

# Epilogue: our caller's registers back, authenticate, return.
for my $i (reverse 0 .. 3) {
  my ($a, $off) = (8 + 2 * $i, 96 + 16 * $i);
  $code .= "\tldp\td$a, d" . ($a + 1) . ", [sp, #$off]\n";
}
for my $i (reverse 0 .. 4) {
  my ($a, $off) = (19 + 2 * $i, 16 + 16 * $i);
  $code .= "\tldp\tx$a, x" . ($a + 1) . ", [sp, #$off]\n";
}
$code .= <<"___";
	ldp	x29, x30, [sp], #$FRAME
	.cfi_def_cfa_offset	0
	hint	#29		// autiasp
	.cfi_negate_ra_state
	ret
___
$code .= ArmXlate::function_end();
$code .= <<"___";
.data
.align	16
.Lsaved_sp:
	.quad	0, 0
___

ArmXlate::write_output($flavour, $output, $code, __FILE__);
