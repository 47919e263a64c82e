#!/usr/bin/env perl
# Copyright 2026 The project authors.
#
# sha256-x86_64.pl: SHA-256 block functions for x86-64 (FIPS 180-4 §6.2).
# Usage: perl sha256-x86_64.pl FLAVOUR OUTPUT
#
# Entry points (C declarations in sha_asm.h), each with the contract of
# crypto/sha/internal.h: compress `num_blocks` 64-byte blocks from `in`
# (any alignment) into `state` = H0..H7; num_blocks == 0 reads nothing.
#
#   sha256_block_data_order_shani(uint32_t state[8], const uint8_t *in,
#                                 size_t num_blocks)      SHA extensions
#   sha256_block_data_order_avx2(uint32_t state[8], const uint8_t *in,
#                                size_t num_blocks)       AVX2 + BMI1 + BMI2
#   sha256_block_data_order_avx(...)                      AVX
#   sha256_block_data_order_ssse3(...)                    SSSE3
#
# Measured on this machine (2026-11-29): AMD Zen 5 (family 26) KVM guest,
# TSC 2.096 GHz, core clock ~3.7 GHz (a chain of dependent adds takes 0.566
# TSC ticks, so core cycles = TSC ticks x 1.77). TSC ticks per byte at 8192
# bytes, the minimum of 200 x 8 one-shot SHA256() calls with the row
# forced (the machine was shared with ~8 builds, load average 13-19: minima
# move ~3% between runs, medians 30%). OpenSSL 3.0.19 measured the same way
# on its SHA256_Update, same run; "SHA masked" = OPENSSL_ia32cap=:~0x20000000
# for OpenSSL.
# Reproducing: `bssl speed -impls -filter SHA-256 -chunks 16,256,8192` lists
# these rows side by side at these sizes (speed-up and cycles/byte from the
# TSC, means over wall-clock seconds). The figures below were taken with an
# rdtsc harness outside the tree that calls each row directly (minima per
# call, steadier than those means on a shared machine); the OpenSSL figures
# came from the same harness, and no command in the tree reproduces them.
#
# | path  | TSC c/B | core c/B | OpenSSL      | bound (core c/B) and what sets it   |
# |-------|---------|----------|--------------|-------------------------------------|
# | shani | 1.17    | 2.07     | 1.24         | sha256rnds2 latency chain: 32 per   |
# |       |         |          |              | block x 4 cycles / 64 = 2.0         |
# | avx2  | 3.18 *  | 5.1      | 3.26 * (SHA  | ALU throughput: 24 integer ops a    |
# |       |         |          | masked)      | round at ~5 a cycle here: ~4.8; the |
# |       |         |          |              | chains e -> e', a -> a' are 4: 4.0  |
# | avx   | 3.45    | 6.1      | -            | chain e -> e' (copy+ror for Σ1,     |
# |       |         |          |              | xor, xor, add, add): 5.0;           |
# | ssse3 | 3.60    | 6.4      | -            | ~30 ops a round share the ALUs      |
# | nohw  | 4.9     | 8.7      | -            | (C, for comparison)                 |
#
# * avx2, 2026-11-30 (issue #6): the round was reordered so that e' and a'
#   each sit 4 cycles after e and a (see round32). Median TSC ticks a byte
#   over 2000 interleaved calls of 128 blocks (the out-of-tree harness
#   calling the block functions and OpenSSL 3.0.19's SHA256_Update with
#   OPENSSL_ia32cap=~0x0:~0x20000000 in turn), 8 runs, load average 7-11:
#   this round 3.14-3.27, the previous 5-cycle round 3.30-3.44, OpenSSL
#   3.22-3.36: 5% faster than before and 2-3% ahead of OpenSSL in every
#   run. Core cycles = TSC ticks x 1.6 (a chain of dependent adds, today).
#   Object size: 6158 bytes of code (was 5480). sha512-x86_64.pl's round4
#   order (b & c carried from the last round with andn instead of taken
#   afresh; 24 ALU operations and 2 copies) measured 1.7% slower than this
#   one in the same harness (4 runs: 3.40-3.41 against 3.34-3.35).
#
# Every path beats the C code at every size (16 bytes: shani 73, avx2 280,
# avx 265, ssse3 276, nohw 341 ticks a call). avx and avx2 are within 3%
# of each other here (avx ahead at 16, 64 and 8192 bytes, avx2 ahead by 7%
# at 256); avx2 stays first, since the CPUs that take these rows (no SHA
# extensions) are mostly Intel cores where rorx halves the Σ chain. Object
# size: shani 833 bytes of code + 272 of constants; avx2 6158 + 608; avx
# 7770 and ssse3 8362 (64 unrolled rounds) + 48.
#
# AMD Zen 4 (EPYC family 25 model 17, TSC 2.596 GHz, core cycles = TSC
# ticks x 1.42), quiet, 2026-12-05: `bssl speed -impls -filter SHA-256
# -rounds 5 -timeout 0.2` (medians of 5 alternating rounds), MB/s at 16,
# 256 and 8192 bytes, TSC c/B at 8 KiB:
#   shani 490, 1458, 1812: 1.43 (2.03 core c/B: the sha256rnds2 chain at
#                                4 cycles, as on Zen 5)
#   avx2  114,  407,  530: 4.90 (7.0 core c/B: 24 integer operations a
#   avx   114,  406,  530: 4.90  round on Zen 4's four ALUs need 6.0)
#   ssse3 108,  397,  519: 5.01
#   nohw   73,  276,  350: 7.41
# Against OpenSSL 3 (`../shared/tools/speed-vs-openssl BUILD/bssl --rounds
# 5 --seconds 0.3 --only SHA-256`; both use the SHA extensions): 3.74x at
# 16 bytes, 1.61x at 256, 1.16x at 1350, 1.03x at 8 KiB, 1.02x at 16 KiB.
#
# The SHA-NI path. sha256rnds2 performs two rounds on a state split in two
# registers, {A,B,E,F} and {C,D,G,H} (A in the highest dword), with
# W[t]+K[t] and W[t+1]+K[t+1] in the low half of the implicit operand xmm0.
# After two rounds the new {C,D,G,H} is the old {A,B,E,F}, so the two
# registers simply swap roles from one sha256rnds2 to the next and no move
# is needed. The 32 sha256rnds2 per block form one dependency chain; every
# other instruction (loading, byte swapping, the message schedule
# W[t] = σ1(W[t-2]) + W[t-7] + σ0(W[t-15]) + W[t-16] with sha256msg1/msg2,
# the W+K additions) is independent of it and is placed between the rounds
# so that it issues while the chain waits.

use strict;
use warnings;
use FindBin;
use lib "$FindBin::Bin/../../perlasm";
use lib "$FindBin::Bin";
use SHAConstants;
use InsnList qw(text interleave);
use SHAx86Common qw(forms load_state add_to_state block_loop_begin block_loop_end
                    avx2_finish sha2_round_nobmi);
require "x86_64-xlate.pl";

my ($flavour, $output) = @ARGV;

my $code = '';

# The round constants (crypto/sha/asm/SHAConstants.pm).
my @K = @SHAConstants::K256;

# --- SHA-NI -------------------------------------------------------------------

sub shani {
  # Arguments (SysV; the translator moves Win64's there).
  my ($state, $in, $num) = ('%rdi', '%rsi', '%rdx');
  # xmm0 is fixed by sha256rnds2: it carries W[t]+K[t], W[t+1]+K[t+1].
  my $wk = '%xmm0';
  # The two halves of the working variables; they swap roles every
  # sha256rnds2, so they are kept in a list and rotated.
  my @st = ('%xmm1', '%xmm2');    # {A,B,E,F}, {C,D,G,H}
  # W[4i..4i+3] for the four most recent groups i, W[4i] in the low dword.
  my @m = ('%xmm3', '%xmm4', '%xmm5', '%xmm6');
  my $tmp = '%xmm7';
  my ($save_abef, $save_cdgh) = ('%xmm8', '%xmm9');   # H(i-1) for the feed-forward
  my $bswap = '%xmm10';

  my $c = X86_64Xlate::function_begin('sha256_block_data_order_shani',
    args => 3, xmm => [6 .. 10]);
  $c .= <<"___";
	testq	$num, $num
	jz	.Lsha256_shani_done

	# Load H0..H7 as {a,b,c,d} and {e,f,g,h} (a, e in the low dwords) and
	# rearrange them into {A,B,E,F} = (F,E,B,A from dword 0 up) and
	# {C,D,G,H} = (H,G,D,C).
	movdqu	0($state), $tmp			# a b c d
	movdqu	16($state), $st[1]		# e f g h
	pshufd	\$0xb1, $tmp, $tmp		# b a d c
	pshufd	\$0x1b, $st[1], $st[1]		# h g f e
	movdqa	$tmp, $st[0]
	palignr	\$8, $st[1], $st[0]		# f e b a = {A,B,E,F}
	pblendw	\$0xf0, $tmp, $st[1]		# h g d c = {C,D,G,H}
	movdqa	.Lsha256_shani_bswap(%rip), $bswap

.Lsha256_shani_loop:
	movdqa	$st[0], $save_abef
	movdqa	$st[1], $save_cdgh
___
  # M(i) in big-endian words: W[0..15].
  for my $i (0 .. 3) {
    $c .= "\tmovdqu\t" . (16 * $i) . "($in), $m[$i]\n";
  }
  for my $i (0 .. 3) {
    $c .= "\tpshufb\t$bswap, $m[$i]\n";
  }

  # Sixteen groups of four rounds. In group g, $m[g % 4] holds
  # W[4g..4g+3] and, for g >= 4, was computed during groups g-4..g-1:
  #   group g-3 (once W[4g-16..4g-13] is no longer needed as W[t-7]):
  #       m = sha256msg1(W[4g-16..4g-13], W[4g-12..4g-9])
  #         = W[t-16] + σ0(W[t-15])                    for t = 4g..4g+3
  #   group g-1 (as soon as W[4g-4..4g-1] exists):
  #       m += W[t-7]  (palignr of the groups g-2, g-1)
  #       m  = sha256msg2(m, W[4g-4..4g-1]): adds σ1(W[t-2]), which for
  #            t = 4g+2, 4g+3 needs the W[4g], W[4g+1] just produced; the
  #            instruction handles that internally.
  for my $g (0 .. 15) {
    my $cur = $m[$g % 4];
    $c .= "\t# Rounds " . (4 * $g) . ".." . (4 * $g + 3) . "\n";
    $c .= "\tmovdqa\t$cur, $wk\n";
    $c .= "\tpaddd\t.Lsha256_shani_K+" . (16 * $g) . "(%rip), $wk\n";
    $c .= "\tsha256rnds2\t$st[0], $st[1]\n";
    @st = reverse @st;
    # Schedule for group g+1: finish W[4g+4..4g+7].
    if ($g + 1 >= 4 && $g + 1 <= 15) {
      my $next = $m[($g + 1) % 4];
      my $prev = $m[($g + 3) % 4];    # W[4g-4..4g-1]
      $c .= "\tmovdqa\t$cur, $tmp\n";
      $c .= "\tpalignr\t\$4, $prev, $tmp\n";       # W[4g-3..4g]: W[t-7]
      $c .= "\tpaddd\t$tmp, $next\n";
      $c .= "\tsha256msg2\t$cur, $next\n";
    }
    $c .= "\tpshufd\t\$0x0e, $wk, $wk\n";
    $c .= "\tsha256rnds2\t$st[0], $st[1]\n";
    @st = reverse @st;
    # Start W[4g+12..4g+15] in the register of group g-1, now that the
    # palignr above no longer needs its old contents.
    if ($g >= 1 && $g + 3 <= 15) {
      $c .= "\tsha256msg1\t$cur, $m[($g + 3) % 4]\n";
    }
  }

  $c .= <<"___";
	# H(i) = H(i-1) + the compressed state.
	paddd	$save_abef, $st[0]
	paddd	$save_cdgh, $st[1]
	leaq	64($in), $in
	decq	$num
	jnz	.Lsha256_shani_loop

	# Back to {a,b,c,d}, {e,f,g,h}.
	pshufd	\$0x1b, $st[0], $st[0]		# a b e f
	pshufd	\$0xb1, $st[1], $st[1]		# g h c d
	movdqa	$st[1], $tmp
	palignr	\$8, $st[0], $tmp		# e f g h
	pblendw	\$0xf0, $st[1], $st[0]		# a b c d
	movdqu	$st[0], 0($state)
	movdqu	$tmp, 16($state)
.Lsha256_shani_done:
___
  $c .= X86_64Xlate::epilogue();
  $c .= X86_64Xlate::function_end();
  return $c;
}

# --- AVX2 + BMI1/BMI2 ---------------------------------------------------------
#
# For CPUs without the SHA extensions. The rounds run in general-purpose
# registers with rorx (BMI2) and andn (BMI1), one block at a time; the
# message schedule
#   W[t] = σ1(W[t-2]) + W[t-7] + σ0(W[t-15]) + W[t-16]
# runs in ymm registers for two blocks at once (block i in the low 128-bit
# lane, block i+1 in the high one), four words per lane. W[t+2], W[t+3]
# need σ1 of the W[t], W[t+1] computed in the same step, so σ1 is applied
# in two halves. σ0 and σ1 rotate 32-bit words: AVX2 has no vector rotate,
# so σ0 uses shift pairs, and σ1 duplicates each word into both halves of a
# 64-bit lane, where one 64-bit shift yields the 32-bit rotation in the low
# half. The schedule stores W[t]+K[t] of both blocks into a 512-byte frame,
# 32 bytes per four rounds: [block i: t..t+3 | block i+1: t..t+3], four
# groups of rounds ahead of their use; block i+1's rounds then only read
# the frame. The rounds (round32) sum T1 and T2 in an order that leaves a
# 4-cycle chain from e to e' and from a to a'; b ^ c is carried from the
# previous round's a ^ b. On an odd last block the upper lanes repeat that
# block; their schedule is computed and ignored.

my $AVX2_FRAME_WK = 512;                 # 16 groups of 4 rounds x 32 bytes
my $AVX2_STATE_SLOT = $AVX2_FRAME_WK;    # the state pointer
my $AVX2_NUM_SLOT = $AVX2_FRAME_WK + 8;  # blocks left

# The working variables a..h, renamed after each round.
my @S32 = map { "%r${_}d" } 8 .. 15;
my ($a_t0, $a_t1) = ('%eax', '%ebx');
# $a_t2 computes a ^ b, which the next round uses as b ^ c ($a_y).
my ($a_t2, $a_y) = ('%ecx', '%ebp');

# q64(REG) names the 64-bit register of a 32-bit one (for lea addresses).
sub q64 {
  my ($r) = @_;
  $r =~ s/^%e/%r/ or $r =~ s/d$//;
  return $r;
}

# round32(MEM) returns one round reading K[t]+W[t] from memory operand MEM
# and renames the registers. The spec's round
#   T1 = h + Σ1(e) + Ch(e,f,g) + K[t] + W[t],  T2 = Σ0(a) + Maj(a,b,c)
#   e' = d + T1,  a' = T1 + T2
# is summed in an order that puts as little as possible behind e and a:
#   e' = (d + h + K[t] + W[t]) + (~e & g) + (e & f) + Σ1(e)
#   a' = e' + ((b & c) - d) + (a & (b ^ c)) + Σ0(a)
# Ch(e,f,g) = (e & f) + (~e & g) and Maj(a,b,c) = (b & c) + (a & (b ^ c))
# (in both, the two terms have no bit in common, so + is |), and
# a' = T1 + T2 = e' - d + T2. The d + h + K + W and (b & c) - d terms only
# need values of earlier rounds. From e: andn/and (1 cycle), adds (2, 3),
# Σ1 = rorx, xor, xor (3), last add (4): the chain e -> e' is 4 cycles
# (5 with T1 formed first, then e' = d + T1). From a: Σ0 (3) and one add
# (4); a' trails e' by a few cycles, which its own chain keeps constant.
# 24 integer ALU operations and 3 register copies a round (the 5-cycle
# form had 22 and 2): the rounds now run close to the ALU throughput.
sub round32 {
  my ($mem) = @_;
  my ($a, $b, $c, $d, $e, $f, $g, $h) = @S32;
  my ($t0, $t1, $t2, $y) = ($a_t0, $a_t1, $a_t2, $a_y);
  my @i = (
    "addl	$mem, $h",                # h + K[t] + W[t]
    "rorxl	\$6, $e, $t1",
    "movl	$b, $t2",
    "andl	$c, $t2",                # b & c
    "subl	$d, $t2",                # (b & c) - d
    "addl	$h, $d",                 # d + h + K[t] + W[t]; h is free now
    "rorxl	\$11, $e, $h",
    "andnl	$g, $e, $t0",            # ~e & g
    "xorl	$h, $t1",
    "addl	$t0, $d",
    "rorxl	\$25, $e, $h",
    "movl	$f, $t0",
    "andl	$e, $t0",                # e & f
    "xorl	$h, $t1",                # Σ1(e)
    "addl	$t0, $d",                # d + h + K[t] + W[t] + Ch(e,f,g)
    "addl	$t1, $d",                # e' = d + T1
    "leal	(" . q64($d) . "," . q64($t2) . "), $h",    # T1 + (b & c)
    "andl	$a, $y",                 # a & (b ^ c)
    "addl	$y, $h",                 # T1 + Maj(a,b,c)
    "rorxl	\$2, $a, $t0",
    "rorxl	\$13, $a, $t1",
    "movl	$a, $t2",
    "xorl	$t1, $t0",
    "rorxl	\$22, $a, $t1",
    "xorl	$b, $t2",                # a ^ b: the next round's b ^ c
    "xorl	$t1, $t0",               # Σ0(a)
    "addl	$t0, $h",                # a' = T1 + T2
  );
  @S32 = ($h, $a, $b, $c, $d, $e, $f, $g);
  ($a_t2, $a_y) = ($a_y, $a_t2);
  return @i;
}

# The schedule registers: $X4[k] holds W[4k'..4k'+3] of both blocks for the
# most recent four groups k' = k mod 4. Temporaries $u0..$u3.
my @X4 = map { "%ymm$_" } 0 .. 3;
my ($u0, $u1, $u2, $u3) = map { "%ymm$_" } 4 .. 7;
my ($IDX, $KBASE) = ('%rdi', '%rdx');

# sigma1_half(SRC, IMM, MASK, DST) returns instructions adding σ1 of two
# words of SRC to two words of DST: vpshufd IMM duplicates each of the two
# words into both halves of a 64-bit lane, the shifts leave σ1 of each in
# the low half, and vpshufb MASK moves the two results to the dwords of DST
# they belong to, with zeros in the other two.
sub sigma1_half {
  my ($src, $imm, $mask, $dst) = @_;
  return (
    "vpshufd	\$$imm, $src, $u0",              # {x, x, y, y}
    "vpsrld	\$10, $u0, $u1",                 # SHR^10
    "vpsrlq	\$17, $u0, $u2",                 # ROTR^17 in the low dwords
    "vpxor	$u2, $u1, $u1",
    "vpsrlq	\$19, $u0, $u2",                 # ROTR^19 in the low dwords
    "vpxor	$u2, $u1, $u1",                  # σ1 in dwords 0 and 2
    "vpshufb	$mask(%rip), $u1, $u1",
    "vpaddd	$u1, $dst, $dst",
  );
}

# schedule4(J) returns the vector instructions computing W[t..t+3],
# t = 16 + 4J', for both blocks into $X4[J % 4] and storing W+K into group
# slot J' + 4 of the frame, J' = J + $IDX / 32.
sub schedule4 {
  my ($j) = @_;
  my ($x16, $x12, $x8, $x4) = map { $X4[($j + $_) % 4] } 0 .. 3;
  my $slot = 32 * ($j + 4);
  return (
    # σ0(W[t-15..t-12]) = ROTR^7 ^ ROTR^18 ^ SHR^3
    "vpalignr	\$4, $x16, $x12, $u0",      # W[t-15..t-12]
    "vpsrld	\$3, $u0, $u1",
    "vpsrld	\$7, $u0, $u2",
    "vpxor	$u2, $u1, $u1",
    "vpslld	\$25, $u0, $u2",
    "vpxor	$u2, $u1, $u1",
    "vpsrld	\$18, $u0, $u2",
    "vpxor	$u2, $u1, $u1",
    "vpslld	\$14, $u0, $u2",
    "vpxor	$u2, $u1, $u1",
    "vpaddd	$u1, $x16, $x16",            # W[t-16] + σ0(W[t-15])
    "vpalignr	\$4, $x8, $x4, $u3",        # W[t-7..t-4]
    "vpaddd	$u3, $x16, $x16",
    # + σ1(W[t-2], W[t-1]) gives W[t], W[t+1] ...
    sigma1_half($x4, '0xfa', '.Lsha256_avx2_lo2', $x16),
    # ... and + σ1(W[t], W[t+1]) gives W[t+2], W[t+3].
    sigma1_half($x16, '0x50', '.Lsha256_avx2_hi2', $x16),
    "vpaddd	$slot($KBASE,$IDX), $x16, $u0",
    "vmovdqu	$u0, $slot(%rsp,$IDX)",
  );
}

# feed_forward32() returns H(i) = H(i-1) + (a..h), stored to the state and
# kept in the registers for the next block.
sub feed_forward32 {
  my $state = '%rax';
  return text("movq	$AVX2_STATE_SLOT(%rsp), $state",
              add_to_state('l', $state, @S32));
}

sub avx2 {
  my $in = '%rsi';
  my $c = X86_64Xlate::function_begin('sha256_block_data_order_avx2',
    args => 3, save => [qw(rbx rbp r12 r13 r14 r15)], xmm => [6, 7],
    frame => $AVX2_FRAME_WK + 16);
  $c .= text(
    "testq	%rdx, %rdx",
    "jz	.Lsha256_avx2_done",
    "movq	%rdi, $AVX2_STATE_SLOT(%rsp)",
    "movq	%rdx, $AVX2_NUM_SLOT(%rsp)",
    "leaq	.Lsha256_avx2_K(%rip), $KBASE",
  );
  $c .= text(load_state('l', '%rdi', @S32));
  $c .= ".Lsha256_avx2_loop:\n";
  $c .= text(
    # The second block of the pair, or this block again if it is the last.
    "leaq	64($in), %rax",
    "cmpq	\$1, $AVX2_NUM_SLOT(%rsp)",
    "cmoveq	$in, %rax",
  );
  # W[0..15] of both blocks, byte-swapped, and W+K for rounds 0..15.
  for my $k (0 .. 3) {
    my $xk = $X4[$k];
    (my $xk128 = $xk) =~ s/ymm/xmm/;
    $c .= text(
      "vmovdqu	" . (16 * $k) . "($in), $xk128",
      "vinserti128	\$1, " . (16 * $k) . "(%rax), $xk, $xk",
      "vpshufb	.Lsha256_avx2_bswap(%rip), $xk, $xk",
      "vpaddd	" . (32 * $k) . "($KBASE), $xk, $u0",
      "vmovdqu	$u0, " . (32 * $k) . "(%rsp)",
    );
  }
  # Block i, rounds 0..47 with the schedule of both blocks (W[16..63]):
  # three iterations of 16 rounds and 4 schedule steps.
  $c .= text("movl	$S32[1], $a_y", "xorl	$S32[2], $a_y", "xorl	%edi, %edi");
  $c .= ".Lsha256_avx2_sched_loop:\n";
  for my $j (0 .. 3) {
    my @r = map { round32((32 * $j + 4 * $_) . "(%rsp,$IDX)") } 0 .. 3;
    $c .= text(interleave(\@r, [schedule4($j)]));
  }
  $c .= text(
    "addq	\$128, $IDX",
    "cmpq	\$384, $IDX",
    "jb	.Lsha256_avx2_sched_loop",
  );
  # Rounds 48..63 ($IDX = 384). 16 rounds bring the names back in place.
  for my $j (0 .. 3) {
    $c .= text(map { round32((32 * $j + 4 * $_) . "(%rsp,$IDX)") } 0 .. 3);
  }
  $c .= feed_forward32();
  $c .= text("cmpq	\$1, $AVX2_NUM_SLOT(%rsp)", "je	.Lsha256_avx2_finish");

  # Block i+1: rounds 0..63 from the upper half of each slot.
  $c .= text("movl	$S32[1], $a_y", "xorl	$S32[2], $a_y", "xorl	%edi, %edi");
  $c .= ".Lsha256_avx2_second_loop:\n";
  for my $j (0 .. 3) {
    $c .= text(map { round32((32 * $j + 16 + 4 * $_) . "(%rsp,$IDX)") } 0 .. 3);
  }
  $c .= text(
    "addq	\$128, $IDX",
    "cmpq	\$512, $IDX",
    "jb	.Lsha256_avx2_second_loop",
  );
  $c .= feed_forward32();
  $c .= text(
    "leaq	128($in), $in",
    "subq	\$2, $AVX2_NUM_SLOT(%rsp)",
    "jnz	.Lsha256_avx2_loop",
  );
  # Clear W+K (derived from the input) from the frame.
  return $c . avx2_finish('.Lsha256_avx2', $u0, 16);
}

# --- SSSE3 and AVX, one block at a time ---------------------------------------
#
# For CPUs with SSSE3 or AVX but neither the SHA extensions nor AVX2+BMI2.
# The rounds run in general-purpose registers with plain rotates (no rorx,
# no andn: these CPUs may lack BMI), the message schedule
#   W[t] = σ1(W[t-2]) + W[t-7] + σ0(W[t-15]) + W[t-16]
# in xmm registers, four words at a time, one block at a time. Both
# variants come from the same code: the AVX one uses three-operand VEX
# forms, the SSSE3 one the two-operand legacy forms plus a copy where the
# source must survive. Per block: W+K for rounds 0..15 go to a ring of
# eight 16-byte slots on the stack; while the rounds of group j (rounds
# 4j..4j+3) read slot j mod 8, the vector units compute W[4j+16..4j+19] and
# store W+K into slot (j+4) mod 8, so a store never meets a pending read.
# The 64 rounds are unrolled, so K is addressed directly.
#
# Per round (the spec's T1, T2 with the names of round32 above):
#   Σ1(e) = ROTR^6(e) ^ ROTR^11(e) ^ ROTR^25(e), three rotated copies
#   Σ0(a) = ROTR^2(a) ^ ROTR^13(a) ^ ROTR^22(a)
#   Ch(e,f,g) = ((f ^ g) & e) ^ g
#   Maj(a,b,c) = b ^ ((a ^ b) & (b ^ c)), b ^ c kept from the last round.
# 30 instructions a round, 8 of them register copies (eliminated at rename
# on the CPUs this is for). The copies keep the chain through e short:
# copy+ror, xor, xor (Σ1), add to h + K + W + Ch, add to d: 5 cycles from e
# to e'. The nested form ROTR^6(ROTR^5(ROTR^14(e) ^ e) ^ e) saves the
# copies but chains 5 operations for Σ1 alone; it measured 4.86 TSC c/B
# here, no faster than the C code.

my $XMM_FRAME = 128;    # eight slots of W[t..t+3] + K[t..t+3]

# round_nobmi(MEM) returns one round reading K[t]+W[t] from MEM and renames
# the registers, like round32 (SHAx86Common::sha2_round_nobmi).
my %NOBMI = (sfx => 'l', Sigma1 => [6, 11, 25], Sigma0 => [2, 13, 22],
             tmp => [$a_t0, $a_t1]);
sub round_nobmi {
  my @i = sha2_round_nobmi(\@S32, $_[0], \%NOBMI, $a_t2, $a_y);
  ($a_t2, $a_y) = ($a_y, $a_t2);
  return @i;
}

# schedule_xmm(J, K_OFF) returns the instructions computing W[t..t+3],
# t = 4J + 16, into @XS[J % 4] and W+K into slot (J + 4) mod 8.
my @XS = map { "%xmm$_" } 0 .. 3;
my ($v0, $v1, $v2, $v3) = map { "%xmm$_" } 4 .. 7;
sub schedule_xmm {
  my ($f, $j, $kref) = @_;
  my ($x16, $x12, $x8, $x4) = map { $XS[($j + $_) % 4] } 0 .. 3;
  my @i;
  # σ0(W[t-15..t-12]) = ROTR^7 ^ ROTR^18 ^ SHR^3
  push @i, $f->valign(4, $x16, $x12, $v0);            # W[t-15..t-12]
  push @i, $f->vsh('psrld', 3, $v0, $v1);
  push @i, $f->vsh('psrld', 7, $v0, $v2);
  push @i, $f->v3('pxor', $v2, $v1, $v1);
  push @i, $f->vsh('pslld', 25, $v0, $v2);
  push @i, $f->v3('pxor', $v2, $v1, $v1);
  push @i, $f->vsh('psrld', 18, $v0, $v2);
  push @i, $f->v3('pxor', $v2, $v1, $v1);
  push @i, $f->vsh('pslld', 14, $v0, $v2);
  push @i, $f->v3('pxor', $v2, $v1, $v1);
  push @i, $f->v3('paddd', $v1, $x16, $x16);           # W[t-16] + σ0(W[t-15])
  push @i, $f->valign(4, $x8, $x4, $v3);              # W[t-7..t-4]
  push @i, $f->v3('paddd', $v3, $x16, $x16);
  # σ1 of two words at a time, as in sigma1_half: each word doubled into
  # a 64-bit lane, where a 64-bit shift gives the 32-bit rotation.
  for my $half ([$x4, '0xfa', '.Lsha256_xmm_lo2'], [$x16, '0x50', '.Lsha256_xmm_hi2']) {
    my ($src, $imm, $mask) = @$half;
    push @i, $f->vpshufd($imm, $src, $v0);             # {x, x, y, y}
    push @i, $f->vsh('psrld', 10, $v0, $v1);           # SHR^10
    push @i, $f->vsh('psrlq', 17, $v0, $v2);           # ROTR^17 (low dwords)
    push @i, $f->v3('pxor', $v2, $v1, $v1);
    push @i, $f->vsh('psrlq', 19, $v0, $v0);           # ROTR^19 (low dwords)
    push @i, $f->v3('pxor', $v0, $v1, $v1);            # σ1 in dwords 0 and 2
    push @i, $f->v3('pshufb', "$mask(%rip)", $v1, $v1);
    push @i, $f->v3('paddd', $v1, $x16, $x16);
  }
  push @i, $f->v3('paddd', "$kref(%rip)", $x16, $v0);
  push @i, $f->vmova($v0, (16 * (($j + 4) % 8)) . "(%rsp)");
  return @i;
}

sub xmm_path {
  my ($variant) = @_;
  my $f = forms($variant);
  my ($state, $in) = ('%rdi', '%rsi');
  my $L = ".Lsha256_$variant";
  my $c = block_loop_begin("sha256_block_data_order_$variant", $L,
    [qw(rbx rbp r12 r13 r14 r15)], [6, 7], $XMM_FRAME, 'l', @S32);
  # W[0..15] = M(i) as big-endian words, and W+K for rounds 0..15.
  for my $k (0 .. 3) {
    $c .= text(
      $f->vmovu((16 * $k) . "($in)", $XS[$k]),
      $f->v3('pshufb', '.Lsha256_xmm_bswap(%rip)', $XS[$k], $XS[$k]),
      $f->v3('paddd', '.Lsha256_shani_K+' . (16 * $k) . '(%rip)', $XS[$k], $v0),
      $f->vmova($v0, (16 * $k) . "(%rsp)"),
    );
  }
  $c .= text("movl	$S32[1], $a_y", "xorl	$S32[2], $a_y");    # b ^ c
  for my $j (0 .. 15) {
    my @r = map { round_nobmi((16 * ($j % 8) + 4 * $_) . "(%rsp)") } 0 .. 3;
    my @v = $j + 4 <= 15
        ? schedule_xmm($f, $j, '.Lsha256_shani_K+' . (16 * ($j + 4))) : ();
    $c .= text(interleave(\@r, \@v));
  }
  # H(i) = H(i-1) + (a..h); 64 rounds bring the names back in place.
  $c .= text(add_to_state('l', $state, @S32));
  # Next block; at the end, clear W+K (derived from the input).
  return $c . block_loop_end($f, $L, 64, $v0, 8);
}

$code .= ".text\n";
$code .= shani();
$code .= avx2();
$code .= xmm_path('avx');
$code .= xmm_path('ssse3');

$code .= ".rodata\n.align 64\n.Lsha256_shani_K:\n";
for (my $i = 0; $i < 64; $i += 4) {
  $code .= "\t.long\t" . join(', ', map { sprintf '0x%08x', $_ } @K[$i .. $i + 3]) . "\n";
}
# pshufb mask: byte-swap each 32-bit word (message words are big-endian).
$code .= ".Lsha256_shani_bswap:\n";
$code .= "\t.byte\t3, 2, 1, 0, 7, 6, 5, 4, 11, 10, 9, 8, 15, 14, 13, 12\n";

# AVX2 constants: K in groups of four, each group repeated for the two
# 128-bit lanes; vpshufb masks per lane: byte-swap each 32-bit word; move
# dwords 0 and 2 to 0, 1 (zeros above); to 2, 3 (zeros below).
$code .= ".align 64\n.Lsha256_avx2_K:\n";
for (my $i = 0; $i < 64; $i += 4) {
  my $g = join(', ', map { sprintf '0x%08x', $_ } @K[$i .. $i + 3]);
  $code .= "\t.long\t$g, $g\n";
}
$code .= ".Lsha256_avx2_bswap:\n";
$code .= "\t.byte\t3, 2, 1, 0, 7, 6, 5, 4, 11, 10, 9, 8, 15, 14, 13, 12\n" x 2;
$code .= ".Lsha256_avx2_lo2:\n";
$code .= ("\t.byte\t0, 1, 2, 3, 8, 9, 10, 11" . (", 0x80" x 8) . "\n") x 2;
$code .= ".Lsha256_avx2_hi2:\n";
$code .= ("\t.byte\t" . ("0x80, " x 8) . "0, 1, 2, 3, 8, 9, 10, 11\n") x 2;

# SSSE3/AVX constants: the same masks for one 128-bit lane, 16-byte aligned
# (legacy SSE memory operands must be).
$code .= ".align 16\n.Lsha256_xmm_bswap:\n";
$code .= "\t.byte\t3, 2, 1, 0, 7, 6, 5, 4, 11, 10, 9, 8, 15, 14, 13, 12\n";
$code .= ".Lsha256_xmm_lo2:\n";
$code .= "\t.byte\t0, 1, 2, 3, 8, 9, 10, 11" . (", 0x80" x 8) . "\n";
$code .= ".Lsha256_xmm_hi2:\n";
$code .= "\t.byte\t" . ("0x80, " x 8) . "0, 1, 2, 3, 8, 9, 10, 11\n";

X86_64Xlate::write_output($flavour, $output, $code, __FILE__);
