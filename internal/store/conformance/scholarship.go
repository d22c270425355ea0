package conformance

import (
	"testing"
	"time"

	"github.com/crebit/crebit/internal/randid"
	"github.com/crebit/crebit/internal/store"
	"github.com/crebit/crebit/internal/store/scholarstore"
	"github.com/crebit/crebit/internal/store/sessionstore"
)

// exerciseScholarships covers the scholarship catalog import, profiles,
// filter sets, their owner rule (account, else guest session) and the move
// of a guest's data to the account it signs in or up to.
func exerciseScholarships(t *testing.T, s *suite) {
	t.Run("Scholarship", func(t *testing.T) {
		t.Parallel()
		guest := func(b *bundle, t *testing.T) scholarstore.Owner {
			ses := newSession(b)
			b.exec(t, func(tx *store.Tx) error { return sessionstore.CreateSession(b.ctx, tx, ses) })
			return scholarstore.Owner{SessionID: ses.ID}
		}
		profile := func(t *testing.T, b *bundle, o scholarstore.Owner) (scholarstore.ScholarshipProfile, error) {
			return read(b, func(tx *store.Tx) (scholarstore.ScholarshipProfile, error) {
				return scholarstore.ScholarshipProfileOf(b.ctx, tx, o)
			})
		}
		t.Run("ProfileUpsertsPerOwnerAndIsInvisibleToOthers", func(t *testing.T) {
			t.Parallel()
			b := s.setup(t)
			g, other := guest(b, t), guest(b, t)
			b.exec(t, func(tx *store.Tx) error {
				if err := scholarstore.SaveScholarshipQuickMatch(b.ctx, tx, g, randid.New("spr"), []byte(`{"v":1}`), b.now); err != nil {
					return err
				}
				return scholarstore.SaveScholarshipQuickMatch(b.ctx, tx, g, randid.New("spr"), []byte(`{"v":2}`), b.now.Add(time.Minute))
			})
			p, err := profile(t, b, g)
			if err != nil {
				t.Fatal(err)
			}
			equal(t, "quick match", string(p.QuickMatch), `{"v":2}`)
			equal(t, "eligibility", p.Eligibility, []byte(nil))
			equal(t, "updated_at", p.UpdatedAt, b.now.Add(time.Minute))
			_, err = profile(t, b, other)
			requireIs(t, "another session's profile", err, store.ErrNotFound)
		})
		t.Run("FilterSetsBelongToTheirOwner", func(t *testing.T) {
			t.Parallel()
			b := s.setup(t)
			g, other := guest(b, t), guest(b, t)
			id := randid.New("fset")
			b.exec(t, func(tx *store.Tx) error {
				return scholarstore.CreateFilterSet(b.ctx, tx, g, scholarstore.FilterSet{ID: id, Name: "STEM", Params: "field=stem", CreatedAt: b.now})
			})
			err := b.db.Tx(b.ctx, func(tx *store.Tx) error { return scholarstore.DeleteFilterSet(b.ctx, tx, other, id) })
			requireIs(t, "deleting another session's set", err, store.ErrNotFound)
			equal(t, "other's sets", len(must(t, b, func(tx *store.Tx) ([]scholarstore.FilterSet, error) { return scholarstore.FilterSets(b.ctx, tx, other) })), 0)
			sets := must(t, b, func(tx *store.Tx) ([]scholarstore.FilterSet, error) { return scholarstore.FilterSets(b.ctx, tx, g) })
			equal(t, "own sets", sets, []scholarstore.FilterSet{{ID: id, Name: "STEM", Params: "field=stem", CreatedAt: b.now}})
			b.exec(t, func(tx *store.Tx) error { return scholarstore.DeleteFilterSet(b.ctx, tx, g, id) })
			err = b.db.Tx(b.ctx, func(tx *store.Tx) error { return scholarstore.DeleteFilterSet(b.ctx, tx, g, id) })
			requireIs(t, "second delete", err, store.ErrNotFound)
		})
		t.Run("MoveToAccountMergesGuestAnswersOverTheAccounts", func(t *testing.T) {
			t.Parallel()
			b := s.setup(t)
			g := guest(b, t)
			acct := scholarstore.Owner{AccountID: randid.New("acc")}
			b.exec(t, func(tx *store.Tx) error {
				if err := scholarstore.SaveScholarshipQuickMatch(b.ctx, tx, acct, randid.New("spr"), []byte(`{"old":true}`), b.now); err != nil {
					return err
				}
				if err := scholarstore.SaveScholarshipEligibility(b.ctx, tx, acct, randid.New("spr"), []byte(`{"race":"asian"}`), b.now); err != nil {
					return err
				}
				if err := scholarstore.SaveScholarshipQuickMatch(b.ctx, tx, g, randid.New("spr"), []byte(`{"new":true}`), b.now.Add(time.Hour)); err != nil {
					return err
				}
				return scholarstore.CreateFilterSet(b.ctx, tx, g, scholarstore.FilterSet{ID: randid.New("fset"), Name: "Law", Params: "field=law", CreatedAt: b.now})
			})
			b.exec(t, func(tx *store.Tx) error {
				return scholarstore.MoveScholarshipDataToAccount(b.ctx, tx, g.SessionID, acct.AccountID)
			})
			p, err := profile(t, b, acct)
			if err != nil {
				t.Fatal(err)
			}
			equal(t, "quick match (the guest's, newer)", string(p.QuickMatch), `{"new":true}`)
			equal(t, "eligibility (the account's, kept)", string(p.Eligibility), `{"race":"asian"}`)
			_, err = profile(t, b, g)
			requireIs(t, "guest row after the move", err, store.ErrNotFound)
			equal(t, "account sets", len(must(t, b, func(tx *store.Tx) ([]scholarstore.FilterSet, error) { return scholarstore.FilterSets(b.ctx, tx, acct) })), 1)
			equal(t, "guest sets", len(must(t, b, func(tx *store.Tx) ([]scholarstore.FilterSet, error) { return scholarstore.FilterSets(b.ctx, tx, g) })), 0)
		})
		t.Run("MoveToANewAccountMovesTheRow", func(t *testing.T) {
			t.Parallel()
			b := s.setup(t)
			g := guest(b, t)
			acct := scholarstore.Owner{AccountID: randid.New("acc")}
			b.exec(t, func(tx *store.Tx) error {
				return scholarstore.SaveScholarshipEligibility(b.ctx, tx, g, randid.New("spr"), []byte(`{"gpa":"3.5"}`), b.now)
			})
			b.exec(t, func(tx *store.Tx) error {
				return scholarstore.MoveScholarshipDataToAccount(b.ctx, tx, g.SessionID, acct.AccountID)
			})
			p, err := profile(t, b, acct)
			if err != nil {
				t.Fatal(err)
			}
			equal(t, "eligibility", string(p.Eligibility), `{"gpa":"3.5"}`)
			equal(t, "quick match", p.QuickMatch, []byte(nil))
			// A session with nothing saved moves nothing and fails nothing.
			empty := guest(b, t)
			b.exec(t, func(tx *store.Tx) error {
				return scholarstore.MoveScholarshipDataToAccount(b.ctx, tx, empty.SessionID, acct.AccountID)
			})
		})
		t.Run("GuestDataGoesWithItsSession", func(t *testing.T) {
			t.Parallel()
			b := s.fresh(t)
			g := guest(b, t)
			b.exec(t, func(tx *store.Tx) error {
				if err := scholarstore.SaveScholarshipQuickMatch(b.ctx, tx, g, randid.New("spr"), []byte(`{}`), b.now); err != nil {
					return err
				}
				if err := scholarstore.CreateFilterSet(b.ctx, tx, g, scholarstore.FilterSet{ID: randid.New("fset"), Name: "x", Params: "", CreatedAt: b.now}); err != nil {
					return err
				}
				_, err := sessionstore.DeleteExpiredSessions(b.ctx, tx, b.now.Add(2*time.Hour))
				return err
			})
			_, err := profile(t, b, g)
			requireIs(t, "profile after the session expired", err, store.ErrNotFound)
			equal(t, "sets", len(must(t, b, func(tx *store.Tx) ([]scholarstore.FilterSet, error) { return scholarstore.FilterSets(b.ctx, tx, g) })), 0)
		})
		t.Run("ImportWritesChangesAndRemovesWhatIsNoLongerShipped", func(t *testing.T) {
			t.Parallel()
			b := s.fresh(t)
			rows := []scholarstore.ScholarshipProgramRow{{ID: "a", Name: "A", Provider: "P", VerifiedAt: "2026-11-01", Record: []byte(`{"id":"a"}`)},
				{ID: "b", Name: "B", Provider: "P", VerifiedAt: "2026-11-01", Record: []byte(`{"id":"b"}`)}}
			imp := func(rs []scholarstore.ScholarshipProgramRow) [2]int64 {
				var w, r int64
				b.exec(t, func(tx *store.Tx) (err error) {
					w, r, err = scholarstore.ImportScholarshipPrograms(b.ctx, tx, rs, b.now)
					return err
				})
				return [2]int64{w, r}
			}
			equal(t, "first import", imp(rows), [2]int64{2, 0})
			equal(t, "same import", imp(rows), [2]int64{0, 0})
			rows[0].Record, rows[0].VerifiedAt = []byte(`{"id":"a","v":2}`), "2026-11-20"
			equal(t, "changed import", imp(rows[:1]), [2]int64{1, 1})
			equal(t, "ids", must(t, b, func(tx *store.Tx) (map[string]string, error) { return scholarstore.ScholarshipProgramIDs(b.ctx, tx) }),
				map[string]string{"a": "2026-11-20"})
		})
	})
}
