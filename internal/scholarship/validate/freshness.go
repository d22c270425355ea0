package validate

import (
	"sort"
	"time"

	"github.com/crebit/crebit/internal/scholarship"
)

// Report is what crebit scholarships check prints.
type Report struct {
	Programs   int
	StaleFacts []StaleFact // facts whose newest source content is over 12 months old
	Undated    []StaleFact // facts none of whose sources shows a content date
	NoOfficial []string    // programs with no official source
	PastDue    []string    // programs past 24 months without a check_note: the check fails
	// Shares of the catalog (every record, discontinued ones included, as
	// issue #29 counts them): how many give an amount or range, a dated
	// deadline of any year, a dated deadline of the current or last cycle
	// (ahead, or at most 24 months past: the window in which CycleStatus
	// still reads it as the program's rhythm), and an official source.
	WithAmount, WithDate, WithRecentDate, WithOfficial int
}

// StaleFact is one fact of one program in a Report.
type StaleFact struct {
	ID, Fact, Content string
}

// CheckCatalog builds the freshness report of a catalog on today.
func CheckCatalog(ps []scholarship.Program, today time.Time) Report {
	r := Report{Programs: len(ps)}
	recent := today.UTC().AddDate(-2, 0, 0).Format(time.DateOnly) // the date two years back, in UTC
	for i := range ps {
		p := &ps[i]
		if p.Amount.Min != nil || p.Amount.Max != nil {
			r.WithAmount++
		}
		if d := p.Deadline.Date; d != nil {
			r.WithDate++
			if *d >= recent {
				r.WithRecentDate++
			}
		}
		if p.HasOfficialSource() {
			r.WithOfficial++
		}
		if p.Discontinued != nil {
			continue
		}
		for _, a := range p.Ages(today) {
			switch {
			case a.Stale:
				r.StaleFacts = append(r.StaleFacts, StaleFact{p.ID, a.Fact, a.Content})
			case a.Content == "":
				r.Undated = append(r.Undated, StaleFact{p.ID, a.Fact, ""})
			}
		}
		if !p.HasOfficialSource() {
			r.NoOfficial = append(r.NoOfficial, p.ID)
		}
		if p.PastDue(today) {
			r.PastDue = append(r.PastDue, p.ID)
		}
	}
	sort.Strings(r.NoOfficial)
	sort.Strings(r.PastDue)
	return r
}
