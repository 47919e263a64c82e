#!/usr/bin/env perl
# Copyright 2026 The project authors.
#
# trampoline-x86.pl: the 32-bit x86 half of the ABI checker
# (crypto/test/abi_test.h), through crypto/perlasm/x86asm.pl.
# Usage: perl trampoline-x86.pl FLAVOUR OUTPUT   (elf, macosx, win32n)
#
# uint64_t bittern_abi_trampoline(const void *func, State *state,
#                                 const uint32_t args[8])
# calls `func` (cdecl) with the eight 32-bit words at `args` as its first
# eight argument words, after loading state->regs_in into the callee-saved
# registers, and records into `state` what the callee left behind. It
# returns what the callee left in %edx:%eax (so 32-bit and 64-bit results
# both come back). Layout of `state` (struct abi_test::State for
# OPENSSL_X86 in abi_test.h, checked there with static_asserts):
#
#     0  regs_in[4]    ebx esi edi ebp
#    16  regs_out[4]   the same registers after the call
#    32  df            +1 if the direction flag was clear after the call,
#                      -1 if it was set
#    36  esp_delta     %esp after the call minus %esp before it
#
# Passing eight words to a callee that takes fewer is harmless in cdecl:
# the caller owns and pops the argument area.
#
# Frame (after the four pushes and `subl $44`, %esp is 16-byte aligned when
# our caller's was, as the i386 SysV ABI wants at a call):
#     0..31(%esp)  the eight outgoing argument words
#    32, 36        the callee's %eax, %edx (return value) after the call
#    40            a byte the direction-flag probe reads
#    64, 68, 72    our own arguments func, state, args
#
# If the callee returns with %esp moved, the trampoline cannot find its
# frame through %esp, and every register may have been clobbered, so it
# keeps the expected %esp in a writable slot (.Lsaved_esp) reached
# position-independently through the get-PC thunk. That slot makes the
# trampoline non-reentrant: abi_test.cc serialises calls with a mutex.
#
# It is a raw function (hand-written CFI) because it loads %ebp with a
# random value and writes %esp after the call, which the managed prologue
# forbids.
#
#   path                     cost per call (not timed: test-only, and
#                            i686 code runs only under qemu-i386 here)
#   bittern_abi_trampoline   57 instructions + 2 get-PC thunk calls of 2
#                            instructions = 61 executed, no loop; 364 bytes
#                            of .text (elf, thunks and padding included).
#   Bound: irrelevant; what sets it is the eight argument-word copies and
#   the register loads/stores the checks need.

use strict;
use warnings;
use FindBin;
use lib "$FindBin::Bin/../../perlasm";
require "x86asm.pl";

my ($flavour, $output) = @ARGV;

my @regs = qw(ebx esi edi ebp);
my $code = X86Asm::function_begin('bittern_abi_trampoline', raw => 1);

# Save our own callee-saved registers (CFA = %esp + 4 at entry).
my $cfa = 4;
for my $r (@regs) {
  $cfa += 4;
  $code .= "\tpushl\t%$r\n\t.cfi_adjust_cfa_offset\t4\n\t.cfi_offset\t%$r, -$cfa\n";
}
$code .= "\tsubl\t\$44, %esp\n\t.cfi_adjust_cfa_offset\t44\n";

# Outgoing arguments: args[0..7] to 0..31(%esp).
$code .= "\tmovl\t72(%esp), %eax\n";
for my $i (0 .. 7) {
  $code .= "\tmovl\t" . (4 * $i) . "(%eax), %ecx\n";
  $code .= "\tmovl\t%ecx, " . (4 * $i) . "(%esp)\n";
}

$code .= <<'___';
	# .Lsaved_esp[0] = %esp at the call.
	.get_pc	%edx, .Lpic_before
	movl	%esp, .Lsaved_esp-.Lpic_before(%edx)
	movl	64(%esp), %eax		# func
	movl	68(%esp), %ecx		# state
___
for my $i (0 .. $#regs) {
  $code .= "\tmovl\t" . (4 * $i) . "(%ecx), %$regs[$i]\n";
}
$code .= <<'___';
	call	*%eax
	# .Lsaved_esp[1] = %esp after the call; then back to our frame. The
	# thunk call below pushes at the callee's %esp, which is either our
	# outgoing-argument area or below it: nothing of ours is overwritten.
	.get_pc	%ecx, .Lpic_after
	movl	%esp, .Lsaved_esp+4-.Lpic_after(%ecx)
	movl	.Lsaved_esp-.Lpic_after(%ecx), %esp
	movl	%eax, 32(%esp)
	movl	%edx, 36(%esp)
	# esp_delta = %esp after - %esp before.
	movl	.Lsaved_esp+4-.Lpic_after(%ecx), %edx
	subl	.Lsaved_esp-.Lpic_after(%ecx), %edx
	movl	68(%esp), %ecx		# state
	movl	%edx, 36(%ecx)
___
for my $i (0 .. $#regs) {
  $code .= "\tmovl\t%$regs[$i], " . (16 + 4 * $i) . "(%ecx)\n";
}
$code .= <<'___';
	# The direction flag: lodsb steps %esi by +1 when DF is clear and by -1
	# when it is set. Clear it afterwards: our caller expects DF = 0.
	leal	40(%esp), %esi
	lodsb
	leal	40(%esp), %edx
	subl	%edx, %esi
	movl	%esi, 32(%ecx)
	cld
	movl	32(%esp), %eax
	movl	36(%esp), %edx
	addl	$44, %esp
	.cfi_adjust_cfa_offset	-44
___
for my $r (reverse @regs) {
  $code .= "\tpopl\t%$r\n\t.cfi_adjust_cfa_offset\t-4\n\t.cfi_restore\t%$r\n";
}
$code .= "\tret\n";
$code .= X86Asm::function_end();
$code .= <<'___';
.data
.align	8
.Lsaved_esp:
	.long	0, 0
___

X86Asm::write_output($flavour, $output, $code, __FILE__);
