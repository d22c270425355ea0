package onboarding

import (
	"testing"
	"time"

	"github.com/crebit/crebit/internal/apperr"
)

func TestCheckBirthDate(t *testing.T) {
	now := time.Date(2026, time.November, 23, 15, 0, 0, 0, time.UTC)
	cases := []struct {
		dob  string
		want string // "" when accepted
	}{
		{"1990-12-25", ""},
		{"2008-11-23", ""}, // 18 today
		{"2008-11-24", "The payer must be at least 18 years old"},
		{"2020-01-01", "The payer must be at least 18 years old"},
		{"2026-11-24", "Date of Birth must be a date in the past"},
		{"1990-02-30", "Date of Birth must be a real calendar date"},
		{"25/12/1990", "Date of Birth must be in YYYY-MM-DD format"},
		{"2512-19-90", "Date of Birth must be a real calendar date"},
		{"1899-12-31", "Date of Birth must be after 1900"},
	}
	for _, c := range cases {
		err := checkBirthDate(c.dob, now)
		got := ""
		if err != nil {
			got = apperr.Message(err)
			if code, _ := apperr.Public(err); code != apperr.DateOfBirthInvalid {
				t.Errorf("%s: code %s, want %s", c.dob, code, apperr.DateOfBirthInvalid)
			}
		}
		if got != c.want {
			t.Errorf("%s: got %q, want %q", c.dob, got, c.want)
		}
	}
}
