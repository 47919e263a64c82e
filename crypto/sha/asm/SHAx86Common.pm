# Copyright 2026 The project authors.
#
# SHAx86Common.pm: the pieces the x86-64 and x86 SHA generators
# (sha{1,256,512}-x86_64.pl, sha{1,256,512}-x86.pl) share: the
# SSSE3/AVX operand forms and the block-function scaffolding. Instructions
# are strings in the neutral AT&T syntax that both translators read
# (crypto/perlasm/x86_64-xlate.pl, crypto/perlasm/x86asm.pl).
#
# A generator imports what it uses:
#   use SHAx86Common qw(forms block_loop_begin block_loop_end ...);
# and the instruction-list helpers (text, interleave) from
# crypto/perlasm/InsnList.pm. The variant's encoding (SSSE3 or AVX) is an
# object made by forms() and passed to every helper that depends on it.

package SHAx86Common;

use strict;
use warnings;
use Exporter 'import';
use File::Basename qw(dirname);
use lib dirname(__FILE__) . '/../../perlasm';
use InsnList qw(text interleave);
use PerlasmCommon;
# The function_begin helpers of both x86 translators (their packages
# X86_64Xlate and X86Asm); loading one does not run it as a filter.
require "x86_64-xlate.pl";
require "x86asm.pl";

our @EXPORT_OK = qw(forms load_state add_to_state block_loop_begin
                    block_loop_end avx2_finish sha2_round_nobmi
                    x86_path_begin x86_load_block x86_rounds x86_path_end
                    sha1_shani_rounds);

# --- SSSE3 or AVX from one description -----------------------------------------
#
# forms(VARIANT) returns the encoding of a path's vector instructions:
# VARIANT 'avx' (also for AVX2 code on ymm registers) gives three-operand
# VEX forms, 'ssse3' the two-operand legacy forms with a copy where a
# source must survive. Its methods return instruction lists; operands are
# in AT&T order:
#   $f->v3(OP, SRC2, SRC1, DST)    DST = SRC1 OP SRC2
#   $f->vsh(OP, IMM, SRC, DST)     DST = SRC shifted (or shuffled) by IMM
#   $f->valign(IMM, SRC2, SRC1, DST)  DST = (SRC1:SRC2) >> 8*IMM
#   $f->vpshufd(IMM, SRC, DST)     (the legacy form is non-destructive)
#   $f->vmova(SRC, DST), $f->vmovu(SRC, DST)
#                                  an aligned or unaligned 16-byte move
#   $f->rotl(N, SRC, DST, TMP)     DST = ROTL^N(SRC) on each dword (SRC
#                                  kept, TMP clobbered)
sub forms {
  my ($variant) = @_;
  die "SHAx86Common::forms: unknown variant '" . ($variant // '') .
      "' (want avx or ssse3)\n"
    unless defined $variant && $variant =~ /^(avx|ssse3)$/;
  return bless { vex => $variant eq 'avx' }, 'SHAx86Common::Forms';
}

package SHAx86Common::Forms;

sub v3 {
  my ($f, $op, $src2, $src1, $dst) = @_;
  return ("v$op	$src2, $src1, $dst") if $f->{vex};
  die "v3 $op: $dst is also the second source" if $dst eq $src2 && $dst ne $src1;
  return $dst eq $src1 ? ("$op	$src2, $dst")
                       : ("movdqa	$src1, $dst", "$op	$src2, $dst");
}

sub vsh {
  my ($f, $op, $imm, $src, $dst) = @_;
  return ("v$op	\$$imm, $src, $dst") if $f->{vex};
  return $dst eq $src ? ("$op	\$$imm, $dst")
                      : ("movdqa	$src, $dst", "$op	\$$imm, $dst");
}

sub valign {
  my ($f, $imm, $src2, $src1, $dst) = @_;
  return ("vpalignr	\$$imm, $src2, $src1, $dst") if $f->{vex};
  return ("movdqa	$src1, $dst", "palignr	\$$imm, $src2, $dst");
}

sub vpshufd {
  my ($f, $imm, $src, $dst) = @_;
  return (($f->{vex} ? "vpshufd" : "pshufd") . "	\$$imm, $src, $dst");
}

sub vmova { my ($f, $src, $dst) = @_; return ($f->{vex} ? "vmovdqa" : "movdqa") . "	$src, $dst"; }
sub vmovu { my ($f, $src, $dst) = @_; return ($f->{vex} ? "vmovdqu" : "movdqu") . "	$src, $dst"; }

sub rotl {
  my ($f, $n, $src, $dst, $tmp) = @_;
  return ($f->vsh('psrld', 32 - $n, $src, $tmp), $f->vsh('pslld', $n, $src, $dst),
          $f->v3('por', $tmp, $dst, $dst));
}

package SHAx86Common;

# --- x86-64 block-function scaffolding --------------------------------------------
#
# These return instruction lists (or, for the function boundaries, text)
# for x86-64 generators. SFX is the operand size of the chaining
# value's words: 'l' (SHA-1, SHA-256) or 'q' (SHA-512).

sub word_bytes { return $_[0] eq 'q' ? 8 : 4; }

# load_state(SFX, BASE, REGS...): H0.. from the array at BASE into REGS.
sub load_state {
  my ($sfx, $base, @r) = @_;
  my $w = word_bytes($sfx);
  return map { "mov$sfx	" . ($w * $_) . "($base), $r[$_]" } 0 .. $#r;
}

# add_to_state(SFX, BASE, REGS...): H(i) = H(i-1) + REGS, into the array
# at BASE and kept in REGS for the next block.
sub add_to_state {
  my ($sfx, $base, @r) = @_;
  my $w = word_bytes($sfx);
  return ((map { "add$sfx	" . ($w * $_) . "($base), $r[$_]" } 0 .. $#r),
          (map { "mov$sfx	$r[$_], " . ($w * $_) . "($base)" } 0 .. $#r));
}

# block_loop_begin(NAME, L, SAVE, XMM, FRAME, SFX, REGS...) returns the
# start of a function NAME(state, in, num_blocks) that processes one block
# per loop trip: the prologue, nothing done for num_blocks == 0 (jump to
# L_done), the chaining value from state (%rdi) into REGS, and the loop
# label L_loop.
sub block_loop_begin {
  my ($name, $L, $save, $xmm, $frame, $sfx, @r) = @_;
  my $c = X86_64Xlate::function_begin($name, args => 3, save => $save,
    xmm => $xmm, frame => $frame);
  $c .= text("testq	%rdx, %rdx", "jz	${L}_done");
  $c .= text(load_state($sfx, '%rdi', @r));
  return $c . "${L}_loop:\n";
}

# block_loop_end(F, L, BYTES, ZERO, SLOTS) returns the end of such a
# function, in the encoding F (see forms): the input pointer (%rsi) advanced by BYTES, the loop closed
# over num_blocks (%rdx), the first SLOTS 16-byte frame slots (W+K,
# derived from the input) overwritten with zeros through register ZERO,
# then L_done and the epilogue.
sub block_loop_end {
  my ($f, $L, $bytes, $zero, $slots) = @_;
  my $c = text("leaq	$bytes(%rsi), %rsi", "decq	%rdx", "jnz	${L}_loop");
  $c .= text($f->v3('pxor', $zero, $zero, $zero));
  $c .= text(map { $f->vmova($zero, (16 * $_) . "(%rsp)") } 0 .. $slots - 1);
  $c .= "${L}_done:\n";
  $c .= PerlasmCommon::epilogue();
  $c .= PerlasmCommon::function_end();
  return $c;
}

# avx2_finish(L, ZERO, SLOTS) returns the end of a two-block AVX2 function:
# the label L_finish, the first SLOTS 32-byte frame slots (W+K, derived
# from the input) overwritten with zeros through ymm register ZERO, the
# upper halves of the ymm registers cleared (vzeroupper), then L_done and
# the epilogue.
sub avx2_finish {
  my ($L, $zero, $slots) = @_;
  my $c = "${L}_finish:\n";
  $c .= text("vpxor	$zero, $zero, $zero");
  $c .= text(map { "vmovdqu	$zero, " . (32 * $_) . "(%rsp)" } 0 .. $slots - 1);
  $c .= text("vzeroupper");
  $c .= "${L}_done:\n";
  $c .= PerlasmCommon::epilogue();
  $c .= PerlasmCommon::function_end();
  return $c;
}

# sha2_round_nobmi(\@S, MEM, \%P, T2, Y) returns one SHA-2 round without
# BMI (plain rotates on copies) reading K[t]+W[t] from memory operand MEM,
# with the working variables a..h in the registers @S, which it renames
# (the register that held h holds the new a, the one that held d the new
# e). %P: sfx ('l' for SHA-256, 'q' for SHA-512), Sigma1 and Sigma0 (the
# three rotation counts of Σ1, Σ0), tmp (two temporaries). Y holds b ^ c
# on entry; T2 leaves holding a ^ b, the next round's b ^ c, so the caller
# swaps T2 and Y after each round. Per round:
#   Σ1(e) = ROTR^r1(e) ^ ROTR^r2(e) ^ ROTR^r3(e), three rotated copies
#   Σ0(a) likewise
#   Ch(e,f,g) = ((f ^ g) & e) ^ g
#   Maj(a,b,c) = b ^ ((a ^ b) & (b ^ c))
#   e' = d + T1, a' = T1 + Σ0(a) + Maj(a,b,c)
# The copies keep the chain e -> e' at 5 operations (copy, ror, xor, xor,
# add, with the copy removed at rename on the cores this is for).
sub sha2_round_nobmi {
  my ($S, $mem, $p, $t2, $y) = @_;
  my $sfx = $p->{sfx};
  my ($a, $b, $c, $d, $e, $f, $g, $h) = @$S;
  my ($t0, $t1) = @{$p->{tmp}};
  my ($S1a, $S1b, $S1c) = @{$p->{Sigma1}};
  my ($S0a, $S0b, $S0c) = @{$p->{Sigma0}};
  my @i = (
    "add$sfx	$mem, $h",                # h += K[t] + W[t]
    "mov$sfx	$f, $t2",
    "mov$sfx	$e, $t0",
    "ror$sfx	\$$S1a, $t0",
    "mov$sfx	$e, $t1",
    "xor$sfx	$g, $t2",
    "ror$sfx	\$$S1b, $t1",
    "and$sfx	$e, $t2",
    "xor$sfx	$t1, $t0",
    "mov$sfx	$e, $t1",
    "xor$sfx	$g, $t2",                # Ch(e,f,g)
    "ror$sfx	\$$S1c, $t1",
    "add$sfx	$t2, $h",
    "xor$sfx	$t1, $t0",               # Σ1(e)
    "mov$sfx	$a, $t1",
    "add$sfx	$t0, $h",                # h = T1
    "ror$sfx	\$$S0a, $t1",
    "mov$sfx	$a, $t2",
    "ror$sfx	\$$S0b, $t2",
    "xor$sfx	$t2, $t1",
    "mov$sfx	$a, $t2",
    "ror$sfx	\$$S0c, $t2",
    "add$sfx	$h, $d",                 # e' = d + T1
    "xor$sfx	$t2, $t1",               # Σ0(a)
    "mov$sfx	$a, $t2",
    "xor$sfx	$b, $t2",                # a ^ b
    "and$sfx	$t2, $y",                # (a ^ b) & (b ^ c)
    "add$sfx	$t1, $h",
    "xor$sfx	$b, $y",                 # Maj(a,b,c)
    "add$sfx	$y, $h",                 # a' = T1 + T2
  );
  @$S = ($h, $a, $b, $c, $d, $e, $f, $g);
  return @i;
}

# --- x86 (32-bit) block-function scaffolding ----------------------------------------
#
# For the x86 generators' SSSE3/AVX paths, which keep the input pointer
# and the count of blocks left in the frame and reach their constants
# through the anchor L_pic in register PIC (see crypto/perlasm/x86asm.pl).

# x86_path_begin(NAME, L, PIC, IN, NUM, FRAME) returns the start of a
# function NAME(state, in, num_blocks) (cdecl; ebx, esi, edi, ebp saved):
# nothing done for num_blocks == 0 (jump to L_done), else num_blocks to
# frame offset NUM, in to frame offset IN, and PIC loaded with the
# address of L_pic.
sub x86_path_begin {
  my ($name, $L, $pic, $in, $num, $frame) = @_;
  my $c = X86Asm::function_begin($name, args => 3,
    save => [qw(ebx esi edi ebp)], frame => $frame);
  $c .= text("movl	arg(2), %eax", "testl	%eax, %eax", "jz	${L}_done",
             "movl	%eax, $num(%esp)", "movl	arg(1), %eax",
             "movl	%eax, $in(%esp)");
  return $c . "	.get_pc	$pic, ${L}_pic\n";
}

# x86_load_block(F, IN, T, BSWAP, X0, X1, X2, X3) returns, in the encoding
# F, the instructions
# loading the next 64-byte block (its address at frame offset IN, through
# register T) into X0..X3 as big-endian 32-bit words (pshufb with the mask
# at memory operand BSWAP), and advancing the pointer in the frame.
sub x86_load_block {
  my ($f, $in, $t, $bswap, @x) = @_;
  return ("movl	$in(%esp), $t",
          (map { ($f->vmovu((16 * $_) . "($t)", $x[$_]),
                  $f->v3('pshufb', $bswap, $x[$_], $x[$_])) } 0 .. 3),
          "addl	\$64, $t", "movl	$t, $in(%esp)");
}

# x86_rounds(GROUPS, ROUND, SCHEDULE) returns the rounds of one block,
# 4 * GROUPS of them, as text: group g is ROUND->(4g .. 4g + 3), with
# SCHEDULE->(g + 4) (the message words of group g + 4, while there are
# any) spread among them by InsnList::interleave, after a "# rounds" comment.
sub x86_rounds {
  my ($groups, $round, $schedule) = @_;
  my $c = '';
  for my $g (0 .. $groups - 1) {
    my @r = map { $round->(4 * $g + $_) } 0 .. 3;
    my @v = $g + 4 < $groups ? $schedule->($g + 4) : ();
    $c .= "\t# rounds " . (4 * $g) . ".." . (4 * $g + 3) . "\n";
    $c .= text(interleave(\@r, \@v));
  }
  return $c;
}

# x86_path_end(F, L, NUM, ZERO, SLOTS) returns the end of such a function
# in the encoding F:
# the loop closed over the blocks left at frame offset NUM, the first
# SLOTS 16-byte slots of the frame (derived from the input) overwritten
# with zeros through ZERO, then L_done and the epilogue.
sub x86_path_end {
  my ($f, $L, $num, $zero, $slots) = @_;
  my $c = text("subl	\$1, $num(%esp)", "jnz	${L}_loop");
  $c .= text($f->v3('pxor', $zero, $zero, $zero),
             map { $f->vmovu($zero, (16 * $_) . "(%esp)") } 0 .. $slots - 1);
  $c .= "${L}_done:\n";
  $c .= PerlasmCommon::epilogue();
  $c .= PerlasmCommon::function_end();
  return $c;
}

# --- SHA-1 with the SHA extensions (x86-64 and x86) -----------------------------
#
# sha1_shani_rounds(ABCD, \@E, \@M) returns the 80 rounds of one SHA-1
# block as twenty groups of four. ABCD holds {A,B,C,D} (A in dword 3); E[0]
# holds E in dword 3 on entry and, on exit, the {A,B,C,D} from before group
# 19, whose ROTL^30(A) is the block's final E; E[1] is scratch. M[0..3]
# hold W[0..15], W[4i] in dword 3 of M[i]. Group g consumes M[g % 4] =
# W[4g..4g+3] and advances the schedule of three later groups:
#   W[4g+4..]:  sha1msg2 (the ROTL^1 step, needs W[4g..4g+3]);
#   W[4g+8..]:  ^= W[4g..4g+3]  (the W[t-8] term);
#   W[4g+16..]: sha1msg1 into this group's register (W[t-16] ^ W[t-14]),
#               last, once W[4g..4g+3] is no longer needed.
sub sha1_shani_rounds {
  my ($abcd, $e, $m) = @_;
  my @i;
  for my $g (0 .. 19) {
    my ($ecur, $enext) = ($e->[$g % 2], $e->[($g + 1) % 2]);
    my $cur = $m->[$g % 4];
    push @i, "# Rounds " . (4 * $g) . ".." . (4 * $g + 3);
    # E + W[4g], W[4g+1..4g+3]: for g = 0, E is H4 itself.
    push @i, $g == 0 ? "paddd\t$cur, $ecur" : "sha1nexte\t$cur, $ecur";
    push @i, "movdqa\t$abcd, $enext",
             "sha1rnds4\t\$" . int($g / 5) . ", $ecur, $abcd";
    push @i, "sha1msg2\t$cur, $m->[($g + 1) % 4]" if $g + 1 >= 4 && $g + 1 <= 19;
    push @i, "pxor\t$cur, $m->[($g + 2) % 4]" if $g + 2 >= 4 && $g + 2 <= 19;
    push @i, "sha1msg1\t$m->[($g + 1) % 4], $cur" if $g + 4 <= 19;
  }
  return @i;
}

1;
