#!/usr/bin/env perl
# Copyright 2026 The project authors.
#
# count_insns.pl: counts the instructions of a loop in a generated assembly
# file (.S from a perlasm generator, or `gcc -S` output), for the
# instruction-count tables in the headers of the generators whose target
# cannot be timed here (AArch64 under qemu, 32-bit x86: this kernel runs no
# i686 binaries). AT&T x86 (`gcc -S`, x86asm.pl's elf output) works too.
#
# Usage:
#   perl util/count_insns.pl FILE.S --from LABEL --to LABEL [--bytes N]
#       counts the instructions from label LABEL (exclusive of the label
#       line itself) up to, not including, the second label;
#   perl util/count_insns.pl FILE.S --function NAME --loop LABEL [--bytes N]
#       inside function NAME, counts from LABEL to the last branch back to
#       LABEL, that branch included: one trip round the loop;
#   perl util/count_insns.pl FILE.S --function NAME [--bytes N]
#       counts the whole body of NAME (up to its .size, .cfi_endproc or the
#       next global symbol): for compiler output whose loop label is not
#       known, prologue and epilogue included.
# With --bytes N (the input bytes one trip consumes) it also prints the
# count per 64 bytes of input. Labels may be given with or without the
# `.L` / `L` local prefix (linux64 and ios64 spellings both match).
#
# What counts as an instruction: every statement that is not blank, a
# comment, a label, a preprocessor line or an assembler directive, plus
# `.inst` words. `hint` (bti c, paciasp) counts: it occupies an issue slot.
# Pseudo-instructions are counted once each as the assembler sees them
# (after the translator expanded `adrl` into adrp + add).

use strict;
use warnings;
use Getopt::Long;

my ($from, $to, $function, $loop, $bytes);
GetOptions(
  'from=s'     => \$from,
  'to=s'       => \$to,
  'function=s' => \$function,
  'loop=s'     => \$loop,
  'bytes=i'    => \$bytes,
) or die "bad options\n";
my $file = shift @ARGV or die "usage: count_insns.pl FILE.S (see the header)\n";
die "give --from/--to or --function [--loop]\n"
  unless (defined $from && defined $to) || defined $function;

open my $fh, '<', $file or die "$file: $!\n";
my @lines = <$fh>;
close $fh;

# Each statement: ['label', NAME] or ['insn', MNEMONIC, OPERANDS] or
# ['end'] for a directive that closes a function.
my @stmts;
for my $raw (@lines) {
  my $l = $raw;
  next if $l =~ /^\s*#/;          # preprocessor
  $l =~ s{//.*$}{};               # comments
  $l =~ s{/\*.*?\*/}{}g;
  $l =~ s/\s+;\s*$//;
  for my $s (split /;/, $l) {
    $s =~ s/^\s+|\s+$//g;
    next if $s eq '';
    while ($s =~ s/^([\w.\$]+):\s*//) {
      push @stmts, ['label', $1];
    }
    next if $s eq '';
    if ($s =~ /^\.inst\b/) {
      push @stmts, ['insn', '.inst', $s];
    } elsif ($s =~ /^\.(size|cfi_endproc|seh_endproc)\b/) {
      push @stmts, ['end'];
    } elsif ($s =~ /^\./) {
      next;                       # other directive
    } else {
      my ($m, $ops) = $s =~ /^(\S+)\s*(.*)$/;
      push @stmts, ['insn', lc $m, $ops];
    }
  }
}

sub bare { my ($n) = @_; $n =~ s/^\.?L(?=[A-Za-z_])//; $n =~ s/^_//; return $n }

sub find_label {
  my ($name, $start) = @_;
  for my $i ($start .. $#stmts) {
    return $i if $stmts[$i][0] eq 'label' &&
                 (bare($stmts[$i][1]) eq bare($name) || $stmts[$i][1] eq $name);
  }
  die "label $name not found\n";
}

my ($lo, $hi);   # statement range [lo, hi)
if (defined $from) {
  $lo = find_label($from, 0) + 1;
  $hi = find_label($to, $lo);
} else {
  my $f = find_label($function, 0);
  my $end = $#stmts + 1;
  for my $i ($f + 1 .. $#stmts) {
    if ($stmts[$i][0] eq 'end') { $end = $i; last }
  }
  if (defined $loop) {
    $lo = find_label($loop, $f) + 1;
    die "loop $loop is not inside $function\n" if $lo > $end;
    my $target = bare($loop);
    for my $i (reverse $lo .. $end - 1) {
      my $s = $stmts[$i];
      # AArch64 (b, b.cond, cbz, tbz) or x86 (jmp, jcc) branches.
      next unless $s->[0] eq 'insn' && $s->[1] =~ /^(b(\.\w+)?|cbn?z|tbn?z|j[a-z]+)$/;
      my @ops = split /\s*,\s*/, $s->[2];
      if (bare($ops[-1]) eq $target) { $hi = $i + 1; last }
    }
    die "no branch back to $loop in $function\n" unless defined $hi;
  } else {
    ($lo, $hi) = ($f + 1, $end);
  }
}

my $n = grep { $_->[0] eq 'insn' } @stmts[$lo .. $hi - 1];
my %by;
$by{$_->[1]}++ for grep { $_->[0] eq 'insn' } @stmts[$lo .. $hi - 1];
printf "%d instructions", $n;
printf ", %d bytes per trip: %.1f per 64 bytes, %.2f per byte",
       $bytes, $n * 64 / $bytes, $n / $bytes if $bytes;
print "\n";
my @top = (sort { $by{$b} <=> $by{$a} || $a cmp $b } keys %by)[0 .. 9];
print "  ", join(', ', map { "$_ $by{$_}" } grep { defined } @top), "\n";
