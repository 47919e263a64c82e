#!/usr/bin/env perl
# Copyright 2026 The project authors.
#
# sha2-mb-armv8.pl: multi-buffer SHA-256 and SHA-512 for AArch64: several
# independent messages at once (FIPS 180-4 §6.2, §6.4), for the batch rows
# of crypto/sha/sha_batch.c.
# Usage: perl sha2-mb-armv8.pl FLAVOUR OUTPUT   (linux64, ios64, win64)
#
# Entry points (C declarations and contracts in crypto/sha/sha_batch.h):
#
#   sha256_mb_hw_x2(uint32_t state[8 * 2], const uint8_t *const in[2],
#                   size_t num_blocks)          SHA256 instructions, 2 streams
#   sha256_mb_neon_x4(uint32_t state[8 * 4], const uint8_t *const in[4],
#                     size_t num_blocks)        NEON, one message a 32-bit lane
#   sha512_mb_hw_x2(uint64_t state[8 * 2], const uint8_t *const in[2],
#                   size_t num_blocks)          SHA512 instructions, 2 streams
#       Lane (stream) l compresses `num_blocks` blocks from in[l], in[l] + B,
#       ... (B = 64 or 128 bytes) into its chaining value, stored
#       transposed: H_j of lane l is state[j * LANES + l] (the layout of
#       crypto/sha/sha_batch.c's drivers). The pointers are read, not
#       updated; num_blocks == 0 reads nothing.
#   sha256_pairs_hw_x2(uint8_t *out, const uint8_t *in, size_t n2)
#   sha256_pairs_neon_x4(uint8_t *out, const uint8_t *in, size_t n4)
#   sha512_pairs_hw_x2(uint8_t *out, const uint8_t *in, size_t n2)
#       For groups of 2 (4) one-block messages (64 or 128 bytes each),
#       consecutive at `in`, write their digests, consecutive, to `out`;
#       `n2` (`n4`) such groups. Each group's input is loaded into registers
#       before its digests are written, and group g writes below group g+1's
#       input, so out == in works (a Merkle layer computed in place).
#
# Little-endian AArch64 only (message words byte-reversed unconditionally).
#
# The transposed state costs nothing with the structure loads: for two
# streams `ld2 {v0.4s, v1.4s}` of H0..H3 (lane 0, lane 1 alternating)
# gives v0 = (A, B, C, D) of stream 0 and v1 that of stream 1, the register
# layout sha256h wants; `ld2 {.2d}` gives the (A, B), (C, D) ... pairs of
# sha512h. For the NEON lanes word j of every lane is one `ld1`.
#
# The hardware paths (sha256h/sha256h2/sha256su0/sha256su1 and the SHA512
# ones): each stream is the one-message code of sha256-armv8.pl and
# sha512-armv8.pl (read their headers for the register roles), streams
# interleaved. A stream's rounds are one dependency chain (sha256h needs
# the previous sha256h's ABCD and sha256h2's EFGH): 16 links of latency L
# a 64-byte block. Two streams hide one chain's latency behind the other's.
# Why two and not three or four: on the cores whose guides give figures
# (A72, N1: one crypto pipe, see below) one stream already keeps that pipe
# 56 of every 64 cycles busy, so a second gains at most 1/8 and a third
# nothing. Cores with more SHA pipes (Apple's) would gain from three or
# four, but that is unmeasured here; three fit in the 32 vectors only with
# H(i-1) read back from memory (as sha512_mb_hw_x2 does), four not at all.
#
# Not built: SHA-512 in NEON lanes (two 64-bit lanes). Its rounds cost what
# the SHA-256 lanes' do (12 shift-pipe operations a round, 10 a schedule
# step) for 2 messages instead of 4: ~800 shift-pipe cycles a 128-byte
# block a message, ~6.3 c/B, against ~8.5 (A72) and ~6 (N1) for the scalar
# one-message code, and an in-order A53 splits 128-bit operations in two.
# A gain of at most ~1.3x on one core family, unmeasurable here, does not
# pay for ~10 KB of code; the sha512_batch rows are "hw" and "nohw".
#
# The NEON path: one message per 32-bit lane, eight vectors a..h (names
# rotating from round to round, so nothing moves), the schedule W[t mod
# 16] in sixteen more. NEON has no vector rotate: ROTR^n is ushr + sli (2
# instructions), so Σ0 and Σ1 take 8 each, σ0 and σ1 7; Ch(e,f,g) is
# bsl on a copy of e; Maj(a,b,c) = (a^b) ? c : b, bsl on a ^ b. A round:
# 28 instructions; a schedule step: 17, interleaved with the round two
# before the word is needed. K[t] comes in with ld1r (load and broadcast).
# The message words are gathered into lanes with ld4 single-lane loads
# (four words of one message into lane l of four registers at once).
#
# The pairs functions: the second block of a one-block message is the
# padding block 0x80 0 ... 0 || 512 (1024) as a 64-bit (128-bit) length,
# the same for every message, so its W[t] + K[t] is a constant table
# (computed below) and its rounds have no schedule.
#
# Speed: NOT MEASURED. There is no AArch64 hardware here (qemu-aarch64
# only, whose timings mean nothing), so the table gives instructions
# executed per message, from the static counts of the generated loops,
#   perl util/count_insns.pl build/.../sha2-mb-armv8-linux64.S \
#       --function FUNCTION --loop LABEL
# (the NEON inner 16-round loops counted once more for each further trip),
# divided by the streams or lanes, and the bound expected from the
# published latencies: Cortex-A72 (UAN0016A §3.13-3.14) and Neoverse N1
# (PJDOC-466751330 §3.16): SHA256H/SHA256H2 latency 4, one per cycle, on
# one pipe (F0 / V0), SHA256SU0 and SHA256SU1 on the same pipe; ASIMD
# shifts and shift-inserts on one pipe (F1 / V1), the other ASIMD integer
# ops on both; Apple M1 (Dougall Johnson's tables): SHA256H/SHA512H ~2-3
# cycles latency. (The sources of sha256-armv8.pl's header.)
#
# | function             | insns a message    | expected bound                |
# |----------------------|--------------------|-------------------------------|
# | sha256_mb_hw_x2      | 106.5 a 64 B block | the crypto pipe: 56 ops a     |
# |                      | (one-message hw:   | block a stream (16 sha256h,   |
# |                      | 104)               | 16 sha256h2, 12 + 12 su0/su1) |
# |                      |                    | against a 16 x 4 = 64-cycle   |
# |                      |                    | chain: one stream 64 cycles a |
# |                      |                    | block (1.0 c/B); two, 112 ops |
# |                      |                    | a pair of blocks on the pipe: |
# |                      |                    | 0.88 c/B (A72, N1); M1 ~0.4   |
# | sha256_pairs_hw_x2   | 172 (2 blocks)     | 88 crypto ops a message (the  |
# |                      |                    | padding block has no su0/su1):|
# |                      |                    | 176 cycles a pair (chain 128):|
# |                      |                    | 1.4 c/B of input, against 2.0 |
# |                      |                    | for SHA256() of 64 bytes      |
# | sha256_mb_neon_x4    | 674 a 64 B block   | 317 shift ops (ushr, sli) a   |
# |                      | (scalar asm: 1775) | message-block on the one      |
# |                      |                    | shift pipe: ~5 c/B on A72/N1  |
# |                      |                    | (scalar asm ~13 / ~9)         |
# | sha256_pairs_neon_x4 | 1120 (2 blocks)    | 509 shift ops: ~8 c/B of      |
# |                      |                    | input (scalar: ~26 / ~18)     |
# | sha512_mb_hw_x2      | 456.5 a 128 B block| M1: the sha512h -> add -> ext |
# |                      | (one-message: 476) | chain ~6 cycles a double      |
# |                      |                    | round, 240 a block: one       |
# |                      |                    | stream 1.9 c/B, two ~1.0 c/B  |
# |                      |                    | (issue, 4 pipes: ~0.9 c/B)    |
# | sha512_pairs_hw_x2   | 734 (2 blocks)     | ~0.8 c/B of input             |
#
# (A72 and N1 lack the SHA512 instructions, and some A72 parts, the
# Raspberry Pi 4's, the SHA256 ones too: the NEON row is for such cores.)
#
# To measure on real hardware: `bssl speed -impls -filter SHA256-pairs`
# (and -filter SHA256-batch, SHA512-pairs, SHA512-batch).
#
# Object size (linux64, gcc 12): 23.6 KB of code (sha256_mb_hw_x2 0.9 KB,
# sha256_pairs_hw_x2 1.4, sha256_mb_neon_x4 5.0, sha256_pairs_neon_x4 7.0,
# sha512_mb_hw_x2 3.7, sha512_pairs_hw_x2 5.8) + 1.9 KB of tables. The
# hardware paths unroll every round like the one-message code; the NEON
# rounds 16-63 are a 16-round loop (unrolled, the object was 41 KB).

use strict;
use warnings;
use FindBin;
use lib "$FindBin::Bin/../../perlasm";
use lib "$FindBin::Bin";
use Math::BigInt;
use SHAConstants;
use InsnList qw(text interleave);
require "arm-xlate.pl";

my ($flavour, $output) = @ARGV;

my $code = '';

sub qname { my ($v) = @_; $v =~ s/^v/q/; return $v }
sub vregs { my ($lo, $hi) = @_; return map { "v$_" } $lo .. $hi }

# loop_end(COUNT, LOOP, [REG, BYTES]...): the end of a loop over blocks or
# groups: each REG (a table pointer) steps back BYTES, COUNT drops by one
# and the loop repeats while it is not zero.
sub loop_end {
  my ($count, $loop, @rewind) = @_;
  return text((map { "sub $_->[0], $_->[0], #$_->[1]" } @rewind),
              "subs $count, $count, #1", "b.ne $loop");
}

# func_close(DONE): the label the zero-count test jumps to, the epilogue and
# the end of the function.
sub func_close { my ($done) = @_; return "$done:\n.epilogue\n.func_end\n"; }

# --- Constants computed here -------------------------------------------------------

# pad_wk(BITS, ROUNDS, K, S0, S1) returns W[t] + K[t], t < ROUNDS, of the
# padding block of a message of exactly one block (16 * BITS bits): W[0] =
# 0x80 << (BITS - 8), W[15] = the length in bits, the rest zero, then the
# schedule W[t] = σ1(W[t-2]) + W[t-7] + σ0(W[t-15]) + W[t-16] with
# σ = ROTR^S[0] ^ ROTR^S[1] ^ SHR^S[2] (§4.1.2, §4.1.3), all mod 2^BITS.
sub pad_wk {
  my ($bits, $rounds, $k, $s0, $s1) = @_;
  my $mod = Math::BigInt->new(1)->blsft($bits);
  my $rotr = sub {
    my ($x, $n) = @_;
    return ($x->copy->brsft($n) + $x->copy->blsft($bits - $n)) % $mod;
  };
  my $sigma = sub {
    my ($x, $s) = @_;
    return $rotr->($x, $s->[0])->bxor($rotr->($x, $s->[1]))
        ->bxor($x->copy->brsft($s->[2]));
  };
  my @w = map { Math::BigInt->new(0) } 0 .. 15;
  $w[0] = Math::BigInt->new(0x80)->blsft($bits - 8);
  $w[15] = Math::BigInt->new(16 * $bits);
  for my $t (16 .. $rounds - 1) {
    $w[$t] = ($sigma->($w[$t - 2], $s1) + $w[$t - 7] +
              $sigma->($w[$t - 15], $s0) + $w[$t - 16]) % $mod;
  }
  return map { ($w[$_] + $k->[$_]) % $mod } 0 .. $rounds - 1;
}

# hex_words(DIGITS, N...) formats numbers as 0x-prefixed hex of DIGITS digits.
sub hex_words {
  my ($digits, @v) = @_;
  return map {
    my $h = $_->as_hex; $h =~ s/^0x//; '0x' . ('0' x ($digits - length $h)) . $h
  } @v;
}

# data_lines(DIRECTIVE, PER_LINE, WORDS...) lays the words out in .rodata.
sub data_lines {
  my ($dir, $per, @w) = @_;
  my $c = '';
  while (my @g = splice(@w, 0, $per)) {
    $c .= "\t$dir\t" . join(', ', @g) . "\n";
  }
  return $c;
}

my @K256 = map { Math::BigInt->new($_) } @SHAConstants::K256;
my @K512 = map { Math::BigInt->from_hex($_) } @SHAConstants::K512;
my @PAD256 = pad_wk(32, 64, \@K256, [7, 18, 3], [17, 19, 10]);
my @PAD512 = pad_wk(64, 80, \@K512, [1, 8, 7], [19, 61, 6]);
my @IV256 = map { Math::BigInt->from_hex($_) } qw(6a09e667 bb67ae85 3c6ef372
    a54ff53a 510e527f 9b05688c 1f83d9ab 5be0cd19);
my @IV512 = map { Math::BigInt->from_hex($_) } qw(6a09e667f3bcc908
    bb67ae8584caa73b 3c6ef372fe94f82b a54ff53a5f1d36f1 510e527fade682d1
    9b05688c2b3e6c1f 1f83d9abfb41bd6b 5be0cd19137e2179);

# ===================================================================================
# SHA-256 with the SHA256 instructions, two streams
# ===================================================================================
#
# Stream s: ABCD and EFGH in v(s) and v(2 + s) (so ld2/st2 move both
# streams' state at once), their copies at the block's start in v4-v7, the
# ABCD copy sha256h2 reads, W+K, and the schedule ring of four vectors.
# The round constants of a quad in one of two vectors (alternating), the IV
# of the pairs function in two more: 24 vectors, none of v8-v15.
{
  my @hs = map {
    my $s = $_;
    { abcd => "v$s", efgh => 'v' . (2 + $s), abcd0 => 'v' . (4 + $s),
      efgh0 => 'v' . (6 + $s), prev => 'v' . (16 + $s), wk => 'v' . (18 + $s),
      m => [vregs(20 + 4 * $s, 23 + 4 * $s)] }
  } 0 .. 1;
  my @kv = ('v28', 'v29');
  my ($iv_abcd, $iv_efgh) = ('v30', 'v31');

  # hw256_quad(STREAM, Q, KV, SCHEDULE): rounds 4q..4q+3 of one stream.
  # With SCHEDULE, W+K = ring[q mod 4] + KV and the ring slot is refilled
  # with W[4q+16..4q+19] (q < 12); without, KV is the padding block's W+K.
  sub hw256_quad {
    my ($st, $q, $kv, $sched) = @_;
    my @m = @{ $st->{m} };
    my $mq = $m[$q % 4];
    my @i;
    my $wk = $kv;
    if ($sched) {
      $wk = $st->{wk};
      push @i, "add $wk.4s, $mq.4s, $kv.4s";             # W + K
      # W[t..t+3] + σ0(W[t+1..t+4])
      push @i, "sha256su0 $mq.4s, $m[($q + 1) % 4].4s" if $q < 12;
    }
    push @i, "mov $st->{prev}.16b, $st->{abcd}.16b",
      "sha256h " . qname($st->{abcd}) . ", " . qname($st->{efgh}) . ", $wk.4s",
      "sha256h2 " . qname($st->{efgh}) . ", " . qname($st->{prev}) . ", $wk.4s";
    if ($sched && $q < 12) {
      # ... + W[t+9..t+12] + σ1(W[t+14..t+17]) = W[t+16..t+19]
      push @i, "sha256su1 $mq.4s, $m[($q + 2) % 4].4s, $m[($q + 3) % 4].4s";
    }
    return @i;
  }

  # hw256_block(KP, SCHEDULE): 64 rounds of both streams, instruction by
  # instruction interleaved (for in-order cores; an out-of-order one would
  # not care). KP walks the 16 quads of constants (K or the padding W+K).
  sub hw256_block {
    my ($kp, $sched) = @_;
    my $c = '';
    for my $q (0 .. 15) {
      my $kv = $kv[$q % 2];
      $c .= text("ld1 {$kv.4s}, [$kp], #16",
                 interleave([hw256_quad($hs[0], $q, $kv, $sched)],
                            [hw256_quad($hs[1], $q, $kv, $sched)]));
    }
    return $c;
  }

  # Both streams' message blocks from pointers P0, P1 (post-incremented).
  sub hw256_load {
    my @p = @_;
    my $c = '';
    for my $s (0 .. 1) {
      my @m = @{ $hs[$s]{m} };
      $c .= text("ld1 {$m[0].16b-$m[3].16b}, [$p[$s]], #64",
                 map { "rev32 $_.16b, $_.16b" } @m);
    }
    return $c;
  }

  # --- sha256_mb_hw_x2 ---
  my ($state, $inp, $num) = ('x0', 'x1', 'x2');
  my ($kp, $p0, $p1, $st2) = ('x3', 'x4', 'x5', 'x6');
  $code .= <<"___";
.text
.func_begin sha256_mb_hw_x2, leaf
	cbz	$num, .Lmb256_done
	ldp	$p0, $p1, [$inp]
	add	$st2, $state, #32
	adrl	$kp, .LK256_mb
	// (A, B, C, D) and (E, F, G, H) of each stream.
	ld2	{v0.4s, v1.4s}, [$state]
	ld2	{v2.4s, v3.4s}, [$st2]
.Lmb256_loop:
___
  $code .= hw256_load($p0, $p1);
  $code .= text(map { ("mov $_->{abcd0}.16b, $_->{abcd}.16b",
                       "mov $_->{efgh0}.16b, $_->{efgh}.16b") } @hs);
  $code .= hw256_block($kp, 1);
  $code .= "\t// H(i) = H(i-1) + the working variables.\n";
  $code .= text(map { ("add $_->{abcd}.4s, $_->{abcd}.4s, $_->{abcd0}.4s",
                       "add $_->{efgh}.4s, $_->{efgh}.4s, $_->{efgh0}.4s") } @hs);
  $code .= loop_end($num, '.Lmb256_loop', [$kp, 256]);
  $code .= text("st2 {v0.4s, v1.4s}, [$state]", "st2 {v2.4s, v3.4s}, [$st2]");
  $code .= func_close('.Lmb256_done');

  # --- sha256_pairs_hw_x2 ---
  my ($out, $in, $n) = ('x0', 'x1', 'x2');
  my ($kpad, $p1b) = ('x4', 'x5');
  $code .= <<"___";
.func_begin sha256_pairs_hw_x2, leaf
	cbz	$n, .Lpairs256_done
	adrl	$kp, .LIV256_mb
	ld1	{$iv_abcd.4s, $iv_efgh.4s}, [$kp]
	adrl	$kp, .LK256_mb
	adrl	$kpad, .LPAD256_mb
.Lpairs256_loop:
	add	$p1b, $in, #64
___
  $code .= hw256_load($in, $p1b);
  $code .= <<"___";
	add	$in, $in, #64
	mov	v0.16b, $iv_abcd.16b
	mov	v1.16b, $iv_abcd.16b
	mov	v2.16b, $iv_efgh.16b
	mov	v3.16b, $iv_efgh.16b
___
  $code .= hw256_block($kp, 1);
  $code .= "\t// H(1) = IV + the working variables, kept for the padding block.\n";
  $code .= text(map { ("add $_->{abcd}.4s, $_->{abcd}.4s, $iv_abcd.4s",
                       "add $_->{efgh}.4s, $_->{efgh}.4s, $iv_efgh.4s",
                       "mov $_->{abcd0}.16b, $_->{abcd}.16b",
                       "mov $_->{efgh0}.16b, $_->{efgh}.16b") } @hs);
  $code .= hw256_block($kpad, 0);
  $code .= text(map { ("add $_->{abcd}.4s, $_->{abcd}.4s, $_->{abcd0}.4s",
                       "add $_->{efgh}.4s, $_->{efgh}.4s, $_->{efgh0}.4s",
                       "rev32 $_->{abcd}.16b, $_->{abcd}.16b",
                       "rev32 $_->{efgh}.16b, $_->{efgh}.16b") } @hs);
  $code .= "\t// The two digests, big-endian.\n";
  $code .= text(map { ("st1 {$_->{abcd}.16b}, [$out], #16",
                       "st1 {$_->{efgh}.16b}, [$out], #16") } @hs);
  $code .= loop_end($n, '.Lpairs256_loop', [$kp, 256], [$kpad, 256]);
  $code .= func_close('.Lpairs256_done');
}

# ===================================================================================
# SHA-256 with NEON, four lanes
# ===================================================================================
#
# a..h in v0-v7 (renamed each round), W[t mod 16] in v16-v31, the round's
# temporaries in v8-v10 and the schedule's in v11-v12 (the low halves of
# v8-v12 are callee-saved: the prologue saves them).
{
  my @V0 = vregs(0, 7);
  my @W = vregs(16, 31);
  my ($t0, $t1, $kv) = ('v8', 'v9', 'v10');
  my ($u0, $u1) = ('v11', 'v12');

  # ror_xor(DST, T, X, COUNTS...): DST = ROTR^c0(X) ^ ROTR^c1(X) ^ ...,
  # a negative count meaning SHR (σ0, σ1); T a temporary.
  sub ror_xor {
    my ($dst, $t, $x, @counts) = @_;
    my @i;
    for my $k (0 .. $#counts) {
      my $c = $counts[$k];
      my $r = $k == 0 ? $dst : $t;
      if ($c < 0) {
        push @i, "ushr $r.4s, $x.4s, #" . (-$c);
      } else {
        push @i, "ushr $r.4s, $x.4s, #$c", "sli $r.4s, $x.4s, #" . (32 - $c);
      }
      push @i, "eor $dst.16b, $dst.16b, $t.16b" if $k > 0;
    }
    return @i;
  }

  # neon_round(V, T, KP, SCHEDULE): round t on the working variables V =
  # [a..h]; K[t] (SCHEDULE: added to W[t]) or the padding W+K from KP.
  sub neon_round {
    my ($v, $t, $kp, $sched) = @_;
    my ($a, $b, $c, $d, $e, $f, $g, $h) = @$v;
    my @i = ("ld1r {$kv.4s}, [$kp], #4");
    push @i, "add $kv.4s, $kv.4s, $W[$t % 16].4s" if $sched;
    push @i,
      "add $h.4s, $h.4s, $kv.4s",                      # h + K[t] + W[t]
      ror_xor($t0, $t1, $e, 6, 11, 25),                # Σ1(e)
      "mov $t1.16b, $e.16b",
      "bsl $t1.16b, $f.16b, $g.16b",                   # Ch(e, f, g)
      "add $h.4s, $h.4s, $t0.4s",
      "add $h.4s, $h.4s, $t1.4s",                      # T1
      "add $d.4s, $d.4s, $h.4s",                       # e' = d + T1
      ror_xor($t0, $t1, $a, 2, 13, 22),                # Σ0(a)
      "eor $t1.16b, $a.16b, $b.16b",
      "bsl $t1.16b, $c.16b, $b.16b",                   # Maj(a, b, c)
      "add $h.4s, $h.4s, $t0.4s",
      "add $h.4s, $h.4s, $t1.4s";                      # a' = T1 + T2
    @$v = ($h, $a, $b, $c, $d, $e, $f, $g);
    return @i;
  }

  # neon_schedule(T): W[t] = σ1(W[t-2]) + W[t-7] + σ0(W[t-15]) + W[t-16],
  # into the slot of W[t-16].
  sub neon_schedule {
    my ($t) = @_;
    my $w = $W[$t % 16];
    return (ror_xor($u0, $u1, $W[($t - 15) % 16], 7, 18, -3),
            "add $w.4s, $w.4s, $u0.4s",
            ror_xor($u0, $u1, $W[($t - 2) % 16], 17, 19, -10),
            "add $w.4s, $w.4s, $u0.4s",
            "add $w.4s, $w.4s, $W[($t - 7) % 16].4s");
  }

  # neon_block(KP, SCHEDULE, LABEL): 64 rounds. With SCHEDULE, W[t + 2] is
  # made during round t, off the round's chain: rounds 0-15 straight, then
  # a 16-round body (the ring and the names both have period 16) run three
  # times, whose last trip also makes W[64], W[65] (unused: 34 instructions
  # a block for a third of the code). Without, the 16 rounds run four
  # times. The trip count is in x9.
  sub neon_block {
    my ($kp, $sched, $label) = @_;
    my @v = @V0;
    my $c = '';
    my $body = sub {
      my ($t, $w) = @_;
      my @r = neon_round(\@v, $t, $kp, $sched);
      @r = interleave(\@r, [neon_schedule($t + 2)], after => 2) if $w;
      $c .= text(@r);
    };
    if ($sched) {
      $body->($_, $_ >= 14) for 0 .. 15;
    }
    $c .= text("mov x9, #" . ($sched ? 3 : 4));
    $c .= "$label:\n";
    $body->($_, $sched) for 16 .. 31;
    $c .= text("subs x9, x9, #1", "b.ne $label");
    die "working variables not back in place" unless "@v" eq "@V0";
    return $c;
  }

  # neon_load(P...): lane l's 64-byte block from P[l] (post-incremented by
  # 64; the same register may be given for every lane, then the lanes read
  # consecutive blocks), gathered into the lanes of W[0..15], byte-reversed.
  sub neon_load {
    my @p = @_;
    my @i;
    for my $l (0 .. 3) {
      for my $j (0 .. 3) {
        my @r = @W[4 * $j .. 4 * $j + 3];
        push @i, "ld4 {$r[0].s-$r[3].s}[$l], [$p[$l]], #16";
      }
    }
    # (Into lane l of W[4j..4j+3] ld4 puts block word 4j + k in W[4j + k].)
    push @i, map { "rev32 $_.16b, $_.16b" } @W;
    return text(@i);
  }

  # --- sha256_mb_neon_x4 ---
  my ($state, $inp, $num) = ('x0', 'x1', 'x2');
  my ($kp, $st2) = ('x3', 'x8');
  my @p = ('x4', 'x5', 'x6', 'x7');
  $code .= <<"___";
.func_begin sha256_mb_neon_x4, dsave=d8:d9:d10:d11:d12
	cbz	$num, .Lmbneon_done
	ldp	$p[0], $p[1], [$inp]
	ldp	$p[2], $p[3], [$inp, #16]
	add	$st2, $state, #64
	adrl	$kp, .LK256_mb
	// Word j of the four lanes in v(j).
	ld1	{v0.4s-v3.4s}, [$state]
	ld1	{v4.4s-v7.4s}, [$st2]
.Lmbneon_loop:
___
  $code .= neon_load(@p);
  $code .= neon_block($kp, 1, '.Lmbneon_rounds');
  $code .= <<"___";
	// H(i) = H(i-1) + the working variables (H(i-1) back from memory).
	ld1	{$W[0].4s-$W[3].4s}, [$state]
	ld1	{$W[4].4s-$W[7].4s}, [$st2]
___
  $code .= text(map { "add $V0[$_].4s, $V0[$_].4s, $W[$_].4s" } 0 .. 7);
  $code .= text("st1 {v0.4s-v3.4s}, [$state]", "st1 {v4.4s-v7.4s}, [$st2]");
  $code .= loop_end($num, '.Lmbneon_loop', [$kp, 256]);
  $code .= func_close('.Lmbneon_done');

  # --- sha256_pairs_neon_x4 ---
  my ($out, $in, $n) = ('x0', 'x1', 'x2');
  my ($kpad, $ivp) = ('x4', 'x5');
  $code .= <<"___";
.func_begin sha256_pairs_neon_x4, dsave=d8:d9:d10:d11:d12
	cbz	$n, .Lpairsneon_done
	adrl	$kp, .LK256_mb
	adrl	$kpad, .LPAD256_mb
	adrl	$ivp, .LIV256_mb
.Lpairsneon_loop:
___
  $code .= neon_load(($in) x 4);
  $code .= text(map { "ld1r {$V0[$_].4s}, [$ivp], #4" } 0 .. 7);
  $code .= neon_block($kp, 1, '.Lpairsneon_rounds');
  $code .= "\t// H(1) = IV + the working variables, kept for the padding block.\n";
  $code .= text("sub $ivp, $ivp, #32",
                map({ "ld1r {$W[$_].4s}, [$ivp], #4" } 0 .. 7),
                map({ ("add $V0[$_].4s, $V0[$_].4s, $W[$_].4s",
                       "mov $W[$_].16b, $V0[$_].16b") } 0 .. 7));
  $code .= neon_block($kpad, 0, '.Lpairsneon_pad');
  $code .= text(map({ ("add $V0[$_].4s, $V0[$_].4s, $W[$_].4s",
                       "rev32 $V0[$_].16b, $V0[$_].16b") } 0 .. 7));
  $code .= "\t// Lane l's digest: words a..h of lane l, big-endian.\n";
  $code .= text(map { ("st4 {v0.s-v3.s}[$_], [$out], #16",
                       "st4 {v4.s-v7.s}[$_], [$out], #16") } 0 .. 3);
  $code .= loop_end($n, '.Lpairsneon_loop', [$ivp, 32], [$kp, 256],
                    [$kpad, 256]);
  $code .= func_close('.Lpairsneon_done');
}

# ===================================================================================
# SHA-512 with the SHA512 instructions, two streams
# ===================================================================================
#
# Stream s's roles AB, CD, EF, GH in v(s), v(2 + s), v(4 + s), v(6 + s) (so
# ld2/st2 move both streams' state at once) and its spare (which receives
# the next EF) in v(8 + s); its schedule ring of eight vectors in v16-v23
# or v24-v31. The temporaries (W+K, (f, g), (d, e), the W[t-7] pair and the
# constants) are shared by the streams, whose double rounds follow each
# other: 31 vectors, so H(i-1) is read back from the state in memory at the
# end of a block (into the then dead schedule ring) rather than kept.
# Every core with the SHA512 instructions renames registers, so the
# shared temporaries do not serialise the streams.
{
  my @roles = map { my $s = $_; [map { 'v' . (2 * $_ + $s) } 0 .. 3, 4] } 0 .. 1;
  my @ring = ([vregs(16, 23)], [vregs(24, 31)]);
  my ($wk, $fg, $de, $w7, $kv) = vregs(10, 14);

  # hw512_double(J, ROLES, RING, KP, SCHEDULE): rounds 2j, 2j+1 of one
  # stream on ROLES = [AB, CD, EF, GH, spare] (rotated in place). With
  # SCHEDULE: W+K = ring[j mod 8] + the constants just loaded into KV (by
  # the first stream), and the slot refilled with W[2j+16], W[2j+17]
  # (j < 32); without, the padding block's W+K pair, stored swapped, is
  # loaded from KP directly.
  sub hw512_double {
    my ($j, $r, $m, $kp, $sched, $first) = @_;
    my ($ab, $cd, $ef, $gh, $sp) = @$r;
    my $mj = $m->[$j % 8];
    my @i;
    if ($sched) {
      push @i, "ld1 {$kv.2d}, [$kp], #16" if $first;
      push @i, "add $wk.2d, $mj.2d, $kv.2d",          # (K+W)[2j], [2j+1]
               "ext $wk.16b, $wk.16b, $wk.16b, #8";   # swapped
    } elsif ($first) {
      push @i, "ld1 {$wk.2d}, [$kp], #16";            # ([2j+1], [2j])
    }
    push @i, "ext $fg.16b, $ef.16b, $gh.16b, #8",     # (f, g)
             "ext $de.16b, $cd.16b, $ef.16b, #8",     # (d, e)
             "add $gh.2d, $gh.2d, $wk.2d";            # (g + KW[2j+1], h + KW[2j])
    # W[2j] + σ0(W[2j+1]), W[2j+1] + σ0(W[2j+2])
    push @i, "sha512su0 $mj.2d, $m->[($j + 1) % 8].2d" if $sched && $j < 32;
    push @i,
      "sha512h " . qname($gh) . ", " . qname($fg) . ", $de.2d",   # T1 pair
      "add $sp.2d, $cd.2d, $gh.2d",                               # new EF
      "sha512h2 " . qname($gh) . ", " . qname($cd) . ", $ab.2d";  # new AB
    if ($sched && $j < 32) {
      push @i,
        "ext $w7.16b, $m->[($j + 4) % 8].16b, $m->[($j + 5) % 8].16b, #8",
        # ... + σ1(W[2j+14..15]) + W[2j+9..10] = W[2j+16], W[2j+17]
        "sha512su1 $mj.2d, $m->[($j + 7) % 8].2d, $w7.2d";
    }
    @$r = ($gh, $ab, $sp, $ef, $cd);
    return @i;
  }

  # hw512_block(KP, SCHEDULE): 80 rounds of both streams.
  sub hw512_block {
    my ($kp, $sched) = @_;
    my @r = map { [@$_] } @roles;
    my $c = '';
    for my $j (0 .. 39) {
      for my $s (0 .. 1) {
        $c .= text(hw512_double($j, $r[$s], $ring[$s], $kp, $sched, $s == 0));
      }
    }
    for my $s (0 .. 1) {
      die "roles not back in place" unless "@{ $r[$s] }" eq "@{ $roles[$s] }";
    }
    return $c;
  }

  sub hw512_load {
    my @p = @_;
    my $c = '';
    for my $s (0 .. 1) {
      my @m = @{ $ring[$s] };
      $c .= text("ld1 {$m[0].16b-$m[3].16b}, [$p[$s]], #64",
                 "ld1 {$m[4].16b-$m[7].16b}, [$p[$s]], #64",
                 map { "rev64 $_.16b, $_.16b" } @m);
    }
    return $c;
  }

  # hw512_add_from(PTR): adds the chaining values at PTR (transposed, as
  # the state) to the roles, through the dead schedule rings.
  sub hw512_add_from {
    my ($ptr, $tmp) = @_;
    my @t = (@{ $ring[0] }, @{ $ring[1] });
    my @i = ("mov $tmp, $ptr");
    for my $k (0 .. 3) {
      push @i, "ld2 {$t[2 * $k].2d, $t[2 * $k + 1].2d}, [$tmp], #32";
    }
    for my $k (0 .. 3) {
      for my $s (0 .. 1) {
        my $v = $roles[$s][$k];
        push @i, "add $v.2d, $v.2d, $t[2 * $k + $s].2d";
      }
    }
    return text(@i);
  }

  # hw512_state(OP, PTR, TMP): both streams' (A, B), (C, D), (E, F), (G, H)
  # from (ld2) or to (st2) a two-stream state at PTR.
  sub hw512_state {
    my ($op, $ptr, $tmp) = @_;
    return text("mov $tmp, $ptr", map {
      my ($lo, $hi) = (2 * $_, 2 * $_ + 1);
      "$op {v$lo.2d, v$hi.2d}, [$tmp], #32"
    } 0 .. 3);
  }

  # --- sha512_mb_hw_x2 ---
  my ($state, $inp, $num) = ('x0', 'x1', 'x2');
  my ($kp, $p0, $p1, $tmp) = ('x3', 'x4', 'x5', 'x6');
  $code .= <<"___";
.func_begin sha512_mb_hw_x2, dsave=d8:d9:d10:d11:d12:d13:d14
	cbz	$num, .Lmb512_done
	ldp	$p0, $p1, [$inp]
	adrl	$kp, .LK512_mb
___
  $code .= hw512_state('ld2', $state, $tmp);
  $code .= ".Lmb512_loop:\n";
  $code .= hw512_load($p0, $p1);
  $code .= hw512_block($kp, 1);
  $code .= "\t// H(i) = H(i-1) + the working variables.\n";
  $code .= hw512_add_from($state, $tmp);
  $code .= hw512_state('st2', $state, $tmp);
  $code .= loop_end($num, '.Lmb512_loop', [$kp, 640]);
  $code .= func_close('.Lmb512_done');

  # --- sha512_pairs_hw_x2 ---
  # The IV comes from a table laid out like the two-stream state (each
  # word twice), so hw512_add_from reads it as it reads the state.
  my ($out, $in, $n) = ('x0', 'x1', 'x2');
  my ($kpad, $p1b, $ivp) = ('x4', 'x5', 'x7');
  $code .= <<"___";
.func_begin sha512_pairs_hw_x2, dsave=d8:d9:d10:d11:d12:d13:d14
	cbz	$n, .Lpairs512_done
	adrl	$kp, .LK512_mb
	adrl	$kpad, .LPAD512_mb
	adrl	$ivp, .LIV512_mb_x2
.Lpairs512_loop:
	add	$p1b, $in, #128
___
  $code .= hw512_load($in, $p1b);
  $code .= <<"___";
	add	$in, $in, #128
___
  $code .= hw512_state('ld2', $ivp, $tmp);
  $code .= hw512_block($kp, 1);
  $code .= "\t// H(1) = IV + the working variables.\n";
  $code .= hw512_add_from($ivp, $tmp);
  $code .= "\t// Kept (in the rings, unused by the padding block) for H(2).\n";
  my @keep = (@{ $ring[0] }, @{ $ring[1] });
  my @flat = map { my $k = $_; map { $roles[$_][$k] } 0 .. 1 } 0 .. 3;
  $code .= text(map { "mov $keep[$_].16b, $flat[$_].16b" } 0 .. 7);
  $code .= hw512_block($kpad, 0);
  $code .= text(map({ "add $flat[$_].2d, $flat[$_].2d, $keep[$_].2d" } 0 .. 7),
                map({ "rev64 $_.16b, $_.16b" } @flat));
  $code .= "\t// The two digests, big-endian.\n";
  $code .= text(map { my $s = $_;
                      map { "st1 {$roles[$s][$_].16b}, [$out], #16" } 0 .. 3 } 0 .. 1);
  $code .= loop_end($n, '.Lpairs512_loop', [$kp, 640], [$kpad, 640]);
  $code .= func_close('.Lpairs512_done');
}

# --- The tables ------------------------------------------------------------------------

$code .= ".rodata\n.align 64\n";
$code .= ".LK256_mb:\n" . data_lines('.long', 4, hex_words(8, @K256));
$code .= ".LPAD256_mb:\n" . data_lines('.long', 4, hex_words(8, @PAD256));
$code .= ".LIV256_mb:\n" . data_lines('.long', 4, hex_words(8, @IV256));
$code .= ".LK512_mb:\n" . data_lines('.quad', 2, hex_words(16, @K512));
# Each pair swapped: ld1 gives (W+K[2j+1], W+K[2j]), as sha512h wants.
$code .= ".LPAD512_mb:\n" . data_lines('.quad', 2,
    hex_words(16, map { @PAD512[2 * $_ + 1, 2 * $_] } 0 .. 39));
# The IV as a two-stream state: word j of both streams, H0 H0 H1 H1 ...
$code .= ".LIV512_mb_x2:\n" . data_lines('.quad', 2,
    hex_words(16, map { ($_, $_) } @IV512));

ArmXlate::write_output($flavour, $output, $code, __FILE__);
