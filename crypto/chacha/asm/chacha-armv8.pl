#!/usr/bin/env perl
# Copyright 2026 The project authors.
#
# chacha-armv8.pl: the ChaCha20 block function (RFC 8439, section 2.3) in
# counter mode for AArch64: NEON (Advanced SIMD), NEON + scalar hybrid, and
# scalar.
# Usage: perl chacha-armv8.pl FLAVOUR OUTPUT   (linux64, ios64, win64)
#
# Entry points (C declarations and rows in crypto/chacha/impls.h, whose
# length rules chacha20_xor_words in chacha.c applies), all with one contract:
#
#   void ChaCha20_ctr32_neon(uint8_t *out, const uint8_t *in,
#                            size_t num_blocks, const uint32_t key[8],
#                            const uint32_t counter_nonce[4]);
#   void ChaCha20_ctr32_neon_hybrid(...same...);
#   void ChaCha20_ctr32_scalar(...same...);
#
# Each XORs `num_blocks` WHOLE 64-byte blocks of `in` with the keystream of
# state = constants | key | counter_nonce[0] + i | counter_nonce[1..3] for
# block i and writes them to `out` (out == in, or no overlap). The counter
# wraps modulo 2^32 inside the call (32-bit additions do exactly that) and
# the nonce words never change. num_blocks == 0 touches nothing.
#   neon         four blocks at a time, one 32-bit word per lane; a final
#                group of 1..3 blocks costs as much as four but reads and
#                writes only its own blocks.
#   neon_hybrid  five blocks per trip: four in NEON lanes (counters c..c+3)
#                and a fifth (c+4) in sixteen general-purpose registers,
#                its instructions spread evenly among the NEON ones; a rest
#                of 1..4 blocks runs as one NEON group.
#   scalar       one block at a time in general-purpose registers.
# Partial final blocks, and which function gets which length, are the C
# driver's job (chacha20_xor_words; the length-aware choice and its
# estimate are in crypto/chacha/impls.h).
#
# Speed. No aarch64 hardware is available here and qemu timings mean
# nothing, so the table gives instruction counts of the generated loops
# (util/count_insns.pl on the linux64 output, commands below) and the
# bound they imply on three cores. Nothing here was timed.
#
# | path         | insns / 64 B | Cortex-A72        | Neoverse N1       | Apple M1           |
# |--------------|--------------|-------------------|-------------------|--------------------|
# | neon_hybrid  | 448.6        | ~2.6 c/B (lat.)   | ~1.75 c/B (lat.,  | ~1.0 c/B (NEON     |
# |              |              |                   |  decode equal)    |  pipes' thr.)      |
# | neon (4-way) | 306.5        | ~3.3 c/B (lat.)   | ~2.2 c/B (lat.)   | ~1.2 c/B (thr.)    |
# | scalar       | 1041         | ~7.8 c/B (2 ALUs) | ~5.2 c/B (3 ALUs) | ~2.6-3.8 c/B [2]   |
# | nohw (C) [1] | ~1564        | ~10.4 c/B (ALUs)  | ~6.9 c/B (ALUs)   | ~3.5-5 c/B         |
#
# Dynamic counts (the round loop runs 10 times per trip):
#   neon, per 256 bytes: round loop 114 (8 quarter rounds x 14: add 32,
#     eor 32, ushr 16, sli 16, rev32 8, tbl 8; plus subs, b.ne) x 10 = 1140,
#     rest of the group 86 (3 ld4r + 4 mov/dup, 32 zip1/zip2 for the
#     transposes, 17 add for the feed-forward, 4 x (ld1, 4 eor, st1),
#     counter and loop control): 1226 / 256 B = 306.5 / 64 B.
#   neon_hybrid, per 320 bytes: round loop 210 (the NEON 112, the scalar
#     double round 96 = 8 quarter rounds x (4 add, 4 eor, 4 ror), subs,
#     b.ne) x 10 = 2100, rest 143 (the NEON 86, the scalar block's 9 state
#     loads, 8 ldp/ldr + 16 add of the feed-forward, 8 add ..., lsl #32
#     pairing words into doublewords, 4 x (ldp, 2 eor, stp), counters and
#     loop control): 2243 / 320 B = 448.6 / 64 B.
#   scalar, per 64 bytes: round loop 98 x 10 = 980, rest 61 (as the
#     hybrid's scalar part, plus loop control): 1041.
#   [1] The portable C code compiled by aarch64-linux-gnu-gcc 12 -O2: the
#     same 98-instruction double-round loop (add, eor, ror on w registers),
#     the feed-forward in NEON, then the XOR byte by byte: 8 instructions
#     (2 ldrb, strb, 5 ALU) per byte = 512 per block: ~1564 per block,
#     ~1330 of them ALU ops.
#
# What bounds it. Latencies below are as I read the vendors' tables; check
# them before relying on the last digit.
#   neon: per double round on four blocks, 112 vector ops, 32 of them shifts
#   (ushr/sli). Within one round the four quarter rounds are independent,
#   but the next round needs all of them, so a round costs at least the
#   latency of one quarter round's chain of 14 dependent ops (the sli reads
#   the register the ushr wrote).
#     Cortex-A72 (Arm Cortex-A72 Software Optimization Guide, UAN 0016A,
#     section 3, ASIMD integer instructions): ASIMD add/logic/rev/tbl
#     latency 3 on either of F0/F1, ASIMD shifts latency 3 on F1 only.
#     Latency: 14 x 3 = 42 cycles per round x 20 = 840 cycles per 256 B =
#     3.3 c/B; throughput: 56 ops per round on 2 pipes = 28 cycles (16
#     shifts on F1): latency binds, the vector pipes are a third idle and
#     the two integer ALUs (I0/I1) wholly idle.
#     Neoverse N1 (Arm Neoverse N1 Software Optimization Guide, section
#     3): the same ops at latency 2 on V0/V1 (shifts on V1): 14 x 2 x 20 =
#     560 cycles / 256 B = 2.2 c/B; three integer ALUs idle.
#     Apple M1 Firestorm (Dougall Johnson's measured tables,
#     dougallj.github.io/applecpu/firestorm-simd.html): 4 SIMD pipes,
#     latency 2: the chain gives 2.2 c/B for one group, but the
#     out-of-order window (hundreds of entries) overlaps consecutive
#     groups, which are independent, so the throughput bound 1226 / 4 /
#     256 = 1.2 c/B applies.
#   neon_hybrid: the NEON chain is unchanged and the fifth block's 96
#   integer ops per double round go to the idle integer pipes; its own
#   chain (a round = 12 dependent 1-cycle ops) is far shorter. What must
#   not bind instead is the front end and the integer pipes:
#     A72: decode 3 per cycle: 210 / 3 = 70 cycles per double round, under
#     the NEON chain's 84; integer ALUs 96 / 2 = 48. Latency binds: 840
#     cycles per 320 B = 2.6 c/B (neon: 3.3).
#     N1: decode 4 per cycle: 210 / 4 = 53 per double round against the
#     chain's 56, integer 96 / 3 = 32: the chain still binds, with the
#     decoder nearly saturated: ~560 cycles / 320 B = 1.75 c/B (neon 2.2).
#     M1: 8-wide decode 2243 / 8 = 280, NEON ops 1226 / 4 = 307, integer
#     ~1010 / 6 = 168: the NEON pipes bind, ~307 / 320 B = 0.96 c/B
#     (neon 1.2).
#   A second scalar block (4 + 2) was rejected: 32 more state registers do
#   not exist (x0-x17 and x19-x28 are 28, five hold arguments), and even
#   with spills A72's decode (304 / 3 = 101 per double round > 84) and
#   N1's (76 > 56) would then bind, for no gain per block on A72 and a
#   loss on N1.
#   scalar: 960 ALU ops of rounds + ~40 per block of feed-forward, pairing,
#   XOR and loop control, on A72's 2 integer ALUs (~500 cycles, 7.8 c/B;
#   should A72 issue `ror` = EXTR to its M pipe at latency 3, as the A57
#   guide lists EXTR, a round's chain becomes 4 x 3 + 8 = 20 cycles and
#   the 32 rors of a double round fill M for 32: ~400-500 cycles either
#   way) and N1's 3 (~333, 5.2 c/B); on M1 (6 ALUs, 1-cycle ror) the round's
#   chain of 12 dependent ops binds one block (20 x 12 = 240 cycles);
#   consecutive blocks are independent, but a block (1041 instructions) is
#   larger than the window, so they overlap only in part: [2] between the
#   throughput bound 1000 / 6 = 167 cycles (2.6 c/B) and the chain's 240
#   (3.8 c/B). A two-block interleaved scalar path would fix M1's chain but
#   needs 32 state registers: not written. The ALU ops cannot be reduced:
#   `add` takes no rotated operand, so each of the 4 rotations of a quarter
#   round is an instruction, as in the C code; what the assembly saves over
#   C is the byte-by-byte XOR (~320 ALU ops per block).
#
# Counted with (gen/ in the build directory):
#   perl util/count_insns.pl gen/chacha-armv8-linux64.S \
#     --function ChaCha20_ctr32_neon --loop Lround_neon
#   perl util/count_insns.pl gen/chacha-armv8-linux64.S \
#     --function ChaCha20_ctr32_neon --loop Louter_neon --bytes 256
#   ... --function ChaCha20_ctr32_neon_hybrid --loop Lround_hybrid
#   ... --function ChaCha20_ctr32_neon_hybrid --loop Louter_hybrid --bytes 320
#   ... --function ChaCha20_ctr32_scalar --loop Lround_scalar
#   ... --function ChaCha20_ctr32_scalar --loop Louter_scalar --bytes 64
# (each outer count includes one trip of its round loop: add 9 more).
# Object size (linux64): neon 1020 bytes of code, neon_hybrid 2492, scalar
# 720, plus 48 bytes of constants shared by all three. To measure on
# hardware: `bssl speed -impls -filter ChaCha`.
#
# Register plan (v8-v15 are callee-saved in their low halves, so the NEON
# functions save d8-d15 and then use all 32 vector registers):
#   v0..v15   state word x[i] of the four blocks (lane j = block j)
#   v16..v19  quarter-round temporaries, then transpose/XOR temporaries
#   v20       the byte shuffle that rotates each 32-bit lane left by 8
#   v21       the counters of the current group: counter + 4g + (0,1,2,3)
#             (counter + 5g + (0,1,2,3) in the hybrid)
#   v22       the blocks per trip in every lane: (4,4,4,4), or 5s
#   v23..v26  the input state as rows: constants, key[0..3], key[4..7],
#             (0, nonce[0..2]) (the counter is added before the transpose)
#   v27..v30  second set of transpose/XOR temporaries (alternating groups)
# GPRs: x0-x4 the arguments, x5 the constants' address, x6 key + 16, x7
# the double-round count, x8 a setup temporary; the scalar block's state
# words in w8-w17 and w19-w24 (x19-x27 saved), its counter in w25, w26/w27
# feed-forward and XOR temporaries. x18 is never touched.
#
# Big-endian AArch64 is not supported: the lane layout and the scalar
# doubleword pairing assume little-endian words, as everywhere else in
# this library.

use strict;
use warnings;
use FindBin;
use lib "$FindBin::Bin/../../perlasm";
use InsnList qw(text interleave transpose4);
require "arm-xlate.pl";

my ($flavour, $output) = @ARGV;

# Arguments (AAPCS64), the same for every entry point.
my ($out, $in, $nblocks, $key, $cn) = map { "x$_" } (0 .. 4);
# Scratch GPRs: the constants' address, key + 16, the double-round count,
# and a temporary used only before the main loop.
my ($sigma, $key_hi, $rounds, $tmp) = map { "x$_" } (5 .. 8);

# NEON registers (see "Register plan" above).
my @x = map { "v$_" } (0 .. 15);
my @t = map { "v$_" } (16 .. 19);
my @t2 = map { "v$_" } (27 .. 30);
my ($rot8, $ctr, $step) = ("v20", "v21", "v22");
my @row = map { "v$_" } (23 .. 26);
my @rowq = map { "q$_" } (23 .. 26);   # the same registers, as q for ldp

# Scalar block: state word i in $s[i] (32-bit views; $sx[i] is the same
# register as 64 bits). w8 is the NEON setup's temporary, free once the
# loops start. $sctr is the scalar block's counter, $u0/$u1 temporaries of
# the feed-forward and the XOR.
my @sn = (8 .. 17, 19 .. 24);
my @s = map { "w$_" } @sn;
my @sx = map { "x$_" } @sn;
my $sctr = "w25";
my ($u0, $u1) = ("w26", "w27");
my ($u0x, $u1x) = ("x26", "x27");
my $scalar_saves = "x19:x20:x21:x22:x23:x24:x25:x26:x27";

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
  for my $st (@steps) {
    push @out, map { $st->(@$_) } @q;
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

# scalar_quarter_rounds(\@q...) is quarter_rounds on 32-bit GPRs: each
# element of @q is [a, b, c, d] (register names). A64 has a rotate, so
# every step is one instruction (x <<< n is `ror x, x, #(32 - n)`) and no
# temporary is needed. Four independent chains, interleaved as above.
sub scalar_quarter_rounds {
  my @q = @_;
  my @steps = (
    sub { my ($a, $b, $c, $d) = @_; "add $a, $a, $b" },
    sub { my ($a, $b, $c, $d) = @_; "eor $d, $d, $a" },
    sub { my ($a, $b, $c, $d) = @_; "ror $d, $d, #16" },
    sub { my ($a, $b, $c, $d) = @_; "add $c, $c, $d" },
    sub { my ($a, $b, $c, $d) = @_; "eor $b, $b, $c" },
    sub { my ($a, $b, $c, $d) = @_; "ror $b, $b, #20" },
    sub { my ($a, $b, $c, $d) = @_; "add $a, $a, $b" },
    sub { my ($a, $b, $c, $d) = @_; "eor $d, $d, $a" },
    sub { my ($a, $b, $c, $d) = @_; "ror $d, $d, #24" },
    sub { my ($a, $b, $c, $d) = @_; "add $c, $c, $d" },
    sub { my ($a, $b, $c, $d) = @_; "eor $b, $b, $c" },
    sub { my ($a, $b, $c, $d) = @_; "ror $b, $b, #25" },
  );
  my @out;
  for my $st (@steps) {
    push @out, map { $st->(@$_) } @q;
  }
  return @out;
}

# scalar_double_round: a column round then a diagonal round on @s.
sub scalar_double_round {
  my @cols = map { [@s[$_, $_ + 4, $_ + 8, $_ + 12]] } (0 .. 3);
  my @diag = map {
    [$s[$_], $s[4 + ($_ + 1) % 4], $s[8 + ($_ + 2) % 4], $s[12 + ($_ + 3) % 4]]
  } (0 .. 3);
  return (scalar_quarter_rounds(@cols), scalar_quarter_rounds(@diag));
}

# scalar_load_state: @s = constants | key | counter ($sctr) | nonce.
sub scalar_load_state {
  return (
    "ldp $s[0], $s[1], [$sigma]",
    "ldp $s[2], $s[3], [$sigma, #8]",
    "ldp $s[4], $s[5], [$key]",
    "ldp $s[6], $s[7], [$key, #8]",
    "ldp $s[8], $s[9], [$key, #16]",
    "ldp $s[10], $s[11], [$key, #24]",
    "mov $s[12], $sctr",
    "ldr $s[13], [$cn, #4]",
    "ldp $s[14], $s[15], [$cn, #8]",
  );
}

# scalar_finish: keystream = rounds(state) + state (the input words are
# read again from memory: no register is left to keep them), the sixteen
# words paired into eight little-endian doublewords (a 32-bit add clears
# the upper half, so word 2i + (word 2i+1 << 32) is one add), XORed with
# 64 bytes of `in` and stored to `out`, both pointers advancing by 64.
sub scalar_finish {
  my @i;
  my @src = ([$sigma, 0], [$sigma, 8], [$key, 0], [$key, 8], [$key, 16],
             [$key, 24]);
  for my $p (0 .. 5) {
    my ($base, $off) = @{$src[$p]};
    push @i, "ldp $u0, $u1, [$base, #$off]",
             "add $s[2 * $p], $s[2 * $p], $u0",
             "add $s[2 * $p + 1], $s[2 * $p + 1], $u1";
  }
  push @i, "add $s[12], $s[12], $sctr",
           "ldr $u0, [$cn, #4]",
           "add $s[13], $s[13], $u0",
           "ldp $u0, $u1, [$cn, #8]",
           "add $s[14], $s[14], $u0",
           "add $s[15], $s[15], $u1";
  for my $p (0 .. 7) {
    push @i, "add $sx[2 * $p], $sx[2 * $p], $sx[2 * $p + 1], lsl #32";
  }
  for my $q (0 .. 3) {
    push @i, "ldp $u0x, $u1x, [$in], #16",
             "eor $sx[4 * $q], $sx[4 * $q], $u0x",
             "eor $sx[4 * $q + 2], $sx[4 * $q + 2], $u1x",
             "stp $sx[4 * $q], $sx[4 * $q + 2], [$out], #16";
  }
  return @i;
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

# neon_setup(step) loads what the NEON groups keep in registers: the input
# state as rows, the rotate-by-8 shuffle, the counters of the first group
# (counter + (0, 1, 2, 3), lanes wrapping modulo 2^32) and `step`, the
# number of blocks one trip of the loop consumes, in every lane.
sub neon_setup {
  my ($step_blocks) = @_;
  return (
    "adrl $sigma, .Lsigma",
    "ld1 {$row[0].4s}, [$sigma]",
    "ldp $rowq[1], $rowq[2], [$key]",
    "ld1 {$row[3].4s}, [$cn]",
    "add $key_hi, $key, #16",
    "adrl $tmp, .Lrot8",
    "ld1 {$rot8.16b}, [$tmp]",
    "adrl $tmp, .Lone_two_three",
    "ld1 {$ctr.4s}, [$tmp]",
    "dup $t[0].4s, $row[3].s[0]",
    "add $ctr.4s, $ctr.4s, $t[0].4s",
    "mov $row[3].s[0], wzr",
    "movi $step.4s, #$step_blocks",
  );
}

# neon_load_state: x[i] = state word i in every lane; x[12] = the four
# counters of this group.
sub neon_load_state {
  return (
    "ld4r {$x[0].4s-$x[3].4s}, [$sigma]",
    "ld4r {$x[4].4s-$x[7].4s}, [$key]",
    "ld4r {$x[8].4s-$x[11].4s}, [$key_hi]",
    "mov $x[12].16b, $ctr.16b",
    "dup $x[13].4s, $row[3].s[1]",
    "dup $x[14].4s, $row[3].s[2]",
    "dup $x[15].4s, $row[3].s[3]",
  );
}

# neon_finish: the feed-forward, x[12] += counters before the transpose
# (one counter per lane), every other row after it (one block per
# register).
sub neon_finish {
  my @i = ("add $x[12].4s, $x[12].4s, $ctr.4s");
  push @i, @{ (transpose4('neon', [@x[0 .. 3]], \@t))[0] };
  push @i, @{ (transpose4('neon', [@x[4 .. 7]], \@t2))[0] };
  push @i, @{ (transpose4('neon', [@x[8 .. 11]], \@t))[0] };
  push @i, @{ (transpose4('neon', [@x[12 .. 15]], \@t2))[0] };
  for my $r (0 .. 3) {
    push @i, map { "add $x[4 * $r + $_].4s, $x[4 * $r + $_].4s, $row[$r].4s" }
                 (0 .. 3);
  }
  return @i;
}

# neon_groups(sfx) is the four-block group loop: it consumes all of
# $nblocks (> 0) four at a time, and a final group of 1..3 blocks writes
# only its own blocks. It ends by branching to (or falling into)
# .Ldone_<sfx>, which the caller places.
sub neon_groups {
  my ($sfx) = @_;
  my $code = ".Louter_$sfx:\n";
  $code .= text(neon_load_state(), "mov $rounds, #10");
  $code .= ".Lround_$sfx:\n";
  $code .= text(double_round());
  $code .= text("subs $rounds, $rounds, #1", "b.ne .Lround_$sfx");
  $code .= text(neon_finish());
  $code .= text("cmp $nblocks, #4", "b.lo .Lpartial_$sfx");
  $code .= text(xor_block(0, \@t), xor_block(1, \@t2), xor_block(2, \@t),
                xor_block(3, \@t2));
  $code .= text("add $ctr.4s, $ctr.4s, $step.4s",
                "subs $nblocks, $nblocks, #4",
                "b.ne .Louter_$sfx",
                "b .Ldone_$sfx");
  $code .= ".Lpartial_$sfx:\n";
  $code .= "\t// 1, 2 or 3 blocks left (a public length): write only those.\n";
  $code .= text(xor_block(0, \@t));
  $code .= text("cmp $nblocks, #1", "b.eq .Ldone_$sfx");
  $code .= text(xor_block(1, \@t2));
  $code .= text("cmp $nblocks, #2", "b.eq .Ldone_$sfx");
  $code .= text(xor_block(2, \@t));
  return $code;
}

my $code = <<___;
.rodata
.align 16
.Lsigma:
	.long 0x61707865, 0x3320646e, 0x79622d32, 0x6b206574
.Lrot8:
	// result byte i of each word = source byte (i - 1) mod 4: x <<< 8.
	.byte 3, 0, 1, 2, 7, 4, 5, 6, 11, 8, 9, 10, 15, 12, 13, 14
.Lone_two_three:
	.long 0, 1, 2, 3

.text
___

# ---------------------------------------------------------------------------
# ChaCha20_ctr32_neon: four blocks per group, all in NEON registers.
# ---------------------------------------------------------------------------
$code .= <<___;
.func_begin ChaCha20_ctr32_neon, dsave=d8:d9:d10:d11:d12:d13:d14:d15
	cbz $nblocks, .Ldone_neon
___
$code .= text(neon_setup(4));
$code .= neon_groups("neon");
$code .= <<___;
.Ldone_neon:
.epilogue
.func_end
___

# ---------------------------------------------------------------------------
# ChaCha20_ctr32_neon_hybrid: five blocks per trip, four in NEON lanes
# (counters c, c+1, c+2, c+3) and the fifth (counter c+4) in sixteen
# general-purpose registers, its instructions spread through the NEON
# ones. A rest of 1..4 blocks runs as one NEON group.
# ---------------------------------------------------------------------------
$code .= <<___;
.func_begin ChaCha20_ctr32_neon_hybrid, save=$scalar_saves, dsave=d8:d9:d10:d11:d12:d13:d14:d15
	cbz $nblocks, .Ldone_hybrid
___
$code .= text(neon_setup(5));
$code .= text("ldr $sctr, [$cn]",
              "add $sctr, $sctr, #4",          # the fifth block's counter
              "cmp $nblocks, #5",
              "b.lo .Louter_hybrid_rest");
$code .= ".Louter_hybrid:\n";
# The NEON and the scalar instructions are spread evenly through each other
# (InsnList::interleave), so that the in-order front ends (Cortex-A53/A55)
# see a NEON and an integer instruction side by side and the out-of-order
# ones find both kinds in every window.
$code .= text(interleave([neon_load_state()], [scalar_load_state()]),
              "mov $rounds, #10");
$code .= ".Lround_hybrid:\n";
$code .= text(interleave([double_round()], [scalar_double_round()]));
$code .= text("subs $rounds, $rounds, #1", "b.ne .Lround_hybrid");
# The scalar feed-forward runs beside the transposes; the scalar block's
# loads and stores come after the NEON ones, as block 4 of the five.
my @sfin = scalar_finish();
my $sff = 6 * 3 + 6 + 8;   # feed-forward and pairing; then XOR and store
$code .= text(interleave([neon_finish()], [@sfin[0 .. $sff - 1]]));
$code .= text(xor_block(0, \@t), xor_block(1, \@t2), xor_block(2, \@t),
              xor_block(3, \@t2));
$code .= text(@sfin[$sff .. $#sfin]);
$code .= text("add $ctr.4s, $ctr.4s, $step.4s",
              "add $sctr, $sctr, #5",
              "sub $nblocks, $nblocks, #5",
              "cmp $nblocks, #5",
              "b.hs .Louter_hybrid",
              "cbz $nblocks, .Ldone_hybrid");
$code .= neon_groups("hybrid_rest");
$code .= <<___;
.Ldone_hybrid_rest:
.Ldone_hybrid:
.epilogue
.func_end
___

# ---------------------------------------------------------------------------
# ChaCha20_ctr32_scalar: one block at a time in general-purpose registers.
# ---------------------------------------------------------------------------
$code .= <<___;
.func_begin ChaCha20_ctr32_scalar, save=$scalar_saves
	cbz $nblocks, .Ldone_scalar
	adrl $sigma, .Lsigma
	ldr $sctr, [$cn]
.Louter_scalar:
___
$code .= text(scalar_load_state(), "mov $rounds, #10");
$code .= ".Lround_scalar:\n";
$code .= text(scalar_double_round());
$code .= text("subs $rounds, $rounds, #1", "b.ne .Lround_scalar");
$code .= text(scalar_finish());
$code .= text("add $sctr, $sctr, #1",
              "subs $nblocks, $nblocks, #1",
              "b.ne .Louter_scalar");
$code .= <<___;
.Ldone_scalar:
.epilogue
.func_end
___

ArmXlate::write_output($flavour, $output, $code, __FILE__);
