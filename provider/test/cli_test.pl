#!/usr/bin/env perl
# Copyright 2026 The project authors.
#
# cli_test.pl: known answers through OpenSSL's own command-line tools with the
# Bittern provider loaded alone (`-provider-path DIR -provider bittern`, so
# nothing else can answer), against the default provider and the public
# vectors:
#   - openssl dgst (7 digests), mac (HMAC-SHA1/256/512, Poly1305) and
#     enc -chacha20 on files of lengths at every block edge up to 1 MiB,
#     each compared with the default provider's answer;
#   - NIST SHAVS ShortMsg (all) and LongMsg (first 4) for the 7 digests;
#   - HMAC (BoringSSL's hmac_tests.txt, SHA entries), Poly1305 (RFC 8439
#     and BoringSSL's poly1305_tests.txt), ChaCha20 (RFC 7539 A.2 as pyca
#     gives it), HKDF (Wycheproof, the first 20 valid tests per digest,
#     RFC 5869 among them), TLS13-KDF (RFC 8448's simple 1-RTT key schedule)
#     via openssl mac / enc / kdf.
#
#   provider/test/cli_test.pl MODULE_DIR VECTORS_DIR
#
# Prints one line per failure and a closing "N passed, N failed".

use strict;
use warnings;
use File::Temp qw(tempdir);
use JSON::PP;

my ($module_dir, $vectors) = @ARGV;
die "usage: $0 MODULE_DIR VECTORS_DIR\n" unless defined $vectors;
my @bt = ('-provider-path', $module_dir, '-provider', 'bittern');
my $tmp = tempdir(CLEANUP => 1);
my ($pass, $fail) = (0, 0);

# run(ARGS...) runs openssl with ARGS and returns its stdout, or undef if it
# failed.
sub run {
    my @args = @_;
    my $pid = open(my $fh, '-|');
    die "fork: $!" unless defined $pid;
    if ($pid == 0) {
        open(STDERR, '>', "$tmp/stderr") or die;
        exec('openssl', @args) or die "exec openssl: $!";
    }
    local $/;
    my $out = <$fh> // '';
    close($fh);
    return $? == 0 ? $out : undef;
}

# hexof normalises openssl's hex output (any case, colons, "name= " prefix).
sub hexof {
    my ($s) = @_;
    return '(failed)' unless defined $s;
    $s =~ s/^.*?= //s;
    $s =~ s/\s+\*.*$//s;    # dgst -r: "hex *file"
    $s =~ s/[:\s]//g;
    return lc $s;
}

sub expect {
    my ($what, $got, $want) = @_;
    if (defined $got && $got eq $want) {
        $pass++;
    } else {
        $fail++;
        my $g = defined $got ? $got : '(failed)';
        my $err = '';
        if (open(my $e, '<', "$tmp/stderr")) { local $/; $err = <$e> // ''; }
        print "FAIL: $what\n  got  $g\n  want $want\n$err";
    }
}

sub write_file {
    my ($name, $data) = @_;
    my $path = "$tmp/$name";
    open(my $fh, '>:raw', $path) or die "$path: $!";
    print $fh $data;
    close($fh);
    return $path;
}

sub read_file {
    my ($path) = @_;
    open(my $fh, '<:raw', $path) or return undef;
    local $/;
    my $d = <$fh>;
    return $d // '';
}

my %dgst_flag = (
    'SHA1' => '-sha1', 'SHA224' => '-sha224', 'SHA256' => '-sha256',
    'SHA384' => '-sha384', 'SHA512' => '-sha512',
    'SHA512_224' => '-sha512-224', 'SHA512_256' => '-sha512-256');
my @digests = qw(SHA1 SHA224 SHA256 SHA384 SHA512 SHA512_224 SHA512_256);

# --- Files of many lengths: the provider against the default provider. ------
my $seed = 1;
sub bytes {
    my ($n) = @_;
    my $s = '';
    while (length($s) < $n) {
        $seed = ($seed * 1103515245 + 12345) % 2147483648;
        $s .= pack('N', $seed);
    }
    return substr($s, 0, $n);
}
my @lengths = (0, 1, 3, 55, 56, 57, 63, 64, 65, 111, 112, 113, 127, 128, 129,
               255, 256, 1000, 4095, 4096, 4097, 65543, (1 << 20) + 13);
my $key32 = unpack('H*', bytes(32));
my $hkey = unpack('H*', bytes(70));
for my $len (@lengths) {
    my $f = write_file("in$len", bytes($len));
    for my $d (@digests) {
        expect("dgst $d, $len bytes",
               hexof(run('dgst', $dgst_flag{$d}, @bt, '-r', $f)),
               hexof(run('dgst', $dgst_flag{$d}, '-r', $f)));
    }
    for my $d (qw(SHA1 SHA256 SHA512)) {
        my @a = ('mac', '-digest', $d, '-macopt', "hexkey:$hkey", '-in', $f,
                 'HMAC');
        expect("mac HMAC-$d, $len bytes", hexof(run($a[0], @bt, @a[1..$#a])),
               hexof(run(@a)));
    }
    my @p = ('mac', '-macopt', "hexkey:$key32", '-in', $f, 'Poly1305');
    expect("mac Poly1305, $len bytes", hexof(run($p[0], @bt, @p[1..$#p])),
           hexof(run(@p)));
    my $iv = unpack('H*', bytes(16));
    my @e = ('enc', '-chacha20', '-K', $key32, '-iv', $iv, '-in', $f);
    run(@e, @bt, '-out', "$tmp/ct1");
    run(@e, '-out', "$tmp/ct2");
    my $c1 = read_file("$tmp/ct1");
    my $c2 = read_file("$tmp/ct2");
    # Compared whole; shown by length and first bytes when they differ.
    my $show = sub {
        my ($c) = @_;
        return undef unless defined $c;
        return length($c) . ' bytes ' . unpack('H*', substr($c, 0, 24)) .
               ' ... ' . unpack('H*', substr($c, -8));
    };
    if (defined $c1 && defined $c2 && $c1 eq $c2) {
        $pass++;
    } else {
        expect("enc -chacha20, $len bytes", $show->($c1),
               $show->($c2) // '(default failed)');
    }
}

# --- NIST SHAVS -------------------------------------------------------------
for my $d (@digests) {
    for my $kind (['ShortMsg', 1e9], ['LongMsg', 4]) {
        my ($name, $max) = @$kind;
        my $path = "$vectors/nist-cavp-shavs/$d$name.rsp";
        open(my $fh, '<', $path) or die "$path: $!";
        my ($len, $msg, $n) = (undef, undef, 0);
        while (my $line = <$fh>) {
            $line =~ s/\r?\n$//;
            if ($line =~ /^Len = (\d+)/) { $len = $1; }
            elsif ($line =~ /^Msg = ([0-9a-f]*)/) { $msg = $1; }
            elsif ($line =~ /^MD = ([0-9a-f]+)/ && defined $len) {
                last if $n++ >= $max;
                my $f = write_file('shavs',
                                   $len == 0 ? '' : pack('H*', $msg));
                expect("SHAVS $d$name Len=$len",
                       hexof(run('dgst', $dgst_flag{$d}, @bt, '-r', $f)), $1);
            }
        }
        close($fh);
    }
}

# --- HMAC and Poly1305 (BoringSSL's files, key = value blocks) -------------
# value decodes "quoted text" or hex.
sub value {
    my ($v) = @_;
    return $1 if $v =~ /^"(.*)"$/;
    return pack('H*', $v);
}
sub blocks {
    my ($path) = @_;
    open(my $fh, '<', $path) or die "$path: $!";
    my (@out, %cur);
    while (my $line = <$fh>) {
        $line =~ s/\r?\n$//;
        next if $line =~ /^#/;
        if ($line =~ /^(\w+) = ?(.*)$/) {
            $cur{$1} = $2;
        } elsif ($line eq '' && %cur) {
            push @out, {%cur};
            %cur = ();
        }
    }
    push @out, {%cur} if %cur;
    return @out;
}
for my $t (blocks("$vectors/boringssl/crypto/hmac/hmac_tests.txt")) {
    next unless defined $t->{HMAC} && $t->{HMAC} =~ /^SHA/;
    my $f = write_file('hmac', value($t->{Input}));
    my $k = unpack('H*', value($t->{Key} // ''));
    my @a = ('mac', @bt, '-digest', $t->{HMAC});
    push @a, '-macopt', "hexkey:$k" if $k ne '';
    push @a, '-macopt', 'key:' if $k eq '';
    expect("HMAC-$t->{HMAC} vector", hexof(run(@a, '-in', $f, 'HMAC')),
           lc $t->{Output});
}
for my $t (blocks("$vectors/boringssl/crypto/poly1305/poly1305_tests.txt")) {
    next unless defined $t->{MAC};
    my $f = write_file('poly', value($t->{Input}));
    expect("Poly1305 vector",
           hexof(run('mac', @bt, '-macopt', "hexkey:$t->{Key}", '-in', $f,
                     'Poly1305')), lc $t->{MAC});
}

# --- ChaCha20 (RFC 7539 A.2, 64-bit counter || 64-bit nonce) ---------------
{
    my $path = "$vectors/pyca-cryptography/ciphers/ChaCha20/rfc7539.txt";
    my %t;
    open(my $fh, '<', $path) or die "$path: $!";
    while (my $line = <$fh>) {
        $line =~ s/\r?\n$//;
        $t{$1} = $2 if $line =~ /^(\w+) = (.*)$/;
        next unless $line =~ /^CIPHERTEXT/;
        # OpenSSL's 16-byte IV: the block counter (little-endian) then the
        # nonce, which is this split's 64-bit counter || 64-bit nonce.
        my $iv = unpack('H*', pack('Q<', $t{INITIAL_BLOCK_COUNTER})) .
                 $t{NONCE};
        my $f = write_file('pt', pack('H*', $t{PLAINTEXT}));
        run('enc', '-chacha20', @bt, '-K', $t{KEY}, '-iv', $iv, '-in', $f,
            '-out', "$tmp/ct");
        my $ct = read_file("$tmp/ct");
        expect("ChaCha20 RFC 7539 A.2 #$t{COUNT}",
               defined $ct ? unpack('H*', $ct) : undef, lc $t{CIPHERTEXT});
    }
}

# --- HKDF (Wycheproof) ---------------------------------------------------------
for my $d (qw(SHA1 SHA256 SHA384 SHA512)) {
    my $path = "$vectors/wycheproof/testvectors_v1/hkdf_" . lc($d) .
               "_test.json";
    open(my $fh, '<', $path) or die "$path: $!";
    my $json = decode_json(do { local $/; <$fh> });
    my $n = 0;
    for my $g (@{$json->{testGroups}}) {
        for my $t (@{$g->{tests}}) {
            next unless $t->{result} eq 'valid' && $t->{size} > 0;
            last if $n++ >= 20;
            my @a = ('kdf', @bt, '-keylen', $t->{size}, '-kdfopt',
                     "digest:$d", '-kdfopt', "hexkey:$t->{ikm}");
            push @a, '-kdfopt', "hexsalt:$t->{salt}" if $t->{salt} ne '';
            push @a, '-kdfopt', "hexinfo:$t->{info}" if $t->{info} ne '';
            expect("HKDF-$d Wycheproof #$t->{tcId}", hexof(run(@a, 'HKDF')),
                   $t->{okm});
        }
    }
}
# HKDF's other modes against the default provider.
for my $mode (qw(EXTRACT_ONLY EXPAND_ONLY)) {
    my @a = ('-keylen', 32, '-kdfopt', 'digest:SHA256', '-kdfopt',
             "mode:$mode", '-kdfopt', "hexkey:$key32", '-kdfopt',
             'hexsalt:0011', '-kdfopt', 'hexinfo:2233', 'HKDF');
    expect("HKDF mode $mode", hexof(run('kdf', @bt, @a)),
           hexof(run('kdf', @a)));
}

# --- TLS13-KDF: RFC 8448, section 3 (simple 1-RTT handshake) ---------------
{
    my $zeros = '00' x 32;
    my $early = '33ad0a1c607ec03b09e6cd9893680ce210adf300aa1f2660e1b22e10f170f92a';
    my $ecdhe = '8bd4054fb55b9d63fdfbacf9f04b9f0d35e6d63f537563efd46272900f89492d';
    my $hs = '1dc826e93606aa6fdc0aadc12f741b01046aa6b99f691ed221a9f0ca043fbeac';
    my $empty_hash =
        'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';
    my $th = '860c06edc07858ee8e78f0e7428c58edd6b43f2ca3e6e95f02ed063cf0e1cad8';
    my @common = ('kdf', @bt, '-keylen', 32, '-kdfopt', 'digest:SHA256',
                  '-kdfopt', 'prefix:tls13 ');
    expect('TLS13-KDF RFC 8448 early secret',
           hexof(run(@common, '-kdfopt', 'mode:EXTRACT_ONLY', '-kdfopt',
                     "hexkey:$zeros", '-kdfopt', 'label:derived',
                     'TLS13-KDF')), $early);
    expect('TLS13-KDF RFC 8448 derived secret',
           hexof(run(@common, '-kdfopt', 'mode:EXPAND_ONLY', '-kdfopt',
                     "hexkey:$early", '-kdfopt', 'label:derived', '-kdfopt',
                     "hexdata:$empty_hash", 'TLS13-KDF')),
           '6f2615a108c702c5678f54fc9dbab69716c076189c48250cebeac3576c3611ba');
    expect('TLS13-KDF RFC 8448 handshake secret',
           hexof(run(@common, '-kdfopt', 'mode:EXTRACT_ONLY', '-kdfopt',
                     "hexkey:$ecdhe", '-kdfopt', "hexsalt:$early", '-kdfopt',
                     'label:derived', 'TLS13-KDF')), $hs);
    expect('TLS13-KDF RFC 8448 client handshake traffic secret',
           hexof(run(@common, '-kdfopt', 'mode:EXPAND_ONLY', '-kdfopt',
                     "hexkey:$hs", '-kdfopt', 'label:c hs traffic',
                     '-kdfopt', "hexdata:$th", 'TLS13-KDF')),
           'b3eddb126e067f35a780b3abf45e2d8f3b1a950738f52e9600746a0e27a55a21');
}

print "$pass passed, $fail failed\n";
exit($fail == 0 ? 0 : 1);
