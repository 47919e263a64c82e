# Copyright 2026 The project authors.
#
# PerlasmOutput: how every translator (x86_64-xlate.pl, x86asm.pl,
# arm-xlate.pl) writes its result.
#
#   PerlasmOutput::write_result($who, $output, $text)
#
# `$output` undefined or "-" prints to standard output. A regular file (or
# a path that does not exist yet) is written to "$output.tmp" and renamed
# into place, so an interrupted build never leaves a half-written .S that
# looks up to date. Anything else (a device such as /dev/null, a pipe) is
# written in place: renaming over it would replace the device with a file.
package PerlasmOutput;

use strict;
use warnings;

sub write_result {
  my ($who, $output, $text) = @_;
  if (!defined $output || $output eq '-') {
    print $text;
    return;
  }
  my $in_place = -e $output && !-f $output;
  my $path = $in_place ? $output : "$output.tmp";
  open(my $fh, '>', $path) or die "$who: cannot write $path: $!\n";
  print $fh $text;
  close($fh) or die "$who: cannot write $path: $!\n";
  return if $in_place;
  rename($path, $output) or die "$who: cannot rename to $output: $!\n";
}

1;
