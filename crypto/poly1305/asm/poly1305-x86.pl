#!/usr/bin/env perl
# Copyright 2026 The project authors.
#
# poly1305-x86.pl: Poly1305 block functions for 32-bit x86 (RFC 8439,
# section 2.5), through crypto/perlasm/x86asm.pl.
# Usage: perl poly1305-x86.pl FLAVOUR OUTPUT   (elf, macosx, win32n)
#
# Notation: p = 2^130 - 5; r is the clamped key half, h the accumulator;
# for each 16-byte block m, h = (h + m + padbit 2^128) r mod p.
#
# Entry points (C declarations, state layout and the rows' glue in
# crypto/poly1305/poly1305_x86.{h,c}; the rows in crypto/poly1305/impls.h):
#
#   void poly1305_blocks_x86(void *state, const uint8_t *in, size_t len,
#                            uint32_t padbit);
#       scalar, base 2^32 with mul; the `blocks` contract of
#       crypto/poly1305/internal.h. No feature bit.
#   void poly1305_blocks_x86_sse2(uint64_t d[5], const uint32_t h[5],
#                                 const uint8_t *in, size_t len,
#                                 uint32_t padbit, const uint32_t powers[36]);
#       base 2^26, two lanes (pmuludq on xmm); `len` a multiple of 32, >= 32.
#   void poly1305_blocks_x86_avx2(...same...);
#       base 2^26, four lanes (vpmuludq on ymm); `len` a multiple of 64,
#       >= 64.
#   The vector kernels start from the 26-bit limbs `h` and write five
#   uncarried 64-bit columns d[k] with sum d[k] 2^(26 k) = the new h
#   (mod p); the C glue converts between base 2^32 and base 2^26 around
#   them, runs the leading (blocks mod lanes) blocks with the scalar code
#   and computes r^1..r^4 once per key into the state (`powers`).
#
# --- Scalar, base 2^32 ------------------------------------------------------
#
# Why base 2^32 and not 2^26 for the scalar code: the CPU multiplies 32x32
# -> 64 bits (mull, edx:eax). With h in four full 32-bit words plus a small
# fifth word h4 (weight 2^128), and r in four 32-bit words r0..r3, the
# clamp (r0 < 2^28; r1, r2, r3 < 2^28 and multiples of 4) makes every
# product < 2^60.3, so a column of four or five products plus the carry in
# fits one 64-bit register pair: no third carry word, 16 mull + 4 imull per
# block against the 25 mull and the 26-bit carry chain of base 2^26.
#   h = h0 + h1 2^32 + h2 2^64 + h3 2^96 + h4 2^128,  r = r0 + ... + r3 2^96.
#   h_i r_j has weight 2^(32 (i + j)). For i + j >= 4 that is
#   2^128 2^(32 (i + j - 4)), and 2^128 = 2^130 / 4 = 5 / 4 (mod p): with
#   s_j = r_j + r_j / 4 = 5 r_j / 4 (exact, 4 | r_j for j >= 1) the product
#   goes to column i + j - 4 as h_i s_j. So
#     d0 = h0 r0 + h1 s3 + h2 s2 + h3 s1
#     d1 = h0 r1 + h1 r0 + h2 s3 + h3 s2 + h4 s1
#     d2 = h0 r2 + h1 r1 + h2 r0 + h3 s3 + h4 s2
#     d3 = h0 r3 + h1 r2 + h2 r1 + h3 r0 + h4 s3
#     d4 = h4 r0
#   each column taking the carry (high word) of the one before; then
#   h = (d mod 2^130) + 5 (d >> 130): h4 = d4 & 3, c = (d4 & ~3) + (d4 >> 2)
#   added into h0 and carried up to h4.
# Bounds: entry h4 <= 4 (h < 5 2^128; init's h = 0 qualifies), h0..h3 any.
#   h += m + padbit 2^128: h4 <= 6. Products < 2^32 * 1.25 2^28 = 2^60.33,
#   h4 s_j < 6 * 1.25 2^28 < 2^31; a column < 4 2^60.33 + 2^31 + 2^31 <
#   2^62.4, its high word < 2^30.4; d4 = h4 r0 + carry < 6 2^28 + 2^30.4 <
#   2^31.6, so c = 5 (d4 >> 2) < 2^31.9 fits a word. Exit: h4 = (d4 & 3)
#   plus the carry out of h3, <= 4: the entry bound again.
#
# --- Vector, base 2^26 ------------------------------------------------------
#
# Lanes: with L lanes (2 for SSE2, 4 for AVX2), lane l accumulates blocks
# l, l + L, l + 2L, ...: H_l = (H_l + M_l) r^L per step, h entering lane 0
# (the other lanes start at 0); the last step multiplies lane l by
# r^(L - l') instead, l' being the position of its block in the group, and
# the lanes' columns are summed: exactly Horner's rule for the whole input.
# Each 64-bit lane holds one 26-bit limb in its low dword; (v)pmuludq
# multiplies the low dwords of two lanes into 64 bits. Column k of the
# product is d_k = sum_{i <= k} H_i R_{k-i} + sum_{i > k} H_i S_{k-i+5},
# S_j = 5 R_j (2^130 = 5 mod p), as in the C base 2^26 code.
# Power tables: the state holds powers[9][4] (dwords): R_k (k = 0..4),
# then S_k = 5 R_k (k = 1..4), lanes (r^4, r^2, r^3, r^1). At entry each
# kernel expands them on its aligned stack frame into a "mid" table (every
# lane r^L) and a "final" table (lane l: the power its block needs).
#   SSE2, lanes (block 2i, block 2i+1): mid (r^2, r^2), final (r^2, r^1)
#     (pshufd of the stored row).
#   AVX2: four blocks loaded as two ymm [b0|b1], [b2|b3] and interleaved
#     with vpunpck{l,h}qdq give lanes (b0, b2, b1, b3), so final is
#     (r^4, r^2, r^3, r^1), the stored order (vpmovzxdq); mid broadcasts
#     r^4 (vpbroadcastd).
# Bounds (each lane): on entry h limbs 0..3 < 2^26 + 2^13, limb 4 < 2^27
#   (the glue's conversion from base 2^32 with h4 <= 4 gives < 2^26 and
#   5 2^24); message limbs < 2^26, limb 4 plus padbit 2^24 < 2^25, so
#   H + M < 2^28. Powers' limbs < 2^26 + 2^13 (carried, not fully reduced),
#   S < 5 (2^26 + 2^13) < 2^28.33. Products < 2^56.33; a column < 2^58.7
#   (no 64-bit lane overflows); the four lanes' sum < 2^60.7.
#   Between steps the columns are carried in 64-bit lanes, two chains
#   interleaved: d0->d1, d3->d4, d1->d2, d4->5*d0, d2->d3, d0->d1, d3->d4.
#   The carries out of d0, d3, d1, d4 are < 2^33 (d4's, times 5 < 2^35.4);
#   then d0 < 2^26 + 2^35.4, whose carry < 2^9.5; d3 < 2^26 + 2^33, whose
#   carry < 2^7.1. Result: limbs 0, 2, 3 < 2^26, limb 1 < 2^26 + 2^10,
#   limb 4 < 2^26 + 2^8: below the entry bound, so the loop can repeat.
#   Exit: five columns < 2^60.7, which the glue carries (C carry26) and
#   packs back into base 2^32 with h4 <= 4 (value < 2^130 + 2^52).
#
# --- Speed ------------------------------------------------------------------
#
# TIMED NATIVELY (2026-12-02): this machine's kernel now runs i686 binaries
# directly, and util/run-tests.sh i686 runs the suite natively where the
# built bssl starts. AMD Zen 5 (family 26) in 32-bit mode, TSC 2.596 GHz,
# load average 5-7, medians of 5 rounds, MB/s and speed-up against the C
# row, from
#   BUILD-i686/bssl speed -impls -filter Poly1305 -chunks 64,1024,8192 \
#     -rounds 5 -timeout 0.3
# | bytes | c26   | x86          | sse2         | avx2         |
# |-------|-------|--------------|--------------|--------------|
# |    64 | 314.9 | 589.8 1.87x  | 582.8 1.85x  | 603.5 1.92x  |
# |  1024 | 579.9 | 1166.3 2.01x | 1301.6 2.24x | 2165.3 3.73x |
# |  8192 | 633.2 | 1256.6 1.98x | 1770.4 2.80x | 3518.7 5.56x |
# avx2 is chosen and fastest at every size. The paragraph below, written
# before this could be timed, gives the instruction counts and bounds.
#
# AMD Zen 4 (EPYC family 25 model 17) in 32-bit mode, 2026-12-05: a
# VEX.256 instruction, or vzeroall, leaves the upper vector state in use
# for the rest of the process (vzeroupper, vzeroall and zeroing ymm0-7 do
# not reset it there), and every later legacy-SSE instruction merges into
# the upper halves: after one call of this AVX2 kernel (which ended with vzeroall),
# ChaCha20's SSSE3 code ran at 3.56 TSC ticks a byte instead of 1.49 and
# the SSE2 kernel here at 2.4 instead of 0.77, in our process and in the
# caller's. The AVX2 kernel therefore ends with an XRSTOR of the AVX
# component from an image with XSTATE_BV = 0, which restores the initial
# (clean) configuration (~245 TSC ticks). i686 ChaCha20-Poly1305 seal at
# 1350 / 8192 bytes went from 489-497 / 610-620 MB/s to 830-847 /
# 1198-1253; Poly1305 alone, which the reset costs, from 3321-3383 /
# 5788-5790 to 2845-2851 / 5404-5473 (`bssl speed -filter
# ChaCha20-Poly1305,Poly1305 -timeout 0.15`, two alternating runs of each
# build). poly1305_x86.c gives the switch lengths this led to (the avx2 row
# runs this file's SSE2 kernel below 640 bytes). The SHA-NI code was not
# slowed by the dirty state (SHA256 of 8 KiB 1.43 ticks a byte either way).
#
# NOT TIMED: this machine's kernel has no IA-32 emulation, so i686
# binaries run only under qemu-i386, whose timing means nothing. Instead:
# instructions per 64 bytes of input in the inner loops, counted with
# `perl util/count_insns.pl poly1305-x86-elf.S --function NAME --loop LABEL
# --bytes N` on the generated code (and the same on the C base 2^26 loop
# from i686-linux-gnu-gcc -O2 -S, its loop .L6); dynamic counts of whole
# calls and the switch lengths they give are in poly1305_x86.c.
# Object code (elf .text): x86 383 bytes, sse2 1353, avx2 1271.
#
# | path | insns/64 B | mul-type ops / 64 B | bound (Zen 3 / Golden Cove,      |
# |      |            |                     | published instruction tables)    |
# |------|------------|---------------------|----------------------------------|
# | c26  | 832        | 104 mull            | (reference: gcc -O2, i686)       |
# | x86  | 496        | 64 mull + 16 imull  | throughput: 496 ops at ~4/cycle  |
# |      |            |                     | ~124 cycles = 1.9 c/B; latency:  |
# |      |            |                     | per block h -> load (store-fwd 5)|
# |      |            |                     | -> mull 3-4 -> 5-add column sum  |
# |      |            |                     | -> 4 carry links x 2 -> fold ~6  |
# |      |            |                     | -> store: ~30 cycles = 1.9 c/B   |
# | sse2 | 284        | 50 pmuludq          | ~2 vector ops/cycle (4 pipes, the|
# |      |            |                     | loads and copies among them):    |
# |      |            |                     | ~1.1-2 c/B; pmuludq alone (2/cyc)|
# |      |            |                     | 0.4 c/B; latency per 32 B step   |
# |      |            |                     | (add M, multiply, 4 carry links, |
# |      |            |                     | ~35 cycles) 1.1 c/B              |
# | avx2 | 105        | 25 vpmuludq         | throughput ~105/4 = 26 cycles =  |
# |      |            |                     | 0.4 c/B; latency per 64 B step   |
# |      |            |                     | ~35 cycles = 0.55 c/B: latency   |
# |      |            |                     | bound (one chain of 4-lane steps;|
# |      |            |                     | the x86-64 code's 8-block step,  |
# |      |            |                     | two chains, is not done here)    |
#
# (c/B in core cycles. The issue's targets, AVX2 >= 3x the 32-bit C code
# at 8 KiB, cannot be checked without native timing; by instruction count
# it is 7.1x, and 25 against 104 multiplies per 64 bytes.)
#
# Register plans are given beside each function.

use strict;
use warnings;
use FindBin;
use lib "$FindBin::Bin/../../perlasm";
require "x86asm.pl";

my ($flavour, $output) = @ARGV;

# Offsets into the state (poly1305_x86.c checks them with
# static_assert): h0..h4 at 0..16, r0..r3 at 20..32, s_j = 5 r_j / 4 at
# 36 + 4 j (j = 1..3; the word at 36 is unused), powers at 64.
my @H = map { 4 * $_ } 0 .. 4;
my @R = map { 20 + 4 * $_ } 0 .. 3;
my @S = map { 36 + 4 * $_ } 0 .. 3;

my $code = ".text\n";

# --- poly1305_blocks_x86 ----------------------------------------------------
#
# Register plan: %edi = state (h is read and written in place), %esi = in;
# %eax/%edx = mull's operands and product; %ecx:%ebx = the 64-bit column
# being summed; %ebp = the carry (high word) of the column before. Frame:
# 0..11 the columns' low words d0..d2 (the new h before the fold; d3's
# stays in %ebx), 16 padbit, 20 bytes left.
# Each column starts from its own first product and takes the carry of the
# column before only at its end, so the columns' products and sums do not
# wait for each other (register renaming runs them side by side): the
# block's latency chain is the five-add sum of one column plus two
# instructions per column for the carries, not all twenty sums in a row.
{
  my ($st, $in, $cy) = ('%edi', '%esi', '%ebp');
  $code .= X86Asm::function_begin('poly1305_blocks_x86', args => 4,
    save => [qw(ebx esi edi ebp)], frame => 24);
  $code .= <<"___";
	movl	arg(2), %eax
	testl	%eax, %eax
	jz	.Lx86_done
	movl	%eax, 20(%esp)
	movl	arg(0), $st
	movl	arg(1), $in
	movl	arg(3), %eax
	movl	%eax, 16(%esp)
.Lx86_loop:
	# h += m + padbit 2^128
	movl	0($in), %eax
	addl	%eax, $H[0]($st)
	movl	4($in), %eax
	adcl	%eax, $H[1]($st)
	movl	8($in), %eax
	adcl	%eax, $H[2]($st)
	movl	12($in), %eax
	adcl	%eax, $H[3]($st)
	movl	16(%esp), %eax
	adcl	%eax, $H[4]($st)
___
  # Column k: the (i, operand) pairs h_i * r_j or h_i * s_j (see the
  # header). Each mull adds its 64-bit product into %ecx:%ebx.
  my @cols = (
    [[0, $R[0]], [1, $S[3]], [2, $S[2]], [3, $S[1]]],
    [[0, $R[1]], [1, $R[0]], [2, $S[3]], [3, $S[2]]],
    [[0, $R[2]], [1, $R[1]], [2, $R[0]], [3, $S[3]]],
    [[0, $R[3]], [1, $R[2]], [2, $R[1]], [3, $R[0]]],
  );
  # h4 s_j (< 2^31, one word) for columns 1..3.
  my @h4s = (undef, $S[1], $S[2], $S[3]);
  for my $k (0 .. 3) {
    $code .= "\t# d$k = " . join(' + ', map {
      "h$_->[0] " . ($_->[1] >= 36 ? 's' : 'r') .
      (($_->[1] - ($_->[1] >= 36 ? 36 : 20)) / 4) } @{ $cols[$k] }) .
      ($k ? " + h4 s$k + (d" . ($k - 1) . " >> 32)" : '') . "\n";
    my $first = 1;
    for my $p (@{ $cols[$k] }) {
      my ($i, $off) = @$p;
      $code .= "\tmovl\t$H[$i]($st), %eax\n\tmull\t$off($st)\n";
      if ($first) {
        $code .= "\tmovl\t%eax, %ebx\n\tmovl\t%edx, %ecx\n";
      } else {
        $code .= "\taddl\t%eax, %ebx\n\tadcl\t%edx, %ecx\n";
      }
      $first = 0;
    }
    if ($k) {
      $code .= "\tmovl\t$H[4]($st), %eax\n\timull\t$h4s[$k]($st), %eax\n";
      $code .= "\taddl\t%eax, %ebx\n\tadcl\t\$0, %ecx\n";
      $code .= "\taddl\t$cy, %ebx\n\tadcl\t\$0, %ecx\n";
    }
    # The low word of d_k is limb k before the fold (d3's stays in %ebx);
    # the high word is the carry into d_k+1.
    $code .= "\tmovl\t%ebx, " . (4 * $k) . "(%esp)\n" if $k < 3;
    $code .= "\tmovl\t%ecx, $cy\n";
  }
  $code .= <<"___";
	# d4 = h4 r0 + (d3 >> 32), < 2^31.6
	movl	$H[4]($st), %eax
	imull	$R[0]($st), %eax
	addl	$cy, %eax
	# h = (d mod 2^130) + 5 (d >> 130): h4 = d4 & 3,
	# c = (d4 & ~3) + (d4 >> 2) = 5 (d4 >> 2), added into h0 and carried.
	movl	%eax, %ecx
	andl	\$3, %ecx
	movl	%eax, %edx
	shrl	\$2, %edx
	andl	\$-4, %eax
	addl	%edx, %eax
	addl	0(%esp), %eax
	movl	%eax, $H[0]($st)
	movl	4(%esp), %eax
	adcl	\$0, %eax
	movl	%eax, $H[1]($st)
	movl	8(%esp), %eax
	adcl	\$0, %eax
	movl	%eax, $H[2]($st)
	movl	%ebx, %eax
	adcl	\$0, %eax
	movl	%eax, $H[3]($st)
	adcl	\$0, %ecx
	movl	%ecx, $H[4]($st)
	addl	\$16, $in
	subl	\$16, 20(%esp)
	jnz	.Lx86_loop
	# wipe the frame's partial products of h
	xorl	%eax, %eax
	movl	%eax, 0(%esp)
	movl	%eax, 4(%esp)
	movl	%eax, 8(%esp)
.Lx86_done:
___
  $code .= X86Asm::epilogue();
  $code .= X86Asm::function_end();
}

# --- The vector kernels ------------------------------------------------------
#
# One body for both, differing in lane count, register width and operand
# form (SSE2 two-operand with copies; AVX2 three-operand).
#
# Register plan: %xmm0-4 / %ymm0-4 = H_0..H_4 (one limb per 64-bit lane);
# 5, 6, 7 = message words, products and carries (scratch); after the
# products, D3 is in 7 and D4 in 5. GPRs: %esi =
# in, %edx = bytes left, %ecx = the power table of this step (mid or
# final), %ebx = the frame base (aligned to the vector size), %eax and
# %edi scratch. Frame at %ebx: the mid table (9 vectors: R_0..R_4,
# S_1..S_4), the final table, the 26-bit mask, padbit 2^24 per lane, and
# the columns D_0..D_4 of the step.
#
# vop and vmov write one instruction in the kernel's form, so that the
# parts both kernels share are written once: vop($avx, op, src, dst) is
# dst = dst op src (SSE2 `op src, dst`; AVX `vop src, dst, dst`), vmov a
# move or load/store (the same operands, VEX-prefixed under AVX).
sub vop {
  my ($avx, $op, $src, $dst) = @_;
  return $avx ? "\tv$op\t$src, $dst, $dst\n" : "\t$op\t$src, $dst\n";
}

sub vmov {
  my ($avx, $op, $src, $dst) = @_;
  return "\t" . ($avx ? 'v' : '') . "$op\t$src, $dst\n";
}

sub vector_kernel {
  my ($name, $avx) = @_;
  my $V = $avx ? 32 : 16;           # bytes per vector
  my $L = $V / 8;                   # lanes
  my $step = 16 * $L;               # bytes per step
  my $r = $avx ? 'ymm' : 'xmm';
  my @HV = map { "%$r$_" } 0 .. 4;
  my ($t5, $t6, $t7) = map { "%$r$_" } 5 .. 7;
  my $mid = 0;
  my $fin = 9 * $V;
  my $mask = 18 * $V;
  my $pad = 19 * $V;
  my $dcol = 20 * $V;               # + V k
  my $frame = 25 * $V + ($avx ? 32 : 0);
  # Table entry offsets: R_k at V k, S_k at V (4 + k).
  my $Rk = sub { $V * $_[0] };
  my $Sk = sub { $V * (4 + $_[0]) };
  my $lbl = $avx ? 'avx2' : 'sse2';

  my $c = X86Asm::function_begin($name, args => 6,
    save => [qw(ebp ebx esi edi)], frame => $frame, align => 16);
  $c .= "\t# frame base, aligned to $V bytes\n";
  if ($avx) {
    $c .= "\tleal\t31(%esp), %ebx\n\tandl\t\$-32, %ebx\n";
  } else {
    $c .= "\tmovl\t%esp, %ebx\n";
  }
  $c .= "\tmovl\targ(5), %eax\t\t# powers\n";
  # Expand the tables.
  $c .= "\t# mid table: every lane r^$L; final: each lane the power its\n" .
        "\t# block needs\n";
  for my $e (0 .. 8) {
    my $src = 16 * $e;
    if ($avx) {
      $c .= "\tvpbroadcastd\t$src(%eax), $t5\n";
      $c .= "\tvmovdqa\t$t5, " . ($mid + $V * $e) . "(%ebx)\n";
      $c .= "\tvpmovzxdq\t$src(%eax), $t6\n";
      $c .= "\tvmovdqa\t$t6, " . ($fin + $V * $e) . "(%ebx)\n";
    } else {
      # Stored lanes (r^4, r^2, r^3, r^1): dword 1 is r^2, dword 3 r^1.
      $c .= "\tpshufd\t\$0x11, $src(%eax), $t5\n";
      $c .= "\tmovdqa\t$t5, " . ($mid + $V * $e) . "(%ebx)\n";
      $c .= "\tpshufd\t\$0x31, $src(%eax), $t6\n";
      $c .= "\tmovdqa\t$t6, " . ($fin + $V * $e) . "(%ebx)\n";
    }
  }
  # The mask 2^26 - 1 and padbit 2^24 in every lane; h into lane 0.
  # padbit 2^24 is made in the low lane (of %xmm6 under AVX, as
  # vpbroadcastq wants an xmm source) and then copied to every lane.
  my $pad1 = $avx ? '%xmm6' : $t6;
  $c .= vop($avx, 'pcmpeqd', $t5, $t5) . vop($avx, 'psrlq', '$38', $t5) .
        vmov($avx, 'movdqa', $t5, "$mask(%ebx)") .
        vmov($avx, 'movd', 'arg(4)', $pad1) . vop($avx, 'psllq', '$24', $pad1);
  $c .= $avx ? "\tvpbroadcastq\t%xmm6, $t6\n"
             : vop(0, 'punpcklqdq', $t6, $t6);
  $c .= vmov($avx, 'movdqa', $t6, "$pad(%ebx)") . "\tmovl\targ(1), %eax\n";
  $c .= vmov($avx, 'movd', 4 * $_ . '(%eax)', "%xmm$_") for 0 .. 4;
  $c .= <<"___";
	movl	arg(2), %esi
	movl	arg(3), %edx
.L${lbl}_loop:
	# H += M: the next $L blocks split into 26-bit limbs, block j of the
	# group in its lane.
___
  # limb($w, $n, $k): H_k += (w >> n) & mask, for the limbs that lie in
  # one 64-bit word w (0 and 1 in the low word, 3 in the high one). The
  # scratch is register 5 under AVX (three-operand forms), a copy of w in
  # register 7 under SSE2.
  my $limb = sub {
    my ($w, $n, $k) = @_;
    my $x = $avx ? $t5 : $t7;
    my $s;
    if ($avx) {
      $s = $n ? "\tvpsrlq\t\$$n, $w, $x\n" . vop(1, 'pand', "$mask(%ebx)", $x)
              : "\tvpand\t$mask(%ebx), $w, $x\n";
    } else {
      $s = "\tmovdqa\t$w, $x\n" . ($n ? vop(0, 'psrlq', "\$$n", $x) : '') .
           vop(0, 'pand', "$mask(%ebx)", $x);
    }
    return $s . vop($avx, 'paddq', $x, $HV[$k]);
  };
  if ($avx) {
    # [b0|b1] and [b2|b3] -> lo = (b0.lo, b2.lo, b1.lo, b3.lo), hi alike.
    $c .= <<"___";
	vmovdqu	0(%esi), $t5
	vmovdqu	32(%esi), $t6
	vpunpcklqdq	$t6, $t5, $t7
	vpunpckhqdq	$t6, $t5, $t6
___
    $c .= $limb->($t7, 0, 0) . $limb->($t7, 26, 1);
    $c .= <<"___";
	vpsrlq	\$52, $t7, $t7
	vpsllq	\$12, $t6, $t5
	vpor	$t5, $t7, $t7
	vpand	$mask(%ebx), $t7, $t7
	vpaddq	$t7, $HV[2], $HV[2]
___
    $c .= $limb->($t6, 14, 3);
    $c .= <<"___";
	vpsrlq	\$40, $t6, $t6
	vpor	$pad(%ebx), $t6, $t6
	vpaddq	$t6, $HV[4], $HV[4]
___
  } else {
    # lo = (b0.lo, b1.lo), hi = (b0.hi, b1.hi).
    $c .= <<"___";
	movdqu	0(%esi), $t5
	movdqu	16(%esi), $t7
	movdqa	$t5, $t6
	punpcklqdq	$t7, $t5
	punpckhqdq	$t7, $t6
___
    $c .= $limb->($t5, 0, 0) . $limb->($t5, 26, 1);
    $c .= <<"___";
	psrlq	\$52, $t5
	movdqa	$t6, $t7
	psllq	\$12, $t7
	por	$t7, $t5
	pand	$mask(%ebx), $t5
	paddq	$t5, $HV[2]
___
    $c .= $limb->($t6, 14, 3);
    $c .= <<"___";
	psrlq	\$40, $t6
	por	$pad(%ebx), $t6
	paddq	$t6, $HV[4]
___
  }
  $c .= <<"___";
	# The last step multiplies by the final table, the others by mid.
	leal	$mid(%ebx), %ecx
	leal	$fin(%ebx), %eax
	cmpl	\$$step, %edx
	cmovel	%eax, %ecx
___
  # D_k = sum_{i<=k} H_i R_{k-i} + sum_{i>k} H_i S_{k-i+5}.
  for my $k (0 .. 4) {
    my @terms = map {
      my $i = $_;
      [$i, $i <= $k ? $Rk->($k - $i) : $Sk->($k - $i + 5),
       $i <= $k ? "R" . ($k - $i) : "S" . ($k - $i + 5)]
    } 0 .. 4;
    $c .= "\t# D$k = " . join(' + ', map { "H$_->[0] $_->[2]" } @terms) . "\n";
    # D0..D2 go to the frame; D3 stays in register 7 and D4 in 5 (H is
    # dead by then), so the carry chain's first links start at once.
    my $acc = $k == 3 ? $t7 : $t5;
    for my $n (0 .. 4) {
      my ($i, $off) = @{ $terms[$n] };
      if ($avx) {
        if ($n == 0) {
          $c .= "\tvpmuludq\t$off(%ecx), $HV[$i], $acc\n";
        } else {
          $c .= "\tvpmuludq\t$off(%ecx), $HV[$i], $t6\n";
          $c .= "\tvpaddq\t$t6, $acc, $acc\n";
        }
      } else {
        my $dst = $n == 0 ? $acc : $t6;
        $c .= "\tmovdqa\t$HV[$i], $dst\n\tpmuludq\t$off(%ecx), $dst\n";
        $c .= "\tpaddq\t$t6, $acc\n" if $n;
      }
    }
    $c .= ($avx ? "\tvmovdqa" : "\tmovdqa") . "\t$acc, " . ($dcol + $V * $k) .
          "(%ebx)\n" if $k < 3;
  }
  my $mv = $avx ? 'vmovdqa' : 'movdqa';
  $c .= <<"___";
	cmpl	\$$step, %edx
	je	.L${lbl}_finish
	# Carry the columns into limbs (bounds in the header); H = the limbs.
	$mv	$t7, $HV[3]
	$mv	$t5, $HV[4]
___
  for my $k (0 .. 2) {
    $c .= "\t$mv\t" . ($dcol + $V * $k) . "(%ebx), $HV[$k]\n";
  }
  # carry(from, to, tmp): t = D_from >> 26; D_from &= mask; D_to += t.
  my $carry = sub {
    my ($f, $t, $tmp, $times5) = @_;
    my $s = '';
    # t = D_from >> 26 (AVX: one three-operand shift; SSE2: copy, shift).
    $s .= $avx ? "\tvpsrlq\t\$26, $HV[$f], $tmp\n"
               : "\tmovdqa\t$HV[$f], $tmp\n\tpsrlq\t\$26, $tmp\n";
    $s .= vop($avx, 'pand', "$mask(%ebx)", $HV[$f]);
    $s .= vop($avx, 'paddq', $tmp, $HV[$t]);
    if ($times5) {
      # D_to += 4 t as well: 5 t in all.
      $s .= vop($avx, 'psllq', '$2', $tmp) . vop($avx, 'paddq', $tmp, $HV[$t]);
    }
    return $s;
  };
  $c .= "\t# d0 -> d1, d3 -> d4\n" . $carry->(0, 1, $t5) . $carry->(3, 4, $t6);
  $c .= "\t# d1 -> d2, d4 -> d0 (times 5: 2^130 = 5 mod p)\n" .
        $carry->(1, 2, $t5) . $carry->(4, 0, $t6, 1);
  $c .= "\t# d2 -> d3, d0 -> d1\n" . $carry->(2, 3, $t5) . $carry->(0, 1, $t6);
  $c .= "\t# d3 -> d4\n" . $carry->(3, 4, $t5);
  $c .= <<"___";
	addl	\$$step, %esi
	subl	\$$step, %edx
	jmp	.L${lbl}_loop
.L${lbl}_finish:
	# d[k] = the sum of column k over the lanes.
	$mv	$t7, @{[$dcol + 3 * $V]}(%ebx)
	$mv	$t5, @{[$dcol + 4 * $V]}(%ebx)
	movl	arg(0), %edi
___
  for my $k (0 .. 4) {
    my $src = ($dcol + $V * $k) . "(%ebx)";
    if ($avx) {
      $c .= "\tvmovdqa\t$src, %xmm5\n";
      $c .= "\tvpaddq\t" . ($dcol + $V * $k + 16) . "(%ebx), %xmm5, %xmm5\n";
      $c .= "\tvpshufd\t\$0xee, %xmm5, %xmm6\n";
      $c .= "\tvpaddq\t%xmm6, %xmm5, %xmm5\n";
      $c .= "\tvmovq\t%xmm5, " . (8 * $k) . "(%edi)\n";
    } else {
      $c .= "\tmovdqa\t$src, %xmm5\n";
      $c .= "\tpshufd\t\$0xee, %xmm5, %xmm6\n";
      $c .= "\tpaddq\t%xmm6, %xmm5\n";
      $c .= "\tmovq\t%xmm5, " . (8 * $k) . "(%edi)\n";
    }
  }
  # The frame held the powers of r and the columns: clear it.
  $c .= "\t# wipe the frame (powers of r, columns)\n";
  $c .= vop($avx, 'pxor', '%xmm0', '%xmm0');
  for (my $o = 0; $o < 25 * $V; $o += $V) {
    $c .= "\t$mv\t" . ($avx ? '%ymm0' : '%xmm0') . ", $o(%ebx)\n";
  }
  if ($avx) {
    # vzeroall wipes the registers, but in 32-bit mode neither it nor
    # vzeroupper returns the upper halves to the clean state (see the
    # header): XRSTOR of the AVX component (requested-feature bitmap 4) from
    # an image whose XSTATE_BV is 0 puts that component in its initial
    # configuration. The image is 64-byte aligned in the frame (the frame
    # is 16-byte aligned and 832 bytes; the image needs 576): a zero header
    # at 512, and MXCSR at 24, which XRSTOR loads when the bitmap has bit 2
    # (so it is stored first and comes back unchanged).
    $c .= <<"___";
	vzeroall
	leal	63(%esp), %ecx
	andl	\$-64, %ecx
	vmovdqa	%xmm0, 512(%ecx)
	vmovdqa	%xmm0, 528(%ecx)
	vmovdqa	%xmm0, 544(%ecx)
	vmovdqa	%xmm0, 560(%ecx)
	stmxcsr	24(%ecx)
	movl	\$4, %eax
	xorl	%edx, %edx
	xrstor	(%ecx)
___
  } else {
    $c .= "\tpxor\t%xmm$_, %xmm$_\n" for 1 .. 7;
  }
  $c .= X86Asm::epilogue();
  $c .= X86Asm::function_end();
  return $c;
}

$code .= vector_kernel('poly1305_blocks_x86_sse2', 0);
$code .= vector_kernel('poly1305_blocks_x86_avx2', 1);

X86Asm::write_output($flavour, $output, $code, __FILE__);
