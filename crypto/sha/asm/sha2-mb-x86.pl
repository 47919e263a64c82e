#!/usr/bin/env perl
# Copyright 2026 The project authors.
#
# sha2-mb-x86.pl: multi-buffer SHA-256 for 32-bit x86 (FIPS 180-4 §6.2),
# through crypto/perlasm/x86asm.pl: several independent messages at once,
# for the batch rows of crypto/sha/sha_batch.c.
# Usage: perl sha2-mb-x86.pl FLAVOUR OUTPUT   (elf, macosx, win32n)
#
# Entry points (C declarations and contracts in crypto/sha/sha_batch.h):
#
#   sha256_mb_shani_x2(uint32_t state[8 * 2], const uint8_t *const in[2],
#                      size_t num_blocks)                  SHA extensions
#   sha256_mb_ssse3_x4(uint32_t state[8 * 4], const uint8_t *const in[4],
#                      size_t num_blocks)                  SSSE3
#       Lane l compresses `num_blocks` 64-byte blocks from in[l], in[l] +
#       64, ... into its chaining value, stored transposed: H_j of lane l
#       is state[j * LANES + l] (the layout sha_mb_batch keeps). The
#       pointers need no alignment and may be equal; num_blocks == 0 reads
#       nothing.
#   sha256_pairs_shani_x2(uint8_t *out, const uint8_t *in, size_t n)
#       For `n` groups of two consecutive 64-byte messages at `in`, their
#       SHA-256 digests, consecutive at `out` (out == in allowed: a group's
#       input is read before its digests are written, and they end below
#       the next group's input). The second block of a 64-byte message is
#       the same padding block for every message, so its W[t] + K[t] is a
#       table (computed below) and its rounds are a load and a sha256rnds2.
#
# SHA-NI, two streams, eight xmm registers. Each stream is the one-message
# SHA-NI algorithm (sha256-x86.pl: the state as {A,B,E,F} and {C,D,G,H},
# 32 dependent sha256rnds2 a block, the schedule by sha256msg1, a palignr'd
# add of W[t-7] and sha256msg2). One stream alone keeps its four schedule
# registers live; two would need 2 x (2 state + 4 schedule) + xmm0 + a
# temporary = 14 registers. The plan:
#   xmm0         W + K of the next two rounds (sha256rnds2's implicit
#                operand), shared by the streams (renamed by the core);
#                before that, the palignr temporary
#   xmm1, xmm2   stream 0's {A,B,E,F}, {C,D,G,H}
#   xmm3, xmm4   stream 1's
#   xmm5-xmm7    each stream's previous schedule group W[t-4..t-1] and
#                the group being formed (the three rotate)
# and each stream's last sixteen schedule words live in a 64-byte ring in
# the 16-byte-aligned frame: groups 0..13 are written once and read two to
# four groups later, as the memory operands of sha256msg1, palignr and
# movdqa (legacy SSE memory operands need the alignment). The spills cost
# per group and stream one store and three loads beside the schedule's
# five vector instructions; the values were written at least two groups
# earlier, so store forwarding is off the chains (reading W[t-4..t-1] back
# from the ring instead made the 1 KiB batch 28% slower, see below), and
# the SHA unit bounds the loop.
# The chaining values of the mb shape (H(i-1)) and of the pairs shape
# (H(1) for the padding block's feed-forward) are in the frame too.
#
# SSSE3, four lanes (one message per 32-bit lane of an xmm register). The
# eight working variables of four lanes would fill all eight registers, so
# only what a round's two dependency chains need stays in registers:
#   e, a         E_t, A_t
#   c'           = b ^ c (carried: the previous round's a ^ b), for
#                Maj(a,b,c) = b ^ ((a ^ b) & (b ^ c))
#   5 temporaries (T1 is accumulated in one; the Σ need three)
# every new a and e is stored to a four-entry ring in the frame (b, c, d
# are A_{t-1}, A_{t-2}, A_{t-3}; f, g, h are E_{t-1}, E_{t-2}, E_{t-3}), and
# read back as memory operands. The schedule W[t] (four lanes each) is a
# sixteen-entry ring in the frame, one word (of all four lanes) formed a
# round, eight rounds ahead of its use: W[t] = σ1(W[t-2]) + W[t-7] +
# σ0(W[t-15]) + W[t-16], from the ring; K[t] is a table of each constant
# repeated four times (1 KiB), so a round adds it with one memory operand.
# What it costs: without a rotate instruction each Σ is six shifts and five
# xors, each σ five shifts and four xors; with the schedule, a round is ~70
# vector instructions for four messages, ~22 of them shifts, with 3 stores
# and ~12 loads of the rings among them. The ring traffic replaces register
# moves the round would need anyway in two-operand SSE (loads issue three a
# cycle, and each value was stored at least a round earlier); the vector
# ALUs bound it (below).
#
# Measurements. AMD Zen 5 (family 26) KVM guest in 32-bit mode: this
# x86-64 kernel runs the static i686 binaries natively, so the SHA
# extensions are the CPU's own. TSC 2.596 GHz (the core clock is not
# visible in the guest); the machine shared by ~6 other jobs, so every
# figure is util/batch_bench's: the minimum of lfence-fenced rdtsc over
# many calls, the median of 5 rounds, the loop and the batch rows in the
# same rounds (built for i686: i686-linux-gnu-gcc -static -O2 -msse2
# -Iinclude util/batch_bench/batch_bench.c BUILD/libcrypto_static.a; the
# row forced with OPENSSL_ia32cap, "~0x0:~0x20010000" clearing SHA and
# AVX-512 for the ssse3 row, whose loop is then the avx one-message code).
# TSC ticks a message (64-byte pairs: two blocks, the second the padding):
#
# | case                  | shani x2 | SHA256() loop | ssse3 x4 | loop (avx) |
# |-----------------------|----------|---------------|----------|------------|
# | pairs n = 1           | 312      | 312 (1.00x)   | 702      | 702 (1.00x)|
# | pairs n = 2           | 143      | 286 (2.00x)   | 663      | 663 (1.00x)|
# | pairs n = 16          | 109      | 270 (2.48x)   | 393      | 653 (1.66x)|
# | pairs n = 4096        | 106.6    | 265.5 (2.49x) | 388      | 655 (1.67x)|
# | 1 KiB, n = 64 (batch) | 1028     | 1646 (1.60x)  | 3379     | 5222 (1.55x)|
#
# (n = 1, 2 of the ssse3 row are hashed one by one, as the thresholds in
# sha_batch.c say; n = 1 was at times one TSC quantum, 26 ticks, behind
# the loop: the layers of calls above the block function. n = 3 goes to
# a padded group since the last change of the lanes: 555 ticks a message
# against 650. With AVX masked off too, "~0x1000000000000000:~0x20090128",
# the loop is the ssse3 one-message code and the ratios the same: 1.64x,
# 1.67x, 1.50x.) `bssl speed -impls -filter SHA256-pairs -rounds 5
# -timeout 0.3` (wall clock, load average 16, so noisier) over the nohw
# row, which is the SHA256() loop without its per-call overhead: shani
# 1.92x at 16 messages, 2.20x at 4096, 1.56x for the 1 KiB batch; ssse3
# under the mask 1.54x, 1.69x, 1.51x; at one message 0.89-0.93x, which
# util/batch_bench's minimum ticks put at parity.
#
# AMD Zen 4 (EPYC family 25 model 17) in 32-bit mode, 2026-12-05, quiet,
# the same commands (util/batch_bench, 5 rounds; the ssse3 columns under
# OPENSSL_ia32cap="~0x0:~0x20010000", whose loop is the avx code):
#
# | case                  | shani x2 | SHA256() loop | ssse3 x4 | loop (avx) |
# |-----------------------|----------|---------------|----------|------------|
# | pairs n = 1           | 312      | 312 (1.00x)   | 858      | 858 (1.00x)|
# | pairs n = 2           | 143      | 286 (2.00x)   | 806      | 832 (1.03x)|
# | pairs n = 16          | 94.2     | 248.6 (2.64x) | 378.6    | 816 (2.15x)|
# | pairs n = 4096        | 87.4     | 248.9 (2.85x) | 374.9    | 816 (2.18x)|
# | 1 KiB, n = 64 (batch) | 862.5    | 1619 (1.88x)  | 3107     | 6332 (2.04x)|
#
# The other counts it measures, n = 3, 4, 8 and 15, ran 1.55x, 2.41x,
# 2.52x and 2.40x the loop with shani, 1.48x, 2.08x, 2.14x and 1.97x with
# ssse3. Per sha256rnds2 the
# pairs run at 87.4 / 64 = 1.37 ticks here: the two streams fill the SHA
# unit as on Zen 5 (the x86-64 generator found one sha256rnds2 a cycle on
# this core with four chains).
#
# Bounds. shani: 32 sha256rnds2 a block and stream; one stream is their
# latency chain (the SHA256() loop on 1 KiB messages: 97.6 ticks a block,
# 3.05 a sha256rnds2), two streams fill the SHA unit: the pairs at 1.65
# ticks a sha256rnds2 (128 per two messages, the padding block's rounds a
# load and a sha256rnds2 each), the mb shape at 1.9 (61 ticks a block and
# message, the 24 sha256msg1/msg2 of each stream sharing that unit). The
# x86-64 generator (sha2-mb-x86_64.pl) measured one sha256rnds2 issued per
# ~1.4 ticks with eight independent chains, so a third stream could gain
# at most ~15%, and has no registers. Keeping W[g-1] in a register rather
# than reading it back from the ring just after storing it (store
# forwarding on the schedule chain) took the 1 KiB batch from 1325 to 1034
# ticks a message. ssse3: ~5000 instructions a block for the four lanes
# (1248 of them shifts, ~940 with a frame operand, ~1040 register copies,
# which rename eliminates); ~800 ticks a block, 12.4 a round. The round's
# dependency chain, more than the instruction count, bounds it: an
# experiment with the padding block's rounds stripped of their schedule
# (35% fewer instructions, see below) ran them only 13% faster, while
# writing each Σ as three independent rotates xored together (a shift and
# three xors deep, against a shift and five xors for a chain of shifts on
# one register with three fewer copies) made the lanes 6-9% faster
# (alternating runs: pairs n = 4096 392-400 ticks a message against
# 417-434, 1 KiB 3329-3349 against 3496-3714). What is left on the chain
# per round: e -> Σ1(e) (4) -> T1 -> e' (2 adds). (The guest does not show
# the core clock, so ticks cannot be turned into cycles here.)
#
# Object size: .text 17.0 KB (sha256_mb_shani_x2 2.2 KB,
# sha256_pairs_shani_x2 2.7 KB, sha256_mb_ssse3_x4 12.1 KB: rounds 8..55
# are a loop of 16, which measured no slower than all 64 unrolled, 23.7
# KB) + 1.6 KB of constants (1 KiB of them K[t] four times for the lanes).
# The SSSE3 pairs shape is C over sha256_mb_ssse3_x4 (sha_batch.c): an
# assembly pairs function for the lanes, its padding block's W[t] + K[t] a
# table (no schedule), measured only 1-5% faster (pairs n = 4096: 392-396
# ticks a message against 411-415, n = 16: 1-2%, alternating runs; before
# the Σ change) for 16 KB of code and 1.1 KB of tables, so it is not here.

use strict;
use warnings;
use FindBin;
use lib "$FindBin::Bin/../../perlasm";
use lib "$FindBin::Bin";
use SHAConstants;
use InsnList qw(text transpose4);
require "x86asm.pl";

my ($flavour, $output) = @ARGV;

my @K = @SHAConstants::K256;
my @IV = (0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
          0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19);

# --- The padding block's schedule ----------------------------------------------
#
# A 64-byte message's second block is 0x80, zeros and the length 512 in
# bits: W[0] = 0x80000000, W[15] = 512, the rest zero; its W[t] + K[t] for
# t = 0..63, from the schedule of §6.2.2 step 1.
sub rotr32 { my ($x, $n) = @_; return (($x >> $n) | ($x << (32 - $n))) & 0xffffffff; }

sub pad_wk {
  my @w = (0x80000000, (0) x 14, 512);
  for my $t (16 .. 63) {
    my ($x, $y) = ($w[$t - 15], $w[$t - 2]);
    my $s0 = rotr32($x, 7) ^ rotr32($x, 18) ^ ($x >> 3);
    my $s1 = rotr32($y, 17) ^ rotr32($y, 19) ^ ($y >> 10);
    push @w, ($s1 + $w[$t - 7] + $s0 + $w[$t - 16]) & 0xffffffff;
  }
  return map { ($w[$_] + $K[$_]) & 0xffffffff } 0 .. 63;
}

sub longs { return "\t.long\t" . join(', ', map { sprintf('0x%08x', $_) } @_) . "\n"; }

# --- SHA-NI --------------------------------------------------------------------

my $SHANI_RING = 0;      # frame: stream s's W ring at 64 * s (4 groups)
my $SHANI_H = 128;       # frame: stream s's saved {A,B,E,F}, {C,D,G,H} at 128 + 32 s
my $SHANI_FRAME = 192;

# shani_message_block(L, PIC, STREAMS, LOAD): the 64 rounds of one message
# block in each stream, four rounds (one schedule group) of stream 0, then
# of stream 1. STREAMS: [{abef, cdgh}], each stream's state registers
# (the two sha256rnds2 of a group swap their roles and back); LOAD->(s, g)
# the memory operand of bytes 16g..16g+15 of stream s's block.
sub shani_message_block {
  my ($L, $pic, $streams, $load) = @_;
  my $wk = '%xmm0';
  # W[4(g-1)..] of each stream stays in a register (carry[s]) for the next
  # group; the group being formed goes to the third register, which then
  # carries it, and the old carry's register is the next one formed.
  my ($free, @carry) = map { "%xmm$_" } 5, 6, 7;
  my $ring = sub { my ($s, $g) = @_; return ($SHANI_RING + 64 * $s + 16 * ($g % 4)) . "(%esp)"; };
  my @i;
  for my $g (0 .. 15) {
    for my $s (0 .. $#$streams) {
      my $x = $streams->[$s];
      my $w = $free;
      if ($g < 4) {
        push @i, "movdqu\t" . $load->($s, $g) . ", $w",
                 "pshufb\t.Lmb_bswap-${L}_pic($pic), $w";
      } else {
        # W[4g..4g+3] from the groups g-4 .. g-1 (g-1 in carry[s], the
        # others in the ring), with xmm0 as the palignr temporary:
        #   W[t-16] + σ0(W[t-15])   sha256msg1 (groups g-4, g-3)
        #   + W[t-7]                palignr of groups g-1:g-2
        #   + σ1(W[t-2])            sha256msg2 (group g-1)
        push @i, "movdqa\t" . $ring->($s, $g - 4) . ", $w",
                 "sha256msg1\t" . $ring->($s, $g - 3) . ", $w",
                 "movdqa\t$carry[$s], $wk",
                 "palignr\t\$4, " . $ring->($s, $g - 2) . ", $wk",
                 "paddd\t$wk, $w",
                 "sha256msg2\t$carry[$s], $w";
      }
      # Groups up to 13 are read again from the ring, two to four groups
      # later.
      push @i, "movdqa\t$w, " . $ring->($s, $g) if $g < 14;
      ($free, $carry[$s]) = ($carry[$s], $w);
      # Rounds 4g, 4g+1 with the low qword of W + K, 4g+2, 4g+3 with the
      # high one; the second sha256rnds2 gives the registers back their
      # roles.
      push @i, "movdqa\t$w, $wk",
               "paddd\t.Lmb_K-${L}_pic+" . (16 * $g) . "($pic), $wk",
               "sha256rnds2\t$wk, $x->{abef}, $x->{cdgh}",
               "pshufd\t\$0x0e, $wk, $wk",
               "sha256rnds2\t$wk, $x->{cdgh}, $x->{abef}";
    }
  }
  return @i;
}

# shani_save(STREAMS) / shani_add(STREAMS): the chaining values of the
# streams to the frame, and the frame's added back (the feed-forward).
sub shani_save {
  my ($streams) = @_;
  return map { my $s = $_; ("movdqa\t$streams->[$s]{abef}, " . ($SHANI_H + 32 * $s) . "(%esp)",
                            "movdqa\t$streams->[$s]{cdgh}, " . ($SHANI_H + 32 * $s + 16) . "(%esp)") }
         0 .. $#$streams;
}
sub shani_add {
  my ($streams) = @_;
  return map { my $s = $_; ("paddd\t" . ($SHANI_H + 32 * $s) . "(%esp), $streams->[$s]{abef}",
                            "paddd\t" . ($SHANI_H + 32 * $s + 16) . "(%esp), $streams->[$s]{cdgh}") }
         0 .. $#$streams;
}

# The frame held message words and chaining values: zero it.
sub clear_frame {
  my ($reg, $bytes) = @_;
  return ("pxor\t$reg, $reg", map { "movdqa\t$reg, " . (16 * $_) . "(%esp)" } 0 .. $bytes / 16 - 1);
}

sub shani_streams {
  return ({ abef => '%xmm1', cdgh => '%xmm2' }, { abef => '%xmm3', cdgh => '%xmm4' });
}

# sha256_mb_shani_x2: the state of two lanes, transposed (a0 a1 b0 b1 |
# c0 c1 d0 d1 | e0 e1 f0 f1 | g0 g1 h0 h1), to and from the streams'
# {A,B,E,F} = (f e b a from dword 0 up) and {C,D,G,H} = (h g d c).
sub shani_mb {
  my $L = '.Lsha256_mb_shani_x2';
  my @st = shani_streams();
  my ($in0, $in1, $num, $pic, $ptr) = qw(%eax %edx %ecx %esi %edi);
  my $t = '%xmm5';
  my $c = X86Asm::function_begin('sha256_mb_shani_x2', args => 3,
    save => [qw(ebp esi edi)], frame => $SHANI_FRAME, align => 16);
  $c .= text(
    "movl\targ(2), $num",
    "testl\t$num, $num",
    "jz\t${L}_done",
    ".get_pc\t$pic, ${L}_pic",
    "movl\targ(1), $ptr",
    "movl\t0($ptr), $in0",
    "movl\t4($ptr), $in1",
    "movl\targ(0), $ptr",
    # {A,B,E,F} of lane l: dwords 2, 0 of (e f) then of (a b), for lane 1
    # dwords 3, 1 (shufps picks two dwords of each source).
    "movdqu\t32($ptr), $st[0]{abef}",           # e0 e1 f0 f1
    "movdqu\t0($ptr), $t",                      # a0 a1 b0 b1
    "movdqa\t$st[0]{abef}, $st[1]{abef}",
    "shufps\t\$0x22, $t, $st[0]{abef}",         # f0 e0 b0 a0
    "shufps\t\$0x77, $t, $st[1]{abef}",         # f1 e1 b1 a1
    "movdqu\t48($ptr), $st[0]{cdgh}",           # g0 g1 h0 h1
    "movdqu\t16($ptr), $t",                     # c0 c1 d0 d1
    "movdqa\t$st[0]{cdgh}, $st[1]{cdgh}",
    "shufps\t\$0x22, $t, $st[0]{cdgh}",         # h0 g0 d0 c0
    "shufps\t\$0x77, $t, $st[1]{cdgh}",         # h1 g1 d1 c1
  );
  $c .= "${L}_loop:\n";
  $c .= text(shani_save(\@st));
  $c .= text(shani_message_block($L, $pic, \@st, sub {
    my ($s, $g) = @_;
    return (16 * $g) . "(" . ($s ? $in1 : $in0) . ")";
  }));
  $c .= text(shani_add(\@st),
             "addl\t\$64, $in0", "addl\t\$64, $in1", "subl\t\$1, $num",
             "jnz\t${L}_loop");
  # Back to the transposed layout: interleaving the two lanes' dwords
  # gives (b0 b1 a0 a1) and (f0 f1 e0 e1); swapping the qwords, the rows.
  my @rows;
  for my $half ('abef', 'cdgh') {
    my ($x, $y) = ($st[0]{$half}, $st[1]{$half});
    my $off = $half eq 'abef' ? 0 : 16;        # a b at 0, e f at 32; c d at 16, g h at 48
    push @rows, "movdqa\t$x, $t",
                "punpckhdq\t$y, $t",
                "pshufd\t\$0x4e, $t, $t",
                "movdqu\t$t, $off($ptr)",
                "punpckldq\t$y, $x",
                "pshufd\t\$0x4e, $x, $x",
                "movdqu\t$x, " . ($off + 32) . "($ptr)";
  }
  $c .= text(@rows, clear_frame($t, $SHANI_FRAME));
  $c .= "${L}_done:\n";
  $c .= X86Asm::epilogue();
  $c .= X86Asm::function_end();
  return $c;
}

# sha256_pairs_shani_x2: messages 2k and 2k+1 in streams 0 and 1.
sub shani_pairs {
  my $L = '.Lsha256_pairs_shani_x2';
  my @st = shani_streams();
  my ($out, $in, $num, $pic) = qw(%edx %eax %ecx %esi);
  my ($wk, $t) = ('%xmm0', '%xmm5');
  my $c = X86Asm::function_begin('sha256_pairs_shani_x2', args => 3,
    save => [qw(ebp esi)], frame => $SHANI_FRAME, align => 16);
  $c .= text(
    "movl\targ(2), $num",
    "testl\t$num, $num",
    "jz\t${L}_done",
    ".get_pc\t$pic, ${L}_pic",
    "movl\targ(0), $out",
    "movl\targ(1), $in",
  );
  $c .= "${L}_loop:\n";
  # H(0) in both streams.
  $c .= text(map { ("movdqa\t.Lshani_IV-${L}_pic($pic), $_->{abef}",
                    "movdqa\t.Lshani_IV-${L}_pic+16($pic), $_->{cdgh}") } @st);
  $c .= text(shani_message_block($L, $pic, \@st, sub {
    my ($s, $g) = @_;
    return (64 * $s + 16 * $g) . "($in)";
  }));
  # H(1) = H(0) + the working variables, kept for the last feed-forward.
  $c .= text(map { ("paddd\t.Lshani_IV-${L}_pic($pic), $_->{abef}",
                    "paddd\t.Lshani_IV-${L}_pic+16($pic), $_->{cdgh}") } @st);
  $c .= text(shani_save(\@st));
  # The padding block: the same W[t] + K[t] pair for both streams, eight
  # bytes a sha256rnds2 (movq clears the upper half, which it ignores).
  my @pad;
  for my $r (0 .. 31) {
    push @pad, "movq\t.Lshani_pad_WK-${L}_pic+" . (8 * $r) . "($pic), $wk";
    for my $x (@st) {
      push @pad, "sha256rnds2\t$wk, $x->{abef}, $x->{cdgh}";
      @$x{qw(abef cdgh)} = @$x{qw(cdgh abef)};
    }
  }
  # 32 swaps: each stream's names are back in place.
  $c .= text(@pad, shani_add(\@st));
  # The digests: {A,B,E,F}, {C,D,G,H} to a b c d | e f g h, big-endian.
  for my $s (0, 1) {
    my ($abef, $cdgh) = @{ $st[$s] }{qw(abef cdgh)};
    $c .= text("pshufd\t\$0x1b, $abef, $abef",        # a b e f
               "pshufd\t\$0xb1, $cdgh, $cdgh",        # g h c d
               "movdqa\t$cdgh, $t",
               "palignr\t\$8, $abef, $t",             # e f g h
               "pblendw\t\$0xf0, $cdgh, $abef",       # a b c d
               "pshufb\t.Lmb_bswap-${L}_pic($pic), $abef",
               "pshufb\t.Lmb_bswap-${L}_pic($pic), $t",
               "movdqu\t$abef, " . (32 * $s) . "($out)",
               "movdqu\t$t, " . (32 * $s + 16) . "($out)");
  }
  $c .= text("addl\t\$128, $in", "addl\t\$64, $out", "subl\t\$1, $num",
             "jnz\t${L}_loop", clear_frame($t, $SHANI_FRAME));
  $c .= "${L}_done:\n";
  $c .= X86Asm::epilogue();
  $c .= X86Asm::function_end();
  return $c;
}

# --- SSSE3, four lanes -----------------------------------------------------------

my $V_W = 0;             # frame: W[t mod 16] of the four lanes, 16 bytes each
my $V_A = 256;           # frame: A_j at V_A + 16 (j mod 4)
my $V_E = 320;           # frame: E_j at V_E + 16 (j mod 4)
my $V_NUM = 384;         # frame: blocks left
my $V_FRAME = 400;

my $VL = '.Lsha256_mb_ssse3_x4';
my $VPIC = '%esi';
sub vw { my ($t) = @_; return ($V_W + 16 * ($t % 16)) . "(%esp)"; }
sub va { my ($j) = @_; return ($V_A + 16 * ($j % 4)) . "(%esp)"; }
sub ve { my ($j) = @_; return ($V_E + 16 * ($j % 4)) . "(%esp)"; }
# vk(T, IDX): K[t] of the four lanes; with IDX, a register added to the
# address (the rounds in a loop).
sub vk {
  my ($t, $idx) = @_;
  # (The index register as the base: NASM assembled `[esi+edi*1+...]`
  # with edi as the base, gas with esi, and util/asm_flavours compares the
  # two flavours' encodings; written this way both agree.)
  return ".Lmb_K4-${VL}_pic+" . (16 * $t) .
         (defined $idx ? "($idx,$VPIC)" : "($VPIC)");
}

# big_sigma(X, R1, R2, R3, DST, TR, TL): DST = ROTR^R1(X) ^ ROTR^R2(X) ^
# ROTR^R3(X), each rotate from a right and a left shift of a copy of X, so
# that the longest path from X is a shift and three xors.
sub big_sigma {
  my ($x, $r1, $r2, $r3, $dst, $tr, $tl) = @_;
  my @i;
  for my $r ($r1, $r2, $r3) {
    my $acc = $r == $r1 ? $dst : $tr;
    push @i, "movdqa\t$x, $acc", "psrld\t\$$r, $acc",
             "movdqa\t$x, $tl", "pslld\t\$" . (32 - $r) . ", $tl",
             "pxor\t$tl, $acc";
    push @i, "pxor\t$tr, $dst" if $r != $r1;
  }
  return @i;
}

# small_sigma(X, R1, R2, S, DST, TR, TL): DST = ROTR^R1(X) ^ ROTR^R2(X) ^
# SHR^S(X) (S < R1 < R2). X is destroyed (it becomes the right shifts).
sub small_sigma {
  my ($x, $r1, $r2, $s, $dst, $tl) = @_;
  return (
    "movdqa\t$x, $tl", "pslld\t\$" . (32 - $r2) . ", $tl",
    "psrld\t\$$s, $x", "movdqa\t$x, $dst",
    "psrld\t\$" . ($r1 - $s) . ", $x", "pxor\t$x, $dst",
    "pxor\t$tl, $dst",
    "psrld\t\$" . ($r2 - $r1) . ", $x", "pxor\t$x, $dst",
    "pslld\t\$" . ($r2 - $r1) . ", $tl", "pxor\t$tl, $dst",
  );
}

# The registers of the four-lane rounds (see the header).
my ($VE, $VA, $VC, @VT) = map { "%xmm$_" } 0 .. 7;

# vround(T): round t on all four lanes:
#   T1 = h + Σ1(e) + Ch(e,f,g) + K[t] + W[t]
#   E_{t+1} = d + T1;   A_{t+1} = T1 + Σ0(a) + Maj(a,b,c)
# with e, a, c' = b ^ c in registers and the rest in the rings.
sub vround {
  my ($t, $kidx) = @_;
  my ($t1, $tr, $tl, $s, $m) = @VT;
  my @i = (
    # Ch(e,f,g) = ((f ^ g) & e) ^ g, + h + K[t] + W[t]
    "movdqa\t" . ve($t - 1) . ", $t1",
    "pxor\t" . ve($t - 2) . ", $t1",
    "pand\t$VE, $t1",
    "pxor\t" . ve($t - 2) . ", $t1",
    "paddd\t" . ve($t - 3) . ", $t1",
    "paddd\t" . vw($t) . ", $t1",
    "paddd\t" . vk($t, $kidx) . ", $t1",
    # d + X beside Σ1(e) = ROTR^6 ^ ROTR^11 ^ ROTR^25, then E_{t+1} = (d +
    # X) + Σ1(e) (one add after Σ1 on the e chain) and T1 = X + Σ1(e).
    # E_{t+1} goes to e's register (a copy, which rename eliminates, keeps
    # the names' period at two rounds) and to the ring, over h (read
    # above).
    "movdqa\t" . va($t - 3) . ", $m",
    "paddd\t$t1, $m",
    big_sigma($VE, 6, 11, 25, $s, $tr, $tl),
    "paddd\t$s, $m",
    "movdqa\t$m, $VE",
    "movdqa\t$m, " . ve($t + 1),
    "paddd\t$s, $t1",
    # Maj(a,b,c) = b ^ ((a ^ b) & (b ^ c)); a ^ b is the next round's b ^ c.
    "movdqa\t$VA, $m",
    "pxor\t" . va($t - 1) . ", $m",
    "pand\t$m, $VC",
    "pxor\t" . va($t - 1) . ", $VC",
    "paddd\t$VC, $t1",
    # + Σ0(a) = ROTR^2 ^ ROTR^13 ^ ROTR^22
    big_sigma($VA, 2, 13, 22, $s, $tr, $tl),
    "paddd\t$s, $t1",
    # A_{t+1}, over d in the ring.
    "movdqa\t$t1, " . va($t + 1),
  );
  # Rename: the new a is in t1's register, the old a's becomes a
  # temporary; c' is a ^ b, in m's register.
  my $old_a = $VA;
  my $old_c = $VC;
  $VA = $t1;
  $VC = $m;
  @VT = ($old_a, $tr, $tl, $s, $old_c);
  return @i;
}

# vschedule(T): W[t] = σ1(W[t-2]) + W[t-7] + σ0(W[t-15]) + W[t-16] for the
# four lanes, over W[t-16] in the ring; uses the temporaries only.
sub vschedule {
  my ($t) = @_;
  my ($x, $y, $tl, $s) = @VT[1 .. 4];
  return (
    "movdqa\t" . vw($t - 15) . ", $x",
    small_sigma($x, 7, 18, 3, $s, $tl),         # σ0(W[t-15])
    "paddd\t" . vw($t - 16) . ", $s",
    "paddd\t" . vw($t - 7) . ", $s",
    "movdqa\t" . vw($t - 2) . ", $x",
    small_sigma($x, 17, 19, 10, $y, $tl),       # σ1(W[t-2])
    "paddd\t$y, $s",
    "movdqa\t$s, " . vw($t),
  );
}

sub ssse3_mb {
  my @in = qw(%eax %ebx %ecx %edx);
  my $state = '%edi';
  my $c = X86Asm::function_begin('sha256_mb_ssse3_x4', args => 3,
    save => [qw(ebp ebx esi edi)], frame => $V_FRAME, align => 16);
  $c .= text(
    "movl\targ(2), $state",
    "testl\t$state, $state",
    "jz\t${VL}_done",
    "movl\t$state, $V_NUM(%esp)",
    ".get_pc\t$VPIC, ${VL}_pic",
    "movl\targ(1), $in[0]",
    (map { "movl\t" . (4 * $_) . "($in[0]), $in[$_]" } reverse 0 .. 3),
  );
  $c .= "${VL}_loop:\n";
  # W[0..15]: sixteen bytes of each lane, byte-swapped, transposed so that
  # a register holds word 4q + j of the four lanes.
  for my $q (0 .. 3) {
    my @x = map { "%xmm$_" } 0 .. 3;
    my @i = map { ("movdqu\t" . (16 * $q) . "($in[$_]), $x[$_]",
                   "pshufb\t.Lmb_bswap-${VL}_pic($VPIC), $x[$_]") } 0 .. 3;
    my ($tr, $regs) = transpose4('sse', \@x, ['%xmm4', '%xmm5']);
    push @i, @$tr, map { "movdqa\t$regs->[$_], " . vw(4 * $q + $_) } 0 .. 3;
    $c .= text(@i);
  }
  # The working variables from H(i-1): a = A_0 = H0, b, c, d = A_{-1..-3}
  # = H1..H3, e = E_0 = H4, f, g, h = E_{-1..-3} = H5..H7.
  ($VE, $VA, $VC, @VT) = map { "%xmm$_" } 0 .. 7;
  my $tmp = $VT[0];
  $c .= text(
    "movl\targ(0), $state",
    "movdqu\t0($state), $VA", "movdqa\t$VA, " . va(0),
    "movdqu\t16($state), $VC", "movdqa\t$VC, " . va(-1),
    "movdqu\t32($state), $tmp", "movdqa\t$tmp, " . va(-2),
    "pxor\t$tmp, $VC",                                      # b ^ c
    "movdqu\t48($state), $tmp", "movdqa\t$tmp, " . va(-3),
    "movdqu\t64($state), $VE", "movdqa\t$VE, " . ve(0),
    (map { ("movdqu\t" . (64 + 16 * $_) . "($state), $tmp",
            "movdqa\t$tmp, " . ve(-$_)) } 1 .. 3),
  );
  # The schedule runs ahead: W[t+8] is formed during round t (its inputs
  # are W[t-8], W[t+1], W[t-7], W[t+6], all formed before), so rounds 8..55
  # form W[16..63]. Those 48 rounds are three trips of one loop of 16: the
  # rings repeat every 16 rounds (W) and 4 (A, E), and the register names
  # every 2 (vround swaps two pairs), so only K's offset (in the state
  # pointer's register, free until the feed-forward) changes. Unrolled, the
  # function was 23.7 KB; the loop measured no slower (see the header).
  my $kidx = $state;
  $c .= text(map { vround($_) } 0 .. 7);
  $c .= text("xorl\t$kidx, $kidx");
  $c .= "${VL}_rounds:\n";
  $c .= text(map { (vround($_, $kidx), vschedule($_ + 8)) } 8 .. 23);
  $c .= text("addl\t\$256, $kidx", "cmpl\t\$768, $kidx", "jne\t${VL}_rounds");
  $c .= text(map { vround($_) } 56 .. 63);
  $tmp = $VT[0];
  # H(i) = H(i-1) + the working variables: a = A_64, b, c, d = A_63..A_61
  # (ring), e = E_64, f, g, h = E_63..E_61 (ring).
  $c .= text(
    "movl\targ(0), $state",
    "movdqu\t0($state), $tmp", "paddd\t$VA, $tmp", "movdqu\t$tmp, 0($state)",
    (map { ("movdqu\t" . (16 * $_) . "($state), $tmp",
            "paddd\t" . va(64 - $_) . ", $tmp",
            "movdqu\t$tmp, " . (16 * $_) . "($state)") } 1 .. 3),
    "movdqu\t64($state), $tmp", "paddd\t$VE, $tmp", "movdqu\t$tmp, 64($state)",
    (map { ("movdqu\t" . (64 + 16 * $_) . "($state), $tmp",
            "paddd\t" . ve(64 - $_) . ", $tmp",
            "movdqu\t$tmp, " . (64 + 16 * $_) . "($state)") } 1 .. 3),
    (map { "addl\t\$64, $_" } @in),
    "subl\t\$1, $V_NUM(%esp)",
    "jnz\t${VL}_loop",
    clear_frame($tmp, $V_NUM),
  );
  $c .= "${VL}_done:\n";
  $c .= X86Asm::epilogue();
  $c .= X86Asm::function_end();
  return $c;
}

my $code = ".text\n";
$code .= shani_mb();
$code .= shani_pairs();
$code .= ssse3_mb();

# Constants: K (SHAConstants.pm), each K[t] four times for the lanes, the
# pshufb mask that byte-swaps each dword, H(0) as {A,B,E,F} = (H5, H4, H1,
# H0 from dword 0 up) and {C,D,G,H} = (H7, H6, H3, H2), and the padding
# block's W[t] + K[t] in pairs (8 bytes a sha256rnds2). The legacy-SSE
# memory operands need the 16-byte alignment.
$code .= ".rodata\n.align\t16\n.Lmb_K:\n";
$code .= longs(@K[4 * $_ .. 4 * $_ + 3]) for 0 .. 15;
$code .= ".Lmb_K4:\n";
$code .= longs(($_) x 4) for @K;
$code .= ".Lmb_bswap:\n\t.byte\t3, 2, 1, 0, 7, 6, 5, 4, 11, 10, 9, 8, 15, 14, 13, 12\n";
$code .= ".Lshani_IV:\n" . longs(@IV[5, 4, 1, 0]) . longs(@IV[7, 6, 3, 2]);
my @pad = pad_wk();
$code .= ".Lshani_pad_WK:\n";
$code .= longs(@pad[4 * $_ .. 4 * $_ + 3]) for 0 .. 15;

X86Asm::write_output($flavour, $output, $code, __FILE__);
