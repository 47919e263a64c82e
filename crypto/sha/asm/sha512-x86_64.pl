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
#   sha512_block_data_order_avx512(uint64_t state[8], const uint8_t *in,
#                                  size_t num_blocks)    AVX2 + BMI1 + BMI2
#                                                        + AVX512F + AVX512VL
#   sha512_block_data_order_avx2(...)                    AVX2 + BMI1 + BMI2
#   sha512_block_data_order_avx(...)                     AVX
#   sha512_block_data_order_ssse3(...)                   SSSE3
#
# Measured on this machine (2026-11-30): AMD Zen 5 (family 26) KVM guest,
# TSC 2.096 GHz; core cycles = TSC ticks x 1.57 (the lead's figure; a chain
# of dependent adds here gives 1.6-1.7). Each row called directly from an
# rdtsc harness outside the tree: 64 blocks, batches of 10 calls,
# 61 batches interleaved across the rows, 10th percentile of the batch
# averages (machine shared, load average 16-23; whole runs move by ~5%
# with the clock, the order of the rows does not). "1 blk" = TSC ticks for
# one call on one block.
# Reproducing: `bssl speed -impls -filter SHA-512 -chunks 16,8192` lists
# these rows side by side at these sizes (speed-up and cycles/byte from the
# TSC, means over wall-clock seconds); the harness's percentiles are
# steadier than those means on a shared machine. The OpenSSL figures below
# came from the same harness: no command in the tree reproduces them.
#
# | path   | TSC c/B | core c/B | 1 blk | bound (core c/B) and what sets it      |
# |--------|---------|----------|-------|----------------------------------------|
# | avx512 | 2.10    | 3.3      | 279   | round4: chain e -> e' 4 deep, 24 ALU   |
# |        |         |          |       | ops a round = 4 cycles on 6 ALUs: 2.5. |
# |        |         |          |       | Measured ~5.0 cycles a round: these    |
# |        |         |          |       | dependent ops issue at ~4.8 a cycle,   |
# |        |         |          |       | not 6 (rounds alone, scratch loop:     |
# |        |         |          |       | 5.0 cycles; 4.2 with Σ0 and Maj taken  |
# |        |         |          |       | out, i.e. the chain alone)             |
# | avx2   | 2.16    | 3.4      | 290   | round: chain 5 deep (80 x 5 / 128 =    |
# |        |         |          |       | 3.1), 22 ALU ops; measured ~5.2-5.4    |
# |        |         |          |       | cycles a round                         |
# | avx    | 2.21    | 3.5      | 283   | same chain (copy + ror for Σ), ~28 ALU |
# | ssse3  | 2.36    | 3.7      | -     | ops a round                            |
# | nohw   | 3.20    | 5.0      | 438   | (C, for comparison)                    |
#
# SHA512() one-shot through the dispatcher (avx512 row), same harness, this
# tree against the previous commit in alternate runs: 16 bytes 331 -> 294
# TSC ticks a call (100 -> 114 MB/s), 256 bytes 888 -> 849, 8192 bytes
# 2.184 -> 2.131 TSC ticks/B (960 -> 984 MB/s). At 16 bytes the block
# function is ~275 of the 294 ticks, of which the 80 rounds at ~5 cycles
# are ~255: a ratio of 2.0 against OpenSSL at 16 bytes (~119 ns a call)
# is out of reach of scalar rounds on this core. OpenSSL 3.0 (the system
# libcrypto.so.3, EVP_DigestInit/Update/Final, same harness, three
# alternating runs): 8192 bytes 2.16-2.22 TSC ticks/B against 2.09-2.11
# here (ratio ~1.04; the issue's 1.15 is not reached), 16384 bytes
# 2.11-2.16 against 2.07-2.09.
#
# Where the avx512 row's gain comes from (same harness): the rounds. With
# round() and the AVX-512 schedule it ran as fast as avx2 (2.162 against
# 2.160 TSC c/B); with round4 and the AVX2 schedule it was as fast as with
# both (1.982 against 1.987). The AVX-512 schedule is kept because it is 15
# vector instructions a step instead of 23 at no cost. The one-block code
# (one_block512: xmm schedule in a 256-byte ring, 4 stores to clear it)
# took one block from ~290 to ~279 ticks. round4 needs two more ALU
# operations a round than round(): on a core with 4 integer ALUs (Zen 3/4,
# Intel before Golden Cove) it would likely lose to round(), so the avx2
# row keeps round(); Zen 4 has AVX-512 and 4 ALUs and would pick this row
# (not measured: there is no such machine here). An earlier attempt at a
# 4-deep round (25 ALU operations, Ch and Σ1 added to both d and h) was
# 2-3% slower than round(); round4 derives a' from e' instead (a' = e' - d
# + Maj + Σ0), 24 operations. Also tried (2026-11-30) and dropped: the
# round split into an e half (into the h register) and an a half (into the
# d register) sharing no register, with round t's a half placed beside
# round t+1's e half in program order, so that the older ops the scheduler
# favours are the critical ones. Same 24 ALU ops; bulk 2.152-2.158 TSC c/B
# against 2.127-2.141 for round4 (direct calls, medians of 41 batches,
# quiet machine), and 3-block calls 19% slower: the integer scheduler
# already finds the chains, and the limit is the ALU ops. Object size: avx512 18.3 KB of code (6.6 KB
# the two-block loop, 11.7 KB the unrolled one-block code), avx2 6.6 KB,
# avx 12.6 KB, ssse3 14.9 KB, 1.3 KB of constants (shared).
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
# leaves the integer ALUs to the rounds, which are what bound the speed
# (round(); round4 below is the avx512 row's):
#   T1 = h + Σ1(e) + Ch(e,f,g) + K[t] + W[t]   rorx x3, xor x2, andn, and,
#                                                add x4
#   T2 = Σ0(a) + Maj(a,b,c)                     rorx x3, xor x4, and, add
#   e' = d + T1, a' = T1 + T2                    add x2
# Maj(a,b,c) = b ^ ((a ^ b) & (b ^ c)), where b ^ c is the previous round's
# a ^ b, carried in a register. On an odd last block the upper lanes repeat
# that block and their schedule is computed and ignored (avx2), or the block
# goes to one_block512 (avx512).
#
# Security: the frame holds W[t]+K[t], derived from the input (an HMAC key
# block, for instance), so it is overwritten with zeros before returning.

use strict;
use warnings;
use FindBin;
use lib "$FindBin::Bin/../../perlasm";
use lib "$FindBin::Bin";
use SHAConstants;
use InsnList qw(text interleave);
use SHAx86Common qw(forms load_state add_to_state block_loop_begin block_loop_end
                    sha2_round_nobmi);
require "x86_64-xlate.pl";

my ($flavour, $output) = @ARGV;

# The round constants K[0..79] (crypto/sha/asm/SHAConstants.pm), "0x"-prefixed
# for .quad.
my @K = map { "0x$_" } @SHAConstants::K512;

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

# round4(MEM) is round(MEM) rearranged so that the recurrence e -> e' is
# four operations deep instead of five. With Y0 = h + K[t] + W[t]:
#   e' = ((d + Y0) + Ch(e,f,g)) + Σ1(e)      Ch = (~e & g) + (e & f) is 2
#                                            deep, Σ1 3 deep (rorx, xor,
#                                            xor), then one add: 4
#   a' = e' - d + Maj(a,b,c) + Σ0(a)         (T1 = e' - d)
#      = ((e' + ((b & c) - d)) + (a & (b ^ c))) + Σ0(a)
# using Maj(a,b,c) = (a & (b ^ c)) + (b & c) (the terms share no bit, so +
# is ^). b ^ c and b & c are the previous round's a ^ b and a & b, kept in
# $x and $yy (b & c = a & ~(a ^ b): one andn, no copy); (b & c) - d is
# taken before d changes. The recurrence a -> a' is then Σ0 (3) plus one
# add: 4 as well, and a' settles three cycles behind e', which nothing
# needs sooner (a is next round's Σ0 input and d three rounds on).
# 24 ALU operations and 2 moves a round, against 22 and 2 for round().
my ($u0, $u1, $u2, $x, $yy) = ('%rax', '%rbx', '%rsi', '%rcx', '%rbp');
sub round4 {
  my ($mem) = @_;
  my ($a, $b, $c, $d, $e, $f, $g, $h) = @S;
  my @i = (
    "addq	$mem, $h",                # Y0 = h + K[t] + W[t]
    "subq	$d, $yy",                # (b & c) - d
    "andnq	$g, $e, $u2",            # ~e & g
    "rorxq	\$14, $e, $u0",
    "movq	$f, $u1",
    "andq	$e, $u1",                # e & f
    "addq	$h, $d",                 # d + Y0
    "addq	$u1, $u2",               # Ch(e,f,g)
    "rorxq	\$18, $e, $u1",
    "xorq	$u1, $u0",
    "rorxq	\$41, $e, $u1",
    "addq	$u2, $d",                # d + Y0 + Ch(e,f,g)
    "xorq	$u1, $u0",               # Σ1(e)
    "addq	$u0, $d",                # e' = d + T1
    "rorxq	\$28, $a, $u1",
    "rorxq	\$34, $a, $u2",
    "andq	$a, $x",                 # a & (b ^ c)
    "xorq	$u2, $u1",
    "rorxq	\$39, $a, $u2",
    "leaq	($d,$yy), $h",           # T1 + (b & c)
    "xorq	$u2, $u1",               # Σ0(a)
    "addq	$x, $h",                 # T1 + Maj(a,b,c)
    "addq	$u1, $h",                # a' = T1 + Maj(a,b,c) + Σ0(a)
    "movq	$a, $x",
    "xorq	$b, $x",                 # next round's b ^ c
    "andnq	$a, $x, $yy",            # next round's b & c
  );
  @S = ($h, $a, $b, $c, $d, $e, $f, $g);
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

# schedule512(J) is schedule(J) with AVX-512VL on the ymm registers: vprorq
# rotates a 64-bit lane in one instruction and vpternlogq (truth table 0x96)
# xors three registers in one, so
#   σ0(x) = ROTR^1(x) ^ ROTR^8(x) ^ SHR^7(x)      3 + 1 instructions
#   σ1(x) = ROTR^19(x) ^ ROTR^61(x) ^ SHR^6(x)    3 + 1 instructions
# and a schedule step is 15 instructions instead of 23. The chain from
# W[t-2..t-1] to W[t..t+1] is rotate, vpternlogq, vpaddq: 3 x 2 cycles
# here, against 6 x 2 for the AVX2 sequence of shifts and xors.
sub schedule512 {
  my ($j) = @_;
  my $slot = 32 * ($j + 8);
  return (schedule512_words($j, \@X, $v0, $v1, $v2, $v3),
          "vpaddq	$slot($KBASE,$IDX), $X[$j % 8], $v0",
          "vmovdqu	$v0, $slot(%rsp,$IDX)");
}

# schedule512_words(J, \@X, T0, T1, T2, T3) returns the AVX-512VL
# instructions computing W[t], W[t+1] (t = 16 + 2J) into $X[J % 8] from
# the last eight pairs in @X (pair k in $X[k % 8]), with temporaries
# T0..T3; the registers may be xmm (one block) or ymm (two blocks).
sub schedule512_words {
  my ($j, $X, $t0, $t1, $t2, $t3) = @_;
  my ($x16, $x14, $x8, $x6, $x2) =
      map { $X->[($j + $_) % 8] } 0, 1, 4, 5, 7;
  return (
    "vpalignr	\$8, $x16, $x14, $t0",       # W[t-15], W[t-14]
    "vprorq	\$1, $t0, $t1",
    "vprorq	\$8, $t0, $t2",
    "vpsrlq	\$7, $t0, $t0",
    "vpternlogq	\$0x96, $t2, $t1, $t0",     # σ0(W[t-15..t-14])
    "vpaddq	$t0, $x16, $x16",             # W[t-16] + σ0(W[t-15])
    "vpalignr	\$8, $x8, $x6, $t3",        # W[t-7], W[t-6]
    "vpaddq	$t3, $x16, $x16",
    "vprorq	\$19, $x2, $t1",
    "vprorq	\$61, $x2, $t2",
    "vpsrlq	\$6, $x2, $t3",
    "vpternlogq	\$0x96, $t2, $t1, $t3",     # σ1(W[t-2..t-1])
    "vpaddq	$t3, $x16, $x16",             # W[t], W[t+1]
  );
}

# Frame: 0..1279 W+K (40 pair slots of 32 bytes); 1280 the state pointer;
# 1288 the number of blocks left.
my $STATE_SLOT = $FRAME_WK;
my $NUM_SLOT = $FRAME_WK + 8;
my $IN_SLOT = $FRAME_WK + 16;
my $CLR_SLOT = $FRAME_WK + 24;     # avx512: bytes of the frame to clear

# The code is kept compact enough for the op cache (a fully unrolled pair
# of blocks is about 4,600 instructions, more than Zen 3's 4K-op cache, and
# decoding 4 instructions per cycle from L1i cannot feed 24 per round in
# 5.5 cycles): the rounds run in loops of 16.
sub avx2 {
  my ($variant) = @_;
  my $L = ".Lsha512_$variant";
  my $sched = $variant eq 'avx512' ? \&schedule512 : \&schedule;
  my $rnd = $variant eq "avx512" ? \&round4 : \&round;
  # round4 needs %rsi as a temporary: `in` lives in the frame.
  my $init = $rnd == \&round4
      ? sub { text("movq	$_[0], $x", "movq	$_[0], $yy", "xorq	$_[1], $x",
                   "andq	$_[1], $yy") }     # b ^ c, b & c
      : sub { text("movq	$_[0], $y", "xorq	$_[1], $y") };  # b ^ c
  my ($in) = ('%rsi');
  my $c = X86_64Xlate::function_begin("sha512_block_data_order_$variant",
    args => 3, save => [qw(rbx rbp r12 r13 r14 r15)], xmm => [6 .. 11],
    frame => $FRAME_WK + 32);
  $c .= text(
    "testq	%rdx, %rdx",
    "jz	${L}_done",
    "movq	%rsi, $IN_SLOT(%rsp)",
    "movq	%rdi, $STATE_SLOT(%rsp)",
    "movq	%rdx, $NUM_SLOT(%rsp)",
    "leaq	.Lsha512_avx2_K(%rip), $KBASE",
  );
  $c .= text(load_state('q', '%rdi', @S));
  $c .= text("movq	\$256, $CLR_SLOT(%rsp)") if $variant eq 'avx512';
  $c .= "${L}_loop:\n";
  $c .= text("movq	$IN_SLOT(%rsp), $in");
  # avx512: a last single block goes to the one-block code (one_block512).
  $c .= text("cmpq	\$1, $NUM_SLOT(%rsp)", "je	${L}_one",
             "movq	\$$FRAME_WK, $CLR_SLOT(%rsp)") if $variant eq 'avx512';
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
  $c .= $init->($b, $c_) . text("xorl	%edi, %edi");
  $c .= "${L}_sched_loop:\n";
  for my $j (0 .. 7) {
    my @r = ($rnd->((32 * $j) . "(%rsp,$IDX)"),
             $rnd->((32 * $j + 8) . "(%rsp,$IDX)"));
    $c .= text(interleave(\@r, [$sched->($j)]));
  }
  $c .= text(
    "addq	\$256, $IDX",
    "cmpq	\$1024, $IDX",
    "jb	${L}_sched_loop",
  );
  # Rounds 64..79 ($IDX = 1024).
  for my $j (0 .. 7) {
    $c .= text($rnd->((32 * $j) . "(%rsp,$IDX)"),
               $rnd->((32 * $j + 8) . "(%rsp,$IDX)"));
  }
  # 16 rounds rotate the names twice round: @S is back in place.
  $c .= feed_forward();
  $c .= text("cmpq	\$1, $NUM_SLOT(%rsp)", "je	${L}_finish");

  # Block i+1: rounds 0..79 from the upper half of each frame slot, five
  # iterations of 16 rounds.
  ($a, $b, $c_) = @S[0 .. 2];
  $c .= $init->($b, $c_) . text("xorl	%edi, %edi");
  $c .= "${L}_second_loop:\n";
  for my $j (0 .. 7) {
    $c .= text($rnd->((32 * $j + 16) . "(%rsp,$IDX)"),
               $rnd->((32 * $j + 24) . "(%rsp,$IDX)"));
  }
  $c .= text(
    "addq	\$256, $IDX",
    "cmpq	\$1280, $IDX",
    "jb	${L}_second_loop",
  );
  $c .= feed_forward();
  $c .= text(
    "addq	\$256, $IN_SLOT(%rsp)",
    "subq	\$2, $NUM_SLOT(%rsp)",
    "jnz	${L}_loop",
  );
  $c .= "${L}_finish:\n";
  # Clear W+K (derived from the input) from the frame and the upper halves
  # of the ymm registers.
  $c .= text("vpxor	$v0, $v0, $v0");
  if ($variant eq 'avx512') {
    # The bytes of the frame that were written (CLR_SLOT: 256 after the
    # one-block code alone, else 1280), 256 at a time in 64-byte stores.
    (my $z0 = $v0) =~ s/ymm/zmm/;
    $c .= text("xorl	%eax, %eax");
    $c .= "${L}_clear:\n";
    for my $k (0 .. 3) {
      $c .= text("vmovdqu64	$z0, " . (64 * $k) . "(%rsp,%rax)");
    }
    $c .= text("addq	\$256, %rax", "cmpq	$CLR_SLOT(%rsp), %rax",
               "jb	${L}_clear");
  } else {
    for my $k (0 .. 39) {
      $c .= text("vmovdqu	$v0, " . (32 * $k) . "(%rsp)");
    }
  }
  $c .= text("vzeroupper");
  $c .= "${L}_done:\n";
  $c .= X86_64Xlate::epilogue();
  $c .= one_block512($L, $in) . text("jmp	${L}_finish") if $variant eq 'avx512';
  $c .= X86_64Xlate::function_end();
  return $c;
}

# feed_forward() returns H(i) = H(i-1) + (a..h), stored to the state and
# kept in the registers for the next block.
sub feed_forward {
  my $state = $t0;
  return text("movq	$STATE_SLOT(%rsp), $state",
              add_to_state('q', $state, @S));
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

# round_nobmi(MEM): round(MEM) without rorx and andn
# (SHAx86Common::sha2_round_nobmi).
my %NOBMI = (sfx => 'q', Sigma1 => [14, 18, 41], Sigma0 => [28, 34, 39],
             tmp => [$t0, $t1]);
sub round_nobmi {
  my @i = sha2_round_nobmi(\@S, $_[0], \%NOBMI, $t2, $y);
  ($t2, $y) = ($y, $t2);
  return @i;
}

my @XQ = map { "%xmm$_" } 0 .. 7;
my ($q0, $q1, $q2, $q3) = map { "%xmm$_" } 8 .. 11;

# schedule_x(F, J): W[t], W[t+1] for t = 16 + 2J into $XQ[J % 8], and W+K
# into slot (J + 8) mod 16, in the encoding F (SHAx86Common::forms).
sub schedule_x {
  my ($f, $j) = @_;
  my ($x16, $x14, $x8, $x6, $x2) = map { $XQ[($j + $_) % 8] } 0, 1, 4, 5, 7;
  return (
    $f->valign(8, $x16, $x14, $q0),                    # W[t-15], W[t-14]
    $f->vsh('psrlq', 7, $q0, $q1),
    $f->vsh('psrlq', 1, $q0, $q2),
    $f->v3('pxor', $q2, $q1, $q1),
    $f->vsh('psllq', 63, $q0, $q2),
    $f->v3('pxor', $q2, $q1, $q1),
    $f->v3('pshufb', '.Lsha512_avx2_ror8(%rip)', $q0, $q2),
    $f->v3('pxor', $q2, $q1, $q1),                      # σ0
    $f->v3('paddq', $q1, $x16, $x16),                   # W[t-16] + σ0(W[t-15])
    $f->valign(8, $x8, $x6, $q0),                       # W[t-7], W[t-6]
    $f->v3('paddq', $q0, $x16, $x16),
    $f->vsh('psrlq', 6, $x2, $q1),
    $f->vsh('psrlq', 19, $x2, $q2),
    $f->v3('pxor', $q2, $q1, $q1),
    $f->vsh('psllq', 45, $x2, $q3),
    $f->v3('pxor', $q3, $q1, $q1),
    $f->vsh('psrlq', 61, $x2, $q2),
    $f->v3('pxor', $q2, $q1, $q1),
    $f->vsh('psllq', 3, $x2, $q3),
    $f->v3('pxor', $q3, $q1, $q1),                      # σ1(W[t-2], W[t-1])
    $f->v3('paddq', $q1, $x16, $x16),                   # W[t], W[t+1]
    $f->v3('paddq', '.Lsha512_avx2_K+' . (32 * ($j + 8)) . '(%rip)', $x16, $q0),
    $f->vmova($q0, (16 * (($j + 8) % 16)) . "(%rsp)"),
  );
}

# --- AVX-512VL, one block ----------------------------------------------------
#
# A last single block (num_blocks odd, and so every one-block call: the
# 16-byte one-shot) does not need the two-lane schedule: one_block512 runs
# it with the schedule of the AVX/SSSE3 paths (xmm registers, a ring of
# sixteen 16-byte W+K slots at 0..255 of the frame, 80 unrolled rounds) but
# with schedule512's σ0/σ1 (vprorq, vpternlogq on xmm) and round4's rounds.
# It is part of sha512_block_data_order_avx512, entered from its loop.

# schedule512x(J): W[t], W[t+1] for t = 16 + 2J into $XQ[J % 8], and W+K
# into ring slot (J + 8) mod 16.
sub schedule512x {
  my ($j) = @_;
  return (schedule512_words($j, \@XQ, $q0, $q1, $q2, $q3),
          "vpaddq	.Lsha512_avx2_K+" . (32 * ($j + 8)) . "(%rip), $XQ[$j % 8], $q0",
          "vmovdqa	$q0, " . (16 * (($j + 8) % 16)) . "(%rsp)");
}

# one_block512(L, IN) returns the code at label L_one: one block from IN,
# the state in @S (which it leaves in place), ending with the feed-forward.
sub one_block512 {
  my ($L, $in) = @_;
  my $c = "${L}_one:\n";
  # W[0..15], byte-swapped, and W+K for rounds 0..15 into slots 0..7.
  for my $k (0 .. 7) {
    $c .= text(
      "vmovdqu	" . (16 * $k) . "($in), $XQ[$k]",
      "vpshufb	.Lsha512_avx2_bswap(%rip), $XQ[$k], $XQ[$k]",
      "vpaddq	.Lsha512_avx2_K+" . (32 * $k) . "(%rip), $XQ[$k], $q0",
      "vmovdqa	$q0, " . (16 * $k) . "(%rsp)",
    );
  }
  $c .= text("movq	$S[1], $x", "movq	$S[1], $yy", "xorq	$S[2], $x",
             "andq	$S[2], $yy");                # b ^ c, b & c
  for my $j (0 .. 39) {
    my @r = (round4((16 * ($j % 16)) . "(%rsp)"),
             round4((16 * ($j % 16) + 8) . "(%rsp)"));
    my @v = $j + 8 <= 39 ? schedule512x($j) : ();
    $c .= text(interleave(\@r, \@v));
  }
  # 80 rounds bring the names back in place.
  $c .= feed_forward();
  return $c;
}

sub xmm_path {
  my ($variant) = @_;
  my $f = forms($variant);
  my ($state, $in) = ('%rdi', '%rsi');
  my $L = ".Lsha512_$variant";
  my $c = block_loop_begin("sha512_block_data_order_$variant", $L,
    [qw(rbx rbp r12 r13 r14 r15)], [6 .. 11], $X_FRAME, 'q', @S);
  for my $k (0 .. 7) {
    $c .= text(
      $f->vmovu((16 * $k) . "($in)", $XQ[$k]),
      $f->v3('pshufb', '.Lsha512_avx2_bswap(%rip)', $XQ[$k], $XQ[$k]),
      $f->v3('paddq', '.Lsha512_avx2_K+' . (32 * $k) . '(%rip)', $XQ[$k], $q0),
      $f->vmova($q0, (16 * $k) . "(%rsp)"),
    );
  }
  $c .= text("movq	$S[1], $y", "xorq	$S[2], $y");    # b ^ c
  for my $j (0 .. 39) {
    my @r = (round_nobmi((16 * ($j % 16)) . "(%rsp)"),
             round_nobmi((16 * ($j % 16) + 8) . "(%rsp)"));
    my @v = $j + 8 <= 39 ? schedule_x($f, $j) : ();
    $c .= text(interleave(\@r, \@v));
  }
  # H(i) = H(i-1) + (a..h); 80 rounds bring the names back in place.
  $c .= text(add_to_state('q', $state, @S));
  # Next block; at the end, clear W+K (derived from the input).
  return $c . block_loop_end($f, $L, 128, $q0, 16);
}

my $code = ".text\n" . avx2('avx512') . avx2('avx2') . xmm_path('avx') . xmm_path('ssse3');

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
