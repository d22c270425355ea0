#!/usr/bin/env bash
# Prints, for every package under internal/, its non-test Go lines, files,
# and how many other internal packages it imports (non-test files), largest
# first. Usage: scripts/pkgstats.sh [DIR] (a checkout; default: this one).
# To compare with another commit:
#   git archive REV | (mkdir -p /tmp/rev && tar -x -C /tmp/rev) && scripts/pkgstats.sh /tmp/rev
set -euo pipefail
dir=${1:-.}
cd "$dir"
mod=$(go list -m)
printf '%-32s %6s %5s %7s\n' package lines files imports
go list -f '{{.ImportPath}}|{{.Dir}}|{{join .GoFiles " "}}|{{join .Imports " "}}' ./internal/... |
while IFS='|' read -r path pdir files imports; do
  lines=0
  n=0
  for f in $files; do
    lines=$((lines + $(wc -l <"$pdir/$f")))
    n=$((n + 1))
  done
  internal=0
  for i in $imports; do
    case $i in "$mod"/internal/*) internal=$((internal + 1)) ;; esac
  done
  printf '%-32s %6d %5d %7d\n' "${path#"$mod"/}" "$lines" "$n" "$internal"
done | sort -k2,2nr
