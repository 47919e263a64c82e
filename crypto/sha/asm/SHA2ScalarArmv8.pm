# Copyright 2026 The project authors.
#
# SHA2ScalarArmv8.pm: the AArch64 general-purpose-register SHA-2 block
# function, written once for SHA-256 (32-bit words, 64 rounds) and SHA-512
# (64-bit words, 80 rounds). sha256-armv8.pl and sha512-armv8.pl call
# SHA2ScalarArmv8::block_function with their word size, rotation counts and
# constant table; the two algorithms differ in nothing else here (FIPS 180-4
# §6.2.2 and §6.4.2 are the same steps on different word sizes).
#
# Register plan (the same for both sizes: `w` registers for SHA-256, `x`
# for SHA-512): the ring W[t mod 16] in x0-x15, a..h in x20-x27, the
# constant pointer in x28, and three temporaries: T0 (x16) and a pair
# (x17, x19) whose roles swap every round: one carries b ^ c into the
# round (X), the other is scratch and leaves holding a ^ b (Y), which is
# the next round's b ^ c. The frame holds the state pointer [sp], the
# blocks left [sp + 8], the input pointer [sp + 16] and the count of
# 16-round trips left [sp + 24]. That is every register AAPCS64 lets us
# use except x18 (platform register), x29 (frame) and x30 (link).

package SHA2ScalarArmv8;

use strict;
use warnings;
use File::Basename qw(dirname);
use lib dirname(__FILE__) . '/../../perlasm';
use InsnList qw(text);

# block_function(%p) returns the neutral text (crypto/perlasm/arm-xlate.pl)
# of one function. Parameters:
#   name     the symbol, e.g. sha256_block_data_order_scalar
#   bits     32 or 64: the word size
#   rounds   64 or 80
#   klabel   the label of the round constants K[0..rounds-1] (the caller
#            emits the table)
#   sigma0   [r1, r2, s]: σ0(x) = ROTR^r1(x) ^ ROTR^r2(x) ^ SHR^s(x)
#   sigma1   [r1, r2, s]: σ1(x), likewise
#   Sigma0   [r1, r2, r3]: Σ0(x) = ROTR^r1(x) ^ ROTR^r2(x) ^ ROTR^r3(x)
#   Sigma1   [r1, r2, r3]: Σ1(x), likewise
sub block_function {
  my (%p) = @_;
  my $r = $p{bits} == 64 ? 'x' : 'w';
  my $wb = $p{bits} / 8;                 # bytes per word
  my $trips = ($p{rounds} - 16) / 16;    # runs of the 16-round body
  my $kp = 'x28';
  my $tk = "${r}16";
  my @xy = ("${r}17", "${r}19");
  my @v = map { "$r$_" } 20 .. 27;       # a..h at the start of the block
  my @w = map { "$r$_" } 0 .. 15;        # the ring W[t mod 16]
  my ($s0a, $s0b, $s0c) = @{$p{sigma0}};
  my ($s1a, $s1b, $s1c) = @{$p{sigma1}};
  my ($S0a, $S0b, $S0c) = @{$p{Sigma0}};
  my ($S1a, $S1b, $S1c) = @{$p{Sigma1}};

  # W[t] = σ1(W[t-2]) + W[t-7] + σ0(W[t-15]) + W[t-16], into W[t-16]'s
  # slot.
  my $schedule = sub {
    my ($t, $s0, $s1) = @_;
    my ($wt, $w2, $w7, $w15) = map { $w[($t - $_) % 16] } (0, 2, 7, 15);
    return text(
      "ror $s0, $w15, #$s0a",
      "eor $s0, $s0, $w15, ror #$s0b",
      "eor $s0, $s0, $w15, lsr #$s0c",    # σ0(W[t-15])
      "add $wt, $wt, $w7",
      "ror $s1, $w2, #$s1a",
      "add $wt, $wt, $s0",
      "eor $s1, $s1, $w2, ror #$s1b",
      "eor $s1, $s1, $w2, lsr #$s1c",     # σ1(W[t-2])
      "add $wt, $wt, $s1",
    );
  };

  # Round t with the working variables in their current roles:
  #   T1 = h + Σ1(e) + Ch(e,f,g) + K[t] + W[t];  T2 = Σ0(a) + Maj(a,b,c)
  #   d += T1;  h = T1 + T2
  # Ch(e,f,g) = (e & f) + (~e & g): the two terms share no bit, so adding
  # them is their XOR. Maj(a,b,c) = ((a ^ b) & (b ^ c)) ^ b: where a = b
  # it is b, elsewhere c. b ^ c is the previous round's a ^ b (the names
  # shift by one), carried in $x, so Maj costs three instructions.
  my $round = sub {
    my ($t, $x, $y, $a, $b, $c, $d, $e, $f, $g, $h) = @_;
    my $wt = $w[$t % 16];
    return text(
      "ldr $tk, [$kp], #$wb",           # K[t]
      "add $h, $h, $wt",
      "ror $y, $e, #$S1a",
      "add $h, $h, $tk",
      "eor $y, $y, $e, ror #$S1b",
      "eor $y, $y, $e, ror #$S1c",      # Σ1(e)
      "and $tk, $e, $f",
      "add $h, $h, $y",
      "bic $y, $g, $e",
      "add $h, $h, $tk",
      "add $h, $h, $y",                    # T1
      "eor $y, $a, $b",                    # a ^ b
      "ror $tk, $a, #$S0a",
      "add $d, $d, $h",                    # d + T1
      "and $x, $x, $y",
      "eor $tk, $tk, $a, ror #$S0b",
      "eor $x, $x, $b",                    # Maj(a,b,c)
      "eor $tk, $tk, $a, ror #$S0c",    # Σ0(a)
      "add $h, $h, $x",
      "add $h, $h, $tk",                   # T1 + T2
    );
  };

  my $code = <<"___";
.func_begin $p{name}, save=x19:x20:x21:x22:x23:x24:x25:x26:x27:x28, frame=32
	cbz	x2, .Lsc_done
	stp	x0, x2, [sp]
	str	x1, [sp, #16]
	ldp	$v[0], $v[1], [x0]
	ldp	$v[2], $v[3], [x0, #@{[2 * $wb]}]
	ldp	$v[4], $v[5], [x0, #@{[4 * $wb]}]
	ldp	$v[6], $v[7], [x0, #@{[6 * $wb]}]
	adrl	$kp, $p{klabel}
.Lsc_loop:
	// W[0..15]: 16 big-endian words.
	ldr	x16, [sp, #16]
___
  for (my $i = 0; $i < 16; $i += 2) {
    $code .= "\tldp\t$w[$i], $w[$i + 1], [x16], #" . (2 * $wb) . "\n";
  }
  $code .= "\tstr\tx16, [sp, #16]\n";
  $code .= "\trev\t$_, $_\n" for @w;
  $code .= "\teor\t$xy[0], $v[1], $v[2]\t// b ^ c for round 0\n";
  # Rounds 0-15 read the message as loaded; rounds 16-31 (schedule then
  # round) are written once and run $trips times: after 16 rounds the ring
  # slots, the roles a..h (a multiple of eight) and the X/Y pair (an even
  # number of swaps) are all back in place. Looping rather than unrolling
  # all the rounds keeps the function near 3 KB instead of 7-9 KB, for
  # three instructions (a counter in the frame) per 16 rounds.
  my @roles = @v;   # roles a..h
  for my $t (0 .. 31) {
    if ($t == 16) {
      $code .= "\tmov\tx16, #$trips\n\tstr\tx16, [sp, #24]\n.Lsc_rounds:\n";
    }
    $code .= join('', $schedule->($t, $tk, $xy[1])) if $t >= 16;
    $code .= join('', $round->($t, @xy, @roles));
    @xy = reverse @xy;             # a ^ b becomes the next round's b ^ c
    unshift @roles, pop @roles;    # the register that held h now holds a
  }
  die "roles not back in place" unless join(',', @roles) eq join(',', @v);
  $code .= <<"___";
	ldr	x16, [sp, #24]
	subs	x16, x16, #1
	str	x16, [sp, #24]
	b.ne	.Lsc_rounds
___
  my @h = @w[1 .. 8];   # H(i-1), into free schedule slots (x0 is the pointer)
  $code .= <<"___";
	// H(i) = H(i-1) + a..h.
	ldr	x0, [sp]
	ldp	$h[0], $h[1], [x0]
	ldp	$h[2], $h[3], [x0, #@{[2 * $wb]}]
	ldp	$h[4], $h[5], [x0, #@{[4 * $wb]}]
	ldp	$h[6], $h[7], [x0, #@{[6 * $wb]}]
___
  $code .= "\tadd\t$v[$_], $v[$_], $h[$_]\n" for 0 .. 7;
  $code .= <<"___";
	stp	$v[0], $v[1], [x0]
	stp	$v[2], $v[3], [x0, #@{[2 * $wb]}]
	stp	$v[4], $v[5], [x0, #@{[4 * $wb]}]
	stp	$v[6], $v[7], [x0, #@{[6 * $wb]}]
	sub	$kp, $kp, #@{[$p{rounds} * $wb]}
	ldr	x16, [sp, #8]
	subs	x16, x16, #1
	str	x16, [sp, #8]
	b.ne	.Lsc_loop
.Lsc_done:
.epilogue
.func_end
___
  return $code;
}

1;
