# Copyright 2026 The project authors.
#
# InsnList.pm: helpers for generator scripts that build their code as
# lists of instructions (strings in the neutral syntax of the translator
# they feed), so that the helpers are written once for every generator:
#
#   text(INS...)                   the instructions as assembly lines;
#   interleave(\@A, \@B, %HOW)     two independent lists merged, @B spread
#                                  through @A;
#   transpose4(ISA, \@X, \@T)      the 4x4 transpose of 32-bit words held in
#                                  four vector registers.
#
# A generator imports what it uses:
#   use FindBin; use lib "$FindBin::Bin/../../perlasm";
#   use InsnList qw(text interleave transpose4);

package InsnList;

use strict;
use warnings;
use Exporter 'import';

our @EXPORT_OK = qw(text interleave transpose4);

# text(INS...) returns the instructions as assembly lines, each indented by
# a tab.
sub text { return join('', map { "\t$_\n" } @_); }

# interleave(\@A, \@B, %HOW) returns @A with the instructions of @B spread
# evenly among them, so that two independent chains (scalar rounds and a
# vector message schedule, two quarter rounds, NEON and integer lanes) are
# in the scheduler's window together; the order inside each list is kept.
# By default B[k] (from 0) follows A[i] (from 0) for the smallest i with
# (k + 1) * |A| <= (i + 1) * |B|: with |A| == |B| the two alternate, one of
# each. Instructions of @B left over (none of @A) go at the end. %HOW:
#   after => N   no instruction of @B before A[N] (the spreading is over
#                A[N..]; sha512-x86.pl keeps the round's first load first);
#   slots => D   spread @B as if it held D instructions (D >= |B|): a
#                larger D leaves the last instructions of @A free of @B;
#   float => 1   track the placement with a running floating-point
#                remainder instead: B[j] after A[ceil((j + 1) * |A| / |B|)
#                - 1], except where that quotient is a whole number and the
#                remainder rounded below it, which places B[j] one later.
#                sha1-x86_64.pl was measured with this placement, and the
#                integer rule changes its output.
sub interleave {
  my ($a, $b, %how) = @_;
  for my $k (sort keys %how) {
    die "interleave: unknown option '$k'\n" unless $k =~ /^(after|slots|float)$/;
  }
  my $skip = $how{after} // 0;
  my @out = @$a[0 .. $skip - 1];
  my @rest = @$a[$skip .. $#$a];
  my @b = @$b;
  if ($how{float}) {
    die "interleave: float takes no other option\n" if keys %how > 1;
    return @rest unless @b;
    my $per = @rest / @b;
    my $acc = 0;
    for my $ins (@rest) {
      push @out, $ins;
      $acc++;
      while (@b && $acc >= $per) {
        push @out, shift @b;
        $acc -= $per;
      }
    }
    return (@out, @b);
  }
  my $slots = $how{slots} // @b;
  die "interleave: slots => $slots is fewer than the " . @b . " to spread\n"
    if $slots < @b;
  my $k = 0;
  for my $i (0 .. $#rest) {
    push @out, $rest[$i];
    push @out, $b[$k++] while $k < @b && ($k + 1) * @rest <= ($i + 1) * $slots;
  }
  return (@out, @b[$k .. $#b]);
}

# transpose4(ISA, \@X, \@T) transposes the 4x4 matrix of 32-bit words in
# the four vector registers @X (lane j of X[i] = word i of block j, within
# each 128-bit lane) so that one register holds the four words of each
# block. It returns the instructions and the registers that then hold
# blocks 0, 1, 2, 3. ISA:
#   'sse'   two-operand SSE2 (AT&T order); T: two temporaries; the result
#           is spread over @X and T[0];
#   'avx'   three-operand VEX forms (AT&T order; xmm or ymm registers); T:
#           two temporaries; the result in X[0], X[2], T[0], X[3];
#   'neon'  aarch64 zip1/zip2 on .4s/.2d arrangements (register names
#           without the arrangement, `v4`); T: four temporaries; the result
#           in @X, in place.
sub transpose4 {
  my ($isa, $x, $t) = @_;
  my ($x0, $x1, $x2, $x3) = @$x;
  if ($isa eq 'sse') {
    my ($t0, $t1) = @$t;
    return ([
      "movdqa $x0, $t0",
      "punpckldq $x1, $t0",            # x0b0 x1b0 x0b1 x1b1
      "punpckhdq $x1, $x0",            # x0b2 x1b2 x0b3 x1b3
      "movdqa $x2, $t1",
      "punpckldq $x3, $t1",            # x2b0 x3b0 x2b1 x3b1
      "punpckhdq $x3, $x2",            # x2b2 x3b2 x2b3 x3b3
      "movdqa $t0, $x1",
      "punpcklqdq $t1, $x1",           # block 0
      "punpckhqdq $t1, $t0",           # block 1
      "movdqa $x0, $x3",
      "punpcklqdq $x2, $x3",           # block 2
      "punpckhqdq $x2, $x0",           # block 3
    ], [$x1, $t0, $x3, $x0]);
  }
  if ($isa eq 'avx') {
    my ($t0, $t1) = @$t;
    return ([
      "vpunpckldq $x1, $x0, $t0",      # x0b0 x1b0 x0b1 x1b1
      "vpunpckhdq $x1, $x0, $x1",      # x0b2 x1b2 x0b3 x1b3
      "vpunpckldq $x3, $x2, $t1",      # x2b0 x3b0 x2b1 x3b1
      "vpunpckhdq $x3, $x2, $x3",      # x2b2 x3b2 x2b3 x3b3
      "vpunpcklqdq $t1, $t0, $x0",     # block 0
      "vpunpckhqdq $t1, $t0, $x2",     # block 1
      "vpunpcklqdq $x3, $x1, $t0",     # block 2
      "vpunpckhqdq $x3, $x1, $x3",     # block 3
    ], [$x0, $x2, $t0, $x3]);
  }
  if ($isa eq 'neon') {
    my ($t0, $t1, $t2, $t3) = @$t;
    return ([
      "zip1 $t0.4s, $x0.4s, $x1.4s",   # x0b0 x1b0 x0b1 x1b1
      "zip2 $t1.4s, $x0.4s, $x1.4s",   # x0b2 x1b2 x0b3 x1b3
      "zip1 $t2.4s, $x2.4s, $x3.4s",   # x2b0 x3b0 x2b1 x3b1
      "zip2 $t3.4s, $x2.4s, $x3.4s",   # x2b2 x3b2 x2b3 x3b3
      "zip1 $x0.2d, $t0.2d, $t2.2d",   # block 0
      "zip2 $x1.2d, $t0.2d, $t2.2d",   # block 1
      "zip1 $x2.2d, $t1.2d, $t3.2d",   # block 2
      "zip2 $x3.2d, $t1.2d, $t3.2d",   # block 3
    ], [$x0, $x1, $x2, $x3]);
  }
  die "transpose4: unknown ISA '$isa' (want sse, avx or neon)\n";
}

1;
