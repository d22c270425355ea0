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
}

// Result is the whole ranked list and what the query was understood as.
type Result struct {
	Hits       []Hit
	Understood []Chip
}

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

// Search runs q over the index. An Embedder, when given, re-ranks the
// semantic mode's best candidates; its failure leaves the lexical order.
func (ix *Index) Search(ctx context.Context, q Query, emb Embedder) Result {
	var res Result
	student := q.Student
	var terms []weighted
	var facets Facets
	text := strings.TrimSpace(q.Text)
	if text != "" {
		u := DefaultLexicon.Understand(text)
		res.Understood = u.Chips
		if q.Mode == ModeSemantic {
			facets = u.Facets
			student = student.With(facets)
			facets.inferredGender = u.Inferred["@gender:women"]
			terms = ix.expand(u.Residual)
			for _, c := range u.Concepts {
				w := 1.5
				if u.Inferred[c] {
					w = 0.3
				}
				terms = append(terms, weighted{c, w})
			}
		} else {
			all := Terms(text)
			terms = ix.expand(all)
			for _, c := range u.Concepts {
				terms = append(terms, weighted{c, 1})
			}
		}
	}
	for i := range ix.Programs {
		p := &ix.Programs[i]
		if p.Discontinued != nil {
			continue // kept as evidence and reachable by id, never offered in a search
		}
		h := Hit{Program: p, Verdict: Check(p, student), Deadline: DeadlineStatus(p.Deadline, q.Today)}
		if !h.Verdict.Eligible && !q.Partial {
			continue
		}
		if !passes(p, h.Deadline, q.Filters, q.Today) {
			continue
		}
		if facets.AmountMinUS > 0 && usdMax(p) < float64(facets.AmountMinUS) {
			continue
		}
		if facets.Loan != contains(p.Tags, "loan") && facets.Loan {
			continue
		}
		if text != "" {
			h.Score = ix.bm25(i, terms)
			if q.Mode == ModeSemantic {
				h.Score += facetBonus(p, facets)
			}
			if h.Score <= 0 {
				continue
			}
		}
		res.Hits = append(res.Hits, h)
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
	}
	order(res.Hits, q.Sort, text != "")
	return res
}

// facetBonus rewards programs aimed at what the query asks for, beyond
// merely allowing it (a women-only award for "bolsa para mulher").
func facetBonus(p *Program, f Facets) float64 {
	b := 0.0
	if f.Gender == "women" && p.Gender == "women" && !f.inferredGender {
		b += 1
	}
	if len(f.Nationality) > 0 && overlaps(p.Nationalities, f.Nationality) {
		b += 1.5
	}
	if len(f.Fields) > 0 && overlaps(p.Fields, expandFields(f.Fields)) {
		b += 1
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
	for _, c := range f.Criteria {
		if contains(p.Criteria, c) {
			b += 1
		}
	}
	return b
}

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
	best := func(a, b *Hit) bool {
		if hasQuery && a.Score != b.Score {
			return a.Score > b.Score
		}
		if a.Verdict.Match != b.Verdict.Match {
			return a.Verdict.Match > b.Verdict.Match
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
