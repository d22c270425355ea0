package opsstore_test

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/crebit/crebit/internal/money"
	"github.com/crebit/crebit/internal/payment"
	"github.com/crebit/crebit/internal/store"
	"github.com/crebit/crebit/internal/store/opsstore"
	"github.com/crebit/crebit/internal/store/seed"
	"github.com/crebit/crebit/internal/store/storetest"
)

// TestConsolePaymentsFindsWhatAFilterSays: each console filter, alone and
// together, returns exactly the payments a plain reading of all of them
// selects, newest first, and paging after the last row walks the whole
// list with no row twice or missed, on both engines.
func TestConsolePaymentsFindsWhatAFilterSays(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		end := time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)
		payers, err := seed.Payments(ctx, db, 600, end, 7)
		if err != nil {
			t.Fatal(err)
		}
		find := func(f opsstore.ConsoleSearch) []opsstore.ConsoleRow {
			t.Helper()
			var all []opsstore.ConsoleRow
			for {
				f.Limit = 50
				var page []opsstore.ConsoleRow
				if err := db.Read(ctx, func(tx *store.Tx) (err error) { page, err = opsstore.ConsolePayments(ctx, tx, f); return }); err != nil {
					t.Fatal(err)
				}
				all = append(all, page...)
				if len(page) < 50 {
					return all
				}
				last := page[len(page)-1]
				f.AfterAt, f.AfterID = last.CreatedAt, last.ID
			}
		}
		everything := find(opsstore.ConsoleSearch{})
		if len(everything) != 600 {
			t.Fatalf("walking every page found %d payments, want 600", len(everything))
		}
		ids := map[string]bool{}
		for i, r := range everything {
			if ids[r.ID] {
				t.Fatalf("%s listed twice", r.ID)
			}
			ids[r.ID] = true
			if i > 0 && (r.CreatedAt.After(everything[i-1].CreatedAt) ||
				r.CreatedAt.Equal(everything[i-1].CreatedAt) && r.ID > everything[i-1].ID) {
				t.Fatalf("not newest first at %d", i)
			}
		}
		want := func(keep func(opsstore.ConsoleRow) bool) []string {
			var out []string
			for _, r := range everything {
				if keep(r) {
					out = append(out, r.ID)
				}
			}
			return out
		}
		idsOf := func(rs []opsstore.ConsoleRow) []string {
			out := make([]string, len(rs))
			for i, r := range rs {
				out[i] = r.ID
			}
			return out
		}
		guest, member := payers[0], payers[1]
		from, to := end.AddDate(0, -3, 0), end.AddDate(0, -1, 0)
		cases := []struct {
			name string
			f    opsstore.ConsoleSearch
			keep func(opsstore.ConsoleRow) bool
		}{
			{"transaction id", opsstore.ConsoleSearch{ID: everything[17].ID}, func(r opsstore.ConsoleRow) bool { return r.ID == everything[17].ID }},
			{"a guest's e-mail", opsstore.ConsoleSearch{Email: guest.Email}, func(r opsstore.ConsoleRow) bool { return r.Email == guest.Email }},
			{"an account's e-mail", opsstore.ConsoleSearch{Email: member.Email}, func(r opsstore.ConsoleRow) bool { return r.AccountID == member.AccountID }},
			{"tax id last 4", opsstore.ConsoleSearch{Last4: member.TaxLast4}, func(r opsstore.ConsoleRow) bool {
				return r.TaxIDLast4 == member.TaxLast4 || r.AccountLast4 == member.TaxLast4
			}},
			{"bank last 4", opsstore.ConsoleSearch{Last4: guest.BankLast4}, func(r opsstore.ConsoleRow) bool {
				return r.TaxIDLast4 == guest.BankLast4 || r.AccountLast4 == guest.BankLast4
			}},
			{"states", opsstore.ConsoleSearch{States: []payment.State{payment.StateFailed, payment.StateRefunded}}, func(r opsstore.ConsoleRow) bool {
				return r.State == payment.StateFailed || r.State == payment.StateRefunded
			}},
			{"corridor", opsstore.ConsoleSearch{Currency: money.MXN}, func(r opsstore.ConsoleRow) bool { return r.AmountLocal.Currency == money.MXN }},
			{"amount range", opsstore.ConsoleSearch{MinUSD: 100_000, MaxUSD: 250_000}, func(r opsstore.ConsoleRow) bool {
				return r.AmountUSD.Minor >= 100_000 && r.AmountUSD.Minor <= 250_000
			}},
			{"dates", opsstore.ConsoleSearch{From: from, To: to}, func(r opsstore.ConsoleRow) bool {
				return !r.CreatedAt.Before(from) && r.CreatedAt.Before(to)
			}},
			{"everything at once", opsstore.ConsoleSearch{States: []payment.State{payment.StateCompleted}, Currency: money.BRL, MinUSD: 50_000, From: from},
				func(r opsstore.ConsoleRow) bool {
					return r.State == payment.StateCompleted && r.AmountLocal.Currency == money.BRL && r.AmountUSD.Minor >= 50_000 && !r.CreatedAt.Before(from)
				}},
			{"nothing matches", opsstore.ConsoleSearch{Email: "nobody@example.org"}, func(opsstore.ConsoleRow) bool { return false }},
		}
		for _, c := range cases {
			got, exp := idsOf(find(c.f)), want(c.keep)
			if !slices.Equal(got, exp) {
				t.Errorf("%s: found %d %v, want %d %v", c.name, len(got), clipIDs(got), len(exp), clipIDs(exp))
			}
			if c.name != "nothing matches" && len(exp) == 0 {
				t.Errorf("%s: the seed has no payment to find; the case proves nothing", c.name)
			}
		}
	})
}

func clipIDs(ids []string) []string {
	if len(ids) > 5 {
		return ids[:5]
	}
	return ids
}
