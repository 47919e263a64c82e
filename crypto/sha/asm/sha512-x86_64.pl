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
# Measured on this machine (2026-12-02): AMD EPYC Zen 5 (family 26) KVM
# guest, 2 vCPUs shared with another agent's builds, TSC 2.096 GHz; core
# cycles = TSC ticks x ~1.57. Figures are TSC ticks; the clock moves by
# up to 25% between runs here, so compare figures of one run only.
#
# Against OpenSSL 3.0 (the system's libcrypto.so.3, its AVX2 code) and the
# previous code (16-round loop bodies, textbook round order in the avx2
# row, a linear σ1 chain, an unrolled one-block path in the avx512 row):
#   cc -O2 -Iinclude util/bench/sha512_cold.c BUILD/libcrypto_static.a -ldl
#     -o /tmp/sha512_cold && /tmp/sha512_cold 9
# (the avx2 row through the public API; medians of 9 alternating rounds,
# the best of 7 batches each; two runs of each build, alternated; "pol" runs
# OpenSSL's SHA256() between calls, "flush" 96 KiB of straight-line code,
# see the program's header):
#
# | item         | before: ours / ossl    | now: ours / ossl       |
# |--------------|------------------------|------------------------|
# | 8 KiB / blk  | 268-270 / 264  (1.02)  | 260-263 / 261-265 (0.99)|
# | Transform hot| 279-292 / 270-272 (1.03-1.08) | 277-282 / 267-273 (1.03) |
# | ... pol      | 366-369 / 320  (1.15)  | 316-319 / 318-322 (0.99-1.00) |
# | ... flush    | 367-371 / 321-325 (1.14) | 336-342 / 320-324 (1.05) |
# | SHA384 16 B  | 329-330 / 340  (0.97)  | 328-333 / 335-339 (0.97-0.98) |
# | ... pol      | 454-457 / 365  (1.25)  | 399-415 / 363-368 (1.08-1.14) |
# | ... flush    | 456-458 / 378-379 (1.21) | 436-441 / 374-378 (1.17) |
#
# What is left cold in SHA384 16 B is mostly the C around the block
# function (SHA384_Update/Final, ~100 ticks of the flushed call against
# ~55 for OpenSSL's; ~50 against ~67 when warm), not this file.
#
# The rows side by side: `bssl speed -impls -filter SHA-512 -chunks
# 16,128,1024,8192` (one round, load ~2.5 on the 2 vCPUs; the rows' order
# held across runs, the figures moved by ~10%), TSC c/B at 8 KiB;
# util/bench/impls_compare.pl OLD_BSSL NEW_BSSL compares two builds:
#
# | path   | 8 KiB | bound (core cycles) and what sets it                 |
# |--------|-------|------------------------------------------------------|
# | avx512 | 2.30  | round4 (below): chain e -> e' 4 deep, 24 ALU ops a   |
# |        |       | round, ~5 cycles a round measured (the dependent ops |
# |        |       | issue at ~4.8 a cycle, not 6); schedule chain 6      |
# |        |       | cycles a pair                                        |
# | avx2   | 2.29  | the same rounds; schedule chain 10 cycles a pair     |
# | avx    | 2.47  | textbook round (chain 5 deep, copy + ror for Σ),     |
# | ssse3  | 2.63  | ~28 ALU ops a round                                  |
# | nohw   | 3.56  | (C, for comparison)                                  |
#
# avx2 and avx512 now differ only in the schedule and measure the same
# (SHA-384, `-rounds 5 -chunks 16,256,1350,8192`: avx512/avx2 MB/s 16 B
# 78.1/72.5, 256 B 565/571, 1350 B 833/826, 8 KiB 889/882); `bssl speed
# -check` on the loaded machine flagged avx512 over avx2 at single sizes
# in some runs (5.9-18.6%) and was clean in others. avx2 stays first
# (impls.h).
#
# Code size (bytes, `nm -S` of the ELF object): avx512 2,785, avx2 2,921
# (were 18,260 and 6,645), avx 12,584, ssse3 14,896; 1.3 KB of constants.
#
# AMD Zen 4 (EPYC family 25 model 17, four integer ALUs; TSC 2.596 GHz,
# core cycles = TSC ticks x 1.42), quiet, 2026-12-05. The block functions
# called directly (an rdtsc harness outside the tree: minimum of 3000
# calls, 300 for 64 blocks, median of 9 rounds; two runs), TSC ticks a
# block:
#   blocks  ssse3  avx  avx2     avx512
#   1       494    468  468-494  468-494   (one TSC step is 26 ticks)
#   2       468    429  416      403-416
#   8       442    410  387-390  377-380
#   64      434    400  381      371-374
# So round4 (24 ALU operations a round against the textbook round's 22)
# does not lose on a four-ALU core: avx2 is 3-5% ahead of avx from two
# blocks on, at 6.8 core cycles a round (24 operations on four ALUs need
# 6), and avx512 another 2-3%, under `bssl speed -check`'s 5%, so avx2
# stays first (impls.h). `bssl speed -impls -filter SHA-512 -rounds 5
# -timeout 0.2`, MB/s at 16, 8192 and 16384 bytes: avx2 91, 824, 845;
# avx512 94, 826, 876; avx 94, 805, 802; ssse3 86, 728, 719; nohw 62, 543,
# 535 (the 256-byte column moved by 10% between runs). Against OpenSSL 3
# (`../shared/tools/speed-vs-openssl BUILD/bssl --rounds 5 --seconds 0.3
# --only SHA-512`): 1.41x at 16 bytes, 1.14x at 256, 1.05x at 1350, 1.02x
# at 8 KiB, 1.01x at 16 KiB.
#
# How the avx2 row got here, each step measured with the harness above on
# direct calls of variants of the generator (same run, alternating):
# - The σ1 xors as a tree (schedule()): the chain from W[t-2..t-1] to
#   W[t..t+1] went from 6 vector ops (12 cycles a pair, 6 a round: slower
#   than the rounds) to 5. Alone it changed little (the rounds' 5-deep
#   chain was as slow); with round4 it lets the rounds set the pace.
# - round4 in the avx2 row (it was the avx512 row's only): per block, bulk,
#   ~275 -> ~268 ticks, level with OpenSSL; one block warm unchanged.
#   round4 needs 24 ALU operations a round against 22: on a core with 4
#   integer ALUs (Zen 3/4, Intel before Golden Cove) that is 6 cycles of
#   issue a round against 5.5 and it may lose there; no such core here
#   then (Zen 4 since: it does not lose, see the table above).
# - Loop bodies of 8 rounds instead of 16, rounds 64..79 of the first block
#   through the second block's loop instead of unrolled, the frame cleared
#   in a loop: a one-block call with a cold front end (OpenSSL's SHA256()
#   between calls) ~375 -> ~325 ticks (OpenSSL ~330); bodies of 16 rounds
#   with the rest unchanged stayed at ~390. The schedule's 8-register
#   ring then turns by four pairs per pass: 12 register moves a pass,
#   which cost nothing measurable (a 16-round schedule body measured the
#   same warm).
# - The avx512 row's unrolled one-block path (11.7 KB, for a last odd
#   block) is gone: warm it saved ~10 ticks a block, cold it cost ~130
#   (~455 against ~325 for the loop).
# - The "pol" figures move by ±20 ticks with where the code lands relative
#   to OpenSSL's (linking padding in front of the objects moved them), so
#   decisions were taken on several placements and on "flush".
# Earlier experiments, still true of the rounds (2026-11-30): a 4-deep
# round with Ch and Σ1 added to both d and h (25 ALU operations) was 2-3%
# slower than the textbook round; a split round (an e half into h, an a
# half into d, each placed beside the next round's other half) was slower
# than round4 (bulk 2.152-2.158 against 2.127-2.141 TSC c/B, 3-block calls
# 19% slower): the integer scheduler finds the chains itself, and the limit
# is the ALU operations.
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
# leaves the integer ALUs to the rounds (round4 below: rorx for Σ0/Σ1, andn
# for Ch, Maj as a sum of two disjoint terms carried from the previous
# round, chains 4 deep). Both rows run the rounds in loops of 8 (see
# avx2()). On an odd last block the upper lanes repeat that block and their
# schedule is computed and ignored.
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
# The temporaries of round_nobmi (the AVX and SSSE3 paths): $t2 computes
# a ^ b, which the next round uses as b ^ c; $y holds this round's b ^ c.
# They swap after each round.
my ($t0, $t1) = ('%rax', '%rbx');
my ($t2, $y) = ('%rcx', '%rbp');

# round4(MEM) returns the instructions of one round reading K[t]+W[t] from
# memory operand MEM, and rotates @S. It is the textbook round
#   T1 = h + Σ1(e) + Ch(e,f,g) + K[t] + W[t],  T2 = Σ0(a) + Maj(a,b,c)
#   e' = d + T1,  a' = T1 + T2
# rearranged so that the recurrence e -> e' is four operations deep instead
# of five. With Y0 = h + K[t] + W[t]:
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
# 24 ALU operations and 2 moves a round, against 22 and 2 for the textbook
# order (T1 built in h, Maj = b ^ ((a ^ b) & (b ^ c)), chains 5 deep).
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
# schedule advances the index register $IDX by 128 bytes (4 pairs) per
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
    # σ1(W[t-2..t-1]) = ROTR^19 ^ ROTR^61 ^ SHR^6: five shifted copies
    # xored as a tree, ((s6 ^ s19) ^ (s45 ^ s61)) ^ s3, so that the chain
    # W[t-2..t-1] -> W[t..t+1] is a shift, three xors and the add (10
    # cycles here), not a shift, four xors and the add.
    "vpsrlq	\$6, $x2, $v1",
    "vpsrlq	\$19, $x2, $v2",
    "vpsllq	\$45, $x2, $v3",
    "vpsrlq	\$61, $x2, $v0",
    "vpxor	$v2, $v1, $v1",
    "vpxor	$v0, $v3, $v3",
    "vpsllq	\$3, $x2, $v2",
    "vpxor	$v3, $v1, $v1",
    "vpxor	$v2, $v1, $v1",
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
# T0..T3 (ymm registers: two blocks, one per 128-bit lane).
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
# 1288 the number of blocks left; 1296 the input pointer.
my $STATE_SLOT = $FRAME_WK;
my $NUM_SLOT = $FRAME_WK + 8;
my $IN_SLOT = $FRAME_WK + 16;

# avx2(VARIANT) returns sha512_block_data_order_VARIANT: the avx2 row, or
# the avx512 row (the same code with schedule512).
#
# The rounds run in two loops of 8 rounds (8 rounds rotate @S once round and
# round4 keeps its carried terms in fixed registers, so one body serves
# every pass), which keeps the code small: a call whose code is not in the
# op cache decodes each body once, ~4 instructions a cycle, and runs the
# other passes from the op cache. With bodies of 16 rounds a one-block call
# with a cold front end took ~20% longer (header table).
#   sched_loop: rounds 0..63 of block i, 4 schedule steps (W[t..t+1] of
#     both blocks, 8 rounds ahead) beside each 8 rounds; 8 passes.
#   rounds_loop: 8 rounds reading the upper half of each frame slot,
#     (32j + 16)(%rsp,IDX): block i+1's rounds 0..79 (IDX from 0 to 1280,
#     10 passes) and, from IDX = 1024 - 16, block i's rounds 64..79 from the
#     lower halves of slots 32..39 (2 passes, to IDX = 1264).
sub avx2 {
  my ($variant) = @_;
  my $L = ".Lsha512_$variant";
  my $sched = $variant eq 'avx512' ? \&schedule512 : \&schedule;
  # round4 needs %rsi as a temporary: `in` lives in the frame.
  my $init = sub {       # b ^ c and b & c, which round4 carries
    text("movq	$_[0], $x", "movq	$_[0], $yy", "xorq	$_[1], $x",
         "andq	$_[1], $yy");
  };
  my ($in) = ('%rsi');
  my $c = X86_64Xlate::function_begin("sha512_block_data_order_$variant",
    args => 3, save => [qw(rbx rbp r12 r13 r14 r15)], xmm => [6 .. 11],
    frame => $FRAME_WK + 24);
  $c .= text(
    "testq	%rdx, %rdx",
    "jz	${L}_done",
    "movq	%rsi, $IN_SLOT(%rsp)",
    "movq	%rdi, $STATE_SLOT(%rsp)",
    "movq	%rdx, $NUM_SLOT(%rsp)",
    "leaq	.Lsha512_avx2_K(%rip), $KBASE",
  );
  $c .= text(load_state('q', '%rdi', @S));
  $c .= "${L}_loop:\n";
  $c .= text(
    "movq	$IN_SLOT(%rsp), $in",
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

  $c .= $init->(@S[1, 2]) . text("xorl	%edi, %edi");
  $c .= "${L}_sched_loop:\n";
  for my $j (0 .. 3) {
    my @r = (round4((32 * $j) . "(%rsp,$IDX)"),
             round4((32 * $j + 8) . "(%rsp,$IDX)"));
    $c .= text(interleave(\@r, [$sched->($j)]));
  }
  # The schedule's ring of eight pairs moves on by four: the next pass
  # finds in $X[k] what this pass knew as $X[k + 4], and the reverse.
  # Register moves, which the renamer performs, where the newest pair (the
  # next pass's first σ1 input, on the chain) goes straight from $X[3] to
  # $X[7]. A move from ymm8-11 to ymm0-7 has two encodings (GAS and NASM
  # pick different ones, and the flavours must assemble alike), so those
  # four copies are vpor, off the chain.
  my @tmp = ($v0, $v1, $v2, $v3);
  for my $k (0 .. 2) {
    $c .= text("vmovdqa	$X[$k], $tmp[$k]", "vmovdqa	$X[$k + 4], $X[$k]");
  }
  $c .= text("vmovdqa	$X[7], $v3", "vmovdqa	$X[3], $X[7]",
             "vpor	$v3, $v3, $X[3]");
  for my $k (0 .. 2) {
    $c .= text("vpor	$tmp[$k], $tmp[$k], $X[$k + 4]");
  }
  $c .= text(
    "addq	\$128, $IDX",
    "cmpq	\$1024, $IDX",
    "jb	${L}_sched_loop",
    "movl	\$1008, %edi",
  );
  $c .= "${L}_rounds_loop:\n";
  for my $j (0 .. 3) {
    $c .= text(round4((32 * $j + 16) . "(%rsp,$IDX)"),
               round4((32 * $j + 24) . "(%rsp,$IDX)"));
  }
  $c .= text(
    "addq	\$128, $IDX",
    "cmpq	\$1264, $IDX",
    "jb	${L}_rounds_loop",
  );
  $c .= feed_forward();
  $c .= text(
    "cmpq	\$1264, $IDX",
    "jne	${L}_next",               # block i+1 is done
    "cmpq	\$1, $NUM_SLOT(%rsp)",
    "je	${L}_finish",             # block i was the last
  );
  # Block i+1: rounds 0..79 from the upper half of each frame slot.
  $c .= $init->(@S[1, 2]) . text("xorl	%edi, %edi", "jmp	${L}_rounds_loop");
  $c .= "${L}_next:\n";
  $c .= text(
    "addq	\$256, $IN_SLOT(%rsp)",
    "subq	\$2, $NUM_SLOT(%rsp)",
    "jnz	${L}_loop",
  );
  $c .= "${L}_finish:\n";
  # Clear W+K (derived from the input) from the frame, 256 bytes a pass,
  # and the upper halves of the ymm registers.
  $c .= text("vpxor	$v0, $v0, $v0", "xorl	%eax, %eax");
  $c .= "${L}_clear:\n";
  for my $k (0 .. 7) {
    $c .= text("vmovdqu	$v0, " . (32 * $k) . "(%rsp,%rax)");
  }
  $c .= text("addq	\$256, %rax", "cmpq	\$$FRAME_WK, %rax", "jb	${L}_clear",
             "vzeroupper");
  $c .= "${L}_done:\n";
  $c .= X86_64Xlate::epilogue();
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
# The copies keep the chain e -> e' at 5 operations, as the textbook round
# with rorx does.

my $X_FRAME = 256;

# round_nobmi(MEM): the textbook round order (T1 built in h, Maj = b ^ ((a ^
# b) & (b ^ c))) with plain rotates, reading K[t]+W[t] from MEM; rotates @S
# and ($t2, $y) (SHAx86Common::sha2_round_nobmi).
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
