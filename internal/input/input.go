package input

import (
	"errors"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/crebit/crebit/internal/account"
	"github.com/crebit/crebit/internal/apperr"
)

// DigitsOnly keeps the ASCII digits of s.
func DigitsOnly(s string) string {
	return strings.Map(func(r rune) rune {
		if r >= '0' && r <= '9' {
			return r
		}
		return -1
	}, s)
}

// ValidEmail reports whether s can be an address Crebit writes to
// (account.ParseEmail's rules).
func ValidEmail(s string) bool {
	_, err := account.ParseEmail(s)
	return err == nil
}

// Email reads an address typed in field: its normalised form
// (account.ParseEmail), or an error under the field that says what to fix.
func Email(field, raw string) (string, error) {
	e, err := account.ParseEmail(raw)
	switch {
	case err == nil:
		return e, nil
	case errors.Is(err, account.ErrEmailMissing):
		return "", apperr.E(apperr.RequiredFieldsMissing, "field", "field", "Email").On(field)
	case errors.Is(err, account.ErrEmailInvisible):
		return "", apperr.E(apperr.EmailInvalid, "invisible").On(field)
	case errors.Is(err, account.ErrEmailLiteral):
		return "", apperr.E(apperr.EmailInvalid, "literal").On(field)
	case errors.Is(err, account.ErrEmailMixed):
		return "", apperr.E(apperr.EmailInvalid, "mixed").On(field)
	case errors.Is(err, account.ErrEmailLocal):
		return "", apperr.E(apperr.EmailInvalid, "local").On(field)
	}
	return "", apperr.E(apperr.EmailInvalid, "").On(field)
}

// PlainText reports whether s is text a person typed on one line that
// reads the same to everyone who sees it: no control characters (line
// breaks, tabs), no formatting characters (bidi overrides, zero-width
// characters), no line or paragraph separators, nothing private-use or
// unreadable. Names and addresses end up in e-mails, receipts and the
// partner's records; a CR/LF or a right-to-left override there is how a
// sender's name turns into someone else's message.
func PlainText(s string) bool {
	for _, r := range s {
		if r == utf8.RuneError || unicode.IsControl(r) || unicode.In(r, unicode.Cf, unicode.Zl, unicode.Zp, unicode.Co, unicode.Cs) {
			return false
		}
	}
	return true
}

// NotPlainText is the refusal of a field that is not PlainText.
func NotPlainText(field, label string) error {
	return apperr.E(apperr.Invalid, "plain_text", "label", label).On(field)
}

// Truncate cuts s to at most n characters (runes).
func Truncate(s string, n int) string {
	i := 0
	for pos := range s {
		if i == n {
			return s[:pos]
		}
		i++
	}
	return s
}

// TooLong reports whether s has more than n characters. Limits count
// characters, not bytes: "é" is one character in two bytes.
func TooLong(s string, n int) bool { return utf8.RuneCountInString(s) > n }
