package taxid

import (
	"fmt"
	"regexp"
	"strings"
	"time"
	"unicode"
)

// curpPattern is the layout of a CURP as issued by RENAPO: four letters from
// the name (the second a vowel, or X), the birth date YYMMDD, the sex (H, M,
// or X for non-binary, valid since 2024), the state of birth (NE for born
// abroad), three internal consonants, a century/homonym character and the
// check digit.
var curpPattern = regexp.MustCompile(`^[A-Z][AEIOUX][A-Z]{2}\d{6}[HMX]` +
	`(AS|BC|BS|CC|CL|CM|CS|CH|DF|DG|GT|GR|HG|JC|MC|MN|MS|NT|NL|OC|PL|QT|QR|SP|SL|SR|TC|TS|TL|VZ|YN|ZS|NE)` +
	`[B-DF-HJ-NP-TV-Z]{3}[0-9A-Z]\d$`)

// CleanCURP upper-cases the ASCII letters of s and keeps only A-Z and 0-9.
//
// It exists so the product can show what it actually checked, as in
// "CURP must have 18 characters, but got N characters: <CleanCURP(s)>".
// It does not validate anything.
func CleanCURP(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 'a' && c <= 'z' {
			c = c - 'a' + 'A'
		}
		if isDigitOrUpper(c) {
			b.WriteByte(c)
		}
	}
	return b.String()
}

// CURP validates a Mexican Clave Única de Registro de Población and returns
// it as 18 upper-case characters.
//
// Separators (anything that is not a letter or digit) are dropped and ASCII
// letters upper-cased, as CleanCURP does. A non-ASCII letter, digit or
// combining mark, such as Ñ, is an ErrFormat rather than being dropped: CURPs
// are issued with X in place of Ñ, and dropping it would shift the remaining
// characters. Then the layout, the birth date (a real calendar date, the
// century taken from position 17: a digit means 1900s, a letter 2000s) and
// the check digit are verified, in that order.
func CURP(s string) (string, error) {
	for _, r := range s {
		if r > unicode.MaxASCII && (unicode.IsLetter(r) || unicode.IsNumber(r) || unicode.IsMark(r)) {
			return "", fmt.Errorf("%w: CURP may contain only the letters A-Z and digits", ErrFormat)
		}
	}
	c := CleanCURP(s)
	if len(c) != 18 {
		return "", fmt.Errorf("%w: CURP must have 18 characters, got %d", ErrLength, len(c))
	}
	if !curpPattern.MatchString(c) {
		return "", fmt.Errorf("%w: CURP does not follow the RENAPO layout", ErrFormat)
	}
	if !curpDateValid(c) {
		return "", fmt.Errorf("%w: CURP birth date is not a calendar date", ErrDate)
	}
	if c[17] != curpCheckDigit(c[:17]) {
		return "", fmt.Errorf("%w: CURP check digit does not match", ErrCheckDigit)
	}
	return c, nil
}

// curpDateValid reports whether positions 5-10 (YYMMDD) of a CURP that
// already matched curpPattern form a real date. Position 17 gives the
// century: RENAPO uses a digit for people born before 2000 and a letter from
// 2000 on.
func curpDateValid(c string) bool {
	year := int(c[4]-'0')*10 + int(c[5]-'0')
	month := int(c[6]-'0')*10 + int(c[7]-'0')
	day := int(c[8]-'0')*10 + int(c[9]-'0')
	if c[16] >= '0' && c[16] <= '9' {
		year += 1900
	} else {
		year += 2000
	}
	// time.Date normalises out-of-range months and days (month 13 becomes
	// January of the next year, day 0 the last day of the previous month),
	// so a date is real exactly when it comes back unchanged.
	t := time.Date(year, time.Month(month), day, 12, 0, 0, 0, time.UTC)
	return t.Year() == year && int(t.Month()) == month && t.Day() == day
}

// curpCheckDigit computes the CURP check digit of the first 17 characters.
// Each character is worth its index in "0123456789ABCDEFGHIJKLMNÑOPQRSTUVWXYZ"
// (so 'O' is 25, not 24, because of the Ñ), multiplied by 18 - position.
func curpCheckDigit(first17 string) byte {
	sum := 0
	for i := 0; i < 17; i++ {
		sum += curpValue(first17[i]) * (18 - i)
	}
	return byte('0' + (10-sum%10)%10)
}

// curpValue is a character's index in the CURP dictionary. The input is
// already restricted to [0-9A-Z].
func curpValue(c byte) int {
	switch {
	case c >= '0' && c <= '9':
		return int(c - '0')
	case c >= 'A' && c <= 'N':
		return int(c-'A') + 10
	default: // 'O'..'Z' come after the Ñ at index 24.
		return int(c-'O') + 25
	}
}
