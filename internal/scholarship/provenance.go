package scholarship

import (
	"time"
)

// SourcesOf returns the sources that give fact (one of FactKinds).
func (p *Program) SourcesOf(fact string) []Source {
	var out []Source
	for _, s := range p.Sources {
		if contains(s.Facts, fact) {
			out = append(out, s)
		}
	}
	return out
}

// HasOfficialSource reports whether any source is the program's own page.
func (p *Program) HasOfficialSource() bool {
	for _, s := range p.Sources {
		if s.Official {
			return true
		}
	}
	return false
}

// contentEnd reads a content date as the last day it can mean: a page that
// shows only "2025" may have been written on 31 December 2025, so its
// content is counted as no older than that.
func contentEnd(d string) (time.Time, bool) {
	switch len(d) {
	case 4:
		t, err := time.Parse("2006", d)
		return t.AddDate(1, 0, -1), err == nil
	case 7:
		t, err := time.Parse("2006-01", d)
		return t.AddDate(0, 1, -1), err == nil
	}
	t, err := time.Parse(time.DateOnly, d)
	return t, err == nil
}

// newest returns the newest content date among sources ("" when none of
// them shows a date) as written, and its end day.
func newest(ss []Source) (string, time.Time) {
	var best string
	var bestT time.Time
	for _, s := range ss {
		if s.ContentDate == nil {
			continue
		}
		if t, ok := contentEnd(*s.ContentDate); ok && t.After(bestT) {
			best, bestT = *s.ContentDate, t
		}
	}
	return best, bestT
}

// FactAge is how old the newest source of one fact is.
type FactAge struct {
	Fact    string
	Content string // newest content date of the fact's sources; "" when none shows one
	Stale   bool   // that content is more than 12 months old
}

// Ages returns each fact the record cites (FactKinds order) with the age
// of its newest source's content on today.
func (p *Program) Ages(today time.Time) []FactAge {
	cut := day(today).AddDate(-1, 0, 0)
	var out []FactAge
	for _, f := range FactKinds {
		ss := p.SourcesOf(f)
		if len(ss) == 0 {
			continue
		}
		d, t := newest(ss)
		out = append(out, FactAge{Fact: f, Content: d, Stale: d != "" && t.Before(cut)})
	}
	return out
}

// PastDue reports whether every dated source of the record is more than 24
// months old (or none is dated and none was read in that time), and no
// check_note explains why it is still shipped. Discontinued programs are
// kept as evidence and are never past due.
func (p *Program) PastDue(today time.Time) bool {
	if p.CheckNote != nil || p.Discontinued != nil {
		return false
	}
	cut := day(today).AddDate(-2, 0, 0)
	d, t := newest(p.Sources)
	if d == "" {
		return false
	}
	return t.Before(cut)
}

// Cycle statuses shown on a card.
const (
	CycleOpen         = "open"          // a dated deadline is today or later
	CycleClosed       = "closed"        // the last dated deadline passed; no next cycle announced
	CycleExpected     = "next_expected" // the next cycle is expected in a known month
	CycleDiscontinued = "discontinued"  // ended, with evidence
	CycleUnknown      = "unknown"       // no dated deadline and no reliable month
)

// CycleInfo is a program's cycle status on a day.
type CycleInfo struct {
	Status string `json:"status"`
	Date   string `json:"date,omitempty"`  // the dated deadline (open or passed)
	Month  int    `json:"month,omitempty"` // the month the next cycle is expected to close
	// Evidence is the page that shows the program ended (discontinued only).
	Evidence string `json:"evidence,omitempty"`
	Since    string `json:"since,omitempty"`
}

// CycleStatus classifies p on today. A deadline whose sources are more than 24
// months old says nothing about the next cycle: unknown.
func (p *Program) CycleStatus(today time.Time) CycleInfo {
	if d := p.Discontinued; d != nil {
		return CycleInfo{Status: CycleDiscontinued, Evidence: d.Evidence, Since: d.Since}
	}
	t0 := day(today)
	dd, dt := newest(p.SourcesOf("deadline"))
	fresh := dd != "" && !dt.Before(t0.AddDate(-2, 0, 0))
	if p.Deadline.Date != nil {
		t, err := time.Parse(time.DateOnly, *p.Deadline.Date)
		if err == nil && !t.Before(t0) {
			return CycleInfo{Status: CycleOpen, Date: *p.Deadline.Date}
		}
		if err == nil && p.Deadline.Month > 0 && fresh && t.After(t0.AddDate(-2, 0, 0)) {
			return CycleInfo{Status: CycleExpected, Date: *p.Deadline.Date, Month: p.Deadline.Month}
		}
		return CycleInfo{Status: CycleClosed, Date: *p.Deadline.Date}
	}
	if p.Deadline.Month > 0 && fresh {
		return CycleInfo{Status: CycleExpected, Month: p.Deadline.Month}
	}
	return CycleInfo{Status: CycleUnknown}
}

func day(t time.Time) time.Time {
	t = t.UTC()
	return time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, time.UTC)
}

// IsLoan reports whether the program only lends money (no award type, and
// tagged "loan" or run by a lender): search shows it only when asked for a
// loan, and its card says it must be repaid.
func IsLoan(p *Program) bool {
	return len(p.AwardTypes) == 0 && (contains(p.Tags, "loan") || p.Runner == "lender")
}

// MayBeLoan reports whether part of what the program gives may be a loan
// (a grant or a loan depending on the case): shown, and labelled so.
func MayBeLoan(p *Program) bool {
	return len(p.AwardTypes) > 0 && contains(p.Tags, "loan")
}
