#!/bin/sh
# pix-path.sh: the non-test Go files one Pix payment passes through, from its
# quote to "completed" (issue 27's figure). It runs TestOnePixPaymentToCompleted
# and TestStartAndAnswerHealth (internal/app) with coverage over ./internal/...,
# and lists the files with a block of code run in the first and not in the
# second: what the payment itself runs beyond starting the application
# (the test harness, internal/app/apptest, left out).
# Usage: sh scripts/pix-path.sh [-v]   (-v lists the files)
set -eu
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
run() {
	go test ./internal/app/ -run "^$1\$" -count=1 -coverpkg=./internal/... -coverprofile="$dir/$1.out" >/dev/null
	# lines: file:start.col,end.col statements count — keep the blocks run
	awk 'NR > 1 && $NF > 0 { print $1 }' "$dir/$1.out" | sort -u >"$dir/$1.blocks"
}
run TestOnePixPaymentToCompleted
run TestStartAndAnswerHealth
files() { sed 's#:.*##' | grep -v /apptest/ | sort -u; }
comm -23 "$dir/TestOnePixPaymentToCompleted.blocks" "$dir/TestStartAndAnswerHealth.blocks" | files >"$dir/path"
all=$(files <"$dir/TestOnePixPaymentToCompleted.blocks" | wc -l)
only=$(wc -l <"$dir/path")
pkgs=$(sed 's#/[^/]*$##' "$dir/path" | sort -u | wc -l)
echo "files with code run in the test: $all; files with code one Pix payment runs beyond start-up: $only, in $pkgs packages"
if [ "${1:-}" = "-v" ]; then sed 's#^github.com/crebit/crebit/##' "$dir/path"; fi
