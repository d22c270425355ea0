#!/bin/sh
# Counts the non-test Go files and packages that name a corridor's words outside the
# packages whose job is to know them (issue 27: corridor, taxid, rail, pix, sandbox, money,
# scholarship). Case-sensitive: "SPEI" and "MXN" count, the method name "spei" does not.
# The second pair of figures leaves out comments (text after a "//" at the start of a line
# or after white space), so it counts only code and strings. Run from the repository root:
#   sh scripts/corridor-words.sh       # the counts
#   sh scripts/corridor-words.sh -v    # and the files (code only)
set -eu
files() {
	grep -rl --include='*.go' -E "$1" cmd internal | grep -v '_test\.go$' |
		grep -vE '^internal/(corridor|taxid|rail|pix|sandbox|money|scholarship)/' | sort || true
}
code_files() {
	for f in $(files "$1"); do
		sed -E 's#(^|[[:space:]])//.*$##' "$f" | grep -qE "$1" && echo "$f"
	done
	return 0
}
summary() { # label, file list
	n=$(printf '%s\n' "$2" | grep -c . || true)
	p=$(printf '%s\n' "$2" | grep . | xargs -r -n1 dirname | sort -u | grep -c . || true)
	echo "$1: $n files in $p packages"
}
for pair in "Mexico (SPEI|MXN|CURP|CLABE)=SPEI|MXN|CURP|CLABE" "Brazil (Pix|BRL|CPF)=Pix|BRL|CPF"; do
	label=${pair%%=*} words=${pair#*=}
	summary "$label" "$(files "$words")"
	code=$(code_files "$words")
	summary "$label, code only" "$code"
	if [ "${1:-}" = "-v" ]; then printf '%s\n' "$code" | sed 's/^/  /'; fi
done
