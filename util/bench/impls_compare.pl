#!/usr/bin/env perl
# Copyright 2026 The project authors.
#
# impls_compare.pl OLD_BSSL NEW_BSSL [ROUNDS] [CHUNKS] [SECONDS]
#
# "No speed lost": runs `bssl speed -impls` of two builds (for example the
# commit before a refactoring and after it) alternately, swapping which
# goes first each round, for ROUNDS rounds (default 5), and prints for
# every primitive, implementation row and size the median MB/s of each
# build and their ratio new/old, and the ratio of the best rounds (the
# fastest run of each build: on a loaded machine the least disturbed one),
# then per primitive the geometric mean, the lowest and the highest of
# both ratios. Rows are matched by primitive, row
# name and size; a row only one build has is listed as such.
# CHUNKS is bssl speed's -chunks list (default 16,64,256,1024,8192),
# SECONDS its -timeout per row and size (default 0.2).
#
# Only the ratios of interleaved runs mean anything on a shared machine;
# the closing line says how far they spread.

use strict;
use warnings;

my ($old, $new, $rounds, $chunks, $secs) = @ARGV;
die "usage: $0 OLD_BSSL NEW_BSSL [ROUNDS] [CHUNKS] [SECONDS]\n"
    unless defined $new;
$rounds //= 5;
$chunks //= '16,64,256,1024,8192';
$secs //= 0.2;
for my $b ($old, $new) {
    die "$b: not executable\n" unless -x $b;
}

# impls BSSL: {primitive}{row}{bytes} = MB/s from one `bssl speed -impls`.
sub impls {
    my ($bssl) = @_;
    my $out = `$bssl speed -impls -timeout $secs -chunks $chunks 2>&1`;
    die "$bssl speed -impls failed:\n$out" if $? != 0;
    my (%r, $prim);
    for (split /\n/, $out) {
        if (/^(\S+): implementations of/) {
            $prim = $1;
        } elsif (defined $prim && /^\s+(\S+)\s+(\d+)\s+([\d.]+)\s+[\d.]+x/) {
            $r{$prim}{$1}{$2} = $3;
        }
    }
    die "$bssl speed -impls: no rows\n" unless %r;
    return \%r;
}

sub median {
    my @v = sort { $a <=> $b } @_;
    return @v % 2 ? $v[$#v / 2] : ($v[@v / 2 - 1] + $v[@v / 2]) / 2;
}

my (%runs, @order);
for my $r (1 .. $rounds) {
    for my $who ($r % 2 ? ('old', 'new') : ('new', 'old')) {
        my $res = impls($who eq 'old' ? $old : $new);
        push @order, $who if $r == 1;
        for my $p (keys %$res) {
            for my $i (keys %{$res->{$p}}) {
                for my $n (keys %{$res->{$p}{$i}}) {
                    push @{$runs{$p}{$i}{$n}{$who}}, $res->{$p}{$i}{$n};
                }
            }
        }
    }
}

printf "%d rounds alternating, -chunks %s -timeout %s; MB/s medians\n\n",
    $rounds, $chunks, $secs;
my (@all, @all_best);
for my $p (sort keys %runs) {
    print "$p\n";
    printf "  %-14s %7s %10s %10s %7s %7s\n", 'row', 'bytes', 'old', 'new',
        'new/old', 'best';
    my (@ratios, @best);
    for my $i (sort keys %{$runs{$p}}) {
        for my $n (sort { $a <=> $b } keys %{$runs{$p}{$i}}) {
            my $c = $runs{$p}{$i}{$n};
            if (!$c->{old} || !$c->{new}) {
                printf "  %-14s %7d  only in the %s build\n", $i, $n,
                    $c->{old} ? 'old' : 'new';
                next;
            }
            my ($o, $w) = (median(@{$c->{old}}), median(@{$c->{new}}));
            my $ratio = $w / $o;
            my ($bo) = sort { $b <=> $a } @{$c->{old}};
            my ($bw) = sort { $b <=> $a } @{$c->{new}};
            push @ratios, $ratio;
            push @best, $bw / $bo;
            printf "  %-14s %7d %10.1f %10.1f %6.2fx %6.2fx\n", $i, $n, $o,
                $w, $ratio, $bw / $bo;
        }
    }
    next unless @ratios;
    summary("  $p medians", @ratios);
    summary("  $p best rounds", @best);
    print "\n";
    push @all, @ratios;
    push @all_best, @best;
}
summary("all rows, medians", @all) if @all;
summary("all rows, best rounds", @all_best) if @all_best;

# summary LABEL RATIOS: their geometric mean, lowest and highest.
sub summary {
    my ($label, @r) = @_;
    my $g = 0;
    $g += log($_) for @r;
    my @s = sort { $a <=> $b } @r;
    printf "%s: %d ratios, geometric mean %.3fx, lowest %.2fx, highest %.2fx\n",
        $label, scalar(@r), exp($g / @r), $s[0], $s[-1];
}
