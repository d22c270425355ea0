package scholarship

import (
	_ "embed"
	"encoding/json"
	"regexp"
	"strconv"
	"strings"
)

//go:embed lexicon.json
var lexiconJSON []byte

// Concept is one lexicon entry: a facet value and the words that mean it.
type Concept struct {
	Facet string   `json:"facet"`
	Value string   `json:"value"`
	Terms []string `json:"terms"`
	Exact []string `json:"exact"`
}

// Lexicon maps phrases (as stemmed word sequences) to concepts.
type Lexicon struct {
	stemmed map[string][]Concept
	exact   map[string][]Concept
	longest int
	single  []string // one-word stemmed phrases, for typo tolerance
}

// DefaultLexicon is the shipped tri-lingual lexicon (lexicon.json).
var DefaultLexicon = mustLexicon(lexiconJSON)

func mustLexicon(data []byte) *Lexicon {
	var f struct {
		Concepts []Concept `json:"concepts"`
	}
	if err := json.Unmarshal(data, &f); err != nil {
		panic("scholarship: lexicon.json: " + err.Error())
	}
	l := &Lexicon{stemmed: map[string][]Concept{}, exact: map[string][]Concept{}}
	add := func(m map[string][]Concept, key string, c Concept, n int) {
		m[key] = append(m[key], c)
		l.longest = max(l.longest, n)
	}
	for _, c := range f.Concepts {
		for _, t := range c.Terms {
			ws := words(t)
			add(l.stemmed, stemJoin(ws), c, len(ws))
			if len(ws) == 1 && len(ws[0]) >= 5 && typoFacets[c.Facet] && !contains(l.single, Stem(ws[0])) {
				l.single = append(l.single, Stem(ws[0]))
			}
		}
		for _, t := range c.Exact {
			ws := words(t)
			add(l.exact, strings.Join(ws, " "), c, len(ws))
		}
	}
	return l
}

func stemJoin(ws []string) string {
	out := make([]string, len(ws))
	for i, w := range ws {
		out[i] = Stem(w)
	}
	return strings.Join(out, " ")
}

// Chip is one thing the search understood or matched, shown to the student.
type Chip struct {
	Facet string `json:"facet"`
	Value string `json:"value"`
	Term  string `json:"term,omitempty"`
	// Negated marks what the query says the student is not or does not
	// want ("no tengo green card", "sem empréstimo").
	Negated bool `json:"negated,omitempty"`
}

// Facets is what a query asks for beyond its keywords.
type Facets struct {
	Nationality []string
	Gender      string
	Fields      []string
	Levels      []string
	Years       []string
	States      []string
	Status      string
	Criteria    []string
	AwardTypes  []string
	Coverage    []string
	Renewable   bool
	Loan        bool
	AmountMinUS int64
	// NotStatus and NotCriteria are what the query denies: "no tengo green
	// card ni ciudadanía" rules out programs only for residents and citizens.
	NotStatus   []string
	NotCriteria []string
	NoLoan      bool

	inferredGender bool // the gender was only inferred from a word's form
}

// Understanding is a parsed query: its facets, the chips that show them,
// and the leftover words, which rank as keywords.
type Understanding struct {
	Facets   Facets
	Chips    []Chip
	Residual []string // index terms
	// Said are the index terms of the words that were read as concepts:
	// they still count a little as keywords ("maestría" in a program's text).
	Said     []string
	Concepts []string // concept tokens (@facet:value) for keyword ranking
	// Inferred marks concepts read from a word's form rather than said
	// outright ("mexicana" suggests a woman): they rank less.
	Inferred map[string]bool
}

// feminineNouns are nouns a feminine adjective may agree with, so "bolsa
// brasileira" (a Brazilian scholarship) does not read as "a Brazilian woman".
var feminineNouns = set(`bolsa bolsas beca becas universidade universidad universidades instituicao institucion fundacao fundacion organizacao organizacion empresa`)

var amountRe = regexp.MustCompile(`(?:us\$|\$|usd\s?)\s?(\d{1,3}(?:[.,]\d{3})+|\d+)\s?(k|mil)?|(\d{1,3}(?:[.,]\d{3})+|\d+)\s?(k|mil)?\s?(?:dolares|dollars|dolar|dollar|usd)`)

// negations arm the next few words: what follows is denied, not asked for.
// "no" arms only before a verb of having or being (Portuguese "no" means "in
// the"), or right before a US status ("no green card").
var negations = set(`not without sem sin nao ni nem nor never nunca`)
var noVerbs = set(`tengo tienes tiene tenemos tienen soy es estoy estamos cuento cuenta have has am is are hay poseo need necesito requiero`)

// contractions spells out English negative contractions so that
// "I don't have" negates like "I do not have".
var contractions = strings.NewReplacer("n't", " not", "n’t", " not", "dont ", "do not ", "doesnt ", "does not ", "havent ", "have not ")

// negationReach is how many words after a negation it still applies to.
const negationReach = 4

// Understand parses a query in any of the three languages.
func (l *Lexicon) Understand(q string) Understanding { return l.UnderstandWith(q, nil) }

// UnderstandWith is Understand with typo tolerance: a word that known does
// not recognise (not an index term) may be read as the lexicon word within
// one edit (two for long words), so "Califronia" and "engeneering" are
// understood. known nil turns typo tolerance off.
func (l *Lexicon) UnderstandWith(q string, known func(string) bool) Understanding {
	var u Understanding
	norm := contractions.Replace(Normalize(q))
	if m := amountRe.FindStringSubmatch(norm); m != nil {
		num, unit := m[1], m[2]
		if num == "" {
			num, unit = m[3], m[4]
		}
		n, _ := strconv.ParseInt(strings.NewReplacer(",", "", ".", "").Replace(num), 10, 64)
		if unit != "" {
			n *= 1000
		}
		if n > 0 {
			u.Facets.AmountMinUS = n
			u.Chips = append(u.Chips, Chip{Facet: "amount_min", Value: strconv.FormatInt(n, 10), Term: strings.TrimSpace(m[0])})
		}
		norm = strings.Replace(norm, m[0], " ", 1)
	}
	ws := words(norm)
	seen := map[string]bool{}
	negUntil := -1 // words before this index are negated
	for i := 0; i < len(ws); {
		n, cs, inferred := l.match(ws, i)
		if n == 0 && known != nil {
			n, cs = l.fuzzy(ws[i], known)
			inferred = map[string]bool{}
		}
		if n == 0 {
			w := ws[i]
			switch {
			case negations[w]:
				negUntil = i + 1 + negationReach
			case w == "no" && i+1 < len(ws) && (noVerbs[ws[i+1]] || l.isStatus(ws, i+1)):
				negUntil = i + 1 + negationReach
			case !stopWords[w] && len(w) > 1 && !isNumber(w):
				u.Residual = append(u.Residual, Stem(w))
			}
			i++
			continue
		}
		term := strings.Join(ws[i:i+n], " ")
		negated := i < negUntil
		if !negated {
			for _, w := range ws[i : i+n] {
				if !stopWords[w] && len(w) > 1 {
					u.Said = append(u.Said, Stem(w))
				}
			}
		}
		for _, c := range cs {
			if c.Facet == "noise" {
				continue
			}
			key := c.Facet + ":" + c.Value
			if negated {
				if !seen["!"+key] {
					seen["!"+key] = true
					u.deny(c)
					u.Chips = append(u.Chips, Chip{Facet: c.Facet, Value: c.Value, Term: term, Negated: true})
				}
				continue
			}
			if seen[key] {
				if !inferred[key] && u.Inferred["@"+key] {
					delete(u.Inferred, "@"+key) // said outright after being inferred
				}
				continue
			}
			seen[key] = true
			if inferred[key] {
				if u.Inferred == nil {
					u.Inferred = map[string]bool{}
				}
				u.Inferred["@"+key] = true
			}
			u.apply(c)
			u.Chips = append(u.Chips, Chip{Facet: c.Facet, Value: c.Value, Term: term})
			u.Concepts = append(u.Concepts, "@"+key)
		}
		if negated && i+n < len(ws) && (ws[i+n] == "ni" || ws[i+n] == "nem" || ws[i+n] == "nor" || ws[i+n] == "or" || ws[i+n] == "ou" || ws[i+n] == "o") {
			negUntil = i + n + 1 + negationReach // "ni X ni Y", "sem X ou Y"
		}
		i += n
	}
	if u.Facets.Gender == "women" && overlaps(u.Facets.Fields, stemFamily) {
		u.Facets.Criteria = appendNew(u.Facets.Criteria, "women_in_stem")
		u.Concepts = append(u.Concepts, "@criteria:women_in_stem")
		if u.Inferred["@gender:women"] {
			u.Inferred["@criteria:women_in_stem"] = true
		}
	}
	return u
}

// isStatus reports whether a US-status phrase starts at i.
func (l *Lexicon) isStatus(ws []string, i int) bool {
	_, cs, _ := l.match(ws, i)
	for _, c := range cs {
		if c.Facet == "status" {
			return true
		}
	}
	return false
}

// typoFacets are the concepts a misspelt word may be read as: places and
// fields of study (issue #29 item 3). Gender, status or criteria words are
// never guessed from a near miss: "toman" (Spanish "they take") is not
// "woman", and a wrong guess there is a hard filter the student never said.
var typoFacets = map[string]bool{"us_state": true, "field": true, "nationality": true}

// fuzzy reads an unknown word as the one-word lexicon phrase within one
// edit (two from nine letters on); ties are refused as ambiguous.
func (l *Lexicon) fuzzy(w string, known func(string) bool) (int, []Concept) {
	st := Stem(w)
	if len(w) < 5 || stopWords[w] || isNumber(w) || known(st) {
		return 0, nil
	}
	maxD := 1
	if len(st) >= 9 {
		maxD = 2
	}
	best, bestD, ties := "", maxD+1, 0
	for _, k := range l.single {
		d := editDistance(st, k, maxD)
		switch {
		case d < bestD:
			best, bestD, ties = k, d, 0
		case d == bestD:
			ties++
		}
	}
	if best == "" || bestD > maxD || ties > 0 {
		return 0, nil
	}
	return 1, l.stemmed[best]
}

// deny records a concept the query negates.
func (u *Understanding) deny(c Concept) {
	f := &u.Facets
	switch c.Facet {
	case "status":
		f.NotStatus = appendNew(f.NotStatus, c.Value)
		if c.Value == "permanent_resident" {
			// "sem green card", "without a green card": a citizen never says
			// so; the student is neither a permanent resident nor a citizen.
			f.NotStatus = appendNew(f.NotStatus, "citizen")
		}
	case "criteria":
		f.NotCriteria = appendNew(f.NotCriteria, c.Value)
	case "loan":
		f.NoLoan = true
	}
}

// match returns how many words at i form the longest lexicon phrase, its
// concepts, and which of them were only inferred (the exact-form list).
func (l *Lexicon) match(ws []string, i int) (int, []Concept, map[string]bool) {
	for n := min(l.longest, len(ws)-i); n >= 1; n-- {
		var cs []Concept
		inferred := map[string]bool{}
		stemmed := l.stemmed[stemJoin(ws[i:i+n])]
		raw := strings.Join(ws[i:i+n], " ")
		if ex, ok := l.exact[raw]; ok && (i == 0 || !feminineNouns[ws[i-1]]) {
			for _, c := range ex {
				if !containsConcept(stemmed, c) {
					inferred[c.Facet+":"+c.Value] = true
				}
			}
			cs = append(cs, ex...)
		}
		cs = append(cs, stemmed...)
		if len(cs) > 0 {
			return n, cs, inferred
		}
	}
	return 0, nil, nil
}

func containsConcept(cs []Concept, c Concept) bool {
	for _, x := range cs {
		if x.Facet == c.Facet && x.Value == c.Value {
			return true
		}
	}
	return false
}

func (u *Understanding) apply(c Concept) {
	f := &u.Facets
	switch c.Facet {
	case "nationality":
		f.Nationality = appendNew(f.Nationality, c.Value)
	case "gender":
		f.Gender = c.Value
	case "field":
		f.Fields = appendNew(f.Fields, c.Value)
	case "level":
		f.Levels = appendNew(f.Levels, c.Value)
	case "year":
		f.Years = appendNew(f.Years, c.Value)
	case "us_state":
		f.States = appendNew(f.States, c.Value)
	case "status":
		f.Status = c.Value
	case "criteria":
		f.Criteria = appendNew(f.Criteria, c.Value)
	case "award_type":
		f.AwardTypes = appendNew(f.AwardTypes, c.Value)
	case "coverage":
		f.Coverage = appendNew(f.Coverage, c.Value)
	case "renewable":
		f.Renewable = true
	case "loan":
		f.Loan = true
	}
}

func isNumber(s string) bool {
	_, err := strconv.Atoi(s)
	return err == nil
}

func appendNew(list []string, v string) []string {
	if contains(list, v) {
		return list
	}
	return append(list, v)
}

func overlaps(a, b []string) bool {
	for _, x := range a {
		if contains(b, x) {
			return true
		}
	}
	return false
}

// stemFamily are the fields that count as STEM.
var stemFamily = []string{"stem", "engineering", "computer_science"}
