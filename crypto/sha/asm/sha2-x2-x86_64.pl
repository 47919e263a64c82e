#!/usr/bin/env perl
# Copyright 2026 The project authors.
#
# sha2-x2-x86_64.pl: two independent one-block SHA-256 or SHA-512
# compressions in one interleaved pass, and a whole HMAC-SHA256 in one
# function, for x86-64 (FIPS 180-4 §6.2.2, §6.4.2; FIPS 198-1).
# Usage: perl sha2-x2-x86_64.pl FLAVOUR OUTPUT
#
# Entry points (declared from the lists in crypto/sha/impls.h, which state
# their contract: SHA256_X2_IMPLS, SHA512_X2_IMPLS, SHA256_HMAC_IMPLS):
#
#   sha256_x2_block_shani(uint32_t state0[8], const uint8_t in0[64],
#                         uint32_t state1[8], const uint8_t in1[64])
#       the SHA extensions (sha256rnds2 / sha256msg1 / sha256msg2) with
#       SSSE3/SSE4.1 shuffles, which every CPU with them has.
#   sha512_x2_block_avx512(uint64_t state0[8], const uint8_t in0[128],
#                          uint64_t state1[8], const uint8_t in1[128])
#       state0 <- compress(state0, in0), state1 <- compress(state1, in1).
#       AVX512F + AVX512VL (EVEX vprorq / vpternlogq / embedded broadcast on
#       xmm0-xmm31).
#   hmac_sha256_shani(uint8_t out[32], const uint8_t k0[64],
#                     const uint8_t *in, size_t num_blocks,
#                     const uint8_t *tail, size_t num_tail)
#       HMAC-SHA256 from the key block K0 and the inner blocks, with the SHA
#       extensions: see its section below.
#   hmac_sha256_finish_shani(uint8_t out[32], const uint32_t i_state[8],
#                            const uint8_t *tail, size_t num_tail,
#                            const uint32_t o_state[8])
#       the end of a streamed HMAC-SHA256 (HMAC_Final): the inner hash's
#       last block(s) and the outer block from the two chaining values. Measured on AMD Zen 5 (family
#       26), quiet, 2026-12-02, chained calls (each key depends on the
#       previous output) in an rdtsc loop outside the tree, best of 30 x
#       2000: 297 TSC ticks at 16 bytes against 360 for HMAC() through the
#       separate pair / inner / outer calls, 381 against 439 at 64, 617
#       against 689 at 256. The chain is the pair (~1.25 blocks), the inner
#       blocks and the outer block at ~76 ticks a block; what it removes
#       is the state stores, reloads and reshuffles between those steps and
#       the inner digest's round trip through memory.
#
# Why: an HMAC with a new key starts with two independent compressions,
# IV . (K0 ^ ipad) and IV . (K0 ^ opad). One SHA-512 block in general-purpose
# registers is a latency chain (e -> e' every round) that the out-of-order
# window cannot overlap with the next block: one avx2 block is ~2000
# instructions. Here the two streams are the two 64-bit lanes of one xmm
# register per working variable, so each instruction does both rounds.
#
# Per round, for both streams: Σ1 and Σ0 as three vprorq and one
# vpternlogq (xor of three) each, Ch and Maj as one vpternlogq each (on a
# copy, since vpternlogq overwrites its first source), four vpaddq and the
# K[t] + W[t] add with K[t] broadcast from memory: 17 vector operations and
# two register copies. The schedule W[t] = σ1(W[t-2]) + W[t-7] + σ0(W[t-15])
# + W[t-16] is two vprorq, one vpsrlq and one vpternlogq per σ and three
# vpaddq, for t = 16..79, in a ring of sixteen registers, computed right
# after the round that last reads the slot.
#
# Measured on AMD Zen 5 (family 26) KVM guest, machine shared with other
# builds (load ~18 on 2 cores), median of 41 batches of 2000 calls, TSC
# ticks for a pair of blocks, with an rdtsc harness outside the tree that
# calls the entry points directly (no command in the tree reproduces it):
#
# | path          | pair  | two calls of the best  | bound                    |
# |               |       | one-stream row         |                          |
# |---------------|-------|------------------------|--------------------------|
# | sha256 shani  | ~150  | ~165 (shani; one ~120) | the two sha256rnds2      |
# |               |       |                        | chains share the unit    |
# | sha512 avx512 | ~590  | ~710-770 (avx2; one    | vector ALU throughput:   |
# |               |       | ~375)                  | ~30 operations a round   |
# |               |       |                        | for both streams         |
#
# The second stream of SHA-256 costs ~25% of a block, not ~100%, because the
# single SHA-NI block is latency-bound; out-of-order execution already
# overlaps two separate calls partly (~1.35 blocks). For SHA-512 the scalar
# block (~2000 instructions) is too long for the window to overlap two.
# AMD Zen 4 (family 25 model 17, TSC 2.596 GHz, 2026-12-04; an rdtsc loop
# outside the tree, each call's input depending on the previous output,
# lower quartiles of 41 batches of 2000): one block through
# sha256_block_data_order_shani 114 ticks a call, two blocks in one call
# 205 (so 91 a block, the 32 x 4-cycle sha256rnds2 chain, and ~23 of call,
# state shuffles and stores), the pair 117: here the second stream costs
# ~3% of a block. hmac_sha256_shani (still taking the two pads then): 302
# ticks at 16 bytes (the pair and two blocks), 665 at 256 (the pair and
# six blocks); called back to back without the dependency, 259 and 620.
# Effect on HMAC with a new key (util/bench/percall.sh, ours / BoringSSL,
# medians of 5 rounds, load 8-23): one-shot 16 B SHA-256 1.15 -> 1.34,
# SHA-384 1.22 -> 1.33; see crypto/hmac/hmac.c for the bound.
# Object size: 1800 bytes of code (sha256) + 5646 (sha512, the rounds of
# 16 unrolled once and looped) + 976 of constants.

use strict;
use warnings;
use FindBin;
use lib "$FindBin::Bin/../../perlasm";
use lib "$FindBin::Bin";
use SHAConstants;
use InsnList qw(text);
require "x86_64-xlate.pl";

my ($flavour, $output) = @ARGV;

# --- SHA-512, two streams in the lanes of xmm registers --------------------

# The rotation counts of FIPS 180-4 §4.1.3.
my @SIGMA0 = (28, 34, 39);    # Σ0(a)
my @SIGMA1 = (14, 18, 41);    # Σ1(e)
my @sigma0 = (1, 8, 7);       # σ0(x) = ROTR1 ^ ROTR8 ^ SHR7
my @sigma1 = (19, 61, 6);     # σ1(x) = ROTR19 ^ ROTR61 ^ SHR6

# vpternlogq immediates (bit 4a+2b+c of the immediate is f(a, b, c), with a
# the destination register's old value, b the second source, c the first).
my $XOR3 = 0x96;    # a ^ b ^ c
my $CH = 0xca;      # a ? b : c            = Ch(a, b, c)
my $MAJ = 0xe8;     # at least two of them = Maj(a, b, c)

# round(\@S, KW, \@T) returns the instructions of one round with the working
# variables a..h in @S (each register: stream 0 in the low lane, stream 1 in
# the high) and K[t] + W[t] in KW, and renames @S so that the register that
# held h holds the new a and the one that held d the new e:
#   T1 = h + Σ1(e) + Ch(e,f,g) + K[t] + W[t];  T2 = Σ0(a) + Maj(a,b,c)
#   e' = d + T1;  a' = T1 + T2
# h + KW + Ch comes first, so the chain e -> e' is rotate, vpternlogq, add,
# add: four operations.
sub round {
  my ($S, $kw, $T) = @_;
  my ($a, $b, $c, $d, $e, $f, $g, $h) = @$S;
  my ($t0, $t1, $t2) = @$T;
  my @i = (
    "vpaddq	$kw, $h, $h",
    "vmovdqa64	$e, $t0",
    "vpternlogq	\$$CH, $g, $f, $t0",              # Ch(e,f,g)
    "vprorq	\$$SIGMA1[0], $e, $t1",
    "vprorq	\$$SIGMA1[1], $e, $t2",
    "vpaddq	$t0, $h, $h",                     # h + K[t] + W[t] + Ch
    "vprorq	\$$SIGMA1[2], $e, $t0",
    "vpternlogq	\$$XOR3, $t0, $t2, $t1",          # Σ1(e)
    "vpaddq	$t1, $h, $h",                     # T1
    "vpaddq	$h, $d, $d",                      # e' = d + T1
    "vmovdqa64	$a, $t0",
    "vpternlogq	\$$MAJ, $c, $b, $t0",             # Maj(a,b,c)
    "vprorq	\$$SIGMA0[0], $a, $t1",
    "vprorq	\$$SIGMA0[1], $a, $t2",
    "vpaddq	$t0, $h, $h",                     # T1 + Maj
    "vprorq	\$$SIGMA0[2], $a, $t0",
    "vpternlogq	\$$XOR3, $t0, $t2, $t1",          # Σ0(a)
    "vpaddq	$t1, $h, $h",                     # a' = T1 + T2
  );
  @$S = ($h, $a, $b, $c, $d, $e, $f, $g);
  return @i;
}

# schedule(\@W, t, \@U) returns the instructions computing W[t] (t >= 16)
# into its ring slot $W[t % 16], which holds W[t-16]:
#   W[t] = σ1(W[t-2]) + W[t-7] + σ0(W[t-15]) + W[t-16]
sub schedule {
  my ($W, $t, $U) = @_;
  my ($u0, $u1, $u2) = @$U;
  my $w = $W->[$t % 16];
  my $w2 = $W->[($t - 2) % 16];
  my $w7 = $W->[($t - 7) % 16];
  my $w15 = $W->[($t - 15) % 16];
  return (
    "vprorq	\$$sigma0[0], $w15, $u0",
    "vprorq	\$$sigma0[1], $w15, $u1",
    "vpsrlq	\$$sigma0[2], $w15, $u2",
    "vpternlogq	\$$XOR3, $u2, $u1, $u0",          # σ0(W[t-15])
    "vpaddq	$w7, $w, $w",
    "vpaddq	$u0, $w, $w",
    "vprorq	\$$sigma1[0], $w2, $u0",
    "vprorq	\$$sigma1[1], $w2, $u1",
    "vpsrlq	\$$sigma1[2], $w2, $u2",
    "vpternlogq	\$$XOR3, $u2, $u1, $u0",          # σ1(W[t-2])
    "vpaddq	$u0, $w, $w",
  );
}

sub sha512_x2_avx512 {
  # Arguments (SysV; the translator moves Win64's there).
  my ($st0, $in0, $st1, $in1) = ('%rdi', '%rsi', '%rdx', '%rcx');
  my ($kp, $n) = ('%rax', '%r10');
  # a..h, then the temporaries of the rounds and of the schedule, and K+W.
  my @S = map { "%xmm$_" } 0 .. 7;
  my @T = map { "%xmm$_" } 8 .. 10;
  my @U = map { "%xmm$_" } 11 .. 13;
  my $kw = '%xmm14';
  my $bswap = '%xmm15';
  # The message schedule ring: W[t] in $W[t % 16] (xmm16-31, EVEX only;
  # Win64 does not preserve them, so they need no saving).
  my @W = map { "%xmm$_" } 16 .. 31;
  my $L = '.Lsha512_x2_avx512';

  my $c = X86_64Xlate::function_begin('sha512_x2_block_avx512',
    args => 4, xmm => [6 .. 15]);
  # H as (stream 0, stream 1) pairs: variable j in the lanes of $S[j].
  for my $j (0, 2, 4, 6) {
    $c .= text(
      "vmovdqu64	" . (8 * $j) . "($st0), $T[0]",
      "vmovdqu64	" . (8 * $j) . "($st1), $T[1]",
      "vpunpcklqdq	$T[1], $T[0], $S[$j]",
      "vpunpckhqdq	$T[1], $T[0], $S[$j + 1]");
  }
  # M as big-endian 64-bit words, W[i] = (M0[i], M1[i]). The byte swap is
  # done in xmm8/xmm9 (VEX vpshufb; on xmm16-31 it would need AVX512BW).
  $c .= text("vmovdqa64	${L}_bswap(%rip), $bswap");
  for my $i (0, 2, 4, 6, 8, 10, 12, 14) {
    $c .= text(
      "vmovdqu64	" . (8 * $i) . "($in0), $T[0]",
      "vmovdqu64	" . (8 * $i) . "($in1), $T[1]",
      "vpshufb	$bswap, $T[0], $T[0]",
      "vpshufb	$bswap, $T[1], $T[1]",
      "vpunpcklqdq	$T[1], $T[0], $W[$i]",
      "vpunpckhqdq	$T[1], $T[0], $W[$i + 1]");
  }
  # Rounds 0..63 in four passes of sixteen, each round followed by the
  # schedule of the slot it has just read (W[t+16] replaces W[t]); the names
  # of a..h and of the ring come back in place after sixteen rounds.
  $c .= text("leaq	.Lsha512_x2_K(%rip), $kp", "movl	\$4, %r10d");
  $c .= "${L}_loop:\n";
  for my $r (0 .. 15) {
    $c .= text("vpaddq	" . (8 * $r) . "($kp){1to2}, $W[$r], $kw");
    $c .= text(round(\@S, $kw, \@T));
    $c .= text(schedule(\@W, $r + 16, \@U));
  }
  $c .= text("addq	\$128, $kp", "decl	%r10d", "jnz	${L}_loop");
  # Rounds 64..79: the schedule is complete.
  for my $r (0 .. 15) {
    $c .= text("vpaddq	" . (8 * $r) . "($kp){1to2}, $W[$r], $kw");
    $c .= text(round(\@S, $kw, \@T));
  }
  # H(i) = H(i-1) + (a..h), back in each stream's own layout.
  for my $j (0, 2, 4, 6) {
    $c .= text(
      "vpunpcklqdq	$S[$j + 1], $S[$j], $T[0]",
      "vpunpckhqdq	$S[$j + 1], $S[$j], $T[1]",
      "vpaddq	" . (8 * $j) . "($st0), $T[0], $T[0]",
      "vpaddq	" . (8 * $j) . "($st1), $T[1], $T[1]",
      "vmovdqu64	$T[0], " . (8 * $j) . "($st0)",
      "vmovdqu64	$T[1], " . (8 * $j) . "($st1)");
  }
  # Clear what was derived from the input (HMAC's key pads): the schedule
  # and K+W here; vzeroupper below clears the upper halves, and the
  # working variables hold the state the caller just received.
  $c .= text(map { "vpxorq	$_, $_, $_" } @W, $kw, @T, @U);
  $c .= text("vzeroupper");
  $c .= X86_64Xlate::epilogue();
  $c .= X86_64Xlate::function_end();
  return $c;
}


# --- SHA-256, two streams with the SHA extensions ---------------------------

# The SHA-NI layout as in sha256-x86_64.pl: the working variables in two
# registers, {A,B,E,F} and {C,D,G,H} (A in the highest dword), which swap
# roles at every sha256rnds2; W[t]+K[t], W[t+1]+K[t+1] in the low half of
# the implicit operand xmm0. Each stream is one chain of 32 sha256rnds2;
# two chains interleaved keep the unit busy while either waits. Only
# xmm0-xmm15 are reachable (the SHA instructions have legacy encodings
# only), so each stream has its two state registers, its four schedule
# registers and one temporary (7 x 2 + xmm0 = 15), and the feed-forward
# reads H(i-1) from memory again.

# shani_stream_load(\%s) loads stream s's state and message block.
sub shani_stream_load {
  my ($s) = @_;
  return (shani_state_load($s, $s->{state}),
    shani_message_load($s, $s->{in}));
}

# shani_state_load(\%s, state) loads the chaining value a..h at `state`
# into stream s's state registers in the SHA extensions' layout.
sub shani_state_load {
  my ($s, $state) = @_;
  my ($st, $tmp) = ($s->{st}, $s->{tmp});
  return (
    "movdqu	0($state), $tmp",                 # a b c d
    "movdqu	16($state), $st->[1]",            # e f g h
    "pshufd	\$0xb1, $tmp, $tmp",              # b a d c
    "pshufd	\$0x1b, $st->[1], $st->[1]",      # h g f e
    "movdqa	$tmp, $st->[0]",
    "palignr	\$8, $st->[1], $st->[0]",         # {A,B,E,F}
    "pblendw	\$0xf0, $tmp, $st->[1]",          # {C,D,G,H}
  );
}

# shani_message_load(\%s, in) loads the 64-byte block at `in` into stream
# s's schedule registers as big-endian words, W[4k] in the low lane of m[k].
sub shani_message_load {
  my ($s, $in) = @_;
  return map {
    ("movdqu	" . (16 * $_) . "($in), $s->{m}[$_]",
      "pshufb	.Lsha256_x2_shani_bswap(%rip), $s->{m}[$_]")
  } 0 .. 3;
}

# shani_group(\%s, g) returns, for stream s, the two halves of rounds
# 4g..4g+3 (each ends with a sha256rnds2) with the message schedule of
# sha256-x86_64.pl's shani path between them:
#   m[g+1] += W[t-7] (palignr of groups g-1, g); sha256msg2 adds σ1(W[t-2])
#   m[g+3] = sha256msg1(m[g+3], m[g]) = W[t-16] + σ0(W[t-15]) for group g+4
sub shani_group {
  my ($s, $g) = @_;
  my ($st, $tmp, $m) = ($s->{st}, $s->{tmp}, $s->{m});
  my $cur = $m->[$g % 4];
  my @first = ("movdqa	$cur, %xmm0",
    "paddd	.Lsha256_x2_shani_K+" . (16 * $g) . "(%rip), %xmm0",
    "sha256rnds2	$st->[0], $st->[1]");
  @$st = reverse @$st;
  my @second;
  if ($g + 1 >= 4 && $g + 1 <= 15) {
    my $next = $m->[($g + 1) % 4];
    my $prev = $m->[($g + 3) % 4];
    push @second, "movdqa	$cur, $tmp", "palignr	\$4, $prev, $tmp",
      "paddd	$tmp, $next", "sha256msg2	$cur, $next";
  }
  push @second, "pshufd	\$0x0e, %xmm0, %xmm0",
    "sha256rnds2	$st->[0], $st->[1]";
  @$st = reverse @$st;
  if ($g >= 1 && $g + 3 <= 15) {
    push @second, "sha256msg1	$cur, $m->[($g + 3) % 4]";
  }
  return (\@first, \@second);
}

# shani_stream_store(\%s) adds the compressed state to H(i-1) in memory and
# stores H(i).
sub shani_stream_store {
  my ($s) = @_;
  my ($st, $tmp, $m) = ($s->{st}, $s->{tmp}, $s->{m});
  return (
    "pshufd	\$0x1b, $st->[0], $st->[0]",      # a b e f
    "pshufd	\$0xb1, $st->[1], $st->[1]",      # g h c d
    "movdqa	$st->[1], $tmp",
    "palignr	\$8, $st->[0], $tmp",             # e f g h
    "pblendw	\$0xf0, $st->[1], $st->[0]",      # a b c d
    "movdqu	0($s->{state}), $m->[0]",
    "movdqu	16($s->{state}), $m->[1]",
    "paddd	$m->[0], $st->[0]",
    "paddd	$m->[1], $tmp",
    "movdqu	$st->[0], 0($s->{state})",
    "movdqu	$tmp, 16($s->{state})",
  );
}

sub sha256_x2_shani {
  # Arguments (SysV; the translator moves Win64's there).
  my @s = (
    { state => '%rdi', in => '%rsi', st => ['%xmm1', '%xmm2'], tmp => '%xmm3',
      m => ['%xmm4', '%xmm5', '%xmm6', '%xmm7'] },
    { state => '%rdx', in => '%rcx', st => ['%xmm8', '%xmm9'], tmp => '%xmm10',
      m => ['%xmm11', '%xmm12', '%xmm13', '%xmm14'] },
  );
  my $c = X86_64Xlate::function_begin('sha256_x2_block_shani',
    args => 4, xmm => [6 .. 14]);
  $c .= text(shani_stream_load($s[0]), shani_stream_load($s[1]));
  for my $g (0 .. 15) {
    my ($a1, $a2) = shani_group($s[0], $g);
    my ($b1, $b2) = shani_group($s[1], $g);
    $c .= "\t# Rounds " . (4 * $g) . ".." . (4 * $g + 3) . " of both streams\n";
    # xmm0 carries one stream's W+K through both of its sha256rnds2, so a
    # stream's group is kept together; register renaming lets the two
    # streams' chains overlap all the same.
    $c .= text(@$a1, @$a2, @$b1, @$b2);
  }
  $c .= text(shani_stream_store($s[0]), shani_stream_store($s[1]));
  # Clear what was derived from the input (HMAC's key pads): the schedule
  # registers, the temporaries and W+K.
  $c .= text(map { "pxor	$_, $_" } '%xmm0', map { ($_->{tmp}, @{ $_->{m} }) } @s);
  $c .= X86_64Xlate::epilogue();
  $c .= X86_64Xlate::function_end();
  return $c;
}

# --- HMAC-SHA256, fused (SHA extensions) ----------------------------------
#
#   hmac_sha256_shani(uint8_t out[32], const uint8_t k0[64],
#                     const uint8_t *in, size_t num_blocks,
#                     const uint8_t *tail, size_t num_tail)
#       out = HMAC-SHA256 where k0 is the key block K0 (the key, or its
#       hash, zero-padded to 64 bytes), and the inner message after the
#       ipad block is the num_blocks blocks at `in` followed by the num_tail
#       blocks at `tail` (the caller's last bytes and the padding for a
#       length of 64 + message bytes). out is written after everything else
#       is read, so it may alias any of them.
#
# The pads K0 ^ ipad and K0 ^ opad are made here in registers: built in C
# they were two more stores and loads between the key and the first
# sha256rnds2, on the path every call waits on, and 128 bytes to erase.
#
# Why: a short HMAC is a chain of three steps, the pads' pair -> the inner
# block(s) -> the outer block, and between the steps the separate calls
# store the state, reload and reshuffle it, byte-swap the inner digest into
# memory and load it again as a message. Here the two states never leave
# the registers: stream A (the inner hash) and stream B (the outer) run the
# pads' blocks side by side as in sha256_x2_block_shani, then A runs the
# inner blocks while B's state waits in xmm8/xmm9, then A's digest becomes
# B's message words in registers (W0..W7 are H0..H7 of the inner hash, W8
# = 0x80000000, W15 = (64 + 32) * 8 bits), and B runs the outer block.
# Registers: A as in sha256_x2_shani (xmm1-7), B (xmm8-14); during the inner
# blocks A's feed-forward copy is in xmm10/xmm11 (B's idle temporaries),
# during the outer block B's in xmm1/xmm2.

# The two streams of the HMAC functions: A the inner hash, B the outer.
my %HA = (st => ['%xmm1', '%xmm2'], tmp => '%xmm3',
  m => ['%xmm4', '%xmm5', '%xmm6', '%xmm7']);
my %HB = (st => ['%xmm8', '%xmm9'], tmp => '%xmm10',
  m => ['%xmm11', '%xmm12', '%xmm13', '%xmm14']);

# hmac_inner_block(label) is the loop body compressing the block at %rdx
# into stream A (its feed-forward copy in xmm10/xmm11, B's idle
# temporaries), then %rdx += 64 and %rcx -= 1, after `label`.
sub hmac_inner_block {
  my ($label) = @_;
  my $c = "$label:\n";
  $c .= text("movdqa	%xmm1, %xmm10", "movdqa	%xmm2, %xmm11",
    shani_message_load(\%HA, '%rdx'));
  for my $g (0 .. 15) {
    my ($a1, $a2) = shani_group(\%HA, $g);
    $c .= text(@$a1, @$a2);
  }
  $c .= text("paddd	%xmm10, %xmm1", "paddd	%xmm11, %xmm2",
    "add	\$64, %rdx", "dec	%rcx");
  return $c;
}

# hmac_outer_store(out) turns A's digest into B's message, compresses it
# into B and stores B's digest, big-endian, at `out`; then clears every
# register, all of which held key-derived state.
sub hmac_outer_store {
  my ($out) = @_;
  # A's digest, a..h in lane order, is B's W0..W7; then the padding words.
  my $c = text(
    "pshufd	\$0x1b, %xmm1, %xmm1",           # a b e f
    "pshufd	\$0xb1, %xmm2, %xmm2",           # g h c d
    "movdqa	%xmm2, %xmm12",
    "palignr	\$8, %xmm1, %xmm12",            # e f g h
    "pblendw	\$0xf0, %xmm2, %xmm1",          # a b c d
    "movdqa	%xmm1, %xmm11",
    "movdqa	.Lhmac_sha256_w8(%rip), %xmm13",
    "movdqa	.Lhmac_sha256_w12(%rip), %xmm14",
    "movdqa	%xmm8, %xmm1", "movdqa	%xmm9, %xmm2");
  for my $g (0 .. 15) {
    my ($b1, $b2) = shani_group(\%HB, $g);
    $c .= text(@$b1, @$b2);
  }
  $c .= text("paddd	%xmm1, %xmm8", "paddd	%xmm2, %xmm9",
    "pshufd	\$0x1b, %xmm8, %xmm8",           # a b e f
    "pshufd	\$0xb1, %xmm9, %xmm9",           # g h c d
    "movdqa	%xmm9, %xmm10",
    "palignr	\$8, %xmm8, %xmm10",            # e f g h
    "pblendw	\$0xf0, %xmm9, %xmm8",          # a b c d
    "pshufb	.Lsha256_x2_shani_bswap(%rip), %xmm8",
    "pshufb	.Lsha256_x2_shani_bswap(%rip), %xmm10",
    "movdqu	%xmm8, 0($out)", "movdqu	%xmm10, 16($out)");
  $c .= text(map { "pxor	%xmm$_, %xmm$_" } 0 .. 14);
  return $c;
}

sub hmac_sha256_shani {
  my $c = X86_64Xlate::function_begin('hmac_sha256_shani',
    args => 6, xmm => [6 .. 14]);
  # The pads' blocks from the IV, both streams. Each 16 bytes of K0 are
  # loaded and byte-swapped once; XOR with 0x36 or 0x5c in every byte
  # commutes with the swap, so the two pads' message words follow with one
  # pxor each.
  $c .= text("movdqa	.Lhmac_sha256_iv_abef(%rip), %xmm1",
    "movdqa	.Lhmac_sha256_iv_cdgh(%rip), %xmm2",
    "movdqa	%xmm1, %xmm8", "movdqa	%xmm2, %xmm9",
    map {
      ("movdqu	" . (16 * $_) . "(%rsi), $HA{m}[$_]",
        "pshufb	.Lsha256_x2_shani_bswap(%rip), $HA{m}[$_]",
        "movdqa	$HA{m}[$_], $HB{m}[$_]",
        "pxor	.Lhmac_sha256_ipad(%rip), $HA{m}[$_]",
        "pxor	.Lhmac_sha256_opad(%rip), $HB{m}[$_]")
    } 0 .. 3);
  for my $g (0 .. 15) {
    my ($a1, $a2) = shani_group(\%HA, $g);
    my ($b1, $b2) = shani_group(\%HB, $g);
    $c .= text(@$a1, @$a2, @$b1, @$b2);
  }
  $c .= text(map {
      ("paddd	.Lhmac_sha256_iv_abef(%rip), $_->[0]",
        "paddd	.Lhmac_sha256_iv_cdgh(%rip), $_->[1]")
    } $HA{st}, $HB{st});
  # The inner blocks: (in, num_blocks), then (tail, num_tail). The branches
  # depend on the lengths only.
  $c .= text("jmp	.Lhmac_sha256_shani_pass");
  $c .= hmac_inner_block('.Lhmac_sha256_shani_block');
  $c .= ".Lhmac_sha256_shani_pass:\n";
  $c .= text("test	%rcx, %rcx", "jnz	.Lhmac_sha256_shani_block",
    "mov	%r8, %rdx", "mov	%r9, %rcx", "xor	%r9d, %r9d",
    "test	%rcx, %rcx", "jnz	.Lhmac_sha256_shani_block");
  $c .= hmac_outer_store('%rdi');
  $c .= X86_64Xlate::epilogue();
  $c .= X86_64Xlate::function_end();
  return $c;
}

# hmac_sha256_finish_shani(out, i_state, tail, num_tail, o_state): the end
# of a streamed HMAC (HMAC_Final). i_state is the inner hash's chaining
# value after the ipad block and the message's whole blocks, tail its last
# bytes and padding (num_tail blocks, at least one), o_state the chaining
# value after the opad block. The same steps from the tail on, with the
# states loaded from memory.
sub hmac_sha256_finish_shani {
  my $c = X86_64Xlate::function_begin('hmac_sha256_finish_shani',
    args => 5, xmm => [6 .. 14]);
  # The tail at %rdx, num_tail (at least one) in %rcx: the loop's registers.
  $c .= text(shani_state_load(\%HA, '%rsi'), shani_state_load(\%HB, '%r8'));
  $c .= hmac_inner_block('.Lhmac_sha256_finish_shani_block');
  $c .= text("test	%rcx, %rcx", "jnz	.Lhmac_sha256_finish_shani_block");
  $c .= hmac_outer_store('%rdi');
  $c .= X86_64Xlate::epilogue();
  $c .= X86_64Xlate::function_end();
  return $c;
}

my $code = ".text\n";
$code .= sha256_x2_shani();
$code .= hmac_sha256_shani();
$code .= hmac_sha256_finish_shani();
$code .= sha512_x2_avx512();

$code .= ".rodata\n.align 64\n.Lsha256_x2_shani_K:\n";
for (my $i = 0; $i < 64; $i += 4) {
  $code .= "\t.long\t" . join(', ', map { sprintf '0x%08x', $_ } @SHAConstants::K256[$i .. $i + 3]) . "\n";
}
# pshufb mask: byte-swap each 32-bit word.
$code .= ".Lsha256_x2_shani_bswap:\n";
$code .= "\t.byte\t3, 2, 1, 0, 7, 6, 5, 4, 11, 10, 9, 8, 15, 14, 13, 12\n";
# The SHA-256 IV in the SHA extensions' layout (ABEF: dwords F, E, B, A
# from the low one; CDGH: H, G, D, C), and the outer block's W8..W11 and
# W12..W15 (the 32-byte inner digest after a 64-byte pad block).
my @iv = map { hex } qw(6a09e667 bb67ae85 3c6ef372 a54ff53a 510e527f
  9b05688c 1f83d9ab 5be0cd19);
$code .= ".align 16\n.Lhmac_sha256_iv_abef:\n\t.long\t"
  . join(', ', map { sprintf '0x%08x', $iv[$_] } 5, 4, 1, 0) . "\n";
$code .= ".Lhmac_sha256_iv_cdgh:\n\t.long\t"
  . join(', ', map { sprintf '0x%08x', $iv[$_] } 7, 6, 3, 2) . "\n";
# HMAC's pad bytes (FIPS 198-1 §4), sixteen of each.
$code .= ".Lhmac_sha256_ipad:\n\t.byte\t" . join(', ', ('0x36') x 16) . "\n";
$code .= ".Lhmac_sha256_opad:\n\t.byte\t" . join(', ', ('0x5c') x 16) . "\n";
$code .= ".Lhmac_sha256_w8:\n\t.long\t0x80000000, 0, 0, 0\n";
$code .= ".Lhmac_sha256_w12:\n\t.long\t0, 0, 0, " . sprintf('0x%08x', (64 + 32) * 8) . "\n";
$code .= ".align 64\n.Lsha512_x2_K:\n";
for my $i (0 .. 79) {
  $code .= "\t.quad\t0x$SHAConstants::K512[$i]\n";
}
# vpshufb mask: byte-swap each 64-bit lane.
$code .= ".Lsha512_x2_avx512_bswap:\n";
$code .= "\t.byte\t7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8\n";

X86_64Xlate::write_output($flavour, $output, $code, __FILE__);
