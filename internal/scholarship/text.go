package scholarship

import (
	"strings"
	"unicode"
)

// fold maps the accented letters of English, Portuguese and Spanish to
// their plain forms, so "ingeniería", "engenharia" and typed-without-accent
// queries meet in the index.
var fold = strings.NewReplacer(
	"á", "a", "à", "a", "â", "a", "ã", "a", "ä", "a",
	"é", "e", "è", "e", "ê", "e", "ë", "e",
	"í", "i", "ì", "i", "î", "i", "ï", "i",
	"ó", "o", "ò", "o", "ô", "o", "õ", "o", "ö", "o",
	"ú", "u", "ù", "u", "û", "u", "ü", "u",
	"ç", "c", "ñ", "n",
)

// Normalize lower-cases and folds accents.
func Normalize(s string) string { return fold.Replace(strings.ToLower(s)) }

// words splits normalized text into alphanumeric words ("f-1" stays one word).
func words(s string) []string {
	return strings.FieldsFunc(Normalize(s), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '-'
	})
}

// Stem removes plural and gender endings common to the three languages:
// "universidades" and "universidad", "becas" and "beca", "mexicana" and
// "mexicano", "courses" and "course" each share a stem. It is deliberately
// light: the same function runs on the index and on the query.
func Stem(w string) string {
	w = strings.Trim(w, "-")
	if len(w) <= 3 {
		return w
	}
	switch {
	case strings.HasSuffix(w, "coes") || strings.HasSuffix(w, "soes"):
		w = w[:len(w)-3] + "ao" // pt: aplicações → aplicacao
	case strings.HasSuffix(w, "ies") && len(w) > 4:
		w = w[:len(w)-3] + "y" // en: studies → study
	case strings.HasSuffix(w, "ais") && len(w) > 5:
		w = w[:len(w)-2] + "l" // pt: internacionais → internacional
	case strings.HasSuffix(w, "eis") && len(w) > 5:
		w = w[:len(w)-2] + "l" // pt: papéis → papel
	case strings.HasSuffix(w, "es") && len(w) > 4 && strings.ContainsRune("rldnzsxh", rune(w[len(w)-3])):
		w = w[:len(w)-2] // es/pt: mulheres → mulher, universidades → universidad
	case strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss") && !strings.HasSuffix(w, "us") && !strings.HasSuffix(w, "is"):
		w = w[:len(w)-1]
	}
	if len(w) > 4 && strings.ContainsRune("aoe", rune(w[len(w)-1])) {
		w = w[:len(w)-1] // mexicana/mexicano → mexican; course → cours
	}
	return w
}

// Terms turns text into index terms: normalized, stemmed, stop words dropped.
func Terms(s string) []string {
	var out []string
	for _, w := range words(s) {
		if stopWords[w] || len(w) < 2 {
			continue
		}
		out = append(out, Stem(w))
	}
	return out
}

// stopWords are function words of the three languages (normalized).
var stopWords = set(`a an the and or of for to in on at by with from is are be this that it its as your you our
	o os as um uma uns umas e ou de do da dos das para por com em no na nos nas ao aos que se sua seu seus suas
	el la los las un una unos unas y del al con en que su sus es son le les lo por para
	me mi my i we eu yo quero quiero want looking busco procuro`)

func set(s string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(s) {
		m[w] = true
	}
	return m
}

// editDistance is the optimal-string-alignment distance (a swap of two
// neighbouring letters counts once), capped early above max.
func editDistance(a, b string, max int) int {
	if d := len(a) - len(b); d > max || -d > max {
		return max + 1
	}
	prev2 := make([]int, len(b)+1)
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		best := cur[0]
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
			best = min(best, cur[j])
		}
		if best > max {
			return max + 1
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(b)]
}
