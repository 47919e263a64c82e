#!/usr/bin/env perl
# Copyright 2026 The project authors.
#
# sha1-armv8.pl: the SHA-1 block function for AArch64 (FIPS 180-4 §6.1).
# Usage: perl sha1-armv8.pl FLAVOUR OUTPUT   (linux64, ios64, win64)
#
# Entry point (C declaration in sha_asm_armv8.h), with the contract of
# crypto/sha/internal.h: compress `num_blocks` 64-byte blocks from `in`
# (any alignment) into `state` = H0..H4; num_blocks == 0 reads nothing.
#
#   sha1_block_data_order_hw(uint32_t state[5], const uint8_t *in,
#                            size_t num_blocks)      ARMv8 SHA1 instructions
#
# Little-endian AArch64 only (message words byte-reversed unconditionally).
#
# No timing is possible here (the only AArch64 available is qemu), so the
# table gives instructions executed per 64-byte block, counted under
# `qemu-aarch64 -singlestep -d exec` (10 blocks minus 1, so the call
# overhead drops out; the static count of the loop from util/count_insns.pl
# agrees: `perl util/count_insns.pl build/gen/sha1-armv8-linux64.S
# --function sha1_block_data_order_hw --loop .Lhw_loop --bytes 64`), and
# the bound it implies:
#
# | path  | insns/64 B | bound on A72 / N1 / M1 (cycles per byte)           |
# |-------|------------|----------------------------------------------------|
# | hw    | 102        | the sha1c/p/m chain: 20 per block, each needing    |
# |       |            | the previous ABCD. A72: SHA1C/P/M latency 4 (F0)   |
# |       |            | [1]: 20 x 4 / 64 = 1.25 c/B; N1: latency 4, V0 [2]:|
# |       |            | 1.25 c/B; M1: ~2-3 cycle latency [3]: ~0.8 c/B     |
# | nohw  | 1028       | (the C code, gcc 12 -O2; 963 ALU ops, see below):  |
# |       |            | A72 2 ALUs ~7.5 c/B; N1 3 ALUs ~5.0 c/B; M1 ~2.5   |
#
# Published figures on those cores, for comparison: OpenSSL's ARMv8 SHA1
# path ~1.4-2.4 c/B on A57/A72; its scalar one ~7-9 c/B.
#
# Object size: 448 bytes of code, 64 of constants.
#
# No scalar assembly path, re-checked against the current C code:
#   aarch64-linux-gnu-gcc -O2 -S -Iinclude -I. -DOPENSSL_NO_ASM \
#     crypto/sha/sha1.c -o sha1.s          (gcc 12.2)
#   sed 's/^\tbne\t/\tb.ne\t/' sha1.s > sha1-bdot.s
#   perl util/count_insns.pl sha1-bdot.s \
#     --function sha1_block_data_order_nohw --loop .L3 --bytes 64
# (the sed because count_insns.pl knows `b.ne` but not gcc's `bne`). The
# C block loop is 1010 instructions, 1028 executed per block (its 6-insn
# 16-byte message load loop runs 4 times):
#   ALU  add 327, eor 312, ror 224, and 60, orr 40      = 963
#   memory  ldr 12, str 8, ldp 8, stp 11 (W ring spills) =  39 (+ 4 q loads)
#   other   rev32 (NEON, 4 executed), mov, cmp, bne
# The floor for any scalar A64 SHA-1 (FIPS 180-4 section 6.1.2):
#   rounds   80 x (ROTL5 + ROTL30 + 4 adds: e + K + W[t] + ROTL5(a) + f)
#            = 480, plus f: Ch 3 x 20 + Parity 2 x 40 + Maj 4 x 20 = 220;
#   schedule 64 x (3 eor + ROTL1) = 256;
#   message  16 byte reversals (or 4 NEON rev32), H += 5 adds.
#   = 961..977 ALU operations: what gcc already emits (961 + 2 pointer
#   adds). A64 cannot fold any of them: `add` takes no rotated operand
#   (so ROTL5(a) and ROTL30(b) are materialised: b's rotation reaches an
#   add three rounds later as e), the logical ops' free ROR only moves a
#   rotation that an add still needs, and Maj/Ch in add form
#   ((b & c) + (d & (b ^ c)), (b & c) + (d & ~b)) cost the same as gcc's.
# An assembly version could drop only the ~40 spill loads/stores, which use
# the load/store pipes, not the ALUs that bind: Cortex-A72 2 integer ALUs
# -> 963 / 2 = ~480 cycles per block either way (3-wide decode needs only
# 1028 / 3 = 343); Neoverse N1 3 ALUs -> ~320 either way (decode 1028 / 4
# = 257); Apple M1 6 ALUs -> 160, equal to the round chain (ROTL5 then the
# add into the new a: 2 cycles x 80) either way. An earlier hand-written
# version counted 1001 instructions, 987 of them ALU, against the C code's
# 961: more work on the binding pipes, so it could not be faster on any of
# the three (not timed: no hardware here). So no scalar SHA-1 is shipped:
# on cores without the SHA1 instructions the C row ("nohw") runs.
#
# [1] Arm Cortex-A72 Software Optimization Guide (UAN0016A), §3.13/3.14
#     (SHA1C/M/P latency 4, F0; SHA1H 3; SHA1SU0 3, SHA1SU1 3).
# [2] Arm Neoverse N1 Software Optimization Guide (PJDOC-466751330), §3.16.
# [3] Dougall Johnson's Apple M1 Firestorm instruction tables.
#
# To measure on real hardware: `bssl speed -impls -filter SHA-1`.
#
# sha1c/sha1p/sha1m Qd, Sn, Vm.4s perform four rounds (with Ch, Parity,
# Maj respectively) on ABCD = Qd (lane 0 = A), E = Sn and W[t..t+3] + K in
# Vm. Four rounds later E is ROTL30 of the A they started with, which sha1h
# computes: so each group is sha1h (the E of the next group) then
# sha1c/p/m. The two E registers alternate; the first group reads E
# straight from the state register, which is then free to be added back at
# the end. The schedule
#   W[t] = ROTL1(W[t-3] ^ W[t-8] ^ W[t-14] ^ W[t-16])
# is sha1su0 (W[t-16] ^ W[t-14] ^ W[t-8]) then sha1su1 (^ W[t-3], ROTL1,
# including the W[t+3] that needs W[t]), in a ring of four vectors. K is
# one of four constants broadcast to a vector, loaded once per call.

use strict;
use warnings;
use FindBin;
use lib "$FindBin::Bin/../../perlasm";
use InsnList qw(text);
require "arm-xlate.pl";

my ($flavour, $output) = @ARGV;

my $code = '';

# K for rounds 0-19, 20-39, 40-59, 60-79 (FIPS 180-4 §4.2.1).
my @K = (0x5a827999, 0x6ed9eba1, 0x8f1bbcdc, 0xca62c1d6);

sub qname { my ($v) = @_; $v =~ s/^v/q/; return $v }
sub sname { my ($v) = @_; $v =~ s/^v/s/; return $v }

# ---------------------------------------------------------------------------
# sha1_block_data_order_hw
# ---------------------------------------------------------------------------
{
  my ($state, $in, $num) = ('x0', 'x1', 'x2');
  my $kp = 'x3';
  my $abcd = 'v0';
  my $e0 = 'v1';                    # E of H(i-1): read by group 0 only
  my $abcd0 = 'v2';                 # ABCD of H(i-1)
  my @e = ('v6', 'v7');             # E of the next group, alternating
  my $wk = 'v5';                    # W[t..t+3] + K
  my @m = map { "v$_" } 16 .. 19;   # the schedule ring
  my @k = map { "v$_" } 20 .. 23;   # K of each 20-round stage, broadcast

  # Group g = rounds 4g..4g+3 (stage g/5 chooses the function), with the
  # schedule step making W[4g+16..4g+19] in the slot just consumed.
  sub hw_group {
    my ($g) = @_;
    my $mg = $m[$g % 4];
    my $f = ('sha1c', 'sha1p', 'sha1m', 'sha1p')[int($g / 5)];
    my $ecur = $g == 0 ? $e0 : $e[($g - 1) % 2];
    my $enext = $e[$g % 2];
    my @i = ("add $wk.4s, $mg.4s, $k[int($g / 5)].4s");   # W + K
    # E of group g+1 = ROTL30(A at the start of group g)
    push @i, "sha1h " . sname($enext) . ", " . sname($abcd);
    # W[t..t+3] ^ W[t+2..t+5] ^ W[t+8..t+11]
    push @i, "sha1su0 $mg.4s, $m[($g + 1) % 4].4s, $m[($g + 2) % 4].4s"
      if $g < 16;
    push @i, "$f " . qname($abcd) . ", " . sname($ecur) . ", $wk.4s";
    # ROTL1(... ^ W[t+13..t+16]) = W[t+16..t+19]
    push @i, "sha1su1 $mg.4s, $m[($g + 3) % 4].4s" if $g < 16;
    return text(@i);
  }

  $code .= <<"___";
.text
.func_begin sha1_block_data_order_hw, leaf
	cbz	$num, .Lhw_done
	adrl	$kp, .LK_broadcast
	ld1	{$k[0].4s-$k[3].4s}, [$kp]
	ld1	{$abcd.4s}, [$state]
	ldr	@{[sname($e0)]}, [$state, #16]
.Lhw_loop:
	// W[0..15]: 64 big-endian bytes.
	ld1	{$m[0].16b-$m[3].16b}, [$in], #64
	rev32	$m[0].16b, $m[0].16b
	rev32	$m[1].16b, $m[1].16b
	rev32	$m[2].16b, $m[2].16b
	rev32	$m[3].16b, $m[3].16b
	mov	$abcd0.16b, $abcd.16b
___
  $code .= join('', hw_group($_)) for 0 .. 19;
  # Group 19 wrote the final E into $e[1].
  $code .= <<"___";
	// H(i) = H(i-1) + (A, B, C, D, E).
	add	$abcd.4s, $abcd.4s, $abcd0.4s
	add	$e0.4s, $e0.4s, $e[1].4s
	subs	$num, $num, #1
	b.ne	.Lhw_loop
	st1	{$abcd.4s}, [$state]
	str	@{[sname($e0)]}, [$state, #16]
.Lhw_done:
.epilogue
.func_end
___
}

# K_t broadcast to four lanes, one vector per 20-round stage.
$code .= ".rodata\n.align 64\n.LK_broadcast:\n";
$code .= "\t.long\t" . join(', ', (sprintf('0x%08x', $_)) x 4) . "\n" for @K;

ArmXlate::write_output($flavour, $output, $code, __FILE__);
