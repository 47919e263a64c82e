#!/usr/bin/env perl
# Copyright 2026 The project authors.
#
# sha1-x86_64.pl: SHA-1 block functions for x86-64 (FIPS 180-4 §6.1).
# Usage: perl sha1-x86_64.pl FLAVOUR OUTPUT
#
# Entry points (C declarations in sha_asm.h), each with the contract of
# crypto/sha/internal.h: compress `num_blocks` 64-byte blocks from `in`
# (any alignment) into `state` = H0..H4; num_blocks == 0 reads nothing.
#
#   sha1_block_data_order_shani(uint32_t state[5], const uint8_t *in,
#                               size_t num_blocks)        SHA extensions
#   sha1_block_data_order_avx2(uint32_t state[5], const uint8_t *in,
#                              size_t num_blocks)         AVX2 + BMI1 + BMI2
#   sha1_block_data_order_avx(...)                        AVX
#   sha1_block_data_order_ssse3(...)                      SSSE3
#
# Measured on this machine (2026-11-29): AMD Zen 5 (family 26) KVM guest,
# TSC 2.096 GHz, core clock ~3.7 GHz (core cycles = TSC ticks x 1.77).
# TSC ticks per byte at 8192 bytes, the minimum of 200 x 8 one-shot SHA1()
# calls with the row forced (the machine was shared, load average 13-19,
# minima move ~3% between runs). OpenSSL 3.0.19 measured the same way on
# SHA1_Update in the same run; "SHA masked" = OPENSSL_ia32cap=:~0x20000000
# for OpenSSL.
# Reproducing: `bssl speed -impls -filter SHA-1 -chunks 16,8192` lists
# these rows side by side at these sizes (speed-up and cycles/byte from the
# TSC, means over wall-clock seconds). The figures below were taken with an
# rdtsc harness outside the tree that calls each row directly (minima per
# call, steadier than those means on a shared machine); the OpenSSL figures
# came from the same harness, and no command in the tree reproduces them.
#
# | path  | TSC c/B | core c/B | OpenSSL      | bound (core c/B) and what sets it   |
# |-------|---------|----------|--------------|-------------------------------------|
# | shani | 1.07    | 1.9      | 1.16         | sha1rnds4 latency chain: 20 per     |
# |       |         |          |              | block x ~6 cycles / 64 = 1.9        |
# | avx2  | 1.57    | 2.8      | 1.73 (SHA    | round chain a -> ROTL^5 -> add ->   |
# |       |         |          | masked)      | e' (2 cycles): 80 x 2 / 64 = 2.5    |
# | avx   | 1.66    | 2.9      | -            | same chain (copy + rol for ROTL^5): |
# | ssse3 | 1.66    | 2.9      | -            | 2.5; ~9 ops a round on the ALUs     |
# | nohw  | 1.96    | 3.5      | -            | (C, for comparison)                 |
#
# avx2 again on 2026-11-30 (issue #6), median TSC ticks a byte over 2000
# interleaved calls of 128 blocks (the out-of-tree harness calling the
# block function and OpenSSL 3.0.19's SHA1_Update with
# OPENSSL_ia32cap=~0x0:~0x20000000 in turn), 4 runs, load average ~7:
# avx2 1.56-1.60, OpenSSL 1.60-1.61. With core cycles = TSC ticks x 1.6
# today, 1.56 ticks is 2.5 core c/B: the rounds run at the chain bound,
# and no reordering can beat it (ROTL^5 does not distribute over +).
#
# Every path beats the C code at every size (16 bytes: shani 60, avx2 157,
# avx 155, ssse3 155, nohw 165 ticks a call). avx2, avx and ssse3 are within
# the noise of each other here at every size; avx2 stays first (two blocks'
# schedule per vector instruction, and rorx/andn, which help the Intel
# cores without SHA extensions that take these rows). Object size: shani
# 584 bytes of code + 16 of constants; avx2 7286 + 160; avx 3962 and ssse3
# 4470 (80 unrolled rounds), sharing avx2's constants.
#
# AMD Zen 4 (EPYC family 25 model 17, TSC 2.596 GHz, core cycles = TSC
# ticks x 1.42), quiet, 2026-12-05: `bssl speed -impls -filter SHA-1
# -rounds 5 -timeout 0.2` (medians of 5 alternating rounds), MB/s at 16,
# 256 and 8192 bytes, TSC c/B at 8 KiB:
#   shani 591, 1760, 1934: 1.34 (1.9 core c/B, the sha1rnds4 chain)
#   avx2  229,  840, 1118: 2.32 (3.3 core c/B: ~9 ALU operations a round
#   avx   228,  841, 1121: 2.32  on four integer ALUs need 2.8, over the
#   ssse3 214,  836, 1105: 2.35  chain's 2.5)
#   nohw  160,  658,  851: 3.05
# Against OpenSSL 3 (`../shared/tools/speed-vs-openssl BUILD/bssl --rounds
# 5 --seconds 0.3 --only SHA-1`; both use the SHA extensions): 4.43x at 16
# bytes, 1.72x at 256, 1.15x at 1350, 1.03x at 8 KiB, 1.01x at 16 KiB.
#
# The SHA-NI path. sha1rnds4 performs four rounds on {A,B,C,D} (A in the
# highest dword) with the round function f_t and constant K_t chosen by its
# immediate (0: Ch, 1: Parity, 2: Maj, 3: Parity), taking W[t..t+3] in the
# other operand with E already added to W[t]. E for the next four rounds is
# ROTL^30 of the A that entered this group (the shift register
# e <- d <- c <- ROTL^30(b) <- a), and sha1nexte computes
# ROTL^30(A) + W[t] from a copy of {A,B,C,D} taken before the group. So
# the only dependency chain is sha1rnds4 -> sha1rnds4, 20 per block;
# sha1nexte, the copies and the message schedule
#   W[t] = ROTL^1(W[t-3] ^ W[t-8] ^ W[t-14] ^ W[t-16])
# (sha1msg1: W[t-16] ^ W[t-14]; pxor: ^ W[t-8]; sha1msg2: the rest) run
# beside it.

use strict;
use warnings;
use FindBin;
use lib "$FindBin::Bin/../../perlasm";
use lib "$FindBin::Bin";
use InsnList qw(text interleave);
use SHAx86Common qw(forms load_state add_to_state block_loop_begin block_loop_end
                    avx2_finish sha1_shani_rounds);
require "x86_64-xlate.pl";

my ($flavour, $output) = @ARGV;

my $code = '';

# --- SHA-NI -------------------------------------------------------------------

sub shani {
  my ($state, $in, $num) = ('%rdi', '%rsi', '%rdx');
  my $abcd = '%xmm0';
  # E + W for the group being computed and the copy of {A,B,C,D} that will
  # become the next group's E; they alternate.
  my @e = ('%xmm1', '%xmm2');
  # W[4i..4i+3] for the four most recent groups i, W[4i] in the highest
  # dword (the order sha1rnds4 expects).
  my @m = ('%xmm3', '%xmm4', '%xmm5', '%xmm6');
  my ($save_abcd, $save_e) = ('%xmm7', '%xmm8');   # H(i-1)
  my $bswap = '%xmm9';

  my $c = X86_64Xlate::function_begin('sha1_block_data_order_shani',
    args => 3, xmm => [6 .. 9]);
  $c .= <<"___";
	testq	$num, $num
	jz	.Lsha1_shani_done

	# {A,B,C,D} with A in dword 3; E in dword 3 of its own register, zeros
	# below it.
	movdqu	0($state), $abcd
	pshufd	\$0x1b, $abcd, $abcd
	movd	16($state), $e[0]
	pshufd	\$0x1b, $e[0], $e[0]
	movdqa	.Lsha1_shani_bswap(%rip), $bswap

.Lsha1_shani_loop:
	movdqa	$abcd, $save_abcd
	movdqa	$e[0], $save_e
___
  for my $i (0 .. 3) {
    $c .= "\tmovdqu\t" . (16 * $i) . "($in), $m[$i]\n";
  }
  for my $i (0 .. 3) {
    $c .= "\tpshufb\t$bswap, $m[$i]\n";
  }

  $c .= text(sha1_shani_rounds($abcd, \@e, \@m));
  # After group 19, $e[0] holds {A,B,C,D} from before it: the final E is
  # ROTL^30 of that A, and H4 += E.
  $c .= <<"___";
	sha1nexte	$save_e, $e[0]
	paddd	$save_abcd, $abcd
	leaq	64($in), $in
	decq	$num
	jnz	.Lsha1_shani_loop

	pshufd	\$0x1b, $abcd, $abcd
	movdqu	$abcd, 0($state)
	pextrd	\$3, $e[0], 16($state)
.Lsha1_shani_done:
___
  $c .= X86_64Xlate::epilogue();
  $c .= X86_64Xlate::function_end();
  return $c;
}

# --- AVX2 + BMI1/BMI2 ---------------------------------------------------------
#
# For CPUs without the SHA extensions. The rounds run in general-purpose
# registers, one block at a time:
#   e += ROTL^5(a) + f_t(b,c,d) + K_t + W[t];  b = ROTL^30(b)
# and the five names rotate. f_t is Ch (rounds 0-19: andn, and, two adds),
# Parity (20-39 and 60-79: two xors, one add) or Maj (40-59, as
# (b & c) + (d & (b ^ c)): the two terms have no bit in common). ROTL^5 and
# ROTL^30 are rorx (BMI2). The message schedule runs in ymm registers for
# two blocks at once (block i in the low 128-bit lane, block i+1 in the
# high one), four words per lane:
#   t < 32:  W[t] = ROTL^1(W[t-3] ^ W[t-8] ^ W[t-14] ^ W[t-16]); W[t+3]
#            needs the W[t] computed in the same step, so it is first
#            computed without it and then corrected by ROTL^2 of W[t]'s
#            input (ROTL^1 distributes over xor).
#   t >= 32: W[t] = ROTL^2(W[t-6] ^ W[t-16] ^ W[t-28] ^ W[t-32]), the
#            recurrence applied twice, which has no dependency inside a
#            group of four.
# W[t]+K_t of both blocks goes to a 640-byte frame, 32 bytes per four
# rounds: [block i: t..t+3 | block i+1: t..t+3], computed during the
# rounds four groups before their use; block i+1's rounds then only read the
# frame. The code is fully unrolled (about 1,900 instructions).

my $A_FRAME = 640;
my @SV = ('%r8d', '%r9d', '%r10d', '%r11d', '%ecx');    # a, b, c, d, e
my ($u_t0, $u_t1) = ('%eax', '%ebx');

# f_maj_parity(T, B, C, D, E) returns e += f_t(b,c,d) for 20 <= T < 80,
# the same with or without BMI: Maj(b,c,d) (rounds 40-59) as
# (b & c) + (d & (b ^ c)), the two terms having no bit in common, and
# Parity(b,c,d) = b ^ c ^ d.
sub f_maj_parity {
  my ($t, $b, $c, $d, $e) = @_;
  my ($t0, $t1) = ($u_t0, $u_t1);
  if ($t >= 40 && $t < 60) {
    return ("movl	$b, $t0",
            "andl	$c, $t0",               # b & c
            "movl	$b, $t1",
            "xorl	$c, $t1",
            "andl	$d, $t1",               # d & (b ^ c)
            "addl	$t0, $e",
            "addl	$t1, $e");              # + Maj(b,c,d)
  }
  return ("movl	$b, $t0",
          "xorl	$c, $t0",
          "xorl	$d, $t0",
          "addl	$t0, $e");                # + Parity(b,c,d)
}

# round1(T, MEM) returns round T reading K_t + W[t] from memory operand MEM,
# and renames @SV.
sub round1 {
  my ($t, $mem) = @_;
  my ($a, $b, $c, $d, $e) = @SV;
  my ($t0, $t1) = ($u_t0, $u_t1);
  my @i = ("addl	$mem, $e");                 # e += K_t + W[t]
  if ($t < 20) {
    push @i, "andnl	$d, $b, $t0",          # ~b & d
             "movl	$c, $t1",
             "andl	$b, $t1",              # b & c
             "addl	$t0, $e",
             "addl	$t1, $e";              # + Ch(b,c,d)
  } else {
    push @i, f_maj_parity($t, $b, $c, $d, $e);
  }
  push @i, "rorxl	\$27, $a, $t0",          # ROTL^5(a)
           "addl	$t0, $e",
           "rorxl	\$2, $b, $b";             # b = ROTL^30(b)
  @SV = ($e, $a, $b, $c, $d);
  return @i;
}

my @XV = map { "%ymm$_" } 0 .. 7;        # W[4q..4q+3], q mod 8
my ($w0, $w1, $w2, $w3) = map { "%ymm$_" } 8 .. 11;

# wk(Q, X) returns the instructions storing W[4Q..4Q+3] + K of both blocks
# (X holds the W) into frame slot Q.
sub wk {
  my ($q, $x) = @_;
  return ("vpaddd	.Lsha1_avx2_K+" . (32 * int($q / 5)) . "(%rip), $x, $w0",
          "vmovdqu	$w0, " . (32 * $q) . "(%rsp)");
}

# schedule1(Q) returns the vector instructions computing W[4Q..4Q+3] of
# both blocks into $XV[Q % 8] and storing W+K into slot Q, 4 <= Q < 20
# (VEX forms).
my $AVX = forms('avx');
sub schedule1 {
  my ($q) = @_;
  return (schedule_words($AVX, $q, \@XV, $w1, $w2, $w3), wk($q, $XV[$q % 8]));
}

# schedule_words(F, Q, \@X, T1, T2, T3) returns the vector instructions
# computing W[4Q..4Q+3] into $X[Q % 8] (which held W[4Q-32..4Q-29]; @X
# holds the last eight groups, group q in $X[q % 8]), with temporaries T1,
# T2, T3, in the encoding F (the registers may be xmm or ymm).
sub schedule_words {
  my ($f, $q, $X, $t1, $t2, $t3) = @_;
  my $x = sub { $X->[($q - $_[0]) % 8] };    # the group Q-n
  my $dst = $x->(0);
  if ($q < 8) {
    # T = W[t-16..] ^ W[t-14..] ^ W[t-8..] ^ (W[t-3], W[t-2], W[t-1], 0)
    return (
      $f->valign(8, $x->(4), $x->(3), $t1),               # W[t-14..t-11]
      $f->v3('pxor', $x->(4), $t1, $t1),
      $f->v3('pxor', $x->(2), $t1, $t1),
      $f->vsh('psrldq', 4, $x->(1), $t2),                 # W[t-3..t-1], 0
      $f->v3('pxor', $t2, $t1, $t1),
      $f->rotl(1, $t1, $dst, $t2),                        # W[t..t+2], partial W[t+3]
      # W[t+3] ^= ROTL^1(W[t]) = ROTL^2(T[0])
      $f->vsh('pslldq', 12, $t1, $t1),
      $f->rotl(2, $t1, $t3, $t2),
      $f->v3('pxor', $t3, $dst, $dst),
    );
  }
  # W[t..t+3] = ROTL^2(W[t-6..t-3] ^ W[t-16..] ^ W[t-28..] ^ W[t-32..])
  return (
    $f->valign(8, $x->(2), $x->(1), $t1),                 # W[t-6..t-3]
    $f->v3('pxor', $x->(4), $t1, $t1),
    $f->v3('pxor', $x->(7), $t1, $t1),
    $f->v3('pxor', $x->(8), $t1, $t1),
    $f->rotl(2, $t1, $dst, $t2),
  );
}

# feed_forward1() returns H(i) = H(i-1) + (a..e), stored to the state and
# kept in the registers for the next block.
sub feed_forward1 { return text(add_to_state('l', '%rdi', @SV)); }

sub avx2 {
  my ($in, $num) = ('%rsi', '%rdx');
  my $c = X86_64Xlate::function_begin('sha1_block_data_order_avx2',
    args => 3, save => ['rbx'], xmm => [6 .. 11], frame => $A_FRAME);
  $c .= text("testq	$num, $num", "jz	.Lsha1_avx2_done");
  $c .= text(load_state('l', '%rdi', @SV));
  $c .= ".Lsha1_avx2_loop:\n";
  # The second block of the pair, or this block again if it is the last.
  $c .= text("leaq	64($in), %rax", "cmpq	\$1, $num", "cmoveq	$in, %rax");
  for my $k (0 .. 3) {
    my $xk = $XV[$k];
    (my $xk128 = $xk) =~ s/ymm/xmm/;
    $c .= text(
      "vmovdqu	" . (16 * $k) . "($in), $xk128",
      "vinserti128	\$1, " . (16 * $k) . "(%rax), $xk, $xk",
      "vpshufb	.Lsha1_avx2_bswap(%rip), $xk, $xk",
      wk($k, $xk),
    );
  }
  # Block i, with the schedule of both blocks four groups ahead.
  for my $g (0 .. 19) {
    my @r = map { round1(4 * $g + $_, (32 * $g + 4 * $_) . "(%rsp)") } 0 .. 3;
    my @v = $g + 4 < 20 ? schedule1($g + 4) : ();
    $c .= text(interleave(\@r, \@v, float => 1));
  }
  # 80 renamings bring the names back in place.
  $c .= feed_forward1();
  $c .= text("cmpq	\$1, $num", "je	.Lsha1_avx2_finish");
  # Block i+1 from the upper half of each slot.
  for my $g (0 .. 19) {
    $c .= text(map { round1(4 * $g + $_, (32 * $g + 16 + 4 * $_) . "(%rsp)") } 0 .. 3);
  }
  $c .= feed_forward1();
  $c .= text("leaq	128($in), $in", "subq	\$2, $num", "jnz	.Lsha1_avx2_loop");
  # Clear W+K (derived from the input) from the frame.
  return $c . avx2_finish('.Lsha1_avx2', $w0, 20);
}

# --- SSSE3 and AVX, one block at a time ---------------------------------------
#
# For CPUs without the SHA extensions or AVX2+BMI: the same rounds and
# schedule as the AVX2 path, but one block at a time in xmm registers, and
# the rounds without BMI: Ch(b,c,d) = d ^ (b & (c ^ d)) instead of andn,
# and ROTL^5 / ROTL^30 with a copy and a rotate instead of rorx. The AVX
# variant uses three-operand VEX forms, the SSSE3 one the legacy forms with
# a copy where a source must survive (SHAx86Common::forms). W+K
# for all 80 rounds goes to a 320-byte frame, slot q (rounds 4q..4q+3)
# written during the rounds of group q-4.

my $X_FRAME = 320;

# round_nobmi(T, MEM): round1 without andn and rorx.
sub round_nobmi {
  my ($t, $mem) = @_;
  my ($a, $b, $c, $d, $e) = @SV;
  my ($t0, $t1) = ($u_t0, $u_t1);
  my @i = ("addl	$mem, $e");                 # e += K_t + W[t]
  if ($t < 20) {
    push @i, "movl	$c, $t0",
             "xorl	$d, $t0",
             "andl	$b, $t0",
             "xorl	$d, $t0",              # Ch(b,c,d)
             "addl	$t0, $e";
  } else {
    push @i, f_maj_parity($t, $b, $c, $d, $e);
  }
  push @i, "movl	$a, $t0",
           "roll	\$5, $t0",             # ROTL^5(a)
           "addl	$t0, $e",
           "roll	\$30, $b";             # b = ROTL^30(b)
  @SV = ($e, $a, $b, $c, $d);
  return @i;
}

my @XX = map { "%xmm$_" } 0 .. 7;        # W[4q..4q+3], q mod 8
my ($x0, $x1, $x2, $x3) = map { "%xmm$_" } 8 .. 11;

sub wk_x {      # W[4Q..4Q+3] + K_t (X holds the W) into frame slot Q
  my ($f, $q, $x) = @_;
  return ($f->v3('paddd', ".Lsha1_avx2_K+" . (32 * int($q / 5)) . "(%rip)", $x, $x0),
          $f->vmova($x0, (16 * $q) . "(%rsp)"));
}

# schedule_x(F, Q): schedule1 for one block, W[4Q..4Q+3] into $XX[Q % 8],
# in the encoding F.
sub schedule_x {
  my ($f, $q) = @_;
  return (schedule_words($f, $q, \@XX, $x1, $x2, $x3), wk_x($f, $q, $XX[$q % 8]));
}

sub xmm_path {
  my ($variant) = @_;
  my $f = forms($variant);
  my $in = '%rsi';
  my $L = ".Lsha1_$variant";
  my $c = block_loop_begin("sha1_block_data_order_$variant", $L, ['rbx'],
    [6 .. 11], $X_FRAME, 'l', @SV);
  for my $k (0 .. 3) {
    $c .= text(
      $f->vmovu((16 * $k) . "($in)", $XX[$k]),
      $f->v3('pshufb', '.Lsha1_avx2_bswap(%rip)', $XX[$k], $XX[$k]),
      wk_x($f, $k, $XX[$k]),
    );
  }
  for my $g (0 .. 19) {
    my @r = map { round_nobmi(4 * $g + $_, (16 * $g + 4 * $_) . "(%rsp)") } 0 .. 3;
    my @v = $g + 4 < 20 ? schedule_x($f, $g + 4) : ();
    $c .= text(interleave(\@r, \@v, float => 1));
  }
  $c .= feed_forward1();
  # Next block; at the end, clear W+K (derived from the input).
  return $c . block_loop_end($f, $L, 64, $x0, 20);
}

$code .= ".text\n";
$code .= shani();
$code .= avx2();
$code .= xmm_path('avx');
$code .= xmm_path('ssse3');

# pshufb mask: reverse all 16 bytes, which byte-swaps each big-endian word
# and puts W[t] in the highest dword.
$code .= ".rodata\n.align 16\n.Lsha1_shani_bswap:\n";
$code .= "\t.byte\t15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0\n";

# AVX2 constants: K_t for rounds 0-19, 20-39, 40-59, 60-79 (FIPS 180-4
# §4.2.1), each in all eight dwords; vpshufb mask byte-swapping each
# 32-bit word.
$code .= ".align 32\n.Lsha1_avx2_K:\n";
for my $k (0x5a827999, 0x6ed9eba1, 0x8f1bbcdc, 0xca62c1d6) {
  $code .= "\t.long\t" . join(', ', (sprintf('0x%08x', $k)) x 8) . "\n";
}
$code .= ".Lsha1_avx2_bswap:\n";
$code .= "\t.byte\t3, 2, 1, 0, 7, 6, 5, 4, 11, 10, 9, 8, 15, 14, 13, 12\n" x 2;

X86_64Xlate::write_output($flavour, $output, $code, __FILE__);
