package scholarship

import (
	"fmt"
	"time"
)

// Deadline states.
const (
	StatusOpen      = "open"      // the current cycle's date is today or later
	StatusClosed    = "closed"    // the current cycle's date has passed: closed until the next cycle
	StatusRecurring = "recurring" // no date published for this cycle: a rule, check the official site
)

// DeadlineInfo is a program's deadline seen from today.
type DeadlineInfo struct {
	Status string `json:"status"`
	// Date is the open date, or for a closed program the date that passed.
	Date string `json:"date,omitempty"`
	// Expected is the estimated next date (the rule's month, next cycle):
	// used for sorting and windows, shown only as "around".
	Expected string `json:"expected,omitempty"`
	Month    int    `json:"month,omitempty"`
	sortKey  time.Time
}

// DeadlineStatus classifies p's deadline on today (UTC date). A passed date
// is closed until the next cycle and is never shown as open.
func DeadlineStatus(d Deadline, today time.Time) DeadlineInfo {
	day := time.Date(today.Year(), today.Month(), today.Day(), 0, 0, 0, 0, time.UTC)
	if d.Date != nil {
		t, err := time.Parse(time.DateOnly, *d.Date)
		if err == nil {
			if !t.Before(day) {
				return DeadlineInfo{Status: StatusOpen, Date: *d.Date, Month: int(t.Month()), sortKey: t}
			}
			next := t.AddDate(1, 0, 0)
			for next.Before(day) {
				next = next.AddDate(1, 0, 0)
			}
			return DeadlineInfo{Status: StatusClosed, Date: *d.Date, Expected: next.Format(time.DateOnly), Month: int(t.Month()), sortKey: next.AddDate(100, 0, 0)}
		}
	}
	info := DeadlineInfo{Status: StatusRecurring, Month: d.Month}
	if d.Month >= 1 && d.Month <= 12 {
		// The last day of the rule's month, this year or next.
		exp := time.Date(day.Year(), time.Month(d.Month)+1, 0, 0, 0, 0, 0, time.UTC)
		if exp.Before(day) {
			exp = time.Date(day.Year()+1, time.Month(d.Month)+1, 0, 0, 0, 0, 0, time.UTC)
		}
		info.Expected, info.sortKey = exp.Format(time.DateOnly), exp
	} else {
		info.sortKey = day.AddDate(50, 0, 0)
	}
	return info
}

// Deadline windows of the Application Deadline filter.
var DeadlineWindows = []string{"2w", "1m", "3m", "6m", "year"}

// inWindow reports whether a deadline falls inside the window from today:
// an open date, or a recurring rule's expected month. Closed programs are in
// no window.
func inWindow(info DeadlineInfo, window string, today time.Time) bool {
	if info.Status == StatusClosed || info.sortKey.IsZero() || (info.Status == StatusRecurring && info.Expected == "") {
		return false
	}
	day := time.Date(today.Year(), today.Month(), today.Day(), 0, 0, 0, 0, time.UTC)
	var end time.Time
	switch window {
	case "2w":
		end = day.AddDate(0, 0, 14)
	case "1m":
		end = day.AddDate(0, 1, 0)
	case "3m":
		end = day.AddDate(0, 3, 0)
	case "6m":
		end = day.AddDate(0, 6, 0)
	case "year":
		// This academic year: until the next 31 July.
		end = time.Date(day.Year(), time.July, 31, 0, 0, 0, 0, time.UTC)
		if end.Before(day) {
			end = end.AddDate(1, 0, 0)
		}
	default:
		return true
	}
	return !info.sortKey.After(end)
}

func formatGPA(g *GPA) string { return fmt.Sprintf("%g/%g", g.Value, g.Scale) }
