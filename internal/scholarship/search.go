package scholarship

import (
	"context"
	"math"
	"sort"
	"strings"
	"time"
)

// Modes and sorts.
const (
	ModeKeyword  = "keyword"
	ModeSemantic = "semantic"
	SortBest     = "best"
	SortDeadline = "deadline"
	SortMagic    = "magic"
)

// Filters are the Advanced Filters. Zero values mean "any".
type Filters struct {
	AmountMin int64  // USD
	AmountMax int64  // USD
	AwardType string // one of AwardTypes
	Renewable string // "yes" | "no"
	Field     string // one of Fields
	Level     string // one of Levels
	Year      string // one of Years
	GPA       float64
	Deadline  string // one of DeadlineWindows
	Residency string // citizen | permanent_resident | international | state
	Category  string // first_generation | underrepresented | women_in_stem | military | disability | lgbtq
}

// Query is one search.
type Query struct {
	Text    string
	Mode    string
	Sort    string
	Filters Filters
	Student Student
	Partial bool // also show programs the student is ruled out of, saying why
	Today   time.Time
}

// Hit is one result.
type Hit struct {
	Program  *Program
	Verdict  Verdict
	Deadline DeadlineInfo
	Score    float64 // relevance (0 without a query)
	Magic    float64
	tier     int // relevance bucket for Best Match (see tier)
}

// Result is the whole ranked list and what the query was understood as.
type Result struct {
	Hits       []Hit
	Understood []Chip
	// Hint is set when the text had nothing to search for ("for a"):
	// HintNoTerms. The hits are then the unfiltered list.
	Hint string
	// Counts are, per Advanced Filter (award, category, level, field), how
	// many programs each option would leave with every other choice kept.
	Counts map[string]map[string]int
}

// HintNoTerms says the text held only words that search nothing.
const HintNoTerms = "no_terms"

// CountedFilters are the Advanced Filters whose options carry counts.
var CountedFilters = map[string][]string{"award": AwardTypes, "category": FilterCategory, "level": Levels, "field": Fields}

// Reference rates, used only to compare award sizes in other currencies
// with dollar filters and the Magic sort (never for payments).
var usdPer = map[string]float64{"USD": 1, "BRL": 1 / 5.4, "MXN": 1 / 18.5}

// usdMax is the program's largest award in USD; math.Inf when it covers
// tuition and living costs without a published cap; 0 when unknown.
func usdMax(p *Program) float64 {
	switch {
	case p.Amount.Max != nil:
		return float64(*p.Amount.Max) * usdPer[p.Amount.Currency]
	case fullCoverage(p) || (p.Amount.Min == nil && contains(p.Coverage, "tuition")):
		return math.Inf(1)
	case p.Amount.Min != nil:
		return float64(*p.Amount.Min) * usdPer[p.Amount.Currency]
	}
	return 0
}

func usdMin(p *Program) float64 {
	if p.Amount.Min != nil {
		return float64(*p.Amount.Min) * usdPer[p.Amount.Currency]
	}
	return usdMax(p)
}

// Search runs q over the index. There is one behaviour whatever the mode:
// what the query is understood to say (nationality, level, field, state,
// status, criteria, what it denies) is applied as the student's facts, so
// programs it rules out leave the list, and the rest are ranked by fit; the
// semantic mode only adds the embedder's re-rank when one is configured.
// Loans are shown only when the query asks for one.
func (ix *Index) Search(ctx context.Context, q Query, emb Embedder) Result {
	var res Result
	student := q.Student
	var terms []weighted
	var words []string // the query's own keywords (not concepts)
	asks := false      // the text asks for something (not only denials)
	var facets Facets
	text := strings.TrimSpace(q.Text)
	if text != "" {
		u := DefaultLexicon.UnderstandWith(text, ix.known)
		res.Understood = u.Chips
		facets = u.Facets
		if len(u.Concepts) == 0 && len(u.Residual) == 0 && len(u.Chips) == 0 {
			res.Hint, text = HintNoTerms, "" // only function words: show the list, say so
		} else {
			asks = len(u.Concepts) > 0 || len(u.Residual) > 0
			student = student.With(facets)
			facets.inferredGender = u.Inferred["@gender:women"]
			terms = ix.expand(u.Residual)
			words = u.Residual
			for _, t := range u.Said {
				if _, ok := ix.df[t]; ok {
					terms = append(terms, weighted{t, saidWeight})
				}
			}
			for _, c := range u.Concepts {
				w := 1.5
				if u.Inferred[c] {
					w = 0.3
				}
				terms = append(terms, weighted{c, w})
			}
		}
	}
	var cands []Hit
	for i := range ix.Programs {
		p := &ix.Programs[i]
		if p.Discontinued != nil {
			continue // kept as evidence and reachable by id, never offered in a search
		}
		if IsLoan(p) && (!facets.Loan || facets.NoLoan) {
			continue
		}
		h := Hit{Program: p, Verdict: Check(p, student), Deadline: DeadlineStatus(p.Deadline, q.Today)}
		if !h.Verdict.Eligible && !q.Partial {
			continue
		}
		if facets.AmountMinUS > 0 && usdMax(p) < float64(facets.AmountMinUS) {
			continue
		}
		if text != "" {
			h.Score = ix.bm25(i, terms) + facetBonus(p, facets) + ix.nameBonus(i, words)
			if h.Score <= 0 && asks {
				continue // only denials ("sem green card") rank nothing out
			}
		}
		cands = append(cands, h)
	}
	res.Counts = counts(cands, q.Filters, q.Today)
	for _, h := range cands {
		if passes(h.Program, h.Deadline, q.Filters, q.Today) {
			res.Hits = append(res.Hits, h)
		}
	}
	if q.Mode == ModeSemantic && emb != nil && text != "" {
		rerank(ctx, emb, text, res.Hits)
	}
	maxScore := 0.0
	for _, h := range res.Hits {
		maxScore = math.Max(maxScore, h.Score)
	}
	for i := range res.Hits {
		rel := 1.0
		if maxScore > 0 {
			rel = 0.5 + 0.5*res.Hits[i].Score/maxScore // a query's relevance counts in Magic too
		}
		res.Hits[i].Magic = magic(res.Hits[i], q.Today) * rel
		res.Hits[i].tier = tier(res.Hits[i].Score, maxScore)
	}
	order(res.Hits, q.Sort, text != "")
	return res
}

// nameBonus rewards a program whose name or tags hold the query's keywords
// ("Fulbright" finds the Fulbright programs before a page that mentions the
// commission often): up to nameWeight when all of them are there.
func (ix *Index) nameBonus(i int, words []string) float64 {
	if len(words) == 0 {
		return 0
	}
	n := 0
	for _, w := range words {
		if ix.names[i][w] {
			n++
		}
	}
	return nameWeight * float64(n) / float64(len(words))
}

// nameWeight is the most the name bonus adds.
const nameWeight = 2.0

// known reports whether a stemmed word is an index term (so typo tolerance
// leaves real words alone).
func (ix *Index) known(stem string) bool {
	_, ok := ix.df[stem]
	return ok
}

// tier buckets relevance so that Best Match can sort by match % among
// programs that answer the query about equally well: 2 for the top half of
// the best score, 1 for the next quarter, 0 below.
func tier(score, max float64) int {
	if max <= 0 {
		return 0
	}
	return int(math.Floor(score / max * tierSteps))
}

// saidWeight is how much a word read as a concept still counts as a keyword.
const saidWeight = 0.5

// tierSteps is how finely relevance is bucketed for Best Match.
const tierSteps = 1000000

// counts says, for each counted filter and option, how many candidates
// would remain with that option chosen and every other filter kept.
func counts(cands []Hit, f Filters, today time.Time) map[string]map[string]int {
	out := map[string]map[string]int{}
	for name, opts := range CountedFilters {
		m := map[string]int{}
		for _, o := range opts {
			m[o] = 0 // an option that leaves nothing is counted too ("Athletic (0)")
			g := f
			switch name {
			case "award":
				g.AwardType = o
			case "category":
				g.Category = o
			case "level":
				g.Level = o
			case "field":
				g.Field = o
			}
			for _, h := range cands {
				if passes(h.Program, h.Deadline, g, today) {
					m[o]++
				}
			}
		}
		out[name] = m
	}
	return out
}

// facetBonus rewards programs aimed at what the query asks for, beyond
// merely allowing it (a women-only award for "bolsa para mulher").
func facetBonus(p *Program, f Facets) float64 {
	b := 0.0
	if f.Gender == "women" && p.Gender == "women" && !f.inferredGender {
		b += 1.5
	}
	if len(f.Nationality) > 0 && overlaps(p.Nationalities, f.Nationality) {
		b += nationalityBonus
	}
	if f.Loan && (IsLoan(p) || MayBeLoan(p)) {
		b += 2
	}
	if len(f.Fields) > 0 && overlaps(p.Fields, expandFields(f.Fields)) {
		b += 1
	} else if len(f.Fields) > 0 && isAny(p.Fields) {
		b += 0.5 // open to every field, so to this one too
	}
	if contains(f.Coverage, "full") && fullCoverage(p) {
		b += 1.5
	}
	if len(f.States) > 0 && overlaps(p.USStates, f.States) {
		b += 1
	}
	if len(f.States) > 0 && contains(p.Residence, "US") {
		b += 0.5 // studying in a US state: programs for students living in the US fit
	}
	if f.Status != "" && contains(p.USStatus, f.Status) {
		b += 1
	}
	if f.Status == "" && contains(f.NotStatus, "citizen") && contains(f.NotStatus, "permanent_resident") &&
		overlaps(p.USStatus, []string{"none", "F-1"}) {
		b += 1 // "sem green card", "no tengo green card ni ciudadanía": programs that name internationals fit
	}
	for _, c := range f.Criteria {
		if contains(p.Criteria, c) {
			b += 1
		}
	}
	return b
}

// nationalityBonus is small: the nationality already rules out programs
// closed to it, and a program open to everyone fits a Mexican as well as a
// Mexico-only one.
var nationalityBonus = 0.5

// passes applies the Advanced Filters.
func passes(p *Program, dl DeadlineInfo, f Filters, today time.Time) bool {
	if f.AmountMin > 0 && usdMax(p) < float64(f.AmountMin) {
		return false
	}
	if f.AmountMax > 0 && (usdMin(p) == 0 || usdMin(p) > float64(f.AmountMax)) {
		return false
	}
	if f.AwardType != "" && !contains(p.AwardTypes, f.AwardType) {
		return false
	}
	if f.Renewable == "yes" && (p.Renewable == nil || !*p.Renewable) {
		return false
	}
	if f.Renewable == "no" && (p.Renewable == nil || *p.Renewable) {
		return false
	}
	if f.Field != "" && !isAny(p.Fields) && !overlaps(p.Fields, expandFields([]string{f.Field})) {
		return false
	}
	if f.Level != "" && !contains(p.Levels, f.Level) {
		return false
	}
	if f.Year != "" && len(p.Years) > 0 && !contains(p.Years, f.Year) {
		return false
	}
	if f.GPA > 0 && p.GPAMin != nil && p.GPAMin.Value/p.GPAMin.Scale*4 > f.GPA+1e-9 {
		return false
	}
	if f.Deadline != "" && !inWindow(dl, f.Deadline, today) {
		return false
	}
	switch f.Residency {
	case "citizen", "permanent_resident":
		if !isAny(p.USStatus) && !contains(p.USStatus, f.Residency) {
			return false
		}
	case "international":
		if !isAny(p.USStatus) && !overlaps(p.USStatus, []string{"F-1", "J-1", "none"}) {
			return false
		}
	case "state":
		if len(p.USStates) == 0 {
			return false
		}
	}
	if f.Category != "" && !contains(p.Criteria, f.Category) &&
		!(f.Category == "women_in_stem" && p.Gender == "women" && overlaps(p.Fields, stemFamily)) {
		return false
	}
	return true
}

// magic is the Magic sort's score: match × award size × deadline urgency.
// Award size is the dollar maximum on a log scale ($1,000 → 0.4, $100,000 or
// full funding → 1); urgency is 1 for an open deadline within 30 days, 0.8
// within 90, 0.6 later or recurring, 0.1 when closed until the next cycle.
func magic(h Hit, today time.Time) float64 {
	usd := usdMax(h.Program)
	size := 0.3
	switch {
	case math.IsInf(usd, 1):
		size = 1
	case usd > 0:
		size = math.Min(1, math.Max(0.3, math.Log10(usd)/5))
	}
	urgency := 0.6
	switch h.Deadline.Status {
	case StatusClosed:
		urgency = 0.1
	case StatusOpen:
		days := h.Deadline.sortKey.Sub(today).Hours() / 24
		switch {
		case days <= 30:
			urgency = 1
		case days <= 90:
			urgency = 0.8
		}
	}
	return float64(h.Verdict.Match) / 100 * size * urgency
}

// order sorts hits in place. Eligible programs always come before partial
// matches, whatever the sort.
func order(hs []Hit, by string, hasQuery bool) {
	// Best Match: among programs that answer the query about equally well
	// (the same tier), the higher match % comes first, so the order agrees
	// with the percentages the cards show; then relevance.
	best := func(a, b *Hit) bool {
		if hasQuery && a.tier != b.tier {
			return a.tier > b.tier
		}
		if a.Verdict.Match != b.Verdict.Match {
			return a.Verdict.Match > b.Verdict.Match
		}
		if hasQuery && a.Score != b.Score {
			return a.Score > b.Score
		}
		if a.Verdict.Targeted != b.Verdict.Targeted {
			return a.Verdict.Targeted > b.Verdict.Targeted
		}
		return a.Program.ID < b.Program.ID
	}
	sort.SliceStable(hs, func(i, j int) bool {
		a, b := &hs[i], &hs[j]
		if a.Verdict.Eligible != b.Verdict.Eligible {
			return a.Verdict.Eligible
		}
		switch by {
		case SortDeadline:
			if !a.Deadline.sortKey.Equal(b.Deadline.sortKey) {
				return a.Deadline.sortKey.Before(b.Deadline.sortKey)
			}
		case SortMagic:
			if a.Magic != b.Magic {
				return a.Magic > b.Magic
			}
		}
		return best(a, b)
	})
}
