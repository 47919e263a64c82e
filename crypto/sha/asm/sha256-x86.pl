#!/usr/bin/env perl
# Copyright 2026 The project authors.
#
# sha256-x86.pl: SHA-256 block functions for 32-bit x86 (FIPS 180-4
# §6.2.2), through crypto/perlasm/x86asm.pl.
# Usage: perl sha256-x86.pl FLAVOUR OUTPUT   (elf, macosx, win32n)
#
# Entry points (C declarations in sha_asm_x86.h), each with the contract of
# crypto/sha/internal.h: compress `num_blocks` 64-byte blocks from `in`
# (any alignment) into `state` = H0..H7; num_blocks == 0 reads nothing.
#
#   sha256_block_data_order_shani(uint32_t state[8], const uint8_t *in,
#                                 size_t num_blocks)  SHA extensions
#   sha256_block_data_order_ssse3(...)                SSSE3 (pshufb, palignr)
#   sha256_block_data_order_avx(...)                  AVX (VEX forms)
#
# TIMED NATIVELY (2026-12-02): this machine's kernel now runs i686 binaries
# directly, and util/run-tests.sh i686 runs the suite natively where the
# built bssl starts. AMD Zen 5 (family 26) in 32-bit mode, TSC 2.596 GHz,
# load average 5-7, medians of 5 rounds, MB/s and speed-up against the C
# row, from
#   BUILD-i686/bssl speed -impls -filter SHA-256 -chunks 64,1024,8192 \
#     -rounds 5 -timeout 0.3
# | bytes | nohw  | ssse3        | avx          | shani        |
# |-------|-------|--------------|--------------|--------------|
# |    64 | 120.1 | 153.2 1.27x  | 155.3 1.29x  | 397.8 3.31x  |
# |  1024 | 226.8 | 309.5 1.36x  | 312.2 1.38x  | 1067.3 4.71x |
# |  8192 | 240.7 | 362.1 1.50x  | 326.0 1.35x  | 1172.8 4.87x |
# shani is chosen and fastest at every size (2.21 TSC ticks/B at 8 KiB,
# against 1.21 for the x86-64 row: the 32-bit loop reloads more). The
# paragraph below, written before this could be timed, gives the
# instruction counts and bounds.
#
# AMD Zen 4 (EPYC family 25 model 17) in 32-bit mode, 2026-12-05, quiet:
#   BUILD-i686/bssl speed -impls -filter SHA-256 -rounds 5 -timeout 0.2
# (medians of 5 alternating rounds; the process had run no AVX2 code, see
# poly1305-x86.pl on what that does to SSE code in 32-bit mode), MB/s at
# 16, 256 and 8192 bytes and TSC ticks a byte at 8 KiB:
#   shani 284, 1231, 1785: 1.45   (the x86-64 row: 1.43; on Zen 5 the
#                                  32-bit loop measured 2.21 against 1.21)
#   avx    90,  326,  446: 5.82
#   ssse3  89,  327,  442: 5.87
#   nohw   74,  248,  334: 7.78
# shani is chosen and fastest at every size.
#
# NOT TIMED: i686 binaries run here only under qemu-i386 (this kernel has
# no IA-32 emulation), whose timings mean nothing; the speed targets of
# issue #10 could not be checked. (qemu-i386 7.2 does not even implement
# the SHA extensions: the shani path is tested there through the
# test-only SIGILL emulator of crypto/test/sha_ni_emu.h, `crypto_test
# --emulate-sha-ni`.) Instructions per 64-byte block, counted in the
# generated elf code with util/count_insns.pl (one trip round the block
# loop: `--function sha256_block_data_order_ssse3 --loop
# sha256_ssse3_loop`, and likewise shani), against the C code
# sha256_block_data_order_nohw compiled by i686-linux-gnu-gcc 12.2 (-O2 as
# asked, -O3 as the Release build does; its loops counted trip by trip).
# "mem" = instructions with a memory operand.
#
# | path        | insns/64 B | vector | mem  | object (.text) | bound (core c/B) |
# |-------------|------------|--------|------|----------------|------------------|
# | shani       | 155        | 152    | 28   | 879 B          | ~2.0, see below  |
# | ssse3       | 2457       | 500    | 650  | 9792 B         | ~6, below        |
# | avx         | 2369       | 412    | 650  | 9440 B         | same             |
# | nohw -O2    | 4086       | 0      | 1073 | -              | -                |
# | nohw -O3    | 3990       | 0      |      | -              | -                |
# (plus 272 bytes of constants shared by the three paths). shani's 152
# vector instructions are 32 sha256rnds2, 12 sha256msg1, 12 sha256msg2,
# and the W + K adds (16, K a memory operand), the shuffles that feed
# rnds2 the high qword, palignr, copies, loads and the feed-forward.
#
# Bound of shani: the loop-carried chain is sha256rnds2 -> sha256rnds2
# (each needs the state the previous one wrote), 32 a block at ~4 cycles
# of latency (Zen 3/4/5; Intel cores with SHA similar or better): 32 x 4
# / 64 = ~2.0 core c/B. The message schedule (msg1/msg2/palignr) and the
# PIC loads of K run in its shadow. Indicative only, and not reproducible
# from the tree (an rdtsc harness outside it; this machine runs no i686
# binary natively, and qemu-i386 timings say nothing): the same
# instruction sequence with 64-bit address registers (Zen 5, 8192 bytes,
# min of 300, load average ~20) ran at 1.21 TSC ticks/B, equal to the
# x86-64 shani path in the same run. What the tree reproduces is the
# instruction count: util/count_insns.pl (see above).
#
# Bound of ssse3 and avx. The loop-carried chains of a round run through
# e and a:
#   e' = (d + X) + Σ1(e),  X = Ch(e,f,g) + h + K[t] + W[t]
#   a' = (T1 + Maj(a,b,c)) + Σ0(a),  T1 = X + Σ1(e)
# Σ1(e) = ROTR^6 ^ ROTR^11 ^ ROTR^25 is computed with one register as
# ROTR^6(ROTR^5(ROTR^14(e) ^ e) ^ e): five dependent single-cycle ops
# (ror/xor, latency 1 on Zen 3/4/5 and Golden Cove; the mov is eliminated
# at rename), then one add: 6 cycles a round; Σ0 and a' the same. The
# bracketed parts run beside them. 64 x 6 / 64 = 6 core cycles per byte.
# (Adding d to T1 instead, one add fewer a round, makes the e chain 7.)
# Throughput: 23 scalar ALU ops a round (six of them rotates) over four
# ALU ports = 5.75 cycles, and seven loads and two stores, under the
# three-loads-a-cycle limit; so expect ~6-7 core c/B. The x86-64 avx path (the same round with
# 16 registers) measures ~6 core c/B here (3.45 TSC ticks/B x 1.57).
# SSSE3 and AVX share the scalar rounds; AVX only saves the register copies
# of the two-operand vector forms (88 of 2457 instructions, 3.6%; a copy
# costs no execution port on these cores, only decode and rename
# bandwidth). No shld/rorx choice to make: rorx needs BMI2 (not implied by
# AVX), and `shld $n, %r, %r` is the same rotate as ror, one byte longer.
#
# Register plan of ssse3 and avx (shani's is at its generator, sub
# shani, below). Seven general-purpose registers (esp is the stack pointer)
# cannot hold the eight working variables plus temporaries, so the round
# keeps in registers only what its dependency chains need at once:
#   e, f       (E_t, E_{t-1})       Σ1(e), Ch(e,f,g)
#   a          (A_t)                Σ0(a), a ^ b
#   c'         = b ^ c               carried from the previous round's a ^ b,
#                                    for Maj(a,b,c) = b ^ ((a ^ b) & (b ^ c))
#   t0, t1     temporaries (T1 accumulates in t0)
#   %ebp       address of the constant pool (.get_pc: PIC, no text reloc)
# and every new a and new e is stored once to a four-entry ring in the
# frame, from which the later roles read it with memory operands: b and d
# from the a ring (A_{t-1}, A_{t-3}), g and h from the e ring (E_{t-2},
# E_{t-3}). That is two stores and seven loads a round; loads are cheap
# (three a cycle on Zen 3+, Golden Cove), and the values were written one to
# three rounds earlier, so store forwarding is off the critical chain. The
# register names rotate in the generator (e <-> f, a <-> t0, c' <-> t1 every
# round), so no value moves; 64 rounds bring them back.
#
# Vector registers (eight in 32-bit mode): xmm0-xmm3 hold W[4q..4q+3] for
# q mod 4 (the last sixteen schedule words); xmm4-xmm6 temporaries; xmm7
# stages W + K. The schedule, four words at a time during the rounds four
# groups earlier:
#   W[t] = σ1(W[t-2]) + W[t-7] + σ0(W[t-15]) + W[t-16]
# σ0 of four words with shifts (ROTR^7 = SHR^7 ^ SHL^25 etc.); σ1 two words
# at a time, as W[t+2], W[t+3] need the W[t], W[t+1] of the same step: each
# word is duplicated into a 64-bit lane (x:x) so that a 64-bit right shift
# by 17 or 19 leaves ROTR^17(x) or ROTR^19(x) in the low dword. W[t] + K[t]
# for all 64 rounds goes to a 256-byte frame.
#
# The frame is not 16-byte aligned (cdecl promises 4 bytes on Windows, and
# `align => 16` would take %ebp): it is written with movdqu and read only
# by scalar loads. K is read from the aligned .rodata.

use strict;
use warnings;
use FindBin;
use lib "$FindBin::Bin/../../perlasm";
use lib "$FindBin::Bin";
use SHAConstants;
use InsnList qw(text);
use SHAx86Common qw(forms x86_path_begin x86_load_block x86_rounds
                    x86_path_end);
require "x86asm.pl";

my ($flavour, $output) = @ARGV;

my $WK = 0;            # frame: W[t] + K[t], t = 0..63
my $ARING = 256;       # frame: A_j at ARING + 4 (j mod 4)
my $ERING = 272;       # frame: E_j at ERING + 4 (j mod 4)
my $IN = 288;          # frame: the input pointer of the next block
my $NUM = 292;         # frame: blocks left
my $FRAME = 296;

# The variant being generated (AVX or SSSE3) is passed to the schedule's
# subs as its encoding F (SHAx86Common::forms).
my $L;                 # its label prefix
my $PIC = '%ebp';
my ($E, $F, $A, $C, $T0, $T1);   # the rotating registers (see the header)

sub aslot { my ($j) = @_; return ($ARING + 4 * ($j % 4)) . "(%esp)"; }
sub eslot { my ($j) = @_; return ($ERING + 4 * ($j % 4)) . "(%esp)"; }

# --- Rounds --------------------------------------------------------------------

# round(T): round t (FIPS 180-4 §6.2.2 step 3) on
#   a = A_t (reg), b = A_{t-1}, c = A_{t-2}, d = A_{t-3} (a ring),
#   e = E_t, f = E_{t-1} (regs), g = E_{t-2}, h = E_{t-3} (e ring),
#   c' = b ^ c (reg):
#   T1 = h + Σ1(e) + Ch(e,f,g) + K[t] + W[t]
#   E_{t+1} = d + T1;   A_{t+1} = T1 + Σ0(a) + Maj(a,b,c)
# then renames the registers for round t + 1. The sums are ordered so that
# Σ1(e) and Σ0(a), each five dependent operations on the previous round's
# result, come last: E_{t+1} = (d + X) + Σ1(e) with X = Ch + h + K + W
# computed beside Σ1, and A_{t+1} = (T1 + Maj) + Σ0(a). That makes both
# loop-carried chains (e -> e', a -> a') six single-cycle operations, for
# one add more than E_{t+1} = d + T1 would cost (which makes seven).
sub round {
  my ($t) = @_;
  my @i = (
    # X = Ch(e,f,g) + h + K[t] + W[t] into t1, Σ1(e) into t0, interleaved.
    "movl\t$F, $T1",
    "xorl\t" . eslot($t - 2) . ", $T1",      # f ^ g
    "movl\t$E, $T0",
    "rorl\t\$14, $T0",                       # ROTR^14(e)
    "andl\t$E, $T1",
    "xorl\t$E, $T0",
    "xorl\t" . eslot($t - 2) . ", $T1",      # Ch(e,f,g) = ((f ^ g) & e) ^ g
    "rorl\t\$5, $T0",                        # ROTR^19(e) ^ ROTR^5(e)
    "addl\t" . eslot($t - 3) . ", $T1",      # + h
    "xorl\t$E, $T0",
    "addl\t" . ($WK + 4 * $t) . "(%esp), $T1",   # + K[t] + W[t] = X
    # E_{t+1} = d + X + Σ1(e), into f's register (f is read from the ring
    # as g from now on), and to the ring, over h.
    "movl\t" . aslot($t - 3) . ", $F",
    "addl\t$T1, $F",                         # d + X
    "rorl\t\$6, $T0",                        # Σ1(e)
    "addl\t$T0, $F",                         # E_{t+1}
    "addl\t$T1, $T0",                        # T1 = X + Σ1(e)
    "movl\t$F, " . eslot($t + 1),
    # A_{t+1} = T1 + Maj(a,b,c) + Σ0(a)
    "movl\t$A, $T1",
    "xorl\t" . aslot($t - 1) . ", $T1",      # a ^ b: the next round's b ^ c
    "andl\t$T1, $C",
    "xorl\t" . aslot($t - 1) . ", $C",       # Maj(a,b,c) = b ^ ((a ^ b) & (b ^ c))
    "addl\t$C, $T0",                         # T1 + Maj(a,b,c)
    "movl\t$A, $C",                          # (c' was consumed: reuse it)
    "rorl\t\$9, $C",
    "xorl\t$A, $C",
    "rorl\t\$11, $C",
    "xorl\t$A, $C",
    "rorl\t\$2, $C",                         # Σ0(a) = ROTR^2(ROTR^11(ROTR^9(a) ^ a) ^ a)
    "addl\t$C, $T0",                         # A_{t+1}
    "movl\t$T0, " . aslot($t + 1),           # over d
  );
  ($E, $F, $A, $C, $T0, $T1) = ($F, $E, $T0, $T1, $A, $C);
  return @i;
}

# --- Message schedule ------------------------------------------------------------

my @X = map { "%xmm$_" } 0 .. 3;                 # W[4q..4q+3] in $X[q % 4]
my ($P, $Q, $R, $S) = map { "%xmm$_" } 4 .. 7;   # temporaries, W + K staging

# wk(F, Q): frame slot Q = W[4Q..4Q+3] + K[4Q..4Q+3] (the W in $X[Q % 4]).
sub wk {
  my ($f, $q) = @_;
  return ($f->v3('paddd', ".Lsha256_K+" . (16 * $q) . "-${L}_pic($PIC)",
              $X[$q % 4], $S),
          $f->vmovu($S, ($WK + 16 * $q) . "(%esp)"));
}

# sigma1_lanes(F, SRC, DST): with SRC = (x0, x0, x1, x1) (two 64-bit lanes
# x:x), DST dwords 0 and 2 = σ1(x0), σ1(x1) = ROTR^17 ^ ROTR^19 ^ SHR^10;
# dwords 1 and 3 are garbage. SRC is destroyed.
sub sigma1_lanes {
  my ($f, $src, $dst) = @_;
  return (
    $f->vsh('psrld', 10, $src, $dst),           # SHR^10 in every dword
    $f->vsh('psrlq', 17, $src, $src),           # low dwords: ROTR^17
    $f->v3('pxor', $src, $dst, $dst),
    $f->vsh('psrlq', 2, $src, $src),            # low dwords: ROTR^19
    $f->v3('pxor', $src, $dst, $dst),
  );
}

# schedule(F, Q): W[t..t+3], t = 4Q (4 <= Q < 16), into $X[Q % 4] (which held
# W[t-16..t-13]), and W + K into frame slot Q.
sub schedule {
  my ($f, $q) = @_;
  my $x = sub { $X[($q - $_[0]) % 4] };   # the group Q - n
  my $dst = $x->(0);
  return (
    $f->valign(4, $x->(4), $x->(3), $P),      # W[t-15..t-12]
    $f->valign(4, $x->(2), $x->(1), $Q),      # W[t-7..t-4]
    $f->v3('paddd', $Q, $dst, $dst),          # W[t-16..] + W[t-7..]
    # σ0(x) = (x >> 7 ^ x << 25) ^ (x >> 18 ^ x << 14) ^ x >> 3
    $f->vsh('psrld', 3, $P, $Q),
    $f->vsh('psrld', 7, $P, $R),
    $f->v3('pxor', $R, $Q, $Q),
    $f->vsh('psrld', 11, $R, $R),             # x >> 18
    $f->v3('pxor', $R, $Q, $Q),
    $f->vsh('pslld', 14, $P, $P),
    $f->v3('pxor', $P, $Q, $Q),
    $f->vsh('pslld', 11, $P, $P),             # x << 25
    $f->v3('pxor', $P, $Q, $Q),
    $f->v3('paddd', $Q, $dst, $dst),          # + σ0(W[t-15..t-12])
    # + σ1(W[t-2]), σ1(W[t-1]) in lanes 0, 1
    $f->vpshufd(0xfa, $x->(1), $P),           # W[t-2], W[t-2], W[t-1], W[t-1]
    sigma1_lanes($f, $P, $Q),
    $f->vsh('psllq', 32, $Q, $Q),             # 0, σ1(W[t-2]), 0, σ1(W[t-1])
    $f->vpshufd(0x0d, $Q, $Q),                # σ1(W[t-2]), σ1(W[t-1]), 0, 0
    $f->v3('paddd', $Q, $dst, $dst),          # W[t], W[t+1] final
    # + σ1(W[t]), σ1(W[t+1]) in lanes 2, 3
    $f->vpshufd(0x50, $dst, $P),              # W[t], W[t], W[t+1], W[t+1]
    sigma1_lanes($f, $P, $Q),
    $f->vsh('psllq', 32, $Q, $Q),             # 0, σ1(W[t]), 0, σ1(W[t+1])
    $f->vpshufd(0xd0, $Q, $Q),                # 0, 0, σ1(W[t]), σ1(W[t+1])
    $f->v3('paddd', $Q, $dst, $dst),          # W[t+2], W[t+3] final
    wk($f, $q),
  );
}

# --- One entry point -------------------------------------------------------------

sub path {
  my ($variant) = @_;
  my $f = forms($variant);
  $L = ".Lsha256_$variant";
  ($E, $F, $A, $C, $T0, $T1) = qw(%eax %ebx %ecx %edx %esi %edi);
  my $c = x86_path_begin("sha256_block_data_order_$variant", $L, $PIC, $IN,
                         $NUM, $FRAME);
  $c .= "${L}_loop:\n";
  # W[0..15]: the block's big-endian words; W + K into slots 0..3.
  $c .= text(x86_load_block($f, $IN, $T1, ".Lsha256_bswap-${L}_pic($PIC)", @X));
  $c .= text(map { wk($f, $_) } 0 .. 3);
  # The working variables from H(i-1): a = A_0 = H0, b = A_{-1} = H1,
  # c = A_{-2} = H2, d = A_{-3} = H3, e = E_0 = H4, ..., h = E_{-3} = H7.
  $c .= text(
    "movl\targ(0), $T0",
    "movl\t0($T0), $A", "movl\t$A, " . aslot(0),
    "movl\t4($T0), $T1", "movl\t$T1, " . aslot(-1),
    "movl\t8($T0), $C", "movl\t$C, " . aslot(-2),
    "xorl\t$T1, $C",                                   # b ^ c
    "movl\t12($T0), $T1", "movl\t$T1, " . aslot(-3),
    "movl\t16($T0), $E", "movl\t$E, " . eslot(0),
    "movl\t20($T0), $F", "movl\t$F, " . eslot(-1),
    "movl\t24($T0), $T1", "movl\t$T1, " . eslot(-2),
    "movl\t28($T0), $T1", "movl\t$T1, " . eslot(-3),
  );
  # 64 rounds; during the rounds of group g, the schedule of group g + 4.
  $c .= x86_rounds(16, \&round, sub { schedule($f, @_) });
  # H(i) = H(i-1) + (a, ..., h): a = A_64, b, c, d = A_63, A_62, A_61 from
  # the ring, e = E_64, f = E_63 in registers, g, h = E_62, E_61.
  $c .= text(
    "movl\targ(0), $T0",
    "addl\t$A, 0($T0)",
    (map { ("movl\t" . aslot(64 - $_) . ", $T1", "addl\t$T1, " . (4 * $_) . "($T0)") } 1 .. 3),
    "addl\t$E, 16($T0)",
    "addl\t$F, 20($T0)",
    "movl\t" . eslot(62) . ", $T1", "addl\t$T1, 24($T0)",
    "movl\t" . eslot(61) . ", $T1", "addl\t$T1, 28($T0)",
  );
  # W + K and the working variables are derived from the message: clear
  # them from the frame (the rings are the 32 bytes after W + K).
  return $c . x86_path_end($f, $L, $NUM, $S, 18);
}

# --- SHA-NI ------------------------------------------------------------------------
#
# Register plan (eight vector registers): xmm0 = W[t..t+3] + K[t..t+3], the
# implicit operand of sha256rnds2; xmm1 = (A,B,E,F) and xmm2 = (C,D,G,H),
# the state in the order sha256rnds2 wants (A in the top dword); xmm3-xmm6 =
# the last sixteen schedule words W[t-16..t-1], four per register; xmm7 =
# scratch. The byte-swap mask and K are read from memory (PIC), and the
# chaining value H(i-1) for the feed-forward H(i) = H(i-1) + state is kept
# in a 16-byte-aligned frame (`align => 16`: %ebp becomes the frame
# pointer, so the anchor is in %esi). GPRs: %eax = state, %edx = in,
# %ecx = blocks left, %esi = the PIC base. The SHA instructions take
# register operands only.

sub shani {
  $L = '.Lsha256_shani';
  my ($wk, $abef, $cdgh, $tmp) = map { "%xmm$_" } 0, 1, 2, 7;
  my @m = map { "%xmm$_" } 3 .. 6;
  my ($state, $in, $num, $pic) = qw(%eax %edx %ecx %esi);
  my $c = X86Asm::function_begin('sha256_block_data_order_shani', args => 3,
    save => [qw(ebp esi)], frame => 32, align => 16);
  $c .= <<"___";
	movl	arg(0), $state
	movl	arg(1), $in
	movl	arg(2), $num
	testl	$num, $num
	jz	${L}_done
	.get_pc	$pic, ${L}_pic
	# state[] = a b c d | e f g h (dword 0 first) to ABEF / CDGH.
	movdqu	0($state), $abef	# a b c d
	movdqu	16($state), $cdgh	# e f g h
	pshufd	\$0xb1, $abef, $abef	# b a d c
	pshufd	\$0x1b, $cdgh, $cdgh	# h g f e
	movdqa	$abef, $tmp
	palignr	\$8, $cdgh, $abef	# f e b a = (A,B,E,F), A on top
	pblendw	\$0xf0, $tmp, $cdgh	# h g d c = (C,D,G,H)
${L}_loop:
	movdqa	$abef, 0(%esp)		# H(i-1)
	movdqa	$cdgh, 16(%esp)
___

  # Sixteen groups of four rounds. Group j uses W[4j..4j+3] in m[j % 4];
  # for j >= 4 that register is first rewritten from the four before it:
  #   W[t] = σ1(W[t-2]) + W[t-7] + σ0(W[t-15]) + W[t-16]
  # sha256msg1 adds σ0(W[t-15]) to W[t-16]; palignr assembles W[t-7..t-4]
  # from m[j-2] and m[j-1]; sha256msg2 adds σ1(W[t-2]), feeding its own
  # first two results into the last two.
  for my $j (0 .. 15) {
    my ($m, $m1, $m2, $m3) = map { $m[($j + $_) % 4] } 0 .. 3;
    my $off = 16 * $j;
    my @i = ("# rounds " . (4 * $j) . ".." . (4 * $j + 3));
    if ($j < 4) {
      push @i, "movdqu\t$off($in), $m",
               "pshufb\t.Lsha256_bswap-${L}_pic($pic), $m";
    } else {
      # $m = W[4j-16..], $m1 = W[4j-12..], $m2 = W[4j-8..], $m3 = W[4j-4..].
      push @i, "sha256msg1\t$m1, $m",
               "movdqa\t$m3, $tmp",
               "palignr\t\$4, $m2, $tmp",
               "paddd\t$tmp, $m",
               "sha256msg2\t$m3, $m";
    }
    # Rounds 4j, 4j+1 with the low qword of W + K, then 4j+2, 4j+3 with the
    # high one; the second sha256rnds2 swaps the roles of the two state
    # registers back.
    push @i, "movdqa\t$m, $wk",
             "paddd\t.Lsha256_K+$off-${L}_pic($pic), $wk",
             "sha256rnds2\t$wk, $abef, $cdgh",
             "pshufd\t\$0x0e, $wk, $wk",
             "sha256rnds2\t$wk, $cdgh, $abef";
    $c .= text(@i);
  }

  $c .= <<"___";
	paddd	0(%esp), $abef		# H(i) = H(i-1) + working variables
	paddd	16(%esp), $cdgh
	addl	\$64, $in
	subl	\$1, $num
	jnz	${L}_loop
	# Back to a b c d | e f g h.
	pshufd	\$0x1b, $abef, $abef	# a b e f
	pshufd	\$0xb1, $cdgh, $cdgh	# g h c d
	movdqa	$abef, $tmp
	pblendw	\$0xf0, $cdgh, $abef	# a b c d
	palignr	\$8, $tmp, $cdgh	# e f g h
	movdqu	$abef, 0($state)
	movdqu	$cdgh, 16($state)
	# The frame holds a chaining value, derived from the message: clear it.
	pxor	$tmp, $tmp
	movdqa	$tmp, 0(%esp)
	movdqa	$tmp, 16(%esp)
${L}_done:
___
  $c .= X86Asm::epilogue();
  $c .= X86Asm::function_end();
  return $c;
}

my $code = ".text\n";
$code .= shani();
$code .= path('ssse3');
$code .= path('avx');

# Constants, shared by the three paths (each reaches them from its own
# anchor; the SHA-NI path's legacy-SSE memory operands need the 16-byte
# alignment, which K and the mask after it have):
# K[0..63] (SHAConstants.pm) and the pshufb mask byte-swapping each dword.
my @K = @SHAConstants::K256;
$code .= ".rodata\n.align\t16\n.Lsha256_K:\n";
for (my $i = 0; $i < 64; $i += 4) {
  $code .= "\t.long\t" . join(', ', map { sprintf('0x%08x', $_) } @K[$i .. $i + 3]) . "\n";
}
$code .= ".Lsha256_bswap:\n\t.byte\t3, 2, 1, 0, 7, 6, 5, 4, 11, 10, 9, 8, 15, 14, 13, 12\n";

X86Asm::write_output($flavour, $output, $code, __FILE__);
