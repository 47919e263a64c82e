#!/usr/bin/env perl
# Copyright 2026 The project authors.
#
# chacha-x86_64.pl: the ChaCha20 block function (RFC 8439, section 2.3) in
# counter mode for x86-64. Usage: perl chacha-x86_64.pl FLAVOUR OUTPUT
#
# Entry points (C declarations and rows in crypto/chacha/impls.h):
#
#   void ChaCha20_ctr32_avx512(uint8_t *out, const uint8_t *in,
#                              size_t in_len, const uint32_t key[8],
#                              const uint32_t counter_nonce[4]);
#   void ChaCha20_ctr32_avx2(uint8_t *out, const uint8_t *in,
#                            size_t num_blocks, const uint32_t key[8],
#                            const uint32_t counter_nonce[4]);
#   void ChaCha20_ctr32_ssse3_4x(...same as avx2...);
#   void ChaCha20_ctr32_x86_64(...same as avx512: a BYTE length...);
#
# ChaCha20_ctr32_avx512 takes a BYTE length and handles a partial final
# block itself (masked loads/stores); see its section below. With `in`
# NULL and a length that is a multiple of 2048 it writes the keystream
# alone (chacha20_keystream_words, for RAND_bytes; see $ks_store).
# ChaCha20_ctr32_x86_64 (baseline x86-64, general-purpose registers, one
# block at a time) also takes a byte length; every row sends inputs of up
# to 64 bytes to it (crypto/chacha/impls.h), the x86_64 row everything.
#
# Speed. In the tree,
#   bssl speed -impls -filter ChaCha20 -chunks 16,64,128,256,512,1024,2048,8192,16384
# lists every row side by side (speed-up against nohw, cycles/byte from the
# TSC; means over wall-clock time, so on a busy machine every row reads
# slower: at load average ~15 on 2 CPUs, 2026-12-01, nohw read 12.5 c/B at
# 16384 bytes against the 2.9 ticks/B below, while the speed-ups kept their
# order: avx512 13.5x, avx2 4.6x, ssse3_4x 2.1x, x86_64 1.1x). The figures
# in this header were taken with an rdtsc harness outside the tree that
# calls each entry point directly; no command in the tree reproduces them
# as such. The table of record is the one below: per call, the minimum
# over 2000 calls in one process (AMD Zen 5 family 26 guest, TSC 2.096 GHz,
# 1 tick ~ 1.57 core cycles; shared machine, load average 14-20, so only
# minima are meaningful):
#
# | bytes | avx512 (code path)    | ticks | t/B   | avx2 blocks | nohw  |
# |-------|-----------------------|-------|-------|-------------|-------|
# |    16 | 1 block, xmm rows     |   168 | 10.5  |   399       |  210  |
# |    64 | 1 block, xmm rows     |   168 | 2.63  |   378       |  231  |
# |   128 | 4 blocks, zmm rows    |   189 | 1.48  |   378       |  399  |
# |   256 | 4 blocks, zmm rows    |   189 | 0.74  |   378       |  798  |
# |   512 | one 16-block group    |   294 | 0.57  |   399       | 1512  |
# |  1024 | one 16-block group    |   273 | 0.267 |   672       | 3003  |
# |  2048 | two groups, one pass  |   399 | 0.195 |  1323       | 5985  |
# |  8192 | two groups x 4        |  1680 | 0.205 |  5187       | 23688 |
# | 16384 | two groups x 8        |  3360 | 0.205 |  9807       | 46830 |
#
# (`avx2 blocks` = ChaCha20_ctr32_avx2 on ceil(bytes/64) whole blocks.)
#
# AMD Zen 4 (EPYC family 25 model 17, TSC 2.596 GHz, core ~3.66 GHz from a
# chain of dependent adds; 2026-12-03, quiet machine). Its simple vector
# integer operations take one cycle (Zen 5's two), and it runs zmm
# operations as two 256-bit halves. util/bench/aead_floor.c, lower quartile
# of 41 batches of 200 calls, TSC ticks a call:
#   avx512, 16 / 64 bytes (1 block, xmm rows)      214.6 / 214.6
#   x86_64, 16 / 64 bytes (1 block, scalar)        259.6 / 259.2
#   avx512, 80 / 256 bytes (4 blocks, zmm rows)    254.2 / 256.1
#   x86_64, 128 bytes (2 blocks)                   496.2
#   chained (each call's key from the last output): avx512 16 bytes 263.5,
#   x86_64 273.1; 80 / 256 bytes in the rows 279.5 / 279.0.
# So on Zen 4 the xmm rows beat the scalar code on one block, the reverse of
# Zen 5: the avx512_zen4 row (crypto/chacha/impls.h) sends up to 64 bytes
# there on AMD family 0x19. `bssl speed -impls -filter ChaCha20 -chunks
# 16,64,128 -rounds 5`: 16 bytes avx512 (scalar below 65) 138.2 MB/s,
# avx512_zen4 163.5; 64 bytes 525.1 and 707.5; 128 bytes the same code.
# `PERCALL_FILTER=chacha util/bench/percall.sh BUILD BORINGSSL_BUILD 5`
# (BoringSSL a0689af29e8e): CRYPTO_chacha_20 ours/BoringSSL at 16 / 64
# bytes 1.08 / 1.04 with the scalar code, 1.38 / 1.36 with the xmm rows.
# Bulk: 16 KiB runs at 0.43 ticks a byte (0.61 core cycles), 1.17-1.18x
# OpenSSL 3's AVX-512 code in the same runs; 0.416 (0.59) since the rounds
# are written chain by chain (see $round in avx512 below):
# `PERCALL_FILTER=chacha20 util/bench/percall.sh BUILD BORINGSSL_BUILD 7`,
# ours / OpenSSL 3 at 8 / 16 KiB 1.21 / 1.17 -> 1.27 / 1.22, ours /
# BoringSSL 1.72 / 1.71 -> 1.79 / 1.79 (2026-12-04). A 16-block group is ~960
# vector operations (10 double rounds of 8 quarter rounds of 4 adds, 4
# XORs, 4 rotates) plus ~100 of set-up, transposes, loads and stores, each
# two 256-bit halves here: ~2100 halves, ~520 cycles on the four vector
# pipes if every operation could use any of them, against the ~620 a KiB
# measured then (~85% of that ceiling) and ~600 now (~87%); the rotates (a
# third of the operations) have two of the four pipes, which may be most of
# the rest (not measured: no per-pipe counters here), and their order in
# the code moved it by 4-5% (see $round).
# Zen 4, the row widths for 2..6 blocks (same machine, 2026-12-03,
# aead_floor.c, the builds before and after alternated 3 times; the
# ranges are the quieter runs): one ymm set for 65..128 bytes, 80 bytes
# 242-246 -> 210-211 back to back, an AEAD head of block 0 + 16 bytes
# 269-274 -> 246-248 chained; two ymm sets for 129..256 bytes, 256 bytes
# 248-263 -> 235-240; zmm + ymm sets for 257..384 bytes, block 0 + 256
# bytes 352 -> 324 chained. `PERCALL_FILTER=chacha util/bench/percall.sh
# BUILD BORINGSSL_BUILD 5`, ours/BoringSSL a0689af29e8e: CRYPTO_chacha_20
# at 256 bytes 1.51 -> 1.58; ChaCha20-Poly1305 seal at 16 / 256 bytes
# 1.00 / 1.04 -> 1.10 / 1.08 (with the copies of bb348f6).
# Zen 4, the rest after the two-group loop (same machine, 2026-12-03;
# `bssl speed -impls -filter ChaCha20 -chunks 1088,1414,1536,2112,2560
# -rounds 3 -timeout 0.5`, the builds before and after run alternately 3
# times, medians, TSC ticks a call): group A and an 8-block ymm group
# instead of a two-group pass, 1088 bytes 914 -> 762, 1414 962 -> 764,
# 1536 968 -> 753; the rows instead of a whole group after a pass, 2112
# bytes 1415 -> 1246, 2560 1459 -> 1331. `PERCALL_FILTER=chacha
# util/bench/percall.sh BUILD BORINGSSL_BUILD 7` (a0689af29e8e), ours /
# BoringSSL at 1350 bytes: CRYPTO_chacha_20 1.32 -> 1.65, ChaCha20-Poly1305
# seal 1.29 -> 1.47 and open 1.20 -> 1.36 (a record is block 0 + 1350
# bytes, 1414), XChaCha20-Poly1305 seal 1.24 -> 1.39; ours / OpenSSL 3 at
# 8 / 16 KiB, seal 1.17 / 1.19 -> 1.22 / 1.22 (each record's last 64 bytes
# now go to a row). The ymm group's own transpose (48 ymm shuffles and 8
# inserts, straight into the tail's registers, instead of the 64 zmm
# shuffles of a 16-block group and 8 moves): 1088 / 1414 / 1536 bytes
# 712 / 728 / 722 -> 701 / 714 / 707 ticks (the same command, 4 times
# alternately, medians).
#
# Scalar blocks beside the two-group loop (a "hybrid" pass of 32 vector
# blocks and K blocks in general-purpose registers, each scalar block's
# double rounds interleaved with the groups'), measured on Zen 4 and not
# kept: `bssl speed -impls -filter ChaCha20 -rounds 5` at whole numbers of
# passes, a pass took about as long as a plain one with K = 1 (3% more
# bytes a pass), ~3% longer with K = 2 (6% more bytes) and ~16% longer with
# K = 5 (16% more bytes): beside zmm operations that count twice, the
# integer work soon competes for the core's six dispatch slots a cycle.
# The ~3% comes only at lengths that are whole numbers of such passes: at
# 8 and 16 KiB the rest left over cost a whole pass and the hybrid row
# measured 0.49 / 0.51 ticks a byte against 0.46 / 0.47. Also measured on
# Zen 4 and not kept: one 8-block group in ymm registers (a word per
# register, as the groups) for 257..512 bytes, 340-370 ticks a call at
# 320..512 bytes against 340-355 for the rows at 320 and 384 and 370-390
# at 448 and 512; and vpshufb for the rotations by 16 and 8 in the groups,
# 0.44-0.48 ticks a byte at 16 KiB against 0.44-0.46 with vprold.
# Code size (2026-12-05, gcc 12 / binutils of Debian 12): avx512 11608
# bytes (11353 before the keystream-only stores of $ks_store, 8247 before
# the ymm group B), avx2 8206, ssse3_4x 3367, x86_64 1031 (plus 368 bytes
# of constants).
#
# The other figures below come from earlier runs of the same harness that
# took the median of batch means instead (batches of 200000 / (len + 256)
# calls, 31 of them, load average 16-22). Medians keep some preemption, so
# they read higher than the minima above for the same lengths (avx512 at
# 16 bytes: 234-252 ticks against 168; nohw, built with gcc -O2 for that
# run, went the other way: 174-185 against 210): compare figures within
# one run only. In that run the scalar path took 161-174 ticks for
# up to 64 bytes, against 231-248 for the avx512 xmm rows and 174-187 for
# nohw, and 313-341 for 65-128 bytes against 241-266 for the zmm rows: hence
# every row sends inputs of up to 64 bytes to ChaCha20_ctr32_x86_64.
#
# Latency, not throughput, is what a short call costs its caller (an AEAD
# record waits for block 0 before its MAC starts). Chained calls, each one's
# key address depending on the previous output (util/bench/aead_floor.c,
# the command is at its top; Zen 5 family 26, TSC 2.596 GHz, load average
# 10-17, lower quartile of 41 batches, 2026-12-02), against the same calls
# back to back:
#   x86_64, 16 bytes (1 block)      205 chained, 199-204 back to back
#   x86_64, 128 bytes (2 blocks)    387 chained, 387-393
#   avx512, 16 bytes (xmm rows)     392 chained, 292-298
#   avx512, 80 / 256 bytes (rows)   395 chained, 312-315
# So back-to-back figures hide ~100 ticks of the vector rows' chain (the
# next call's scalar set-up overlaps it) and none of the scalar code's; one
# block costs ~205 ticks at best, two ~390 either way. CRYPTO_chacha_20 on
# 16 and 64 bytes is that one block plus ~10 ticks: `util/bench/percall.sh
# BUILD BORINGSSL_BUILD 9` (PERCALL_FILTER=chacha, same day, load ~15)
# read 215 and 215 ticks per call against BoringSSL's 218 and 208, which
# runs the same single-block chain; a ratio above ~1.06 there would need a
# shorter chain than the 20 rounds' 240 dependent one-cycle ops, not glue.
#
# x86_64: ~161 ticks = ~253 core cycles per block against a bound of 20
# rounds x 12 dependent 1-cycle ops = 240 (the quarter-round chain; all
# four quarter rounds of a round overlap: 48 ops per 12 cycles, 4 a
# cycle, close to the ~4.6 the integer ALUs sustain on this mix, below),
# so it is latency bound, ~5% above it. The AVX-512
# rows are the same chain on 2-cycle vector ops, ~1.45x longer. A rorx
# (BMI2, no flags) variant measured the same as rol (172.6 vs 173.6 ticks
# at 16 bytes), so the path keeps rol and needs no feature bit.
#
# Two blocks in general-purpose registers: written, measured slower than
# one block after the other, removed (issue 19, 2026-12-02). The prototype,
# ChaCha20_ctr32_x86_64_2x in commit 910114b ("chacha-x86_64: a two-block
# ChaCha20 in general-purpose registers, prototype"), interleaved both
# blocks' quarter rounds op by op, kept the eight b words in registers (b is
# written last in a quarter round and read first in the next, so it alone
# has no slack between rounds) and loaded and stored the a, c and d words
# of every quarter round from the frame. It matched the C code at every
# length, but aead_floor.c at that commit read, chained, 384.7-387.9 ticks
# for 128 bytes against 335.4-338.1 for ChaCha20_ctr32_x86_64 in the same
# runs (5 runs, Zen 5 family 26, TSC 2.596 GHz, load ~2; these runs read
# one block at 178, below the 205 of the chained figures above, so compare
# within them). A variant that also kept block 0's d words in registers
# (400 stores a call instead of 480; not committed, timed the same way
# outside the tree) read 389-394 against 337-340. What
# bounds it, from rdtsc loops outside the tree on the same machine (one
# core cycle = 0.615-0.63 ticks, from a chain of dependent adds):
#   - the ChaCha op mix (add, xor, rol in seven independent chains) peaks
#     at ~4.6 ops per cycle (0.132-0.151 ticks per op), not six: one
#     block's 960 ops need >= ~206 cycles beside its 240-cycle chain, and
#     the one-block code (~267-283 cycles) already runs ~3.4-3.6 a cycle;
#   - a 32-bit store among those ops costs ~0.4 cycle of that throughput
#     (one store per three ALU ops: 0.217 against 0.132 ticks per ALU
#     op), though stores alone run two per cycle (0.30-0.32 ticks each);
#   - store-to-load forwarding itself is free here (a store and a reload
#     of the same frame slot in a chain of adds added nothing).
# Two blocks are 1920 ALU ops (>= ~413 cycles) plus at least 17 words
# spilled per round (32 words, 15 registers), >= 340 stores, ~140 cycles:
# >= ~550 cycles (~340 ticks) before set-up and output, which is what two
# one-block calls cost; the prototype's 480 stores model at ~610 cycles
# (~375 ticks), near what it measured. So the one-block chain does not
# leave enough of this core idle for a second block. One scalar block beside
# vector blocks (the "hybrid") ends no earlier than its vector part, whose
# one-block latency (231-248) is already the zmm four-block cost
# (243-266), so for 65..256 bytes it cannot beat the rows by more than
# the ~15 ticks between those; not written.
#
# OpenSSL 3's AVX-512 code read 0.31-0.33 ticks/byte at 8192 bytes in the
# earlier run described under the AVX2 paths, against 0.205 here: ~1.5x,
# though across two runs (no command in the tree compares ChaCha20 with
# OpenSSL).
#
# Bounds of the avx512 path: the two-group loop is throughput bound (see
# the section below: ~1.07 vector ops per byte, 4 pipes); 0.195-0.205
# ticks/byte. One group alone is latency bound (12 cycles per round =
# 48 ops, with nothing to fill stalls): 273 ticks per 1024 bytes against
# 399 per 2048 with two. The row paths are one latency chain of 20 x
# (12 + 1) cycles however many (1 or 4) blocks they hold; zmm ops measured
# slower than xmm there (189 against 168 ticks).
#
# The AVX2 and SSSE3 paths.
#
# Each XORs `num_blocks` WHOLE 64-byte blocks of `in` with the keystream of
# state = constants | key | counter_nonce[0] + i | counter_nonce[1..3] for
# block i, and writes them to `out` (out == in, or no overlap). The counter
# word wraps modulo 2^32 inside the call (32-bit lane additions do exactly
# that) and the nonce words never change. num_blocks == 0 touches nothing.
# Partial final blocks are the C driver's job (chacha20_xor_words).
#
# They were measured earlier than the table above, with the same harness
# (minimum of 400 runs) on a quieter machine, beside OpenSSL 3.0.22's EVP
# ChaCha20 timed the same way in the same process (its AVX2 code with
# OPENSSL_ia32cap=":~0x10000", AVX512F masked: this Zen 5 guest runs its
# AVX-512 code by default). TSC ticks per byte at 8192 and 16384 bytes
# (the TSC is nominal, not core cycles; `bssl speed` prints the rate it
# converts with): avx2 (16 blocks, then 8) 0.57-0.61, ssse3_4x 1.41-1.43,
# the one-block SSSE3 path [1] 4.40-4.48, nohw (gcc -O3) 2.71-2.76,
# OpenSSL's AVX2 code 0.59-0.63, its AVX-512 code 0.31-0.33; one block:
# 375 ticks for avx2 and ssse3_4x alike (they compute 8 and 4 blocks), 289
# for the one-block path, 176 for nohw. That machine state differs from
# the table's, so compare within each run only: avx2 was 1.03-1.04x
# OpenSSL's AVX2 code and 0.54x its AVX-512 code (vprold makes a rotation
# one op instead of three, and a zmm register holds 16 blocks): hence the
# avx512 path above. Code size: the one-block path 418 bytes, and 176 bytes
# of constants then.
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
use InsnList qw(text interleave transpose4);
use Poly1305X64Scalar qw(add_block mul_r_mul);
require "x86_64-xlate.pl";

my ($flavour, $output) = @ARGV;

# Arguments (SysV order; the translator moves Win64 arguments there).
my ($out, $in, $nblocks, $key, $cn) = ('%rdi', '%rsi', '%rdx', '%rcx', '%r8');

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

# quarter_round returns QUARTERROUND(a, b, c, d) (RFC 8439 section 2.1)
# as a list of instructions, one line of the spec after the other:
#   a += b; d ^= a; d <<<= 16;
#   c += d; b ^= c; b <<<= 12;
#   a += b; d ^= a; d <<<= 8;
#   c += d; b ^= c; b <<<= 7;
# Two quarter rounds on other registers have the same shape, so
# InsnList::interleave of two of them alternates one instruction of each.
sub quarter_round {
  my ($avx, $a, $b, $c, $d, $t) = @_;
  return (
    vadd($avx, $a, $b), vxor($avx, $d, $a), vrot($avx, $d, 16, $t),
    vadd($avx, $c, $d), vxor($avx, $b, $c), vrot($avx, $b, 12, $t),
    vadd($avx, $a, $b), vxor($avx, $d, $a), vrot($avx, $d, 8, $t),
    vadd($avx, $c, $d), vxor($avx, $b, $c), vrot($avx, $b, 7, $t),
  );
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
        my ($ta, $ra) = transpose4('avx', [@v[0 .. 3]], [@v[8, 9]]);
        my ($tb, $rb) = transpose4('avx', [@v[4 .. 7]], [@v[10, 11]]);
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
        my ($tr, $r) = transpose4('sse', [@v[0 .. 3]], [@v[4, 5]]);
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
    return [quarter_round($avx, $reg{$a}, $reg{$b}, $cc, $reg{$d}, $t)];
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
    push @o, interleave([quarter_round(1, @r1, $v[14])],
                        [quarter_round(1, @r2, $v[15])]);
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

# --- The AVX-512 path: 16 blocks per zmm group, any byte length ------------
#
# ChaCha20_ctr32_avx512(out, in, in_len, key, counter_nonce) takes a BYTE
# length, unlike the two functions above: a final partial block is read and
# written with byte-masked loads and stores (AVX512BW vmovdqu8 with a mask
# of in_len mod 64 ones), which never touch a masked-off byte (the CPU
# suppresses faults on them), so no C tail and no stack buffer are needed
# and a short input is one call. Predicate: AVX512F and AVX512BW
# (chacha20_avx512_capable in crypto/chacha/impls.h); only zmm forms are used, so
# AVX512VL is not needed.
#
# A group is 16 blocks, one state word per zmm register (lane j = block j).
# The rounds need no temporary (vprold rotates in place), so 32 registers
# hold TWO groups, A in zmm0-15 and B in zmm16-31, and the main loop runs
# 32 blocks (2048 bytes) with the two groups' rounds interleaved. What is
# left after the whole passes (or the whole input, if shorter) goes by its
# length: 1537..2047 bytes to one more pass whose group B is partial,
# 1025..1536 to a pass of group A and an 8-block group B in ymm16-31,
# 513..1024 to one group, up to 512 to the rows (below). The input words
# are never kept in registers: constants,
# key and nonce are broadcast from `.Lchacha_sigma`, `key` and
# `counter_nonce` into each group's state (vpbroadcastd) and added again in
# the feed-forward through embedded broadcasts ({1to16}); the block counter
# lives in %r9d (and, for the two-group feed-forward, in the frame).
#
# Bounds. A quarter-round step (a += b; d ^= a; d <<<= n) is 3 dependent
# ops, 4 cycles of latency on Zen 4 (vprold takes 2, the others 1), so a
# round (4 steps) is 16 cycles of latency, and 16 x 3 x 4 = 48 ops per
# group (96 256-bit issues on Zen 4, 24 cycles on its four pipes); two
# groups give 96 independent ops per 16-cycle chain and the loop is
# throughput bound:
# 2 x 960 round ops + ~260 for state set-up, feed-forward, transposes,
# XOR and stores per 2048 bytes, ~1.07 ops/byte, ~0.27 cycles/byte at 4
# ops/cycle.
#
# The transposes: register 4g+k of a group holds words 4g..4g+3 of block
# 4L+k in 128-bit lane L after a 4x4 dword transpose per lane (unpck*),
# then a 4x4 transpose of 128-bit lanes (vshufi32x4) across registers k,
# 4+k, 8+k, 12+k leaves block j in register j. It needs four temporaries:
# the one-group loop has zmm18-21; in the two-group loop group B's words
# x12..x15 go to the frame while A is transposed and written, and A's
# registers are then B's temporaries. The frame (keystream) is wiped before
# returning, as are every register used (vzeroall, vpxord).
sub avx512 {
  my $L = '.Lchacha_avx512';
  my @A = map { "%zmm$_" } 0 .. 15;
  my @B = map { "%zmm$_" } 16 .. 31;
  my @x = @A;
  my $ctr = '%zmm16';
  my @t = map { "%zmm$_" } 18 .. 21;
  my ($pin, $pks) = ('%zmm30', '%zmm31');
  my $len = $nblocks;                    # third argument: bytes here
  my $cnt = '%r9d';                      # the block counter, mod 2^32
  my $SPILL = 64;                        # frame: counters at 0, 4, counter
                                         # | nonce at 16..31; spill
  my $c = X86_64Xlate::function_begin('ChaCha20_ctr32_avx512', args => 5,
                                      xmm => [6 .. 15], frame => $SPILL + 256);
  # %r10d: 1 when `in` is NULL, the keystream-only mode (only for a length
  # that is a multiple of 2048, which stays in the two-group loop below:
  # see $ks_store), else 0.
  $c .= text("testq $len, $len", "jz ${L}_return", "movl ($cn), $cnt",
             "xorl %r10d, %r10d", "testq $in, $in", "sete %r10b");

  # state = constants | key | counter | nonce (RFC 8439, 2.3), word i of
  # register list @$r broadcast; the counter word is given.
  my $init = sub {
    my ($r, @ctr) = @_;
    my @o;
    for my $i (0 .. 15) {
      next if $i == 12;
      my $src = $i < 4 ? ".Lchacha_sigma+" . (4 * $i) . "(%rip)"
              : $i < 12 ? (4 * ($i - 4)) . "($key)"
              : (4 * ($i - 12)) . "($cn)";
      push @o, "vpbroadcastd $src, $r->[$i]";
    }
    return (@ctr, @o);
  };
  # The feed-forward x[i] += input[i] for words other than 12.
  # A group's embedded broadcast: registers named ymm (a group of 8
  # blocks) take 8 lanes.
  my $bcast = sub { return $_[0]->[0] =~ /^%ymm/ ? '{1to8}' : '{1to16}'; };
  my $feed = sub {
    my ($r) = @_;
    my $b = $bcast->($r);
    my @o;
    for my $i (0 .. 15) {
      next if $i == 12;
      my $src = $i < 4 ? ".Lchacha_sigma+" . (4 * $i) . "(%rip)$b"
              : $i < 12 ? (4 * ($i - 4)) . "($key)$b"
              : (4 * ($i - 12)) . "($cn)$b";
      push @o, "vpaddd $src, $r->[$i], $r->[$i]";
    }
    return @o;
  };
  # One round of four quarter rounds QR(a,b,c,d) (RFC 8439, 2.1) on each
  # group in @$groups, interleaved step by step:
  #   a += b; d ^= a; d <<<= 16;   c += d; b ^= c; b <<<= 12;
  #   a += b; d ^= a; d <<<= 8;    c += d; b ^= c; b <<<= 7;
  # Within a step each chain's three operations are written together
  # (quarter round, then group, then add / xor / rotate). The order before,
  # all the step's additions, then all its XORs, then all its rotations,
  # ran 4-5% slower on AMD Zen 4 from 1 KiB up, the same operations: `bssl
  # speed -filter ChaCha20 -chunks 576,1024,1414,2048,4096,8192,16384`, the
  # two builds alternated 4 times, 16 KiB 5914-5963 -> 6216-6260 MB/s, 2048
  # bytes 5820-5873 -> 6117-6139, 576 bytes 2974-3039 -> 3107-3118, 1414
  # bytes the same (5188-5214 against 5213-5236). A rotation issues only on
  # two of the four vector pipes there (a third of these operations), the
  # additions and XORs on any: with each rotation written next to the XOR
  # it follows, fewer rotations wait behind the others for those pipes.
  # Skewing the order further (each rotation after the next chain's add
  # and XOR) measured the same; one group's quarter rounds before the
  # other's, 1% slower. Not measured on Zen 5.
  my $round = sub {
    my ($groups, @qrs) = @_;
    my @o;
    for my $step ([0, 1, 3, 16], [2, 3, 1, 12], [0, 1, 3, 8], [2, 3, 1, 7]) {
      my ($p, $q, $r, $n) = @$step;     # p += q; r ^= p; r <<<= n
      for my $w (@qrs) {
        for my $g (@$groups) {
          for my $op ('add', 'xor', 'rot') {
            my ($P, $Q, $R) = map { $g->[$w->[$_]] } $p, $q, $r;
            push @o, $op eq 'add' ? "vpaddd $Q, $P, $P"
                   : $op eq 'xor' ? "vpxord $P, $R, $R"
                   : "vprold \$$n, $R, $R";
          }
        }
      }
    }
    return @o;
  };
  my $double_round = sub {
    my ($groups, $label) = @_;
    return ("$label:",
      "# Column round: QR(0,4,8,12) QR(1,5,9,13) QR(2,6,10,14) QR(3,7,11,15).",
      $round->($groups, [0, 4, 8, 12], [1, 5, 9, 13], [2, 6, 10, 14], [3, 7, 11, 15]),
      "# Diagonal round: QR(0,5,10,15) QR(1,6,11,12) QR(2,7,8,13) QR(3,4,9,14).",
      $round->($groups, [0, 5, 10, 15], [1, 6, 11, 12], [2, 7, 8, 13], [3, 4, 9, 14]),
      "decl %eax", "jnz $label");
  };
  # Transpose so that register j of @$r holds the 64 keystream bytes of
  # block j, with the four temporaries @$tt.
  my $transpose = sub {
    my ($r, $tt) = @_;
    my @tr;
    for my $g (0 .. 3) {
      my ($a, $b, $cc, $d) = @$r[4 * $g .. 4 * $g + 3];
      push @tr, "vpunpckldq $b, $a, $tt->[0]",      # a0 b0 a1 b1
                "vpunpckhdq $b, $a, $tt->[1]",      # a2 b2 a3 b3
                "vpunpckldq $d, $cc, $tt->[2]",     # c0 d0 c1 d1
                "vpunpckhdq $d, $cc, $tt->[3]",     # c2 d2 c3 d3
                "vpunpcklqdq $tt->[2], $tt->[0], $a",   # block 4L+0
                "vpunpckhqdq $tt->[2], $tt->[0], $b",   # block 4L+1
                "vpunpcklqdq $tt->[3], $tt->[1], $cc",  # block 4L+2
                "vpunpckhqdq $tt->[3], $tt->[1], $d";   # block 4L+3
    }
    for my $k (0 .. 3) {
      my ($b0, $b1, $b2, $b3) = @$r[$k, 4 + $k, 8 + $k, 12 + $k];
      push @tr, "vshufi32x4 \$0x44, $b1, $b0, $tt->[0]",   # b0.0 b0.1 b1.0 b1.1
                "vshufi32x4 \$0xee, $b1, $b0, $tt->[1]",   # b0.2 b0.3 b1.2 b1.3
                "vshufi32x4 \$0x44, $b3, $b2, $tt->[2]",   # b2.0 b2.1 b3.0 b3.1
                "vshufi32x4 \$0xee, $b3, $b2, $tt->[3]",   # b2.2 b2.3 b3.2 b3.3
                "vshufi32x4 \$0x88, $tt->[2], $tt->[0], $b0", # block k
                "vshufi32x4 \$0xdd, $tt->[2], $tt->[0], $b1", # block 4+k
                "vshufi32x4 \$0x88, $tt->[3], $tt->[1], $b2", # block 8+k
                "vshufi32x4 \$0xdd, $tt->[3], $tt->[1], $b3"; # block 12+k
    }
    return @tr;
  };
  my $xor_store = sub {
    my ($r, $base) = @_;
    my @o;
    for my $j (0 .. 15) {
      my $o = $base + 64 * $j;
      push @o, "vpxord $o($in), $r->[$j], $r->[$j]", "vmovdqu32 $r->[$j], $o($out)";
    }
    return @o;
  };

  # $ks_store: $xor_store's 16 blocks of @$r at byte $base, or, in the
  # keystream-only mode (%r10d set, `in` NULL), the keystream alone, with
  # neither the loads of `in` nor the XORs (labels from $tag). The mode
  # exists for RAND_bytes (crypto/rand/rand.c), which asks for whole
  # passes of keystream: it saves a 64-byte load and a zmm XOR a block,
  # 32 of the ~2100 256-bit operations a group costs on Zen 4. AMD Zen 4
  # (family 25 model 17, 2026-12-05), RAND_bytes of 16 KiB through
  # util/bench's percall_bench, this mode against ChaCha20 over a zero
  # buffer, 5 rounds alternating: 2658-2692 -> 2619-2633 ns a call
  # (BoringSSL's 2636-2640 in the same rounds). Only the two-group loop's
  # stores check the mode (a test and a branch a group); the code a
  # length not a multiple of 2048 reaches reads `in`.
  my $ks_store = sub {
    my ($r, $base, $tag) = @_;
    return ("testl %r10d, %r10d", "jnz ${tag}_ks",
            $xor_store->($r, $base), "jmp ${tag}_stored",
            "${tag}_ks:",
            map({ "vmovdqu32 $r->[$_], " . ($base + 64 * $_) . "($out)" }
                0 .. 15),
            "${tag}_stored:");
  };

  $c .= text("cmpq \$512, $len", "jbe ${L}_rows");
  # Two groups (32 blocks, 2048 bytes) per iteration, for more than one
  # group's worth (1025.. bytes): the two-group loop, whose
  # group B may be partial (it then leaves through the tail code). Measured
  # (see the table): a two-group pass costs ~1.5x one group on Zen 5, so
  # 1025..2047 bytes as one pass instead of two one-group passes is ~25%
  # faster.
  #
  # The rest after the loop. On Zen 4 a pass costs its operations: a zmm
  # operation takes a 256-bit pipe twice, so one group alone is bound by
  # the pipes, not by its round chain, and a pass of two costs ~1.7x one
  # (1024 bytes ~525 TSC ticks, 2048 ~880-940). So up to 1536 bytes the
  # second group is 8 blocks in ymm registers, half a group's operations;
  # on Zen 5 (512-bit pipes, 2-cycle operations) a ymm operation costs what
  # a zmm one does and the pass what a two-group pass does (not measured:
  # no Zen 5 here). And a rest of up to 512 bytes after the loop goes to
  # the rows, not to a whole group. AMD Zen 4 figures: see the end of the
  # table at the top.
  # $transpose8 moves the 8 blocks of a group in ymm registers @$r (a word
  # per register, lane j = block j) into the zmm registers @$dst[0..7]
  # (block j in register j), with four temporaries @$tt (zmm names), none
  # of them among @$r or @$dst: 48 shuffles of ymm and 8 inserts, where
  # $transpose on the zmm names would take 64 shuffles of zmm.
  my $transpose8 = sub {
    my ($r, $dst, $tt) = @_;
    my @ty = map { my $t = $_; $t =~ s/zmm/ymm/; $t } @$tt;
    my @tr;
    # Register 4g+k <- words 4g..4g+3 of block k (lane 0) and 4+k (lane 1).
    for my $g (0 .. 3) {
      my ($a, $b, $cc, $d) = @$r[4 * $g .. 4 * $g + 3];
      push @tr, "vpunpckldq $b, $a, $ty[0]", "vpunpckhdq $b, $a, $ty[1]",
                "vpunpckldq $d, $cc, $ty[2]", "vpunpckhdq $d, $cc, $ty[3]",
                "vpunpcklqdq $ty[2], $ty[0], $a", "vpunpckhqdq $ty[2], $ty[0], $b",
                "vpunpcklqdq $ty[3], $ty[1], $cc", "vpunpckhqdq $ty[3], $ty[1], $d";
    }
    # Block k: lane 0 of registers k, 4+k, 8+k, 12+k; block 4+k: lane 1.
    for my $k (0 .. 3) {
      my ($r0, $r1, $r2, $r3) = @$r[$k, 4 + $k, 8 + $k, 12 + $k];
      push @tr, "vshufi64x2 \$0, $r1, $r0, $ty[0]",    # r0.0 r1.0
                "vshufi64x2 \$3, $r1, $r0, $ty[1]",    # r0.1 r1.1
                "vshufi64x2 \$0, $r3, $r2, $ty[2]",    # r2.0 r3.0
                "vshufi64x2 \$3, $r3, $r2, $ty[3]",    # r2.1 r3.1
                "vinserti64x4 \$1, $ty[2], $tt->[0], $dst->[$k]",
                "vinserti64x4 \$1, $ty[3], $tt->[1], $dst->[4 + $k]";
    }
    return @tr;
  };
  # $pass emits a pass of group A (zmm0-15, 16 blocks) and group B in the
  # registers @$b, zmm16-31 (16 blocks) or ymm16-31 (8 blocks), their
  # rounds interleaved; then the feed-forward, group A XORed and stored,
  # and group B transposed: 16 blocks into zmm16-31 (register j: block
  # 16 + j), 8 blocks into zmm0-7 (A's, for the tail code). With $ks set,
  # group A's stores check the keystream-only mode ($ks_store).
  my $pass = sub {
    my ($b, $label, $ks) = @_;
    my $bc = $bcast->($b);
    my $a12 = $bc eq '{1to8}' ? '%ymm12' : $A[12];     # A's counters
    return ("# Counters: A's are counter + j, B's counter + 16 + j.",
            "movl $cnt, 0(%rsp)", "leal 16(%r9), %eax", "movl %eax, 4(%rsp)",
            $init->(\@A, "vpbroadcastd $cnt, $A[12]",
                    "vpaddd .Lchacha_lane_inc16(%rip), $A[12], $A[12]"),
            $init->($b, "vpaddd .Lchacha_sixteen(%rip)$bc, $a12, $b->[12]"),
            "movl \$10, %eax",
            $double_round->([\@A, $b], $label),
            "# Feed-forward: x[i] += input[i].",
            $feed->(\@A), $feed->($b),
            "vpaddd .Lchacha_lane_inc16(%rip), $A[12], $A[12]",
            "vpaddd 0(%rsp){1to16}, $A[12], $A[12]",
            "vpaddd .Lchacha_lane_inc16(%rip), $b->[12], $b->[12]",
            "vpaddd 4(%rsp)$bc, $b->[12], $b->[12]",
            "# Group A out, with B's x12..x15 in the frame as temporaries.",
            map({ "vmovdqu64 $B[12 + $_], " . ($SPILL + 64 * $_) . "(%rsp)" } 0 .. 3),
            $transpose->(\@A, [@B[12 .. 15]]),
            $ks ? $ks_store->(\@A, 0, "${label}_a") : $xor_store->(\@A, 0),
            "# Group B, with A's registers as temporaries.",
            map({ "vmovdqu64 " . ($SPILL + 64 * $_) . "(%rsp), $B[12 + $_]" } 0 .. 3),
            $bc eq '{1to8}' ? $transpose8->($b, \@A, [@A[8 .. 11]])
                            : $transpose->(\@B, [@A[0 .. 3]]));
  };
  my @By = map { my $r = $_; $r =~ s/zmm/ymm/; $r } @B;

  $c .= text("cmpq \$1024, $len", "jbe ${L}_one",
             "cmpq \$1536, $len", "jbe ${L}_onehalf");
  $c .= "${L}_two:\n";
  $c .= text($pass->(\@B, "${L}_two_rounds", 1),
             "cmpq \$2048, $len", "jb ${L}_two_partial",
             $ks_store->(\@B, 1024, "${L}_two_b"),
             "addl \$32, $cnt",
             "addq \$2048, $in", "addq \$2048, $out", "subq \$2048, $len",
             "jz ${L}_wipe", "cmpq \$1536, $len", "ja ${L}_two",
             "cmpq \$1024, $len", "ja ${L}_onehalf",
             "cmpq \$512, $len", "ja ${L}_one",
             "# Up to 512 bytes left: the rows below, which read the counter",
             "# from memory: counter | nonce to the frame.",
             "movl $cnt, 16(%rsp)",
             map({ ("movl " . (4 * $_) . "($cn), %eax",
                    "movl %eax, " . (16 + 4 * $_) . "(%rsp)") } 1 .. 3),
             "leaq 16(%rsp), $cn",
             "jmp ${L}_rows");
  # Group B partial (1..1023 bytes left after group A): its blocks move to
  # the registers the tail code reads (zmm0-15, A's, already written out).
  $c .= "${L}_two_partial:\n";
  $c .= text(map({ "vmovdqa64 $B[$_], $A[$_]" } 0 .. 15),
             "addq \$1024, $in", "addq \$1024, $out", "subq \$1024, $len",
             "jmp ${L}_tail");
  # 1025..1536 bytes: group A and an 8-block group B in ymm registers.
  $c .= "${L}_onehalf:\n";
  $c .= text($pass->(\@By, "${L}_onehalf_rounds"),
             "addq \$1024, $in", "addq \$1024, $out", "subq \$1024, $len",
             "jmp ${L}_tail");

  # One group (16 blocks) per iteration, the last one possibly partial.
  $c .= "${L}_one:\n";
  $c .= text($init->(\@x, "vpbroadcastd $cnt, $ctr",
                      "vpaddd .Lchacha_lane_inc16(%rip), $ctr, $ctr",
                      "vmovdqa64 $ctr, $x[12]"),
             "movl \$10, %eax",
             $double_round->([\@x], "${L}_one_rounds"));
  $c .= text("# Feed-forward: x[i] += input[i]; counter += 16 (mod 2^32).",
             $feed->(\@x), "vpaddd $ctr, $x[12], $x[12]", "addl \$16, $cnt",
             "# Transpose: register j <- the keystream of block j.",
             $transpose->(\@x, \@t));

  # Whole groups: out = in ^ keystream, 1024 bytes.
  $c .= text("cmpq \$1024, $len", "jb ${L}_tail",
             $xor_store->(\@x, 0),
             "addq \$1024, $in", "addq \$1024, $out", "subq \$1024, $len",
             "jnz ${L}_one", "jmp ${L}_wipe");

  # Up to 512 bytes: blocks in rows. Register a (b, c, d) holds row 0
  # (1, 2, 3) of the state, x0..x3 (x4..x7, ...), of block L in 128-bit
  # lane L, so a quarter-round step is 3 ops for all the register's blocks
  # and a double round is 2 x 12 ops plus 6 vpshufd that move the
  # diagonals into columns and back: ~300 ops for four blocks in zmm
  # instead of the ~1090 of a 16-block group. Up to 64 bytes, one block in
  # xmm rows (AVX512VL: vprold on xmm), which measured shorter latency than
  # zmm (168 against 189 ticks per call on Zen 5, see the table at the
  # top); the widths for 2 to 8 blocks are chosen below.
  my @r0 = @x[4 .. 7];
  # The double round on rows ($a, $b, $c, $d): QR on each column, move the
  # diagonals into columns, QR on each column again, move them back. The
  # diagonals are lined up around b, which stays put: lane j of b holds
  # x(4+j), whose diagonal QR is (x(j-1), x(4+j), x(8+j+1), x(12+j+2)), so
  # a is rotated right by one word, c left by one and d by two (vpshufd
  # 0x93, 0x39, 0x4e; undone by 0x39, 0x93, 0x4e). b is the last row a QR
  # writes and the first the next one reads (a += b), so a shuffle of b
  # sits on the round-to-round latency chain; a, c and d are last written
  # 5, 2 and 3 steps before the end of a QR and first read 0, 3 and 1 steps
  # into the next, so their shuffles run beside the chain. A round is thus
  # 12 dependent operations instead of 13 (rotating b, c and d, as this
  # code first did). AMD Zen 4 (family 25 model 17), util/bench/aead_floor.c,
  # the builds before and after run alternately 3 times, TSC ticks: one
  # block in xmm rows 216-221 -> 202-203 back to back, 264-267 -> 250-252
  # chained; four blocks in zmm rows (80 / 256 bytes) 257-274 / 261 ->
  # 246 / 248-250 back to back, 280-284 -> 273-277 chained (80 bytes).
  # (Those are 12 operations but 16 cycles on Zen 4, where vprold takes 2.)
  #
  # With two temporaries @s (the one- and two-block sets below), each
  # "r ^= x; r <<<= n" becomes r = (r <<< n) ^ (x << n) ^ (x >> (32 - n)):
  # r's own rotation reads a value written a step or more before, so it
  # runs beside the chain, and x, just written, goes through one shift and
  # the three-way XOR (vpternlogd 0x96; the two shifted halves share no
  # bit, so XOR is OR). On Zen 4 vprold takes 2 cycles and vpslld, vpsrld,
  # vpternlogd and vpaddd 1 (measured with chains of one instruction), so a
  # step is add + shift + XOR, 3 cycles, against add + XOR + rotate, 4: a
  # round is 12 cycles instead of 16, for 8 more operations a quarter round
  # (20), 12 of them on the two units that shift. Measured (aead_floor.c,
  # the builds before and after run alternately 3 times, TSC ticks): one
  # block in xmm rows 201-203 -> 177-189 back to back, 246-250 -> 211-213
  # chained; two blocks (80 bytes) 210 -> 187 and 246 -> 211; the AEAD
  # head (block 0 and a 16-byte record) 246 -> 212-222 chained; HChaCha20
  # 217-224 -> 191. Two ymm sets in this form (four blocks, 256 bytes) took
  # 278-291 against 236, and with two or three of the four steps in it
  # 255-278: the units that shift and shuffle are then the bound, so the
  # wider sets keep the vprold form. On Zen 5 (2-cycle operations) a step
  # is 6 cycles either way.
  # Two other orders of the one-set form, measured on Zen 4 against this one
  # (aead_floor.c, alternating, 2026-12-05) and not kept: each step's
  # rotation of r after the step's shifts rather than first, one block in
  # xmm rows 183-187 -> 209-211 ticks back to back, HChaCha20 192-207 ->
  # 220-280; the shuffles between the rounds each as soon as its row is
  # final, 183-187 -> 212-213, HChaCha20 -> 234. Oldest first, the rotation
  # written first runs before the shifts it would otherwise compete with
  # for the units that shift, and the shuffles written last wait behind
  # them. HChaCha20 still runs ~13 cycles a round here, against its
  # chain's 12 (nine double rounds fewer took 164-180 ticks off an
  # XChaCha20 seal).
  my $rows_dr = sub {
    my ($a, $b, $cc, $d, @s) = @_;
    my @qr;
    for my $step ([$a, $b, $d, 16], [$cc, $d, $b, 12], [$a, $b, $d, 8], [$cc, $d, $b, 7]) {
      my ($p, $q, $r, $n) = @$step;      # p += q; r ^= p; r <<<= n
      if (@s) {
        # r = (r ^ p) <<< n as (r <<< n) ^ (p << n) ^ (p >> (32 - n)).
        push @qr, "vprold \$$n, $r, $r", "vpaddd $q, $p, $p",
                  "vpslld \$$n, $p, $s[0]", "vpsrld \$" . (32 - $n) . ", $p, $s[1]",
                  "vpternlogd \$0x96, $s[1], $s[0], $r";
      } else {
        push @qr, "vpaddd $q, $p, $p", "vpxord $p, $r, $r", "vprold \$$n, $r, $r";
      }
    }
    return ("# Column round: QR on each column of the rows.", @qr,
            "# Diagonals into columns around b: a right 1, c left 1, d by 2.",
            "vpshufd \$0x93, $a, $a", "vpshufd \$0x39, $cc, $cc",
            "vpshufd \$0x4e, $d, $d",
            "# Diagonal round.", @qr,
            "vpshufd \$0x39, $a, $a", "vpshufd \$0x93, $cc, $cc",
            "vpshufd \$0x4e, $d, $d");
  };
  # One block (up to 64 bytes): rows in xmm0-3, the input rows in xmm4-7,
  # then the four rows joined into zmm0 for the tail code.
  my @y = map { my $r = $_; $r =~ s/zmm/xmm/; $r } @x[0 .. 7];
  my @y8 = map { my $r = $_; $r =~ s/zmm/xmm/; $r } @x[8 .. 15];
  $c .= "${L}_row1:\n";
  $c .= text("vmovdqa .Lchacha_sigma(%rip), $y[4]",
             "vmovdqu 0($key), $y[5]", "vmovdqu 16($key), $y[6]",
             "vmovdqu ($cn), $y[7]",
             map({ "vmovdqa $y[4 + $_], $y[$_]" } 0 .. 3),
             "movl \$10, %eax");
  $c .= "${L}_row1_rounds:\n";
  $c .= text($rows_dr->(@y[0 .. 3], @y8[0, 1]), "decl %eax", "jnz ${L}_row1_rounds",
             map({ "vpaddd $y[4 + $_], $y[$_], $y[$_]" } 0 .. 3),
             "vinserti32x4 \$1, $y[1], $x[0], $x[0]",
             "vinserti32x4 \$2, $y[2], $x[0], $x[0]",
             "vinserti32x4 \$3, $y[3], $x[0], $x[0]",
             "jmp ${L}_tail");
  my ($ra, $rb, $rc, $rd) = @x[0 .. 3];
  my $ymm = sub { map { my $r = $_; $r =~ s/zmm/ymm/; $r } @_ };
  # $zip interleaves two instruction lists of the same shape op by op
  # (the second list's comments dropped).
  my $zip = sub {
    my ($p, $q) = @_;
    my @o;
    for my $i (0 .. $#$p) {
      push @o, $p->[$i];
      push @o, $q->[$i] unless $q->[$i] =~ /^#/;
    }
    return @o;
  };
  # $lanes_out: block L <- lane L of the rows a, b, c, d (zmm names), into
  # the two or four zmm registers @dst, with the temporaries @t; every
  # temporary is written before any of @dst, so @dst may be the rows. For a
  # set of rows in ymm registers (two blocks) the upper lanes are zero and
  # the shuffles select only lanes 0 and 1.
  my $lanes_out = sub {
    my ($a, $b, $cc, $d, @dst) = @_;
    my @o = ("vshufi32x4 \$0x44, $b, $a, $t[0]",    # a.0 a.1 b.0 b.1
             "vshufi32x4 \$0x44, $d, $cc, $t[2]");  # c.0 c.1 d.0 d.1
    push @o, "vshufi32x4 \$0xee, $b, $a, $t[1]",    # a.2 a.3 b.2 b.3
             "vshufi32x4 \$0xee, $d, $cc, $t[3]"    # c.2 c.3 d.2 d.3
      if @dst == 4;
    push @o, "vshufi32x4 \$0x88, $t[2], $t[0], $dst[0]",   # block 0
             "vshufi32x4 \$0xdd, $t[2], $t[0], $dst[1]";   # block 1
    push @o, "vshufi32x4 \$0x88, $t[3], $t[1], $dst[2]",   # block 2
             "vshufi32x4 \$0xdd, $t[3], $t[1], $dst[3]"    # block 3
      if @dst == 4;
    return @o;
  };
  # $rows_in: the input rows (constants, key[0..3], key[4..7], counter |
  # nonce), each 16-byte row broadcast to every 128-bit lane of @$r0 (zmm
  # or ymm names); then `d2` (if given) <- the counter row + the lanes of
  # `d2_inc`, and the counter row + .Lchacha_row_inc (counter + L in lane
  # L).
  my $rows_in = sub {
    my ($r0, $d2, $d2_inc) = @_;
    my @o = ("vbroadcasti32x4 .Lchacha_sigma(%rip), $r0->[0]",
             "vbroadcasti32x4 0($key), $r0->[1]",
             "vbroadcasti32x4 16($key), $r0->[2]",
             "vbroadcasti32x4 ($cn), $r0->[3]");
    if (defined $d2) {
      my ($r3) = $d2 =~ /^%ymm/ ? $ymm->($r0->[3]) : ($r0->[3]);
      push @o, "vpaddd $d2_inc(%rip), $r3, $d2";
    }
    push @o, "vpaddd .Lchacha_row_inc(%rip), $r0->[3], $r0->[3]";
    return @o;
  };

  # Fewer blocks than a zmm holds. On Zen 4 a zmm op occupies a 256-bit
  # unit twice, and a set of four blocks in zmm rows keeps the two units
  # that can shuffle and rotate busy enough to stretch the round chain:
  # four blocks in zmm took 246-250 ticks against 202-203 for one block
  # in xmm. A set in ymm rows (two blocks) runs at the xmm speed, and two
  # ymm sets interleaved (four blocks) still leave the units idle half
  # the time, so:
  #   65..128 bytes    one set of ymm rows (blocks 0, 1)
  #   129..256 bytes   two sets of ymm rows (blocks 0, 1 and 2, 3)
  #   257..384 bytes   zmm rows (blocks 0..3) and ymm rows (4, 5)
  #   385..512 bytes   two sets of zmm rows (below)
  # An AEAD record is 64 bytes longer here (block 0, its one-time key,
  # comes first): 64, 192 and 256-byte records are 128, 256 and 320
  # bytes. On Zen 5 (512-bit units, 2-cycle ops) each set is a 20-round
  # chain of ~24 cycles a round against at most ~9 cycles of issue for two
  # sets, so the widths should not matter there (not measured: no Zen 5
  # here). AMD Zen 4 figures: at the top.
  # $set_start copies the input rows into a set's rows @$dst: rows a, b, c
  # from @$in, row d from $d_in (its counters); $set_feed is the matching
  # feed-forward. EVEX moves where a zmm or ymm16-31 register is involved.
  my $mov = sub {
    my ($s, $d) = @_;
    my $evex = grep { /^%zmm|^%ymm(1[6-9]|2\d|3[01])$/ } $s, $d;
    return ($evex ? "vmovdqa64" : "vmovdqa") . " $s, $d";
  };
  my $set_start = sub {
    my ($in, $d_in, $dst) = @_;
    return map({ $mov->($in->[$_], $dst->[$_]) } 0 .. 2),
           $mov->($d_in, $dst->[3]);
  };
  my $set_feed = sub {
    my ($in, $d_in, $dst) = @_;
    return map({ "vpaddd $in->[$_], $dst->[$_], $dst->[$_]" } 0 .. 2),
           "vpaddd $d_in, $dst->[3], $dst->[3]";
  };
  my @yw = $ymm->(@x[0 .. 7]);
  my @yw8 = $ymm->(@x[8 .. 15]);
  my @ys2 = $ymm->(@x[8 .. 11]);
  my $yd2 = '%ymm22';
  my ($za, $zb, $zc, $zd) = @x[8 .. 11];   # the second set's rows as zmm
  $c .= "${L}_rows2:\n";
  $c .= text($rows_in->([@yw[4 .. 7]]),
             $set_start->([@yw[4 .. 6]], $yw[7], [@yw[0 .. 3]]),
             "movl \$10, %eax");
  $c .= "${L}_rows2_rounds:\n";
  $c .= text($rows_dr->(@yw[0 .. 3], @yw8[0, 1]), "decl %eax", "jnz ${L}_rows2_rounds",
             $set_feed->([@yw[4 .. 6]], $yw[7], [@yw[0 .. 3]]),
             $lanes_out->($ra, $rb, $rc, $rd, @x[0, 1]),
             "jmp ${L}_tail");

  $c .= "${L}_rows4:\n";
  $c .= text("# Blocks 2, 3: counter + 2 + L (the second half of row_inc).",
             $rows_in->([@yw[4 .. 7]], $yd2, '.Lchacha_row_inc+32'),
             $set_start->([@yw[4 .. 6]], $yw[7], [@yw[0 .. 3]]),
             $set_start->([@yw[4 .. 6]], $yd2, \@ys2),
             "movl \$10, %eax");
  $c .= "${L}_rows4_rounds:\n";
  $c .= text($zip->([$rows_dr->(@yw[0 .. 3])], [$rows_dr->(@ys2)]),
             "decl %eax", "jnz ${L}_rows4_rounds",
             $set_feed->([@yw[4 .. 6]], $yw[7], [@yw[0 .. 3]]),
             $set_feed->([@yw[4 .. 6]], $yd2, \@ys2),
             $lanes_out->($ra, $rb, $rc, $rd, @x[0, 1]),
             $lanes_out->($za, $zb, $zc, $zd, @x[2, 3]),
             "jmp ${L}_tail");

  $c .= "${L}_rows6:\n";
  $c .= text("# Blocks 4, 5: counter + 4 + L (the first half of row_inc4).",
             $rows_in->([@r0], $yd2, '.Lchacha_row_inc4'),
             $set_start->([@r0[0 .. 2]], $r0[3], [@x[0 .. 3]]),
             $set_start->([@yw[4 .. 6]], $yd2, \@ys2),
             "movl \$10, %eax");
  $c .= "${L}_rows6_rounds:\n";
  $c .= text($zip->([$rows_dr->($ra, $rb, $rc, $rd)], [$rows_dr->(@ys2)]),
             "decl %eax", "jnz ${L}_rows6_rounds",
             $set_feed->([@r0[0 .. 2]], $r0[3], [@x[0 .. 3]]),
             $set_feed->([@yw[4 .. 6]], $yd2, \@ys2),
             "# Blocks 0..3 into zmm0-3, 4 and 5 into zmm4-5 (the input",
             "# rows are no longer needed).",
             $lanes_out->($ra, $rb, $rc, $rd, @x[0 .. 3]),
             $lanes_out->($za, $zb, $zc, $zd, @x[4, 5]),
             "jmp ${L}_tail");

  $c .= "${L}_rows:\n";
  $c .= text("cmpq \$64, $len", "jbe ${L}_row1",
             "cmpq \$128, $len", "jbe ${L}_rows2",
             "cmpq \$256, $len", "jbe ${L}_rows4",
             "cmpq \$384, $len", "jbe ${L}_rows6");

  # 385..512 bytes: eight blocks as two independent sets of zmm rows,
  # blocks 0..3 in zmm0-3 and blocks 4..7 in zmm8-11 (its d row
  # counter + 4 + L | nonce in zmm22), their double rounds interleaved op
  # by op. Each set is one latency chain, so the second set only fills
  # pipes the first leaves idle. On Zen 5 (the median-of-batches run
  # described at the top) 257..512 bytes took 292-296 ticks this way
  # against 242-248 for four blocks in zmm rows and 309-313 for a 16-block
  # group.
  my @s2 = @x[8 .. 11];
  my $d2 = '%zmm22';
  $c .= text("# Rows of both sets: constants, key[0..3], key[4..7] shared;",
             "# d = counter + L | nonce and counter + 4 + L | nonce.",
             $rows_in->([@r0], $d2, '.Lchacha_row_inc4'),
             $set_start->([@r0[0 .. 2]], $r0[3], [@x[0 .. 3]]),
             $set_start->([@r0[0 .. 2]], $d2, \@s2),
             "movl \$10, %eax");
  $c .= "${L}_rows8_rounds:\n";
  $c .= text($zip->([$rows_dr->($ra, $rb, $rc, $rd)], [$rows_dr->(@s2)]),
             "decl %eax", "jnz ${L}_rows8_rounds");
  $c .= text("# Feed-forward of both sets.",
             $set_feed->([@r0[0 .. 2]], $r0[3], [@x[0 .. 3]]),
             $set_feed->([@r0[0 .. 2]], $d2, \@s2),
             "# Blocks 0..3 into zmm0-3, 4..7 into zmm4-7 (the input rows",
             "# are no longer needed); out through the tail code below.",
             $lanes_out->($ra, $rb, $rc, $rd, @x[0 .. 3]),
             $lanes_out->(@s2, @x[4 .. 7]));

  # The last group: 1..1023 bytes. Whole blocks in order, then a partial
  # block (1..63 bytes) through byte masks. The branches depend on the
  # length only.
  $c .= "${L}_tail:\n";
  my @tl;
  for my $j (0 .. 15) {
    push @tl, "cmpq \$64, $len", "jb ${L}_partial$j",
              "vpxord ($in), $x[$j], $x[$j]", "vmovdqu32 $x[$j], ($out)",
              "addq \$64, $in", "addq \$64, $out", "subq \$64, $len",
              "jz ${L}_wipe";
  }
  # Not reached: $len < 1024 ends the loop above by block 15.
  push @tl, "ud2";
  for my $j (0 .. 15) {
    push @tl, "${L}_partial$j:", "vmovdqa64 $x[$j], $pks", "jmp ${L}_partial";
  }
  $c .= text(@tl);
  # k1 = the low $len bits (1 <= $len <= 63): (1 << len) - 1.
  $c .= "${L}_partial:\n";
  $c .= text("movl %edx, %ecx", "movl \$1, %eax", "shlq %cl, %rax", "decq %rax",
             "kmovq %rax, %k1",
             "vmovdqu8 ($in), $pin\{%k1}{z}",
             "vpxord $pin, $pks, $pks",
             "vmovdqu8 $pks, ($out){%k1}");

  # Wipe: the keystream in the frame and in every register.
  $c .= "${L}_wipe:\n";
  $c .= text("vzeroall",
             map({ "vmovdqu64 %zmm0, " . ($SPILL + 64 * $_) . "(%rsp)" } 0 .. 3),
             map({ my $r = $_; $r =~ s/zmm/xmm/; "vpxord $r, $r, $r" } @B),
             "kxorq %k1, %k1, %k1");
  $c .= "${L}_return:\n";
  $c .= X86_64Xlate::epilogue();
  $c .= X86_64Xlate::function_end();

  # --- chacha20_poly1305_short_avx512, chacha20_poly1305_medium_avx512,
  # --- chacha20_poly1305_medium_avx512ifma ---------------------------------
  # One ChaCha20-Poly1305 seal or open (RFC 8439, 2.8) of a short record in
  # one call: block 0 (the one-time key) and the record's blocks in sets of
  # ymm rows as above, the XOR through byte masks, and the Poly1305 MAC
  # (scalar, base 2^64) of the run pad16(ad) || pad16(ct) || le64(ad_len)
  # || le64(in_len), laid out in the frame (the AD, at most 64 bytes, by
  # one zero-masked load). The short function takes records of 1..64
  # bytes, the medium one 65..256, the medium IFMA one 129..256 (the medium
  # function's code for them with the MAC in AVX-512 IFMA lanes,
  # $mac_ifma). The argument is a struct
  # chacha20_poly1305_short_args (the C declaration and contract are in
  # crypto/chacha/words.h): ten 8-byte fields, read here at fixed offsets;
  # with `xchacha` set, XChaCha20-Poly1305 (the key first through
  # HChaCha20). A seal writes in ^ keystream to `out`, MACs it and writes
  # the tag to `tag`, returning 1; an open MACs the input, compares the
  # tag with the one at `tag` and writes in ^ keystream to `out` only if
  # it matched, returning 1, else 0. The short function's frame holds
  # only the AD and
  # the ciphertext, so it is not wiped; the medium one's also holds block
  # 0's state for $hybrid, which is wiped; the registers are, in both.
  #
  # Two functions rather than one with a branch on the length: Zen 4,
  # loops of chained 16-byte seals through EVP_AEAD_CTX_seal, 255-257 TSC
  # ticks a call with the short function alone, 266-268 with the medium
  # code in the same function (its branch and the order it imposed on the
  # set-up), the quietest of 8 alternating runs.
  my $p = '%rdi';
  my ($run, $nb) = ('%rsi', '%rcx');
  # The MAC's registers (crypto/perlasm/Poly1305X64Scalar.pm).
  my %g = (h0 => '%r12', h1 => '%r13', h2 => '%r14', r0 => '%r9',
           r1 => '%r10', s1 => '%r11', t0 => '%rbx', t1 => '%rbp',
           t2 => '%r15', t3 => '%r8');
  my ($r0, $r1, $s1, $h0, $h1, $h2, $t0) = @g{qw(r0 r1 s1 h0 h1 h2 t0)};
  my $sreg = '%xmm12';                   # s, the key's second half
  my ($adv, $advy) = ('%zmm29', '%ymm29');   # pad16(ad)
  # (The ciphertext goes to the frame as two ymm halves, as the AD does:
  # with zmm stores the MAC's 8-byte loads seem to wait for them. Zen 4, a
  # loop of 16-byte seals through EVP_AEAD_CTX_seal, each waiting for the
  # one before: 283-285 TSC ticks with zmm stores, 275-277 with ymm halves,
  # in the quiet ones of alternating runs.)
  my ($piny, $tmpz) = ('%ymm30', '%zmm28');
  (my $tmpy = $tmpz) =~ s/zmm/ymm/;
  # The medium function's sets after the first: @ys2 and $yd2 as in the
  # rows above (ymm8-11, ymm22).
  # $mask: k = the low `len` bits, 0 <= len <= 64 (len in %rdx; uses %rcx,
  # %rax): ~0 >> (64 - len) for len >= 1, and 0 for len = 0.
  my $mask = sub {
    my ($k) = @_;
    return ("movl %edx, %ecx", "negl %ecx", "movq \$-1, %rax", "shrq %cl, %rax",
            "xorl %ecx, %ecx", "testq %rdx, %rdx", "cmovzq %rcx, %rax",
            "kmovq %rax, $k");
  };
  # $zipn: $zip over any number of lists of the same shape.
  my $zipn = sub {
    my @l = @_;
    my @o;
    for my $i (0 .. $#{$l[0]}) {
      push @o, $l[0][$i];
      push @o, grep { !/^#/ } map { $_->[$i] } @l[1 .. $#l];
    }
    return @o;
  };
  # $mac_ifma: the MAC of the run for the IFMA function (129..256 bytes:
  # 10..21 blocks of 16 bytes at (%rsp), $nb of them; h0..h2 zero, r0, r1,
  # s1 set), leaving h (base 2^64, h2 <= 4) for the tag code. The scalar
  # chain does one block in ~14 cycles; four lanes of AVX-512 IFMA (base
  # 2^44, ymm registers) do four blocks a step, H = (H + M) r^4, and the
  # last step multiplies the lanes by [r^4, r^2, r^3, r], the powers their
  # blocks need (a step's lanes hold its blocks 0, 2, 1, 3: the order the
  # 64-bit unpacks leave them in). First r^2 (every lane), then [r^2, r^2,
  # r^2, r] times [r^2, 1, r, 1], and r^4 from its lane 0; meanwhile the
  # scalar code MACs the first nb mod 4 blocks, whose h is added to lane 0
  # of the first step. At the end the lanes are summed, carried and
  # converted to base 2^64. Limb bounds as in the IFMA Poly1305 row
  # (crypto/poly1305/asm/poly1305-x86_64.pl): every multiplicand < 2^52,
  # columns < 2^56, and the carry leaves h0 < 2^44 + 2^16, h1 < 2^44,
  # h2 < 2^42. Registers: ymm16-20 r (then r^4) and 20 r1, 20 r2; ymm21-25
  # the last step's powers likewise; ymm26-28 H; ymm5-11 the products;
  # ymm13-15, ymm29-30 the other factor and the message; ymm1-4 (the
  # keystream an open writes out after the MAC) and xmm12 (s) are kept.
  my $mac_ifma = sub {
    my ($F) = @_;
    my @R = map { "%ymm$_" } 16 .. 20;
    my @P = map { "%ymm$_" } 21 .. 25;
    my @H = map { "%ymm$_" } 26 .. 28;
    my @Q = map { "%ymm$_" } 13 .. 15;
    my @QT = ('%ymm29', '%ymm30');
    my ($tA, $tB, $tC) = @Q;
    my $m44 = '.Lpoly_ifma_m44(%rip){1to4}';
    my $m42 = '.Lpoly_ifma_m42(%rip){1to4}';
    my ($h0, $h1, $h2, $r0, $r1) = @g{qw(h0 h1 h2 r0 r1)};
    # $t20: $dst = 20 $src (2^132 = 20 mod p, for the wrapped columns).
    my $t20 = sub {
      my ($src, $dst) = @_;
      return ("vpsllq \$2, $src, $dst", "vpaddq $src, $dst, $dst",
              "vpsllq \$2, $dst, $dst");
    };
    # $vmul: @$h = @$h * @$s mod p, per lane, carried; $t1 = 20 s1,
    # $t2 = 20 s2. Columns: lo halves of h0 s0 + h1 20s2 + h2 20s1, h0 s1
    # + h1 s0 + h2 20s2, h0 s2 + h1 s1 + h2 s0, and their hi halves (bit
    # 52 up), which weigh 2^8 more than the next column, the last one
    # 2^140 = 5120 (mod p) at column 0.
    my $vmul = sub {
      my ($h, $s, $t1, $t2) = @_;
      my ($l0, $l1, $l2, $H0, $H1, $H2, $c) = map { "%ymm$_" } 5 .. 11;
      my @o = map { "vpxorq $_, $_, $_" } $l0, $l1, $l2, $H0, $H1, $H2;
      for my $col ([$l0, $H0, [0, $s->[0]], [1, $t2], [2, $t1]],
                   [$l1, $H1, [0, $s->[1]], [1, $s->[0]], [2, $t2]],
                   [$l2, $H2, [0, $s->[2]], [1, $s->[1]], [2, $s->[0]]]) {
        my ($lo, $hi, @terms) = @$col;
        for my $t (@terms) {
          push @o, "vpmadd52luq $t->[1], $h->[$t->[0]], $lo",
                   "vpmadd52huq $t->[1], $h->[$t->[0]], $hi";
        }
      }
      return (@o,
              "vpsllq \$8, $H0, $H0", "vpaddq $H0, $l1, $l1",
              "vpsllq \$8, $H1, $H1", "vpaddq $H1, $l2, $l2",
              "vpsllq \$10, $H2, $c", "vpsllq \$12, $H2, $H2",
              "vpaddq $c, $H2, $H2", "vpaddq $H2, $l0, $l0",
              "vpsrlq \$44, $l0, $c", "vpandq $m44, $l0, $h->[0]",
              "vpaddq $c, $l1, $l1", "vpsrlq \$44, $l1, $c",
              "vpandq $m44, $l1, $h->[1]",
              "vpaddq $c, $l2, $l2", "vpsrlq \$42, $l2, $c",
              "vpandq $m42, $l2, $h->[2]",
              "vpsllq \$2, $c, $H0", "vpaddq $c, $H0, $H0",
              "vpaddq $H0, $h->[0], $h->[0]");
    };
    # $msg: H += the step's four blocks at $run, in base 2^44 with the
    # 2^128 bit (2^40 of limb 2).
    my @msg = ("vmovdqu64 ($run), $tA", "vmovdqu64 32($run), $tB",
               "vpunpcklqdq $tB, $tA, $tC", "vpunpckhqdq $tB, $tA, $tB",
               "vpandq $m44, $tC, $tA", "vpaddq $tA, $H[0], $H[0]",
               "vpsrlq \$44, $tC, $tC", "vpsllq \$20, $tB, $tA",
               "vpternlogq \$0xa8, $m44, $tA, $tC",
               "vpaddq $tC, $H[1], $H[1]",
               "vpsrlq \$24, $tB, $tB",
               "vporq .Lpoly_ifma_pad(%rip){1to4}, $tB, $tB",
               "vpaddq $tB, $H[2], $H[2]");
    # $to44: GPRs ($lo, $hi, $top: a value below 2^131) to base 2^44 in
    # the low lanes of three xmm registers (zero above; %rdx = 2^44 - 1).
    my $to44 = sub {
      my ($lo, $hi, $top, @v) = @_;
      return ("movq $lo, %rax", "andq %rdx, %rax", "vmovq %rax, $v[0]",
              "movq $lo, %rax", "shrq \$44, %rax", "movq $hi, %rbx",
              "shlq \$20, %rbx", "orq %rbx, %rax", "andq %rdx, %rax",
              "vmovq %rax, $v[1]",
              "movq $hi, %rax", "shrq \$24, %rax",
              defined $top ? ("movq $top, %rbx", "shlq \$40, %rbx",
                              "orq %rbx, %rax") : (),
              "vmovq %rax, $v[2]");
    };
    my @x = map { my $r = $_; $r =~ s/ymm/xmm/; $r } @R[0 .. 2];
    my @xh = map { my $r = $_; $r =~ s/ymm/xmm/; $r } @H;
    my $o = text(
        "# r in base 2^44 in every lane; 20 r1, 20 r2.",
        "movabsq \$0xfffffffffff, %rdx",
        $to44->($r0, $r1, undef, @x),
        map({ "vpbroadcastq $x[$_], $R[$_]" } 0 .. 2),
        $t20->($R[1], $R[3]), $t20->($R[2], $R[4]),
        "# r^2 in every lane (in H for now).",
        map({ "vmovdqa64 $R[$_], $H[$_]" } 0 .. 2),
        $vmul->(\@H, [@R[0 .. 2]], $R[3], $R[4]),
        "# P = [r^2, r^2, r^2, r] * [r^2, 1, r, 1] = [r^4, r^2, r^3, r].",
        "movl \$8, %eax", "kmovw %eax, %k5",
        "movl \$10, %eax", "kmovw %eax, %k6",
        "movl \$4, %eax", "kmovw %eax, %k7",
        map({ ("vmovdqa64 $H[$_], $P[$_]", "vmovdqa64 $R[$_], $P[$_]\{%k5}",
               "vmovdqa64 $H[$_], $Q[$_]", "vmovdqa64 $R[$_], $Q[$_]\{%k7}") }
            0 .. 2),
        "vpbroadcastq .Lpoly_ifma_one(%rip), $Q[0]\{%k6}",
        "vpxorq $Q[1], $Q[1], $Q[1]\{%k6}", "vpxorq $Q[2], $Q[2], $Q[2]\{%k6}",
        $t20->($Q[1], $QT[0]), $t20->($Q[2], $QT[1]),
        $vmul->([@P[0 .. 2]], \@Q, @QT),
        $t20->($P[1], $P[3]), $t20->($P[2], $P[4]),
        "# r^4 in every lane, from P's lane 0.",
        map({ "vpermq \$0, $P[$_], $R[$_]" } 0 .. 2),
        $t20->($R[1], $R[3]), $t20->($R[2], $R[4]),
        "# The first nb mod 4 blocks by the scalar step (nb in the frame).",
        "movq $nb, 464(%rsp)", "andl \$3, %ecx", "jz ${F}_ifma_prefix_done");
    $o .= "${F}_ifma_prefix:\n";
    $o .= text(add_block(\%g, $run, "\$1"), mul_r_mul(\%g),
               "leaq 16($run), $run", "decl %ecx", "jnz ${F}_ifma_prefix");
    $o .= "${F}_ifma_prefix_done:\n";
    $o .= text("# That h into lane 0 of H (the other lanes zero).",
               "movabsq \$0xfffffffffff, %rdx",
               $to44->($h0, $h1, $h2, @xh),
               "# nb / 4 steps, all but the last by r^4.",
               "movq 464(%rsp), %rcx", "shrq \$2, %rcx", "decq %rcx",
               "jz ${F}_ifma_last");
    $o .= "${F}_ifma_step:\n";
    $o .= text(@msg, $vmul->(\@H, [@R[0 .. 2]], $R[3], $R[4]),
               "leaq 64($run), $run", "decq %rcx", "jnz ${F}_ifma_step");
    $o .= "${F}_ifma_last:\n";
    $o .= text(@msg, $vmul->(\@H, [@P[0 .. 2]], $P[3], $P[4]),
               "# The lanes' sum, carried, in base 2^64.",
               map({ ("vextracti32x4 \$1, $H[$_], %xmm" . (13 + $_),
                      "vpaddq %xmm" . (13 + $_) . ", $xh[$_], %xmm" . (13 + $_),
                      "vpshufd \$0x4e, %xmm" . (13 + $_) . ", %xmm" . (5 + $_),
                      "vpaddq %xmm" . (5 + $_) . ", %xmm" . (13 + $_) . ", %xmm" . (13 + $_)) }
                   0 .. 2),
               "vmovq %xmm13, $h0", "vmovq %xmm14, $h1", "vmovq %xmm15, $h2",
               "movabsq \$0xfffffffffff, %rdx",
               "movq $h0, %rax", "shrq \$44, %rax", "andq %rdx, $h0",
               "addq %rax, $h1",
               "movq $h1, %rax", "shrq \$44, %rax", "andq %rdx, $h1",
               "addq %rax, $h2",
               "movq $h2, %rax", "shrq \$42, %rax",
               "movabsq \$0x3ffffffffff, %rbx", "andq %rbx, $h2",
               "leaq (%rax,%rax,4), %rax", "addq %rax, $h0",
               "movq $h0, %rax", "shrq \$44, %rax", "andq %rdx, $h0",
               "addq %rax, $h1",
               "movq $h1, %rax", "shrq \$44, %rax", "andq %rdx, $h1",
               "addq %rax, $h2",
               "movq $h1, %rax", "shlq \$44, %rax", "orq %rax, $h0",
               "movq $h2, %rax", "shlq \$24, %rax", "shrq \$20, $h1",
               "orq %rax, $h1", "shrq \$40, $h2");
    return $o;
  };
  for my $variant (0, 1, 2) {
  my $medium = $variant >= 1;
  my $ifma = $variant == 2;
  my $fs = $ifma ? 'chacha20_poly1305_medium_avx512ifma'
         : $medium ? 'chacha20_poly1305_medium_avx512'
         : 'chacha20_poly1305_short_avx512';
  my $F = ".L$fs";
  $c .= X86_64Xlate::function_begin($fs, args => 1,
                                    save => [qw(rbx rbp r12 r13 r14 r15)],
                                    xmm => [6 .. 15],
                                    frame => $medium ? 480 : 160);
  # Row d, le32(counter) || words 1..3, straight from the caller's nonce
  # by a dword-masked load (masked-off lanes are not read): for ChaCha20
  # lanes 1..3 from nonce - 4, for XChaCha20 lanes 2..3 from nonce + 8
  # (0x00000000 || the last 8 nonce bytes). A 16-byte block built by the
  # caller's stores and loaded whole here waited for the stores to retire
  # (no store forwarding across stores): Zen 4, a loop of 16-byte seals
  # through EVP_AEAD_CTX_seal, each waiting for the one before, 3.7% of
  # the samples sat on that load. The short function adds the lanes'
  # counters (0, 1) here; the medium one derives its other sets' d rows
  # from counter 0 first.
  my $row_d = sub {
    my ($lanes, $off) = @_;
    return ("movl \$$lanes, %eax", "kmovd %eax, %k3",
            "vmovdqu32 $off($cn), $y[7]\{%k3}{z}",
            "vinserti32x4 \$1, $y[7], $yw[7], $yw[7]",
            $medium ? () : "vpaddd .Lchacha_row_inc(%rip), $yw[7], $yw[7]");
  };
  # Rows a, b, c in both 128-bit lanes of ymm4-6, row d in ymm7.
  $c .= text("movq 0($p), $key", "movq 8($p), $cn",
             "cmpq \$0, 72($p)", "jne ${F}_hchacha",
             $row_d->(0xe, -4),
             "vbroadcasti32x4 .Lchacha_sigma(%rip), $yw[4]",
             "vbroadcasti32x4 0($key), $yw[5]",
             "vbroadcasti32x4 16($key), $yw[6]", "jmp ${F}_start");
  # XChaCha20: the key rows are HChaCha20(key, nonce[0..15]), words 0..3
  # and 12..15 of one block's state after the rounds (no feed-forward),
  # from one set of xmm rows; then broadcast to both lanes.
  $c .= "${F}_hchacha:\n";
  $c .= text("vmovdqa .Lchacha_sigma(%rip), $y[0]",
             "vmovdqu 0($key), $y[1]", "vmovdqu 16($key), $y[2]",
             "vmovdqu ($cn), $y[3]", "movl \$10, %eax");
  $c .= "${F}_hchacha_rounds:\n";
  $c .= text($rows_dr->(@y[0 .. 3], @y8[0, 1]), "decl %eax",
             "jnz ${F}_hchacha_rounds",
             "vbroadcasti32x4 .Lchacha_sigma(%rip), $yw[4]",
             "vshufi32x4 \$0, $yw[0], $yw[0], $yw[5]",
             "vshufi32x4 \$0, $yw[3], $yw[3], $yw[6]",
             $row_d->(0xc, 8));
  # $key_out: r (clamped) and s of block 0, in rows a and b of lane 0
  # (xmm0, xmm1), before the lanes are taken apart.
  my @key_out = (
      "# Block 0: r = bytes 0..15 (row a, lane 0), clamped; s = bytes",
      "# 16..31 (row b), kept in $sreg.",
      "vmovq $y[0], $r0", "vpextrq \$1, $y[0], $r1",
      "vmovdqa $y[1], $sreg",
      "movabsq \$0x0ffffffc0fffffff, %rax", "andq %rax, $r0",
      "movabsq \$0x0ffffffc0ffffffc, %rax", "andq %rax, $r1",
      "movq $r1, $s1", "shrq \$2, $s1", "addq $r1, $s1");
  # $xor_block: data block $j (1..4, in register $ks; $tag names its
  # labels) with bytes 64 (j - 1) .. of the input through the mask of its
  # length (%rdx, 0..64): for a seal out = in ^ keystream; and the
  # ciphertext, zero-padded (the output for a seal, the input for an
  # open), to the frame at the run offset ($run, pad16(ad_len)) + 64
  # (j - 1). An open writes nothing to `out` here: see $open_out. The
  # short function computes $run here, the medium one before its blocks.
  my $xor_block = sub {
    my ($tag, $j, $ks) = @_;
    my $off = 64 * ($j - 1);
    return ($mask->('%k1'),
            "movq 16($p), %rax", "vmovdqu8 $off(%rax), $pin\{%k1}{z}",
            "cmpq \$0, 64($p)", "jne ${F}_${tag}_ct_in$j",
            "vpxord $pin, $ks, $pks",
            "movq 24($p), %rax", "vmovdqu8 $pks, $off(%rax){%k1}",
            "vmovdqu8 $pks, $pin\{%k1}{z}",
            "${F}_${tag}_ct_in$j:",
            $medium ? () : ("movq 48($p), %rax", "leaq 15(%rax), $run",
                            "andq \$-16, $run"),
            "vmovdqu64 $piny, $off(%rsp,$run)",
            "vextracti64x4 \$1, $pin, $tmpy",
            "vmovdqu64 $tmpy, " . ($off + 32) . "(%rsp,$run)");
  };
  # $block_len: %rdx = data block $j's length, in_len - 64 (j - 1)
  # clamped to 0..64 (uses %rax).
  my $block_len = sub {
    my ($j) = @_;
    return ("movq 32($p), %rdx",
            $j > 1 ? ("subq \$" . (64 * ($j - 1)) . ", %rdx",
                      "movl \$0, %eax", "cmovsq %rax, %rdx") : (),
            "movl \$64, %eax", "cmpq %rax, %rdx", "cmovaq %rax, %rdx");
  };
  # pad16(ad) into the frame, before anything is written (the AD may
  # overlap the output), after the sets have started: the round chain
  # waits for them, not for this.
  my @ad_in = ("movq 48($p), %rdx", $mask->('%k2'), "movq 40($p), %rax",
               "vmovdqu8 (%rax), $adv\{%k2}{z}", "vmovdqu64 $advy, (%rsp)",
               "vextracti64x4 \$1, $adv, %ymm28", "vmovdqu64 %ymm28, 32(%rsp)");
  # $hybrid: 193..256 bytes as block 0 in general-purpose registers (the
  # one-time key needs only its first 32 bytes) beside blocks 1..4 in two
  # sets of ymm rows (vprold form), one loop for both, the scalar double
  # round spread over the vector one in proportion. Block 0's words as in
  # ChaCha20_ctr32_x86_64 below (x8..x11 two in registers, two in the
  # frame, swapped between pairs of quarter rounds); the argument pointer
  # waits in the frame. Three sets of ymm rows (blocks 0..5) ran at ~19
  # cycles a round (the units that shift and shuffle shared by three
  # chains), two at ~16; the scalar block uses the integer units instead.
  # Zen 4, chained 256-byte seals through EVP_AEAD_CTX_seal, TSC ticks a
  # call, the quietest of 6 alternating runs: 193 bytes 468 -> 441, 256
  # bytes 497 -> 474. The frame's copy of block 0's state (the key) is
  # wiped at the end.
  my $hybrid = sub {
    my ($ST, $XC, $PS, $SK) = (352, 416, 432, 448);   # frame offsets
    my @sx = ('%eax', '%ebx', '%ecx', '%edx', '%esi', '%edi', '%ebp', '%r8d',
              undef, undef, undef, undef, '%r9d', '%r10d', '%r11d', '%r12d');
    my ($c0, $c1, $cnt) = ('%r13d', '%r14d', '%r15d');
    my $st = sub { return ($ST + 4 * $_[0]) . "(%rsp)"; };
    my $xc = sub { return ($XC + 4 * ($_[0] - 8)) . "(%rsp)"; };
    my @sdr = grep { !/^#/ } scalar_double_round(\@sx, $c0, $c1, $xc);
    my @vdr = $zipn->([$rows_dr->(@yw[0 .. 3])], [$rows_dr->(@ys2)]);
    # Spread the scalar double round over the vector one, in proportion.
    my @merged;
    my ($i, $j) = (0, 0);
    my @v = grep { !/^#/ } @vdr;
    while ($i < @v || $j < @sdr) {
      if ($j >= @sdr || ($i < @v && $i * @sdr <= $j * @v)) {
        push @merged, $v[$i++];
      } else {
        push @merged, $sdr[$j++];
      }
    }
    my $in = [@yw[4 .. 6]];
    my $o = "${F}_m6:\n";
    $o .= text("# Block 0's state into the frame (counter 0).",
               "vmovdqu $y[4], " . $st->(0), "vmovdqu $y[5], " . $st->(4),
               "vmovdqu $y[6], " . $st->(8), "vmovdqu $y[7], " . $st->(12),
               "# Blocks 1, 2 and 3, 4: counter + 1 + L and + 3 + L.",
               "vpaddd .Lchacha_row_inc1234+32(%rip), $yw[7], $yd2",
               "vpaddd .Lchacha_row_inc1234(%rip), $yw[7], $yw[7]",
               $set_start->($in, $yw[7], [@yw[0 .. 3]]),
               $set_start->($in, $yd2, \@ys2),
               @ad_in,
               "movq $p, $PS(%rsp)",
               "movq " . $st->(10) . ", %rax", "movq %rax, " . $xc->(10),
               map({ "movl " . $st->($_) . ", $sx[$_]" } 0 .. 7, 12 .. 15),
               "movl " . $st->(8) . ", $c0", "movl " . $st->(9) . ", $c1",
               "movl \$10, $cnt");
    $o .= "${F}_m6_rounds:\n";
    $o .= text(@merged, "decl $cnt", "jnz ${F}_m6_rounds",
               "# Block 0, words 0..7: r and s.",
               map({ "addl " . $st->($_) . ", $sx[$_]" } 0 .. 7),
               "shlq \$32, %rbx", "orq %rbx, %rax",
               "shlq \$32, %rdx", "orq %rdx, %rcx",
               "shlq \$32, %rdi", "orq %rdi, %rsi",
               "shlq \$32, %r8", "orq %r8, %rbp",
               "movq %rsi, $SK(%rsp)", "movq %rbp, " . ($SK + 8) . "(%rsp)",
               "vmovdqu $SK(%rsp), $sreg",
               "movq %rax, $r0", "movq %rcx, $r1",
               "movabsq \$0x0ffffffc0fffffff, %rax", "andq %rax, $r0",
               "movabsq \$0x0ffffffc0ffffffc, %rax", "andq %rax, $r1",
               "movq $r1, $s1", "shrq \$2, $s1", "addq $r1, $s1",
               "movq $PS(%rsp), $p",
               $set_feed->($in, $yw[7], [@yw[0 .. 3]]),
               $set_feed->($in, $yd2, \@ys2),
               "# Blocks 1..4 into zmm1..4.",
               $lanes_out->($ra, $rb, $rc, $rd, @x[1, 2]),
               $lanes_out->(@x[8 .. 11], @x[3, 4]),
               "movq 48($p), %rax", "leaq 15(%rax), $run",
               "andq \$-16, $run");
    for my $j (1 .. 4) {
      $o .= text($block_len->($j), $xor_block->('m6', $j, $x[$j]));
    }
    $o .= text("movq 32($p), %rdx", "jmp ${F}_lengths");
    return $o;
  };
  $c .= "${F}_start:\n";
  if (!$medium) {
    # 1..64 bytes: blocks 0, 1 in one set of ymm rows (short form).
    $c .= text($set_start->([@yw[4 .. 6]], $yw[7], [@yw[0 .. 3]]),
               @ad_in, "movl \$10, %eax");
    $c .= "${F}_rounds:\n";
    $c .= text($rows_dr->(@yw[0 .. 3], @yw8[0, 1]), "decl %eax",
               "jnz ${F}_rounds",
               $set_feed->([@yw[4 .. 6]], $yw[7], [@yw[0 .. 3]]),
               @key_out,
               "# Block 1 into zmm1 (block 0 into zmm0).",
               $lanes_out->($ra, $rb, $rc, $rd, @x[0, 1]),
               "movq 32($p), %rdx",
               $xor_block->('short', 1, $x[1]));
  } else {
    # 65..256 bytes: block 0 and up to four data blocks in sets of ymm
    # rows, two blocks each, interleaved op by op in the vprold form (the
    # units that shift and shuffle being the bound there): two sets
    # (blocks 0..3) for 65..192 bytes; for 193..256, block 0 in
    # general-purpose registers beside two sets (blocks 1..4, $hybrid
    # above). Then each data block through its length's mask. Before the
    # hybrid, 193..256 bytes took three ymm sets, rather than the zmm and
    # ymm rows of ChaCha20_ctr32_avx512's 257..384 bytes:
    # Zen 4, 256-byte seals through EVP_AEAD_CTX_seal, the rounds took 58%
    # of ~510 TSC ticks (~21 cycles a round) with a zmm set, where a ymm
    # set's step is add, XOR, rotate: 1 + 1 + 2 cycles; ours / BoringSSL
    # (util/bench/percall.sh, 7 rounds) at 256 bytes 1.20 -> 1.26-1.27.
    #
    # What bounds a 256-byte record (Zen 4, chained 16-byte-AD seals
    # through EVP_AEAD_CTX_seal, TSC ticks a call, 1 tick ~ 1.4 cycles):
    # two latency chains in a row, the 20 rounds (then three ymm sets, ~19
    # cycles a round, ~270 ticks: 1 double round instead of 10 took 245
    # fewer; the hybrid brings them to ~16) and then the MAC's 18 blocks
    # (pad16(ad), 16 of ciphertext, the lengths), each h = (h + m) r a
    # chain of ~14 cycles. Measured (three sets): 496 a call, and 334 with
    # the MAC cut to its first 2 blocks (a wrong tag; timing only), so ~10
    # ticks a block. Not kept: the next block's add folded into the
    # previous block's fold (one add of h0 fewer on the chain), 497 -> 500.
    # Two interleaved Horner chains over r^2 in general-purpose registers
    # (base 2^44, as r^2 is not clamped: 9 products a block) measured
    # slower than the one chain in a C prototype (clang -O2, 18 blocks
    # chained: 336 against 210 ticks): the products and the carries take
    # the integer units the chain leaves idle, and more. Four lanes of
    # AVX-512 IFMA ($mac_ifma) take the vector units instead: the IFMA
    # function below, for 129..256 bytes where the CPU has IFMA (an intrinsics
    # prototype first: 18 blocks chained 170 against 212 ticks). Zen 4,
    # util/bench/aead_floor.c, chained, the builds before and after
    # alternated 3 times: seal 256 bytes 478-483 -> 428-435, open 486-494
    # -> 452-464, XChaCha20 seal 658-663 -> 617-637; `PERCALL_FILTER=poly1305
    # util/bench/percall.sh BUILD BORINGSSL_BUILD 5` (a0689af29e8e), ours /
    # BoringSSL at 256 bytes: seal 1.34 -> 1.46, open 1.30 -> 1.38, XChaCha20
    # seal 1.33 -> 1.45. Then 129..192 bytes too (the 65..192 path with the
    # same MAC): chained 13-byte-AD seals through EVP_AEAD_CTX_seal, the
    # builds before and after alternated 4 times, lower quartiles of 41
    # batches, TSC ticks: 129 bytes 398-403 -> 388-392, 160 410-417 ->
    # 404-408, 176 419-428 -> 405-410, 192 429-436 -> 408-413. Up to 128
    # bytes (at most ~10 MAC blocks) the prototype's lanes lost to the
    # scalar chain: their ~80 ticks of powers and lane sum outweigh the
    # ~5.5 ticks a block they save. Object code: 5907 bytes (the medium
    # function: 3928). Not measured on Zen 5 or Intel cores (no such
    # machine here).
    # 65..192 bytes: blocks 0, 1 and 2, 3 (counter + L, + 2 + L).
    my @sets = ([[@yw[0 .. 3]], $yw[7], '.Lchacha_row_inc'],
                [\@ys2, $yd2, '.Lchacha_row_inc+32']);
    my $in = [@yw[4 .. 6]];
    $c .= text("cmpq \$192, 32($p)", "ja ${F}_m6");
    $c .= $hybrid->();
    $c .= "${F}_m4:\n";
    # The d rows: counter 0 + the lanes' block numbers (set 0's last: the
    # other starts from it).
    $c .= text(map({ "vpaddd $_->[2](%rip), $yw[7], $_->[1]" } reverse @sets),
               map({ $set_start->($in, $_->[1], $_->[0]) } @sets),
               @ad_in, "leaq 15(%rdx), $run", "andq \$-16, $run",
               "movl \$10, %eax");
    $c .= "${F}_m4_rounds:\n";
    $c .= text($zipn->(map { [$rows_dr->(@{$_->[0]})] } @sets),
               "decl %eax", "jnz ${F}_m4_rounds",
               map({ $set_feed->($in, $_->[1], $_->[0]) } @sets),
               @key_out,
               "# Blocks 0..3 into zmm0..3.",
               $lanes_out->($ra, $rb, $rc, $rd, @x[0, 1]),
               $lanes_out->(@x[8 .. 11], @x[2, 3]));
    for my $j (1 .. 3) {
      $c .= text($block_len->($j), $xor_block->('m4', $j, $x[$j]));
    }
    $c .= text("movq 32($p), %rdx", "jmp ${F}_lengths");
  }
  $c .= "${F}_lengths:\n";
  $c .= text("# The run: pad16(ad), pad16(ct), le64(ad_len), le64(in_len)",
             "# (%rdx; ad_len in %rax).",
             $medium ? "movq 48($p), %rax" : (),
             "leaq 15(%rdx), $nb", "andq \$-16, $nb", "addq $run, $nb",
             "movq %rax, (%rsp,$nb)", "movq %rdx, 8(%rsp,$nb)",
             "leaq (%rsp), $run",
             "shrq \$4, $nb", "incq $nb",
             "xorl ${h0}d, ${h0}d", "xorl ${h1}d, ${h1}d", "xorl ${h2}d, ${h2}d");
  # One block per iteration: h = (h + m + 2^128) r mod 2^130 - 5, partly
  # reduced (h2 <= 4 on exit), by the scalar step of the Poly1305 rows.
  if ($ifma) {
    $c .= $mac_ifma->($F);
  } else {
  $c .= "${F}_mac:\n";
  $c .= text(add_block(\%g, $run, "\$1"), mul_r_mul(\%g),
             "leaq 16($run), $run", "decq $nb", "jnz ${F}_mac");
  }
  # tag = (h mod p) + s mod 2^128: h < 5 2^128 < 2p, so h mod p is h + 5
  # - 2^130 when that is not negative (bit 130 of h + 5 set), else h.
  $c .= text("movq $h0, %rax", "movq $h1, %rdx", "movq $h2, $t0",
             "addq \$5, %rax", "adcq \$0, %rdx", "adcq \$0, $t0",
             "shrq \$2, $t0", "cmovnzq %rax, $h0", "cmovnzq %rdx, $h1",
             "vmovq $sreg, %rax", "vpextrq \$1, $sreg, %rdx",
             "addq %rax, $h0", "adcq %rdx, $h1",
             "movq 56($p), %rax", "cmpq \$0, 64($p)", "jne ${F}_open_out",
             "movq $h0, (%rax)", "movq $h1, 8(%rax)",
             "movl \$1, %ecx", "jmp ${F}_wipe");
  # An open: the tag against the expected one at `tag`, without a branch
  # on the result (h0 = all ones if all 16 bytes match, else 0), then the
  # plaintext, in ^ keystream, through each data block's mask ANDed with
  # h0: nothing reaches `out` unless the tag matched. %ecx: 1 or 0.
  $c .= "${F}_open_out:\n";
  $c .= text("xorq (%rax), $h0", "xorq 8(%rax), $h1", "orq $h1, $h0",
             "negq $h0", "sbbq $h0, $h0", "notq $h0", "kmovq $h0, %k4");
  for my $j (1 .. ($medium ? 4 : 1)) {
    my $off = 64 * ($j - 1);
    $c .= text($block_len->($j), $mask->('%k1'), "kandq %k4, %k1, %k1",
               "movq 16($p), %rax", "vmovdqu8 $off(%rax), $pin\{%k1}{z}",
               "vpxord $pin, $x[$j], $pks",
               "movq 24($p), %rax", "vmovdqu8 $pks, $off(%rax){%k1}");
  }
  $c .= text("movl ${h0}d, %ecx", "andl \$1, %ecx");
  $c .= "${F}_wipe:\n";
  $c .= text("# Wipe the keystream, the key halves and h: the vector and",
             "# mask registers, and the general ones the epilogue does not",
             "# restore (h0..h2 and t0..t2 are callee-saved: popped below).",
             "vzeroall",
             $medium ? ("# The hybrid's block-0 state, spills and s.",
                        "vmovdqu64 %zmm0, 352(%rsp)",
                        "vmovdqu64 %zmm0, 416(%rsp)") : (),
             map({ my $r = $_; $r =~ s/zmm/xmm/; "vpxord $r, $r, $r" }
                 $ifma ? (map { "%zmm$_" } 16 .. 31)
                       : (@t, $adv, $pin, $pks, $tmpz,
                          $medium ? '%zmm22' : ())),
             "kxorq %k1, %k1, %k1", "kxorq %k2, %k2, %k2",
             "kxorq %k3, %k3, %k3", "kxorq %k4, %k4, %k4",
             map({ "xorl ${_}d, ${_}d" } @g{qw(r0 r1 s1 t3)}),
             "xorl %edx, %edx", "movl %ecx, %eax");
  $c .= X86_64Xlate::epilogue();
  $c .= X86_64Xlate::function_end();
  }
  return $c;
}

# --- One block at a time in general-purpose registers -----------------------
#
# ChaCha20_ctr32_x86_64(out, in, in_len, key, counter_nonce) takes a BYTE
# length like the AVX-512 entry point and handles a final partial block
# itself. It needs nothing beyond baseline x86-64 (rol, SSE2 for the state
# copy), so every row can use it for short inputs.
#
# Why scalar: on this core a vector op has 2 cycles of latency and a scalar
# add/xor/rol 1, and a lone block is one latency chain either way. A round
# is QUARTERROUND on four independent (a, b, c, d) sets, each 12 dependent
# ops (a += b; d ^= a; d <<<= 16; c += d; b ^= c; b <<<= 12; ...), so with
# all four quarter rounds in flight a round costs ~12 scalar cycles (48
# ops on 4+ ALUs) against ~26 for the vector rows (12 ops + 1 vpshufd, 2
# cycles each): ~240 against ~520 core cycles for 20 rounds.
#
# Register plan. Sixteen state words, but only fifteen usable GPRs (%rsp is
# the frame) and the pointers and the round counter need homes too. So the
# pointers and lengths live in the frame during the rounds, and of the four
# c words (x8..x11) only the two the current pair of quarter rounds uses
# are in registers:
#   a  x0..x3    eax  ebx  ecx  edx
#   b  x4..x7    esi  edi  ebp  r8d
#   c  two of x8..x11 in r13d r14d, the other two in the frame
#   d  x12..x15  r9d  r10d r11d r12d
#   r15d         double-round counter
# The quarter rounds run in pairs that share a pair of c words:
#   column    QR(0,4,8,12)  QR(1,5,9,13)    c = x8,  x9
#             QR(2,6,10,14) QR(3,7,11,15)   c = x10, x11  (swap 8,9 out)
#   diagonal  QR(0,5,10,15) QR(1,6,11,12)   c = x10, x11  (no swap)
#             QR(2,7,8,13)  QR(3,4,9,14)    c = x8,  x9   (swap 10,11 out)
# A swap is two stores and two loads; the loads do not depend on the pair
# before them, so register renaming lets the second pair start while the
# first is still running: all four quarter rounds of a round overlap.
#
# Frame: the input state (16 words, the key among them), the spilled c
# words, the keystream of a partial block and the saved pointers. The
# feed-forward adds the input words from the frame (no pointer needed).
# Output: the words are joined in pairs into 64-bit registers (which frees
# half of them for the pointers), XORed with the input 8 bytes at a time
# and stored; a final partial block goes through the keystream slot 8 bytes
# and then 1 byte at a time (branches on the length only). The frame and
# the caller-saved registers are wiped before returning.
# scalar_double_round: one ChaCha20 double round of a block in 32-bit
# general-purpose registers, as laid out above: @$x the registers of words
# 0..7 and 12..15 (8..11 undef), $c0 and $c1 the two registers that hold
# a pair of c words (x8, x9 on entry and exit), $xc->(i) the frame slot of
# c word i (8..11); each pair of quarter rounds interleaved op by op. Used
# by ChaCha20_ctr32_x86_64 and by the AEAD's hybrid one-call code.
sub scalar_double_round {
  my ($x, $c0, $c1, $xc) = @_;
  # One pair of quarter rounds, (a, b, c, d) word indices each; the c
  # words are in the registers given.
  my $pair = sub {
    my ($q1, $q2, $cr1, $cr2) = @_;
    my @o;
    my @w = ([@$x[$q1->[0], $q1->[1]], $cr1, $x->[$q1->[3]]],
             [@$x[$q2->[0], $q2->[1]], $cr2, $x->[$q2->[3]]]);
    for my $s ([0, 1, 3, 16], [2, 3, 1, 12], [0, 1, 3, 8], [2, 3, 1, 7]) {
      my ($p, $qq, $r, $n) = @$s;        # p += q; r ^= p; r <<<= n
      push @o, map({ "addl $_->[$qq], $_->[$p]" } @w),
               map({ "xorl $_->[$p], $_->[$r]" } @w),
               map({ "roll \$$n, $_->[$r]" } @w);
    }
    return @o;
  };
  return ("# Column round.",
          $pair->([0, 4, 8, 12], [1, 5, 9, 13], $c0, $c1),
          "movl $c0, " . $xc->(8), "movl $c1, " . $xc->(9),
          "movl " . $xc->(10) . ", $c0", "movl " . $xc->(11) . ", $c1",
          $pair->([2, 6, 10, 14], [3, 7, 11, 15], $c0, $c1),
          "# Diagonal round.",
          $pair->([0, 5, 10, 15], [1, 6, 11, 12], $c0, $c1),
          "movl $c0, " . $xc->(10), "movl $c1, " . $xc->(11),
          "movl " . $xc->(8) . ", $c0", "movl " . $xc->(9) . ", $c1",
          $pair->([2, 7, 8, 13], [3, 4, 9, 14], $c0, $c1));
}

sub scalar1 {
  my $L = '.Lchacha_scalar';
  my ($ST, $XC, $KS, $PTR) = (0, 64, 80, 144);   # frame offsets
  my $FRAME = 176;
  my @x = ('%eax', '%ebx', '%ecx', '%edx', '%esi', '%edi', '%ebp', '%r8d',
           undef, undef, undef, undef, '%r9d', '%r10d', '%r11d', '%r12d');
  # The 64-bit name of each register.
  my %q = ('%eax' => '%rax', '%ebx' => '%rbx', '%ecx' => '%rcx',
           '%edx' => '%rdx', '%esi' => '%rsi', '%edi' => '%rdi',
           '%ebp' => '%rbp', '%r8d' => '%r8', '%r9d' => '%r9',
           '%r10d' => '%r10', '%r11d' => '%r11', '%r12d' => '%r12',
           '%r13d' => '%r13', '%r14d' => '%r14', '%r15d' => '%r15');
  my ($c0, $c1) = ('%r13d', '%r14d');
  my $st = sub { return ($ST + 4 * $_[0]) . "(%rsp)"; };
  my $xc = sub { return ($XC + 4 * ($_[0] - 8)) . "(%rsp)"; };  # x8..x11
  my $len = $nblocks;                    # third argument: bytes here

  my $c = X86_64Xlate::function_begin('ChaCha20_ctr32_x86_64', args => 5,
      save => [qw(rbx rbp r12 r13 r14 r15)], frame => $FRAME);
  $c .= text("testq $len, $len", "jz ${L}_return",
             "# Input state into the frame: constants | key | counter | nonce.",
             "movdqa .Lchacha_sigma(%rip), %xmm0",
             "movdqu 0($key), %xmm1", "movdqu 16($key), %xmm2",
             "movdqu ($cn), %xmm3",
             "movdqa %xmm0, " . $st->(0), "movdqa %xmm1, " . $st->(4),
             "movdqa %xmm2, " . $st->(8), "movdqa %xmm3, " . $st->(12),
             "pxor %xmm1, %xmm1", "pxor %xmm2, %xmm2", "pxor %xmm3, %xmm3",
             "movq $out, " . ($PTR) . "(%rsp)",
             "movq $in, " . ($PTR + 8) . "(%rsp)",
             "movq $len, " . ($PTR + 16) . "(%rsp)");
  $c .= "${L}_block:\n";
  $c .= text("# x = input state; x10, x11 to their frame slots.",
             "movl " . $st->(10) . ", %r15d", "movl %r15d, " . $xc->(10),
             "movl " . $st->(11) . ", %r15d", "movl %r15d, " . $xc->(11),
             map({ "movl " . $st->($_) . ", $x[$_]" } 0 .. 7, 12 .. 15),
             "movl " . $st->(8) . ", $c0", "movl " . $st->(9) . ", $c1",
             "movl \$10, %r15d");
  $c .= "${L}_rounds:\n";
  $c .= text(scalar_double_round(\@x, $c0, $c1, $xc),
             "decl %r15d", "jnz ${L}_rounds");
  # Feed-forward x[i] += input[i], then words 2k, 2k+1 joined into one
  # 64-bit register (keystream bytes 8k .. 8k+7).
  my @pairs = ([0, 1], [2, 3], [4, 5], [6, 7], [8, 9], [10, 11], [12, 13],
               [14, 15]);
  # x8, x9 are in r13d, r14d; x10, x11 come from the frame into r15d and
  # (once x8 and x9 are joined into r14) r13d.
  my @ff = (map({ "addl " . $st->($_) . ", $x[$_]" } 0 .. 7, 12 .. 15),
            "addl " . $st->(8) . ", $c0", "addl " . $st->(9) . ", $c1");
  my @join;
  my %pairreg;
  for my $p (@pairs) {
    my ($lo, $hi) = @$p;
    next if $lo == 10;
    my ($rl, $rh) = $lo == 8 ? ($c0, $c1) : ($x[$lo], $x[$hi]);
    push @join, "shlq \$32, $q{$rh}", "orq $q{$rl}, $q{$rh}";
    $pairreg{$lo} = $q{$rh};
  }
  push @join, "movl " . $xc->(10) . ", %r13d", "addl " . $st->(10) . ", %r13d",
              "movl " . $xc->(11) . ", %r15d", "addl " . $st->(11) . ", %r15d",
              "shlq \$32, %r15", "orq %r13, %r15";
  $pairreg{10} = '%r15';
  my @ks = map { $pairreg{2 * $_} } 0 .. 7;   # keystream qword k
  # Free now: rax, rcx, rsi, rbp, r9, r11, r13.
  my ($pout, $pin, $plen) = ('%rax', '%rcx', '%rsi');
  $c .= text("# Feed-forward: x[i] += input[i].", @ff,
             "# Keystream qword k = x[2k] | x[2k+1] << 32.", @join,
             "movq " . ($PTR) . "(%rsp), $pout",
             "movq " . ($PTR + 8) . "(%rsp), $pin",
             "movq " . ($PTR + 16) . "(%rsp), $plen",
             "cmpq \$64, $plen", "jb ${L}_partial",
             "# A whole block: out = in ^ keystream, 8 bytes at a time.",
             map({ ("xorq " . (8 * $_) . "($pin), $ks[$_]",
                    "movq $ks[$_], " . (8 * $_) . "($pout)") } 0 .. 7),
             "addq \$64, $pin", "addq \$64, $pout",
             "movq $pin, " . ($PTR + 8) . "(%rsp)",
             "movq $pout, " . ($PTR) . "(%rsp)",
             "# Next counter, mod 2^32.",
             "incl " . $st->(12),
             "subq \$64, $plen", "movq $plen, " . ($PTR + 16) . "(%rsp)",
             "jnz ${L}_block",
             "jmp ${L}_wipe");
  # 1..63 bytes left: keystream to the frame, then 8 bytes, then 1 byte at
  # a time. %r9 is the offset, %r11 a temporary.
  $c .= "${L}_partial:\n";
  $c .= text(map({ "movq $ks[$_], " . ($KS + 8 * $_) . "(%rsp)" } 0 .. 7),
             "xorl %r9d, %r9d",
             "cmpq \$8, $plen", "jb ${L}_bytes");
  $c .= "${L}_qwords:\n";
  $c .= text("movq $KS(%rsp,%r9), %r11", "xorq ($pin,%r9), %r11",
             "movq %r11, ($pout,%r9)", "addq \$8, %r9", "subq \$8, $plen",
             "cmpq \$8, $plen", "jae ${L}_qwords",
             "testq $plen, $plen", "jz ${L}_wipe");
  $c .= "${L}_bytes:\n";
  $c .= text("movzbl $KS(%rsp,%r9), %r11d", "xorb ($pin,%r9), %r11b",
             "movb %r11b, ($pout,%r9)", "incq %r9", "decq $plen",
             "jnz ${L}_bytes");
  # Wipe the frame (state, c words, keystream) and the caller-saved
  # registers that held keystream; the callee-saved ones are restored.
  $c .= "${L}_wipe:\n";
  $c .= text("pxor %xmm0, %xmm0",
             map({ "movdqa %xmm0, " . (16 * $_) . "(%rsp)" } 0 .. 8),
             map({ "xorl $_, $_" } qw(%eax %ecx %edx %esi %edi %r8d %r9d %r10d %r11d)));
  $c .= "${L}_return:\n";
  $c .= X86_64Xlate::epilogue();
  $c .= X86_64Xlate::function_end();
  return $c;
}

my $code = ".text\n";
$code .= avx512();
$code .= scalar1();
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
.Lchacha_sixteen:
	.long 16
.align 64
.Lchacha_row_inc:
	.long 0, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0, 3, 0, 0, 0
.align 64
.Lchacha_row_inc4:
	.long 4, 0, 0, 0, 5, 0, 0, 0, 6, 0, 0, 0, 7, 0, 0, 0
.align 64
.Lchacha_row_inc1234:
	.long 1, 0, 0, 0, 2, 0, 0, 0, 3, 0, 0, 0, 4, 0, 0, 0
.align 64
.Lchacha_lane_inc16:
	.long 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15
.align 8
.Lpoly_ifma_m44:
	.quad 0xfffffffffff
.Lpoly_ifma_m42:
	.quad 0x3ffffffffff
.Lpoly_ifma_pad:
	.quad 0x10000000000
.Lpoly_ifma_one:
	.quad 1
___

X86_64Xlate::write_output($flavour, $output, $code, __FILE__);
