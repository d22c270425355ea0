#!/bin/sh
# Counts the non-test Go files and packages that name a corridor's words outside the
# packages whose job is to know them (issue 27: corridor, taxid, rail, pix, sandbox, money,
# scholarship). Case-sensitive, so "spei" as a partner's method name in a string is counted
# only where it is written in capitals. Run from the repository root:
#   sh scripts/corridor-words.sh          # the two counts
#   sh scripts/corridor-words.sh -v       # and the files
set -eu
count() {
	label=$1 words=$2
	files=$(grep -rlE "$words" --include='*.go' cmd internal | grep -v '_test\.go$' |
		grep -vE '^internal/(corridor|taxid|rail|pix|sandbox|money|scholarship)/' | sort || true)
	n=$(printf '%s' "$files" | grep -c . || true)
	p=$(printf '%s\n' "$files" | grep . | xargs -r -n1 dirname | sort -u | grep -c . || true)
	echo "$label: $n files in $p packages"
	if [ "${VERBOSE:-}" = 1 ]; then printf '%s\n' "$files" | sed 's/^/  /'; fi
}
[ "${1:-}" = "-v" ] && VERBOSE=1
count "Mexico (SPEI|MXN|CURP|CLABE)" 'SPEI|MXN|CURP|CLABE'
count "Brazil (Pix|BRL|CPF)" 'Pix|BRL|CPF'
