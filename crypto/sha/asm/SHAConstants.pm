# Copyright 2026 The project authors.
#
# SHAConstants.pm: the SHA-2 round constants, for every SHA-2 generator in
# this directory (each lays them out in .rodata its own way).

package SHAConstants;

use strict;
use warnings;

# K256[t], t = 0..63: the first 32 bits of the fractional parts of the cube
# roots of the first 64 primes (FIPS 180-4 §4.2.2), as numbers.
our @K256 = (
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1,
  0x923f82a4, 0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3,
  0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
  0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
  0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147,
  0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b,
  0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
  0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
  0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208,
  0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
);

# K512[t], t = 0..79: the first 64 bits of the fractional parts of the cube
# roots of the first 80 primes (FIPS 180-4 §4.2.3), as 16 hex digits
# without a prefix (a 64-bit number does not survive every Perl build).
our @K512 = qw(
    428a2f98d728ae22 7137449123ef65cd b5c0fbcfec4d3b2f e9b5dba58189dbbc
    3956c25bf348b538 59f111f1b605d019 923f82a4af194f9b ab1c5ed5da6d8118
    d807aa98a3030242 12835b0145706fbe 243185be4ee4b28c 550c7dc3d5ffb4e2
    72be5d74f27b896f 80deb1fe3b1696b1 9bdc06a725c71235 c19bf174cf692694
    e49b69c19ef14ad2 efbe4786384f25e3 0fc19dc68b8cd5b5 240ca1cc77ac9c65
    2de92c6f592b0275 4a7484aa6ea6e483 5cb0a9dcbd41fbd4 76f988da831153b5
    983e5152ee66dfab a831c66d2db43210 b00327c898fb213f bf597fc7beef0ee4
    c6e00bf33da88fc2 d5a79147930aa725 06ca6351e003826f 142929670a0e6e70
    27b70a8546d22ffc 2e1b21385c26c926 4d2c6dfc5ac42aed 53380d139d95b3df
    650a73548baf63de 766a0abb3c77b2a8 81c2c92e47edaee6 92722c851482353b
    a2bfe8a14cf10364 a81a664bbc423001 c24b8b70d0f89791 c76c51a30654be30
    d192e819d6ef5218 d69906245565a910 f40e35855771202a 106aa07032bbd1b8
    19a4c116b8d2d0c8 1e376c085141ab53 2748774cdf8eeb99 34b0bcb5e19b48a8
    391c0cb3c5c95a63 4ed8aa4ae3418acb 5b9cca4f7763e373 682e6ff3d6b2b8a3
    748f82ee5defb2fc 78a5636f43172f60 84c87814a1f0ab72 8cc702081a6439ec
    90befffa23631e28 a4506cebde82bde9 bef9a3f7b2c67915 c67178f2e372532b
    ca273eceea26619c d186b8c721c0c207 eada7dd6cde0eb1e f57d4f7fee6ed178
    06f067aa72176fba 0a637dc5a2c898a6 113f9804bef90dae 1b710b35131c471b
    28db77f523047d84 32caab7b40c72493 3c9ebe0a15c9bebc 431d67c49c100d4c
    4cc5d4becb3e42b6 597f299cfc657e2a 5fcb6fab3ad6faec 6c44198c4a475817
);

die "SHAConstants: K256 has " . scalar(@K256) . " entries\n" unless @K256 == 64;
die "SHAConstants: K512 has " . scalar(@K512) . " entries\n" unless @K512 == 80;

1;
