#!/usr/bin/env perl
# Copyright 2026 The project authors.
#
# poly1305-x86_64.pl: Poly1305 block functions for x86-64 (RFC 8439,
# section 2.5). Usage: perl poly1305-x86_64.pl FLAVOUR OUTPUT
#
# Entry points (C declarations and the state layout in poly1305_x86_64.h), all
# with the `blocks` contract of crypto/poly1305/internal.h: for each 16-byte
# block m of `in`, h = (h + m + padbit * 2^128) * r mod p, p = 2^130 - 5,
# partially reduced; `len` is a multiple of 16 (possibly 0):
#
#   void poly1305_blocks_x86_64(void *state, const uint8_t *in, size_t len,
#                               uint32_t padbit);   base 2^64, mul/adc
#   void poly1305_blocks_avx2(...same...);          base 2^26, 4-way AVX2,
#                                                   scalar mul/adc below the
#                                                   switch length
#   void poly1305_blocks_avx512ifma(...same...);    base 2^44, 8 lanes of
#                                                   AVX-512 IFMA, scalar
#                                                   mul/adc below the switch
#
# State (64-byte aligned, see poly1305_x86_64.h): h0, h1, h2 (h = h0 + h1 2^64
# + h2 2^128) at 0, 8, 16; r0, r1 (clamped r) at 24, 32 -- exactly the
# portable base 2^64 code's layout, so its init and emit serve these rows;
# at 40 a 64-bit flag "powers ready", and from 64 the tables of r^1..r^4
# and r^8 in base 2^26 that the AVX2 code fills the first time it runs its
# 4-way loop for a key (once per key: init clears the flag). The IFMA row
# keeps its own table there instead (r^1..r^8 in base 2^44, 192 bytes from
# 64: poly1305_x86_64_ifma_state); a state belongs to one row from init on.
#
# Limb bounds (what each routine assumes on entry and guarantees on exit):
#   * every function: on entry and exit h2 <= 4 (h < 5 * 2^128), the same
#     bound as the portable base 2^64 code, so both rows and that code can
#     take over each other's state; init (h = 0) satisfies it.
#   * scalar step (one block): h2 <= 4 on entry; h += m + padbit 2^128 gives
#     h2 <= 6; the products d0 = h0 r0 + h1 s1 < 2^126, d1 = h0 r1 + h1 r0
#     + h2 s1 + (d0 >> 64) < 2^126, d2 = h2 r0 + (d1 >> 64) < 2^63
#     (r0, r1 < 2^60 by the clamp, s1 = r1 + r1/4 < 1.25 * 2^60, exact as
#     4 | r1); the fold h = (d mod 2^130) + 5 (d >> 130) gives h2 <= 4.
#   * base 2^26 vectors (the 4-way loop), per lane: on loop entry
#     h[0..3] < 2^26 + 2^11, h[4] < 5 * 2^24 + 2^11 < 2^27; m[0..3] < 2^26,
#     m[4] + padbit 2^24 < 2^25; powers r[0..3] < 2^26, r[4] < 2^27 (r^2..r^8
#     only partially reduced), 5 r[j] < 2^30. Each product is < 2^27.01 *
#     2^30 = 2^57.01, a column of five < 2^59.4 and the 8-block step's
#     columns (two such sums) < 2^60.4: no 64-bit lane overflows. The carry
#     chain then leaves h[0], h[2], h[3] < 2^26, h[1] < 2^26 + 2^11,
#     h[4] < 2^26 + 2^9: the loop entry bound again.
#   * base conversions: 2^64 -> 2^26 with h2 <= 4 gives limbs < 2^26 and
#     h[4] < 5 * 2^24; 2^26 -> 2^64 after summing the four lanes (limbs
#     < 2^28 + 2^13) gives h2 < 18, folded back to h2 <= 4.
#   * base 2^44 vectors (the IFMA code): see the bounds above
#     avx512ifma_function; in short, step entry h0 < 2^46.6, h1 < 2^44 +
#     2^8, h2 < 2^43, every multiplicand < 2^52 (the IFMA input width),
#     columns < 2^54.7, and the carry brings h back to the entry bound.
#
# Measured here: AMD Zen 5 (family 26) KVM guest, TSC 2.096 GHz; one core
# cycle is about 0.57 TSC ticks (see sha256-x86_64.pl), so core c/B ~ TSC
# c/B / 0.57. TSC ticks per byte of one call (init included, so the AVX2
# code pays its r^2..r^8 setup each time), minimum of 100 batches of 100
# calls, on a shared machine (load average 8-16 on 2 CPUs: minima are
# stable to ~3%, medians are not), with an rdtsc harness outside the tree.
# In the tree, `bssl speed -impls -filter Poly1305 -chunks 16,256,1024,8192`
# lists the same rows (its wall-clock figures moved 20-50% between runs),
# `ROWS="x86_64 avx2 avx512ifma" util/poly1305_bench/run.sh BUILD` prints
# the rows' TSC ticks per byte (util/poly1305_bench/rows_tsc.c: medians of
# short batches, not these minima) and one-shot Poly1305 against OpenSSL 3
# and libsodium.
#
# | path     | 16 B | 256 B | 1 KiB | 8 KiB | ~core | bound (core c/B)          |
# |----------|------|-------|-------|-------|-------|---------------------------|
# | avx512-  |  =   | 0.59  | 0.22  | 0.086 | 0.15  | ports: 36 IFMA + ~55 other|
# | ifma     | x86_ | (1350:|       | (16K: | (16K: | vector ops per 256 B on 4 |
# |          | 64   | 0.226)|       | 0.076)| 0.13) | pipes ~23 cycles = 0.09;  |
# |          |      |       |       |       |       | the H chain (add m 2, IFMA|
# |          |      |       |       |       |       | 4, carry 7 dependent ops x|
# |          |      |       |       |       |       | 2) ~20 cycles is below it |
# | avx2     | 0.66 | 0.52  | 0.29  | 0.22  | 0.38  | vector ops: ~158 per 128 B|
# |          |      |       |       |       |       | on 4 pipes = 40 cycles =  |
# |          |      |       |       |       |       | 0.31 (8-block step)       |
# | x86_64   | 0.60 | 0.52  | 0.53  | 0.52  | 0.91  | one block is one latency  |
# |          |      |       |       |       |       | chain: add, mul, adc      |
# |          |      |       |       |       |       | columns, fold: ~14 cycles |
# |          |      |       |       |       |       | / 16 B = 0.9              |
# | c64 (C)  | 0.92 | 0.67  | 0.67  | 0.67  | 1.2   |                           |
# | OpenSSL 3.0 AVX2 (AVX512F masked) | | 0.98 | | 0.34 | | (rdtsc, same way)  |
# | OpenSSL 3.0 default here (AVX-512)| | 0.82 | | 0.16 | |                    |
#
# The 4-way loop first did one group of four blocks per step,
# H = (H + M) r^4, and ran at 0.33 ticks/B: latency bound, as each step's
# carry chain waits for the previous step. The 8-block step
# H = (H + M1) r^8 + M2 r^4 computes M2's products while H is in flight
# and does one carry chain per 8 blocks: 0.22 ticks/B (1.5x).
# Switch length: the AVX2 function's vector part (r^2..r^8 setup, base
# conversions, lane sum) ties the scalar code at 256 bytes (134 vs 133
# ticks) and wins from 320 (140 vs 166); the 8-block loop needs at least
# four groups, so 256 it is. A MULX/ADX scalar variant measured the same as
# mul/adc (0.51-0.53 ticks/B; the chain, not the instruction count, sets
# the speed) and was dropped. Object code: x86_64 210 bytes, avx2 4479
# bytes (the scalar step is inlined 8 times: 7 for the powers, 1 for
# short calls and rests) + 8 bytes of constants.
#
# Whole messages through the public API, util/poly1305_bench/run.sh
# build 3 (medians of 3 rounds, load average ~4, spreads <= 5% at 1350 B
# and up), TSC c/B: ours 2.47 (16 B), 0.32 (1350), 0.23 (8 KiB), 0.22
# (16 KiB); libsodium 5.70, 0.62, 0.53, 0.52; OpenSSL with AVX512F masked
# 9.20, 0.52, 0.38, 0.37 (ours 1.66x at 8 KiB); OpenSSL default here
# (AVX-512) 0.19 and 0.18 at 8 and 16 KiB (the avx2 row: 0.84x).
#
# AVX-512 IFMA row (avx512ifma): its line in the table is from
# util/poly1305_bench/rows_tsc.c (ROWS="x86_64 avx2 avx512ifma" run.sh:
# whole messages through the public API, a fresh key each, so the
# r^2..r^8 setup is paid every time; median of 31 batch means of ~0.2 ms,
# load average ~13 on 2 CPUs): at 16384 bytes x86_64 0.52, avx2 0.21,
# avx512ifma 0.076 ticks/B (2.8x avx2); at 1350 bytes 0.58, 0.33, 0.23.
# Against OpenSSL 3's default here (its AVX-512 IFMA code),
# util/poly1305_bench/run.sh build 5 (same load, spreads up to 90%: only
# the ratios mean much): ours/OpenSSL 2.05 (1350 B), 2.40 (8 KiB), 2.52
# (16 KiB); an earlier 5-round run at load ~19: 2.26, 2.14, 2.22.
# The carry first ended with a carry h0 -> h1 (h0 < 2^44 on exit): 0.080
# ticks/B at 16 KiB; folding H2's top bits into h1 instead and leaving h0
# below 6 * 2^44 took that carry off the chain: 0.075.
# Why IFMA base 2^44 rather than AVX-512F base 2^26: 16 blocks (two zmm
# of eight lanes) take 36 52-bit multiply-adds (low and high halves of
# 9 limb products each) against 50 VPMULUDQ, with 3 limbs instead of 5 to
# split, add and carry, and the carry chain (the loop's latency bound)
# has 3 limbs instead of 5.
# Switch length: 256 bytes, measured (one-shot messages, powers made in
# the call): vector 152 vs scalar 173 ticks at 256 bytes; at 128..224
# bytes the vector code (one group plus a scalar rest) loses by 35 ticks
# (137 vs 101 at 128, 186 vs 151 at 224). Object code: avx512ifma 3794
# bytes (the scalar step inlined 8 times as in avx2) + 8 bytes of
# constants.
#
# AMD Zen 4 (EPYC family 25 model 17: AVX-512 IFMA on 256-bit units; TSC
# 2.596 GHz, core cycles = TSC ticks x 1.42, from a chain of dependent
# vpaddd), quiet, 2026-12-05. `ROWS="x86_64 avx2 avx512ifma"
# util/poly1305_bench/run.sh build 3`, rows_tsc's table, TSC ticks a
# message (one-shot, a fresh key each):
#   bytes    16   256   320   384  1024  1350  8192  16384
#   x86_64   57   209   260   302   713   975  5317  10611
#   avx2     57   239   251   271   427   534  2173   4163
#   ifma     57   209   254   238   331   448  1299   2394
# At 16 KiB that is 0.92, 0.36 and 0.21 core c/B: the scalar chain and
# the avx2 loop as on Zen 5, the IFMA loop 1.6x Zen 5's 0.13, its zmm
# multiply-adds taking two passes of the 256-bit units. The switch lengths
# hold within one 64-byte step: the IFMA code ties the scalar code at 256
# bytes and wins from 320; avx2 loses at 256 (239 against 209) and wins
# from 320, one step later than on Zen 5. Zen 4 takes the IFMA row, so the
# avx2 threshold (for cores without IFMA) stays. The same run's public-API
# table against the peers (their default code: OpenSSL 3's AVX-512 IFMA
# here): ours/libsodium 1.93 (16 B), 1.48 (256), 2.32 (1350), 4.15
# (8 KiB), 4.35 (16 KiB); ours/OpenSSL 2.53, 1.31, 1.29, 1.44, 1.44.
#
# Register plans are given beside each function.

use strict;
use warnings;
use FindBin;
use lib "$FindBin::Bin/../../perlasm";
use InsnList qw(text);
use Poly1305X64Scalar qw(add_block mul_r_mul fold);
require "x86_64-xlate.pl";

my ($flavour, $output) = @ARGV;

# Offsets into the state (poly1305_x86_64.h checks them with static_assert).
my $H0 = 0;
my $H1 = 8;
my $H2 = 16;
my $R0 = 24;
my $R1 = 32;
my $READY = 40;
# Powers table: limb j (0..4) of the four powers, one dword per lane, in the
# lane order of the 4-way loop: (r^4, r^2, r^3, r^1). 5 * limb j (j = 1..4)
# follows in the same order.
my $TABLE_R = 64;                  # + 16 j
my $TABLE_S = 64 + 80;             # + 16 (j - 1)
# r^8 for the 8-block step: limb j at + 4 j, 5 * limb j (j = 1..4) after.
my $TABLE_R8 = 64 + 144;           # + 4 j
my $TABLE_S8 = 64 + 164;           # + 4 (j - 1)
# Lane of power k (1..4) in the table and in the vectors.
my %LANE_OF_POWER = (4 => 0, 2 => 1, 3 => 2, 1 => 3);

# The 4-way path runs from this many bytes; shorter calls use the scalar
# code inside poly1305_blocks_avx2 (measured: see the table).
my $AVX2_MIN_LEN = 256;

# --- Scalar base 2^64 ---------------------------------------------------------
#
# One block is add_block then mul_r_mul (which ends with fold), from
# crypto/perlasm/Poly1305X64Scalar.pm, shared with the short AEAD in
# chacha-x86_64.pl; the register hash %G below names their registers.

# Register plan of the scalar code (SysV; the translator maps Win64):
#   rdi state, rsi in, r15 bytes left, rcx padbit (zero-extended),
#   r8 h0, r9 h1, r10 h2, r11 r0, r12 r1, r13 s1,
#   r14 rbx rbp scratch (d0 high, d1 low, d1 high), rax rdx for mul and
#   the fold; the h2 s1 product in rdx (free after the last mulq).
my %G = (h0 => '%r8', h1 => '%r9', h2 => '%r10', r0 => '%r11',
         r1 => '%r12', s1 => '%r13', t0 => '%r14', t1 => '%rbx',
         t2 => '%rbp', t3 => '%rdx');
my ($state, $in, $len, $pad) = ('%rdi', '%rsi', '%r15', '%rcx');

# load_h_r: h and r from the state, s1 = r1 + r1 / 4.
sub load_h_r {
  my ($g) = @_;
  return text(
    "movq $H0($state), $g->{h0}",
    "movq $H1($state), $g->{h1}",
    "movq $H2($state), $g->{h2}",
    "movq $R0($state), $g->{r0}",
    "movq $R1($state), $g->{r1}",
    "movq $g->{r1}, $g->{s1}",
    "shrq \$2, $g->{s1}",
    "addq $g->{r1}, $g->{s1}",
  );
}

sub store_h {
  my ($g) = @_;
  return text(
    "movq $g->{h0}, $H0($state)",
    "movq $g->{h1}, $H1($state)",
    "movq $g->{h2}, $H2($state)",
  );
}

# scalar_loop: while len >= 16 bytes: one block. Label prefix $L. The
# length register $lenreg counts bytes left.
sub scalar_loop {
  my ($L, $g, $mul, $lenreg) = @_;
  my $c = "${L}_loop:\n";
  $c .= text("cmpq \$16, $lenreg", "jb ${L}_done");
  $c .= text(add_block($g, $in, $pad), $mul->($g));
  $c .= text("leaq 16($in), $in", "subq \$16, $lenreg", "jmp ${L}_loop");
  $c .= "${L}_done:\n";
  return $c;
}

sub scalar_function {
  my ($name) = @_;
  my $L = ".L$name";
  my $g = \%G;
  my $c = X86_64Xlate::function_begin($name, args => 4,
    save => [qw(rbx rbp r12 r13 r14 r15)]);
  $c .= text("movl %ecx, %ecx",             # padbit: upper half undefined
             "movq %rdx, $len");
  $c .= load_h_r($g);
  $c .= scalar_loop($L, $g, \&mul_r_mul, $len);
  $c .= store_h($g);
  $c .= X86_64Xlate::epilogue();
  $c .= X86_64Xlate::function_end();
  return $c;
}

# vector_function_start begins a vector function after its prologue: the
# arguments into the scalar registers, calls shorter than $min_len to
# ${L}_short (the scalar loop alone); otherwise r and s1 = 5 r1 / 4 into
# the scalar registers and a jump to ${L}_have_powers if this key's table
# of powers of r is already made. That flag depends on earlier call
# lengths only, never on secrets. What follows the returned code makes the
# table.
sub vector_function_start {
  my ($L, $g, $min_len) = @_;
  return text("movl %ecx, %ecx",             # padbit: upper half undefined
              "movq %rdx, $len",
              "cmpq \$$min_len, $len", "jb ${L}_short",
              "movq $R0($state), $g->{r0}",
              "movq $R1($state), $g->{r1}",
              "movq $g->{r1}, $g->{s1}",
              "shrq \$2, $g->{s1}",
              "addq $g->{r1}, $g->{s1}",
              "cmpq \$0, $READY($state)",
              "jne ${L}_have_powers");
}

# scalar_rest_and_end ends a vector function: after its vector part (h
# back in the scalar registers, $in and $len past the groups) it jumps to
# the scalar loop for the blocks left; calls below the switch length enter
# at ${L}_short, load h and r, and run the same loop on every block. Then
# h is stored and the function returns.
sub scalar_rest_and_end {
  my ($L, $g) = @_;
  my $c = text("jmp ${L}_tail");
  $c .= "${L}_short:\n";
  $c .= load_h_r($g);
  $c .= "${L}_tail:\n";
  $c .= scalar_loop($L, $g, \&mul_r_mul, $len);
  $c .= store_h($g);
  $c .= X86_64Xlate::epilogue();
  $c .= X86_64Xlate::function_end();
  return $c;
}

# --- AVX2, base 2^26, 4-way --------------------------------------------------
#
# With n = 4q blocks m_1..m_n and the accumulator h on entry,
#   h' = h r^n + sum_i m_i r^(n-i+1).
# Lane k (k = 0..3) of the vectors sums the blocks m_{4i+k+1}; per group of
# four blocks every lane does H = (H + M) * r^4, except the last group,
# where lane k multiplies by r^(4-k); h itself enters lane 0 (block 1's
# lane), which needs the same r^n. The lanes' sum is h'.
#
# Loading 64 bytes as two ymm (blocks 0|1 and 2|3) and interleaving their
# quadwords gives the lanes in block order (0, 2, 1, 3): the powers table
# is kept in that order, (r^4, r^2, r^3, r^1), and no lane permute is needed.
#
# Vector register plan:
#   ymm0..ymm4   H[0..4]   the accumulator limbs, four lanes each
#   ymm5..ymm9   D[0..4]   the product columns
#   ymm10 ymm11 ymm14 ymm15  scratch (message quadwords, partial products)
#   ymm12        2^26 - 1 in each lane
#   ymm13        padbit 2^24 in each lane (the 2^128 bit, in limb 4)
# The nine multipliers (R[0..4], 5 R[1..4]) are memory operands in the
# 32-byte aligned frame: broadcast r^4 for the loop, the per-lane powers
# for the last group. GPRs: r14 the aligned frame base, rbx the bytes of
# whole groups left; the scalar registers (%G) keep r0, r1, s1 throughout.

my @H = map { "%ymm$_" } 0 .. 4;
my @D = map { "%ymm$_" } 5 .. 9;
my @T = ('%ymm10', '%ymm11', '%ymm14', '%ymm15');
my ($MASK, $PADV) = ('%ymm12', '%ymm13');
my $base = '%r14';
sub xmm { my ($y) = @_; $y =~ s/ymm/xmm/; return $y; }
# Frame slots: the multipliers of the 4-block step (slot set 0: broadcast
# r^4 in the loop, the per-lane powers for the last group) and of the
# 8-block step (slot set 1: broadcast r^8). R[j] is slot 9 set + j, 5 R[j]
# slot 9 set + 4 + j.
sub slot_r { my ($set, $j) = @_; return (32 * (9 * $set + $j)) . "($base)"; }
sub slot_s { my ($set, $j) = @_; return (32 * (9 * $set + 4 + $j)) . "($base)"; }

# msg_load: the four blocks at `off`(in) as quadword vectors lo, hi in lane
# order (0, 2, 1, 3), using the scratch registers t0, t1.
sub msg_load {
  my ($off, $lo, $hi, $t0, $t1) = @_;
  return ("vmovdqu $off($in), $t0",                    # blocks 0 | 1
          "vmovdqu " . ($off + 32) . "($in), $t1",     # blocks 2 | 3
          "vpunpcklqdq $t1, $t0, $lo",
          "vpunpckhqdq $t1, $t0, $hi");
}

# msg_limb: limb i of the blocks (lo, hi) into t (t2 scratch for limb 2):
# m[0] = lo & M, m[1] = (lo >> 26) & M, m[2] = (lo >> 52 | hi << 12) & M,
# m[3] = (hi >> 14) & M, m[4] = hi >> 40 | padbit 2^24.
sub msg_limb {
  my ($i, $lo, $hi, $t, $t2) = @_;
  return ("vpand $MASK, $lo, $t") if $i == 0;
  return ("vpsrlq \$26, $lo, $t", "vpand $MASK, $t, $t") if $i == 1;
  return ("vpsrlq \$52, $lo, $t", "vpsllq \$12, $hi, $t2",
          "vpor $t2, $t, $t", "vpand $MASK, $t, $t") if $i == 2;
  return ("vpsrlq \$14, $hi, $t", "vpand $MASK, $t, $t") if $i == 3;
  return ("vpsrlq \$40, $hi, $t", "vpor $PADV, $t, $t");
}

# mul_row: D[k] (+)= x * (R or 5R)[k - i mod 5] for k = 0..4, x being limb
# i of a multiplicand: products with i + j >= 5 have weight 2^130 * ...,
# and 2^130 = 5 (mod p), hence 5R. With `init` the row starts D.
sub mul_row {
  my ($set, $i, $x, $init, @tmp) = @_;
  my @c;
  for my $k (0 .. 4) {
    my $j = $k - $i;
    my $src = $j >= 0 ? slot_r($set, $j) : slot_s($set, $j + 5);
    if ($init) {
      push @c, "vpmuludq $src, $x, $D[$k]";
    } else {
      my $t = $tmp[$k % @tmp];
      push @c, "vpmuludq $src, $x, $t", "vpaddq $t, $D[$k], $D[$k]";
    }
  }
  return @c;
}

# carry: D back into H, two interleaved runs (0 -> 1 -> 2 -> 3 and
# 3 -> 4 -> 0 -> 1), the carry out of 2^130 re-entering limb 0 times 5
# (c + 4c).
sub carry {
  my ($a, $b) = @T[0, 1];
  return ("vpsrlq \$26, $D[0], $a",   "vpand $MASK, $D[0], $H[0]",
          "vpaddq $a, $D[1], $D[1]",
          "vpsrlq \$26, $D[3], $b",   "vpand $MASK, $D[3], $H[3]",
          "vpaddq $b, $D[4], $D[4]",
          "vpsrlq \$26, $D[1], $a",   "vpand $MASK, $D[1], $H[1]",
          "vpaddq $a, $D[2], $D[2]",
          "vpsrlq \$26, $D[4], $b",   "vpand $MASK, $D[4], $H[4]",
          "vpaddq $b, $H[0], $H[0]",  "vpsllq \$2, $b, $b",
          "vpaddq $b, $H[0], $H[0]",
          "vpsrlq \$26, $D[2], $a",   "vpand $MASK, $D[2], $H[2]",
          "vpaddq $a, $H[3], $H[3]",
          "vpsrlq \$26, $H[0], $b",   "vpand $MASK, $H[0], $H[0]",
          "vpaddq $b, $H[1], $H[1]",
          "vpsrlq \$26, $H[3], $a",   "vpand $MASK, $H[3], $H[3]",
          "vpaddq $a, $H[4], $H[4]");
}

# vec_group4: one group of four blocks at 0(in):
#   H = (H + M) * (the multipliers of slot set 0).
sub vec_group4 {
  my ($lo, $hi, $t0, $t1) = @T;
  my @c = msg_load(0, $lo, $hi, $t0, $t1);
  for my $i (0 .. 4) {
    push @c, msg_limb($i, $lo, $hi, $t0, $t1), "vpaddq $t0, $H[$i], $H[$i]";
  }
  push @c, mul_row(0, 0, $H[0], 1);
  push @c, mul_row(0, $_, $H[$_], 0, @T) for 1 .. 4;
  push @c, carry();
  return text(@c);
}

# vec_group8: two groups, M1 at 0(in) and M2 at 64(in), in one step:
#   H = (H + M1) r^8 + M2 r^4,
# which is ((H + M1) r^4 + M2) r^4 with one carry chain instead of two, and
# the M2 products independent of H, so they fill the time the H chain
# waits. Columns: two products of < 2^59.4 each, < 2^60.4.
sub vec_group8 {
  my ($lo, $hi, $t0, $t1) = @T[2, 3, 0, 1];
  my @c = msg_load(64, $lo, $hi, $t0, $t1);
  for my $i (0 .. 4) {
    push @c, msg_limb($i, $lo, $hi, $t0, $t1);
    push @c, mul_row(0, $i, $t0, $i == 0, $t1);
  }
  push @c, msg_load(0, $lo, $hi, $t0, $t1);
  for my $i (0 .. 4) {
    push @c, msg_limb($i, $lo, $hi, $t0, $t1), "vpaddq $t0, $H[$i], $H[$i]";
  }
  push @c, mul_row(1, $_, $H[$_], 0, @T) for 0 .. 4;
  push @c, carry();
  return text(@c);
}

# split_store: the base 2^64 value a0 + a1 2^64 + a2 2^128 (a2 <= 4) as
# five 26-bit limbs (the top one < 2^27) into the r^1..r^4 table's `lane`
# (or, with lane undef, the r^8 table), with 5 * limb for limbs 1..4.
# Scratch rax, rdx.
sub split_store {
  my ($g, $lane) = @_;
  my ($a0, $a1, $a2) = @$g{qw(h0 h1 h2)};
  my @c;
  my $store = sub {
    my ($j) = @_;
    my ($ro, $so) = defined $lane
        ? ($TABLE_R + 16 * $j + 4 * $lane, $TABLE_S + 16 * ($j - 1) + 4 * $lane)
        : ($TABLE_R8 + 4 * $j, $TABLE_S8 + 4 * ($j - 1));
    my @s = ("movl %eax, $ro($state)");
    push @s, "leal (%rax,%rax,4), %eax", "movl %eax, $so($state)" if $j > 0;
    return @s;
  };
  push @c, "movq $a0, %rax", "andl \$0x3ffffff, %eax", $store->(0);
  push @c, "movq $a0, %rax", "shrq \$26, %rax", "andl \$0x3ffffff, %eax",
           $store->(1);
  push @c, "movq $a0, %rax", "shrq \$52, %rax", "movq $a1, %rdx",
           "shlq \$12, %rdx", "orq %rdx, %rax", "andl \$0x3ffffff, %eax",
           $store->(2);
  push @c, "movq $a1, %rax", "shrq \$14, %rax", "andl \$0x3ffffff, %eax",
           $store->(3);
  push @c, "movq $a1, %rax", "shrq \$40, %rax", "movq $a2, %rdx",
           "shlq \$24, %rdx", "orq %rdx, %rax", $store->(4);
  return text(@c);
}

sub avx2_function {
  my $name = 'poly1305_blocks_avx2';
  my $L = ".L$name";
  my $g = \%G;
  my $c = X86_64Xlate::function_begin($name, args => 4,
    save => [qw(rbx rbp r12 r13 r14 r15)], xmm => [6 .. 15],
    frame => 18 * 32 + 32);
  $c .= vector_function_start($L, $g, $AVX2_MIN_LEN);
  # h = r^1, r^(k+1) = r^k r up to r^8, each partially reduced (h2 <= 4)
  # by the scalar step; r^1..r^4 and r^8 are split into the tables.
  $c .= text("movq $g->{r0}, $g->{h0}", "movq $g->{r1}, $g->{h1}",
             # h2 = 0 (a 32-bit xor; h2 is one of r8..r15, so add "d")
             "xorl $g->{h2}d, $g->{h2}d");
  $c .= split_store($g, $LANE_OF_POWER{1});
  for my $k (2 .. 8) {
    $c .= text(mul_r_mul($g));
    $c .= split_store($g, $LANE_OF_POWER{$k}) if $k <= 4;
    $c .= split_store($g, undef) if $k == 8;
  }
  $c .= text("movq \$1, $READY($state)");
  $c .= "${L}_have_powers:\n";

  # h (h2 <= 4) into lane 0 in base 2^26; the other lanes start at 0
  # (vmovq clears the rest of the register).
  my ($h0, $h1, $h2) = @$g{qw(h0 h1 h2)};
  $c .= text("movq $H0($state), $h0", "movq $H1($state), $h1",
             "movq $H2($state), $h2",
             "movq $h0, %rax", "andl \$0x3ffffff, %eax",
             "vmovq %rax, " . xmm($H[0]),
             "movq $h0, %rax", "shrq \$26, %rax", "andl \$0x3ffffff, %eax",
             "vmovq %rax, " . xmm($H[1]),
             "movq $h0, %rax", "shrq \$52, %rax", "movq $h1, %rdx",
             "shlq \$12, %rdx", "orq %rdx, %rax", "andl \$0x3ffffff, %eax",
             "vmovq %rax, " . xmm($H[2]),
             "movq $h1, %rax", "shrq \$14, %rax", "andl \$0x3ffffff, %eax",
             "vmovq %rax, " . xmm($H[3]),
             "movq $h1, %rax", "shrq \$40, %rax", "movq $h2, %rdx",
             "shlq \$24, %rdx", "orq %rdx, %rax",
             "vmovq %rax, " . xmm($H[4]));

  # Constants, the aligned frame and the broadcast r^4 multipliers.
  $c .= text("vpbroadcastq .Lpoly1305_mask26(%rip), $MASK",
             "movq %rcx, %rax", "shlq \$24, %rax",
             "vmovq %rax, " . xmm($PADV),
             "vpbroadcastq " . xmm($PADV) . ", $PADV",
             "leaq 31(%rsp), $base", "andq \$-32, $base");
  # Slot set 0 = r^4, set 1 = r^8, broadcast.
  my $r4 = 4 * $LANE_OF_POWER{4};
  for my $j (0 .. 4) {
    $c .= text("vpbroadcastd " . ($TABLE_R + 16 * $j + $r4) . "($state), $T[0]",
               "vmovdqa $T[0], " . slot_r(0, $j),
               "vpbroadcastd " . ($TABLE_R8 + 4 * $j) . "($state), $T[1]",
               "vmovdqa $T[1], " . slot_r(1, $j));
  }
  for my $j (1 .. 4) {
    $c .= text("vpbroadcastd " . ($TABLE_S + 16 * ($j - 1) + $r4) . "($state), $T[0]",
               "vmovdqa $T[0], " . slot_s(0, $j),
               "vpbroadcastd " . ($TABLE_S8 + 4 * ($j - 1)) . "($state), $T[1]",
               "vmovdqa $T[1], " . slot_s(1, $j));
  }

  # rbx = bytes in whole groups of four blocks (>= 256), len = the rest
  # (< 64). Eight blocks per step while three groups or more are left;
  # then the one or two groups left, the last with the per-lane powers.
  $c .= text("movq $len, %rbx", "andq \$-64, %rbx", "andq \$63, $len");
  $c .= ".align 32\n${L}_loop8:\n";
  $c .= vec_group8();
  $c .= text("leaq 128($in), $in", "subq \$128, %rbx", "cmpq \$192, %rbx",
             "jae ${L}_loop8");
  $c .= text("cmpq \$64, %rbx", "je ${L}_last");
  $c .= vec_group4();
  $c .= text("leaq 64($in), $in");

  # Last group: lane k multiplies by its own power.
  $c .= "${L}_last:\n";
  for my $j (0 .. 4) {
    $c .= text("vpmovzxdq " . ($TABLE_R + 16 * $j) . "($state), $T[0]",
               "vmovdqa $T[0], " . slot_r(0, $j));
  }
  for my $j (1 .. 4) {
    $c .= text("vpmovzxdq " . ($TABLE_S + 16 * ($j - 1)) . "($state), $T[1]",
               "vmovdqa $T[1], " . slot_s(0, $j));
  }
  $c .= vec_group4();
  $c .= text("leaq 64($in), $in");

  # h = sum of the lanes (limbs < 4 (2^26 + 2^9) < 2^28 + 2^11), then
  # back to base 2^64: h0 = l0 + l1 2^26 + l2 2^52 mod 2^64,
  # h1 = (l2 >> 12) + l3 2^14 + l4 2^40 mod 2^64 (+ carry), h2 = l4 >> 24
  # (+ carry) < 18, folded to h2 <= 4.
  my @l = ($h0, $h1, $h2, '%rbx', $base);
  for my $k (0 .. 4) {
    my ($x, $t) = (xmm($H[$k]), xmm($T[$k % 2]));
    $c .= text("vextracti128 \$1, $H[$k], $t",
               "vpaddq $t, $x, $x",
               "vpsrldq \$8, $x, $t",
               "vpaddq $t, $x, $x",
               "vmovq $x, $l[$k]");
  }
  $c .= text("vzeroupper");
  $c .= text("shlq \$26, $l[1]", "addq $l[1], $h0",        # l0 + l1 2^26
             "movq $l[2], $h1", "shrq \$12, $h1",
             "shlq \$52, $l[2]", "addq $l[2], $h0", "adcq \$0, $h1",
             "shlq \$14, $l[3]", "addq $l[3], $h1",
             "movq $l[4], $h2", "shrq \$24, $h2",
             "shlq \$40, $l[4]", "addq $l[4], $h1", "adcq \$0, $h2",
             fold($g));
  # The rest (< 4 blocks) with the scalar step.
  $c .= scalar_rest_and_end($L, $g);
  return $c;
}

# --- AVX-512 IFMA, base 2^44, 8 lanes ---------------------------------------
#
# h = h[0] + h[1] 2^44 + h[2] 2^88 (h[2] holds bits 88..129 and any carry),
# the same for each power of r. VPMADD52LUQ / VPMADD52HUQ add to each
# 64-bit lane the low / high 52 bits of the 104-bit product of the low 52
# bits of two lanes, so every multiplicand must be < 2^52 (checked below).
# A product x[i] y[j] has weight 2^(44 (i + j)); for i + j >= 3,
# 2^132 = 4 * 2^130 = 20 (mod p), so it is taken as x[i] * (20 y[j]) one
# column lower. With s[j] = 20 y[j] the columns are
#   d0 = x0 y0 + x1 s2 + x2 s1
#   d1 = x0 y1 + x1 y0 + x2 s2
#   d2 = x0 y2 + x1 y1 + x2 y0
# each split into L[k] (the low halves, weight 2^(44 k)) and H[k] (the high
# halves, weight 2^(44 k + 52)).
#
# With n = 8q blocks, lane l of the vectors sums the blocks whose index mod
# 8 is b(l) (see the lane order below). Per step of 16 blocks (two groups
# of eight, M1 then M2):  H = (H + M1) r^16 + M2 r^8, one carry chain per
# 16 blocks, the M2 products (independent of H) computed into the column
# accumulators first so they fill the time the H chain waits. One group
# left over: H = (H + M) r^8. The last group: lane l multiplies by
# r^(8 - b(l)); h itself enters lane 0 (block 0's lane, whose power is the
# same r^n). The sum of the lanes is h'.
#
# Lane order: the eight blocks of a group are loaded as two zmm (blocks
# 0..3, 4..7) whose quadwords are interleaved per 128-bit lane
# (VPUNPCK[LH]QDQ), giving the lanes blocks (0, 4, 1, 5, 2, 6, 3, 7); the
# table of powers is kept in that order, so no permute is needed.
#
# Limb bounds (per lane), with M44 = 2^44 - 1:
#   * step entry: h0 < 6 * 2^44 + 2^15 < 2^46.6, h1 < 2^44 + 2^8,
#     h2 < 2^43. carry44 leaves exactly that (with h2 < 2^42); from base
#     2^64 with h2 <= 4, h < 5 * 2^128 gives h0, h1 < 2^44, h2 < 5 * 2^40.
#   * message: m0, m1 < 2^44, m2 < 2^41 (40 bits + padbit 2^40).
#     a = h + m: a0 < 2^46.85, a1 < 2^45.01, a2 < 2^43.33: all < 2^52.
#   * powers y (scalar, partially reduced, < 5 * 2^128): y0, y1 < 2^44,
#     y2 < 2^42.33; r^16 (made with the full carry): y0 < 2^44,
#     y1 < 2^44 + 2^8, y2 < 2^42. So s1 = 20 y1 < 2^48.33,
#     s2 = 20 y2 < 2^46.66: all < 2^52.
#   * products < 2^91.7 (the largest: a1 s2, a2 s1), high halves
#     < 2^39.7. Per column, H + M1's three high halves plus M2's three: H0 < 2^41.02 +
#     2^39.6 < 2^41.5 (a0 y0, a1 s2, a2 s1: < 2^38.85, 2^39.67, 2^39.66),
#     H1 < 2^40.2, H2 < 2^38.7. Low halves < 2^52 each, six per column:
#     L[k] < 2^54.59. No 64-bit lane overflows.
#   * carry44: x1 = L1 + (L0 >> 44) + (H0 << 8) < 2^54.64; x2 = L2 +
#     (x1 >> 44) + (H1 << 8) < 2^54.62; h0 = (L0 & M44) + 5 2^10 (H2 mod
#     2^34) + 5 (x2 >> 42) < 2^44 + 5 * 2^44 + 2^14.95; h1 = (x1 & M44) +
#     5 (H2 >> 34) < 2^44 + 2^7.03; h2 = x2 & (2^42 - 1): the step entry
#     bound again. The full carry (r^16 only) then takes h0 below 2^44
#     and adds h0 >> 44 < 2^2.6 to h1 (< 2^44 + 2^8).
#   * lane sum: l0 < 8 * 2^46.6 = 2^49.6, l1 < 2^47.01, l2 < 2^45; to base
#     2^64: h2 = (l2 >> 40) + carries < 2^6, folded to h2 <= 4.
#
# Vector register plan (zmm16-31 are volatile on both ABIs; zmm6-15's low
# halves are callee-saved on Win64, hence xmm => [6..15]):
#   zmm0-2    the accumulator limbs h (a = h + m in place)
#   zmm3-5    L[0..2]     zmm6-8   H[0..2]   (column accumulators)
#   zmm9-13   r^16: y0 y1 y2 s1 s2 (broadcast); the per-lane powers for
#             the last group
#   zmm14-18  r^8:  y0 y1 y2 s1 s2 (broadcast)
#   zmm19 M44, zmm20 2^42 - 1, zmm21 padbit 2^40
#   zmm22-24  M2's limbs, zmm26-28 M1's, zmm25 zmm29-31 scratch (and
#             zmm22 once M2's products are done).
# GPRs as in the AVX2 code (%G keeps r0, r1, s1 for the scalar parts).

# vreg: the same register number as a `kind` (xmm, ymm, zmm) register.
sub vreg { my ($r, $kind) = @_; $r =~ s/[xyz]mm/$kind/; return $r; }

my @A = map { "%zmm$_" } 0 .. 2;
my @LO = map { "%zmm$_" } 3 .. 5;
my @HI = map { "%zmm$_" } 6 .. 8;
my @P16 = map { "%zmm$_" } 9 .. 13;
my @P8 = map { "%zmm$_" } 14 .. 18;
my ($M44, $M42, $PAD40) = map { "%zmm$_" } 19 .. 21;
my @MSG2 = map { "%zmm$_" } 22 .. 24;
my @MSG1 = map { "%zmm$_" } 26 .. 28;
# Scratch: zmm22 (M2's m0) is free whenever carry44 runs.
my @S = map { "%zmm$_" } 25, 29, 30, 31, 22;

# Offsets of the IFMA row's table (poly1305_x86_64.h,
# poly1305_x86_64_ifma_state): limb j of the eight powers at
# $TABLE44 + 64 j, one quadword per lane.
my $TABLE44 = 64;
my %LANE44_OF_POWER = (8 => 0, 4 => 1, 7 => 2, 3 => 3,
                       6 => 4, 2 => 5, 5 => 6, 1 => 7);

# The vector path runs from this many bytes (two groups of eight blocks at
# least); shorter calls use the scalar code. Measured: see the header.
my $IFMA_MIN_LEN = 256;

# msg44: the eight blocks at `off`(in) as limbs m0, m1, m2 in lane order
# (0, 4, 1, 5, 2, 6, 3, 7): m0 = lo & M44, m1 = (lo >> 44 | hi << 20) & M44,
# m2 = hi >> 24 | padbit 2^40.
sub msg44 {
  my ($off, $m, $t) = @_;
  my ($m0, $m1, $m2) = @$m;
  return ("vmovdqu64 $off($in), $m0",                 # blocks 0..3
          "vmovdqu64 " . ($off + 64) . "($in), $m1",  # blocks 4..7
          "vpunpckhqdq $m1, $m0, $m2",                # high quadwords
          "vpunpcklqdq $m1, $m0, $m0",                # low quadwords
          "vpsrlq \$44, $m0, $m1",
          "vpsllq \$20, $m2, $t",
          "vpternlogq \$0xa8, $M44, $t, $m1",         # (m1 | t) & M44
          "vpandq $M44, $m0, $m0",
          "vpsrlq \$24, $m2, $m2",
          "vporq $PAD40, $m2, $m2");
}

# ifma_mul: the columns L[k] += low halves, H[k] += high halves of
# x * y (x three limbs, y = (y0, y1, y2, s1, s2)). The products of x1 go
# first, then x2, then x0, the order in which the carry chain produces the
# limbs of h.
sub ifma_mul {
  my ($x, $y) = @_;
  my ($y0, $y1, $y2, $s1, $s2) = @$y;
  my %col = (0 => [$y0, $y1, $y2], 1 => [$s2, $y0, $y1], 2 => [$s1, $s2, $y0]);
  my @c;
  for my $i (1, 2, 0) {
    for my $k (0 .. 2) {
      my $m = $col{$i}[$k];
      push @c, "vpmadd52luq $m, $x->[$i], $LO[$k]",
               "vpmadd52huq $m, $x->[$i], $HI[$k]";
    }
  }
  return @c;
}

sub zero_columns {
  return map { "vpxord $_, $_, $_" } @LO, @HI;
}

# carry44: the columns back into h = (A[0], A[1], A[2]) within the step
# entry bound (see the bounds above). With x1 = L1 + (L0 >> 44) + (H0 << 8)
# and x2 = L2 + (x1 >> 44) + (H1 << 8), and H2 (weight 2^140 = 2^130 2^10,
# so 5 2^10 at weight 1) split as H2 = (H2 >> 34) 2^34 + (H2 mod 2^34):
#   h0 = (L0 & M44) + 5 2^10 (H2 mod 2^34) + 5 (x2 >> 42)
#   h1 = (x1 & M44) + 5 (H2 >> 34)          (5 2^44 (H2 >> 34) = that part)
#   h2 = x2 & (2^42 - 1)
# The H2 terms come early, off the chain; h0 is left above 2^44 (< 6 2^44
# + 2^15), so no carry h0 -> h1 waits at the end of the chain. With `full`
# that carry is done too (h0 < 2^44), for r^16, which is a multiplier.
sub carry44 {
  my ($full) = @_;
  my ($t0, $t1, $t2, $t3, $t4) = @S;
  my ($h0, $h1, $h2) = @A;
  my @c = (
    "vpsllq \$8, $HI[0], $t1",
    "vpsllq \$8, $HI[1], $t2",
    "vpsllq \$30, $HI[2], $t3",
    "vpsrlq \$34, $HI[2], $t4",            # H2 >> 34
    "vpsrlq \$20, $t3, $t3",                # (H2 mod 2^34) 2^10
    "vpsrlq \$44, $LO[0], $t0",
    "vpaddq $t1, $LO[1], $LO[1]",
    "vpaddq $t2, $LO[2], $LO[2]",
    "vpsllq \$2, $t3, $t1",
    "vpsllq \$2, $t4, $t2",
    "vpaddq $t1, $t3, $t3",                # 5 2^10 (H2 mod 2^34)
    "vpaddq $t2, $t4, $t4",                # 5 (H2 >> 34)
    "vpandq $M44, $LO[0], $h0",
    "vpaddq $t0, $LO[1], $LO[1]",          # x1
    "vpaddq $t3, $h0, $h0",
    "vpsrlq \$44, $LO[1], $t0",
    "vpandq $M44, $LO[1], $h1",
    "vpaddq $t0, $LO[2], $LO[2]",          # x2
    "vpaddq $t4, $h1, $h1",
    "vpsrlq \$42, $LO[2], $t0",
    "vpandq $M42, $LO[2], $h2",
    "vpsllq \$2, $t0, $t1",
    "vpaddq $t0, $h0, $h0",
    "vpaddq $t1, $h0, $h0");               # + 5 (x2 >> 42)
  push @c, ("vpsrlq \$44, $h0, $t0",
            "vpandq $M44, $h0, $h0",
            "vpaddq $t0, $h1, $h1") if $full;
  return @c;
}

# sigma: s1, s2 = 20 y1, 20 y2 = (y << 4) + (y << 2), in place in $y.
sub sigma {
  my ($y) = @_;
  my ($t0, $t1) = @S[0, 1];
  my @c;
  for my $j (1, 2) {
    push @c, "vpsllq \$4, $y->[$j], $t0", "vpsllq \$2, $y->[$j], $t1",
             "vpaddq $t1, $t0, $y->[$j + 2]";
  }
  return @c;
}

# split44_store: the base 2^64 value a0 + a1 2^64 + a2 2^128 (a2 <= 4) as
# three 44-bit limbs (the top one < 5 * 2^40) into lane `lane` of the
# table. Scratch rax, rdx.
sub split44_store {
  my ($g, $lane) = @_;
  my ($a0, $a1, $a2) = @$g{qw(h0 h1 h2)};
  my $at = sub { return ($TABLE44 + 64 * $_[0] + 8 * $lane) . "($state)"; };
  return text(
    "movq $a0, %rax", "shlq \$20, %rax", "shrq \$20, %rax",     # a0 & M44
    "movq %rax, " . $at->(0),
    "movq $a0, %rax", "shrq \$44, %rax",
    "movq $a1, %rdx", "shlq \$40, %rdx", "shrq \$20, %rdx",     # (a1 & M24) << 20
    "orq %rdx, %rax", "movq %rax, " . $at->(1),
    "movq $a1, %rax", "shrq \$24, %rax",
    "movq $a2, %rdx", "shlq \$40, %rdx",
    "orq %rdx, %rax", "movq %rax, " . $at->(2));
}

sub avx512ifma_function {
  my $name = 'poly1305_blocks_avx512ifma';
  my $L = ".L$name";
  my $g = \%G;
  my ($h0, $h1, $h2) = @$g{qw(h0 h1 h2)};
  my $c = X86_64Xlate::function_begin($name, args => 4,
    save => [qw(rbx rbp r12 r13 r14 r15)], xmm => [6 .. 15]);
  $c .= vector_function_start($L, $g, $IFMA_MIN_LEN);
  # No table yet: h = r, r^(k+1) = r^k r by the scalar step (partially
  # reduced, h2 <= 4), each power split into the table.
  $c .= text("movq $g->{r0}, $h0", "movq $g->{r1}, $h1", "xorl ${h2}d, ${h2}d");
  $c .= split44_store($g, $LANE44_OF_POWER{1});
  for my $k (2 .. 8) {
    $c .= text(mul_r_mul($g));
    $c .= split44_store($g, $LANE44_OF_POWER{$k});
  }
  $c .= text("movq \$1, $READY($state)");
  $c .= "${L}_have_powers:\n";

  # Constants; r^8 broadcast (lane 0 of the table) and s1, s2.
  $c .= text("vpbroadcastq .Lpoly1305_mask44(%rip), $M44",
             "vpsrlq \$2, $M44, $M42",
             "movq %rcx, %rax", "shlq \$40, %rax",
             "vpbroadcastq %rax, $PAD40");
  for my $j (0 .. 2) {
    $c .= text("vpbroadcastq " . ($TABLE44 + 64 * $j) . "($state), $P8[$j]");
  }
  $c .= text(sigma(\@P8));
  # r^16 = r^8 * r^8 (every lane alike), by the step's own multiply and
  # carry; its limbs then satisfy the step entry bound. Only the 16-block
  # loop needs it (three groups or more: 384 bytes).
  $c .= text("cmpq \$384, $len", "jb ${L}_no_r16");
  $c .= text(zero_columns(),
             (map { "vmovdqa64 $P8[$_], $A[$_]" } 0 .. 2),
             ifma_mul(\@A, \@P8), carry44(1),
             (map { "vmovdqa64 $A[$_], $P16[$_]" } 0 .. 2));
  $c .= text(sigma(\@P16));
  $c .= "${L}_no_r16:\n";

  # h (h2 <= 4) into lane 0 in base 2^44; the other lanes start at 0 (a VEX
  # vmovq clears the rest of the zmm register).
  $c .= text("movq $H0($state), $h0", "movq $H1($state), $h1",
             "movq $H2($state), $h2",
             "movq $h0, %rax", "shlq \$20, %rax", "shrq \$20, %rax",
             "vmovq %rax, " . vreg($A[0], 'xmm'),
             "movq $h0, %rax", "shrq \$44, %rax",
             "movq $h1, %rdx", "shlq \$40, %rdx", "shrq \$20, %rdx",
             "orq %rdx, %rax", "vmovq %rax, " . vreg($A[1], 'xmm'),
             "movq $h1, %rax", "shrq \$24, %rax",
             "movq $h2, %rdx", "shlq \$40, %rdx",
             "orq %rdx, %rax", "vmovq %rax, " . vreg($A[2], 'xmm'));

  # rbx = bytes in whole groups of eight blocks (>= 256), len = the rest
  # (< 128). Sixteen blocks per step while three groups or more are left;
  # then possibly one group with r^8, then the last group with the
  # per-lane powers.
  $c .= text("movq $len, %rbx", "andq \$-128, %rbx", "andq \$127, $len",
             "cmpq \$384, %rbx", "jb ${L}_tail_groups");
  $c .= ".align 32\n${L}_loop16:\n";
  $c .= text(msg44(128, \@MSG2, $S[0]), zero_columns(), ifma_mul(\@MSG2, \@P8),
             msg44(0, \@MSG1, $S[1]),
             (map { "vpaddq $MSG1[$_], $A[$_], $A[$_]" } 0 .. 2),
             ifma_mul(\@A, \@P16), carry44(),
             "leaq 256($in), $in", "subq \$256, %rbx", "cmpq \$384, %rbx",
             "jae ${L}_loop16");
  $c .= "${L}_tail_groups:\n";
  $c .= text("cmpq \$128, %rbx", "je ${L}_last");
  # One group: H = (H + M) r^8.
  $c .= text(msg44(0, \@MSG1, $S[1]),
             (map { "vpaddq $MSG1[$_], $A[$_], $A[$_]" } 0 .. 2),
             zero_columns(), ifma_mul(\@A, \@P8), carry44(),
             "leaq 128($in), $in");
  # The last group: lane l multiplies by its own power r^(8 - b(l)).
  $c .= "${L}_last:\n";
  $c .= text((map { "vmovdqu64 " . ($TABLE44 + 64 * $_) . "($state), $P16[$_]" }
              0 .. 2), sigma(\@P16),
             msg44(0, \@MSG1, $S[1]),
             (map { "vpaddq $MSG1[$_], $A[$_], $A[$_]" } 0 .. 2),
             zero_columns(), ifma_mul(\@A, \@P16), carry44(),
             "leaq 128($in), $in");

  # h = sum of the eight lanes, then base 2^64:
  # h0 = l0 + l1 2^44 mod 2^64, h1 = (l1 >> 20) + l2 2^24 (+ carry) mod
  # 2^64, h2 = l2 >> 40 (+ carries), folded to h2 <= 4.
  # (The temporaries are the L registers: low ones, so VEX encodings do.)
  my @l = ($h0, $h1, $h2);
  for my $k (0 .. 2) {
    my ($z, $t) = ($A[$k], $LO[$k]);
    my ($y, $ty, $x, $tx) = (vreg($z, 'ymm'), vreg($t, 'ymm'),
                             vreg($z, 'xmm'), vreg($t, 'xmm'));
    $c .= text("vextracti64x4 \$1, $z, $ty",
               "vpaddq $ty, $y, $y",
               "vextracti128 \$1, $y, $tx",
               "vpaddq $tx, $x, $x",
               "vpsrldq \$8, $x, $tx",
               "vpaddq $tx, $x, $x",
               "vmovq $x, $l[$k]");
  }
  $c .= text("vzeroupper");
  $c .= text("movq $h1, %rax", "shlq \$44, %rax",              # l1 2^44
             "movq $h1, %rdx", "shrq \$20, %rdx",              # l1 >> 20
             "addq %rax, $h0", "adcq \$0, %rdx",
             "movq $h2, %rax", "shlq \$24, %rax",              # l2 2^24
             "shrq \$40, $h2",
             "addq %rdx, %rax", "adcq \$0, $h2",
             "movq %rax, $h1",
             fold($g));
  # The rest (< 8 blocks) with the scalar step.
  $c .= scalar_rest_and_end($L, $g);
  return $c;
}

my $code = ".text\n";
$code .= scalar_function('poly1305_blocks_x86_64');
$code .= avx2_function();
$code .= avx512ifma_function();
$code .= <<"___";
.rodata
.align 8
.Lpoly1305_mask26:
	.quad 0x3ffffff
.Lpoly1305_mask44:
	.quad 0xfffffffffff
___

X86_64Xlate::write_output($flavour, $output, $code, __FILE__);
