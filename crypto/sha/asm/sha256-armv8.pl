#!/usr/bin/env perl
# Copyright 2026 The project authors.
#
# sha256-armv8.pl: SHA-256 block functions for AArch64 (FIPS 180-4 §6.2).
# Usage: perl sha256-armv8.pl FLAVOUR OUTPUT   (linux64, ios64, win64)
#
# Entry points (C declarations in sha_asm_armv8.h), each with the contract
# of crypto/sha/internal.h: compress `num_blocks` 64-byte blocks from `in`
# (any alignment) into `state` = H0..H7; num_blocks == 0 reads nothing.
#
#   sha256_block_data_order_hw(uint32_t state[8], const uint8_t *in,
#                              size_t num_blocks)     ARMv8 SHA256 instructions
#   sha256_block_data_order_scalar(uint32_t state[8], const uint8_t *in,
#                                  size_t num_blocks) base A64 only
#
# Little-endian AArch64 only (the message words are byte-reversed with
# rev32/rev unconditionally).
#
# No timing is possible here (the only AArch64 available is qemu), so the
# table gives instructions executed per 64-byte block, counted under
# `qemu-aarch64 -singlestep -d exec` (11 blocks minus 1, so call overhead
# drops out); for the assembly the static count of the loop agrees:
# `perl util/count_insns.pl build/gen/sha256-armv8-linux64.S
# --function sha256_block_data_order_scalar --loop .Lsc_loop --bytes 64`.
#
# | path   | insns/64 B | bound on A72 / N1 / M1 (cycles per byte)          |
# |--------|------------|---------------------------------------------------|
# | hw     | 104        | the sha256h/sha256h2 chain: 16 sha256h per block, |
# |        |            | each needing the previous ABCD and EFGH. A72:     |
# |        |            | SHA256H latency 4, 1/cycle on F0 [1]: 16 x 4 / 64 |
# |        |            | = 1.0 c/B; N1: latency 4, V0 [2]: 1.0 c/B; M1:    |
# |        |            | ~2-3 cycle latency [3]: ~0.6 c/B                  |
# | scalar | 1775       | all ALU except 64 K loads and the block load.     |
# |        |            | A72: 2 integer pipes, and the logical ops with a  |
# |        |            | rotated operand (6 a round) take 2 cycles on M    |
# |        |            | [1]: ~13 c/B; N1: 3 ALUs, 1 cycle [2]: ~9 c/B;    |
# |        |            | M1: 6 ALUs, bound by the round's dependency chain |
# |        |            | (h: 7 dependent adds/ops a round) ~7 c/B          |
# | nohw   | 1887       | (the C code, gcc 12 -O2; 95 of them loads/stores) |
#
# Object size: hw 444 bytes of code, scalar 3468, constants 256 (shared).
#
# Published figures on those cores, for comparison: OpenSSL's ARMv8 SHA256
# path is listed at ~1.8-1.9 c/B on Cortex-A57 and ~1.0 on A72-class cores;
# scalar SHA-256 at ~12-16 c/B on A57/A72.
#
# [1] Arm Cortex-A72 Software Optimization Guide (UAN0016A), §3.13/3.14
#     (crypto instructions: SHA256H/H2 latency 4 (F0), SHA256SU0 3,
#     SHA256SU1 3; arithmetic with shifted register operand: 2 cycles, M).
# [2] Arm Neoverse N1 Software Optimization Guide (PJDOC-466751330), §3.16
#     (SHA256H/H2 latency 4, throughput 1, pipe V0; SHA256SU0 2; SU1 3).
# [3] Dougall Johnson's Apple M1 Firestorm instruction tables.
#
# To measure on real hardware: `bssl speed -impls -filter SHA-256`.
#
# The hw path. sha256h Qd, Qn, Vm.4s performs four rounds on ABCD = Qd
# (lane 0 = A) with EFGH = Qn and W[t..t+3] + K[t..t+3] in Vm, returning the
# new ABCD; sha256h2 with the old ABCD gives the new EFGH. So each group of
# four rounds is: copy ABCD, sha256h, sha256h2 with the copy. The message
# schedule W[t] = σ1(W[t-2]) + W[t-7] + σ0(W[t-15]) + W[t-16] takes
# sha256su0 (the σ0 + W[t-16] half) and sha256su1 (the rest, including
# the W[t+2], W[t+3] that depend on W[t], W[t+1] of the same quad), kept in
# a ring of four vectors. It is off the round chain and placed between the
# rounds. The 64 constants are read from .rodata four vectors at a time,
# one group of four quads ahead, into two banks of four registers.
#
# The scalar path keeps the whole working state in general-purpose
# registers: a..h (8), the message ring W[t mod 16] (16), the constant
# pointer and three temporaries: 28 registers, every one AAPCS64 lets us
# use except x18 (platform register), x29 (frame) and x30 (link). The state
# pointer, input pointer and block count live in the frame and are read
# once per block; rounds 16-63 are one 16-round body run three times (its
# counter in the frame too), which keeps the code at 3.4 KB. The third temporary pays for itself: it carries a ^ b
# from one round to the next, where it is b ^ c, so Maj costs three
# instructions instead of four (20 a round, against 21).

use strict;
use warnings;
use FindBin;
use lib "$FindBin::Bin/../../perlasm";
use lib "$FindBin::Bin";
use SHAConstants;
use InsnList qw(text);
require "arm-xlate.pl";
use SHA2ScalarArmv8;

my ($flavour, $output) = @ARGV;

my $code = '';

# The round constants (crypto/sha/asm/SHAConstants.pm).
my @K = @SHAConstants::K256;

# ---------------------------------------------------------------------------
# sha256_block_data_order_hw
# ---------------------------------------------------------------------------
{
  # Arguments.
  my ($state, $in, $num) = ('x0', 'x1', 'x2');
  my $kp = 'x3';                       # walks .LK256, rewound each block
  my ($abcd, $efgh) = ('v0', 'v1');    # the working variables
  my ($abcd0, $efgh0) = ('v2', 'v3');  # H(i-1), added back at the end
  my $abcd_prev = 'v4';                # ABCD before sha256h, for sha256h2
  my $wk = 'v5';                       # W[t..t+3] + K[t..t+3]
  my @m = map { "v$_" } 16 .. 19;      # the schedule ring W[4i..4i+3]
  my @kbank = (map({ "v$_" } 20 .. 23), map({ "v$_" } 24 .. 27));

  # One quad q = rounds 4q..4q+3, with the schedule step that makes
  # W[4q+16..4q+19] in the slot W[4q..4q+3] just consumed.
  sub hw_quad {
    my ($q) = @_;
    my $mq = $m[$q % 4];
    my $kq = $kbank[$q % 8];
    my @i;
    # Constants of the next group of four quads, into the other bank.
    if ($q % 4 == 0 && $q < 12) {
      my $b = (($q / 4) + 1) % 2 ? 4 : 0;
      push @i, "ld1 {$kbank[$b].4s-$kbank[$b + 3].4s}, [$kp], #64";
    }
    push @i, "add $wk.4s, $mq.4s, $kq.4s";     # W[t..t+3] + K[t..t+3]
    if ($q < 12) {
      # W[t..t+3] + σ0(W[t+1..t+4])
      push @i, "sha256su0 $mq.4s, $m[($q + 1) % 4].4s";
    }
    my ($qabcd, $qefgh, $qprev) = map { my $r = $_; $r =~ s/^v/q/; $r }
        ($abcd, $efgh, $abcd_prev);
    push @i, "mov $abcd_prev.16b, $abcd.16b",
             "sha256h $qabcd, $qefgh, $wk.4s",      # ABCD after four rounds
             "sha256h2 $qefgh, $qprev, $wk.4s";     # EFGH after four rounds
    if ($q < 12) {
      # ... + W[t+9..t+12] + σ1(W[t+14..t+17]) = W[t+16..t+19]
      push @i, "sha256su1 $mq.4s, $m[($q + 2) % 4].4s, $m[($q + 3) % 4].4s";
    }
    return text(@i);
  }

  $code .= <<"___";
.text
.func_begin sha256_block_data_order_hw, leaf
	cbz	$num, .Lhw_done
	adrl	$kp, .LK256
	ld1	{$abcd.4s, $efgh.4s}, [$state]
.Lhw_loop:
	// W[0..15]: 64 big-endian bytes.
	ld1	{$m[0].16b-$m[3].16b}, [$in], #64
	ld1	{$kbank[0].4s-$kbank[3].4s}, [$kp], #64
	rev32	$m[0].16b, $m[0].16b
	rev32	$m[1].16b, $m[1].16b
	rev32	$m[2].16b, $m[2].16b
	rev32	$m[3].16b, $m[3].16b
	mov	$abcd0.16b, $abcd.16b
	mov	$efgh0.16b, $efgh.16b
___
  $code .= join('', hw_quad($_)) for 0 .. 15;
  $code .= <<"___";
	// H(i) = H(i-1) + the working variables.
	add	$abcd.4s, $abcd.4s, $abcd0.4s
	add	$efgh.4s, $efgh.4s, $efgh0.4s
	sub	$kp, $kp, #256
	subs	$num, $num, #1
	b.ne	.Lhw_loop
	st1	{$abcd.4s, $efgh.4s}, [$state]
.Lhw_done:
.epilogue
.func_end
___
}

# ---------------------------------------------------------------------------
# sha256_block_data_order_scalar (crypto/sha/asm/SHA2ScalarArmv8.pm)
# ---------------------------------------------------------------------------
# σ0 = ROTR7 ^ ROTR18 ^ SHR3, σ1 = ROTR17 ^ ROTR19 ^ SHR10,
# Σ0 = ROTR2 ^ ROTR13 ^ ROTR22, Σ1 = ROTR6 ^ ROTR11 ^ ROTR25 (§4.1.2).
$code .= SHA2ScalarArmv8::block_function(
  name => 'sha256_block_data_order_scalar', bits => 32, rounds => 64,
  klabel => '.LK256', sigma0 => [7, 18, 3], sigma1 => [17, 19, 10],
  Sigma0 => [2, 13, 22], Sigma1 => [6, 11, 25]);

# The constants, shared by both paths.
$code .= ".rodata\n.align 64\n.LK256:\n";
for (my $i = 0; $i < @K; $i += 4) {
  $code .= "\t.long\t" . join(', ', map { sprintf '0x%08x', $_ } @K[$i .. $i + 3]) . "\n";
}

ArmXlate::write_output($flavour, $output, $code, __FILE__);
