#!/usr/bin/env perl
# Copyright 2026 The project authors.
#
# sha512-x86.pl: the SHA-512 block function for 32-bit x86 (FIPS 180-4
# §6.4.2), through crypto/perlasm/x86asm.pl. SHA-384, SHA-512/224 and
# SHA-512/256 use it too (they differ from SHA-512 only in the IV and the
# truncation, both in C).
# Usage: perl sha512-x86.pl FLAVOUR OUTPUT   (elf, macosx, win32n)
#
#   void sha512_block_data_order_sse2(uint64_t state[8], const uint8_t *in,
#                                     size_t num_blocks);      SSE2
#
# with the contract of crypto/sha/internal.h: compress `num_blocks` 128-byte
# blocks from `in` (any alignment) into `state` = H0..H7; num_blocks == 0
# reads nothing. Declared in sha512_asm_x86.h; predicate
# CRYPTO_is_SSE2_capable (SSE2 is not part of the i386/i686 ABI).
#
# TIMED NATIVELY (2026-12-02): this machine's kernel now runs i686 binaries
# directly, and util/run-tests.sh i686 runs the suite natively where the
# built bssl starts. AMD Zen 5 (family 26) in 32-bit mode, TSC 2.596 GHz,
# load average 5-7, medians of 5 rounds, MB/s and speed-up against the C
# row, from
#   BUILD-i686/bssl speed -impls -filter SHA-512 -chunks 64,1024,8192 \
#     -rounds 5 -timeout 0.3
# | bytes | nohw | sse2         |
# |-------|------|--------------|
# |    64 | 28.7 | 100.0 3.49x  |
# |  1024 | 74.3 | 199.5 2.69x  |
# |  8192 | 85.0 | 224.3 2.64x  |
# The paragraph below, written before this could be timed, gives the
# instruction counts and bounds.
#
# AMD Zen 4 (EPYC family 25 model 17) in 32-bit mode, 2026-12-05, quiet:
#   BUILD-i686/bssl speed -impls -filter SHA-512 -rounds 5 -timeout 0.2
# (medians of 5 alternating rounds; the process had run no AVX2 code, see
# poly1305-x86.pl on what that does to SSE code in 32-bit mode), MB/s at
# 16, 256 and 8192 bytes and TSC ticks a byte at 8 KiB:
#   sse2  46.9, 269, 423: 6.14
#   nohw  12.5,  68, 102: 25.4
# (4.1x the C code at 8 KiB, against 2.6x on Zen 5.)
#
# NOT TIMED. This kernel runs no i686 binary natively (no IA-32 emulation)
# and qemu-i386 timings mean nothing, so the table gives instructions,
# counted in the generated code with util/count_insns.pl (one trip round the
# block loop, the 4-trip round loop counted 4 times), against
# i686-linux-gnu-gcc 12 on sha512_block_data_order_nohw (crypto/sha/
# sha512.c; -O3 is what the Release build uses, -fcf-protection=full):
#
# | path  | insns / 64 B | vector ALU ops / 64 B | bound, modern core (below)   |
# |-------|--------------|-----------------------|------------------------------|
# | sse2  | 2307         | 1780 (648 shifts)     | ~7-9 core c/B (ALU ports)    |
# | nohw  | 6025 (-O3)   | 0: all 32-bit GPR ops | (2447 of 4454 movl per trip: |
# |       | 6137 (-O2)   |                       |  spills of the 64-bit words) |
#
# Commands: perl util/count_insns.pl sha512-x86.S --function
# sha512_block_data_order_sse2 --loop .Lsha512_sse2_block --bytes 128 (1770,
# the round loop once) and --loop .Lsha512_sse2_rounds (948, run 4 times):
# 1770 + 3 x 948 = 4614 a block. The C code: the same on `gcc -S` output,
# outer loop + 3 more trips of its 16-round inner loop (4454 + 3 x 2532).
#
# So the C code takes 2.6 times the instructions, most of them loads and
# stores of spilled halves plus add/adc and shld/shrd pairs for each 64-bit
# add and rotate. Whether the speed goal of issue #10 (sse2 >= 1.5 x the
# 32-bit C code) is met could not be measured here.
#
# Bound (cycles per round; 80 rounds per 128 bytes, so c/B = 0.625 x that).
# A round is 44 instructions: 35 vector ALU ops (12 of them shifts), 5
# register copies (eliminated at rename on Zen and Golden Cove), 2 loads, 2
# stores; with the schedule and the byte swap a block has 3561 vector ALU
# ops, 44.5 a round, 16.2 of them shifts. Throughput:
#   Zen 3/4 (4 vector ALU pipes, shifts on 2 of them): 44.5 / 4 = 11.1
#     cycles (shifts 16.2 / 2 = 8.1): ~7 c/B;
#   Golden Cove (vector ALU on ports 0, 1, 5; shifts on 0, 1): 44.5 / 3 =
#     14.8 cycles a round, ~9.3 c/B.
# Latency: the two loop-carried chains are 7 dependent ops a round each:
#   e' = (h + d + K[t] + W[t] + Ch(e,f,g)) + Σ1(e), with Σ1 six deep;
#   a' = (e' + Maj(a,b,c) - d) + Σ0(a), with Σ0 six deep;
# 7 cycles with 1-cycle vector ops (Zen 3, Golden Cove: below the throughput
# bound), but 14 cycles on this Zen 5, where simple vector integer ops were
# measured at 2 cycles (~8.75 c/B there: latency-bound).
# Object size (elf): 9220 bytes of .text, 640 bytes of K in .rodata.
#
# No SSSE3 variant: pshufb would replace the six-instruction byte swap of
# each pair of message words (40 instructions a block, 0.9%); a ROTR^8 by
# pshufb in σ0 saves nothing, as it needs a third schedule register or a
# reload. Not worth a second 9 KB function. An AVX variant (VEX forms) would
# drop the 5 register copies a round, which rename eliminates anyway, and
# a movq a round (unaligned memory operands): ~13% fewer instructions but
# no fewer ALU ops; not written.
#
# Design.
#
# Each 64-bit word sits in the low lane of an xmm register and is worked on
# with SSE2 paddq/psubq, pxor/pand and psrlq/psllq (no rotate instruction:
# ROTR^n(x) = (x >> n) ^ (x << 64-n)). The upper lanes carry junk that is
# never used. Each Σ is a pair of Horner forms, e.g.
#   Σ1(e) = ROTR^14 ^ ROTR^18 ^ ROTR^41
#         = (((e >> 23) ^ e) >> 4 ^ e) >> 14  ^  (((e << 4) ^ e) << 23 ^ e) << 23
# which is 13 instructions (two copies, six shifts, five xors) with e left
# intact, six dependent ops deep.
#
# Register plan (eight xmm registers). xmm6 and xmm7 belong to the message
# schedule. xmm0-xmm5 belong to the rounds, in six roles that rotate from
# round to round (the Perl code renames, nothing is moved):
#   A   a_t                    E   e_t
#   BC  b ^ c (= a_{t-1} ^ a_{t-2}): Maj(a,b,c) = ((a ^ b) & (b ^ c)) ^ b,
#       and this round's a ^ b is the next round's b ^ c
#   P   accumulates h + d + K[t] + W[t] + Ch, then + Σ1(e) = e_{t+1}
#   T,U Ch, then the two halves of Σ1 and of Σ0
# After a round: new A = BC's register (it became Maj - d + e' + Σ0 =
# a_{t+1}), new E = P's, new BC = E's (a ^ b was built there once e was
# dead), and old A, T, U are free. That permutation has order 4, and the
# loops run multiples of 4 rounds, so no register moves are ever needed.
#
# The other variables live in a 16-byte-aligned frame: every a_t and e_t is
# stored once to a ring of four 16-byte slots (SA, SE), from which later
# rounds read b = a_{t-1}, d = a_{t-3}, f = e_{t-1}, g = e_{t-2},
# h = e_{t-3} as memory operands (16-byte slots so that paddq/pxor may take
# them: SSE memory operands must be 16-byte aligned). Each value is read at
# least a round after its store.
#
# The message schedule
#   W[t] = σ1(W[t-2]) + W[t-7] + σ0(W[t-15]) + W[t-16]
# runs two words to a register: W[t..t+1] needs σ1 of W[t-2..t-1], the
# whole previous pair, so the lanes are independent. The 16 latest words
# are a ring in the frame (plus a copy of its first pair after its end, so
# that the unaligned pairs W[t-15..t-14] and W[t-7..t-6] are one movdqu
# each, never wrapping). A pair is computed in two halves (σ0 + W[t-16] +
# W[t-7], stored back into its slot; then σ1 added) so that two registers
# suffice, spread over the two rounds it shares, and W[t..t+1] + K[t..t+1]
# goes to a second ring of 16 words that the rounds read with movq. The
# rounds 16j..16j+15 compute the schedule for rounds 16j+16..16j+31.
#
# Security: the frame holds W, W + K and working variables derived from
# the input, so it and xmm0-xmm7 are cleared before returning.

use strict;
use warnings;
use FindBin;
use lib "$FindBin::Bin/../../perlasm";
use lib "$FindBin::Bin";
use SHAConstants;
use InsnList qw(text interleave);
require "x86asm.pl";

my ($flavour, $output) = @ARGV;

# The round constants K[0..79] (crypto/sha/asm/SHAConstants.pm), "0x"-prefixed
# for .quad in .rodata.
my @K = map { "0x$_" } @SHAConstants::K512;
die "K has " . scalar(@K) . " entries\n" unless @K == 80;

# --- Frame layout (bytes from the 16-byte-aligned %esp) ----------------------
my $SA = 0;       # a ring: a_t in the 16-byte slot t mod 4
my $SE = 64;      # e ring: e_t in the slot t mod 4
my $WR = 128;     # W ring: W[t] at word t mod 16, and words 16-17 = words 0-1
my $KWR = 272;    # W + K ring: W[t] + K[t] at word t mod 16
my $FRAME = 400;

# --- General-purpose registers ------------------------------------------------
my $STATE = '%eax';   # uint64_t state[8]
my $IN    = '%edx';   # the next block
my $NUM   = '%ecx';   # blocks left
my $PIC   = '%esi';   # address of .Lsha512_pic (constants are reached from it)
my $KP    = '%ebx';   # K[16 + 16j] during the schedule of trip j
my $TRIPS = '%edi';   # trips left in the round loop

my ($X, $Y) = ('%xmm6', '%xmm7');   # the schedule's registers

sub sa { my ($t) = @_; return ($SA + 16 * ($t % 4)) . '(%esp)'; }
sub se { my ($t) = @_; return ($SE + 16 * ($t % 4)) . '(%esp)'; }
sub wr { my ($i) = @_; return ($WR + 8 * $i) . '(%esp)'; }
sub kw { my ($i) = @_; return ($KWR + 8 * ($i % 16)) . '(%esp)'; }
sub kconst { my ($i) = @_; return ".Lsha512_K-.Lsha512_pic+" . (8 * $i) . "($PIC)"; }

# round(T, ROLES): the instructions of round t (T = t mod 16 is enough: the
# frame offsets repeat with period 16), with ROLES = [A, E, BC, P, T, U] the
# registers of the roles described at the top. Returns the list and the
# roles of round t+1.
#   T1 = h + Σ1(e) + Ch(e,f,g) + K[t] + W[t];  T2 = Σ0(a) + Maj(a,b,c)
#   e' = d + T1;  a' = T1 + T2 = e' - d + Σ0(a) + Maj(a,b,c)
sub round {
  my ($t, $roles) = @_;
  my ($A, $E, $BC, $P, $T, $U) = @$roles;
  my ($b, $d) = (sa($t - 1), sa($t - 3));
  my ($f, $g, $h) = (se($t - 1), se($t - 2), se($t - 3));
  my @r = (
    # P = K[t] + W[t] + h + d, off the chains (known rounds ahead).
    "movq\t" . kw($t) . ", $P",
    "paddq\t$h, $P",
    "paddq\t$d, $P",
    # Ch(e,f,g) = ((f ^ g) & e) ^ g
    "movdqa\t$f, $T",
    "pxor\t$g, $T",
    "pand\t$E, $T",
    "pxor\t$g, $T",
    "paddq\t$T, $P",
    "movdqa\t$E, " . se($t),          # e_t becomes f, g, h of the next rounds
    # Σ1(e) = (((e >> 23) ^ e) >> 4 ^ e) >> 14
    #       ^ (((e << 4) ^ e) << 23 ^ e) << 23
    "movdqa\t$E, $T",
    "psrlq\t\$23, $T",
    "pxor\t$E, $T",
    "psrlq\t\$4, $T",
    "pxor\t$E, $T",
    "psrlq\t\$14, $T",
    "movdqa\t$E, $U",
    "psllq\t\$4, $U",
    "pxor\t$E, $U",
    "psllq\t\$23, $U",
    "pxor\t$E, $U",
    "psllq\t\$23, $U",
    "pxor\t$U, $T",
    "paddq\t$T, $P",                  # P = d + T1 = e_{t+1}
    # e_t is dead: E's register takes a ^ b (next round's b ^ c).
    # Maj(a,b,c) = ((a ^ b) & (b ^ c)) ^ b, in BC's register.
    "movdqa\t$A, $E",
    "pxor\t$b, $E",
    "pand\t$E, $BC",
    "pxor\t$b, $BC",
    "psubq\t$d, $BC",                 # Maj - d
    "paddq\t$P, $BC",                 # Maj - d + e' = Maj + T1
    "movdqa\t$A, " . sa($t),          # a_t becomes b, c, d of the next rounds
    # Σ0(a) = ROTR^28 ^ ROTR^34 ^ ROTR^39
    #       = (((a >> 5) ^ a) >> 6 ^ a) >> 28
    #       ^ (((a << 6) ^ a) << 5 ^ a) << 25
    "movdqa\t$A, $T",
    "psrlq\t\$5, $T",
    "pxor\t$A, $T",
    "psrlq\t\$6, $T",
    "pxor\t$A, $T",
    "psrlq\t\$28, $T",
    "movdqa\t$A, $U",
    "psllq\t\$6, $U",
    "pxor\t$A, $U",
    "psllq\t\$5, $U",
    "pxor\t$A, $U",
    "psllq\t\$25, $U",
    "pxor\t$U, $T",
    "paddq\t$T, $BC",                 # BC = T1 + T2 = a_{t+1}
  );
  return (\@r, [$BC, $P, $E, $A, $T, $U]);
}

# schedule_half1(I): the first half of the pair W[t..t+1], t = 16 + I mod
# 16 relative to the trip (I even): σ0(W[t-15..t-14]) + W[t-16..t-15] +
# W[t-7..t-6], stored over W[t-16..t-15] (last read here).
#   σ0(x) = ROTR^1 ^ ROTR^8 ^ SHR^7
#         = (((x >> 1) ^ x) >> 6 ^ x) >> 1  ^  (x << 56) ^ (x << 63)
sub schedule_half1 {
  my ($i) = @_;
  return (
    "movdqu\t" . wr($i + 1) . ", $X",          # W[t-15], W[t-14]
    "movdqa\t$X, $Y",
    "psrlq\t\$1, $Y",
    "pxor\t$X, $Y",
    "psrlq\t\$6, $Y",
    "pxor\t$X, $Y",
    "psrlq\t\$1, $Y",
    "psllq\t\$56, $X",
    "pxor\t$X, $Y",
    "psllq\t\$7, $X",
    "pxor\t$X, $Y",                            # σ0
    "paddq\t" . wr($i) . ", $Y",               # + W[t-16], W[t-15]
    "movdqu\t" . wr(($i + 9) % 16) . ", $X",   # W[t-7], W[t-6]
    "paddq\t$X, $Y",
    "movdqa\t$Y, " . wr($i),
  );
}

# schedule_half2(I): W[t..t+1] = the stored half + σ1(W[t-2..t-1]); stores
# it (and its copy past the ring's end when I = 0), then W + K into the
# W + K ring, over words the rounds of this pair have already read.
#   σ1(x) = ROTR^19 ^ ROTR^61 ^ SHR^6
#         = (((x >> 42) ^ x) >> 13 ^ x) >> 6  ^  (x << 3) ^ (x << 45)
sub schedule_half2 {
  my ($i) = @_;
  my @s = (
    "movdqa\t" . wr(($i + 14) % 16) . ", $X",  # W[t-2], W[t-1]
    "movdqa\t$X, $Y",
    "psrlq\t\$42, $Y",
    "pxor\t$X, $Y",
    "psrlq\t\$13, $Y",
    "pxor\t$X, $Y",
    "psrlq\t\$6, $Y",
    "psllq\t\$3, $X",
    "pxor\t$X, $Y",
    "psllq\t\$42, $X",
    "pxor\t$X, $Y",                            # σ1
    "paddq\t" . wr($i) . ", $Y",               # W[t], W[t+1]
    "movdqa\t$Y, " . wr($i),
  );
  push @s, "movdqa\t$Y, " . wr(16) if $i == 0;
  push @s, "paddq\t" . (8 * $i) . "($KP), $Y", # + K[t], K[t+1]
           "movdqa\t$Y, " . kw($i);
  return @s;
}

my @roles = map { "%xmm$_" } 0 .. 5;   # A, E, BC, P, T, U at round 0

my $code = X86Asm::function_begin('sha512_block_data_order_sse2',
  args => 3, save => [qw(ebp ebx esi edi)], frame => $FRAME, align => 16);
my ($A, $E, $BC) = @roles;
$code .= <<"___";
	movl	arg(2), $NUM
	testl	$NUM, $NUM
	jz	.Lsha512_sse2_done
	movl	arg(0), $STATE
	movl	arg(1), $IN
	.get_pc	$PIC, .Lsha512_pic
	# The working variables start as H(i-1): a and e in registers, b, c, d
	# and f, g, h in the rings where round 0 looks for them (a_{-1..-3},
	# e_{-1..-3}), and b ^ c.
	movq	0($STATE), $A
	movq	32($STATE), $E
___
for my $k (1 .. 3) {
  $code .= "\tmovq\t" . (8 * $k) . "($STATE), $X\n";
  $code .= "\tmovdqa\t$X, " . sa(-$k) . "\n";
  $code .= "\tmovq\t" . (32 + 8 * $k) . "($STATE), $X\n";
  $code .= "\tmovdqa\t$X, " . se(-$k) . "\n";
}
$code .= "\tmovdqa\t" . sa(-1) . ", $BC\n";
$code .= "\tpxor\t" . sa(-2) . ", $BC\n";

# The block loop: W[0..15] = the block as big-endian 64-bit words. SSE2 has
# no byte shuffle: swap the bytes of each 16-bit word with shifts, then
# reverse the four words of each quadword.
$code .= ".Lsha512_sse2_block:\n";
for my $j (0 .. 7) {
  $code .= text(
    "movdqu\t" . (16 * $j) . "($IN), $X",
    "movdqa\t$X, $Y",
    "psllw\t\$8, $X",
    "psrlw\t\$8, $Y",
    "por\t$Y, $X",
    "pshuflw\t\$0x1b, $X, $X",
    "pshufhw\t\$0x1b, $X, $X",
    "movdqa\t$X, " . wr(2 * $j),
  );
  $code .= text("movdqa\t$X, " . wr(16)) if $j == 0;
  $code .= text(
    "paddq\t" . kconst(2 * $j) . ", $X",
    "movdqa\t$X, " . kw(2 * $j),
  );
}

# Rounds 0..63 in four trips of 16, each computing W + K for the next 16.
$code .= text(
  "leal\t" . kconst(16) . ", $KP",
  "movl\t\$4, $TRIPS",
);
$code .= ".Lsha512_sse2_rounds:\n";
my $r = \@roles;
for my $t (0 .. 15) {
  my ($ins, $next) = round($t, $r);
  my @s = $t % 2 == 0 ? schedule_half1($t) : schedule_half2($t - 1);
  # The schedule spread evenly among the round's instructions, none before
  # the round's first (the movq of W + K that a schedule store may
  # overwrite), and spread as if it had one more, keeping the round's end
  # free.
  $code .= text(interleave($ins, \@s, after => 1, slots => @s + 1));
  $r = $next;
}
die "roles do not come back after 16 rounds\n" unless "@$r" eq "@roles";
$code .= text(
  "addl\t\$128, $KP",
  "subl\t\$1, $TRIPS",
  "jnz\t.Lsha512_sse2_rounds",
);

# Rounds 64..79: no schedule left to compute.
for my $t (0 .. 15) {
  my ($ins, $next) = round($t, $r);
  $code .= text(@$ins);
  $r = $next;
}
die "roles do not come back after 16 rounds\n" unless "@$r" eq "@roles";

# H(i) = H(i-1) + (a, ..., h), stored to `state` and kept as the next
# block's working variables (a_80 = A, b = a_79, c = a_78, d = a_77 at the
# ring slots 3, 2, 1; the same for e).
$code .= text(
  "movq\t0($STATE), $X",
  "paddq\t$X, $A",
  "movq\t$A, 0($STATE)",
  "movq\t32($STATE), $X",
  "paddq\t$X, $E",
  "movq\t$E, 32($STATE)",
);
for my $k (1 .. 3) {
  for my $ring (['sa', 0], ['se', 32]) {
    my $slot = $ring->[0] eq 'sa' ? sa(-$k) : se(-$k);
    my $off = $ring->[1] + 8 * $k;
    $code .= text(
      "movq\t$off($STATE), $X",
      "paddq\t$slot, $X",
      "movq\t$X, $off($STATE)",
      "movdqa\t$X, $slot",
    );
  }
}
$code .= text(
  "movdqa\t" . sa(-1) . ", $BC",
  "pxor\t" . sa(-2) . ", $BC",
  "addl\t\$128, $IN",
  "subl\t\$1, $NUM",
  "jnz\t.Lsha512_sse2_block",
);

# Clear the frame and the vector registers: they hold values derived from
# the input.
$code .= text(map { "pxor\t%xmm$_, %xmm$_" } 0 .. 7);
for (my $o = 0; $o < $FRAME; $o += 16) {
  $code .= text("movdqa\t%xmm0, $o(%esp)");
}
$code .= ".Lsha512_sse2_done:\n";
$code .= X86Asm::epilogue();
$code .= X86Asm::function_end();

# K[0..79], 16-byte aligned for paddq's memory operand.
$code .= ".rodata\n.align\t64\n.Lsha512_K:\n";
for (my $i = 0; $i < 80; $i += 2) {
  $code .= "\t.quad\t$K[$i], $K[$i + 1]\n";
}

X86Asm::write_output($flavour, $output, $code, __FILE__);
