#!/usr/bin/env perl
# Copyright 2026 The project authors.
#
# abi_fixtures-armv8.pl: AArch64 functions for the ABI checker's own tests
# (crypto/test/abi_test_test.cc). TEST ONLY: compiled into crypto_test,
# never into the library. Usage: perl abi_fixtures-armv8.pl FLAVOUR OUTPUT
#
#   path       cycles/byte   bound
#   (all)      n/a           test fixtures, a few instructions each
#
# Well-behaved:
#   bittern_abi_fixture_good(a1..a8)   returns a1 + 2*a2 + ... + 8*a8. A
#       managed function (save=x19:x20, dsave=d8:d9, frame=32) that uses
#       x19, x20, d8, d9 and its frame as scratch, so the translator's
#       prologue/epilogue must restore them for the checker to pass.
#   bittern_abi_fixture_leaf()         a plain leaf (bti c, ret): returns 0.
#   bittern_abi_fixture_nonleaf()      PAC + frame record, calls the leaf:
#                                      returns 0.
# Broken on purpose (raw functions: the managed form would refuse them):
#   bittern_abi_fixture_clobber_v8_high()  inverts only the upper 64 bits of
#       v8: AAPCS64 makes only the low half (d8) callee-saved, so this one
#       is legal and the checker must NOT report it.
#   bittern_abi_fixture_clobber_x19()  x19 = ~x19
#   bittern_abi_fixture_clobber_x29()  x29 (frame pointer) = ~x29
#   bittern_abi_fixture_clobber_d8()   d8 = ~d8
#   bittern_abi_fixture_clobber_d15()  d15 = ~d15
#   bittern_abi_fixture_move_sp()      returns with sp 16 bytes lower
#   bittern_abi_fixture_sp_mod16()     returns sp mod 16 at entry (0)

use strict;
use warnings;
use FindBin;
use lib "$FindBin::Bin/../../perlasm";
require "arm-xlate.pl";

my ($flavour, $output) = @ARGV;

my $code = <<'___';
.text
.func_begin bittern_abi_fixture_good, save=x19:x20, dsave=d8:d9, frame=32
	// x19 = a1 + 2*a2 + 3*a3 + 4*a4, via d8/d9 and the frame.
	add	x19, x0, x1, lsl #1
	mov	x9, #3
	madd	x19, x2, x9, x19
	add	x19, x19, x3, lsl #2
	fmov	d8, x19
	str	d8, [sp, #8]
	// x20 = 5*a5 + 6*a6 + 7*a7 + 8*a8
	add	x20, x4, x4, lsl #2
	mov	x9, #6
	madd	x20, x5, x9, x20
	mov	x9, #7
	madd	x20, x6, x9, x20
	add	x20, x20, x7, lsl #3
	fmov	d9, x20
	str	d9, [sp, #24]
	ldr	x10, [sp, #8]
	ldr	x11, [sp, #24]
	add	x0, x10, x11
.epilogue
.func_end

.func_begin bittern_abi_fixture_leaf, leaf
	mov	x0, #0
.epilogue
.func_end

.func_begin bittern_abi_fixture_nonleaf
	bl	bittern_abi_fixture_leaf
.epilogue
.func_end

.func_begin bittern_abi_fixture_clobber_v8_high, raw
	// v8.d[1] = ~v8.d[1]; d8, the low half, is unchanged.
	mov	x9, v8.d[1]
	mvn	x9, x9
	mov	v8.d[1], x9
	ret
.func_end

.func_begin bittern_abi_fixture_clobber_x19, raw
	mvn	x19, x19
	ret
.func_end

.func_begin bittern_abi_fixture_clobber_x29, raw
	mvn	x29, x29
	ret
.func_end

.func_begin bittern_abi_fixture_clobber_d8, raw
	fmov	x9, d8
	mvn	x9, x9
	fmov	d8, x9
	ret
.func_end

.func_begin bittern_abi_fixture_clobber_d15, raw
	fmov	x9, d15
	mvn	x9, x9
	fmov	d15, x9
	ret
.func_end

.func_begin bittern_abi_fixture_move_sp, raw
	sub	sp, sp, #16
	ret
.func_end

.func_begin bittern_abi_fixture_sp_mod16, raw
	mov	x0, sp
	and	x0, x0, #15
	ret
.func_end
___

ArmXlate::write_output($flavour, $output, $code, __FILE__);
