// Package taxid validates and normalizes the personal, company and bank
// account identifiers Crebit accepts: Brazil's CPF and CNPJ (including the
// alphanumeric CNPJ issued from July 2026), Mexico's CURP and CLABE, and US
// ABA routing numbers.
//
// The package is pure: no I/O, no global state beyond constant tables.
//
// Every error wraps exactly one of the sentinel errors below, so callers can
// tell the kinds apart with errors.Is and write their own user-facing
// messages. Error texts never contain the identifier or any part of it:
// callers log errors, and tax ids and account numbers must not reach logs.
package taxid

import (
	"errors"
	"strings"
	"unicode"
)

// Sentinel errors. Test for them with errors.Is; the wrapped message adds
// context (expected and actual lengths, which rule failed) but never the
// value that was checked.
var (
	// ErrLength reports that the identifier, after separators are removed,
	// has the wrong number of characters.
	ErrLength = errors.New("taxid: wrong length")

	// ErrFormat reports characters that are not allowed, a structure that
	// does not match the identifier's layout (for example an unknown state
	// code in a CURP), or a number that is syntactically valid but never
	// issued (such as a CPF with every digit the same).
	ErrFormat = errors.New("taxid: invalid format")

	// ErrCheckDigit reports that the check digit(s) do not match the body:
	// usually a typo.
	ErrCheckDigit = errors.New("taxid: check digit mismatch")

	// ErrDate reports that the birth date embedded in a CURP is not a real
	// calendar date.
	ErrDate = errors.New("taxid: invalid date")

	// ErrBank reports a CLABE whose first three digits are not a bank code
	// in the Banxico catalogue this package knows.
	ErrBank = errors.New("taxid: unknown bank code")
)

// stripBrazil removes the separators people type in CPF and CNPJ numbers:
// '.', '-', '/' and any Unicode white space (copy-pasted numbers often carry
// non-breaking spaces).
func stripBrazil(s string) string {
	return strings.Map(func(r rune) rune {
		if r == '.' || r == '-' || r == '/' || unicode.IsSpace(r) {
			return -1
		}
		return r
	}, s)
}

// stripDashesAndSpaces removes '-' and Unicode white space, the separators
// used when routing numbers are written in groups.
func stripDashesAndSpaces(s string) string {
	return strings.Map(func(r rune) rune {
		if r == '-' || unicode.IsSpace(r) {
			return -1
		}
		return r
	}, s)
}

// upperASCII upper-cases ASCII letters only. strings.ToUpper is not used on
// purpose: it maps some non-ASCII letters (such as the dotless 'ı') onto
// ASCII ones, which would let them slip through validation.
func upperASCII(s string) string {
	return strings.Map(func(r rune) rune {
		if r >= 'a' && r <= 'z' {
			return r - 'a' + 'A'
		}
		return r
	}, s)
}

// allDigits reports whether every byte of s is an ASCII digit. It is true for
// the empty string, so length checks must come separately.
func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// allSame reports whether s is non-empty and made of one repeated byte.
func allSame(s string) bool {
	if s == "" {
		return false
	}
	return strings.Count(s, s[:1]) == len(s)
}

// mod11Digit turns a weighted sum into a Brazilian mod-11 check digit:
// remainders 0 and 1 give 0, any other remainder r gives 11 - r.
func mod11Digit(sum int) byte {
	r := sum % 11
	if r < 2 {
		return '0'
	}
	return byte('0' + 11 - r)
}
