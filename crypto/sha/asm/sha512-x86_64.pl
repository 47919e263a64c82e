#!/usr/bin/env perl
# Copyright 2026 The project authors.
#
# sha512-x86_64.pl: SHA-512 block functions for x86-64 (FIPS 180-4 §6.4).
# Usage: perl sha512-x86_64.pl FLAVOUR OUTPUT
#
# Entry points (C declarations in sha_asm.h), each with the contract of
# crypto/sha/internal.h: compress `num_blocks` 128-byte blocks from `in`
# (any alignment) into `state` = H0..H7; num_blocks == 0 reads nothing.
#
#   sha512_block_data_order_avx2(uint64_t state[8], const uint8_t *in,
#                                size_t num_blocks)      AVX2 + BMI1 + BMI2
#   sha512_block_data_order_avx(...)                     AVX
#   sha512_block_data_order_ssse3(...)                   SSSE3
#
# Measured on this machine (2026-11-29): AMD Zen 5 (family 26) KVM guest,
# TSC 2.096 GHz, core clock ~3.7 GHz (core cycles = TSC ticks x 1.77).
# TSC ticks per byte at 8192 bytes, the minimum of 200 x 8 one-shot
# SHA512() calls with the row forced (scratch harness; machine shared,
# load average 13-19, minima move ~3% between runs), beside OpenSSL
# 3.0.19's SHA512_Update measured the same way in the same run.
#
# | path | TSC c/B | core c/B | OpenSSL | bound (core c/B) and what sets it         |
# |------|---------|----------|---------|-------------------------------------------|
# | avx2 | 2.08    | 3.7      | 2.34    | chains e -> e' and a -> a' of 5 cycles    |
# |      |         |          |         | (rorx, xor, xor, add, add): 80 x 5 / 128  |
# |      |         |          |         | = 3.1; 22 ALU ops a round at ~4 a cycle   |
# |      |         |          |         | sustained here gives ~5.5 x 80 / 128 = 3.4|
# | avx  | 2.24    | 4.0      | -       | same chains (copy + ror for Σ); ~30 ops   |
# | ssse3| 2.37    | 4.2      | -       | a round on the ALUs                       |
# | nohw | 3.1     | 5.5      | -       | (C, for comparison)                       |
#
# Ratio to OpenSSL at 8192 bytes: 1.12 on these minima. Tried and dropped
# (2026-11-29): a round whose e -> e' chain is 4 cycles (e' = (d + h + K +
# W + Ch) + Σ1 with Ch and Σ1 also added into h, and Maj = (a & (b ^ c)) ^
# (b & c), two levels deep), 25 ALU ops instead of 22: 2-3% slower here,
# so the ALUs, not the chain, are the limit on this core. avx2 beats the C
# code at every length (1 block: 2.1 against 3.45 TSC c/B), and so do avx
# and ssse3 (1 block 2.13 and 2.30). Object size: avx2 6.6 KB of code +
# 1.3 KB of constants (shared); avx 12.6 KB and ssse3 14.9 KB (80 unrolled
# rounds of 64-bit operations).
#
# Design. The rounds run in general-purpose registers, one block at a time
# (the chaining value makes blocks sequential); the message schedule
#   W[t] = σ1(W[t-2]) + W[t-7] + σ0(W[t-15]) + W[t-16]
# runs in ymm registers for two blocks at once, block i in the low 128-bit
# lane and block i+1 in the high lane, two words W[t], W[t+1] per lane. With
# two words per lane there is no dependency inside a register: W[t..t+1]
# needs σ1 of W[t-2..t-1], which is the whole previous register. The
# schedule stores W[t]+K[t] for both blocks into a 1280-byte frame, 32 bytes
# per pair of rounds: [block i: t, t+1 | block i+1: t, t+1]. While block i's
# rounds run, the vector pipes compute the whole schedule of both blocks
# (rounds 16..79), eight pairs of rounds ahead of their use; block i+1's
# rounds then only read the frame. The vector work sits on the FP pipes and
# leaves the four integer ALUs to the rounds, which are what bound the
# speed:
#   T1 = h + Σ1(e) + Ch(e,f,g) + K[t] + W[t]   rorx x3, xor x2, andn, and,
#                                                add x4
#   T2 = Σ0(a) + Maj(a,b,c)                     rorx x3, xor x4, and, add
#   e' = d + T1, a' = T1 + T2                    add x2
# Maj(a,b,c) = b ^ ((a ^ b) & (b ^ c)), where b ^ c is the previous round's
# a ^ b, carried in a register. On an odd last block the upper lanes repeat
# that block; their schedule is computed and ignored.
#
# Security: the frame holds W[t]+K[t], derived from the input (an HMAC key
# block, for instance), so it is overwritten with zeros before returning.

use strict;
use warnings;
use FindBin;
use lib "$FindBin::Bin/../../perlasm";
require "x86_64-xlate.pl";

my ($flavour, $output) = @ARGV;

# The round constants K[0..79] (FIPS 180-4 §4.2.3), as text: they do not fit
# a portable Perl integer.
my @K = qw(
  0x428a2f98d728ae22 0x7137449123ef65cd 0xb5c0fbcfec4d3b2f 0xe9b5dba58189dbbc
  0x3956c25bf348b538 0x59f111f1b605d019 0x923f82a4af194f9b 0xab1c5ed5da6d8118
  0xd807aa98a3030242 0x12835b0145706fbe 0x243185be4ee4b28c 0x550c7dc3d5ffb4e2
  0x72be5d74f27b896f 0x80deb1fe3b1696b1 0x9bdc06a725c71235 0xc19bf174cf692694
  0xe49b69c19ef14ad2 0xefbe4786384f25e3 0x0fc19dc68b8cd5b5 0x240ca1cc77ac9c65
  0x2de92c6f592b0275 0x4a7484aa6ea6e483 0x5cb0a9dcbd41fbd4 0x76f988da831153b5
  0x983e5152ee66dfab 0xa831c66d2db43210 0xb00327c898fb213f 0xbf597fc7beef0ee4
  0xc6e00bf33da88fc2 0xd5a79147930aa725 0x06ca6351e003826f 0x142929670a0e6e70
  0x27b70a8546d22ffc 0x2e1b21385c26c926 0x4d2c6dfc5ac42aed 0x53380d139d95b3df
  0x650a73548baf63de 0x766a0abb3c77b2a8 0x81c2c92e47edaee6 0x92722c851482353b
  0xa2bfe8a14cf10364 0xa81a664bbc423001 0xc24b8b70d0f89791 0xc76c51a30654be30
  0xd192e819d6ef5218 0xd69906245565a910 0xf40e35855771202a 0x106aa07032bbd1b8
  0x19a4c116b8d2d0c8 0x1e376c085141ab53 0x2748774cdf8eeb99 0x34b0bcb5e19b48a8
  0x391c0cb3c5c95a63 0x4ed8aa4ae3418acb 0x5b9cca4f7763e373 0x682e6ff3d6b2b8a3
  0x748f82ee5defb2fc 0x78a5636f43172f60 0x84c87814a1f0ab72 0x8cc702081a6439ec
  0x90befffa23631e28 0xa4506cebde82bde9 0xbef9a3f7b2c67915 0xc67178f2e372532b
  0xca273eceea26619c 0xd186b8c721c0c207 0xeada7dd6cde0eb1e 0xf57d4f7fee6ed178
  0x06f067aa72176fba 0x0a637dc5a2c898a6 0x113f9804bef90dae 0x1b710b35131c471b
  0x28db77f523047d84 0x32caab7b40c72493 0x3c9ebe0a15c9bebc 0x431d67c49c100d4c
  0x4cc5d4becb3e42b6 0x597f299cfc657e2a 0x5fcb6fab3ad6faec 0x6c44198c4a475817
);

# --- AVX2 + BMI1/BMI2 ---------------------------------------------------------

my $FRAME_WK = 1280;            # 40 pairs of rounds x 32 bytes

# The working variables a..h, rotated by renaming: after a round the
# register that held h holds the new a and the one that held d the new e.
my @S = map { "%$_" } qw(r8 r9 r10 r11 r12 r13 r14 r15);
my ($t0, $t1) = ('%rax', '%rbx');
# $t2 computes a ^ b, which the next round uses as b ^ c; $y holds this
# round's b ^ c. They swap after each round.
my ($t2, $y) = ('%rcx', '%rbp');

# round(MEM) returns the instructions of one round reading K[t]+W[t] from
# memory operand MEM, and rotates @S and ($t2, $y).
sub round {
  my ($mem) = @_;
  my ($a, $b, $c, $d, $e, $f, $g, $h) = @S;
  my @i = (
    "addq	$mem, $h",                # h += K[t] + W[t]
    "rorxq	\$14, $e, $t0",
    "rorxq	\$18, $e, $t1",
    "andnq	$g, $e, $t2",            # ~e & g
    "addq	$t2, $h",
    "movq	$f, $t2",
    "xorq	$t1, $t0",
    "rorxq	\$41, $e, $t1",
    "andq	$e, $t2",                # e & f  (Ch = (e & f) + (~e & g))
    "xorq	$t1, $t0",               # Σ1(e)
    "addq	$t2, $h",
    "rorxq	\$28, $a, $t1",
    "addq	$t0, $h",                # h = T1
    "rorxq	\$34, $a, $t0",
    "movq	$a, $t2",
    "xorq	$t0, $t1",
    "xorq	$b, $t2",                # a ^ b
    "rorxq	\$39, $a, $t0",
    "andq	$t2, $y",                # (a ^ b) & (b ^ c)
    "xorq	$t0, $t1",               # Σ0(a)
    "xorq	$b, $y",                 # Maj(a,b,c)
    "addq	$y, $t1",                # Σ0(a) + Maj(a,b,c)
    "addq	$h, $d",                 # e' = d + T1
    "addq	$t1, $h",                # a' = T1 + Σ0(a) + Maj(a,b,c)
  );
  @S = ($h, $a, $b, $c, $d, $e, $f, $g);
  ($t2, $y) = ($y, $t2);
  return @i;
}

# The schedule registers: $X[k] holds W[2k'..2k'+1] of both blocks for the
# most recent eight pairs k' = k mod 8.
my @X = map { "%ymm$_" } 0 .. 7;
my ($v0, $v1, $v2, $v3) = map { "%ymm$_" } 8 .. 11;

# schedule(J) returns the vector instructions computing W[t..t+1],
# t = 16 + 2J', for both blocks into $X[J % 8], and storing W+K into pair
# slot J' + 8 of the frame, where J' = J + $IDX / 32: the loop over the
# schedule advances the index register $IDX by 256 bytes (8 pairs) per
# iteration and $KBASE points at the K table.
my ($IDX, $KBASE) = ('%rdi', '%rdx');
sub schedule {
  my ($j) = @_;
  my ($x16, $x14, $x8, $x6, $x2) =
      map { $X[($j + $_) % 8] } 0, 1, 4, 5, 7;
  my $slot = 32 * ($j + 8);
  return (
    # σ0(W[t-15..t-14]) = ROTR^1 ^ ROTR^8 ^ SHR^7
    "vpalignr	\$8, $x16, $x14, $v0",       # W[t-15], W[t-14]
    "vpsrlq	\$7, $v0, $v1",
    "vpsrlq	\$1, $v0, $v2",
    "vpxor	$v2, $v1, $v1",
    "vpsllq	\$63, $v0, $v2",
    "vpxor	$v2, $v1, $v1",
    "vpshufb	.Lsha512_avx2_ror8(%rip), $v0, $v2",
    "vpxor	$v2, $v1, $v1",
    "vpaddq	$v1, $x16, $x16",             # W[t-16] + σ0(W[t-15])
    "vpalignr	\$8, $x8, $x6, $v0",        # W[t-7], W[t-6]
    "vpaddq	$v0, $x16, $x16",
    # σ1(W[t-2..t-1]) = ROTR^19 ^ ROTR^61 ^ SHR^6
    "vpsrlq	\$6, $x2, $v1",
    "vpsrlq	\$19, $x2, $v2",
    "vpxor	$v2, $v1, $v1",
    "vpsllq	\$45, $x2, $v3",
    "vpxor	$v3, $v1, $v1",
    "vpsrlq	\$61, $x2, $v2",
    "vpxor	$v2, $v1, $v1",
    "vpsllq	\$3, $x2, $v3",
    "vpxor	$v3, $v1, $v1",
    "vpaddq	$v1, $x16, $x16",             # W[t], W[t+1]
    "vpaddq	$slot($KBASE,$IDX), $x16, $v0",
    "vmovdqu	$v0, $slot(%rsp,$IDX)",
  );
}

# interleave(SCALAR, VECTOR) spreads the vector instructions evenly among
# the scalar ones so both kinds are in the scheduler's window together.
sub interleave {
  my ($s, $v) = @_;
  my @s = @$s;
  my @v = @$v;
  return @s unless @v;
  my @out;
  my $per = @s / @v;
  my $acc = 0;
  for my $ins (@s) {
    push @out, $ins;
    $acc++;
    while (@v && $acc >= $per) {
      push @out, shift @v;
      $acc -= $per;
    }
  }
  push @out, @v;
  return @out;
}

sub text { return join('', map { "\t$_\n" } @_); }

# Frame: 0..1279 W+K (40 pair slots of 32 bytes); 1280 the state pointer;
# 1288 the number of blocks left.
my $STATE_SLOT = $FRAME_WK;
my $NUM_SLOT = $FRAME_WK + 8;

# The code is kept compact enough for the op cache (a fully unrolled pair
# of blocks is about 4,600 instructions, more than Zen 3's 4K-op cache, and
# decoding 4 instructions per cycle from L1i cannot feed 24 per round in
# 5.5 cycles): the rounds run in loops of 16.
sub avx2 {
  my ($in) = ('%rsi');
  my $c = X86_64Xlate::function_begin('sha512_block_data_order_avx2',
    args => 3, save => [qw(rbx rbp r12 r13 r14 r15)], xmm => [6 .. 11],
    frame => $FRAME_WK + 16);
  $c .= text(
    "testq	%rdx, %rdx",
    "jz	.Lsha512_avx2_done",
    "movq	%rdi, $STATE_SLOT(%rsp)",
    "movq	%rdx, $NUM_SLOT(%rsp)",
    "leaq	.Lsha512_avx2_K(%rip), $KBASE",
  );
  for my $i (0 .. 7) {
    $c .= "\tmovq\t" . (8 * $i) . "(%rdi), $S[$i]\n";
  }
  $c .= ".Lsha512_avx2_loop:\n";
  $c .= text(
    # The second block of the pair, or this block again if it is the last.
    "leaq	128($in), $t0",
    "cmpq	\$1, $NUM_SLOT(%rsp)",
    "cmoveq	$in, $t0",
  );
  # W[0..15] of both blocks, byte-swapped from big-endian, and W+K for
  # rounds 0..15.
  for my $k (0 .. 7) {
    my $xk = $X[$k];
    (my $xk128 = $xk) =~ s/ymm/xmm/;
    $c .= text(
      "vmovdqu	" . (16 * $k) . "($in), $xk128",
      "vinserti128	\$1, " . (16 * $k) . "($t0), $xk, $xk",
      "vpshufb	.Lsha512_avx2_bswap(%rip), $xk, $xk",
      "vpaddq	" . (32 * $k) . "($KBASE), $xk, $v0",
      "vmovdqu	$v0, " . (32 * $k) . "(%rsp)",
    );
  }

  # Block i, rounds 0..63, with the schedule of both blocks (W[16..79])
  # beside them: four iterations of 16 rounds and 8 schedule steps.
  my ($a, $b, $c_) = @S[0 .. 2];
  $c .= text("movq	$b, $y", "xorq	$c_, $y", "xorl	%edi, %edi");  # y = b ^ c
  $c .= ".Lsha512_avx2_sched_loop:\n";
  for my $j (0 .. 7) {
    my @r = (round((32 * $j) . "(%rsp,$IDX)"),
             round((32 * $j + 8) . "(%rsp,$IDX)"));
    $c .= text(interleave(\@r, [schedule($j)]));
  }
  $c .= text(
    "addq	\$256, $IDX",
    "cmpq	\$1024, $IDX",
    "jb	.Lsha512_avx2_sched_loop",
  );
  # Rounds 64..79 ($IDX = 1024).
  for my $j (0 .. 7) {
    $c .= text(round((32 * $j) . "(%rsp,$IDX)"),
               round((32 * $j + 8) . "(%rsp,$IDX)"));
  }
  # 16 rounds rotate the names twice round: @S is back in place.
  $c .= feed_forward();
  $c .= text("cmpq	\$1, $NUM_SLOT(%rsp)", "je	.Lsha512_avx2_finish");

  # Block i+1: rounds 0..79 from the upper half of each frame slot, five
  # iterations of 16 rounds.
  ($a, $b, $c_) = @S[0 .. 2];
  $c .= text("movq	$b, $y", "xorq	$c_, $y", "xorl	%edi, %edi");
  $c .= ".Lsha512_avx2_second_loop:\n";
  for my $j (0 .. 7) {
    $c .= text(round((32 * $j + 16) . "(%rsp,$IDX)"),
               round((32 * $j + 24) . "(%rsp,$IDX)"));
  }
  $c .= text(
    "addq	\$256, $IDX",
    "cmpq	\$1280, $IDX",
    "jb	.Lsha512_avx2_second_loop",
  );
  $c .= feed_forward();
  $c .= text(
    "leaq	256($in), $in",
    "subq	\$2, $NUM_SLOT(%rsp)",
    "jnz	.Lsha512_avx2_loop",
  );
  $c .= ".Lsha512_avx2_finish:\n";
  # Clear W+K (derived from the input) from the frame and the upper halves
  # of the ymm registers.
  $c .= text("vpxor	$v0, $v0, $v0");
  for my $k (0 .. 39) {
    $c .= text("vmovdqu	$v0, " . (32 * $k) . "(%rsp)");
  }
  $c .= text("vzeroupper");
  $c .= ".Lsha512_avx2_done:\n";
  $c .= X86_64Xlate::epilogue();
  $c .= X86_64Xlate::function_end();
  return $c;
}

# feed_forward() returns H(i) = H(i-1) + (a..h), stored to the state and
# kept in the registers for the next block.
sub feed_forward {
  my $state = $t0;
  my @i = ("movq	$STATE_SLOT(%rsp), $state");
  for my $k (0 .. 7) {
    push @i, "addq	" . (8 * $k) . "($state), $S[$k]";
  }
  for my $k (0 .. 7) {
    push @i, "movq	$S[$k], " . (8 * $k) . "($state)";
  }
  return text(@i);
}

# --- AVX and SSSE3, one block at a time -----------------------------------------
#
# For CPUs with AVX (or SSSE3) but not AVX2+BMI. The rounds run in
# general-purpose registers with plain rotates; the schedule runs in xmm
# registers, two words W[t], W[t+1] per register, one block at a time, with
# the same σ0/σ1 sequences as the AVX2 path. W+K goes to a ring of sixteen
# 16-byte slots: the two rounds of pair j read slot j mod 16 while the
# vector units compute pair j+8 into slot (j+8) mod 16. Per round:
#   Σ1(e) = ROTR^14(e) ^ ROTR^18(e) ^ ROTR^41(e), three rotated copies
#   Σ0(a) = ROTR^28(a) ^ ROTR^34(a) ^ ROTR^39(a)
#   Ch(e,f,g) = ((f ^ g) & e) ^ g
#   Maj(a,b,c) = b ^ ((a ^ b) & (b ^ c)), b ^ c kept from the last round.
# The copies keep the chain e -> e' at 5 operations, as with rorx.

my $X_FRAME = 256;
my $VEX = 0;
sub v3 {    # dst = src1 OP src2
  my ($op, $src2, $src1, $dst) = @_;
  return ("v$op	$src2, $src1, $dst") if $VEX;
  die "v3 $op: $dst is also the second source" if $dst eq $src2 && $dst ne $src1;
  return $dst eq $src1 ? ("$op	$src2, $dst")
                       : ("movdqa	$src1, $dst", "$op	$src2, $dst");
}
sub vsh {   # dst = src SHIFT imm
  my ($op, $imm, $src, $dst) = @_;
  return ("v$op	\$$imm, $src, $dst") if $VEX;
  return $dst eq $src ? ("$op	\$$imm, $dst")
                      : ("movdqa	$src, $dst", "$op	\$$imm, $dst");
}
sub valign {  # dst = (src1:src2) >> 8*imm
  my ($imm, $src2, $src1, $dst) = @_;
  return ("vpalignr	\$$imm, $src2, $src1, $dst") if $VEX;
  return ("movdqa	$src1, $dst", "palignr	\$$imm, $src2, $dst");
}

sub round_nobmi {
  my ($mem) = @_;
  my ($a, $b, $c, $d, $e, $f, $g, $h) = @S;
  my @i = (
    "addq	$mem, $h",                # h += K[t] + W[t]
    "movq	$f, $t2",
    "movq	$e, $t0",
    "rorq	\$14, $t0",
    "movq	$e, $t1",
    "xorq	$g, $t2",
    "rorq	\$18, $t1",
    "andq	$e, $t2",
    "xorq	$t1, $t0",
    "movq	$e, $t1",
    "xorq	$g, $t2",                # Ch(e,f,g)
    "rorq	\$41, $t1",
    "addq	$t2, $h",
    "xorq	$t1, $t0",               # Σ1(e)
    "movq	$a, $t1",
    "addq	$t0, $h",                # h = T1
    "rorq	\$28, $t1",
    "movq	$a, $t2",
    "rorq	\$34, $t2",
    "xorq	$t2, $t1",
    "movq	$a, $t2",
    "rorq	\$39, $t2",
    "addq	$h, $d",                 # e' = d + T1
    "xorq	$t2, $t1",               # Σ0(a)
    "movq	$a, $t2",
    "xorq	$b, $t2",                # a ^ b
    "andq	$t2, $y",                # (a ^ b) & (b ^ c)
    "addq	$t1, $h",
    "xorq	$b, $y",                 # Maj(a,b,c)
    "addq	$y, $h",                 # a' = T1 + T2
  );
  @S = ($h, $a, $b, $c, $d, $e, $f, $g);
  ($t2, $y) = ($y, $t2);
  return @i;
}

my @XQ = map { "%xmm$_" } 0 .. 7;
my ($q0, $q1, $q2, $q3) = map { "%xmm$_" } 8 .. 11;

# schedule_x(J): W[t], W[t+1] for t = 16 + 2J into $XQ[J % 8], and W+K
# into slot (J + 8) mod 16.
sub schedule_x {
  my ($j) = @_;
  my ($x16, $x14, $x8, $x6, $x2) = map { $XQ[($j + $_) % 8] } 0, 1, 4, 5, 7;
  return (
    valign(8, $x16, $x14, $q0),                    # W[t-15], W[t-14]
    vsh('psrlq', 7, $q0, $q1),
    vsh('psrlq', 1, $q0, $q2),
    v3('pxor', $q2, $q1, $q1),
    vsh('psllq', 63, $q0, $q2),
    v3('pxor', $q2, $q1, $q1),
    v3('pshufb', '.Lsha512_avx2_ror8(%rip)', $q0, $q2),
    v3('pxor', $q2, $q1, $q1),                      # σ0
    v3('paddq', $q1, $x16, $x16),                   # W[t-16] + σ0(W[t-15])
    valign(8, $x8, $x6, $q0),                       # W[t-7], W[t-6]
    v3('paddq', $q0, $x16, $x16),
    vsh('psrlq', 6, $x2, $q1),
    vsh('psrlq', 19, $x2, $q2),
    v3('pxor', $q2, $q1, $q1),
    vsh('psllq', 45, $x2, $q3),
    v3('pxor', $q3, $q1, $q1),
    vsh('psrlq', 61, $x2, $q2),
    v3('pxor', $q2, $q1, $q1),
    vsh('psllq', 3, $x2, $q3),
    v3('pxor', $q3, $q1, $q1),                      # σ1(W[t-2], W[t-1])
    v3('paddq', $q1, $x16, $x16),                   # W[t], W[t+1]
    v3('paddq', '.Lsha512_avx2_K+' . (32 * ($j + 8)) . '(%rip)', $x16, $q0),
    ($VEX ? "vmovdqa" : "movdqa") . "	$q0, " . (16 * (($j + 8) % 16)) . "(%rsp)",
  );
}

sub xmm_path {
  my ($variant) = @_;
  $VEX = $variant eq 'avx';
  my ($state, $in, $num) = ('%rdi', '%rsi', '%rdx');
  my $L = ".Lsha512_$variant";
  my $c = X86_64Xlate::function_begin("sha512_block_data_order_$variant",
    args => 3, save => [qw(rbx rbp r12 r13 r14 r15)], xmm => [6 .. 11],
    frame => $X_FRAME);
  $c .= text("testq	$num, $num", "jz	${L}_done");
  $c .= text(map { "movq	" . (8 * $_) . "($state), $S[$_]" } 0 .. 7);
  $c .= "${L}_loop:\n";
  for my $k (0 .. 7) {
    $c .= text(
      ($VEX ? "vmovdqu" : "movdqu") . "	" . (16 * $k) . "($in), $XQ[$k]",
      v3('pshufb', '.Lsha512_avx2_bswap(%rip)', $XQ[$k], $XQ[$k]),
      v3('paddq', '.Lsha512_avx2_K+' . (32 * $k) . '(%rip)', $XQ[$k], $q0),
      ($VEX ? "vmovdqa" : "movdqa") . "	$q0, " . (16 * $k) . "(%rsp)",
    );
  }
  $c .= text("movq	$S[1], $y", "xorq	$S[2], $y");    # b ^ c
  for my $j (0 .. 39) {
    my @r = (round_nobmi((16 * ($j % 16)) . "(%rsp)"),
             round_nobmi((16 * ($j % 16) + 8) . "(%rsp)"));
    my @v = $j + 8 <= 39 ? schedule_x($j) : ();
    $c .= text(interleave(\@r, \@v));
  }
  # H(i) = H(i-1) + (a..h); 80 rounds bring the names back in place.
  $c .= text(map { "addq	" . (8 * $_) . "($state), $S[$_]" } 0 .. 7);
  $c .= text(map { "movq	$S[$_], " . (8 * $_) . "($state)" } 0 .. 7);
  $c .= text("leaq	128($in), $in", "decq	$num", "jnz	${L}_loop");
  # Clear W+K (derived from the input) from the frame.
  $c .= text(v3('pxor', $q0, $q0, $q0));
  $c .= text(map { ($VEX ? "vmovdqa" : "movdqa") . "	$q0, " . (16 * $_) . "(%rsp)" } 0 .. 15);
  $c .= "${L}_done:\n";
  $c .= X86_64Xlate::epilogue();
  $c .= X86_64Xlate::function_end();
  return $c;
}

my $code = ".text\n" . avx2() . xmm_path('avx') . xmm_path('ssse3');

# K[t] in pairs, each pair repeated for the two 128-bit lanes.
$code .= ".rodata\n.align 64\n.Lsha512_avx2_K:\n";
for (my $t = 0; $t < 80; $t += 2) {
  $code .= "\t.quad\t$K[$t], $K[$t + 1], $K[$t], $K[$t + 1]\n";
}
# vpshufb masks, per 128-bit lane: byte-swap each 64-bit word; rotate each
# 64-bit word right by 8 bits (byte j of the result is byte j+1 mod 8).
$code .= ".Lsha512_avx2_bswap:\n";
$code .= "\t.byte\t7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8\n" x 2;
$code .= ".Lsha512_avx2_ror8:\n";
$code .= "\t.byte\t1, 2, 3, 4, 5, 6, 7, 0, 9, 10, 11, 12, 13, 14, 15, 8\n" x 2;

X86_64Xlate::write_output($flavour, $output, $code, __FILE__);
