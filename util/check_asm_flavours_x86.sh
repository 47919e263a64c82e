#!/bin/bash
# Copyright 2026 The project authors.
#
# check_asm_flavours_x86.sh [WORKDIR [LIBCRYPTO.so]]
#
# The 32-bit x86 counterpart of check_asm_flavours.sh. Generates every
# 32-bit perlasm generator of the repository (`find crypto -name '*-x86.pl'`:
# the library's generators, the ABI trampoline and fixtures, and the
# translator's own test input crypto/perlasm/test/xlate_zoo-x86.pl) in every
# flavour of crypto/perlasm/x86asm.pl and assembles each output:
#
#   elf      i686-linux-gnu-gcc -c                 (GNU as, ELF32)
#   macosx   clang -target i386-apple-macos -c     (Mach-O)
#   win32n   nasm -f win32                         (COFF)
#
# and then checks what can be checked without running the code:
#   * every output starts by saying it is generated and from what;
#   * ELF: the .note.gnu.property says IBT and SHSTK, .note.GNU-stack is
#     there, every global function starts with endbr32, and .text has no
#     absolute (R_386_32) relocation, so the code is position-independent;
#   * Mach-O: function symbols carry the leading underscore, and exactly
#     the functions hidden on ELF are private extern;
#   * win32n: the global functions carry the cdecl underscore, endbr32 is
#     at each, and the object has @feat.00 = 1 (SAFESEH-compatible);
#   * elf vs win32n: GNU as (from AT&T) and NASM (from the Intel text the
#     translator wrote) produced the same instructions, operand for operand
#     (branch targets and relocated displacements masked; the get-PC call
#     and its thunks, which win32n replaces by a self-xor, left out);
#   * the translator refuses what it must refuse (unknown instruction,
#     absolute address, unsaved callee-saved register, ...);
#   * the i686 shared library (LIBCRYPTO.so if given, else lib*crypto*.so built here with
#     cmake/toolchain-i686-linux-gnu.cmake and -DBUILD_SHARED_LIBS=ON, which
#     takes a few minutes on two cores) has no TEXTREL and a non-executable
#     GNU_STACK, and its assembly objects alone link with
#     -z cet-report=error -z text.
#
# Needs perl, gcc-i686-linux-gnu, clang, llvm-nm, nasm, binutils, cmake and
# ninja. Prints one line per check and a closing "N passed, N failed";
# exits non-zero on any failure.

set -u
root=$(cd "$(dirname "$0")/.." && pwd)
work=${1:-$(mktemp -d)}
so=${2:+$(realpath "$2")}
mkdir -p "$work"
work=$(realpath "$work")

for tool in perl i686-linux-gnu-gcc clang nasm readelf objdump; do
  if ! command -v $tool >/dev/null 2>&1; then
    echo "missing $tool (packages: perl gcc-i686-linux-gnu clang nasm binutils)"
    exit 2
  fi
done
LLVM_NM=$(command -v llvm-nm || command -v llvm-nm-14 || true)

passed=0
failed=0
pass() { passed=$((passed + 1)); echo "ok    $*"; }
fail() { failed=$((failed + 1)); echo "FAIL  $*"; }

# first_insns OBJDUMP OBJ: "symbol first-mnemonic" for every function
# symbol's first instruction in a disassembly.
first_insns() {
  "$1" -d --no-show-raw-insn "$2" |
    awk '/^[0-9a-f]+ <[^>]+>:$/ {s = $2; sub(/^</, "", s); sub(/>:$/, "", s);
                                 getline; print s, $2}'
}

# insns OBJ [LIMIT]: OBJ's instructions below address LIMIT (hex; default
# all), one per line, without addresses, symbolic annotations and alignment
# padding. An instruction carrying a relocation is prefixed "RELOC". Calls
# to LIMIT or beyond (the ELF get-PC thunks, placed after the last
# function) and self-xors (what .get_pc becomes on win32n) are dropped.
insns() {
  objdump -dr --no-show-raw-insn "$1" | perl -e '
    my $lim = hex($ARGV[0]);
    my ($cur, @out);
    sub flush { push @out, $cur if defined $cur; undef $cur; }
    while (<STDIN>) {
      chomp;
      if (/^[0-9a-f]+ <[^>]+>:$/) { flush(); next; }
      if (/^\s+[0-9a-f]+:\s+(R_386|dir32|DISP32)/) {
        $cur = "RELOC $cur" if defined $cur;
        next;
      }
      next unless /^\s+([0-9a-f]+):\t(.*)$/;
      flush();
      my ($addr, $line) = (hex($1), $2);
      next if $addr >= $lim;
      next if $line =~ /^call\s+([0-9a-f]+)\b/ && hex($1) >= $lim;
      $line =~ s/<[^>]*>//g; $line =~ s/\s+$//; $line =~ s/\s+/ /g;
      next if $line =~ /^(nop|xchg %ax,%ax|data16|cs nopw|int3)\b/;
      next if $line =~ /^lea (%cs:)?0x0\(%(e[sd]i)(,%eiz,1)?\),%\2$/;
      next if $line =~ /^mov %(e[sd]i),%\1$/;
      next if $line =~ /^xor (%e..),\1$/;
      $cur = $line;
    }
    flush();
    print "$_\n" for @out;' "${2:-ffffffff}"
}

# thunk_start ELF-OBJ: the hex address where the get-PC thunks start (the
# end of the last sized function).
thunk_start() {
  nm -S "$1" | perl -ne '$m = hex($1) + hex($2) if /^([0-9a-f]+) ([0-9a-f]+) [Tt] / && hex($1) + hex($2) > ($m // 0); END { printf "%x\n", $m // 0 }'
}

# same_code A B: compares two insns listings line by line. Branch targets
# are addresses (they move where .get_pc differs in length), so they are
# not compared; on a line with a relocation on either side every number is
# masked (a relocated displacement differs by design: an addend on ELF,
# the anchor-0 address on win32n). Prints the first difference.
same_code() {
  perl -e '
    open(my $fa, "<", $ARGV[0]) or die; open(my $fb, "<", $ARGV[1]) or die;
    my @a = <$fa>; my @b = <$fb>; chomp(@a, @b);
    my $bad = 0;
    if (@a != @b) {
      print "instruction counts differ: ", scalar(@a), " vs ", scalar(@b), "; ";
      $bad = 1;
    }
    for my $i (0 .. ($#a < $#b ? $#a : $#b)) {
      my ($x, $y) = ($a[$i], $b[$i]);
      for ($x, $y) { s/^(RELOC )?(j\w+|call|jmp) [0-9a-f]+$/$2 T/; }
      if ($x =~ /^RELOC / || $y =~ /^RELOC /) {
        for ($x, $y) { s/^RELOC //; s/-?0x[0-9a-f]+/N/g; }
      }
      next if $x eq $y;
      print "instruction ", $i + 1, ": $a[$i] <> $b[$i]";
      $bad = 1;
      last;
    }
    exit $bad;' "$1" "$2"
}

cd "$root"
scripts=$(find crypto -name '*-x86.pl' | sort)
for script in $scripts; do
  stem=$(basename "$script" .pl)
  for flavour in elf macosx win32n; do
    ext=S
    [ $flavour = win32n ] && ext=asm
    src="$work/$stem-$flavour.$ext"
    obj="$work/$stem-$flavour.o"
    rm -f "$obj"
    if ! perl "$script" $flavour "$src" 2>"$work/err"; then
      fail "$script $flavour: generation: $(head -3 "$work/err")"
      continue
    fi
    if ! head -2 "$src" | grep -q "generated by $script.*do not edit"; then
      fail "$script $flavour: no 'generated by $script, do not edit' header"
    fi
    case $flavour in
      elf) cmd=(i686-linux-gnu-gcc -c "$src" -o "$obj") ;;
      macosx) cmd=(clang -target i386-apple-macos -c "$src" -o "$obj") ;;
      win32n) cmd=(nasm -f win32 "$src" -o "$obj") ;;
    esac
    if "${cmd[@]}" 2>"$work/err"; then
      pass "$script $flavour: assembles (${cmd[0]})"
    else
      fail "$script $flavour: ${cmd[*]}: $(head -5 "$work/err")"
    fi
  done

  elf="$work/$stem-elf.o"
  if [ -f "$elf" ]; then
    if readelf -n "$elf" | grep -q 'x86 feature: IBT, SHSTK'; then
      pass "$script elf: .note.gnu.property IBT, SHSTK"
    else
      fail "$script elf: no IBT+SHSTK property note"
    fi
    if readelf -S "$elf" | grep -q '\.note\.GNU-stack'; then
      pass "$script elf: .note.GNU-stack"
    else
      fail "$script elf: no .note.GNU-stack"
    fi
    first_insns objdump "$elf" >"$work/first"
    bad=""
    n=0
    for sym in $(nm -g --defined-only "$elf" | awk '$2 == "T" {print $3}'); do
      n=$((n + 1))
      grep -qx "$sym endbr32" "$work/first" || bad="$bad $sym"
    done
    if [ -z "$bad" ]; then
      pass "$script elf: endbr32 at every global entry ($n)"
    else
      fail "$script elf: no endbr32 at:$bad"
    fi
    abs=$(readelf -rW "$elf" | awk '/^Relocation section .\.rel\.text/ {t=1; next}
                                    /^Relocation section/ {t=0}
                                    t && / R_386_32 / {print $5}')
    if [ -z "$abs" ]; then
      pass "$script elf: no absolute relocations in .text"
    else
      fail "$script elf: absolute relocations in .text:" $abs
    fi
  fi

  mac="$work/$stem-macosx.o"
  if [ -f "$mac" ] && [ -n "$LLVM_NM" ]; then
    syms=$("$LLVM_NM" -m --defined-only "$mac" | grep '(__TEXT,__text)' |
           grep -v ' non-external ')
    bad=$(echo "$syms" | awk 'NF && $NF !~ /^_/ {print $NF}')
    if [ -z "$bad" ]; then
      pass "$script macosx: function symbols carry the leading underscore"
    else
      fail "$script macosx: symbols without underscore: $bad"
    fi
    if [ -f "$elf" ]; then
      want=$(readelf -sW "$elf" | awk '$4 == "FUNC" && $5 == "GLOBAL" && $6 == "HIDDEN" {print "_"$8}' | sort)
      got=$(echo "$syms" | awk '/private external/ {print $NF}' | sort)
      if [ "$want" = "$got" ]; then
        pass "$script macosx: private_extern exactly where ELF is hidden"
      else
        fail "$script macosx: private_extern set differs from ELF hidden set"
      fi
    fi
  fi

  coff="$work/$stem-win32n.o"
  if [ -f "$coff" ]; then
    # Global functions: storage class 2 (external) in section 1 (.text).
    gl=$(objdump -t "$coff" | awk '/\(sec  1\).*\(scl   2\)/ {print $NF}')
    bad=$(echo "$gl" | awk 'NF && $1 !~ /^_/')
    first_insns objdump "$coff" >"$work/first"
    noendbr=""
    for sym in $gl; do
      grep -qx "$sym endbr32" "$work/first" || noendbr="$noendbr $sym"
    done
    if [ -z "$bad" ] && [ -z "$noendbr" ] && [ -n "$gl" ]; then
      pass "$script win32n: cdecl _names and endbr32 at every global ($(echo $gl | wc -w))"
    else
      fail "$script win32n: names without underscore: $bad; no endbr32 at:$noendbr"
    fi
    if [ -f "$elf" ]; then
      insns "$elf" "$(thunk_start "$elf")" >"$work/$stem-elf.insns"
      insns "$coff" >"$work/$stem-win32n.insns"
      if msg=$(same_code "$work/$stem-elf.insns" "$work/$stem-win32n.insns"); then
        pass "$script: elf (GNU as) and win32n (NASM) instructions match ($(wc -l <"$work/$stem-elf.insns"))"
      else
        fail "$script: elf and win32n instructions differ: $msg"
      fi
    fi
    if objdump -t "$coff" | grep -q '0x00000001 @feat\.00$'; then
      pass "$script win32n: @feat.00 = 1 (SAFESEH-compatible)"
    else
      fail "$script win32n: no @feat.00 = 1 symbol"
    fi
  fi
done

# The translator must refuse what it cannot translate faithfully.
reject() {  # reject DESCRIPTION NEUTRAL-TEXT
  if printf '%s\n' "$2" |
     perl crypto/perlasm/x86asm.pl elf - >/dev/null 2>"$work/err"; then
    fail "x86asm.pl accepted $1"
  else
    pass "x86asm.pl rejects $1: $(head -1 "$work/err" | sed 's/^[^:]*: neutral line [0-9]*: //')"
  fi
}
reject "an unknown instruction" $'.func_begin f, raw\n\tfrobl %eax\n.func_end'
reject "an unknown directive" $'.globl f'
reject "a 64-bit register" $'.func_begin f, raw\n\tmovl %eax, %r8d\n.func_end'
reject "xmm8 (only 8 vector registers)" $'.func_begin f, raw\n\tpxor %xmm8, %xmm0\n.func_end'
reject "an absolute address" $'.func_begin f, raw\n\tmovl 0x1000, %eax\n.func_end'
reject "a label as an absolute displacement" $'.func_begin f, raw\n\tmovl .Lt(%ebx), %eax\n.Lt:\n.func_end'
reject "a symbol address as an immediate" $'.func_begin f, raw\n\tmovl $f, %eax\n.func_end'
reject "a label address in read-only data" $'.rodata\n.La:\n\t.long .La'
reject "a call to another file's function" $'.func_begin f, raw\n\tcall memcpy\n.func_end'
reject "an unknown label" $'.func_begin f, raw\n\tjmp .Lnowhere\n.func_end'
reject "a size-less memory operand" $'.func_begin f, raw\n\tincl %eax\n\tinc (%eax)\n.func_end'
reject "a bare ret in a managed function" $'.func_begin f\n\tret\n.epilogue\n.func_end'
reject "a write to esp in a managed function" $'.func_begin f\n\tsubl $8, %esp\n.epilogue\n.func_end'
reject "an unbalanced push at .epilogue" $'.func_begin f\n\tpushl %eax\n.epilogue\n.func_end'
reject "a pop below the frame" $'.func_begin f\n\tpopl %eax\n.epilogue\n.func_end'
reject "a managed function without .epilogue" $'.func_begin f\n.func_end'
reject "hand CFI in a managed function" $'.func_begin f\n.cfi_offset %ebx, -8\n.epilogue\n.func_end'
reject "saving a caller-saved register" $'.func_begin f, save=eax\n.epilogue\n.func_end'
reject "writing an unsaved ebx" $'.func_begin f, save=esi\n\tmovb $1, %bl\n.epilogue\n.func_end'
reject "cpuid without saving ebx" $'.func_begin f\n\tcpuid\n.epilogue\n.func_end'
reject "rep stosl without saving edi" $'.func_begin f\n\trep stosl\n.epilogue\n.func_end'
reject "get_pc into an unsaved esi" $'.func_begin f\n.get_pc %esi, .Lp\n.epilogue\n.func_end'
reject "arg(N) beyond args=N" $'.func_begin f, args=2\n\tmovl arg(2), %eax\n.epilogue\n.func_end'
reject "writing ebp under align=16" $'.func_begin f, save=ebp, frame=16, align=16\n\txorl %ebp, %ebp\n.epilogue\n.func_end'
reject "align=16 without ebp saved" $'.func_begin f, frame=16, align=16\n.epilogue\n.func_end'
reject "a global label in the text" $'foo:'
reject "an unclosed function" $'.func_begin f, raw'

# The i686 shared library.
if [ -z "$so" ]; then
  b="$work/build-i686-shared"
  if cmake -GNinja -B "$b" -S "$root" -DBUILD_SHARED_LIBS=ON -DBUILD_TESTING=OFF \
       -DCMAKE_TOOLCHAIN_FILE="$root/cmake/toolchain-i686-linux-gnu.cmake" \
       >"$work/cmake.log" 2>&1 &&
     ninja -j2 -C "$b" crypto crypto_static >"$work/ninja.log" 2>&1; then
    # The shared library's file name comes from cmake/install.cmake.
    so=$(ls "$b"/lib*crypto*.so 2>/dev/null | head -1)
    archive="$b/libcrypto_static.a"
    [ -n "$so" ] || fail "no lib*crypto*.so in $b"
  else
    fail "building the i686 shared library: $(tail -5 "$work/ninja.log" "$work/cmake.log" 2>/dev/null)"
  fi
else
  archive=$(dirname "$so")/libcrypto_static.a
fi
if [ -n "$so" ] && [ -f "$so" ]; then
  if readelf -h "$so" | grep -q 'Class:.*ELF32' &&
     readelf -h "$so" | grep -q 'Machine:.*80386'; then
    pass "$so: ELF32 i386"
  else
    fail "$so: not an ELF32 i386 library"
  fi
  if readelf -d "$so" | grep -q TEXTREL; then
    fail "$so: TEXTREL"
  else
    pass "$so: no TEXTREL"
  fi
  if readelf -lW "$so" | grep GNU_STACK | grep -q 'RW '; then
    pass "$so: GNU_STACK not executable"
  else
    fail "$so: GNU_STACK missing or executable"
  fi
  # The library's assembly objects alone (Debian's crti.o/crtn.o lack the
  # CET property, so an ordinary link drops it): they must link with
  # -z cet-report=error -z text and keep IBT+SHSTK.
  if [ -f "$archive" ]; then
    members=$(cd "$work" && ar t "$archive" | grep -E '\.(S|s)\.o$')
    if [ -n "$members" ]; then
      mkdir -p "$work/asm-objs"
      (cd "$work/asm-objs" && rm -f ./*.o && ar x "$archive" $members)
      if i686-linux-gnu-gcc -shared -nostartfiles -nostdlib -o "$work/asm-only.so" \
           "$work"/asm-objs/*.o -Wl,-z,cet-report=error -Wl,-z,text \
           -Wl,-z,noexecstack 2>"$work/err" &&
         readelf -n "$work/asm-only.so" | grep -q 'x86 feature: IBT, SHSTK'; then
        pass "$archive: assembly objects ($(echo $members | wc -w)) link with -z cet-report=error -z text, keep IBT+SHSTK"
      else
        fail "$archive: assembly objects: $(head -5 "$work/err")"
      fi
    fi
  fi
elif [ -n "$so" ]; then
  fail "$so: no such file"
fi

echo "$passed passed, $failed failed"
[ $failed = 0 ]
