#!/usr/bin/env perl
# Copyright 2026 The project authors.
#
# sha512-armv8.pl: SHA-512 block functions for AArch64 (FIPS 180-4 §6.4;
# SHA-384 and SHA-512/t share them).
# Usage: perl sha512-armv8.pl FLAVOUR OUTPUT   (linux64, ios64, win64)
#
# Entry points (C declarations in sha_asm_armv8.h), each with the contract
# of crypto/sha/internal.h: compress `num_blocks` 128-byte blocks from `in`
# (any alignment) into `state` = H0..H7; num_blocks == 0 reads nothing.
#
#   sha512_block_data_order_hw(uint64_t state[8], const uint8_t *in,
#                              size_t num_blocks)   ARMv8.2 SHA512 instructions
#   sha512_block_data_order_scalar(uint64_t state[8], const uint8_t *in,
#                                  size_t num_blocks) base A64 only
#
# Little-endian AArch64 only (message words byte-reversed unconditionally).
# The SHA512 instructions assemble because the translator's header selects
# `.arch armv8.2-a+crypto+sha3` in every flavour (crypto/perlasm/arm-xlate.pl).
#
# No timing is possible here (the only AArch64 available is qemu), so the
# table gives instructions executed per 64 bytes of input (a 128-byte
# block counts twice), counted under `qemu-aarch64 -singlestep -d exec`
# (11 blocks minus 1); for the assembly the static count of the loop
# agrees: `perl util/count_insns.pl build/gen/sha512-armv8-linux64.S
# --function sha512_block_data_order_hw --loop .Lhw_loop --bytes 128`.
#
# | path   | insns/64 B | bound on A72 / N1 / M1 (cycles per byte)          |
# |--------|------------|---------------------------------------------------|
# | hw     | 238        | A72 and N1 have no SHA512 instructions (FEAT_SHA512|
# |        |            | is optional from v8.2; neither implements it): the|
# |        |            | scalar row runs there. M1: the chain per double   |
# |        |            | round is sha512h -> add -> ext -> sha512h, ~2+2+2 |
# |        |            | cycles [3]: 40 x 6 / 128 = ~1.9 c/B; issue (4     |
# |        |            | NEON pipes, 477 ops / 128 B) ~0.9 c/B             |
# | scalar | 1122       | A72: 2 integer pipes, rotated-operand logical ops |
# |        |            | 2 cycles on M [1]: ~8.5 c/B; N1: 3 ALUs [2]:      |
# |        |            | ~6 c/B; M1: round dependency chain ~4.5 c/B       |
# | nohw   | 1191       | (the C code, gcc 12 -O2; 49 loads/stores per 64 B)|
#
# Object size: hw 1936 bytes of code, scalar 3468, constants 640 (shared).
#
# Published figures for comparison: scalar SHA-512 ~8-10 c/B on A57/A72
# (OpenSSL's sha512-armv8 integer path); with the SHA512 instructions
# ~1.5-2 c/B on Apple cores.
#
# [1] Arm Cortex-A72 Software Optimization Guide (UAN0016A), §3.3
#     (logical ops with shifted register operand: latency 2, M pipe).
# [2] Arm Neoverse N1 Software Optimization Guide (PJDOC-466751330), §3.3.
# [3] Dougall Johnson's Apple M1 Firestorm instruction tables (SHA512H,
#     SHA512H2: 2-3 cycle latency, 1 per cycle).
#
# To measure on real hardware: `bssl speed -impls -filter SHA-512`.
#
# The hw path. The state is four vectors of two 64-bit lanes, lane 0 first:
# AB = (a, b), CD = (c, d), EF = (e, f), GH = (g, h). Two rounds t, t+1 are
#   sha512h  T, (f, g), (d, e)      with T = (g + K[t+1] + W[t+1],
#                                             h + K[t] + W[t])
#     → T = (T1 of round t+1, T1 of round t), where T1 excludes nothing
#       but d (the instruction adds the two rounds' Σ1 and Ch)
#   EF' = CD + T = (c + T1[t+1], d + T1[t]) = (e'', e')   the new (e, f)
#   sha512h2 T, CD, AB              → (a'', a') the new (a, b)
# and the new CD is the old AB, the new GH the old EF. So the four roles
# rotate over five registers (the fifth receives EF'), a permutation of
# period five: after 40 double rounds every role is back in its register.
# The schedule W[t] = σ1(W[t-2]) + W[t-7] + σ0(W[t-15]) + W[t-16] is
# sha512su0 (W[t-16] + σ0(W[t-15])) then sha512su1 (+ σ1(W[t-2]) + W[t-7],
# with W[t-7], W[t-6] gathered by one ext), in a ring of eight vectors.
#
# The scalar path is the SHA-256 one (sha256-armv8.pl) on 64-bit registers:
# a..h, W[t mod 16], the constant pointer and three temporaries (one pair
# carrying a ^ b into the next round's Maj) in 28 registers; the state
# pointer, input pointer and block count in the frame, read once per block.

use strict;
use warnings;
use FindBin;
use lib "$FindBin::Bin/../../perlasm";
use lib "$FindBin::Bin";
use SHAConstants;
use InsnList qw(text);
require "arm-xlate.pl";
use SHA2ScalarArmv8;

my ($flavour, $output) = @ARGV;

my $code = '';

# The round constants (crypto/sha/asm/SHAConstants.pm).
my @K = @SHAConstants::K512;

sub qname { my ($v) = @_; $v =~ s/^v/q/; return $v }

# ---------------------------------------------------------------------------
# sha512_block_data_order_hw
# ---------------------------------------------------------------------------
{
  my ($state, $in, $num) = ('x0', 'x1', 'x2');
  my $kp = 'x3';
  # Roles AB, CD, EF, GH and the spare that receives the next EF.
  my @s = map { "v$_" } 0 .. 4;
  my @s0 = map { "v$_" } 24 .. 27;   # H(i-1)
  my ($wk, $fg, $de, $w7) = map { "v$_" } 5, 6, 7, 28;
  my $kv = 'v29';
  my @m = map { "v$_" } 16 .. 23;    # the schedule ring (W[2j], W[2j+1])

  # Double round j = rounds 2j, 2j+1 on the roles in @$r (updated), with
  # the schedule step making W[2j+16], W[2j+17] in the slot just consumed.
  sub hw_double {
    my ($j, $r) = @_;
    my ($ab, $cd, $ef, $gh, $sp) = @$r;
    my $mj = $m[$j % 8];
    my @i = (
      "ld1 {$kv.2d}, [$kp], #16",
      "add $wk.2d, $mj.2d, $kv.2d",          # (K+W)[2j], (K+W)[2j+1]
      "ext $wk.16b, $wk.16b, $wk.16b, #8",   # swapped: [2j+1], [2j]
      "ext $fg.16b, $ef.16b, $gh.16b, #8",   # (f, g)
      "ext $de.16b, $cd.16b, $ef.16b, #8",   # (d, e)
      "add $gh.2d, $gh.2d, $wk.2d",          # (g + KW[2j+1], h + KW[2j])
    );
    if ($j < 32) {
      # W[2j] + σ0(W[2j+1]), W[2j+1] + σ0(W[2j+2])
      push @i, "sha512su0 $mj.2d, $m[($j + 1) % 8].2d";
    }
    push @i,
      "sha512h " . qname($gh) . ", " . qname($fg) . ", $de.2d",  # T1 pair
      "add $sp.2d, $cd.2d, $gh.2d",                              # new EF
      "sha512h2 " . qname($gh) . ", " . qname($cd) . ", $ab.2d"; # new AB
    if ($j < 32) {
      push @i,
        "ext $w7.16b, $m[($j + 4) % 8].16b, $m[($j + 5) % 8].16b, #8",
        # ... + σ1(W[2j+14..15]) + W[2j+9..10] = W[2j+16], W[2j+17]
        "sha512su1 $mj.2d, $m[($j + 7) % 8].2d, $w7.2d";
    }
    @$r = ($gh, $ab, $sp, $ef, $cd);
    return text(@i);
  }

  $code .= <<"___";
.text
.func_begin sha512_block_data_order_hw, leaf
	cbz	$num, .Lhw_done
	adrl	$kp, .LK512
	ld1	{$s[0].2d-$s[3].2d}, [$state]
.Lhw_loop:
	// W[0..15]: 128 big-endian bytes.
	ld1	{$m[0].16b-$m[3].16b}, [$in], #64
	ld1	{$m[4].16b-$m[7].16b}, [$in], #64
___
  $code .= "\trev64\t$_.16b, $_.16b\n" for @m;
  $code .= "\tmov\t$s0[$_].16b, $s[$_].16b\n" for 0 .. 3;
  my @r = @s;
  $code .= join('', hw_double($_, \@r)) for 0 .. 39;
  die "roles not back in place" unless join(',', @r) eq join(',', @s);
  $code .= "\t// H(i) = H(i-1) + the working variables.\n";
  $code .= "\tadd\t$s[$_].2d, $s[$_].2d, $s0[$_].2d\n" for 0 .. 3;
  $code .= <<"___";
	sub	$kp, $kp, #640
	subs	$num, $num, #1
	b.ne	.Lhw_loop
	st1	{$s[0].2d-$s[3].2d}, [$state]
.Lhw_done:
.epilogue
.func_end
___
}

# ---------------------------------------------------------------------------
# sha512_block_data_order_scalar (crypto/sha/asm/SHA2ScalarArmv8.pm)
# ---------------------------------------------------------------------------
# σ0 = ROTR1 ^ ROTR8 ^ SHR7, σ1 = ROTR19 ^ ROTR61 ^ SHR6,
# Σ0 = ROTR28 ^ ROTR34 ^ ROTR39, Σ1 = ROTR14 ^ ROTR18 ^ ROTR41 (§4.1.3).
$code .= SHA2ScalarArmv8::block_function(
  name => 'sha512_block_data_order_scalar', bits => 64, rounds => 80,
  klabel => '.LK512', sigma0 => [1, 8, 7], sigma1 => [19, 61, 6],
  Sigma0 => [28, 34, 39], Sigma1 => [14, 18, 41]);

# The constants, shared by both paths.
$code .= ".rodata\n.align 64\n.LK512:\n";
for (my $i = 0; $i < @K; $i += 2) {
  $code .= "\t.quad\t0x$K[$i], 0x$K[$i + 1]\n";
}

ArmXlate::write_output($flavour, $output, $code, __FILE__);
