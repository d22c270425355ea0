package scholarships

import (
	"time"

	"github.com/crebit/crebit/internal/scholarship"
)

// ProgramView is a program as a result card shows it, in one language.
// Applicants and awarded are present only with their source.
type ProgramView struct {
	ID           string                `json:"id"`
	Title        string                `json:"title"`
	Provider     string                `json:"provider"`
	Description  string                `json:"description"`
	OfficialURL  string                `json:"official_url"`
	Amount       AmountView            `json:"amount"`
	Deadline     DeadlineView          `json:"deadline"`
	Renewable    *bool                 `json:"renewable"`
	Coverage     []string              `json:"coverage"`
	AwardTypes   []string              `json:"award_types"`
	Levels       []string              `json:"levels"`
	Fields       []string              `json:"fields"`
	Tags         []string              `json:"tags"`
	Requirements []string              `json:"requirements"`
	Eligibility  []string              `json:"eligibility"`
	Applicants   *scholarship.Figure   `json:"applicants"`
	Awarded      *scholarship.Figure   `json:"awarded"`
	VerifiedAt   string                `json:"verified_at"`
	Cycle        scholarship.CycleInfo `json:"cycle"`
	Sources      []SourceView          `json:"sources"`
	Legitimacy   LegitimacyView        `json:"legitimacy"`
	Match        *int                  `json:"match,omitempty"`
	Eligible     *bool                 `json:"eligible,omitempty"`
	Why          []scholarship.Chip    `json:"why,omitempty"`
	WhyNot       []scholarship.Chip    `json:"why_not,omitempty"`
	Unknown      []scholarship.Chip    `json:"unknown,omitempty"`
}

// SourceView is one page a card's facts came from.
type SourceView struct {
	URL         string   `json:"url"`
	Official    bool     `json:"official"`
	ReadAt      string   `json:"read_at"`
	ContentDate *string  `json:"content_date"`
	Facts       []string `json:"facts"`
}

// LegitimacyView is the evidence a card states that the listing is real:
// an official source, who runs it, no fee to apply, not a sweepstakes.
type LegitimacyView struct {
	OfficialSource string `json:"official_source,omitempty"` // the official page read, if any
	Runner         string `json:"runner"`
	FreeToApply    bool   `json:"free_to_apply"`
	Loan           bool   `json:"loan"`
	MayBeLoan      bool   `json:"may_be_loan"`
}

// AmountView is the award's size.
type AmountView struct {
	Min      *int64 `json:"min"`
	Max      *int64 `json:"max"`
	Currency string `json:"currency"`
	Text     string `json:"text"`
}

// DeadlineView is the deadline seen today, with the rule's text when there is no date.
type DeadlineView struct {
	scholarship.DeadlineInfo
	Rule string `json:"rule,omitempty"`
}

func view(p *scholarship.Program, lang string, today time.Time, dl scholarship.DeadlineInfo, v *scholarship.Verdict) ProgramView {
	pv := ProgramView{ID: p.ID, Title: p.TitleIn(lang), Provider: p.ProviderIn(lang), Description: p.Summary.In(lang), OfficialURL: p.OfficialURL,
		Amount:   AmountView{Min: p.Amount.Min, Max: p.Amount.Max, Currency: p.Amount.Currency, Text: p.Amount.Text.In(lang)},
		Deadline: DeadlineView{DeadlineInfo: dl}, Renewable: p.Renewable, Coverage: nonNil(p.Coverage), AwardTypes: p.AwardTypes,
		Levels: p.Levels, Fields: p.Fields, Tags: tagLabels(p.Tags, lang), Requirements: p.Requirements.In(lang), Eligibility: p.Eligibility.In(lang),
		Applicants: p.Applicants, Awarded: p.Awarded, VerifiedAt: p.VerifiedAt, Cycle: p.CycleStatus(today),
		Legitimacy: LegitimacyView{Runner: p.Runner, FreeToApply: !p.ApplicationFee, Loan: scholarship.IsLoan(p), MayBeLoan: scholarship.MayBeLoan(p)}}
	for _, src := range p.Sources {
		pv.Sources = append(pv.Sources, SourceView{URL: src.URL, Official: src.Official, ReadAt: src.ReadAt, ContentDate: src.ContentDate, Facts: src.Facts})
		if src.Official && pv.Legitimacy.OfficialSource == "" {
			pv.Legitimacy.OfficialSource = src.URL
		}
	}
	if p.Deadline.Rule != nil {
		pv.Deadline.Rule = p.Deadline.Rule.In(lang)
	}
	if v != nil {
		m, e := v.Match, v.Eligible
		pv.Match, pv.Eligible, pv.Why, pv.WhyNot, pv.Unknown = &m, &e, v.Met, v.Unmet, v.Open
	}
	return pv
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// tagLabels are the record's tags as the card shows them in lang.
func tagLabels(tags []string, lang string) []string {
	out := make([]string, 0, len(tags))
	for _, t := range tags {
		out = append(out, scholarship.TagLabel(t, lang))
	}
	return out
}
