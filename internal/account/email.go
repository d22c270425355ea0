package account

import (
	"errors"
	"net/netip"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/net/idna"
	"golang.org/x/text/unicode/norm"
)

// Reasons an e-mail address is refused. Each names what a person can fix.
var (
	ErrEmailMissing   = errors.New("email missing")
	ErrEmailShape     = errors.New("email not of the shape name@domain.tld")
	ErrEmailInvisible = errors.New("email holds invisible or control characters")
	ErrEmailLiteral   = errors.New("email domain is an IP address")
	ErrEmailMixed     = errors.New("email domain mixes alphabets")
	ErrEmailLocal     = errors.New("email name part is not plain letters, digits and punctuation")
)

// MaxEmail is the longest address (RFC 5321's path limit less the brackets).
const MaxEmail = 254

// ParseEmail returns the one form of an address that accounts are stored
// and compared under, or why it cannot be an account's address:
//   - it is trimmed and NFC-normalised, so the same address typed on two
//     keyboards is one account;
//   - invisible, control and formatting characters (a zero-width space, a
//     bidi override) are refused, never silently dropped;
//   - the name part (before the @) is plain ASCII: letters, digits and the
//     punctuation RFC 5322 allows in a dot-atom; no quoted forms;
//   - the domain is a host name of at least two labels (no [address
//     literal], no bare IP address); a label in another alphabet is kept as
//     its IDNA (xn--) form, but a label mixing alphabets, as Cyrillic "а" in
//     "gmаil.com" does to pass for Gmail, is refused;
//   - the whole is lowercased.
func ParseEmail(s string) (string, error) {
	s = norm.NFC.String(strings.TrimSpace(s))
	if s == "" {
		return "", ErrEmailMissing
	}
	for _, r := range s {
		if r == utf8.RuneError || unicode.IsControl(r) || unicode.Is(unicode.Cf, r) || unicode.IsSpace(r) ||
			unicode.In(r, unicode.Co, unicode.Cs) || !unicode.IsPrint(r) {
			return "", ErrEmailInvisible
		}
	}
	at := strings.LastIndexByte(s, '@')
	if at <= 0 || at == len(s)-1 || strings.Count(s, "@") != 1 || len(s) > MaxEmail {
		return "", ErrEmailShape
	}
	local, domain := s[:at], s[at+1:]
	if !dotAtom(local) || len(local) > 64 {
		return "", ErrEmailLocal
	}
	if strings.HasPrefix(domain, "[") {
		return "", ErrEmailLiteral
	}
	if _, err := netip.ParseAddr(domain); err == nil {
		return "", ErrEmailLiteral
	}
	labels := strings.Split(domain, ".")
	if len(labels) < 2 {
		return "", ErrEmailShape
	}
	for _, l := range labels {
		if mixedScripts(l) {
			return "", ErrEmailMixed
		}
	}
	ascii, err := idna.Lookup.ToASCII(domain)
	if err != nil || !hostName(ascii) {
		return "", ErrEmailShape
	}
	out := strings.ToLower(local) + "@" + strings.ToLower(ascii)
	if len(out) > MaxEmail {
		return "", ErrEmailShape
	}
	return out, nil
}

// NormalizeEmail is ParseEmail's form of s, or s trimmed and lowercased when
// s cannot be an address (a sign-in with such an address simply fails).
func NormalizeEmail(s string) string {
	if e, err := ParseEmail(s); err == nil {
		return e
	}
	return strings.ToLower(strings.TrimSpace(s))
}

// dotAtom reports whether s is an RFC 5322 dot-atom of ASCII atext.
func dotAtom(s string) bool {
	if s == "" || s[0] == '.' || s[len(s)-1] == '.' || strings.Contains(s, "..") {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9':
		case strings.IndexByte("!#$%&'*+/=?^_`{|}~-.", c) >= 0:
		default:
			return false
		}
	}
	return true
}

// hostName reports whether s (ASCII) is a DNS host name: letters, digits
// and inner hyphens in labels of 1-63, and a top-level label that is not
// all digits.
func hostName(s string) bool {
	labels := strings.Split(s, ".")
	for i, l := range labels {
		if l == "" || len(l) > 63 || l[0] == '-' || l[len(l)-1] == '-' {
			return false
		}
		digits := true
		for j := 0; j < len(l); j++ {
			c := l[j]
			switch {
			case c >= '0' && c <= '9':
			case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c == '-':
				digits = false
			default:
				return false
			}
		}
		if i == len(labels)-1 && digits {
			return false
		}
	}
	return true
}

// scripts are the alphabets a domain label is checked against.
var scripts = []*unicode.RangeTable{
	unicode.Latin, unicode.Cyrillic, unicode.Greek, unicode.Armenian, unicode.Hebrew, unicode.Arabic,
	unicode.Devanagari, unicode.Thai, unicode.Georgian, unicode.Hangul, unicode.Hiragana, unicode.Katakana, unicode.Han,
}

// mixedScripts reports whether label's letters come from more than one
// alphabet (Japanese, which mixes Han, Hiragana and Katakana, counts as one).
func mixedScripts(label string) bool {
	seen := -1
	for _, r := range label {
		if !unicode.IsLetter(r) {
			continue
		}
		k := -2 // a letter of no listed alphabet
		for i, t := range scripts {
			if unicode.Is(t, r) {
				k = i
				break
			}
		}
		if k >= 10 { // Hiragana, Katakana, Han
			k = 10
		}
		if seen == -1 {
			seen = k
		} else if seen != k {
			return true
		}
	}
	return false
}
