#!/usr/bin/env perl
# Copyright 2026 The project authors.
#
# bench.pl BUILD [ROUNDS] [SECONDS]: the provider's speed against OpenSSL's
# default provider, with OpenSSL's own benchmark:
#   openssl speed -mr -seconds S [-provider-path BUILD -provider bittern
#     -provider default -propquery provider=bittern]
#     -evp chacha20-poly1305 | -evp sha256 | -hmac sha256
# alternating the two (and their order) for ROUNDS rounds (default 5), then
# the median bytes/s per size and the ratio provider / default. For the 8
# and 16 KiB sizes it also prints this library's own ratio against the
# default provider (bssl speed -json per CPU-second, in the same rounds): the
# target is provider/default >= that ratio less 5%. Then nginx -> curl over
# loopback (nginx_test.sh), ROUNDS rounds each way, with and without the
# provider (skipped with BENCH_NGINX=0). Not part of CI (minutes of both
# cores).

use strict;
use warnings;
use File::Basename qw(dirname);

my ($build, $rounds, $secs) = @ARGV;
die "usage: $0 BUILD [ROUNDS] [SECONDS]\n" unless defined $build;
$rounds //= 5;
$secs //= 1;
die "SECONDS must be a whole number\n" unless $secs =~ /^[1-9]\d*$/;
my $here = dirname($0);
my @prov = ('-provider-path', $build, '-provider', 'bittern', '-provider',
            'default', '-propquery', 'provider=bittern');
# Each bench: its name, openssl speed's flag and algorithm, bssl speed's
# item format, and the provider counter (provider/prov.c) that must grow.
my @benches = (['ChaCha20-Poly1305', '-evp', 'chacha20-poly1305',
                'ChaCha20-Poly1305 (%d bytes) seal', 'ChaCha20-Poly1305'],
               ['SHA-256', '-evp', 'sha256', 'SHA-256 (%d bytes)',
                'SHA2-256'],
               ['HMAC-SHA256', '-hmac', 'sha256', 'HMAC-SHA256 (%d bytes)',
                'HMAC']);
my $counters = "/tmp/bittern-bench-counters.$$";

# speed COUNTER FLAG ALG [PROVIDER ARGS]: returns (sizes, bytes/s per size)
# from openssl speed -mr. The provider arguments go first: openssl speed
# fetches an -evp cipher when it parses -evp, so a cipher named before
# -provider comes from the default provider. (An earlier version of this
# script did that, and its ChaCha20-Poly1305 "provider" column measured the
# default provider.) With the provider loaded, its counters are dumped at
# exit (BITTERN_PROVIDER_COUNTERS) and COUNTER must show calls, or the run
# did not go through it.
sub speed {
    my ($counter, $flag, $alg, @prov_args) = @_;
    unlink $counters;
    local $ENV{BITTERN_PROVIDER_COUNTERS} = $counters if @prov_args;
    my $out = `openssl speed -mr -seconds $secs @prov_args $flag $alg 2>&1`;
    my ($h) = $out =~ /^\+H:([\d:]+)$/m;
    my ($f) = $out =~ /^\+F:\d+:[^:]+:([\d.:]+)$/m;
    die "openssl speed @prov_args $flag $alg: no result\n$out"
        unless defined $h && defined $f;
    if (@prov_args) {
        open(my $fh, '<', $counters) or die "no provider counters: $!\n";
        my $dump = do { local $/; <$fh> };
        close $fh;
        unlink $counters;
        die "openssl speed $flag $alg did not run in the provider:\n$dump"
            unless $dump =~ /^\Q$counter\E calls=([1-9]\d*) /m;
    }
    return ([split /:/, $h], [split /:/, $f]);
}

# bssl_speed ITEM NAME_FORMAT: this library's bytes per CPU-second at 8192
# and 16384 from `bssl speed -json -filter ITEM`. openssl speed divides by
# the user CPU time its process got, bssl speed by wall time; on a shared
# machine the two differ, so each bssl figure is scaled by the CPU time the
# bssl process got over the wall time of all the items it ran.
sub bssl_speed {
    my ($item, $fmt) = @_;
    my %r;
    my @t0 = times;
    my $out = `$build/bssl speed -json -filter $item -timeout $secs -chunks 8192,16384 2>/dev/null`;
    my @t1 = times;
    my $cpu = ($t1[2] - $t0[2]) + ($t1[3] - $t0[3]);
    my $wall_us = 0;
    $wall_us += $1 while $out =~ /"microseconds": (\d+)/g;
    return \%r if $wall_us == 0 || $cpu <= 0;
    my $share = $cpu / ($wall_us / 1e6);
    $share = 1 if $share > 1;
    for my $size (8192, 16384) {
        my $want = sprintf($fmt, $size);
        if ($out =~ /"description": "\Q$want\E", "numCalls": (\d+), "microseconds": (\d+)/) {
            $r{$size} = $1 * $size / ($2 / 1e6) / $share;
        }
    }
    return \%r;
}

sub median {
    my @v = sort { $a <=> $b } @_;
    return $v[int(@v / 2)];
}

my $cpu = `grep -m1 'model name' /proc/cpuinfo`;
$cpu =~ s/^.*?:\s*//;
chomp $cpu;
print "CPU: $cpu; ", `openssl version`;
print "rounds $rounds, $secs s per size, alternating provider/default\n\n";

for my $b (@benches) {
    my ($name, $flag, $alg, $bssl_fmt, $counter) = @$b;
    my (%p, %d, %lib, $sizes);
    for my $r (1 .. $rounds) {
        my @order = $r % 2 ? ('p', 'd') : ('d', 'p');
        for my $who (@order) {
            my ($s, $v) = speed($counter, $flag, $alg,
                                $who eq 'p' ? @prov : ());
            $sizes = $s;
            for my $i (0 .. $#$s) {
                push @{($who eq 'p' ? \%p : \%d)->{$s->[$i]}}, $v->[$i];
            }
        }
        my $l = bssl_speed($name, $bssl_fmt);
        push @{$lib{$_}}, $l->{$_} for keys %$l;
    }
    print "openssl speed $flag $alg (MB/s = 10^6 bytes/s, medians)\n";
    printf "%8s %12s %12s %8s %14s %8s\n", 'bytes', 'bittern', 'default',
           'ratio', 'bssl (lib)', 'lib/def';
    for my $size (@$sizes) {
        my $mp = median(@{$p{$size}});
        my $md = median(@{$d{$size}});
        my $ml = $lib{$size} ? median(@{$lib{$size}}) : undef;
        printf "%8d %12.1f %12.1f %7.2fx %14s %8s\n", $size, $mp / 1e6,
               $md / 1e6, $mp / $md,
               defined $ml ? sprintf('%.1f', $ml / 1e6) : '-',
               defined $ml ? sprintf('%.2fx', $ml / $md) : '-';
    }
    print "\n";
}

exit 0 if ($ENV{BENCH_NGINX} // '1') eq '0';
print "nginx -> curl, 256 MiB over loopback, TLS 1.3 CHACHA20 (MiB/s)\n";
my (@with, @without);
for my $r (1 .. $rounds) {
    for my $p ($r % 2 ? (1, 0) : (0, 1)) {
        my $out = `PROVIDER=$p $here/nginx_test.sh $build 256 2>&1`;
        my ($mbs) = $out =~ /throughput ([\d.]+) MiB/;
        die "nginx_test.sh failed:\n$out" unless defined $mbs;
        push @{$p ? \@with : \@without}, $mbs;
    }
}
printf "with the provider: %s; median %.1f\n", join(' ', @with), median(@with);
printf "without:           %s; median %.1f\n", join(' ', @without),
       median(@without);
printf "ratio %.2fx\n", median(@with) / median(@without);
