#!/usr/bin/env perl
# Copyright 2026 The project authors.
#
# x86_64-xlate.pl: translates x86-64 assembly written in this project's
# neutral syntax into one object-file flavour:
#
#   elf      GNU as / clang, ELF (Linux, BSD): .cfi_* unwind directives,
#            .type/.size, .hidden, .note.GNU-stack and the CET property note.
#   macosx   clang, Mach-O: leading underscore on symbols, .private_extern,
#            L-prefixed local labels, __TEXT sections, .cfi_* directives.
#   mingw64  GNU as, COFF: Win64 SEH unwind data through .seh_* directives.
#   nasm     NASM, Intel syntax, win64 COFF (MSVC builds): the same SEH unwind
#            data written out as explicit .pdata/.xdata tables.
#
# Two ways to use it:
#   * From a generator script (the normal way):
#         use FindBin; use lib "$FindBin::Bin/../../perlasm";
#         require "x86_64-xlate.pl";
#         my ($flavour, $output) = @ARGV;
#         my $code = ...neutral text, built with the helpers below...;
#         X86_64Xlate::write_output($flavour, $output, $code, __FILE__);
#   * As a filter: perl x86_64-xlate.pl FLAVOUR OUTPUT < neutral.s
#
# ---------------------------------------------------------------------------
# THE NEUTRAL SYNTAX
#
# One statement per line; `#` starts a comment. It is AT&T syntax (GNU as'
# default for x86-64) restricted to what every flavour can express:
#
# Instructions: `mnemonic src, ..., dst` (AT&T operand order). Registers are
#   written `%rax`, immediates `$0x10`, memory `disp(%base,%index,scale)`.
#   Only mnemonics listed in this file are accepted; anything else is an
#   error. Integer instructions may carry a b/w/l/q size suffix and MUST carry
#   one when no register operand gives the size (`movq $0, 8(%rsp)`).
#   Memory operands are register-based or RIP-relative (`.Ltable(%rip)`);
#   absolute addresses are refused (the output is position-independent).
#   `rep` may prefix a string instruction. Branch targets are bare labels.
# AVX-512: zmm0-31, xmm/ymm16-31 and k0-k7 are registers; the EVEX-only
#   mnemonics are in @AVX512 below. Operands take GNU as' decorations:
#   `%zmm3{%k1}` (write mask k1..k7, merging), `%zmm3{%k1}{z}` (zeroing),
#   `(%rsi){%k1}` (masked store) and `(%rsi){1to16}` (embedded broadcast);
#   NASM gets them Intel style (`zmm3{k1}{z}`, `[rsi]{1to16}`). xmm16-31
#   are volatile on Win64 too, so only xmm6-15 need `xmm=`; the upper
#   halves of every ymm/zmm register are volatile on both ABIs. A function
#   that wrote ymm/zmm0-15 ends with vzeroupper or vzeroall (SSE code after
#   it would otherwise pay a transition), which the translator leaves to the
#   generator.
# Labels: `.Lname:` is a local label (renamed per flavour: `.Lname`,
#   `Lname` on Mach-O, `L$name` for NASM). Only local labels may be defined
#   in the text; global symbols come from `.func_begin`.
# Sections: `.text`, `.rodata` (read-only constants), `.data` (writable).
# Data: `.align N` (N a power of two, in bytes), `.byte`, `.short`, `.long`,
#   `.quad` (comma-separated expressions), `.asciz "text"` (no escapes).
# Expressions: numbers (decimal or 0x hex), local labels, declared symbols,
#   + - * / and parentheses. In immediates and data a name may appear only
#   as a difference of two labels (`$(.Lend-.Lstart)/4`, `.long .La-.Lb`):
#   a symbol's absolute address would need a relocation in code or
#   read-only data. Refer to constants as `.Ltable(%rip)`.
# Functions:
#   .func_begin NAME [, key=value ...]   opens function NAME. Keys:
#       args=N         number of integer/pointer arguments (0..8).
#       save=r1:r2:..  callee-saved GPRs the body uses (rbx rbp r12-r15),
#                      pushed in this order.
#       xmm=6:7:..     XMM registers 6..15 the body uses; saved on Win64,
#                      where they are callee-saved (nothing on SysV).
#       frame=N        bytes of local stack the body may use at 0..N-1(%rsp);
#                      with a frame (or Win64 XMM saves) %rsp is 16-byte
#                      aligned after the prologue, so the body may call
#                      (on Win64 the callee owns the first 32 bytes of the
#                      frame as its shadow area: reserve them for a call).
#       global         make the symbol visible to users (default: hidden).
#       raw            no managed prologue: only the symbol, endbr64 and, on
#                      ELF/Mach-O, .cfi_startproc/.cfi_endproc. The body is on
#                      its own (it may use .cfi_* directives, which are dropped
#                      on Windows, and it gets no SEH data). For the ABI test
#                      trampoline's fixtures and similar special cases only.
#   A managed function (not raw) gets its prologue from the declaration:
#   endbr64; on Win64 push %rdi, %rsi (callee-saved there); push the `save`
#   registers; allocate the frame and the XMM save area; save XMM registers
#   (Win64); and on Win64 move the arguments from rcx, rdx, r8, r9 and the
#   stack into rdi, rsi, rdx, rcx, r8, r9, so the body is written once, for
#   the SysV convention. The translator emits the matching CFI (ELF, Mach-O)
#   and SEH unwind codes (mingw64, nasm) from the same list, so one cannot
#   exist without the other.
#   .epilogue      restores everything the prologue saved and returns; it may
#                  appear several times (early returns). A bare `ret` in a
#                  managed function is an error.
#   .func_end      closes the function.
#   Arguments 7 and 8 are read with the pseudo-operands `%arg7`, `%arg8`
#   (memory operands the translator resolves to the stack slot).
#   The translator refuses a managed function that writes a callee-saved
#   register its declaration does not save (rbx, rbp, r12-r15 outside
#   `save`, xmm6-xmm15 outside `xmm`).
#   The body of a managed function must not move %rsp (push, pop, or a
#   write to %rsp): the unwind data describe a fixed frame. `.rsp_write_ok`
#   on the line before an instruction allows one deliberate write (the ABI
#   trampoline restores %rsp after calling a function under test).
# Other directives:
#   .extern NAME   a function defined elsewhere that this file calls.
#
# Helper subs for generator scripts: function_begin(), epilogue(),
# function_end() return the directive lines as text.
# ---------------------------------------------------------------------------

package X86_64Xlate;

use strict;
use warnings;
use File::Basename qw(dirname);
use lib dirname(__FILE__);
use PerlasmCommon;
# Shared with x86asm.pl and arm-xlate.pl: see PerlasmCommon.pm.
use parent -norequire, 'PerlasmCommon::X86';

# --- Registers ---------------------------------------------------------------

my @GPR64 = qw(rax rcx rdx rbx rsp rbp rsi rdi r8 r9 r10 r11 r12 r13 r14 r15);
my %GPR;    # name => size in bytes
$GPR{$_} = 8 for @GPR64;
$GPR{$_} = 4 for qw(eax ecx edx ebx esp ebp esi edi), map { "r${_}d" } 8 .. 15;
$GPR{$_} = 2 for qw(ax cx dx bx sp bp si di), map { "r${_}w" } 8 .. 15;
$GPR{$_} = 1 for qw(al cl dl bl ah ch dh bh spl bpl sil dil), map { "r${_}b" } 8 .. 15;
my %VREG;   # vector and mask registers
$VREG{"xmm$_"} = $VREG{"ymm$_"} = $VREG{"zmm$_"} = 1 for 0 .. 31;
$VREG{"k$_"} = 1 for 0 .. 7;
$VREG{"mm$_"} = 1 for 0 .. 7;
# Win64 register numbers used in unwind codes.
my %WIN64_REGNUM = map { $GPR64[$_] => $_ } 0 .. 15;
my %CALLEE_SAVED_SYSV = map { $_ => 1 } qw(rbx rbp r12 r13 r14 r15);

sub is_reg { my ($r) = @_; return exists $GPR{$r} || exists $VREG{$r}; }
sub is_register { my ($self, $r) = @_; return is_reg($r); }

# --- Mnemonics ---------------------------------------------------------------
#
# %SUFFIXED: integer instructions that take an optional b/w/l/q suffix.
# %PLAIN:    instructions written exactly as listed (vector, control, ...).
# Each AVX form is the SSE name with a `v` in front, plus the AVX-only list.

my %SUFFIXED = map { $_ => 1 } @PerlasmCommon::X86::SUFFIXED, 'movabs';
my @CC = @PerlasmCommon::X86::CC;
my @SSE = (@PerlasmCommon::X86::SSE,
           qw(pblendvb blendvps blendvpd pextrq pinsrq));
my @SSE_ONLY = qw(
  sha1rnds4 sha1nexte sha1msg1 sha1msg2 sha256rnds2 sha256msg1 sha256msg2
);
my @AVX_ONLY = qw(
  vperm2i128 vperm2f128 vpermq vpermd vpermpd vpermps vinserti128
  vextracti128 vinsertf128 vextractf128 vpbroadcastb vpbroadcastw
  vpbroadcastd vpbroadcastq vbroadcasti128 vbroadcastss vbroadcastsd
  vpblendd vpsllvd vpsllvq vpsrlvd vpsrlvq vpsravd vpmaskmovd vpmaskmovq
  vzeroupper vzeroall
);
# AVX-512 (EVEX-only) mnemonics. Each is listed once, in its AT&T and NASM
# spelling (they agree). The plain VEX names above also take zmm and
# xmm16-31 operands, which makes the assembler pick the EVEX encoding.
my @AVX512 = qw(
  vprold vprord vprolq vprorq vprolvd vprorvd vprolvq vprorvq
  vpxord vpxorq vpandd vpandq vpandnd vpandnq vpord vporq
  vpternlogd vpternlogq
  vmovdqu8 vmovdqu16 vmovdqu32 vmovdqu64 vmovdqa32 vmovdqa64
  vshufi32x4 vshufi64x2 vshuff32x4 vshuff64x2
  vbroadcasti32x4 vbroadcasti64x2 vbroadcasti32x8 vbroadcasti64x4
  vinserti32x4 vinserti64x2 vinserti32x8 vinserti64x4
  vextracti32x4 vextracti64x2 vextracti32x8 vextracti64x4
  vpermt2d vpermt2q vpermi2d vpermi2q vpermt2b vpermi2b vpermb vpermw
  valignd valignq vpblendmd vpblendmq vpblendmb
  vpcompressd vpcompressq vpexpandd vpexpandq
  vpcmpd vpcmpud vpcmpq vpcmpuq
  vpmovqd vpmovdb vpmovqb vpsraq vpsravq vpmullq
  vpbroadcastmb2q vpbroadcastmw2d
  vpmadd52luq vpmadd52huq
  kmovb kmovw kmovd kmovq kandw kandd kandq korw kord korq kxorw kxord kxorq
  knotw knotd knotq kortestw kortestd kortestq kshiftlw kshiftrw kshiftlq
  kshiftrq kunpckbw kunpckwd kunpckdq
);
my @PLAIN_OTHER = qw(
  ret jmp call cld std clc stc cmc cpuid rdtsc rdtscp lfence sfence mfence
  pause ud2 int3 endbr64 hlt lahf sahf cqto cltq cltd cwtl pushfq popfq
  xgetbv emms lodsb lodsw lodsl lodsq stosb stosw stosl stosq movsb movsw
  movsl movsq
  movzbl movzbq movzbw movzwl movzwq movsbl movsbq movsbw movswl movswq movslq
);
my %PLAIN = map { $_ => 1 } @SSE, @SSE_ONLY, @AVX_ONLY, @AVX512, @PLAIN_OTHER,
                           map({ "v$_" } @SSE),
                           map({ "j$_" } @CC), map({ "set$_" } @CC);
my %BRANCH = map { $_ => 1 } 'jmp', 'call', map { "j$_" } @CC;
# Integer instructions that only read their last operand.
my %READS_DEST = map { $_ => 1 } qw(cmp test bt);

# Instructions that write none of their explicit operands, and those that
# write two (the last two, or both for exchanges).
my %WRITES_NOTHING = map { $_ => 1 } qw(
  cmp test bt ptest vptest jmp call push ret nop kortestw kortestd kortestq
), map { "j$_" } @CC;
my %WRITES_TWO = map { $_ => 1 } qw(xchg xadd cmpxchg mulx);

# AT&T spellings NASM writes differently.
my %NASM_NAME = (
  cqto => 'cqo', cltq => 'cdqe', cltd => 'cdq', cwtl => 'cwde',
  lodsl => 'lodsd', stosl => 'stosd', movsl => 'movsd', movabs => 'mov',
);
# movz/movs with explicit sizes: (Intel name, source size, destination size).
my %MOVX = (
  movzbl => ['movzx', 1, 4], movzbq => ['movzx', 1, 8], movzbw => ['movzx', 1, 2],
  movzwl => ['movzx', 2, 4], movzwq => ['movzx', 2, 8],
  movsbl => ['movsx', 1, 4], movsbq => ['movsx', 1, 8], movsbw => ['movsx', 1, 2],
  movswl => ['movsx', 2, 4], movswq => ['movsx', 2, 8],
  movslq => ['movsxd', 4, 8],
);
my %SIZE_OF_SUFFIX = (b => 1, w => 2, l => 4, q => 8);

# The flavours and their object-file formats.
my @FORMATS = (elf => 'elf', macosx => 'macho', mingw64 => 'coff', nasm => 'nasm');

# --- Helpers for generator scripts ---------------------------------------------

# function_begin(NAME, key => value, ...) returns the `.func_begin` line.
# Keys as documented above: args, save (array ref), xmm (array ref), frame,
# global (bool), raw (bool).
sub function_begin {
  my ($name, %o) = @_;
  return PerlasmCommon::func_begin_line($name, \%o, args => 'defined',
      save => 'list', xmm => 'list', frame => 'value', global => 'flag',
      raw => 'flag');
}
sub epilogue { return PerlasmCommon::epilogue(); }
sub function_end { return PerlasmCommon::function_end(); }

# --- The translator ------------------------------------------------------------

# new(flavour, source name) returns a translator object.
# new(flavour, source name) returns a translator object.
sub new {
  my ($class, $flavour, $source) = @_;
  return $class->new_translator('x86_64-xlate', \@FORMATS, $flavour, $source,
    trailer => [],      # nasm: .pdata/.xdata emitted after the code
    externs => {},      # symbols declared with .extern
    rsp_ok  => 0,
    nfn     => 0);
}

sub win64 { my ($self) = @_; return $self->{format} eq 'coff' || $self->{format} eq 'nasm'; }

# The NASM unwind tables follow the code.
sub output_lines { my ($self) = @_; return (@{ $self->{out} }, @{ $self->{trailer} }); }

sub header {
  my ($self) = @_;
  # RIP-relative addressing by default for NASM, as AT&T's `(%rip)` says.
  $self->emit_x86_header('x86_64-xlate.pl', 'x86-64', 'default rel',
    elf     => 'defined(__x86_64__) && defined(__ELF__)',
    macosx  => 'defined(__x86_64__) && defined(__APPLE__)',
    mingw64 => 'defined(__x86_64__) && defined(_WIN64)');
}

sub footer {
  my ($self) = @_;
  if ($self->{flavour} eq 'elf') {
    # Non-executable stack, and the x86 feature property: IBT (bit 0, every
    # indirect-branch target starts with endbr64) and SHSTK (bit 1, calls and
    # returns are paired). NT_GNU_PROPERTY_TYPE_0 = 5, name "GNU",
    # GNU_PROPERTY_X86_FEATURE_1_AND = 0xc0000002, 8-byte aligned.
    $self->emit(PerlasmCommon::gnu_note_header('@', 3, 16),
                '.long 0xc0000002', '.long 4', '.long 3', '.p2align 3');
  }
}

# Translates an expression: checks each name is known and decorates it.
sub expr {
  my ($self, $e) = @_;
  my $out = '';
  my $s = $e;
  while (length $s) {
    if ($s =~ s/^\s+//) {
      next;
    } elsif ($s =~ s/^(0x[0-9a-fA-F]+|\d+)//) {
      $out .= $1;
    } elsif ($s =~ s/^(\.L\w+)//) {
      $self->err("unknown label $1") unless $self->{labels}{$1};
      $out .= $self->sym($1);
    } elsif ($s =~ s/^([A-Za-z_]\w*)//) {
      my $n = $1;
      $self->err("unknown symbol $n (declare it with .extern)")
        unless $self->{symbols}{$n} || $self->{externs}{$n};
      $out .= $self->sym($n);
    } elsif ($s =~ s/^([-+*\/()~])//) {
      $out .= $1;
    } else {
      $self->err("cannot parse expression '$e'");
    }
  }
  $self->err("empty expression") if $out eq '';
  return $out;
}

# pic_expr is expr for immediates and data: a symbol's absolute address
# would need a relocation in code or read-only data, so names may appear
# only as a difference of two labels (`.Lend-.Lstart`).
sub pic_expr {
  my ($self, $e) = @_;
  my @names = $e =~ /(?<![\w.])(\.L\w+|[A-Za-z_]\w*)/g;
  if (@names && $e !~ /^\s*\(?\s*[.\w]+\s*-\s*[.\w]+\s*\)?\s*([-+*\/]\s*\w+\s*)*$/) {
    $self->err("'$e' takes a symbol's absolute address, which is not " .
               "position-independent: use sym(%rip) or a difference of labels");
  }
  return $self->expr($e);
}

# Parses one operand into a hash: {kind => reg|imm|mem|label, ...}.
sub parse_operand {
  my ($self, $op, $is_branch) = @_;
  # AVX-512 decorations trail the operand: `{%kN}` (write mask, N = 1..7,
  # on the destination), `{z}` (zero the masked-off elements instead of
  # keeping them; after a mask, register destinations only) and `{1toN}`
  # (embedded broadcast of one element of a memory source).
  my @deco;
  unshift @deco, $1 while $op =~ s/\{([^{}]*)\}\s*$//;
  if (@deco) {
    $op =~ s/\s+$//;
    my $o = $self->parse_operand($op, $is_branch);
    for my $d (@deco) {
      if ($d =~ /^%k([1-7])$/) {
        $self->err("two write masks on '$op'") if $o->{mask};
        $self->err("write mask on a non-register, non-memory operand '$op'")
          unless $o->{kind} eq 'reg' || $o->{kind} eq 'mem';
        $o->{mask} = "k$1";
      } elsif ($d eq 'z') {
        $self->err("{z} needs a write mask before it: '$op'") unless $o->{mask};
        $self->err("{z} on a memory destination: '$op'") if $o->{kind} eq 'mem';
        $o->{zero} = 1;
      } elsif ($d =~ /^1to(2|4|8|16|32)$/) {
        $self->err("broadcast {$d} on a non-memory operand '$op'")
          unless $o->{kind} eq 'mem';
        $self->err("two broadcasts on '$op'") if $o->{bcst};
        $o->{bcst} = $d;
      } else {
        $self->err("unknown decoration {$d} (want {%k1}..{%k7}, {z}, {1toN})");
      }
    }
    return $o;
  }
  if ($op =~ /^%arg([78])$/) {
    return $self->stack_arg($1);
  }
  if ($op =~ /^\*(.*)$/) {
    $self->err("indirect operand outside a branch: $op") unless $is_branch;
    my $inner = $self->parse_operand($1, 0);
    $self->err("bad indirect operand $op") if $inner->{kind} !~ /^(reg|mem)$/;
    $inner->{indirect} = 1;
    return $inner;
  }
  if ($op =~ /^%(\w+)$/) {
    $self->err("unknown register %$1") unless is_reg($1);
    return { kind => 'reg', reg => $1 };
  }
  if ($op =~ /^\$(.+)$/) {
    return { kind => 'imm', expr => $self->pic_expr($1) };
  }
  if ($op =~ /^(.*?)\(\s*(%\w+)?\s*(?:,\s*(%\w+)\s*(?:,\s*(\d)\s*)?)?\)$/) {
    my ($disp, $base, $index, $scale) = ($1, $2, $3, $4);
    my %m = (kind => 'mem');
    for ($base, $index) {
      next unless defined;
      s/^%//;
      $self->err("bad address register %$_ in $op") unless ($GPR{$_} // 0) == 8 || $_ eq 'rip';
    }
    $self->err("no base register in $op") unless defined $base;
    if ($base eq 'rip') {
      $self->err("RIP-relative operand with an index: $op") if defined $index;
    }
    $self->err("bad scale in $op") if defined $scale && $scale !~ /^[1248]$/;
    $m{base} = $base;
    $m{index} = $index;
    $m{scale} = $scale // 1;
    $m{disp} = $disp =~ /\S/ ? $self->expr($disp) : undef;
    return \%m;
  }
  if ($is_branch && $op =~ /^[.\w]+$/) {
    return { kind => 'label', expr => $self->expr($op) };
  }
  $self->err("operand '$op' is neither a register, an immediate, a " .
             "register-based or RIP-relative memory reference");
}

# The memory slot of stack argument N (7 or 8) after the prologue.
sub stack_arg {
  my ($self, $n) = @_;
  my $fn = $self->{fn};
  $self->err("%arg$n outside a managed function") unless $fn && !$fn->{raw};
  $self->err("%arg$n but the function declares args=$fn->{args}") if $n > $fn->{args};
  # Entry: SysV has argument N at 8*(N-6)(%rsp); Win64 at 40+8*(N-5)(%rsp).
  my $at_entry = $self->win64 ? 40 + 8 * ($n - 5) : 8 * ($n - 6);
  my $off = $at_entry + 8 * scalar(@{ $fn->{pushes} }) + $fn->{alloc};
  return { kind => 'mem', base => 'rsp', index => undef, scale => 1,
           disp => "$off" };
}

# The AVX-512 decorations of an operand, `{k1}{z}` / `{1to16}`, with `%`
# before the mask register in AT&T syntax.
sub decorations {
  my ($o, $pct) = @_;
  my $s = '';
  $s .= "{$pct$o->{mask}}" if $o->{mask};
  $s .= '{z}' if $o->{zero};
  $s .= "{$o->{bcst}}" if $o->{bcst};
  return $s;
}

# Renders an operand in AT&T (gas) syntax, with its decorations.
sub att {
  my ($self, $o) = @_;
  return $self->SUPER::att($o) . decorations($o, '%');
}

# Renders an operand in NASM syntax; $size (bytes) adds a size keyword to a
# memory operand. RIP-relative operands are `[rel disp]`.
sub intel {
  my ($self, $o, $size) = @_;
  my $s;
  if ($o->{kind} eq 'mem' && $o->{base} eq 'rip') {
    $s = PerlasmCommon::X86::nasm_sized($size, '[rel ' . ($o->{disp} // '0') . ']');
  } else {
    $s = $self->SUPER::intel($o, $size);
  }
  return $s . decorations($o, '');
}

# Data values may not take a symbol's absolute address.
sub data_value { my ($self, $e) = @_; return $self->pic_expr($e); }

sub directive {
  my ($self, $d, $args) = @_;
  return if $self->common_directive($d, $args);
  if ($d eq 'extern') {
    $self->err("bad .extern '$args'") unless $args =~ /^(\w+)$/;
    return $self->emit("extern $1") if $self->nasm;
    return;
  }
  if ($d eq 'rsp_write_ok') {
    $self->{rsp_ok} = 1;
    return;
  }
  return if $self->raw_cfi_directive($d, $args, 'prologue', 'escape');
  $self->err("unknown directive .$d");
}

sub func_begin {
  my ($self, $args) = @_;
  my ($name, @kv) = $self->func_begin_head($args);
  my %fn = (name => $name, args => 0, save => [], xmm => [], frame => 0,
            global => 0, raw => 0);
  for my $kv (@kv) {
    if ($kv =~ /^args=(\d+)$/) {
      $self->err("args=$1: at most 8 arguments") if $1 > 8;
      $fn{args} = $1;
    } elsif ($kv =~ /^save=([\w:]+)$/) {
      $fn{save} = $self->parse_save($1, \%CALLEE_SAVED_SYSV,
                                    'rbx, rbp, r12-r15 are callee-saved on both ABIs');
    } elsif ($kv =~ /^xmm=([\d:]+)$/) {
      $fn{xmm} = [split /:/, $1];
      for my $x (@{ $fn{xmm} }) {
        $self->err("xmm=$x: only xmm6-xmm15 are callee-saved (Win64)")
          unless $x >= 6 && $x <= 15;
      }
    } elsif ($kv =~ /^frame=(\d+)$/) {
      $fn{frame} = $1;
    } elsif ($kv eq 'global') {
      $fn{global} = 1;
    } elsif ($kv eq 'raw') {
      $fn{raw} = 1;
    } else {
      $self->err("unknown .func_begin key '$kv'");
    }
  }
  $self->err("raw function $name cannot declare save/xmm/frame")
    if $fn{raw} && (@{ $fn{save} } || @{ $fn{xmm} } || $fn{frame});
  $self->{nfn}++;
  $self->{fn} = \%fn;
  my $f = $self->{flavour};
  my $s = $self->sym($name);

  # Symbol and visibility, then the unwind-data opening.
  $self->emit_function_symbol($s, $fn{global});
  if (!$self->win64) {
    $self->emit(".cfi_startproc");
  } elsif ($f eq 'mingw64' && !$fn{raw}) {
    $self->emit(".seh_proc $s");
  }
  $self->emit("endbr64");
  return if $fn{raw};

  # The managed prologue. Each step (push, allocation, XMM save) is emitted
  # once, followed at once by its record from prologue_step: the CFI, the
  # .seh_* directive or the NASM unwind code. Layout after the prologue:
  #   0 .. frame-1(%rsp)       the body's frame (frame rounded up to 16)
  #   frame + 16*i(%rsp)       saved xmm6+ (Win64), 16-byte aligned
  #   [8 bytes of padding to keep %rsp 16-byte aligned, if needed]
  #   the pushed registers, then the return address.
  my @pushes = (($self->win64 ? qw(rdi rsi) : ()), @{ $fn{save} });
  my @xmm = $self->win64 ? @{ $fn{xmm} } : ();
  my $frame = ($fn{frame} + 15) & ~15;
  my $xmm_area = 16 * @xmm;
  # At entry %rsp = 8 mod 16; after the pushes it is 8*(1+npush) mod 16.
  my $alloc = $frame + $xmm_area;
  $alloc += 8 if $alloc && (8 * (1 + @pushes) + $alloc) % 16;
  # Windows commits the stack one guard page at a time: a larger
  # allocation would need a __chkstk probe, which this prologue does not do.
  # Checked on the Win64 layout in every flavour, so all flavours agree.
  my $win64_alloc = $frame + 16 * @{ $fn{xmm} };
  $win64_alloc += 8 if $win64_alloc && (8 * (3 + @{ $fn{save} }) + $win64_alloc) % 16;
  $self->err("$name: the frame and XMM save area take $win64_alloc bytes " .
             "on Win64; at most 4096 (one page) without stack probes")
    if $win64_alloc > 4096;
  $fn{pushes} = \@pushes;
  $fn{alloc} = $alloc;
  $fn{xmm_at} = [map { [$xmm[$_], $frame + 16 * $_] } 0 .. $#xmm];
  $fn{codes} = [];    # nasm: [label, kind, arg, ...]
  my $cfa = 8;
  my $k = 0;
  for my $r (@pushes) {
    $self->emit("push" . ($self->nasm ? " $r" : "q %$r"));
    $cfa += 8;
    $self->prologue_step(\%fn, $k++, 'push', $r, $cfa);
  }
  if ($alloc) {
    $self->emit($self->nasm ? "sub rsp, $alloc" : "subq \$$alloc, %rsp");
    $cfa += $alloc;
    $self->prologue_step(\%fn, $k++, 'alloc', $alloc, $cfa);
  }
  for my $x (@{ $fn{xmm_at} }) {
    my ($reg, $off) = @$x;
    $self->emit($self->nasm ? "movaps [rsp+$off], xmm$reg"
                            : "movaps %xmm$reg, $off(%rsp)");
    $self->prologue_step(\%fn, $k++, 'xmm', $reg, $off);
  }
  if ($f eq 'mingw64') {
    $self->emit(".seh_endprologue");
  }
  if ($self->win64) {
    # Win64 arguments: rcx, rdx, r8, r9, then the stack. The body expects
    # SysV: rdi, rsi, rdx, rcx, r8, r9. The order below reads each Win64
    # register before it is overwritten.
    my @moves = (['rdi', 'rcx'], ['rsi', 'rdx'], ['rdx', 'r8'], ['rcx', 'r9']);
    for my $i (0 .. 3) {
      last if $i >= $fn{args};
      my ($to, $from) = @{ $moves[$i] };
      $self->emit($self->nasm ? "mov $to, $from" : "movq %$from, %$to");
    }
    for my $n (5, 6) {
      last if $n > $fn{args};
      my $off = 40 + 8 * ($n - 5) + 8 * @pushes + $alloc;
      my $to = $n == 5 ? 'r8' : 'r9';
      $self->emit($self->nasm ? "mov $to, [rsp+$off]" : "movq $off(%rsp), %$to");
    }
  }
}

# Records one prologue step: CFI on ELF/Mach-O, a .seh_* directive on
# mingw64, a label and an unwind code on NASM.
sub prologue_step {
  my ($self, $fn, $k, $kind, $arg, $x) = @_;
  my $f = $self->{flavour};
  if (!$self->win64) {
    $self->emit(".cfi_adjust_cfa_offset " . ($kind eq 'push' ? 8 : $arg));
    $self->emit(".cfi_offset %$arg, -$x") if $kind eq 'push';
  } elsif ($f eq 'mingw64') {
    $self->emit(".seh_pushreg %$arg") if $kind eq 'push';
    $self->emit(".seh_stackalloc $arg") if $kind eq 'alloc';
    $self->emit(".seh_savexmm %xmm$arg, $x") if $kind eq 'xmm';
  } else {
    my $label = "L\$prologue_$self->{nfn}_$k";
    $self->emit("$label:");
    push @{ $fn->{codes} }, [$label, $kind, $arg, $x];
  }
}

sub emit_epilogue {
  my ($self) = @_;
  my $fn = $self->{fn};
  my $nasm = $self->nasm;
  $self->emit(".cfi_remember_state") unless $self->win64;
  for my $x (@{ $fn->{xmm_at} }) {
    my ($reg, $off) = @$x;
    $self->emit($nasm ? "movaps xmm$reg, [rsp+$off]" : "movaps $off(%rsp), %xmm$reg");
  }
  if ($fn->{alloc}) {
    $self->emit($nasm ? "add rsp, $fn->{alloc}" : "addq \$$fn->{alloc}, %rsp");
    $self->emit(".cfi_adjust_cfa_offset -$fn->{alloc}") unless $self->win64;
  }
  for my $r (reverse @{ $fn->{pushes} }) {
    $self->emit($nasm ? "pop $r" : "popq %$r");
    $self->emit(".cfi_adjust_cfa_offset -8", ".cfi_restore %$r") unless $self->win64;
  }
  $self->emit("ret");
  $self->emit(".cfi_restore_state") unless $self->win64;
  $fn->{returned} = 1;
}

sub func_end {
  my ($self, $args) = @_;
  my $fn = $self->check_func_end($args);
  my $f = $self->{flavour};
  my $s = $self->sym($fn->{name});
  if (!$self->win64) {
    $self->emit(".cfi_endproc");
    $self->emit(".size $s, .-$s") if $f eq 'elf';
  } elsif ($f eq 'mingw64') {
    $self->emit(".seh_endproc") unless $fn->{raw};
  } elsif (!$fn->{raw}) {
    $self->nasm_unwind_tables($fn, $s);
  }
  $self->{fn} = undef;
}

# NASM: writes the function's RUNTIME_FUNCTION (.pdata) and UNWIND_INFO
# (.xdata) entries, as the Win64 exception-handling spec lays them out:
#   RUNTIME_FUNCTION = {BeginAddress, EndAddress, UnwindData} image-relative;
#   UNWIND_INFO = Version 1 | Flags << 3, SizeOfProlog, CountOfCodes,
#                 FrameRegister | FrameOffset << 4, then the unwind codes,
#                 latest prologue step first, padded to an even count.
#   Each code is (offset of the end of the step, UnwindOp | OpInfo << 4):
#   UWOP_PUSH_NONVOL 0 (OpInfo = register), UWOP_ALLOC_LARGE 1 (OpInfo 0,
#   next slot = size/8; OpInfo 1, next two slots = size), UWOP_ALLOC_SMALL 2
#   (OpInfo = size/8 - 1, sizes 8..128), UWOP_SAVE_XMM128 8 (next slot =
#   offset/16).
sub nasm_unwind_tables {
  my ($self, $fn, $s) = @_;
  my $n = $self->{nfn};
  my $end = "L\$func_end_$n";
  $self->emit("$end:");
  my @slots;    # each: [prolog offset expr, byte] or [undef, u16 value]
  for my $c (reverse @{ $fn->{codes} }) {
    my ($label, $kind, $arg, $x) = @$c;
    my $off = "$label-$s";
    if ($kind eq 'push') {
      push @slots, [$off, 0 | ($WIN64_REGNUM{$arg} << 4)];
    } elsif ($kind eq 'alloc') {
      if ($arg <= 128) {
        push @slots, [$off, 2 | (($arg / 8 - 1) << 4)];
      } else {
        push @slots, [$off, 1 | (0 << 4)], [undef, $arg / 8];
      }
    } else {
      push @slots, [$off, 8 | ($arg << 4)], [undef, $x / 16];
    }
  }
  my $count = @slots;
  push @slots, [undef, 0] if @slots % 2;
  my $prolog = @{ $fn->{codes} } ? "$fn->{codes}[-1][0]-$s" : 0;
  my $info = "L\$unwind_info_$n";
  my @t = ('section .pdata rdata align=4',
           "dd $s wrt ..imagebase, $end wrt ..imagebase, $info wrt ..imagebase",
           'section .xdata rdata align=8',
           "$info:",
           "db 1, $prolog, $count, 0");
  for my $sl (@slots) {
    push @t, defined $sl->[0] ? "db $sl->[0], $sl->[1]" : "dw $sl->[1]";
  }
  push @{ $self->{trailer} }, @t;
}

sub instruction {
  my ($self, $s) = @_;
  my ($prefix, $mn, $rest, $base, $size) =
    $self->parse_mnemonic($s, \%PLAIN, \%SUFFIXED, \%SIZE_OF_SUFFIX);
  my $branch = $BRANCH{$base} ? 1 : 0;
  my @ops = map { $self->parse_operand($_, $branch) } $self->split_operands($rest);
  my $fn = $self->{fn};
  $self->err("instruction outside a function or data in .text: $s")
    unless $fn || $self->{section} ne 'text';
  $self->err("instruction in a data section: $s") if $self->{section} ne 'text';

  # `movq` between general registers/memory is the integer move.
  if ($mn eq 'movq' && !grep { $_->{kind} eq 'reg' && $VREG{$_->{reg}} } @ops) {
    ($base, $size) = ('mov', 8);
  }
  if ($fn && !$fn->{raw}) {
    $self->err("bare ret in managed function $fn->{name}: use .epilogue")
      if $base eq 'ret';
    $self->err("$mn moves %rsp inside managed function $fn->{name}")
      if $base =~ /^(push|pop|pushfq|popfq)$/;
    my $dst = $ops[-1];
    if ($dst && $dst->{kind} eq 'reg' && $dst->{reg} =~ /^(rsp|esp|sp|spl)$/
        && !$READS_DEST{$base}) {
      $self->err("$mn writes %rsp inside managed function $fn->{name}")
        unless $self->{rsp_ok};
    }
  }
  $self->{rsp_ok} = 0;
  $self->check_saved_registers($fn, $base, $mn, @ops) if $fn && !$fn->{raw};

  # An integer instruction on memory needs its size from a register operand
  # or a suffix.
  my $has_mem = grep { $_->{kind} eq 'mem' } @ops;
  my $has_gpr = grep { $_->{kind} eq 'reg' && $GPR{$_->{reg}} } @ops;
  if ($SUFFIXED{$base} && $has_mem && !$has_gpr && !$size && $base ne 'nop') {
    $self->err("$mn on memory without a register operand needs a size suffix");
  }

  # NASM: Intel operand order (reversed) and size keywords; an indirect
  # branch through memory reads 8 bytes.
  $self->emit($self->nasm
    ? $self->nasm_instruction($prefix, $mn, $base, $size, $branch, \@ops,
                              \%NASM_NAME, \%MOVX, 8)
    : $self->att_instruction($prefix, $mn, @ops));
}

# The 64-bit GPR or the XMM register number a register name is part of.
sub canonical_reg {
  my ($r) = @_;
  return "xmm$1" if $r =~ /^[xyz]mm(\d+)$/;
  return "r$1" if $r =~ /^r(\d+)[dwb]?$/;
  my %legacy = (a => 'rax', b => 'rbx', c => 'rcx', d => 'rdx');
  return $legacy{$1} if $r =~ /^[er]?([abcd])[xlh]$/;
  return "r$1" if $r =~ /^[er]?(sp|bp|si|di)l?$/;
  return $r;
}

# check_saved_registers refuses, in a managed function, an instruction that
# writes a callee-saved register the declaration does not save: rbx, rbp,
# r12-r15 must be in `save`, xmm6-xmm15 in `xmm` (callee-saved on Win64,
# which a test on Linux cannot catch). The destination is the last operand
# (both of the last two for exchanges and mulx); cpuid writes rbx and
# vzeroall every vector register.
sub check_saved_registers {
  my ($self, $fn, $base, $mn, @ops) = @_;
  my @written;
  if (!$WRITES_NOTHING{$base} && @ops) {
    my @dst = $WRITES_TWO{$base} && @ops >= 2 ? @ops[-2, -1] : ($ops[-1]);
    push @written, map { $_->{reg} } grep { $_->{kind} eq 'reg' } @dst;
  }
  push @written, 'rbx' if $base eq 'cpuid';
  push @written, map { "xmm$_" } 6 .. 15 if $base eq 'vzeroall';
  my %saved = map { $_ => 1 } @{ $fn->{save} };
  my %xmm = map { ("xmm$_" => 1) } @{ $fn->{xmm} };
  for my $r (map { canonical_reg($_) } @written) {
    if ($CALLEE_SAVED_SYSV{$r} && !$saved{$r}) {
      $self->err("$mn writes %$r, which $fn->{name} does not save " .
                 "(add it to save=)");
    }
    if ($r =~ /^xmm(\d+)$/ && $1 >= 6 && $1 <= 15 && !$xmm{$r}) {
      $self->err("$mn writes %$r, callee-saved on Win64, which " .
                 "$fn->{name} does not save (add it to xmm=)");
    }
  }
}

# write_output(FLAVOUR, OUTPUT, TEXT, SOURCE) translates TEXT and writes it
# to OUTPUT (standard output if OUTPUT is undefined or '-').
sub write_output {
  PerlasmCommon::write_output(__PACKAGE__, 'x86_64-xlate', @_);
}

# Used as a filter when run directly.
PerlasmCommon::run_as_filter(\&write_output) if !caller;

1;
