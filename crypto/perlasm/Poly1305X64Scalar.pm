# Copyright 2026 The project authors.
#
# Poly1305X64Scalar.pm: one Poly1305 block (RFC 8439, section 2.5) in
# x86-64 general-purpose registers, base 2^64, for the generators that MAC
# a block at a time: crypto/poly1305/asm/poly1305-x86_64.pl (its scalar
# row and the scalar steps of its vector rows) and
# crypto/chacha/asm/chacha-x86_64.pl (the one-call short AEAD). Each
# returns a list of instructions in the neutral AT&T syntax
# (InsnList::text makes them lines).
#
# One block is h += m + padbit * 2^128 (add_block), then h = h * r mod p,
# partially reduced (mul_r_mul, which ends with fold). The registers are
# passed in a hash:
#   h0 h1 h2   the accumulator          r0 r1 s1   r and s1 = 5 r1 / 4
#   t0..t3     scratch (mul uses rax and rdx besides; t3 may be rdx)
# r is clamped (RFC 8439, 2.5.1), so r0, r1 < 2^60 and r1 is a multiple
# of 4, which makes r1 2^128 = s1 (mod 2^130 - 5).

package Poly1305X64Scalar;

use strict;
use warnings;
use Exporter 'import';

our @EXPORT_OK = qw(add_block mul_r_mul fold);

# add_block: h += the 16-byte block at `in` + `pad` 2^128 (`pad` a register
# or an immediate such as "\$1").
sub add_block {
  my ($g, $in, $pad) = @_;
  return ("addq 0($in), $g->{h0}",
          "adcq 8($in), $g->{h1}",
          "adcq $pad, $g->{h2}");
}

# mul_r_mul: d = h * r with the one-operand mul (rdx:rax = rax * src), then
# the fold. Columns: d0 = h0 r0 + h1 s1, d1 = h0 r1 + h1 r0 + h2 s1,
# d2 = h2 r0 (h2 is small, so h2 s1 and h2 r0 fit in 64 bits: imul).
sub mul_r_mul {
  my ($g) = @_;
  my ($h0, $h1, $h2, $r0, $r1, $s1) = @$g{qw(h0 h1 h2 r0 r1 s1)};
  my ($d0hi, $d1lo, $d1hi, $t) = @$g{qw(t0 t1 t2 t3)};
  return (
    "movq $r1, %rax",
    "mulq $h0",                   # h0 r1
    "movq %rax, $d1lo",
    "movq %rdx, $d1hi",
    "movq $r0, %rax",
    "mulq $h0",                   # h0 r0; h0's register now holds d0 low
    "movq %rax, $h0",
    "movq %rdx, $d0hi",
    "movq $s1, %rax",
    "mulq $h1",                   # h1 s1 -> d0
    "addq %rax, $h0",
    "adcq %rdx, $d0hi",
    "movq $r0, %rax",
    "mulq $h1",                   # h1 r0 -> d1
    "addq %rax, $d1lo",
    "adcq %rdx, $d1hi",
    "movq $s1, $t",
    "imulq $h2, $t",              # h2 s1 -> d1 (< 2^66 / 2^3: one word)
    "imulq $r0, $h2",             # d2 = h2 r0
    "addq $t, $d1lo",
    "adcq \$0, $d1hi",
    "addq $d0hi, $d1lo",          # d1 += d0 >> 64
    "adcq $d1hi, $h2",            # d2 += d1 >> 64
    "movq $d1lo, $h1",
    fold($g),
  );
}

# fold: h = (h mod 2^130) + 5 (h >> 130) = (h2 & 3) 2^128 + h1 2^64 + h0
# + (h2 & ~3) + (h2 >> 2). Takes h2 < 2^63, leaves h2 <= 4.
sub fold {
  my ($g) = @_;
  my ($h0, $h1, $h2) = @$g{qw(h0 h1 h2)};
  return (
    "movq $h2, %rax",
    "movq $h2, %rdx",
    "andq \$3, $h2",
    "andq \$-4, %rax",
    "shrq \$2, %rdx",
    "addq %rdx, %rax",
    "addq %rax, $h0",
    "adcq \$0, $h1",
    "adcq \$0, $h2",
  );
}

1;
