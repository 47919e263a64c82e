#!/usr/bin/env perl
# Copyright 2026 The project authors.
#
# chacha-x86_64.pl: the ChaCha20 block function (RFC 8439, section 2.3) in
# counter mode for x86-64. Usage: perl chacha-x86_64.pl FLAVOUR OUTPUT
#
# Entry points (C declarations in chacha_asm.h, table rows in chacha_asm.c):
#
#   void ChaCha20_ctr32_avx2(uint8_t *out, const uint8_t *in,
#                            size_t num_blocks, const uint32_t key[8],
#                            const uint32_t counter_nonce[4]);
#   void ChaCha20_ctr32_ssse3_4x(...same...);
#
# Each XORs `num_blocks` WHOLE 64-byte blocks of `in` with the keystream of
# state = constants | key | counter_nonce[0] + i | counter_nonce[1..3] for
# block i, and writes them to `out` (out == in, or no overlap). The counter
# word wraps modulo 2^32 inside the call (32-bit lane additions do exactly
# that) and the nonce words never change. num_blocks == 0 touches nothing.
# Partial final blocks are the C glue's job (chacha_asm.c).
#
# Measured here, TSC ticks per byte (rdtsc, minimum of 400 runs; the TSC is
# nominal, not core cycles: see /work/shared/reading/limits.md), OpenSSL
# 3.0.22's EVP ChaCha20 timed the same way in the same process. NOTE: this
# guest reports AMD family 26 model 2 (Zen 5) with AVX-512, not the Zen 3
# the project documents assume; OpenSSL then runs its AVX-512 code, so its
# AVX2 code is measured with OPENSSL_ia32cap=":~0x10000" (AVX512F masked).
#
# | path                  | 8192 B | 16384 B | 1 block (ticks)  | code     |
# |-----------------------|--------|---------|------------------|----------|
# | avx2 (16, then 8)     | 0.57-  | 0.57-   | 375 (computes 8) | 8206 B   |
# |                       |  0.61  |  0.60   |                  |          |
# | ssse3_4x              | 1.43   | 1.41    | 375 (computes 4) | 3367 B   |
# | ssse3 (1 block) [1]   | 4.40   | 4.48    | 289              | 418 B    |
# | nohw (C, gcc -O3)     | 2.71   | 2.76    | 176              |          |
# | OpenSSL AVX2          | 0.59-  | 0.60-   |                  |          |
# |                       |  0.63  |  0.63   |                  |          |
# | OpenSSL AVX-512 (its  | 0.31-  | 0.31-   |                  |          |
# | default here)         |  0.33  |  0.32   |                  |          |
# (plus 176 bytes of constants). The ranges are runs on different minutes
# of this shared machine.
#
# avx2 is 1.03-1.04x OpenSSL's AVX2 code in the same-process rdtsc
# comparison (0.96 in `speed-vs-openssl` wall-clock medians with
# OPENSSL_ia32cap=":~0x10000"), and 0.54x its AVX-512 code, which this
# machine runs by default (vprold makes a rotation one op instead of three,
# and a zmm register holds 16 blocks). So the issue's 1.20x target is not
# met with AVX2 here; it needs an AVX-512 path, and the translator does not
# accept vprold/vpxord/vpord/zmm forms yet.
#
# What bounds the paths. One quarter round on W lanes is 4 vpaddd, 4 vpxor,
# 2 vpshufb (<<< 16, <<< 8) and 2 x (vpslld, vpsrld, vpor) (<<< 12, <<< 7):
# 16 vector ops (6 of them shifts/shuffles, on 2 of the 4 pipes on Zen 3),
# 8 quarter rounds per double round, 10 double rounds: 1280 ops per W
# blocks, 320 cycles for 8 blocks on 4 pipes = 0.625 core cycles/byte.
# But the rounds of ONE group are a latency chain: a round's four quarter
# rounds are independent of each other and the next round needs all four,
# so a round costs at least one quarter round's latency, 12 dependent ops
# (more with 2-cycle vector latency). Measured: one group of 8 (or 4) blocks
# costs ~375 ticks whatever its width: the 8-block loop alone ran at 0.71
# ticks/byte, the 4-block one at 1.41 -- both latency bound. Hence the
# AVX2 path's 16-block loop: two independent groups of 8, their rounds
# alternating, so one group's round fills the pipes while the other's
# results are in flight: 0.71 -> 0.57 ticks/byte (1.24x). That loop keeps
# its words in the frame: per group and round 16 loads and 16 stores beside
# the 64 vector ops, so per 512 bytes 320 stores and 320 cycles of vector
# ops: both the store port (one vector store per cycle) and the four pipes
# are full, which is why 3 or 4 groups measured no faster.
#
# [1] A one-block SSSE3 path (rows of the state in four xmm, pshufd
# diagonalisation) was written, tested and measured: 289 ticks per block
# (4.5 ticks/byte at any length) against 176 for the portable C code, since
# a single block is one long latency chain while the compiler's scalar code
# keeps four quarter rounds in flight on the integer ALUs. It was removed:
# the wide rows send short rests to the C code instead.
#
# Register plan of the 8-block loop (and of the 4-block path with xmm):
# register r holds state word x[i] of W consecutive blocks (lane j = block
# j). Sixteen words need sixteen registers and the rotations need a scratch
# register each, so two of the four "c" words (x8..x11) live on the stack:
#
#   v0..v3   x0..x3   (a)           v12, v13  the two active c words
#   v4..v7   x4..x7   (b)           v14, v15  rotation temporaries
#   v8..v11  x12..x15 (d)
#
# The quarter rounds run two at a time, interleaved instruction by
# instruction (two independent chains for the scheduler); each pair uses
# two c words:
#   column   QR(0,4,8,12)  QR(1,5,9,13)    c = x8,  x9
#            QR(2,6,10,14) QR(3,7,11,15)   c = x10, x11   (swap x8,x9 out)
#   diagonal QR(0,5,10,15) QR(1,6,11,12)   c = x10, x11   (no swap)
#            QR(2,7,8,13)  QR(3,4,9,14)    c = x8,  x9    (swap x10,x11 out)
# so a double round costs two swaps (2 stores + 2 loads each). The 16-block
# loop keeps all 32 words in the frame instead and loads/stores the eight
# words of each pair of quarter rounds (see wide16). After the rounds every
# word gets the input state added (feed-forward), all sixteen go to a
# scratch area, and the output stage reloads four words at a time,
# transposes 4x4 dwords (per 128-bit lane), so that a register holds 16
# consecutive keystream bytes of one block, XORs and stores. The AVX2 path
# joins the 128-bit halves of two groups of four words with vperm2i128 to
# store 32 bytes at a time.
#
# The frame holds the input state (the key!) and keystream; it is wiped
# before returning, and the vector registers are cleared (vzeroall / pxor).

use strict;
use warnings;
use FindBin;
use lib "$FindBin::Bin/../../perlasm";
require "x86_64-xlate.pl";

my ($flavour, $output) = @ARGV;

# Arguments (SysV order; the translator moves Win64 arguments there).
my ($out, $in, $nblocks, $key, $cn) = ('%rdi', '%rsi', '%rdx', '%rcx', '%r8');

sub text { return join('', map { "\t$_\n" } @_); }

# --- Vector operation helpers. $avx selects the three-operand VEX forms. ---

# x += y (32-bit lanes)
sub vadd { my ($avx, $x, $y) = @_; return $avx ? ("vpaddd $y, $x, $x") : ("paddd $y, $x"); }
# x ^= y
sub vxor { my ($avx, $x, $y) = @_; return $avx ? ("vpxor $y, $x, $x") : ("pxor $y, $x"); }
# x <<<= n (32-bit lanes); n = 16, 8 by a byte shuffle, else two shifts and
# an or through the temporary t.
sub vrot {
  my ($avx, $x, $n, $t) = @_;
  if ($n == 16 || $n == 8) {
    my $mask = ".Lchacha_rot$n(%rip)";
    return $avx ? ("vpshufb $mask, $x, $x") : ("pshufb $mask, $x");
  }
  my $r = 32 - $n;
  return $avx
      ? ("vpslld \$$n, $x, $t", "vpsrld \$$r, $x, $x", "vpor $t, $x, $x")
      : ("movdqa $x, $t", "pslld \$$n, $t", "psrld \$$r, $x", "por $t, $x");
}

# quarter_round_steps returns QUARTERROUND(a, b, c, d) as four lists of
# instructions, one per line of RFC 8439 section 2.1:
#   a += b; d ^= a; d <<<= 16;
#   c += d; b ^= c; b <<<= 12;
#   a += b; d ^= a; d <<<= 8;
#   c += d; b ^= c; b <<<= 7;
sub quarter_round_steps {
  my ($avx, $a, $b, $c, $d, $t) = @_;
  return (
    [vadd($avx, $a, $b), vxor($avx, $d, $a), vrot($avx, $d, 16, $t)],
    [vadd($avx, $c, $d), vxor($avx, $b, $c), vrot($avx, $b, 12, $t)],
    [vadd($avx, $a, $b), vxor($avx, $d, $a), vrot($avx, $d, 8, $t)],
    [vadd($avx, $c, $d), vxor($avx, $b, $c), vrot($avx, $b, 7, $t)],
  );
}

# interleave(\@q1, \@q2) merges the steps of two independent quarter
# rounds, alternating one instruction of each.
sub interleave {
  my ($q1, $q2) = @_;
  my @out;
  for my $s (0 .. 3) {
    my @x = @{ $q1->[$s] };
    my @y = @{ $q2->[$s] };
    while (@x || @y) {
      push @out, shift @x if @x;
      push @out, shift @y if @y;
    }
  }
  return @out;
}

# transpose4 emits the 4x4 dword transpose (within each 128-bit lane) of
# the words in @x (x[i] holding word i of blocks 0..3 of the lane), using
# two temporaries, and returns the instructions and the four registers that
# then hold words 0..3 of block 0, 1, 2, 3.
sub transpose4 {
  my ($avx, $x, $t) = @_;
  my ($x0, $x1, $x2, $x3) = @$x;
  my ($t0, $t1) = @$t;
  if ($avx) {
    return ([
      "vpunpckldq $x1, $x0, $t0",      # x0b0 x1b0 x0b1 x1b1
      "vpunpckhdq $x1, $x0, $x1",      # x0b2 x1b2 x0b3 x1b3
      "vpunpckldq $x3, $x2, $t1",      # x2b0 x3b0 x2b1 x3b1
      "vpunpckhdq $x3, $x2, $x3",      # x2b2 x3b2 x2b3 x3b3
      "vpunpcklqdq $t1, $t0, $x0",     # block 0
      "vpunpckhqdq $t1, $t0, $x2",     # block 1
      "vpunpcklqdq $x3, $x1, $t0",     # block 2
      "vpunpckhqdq $x3, $x1, $x3",     # block 3
    ], [$x0, $x2, $t0, $x3]);
  }
  return ([
    "movdqa $x0, $t0",
    "punpckldq $x1, $t0",              # x0b0 x1b0 x0b1 x1b1
    "punpckhdq $x1, $x0",              # x0b2 x1b2 x0b3 x1b3
    "movdqa $x2, $t1",
    "punpckldq $x3, $t1",              # x2b0 x3b0 x2b1 x3b1
    "punpckhdq $x3, $x2",              # x2b2 x3b2 x2b3 x3b3
    "movdqa $t0, $x1",
    "punpcklqdq $t1, $x1",             # block 0
    "punpckhqdq $t1, $t0",             # block 1
    "movdqa $x0, $x3",
    "punpcklqdq $x2, $x3",             # block 2
    "punpckhqdq $x2, $x0",             # block 3
  ], [$x1, $t0, $x3, $x0]);
}

# --- The W-lane paths (AVX2 8-way, SSSE3 4-way) -----------------------------

# wide() generates one W-lane function. Frame layout (from the base
# register %r10, aligned to the vector size V):
#   STATE   16 x V   the input state, word i broadcast (counter: + lane)
#   SCRATCH 16 x V   the spilled c words during the rounds, then all
#                    sixteen words after the feed-forward
#   KS      16 x V   keystream of a final group of fewer than W blocks
#   WH      16 x V   AVX2 only: the words of the second group of 8 blocks
#                    in the 16-block loop (the first group uses SCRATCH)
sub wide {
  my ($avx) = @_;
  my $W = $avx ? 8 : 4;                 # blocks per iteration
  my $V = $avx ? 32 : 16;               # bytes per vector register
  my $p = $avx ? 'ymm' : 'xmm';
  my $name = $avx ? 'ChaCha20_ctr32_avx2' : 'ChaCha20_ctr32_ssse3_4x';
  my $L = $avx ? '.Lchacha_avx2' : '.Lchacha_4x';
  my @v = map { "%$p$_" } 0 .. 15;
  my $base = '%r10';
  my ($STATE, $SCRATCH, $KS) = (0, 16 * $V, 32 * $V);
  # Groups of 8 blocks in the AVX2 path's wide loop (wide16). Measured: 2
  # groups 0.57-0.61 ticks/byte, 3 and 4 groups the same within the noise
  # (the vector pipes and the stores are then busy), so 2, the smallest.
  my $NGROUPS = 2;
  my $WH = 48 * $V;                     # then 16 x V per further group
  my $FRAME_USED = ($avx ? 48 + 16 * ($NGROUPS - 1) : 48) * $V;
  my $frame = $FRAME_USED + ($avx ? 32 : 0);   # room to align to 32
  my $st = sub { return ($STATE + $V * $_[0]) . "($base)"; };
  my $sc = sub { return ($SCRATCH + $V * $_[0]) . "($base)"; };
  my $mova = $avx ? 'vmovdqa' : 'movdqa';
  my $movu = $avx ? 'vmovdqu' : 'movdqu';

  # Where each state word lives during the rounds (c words: see the swaps).
  my %reg = (0 => $v[0], 1 => $v[1], 2 => $v[2], 3 => $v[3],
             4 => $v[4], 5 => $v[5], 6 => $v[6], 7 => $v[7],
             12 => $v[8], 13 => $v[9], 14 => $v[10], 15 => $v[11]);
  my ($ca, $cb, $t0, $t1) = @v[12 .. 15];

  my $c = X86_64Xlate::function_begin($name, args => 5, xmm => [6 .. 15],
                                      frame => $frame);
  $c .= text("testq $nblocks, $nblocks", "jz ${L}_return");
  if ($avx) {
    $c .= text("leaq 31(%rsp), $base", "andq \$-32, $base");
  } else {
    $c .= text("movq %rsp, $base");
  }

  # The input state, one word per vector, broadcast to every lane.
  $c .= "\t# Input state: x0..x3 constants, x4..x11 key, x12 counter + lane,\n";
  $c .= "\t# x13..x15 nonce.\n";
  my @init;
  for my $i (0 .. 15) {
    my $src = $i < 4 ? ".Lchacha_sigma+" . (4 * $i) . "(%rip)"
            : $i < 12 ? (4 * ($i - 4)) . "($key)"
            : (4 * ($i - 12)) . "($cn)";
    if ($avx) {
      push @init, "vpbroadcastd $src, $v[0]";
    } else {
      push @init, "movd $src, $v[0]", "pshufd \$0, $v[0], $v[0]";
    }
    push @init, ($avx ? "vpaddd .Lchacha_lane_inc(%rip), $v[0], $v[0]"
                      : "paddd .Lchacha_lane_inc(%rip), $v[0]") if $i == 12;
    push @init, "$mova $v[0], " . $st->($i);
  }
  $c .= text(@init);

  # The output stage: reads the sixteen keystream words of W blocks from
  # the slots $slot->(i) and transposes them; $consume->($block,
  # $byte_offset, $reg) returns the instructions that consume 16 (SSE) or
  # 32 (AVX2) keystream bytes of one block.
  my $output_stage = sub {
    my ($consume, $slot) = @_;
    $slot //= $sc;
    my @o;
    if ($avx) {
      for my $h (0, 1) {                 # bytes 32h .. 32h+31 of each block
        push @o, "$mova " . $slot->(8 * $h + $_) . ", $v[$_]" for 0 .. 7;
        my ($ta, $ra) = transpose4(1, [@v[0 .. 3]], [@v[8, 9]]);
        my ($tb, $rb) = transpose4(1, [@v[4 .. 7]], [@v[10, 11]]);
        push @o, @$ta, @$tb;
        for my $k (0 .. 3) {
          push @o, "vperm2i128 \$0x20, $rb->[$k], $ra->[$k], $v[12]";
          push @o, "vperm2i128 \$0x31, $rb->[$k], $ra->[$k], $v[13]";
          push @o, $consume->($k, 32 * $h, $v[12]);
          push @o, $consume->($k + 4, 32 * $h, $v[13]);
        }
      }
    } else {
      for my $g (0 .. 3) {               # bytes 16g .. 16g+15 of each block
        push @o, "movdqa " . $slot->(4 * $g + $_) . ", $v[$_]" for 0 .. 3;
        my ($tr, $r) = transpose4(0, [@v[0 .. 3]], [@v[4, 5]]);
        push @o, @$tr;
        push @o, $consume->($_, 16 * $g, $r->[$_]) for 0 .. 3;
      }
    }
    return @o;
  };

  if ($avx) {
    my @slots = ($sc);
    for my $g (1 .. $NGROUPS - 1) {
      my $off = $WH + 16 * $V * ($g - 1);
      push @slots, sub { return ($off + $V * $_[0]) . "($base)"; };
    }
    $c .= wide16($L, $base, \@v, $st, \@slots, $output_stage);
  }

  # One iteration: W blocks.
  $c .= "${L}_loop:\n";
  my @ld;
  push @ld, "$mova " . $st->($_) . ", $reg{$_}" for (0 .. 7, 12 .. 15);
  push @ld, "$mova " . $st->(8) . ", $ca", "$mova " . $st->(9) . ", $cb";
  push @ld, "$mova " . $st->(10) . ", $t0", "$mova $t0, " . $sc->(10);
  push @ld, "$mova " . $st->(11) . ", $t1", "$mova $t1, " . $sc->(11);
  push @ld, "movl \$10, %eax";
  $c .= text(@ld);

  # The double round.
  my $qr = sub {
    my ($a, $b, $cc, $d, $t) = @_;
    return [quarter_round_steps($avx, $reg{$a}, $reg{$b}, $cc, $reg{$d}, $t)];
  };
  my @dr;
  push @dr, "# Column round: QR(0,4,8,12) QR(1,5,9,13), c = x8, x9.";
  push @dr, interleave($qr->(0, 4, $ca, 12, $t0), $qr->(1, 5, $cb, 13, $t1));
  push @dr, "# Swap x8, x9 out and x10, x11 in.";
  push @dr, "$mova $ca, " . $sc->(8), "$mova $cb, " . $sc->(9),
            "$mova " . $sc->(10) . ", $ca", "$mova " . $sc->(11) . ", $cb";
  push @dr, "# QR(2,6,10,14) QR(3,7,11,15), c = x10, x11.";
  push @dr, interleave($qr->(2, 6, $ca, 14, $t0), $qr->(3, 7, $cb, 15, $t1));
  push @dr, "# Diagonal round: QR(0,5,10,15) QR(1,6,11,12), c = x10, x11.";
  push @dr, interleave($qr->(0, 5, $ca, 15, $t0), $qr->(1, 6, $cb, 12, $t1));
  push @dr, "# Swap x10, x11 out and x8, x9 in.";
  push @dr, "$mova $ca, " . $sc->(10), "$mova $cb, " . $sc->(11),
            "$mova " . $sc->(8) . ", $ca", "$mova " . $sc->(9) . ", $cb";
  push @dr, "# QR(2,7,8,13) QR(3,4,9,14), c = x8, x9.";
  push @dr, interleave($qr->(2, 7, $ca, 13, $t0), $qr->(3, 4, $cb, 14, $t1));
  push @dr, "decl %eax", "jnz ${L}_rounds";
  $c .= "${L}_rounds:\n" . text(@dr);

  # Feed-forward: x[i] += input[i], everything to the scratch area.
  my @ff;
  my %inreg = (%reg, 8 => $ca, 9 => $cb);
  for my $i (0 .. 9, 12 .. 15) {
    push @ff, vadd($avx, $inreg{$i}, $st->($i)) if $avx;
    push @ff, "paddd " . $st->($i) . ", $inreg{$i}" unless $avx;
    push @ff, "$mova $inreg{$i}, " . $sc->($i);
  }
  for my $i (10, 11) {
    push @ff, "$mova " . $sc->($i) . ", $t0";
    push @ff, $avx ? "vpaddd " . $st->($i) . ", $t0, $t0" : "paddd " . $st->($i) . ", $t0";
    push @ff, "$mova $t0, " . $sc->($i);
  }
  # The next counters: x12 += W in every lane (mod 2^32).
  push @ff, "$mova " . $st->(12) . ", $t0";
  push @ff, $avx ? "vpaddd .Lchacha_eight(%rip), $t0, $t0"
                 : "paddd .Lchacha_four(%rip), $t0";
  push @ff, "$mova $t0, " . $st->(12);
  $c .= "\t# Feed-forward: x[i] += input[i] (keystream words).\n" . text(@ff);

  # Whole groups of W blocks: out = in ^ keystream.
  $c .= text("cmpq \$$W, $nblocks", "jb ${L}_partial");
  $c .= text($output_stage->(sub {
    my ($blk, $off, $r) = @_;
    my $o = 64 * $blk + $off;
    return $avx ? ("vpxor $o($in), $r, $r", "vmovdqu $r, $o($out)")
                : ("movdqu $o($in), $v[6]", "pxor $v[6], $r", "movdqu $r, $o($out)");
  }));
  $c .= text("addq \$" . (64 * $W) . ", $in", "addq \$" . (64 * $W) . ", $out",
             "subq \$$W, $nblocks", "jnz ${L}_loop", "jmp ${L}_wipe");

  # A final group of 1..W-1 blocks: the keystream of W blocks goes to KS
  # and only $nblocks blocks of it are used.
  $c .= "${L}_partial:\n";
  $c .= text($output_stage->(sub {
    my ($blk, $off, $r) = @_;
    return ("$mova $r, " . ($KS + 64 * $blk + $off) . "($base)");
  }));
  $c .= text("leaq $KS($base), %r11");
  $c .= "${L}_partial_loop:\n";
  my @pl;
  for my $off (map { $V * $_ } 0 .. 64 / $V - 1) {
    push @pl, "$mova $off(%r11), $v[0]";
    push @pl, "$movu $off($in), $v[1]";
    push @pl, $avx ? "vpxor $v[1], $v[0], $v[0]" : "pxor $v[1], $v[0]";
    push @pl, "$movu $v[0], $off($out)";
  }
  push @pl, "addq \$64, %r11", "addq \$64, $in", "addq \$64, $out",
            "decq $nblocks", "jnz ${L}_partial_loop";
  $c .= text(@pl);

  # Wipe the frame (key, keystream) and the registers.
  $c .= "${L}_wipe:\n";
  my @w = $avx ? ("vpxor $v[0], $v[0], $v[0]") : ("pxor $v[0], $v[0]");
  push @w, "$mova $v[0], " . ($V * $_) . "($base)" for 0 .. $FRAME_USED / $V - 1;
  if ($avx) {
    push @w, "vzeroall";
  } else {
    push @w, "pxor $v[$_], $v[$_]" for 1 .. 15;
  }
  $c .= text(@w);
  $c .= "${L}_return:\n";
  $c .= X86_64Xlate::epilogue();
  $c .= X86_64Xlate::function_end();
  return $c;
}

# wide16 emits the AVX2 path's 16-block loop (8 x the number of groups in
# @$slots), run while at least 16 blocks remain, before the 8-block loop. With one group of 8 blocks the rounds are
# latency bound: a double round is two chains of four dependent quarter-round
# steps, and the vector pipes sit half idle. Two groups G (blocks 0..7,
# words in SCRATCH) and H (blocks 8..15, words in WH) are independent, so
# their rounds alternate (G column, H column, G diagonal, H diagonal) and
# one group's round runs while the other's results are still in flight. All
# 32 words live in the frame; each pair of quarter rounds loads its eight
# words, computes, and stores them back (the loads are cheap and the store
# to load forwarding overlaps the other group's round).
sub wide16 {
  my ($L, $base, $v, $st, $slots, $output_stage) = @_;
  my @v = @$v;
  my @groups = @$slots;
  my $n = 8 * @groups;                  # blocks per iteration
  my @i;
  push @i, "cmpq \$$n, $nblocks", "jb ${L}_loop";
  my $c = text(@i);
  @i = ();
  $c .= "${L}_loop16:\n";
  push @i, "# Every group starts from the input state; group g's counters are 8g on.";
  for my $w (0 .. 15) {
    push @i, "vmovdqa " . $st->($w) . ", $v[0]";
    for my $g (0 .. $#groups) {
      push @i, "vpaddd .Lchacha_eight(%rip), $v[0], $v[0]" if $w == 12 && $g > 0;
      push @i, "vmovdqa $v[0], " . $groups[$g]->($w);
    }
  }
  push @i, "movl \$10, %eax";
  $c .= text(@i);
  @i = ();
  my $pair = sub {
    my ($slot, $q1, $q2) = @_;
    my @r1 = @v[0 .. 3];
    my @r2 = @v[4 .. 7];
    my @o;
    push @o, "vmovdqa " . $slot->($q1->[$_]) . ", $r1[$_]" for 0 .. 3;
    push @o, "vmovdqa " . $slot->($q2->[$_]) . ", $r2[$_]" for 0 .. 3;
    push @o, interleave([quarter_round_steps(1, @r1, $v[14])],
                        [quarter_round_steps(1, @r2, $v[15])]);
    push @o, "vmovdqa $r1[$_], " . $slot->($q1->[$_]) for 0 .. 3;
    push @o, "vmovdqa $r2[$_], " . $slot->($q2->[$_]) for 0 .. 3;
    return @o;
  };
  my @column = ([[0, 4, 8, 12], [1, 5, 9, 13]], [[2, 6, 10, 14], [3, 7, 11, 15]]);
  my @diagonal = ([[0, 5, 10, 15], [1, 6, 11, 12]], [[2, 7, 8, 13], [3, 4, 9, 14]]);
  for my $round (['Column', \@column], ['Diagonal', \@diagonal]) {
    for my $g (0 .. $#groups) {
      push @i, "# $round->[0] round of group $g.";
      for my $pr (@{ $round->[1] }) {
        push @i, "# QR(" . join(',', @{ $pr->[0] }) . ") QR(" . join(',', @{ $pr->[1] }) . ")";
        push @i, $pair->($groups[$g], @$pr);
      }
    }
  }
  push @i, "decl %eax", "jnz ${L}_rounds16";
  $c .= "${L}_rounds16:\n" . text(@i);
  @i = ();
  # Feed-forward of every group: x[i] += input[i] (counter words + 8g).
  for my $w (0 .. 15) {
    push @i, "vmovdqa " . $st->($w) . ", $v[0]";
    for my $g (0 .. $#groups) {
      push @i, "vpaddd .Lchacha_eight(%rip), $v[0], $v[0]" if $w == 12 && $g > 0;
      push @i, "vpaddd " . $groups[$g]->($w) . ", $v[0], $v[1]",
               "vmovdqa $v[1], " . $groups[$g]->($w);
    }
  }
  # The next counters: x12 += 8 * groups in every lane (mod 2^32).
  push @i, "vmovdqa " . $st->(12) . ", $v[0]";
  push @i, "vpaddd .Lchacha_eight(%rip), $v[0], $v[0]" for @groups;
  push @i, "vmovdqa $v[0], " . $st->(12);
  $c .= "\t# Feed-forward of every group.\n" . text(@i);
  for my $g (0 .. $#groups) {
    $c .= text($output_stage->(sub {
      my ($blk, $off, $r) = @_;
      my $o = 64 * (8 * $g + $blk) + $off;
      return ("vpxor $o($in), $r, $r", "vmovdqu $r, $o($out)");
    }, $groups[$g]));
  }
  $c .= text("addq \$" . (64 * $n) . ", $in", "addq \$" . (64 * $n) . ", $out",
             "subq \$$n, $nblocks",
             "jz ${L}_wipe", "cmpq \$$n, $nblocks", "jae ${L}_loop16");
  return $c;
}

my $code = ".text\n";
$code .= wide(1);
$code .= wide(0);

# Constants. The byte shuffles rotate each 32-bit lane left by 16 / 8:
# destination byte 4j+k takes source byte 4j + ((k - n/8) mod 4).
my @rot16 = map { my $j = $_; map { 4 * $j + (($_ + 2) % 4) } 0 .. 3 } 0 .. 7;
my @rot8 = map { my $j = $_; map { 4 * $j + (($_ + 3) % 4) } 0 .. 3 } 0 .. 7;
$code .= <<"___";
.rodata
.align 32
.Lchacha_rot16:
	.byte @{[ join(', ', @rot16) ]}
.Lchacha_rot8:
	.byte @{[ join(', ', @rot8) ]}
.Lchacha_lane_inc:
	.long 0, 1, 2, 3, 4, 5, 6, 7
.Lchacha_eight:
	.long 8, 8, 8, 8, 8, 8, 8, 8
.Lchacha_four:
	.long 4, 4, 4, 4
.Lchacha_sigma:
	.long 0x61707865, 0x3320646e, 0x79622d32, 0x6b206574
___

X86_64Xlate::write_output($flavour, $output, $code, __FILE__);
