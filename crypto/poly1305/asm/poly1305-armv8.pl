#!/usr/bin/env perl
# Copyright 2026 The project authors.
#
# poly1305-armv8.pl: Poly1305 (RFC 8439, section 2.5) block and emit
# functions for AArch64. Usage: perl poly1305-armv8.pl FLAVOUR OUTPUT
# (linux64, ios64, win64).
#
# Entry points (C declarations and the state layout in
# crypto/poly1305/poly1305_armv8.h, init and the NEON row's glue in
# poly1305_armv8.c, the rows in crypto/poly1305/impls.h):
#
#   void poly1305_blocks_armv8(void *state, const uint8_t *in, size_t len,
#                              uint32_t padbit);
#   void poly1305_emit_armv8(void *state, uint8_t mac[16],
#                            const uint8_t s[16]);
#   void poly1305_blocks_neon(uint64_t d[5], const uint32_t h[5],
#                             const uint8_t *in, size_t len, uint32_t padbit,
#                             const uint32_t powers[36]);
#
# (the last is described with its code below; the NEON row's blocks
# function in poly1305_armv8.c converts h around it).
#
# Notation: p = 2^130 - 5; h = h0 + h1 2^64 + h2 2^128 the accumulator,
# r = r0 + r1 2^64 the clamped key half (r0, r1 < 2^60, 4 | r1), and
# s1 = r1 + r1 / 4 = 5 r1 / 4, exact because 4 | r1, so that
# r1 2^128 = (r1 / 4) 2^130 = s1 (mod p).
#
# Limb bounds.
#   poly1305_blocks_armv8 assumes on entry h0, h1 < 2^64 and h2 <= 4
#   (h < 5 2^128); init (h = 0) and its own exit guarantee that. Per block:
#     h += m + padbit 2^128              h2 <= 6
#     d0 = h0 r0 + h1 s1                 < 2^124 + 1.25 2^124 < 2^126
#     d1 = h0 r1 + h1 r0 + h2 s1         < 2^125 + 2^63
#     d2 = h2 r0                         < 6 2^60
#     d1 += d0 >> 64 (< 2^62);  d2 += d1 >> 64 (<= 2^61):  d2 < 2^63
#     h = (d mod 2^130) + 5 (d >> 130):  5 (d2 >> 2) = (d2 & ~3) + (d2 >> 2)
#         < 1.25 2^63 < 2^64, so after the carry h2 <= 3 + 1 = 4.
#   So it guarantees on exit h0, h1 < 2^64, h2 <= 4 (not fully reduced).
#   poly1305_emit_armv8 assumes h2 <= 4 and reduces fully.
#
# Speed. No aarch64 hardware here and no timing under qemu, so the table
# gives instruction counts of the generated loops (util/count_insns.pl on
# the linux64 output, commands below) and the bounds they imply. Nothing
# here was timed. Latencies are as I read the vendors' tables (Arm
# Cortex-A72 Software Optimization Guide UAN 0016A and Neoverse N1 Software
# Optimization Guide, section 3; Dougall Johnson's measured Apple M1
# Firestorm tables, dougallj.github.io/applecpu/); check them before
# relying on the last digit.
#
# | path            | insns / 16 B | multiplies / 16 B | A72 bound  | N1 bound   | M1 bound   |
# |-----------------|--------------|-------------------|------------|------------|------------|
# | armv8 (2^64)    | 30           | 10 (6 mul+4 umulh)| ~1.9 c/B   | ~1.0 c/B   | ~0.6 c/B   |
# | neon (2^26, 4x) | 30.25        | 12.5 (umull/umlal)| ~0.9 c/B   | ~0.6 c/B   | ~0.5 c/B   |
# | c64 (C) [1]     | 38           | 10                |            |            |            |
#
# armv8: per block 1 ldp, 3 adds/adcs/adc (h += m), 6 mul + 4 umulh, 6
# adds/adc for the columns, 5 for the fold (and, and, add with shifted
# operand, adds, adcs, adc: 2^130 = 5), loop control. Bound: the chain
# through h (each block needs the previous h): adds -> umulh -> column adds
# -> fold -> adds, about 30 cycles on A72 (64-bit multiplies issue on its
# single M pipe, UMULH with the longest latency), ~16 on N1, ~10 on M1.
# neon: per four blocks 121: 1 ld4 + 17 for the limbs (ushr/sli/and),
# 25 umull/umlal + 25 umull2/umlal2 (one 5 x 5 limb product per lane pair),
# 46 for the carries of two lane pairs, 5 uzp1, loop. The lanes are
# independent; the carry chain of a group is ~12 dependent ops. On A72 the
# 50 multiplies go to F0 alone (the other 71 ops to F1): ~55 cycles per
# 64 B; N1 has two multiply-capable pipes (~35), M1 four (~30).
# The NEON row sends inputs under 256 bytes to armv8 (fixed costs: d8-d15
# save/restore, conversion to and from base 2^26, lane sums; see
# poly1305_armv8.c).
#
# [1] The portable c64 code compiled by aarch64-linux-gnu-gcc 12 -O2: its
# block loop is 38 instructions (carries via cset/cinc instead of adcs).
#
# Counted with:
#   perl util/count_insns.pl gen/poly1305-armv8-linux64.S \
#     --function poly1305_blocks_armv8 --loop Lloop_armv8 --bytes 16
#   perl util/count_insns.pl gen/poly1305-armv8-linux64.S \
#     --function poly1305_blocks_neon --loop Lneon_loop --bytes 64
# Object size (linux64): 1220 bytes of code. To measure on hardware:
# `bssl speed -impls -filter Poly1305`.

use strict;
use warnings;
use FindBin;
use lib "$FindBin::Bin/../../perlasm";
use InsnList qw(text);
require "arm-xlate.pl";

my ($flavour, $output) = @ARGV;

# State layout (bytes), shared with poly1305_armv8.h:
#   0: h0   8: h1   16: h2   24: r0   32: r1
my ($H0, $H2, $R0) = (0, 16, 24);

my $code = ".text\n";

{
  # poly1305_blocks_armv8(state, in, len, padbit)
  my ($state, $in, $len, $padbit) = map { "x$_" } (0 .. 3);
  my ($h0, $h1, $h2, $r0, $r1, $s1) = map { "x$_" } (4 .. 9);
  my ($m0, $m1) = ("x10", "x11");
  my ($d0lo, $d0hi, $d1lo, $d1hi, $d2) = map { "x$_" } (12 .. 16);
  # Product temporaries: x17, and m0/m1 once h has absorbed them (this
  # keeps the function a leaf that touches no callee-saved register).
  my ($t0, $t1, $t2) = ("x17", $m0, $m1);

  $code .= <<___;
.func_begin poly1305_blocks_armv8, leaf
	// padbit is a uint32_t: its upper 32 bits are unspecified (AAPCS64).
	mov w3, w3
	lsr $len, $len, #4
	cbz $len, .Lreturn_armv8
	ldp $h0, $h1, [$state, #$H0]
	ldr $h2, [$state, #$H2]
	ldp $r0, $r1, [$state, #$R0]
	// s1 = r1 + r1 / 4
	add $s1, $r1, $r1, lsr #2
.Lloop_armv8:
	// h += m + padbit 2^128
	ldp $m0, $m1, [$in], #16
	adds $h0, $h0, $m0
	adcs $h1, $h1, $m1
	adc $h2, $h2, $padbit
	// d0 = h0 r0 + h1 s1 (128 bits in d0hi:d0lo)
	mul $d0lo, $h0, $r0
	umulh $d0hi, $h0, $r0
	mul $t0, $h1, $s1
	umulh $t1, $h1, $s1
	adds $d0lo, $d0lo, $t0
	adc $d0hi, $d0hi, $t1
	// d1 = h0 r1 + h1 r0 + h2 s1 (h2 s1 < 2^63: one mul)
	mul $d1lo, $h0, $r1
	umulh $d1hi, $h0, $r1
	mul $t0, $h1, $r0
	umulh $t1, $h1, $r0
	mul $t2, $h2, $s1
	// d2 = h2 r0
	mul $d2, $h2, $r0
	adds $d1lo, $d1lo, $t0
	adc $d1hi, $d1hi, $t1
	adds $d1lo, $d1lo, $t2
	adc $d1hi, $d1hi, xzr
	// d1 += d0 >> 64; d2 += d1 >> 64; h0 = d0 mod 2^64; h1 = d1 mod 2^64
	adds $h1, $d1lo, $d0hi
	adc $d2, $d2, $d1hi
	// h = (d mod 2^130) + 5 (d >> 130), 5 (d2 >> 2) = (d2 & ~3) + (d2 >> 2)
	and $t0, $d2, #-4
	and $h2, $d2, #3
	add $t0, $t0, $d2, lsr #2
	adds $h0, $d0lo, $t0
	adcs $h1, $h1, xzr
	adc $h2, $h2, xzr
	subs $len, $len, #1
	b.ne .Lloop_armv8
	stp $h0, $h1, [$state, #$H0]
	str $h2, [$state, #$H2]
.Lreturn_armv8:
.epilogue
.func_end
___
}

{
  # poly1305_emit_armv8(state, mac, s)
  my ($state, $mac, $s) = map { "x$_" } (0 .. 2);
  my ($h0, $h1, $h2, $g0, $g1, $g2, $c, $s0, $s1) = map { "x$_" } (3 .. 11);
  $code .= <<___;
.func_begin poly1305_emit_armv8, leaf
	ldp $h0, $h1, [$state, #$H0]
	ldr $h2, [$state, #$H2]
	// h = (h mod 2^130) + 5 (h >> 130): h2 <= 4, so now h < 2^130 + 5 < 2p
	lsr $c, $h2, #2
	and $h2, $h2, #3
	add $c, $c, $c, lsl #2
	adds $h0, $h0, $c
	adcs $h1, $h1, xzr
	adc $h2, $h2, xzr
	// g = h + 5 = h - p + 2^130. h >= p exactly when g >= 2^130, i.e. bit 2
	// of g2 is set; then h mod p = g - 2^130, whose low 128 bits are g0, g1.
	// The choice is a csel on the flags, not a branch.
	adds $g0, $h0, #5
	adcs $g1, $h1, xzr
	adc $g2, $h2, xzr
	tst $g2, #4
	csel $h0, $g0, $h0, ne
	csel $h1, $g1, $h1, ne
	// mac = (h + s) mod 2^128, little-endian
	ldp $s0, $s1, [$s]
	adds $h0, $h0, $s0
	adc $h1, $h1, $s1
	stp $h0, $h1, [$mac]
.epilogue
.func_end
___
}


# --- NEON, base 2^26, four blocks per step -----------------------------------
#
# poly1305_blocks_neon(uint64_t d[5], const uint32_t h[5], const uint8_t *in,
#                      size_t len, uint32_t padbit, const uint32_t powers[36])
#
# len is a multiple of 64, at least 64 (the C glue sends the rest to the
# scalar code). h[0..4] are the 26-bit limbs of the accumulator (converted
# by the glue; limbs 0..3 < 2^26, limb 4 < 5 2^24 because h < 5 2^128).
# powers holds nine vectors of four 32-bit lanes: R_k (k = 0..4), lane j =
# limb k of r^(4-j), then S_k = 5 R_k (k = 1..4); every R limb < 2^26 + 2^13.
#
# Four lanes, lane j holding the blocks j, j + 4, j + 8, ... of the input:
#   H = (h, 0, 0, 0)
#   for each group of four blocks but the last:  H = (H + M) r^4   (per lane)
#   last group:  D = (H + M) (r^4, r^3, r^2, r)                    (per lane)
#   d = D_0 + D_1 + D_2 + D_3 (lanes summed, limbs not carried)
# which is Horner's rule h = (h + m_1) r^n + m_2 r^(n-1) + ... + m_n r,
# reordered. d[k] is the column of weight 2^(26 k); d = new h (mod p).
#
# Limb bounds. Products are 32 x 32 -> 64 (umull/umlal on 2 lanes each; the
# "2" forms take lanes 2, 3). After each carry step every limb of H is
# < 2^26 + 2^9; adding a message limb (< 2^26; limb 4 < 2^25 with the pad
# bit) keeps it < 2^27.01 (< 2^26.8 for lane 0's first limb 4). S limbs are
# < 5 (2^26 + 2^13) < 2^28.33, so each product is < 2^55.4 and each column
# of five < 2^57.7 (64-bit lanes). The carry (two chains at once, d0 -> d1
# and d3 -> d4, then d1 -> d2 and d4 -> 5 d0, then d2 -> d3 and d0 -> d1,
# then d3 -> d4) leaves limbs 0, 2, 3 < 2^26, limb 1 < 2^26 + 2^9, limb 4
# < 2^26 + 2^7: the loop's entry bound again. The returned d[k] are sums of
# four lanes, each < 2^57.7: d[k] < 2^59.7; the glue carries them in C.
{
  my ($dout, $hin, $in, $len, $padbit, $pow) = map { "x$_" } (0 .. 5);
  my @H = map { "v$_" } (0 .. 4);
  my @Dlo = map { "v$_" } (5 .. 9);      # lanes 0, 1 of each column
  my @Dhi = map { "v$_" } (10 .. 14);    # lanes 2, 3
  my @R = map { "v$_" } (16 .. 20);
  my @S = (undef, map { "v$_" } (21 .. 24));
  my @W = map { "v$_" } (25 .. 28);      # message words, then carry temps
  my ($tl, $mask32, $mask64, $pad) = ("v29", "v15", "v30", "v31");

  # multiplier(i, k): the factor of h_i in column k, r_{k-i} or, wrapping
  # past 2^130 = 5 (mod p), s_{5+k-i}.
  my $mult = sub { my ($i, $k) = @_; $i <= $k ? $R[$k - $i] : $S[5 + $k - $i] };

  # add_message: H += the four blocks at `in` (lane j = block j), split
  # into limbs: l0 = w0, l1 = w0 >> 26 | w1 << 6, l2 = w1 >> 20 | w2 << 12,
  # l3 = w2 >> 14 | w3 << 18 (each masked to 26 bits), l4 = w3 >> 8 |
  # padbit << 24.
  my $add_message = sub {
    return (
      "ld4 {$W[0].4s-$W[3].4s}, [$in], #64",
      "and $tl.16b, $W[0].16b, $mask32.16b",          # l0
      "ushr $W[0].4s, $W[0].4s, #26",
      "add $H[0].4s, $H[0].4s, $tl.4s",
      "sli $W[0].4s, $W[1].4s, #6",
      "ushr $W[1].4s, $W[1].4s, #20",
      "and $W[0].16b, $W[0].16b, $mask32.16b",        # l1
      "sli $W[1].4s, $W[2].4s, #12",
      "ushr $W[2].4s, $W[2].4s, #14",
      "add $H[1].4s, $H[1].4s, $W[0].4s",
      "and $W[1].16b, $W[1].16b, $mask32.16b",        # l2
      "sli $W[2].4s, $W[3].4s, #18",
      "ushr $W[3].4s, $W[3].4s, #8",
      "add $H[2].4s, $H[2].4s, $W[1].4s",
      "and $W[2].16b, $W[2].16b, $mask32.16b",        # l3
      "orr $W[3].16b, $W[3].16b, $pad.16b",           # l4
      "add $H[3].4s, $H[3].4s, $W[2].4s",
      "add $H[4].4s, $H[4].4s, $W[3].4s",
    );
  };

  # multiply(by_element): D = H * (the multipliers), column k =
  # sum_i h_i multiplier(i, k). By element: every lane by lane 0 (r^4);
  # else lane by lane.
  my $multiply = sub {
    my ($by_element) = @_;
    my @out;
    for my $i (0 .. 4) {
      for my $k (0 .. 4) {
        my $m = $mult->($i, $k);
        my ($lo, $hi) = $i == 0 ? ("umull", "umull2") : ("umlal", "umlal2");
        if ($by_element) {
          push @out, "$lo $Dlo[$k].2d, $H[$i].2s, $m.s[0]",
                     "$hi $Dhi[$k].2d, $H[$i].4s, $m.s[0]";
        } else {
          push @out, "$lo $Dlo[$k].2d, $H[$i].2s, $m.2s",
                     "$hi $Dhi[$k].2d, $H[$i].4s, $m.4s";
        }
      }
    }
    return @out;
  };

  # carry_step(from, to, t, times5): for both halves, c = D_from >> 26;
  # D_from &= 2^26 - 1; D_to += c (times5: D_to += 5 c).
  my $carry_step = sub {
    my ($from, $to, $t, $times5) = @_;
    my @out;
    for my $half ([\@Dlo, $t->[0]], [\@Dhi, $t->[1]]) {
      my ($D, $tt) = @$half;
      push @out, "ushr $tt.2d, $D->[$from].2d, #26",
                 "and $D->[$from].16b, $D->[$from].16b, $mask64.16b",
                 "add $D->[$to].2d, $D->[$to].2d, $tt.2d";
      push @out, "shl $tt.2d, $tt.2d, #2",
                 "add $D->[$to].2d, $D->[$to].2d, $tt.2d" if $times5;
    }
    return @out;
  };
  # interleave two instruction lists, one of each in turn.
  my $zip = sub {
    my ($a, $b) = @_;
    my @out;
    while (@$a || @$b) {
      push @out, shift @$a if @$a;
      push @out, shift @$b if @$b;
    }
    return @out;
  };
  my @ta = @W[0, 1];
  my @tb = @W[2, 3];
  my @carry = (
    $zip->([$carry_step->(0, 1, \@ta, 0)], [$carry_step->(3, 4, \@tb, 0)]),
    $zip->([$carry_step->(1, 2, \@ta, 0)], [$carry_step->(4, 0, \@tb, 1)]),
    $zip->([$carry_step->(2, 3, \@ta, 0)], [$carry_step->(0, 1, \@tb, 0)]),
    $carry_step->(3, 4, \@ta, 0),
    # H = the low 32 bits of each 64-bit column: lanes 0, 1 from Dlo,
    # lanes 2, 3 from Dhi.
    (map { "uzp1 $H[$_].4s, $Dlo[$_].4s, $Dhi[$_].4s" } (0 .. 4)),
  );

  $code .= <<___;
.func_begin poly1305_blocks_neon, dsave=d8:d9:d10:d11:d12:d13:d14:d15
	ld1 {$R[0].4s-$R[3].4s}, [$pow], #64
	ld1 {$R[4].4s, $S[1].4s, $S[2].4s, $S[3].4s}, [$pow], #64
	ld1 {$S[4].4s}, [$pow]
	// 2^26 - 1 in 32-bit lanes and in 64-bit lanes.
	mvni $mask32.4s, #0xfc, lsl #24
	movi $mask64.2d, #0x00000000ffffffff
	ushr $mask64.2d, $mask64.2d, #6
	// padbit 2^128 is bit 24 of limb 4. padbit is a uint32_t (upper half of
	// the register unspecified): only w4 is read.
	lsl w6, w4, #24
	dup $pad.4s, w6
	// H = (h, 0, 0, 0)
	movi $H[0].16b, #0
	movi $H[1].16b, #0
	movi $H[2].16b, #0
	movi $H[3].16b, #0
	movi $H[4].16b, #0
	ldp w6, w7, [$hin]
	ldp w8, w9, [$hin, #8]
	ldr w10, [$hin, #16]
	mov $H[0].s[0], w6
	mov $H[1].s[0], w7
	mov $H[2].s[0], w8
	mov $H[3].s[0], w9
	mov $H[4].s[0], w10
	lsr $len, $len, #6
	subs $len, $len, #1
	b.eq .Lneon_last
.Lneon_loop:
	// H = (H + M) r^4, then carried back to < 2^26 + 2^9 per limb.
___
  $code .= text($add_message->(), $multiply->(1), @carry);
  $code .= <<___;
	subs $len, $len, #1
	b.ne .Lneon_loop
.Lneon_last:
	// D = (H + M) (r^4, r^3, r^2, r); d[k] = the sum of D_k's four lanes.
___
  $code .= text($add_message->(), $multiply->(0));
  $code .= text(map { "add $Dlo[$_].2d, $Dlo[$_].2d, $Dhi[$_].2d" } (0 .. 4));
  $code .= text(map { my $d = $Dlo[$_] =~ s/^v/d/r; "addp $d, $Dlo[$_].2d" } (0 .. 4));
  my @d = map { $Dlo[$_] =~ s/^v/d/r } (0 .. 4);
  $code .= <<___;
	stp $d[0], $d[1], [$dout]
	stp $d[2], $d[3], [$dout, #16]
	str $d[4], [$dout, #32]
.epilogue
.func_end
___
}

ArmXlate::write_output($flavour, $output, $code, __FILE__);
