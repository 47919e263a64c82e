#!/usr/bin/env perl
# Copyright 2026 The project authors.
#
# x86asm.pl: translates 32-bit x86 assembly written in this project's
# neutral syntax into one object-file flavour:
#
#   elf      GNU as / clang, ELF (Linux, BSD): .cfi_* unwind directives,
#            .type/.size, .hidden, .note.GNU-stack, the CET property note
#            (IBT+SHSTK) and endbr32 at every function entry.
#   macosx   clang, Mach-O: leading underscore on symbols, .private_extern,
#            L-prefixed local labels, __TEXT,__const for constants, .cfi_*.
#   win32n   NASM (`nasm -f win32`), Intel syntax, COFF, cdecl names with a
#            leading underscore. No handler is registered for any function,
#            which is what SAFESEH wants of plain functions (NASM marks the
#            object with @feat.00 = 1 itself).
#
# Two ways to use it:
#   * From a generator script (the normal way):
#         use FindBin; use lib "$FindBin::Bin/../../perlasm";
#         require "x86asm.pl";
#         my ($flavour, $output) = @ARGV;
#         my $code = ...neutral text, built with the helpers below...;
#         X86Asm::write_output($flavour, $output, $code, __FILE__);
#   * As a filter: perl x86asm.pl FLAVOUR OUTPUT < neutral.s
#
# ---------------------------------------------------------------------------
# THE NEUTRAL SYNTAX
#
# One statement per line; `#` starts a comment. It is 32-bit AT&T syntax
# restricted to what every flavour can express:
#
# Instructions: `mnemonic src, ..., dst` (AT&T order). Registers `%eax`,
#   immediates `$0x10`, memory `disp(%base,%index,scale)`. Only the mnemonics
#   listed below are accepted; anything else is an error. Integer
#   instructions take an optional b/w/l suffix and MUST carry one when no
#   register operand gives the size (`movl $0, 8(%esp)`). Vector code may use
#   xmm0-xmm7 and ymm0-ymm7 only (there are eight vector registers in 32-bit
#   mode). Instructions with an implicit %xmm0 (sha256rnds2, pblendvb,
#   blendvps, blendvpd) name it explicitly as their first operand.
#   `rep` may prefix a string instruction. Branch targets are bare labels or
#   function symbols of the same file (there is no PLT/GOT support: a call
#   to another file's function is refused).
# Memory operands are register-based. A displacement may use a label only
#   as the difference of a label and a PIC anchor (below), optionally plus
#   or minus a number: `.Ltable-.Lpic+16(%ebx,%ecx,4)`. An absolute address
#   would need a text relocation in a shared library and is refused.
# Arguments: `arg(N)` is the memory operand of cdecl argument N (0-based) in
#   a managed function, wherever %esp is (the translator knows the pushes).
# Position-independent constants:
#   .get_pc %reg, .Lanchor   loads the address of .Lanchor into %reg by
#       calling a per-file local thunk (`movl (%esp), %reg; ret`), so calls
#       and returns stay paired for the shadow stack (a `call; pop` would
#       not); .Lanchor is defined at the return address. Then
#       `.Ltable-.Lanchor(%reg)` addresses .Ltable. On win32n, where code is
#       relocated at load time anyway, the anchor is address 0: `.get_pc`
#       zeroes %reg and `.Ltable-.Lanchor` becomes the absolute `Ltable`, so
#       %reg-relative arithmetic in the body keeps its meaning in every
#       flavour.
# Labels: `.Lname:` is a local label (`.Lname` on ELF, `Lname` on Mach-O,
#   `L$name` for NASM). Only local labels may be defined in the text.
# Sections: `.text`, `.rodata` (read-only constants), `.data` (writable).
# Data: `.align N` (bytes, a power of two), `.byte`, `.short`, `.long`,
#   `.quad` (comma-separated numbers or label differences), `.asciz "text"`.
# Functions:
#   .func_begin NAME [, key=value ...]   opens function NAME. Keys:
#       args=N        number of 32-bit argument words (0..8) that arg(N) may
#                     name.
#       save=r1:r2..  callee-saved registers the body writes (ebx, esi, edi,
#                     ebp), pushed in this order (with CFI).
#       frame=N       bytes of local stack at 0..N-1(%esp) after the
#                     prologue.
#       align=16      (with frame) align the frame to 16 bytes: %ebp must be
#                     in save; the prologue sets %ebp = %esp after the pushes
#                     (the CFA is then %ebp-based) and aligns %esp down; the
#                     body may not write %ebp and reads arguments through it.
#       global        visible to users of the library (default: hidden).
#       raw           no managed prologue: only the symbol, endbr32 and, on
#                     ELF/Mach-O, .cfi_startproc/.cfi_endproc. The body is on
#                     its own and may use .cfi_* directives (dropped on
#                     win32n). For the ABI trampoline and its fixtures.
#   A managed function gets: endbr32; a push of each `save` register; the
#   frame allocation; and the matching CFI, all from the declaration. Its
#   body may push and pop (the translator tracks the depth, emits the CFI
#   and keeps arg(N) right; the depth must be 0 at each .epilogue) but may
#   not otherwise write %esp, use a bare `ret`, or write a callee-saved
#   register it did not declare (the translator refuses).
#   .epilogue     restores what the prologue saved and returns; it may appear
#                 several times (early returns).
#   .func_end     closes the function.
#
# Helper subs for generators: function_begin(), epilogue(), function_end()
# return the directive lines as text.
# ---------------------------------------------------------------------------

package X86Asm;

use strict;
use warnings;
use File::Basename qw(dirname);
use lib dirname(__FILE__);
use PerlasmCommon;
# Shared with x86_64-xlate.pl and arm-xlate.pl: see PerlasmCommon.pm.
use parent -norequire, 'PerlasmCommon::X86';

# --- Registers ---------------------------------------------------------------

my %GPR;    # name => size in bytes
$GPR{$_} = 4 for qw(eax ecx edx ebx esp ebp esi edi);
$GPR{$_} = 2 for qw(ax cx dx bx sp bp si di);
$GPR{$_} = 1 for qw(al cl dl bl ah ch dh bh);
my %VREG;
$VREG{"xmm$_"} = $VREG{"ymm$_"} = 1 for 0 .. 7;
my %CALLEE_SAVED = map { $_ => 1 } qw(ebx esi edi ebp);

sub is_reg { my ($r) = @_; return exists $GPR{$r} || exists $VREG{$r}; }
sub is_register { my ($self, $r) = @_; return is_reg($r); }

# The 32-bit register a GPR name is part of (or the name itself).
sub canonical_reg {
  my ($r) = @_;
  return "e$1x" if $r =~ /^e?([abcd])[xlh]$/;
  return "e$1" if $r =~ /^e?(sp|bp|si|di)$/;
  return $r;
}

# --- Mnemonics ---------------------------------------------------------------

my %SUFFIXED = map { $_ => 1 } @PerlasmCommon::X86::SUFFIXED;
my @CC = @PerlasmCommon::X86::CC;
my @SSE = @PerlasmCommon::X86::SSE;
# Forms with an implicit %xmm0 (written explicitly, see above).
my @SSE_XMM0 = qw(sha256rnds2 pblendvb blendvps blendvpd);
my @SSE_ONLY = qw(sha1rnds4 sha1nexte sha1msg1 sha1msg2 sha256msg1 sha256msg2);
my @AVX_ONLY = qw(
  vperm2i128 vperm2f128 vpermq vpermd vinserti128 vextracti128 vinsertf128
  vextractf128 vpbroadcastb vpbroadcastw vpbroadcastd vpbroadcastq
  vbroadcasti128 vbroadcastss vpblendd vpsllvd vpsllvq vpsrlvd vpsrlvq
  vpsravd vpblendvb vzeroupper vzeroall
);
my @PLAIN_OTHER = qw(
  ret jmp call cld std clc stc cmc cpuid rdtsc lfence sfence mfence pause
  ud2 int3 endbr32 lahf sahf cltd cwtl pushfl popfl xgetbv emms stmxcsr
  xrstor
  lodsb lodsw lodsl stosb stosw stosl movsb movsw movsl
  movzbl movzbw movzwl movsbl movsbw movswl
);
my %PLAIN = map { $_ => 1 } @SSE, @SSE_XMM0, @SSE_ONLY, @AVX_ONLY,
                           @PLAIN_OTHER, map({ "v$_" } @SSE),
                           map({ "j$_" } @CC), map({ "set$_" } @CC);
my %BRANCH = map { $_ => 1 } 'jmp', 'call', map { "j$_" } @CC;
my %READS_DEST = map { $_ => 1 } qw(cmp test bt ptest vptest);
my %WRITES_NOTHING = map { $_ => 1 } qw(
  cmp test bt ptest vptest jmp call push ret nop
), map { "j$_" } @CC;
my %WRITES_TWO = map { $_ => 1 } qw(xchg xadd cmpxchg mulx);

my %NASM_NAME = (
  cltd => 'cdq', cwtl => 'cwde', lodsl => 'lodsd', stosl => 'stosd',
  movsl => 'movsd', pushfl => 'pushfd', popfl => 'popfd',
);
my %MOVX = (
  movzbl => ['movzx', 1], movzbw => ['movzx', 1], movzwl => ['movzx', 2],
  movsbl => ['movsx', 1], movsbw => ['movsx', 1], movswl => ['movsx', 2],
);
my %SIZE_OF_SUFFIX = (b => 1, w => 2, l => 4);

# The flavours and their object-file formats.
my @FORMATS = (elf => 'elf', macosx => 'macho', win32n => 'nasm');

# --- Helpers for generator scripts ---------------------------------------------

# function_begin(NAME, key => value, ...) returns the `.func_begin` line.
# Keys: args, save (array ref), frame, align, global (bool), raw (bool).
sub function_begin {
  my ($name, %o) = @_;
  return PerlasmCommon::func_begin_line($name, \%o, args => 'defined',
      save => 'list', frame => 'value', align => 'value', global => 'flag',
      raw => 'flag');
}
sub epilogue { return PerlasmCommon::epilogue(); }
sub function_end { return PerlasmCommon::function_end(); }

# --- The translator ------------------------------------------------------------

sub new {
  my ($class, $flavour, $source) = @_;
  return $class->new_translator('x86asm', \@FORMATS, $flavour, $source,
    anchors => {},     # labels defined by .get_pc
    thunks  => {});    # registers whose get-PC thunk is needed
}

# Pass 1: a .get_pc anchor is a label too.
sub note_names {
  my ($self, $s) = @_;
  if ($s =~ /^\s*\.get_pc\s+%\w+\s*,\s*(\.L\w+)\s*$/) {
    $self->{labels}{$1} = 1;
    $self->{anchors}{$1} = 1;
  }
}

# cdecl COFF symbols carry a leading underscore too.
sub symbol_prefix { my ($self) = @_; return $self->{flavour} ne 'elf' ? '_' : ''; }

sub header {
  my ($self) = @_;
  $self->emit_x86_header('x86asm.pl', '32-bit x86', 'bits 32',
    elf    => 'defined(__i386__) && defined(__ELF__)',
    macosx => 'defined(__i386__) && defined(__APPLE__)');
}

sub footer {
  my ($self) = @_;
  my $nasm = $self->nasm;
  # The get-PC thunks: `movl (%esp), %reg; ret`. Called directly (never
  # through a pointer), so they need no endbr32; local to the file.
  if (%{ $self->{thunks} }) {
    $self->set_section('text') if $self->{section} ne 'text';
    for my $r (sort keys %{ $self->{thunks} }) {
      my $l = $self->thunk_label($r);
      $self->emit($nasm ? "align 16" : ".p2align 4", "$l:");
      $self->emit(".cfi_startproc") unless $nasm;
      $self->emit($nasm ? "mov $r, [esp]" : "movl (%esp), %$r", "ret");
      $self->emit(".cfi_endproc") unless $nasm;
    }
  }
  if ($self->{flavour} eq 'elf') {
    # Non-executable stack; the x86 feature property note (ELF32: 4-byte
    # aligned): namesz 4, descsz 12, NT_GNU_PROPERTY_TYPE_0 (5), "GNU",
    # then GNU_PROPERTY_X86_FEATURE_1_AND (0xc0000002), size 4, value 3 =
    # IBT (bit 0: every indirect-branch target starts with endbr32) | SHSTK
    # (bit 1: calls and returns are paired).
    $self->emit(PerlasmCommon::gnu_note_header('@', 2, 12),
                '.long 0xc0000002', '.long 4', '.long 3', '.p2align 2');
  }
}

sub thunk_label {
  my ($self, $r) = @_;
  return $self->sym(".Lbittern_pc_thunk_$r");
}

# expr(E, MODE) translates an expression, checking each name. MODE 'branch'
# allows one bare label or function symbol; otherwise names may appear only
# as `.Lx-.Ly` differences (position-independent), and on win32n a PIC
# anchor in such a difference stands for address 0.
sub expr {
  my ($self, $e, $mode) = @_;
  $mode //= 'value';
  my $t = $e;
  $t =~ s/\s+//g;
  if ($mode eq 'branch') {
    $self->err("bad branch target '$e'") unless $t =~ /^(\.L\w+|[A-Za-z_]\w*)$/;
    if ($t =~ /^\.L/) {
      $self->err("unknown label $t") unless $self->{labels}{$t};
    } else {
      $self->err("unknown symbol $t: only functions of this file can be " .
                 "called (no PLT/GOT)") unless $self->{symbols}{$t};
    }
    return $self->sym($t);
  }
  my @names = $t =~ /(?<![\w.])(\.L\w+|[A-Za-z_]\w*)/g;
  if (@names && $t =~ /^\((\.L\w+)-(\.L\w+)\)((?:[-+*\/](?:0x[0-9a-fA-F]+|\d+))*)$/) {
    # A size or count: `(.Lend-.Lstart)/4`. Neither label may be a PIC
    # anchor (those stand for address 0 on win32n).
    my ($a, $b, $rest) = ($1, $2, $3);
    for ($a, $b) {
      $self->err("unknown label $_") unless $self->{labels}{$_};
      $self->err("'$e': a PIC anchor cannot be part of a scaled difference")
        if $self->{anchors}{$_};
    }
    return '(' . $self->sym($a) . '-' . $self->sym($b) . ")$rest";
  }
  if (@names) {
    # Allowed shape: signed terms, one `+.La`, one `-.Lb`, and numbers
    # (`.La-.Lb`, `.La+16-.Lb`, `.La-.Lb-4`), no parentheses.
    my $pos_err = "'$e' uses a label other than as a difference of two " .
                  "local labels (.La-.Lb): an absolute address is not " .
                  "position-independent";
    my $u = $t =~ /^[-+]/ ? $t : "+$t";
    my (@plus, @minus, $nums);
    $nums = '';
    while (length $u) {
      $u =~ s/^([-+])(\.L\w+|0x[0-9a-fA-F]+|\d+)// or $self->err($pos_err);
      my ($sign, $term) = ($1, $2);
      if ($term =~ /^\.L/) {
        push @{ $sign eq '+' ? \@plus : \@minus }, $term;
      } else {
        $nums .= "$sign$term";
      }
    }
    $self->err($pos_err) unless @plus == 1 && @minus == 1;
    my ($a, $b) = ($plus[0], $minus[0]);
    for ($a, $b) {
      $self->err("unknown label $_") unless $self->{labels}{$_};
    }
    $self->err("'$e': a PIC anchor may only be subtracted (.Lx-$a)")
      if $self->{anchors}{$a};
    if ($self->nasm && $self->{anchors}{$b}) {
      return $self->sym($a) . $nums;
    }
    return $self->sym($a) . '-' . $self->sym($b) . $nums;
  }
  $self->err("cannot parse expression '$e'")
    unless $t =~ /^[-+*\/()~0-9a-fA-Fx]+$/;
  return $t;
}

sub parse_operand {
  my ($self, $op, $is_branch) = @_;
  if ($op =~ /^arg\((\d+)\)$/) {
    return $self->arg_operand($1);
  }
  if ($op =~ /^\*(.*)$/) {
    $self->err("indirect operand outside a branch: $op") unless $is_branch;
    my $inner = $self->parse_operand($1, 0);
    $self->err("bad indirect operand $op") if $inner->{kind} !~ /^(reg|mem)$/;
    $inner->{indirect} = 1;
    return $inner;
  }
  if ($op =~ /^%(\w+)$/) {
    my $r = $1;
    $self->err("%$r: only xmm0-xmm7 and ymm0-ymm7 exist in 32-bit mode")
      if $r =~ /^[xyz]mm\d+$/ && !$VREG{$r};
    $self->err("unknown register %$r") unless is_reg($r);
    return { kind => 'reg', reg => $r };
  }
  if ($op =~ /^\$(.+)$/) {
    return { kind => 'imm', expr => $self->expr($1) };
  }
  if ($op =~ /^(.*?)\(\s*(%\w+)\s*(?:,\s*(%\w+)\s*(?:,\s*(\d)\s*)?)?\)$/) {
    my ($disp, $base, $index, $scale) = ($1, $2, $3, $4);
    for ($base, $index) {
      next unless defined;
      s/^%//;
      $self->err("bad address register %$_ in $op") unless ($GPR{$_} // 0) == 4;
    }
    $self->err("%esp cannot be an index in $op") if defined $index && $index eq 'esp';
    $self->err("bad scale in $op") if defined $scale && $scale !~ /^[1248]$/;
    return { kind => 'mem', base => $base, index => $index,
             scale => $scale // 1,
             disp => $disp =~ /\S/ ? $self->expr($disp) : undef };
  }
  if ($is_branch && $op =~ /^[.\w]+$/) {
    return { kind => 'label', expr => $self->expr($op, 'branch') };
  }
  $self->err("operand '$op' is neither a register, an immediate, a " .
             "register-based memory reference nor arg(N)");
}

# arg(N): cdecl argument N (0-based) is at 4+4*N bytes above the return
# address' slot, i.e. at 4 + 4*N + (bytes pushed since entry)(%esp), or,
# with align=16, at 4 + 4*N + 4*(saved registers)(%ebp).
sub arg_operand {
  my ($self, $n) = @_;
  my $fn = $self->{fn};
  $self->err("arg($n) outside a managed function") unless $fn && !$fn->{raw};
  $self->err("arg($n) but $fn->{name} declares args=$fn->{args}")
    if $n >= $fn->{args};
  my $saves = 4 * @{ $fn->{save} };
  if ($fn->{align}) {
    return { kind => 'mem', base => 'ebp', index => undef, scale => 1,
             disp => 4 + 4 * $n + $saves };
  }
  return { kind => 'mem', base => 'esp', index => undef, scale => 1,
           disp => 4 + 4 * $n + $saves + $fn->{frame} + $fn->{depth} };
}

# Data values are checked like any other expression (labels only as
# differences).
sub data_value { my ($self, $e) = @_; return $self->expr($e); }

sub directive {
  my ($self, $d, $args) = @_;
  return if $self->common_directive($d, $args);
  my $nasm = $self->nasm;
  if ($d eq 'get_pc') {
    my ($reg, $anchor) = $args =~ /^%(\w+)\s*,\s*(\.L\w+)$/
      or $self->err(".get_pc wants %reg, .Lanchor");
    $self->err(".get_pc outside a function") unless $self->{fn};
    $self->err(".get_pc into %$reg: want eax, ecx, edx, ebx, esi, edi or ebp")
      unless ($GPR{$reg} // 0) == 4 && $reg ne 'esp';
    $self->check_written($reg, '.get_pc');
    if ($nasm) {
      # The anchor is address 0 here (see the header).
      return $self->emit("xor $reg, $reg");
    }
    $self->{thunks}{$reg} = 1;
    return $self->emit("call " . $self->thunk_label($reg), $self->sym($anchor) . ':');
  }
  return if $self->raw_cfi_directive($d, $args, 'declaration');
  $self->err("unknown directive .$d");
}

sub func_begin {
  my ($self, $args) = @_;
  my ($name, @kv) = $self->func_begin_head($args);
  my %fn = (name => $name, args => 0, save => [], frame => 0, align => 0,
            global => 0, raw => 0, depth => 0, returned => 0);
  for my $kv (@kv) {
    if ($kv =~ /^args=(\d+)$/) {
      $self->err("args=$1: at most 8 argument words") if $1 > 8;
      $fn{args} = $1;
    } elsif ($kv =~ /^save=([\w:]+)$/) {
      $fn{save} = $self->parse_save($1, \%CALLEE_SAVED,
                                    'ebx, esi, edi, ebp are callee-saved');
    } elsif ($kv =~ /^frame=(\d+)$/) {
      $fn{frame} = ($1 + 3) & ~3;
    } elsif ($kv =~ /^align=(\d+)$/) {
      $self->err("align=$1: only align=16 is supported") unless $1 == 16;
      $fn{align} = 16;
    } elsif ($kv eq 'global') {
      $fn{global} = 1;
    } elsif ($kv eq 'raw') {
      $fn{raw} = 1;
    } else {
      $self->err("unknown .func_begin key '$kv'");
    }
  }
  $self->err("raw function $name cannot declare save/frame/align")
    if $fn{raw} && (@{ $fn{save} } || $fn{frame} || $fn{align});
  $self->err("$name: align=16 needs frame=N and ebp in save")
    if $fn{align} && (!$fn{frame} || !grep { $_ eq 'ebp' } @{ $fn{save} });
  # Windows commits the stack a guard page at a time; no probes here.
  $self->err("$name: frame=$fn{frame}: at most 4096 bytes without stack probes")
    if $fn{frame} + $fn{align} > 4096;
  $self->{fn} = \%fn;
  my $nasm = $self->nasm;
  my $s = $self->sym($name);
  $self->emit_function_symbol($s, $fn{global});
  $self->emit(".cfi_startproc") unless $nasm;
  $self->emit("endbr32");
  return if $fn{raw};

  # The managed prologue. The CFA starts at %esp+4 (the return address).
  my $cfa = 4;
  for my $r (@{ $fn{save} }) {
    $self->emit($nasm ? "push $r" : "pushl %$r");
    $cfa += 4;
    $self->cfi(".cfi_adjust_cfa_offset 4", ".cfi_offset %$r, -$cfa");
  }
  if ($fn{align}) {
    # %ebp = %esp after the pushes: the CFA is %ebp + $cfa from here on,
    # whatever the alignment does to %esp.
    $self->emit($nasm ? "mov ebp, esp" : "movl %esp, %ebp");
    $self->cfi(".cfi_def_cfa_register %ebp");
    $self->emit($nasm ? "sub esp, $fn{frame}" : "subl \$$fn{frame}, %esp");
    $self->emit($nasm ? "and esp, -16" : "andl \$-16, %esp");
  } elsif ($fn{frame}) {
    $self->emit($nasm ? "sub esp, $fn{frame}" : "subl \$$fn{frame}, %esp");
    $self->cfi(".cfi_adjust_cfa_offset $fn{frame}");
  }
}

sub cfi {
  my ($self, @l) = @_;
  $self->emit(@l) unless $self->nasm;
}

sub emit_epilogue {
  my ($self) = @_;
  my $fn = $self->{fn};
  my $nasm = $self->nasm;
  $self->err("$fn->{name}: .epilogue with $fn->{depth} bytes still pushed")
    if $fn->{depth} && !$fn->{align};
  $self->cfi(".cfi_remember_state");
  if ($fn->{align}) {
    $self->emit($nasm ? "mov esp, ebp" : "movl %ebp, %esp");
    $self->cfi(".cfi_def_cfa_register %esp");
  } elsif ($fn->{frame}) {
    $self->emit($nasm ? "add esp, $fn->{frame}" : "addl \$$fn->{frame}, %esp");
    $self->cfi(".cfi_adjust_cfa_offset -$fn->{frame}");
  }
  for my $r (reverse @{ $fn->{save} }) {
    $self->emit($nasm ? "pop $r" : "popl %$r");
    $self->cfi(".cfi_adjust_cfa_offset -4", ".cfi_restore %$r");
  }
  $self->emit("ret");
  $self->cfi(".cfi_restore_state");
  $fn->{returned} = 1;
}

sub func_end {
  my ($self, $args) = @_;
  my $fn = $self->check_func_end($args);
  my $s = $self->sym($fn->{name});
  if (!$self->nasm) {
    $self->emit(".cfi_endproc");
    $self->emit(".size $s, .-$s") if $self->{flavour} eq 'elf';
  }
  $self->{fn} = undef;
}

# check_written refuses, in a managed function, a write to a callee-saved
# register its declaration does not save, and any write to %ebp when %ebp
# holds the aligned frame's base.
sub check_written {
  my ($self, $reg, $what) = @_;
  my $fn = $self->{fn};
  return unless $fn && !$fn->{raw};
  my $r = canonical_reg($reg);
  if ($CALLEE_SAVED{$r} && !grep { $_ eq $r } @{ $fn->{save} }) {
    $self->err("$what writes %$r, which $fn->{name} does not save (add it to save=)");
  }
  if ($r eq 'ebp' && $fn->{align}) {
    $self->err("$what writes %ebp, the frame base of $fn->{name} (align=16)");
  }
}

sub instruction {
  my ($self, $s) = @_;
  my ($prefix, $mn, $rest, $base, $size) =
    $self->parse_mnemonic($s, \%PLAIN, \%SUFFIXED, \%SIZE_OF_SUFFIX);
  my $fn = $self->{fn};
  $self->err("instruction outside a function: $s") unless $fn;
  my $branch = $BRANCH{$base} ? 1 : 0;
  my @ops = map { $self->parse_operand($_, $branch) } $self->split_operands($rest);
  my $managed = !$fn->{raw};

  if ($managed) {
    $self->err("bare ret in managed function $fn->{name}: use .epilogue")
      if $base eq 'ret';
    $self->err("$mn in managed function $fn->{name}: pushfl/popfl are not tracked")
      if $base =~ /^(pushfl|popfl)$/;
    my $dst = $ops[-1];
    if ($base !~ /^(push|pop)$/ && $dst && $dst->{kind} eq 'reg' &&
        canonical_reg($dst->{reg}) eq 'esp' && !$READS_DEST{$base}) {
      $self->err("$mn writes %esp inside managed function $fn->{name}");
    }
    my @written;
    if (!$WRITES_NOTHING{$base} && @ops) {
      my @dst = $WRITES_TWO{$base} && @ops >= 2 ? @ops[-2, -1] : ($ops[-1]);
      push @written, map { $_->{reg} } grep { $_->{kind} eq 'reg' } @dst;
    }
    push @written, 'ebx' if $base eq 'cpuid';
    push @written, 'esi' if $base =~ /^(lods|movs)/;
    push @written, 'edi' if $base =~ /^(stos|movs)/;
    $self->check_written($_, $mn) for @written;
  }

  my $has_mem = grep { $_->{kind} eq 'mem' } @ops;
  my $has_gpr = grep { $_->{kind} eq 'reg' && $GPR{$_->{reg}} } @ops;
  if ($SUFFIXED{$base} && ($has_mem || ($base eq 'push' && @ops && $ops[0]{kind} eq 'imm'))
      && !$has_gpr && !$size && $base ne 'nop') {
    $self->err("$mn on memory or an immediate without a register operand needs a size suffix");
  }
  if ($base =~ /^(push|pop)$/) {
    my $sz = $size // ($ops[0]{kind} eq 'reg' ? $GPR{$ops[0]{reg}} : 4);
    $self->err("$mn: only 32-bit pushes and pops") unless ($sz // 0) == 4;
  }

  # An indirect branch through memory reads 4 bytes.
  $self->emit($self->nasm
    ? $self->nasm_instruction($prefix, $mn, $base, $size, $branch, \@ops,
                              \%NASM_NAME, \%MOVX, 4)
    : $self->att_instruction($prefix, $mn, @ops));

  # Pushes and pops in a managed body: the CFA moves with %esp (unless %ebp
  # is the CFA register), and arg(N) follows.
  if ($managed && $base =~ /^(push|pop)$/) {
    my $delta = $base eq 'push' ? 4 : -4;
    $fn->{depth} += $delta;
    $self->err("$mn pops more than the body pushed") if $fn->{depth} < 0;
    $self->cfi(".cfi_adjust_cfa_offset $delta") unless $fn->{align};
  }
}

# write_output(FLAVOUR, OUTPUT, TEXT, SOURCE) translates TEXT and writes it
# to OUTPUT (standard output if OUTPUT is undefined or '-').
sub write_output {
  PerlasmCommon::write_output(__PACKAGE__, 'x86asm', @_);
}

# Used as a filter when run directly.
PerlasmCommon::run_as_filter(\&write_output) if !caller;

1;
