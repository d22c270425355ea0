package pix

import "strings"

// foldTable maps the non-ASCII characters common in Brazilian names, cities
// and descriptions to ASCII. BR Codes are printable ASCII: lengths count
// bytes, and payer apps differ in how they render anything else, so Encode
// folds "São Paulo" to "Sao Paulo" rather than emitting UTF-8.
var foldTable = buildFoldTable(map[string]string{
	"ÀÁÂÃÄÅ":             "A",
	"àáâãäåª":            "a", // ª as in "1ª"
	"Ç":                  "C",
	"ç":                  "c",
	"ÈÉÊË":               "E",
	"èéêë":               "e",
	"ÌÍÎÏ":               "I",
	"ìíîï":               "i",
	"Ñ":                  "N",
	"ñ":                  "n",
	"ÒÓÔÕÖØ":             "O",
	"òóôõöøº":            "o", // º as in "Nº"
	"ÙÚÛÜ":               "U",
	"ùúûü":               "u",
	"Ý":                  "Y",
	"ýÿ":                 "y",
	"Æ":                  "AE",
	"æ":                  "ae",
	"Œ":                  "OE",
	"œ":                  "oe",
	"ß":                  "ss",
	"\u00a0":             " ", // non-breaking space
	"\u2018\u2019\u00b4": "'",
	"\u201c\u201d":       `"`,
	"\u2013\u2014":       "-",
})

func buildFoldTable(groups map[string]string) map[rune]string {
	t := make(map[rune]string)
	for from, to := range groups {
		for _, r := range from {
			t[r] = to
		}
	}
	return t
}

// foldASCII replaces accented letters and typographic punctuation with
// ASCII, drops combining diacritical marks (U+0300-U+036F, as found in
// decomposed text such as "Sa\u0303o"), and reports false if any other
// character outside printable ASCII remains, including invalid UTF-8 and
// control characters.
func foldASCII(s string) (string, bool) {
	var b strings.Builder
	b.Grow(len(s))
	for _, r := range s {
		switch {
		case r >= 0x20 && r <= 0x7E:
			b.WriteRune(r)
		case r >= 0x0300 && r <= 0x036F:
			// Combining mark: the base letter was already written.
		default:
			f, ok := foldTable[r]
			if !ok {
				return "", false
			}
			b.WriteString(f)
		}
	}
	return b.String(), true
}

// isPrintableASCII reports whether every byte of s is in 0x20-0x7E, the
// character set of BR Code values.
func isPrintableASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < 0x20 || s[i] > 0x7E {
			return false
		}
	}
	return true
}

// isAlphanumeric reports whether s is non-empty and only ASCII letters and
// digits, the character set of a static code's txid.
func isAlphanumeric(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z') {
			return false
		}
	}
	return true
}

// hasScheme reports whether u starts with a URI scheme such as "https://".
// Field 26-25 carries the location without it; the payer's bank adds
// https://.
func hasScheme(u string) bool {
	i := strings.Index(u, "://")
	if i <= 0 {
		return false
	}
	for j := 0; j < i; j++ {
		c := u[j]
		letter := c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
		if !letter && (j == 0 || !(c >= '0' && c <= '9' || c == '+' || c == '-' || c == '.')) {
			return false
		}
	}
	return true
}
