package scholarship

import (
	"math"
	"sort"
	"strings"
)

// Index is the in-memory keyword index over the catalog: BM25 over
// accent-folded, stemmed terms of every language's text, with field weights,
// plus concept tokens (@field:engineering, @nationality:BR, ...) derived from
// each record's structured rules so a concept the lexicon recognises in a
// query meets the programs that target it. Built once at start-up from the
// embedded catalog; read-only afterwards, so safe for concurrent use.
type Index struct {
	Programs []Program
	byID     map[string]int
	tf       []map[string]float64 // per program: weighted term frequency
	length   []float64
	avgLen   float64
	df       map[string]int
	names    []map[string]bool // each program's name and tag terms
	vocab    []string          // plain terms, for typo tolerance
}

const (
	bm25K1 = 1.2
	bm25B  = 0.75
)

// NewIndex indexes ps (which it keeps).
func NewIndex(ps []Program) *Index {
	ix := &Index{Programs: ps, byID: map[string]int{}, df: map[string]int{}}
	total := 0.0
	for i := range ps {
		p := &ps[i]
		ix.byID[p.ID] = i
		tf := map[string]float64{}
		add := func(text string, w float64) {
			for _, t := range Terms(text) {
				tf[t] += w
			}
		}
		add(p.Name, 3)
		names := map[string]bool{}
		for _, t := range Terms(p.Name + " " + strings.Join(p.Tags, " ")) {
			names[t] = true
		}
		if p.NameText != nil { // the translated name finds the program in every language
			for _, lang := range []string{"pt-BR", "es-MX"} {
				for _, t := range Terms(p.NameText.In(lang)) {
					if !names[t] {
						tf[t] += 1
					}
				}
			}
		}
		ix.names = append(ix.names, names)
		add(p.Provider, 2)
		add(strings.Join(p.Tags, " "), 2)
		for _, lang := range []string{"en", "pt-BR", "es-MX"} {
			add(p.Summary.In(lang), 1)
			add(p.Amount.Text.In(lang), 0.5)
			add(strings.Join(p.Requirements.In(lang), " "), 0.5)
			add(strings.Join(p.Eligibility.In(lang), " "), 0.5)
		}
		for _, c := range conceptTokens(p) {
			tf[c] += 2
		}
		n := 0.0
		for t, f := range tf {
			n += f
			ix.df[t]++
		}
		ix.tf = append(ix.tf, tf)
		ix.length = append(ix.length, n)
		total += n
	}
	if len(ps) > 0 {
		ix.avgLen = total / float64(len(ps))
	}
	for t := range ix.df {
		if !strings.HasPrefix(t, "@") {
			ix.vocab = append(ix.vocab, t)
		}
	}
	sort.Strings(ix.vocab)
	return ix
}

// conceptTokens are the restrictions a program states, as @facet:value.
func conceptTokens(p *Program) []string {
	var out []string
	add := func(facet string, vs []string) {
		for _, v := range vs {
			if v != Any {
				out = append(out, "@"+facet+":"+v)
			}
		}
	}
	add("nationality", p.Nationalities)
	add("field", p.Fields)
	if len(p.Levels) < len(Levels) {
		add("level", p.Levels)
	}
	add("year", p.Years)
	add("us_state", p.USStates)
	add("status", p.USStatus)
	add("criteria", p.Criteria)
	add("award_type", p.AwardTypes)
	add("coverage", p.Coverage)
	if p.Gender == "women" {
		out = append(out, "@gender:women")
	}
	if p.Renewable != nil && *p.Renewable {
		out = append(out, "@renewable:yes")
	}
	if fullCoverage(p) {
		out = append(out, "@coverage:full")
	}
	return out
}

func fullCoverage(p *Program) bool {
	return contains(p.Coverage, "tuition") && contains(p.Coverage, "living")
}

// Program returns the program with id.
func (ix *Index) Program(id string) (*Program, bool) {
	i, ok := ix.byID[id]
	if !ok {
		return nil, false
	}
	return &ix.Programs[i], true
}

// maxQueryTerms bounds the work one query can cause (300 characters rarely
// hold more words than this).
const maxQueryTerms = 32

// weighted is a query term and how much it counts (typo matches count less).
type weighted struct {
	term string
	w    float64
}

// expand turns query terms into index terms: a term the index lacks is
// replaced by index terms within one edit (two for long words).
func (ix *Index) expand(terms []string) []weighted {
	var out []weighted
	if len(terms) > maxQueryTerms {
		terms = terms[:maxQueryTerms]
	}
	for _, t := range terms {
		if _, ok := ix.df[t]; ok || strings.HasPrefix(t, "@") {
			out = append(out, weighted{t, 1})
			continue
		}
		if len(t) < 4 {
			continue
		}
		maxD := 1
		if len(t) >= 8 {
			maxD = 2
		}
		for _, v := range ix.vocab {
			if d := editDistance(t, v, maxD); d <= maxD {
				out = append(out, weighted{v, 0.8 / float64(d)})
			} else if len(t) >= 5 && strings.HasPrefix(v, t) {
				out = append(out, weighted{v, 0.5})
			}
		}
	}
	return out
}

// bm25 scores program i for the weighted terms.
func (ix *Index) bm25(i int, terms []weighted) float64 {
	n := float64(len(ix.Programs))
	s := 0.0
	for _, q := range terms {
		f := ix.tf[i][q.term]
		if f == 0 {
			continue
		}
		df := float64(ix.df[q.term])
		idf := math.Log(1 + (n-df+0.5)/(df+0.5))
		s += q.w * idf * f * (bm25K1 + 1) / (f + bm25K1*(1-bm25B+bm25B*ix.length[i]/ix.avgLen))
	}
	return s
}
