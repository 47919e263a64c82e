#!/usr/bin/env perl
# Copyright 2026 The project authors.
#
# arm-xlate.pl: translates AArch64 assembly written in this project's neutral
# syntax into one object-file flavour:
#
#   linux64  GNU as / clang, ELF: .type/.size, .hidden, .cfi_* unwind
#            directives, .note.GNU-stack and the GNU property note that marks
#            the object BTI + PAC compatible.
#   ios64    clang, Mach-O: leading underscore on symbols, .private_extern,
#            L-prefixed local labels, @PAGE/@PAGEOFF relocations, __TEXT
#            sections, .cfi_* directives.
#   win64    clang, COFF (aarch64-pc-windows-msvc): ARM64 SEH unwind codes
#            through .seh_* directives.
#
# Two ways to use it:
#   * From a generator script (the normal way):
#         use strict; use warnings;
#         use FindBin; use lib "$FindBin::Bin/../../perlasm";
#         require "arm-xlate.pl";
#         my ($flavour, $output) = @ARGV;
#         my $code = ...neutral text...;
#         ArmXlate::write_output($flavour, $output, $code, __FILE__);
#   * As a filter: perl arm-xlate.pl FLAVOUR OUTPUT < neutral.s
#
# The output is a `.S` file: the C compiler preprocesses it (the header is an
# #if guard that refuses the wrong target) and assembles it.
#
# ---------------------------------------------------------------------------
# THE NEUTRAL SYNTAX
#
# One statement per line. `//` starts a comment, and so does a `#` that is
# the first non-blank character of a line (`#` elsewhere is the immediate
# prefix, as in GNU as).
#
# Instructions: GNU as AArch64 syntax (`add x0, x1, x2`,
#   `ld1 {v0.4s-v3.4s}, [x1], #64`, `sha256h q0, q1, v2.4s`,
#   `mov v0.16b, v1.16b`, `b.ne .Lloop`). Only mnemonics listed in %MNEMONICS
#   below are accepted (a NEON mnemonic may also carry the `2` suffix of its
#   upper-half form); anything else is an error. The header switches the
#   assembler to `.arch armv8.2-a+crypto+sha3`, so the SHA-1/SHA-256,
#   SHA-512 and SHA-3 (eor3, rax1, xar, bcax) instructions assemble in every
#   flavour; which of them may run is the C dispatcher's business.
#   x18 (w18) is refused everywhere: it is the platform register on Apple and
#   Windows.
# Labels: `.Lname:` is a local label (`Lname` on ios64). Only local labels
#   may be defined in the text; global symbols come from `.func_begin`.
#   Branches may name a local label or a function of the same file.
# Constants: `adrl xN, .Llabel` (a pseudo-instruction) loads the address of
#   a local label in any section of the file, PC-relative:
#     linux64/win64  adrp xN, .Llabel ; add xN, xN, :lo12:.Llabel
#     ios64          adrp xN, Llabel@PAGE ; add xN, xN, Llabel@PAGEOFF
#   `.Llabel+CONST` is accepted too. Literal pools (`ldr x0, =...`) are
#   refused.
# Sections: `.text`, `.rodata` (read-only constants), `.data` (writable;
#   for the ABI trampoline, not for library code).
# Data: `.align N` (N a power of two, in BYTES; emitted as .p2align),
#   `.byte`, `.short`, `.long`, `.quad` (comma-separated numbers and
#   expressions; a label may appear only as a difference of two local
#   labels, `.La-.Lb`: an absolute address would need a relocation), `.asciz "text"`, `.inst 0xNNNNNNNN` (an instruction
#   by its encoding).
# Functions:
#   .func_begin NAME [, save=x19:x20:...] [, dsave=d8:d9:...] [, frame=N]
#                    [, leaf] [, global] [, raw]
#     emits the symbol (hidden unless `global`; `_NAME` on ios64; .type and
#     .size on ELF), `bti c` (written `hint #34`, a NOP before ARMv8.5) as
#     the first instruction and then, unless the function is a plain leaf
#     (see below):
#         hint #25                          paciasp: sign x30 with sp
#         stp  x29, x30, [sp, #-S]!         S = 16 + 8*(GPR saves + dsave),
#         mov  x29, sp                          rounded up to 16
#         stp/str of `save` at [sp, #16...], then of `dsave`
#         sub  sp, sp, #FRAME               FRAME = frame rounded up to 16
#     with the matching .cfi_* directives (linux64, ios64) or ARM64 SEH
#     codes (win64). The saves are sorted by register number; two registers
#     with consecutive numbers share an stp/ldp, any other is saved alone
#     (the SEH save_regp/save_fregp codes describe only consecutive pairs).
#     The frame record (x29, x30) sits at the bottom of the save area, so
#     x29 chains frames as compilers do.
#     save   callee-saved GPRs the body uses (x19-x28).
#     dsave  callee-saved NEON registers the body uses, named d8-d15: only
#            their low 64 bits are callee-saved (AAPCS64 6.1.2), and that is
#            all that is saved. A body that lists d8 may use v8 whole.
#     frame  bytes of local stack; the body addresses them at
#            [sp, #0 .. frame-1]; sp stays 16-byte aligned.
#     leaf   the function calls nothing. With no save, dsave or frame it
#            gets only `bti c`: no PAC, no frame record, and x30 stays the
#            return address (the body may not touch x30, bl or blr).
#     global make the symbol visible to users (default: hidden).
#     raw    no managed prologue: only the symbol, `bti c` and, on
#            linux64/ios64, .cfi_startproc/.cfi_endproc. The body is on its
#            own (it may write .cfi_* directives, dropped on win64, and a
#            bare `ret`; win64 gets no SEH data for it). For the ABI
#            trampoline and its fixtures only.
#   .epilogue  restores everything the prologue saved and returns
#            (`autiasp` = `hint #29` before `ret` where PAC was used); it may
#            appear several times (early returns). On linux64/ios64 it is
#            wrapped in .cfi_remember_state/.cfi_restore_state, so the CFI is
#            right before, inside and after it.
#   .func_end  closes the function.
#   In a managed (not raw) function the body may use x0-x17, v0-v7 and
#   v16-v31 freely, x19-x28 only if listed in `save`, v8-v15 (in any form:
#   v/q/d/s/h/b) only if listed in `dsave`; never x18, x29 or sp writes
#   (no add/sub/mov to sp, no pre/post-indexed sp addressing), never a bare
#   `ret`, `.cfi_*` or `.seh_*`; x30 only when the function has a frame
#   record (not a plain leaf). The translator refuses anything else.
# Other directives: `.extern NAME` declares a function of another file that
#   this one branches to. `.globl`/`.global`, `.type`, `.size`, `.hidden`
#   and every other directive are refused: the translator writes those.
#
# Helper subs for generator scripts: function_begin(NAME, save => [...],
# dsave => [...], frame => N, leaf => 1, global => 1, raw => 1),
# epilogue(), function_end() return the directive lines as text.
#
# Deviations from the contract the generators were first written against
# (all backward compatible): `.data`, `.asciz`, `.inst`, `.extern` and
# `raw` are additions. On win64 no PAC is emitted (no paciasp/autiasp):
# clang 14 (Debian 12) does not know .seh_pac_sign_lr, and without that
# unwind code the Windows unwinder would read a signed return address;
# `bti c` stays, described by a .seh_nop so the prologue codes line up.
# ---------------------------------------------------------------------------

package ArmXlate;

use strict;
use warnings;
use File::Basename qw(dirname);
use lib dirname(__FILE__);
use PerlasmCommon;
# Shared with x86_64-xlate.pl and x86asm.pl: see PerlasmCommon.pm.
use parent -norequire, 'PerlasmCommon';

# The flavours and their object-file formats.
my @FORMATS = (linux64 => 'elf', ios64 => 'macho', win64 => 'coff');

# --- Mnemonics ---------------------------------------------------------------
#
# Base A64 integer, branch, load/store and system instructions, then
# Advanced SIMD (NEON), then the crypto extensions (AES, SHA-1, SHA-256,
# SHA-512, SHA-3). Conditional branches (`b.eq` ...) are added below.

my %MNEMONICS = map { $_ => 1 } qw(
  add adds sub subs adc adcs sbc sbcs neg negs ngc ngcs cmp cmn tst
  and ands orr orn eor eon bic bics mvn mov movz movn movk
  lsl lsr asr ror lslv lsrv asrv rorv
  mul madd msub mneg smull umull smulh umulh smaddl umaddl smsubl umsubl
  smnegl umnegl udiv sdiv
  extr bfi bfxil bfm sbfm ubfm sbfx ubfx sbfiz ubfiz sxtb sxth sxtw uxtb uxth
  rev rev16 rev32 rev64 clz cls rbit
  csel csinc csinv csneg cset csetm cinc cinv cneg ccmp ccmn
  adr adrp
  ldr ldrb ldrh ldrsb ldrsh ldrsw str strb strh ldp stp ldpsw
  ldur ldurb ldurh ldursb ldursh ldursw stur sturb sturh ldnp stnp
  b bl br blr ret cbz cbnz tbz tbnz
  nop hint prfm dmb dsb isb yield
  ld1 ld2 ld3 ld4 st1 st2 st3 st4 ld1r ld2r ld3r ld4r
  mla mls pmul
  not bsl bit bif movi mvni dup ins umov smov fmov
  ext zip1 zip2 uzp1 uzp2 trn1 trn2 tbl tbx
  shl sshr ushr sri sli usra ssra srshr urshr ursra srsra
  sqshl uqshl sqrshl uqrshl sshl ushl srshl urshl
  shrn rshrn sqshrn uqshrn sqrshrn uqrshrn sqshrun sqrshrun
  xtn sqxtn uqxtn sqxtun
  ushll sshll uxtl sxtl shll
  umlal smlal umlsl smlsl pmull sqdmull sqdmlal sqdmlsl
  uaddl saddl usubl ssubl uaddw saddw usubw ssubw
  addhn raddhn subhn rsubhn
  addp addv uaddlv saddlv umaxv uminv smaxv sminv umaxp uminp smaxp sminp
  uaddlp saddlp uadalp sadalp
  uqadd sqadd uqsub sqsub uabd sabd uaba saba uabdl sabdl uabal sabal
  umax umin smax smin uhadd shadd urhadd srhadd uhsub shsub
  cmeq cmge cmgt cmhi cmhs cmtst cmle cmlt
  cnt abs sqabs sqneg sqdmulh sqrdmulh
  aese aesd aesmc aesimc
  sha1c sha1p sha1m sha1h sha1su0 sha1su1
  sha256h sha256h2 sha256su0 sha256su1
  sha512h sha512h2 sha512su0 sha512su1
  eor3 rax1 xar bcax
);
$MNEMONICS{"b.$_"} = 1
  for qw(eq ne cs hs cc lo mi pl vs vc hi ls ge lt gt le al);

# NEON instructions that have an upper-half form spelt with a `2` suffix.
my %HAS_2 = map { $_ => 1 } qw(
  shrn rshrn sqshrn uqshrn sqrshrn uqrshrn sqshrun sqrshrun xtn sqxtn uqxtn
  sqxtun ushll sshll uxtl sxtl shll umull smull umlal smlal umlsl smlsl
  pmull sqdmull sqdmlal sqdmlsl uaddl saddl usubl ssubl uaddw saddw usubw
  ssubw addhn raddhn subhn rsubhn uabdl sabdl uabal sabal
);

# Mnemonics whose first operand is a destination that may be sp.
my %WRITES_FIRST = map { $_ => 1 } qw(
  add adds sub subs and ands orr eor mov movz movn movk neg mvn bic orn eon
);

# --- Helpers for generator scripts -------------------------------------------

# function_begin(NAME, key => value, ...) returns the `.func_begin` line.
# Keys: save (array ref of x19..x28), dsave (array ref of d8..d15), frame,
# leaf, global, raw (booleans).
sub function_begin {
  my ($name, %o) = @_;
  return PerlasmCommon::func_begin_line($name, \%o, save => 'list',
      dsave => 'list', frame => 'value', leaf => 'flag', global => 'flag',
      raw => 'flag');
}
sub epilogue { return PerlasmCommon::epilogue(); }
sub function_end { return PerlasmCommon::function_end(); }

# --- The translator ------------------------------------------------------------

# new(flavour, source name) returns a translator object.
sub new {
  my ($class, $flavour, $source) = @_;
  return $class->new_translator('arm-xlate', \@FORMATS, $flavour, $source,
    externs => {});     # functions declared with .extern
}

sub elf { my ($self) = @_; return $self->{flavour} eq 'linux64'; }
sub macho { my ($self) = @_; return $self->{flavour} eq 'ios64'; }
sub win { my ($self) = @_; return $self->{flavour} eq 'win64'; }
# CFI directives are written on ELF and Mach-O; SEH codes on win64.
sub cfi { my ($self) = @_; return !$self->win; }

sub emit_cfi { my ($self, @l) = @_; $self->emit(@l) if $self->cfi; }
sub emit_seh { my ($self, @l) = @_; $self->emit(@l) if $self->win; }

# `//` starts a comment; so does a `#` that is the first non-blank
# character (elsewhere `#` is the immediate prefix). The string of an
# .asciz is kept whole, and trailing blanks go after it too.
sub comment_re { return qr{//}; }
sub strip_comment {
  my ($self, $l) = @_;
  return '' if $l =~ /^\s*#/;
  (my $s = $self->SUPER::strip_comment($l)) =~ s/\s+$//;
  return $s;
}

sub header {
  my ($self) = @_;
  my %guard = (
    linux64 => 'defined(__aarch64__) && defined(__ELF__)',
    ios64   => 'defined(__aarch64__) && defined(__APPLE__)',
    win64   => '(defined(__aarch64__) || defined(_M_ARM64)) && defined(_WIN32)',
  );
  $self->emit_c_header('arm-xlate.pl', 'AArch64', $guard{ $self->{flavour} });
  # Every extension the generators may use: the C code decides at run time
  # which paths execute.
  $self->emit('.arch armv8.2-a+crypto+sha3');
  $self->set_section('text');
}

sub footer {
  my ($self) = @_;
  return unless $self->elf;
  # Non-executable stack, and the AArch64 feature property:
  # NT_GNU_PROPERTY_TYPE_0 = 5, owner "GNU", one property
  # GNU_PROPERTY_AARCH64_FEATURE_1_AND = 0xc0000000 with 4 bytes of data,
  # value 3 = BTI (bit 0: every indirect-branch target is a landing pad)
  # | PAC (bit 1: return addresses are signed), padded to 8 bytes.
  $self->emit(PerlasmCommon::gnu_note_header('%', 3, 16),
              '.long 0xc0000000', '.long 4', '.long 3', '.long 0',
              '.p2align 3');
}

# Renames every local label in TEXT, checking each is defined.
sub rename_labels {
  my ($self, $text) = @_;
  $text =~ s{(?<![\w.])(\.L\w+)}{
    $self->err("undefined label $1") unless $self->{labels}{$1};
    $self->sym($1)
  }ge;
  return $text;
}

sub statement {
  my ($self, $s) = @_;
  return if $s =~ /^\s*$/;
  if ($s =~ /^\s*([\w.\$]+):\s*(.*)$/) {
    my ($label, $rest) = ($1, $2);
    $self->err("only local labels (.Lname) may be defined, not '$label'")
      unless $label =~ /^\.L\w+$/;
    $self->emit($self->sym($label) . ':');
    $self->statement($rest) if $rest ne '';
    return;
  }
  if ($s =~ /^\s*(\.\w+)\s*(.*)$/) {
    $self->directive($1, $2);
    return;
  }
  if ($s =~ /^\s*([a-z][a-z0-9.]*)\s*(.*)$/) {
    $self->instruction($1, $2);
    return;
  }
  $self->err("cannot parse '$s'");
}

# --- Directives ----------------------------------------------------------------

sub directive {
  my ($self, $d, $args) = @_;
  if ($d eq '.text' || $d eq '.rodata' || $d eq '.data') {
    $self->err("$d inside function $self->{fn}{name}") if $self->{fn};
    $self->err("$d takes no argument") if $args ne '';
    $self->set_section(substr($d, 1));
  } elsif ($d eq '.align') {
    $self->emit("\t.p2align\t" . $self->align_log($args, ' (bytes)'));
  } elsif ($d =~ /^\.(byte|short|long|quad)$/) {
    $self->err("$d needs a value") if $args eq '';
    for my $item (split /,/, $args) {
      # A label's absolute address would need a relocation (and, in a
      # shared library, a writable page): only differences of labels,
      # which the assembler resolves, are allowed.
      (my $rest = $item) =~ s{(?<![\w.])\.L\w+\s*-\s*\.L\w+}{0}g;
      $rest =~ s/\b0[xX][0-9a-fA-F]+\b/0/g;
      $self->err("$d: '$item' is not a number, an expression or a " .
                 "difference of two local labels")
        if $rest =~ /[A-Za-z_.]/;
    }
    $self->emit("\t$d\t" . $self->rename_labels($args));
  } elsif ($d eq '.asciz') {
    $self->err(".asciz wants one quoted string without escapes")
      unless $args =~ /^"[^"\\]*"$/;
    $self->emit("\t.asciz\t$args");
  } elsif ($d eq '.inst') {
    $self->err(".inst wants numbers") unless $args =~ /^(0x[0-9a-fA-F]+|\d+)(\s*,\s*(0x[0-9a-fA-F]+|\d+))*$/;
    $self->err(".inst outside .text") unless $self->{section} eq 'text';
    $self->emit("\t.inst\t$args");
  } elsif ($d eq '.extern') {
    $self->err(".extern wants one name") unless $args =~ /^\w+$/;
    $self->emit("\t.extern\t" . $self->sym($args)) unless $self->elf;
  } elsif ($d eq '.func_begin') {
    $self->func_begin($args);
  } elsif ($d eq '.epilogue') {
    $self->err(".epilogue outside a function") unless $self->{fn};
    $self->err(".epilogue in raw function $self->{fn}{name}")
      if $self->{fn}{raw};
    $self->emit_epilogue;
  } elsif ($d eq '.func_end') {
    $self->func_end;
  } elsif ($d =~ /^\.cfi_/) {
    $self->err("$d outside a raw function: the translator writes the CFI")
      unless $self->{fn} && $self->{fn}{raw};
    $self->emit_cfi("\t$d\t" . $args);
  } else {
    $self->err("unknown directive $d (the translator writes symbol, " .
               "section and unwind directives itself)");
  }
}

# Parses a register list `x19:x20` of allowed names into sorted numbers.
sub parse_saves {
  my ($self, $what, $prefix, $lo, $hi, $list) = @_;
  my %seen;
  for my $r (split /:/, $list) {
    $self->err("$what: '$r' is not one of $prefix$lo-$prefix$hi")
      unless $r =~ /^$prefix(\d+)$/ && $1 >= $lo && $1 <= $hi;
    $self->err("$what: $r listed twice") if $seen{$1}++;
  }
  return sort { $a <=> $b } keys %seen;
}

sub func_begin {
  my ($self, $args) = @_;
  $self->err(".func_begin inside function $self->{fn}{name}") if $self->{fn};
  $self->err(".func_begin outside .text") unless $self->{section} eq 'text';
  my @parts = split /\s*,\s*/, $args;
  my $name = shift @parts // '';
  $self->err("bad function name '$name'") unless $name =~ /^[A-Za-z_]\w*$/;
  my %fn = (name => $name, save => [], dsave => [], frame => 0, leaf => 0,
            global => 0, raw => 0);
  for my $p (@parts) {
    if ($p =~ /^save=(\S+)$/) {
      $fn{save} = [ $self->parse_saves('save', 'x', 19, 28, $1) ];
    } elsif ($p =~ /^dsave=(\S+)$/) {
      $fn{dsave} = [ $self->parse_saves('dsave', 'd', 8, 15, $1) ];
    } elsif ($p =~ /^frame=(\d+)$/) {
      $fn{frame} = ($1 + 15) & ~15;
      $self->err("frame=$1 is too large") if $fn{frame} >= (1 << 24);
    } elsif ($p =~ /^(leaf|global|raw)$/) {
      $fn{$1} = 1;
    } else {
      $self->err(".func_begin $name: unknown option '$p'");
    }
  }
  $self->err("raw function $name cannot have save, dsave or frame")
    if $fn{raw} && (@{ $fn{save} } || @{ $fn{dsave} } || $fn{frame});
  # A frame record (and PAC) unless it is a leaf with nothing to save.
  $fn{framed} = !$fn{raw} &&
      (!$fn{leaf} || @{ $fn{save} } || @{ $fn{dsave} } || $fn{frame});
  $fn{pac} = $fn{framed} && !$self->win;
  $fn{saved_x} = { map { $_ => 1 } @{ $fn{save} } };
  $fn{saved_d} = { map { $_ => 1 } @{ $fn{dsave} } };
  $self->{fn} = \%fn;

  my $sym = $self->sym($name);
  $self->emit("\t.p2align\t4");
  if ($self->elf) {
    $self->emit("\t.globl\t$sym");
    $self->emit("\t.hidden\t$sym") unless $fn{global};
    $self->emit("\t.type\t$sym, %function");
  } elsif ($self->macho) {
    $self->emit("\t.globl\t$sym");
    $self->emit("\t.private_extern\t$sym") unless $fn{global};
  } else {
    $self->emit("\t.globl\t$sym", "\t.def\t$sym", "\t.scl\t2", "\t.type\t32",
                "\t.endef");
  }
  $self->emit("$sym:");
  $self->emit_cfi("\t.cfi_startproc");
  $self->emit_seh("\t.seh_proc\t$sym") unless $fn{raw};
  $self->emit("\thint\t#34\t/* bti c */");
  $self->emit_seh("\t.seh_nop") unless $fn{raw};
  return if $fn{raw};
  $self->emit_prologue;
  $self->emit_seh("\t.seh_endprologue");
}

# save_slots returns the save-area layout: a list of [kind, first reg,
# count, offset] with kind 'x' or 'd', and the save-area size S.
sub save_slots {
  my ($self) = @_;
  my $fn = $self->{fn};
  my @slots;
  my $off = 16;
  for my $kind ('x', 'd') {
    my @r = @{ $fn->{$kind eq 'x' ? 'save' : 'dsave'} };
    while (@r) {
      my $a = shift @r;
      if (@r && $r[0] == $a + 1) {
        shift @r;
        push @slots, [ $kind, $a, 2, $off ];
        $off += 16;
      } else {
        push @slots, [ $kind, $a, 1, $off ];
        $off += 8;
      }
    }
  }
  return (\@slots, ($off + 15) & ~15);
}

# The DWARF register numbers: x0-x30 are 0-30, v0-v31 are 64-95.
sub dwarf_reg { my ($kind, $n) = @_; return $kind eq 'x' ? $n : 64 + $n; }

# sp_steps splits a frame size into the immediates of at most two
# add/sub instructions (a 12-bit immediate, optionally shifted by 12).
sub sp_steps {
  my ($frame) = @_;
  my @s;
  push @s, [ $frame >> 12, ', lsl #12', ($frame >> 12) << 12 ]
    if $frame >> 12;
  push @s, [ $frame & 0xfff, '', $frame & 0xfff ] if $frame & 0xfff;
  return @s;
}

sub emit_prologue {
  my ($self) = @_;
  my $fn = $self->{fn};
  return unless $fn->{framed};
  my ($slots, $size) = $self->save_slots;
  if ($fn->{pac}) {
    $self->emit("\thint\t#25\t/* paciasp */");
    $self->emit_cfi("\t.cfi_negate_ra_state");
  }
  $self->emit("\tstp\tx29, x30, [sp, #-$size]!");
  $self->emit_cfi("\t.cfi_def_cfa_offset\t$size",
                  "\t.cfi_offset\t29, -$size",
                  "\t.cfi_offset\t30, -" . ($size - 8));
  $self->emit_seh("\t.seh_save_fplr_x\t$size");
  $self->emit("\tmov\tx29, sp");
  $self->emit_seh("\t.seh_set_fp");
  for my $s (@$slots) {
    my ($kind, $r, $n, $off) = @$s;
    my $reg = $kind eq 'x' ? 'x' : 'd';
    if ($n == 2) {
      $self->emit("\tstp\t$reg$r, $reg" . ($r + 1) . ", [sp, #$off]");
      $self->emit_seh($kind eq 'x' ? "\t.seh_save_regp\tx$r, $off"
                                   : "\t.seh_save_fregp\td$r, $off");
    } else {
      $self->emit("\tstr\t$reg$r, [sp, #$off]");
      $self->emit_seh($kind eq 'x' ? "\t.seh_save_reg\tx$r, $off"
                                   : "\t.seh_save_freg\td$r, $off");
    }
    for my $i (0 .. $n - 1) {
      $self->emit_cfi("\t.cfi_offset\t" . dwarf_reg($kind, $r + $i) . ", " .
                      ($off + 8 * $i - $size));
    }
  }
  my $cfa = $size;
  for my $st (sp_steps($fn->{frame})) {
    my ($imm, $shift, $bytes) = @$st;
    $self->emit("\tsub\tsp, sp, #$imm$shift");
    $cfa += $bytes;
    $self->emit_cfi("\t.cfi_def_cfa_offset\t$cfa");
    $self->emit_seh("\t.seh_stackalloc\t$bytes");
  }
}

sub emit_epilogue {
  my ($self) = @_;
  my $fn = $self->{fn};
  if (!$fn->{framed}) {
    $self->emit("\tret");
    return;
  }
  my ($slots, $size) = $self->save_slots;
  $self->emit_cfi("\t.cfi_remember_state");
  $self->emit_seh("\t.seh_startepilogue");
  my $cfa = $size + $fn->{frame};
  for my $st (reverse sp_steps($fn->{frame})) {
    my ($imm, $shift, $bytes) = @$st;
    $self->emit("\tadd\tsp, sp, #$imm$shift");
    $cfa -= $bytes;
    $self->emit_cfi("\t.cfi_def_cfa_offset\t$cfa");
    $self->emit_seh("\t.seh_stackalloc\t$bytes");
  }
  for my $s (reverse @$slots) {
    my ($kind, $r, $n, $off) = @$s;
    my $reg = $kind eq 'x' ? 'x' : 'd';
    if ($n == 2) {
      $self->emit("\tldp\t$reg$r, $reg" . ($r + 1) . ", [sp, #$off]");
      $self->emit_seh($kind eq 'x' ? "\t.seh_save_regp\tx$r, $off"
                                   : "\t.seh_save_fregp\td$r, $off");
    } else {
      $self->emit("\tldr\t$reg$r, [sp, #$off]");
      $self->emit_seh($kind eq 'x' ? "\t.seh_save_reg\tx$r, $off"
                                   : "\t.seh_save_freg\td$r, $off");
    }
    $self->emit_cfi("\t.cfi_restore\t" . dwarf_reg($kind, $r + $_))
      for 0 .. $n - 1;
  }
  $self->emit("\tldp\tx29, x30, [sp], #$size");
  $self->emit_cfi("\t.cfi_restore\t29", "\t.cfi_restore\t30",
                  "\t.cfi_def_cfa_offset\t0");
  $self->emit_seh("\t.seh_save_fplr_x\t$size");
  if ($fn->{pac}) {
    $self->emit("\thint\t#29\t/* autiasp */");
    $self->emit_cfi("\t.cfi_negate_ra_state");
  }
  $self->emit_seh("\t.seh_endepilogue");
  $self->emit("\tret");
  $self->emit_cfi("\t.cfi_restore_state");
}

sub func_end {
  my ($self) = @_;
  my $fn = $self->{fn};
  $self->err(".func_end outside a function") unless $fn;
  my $sym = $self->sym($fn->{name});
  $self->emit_cfi("\t.cfi_endproc");
  $self->emit_seh("\t.seh_endproc") unless $fn->{raw};
  $self->emit("\t.size\t$sym, .-$sym") if $self->elf;
  $self->{fn} = undef;
}

# --- Instructions --------------------------------------------------------------

sub instruction {
  my ($self, $m, $ops) = @_;
  return $self->adrl($ops) if $m eq 'adrl';
  my $base = $m;
  $base =~ s/2$// if !$MNEMONICS{$m} && $m =~ /2$/ && $HAS_2{ substr($m, 0, -1) };
  $self->err("unknown instruction '$m'") unless $MNEMONICS{$base};
  $self->err("'$m' outside .text") unless $self->{section} eq 'text';
  my $fn = $self->{fn};
  $self->err("instruction '$m' outside a function") unless $fn;
  $self->err("literal pools are not position-independent everywhere; use " .
             "adrl") if $ops =~ /=/;
  $self->check_registers($m, $ops);

  if ($m eq 'ret' && !$fn->{raw}) {
    $self->err("bare ret in managed function $fn->{name}; use .epilogue");
  }
  if (($m eq 'bl' || $m eq 'blr') && !$fn->{framed} && !$fn->{raw}) {
    $self->err("$m in $fn->{name}, a leaf without a frame record: it " .
               "would lose the return address");
  }

  # Branches to functions (this file's or .extern ones) get decorated.
  if ($m =~ /^(b|bl)$/ && $ops =~ /^(\w+)$/) {
    $self->err("branch to unknown symbol '$ops'")
      unless $self->{symbols}{$ops} || $self->{externs}{$ops};
    $self->emit("\t$m\t" . $self->sym($ops));
    return;
  }
  $self->emit("\t$m\t" . $self->rename_labels($ops));
}

# adrl xN, .Llabel[+CONST]: the PC-relative address of a local label, in
# two instructions that reach +-4 GB.
sub adrl {
  my ($self, $ops) = @_;
  my $fn = $self->{fn};
  $self->err("adrl outside a function") unless $fn;
  $self->err("adrl wants 'xN, .Llabel' or 'xN, .Llabel+CONST'")
    unless $ops =~ /^(x\d+)\s*,\s*(\.L\w+)(\s*[-+]\s*(?:0x[0-9a-fA-F]+|\d+))?$/;
  my ($reg, $label, $add) = ($1, $2, $3 // '');
  $add =~ s/\s+//g;
  $self->check_registers('adrl', $reg);
  $self->err("undefined label $label") unless $self->{labels}{$label};
  my $l = $self->sym($label) . $add;
  if ($self->macho) {
    $self->emit("\tadrp\t$reg, $l\@PAGE", "\tadd\t$reg, $reg, $l\@PAGEOFF");
  } else {
    $self->emit("\tadrp\t$reg, $l", "\tadd\t$reg, $reg, :lo12:$l");
  }
}

# check_registers refuses register uses the ABI rules above forbid.
sub check_registers {
  my ($self, $m, $ops) = @_;
  my $fn = $self->{fn};
  (my $plain = $ops) =~ s{(?<![\w.])\.L\w+}{}g;
  # Register lists with ranges {v6.4s-v9.4s} name every register between.
  my @vregs;
  while ($plain =~ /\{([^}]*)\}/g) {
    my $list = $1;
    while ($list =~ /v(\d+)\.\w+\s*-\s*v(\d+)\./g) {
      my ($a, $b) = ($1, $2);
      for (my $i = $a; ; $i = ($i + 1) % 32) {
        push @vregs, $i;
        last if $i == $b;
      }
    }
  }
  $self->err("x18 is the platform register (Apple, Windows): never use it")
    if $plain =~ /(?<![\w.])[xw]18(?!\w)/;
  return if $fn->{raw};
  my @gprs;
  push @gprs, $2 while $plain =~ /(?<![\w.])([xw])(\d+)(?!\w)/g;
  push @gprs, 29 if $plain =~ /(?<![\w.])fp(?!\w)/;
  push @gprs, 30 if $plain =~ /(?<![\w.])lr(?!\w)/;
  for my $r (@gprs) {
    if ($r >= 19 && $r <= 28 && !$fn->{saved_x}{$r}) {
      $self->err("x$r is callee-saved and not in save= of $fn->{name}");
    }
    $self->err("x29 is the frame pointer: the body of $fn->{name} may " .
               "not use it") if $r == 29;
    $self->err("x30 holds the return address of leaf $fn->{name}")
      if $r == 30 && !$fn->{framed};
  }
  push @vregs, $2 while $plain =~ /(?<![\w.])([vqdshb])(\d+)(?![\w])/g;
  for my $r (@vregs) {
    $self->err("v$r (d$r) is callee-saved and not in dsave= of $fn->{name}")
      if $r >= 8 && $r <= 15 && !$fn->{saved_d}{$r};
  }
  if ($plain =~ /\[\s*sp\s*(,[^\]]*)?\]\s*!/ || $plain =~ /\[\s*sp\s*\]\s*,/ ||
      ($WRITES_FIRST{$m} && $plain =~ /^\s*w?sp\s*,/)) {
    $self->err("the body of $fn->{name} may not move sp: the unwind " .
               "data describe a fixed frame (use frame=)");
  }
}

# write_output(FLAVOUR, OUTPUT, TEXT, SOURCE) translates TEXT and writes it
# to OUTPUT (standard output if OUTPUT is undefined or '-').
sub write_output {
  PerlasmCommon::write_output(__PACKAGE__, 'arm-xlate', @_);
}

# Used as a filter when run directly.
PerlasmCommon::run_as_filter(\&write_output) if !caller;

1;
