#!/usr/bin/env perl
# Copyright 2026 The project authors.
#
# chacha-armv8.pl: the ChaCha20 block function (RFC 8439, section 2.3) in
# counter mode for AArch64 with NEON (Advanced SIMD).
# Usage: perl chacha-armv8.pl FLAVOUR OUTPUT   (linux64, ios64, win64)
#
# Entry point (C declaration in chacha_asm_armv8.h, table row in
# chacha_asm_armv8.c):
#
#   void ChaCha20_ctr32_neon(uint8_t *out, const uint8_t *in,
#                            size_t num_blocks, const uint32_t key[8],
#                            const uint32_t counter_nonce[4]);
#
# It XORs `num_blocks` WHOLE 64-byte blocks of `in` with the keystream of
# state = constants | key | counter_nonce[0] + i | counter_nonce[1..3] for
# block i and writes them to `out` (out == in, or no overlap). The counter
# wraps modulo 2^32 inside the call (32-bit lane additions do exactly that)
# and the nonce words never change. num_blocks == 0 touches nothing. It
# computes four blocks at a time; a final group of 1..3 blocks costs as much
# as four but reads and writes only its own blocks. Partial final blocks are
# the C glue's job (chacha_asm_armv8.c), which also sends rests of at most
# one block to the portable C code (see the estimate there).
#
# Speed. No aarch64 hardware is available here and qemu timings mean
# nothing, so the table gives instruction counts of the generated inner
# loop (util/count_insns.pl on the linux64 output, commands below) and the
# bound they imply on three cores. Nothing here was timed.
#
# | path          | insns / 64 B | Cortex-A72 bound  | Neoverse N1 bound | Apple M1 bound   |
# |---------------|--------------|-------------------|-------------------|------------------|
# | neon (4-way)  | 306.5        | ~3.3 c/B (lat.)   | ~2.2 c/B (lat.)   | ~1.2 c/B (thr.)  |
# | nohw (C) [1]  | ~1000        | ~7.8 c/B (thr.)   | ~5.2 c/B (thr.)   | ~2.6 c/B (thr.)  |
#
# neon, per four blocks (256 bytes): the double-round loop is 114
# instructions (8 quarter rounds x 14: add 32, eor 32, ushr 16, sli 16,
# rev32 8, tbl 8; plus subs, b.ne) run 10 times = 1140, and the rest of the
# group loop 86 (3 ld4r + 4 mov/dup, 32 zip1/zip2 for the transposes, 17
# add for the feed-forward, 4 x (ld1, 4 eor, st1), counter and loop
# control): 1226 per 256 bytes = 306.5 per 64 bytes.
#
# What bounds it. Per double round on four blocks: 112 vector ops, 32 of
# them shifts (ushr/sli). Within one round the four quarter rounds are
# independent, but the next round needs all of them, so a round costs at
# least the latency of one quarter round's chain of 14 dependent ops (the
# sli reads the register the ushr wrote). Latencies below are as I read the
# vendors' tables; check them before relying on the last digit.
#   Cortex-A72 (Arm Cortex-A72 Software Optimization Guide, UAN 0016A,
#   section 3, ASIMD integer instructions): ASIMD add/logic/rev/tbl latency
#   3 on either of F0/F1, ASIMD shifts latency 3 on F1 only. Latency: 14 x 3
#   = 42 cycles per round x 20 = 840 cycles per 256 B = 3.3 c/B; throughput:
#   56 ops per round on 2 pipes = 28 cycles (16 shifts on F1): latency binds.
#   Neoverse N1 (Arm Neoverse N1 Software Optimization Guide, section 3):
#   the same ops at latency 2 on V0/V1 (shifts on V1): 14 x 2 x 20 = 560
#   cycles / 256 B = 2.2 c/B.
#   Apple M1 Firestorm (Dougall Johnson's measured tables,
#   dougallj.github.io/applecpu/firestorm-simd.html): 4 SIMD pipes, latency
#   2: the chain gives 2.2 c/B for one group, but the out-of-order window
#   (hundreds of entries) overlaps consecutive groups, which are
#   independent, so the throughput bound 1226 / 4 / 256 = 1.2 c/B applies.
# On A72/N1 the latency chain binds and the vector pipes are half idle: a
# NEON + scalar hybrid (a fifth block on the integer pipes meanwhile) is
# the known next step. It is NOT written yet.
#
# [1] The portable C code compiled by aarch64-linux-gnu-gcc 12 -O2: its
# double-round loop is 99 instructions (add, eor, ror on w registers),
# 990 per block plus the feed-forward, XOR and stores: ~1000 per 64 B, on
# two (A72) / three (N1) / six (M1) integer ALUs. This is why the glue sends
# inputs of one block or less to the C code (a NEON group costs ~840 cycles
# on A72 for 1..4 blocks, a C block ~500).
#
# Counted with:
#   perl util/count_insns.pl gen/chacha-armv8-linux64.S \
#     --function ChaCha20_ctr32_neon --loop Lround_neon
#   perl util/count_insns.pl gen/chacha-armv8-linux64.S \
#     --function ChaCha20_ctr32_neon --loop Louter_neon --bytes 256
# (the second includes one trip of the first). Object size (linux64):
# 1020 bytes of code + 48 bytes of constants. To measure on hardware:
# `bssl speed -impls -filter ChaCha`.
#
# Register plan (v8-v15 are callee-saved in their low halves, so the
# function saves d8-d15 and then uses all 32 vector registers):
#   v0..v15   state word x[i] of the four blocks (lane j = block j)
#   v16..v19  quarter-round temporaries, then transpose/XOR temporaries
#   v20       the byte shuffle that rotates each 32-bit lane left by 8
#   v21       the counters of the current group: counter + 4g + (0,1,2,3)
#   v22       (4,4,4,4)
#   v23..v26  the input state as rows: constants, key[0..3], key[4..7],
#             (0, nonce[0..2]) (the counter is added before the transpose)
#   v27..v30  second set of transpose/XOR temporaries (alternating groups)
#
# Big-endian AArch64 is not supported: the lane layout assumes little-endian
# words, as everywhere else in this library.

use strict;
use warnings;
use FindBin;
use lib "$FindBin::Bin/../../perlasm";
require "arm-xlate.pl";

my ($flavour, $output) = @ARGV;

# Arguments (AAPCS64).
my ($out, $in, $nblocks, $key, $cn) = map { "x$_" } (0 .. 4);
# Scratch GPRs.
my ($sigma, $key_hi, $rounds, $tmp) = map { "x$_" } (5 .. 8);

my @x = map { "v$_" } (0 .. 15);
my @t = map { "v$_" } (16 .. 19);
my @t2 = map { "v$_" } (27 .. 30);
my ($rot8, $ctr, $four) = ("v20", "v21", "v22");
my @row = map { "v$_" } (23 .. 26);
my @rowq = map { "q$_" } (23 .. 26);   # the same registers, as q for ldp

sub text { return join('', map { "\t$_\n" } @_); }

# quarter_rounds(\@q...) returns four quarter rounds QUARTERROUND(a, b, c, d)
# (RFC 8439, section 2.1) on 32-bit lanes, interleaved one instruction of
# each in turn so the four independent chains fill the pipes. Each element
# of @q is [a, b, c, d, t], t a temporary.
#   a += b; d ^= a; d <<<= 16;    (rev32 on 16-bit halves)
#   c += d; b ^= c; b <<<= 12;    (t = b ^ c; b = t >> 20; insert t << 12)
#   a += b; d ^= a; d <<<= 8;     (tbl byte shuffle)
#   c += d; b ^= c; b <<<= 7;
sub quarter_rounds {
  my @q = @_;
  my @steps = (
    sub { my ($a, $b, $c, $d, $t) = @_; "add $a.4s, $a.4s, $b.4s" },
    sub { my ($a, $b, $c, $d, $t) = @_; "eor $d.16b, $d.16b, $a.16b" },
    sub { my ($a, $b, $c, $d, $t) = @_; "rev32 $d.8h, $d.8h" },
    sub { my ($a, $b, $c, $d, $t) = @_; "add $c.4s, $c.4s, $d.4s" },
    sub { my ($a, $b, $c, $d, $t) = @_; "eor $t.16b, $b.16b, $c.16b" },
    sub { my ($a, $b, $c, $d, $t) = @_; "ushr $b.4s, $t.4s, #20" },
    sub { my ($a, $b, $c, $d, $t) = @_; "sli $b.4s, $t.4s, #12" },
    sub { my ($a, $b, $c, $d, $t) = @_; "add $a.4s, $a.4s, $b.4s" },
    sub { my ($a, $b, $c, $d, $t) = @_; "eor $d.16b, $d.16b, $a.16b" },
    sub { my ($a, $b, $c, $d, $t) = @_; "tbl $d.16b, {$d.16b}, $rot8.16b" },
    sub { my ($a, $b, $c, $d, $t) = @_; "add $c.4s, $c.4s, $d.4s" },
    sub { my ($a, $b, $c, $d, $t) = @_; "eor $t.16b, $b.16b, $c.16b" },
    sub { my ($a, $b, $c, $d, $t) = @_; "ushr $b.4s, $t.4s, #25" },
    sub { my ($a, $b, $c, $d, $t) = @_; "sli $b.4s, $t.4s, #7" },
  );
  my @out;
  for my $s (@steps) {
    push @out, map { $s->(@$_) } @q;
  }
  return @out;
}

# double_round returns one column round and one diagonal round on @x.
sub double_round {
  my @cols = map { [@x[$_, $_ + 4, $_ + 8, $_ + 12], $t[$_]] } (0 .. 3);
  my @diag = map {
    [$x[$_], $x[4 + ($_ + 1) % 4], $x[8 + ($_ + 2) % 4],
     $x[12 + ($_ + 3) % 4], $t[$_]]
  } (0 .. 3);
  return (quarter_rounds(@cols), quarter_rounds(@diag));
}

# transpose4(\@r, \@tmp) transposes the 4x4 matrix of 32-bit words in the
# registers @r (r[i] lane j = word i of block j) so that r[j] holds words
# i..i+3 of block j.
sub transpose4 {
  my ($r, $tt) = @_;
  my ($a, $b, $c, $d) = @$r;
  my ($t0, $t1, $t2, $t3) = @$tt;
  return (
    "zip1 $t0.4s, $a.4s, $b.4s",      # a0 b0 a1 b1
    "zip2 $t1.4s, $a.4s, $b.4s",      # a2 b2 a3 b3
    "zip1 $t2.4s, $c.4s, $d.4s",      # c0 d0 c1 d1
    "zip2 $t3.4s, $c.4s, $d.4s",      # c2 d2 c3 d3
    "zip1 $a.2d, $t0.2d, $t2.2d",     # a0 b0 c0 d0: block 0
    "zip2 $b.2d, $t0.2d, $t2.2d",     # block 1
    "zip1 $c.2d, $t1.2d, $t3.2d",     # block 2
    "zip2 $d.2d, $t1.2d, $t3.2d",     # block 3
  );
}

# xor_block(j, \@tmp) XORs the 64 bytes at `in` with block j's keystream
# (after the transpose: rows x[j], x[4 + j], x[8 + j], x[12 + j]) and
# stores them at `out`, advancing both pointers.
sub xor_block {
  my ($j, $tt) = @_;
  my @ks = @x[$j, 4 + $j, 8 + $j, 12 + $j];
  return (
    "ld1 {$tt->[0].16b-$tt->[3].16b}, [$in], #64",
    (map { "eor $tt->[$_].16b, $tt->[$_].16b, $ks[$_].16b" } (0 .. 3)),
    "st1 {$tt->[0].16b-$tt->[3].16b}, [$out], #64",
  );
}

my $code = "";

$code .= <<___;
.rodata
.align 16
.Lsigma_neon:
	.long 0x61707865, 0x3320646e, 0x79622d32, 0x6b206574
.Lrot8_neon:
	// result byte i of each word = source byte (i - 1) mod 4: x <<< 8.
	.byte 3, 0, 1, 2, 7, 4, 5, 6, 11, 8, 9, 10, 15, 12, 13, 14
.Lone_two_three_neon:
	.long 0, 1, 2, 3

.text
.func_begin ChaCha20_ctr32_neon, dsave=d8:d9:d10:d11:d12:d13:d14:d15
	cbz $nblocks, .Ldone_neon
	// Input state as rows, for the feed-forward after the transpose.
	adrl $sigma, .Lsigma_neon
	ld1 {$row[0].4s}, [$sigma]
	ldp $rowq[1], $rowq[2], [$key]
	ld1 {$row[3].4s}, [$cn]
	add $key_hi, $key, #16
	adrl $tmp, .Lrot8_neon
	ld1 {$rot8.16b}, [$tmp]
	adrl $tmp, .Lone_two_three_neon
	ld1 {$ctr.4s}, [$tmp]
	// ctr = counter + (0, 1, 2, 3), lanes wrapping modulo 2^32.
	dup $t[0].4s, $row[3].s[0]
	add $ctr.4s, $ctr.4s, $t[0].4s
	mov $row[3].s[0], wzr
	movi $four.4s, #4

.Louter_neon:
	// x[i] = state word i in every lane; x[12] = the four counters.
	ld4r {$x[0].4s-$x[3].4s}, [$sigma]
	ld4r {$x[4].4s-$x[7].4s}, [$key]
	ld4r {$x[8].4s-$x[11].4s}, [$key_hi]
	mov $x[12].16b, $ctr.16b
	dup $x[13].4s, $row[3].s[1]
	dup $x[14].4s, $row[3].s[2]
	dup $x[15].4s, $row[3].s[3]
	mov $rounds, #10
.Lround_neon:
___
$code .= text(double_round());
$code .= <<___;
	subs $rounds, $rounds, #1
	b.ne .Lround_neon

	// Feed-forward: x[12] += counters before the transpose (one counter per
	// lane), every other row after it (one block per register).
	add $x[12].4s, $x[12].4s, $ctr.4s
___
$code .= text(transpose4([@x[0 .. 3]], \@t));
$code .= text(transpose4([@x[4 .. 7]], \@t2));
$code .= text(transpose4([@x[8 .. 11]], \@t));
$code .= text(transpose4([@x[12 .. 15]], \@t2));
for my $r (0 .. 3) {
  $code .= text(map { "add $x[4 * $r + $_].4s, $x[4 * $r + $_].4s, $row[$r].4s" } (0 .. 3));
}
$code .= <<___;
	cmp $nblocks, #4
	b.lo .Lpartial_neon
___
$code .= text(xor_block(0, \@t), xor_block(1, \@t2), xor_block(2, \@t),
              xor_block(3, \@t2));
$code .= <<___;
	add $ctr.4s, $ctr.4s, $four.4s
	subs $nblocks, $nblocks, #4
	b.ne .Louter_neon
	b .Ldone_neon

.Lpartial_neon:
	// 1, 2 or 3 blocks left (a public length): write only those.
___
$code .= text(xor_block(0, \@t));
$code .= text("cmp $nblocks, #1", "b.eq .Ldone_neon");
$code .= text(xor_block(1, \@t2));
$code .= text("cmp $nblocks, #2", "b.eq .Ldone_neon");
$code .= text(xor_block(2, \@t));
$code .= <<___;
.Ldone_neon:
.epilogue
.func_end
___

ArmXlate::write_output($flavour, $output, $code, __FILE__);
