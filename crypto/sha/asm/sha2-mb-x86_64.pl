#!/usr/bin/env perl
# Copyright 2026 The project authors.
#
# sha2-mb-x86_64.pl: multi-buffer SHA-256 and SHA-512 for x86-64 with
# AVX-512: one independent message per vector lane (FIPS 180-4 §6.2, §6.4).
# Usage: perl sha2-mb-x86_64.pl FLAVOUR OUTPUT
#
# Entry points (C declarations and contracts in crypto/sha/sha_batch.h):
#
#   sha256_mb_avx512_x16(uint32_t state[8 * 16], const uint8_t *const in[16],
#                        size_t num_blocks)
#   sha512_mb_avx512_x8(uint64_t state[8 * 8], const uint8_t *const in[8],
#                       size_t num_blocks)
#       Lane l compresses `num_blocks` blocks from in[l], in[l] + B, ...
#       (B = 64 or 128 bytes) into its chaining value, stored transposed:
#       H_j of lane l is state[j * LANES + l]. The pointers are read, not
#       updated.
#   sha256_pairs_avx512_x16(uint8_t *out, const uint8_t *in, size_t n16)
#   sha512_pairs_avx512_x8(uint8_t *out, const uint8_t *in, size_t n8)
#       For 16 (8) messages of 64 (128) bytes each, consecutive at `in`,
#       write their SHA-256 (SHA-512) digests, consecutive, to `out`;
#       `n16` (`n8`) such groups. Every group's input is read before its
#       digests are written, and group g writes below group g+1's input,
#       so out == in works (a Merkle layer computed in place).
#   sha256_mb_avx2_x8, sha256_pairs_avx2_x8, sha512_mb_avx2_x4,
#   sha512_pairs_avx2_x4, sha256_mb_avx_x4, sha256_pairs_avx_x4
#       The same with 8 / 4 lanes of ymm (AVX2) and 4 lanes of xmm (AVX
#       alone): see "AVX2 and AVX lanes" below for their plan.
#   sha256_pairs_shani_x1, sha256_pairs_shani_x2,
#   sha256_pairs_avx512_shani_x4, sha256_pairs_avx512_shani_x20
#       The pairs shape in 1, 2 or 4 interleaved SHA-NI streams, and 16
#       lanes beside two streams: see their sections below. On Zen 4 the
#       four streams are the fastest pairs kernel here (the SHA unit issues
#       a sha256rnds2 every cycle there, and the lanes run zmm operations
#       as two halves).
#
# Plan. The 32 zmm registers are split in three:
#   zmm0-zmm7    the working variables a..h of every lane (one word per lane)
#   zmm8-zmm15   temporaries (round: 8-11, message schedule: 12-15)
#   zmm16-zmm31  the message schedule W[t mod 16], one word per lane
# A round (§6.2.2 step 3) is 17 vector operations plus two register copies:
#   T1 = h + W[t] + K[t] + Σ1(e) + Ch(e,f,g)   3 rotates + 1 vpternlog (Σ1),
#                                              copy + 1 vpternlog (Ch), 4 adds
#                                              (K[t] an embedded broadcast)
#   d += T1;  h = T1 + Σ0(a) + Maj(a,b,c)      3 rotates + 1 vpternlog (Σ0),
#                                              copy + 1 vpternlog (Maj), 3 adds
# and the schedule W[t] = σ1(W[t-2]) + W[t-7] + σ0(W[t-15]) + W[t-16]
# (t >= 16) 11 more: 2 rotates + 1 shift + 1 vpternlog per σ, 3 adds. The
# names a..h rotate from round to round, so nothing moves. The schedule of
# round t is emitted four rounds before it (see all_rounds_list); it
# depends only on W, so the out-of-order core runs it beside the round
# chain.
#
# The message words arrive as rows (one message per register) and are
# transposed to columns (one word of every message per register): for
# SHA-256 16x16 dwords in four shuffle passes (vpunpck{l,h}dq,
# vpunpck{l,h}qdq, two of vshufi64x2), 64 shuffles a block; for SHA-512 two
# 8x8 qword transposes of three passes, 48 shuffles. Each pass reads one
# bank of 16 registers and writes the other, so nothing is spilled. The
# digests of the pairs functions go back the same way (32 and 24 shuffles).
#
# The pairs functions: the second block of a 64-byte (128-byte) message is
# the padding block 0x80 0 ... 0 || 512 (1024) as a 64-bit (128-bit)
# length, the same for every message, so its W[t] + K[t] is a constant
# table (computed below) and its rounds have no schedule: 16 operations
# and the two copies.
#
# Bound and measurements. AMD Zen 5 (family 26) KVM guest, TSC 2.096 GHz
# (core cycles ~ TSC ticks x 1.77), shared with ~7 other jobs (load average
# 12-24), so every figure is a minimum of lfence-fenced rdtsc over many
# calls (util/batch_bench and scratch harnesses), medians of 5 rounds.
# Throughput of independent zmm operations here: vpaddd, vpxord,
# vpternlogd 0.21-0.23 ticks each (~2.5 a core cycle), vprord, vpsrld,
# vpshufb 0.36; latency 2 cycles. A message-block round is 19 + 11
# (schedule) operations, 12 of them rotates/shifts; a padding round 18
# (6): ~3050 operations a group of 16 messages including the transposes,
# which at ~3.5 a TSC tick is the ~860 ticks measured. So the lanes are
# bound by vector ALU throughput, not by the 8-cycle round chain (with a
# 10-cycle chain, the order before this one, a group took 4% longer).
#
# | function (SHA-256 unless named)  | ticks a message | vs SHA256() loop |
# |----------------------------------|-----------------|------------------|
# | pairs_avx512_x16                 | 55-57           | 2.8x             |
# | pairs_avx512_shani_x20           | 49-51           | 3.1x             |
# | mb_avx512_x16, 1 KiB messages    | ~520 (17 blocks)| 2.8-2.9x         |
# | pairs_shani_x2 / x1              | ~102 / ~118     | 1.5x / 1.3x      |
# | SHA512: pairs_avx512_x8          | 137-143         | 4.9-6.2x         |
# | hashtree avx512_x16 (same run)   | 56-59           |                  |
# | pairs_avx2_x8                    | 186-190         | 0.6x (3.0x *)    |
# | pairs_avx_x4                     | 365-372         | 0.3x (1.5x *)    |
# | SHA512: pairs_avx2_x4            | 440-470         | 1.5x (1.5x *)    |
#
# (*: against the one-message loop with the SHA extensions and AVX-512
# masked off, so SHA256() runs its AVX2+BMI2 code, as on a CPU with AVX2
# and no SHA extensions: `OPENSSL_ia32cap='~0x0:~0x20010000' bssl speed
# -impls -filter SHA256-pairs`, 256 KiB.) The AVX2/AVX lanes are bound by
# vector ALU throughput like the AVX-512 ones, at ~2 operations a core
# cycle here: ~51 operations a message-block round, 34 a padding round
# (see below), 5400 a group, ~2700 cycles; the xmm and ymm groups take the
# same time, so the 4-lane function is half as fast.
#
# The SHA-NI streams: sha256rnds2 issues at most one per ~2.5 cycles here
# (eight independent chains: 1.42 ticks each), so a second stream gains
# only ~7-15%, and 3 or 4 streams measured slower (see shani_pairs). Beside the lanes they are nearly free: 4 chains of sha256rnds2
# plus 24 zmm operations take 6.0 ticks an iteration against 5.1 and 4.8
# alone. Two streams of two messages during the lanes' padding block (x20)
# cost ~25 ticks a message; one or three messages a stream measured 51-52
# and 53. Running the streams during the message block as well, with that
# block's schedule moved to the frame so that the lanes fit in zmm16-31,
# measured no better (x24: 50.6-51.7; x26-x30: 57-60): the extra loads and
# stores and the SHA-NI schedule instructions take the vector ports.
#
# The issue's target, 1.25x hashtree's fastest kernel, is not met: this
# session (load average 10-12, util/batch_bench/run.sh 7 rounds) measured
# 56.9 against hashtree avx512_x16's 56.9 ticks a message at n = 16
# (1.00x) and 49.9 against 58.4 at n = 4096 (1.17x). At n = 16 there is
# one 16-lane group and no message to put beside it in SHA-NI streams, so
# the time is the lanes' ~3050 operations at the ~3.5 a tick measured
# (~870 ticks, 54 a message); 1.25x (45.5 a message) would need the group
# in ~730 ticks. What was tried: 3 and 4 SHA-NI streams (slower, see
# shani_pairs), more SHA-NI messages beside the lanes (x22, x24-x30:
# slower, above), Ch without its copy (128 fewer operations a group: no
# change, see round; so the group's time is not its operation count alone:
# its 1056 rotates/shifts and 120 shuffles a group, at ~0.36 ticks each,
# need ~420 ticks of the pipes that run them).
#
# AMD Zen 4 (EPYC family 25 model 17, TSC 2.596 GHz, core ~3.66 GHz; zmm
# operations run as two 256-bit halves; quiet machine, 2026-12-03).
# util/batch_bench/run.sh BUILD HASHTREE 7, ticks a message:
#   n = 16:   SHA256_hash_pairs 81.2, hashtree avx512_x16 81.2 (1.00x),
#             avx2_x8 167.4, shani_x2 107.2; the SHA256() loop 217.8
#   n = 4096: SHA256_hash_pairs 74.9, hashtree avx512_x16 80.5 (1.08x);
#             the loop 220.2 (2.94x)
#   1 KiB messages, n = 64: 831.6 against the loop's 1571.8 (1.89x)
#   SHA-512 pairs, n = 4096: 198.8 against the loop's 1169.7 (5.88x)
# The hybrid's stream count, swept on this core (each function on ~4032
# messages, fastest of 20 calls, median of 7 rounds; a scratch build of this
# generator with hybrid_pairs(1..6), outside the tree): x16 (no streams)
# 78.3, two SHA-NI streams alone 84.7, x18 74.5, x20 71.8, x22 72.2, x24
# 73.2, x26 73.7, x28 79.4. K = 2 is best here as on Zen 5, but the streams
# overlap the lanes less: x20's four stream messages add ~180 ticks to the
# group (~46 a message, against ~85 alone), where on Zen 5 they add ~25 a
# message. So the 1.25x target (~65 ticks a message) is not met on Zen 4
# by the lanes: alone they are ~78, as fast as hashtree's, bound by the
# same vector operation count at half the width per pipe. What meets it is
# not in the lanes at all: four SHA-NI streams (sha256_pairs_avx512_shani_x4,
# its section below), because this core issues a sha256rnds2 every cycle.
# util/batch_bench/run.sh BUILD HASHTREE 7 (2026-12-05, with the schedule's
# last 6 steps beside the group's own rounds):
#   n = 16:   SHA256_hash_pairs 58.5, hashtree avx512_x16 82.9 (1.42x),
#             shani_x2 87.8; the SHA256() loop 156.0 (2.67x)
#   n = 64:   52.4, hashtree 79.6 (1.52x), the loop 150.3 (2.87x)
#   n = 4096: 50.1, hashtree avx512_x16 78.6 (1.57x), shani_x2 82.3; the
#             loop 148.8 (2.97x)
# (With the whole schedule a group ahead, before that change: n = 16 63.4,
# 2.46x the loop; n = 4096 51.3.)
#
# Tried on Zen 4 and not kept (2026-12-03, a scratch harness calling the
# kernels directly, ~4032 messages or one group, fastest of 40 (2000) calls,
# medians of 9 rounds, ticks a message). On this core, measured with
# chains of one instruction and with eight independent ones: vprord and
# vpsrld 2 cycles of latency, 2 a cycle on ymm and 1 on zmm; vpaddd and
# vpternlogd 1 cycle, 4 a cycle on ymm and 2 on zmm. So 8 lanes of ymm
# (AVX-512VL) cost the same pipe time a message as 16 of zmm, and they
# leave xmm0-xmm15 to two SHA-NI streams for the whole group, not only its
# padding block: a group of 8 ymm lanes (a..h and the temporaries in
# ymm16-ymm31, W[t] in the frame) beside 2K SHA-NI messages.
#   - 8 ymm lanes alone: 95 (W in the frame), 89-92 (W in registers),
#     against 79 for 16 zmm lanes: the ymm rounds ran at ~8 cycles each,
#     over the ~5.5 their rotates and additions need.
#   - With the streams: x12 72.6-84.5, x14 80-81, x16 78.0-78.5, x18
#     85-88, x20 82.5-86, x22 80-84, against x20 (zmm) 71.8-74.1 and
#     hashtree avx512_x16 78.8-84.5 in the same runs. At n = 16 (one
#     group) x16 measured 73.1 in one run and 78.0 in another: at most
#     1.16x hashtree, and slower than x20 for long batches.
#   - A round with a 4-cycle e chain (e' = ((d + h + W + K) + Ch) + Σ1,
#     a' = e' + (Maj + Σ0 - d), one more operation) was slower in both
#     widths (zmm x16 81.6 against 79.3; ymm x8 90.8 against 89.3), so
#     the rounds are bound by issue, not by their chains.
#   - The message schedule's operations spread through the round's
#     (in proportion, as hybrid_pairs merges its two lists), of the same
#     round or one ahead, after chacha-x86_64.pl's AVX-512 rounds had run
#     4-5% faster here with each rotation written next to the operations
#     it follows (2026-12-04): `bssl speed -impls -filter SHA256-pairs
#     -chunks 1024,262144 -rounds 3`, avx512 2058-2066 -> 2070-2087 MB/s,
#     avx512_shani 2281-2289 -> 2293-2316 at 256 KiB, i.e. ~1%: the lanes'
#     rotations are already spread, one per few operations, through each
#     round.
# The stream messages cost ~61 ticks each beside ymm lanes for both blocks
# (16 x 78 - 8 x 95, over 8), more than the ~46 each beside the zmm
# lanes' padding block, so neither arrangement comes near 65 a message.
#
# The floor on Zen 4, and what else was tried (2026-12-05; scratch builds
# of this generator outside the tree; cycles from TSC ticks x 1.421, the
# ratio a chain of dependent vpaddd measured). The x16 group is 2776
# vector operations (992 vpaddd, 608 vpternlogd, 960 vprord, 96 vpsrld,
# 120 shuffles; the 266 register copies cost nothing: 12 rotates + 16
# additions + 4 copies, all independent, take 14.0 cycles like 12 + 16
# alone). Independent zmm operations do reach 2 a cycle with 1 rotate a
# cycle (12 + 16 in 14.0 cycles, 6 + 10 in 8.0), so the floor of a group is
# 2776 / 2 = 1388 cycles: 61 ticks a message. hashtree's 78.7 x 1/1.25 is
# 63, and the SHA256() loop's ~150 / 2.5 is 60: both targets sit at or
# below the lanes' floor, which x16 reaches at 78% (78.4) and x20 at 85%
# (71.8). What keeps the rounds off the floor is their dependency chain:
# e -> Σ1 -> e' is 3 rotates, one vpternlogd and two additions, 7.0 cycles
# measured in zmm (the 3 rotates issue one a cycle) and 6.0 in ymm. The
# blocks alone, in a loop (16 lanes, cycles a block): message block 955
# (op count 808), padding block 726 (512). More independent work beside
# them helps a little:
#   - two padding blocks interleaved round by round: 585 each; two message
#     blocks with W[] in the frame: 917 each; the message block of group
#     g+1 (W[] in the frame) beside the padding block of group g: 1510-1534
#     the pair against 1646-1678 one after the other. The best of these
#     would bring x16 to ~72, x20's figure, with no register left for the
#     SHA-NI streams.
#   - the padding block as two streams of 8 ymm lanes (lanes 8-15 moved
#     out with vextracti64x4, H(1) in the frame): 75.8 against 78.4 for
#     long batches, but 86.1 against 82.9 for one group (n = 16). Not kept.
#   - one message in the general-purpose registers (BMI2 rorx/andn, its
#     schedule in the frame) beside the 16 lanes, x17: 94.3 with every
#     round unrolled (a 37 KB loop, over the 32 KB L1 instruction cache),
#     77.5 with 16-round loop bodies (14.7 KB), against 78.4; that scalar
#     code alone took 745 ticks a message. x16 itself with 16-round loop
#     bodies (8.4 KB) measured the same 78.4 as unrolled (20.8 KB).
#   - 8 ymm lanes (ymm16-31, W[] in the frame) beside two SHA-NI streams
#     for both blocks, 8 + 2K messages: one group x12 78.0 ticks a message
#     (936 a call), x14 81.7, x16 89.4, x18 86.7; long batches 81-86,
#     against x20's 70.8. Only n = 11..14 would gain, where the SHA-NI
#     streams alone take 1040-1248 ticks a call (sha_batch.c's Zen 4 rows).
#   - vpgatherdd for the transposition: 17 cycles a zmm gather, against
#     ~4 shuffles a column.
# Kept: the message schedule formed four rounds ahead (all_rounds_list),
# 1-3% on every AVX-512 function.
#
# Why the SHA-NI streams are not free beside the lanes on Zen 4 (2026-12-05;
# a loop of independent vpaddd or vprord on zmm16-31 beside sha256rnds2 on
# four chains, fastest of 50 runs of 10000 iterations, core cycles an
# iteration): 4 sha256rnds2 alone 4.0 (one a cycle; two streams reach it);
# 16 vpaddd 8.0, with 4 sha256rnds2 9.0, with 8 10.7; 32 vpaddd 16.0, with
# 4 17.0, with 8 18.0; 16 vprord 16.0, with 4 sha256rnds2 18.0. So each
# sha256rnds2 takes a quarter cycle of the four 256-bit pipes and half a
# cycle of the pipe the zmm rotates need, which the lanes keep ~75% busy.
# (The legacy-SSE SHA code pays nothing for the dirty upper halves of
# zmm16-31: 15 SHA256() calls took 2366 ticks after vzeroupper and after
# dirtying zmm31 or ymm20.) Tried the same day, scratch builds of
# this generator, ~4032 messages, medians of 7 rounds, ticks a message:
#   - the message block's lanes in zmm16-31 with W[] in the frame, so the
#     two streams run through both blocks (Zen 5 measured it no better,
#     above): x16 (no streams) 78.8-83.6, x24 67.9-69.9, x26 68.5-69.8, x28
#     69.1-70.5, against x20's 70.8 in the same runs (frame schedule formed
#     2, 4 or 8 rounds ahead). 1-4% for ~33 KB more code: not kept.
#   - each round's Σ0(a) and a' emitted after the next round's e' part, so
#     that the scheduler (oldest first) gives the rotate pipe to the e
#     chain: x16 77.7 against 77.4, x20 71.5 against 70.8. Not kept.

# Object size: 183 KB of code + 2.6 KB of tables: the AVX-512 and SHA-NI
# functions 120 KB (every round unrolled; sha256_mb 12.3 KB, sha256_pairs
# 20.3, the x20 hybrid 25.6, the four SHA-NI streams 15.1, sha512_mb
# 15.4, sha512_pairs 25.2, SHA-NI x1 and x2 3.8), the AVX2/AVX ones 62 KB
# (16 rounds a loop body; each mb function ~9 KB, each pairs ~12 KB; fully
# unrolled they took 165 KB).

use strict;
use warnings;
use FindBin;
use lib "$FindBin::Bin/../../perlasm";
use lib "$FindBin::Bin";
use Math::BigInt;
use SHAConstants;
require "x86_64-xlate.pl";

my ($flavour, $output) = @ARGV;

sub text { return join('', map { "\t$_\n" } @_); }

# The two hashes, described by their word size and the constants of FIPS
# 180-4 §4.1.2/§4.1.3 (rotation and shift counts), §4.2 and §5.3.
my %SHA256 = (
  name => 'sha256', bits => 32, lanes => 16, rounds => 64, block => 64,
  S0 => [2, 13, 22], S1 => [6, 11, 25], s0 => [7, 18, 3], s1 => [17, 19, 10],
  K => [map { Math::BigInt->new($_) } @SHAConstants::K256],
  IV => [map { Math::BigInt->from_hex($_) } qw(6a09e667 bb67ae85 3c6ef372
         a54ff53a 510e527f 9b05688c 1f83d9ab 5be0cd19)],
);
my %SHA512 = (
  name => 'sha512', bits => 64, lanes => 8, rounds => 80, block => 128,
  S0 => [28, 34, 39], S1 => [14, 18, 41], s0 => [1, 8, 7], s1 => [19, 61, 6],
  K => [map { Math::BigInt->from_hex($_) } @SHAConstants::K512],
  IV => [map { Math::BigInt->from_hex($_) } qw(6a09e667f3bcc908
         bb67ae8584caa73b 3c6ef372fe94f82b a54ff53a5f1d36f1 510e527fade682d1
         9b05688c2b3e6c1f 1f83d9abfb41bd6b 5be0cd19137e2179)],
);

# Instruction suffix: d (dword lanes) or q (qword lanes).
sub sfx { my ($p) = @_; return $p->{bits} == 32 ? 'd' : 'q'; }

my @ST = map { "%zmm$_" } 0 .. 7;          # a..h
my @RT = map { "%zmm$_" } 8 .. 15;         # round temporaries
my @MT = map { "%zmm$_" } 8 .. 11;         # schedule temporaries (shared)
my @W = map { "%zmm$_" } 16 .. 31;         # W[t mod 16]

# --- Constants computed here ---------------------------------------------------

# The padding block's W[t] + K[t] for a message of exactly one block: word 0
# is 0x80 << (bits - 8), the last word the length in bits, the rest zero.
sub pad_wk {
  my ($p) = @_;
  my $bits = $p->{bits};
  my $mod = Math::BigInt->new(1)->blsft($bits);
  my $rotr = sub {
    my ($x, $n) = @_;
    return ($x->copy->brsft($n) | $x->copy->blsft($bits - $n)) % $mod;
  };
  my $shr = sub { my ($x, $n) = @_; return $x->copy->brsft($n); };
  my @w = map { Math::BigInt->new(0) } 0 .. 15;
  $w[0] = Math::BigInt->new(0x80)->blsft($bits - 8);
  $w[15] = Math::BigInt->new(8 * $p->{block});
  for my $t (16 .. $p->{rounds} - 1) {
    my ($x, $y) = ($w[$t - 15], $w[$t - 2]);
    my $s0 = $rotr->($x, $p->{s0}[0]) ^ $rotr->($x, $p->{s0}[1]) ^
             $shr->($x, $p->{s0}[2]);
    my $s1 = $rotr->($y, $p->{s1}[0]) ^ $rotr->($y, $p->{s1}[1]) ^
             $shr->($y, $p->{s1}[2]);
    $w[$t] = ($s1 + $w[$t - 7] + $s0 + $w[$t - 16]) % $mod;
  }
  return map { ($w[$_] + $p->{K}[$_]) % $mod } 0 .. $p->{rounds} - 1;
}

# Data lines of numbers, four a line.
sub words {
  my ($p, @v) = @_;
  my $dir = $p->{bits} == 32 ? '.long' : '.quad';
  my $digits = $p->{bits} / 4;
  my $c = '';
  while (my @g = splice(@v, 0, 4)) {
    $c .= "\t$dir\t" . join(', ', map {
      my $h = $_->as_hex; $h =~ s/^0x//; '0x' . ('0' x ($digits - length $h)) . $h
    } @g) . "\n";
  }
  return $c;
}

# --- Rounds ---------------------------------------------------------------------

# round(P, T, V, WK): round t with the working variables named V = [a..h].
# WK is either ['reg', W register] (K[t] added from the table) or ['pad']
# (W[t] + K[t] of the padding block, from its table).
#
# Every vector operation here takes 2 cycles on Zen 5, so the order is
# chosen for the two dependency chains between rounds, e -> e' and
# a -> a'. Ch(e,f,g) = e ? f : g (vpternlog 0xca) and Maj(a,b,c) (0xe8)
# each work on a copy of e or a. (Forming f ^ g and b ^ c from older values
# instead, then Ch = (e & (f^g)) ^ g (0x6a) and Maj = (b^c) ? a : b
# (0xca), keeps the copies off the chains but measured 3-5% slower: a copy
# costs an issue slot like any operation here, and the chains are not what
# bounds these functions; see the header. Ch without its copy, into g's
# register, with next round's h = g + W[t+1] formed first in a ninth
# register, saves 128 operations a 16-message group and measured the same,
# 56-58 TSC ticks a message, so it was not kept.) With
# u = h + W[t] + K[t] + Ch(e,f,g) ready soon after e:
#   T1 = u + Σ1(e)            e + 6
#   e' = d + T1               e + 8
#   a' = (T1 + Maj) + Σ0(a)   a + 8 (a runs 2 cycles behind e)
# so a round is 8 cycles of latency (a 10-cycle order measured 4% slower).
sub round {
  my ($p, $t, $v, $wk, $rt) = @_;
  my @RT = @{ $rt // \@RT };
  my ($a, $b, $c, $d, $e, $f, $g, $h) = @$v;
  my $s = sfx($p);
  my $n = $p->{lanes};
  my $sz = $p->{bits} / 8;
  my $name = $p->{name};
  my ($s1, $ch, $s0, $mj) = @RT;
  my @i;
  # f ^ g and b ^ c, from values of earlier rounds.
  push @i, "vmovdqa64\t$e, $ch",
           "vmovdqa64\t$a, $mj";
  # h += W[t] + K[t]: h is e of three rounds ago, so this is off the chains.
  if ($wk->[0] eq 'reg') {
    push @i, "vpadd$s\t$wk->[1], $h, $h",
             "vpadd$s\t.L${name}_mb_K+" . ($sz * $t) . "(%rip){1to$n}, $h, $h";
  } else {
    push @i, "vpadd$s\t.L${name}_pad_WK+" . ($sz * $t) . "(%rip){1to$n}, $h, $h";
  }
  # Ch(e,f,g); u = h + Ch.
  push @i, "vpternlog$s\t\$0xca, $g, $f, $ch",
           "vpadd$s\t$ch, $h, $h";
  # Σ1(e) = ROTR^S1[0](e) ^ ROTR^S1[1](e) ^ ROTR^S1[2](e); T1 = u + Σ1(e).
  push @i, "vpror$s\t\$$p->{S1}[0], $e, $s1",
           "vpror$s\t\$$p->{S1}[1], $e, $RT[4]",
           "vpror$s\t\$$p->{S1}[2], $e, $RT[5]",
           "vpternlog$s\t\$0x96, $RT[5], $RT[4], $s1",
           "vpadd$s\t$s1, $h, $h";
  # e' = d + T1.
  push @i, "vpadd$s\t$h, $d, $d";
  # Maj(a,b,c), Σ0(a); a' = T1 + Maj + Σ0(a), in h's register.
  push @i, "vpternlog$s\t\$0xe8, $c, $b, $mj",
           "vpror$s\t\$$p->{S0}[0], $a, $s0",
           "vpror$s\t\$$p->{S0}[1], $a, $RT[6]",
           "vpror$s\t\$$p->{S0}[2], $a, $RT[7]",
           "vpternlog$s\t\$0x96, $RT[7], $RT[6], $s0",
           "vpadd$s\t$mj, $h, $h",
           "vpadd$s\t$s0, $h, $h";
  return @i;
}

# schedule(P, T): W[t] = σ1(W[t-2]) + W[t-7] + σ0(W[t-15]) + W[t-16], in
# place of W[t-16] in the ring.
sub schedule {
  my ($p, $t) = @_;
  my $s = sfx($p);
  my ($w16, $w15, $w7, $w2) = map { $W[($t - $_) % 16] } 16, 15, 7, 2;
  return (
    # σ0(W[t-15]) = ROTR^s0[0] ^ ROTR^s0[1] ^ SHR^s0[2]
    "vpror$s\t\$$p->{s0}[0], $w15, $MT[0]",
    "vpror$s\t\$$p->{s0}[1], $w15, $MT[1]",
    "vpsrl$s\t\$$p->{s0}[2], $w15, $MT[2]",
    "vpternlog$s\t\$0x96, $MT[2], $MT[1], $MT[0]",
    # σ1(W[t-2])
    "vpror$s\t\$$p->{s1}[0], $w2, $MT[1]",
    "vpror$s\t\$$p->{s1}[1], $w2, $MT[2]",
    "vpsrl$s\t\$$p->{s1}[2], $w2, $MT[3]",
    "vpternlog$s\t\$0x96, $MT[3], $MT[2], $MT[1]",
    "vpadd$s\t$MT[0], $w16, $w16",
    "vpadd$s\t$w7, $w16, $w16",
    "vpadd$s\t$MT[1], $w16, $w16",
  );
}

# All the rounds of one block: with the message schedule in @W, or (PAD)
# of the padding block.
sub all_rounds { return text(all_rounds_list(@_)); }

# all_rounds_list(P, PAD[, STATE, TEMPS]): the same as a list, optionally
# with the working variables and temporaries in other registers.
#
# With k = SCHEDULE_AHEAD, W[t + k] is formed before round t, so rounds
# 16-k..15 carry schedule work too and the core sees it earlier. Any k up
# to 15 is correct: the register of W[t + k] held W[t + k - 16], whose
# round is done; its inputs W[t + k - 2] (formed before round t - 2),
# W[t + k - 7] and W[t + k - 15] are not overwritten before round t + 1;
# and W[t], formed before round t - k, stays until round t + 16 - k. Zen 4, 2026-12-05
# (a scratch harness, ~4032 messages, fastest of 20 calls, medians of 9
# rounds, three runs; ticks a message or a 16-lane block): 0 -> 4 took
# pairs_avx512_x16 79.1-80.8 -> 77.5-79.4, the x20 hybrid 71.8-75.5 ->
# 70.9-74.0, mb_avx512_x16 45.8-46.3 -> 44.3-45.0; 2 and 8 measured
# within 1% of 4.
my $SCHEDULE_AHEAD = 4;

sub all_rounds_list {
  my ($p, $pad, $st, $rt) = @_;
  my @st = @{ $st // \@ST };
  my @v = @st;
  my @i;
  for my $t (0 .. $p->{rounds} - 1) {
    if ($pad) {
      push @i, round($p, $t, \@v, ['pad'], $rt);
    } else {
      my $u = $t + $SCHEDULE_AHEAD;
      push @i, schedule($p, $u) if $u >= 16 && $u < $p->{rounds};
      push @i, round($p, $t, \@v, ['reg', $W[$t % 16]]);
    }
    # The new a is in h's register, the new e in d's: rename.
    @v = ($v[7], @v[0 .. 6]);
  }
  # rounds is a multiple of 8, so the names are back in place.
  die unless $v[0] eq $st[0];
  return @i;
}

# --- Transposition --------------------------------------------------------------
#
# Notation: a register holds four 128-bit chunks c = 0..3.
# vshufi64x2 $imm, S2, S1, D puts S1's chunks imm[1:0], imm[3:2] in D's
# chunks 0, 1 and S2's chunks imm[5:4], imm[7:6] in D's 2, 3.

# chunks4(A[0..3] -> D[0..15 step]): the last two passes. Input: four
# registers Vg, g = 0..3, each with (for some word index r) in chunk c the
# elements of rows 4g.. (or 2g..) for word c*K + r. Output: D[c] holds
# chunk c of V0, V1, V2, V3 in order: word c*K + r of every row.
sub chunks4 {
  my ($v, $tmp, $d) = @_;    # $v: 4 inputs, $tmp: 4 scratch, $d: 4 outputs
  return (
    "vshufi64x2\t\$0x44, $v->[1], $v->[0], $tmp->[0]",    # V0[0] V0[1] V1[0] V1[1]
    "vshufi64x2\t\$0xee, $v->[1], $v->[0], $tmp->[1]",    # V0[2] V0[3] V1[2] V1[3]
    "vshufi64x2\t\$0x44, $v->[3], $v->[2], $tmp->[2]",
    "vshufi64x2\t\$0xee, $v->[3], $v->[2], $tmp->[3]",
    "vshufi64x2\t\$0x88, $tmp->[2], $tmp->[0], $d->[0]",  # V0[0] V1[0] V2[0] V3[0]
    "vshufi64x2\t\$0xdd, $tmp->[2], $tmp->[0], $d->[1]",  # chunk 1 of each
    "vshufi64x2\t\$0x88, $tmp->[3], $tmp->[1], $d->[2]",
    "vshufi64x2\t\$0xdd, $tmp->[3], $tmp->[1], $d->[3]",
  );
}

my @BA = map { "%zmm$_" } 0 .. 15;     # bank A
my @BB = @W;                           # bank B

# --- Functions --------------------------------------------------------------------

sub bswap_label { my ($p) = @_; return ".L$p->{name}_mb_bswap(%rip)"; }

# load_block(P, ADDR): the rows of one block of every lane into their
# registers (ADDR->(lane, part) gives the address of 64 bytes), byte-swapped
# to big-endian words, transposed into @W.
sub load_block {
  my ($p, $addr) = @_;
  my @i;
  if ($p->{bits} == 32) {
    # Rows into bank B, four passes B->A->B->A->B.
    push @i, map { "vmovdqu32\t" . $addr->($_, 0) . ", $BB[$_]" } 0 .. 15;
    push @i, "vmovdqa64\t" . bswap_label($p) . ", $BA[0]";
    push @i, map { "vpshufb\t$BA[0], $BB[$_], $BB[$_]" } 0 .. 15;
    for my $k (0 .. 7) {
      push @i, "vpunpckldq\t$BB[2*$k+1], $BB[2*$k], $BA[2*$k]",
               "vpunpckhdq\t$BB[2*$k+1], $BB[2*$k], $BA[2*$k+1]";
    }
    for my $g (0 .. 3) {
      my @a = @BA[4*$g .. 4*$g+3];
      push @i, "vpunpcklqdq\t$a[2], $a[0], $BB[4*$g]",
               "vpunpckhqdq\t$a[2], $a[0], $BB[4*$g+1]",
               "vpunpcklqdq\t$a[3], $a[1], $BB[4*$g+2]",
               "vpunpckhqdq\t$a[3], $a[1], $BB[4*$g+3]";
    }
    # Now BB[4g+r] chunk c = word 4c+r of rows 4g..4g+3. For each r, pass 3
    # writes A[4r..4r+3] and pass 4 W[r], W[4+r], W[8+r], W[12+r] (whose
    # old contents, BB[r..], were read by pass 3 of an earlier or this r:
    # W[4c+r] = BB[4c+r] is input of pass 3 for the same r only).
    for my $r (0 .. 3) {
      push @i, chunks4([map { $BB[4*$_+$r] } 0 .. 3], [@BA[4*$r .. 4*$r+3]],
                       [map { $W[4*$_+$r] } 0 .. 3]);
    }
  } else {
    # SHA-512: lane l's words 0-7 in A[l], words 8-15 in A[8+l]; per half
    # an 8x8 qword transpose, passes A->B->A->B.
    push @i, map { "vmovdqu64\t" . $addr->($_ % 8, int($_ / 8)) . ", $BA[$_]" } 0 .. 15;
    push @i, "vmovdqa64\t" . bswap_label($p) . ", $BB[0]";
    push @i, map { "vpshufb\t$BB[0], $BA[$_], $BA[$_]" } 0 .. 15;
    for my $half (0, 1) {
      my @r = @BA[8*$half .. 8*$half+7];
      my @v = @BB[8*$half .. 8*$half+7];
      # Pass 1: V[2k+q] chunk c = word 2c+q of rows 2k, 2k+1.
      for my $k (0 .. 3) {
        push @i, "vpunpcklqdq\t$r[2*$k+1], $r[2*$k], $v[2*$k]",
                 "vpunpckhqdq\t$r[2*$k+1], $r[2*$k], $v[2*$k+1]";
      }
    }
    for my $half (0, 1) {
      my @v = @BB[8*$half .. 8*$half+7];
      # Passes 2, 3 for q = 0, 1: W[8*half + 2c + q].
      for my $q (0, 1) {
        push @i, chunks4([map { $v[2*$_+$q] } 0 .. 3],
                         [@BA[8*$half+4*$q .. 8*$half+4*$q+3]],
                         [map { $W[8*$half + 2*$_ + $q] } 0 .. 3]);
      }
    }
  }
  return text(@i);
}

sub mb_function {
  my ($p) = @_;
  my ($name, $n, $s, $sz) = ($p->{name}, $p->{lanes}, sfx($p), $p->{bits} / 8);
  my $fn = "$p->{name}_mb_avx512_x$n";
  my ($state, $in, $num) = ('%rdi', '%rsi', '%rdx');
  my ($off, $ptr) = ('%r8', '%rax');
  my $c = X86_64Xlate::function_begin($fn, args => 3, xmm => [6 .. 15]);
  $c .= text("testq\t$num, $num", "jz\t.L${fn}_done", "xorl\t%r8d, %r8d");
  $c .= ".L${fn}_loop:\n";
  # For SHA-256 each row needs its lane's pointer; load them one at a time
  # into %rax, %rcx, %r9.. as the rows are fetched.
  my @i;
  $c .= load_block($p, sub {
    my ($lane, $part) = @_;
    # The pointer is loaded by a separate instruction placed before.
    return "__PTR${lane}_$part";
  });
  # Replace the placeholders: each becomes a load of the pointer into %rax
  # followed by the row load through it.
  $c =~ s/^\t(vmovdqu(?:32|64))\t__PTR(\d+)_(\d+), (%zmm\d+)\n/
      "\tmovq\t" . (8 * $2) . "($in), $ptr\n\t$1\t" . ($3 * 64) . "($ptr,$off), $4\n"/gme;
  # The chaining values.
  $c .= text(map { "vmovdqu64\t" . (64 * $_) . "($state), $ST[$_]" } 0 .. 7);
  $c .= all_rounds($p, 0);
  # H(i) = H(i-1) + the working variables.
  $c .= text(map { ("vpadd$s\t" . (64 * $_) . "($state), $ST[$_], $ST[$_]",
                    "vmovdqu64\t$ST[$_], " . (64 * $_) . "($state)") } 0 .. 7);
  $c .= text("addq\t\$$p->{block}, $off", "decq\t$num", "jnz\t.L${fn}_loop");
  $c .= ".L${fn}_done:\n";
  $c .= text("vzeroupper");
  $c .= X86_64Xlate::epilogue();
  $c .= X86_64Xlate::function_end();
  return $c;
}

# store_digests(P, OUT): the working variables (+ feed-forward done) of
# every lane byte-swapped and written as consecutive digests at OUT.
sub store_digests {
  my ($p, $out) = @_;
  my @i;
  push @i, "vmovdqa64\t" . bswap_label($p) . ", $BA[8]";
  push @i, map { "vpshufb\t$BA[8], $ST[$_], $ST[$_]" } 0 .. 7;
  if ($p->{bits} == 32) {
    # 8 words x 16 lanes -> 16 digests of 8 words. Pass 1: T[2k], T[2k+1]
    # = (S2k, S2k+1) interleaved by dwords; pass 2: A_r (words 0-3) and
    # B_r (words 4-7), chunk c = lane 4c+r; passes 3, 4: the digests of
    # lanes 4c+r, 4c+r+1 (r = 0, 2) in one register.
    my @t = @BB[0 .. 7];
    for my $k (0 .. 3) {
      push @i, "vpunpckldq\t$ST[2*$k+1], $ST[2*$k], $t[2*$k]",
               "vpunpckhdq\t$ST[2*$k+1], $ST[2*$k], $t[2*$k+1]";
    }
    my @A = @BB[8 .. 11];
    my @B = @BB[12 .. 15];
    for my $h (0, 1) {
      my ($dst, @s) = $h ? (\@B, @t[4 .. 7]) : (\@A, @t[0 .. 3]);
      push @i, "vpunpcklqdq\t$s[2], $s[0], $dst->[0]",
               "vpunpckhqdq\t$s[2], $s[0], $dst->[1]",
               "vpunpcklqdq\t$s[3], $s[1], $dst->[2]",
               "vpunpckhqdq\t$s[3], $s[1], $dst->[3]";
    }
    my @X = @BA[8 .. 11];     # X_r = A_r[0] A_r[1] B_r[0] B_r[1]
    my @Y = @BA[12 .. 15];    # Y_r = A_r[2] A_r[3] B_r[2] B_r[3]
    for my $r (0 .. 3) {
      push @i, "vshufi64x2\t\$0x44, $B[$r], $A[$r], $X[$r]",
               "vshufi64x2\t\$0xee, $B[$r], $A[$r], $Y[$r]";
    }
    for my $r (0, 2) {
      for my $c (0 .. 3) {
        my $src = $c < 2 ? \@X : \@Y;
        my $imm = $c % 2 ? '0xdd' : '0x88';
        # lanes 4c+r, 4c+r+1: digests at 32 * (4c + r)
        push @i, "vshufi64x2\t\$$imm, $src->[$r+1], $src->[$r], $BB[0]",
                 "vmovdqu64\t$BB[0], " . (32 * (4 * $c + $r)) . "($out)";
      }
    }
  } else {
    # 8 words x 8 lanes: one 8x8 qword transpose, column l = digest l.
    my @v = @BB[0 .. 7];
    for my $k (0 .. 3) {
      push @i, "vpunpcklqdq\t$ST[2*$k+1], $ST[2*$k], $v[2*$k]",
               "vpunpckhqdq\t$ST[2*$k+1], $ST[2*$k], $v[2*$k+1]";
    }
    for my $q (0, 1) {
      my @d = map { $BB[8 + 2*$_ + $q] } 0 .. 3;    # digest 2c+q
      push @i, chunks4([map { $v[2*$_+$q] } 0 .. 3], [@BA[8+4*$q .. 8+4*$q+3]], \@d);
    }
    push @i, map { "vmovdqu64\t$BB[8+$_], " . (64 * $_) . "($out)" } 0 .. 7;
  }
  return text(@i);
}

sub pairs_function {
  my ($p) = @_;
  my ($name, $n, $s, $sz) = ($p->{name}, $p->{lanes}, sfx($p), $p->{bits} / 8);
  my $fn = "$p->{name}_pairs_avx512_x$n";
  my ($out, $in, $num) = ('%rdi', '%rsi', '%rdx');
  my $c = X86_64Xlate::function_begin($fn, args => 3, xmm => [6 .. 15]);
  $c .= text("testq\t$num, $num", "jz\t.L${fn}_done");
  $c .= ".L${fn}_loop:\n";
  # Message l of the group is at in + l * block.
  $c .= load_block($p, sub {
    my ($lane, $part) = @_;
    return ($lane * $p->{block} + 64 * $part) . "($in)";
  });
  # H(0) = IV in every lane.
  $c .= text(map { "vpbroadcast$s\t.L${name}_mb_IV+" . ($sz * $_) . "(%rip), $ST[$_]" } 0 .. 7);
  $c .= all_rounds($p, 0);
  # H(1) = IV + the working variables; kept in W's registers (free now).
  $c .= text(map { ("vpadd$s\t.L${name}_mb_IV+" . ($sz * $_) . "(%rip){1to$n}, $ST[$_], $ST[$_]",
                    "vmovdqa64\t$ST[$_], $W[$_]") } 0 .. 7);
  $c .= all_rounds($p, 1);
  $c .= text(map { "vpadd$s\t$W[$_], $ST[$_], $ST[$_]" } 0 .. 7);
  $c .= store_digests($p, $out);
  $c .= text("addq\t\$" . ($n * $p->{block}) . ", $in",
             "addq\t\$" . ($n * $p->{bits}) . ", $out",     # n digests of 8 words
             "decq\t$num", "jnz\t.L${fn}_loop");
  $c .= ".L${fn}_done:\n";
  $c .= text("vzeroupper");
  $c .= X86_64Xlate::epilogue();
  $c .= X86_64Xlate::function_end();
  return $c;
}

# shani_messages(STREAMS, IN, OUT, MOFF, OOFF): the instructions that hash
# one 64-byte message per stream, stream s reading MOFF->[s](IN) and
# writing its digest to OOFF->[s](OUT). The bswap mask must be in xmm15.
sub shani_messages {
  my ($streams, $in, $out, $moff, $ooff) = @_;
  my @streams = map { { st => [@{ $_->{st} }], m => $_->{m} } } @$streams;
  my $S = @streams;
  my $wk = '%xmm0';
  my $tmp = '%xmm13';
  my $bswap = '%xmm15';
  my @i;
  for my $s (0 .. $S - 1) {
    my $x = $streams[$s];
    push @i, map { "movdqu\t" . ($moff->[$s] + 16 * $_) . "($in), $x->{m}[$_]" } 0 .. 3;
    push @i, map { "pshufb\t$bswap, $x->{m}[$_]" } 0 .. 3;
    # H(0) as {A,B,E,F}, {C,D,G,H}.
    push @i, "movdqa\t.Lsha256_shani_IV(%rip), $x->{st}[0]",
             "movdqa\t.Lsha256_shani_IV+16(%rip), $x->{st}[1]";
  }
  # The message block: sixteen groups of four rounds per stream, with the
  # schedule W[t] = σ1(W[t-2]) + W[t-7] + σ0(W[t-15]) + W[t-16] formed by
  # sha256msg1 (W[t-16] + σ0(W[t-15])), a palignr'd add of W[t-7] and
  # sha256msg2 (+ σ1(W[t-2])) in the register of group g+1.
  for my $g (0 .. 15) {
    for my $x (@streams) {
      my @m = @{ $x->{m} };
      my $st = $x->{st};
      my $cur = $m[$g % 4];
      push @i, "movdqa\t$cur, $wk",
               "paddd\t.Lsha256_mb_K+" . (16 * $g) . "(%rip), $wk",
               "sha256rnds2\t$st->[0], $st->[1]";
      @$st = reverse @$st;
      if ($g + 1 >= 4 && $g + 1 <= 15) {
        my ($next, $prev) = ($m[($g + 1) % 4], $m[($g + 3) % 4]);
        push @i, "movdqa\t$cur, $tmp", "palignr\t\$4, $prev, $tmp",
                 "paddd\t$tmp, $next", "sha256msg2\t$cur, $next";
      }
      push @i, "pshufd\t\$0x0e, $wk, $wk", "sha256rnds2\t$st->[0], $st->[1]";
      @$st = reverse @$st;
      push @i, "sha256msg1\t$cur, $m[($g + 3) % 4]" if $g >= 1 && $g + 3 <= 15;
    }
  }
  # H(1) = H(0) + the state; kept in m[0], m[1] for the last feed-forward.
  for my $x (@streams) {
    push @i, "paddd\t.Lsha256_shani_IV(%rip), $x->{st}[0]",
             "paddd\t.Lsha256_shani_IV+16(%rip), $x->{st}[1]",
             "movdqa\t$x->{st}[0], $x->{m}[0]", "movdqa\t$x->{st}[1], $x->{m}[1]";
  }
  # The padding block: W[t]+K[t] from the table.
  for my $r (0 .. 31) {
    for my $x (@streams) {
      push @i, "movdqa\t.Lsha256_shani_pad_WK+" . (16 * $r) . "(%rip), $wk",
               "sha256rnds2\t$x->{st}[0], $x->{st}[1]";
      @{ $x->{st} } = reverse @{ $x->{st} };
    }
  }
  for my $s (0 .. $S - 1) {
    my $x = $streams[$s];
    my ($abef, $cdgh) = @{ $x->{st} };
    push @i, "paddd\t$x->{m}[0], $abef", "paddd\t$x->{m}[1], $cdgh",
             # Back to a..h order: {a,b,c,d}, {e,f,g,h}, then big-endian.
             "pshufd\t\$0x1b, $abef, $abef",        # a b e f
             "pshufd\t\$0xb1, $cdgh, $cdgh",        # g h c d
             "movdqa\t$cdgh, $tmp",
             "palignr\t\$8, $abef, $tmp",           # e f g h
             "pblendw\t\$0xf0, $cdgh, $abef",       # a b c d
             "pshufb\t$bswap, $abef", "pshufb\t$bswap, $tmp",
             "movdqu\t$abef, " . $ooff->[$s] . "($out)",
             "movdqu\t$tmp, " . ($ooff->[$s] + 16) . "($out)";
  }
  return @i;
}

# --- SHA-NI: S interleaved streams of the pairs shape ------------------------------
#
# sha256_pairs_shani_x1 / _x2(uint8_t *out, const uint8_t *in, size_t n):
# n groups of S = 1 or 2 consecutive 64-byte messages to their digests
# (out == in allowed, as for the AVX-512 function). Each stream is the
# one-message SHA-NI algorithm (sha256-x86_64.pl's header explains the
# {A,B,E,F}/{C,D,G,H} state halves): 32 dependent sha256rnds2 per block,
# each needing its W[t]+K[t] pair in xmm0. The streams are emitted four
# rounds at a time, one after the other; xmm0 and the palignr temporary are
# shared and renamed by the core, so the chains of the streams overlap. The
# padding block's W[t]+K[t] pairs are a table (.Lsha256_shani_pad_WK, one
# 16-byte entry per sha256rnds2), so its rounds are a load and a
# sha256rnds2 each. Three or more streams need more than the 16 xmm
# registers the legacy-SSE SHA instructions can name (6 per stream): a
# version with 3 and 4 streams that first ran each stream's schedule
# (sha256msg1/2) into the frame, then the rounds of all streams with only
# the state halves in registers, measured 131 TSC ticks a message for both
# against 105 for two streams and 113 for one (48 messages, minimum of 400
# calls, medians of 7 rounds, load average ~16; not kept). The SHA unit is the bound: 64 sha256rnds2 a
# message at the ~1.42 ticks each that eight independent chains measured
# is ~91 ticks (plus 24 sha256msg1/2), two streams are within 15% of it,
# and the frame's loads and stores cost more than that gap. So two
# streams it is.
sub shani_pairs {
  my ($S) = @_;
  my $fn = "sha256_pairs_shani_x$S";
  my ($out, $in, $num) = ('%rdi', '%rsi', '%rdx');
  my $wk = '%xmm0';
  my $tmp = '%xmm13';
  my $bswap = '%xmm15';
  my @streams;
  for my $s (0 .. $S - 1) {
    my $b = 1 + 6 * $s;
    push @streams, { st => ["%xmm$b", "%xmm" . ($b + 1)],
                     m => [map { "%xmm" . ($b + 2 + $_) } 0 .. 3] };
  }
  my $c = X86_64Xlate::function_begin($fn, args => 3, xmm => [6 .. 15]);
  $c .= text("testq\t$num, $num", "jz\t.L${fn}_done",
             "movdqa\t.Lsha256_shani_bswap(%rip), $bswap");
  $c .= ".L${fn}_loop:\n";
  $c .= text(shani_messages(\@streams, $in, $out, [map { 64 * $_ } 0 .. $S - 1],
                            [map { 32 * $_ } 0 .. $S - 1]));
  $c .= text("addq\t\$" . (64 * $S) . ", $in", "addq\t\$" . (32 * $S) . ", $out",
             "decq\t$num", "jnz\t.L${fn}_loop");
  $c .= ".L${fn}_done:\n";
  $c .= X86_64Xlate::epilogue();
  $c .= X86_64Xlate::function_end();
  return $c;
}

# --- AVX-512VL beside SHA-NI: four streams, the schedule in the frame --------------
#
# sha256_pairs_avx512_shani_x4(uint8_t *out, const uint8_t *in, size_t n): n
# groups of four consecutive 64-byte messages to their digests, out == in
# allowed (as for the other pairs functions). The SHA instructions in
# legacy-SSE form, and AVX-512VL only to name xmm16-xmm31 (see below).
#
# Why four streams. On Zen 4 sha256rnds2 has a latency of 4 cycles and
# issues once a cycle (chains of it, fastest of 30 runs of 100000
# iterations: 1 chain 4.0 cycles an instruction, 2 chains 2.0, 4 and 8
# chains 1.0), so four independent streams keep the SHA unit busy: 64
# sha256rnds2 a message, 64 cycles, 45 TSC ticks, where the 16 AVX-512
# lanes need at least ~61 (the floor above) and two streams ~90. (On Zen 5
# it issues once per ~2.5 cycles and two streams come within 15% of that:
# see shani_pairs.) Four streams' state (8 registers) and xmm0 leave 7 of
# the 16 registers the legacy-SSE SHA instructions can name, too few to
# form each stream's schedule beside its rounds as shani_messages does (6
# registers a stream).
#
# So the schedule is formed beside the rounds, into the frame, and the
# rounds read W[t]+K[t] from there with one load before each sha256rnds2
# (as the padding block does from its table). The first 10 of a group's 16
# schedule steps (W[0..39]) are formed during the previous group's padding
# block, the other 6 (W[40..63]) during the group's own message block, in
# time for its rounds 40..63; the split balances the two halves (8 or 12
# steps ahead: 3-12% slower in the long run):
#   xmm0         W[t]+K[t] for sha256rnds2 (its implicit operand); the
#                digest shuffle's temporary
#   xmm1-xmm8    the four streams' state, {A,B,E,F} and {C,D,G,H}
#   xmm9-xmm14   the first 10 steps: two streams' schedules at a time, 3
#                registers each (the group being formed (x), the last one
#                (cur), the one before (prev)); the last 6: temporaries
#   xmm15        the schedule's temporary (sha256msg1's source, palignr,
#                W + K on its way to the frame)
#   xmm16-xmm31  the four streams' older groups, four each (stream s's
#                group g in xmm(16 + 4s + g mod 4)), for sha256msg1 and the
#                next x, and across the loop's back edge for the last 6
#   frame        two 1 KB buffers of W[t]+K[t] at its first 32-byte
#                boundary (the rounds read one, the first steps write the
#                other; stream s at 256 * s, W[4g..4g+3]+K at 16 * g), then
#                H(1) of the streams (128 bytes)
# A schedule step forms the next four words (FIPS 180-4 §6.2.2 step 1):
# x = W[t-16..] (from its parking register), sha256msg1 with W[t-12..]
# (+ σ0), + W[t-7..t-4] (palignr of prev and cur), sha256msg2 with cur
# (+ σ1); x is parked, and x + K[t..] goes to the buffer. The two streams'
# steps alternate, so each chain (palignr, paddd and sha256msg2, 7 cycles
# a step) has about twice the time it needs. The last 6 steps read every
# group from its parking register (shani4_rest), so they hold no register
# between steps and alternate between all four streams. Before the first
# group no rounds run, so its first 10 steps use xmm0-xmm15 for the four
# streams' last four groups each and take 6 instructions, not 10
# (shani4_prologue).
#
# Measured (Zen 4, family 25 model 17, TSC 2.596 GHz; a harness calling
# scratch builds of this generator directly, fastest of 40 calls on 4020
# messages, medians of 7 rounds, ticks a message; quiet machine,
# 2026-12-05):
#   - the rounds alone with a ready schedule (wrong digests): 45.9, the
#     sha256rnds2 bound. x20 (lanes + two streams) 70.8, x16 77.4,
#     shani_x2 84.6 in the same runs.
#   - the schedule a group ahead, one stream after another in 6 registers,
#     merged into the rounds instruction by instruction: 63.4 (with each
#     sha256msg1/2 replaced by additions of the same latency, 61; by single
#     additions, 51: the schedule costs by its chains and its own issue
#     rate, not by taking sha256rnds2's unit, which 8 sha256msg2 or 16
#     sha256msg1 beside 16 sha256rnds2 do not slow). Five streams
#     (xmm1-xmm10): 61.1.
#   - the older groups in a ring in the frame instead of xmm16-xmm23, two
#     streams at a time: 59.4-59.8 merged instruction by instruction,
#     52.2-53.5 in runs of 16 round instructions (2 rounds of the four
#     streams) with the schedule's share between runs (runs of 8: 54.7,
#     32: 53.6, 64: 58.0). Parked in registers, as here: 49.5-51 (runs of 8
#     to 32 alike); a 16-message call 988-1014 ticks against 1014-1040.
#     The ring made the prologue store-bound: a vector store issues once a
#     cycle here (and loads twice), and with the ring a step stores twice.
#   - three streams' schedules at a time: 62; the schedule only in the
#     padding block's half of the rounds (one buffer would do): +3; one load
#     of the padding block's W[t]+K[t] for the four streams: no gain;
#     vpalignr (EVEX) instead of movdqa + palignr: no gain.
#   - streams 2 and 3 running 4 to 24 rounds behind streams 0 and 1, so
#     that only their schedule precedes the first rounds: 49.5-51.8, a
#     16-message call 988-1014: no clear gain for a second code path.
# A call's fixed cost is the first group's schedule, formed before any
# rounds. Measured 2026-12-05 (the same harness, a call's time averaged
# over 50 calls with an lfence after each, fastest of 60, median of 9;
# ticks for 4 / 16 messages; an empty function 20):
#   - the whole schedule a group ahead, the first group's in 10
#     instructions a step (as shani4_steps): 357 / 971;
#   - the first group's in 6 (shani4_prologue): 345 / 946. Alone (the
#     function returning after it) it takes ~116; with sha256msg2 replaced
#     by paddd ~79, with sha256msg1 too ~70: a sha256msg2 occupies its unit
#     2 cycles (48 of them: 96 cycles), and the rest is bound by the vector
#     ALUs (~350 instructions);
#   - 10 steps ahead, the last 6 beside the group's own rounds (as here):
#     300 / 903, 50.1-50.5 a message in the long run against 49.7.
# The frame holds the messages' schedule: the last group's rounds clear it
# beside them (clear_beside), and xmm16-xmm31 are zeroed.

# shani4_steps(IN, MOFF, BUF, S, [CUR, PREV, X], TL, TK, [PARK0..3], N): the
# schedule of the block at MOFF(IN) as stream S, a list of its first N
# steps (each a list of instructions), step g storing W[4g..4g+3]+K to
# 256*S+16*g(BUF). IN is a register, or a list of one register a stream.
# Every group a later step reads is parked, so with N < 16 the last four
# are left in PARK for shani4_rest.
sub shani4_steps {
  my ($in, $moff, $buf, $s, $regs, $TL, $TK, $park, $n) = @_;
  # IN may be a list of base registers, one a stream (the mb function).
  $in = $in->[$s] if ref $in;
  my ($cur, $prev, $x) = @$regs;
  my @steps;
  for my $g (0 .. $n - 1) {
    my @i;
    if ($g < 4) {
      push @i, "movdqu\t" . ($moff + 16 * $g) . "($in), $x",
               "pshufb\t.Lsha256_shani_bswap(%rip), $x",
               "vmovdqa64\t$x, $park->[$g]";
    } else {
      push @i, "vmovdqa64\t$park->[$g % 4], $x",             # W[t-16..]
               "vmovdqa64\t$park->[($g + 1) % 4], $TL",      # W[t-12..]
               "sha256msg1\t$TL, $x",
               "movdqa\t$cur, $TL", "palignr\t\$4, $prev, $TL",  # W[t-7..t-4]
               "paddd\t$TL, $x", "sha256msg2\t$cur, $x";
      # Read again by steps g+3 (sha256msg1) and g+4.
      push @i, "vmovdqa64\t$x, $park->[$g % 4]" if $g + 3 <= 15;
    }
    push @i, "vpaddd\t.Lsha256_mb_K+" . (16 * $g) . "(%rip), $x, $TK",
             "vmovdqa64\t$TK, " . (256 * $s + 16 * $g) . "($buf)";
    push @steps, \@i;
    ($prev, $cur, $x) = ($cur, $x, $prev);
  }
  return @steps;
}

# shani4_schedule(IN, MOFF, BUF, STREAMS, FIRST, TL, TK, PARK, N): the
# first N steps of the schedules of STREAMS (stream s's block at MOFF + 64 * s
# from IN, or at MOFF from IN->[s] if IN is a list), their steps
# alternating; the k-th stream's registers are xmm(FIRST + 3k ..) and
# xmm(PARK + 4k ..).
sub shani4_schedule {
  my ($in, $moff, $buf, $ss, $first, $TL, $TK, $park0, $n) = @_;
  my @lists;
  for my $k (0 .. $#$ss) {
    my $s = $ss->[$k];
    push @lists, [shani4_steps($in, ref $in ? $moff : $moff + 64 * $s, $buf, $s,
                               [map { "%xmm" . ($first + 3 * $k + $_) } 0 .. 2], $TL, $TK,
                               [map { "%xmm" . ($park0 + 4 * $k + $_) } 0 .. 3], $n)];
  }
  my @i;
  for my $g (0 .. $n - 1) {
    push @i, @{ $_->[$g] } for @lists;
  }
  return @i;
}

# shani4_prologue(IN, MOFF, BUF, N): the first N steps of the schedule of
# the first group (block), formed before any rounds run, so with every
# register free: stream s keeps its last four groups of words in
# xmm(4s)..xmm(4s+3) (group g in xmm(4s + g mod 4), overwriting group g-4,
# the one sha256msg1 consumes), and EVEX vpalignr/vpaddd write the
# temporaries in xmm16-xmm23. A step is then 6 instructions, not the 10 of
# shani4_steps (no moves to and from parking registers, no copy before
# palignr). The four streams' steps alternate. Stores W[4g..4g+3]+K to
# 256*s+16*g(BUF); IN and MOFF as for shani4_steps. With N < 16, the last
# four groups of stream s are then moved to xmm(16 + 4s + g mod 4) for
# shani4_rest.
sub shani4_prologue {
  my ($in, $moff, $buf, $n) = @_;
  my @i;
  for my $g (0 .. $n - 1) {
    for my $s (0 .. 3) {
      my @w = map { "%xmm" . (4 * $s + ($g + $_) % 4) } 0 .. 3;  # W groups g-4 .. g-1
      my ($x, $T, $TK) = ($w[0], "%xmm" . (16 + 2 * $s), "%xmm" . (17 + 2 * $s));
      if ($g < 4) {
        my ($base, $off) = ref $in ? ($in->[$s], $moff) : ($in, $moff + 64 * $s);
        push @i, "movdqu\t" . ($off + 16 * $g) . "($base), $x",
                 "pshufb\t.Lsha256_shani_bswap(%rip), $x";
      } else {
        push @i, "sha256msg1\t$w[1], $x",                 # W[t-16..] + sigma0
                 "vpalignr\t\$4, $w[2], $w[3], $T",      # W[t-7..t-4]
                 "vpaddd\t$T, $x, $x",
                 "sha256msg2\t$w[3], $x";                 # + sigma1
      }
      push @i, "vpaddd\t.Lsha256_mb_K+" . (16 * $g) . "(%rip), $x, $TK",
               "vmovdqa64\t$TK, " . (256 * $s + 16 * $g) . "($buf)";
    }
  }
  push @i, map { "vmovdqa64\t%xmm$_, %xmm" . (16 + $_) } 0 .. 15 if $n < 16;
  return @i;
}

# shani4_rest(BUF, N): steps N..15 of the four streams' schedules, their
# last four groups parked in xmm16-xmm31 (stream s's group g in
# xmm(16 + 4s + g mod 4)), storing W[4g..4g+3]+K to 256*s+16*g(BUF). A step
# as in shani4_steps, but with every group read from its parking register
# (EVEX vpalignr reads them there; sha256msg1's and sha256msg2's sources
# are copied to a low register), so it holds only two registers of
# xmm9-xmm14 (x and a temporary) between its own instructions and can go
# anywhere beside the rounds. The steps alternate between the streams.
sub shani4_rest {
  my ($buf, $n) = @_;
  my @i;
  for my $g ($n .. 15) {
    for my $s (0 .. 3) {
      my @p = map { "%xmm" . (16 + 4 * $s + ($g + $_) % 4) } 0 .. 3;  # groups g-4 .. g-1
      my ($x, $t) = ("%xmm" . (9 + $s), "%xmm" . (13 + $s % 2));
      push @i, "vmovdqa64\t$p[0], $x",                    # W[t-16..]
               "vmovdqa64\t$p[1], $t",
               "sha256msg1\t$t, $x",                      # + sigma0(W[t-15..])
               "vpalignr\t\$4, $p[2], $p[3], $t",         # W[t-7..t-4]
               "paddd\t$t, $x",
               "vmovdqa64\t$p[3], $t",
               "sha256msg2\t$t, $x";                      # + sigma1
      push @i, "vmovdqa64\t$x, $p[0]" if $g < 15;        # read by steps g+1..g+4
      push @i, "vpaddd\t.Lsha256_mb_K+" . (16 * $g) . "(%rip), $x, $t",
               "movdqa\t$t, " . (256 * $s + 16 * $g) . "($buf)";
    }
  }
  return @i;
}

# shani4_block(ST, BUF): the 64 rounds of one block in the four streams
# (ST: their state registers), W[t]+K[t] from BUF. For each pair of rounds
# the streams go one after the other, so the four chains of sha256rnds2
# interleave. The even sha256rnds2 of a group of four rounds takes the
# group's first two words, the odd one the last two (a movq load: the
# instruction reads only the low 64 bits of xmm0). 32 sha256rnds2 leave
# each stream's two halves where they started.
sub shani4_block {
  my ($st, $buf) = @_;
  my @i;
  for my $r (0 .. 31) {
    for my $s (0 .. 3) {
      my $at = 256 * $s + 16 * ($r >> 1);
      push @i, ($r & 1) ? "movq\t" . ($at + 8) . "($buf), %xmm0" : "movdqa\t$at($buf), %xmm0",
               "sha256rnds2\t$st->[$s][0], $st->[$s][1]";
      @{ $st->[$s] } = reverse @{ $st->[$s] };
    }
  }
  return @i;
}

# shani4_rounds(BUF, OUT, H1): the rounds of the four streams, W[t]+K[t] of
# the message block from BUF, their digests to OUT; H(1) kept at H1(%rsp).
# Two lists: the message block's rounds, then the rest.
sub shani4_rounds {
  my ($buf, $out, $h1) = @_;
  my @st = map { ["%xmm" . (1 + 2 * $_), "%xmm" . (2 + 2 * $_)] } 0 .. 3;
  my $wk = '%xmm0';
  my @i;
  for my $x (@st) {
    push @i, "movdqa\t.Lsha256_shani_IV(%rip), $x->[0]",
             "movdqa\t.Lsha256_shani_IV+16(%rip), $x->[1]";
  }
  push @i, shani4_block(\@st, $buf);
  my @first = @i;
  @i = ();
  for my $s (0 .. 3) {
    push @i, "paddd\t.Lsha256_shani_IV(%rip), $st[$s][0]",
             "paddd\t.Lsha256_shani_IV+16(%rip), $st[$s][1]",
             "movdqa\t$st[$s][0], " . ($h1 + 32 * $s) . "(%rsp)",
             "movdqa\t$st[$s][1], " . ($h1 + 32 * $s + 16) . "(%rsp)";
  }
  # The padding block, from its table.
  for my $r (0 .. 31) {
    for my $s (0 .. 3) {
      push @i, "movdqa\t.Lsha256_shani_pad_WK+" . (16 * $r) . "(%rip), $wk",
               "sha256rnds2\t$st[$s][0], $st[$s][1]";
      @{ $st[$s] } = reverse @{ $st[$s] };
    }
  }
  # H(2) = H(1) + the state, in a..h order and big-endian (as in
  # shani_messages, with xmm0 as the temporary).
  for my $s (0 .. 3) {
    my ($abef, $cdgh) = @{ $st[$s] };
    push @i, "paddd\t" . ($h1 + 32 * $s) . "(%rsp), $abef",
             "paddd\t" . ($h1 + 32 * $s + 16) . "(%rsp), $cdgh",
             "pshufd\t\$0x1b, $abef, $abef",        # a b e f
             "pshufd\t\$0xb1, $cdgh, $cdgh",        # g h c d
             "movdqa\t$cdgh, $wk",
             "palignr\t\$8, $abef, $wk",            # e f g h
             "pblendw\t\$0xf0, $cdgh, $abef",       # a b c d
             "pshufb\t.Lsha256_shani_bswap(%rip), $abef",
             "pshufb\t.Lsha256_shani_bswap(%rip), $wk",
             "movdqu\t$abef, " . (32 * $s) . "($out)",
             "movdqu\t$wk, " . (32 * $s + 16) . "($out)";
  }
  return (\@first, \@i);
}

# spread(R, S, RUN): the instructions of R with those of S between them:
# after each run of RUN instructions of R, S's up to the same fraction.
sub spread {
  my ($r, $s, $run) = @_;
  my @m;
  my $j = 0;
  for (my $i = 0; $i < @$r; $i += $run) {
    my $end = $i + $run < @$r ? $i + $run : scalar @$r;
    push @m, @$r[$i .. $end - 1];
    my $want = int(@$s * $end / @$r);
    push @m, @$s[$j .. $want - 1] if $want > $j;
    $j = $want if $want > $j;
  }
  return @m;
}

# shani4_buffers(CUR, NXT): the two 1 KB buffers of W[t]+K[t] at the first
# 32-byte boundary of the frame (%rsp is 16-aligned there), so that
# clear_beside can clear them with 32-byte stores; H(1) follows at
# $shani4_h(%rsp).
our $shani4_h = 2048 + 16;
sub shani4_buffers {
  my ($cur, $nxt) = @_;
  return ("leaq\t31(%rsp), $cur", "andq\t\$-32, $cur", "leaq\t1024($cur), $nxt");
}

# clear_beside(LAST, CUR, NXT, H, FROM): the last group's (block's)
# instructions LAST with the frame cleared beside them (the frame holds
# input-derived words) from %ymm31, which is zeroed before LAST's
# instruction FROM (xmm31 may hold a parked group until then): NXT's 32
# stores of 32 bytes spread through LAST from FROM on, and each 32 bytes of
# CUR stored after the movq that reads their last quarter, their last read,
# or spread from FROM on with NXT's if that read comes before FROM; then the
# 128 bytes at H(%rsp) and xmm16-xmm31. Measured (Zen 4, a 16-message call
# of the pairs function, ticks): 30 more than without clearing with
# 16-byte stores, 20 with these 32-byte ones, 30 with 64-byte ones (a zmm
# store beside the rounds takes more than a cycle; a 16- or 32-byte store
# nothing), ~100 for 16-byte stores after the rounds.
sub clear_beside {
  my ($last, $cur, $nxt, $h, $from) = @_;
  my (@head, @tail, @later);
  for my $k (0 .. $#$last) {
    my $i = $last->[$k];
    push @tail, "vpxord\t%xmm31, %xmm31, %xmm31" if $k == $from;
    push @{ $k < $from ? \@head : \@tail }, $i;
    next unless $i =~ /^movq\t(\d+)\(\Q$cur\E\)/ && $1 % 32 == 24;
    my $clear = "vmovdqa64\t%ymm31, " . ($1 - 24) . "($cur)";
    if ($k < $from) { push @later, $clear; } else { push @tail, $clear; }
  }
  push @later, map { "vmovdqa64\t%ymm31, " . (32 * $_) . "($nxt)" } 0 .. 31;
  return (@head, spread(\@tail, \@later, 1),
          (map { "vmovdqa64\t%xmm31, " . ($h + 16 * $_) . "(%rsp)" } 0 .. 7),
          (map { "vpxord\t%xmm$_, %xmm$_, %xmm$_" } 16 .. 31));
}

# shani4_with_rest(BLOCK, BUF): the message block's rounds BLOCK (from
# shani4_rounds) with the schedule's steps $shani4_split..15 (shani4_rest)
# spread through their first 90% in runs of 8 round instructions. The
# step forming group g must come before the rounds' first read of it (round
# pair 2g of 32): group 10's lands at 15% of the block against 63%, group
# 15's at 90% against 94%. The generator checks that order.
our $shani4_split = 10;
sub shani4_with_rest {
  my ($block, $buf) = @_;
  my $f = int(@$block * 0.9);
  my @l = (spread([@$block[0 .. $f - 1]], [shani4_rest($buf, $shani4_split)], 8),
           @$block[$f .. $#$block]);
  my %stored;
  for my $i (@l) {
    $stored{$1} = 1 if $i =~ /^movdqa\t%xmm\d+, (\d+)\(\Q$buf\E\)$/;
    die "shani4_with_rest: $i before its store\n"
      if $i =~ /^mov(dqa|q)\t(\d+)\(\Q$buf\E\), %xmm0$/ && $2 % 256 >= 16 * $shani4_split
         && !$stored{$2 - ($1 eq 'q' ? 8 : 0)};
  }
  return @l;
}

sub avx512_shani_pairs_x4 {
  my $fn = "sha256_pairs_avx512_shani_x4";
  my ($out, $in, $num) = ('%rdi', '%rsi', '%rdx');
  my ($cur, $nxt) = ('%rax', '%rcx');
  my $h1 = $shani4_h;
  my $c = X86_64Xlate::function_begin($fn, args => 3, xmm => [6 .. 15],
                                      frame => $h1 + 128);
  $c .= text("testq\t$num, $num", "jz\t.L${fn}_done", shani4_buffers($cur, $nxt));
  # The first 10 steps of group 0's schedule, four streams at once
  # (xmm0-xmm15, xmm16-xmm23), their last groups parked in xmm16-xmm31.
  $c .= text(shani4_prologue($in, 0, $cur, $shani4_split));
  $c .= text("decq\t$num", "jz\t.L${fn}_last");
  $c .= ".L${fn}_loop:\n";
  # The rounds of this group (buffer $cur) with the rest of its schedule,
  # then its padding block's with the first 10 steps of the next group's
  # (in + 256, buffer $nxt; the first two streams' groups parked in
  # xmm16-xmm23, the others' in xmm24-xmm31).
  my @s = (shani4_schedule($in, 256, $nxt, [0, 1], 9, "%xmm15", "%xmm15", 16, $shani4_split),
           shani4_schedule($in, 256, $nxt, [2, 3], 9, "%xmm15", "%xmm15", 24, $shani4_split));
  my ($block, $pad) = shani4_rounds($cur, $out, $h1);
  $c .= text(shani4_with_rest($block, $cur), spread($pad, \@s, 16));
  $c .= text("addq\t\$256, $in", "addq\t\$128, $out", "xchgq\t$cur, $nxt",
             "decq\t$num", "jnz\t.L${fn}_loop");
  $c .= ".L${fn}_last:\n";
  # The last group: its parked groups are read until the padding block.
  ($block, $pad) = shani4_rounds($cur, $out, $h1);
  my @block = shani4_with_rest($block, $cur);
  $c .= text(clear_beside([@block, @$pad], $cur, $nxt, $h1, scalar @block));
  $c .= ".L${fn}_done:\n";
  $c .= X86_64Xlate::epilogue();
  $c .= X86_64Xlate::function_end();
  return $c;
}

# sha256_mb_avx512_shani_x4(uint32_t state[8 * 4], const uint8_t *const in[4],
# size_t num_blocks): the mb contract (H_j of lane l at state[4 * j + l])
# in four SHA-NI streams, the schedule of block b+1 formed during the
# rounds of block b as in the pairs function. The chaining values go to the
# SHA-NI halves ({F,E,B,A} and {H,G,D,C} from dword 0 up) by two 4x4
# transposes on entry and back on return; the feed-forward of each block
# adds the block's starting state, kept in the frame.
#
# Measured (Zen 4 as above; SHA256_batch with the row forced, fastest of
# 3000 calls, best of 5 rounds, ticks a message): 1 KiB messages, n = 64,
# 743 against 771 for the 16 lanes and 1513 one by one; 4 KiB 2652 against
# 2859; n = 4 of 1 KiB 774 against 1541 (the lanes, 4 of 16 busy, and one by
# one alike). Per block that is ~62 cycles a message against the SHA unit's
# 32: every block needs a schedule here (the pairs functions' second block
# does not), and with two streams' schedules at a time their chains (two
# after two, ~72 cycles each) take longer than a block's 128 cycles of
# rounds. Four at a time would need 12 of the 7 free registers. So for 16
# or more short messages the lanes stay faster (64 bytes: 146 against 123
# ticks a message; they cross at ~600 bytes), and sha_batch.c picks.
sub avx512_shani_mb_x4 {
  my $fn = "sha256_mb_avx512_shani_x4";
  my ($state, $inp, $num) = ('%rdi', '%rsi', '%rdx');
  my @ptr = ('%r8', '%r9', '%r10', '%r11');
  my ($cur, $nxt) = ('%rax', '%rcx');
  my $h = $shani4_h;
  my @st = map { ["%xmm" . (1 + 2 * $_), "%xmm" . (2 + 2 * $_)] } 0 .. 3;
  my $c = X86_64Xlate::function_begin($fn, args => 3, xmm => [6 .. 15],
                                      frame => $h + 128);
  $c .= text("testq\t$num, $num", "jz\t.L${fn}_done",
             (map { "movq\t" . (8 * $_) . "($inp), $ptr[$_]" } 0 .. 3),
             shani4_buffers($cur, $nxt));
  # Block 0's schedule, four streams at once (xmm0-xmm15, xmm16-xmm23).
  $c .= text(shani4_prologue(\@ptr, 0, $cur, 16));
  # Rows j = 0..7 (H_j of the four lanes) to the halves: for the ABEF half
  # of lane l, F E B A; for CDGH, H G D C (xmm9-xmm12 the temporaries).
  for my $half ([5, 4, 1, 0, 0], [7, 6, 3, 2, 1]) {
    my ($j0, $j1, $j2, $j3, $which) = @$half;
    $c .= text("vmovdqu\t" . (16 * $j0) . "($state), %xmm9",
               "vmovdqu\t" . (16 * $j2) . "($state), %xmm11",
               "vpunpckhdq\t" . (16 * $j1) . "($state), %xmm9, %xmm10",   # r0 r1 of lanes 2, 3
               "vpunpckldq\t" . (16 * $j1) . "($state), %xmm9, %xmm9",    # of lanes 0, 1
               "vpunpckhdq\t" . (16 * $j3) . "($state), %xmm11, %xmm12",
               "vpunpckldq\t" . (16 * $j3) . "($state), %xmm11, %xmm11",
               "vpunpcklqdq\t%xmm11, %xmm9, $st[0][$which]",
               "vpunpckhqdq\t%xmm11, %xmm9, $st[1][$which]",
               "vpunpcklqdq\t%xmm12, %xmm10, $st[2][$which]",
               "vpunpckhqdq\t%xmm12, %xmm10, $st[3][$which]");
  }
  $c .= text("decq\t$num", "jz\t.L${fn}_last");
  # A block's starting state to the frame, its rounds, the feed-forward.
  my $save = sub {
    return map { my $s = $_; map { "movdqa\t$st[$s][$_], " . ($h + 32 * $s + 16 * $_) . "(%rsp)" } 0, 1 } 0 .. 3;
  };
  my $add = sub {
    return map { my $s = $_; map { "paddd\t" . ($h + 32 * $s + 16 * $_) . "(%rsp), $st[$s][$_]" } 0, 1 } 0 .. 3;
  };
  $c .= ".L${fn}_loop:\n";
  my @s = map { shani4_schedule(\@ptr, 64, $nxt, $_, 9, "%xmm15", "%xmm24", 16, 16) }
          [0, 1], [2, 3];
  $c .= text(spread([$save->(), shani4_block(\@st, $cur), $add->()], \@s, 16));
  $c .= text((map { "addq\t\$64, $_" } @ptr), "xchgq\t$cur, $nxt",
             "decq\t$num", "jnz\t.L${fn}_loop");
  $c .= ".L${fn}_last:\n";
  $c .= text(clear_beside([$save->(), shani4_block(\@st, $cur), $add->()], $cur, $nxt, $h, 0));
  # The halves back to rows.
  for my $half ([5, 4, 1, 0, 0], [7, 6, 3, 2, 1]) {
    my ($j0, $j1, $j2, $j3, $which) = @$half;
    $c .= text("vpunpckldq\t$st[1][$which], $st[0][$which], %xmm9",    # j0 j0 j1 j1, lanes 0 1
               "vpunpckldq\t$st[3][$which], $st[2][$which], %xmm10",   # lanes 2 3
               "vpunpckhdq\t$st[1][$which], $st[0][$which], %xmm11",   # j2 j2 j3 j3
               "vpunpckhdq\t$st[3][$which], $st[2][$which], %xmm12",
               "vpunpcklqdq\t%xmm10, %xmm9, %xmm13",
               "vpunpckhqdq\t%xmm10, %xmm9, %xmm14",
               "vmovdqu\t%xmm13, " . (16 * $j0) . "($state)",
               "vmovdqu\t%xmm14, " . (16 * $j1) . "($state)",
               "vpunpcklqdq\t%xmm12, %xmm11, %xmm13",
               "vpunpckhqdq\t%xmm12, %xmm11, %xmm14",
               "vmovdqu\t%xmm13, " . (16 * $j2) . "($state)",
               "vmovdqu\t%xmm14, " . (16 * $j3) . "($state)");
  }
  $c .= ".L${fn}_done:\n";
  $c .= X86_64Xlate::epilogue();
  $c .= X86_64Xlate::function_end();
  return $c;
}

# --- AVX-512 lanes beside SHA-NI streams ------------------------------------------
#
# sha256_pairs_avx512_shani_x(16+2K)(uint8_t *out, const uint8_t *in,
# size_t n): n groups of 16 + 2K consecutive 64-byte messages; messages
# 0..15 go through the AVX-512 lanes as in sha256_pairs_avx512_x16,
# messages 16.. through two SHA-NI streams, K messages each. The SHA
# instructions execute beside the vector ALUs (measured here: 4 sha256rnds2
# chains plus 24 independent zmm operations take 6.0 TSC ticks an
# iteration, against 5.1 and 4.8 alone), so the streams' messages cost
# little while the lanes run. The SHA-NI state lives in xmm0-xmm15, so it
# can only run while the lanes stay in zmm16-zmm31: during the padding
# block, whose state is moved to zmm16-zmm23 (temporaries zmm24-zmm31, H(1)
# in the frame for the feed-forward). A vzeroupper before that part leaves
# the upper halves of zmm0-zmm15 zero, so the legacy-SSE SHA-NI code does
# not merge into dirty registers. Every input of the group is read before
# the first digest of it is written, and the digests of group g end below
# the input of group g+1, so out == in works.
sub hybrid_pairs {
  my ($K) = @_;
  my $p = \%SHA256;
  my $N = 16 + 2 * $K;
  my $fn = "sha256_pairs_avx512_shani_x$N";
  my ($out, $in, $num) = ('%rdi', '%rsi', '%rdx');
  my @st2 = map { "%zmm$_" } 16 .. 23;
  my @rt2 = map { "%zmm$_" } 24 .. 31;
  my $c = X86_64Xlate::function_begin($fn, args => 3, xmm => [6 .. 15],
                                      frame => 512);
  $c .= text("testq\t$num, $num", "jz\t.L${fn}_done");
  $c .= ".L${fn}_loop:\n";
  $c .= load_block($p, sub {
    my ($lane, $part) = @_;
    return ($lane * 64 + 64 * $part) . "($in)";
  });
  $c .= text(map { "vpbroadcastd\t.Lsha256_mb_IV+" . (4 * $_) . "(%rip), $ST[$_]" } 0 .. 7);
  $c .= all_rounds($p, 0);
  # H(1) = IV + the working variables: to the frame and to zmm16-zmm23.
  $c .= text(map { ("vpaddd\t.Lsha256_mb_IV+" . (4 * $_) . "(%rip){1to16}, $ST[$_], $ST[$_]",
                    "vmovdqu64\t$ST[$_], " . (64 * $_) . "(%rsp)",
                    "vmovdqa64\t$ST[$_], $st2[$_]") } 0 .. 7);
  $c .= text("vzeroupper", "movdqa\t.Lsha256_shani_bswap(%rip), %xmm15");
  # The padding block of the lanes, and the streams' messages: the two
  # lists merged in proportion.
  my @lanes = all_rounds_list($p, 1, \@st2, \@rt2);
  my @streams;
  for my $s (0, 1) {
    my $b = 1 + 6 * $s;
    push @streams, { st => ["%xmm$b", "%xmm" . ($b + 1)],
                     m => [map { "%xmm" . ($b + 2 + $_) } 0 .. 3] };
  }
  my @sha;
  for my $k (0 .. $K - 1) {
    my @m = (16 + $k, 16 + $K + $k);    # stream 0, stream 1
    push @sha, shani_messages(\@streams, $in, $out, [map { 64 * $_ } @m],
                              [map { 32 * $_ } @m]);
  }
  # The digests of the streams are stored before those of the lanes, which
  # overwrite inputs 0..7 (all read in load_block above).
  my @merged;
  my ($i, $j) = (0, 0);
  while ($i < @lanes || $j < @sha) {
    # Keep j / |sha| level with i / |lanes|.
    if ($j < @sha && ($i >= @lanes || $j * @lanes <= $i * @sha)) {
      push @merged, $sha[$j++];
    } else {
      push @merged, $lanes[$i++];
    }
  }
  $c .= text(@merged);
  # H(2) = H(1) + the working variables, back in zmm0-zmm7 for the store.
  $c .= text(map { ("vpaddd\t" . (64 * $_) . "(%rsp), $st2[$_], $ST[$_]") } 0 .. 7);
  $c .= store_digests($p, $out);
  $c .= text("addq\t\$" . (64 * $N) . ", $in", "addq\t\$" . (32 * $N) . ", $out",
             "decq\t$num", "jnz\t.L${fn}_loop");
  # The frame held H(1) of 16 messages: clear it.
  $c .= text("vpxord\t%zmm0, %zmm0, %zmm0",
             map { "vmovdqu64\t%zmm0, " . (64 * $_) . "(%rsp)" } 0 .. 7);
  $c .= ".L${fn}_done:\n";
  $c .= text("vzeroupper");
  $c .= X86_64Xlate::epilogue();
  $c .= X86_64Xlate::function_end();
  return $c;
}

# --- AVX2 and AVX lanes -----------------------------------------------------------
#
# sha256_mb_avx2_x8, sha256_pairs_avx2_x8 (8 lanes of ymm), sha512_mb_avx2_x4,
# sha512_pairs_avx2_x4 (4 lanes of ymm), sha256_mb_avx_x4,
# sha256_pairs_avx_x4 (4 lanes of xmm, AVX without AVX2): the contracts of
# the AVX-512 functions with fewer lanes. Without AVX-512 there is no
# rotate and no three-input logic instruction, and only 16 vector
# registers, so the plan differs:
#   v0-v7     the working variables a..h, one word per lane
#   v8        b ^ c, carried from round to round (a ^ b of one round is
#             b ^ c of the next), for Maj(a,b,c) = ((a ^ b) & (b ^ c)) ^ b
#   v9-v15    temporaries of the round and of the schedule
#   frame     the message schedule W[t mod 16] (16 vectors), and for the
#             pairs functions H(1) (8 vectors) for the last feed-forward
# A rotate is two shifts, so Σ0, Σ1 are 6 shifts and 5 xors each and σ0,
# σ1 5 shifts and 4 xors (SHA-512's ROTR 8 in σ0 is one vpshufb). A round
# is 35 operations (W and K[t] added, Ch 3, Σ1 11, Maj 3, Σ0 11, 5 adds)
# plus a broadcast load of K[t]; the schedule of round t (t >= 16) loads
# W[t-15] and W[t-2], adds W[t-16] and W[t-7] from the frame and stores W[t]:
# 21 operations and 5 memory accesses. The padding block's rounds take
# W[t] + K[t] from the pad_WK table by a broadcast load. The schedule
# spills because 8 working variables, b ^ c and the 7 temporaries a round
# needs already fill the 16 registers; its memory traffic (5 accesses a
# round) goes to the load/store ports, which the vector ALUs do not use.
#
# The message words are transposed through 4x4 (dword) or 2x2 (qword)
# transposes of 16-byte chunks: for 8 SHA-256 lanes of ymm, lane j's chunk
# c in the low half and lane j + 4's in the high half (vinserti128), then
# vpunpck{l,h}dq and vpunpck{l,h}qdq within each half; the digests go back
# the same way (a 4x4 transpose is its own inverse), with vextracti128 for
# the high halves.

# An AVX variant: P the hash, WIDTH 256 (ymm, AVX2) or 128 (xmm, AVX).
sub vx_variant {
  my ($p, $width, $isa) = @_;
  my $vb = $width / 8;
  my $reg = $width == 256 ? 'ymm' : 'xmm';
  return { p => $p, vb => $vb, isa => $isa,
           lanes => $width / $p->{bits},
           v => [map { "%$reg$_" } 0 .. 15] };
}

# vx_bcast(VX, MEM, DST): every lane of DST = the word at MEM. AVX has no
# integer broadcast; vbroadcastss moves the same 32 bits.
sub vx_bcast {
  my ($x, $mem, $dst) = @_;
  return "vbroadcastss\t$mem, $dst" if $x->{isa} eq 'avx';
  return ($x->{p}{bits} == 32 ? "vpbroadcastd" : "vpbroadcastq") . "\t$mem, $dst";
}

# vx_sigma(VX, X, ROTS, SHR, DST, B, T): DST = the xor of ROTR^r(X) for r
# in ROTS and, if SHR is defined, SHR^SHR(X). The shifted terms are xored
# in pairs and the pairs folded into DST, so the result is 4 operations
# deep rather than 6 (Σ1 of e is on the e -> e' chain); B and T are
# scratch.
sub vx_sigma {
  my ($x, $in, $rots, $shr, $dst, $b, $tmp) = @_;
  my $bits = $x->{p}{bits};
  my $s = sfx($x->{p});
  my @terms;
  for my $r (@$rots) {
    if ($bits == 64 && $r % 8 == 0) {
      die "only ROTR 8 has a table" unless $r == 8;
      push @terms, "vpshufb\t.Lsha512_avx2_ror8(%rip), $in, ";
    } else {
      push @terms, "vpsrl$s\t\$$r, $in, ", "vpsll$s\t\$" . ($bits - $r) . ", $in, ";
    }
  }
  push @terms, "vpsrl$s\t\$$shr, $in, " if defined $shr;
  my @i = ($terms[0] . $dst);
  my $k = 1;
  if ($k < @terms) {
    push @i, $terms[$k++] . $tmp, "vpxor\t$tmp, $dst, $dst";
  }
  while ($k < @terms) {
    if ($k + 1 < @terms) {
      push @i, $terms[$k] . $b, $terms[$k + 1] . $tmp, "vpxor\t$tmp, $b, $b",
               "vpxor\t$b, $dst, $dst";
      $k += 2;
    } else {
      push @i, $terms[$k++] . $tmp, "vpxor\t$tmp, $dst, $dst";
    }
  }
  return @i;
}

sub vx_slot { my ($x, $t) = @_; return ($x->{vb} * ($t % 16)) . "(%rsp)"; }

# vx_round(VX, T, V, BC, WK, KMEM): round t, V = [a..h], BC the register
# with b ^ c, WK ['reg', R] (W[t] in R), ['mem'] (W[t] in its frame slot)
# or ['pad'] (no W: KMEM is W[t] + K[t]); KMEM the address of K[t]. Returns
# the instructions and the register that holds b ^ c for the next round
# (the other of v8, v9).
sub vx_round {
  my ($x, $t, $v, $bc, $wk, $kmem) = @_;
  my $p = $x->{p};
  my ($a, $b, $c, $d, $e, $f, $g, $h) = @$v;
  my $s = sfx($p);
  my ($ab) = grep { $_ ne $bc } @{ $x->{v} }[8, 9];
  my ($k, $ch, $s1, $t1, $s0, $t0) = @{ $x->{v} }[10 .. 15];
  my @i;
  # h += W[t] + K[t] (h is e of three rounds ago: off the chains).
  if ($wk->[0] ne 'pad') {
    push @i, "vpadd$s\t" . ($wk->[0] eq 'reg' ? $wk->[1] : vx_slot($x, $t)) . ", $h, $h";
  }
  push @i, vx_bcast($x, $kmem, $k), "vpadd$s\t$k, $h, $h";
  # Ch(e,f,g) = ((f ^ g) & e) ^ g; u = h + Ch, 3 operations after e.
  push @i, "vpxor\t$g, $f, $ch", "vpand\t$e, $ch, $ch", "vpxor\t$g, $ch, $ch",
           "vpadd$s\t$ch, $h, $h";
  # T1 = u + Σ1(e) (e + 5); e' = d + T1 (e + 6). Registers are renamed,
  # so reusing a temporary whose value is dead costs nothing.
  push @i, vx_sigma($x, $e, $p->{S1}, undef, $s1, $t1, $s0),
           "vpadd$s\t$s1, $h, $h", "vpadd$s\t$h, $d, $d";
  # a' = T1 + (Maj(a,b,c) + Σ0(a)) (a + 6), in h's register.
  push @i, "vpxor\t$b, $a, $ab", "vpand\t$ab, $bc, $bc", "vpxor\t$b, $bc, $bc",
           vx_sigma($x, $a, $p->{S0}, undef, $s0, $t0, $ch),
           "vpadd$s\t$s0, $bc, $bc", "vpadd$s\t$bc, $h, $h";
  return (\@i, $ab);
}

# vx_schedule(VX, T): W[t] = σ1(W[t-2]) + W[t-7] + σ0(W[t-15]) + W[t-16]
# into its frame slot; returns the instructions and the register holding
# W[t] (a temporary the round reads first).
sub vx_schedule {
  my ($x, $t) = @_;
  my $p = $x->{p};
  my $s = sfx($p);
  my ($w15, $s0, $tmp, $w2, $s1, $b) = @{ $x->{v} }[10 .. 15];
  my @i = ("vmovdqu\t" . vx_slot($x, $t - 15) . ", $w15",
           vx_sigma($x, $w15, [@{ $p->{s0} }[0, 1]], $p->{s0}[2], $s0, $b, $tmp),
           "vmovdqu\t" . vx_slot($x, $t - 2) . ", $w2",
           vx_sigma($x, $w2, [@{ $p->{s1} }[0, 1]], $p->{s1}[2], $s1, $b, $tmp),
           "vpadd$s\t$s0, $s1, $s1",
           "vpadd$s\t" . vx_slot($x, $t - 16) . ", $s1, $s1",
           "vpadd$s\t" . vx_slot($x, $t - 7) . ", $s1, $s1",
           "vmovdqu\t$s1, " . vx_slot($x, $t));
  return (\@i, $s1);
}

# vx_block(VX, PAD, LABEL): the rounds of one block, the message schedule
# in the frame (or the padding block). Sixteen rounds are one loop body:
# the names a..h come back every 8 rounds, the frame slots every 16, and
# b ^ c alternates between v8 and v9. Rounds 0-15 (no schedule) run once,
# 16-31 with the schedule rounds/16 - 1 times; the padding block's 16
# rounds rounds/16 times. %r9 walks the K (or W + K) table, %r10 counts.
# (Unrolled, the six functions took 165 KB; rolled ~45 KB, and the loop
# costs an add and a branch every 16 rounds.)
sub vx_block {
  my ($x, $pad, $label) = @_;
  my $p = $x->{p};
  my $sz = $p->{bits} / 8;
  my @v = @{ $x->{v} }[0 .. 7];
  my $bc = $x->{v}[8];
  my $table = $pad ? ".L$p->{name}_pad_WK" : ".L$p->{name}_mb_K";
  my @i = ("vpxor\t$v[2], $v[1], $bc", "leaq\t$table(%rip), %r9");
  my $body = sub {
    my ($sched) = @_;
    my @b;
    for my $t (0 .. 15) {
      my $wk = $pad ? ['pad'] : ['mem'];
      if ($sched) {
        my ($si, $w) = vx_schedule($x, 16 + $t);
        push @b, @$si;
        $wk = ['reg', $w];
      }
      my ($ri, $next) = vx_round($x, $t, \@v, $bc, $wk, ($sz * $t) . "(%r9)");
      push @b, @$ri;
      $bc = $next;
      @v = ($v[7], @v[0 .. 6]);
    }
    return @b, "addq\t\$" . (16 * $sz) . ", %r9";
  };
  my $loops = $p->{rounds} / 16;
  if (!$pad) {
    push @i, $body->(0);
    $loops--;
  }
  push @i, "movl\t\$$loops, %r10d", "$label:", $body->(!$pad),
           "decl\t%r10d", "jnz\t$label";
  die unless $v[0] eq $x->{v}[0] && $bc eq $x->{v}[8];
  return @i;
}

# vx_load_block(VX, ADDR): one block of every lane, byte-swapped and
# transposed, into W[0..15] in the frame. ADDR->(lane, chunk) is the
# address of the lane's 16-byte chunk.
sub vx_load_block {
  my ($x, $addr) = @_;
  my $p = $x->{p};
  my @v = @{ $x->{v} };
  my $wide = $x->{vb} == 32;
  my $bswap = ".L$p->{name}_mb_bswap(%rip)";
  my @i;
  # The 16-byte chunk c of lane j (and of lane j + lanes/2 in the high
  # half, for ymm) into DST.
  my $row = sub {
    my ($j, $c, $dst) = @_;
    my $x16 = $dst =~ s/ymm/xmm/r;
    my @r = ("vmovdqu\t" . $addr->($j, $c) . ", $x16");
    push @r, "vinserti128\t\$1, " . $addr->($j + $x->{lanes} / 2, $c) . ", $dst, $dst" if $wide;
    return @r;
  };
  if ($p->{bits} == 32) {
    for my $c (0 .. 3) {
      my @r = @v[0 .. 3];
      my @t = @v[4 .. 7];
      my @w = @v[8 .. 11];
      push @i, $row->($_, $c, $r[$_]) for 0 .. 3;
      push @i, "vpunpckldq\t$r[1], $r[0], $t[0]", "vpunpckhdq\t$r[1], $r[0], $t[1]",
               "vpunpckldq\t$r[3], $r[2], $t[2]", "vpunpckhdq\t$r[3], $r[2], $t[3]",
               "vpunpcklqdq\t$t[2], $t[0], $w[0]", "vpunpckhqdq\t$t[2], $t[0], $w[1]",
               "vpunpcklqdq\t$t[3], $t[1], $w[2]", "vpunpckhqdq\t$t[3], $t[1], $w[3]";
      push @i, map { ("vpshufb\t$bswap, $w[$_], $w[$_]",
                      "vmovdqu\t$w[$_], " . vx_slot($x, 4 * $c + $_)) } 0 .. 3;
    }
  } else {
    die "SHA-512 lanes are ymm only" unless $wide;
    for my $c (0 .. 7) {
      my @r = @v[2 * ($c % 4) .. 2 * ($c % 4) + 1];
      my @w = @v[8 + 2 * ($c % 4) .. 9 + 2 * ($c % 4)];
      push @i, $row->(0, $c, $r[0]), $row->(1, $c, $r[1]),
               "vpunpcklqdq\t$r[1], $r[0], $w[0]", "vpunpckhqdq\t$r[1], $r[0], $w[1]";
      push @i, map { ("vpshufb\t$bswap, $w[$_], $w[$_]",
                      "vmovdqu\t$w[$_], " . vx_slot($x, 2 * $c + $_)) } 0 .. 1;
    }
  }
  return @i;
}

# vx_store_digests(VX, OUT): the working variables (feed-forward done) of
# every lane, byte-swapped, as consecutive digests at OUT.
sub vx_store_digests {
  my ($x, $out) = @_;
  my $p = $x->{p};
  my @v = @{ $x->{v} };
  my $wide = $x->{vb} == 32;
  my $md = $p->{bits};      # digest bytes: 8 words of bits/8
  my $half = $x->{lanes} / 2;
  my @i = map { "vpshufb\t.L$p->{name}_mb_bswap(%rip), $v[$_], $v[$_]" } 0 .. 7;
  # DST's low half is the digest chunk of lane j at byte OFF, the high half
  # that of lane j + lanes/2.
  my $put = sub {
    my ($src, $j, $off) = @_;
    my $x16 = $src =~ s/ymm/xmm/r;
    my @r = ("vmovdqu\t$x16, " . ($md * $j + $off) . "($out)");
    push @r, "vextracti128\t\$1, $src, " . ($md * ($j + $half) + $off) . "($out)" if $wide;
    return @r;
  };
  if ($p->{bits} == 32) {
    for my $q (0, 1) {
      my @r = @v[4 * $q .. 4 * $q + 3];
      my @t = @v[8 .. 11];
      my @w = @v[12 .. 15];
      push @i, "vpunpckldq\t$r[1], $r[0], $t[0]", "vpunpckhdq\t$r[1], $r[0], $t[1]",
               "vpunpckldq\t$r[3], $r[2], $t[2]", "vpunpckhdq\t$r[3], $r[2], $t[3]",
               "vpunpcklqdq\t$t[2], $t[0], $w[0]", "vpunpckhqdq\t$t[2], $t[0], $w[1]",
               "vpunpcklqdq\t$t[3], $t[1], $w[2]", "vpunpckhqdq\t$t[3], $t[1], $w[3]";
      push @i, $put->($w[$_], $_, 16 * $q) for 0 .. 3;
    }
  } else {
    for my $c (0 .. 3) {
      my ($lo, $hi) = @v[8, 9];
      push @i, "vpunpcklqdq\t$v[2*$c+1], $v[2*$c], $lo",
               "vpunpckhqdq\t$v[2*$c+1], $v[2*$c], $hi";
      push @i, $put->($lo, 0, 16 * $c), $put->($hi, 1, 16 * $c);
    }
  }
  return @i;
}

# vx_function(VX, FN, SLOTS, SETUP, BODY, STEP): the function FN with a
# frame of SLOTS vectors: SETUP (instructions) once, then BODY (text) and
# STEP (instructions) %rdx times; the frame, which held message words and
# chaining values, is cleared after the loop.
sub vx_function {
  my ($x, $fn, $slots, $setup, $body, $step) = @_;
  my $vb = $x->{vb};
  my $z = $x->{v}[0];
  my $c = X86_64Xlate::function_begin($fn, args => 3, xmm => [6 .. 15],
                                      frame => $slots * $vb);
  $c .= text("testq\t%rdx, %rdx", "jz\t.L${fn}_done", @$setup);
  $c .= ".L${fn}_loop:\n" . $body;
  $c .= text(@$step, "decq\t%rdx", "jnz\t.L${fn}_loop", "vpxor\t$z, $z, $z",
             map { "vmovdqu\t$z, " . ($vb * $_) . "(%rsp)" } 0 .. $slots - 1);
  $c .= ".L${fn}_done:\n";
  $c .= text("vzeroupper");
  $c .= X86_64Xlate::epilogue();
  $c .= X86_64Xlate::function_end();
  return $c;
}

sub vx_mb_function {
  my ($x) = @_;
  my $p = $x->{p};
  my ($s, $vb) = (sfx($p), $x->{vb});
  my $fn = "$p->{name}_mb_$x->{isa}_x$x->{lanes}";
  my ($state, $in) = ('%rdi', '%rsi');
  my ($off, $ptr) = ('%r8', '%rax');
  my @v = @{ $x->{v} };
  # Each chunk's lane pointer is loaded into %rax just before the chunk.
  my $c = '';
  my @load = vx_load_block($x, sub { my ($l, $k) = @_; return "__PTR${l}_$k"; });
  for my $ins (@load) {
    if ($ins =~ /^(\S+)\t(.*)__PTR(\d+)_(\d+)(.*)$/) {
      $c .= text("movq\t" . (8 * $3) . "($in), $ptr", "$1\t$2" . (16 * $4) . "($ptr,$off)$5");
    } else {
      $c .= text($ins);
    }
  }
  $c .= text(map { "vmovdqu\t" . ($vb * $_) . "($state), $v[$_]" } 0 .. 7);
  $c .= text(vx_block($x, 0, ".L${fn}_rounds"));
  $c .= text(map { ("vpadd$s\t" . ($vb * $_) . "($state), $v[$_], $v[$_]",
                    "vmovdqu\t$v[$_], " . ($vb * $_) . "($state)") } 0 .. 7);
  return vx_function($x, $fn, 16, ["xorl\t%r8d, %r8d"], $c,
                     ["addq\t\$$p->{block}, $off"]);
}

sub vx_pairs_function {
  my ($x) = @_;
  my $p = $x->{p};
  my ($s, $vb, $n, $name) = (sfx($p), $x->{vb}, $x->{lanes}, $p->{name});
  my $sz = $p->{bits} / 8;
  my $fn = "${name}_pairs_$x->{isa}_x$n";
  my ($out, $in) = ('%rdi', '%rsi');
  my @v = @{ $x->{v} };
  my $h1 = sub { return ($vb * (16 + $_[0])) . "(%rsp)"; };
  my $c = text(vx_load_block($x, sub {
    my ($l, $k) = @_;
    return ($l * $p->{block} + 16 * $k) . "($in)";
  }));
  # H(0) = IV in every lane.
  $c .= text(map { vx_bcast($x, ".L${name}_mb_IV+" . ($sz * $_) . "(%rip)", $v[$_]) } 0 .. 7);
  $c .= text(vx_block($x, 0, ".L${fn}_rounds"));
  # H(1) = IV + the working variables, kept in the frame.
  $c .= text(map { (vx_bcast($x, ".L${name}_mb_IV+" . ($sz * $_) . "(%rip)", $v[8]),
                    "vpadd$s\t$v[8], $v[$_], $v[$_]",
                    "vmovdqu\t$v[$_], " . $h1->($_)) } 0 .. 7);
  $c .= text(vx_block($x, 1, ".L${fn}_pad"));
  $c .= text(map { "vpadd$s\t" . $h1->($_) . ", $v[$_], $v[$_]" } 0 .. 7);
  $c .= text(vx_store_digests($x, $out));
  return vx_function($x, $fn, 24, [], $c,
                     ["addq\t\$" . ($n * $p->{block}) . ", $in",
                      "addq\t\$" . ($n * $p->{bits}) . ", $out"]);
}

my $code = ".text\n";
for my $p (\%SHA256, \%SHA512) {
  $code .= mb_function($p);
  $code .= pairs_function($p);
}
$code .= shani_pairs(1);
$code .= shani_pairs(2);
$code .= avx512_shani_pairs_x4();
$code .= avx512_shani_mb_x4();
# K = 2 measured best (TSC ticks a message, 8 groups, minimum of 200
# calls): x16 (no streams) 53-57, K = 1 51-52, K = 2 49-50.5, K = 3 53.
$code .= hybrid_pairs(2);
# The AVX2 and AVX lanes.
for my $x (vx_variant(\%SHA256, 256, 'avx2'), vx_variant(\%SHA512, 256, 'avx2'),
           vx_variant(\%SHA256, 128, 'avx')) {
  $code .= vx_mb_function($x);
  $code .= vx_pairs_function($x);
}

$code .= ".rodata\n";
for my $p (\%SHA256, \%SHA512) {
  my $name = $p->{name};
  $code .= ".align 64\n.L${name}_mb_bswap:\n";
  my $w = $p->{bits} / 8;
  my @m = map { my $g = $_; map { $g * $w + $w - 1 - $_ } 0 .. $w - 1 } 0 .. 16 / $w - 1;
  $code .= ("\t.byte\t" . join(', ', @m) . "\n") x 4;
  $code .= ".L${name}_mb_K:\n" . words($p, @{ $p->{K} });
  $code .= ".L${name}_pad_WK:\n" . words($p, pad_wk($p));
  $code .= ".L${name}_mb_IV:\n" . words($p, @{ $p->{IV} });
}

# ROTR 8 of every qword (SHA-512's σ0 in the AVX2 lanes) as a byte shuffle.
$code .= ".align 32\n.Lsha512_avx2_ror8:\n";
$code .= ("\t.byte\t" . join(', ', map { my $q = $_; map { 8 * $q + ($_ + 1) % 8 } 0 .. 7 } 0 .. 1) . "\n") x 2;

# SHA-NI constants: the byte swap of one xmm register; H(0) as {A,B,E,F} =
# (H5, H4, H1, H0 from dword 0 up) and {C,D,G,H} = (H7, H6, H3, H2); the
# padding block's W[t]+K[t], two rounds per 16-byte entry (upper half 0).
{
  my @iv = @{ $SHA256{IV} };
  my @wk = pad_wk(\%SHA256);
  my $zero = Math::BigInt->new(0);
  $code .= ".align 16\n.Lsha256_shani_bswap:\n";
  $code .= "\t.byte\t3, 2, 1, 0, 7, 6, 5, 4, 11, 10, 9, 8, 15, 14, 13, 12\n";
  $code .= ".Lsha256_shani_IV:\n" . words(\%SHA256, @iv[5, 4, 1, 0, 7, 6, 3, 2]);
  $code .= ".Lsha256_shani_pad_WK:\n";
  $code .= words(\%SHA256, $wk[2 * $_], $wk[2 * $_ + 1], $zero, $zero) for 0 .. 31;
}

X86_64Xlate::write_output($flavour, $output, $code, __FILE__);
