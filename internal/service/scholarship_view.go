package service

import "github.com/crebit/crebit/internal/scholarship"

// ProgramView is a program as a result card shows it, in one language.
// Applicants and awarded are present only with their source.
type ProgramView struct {
	ID           string              `json:"id"`
	Title        string              `json:"title"`
	Provider     string              `json:"provider"`
	Description  string              `json:"description"`
	OfficialURL  string              `json:"official_url"`
	Amount       AmountView          `json:"amount"`
	Deadline     DeadlineView        `json:"deadline"`
	Renewable    *bool               `json:"renewable"`
	Coverage     []string            `json:"coverage"`
	AwardTypes   []string            `json:"award_types"`
	Levels       []string            `json:"levels"`
	Fields       []string            `json:"fields"`
	Tags         []string            `json:"tags"`
	Requirements []string            `json:"requirements"`
	Eligibility  []string            `json:"eligibility"`
	Applicants   *scholarship.Figure `json:"applicants"`
	Awarded      *scholarship.Figure `json:"awarded"`
	VerifiedAt   string              `json:"verified_at"`
	Match        *int                `json:"match,omitempty"`
	Eligible     *bool               `json:"eligible,omitempty"`
	Why          []scholarship.Chip  `json:"why,omitempty"`
	WhyNot       []scholarship.Chip  `json:"why_not,omitempty"`
	Unknown      []scholarship.Chip  `json:"unknown,omitempty"`
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

func view(p *scholarship.Program, lang string, dl scholarship.DeadlineInfo, v *scholarship.Verdict) ProgramView {
	pv := ProgramView{ID: p.ID, Title: p.Name, Provider: p.Provider, Description: p.Summary.In(lang), OfficialURL: p.OfficialURL,
		Amount:   AmountView{Min: p.Amount.Min, Max: p.Amount.Max, Currency: p.Amount.Currency, Text: p.Amount.Text.In(lang)},
		Deadline: DeadlineView{DeadlineInfo: dl}, Renewable: p.Renewable, Coverage: nonNil(p.Coverage), AwardTypes: p.AwardTypes,
		Levels: p.Levels, Fields: p.Fields, Tags: nonNil(p.Tags), Requirements: p.Requirements.In(lang), Eligibility: p.Eligibility.In(lang),
		Applicants: p.Applicants, Awarded: p.Awarded, VerifiedAt: p.VerifiedAt}
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
