package conformance

import (
	"testing"
	"time"

	"github.com/crebit/crebit/internal/randid"
	"github.com/crebit/crebit/internal/session"
	"github.com/crebit/crebit/internal/store"
	"github.com/crebit/crebit/internal/store/sessionstore"
)

func newSession(b *bundle) session.Session {
	return session.Session{ID: randid.New("ses"), CreatedAt: b.now, LastSeenAt: b.now, ExpiresAt: b.now.Add(time.Hour)}
}

func exerciseSessions(t *testing.T, s *suite) {
	t.Run("Session", func(t *testing.T) {
		t.Parallel()
		t.Run("CreateAndGetRoundTrip", func(t *testing.T) {
			t.Parallel()
			b := s.setup(t)
			s := newSession(b)
			s.AccountID = "acc_1"
			s.CreatedAt = b.now.Add(-time.Minute)
			b.exec(t, func(tx *store.Tx) error { return sessionstore.CreateSession(b.ctx, tx, s) })
			got := must(t, b, func(tx *store.Tx) (session.Session, error) { return sessionstore.Session(b.ctx, tx, s.ID) })
			equal(t, "session", got, s)
		})
		t.Run("StoresMicrosecondsInUTC", func(t *testing.T) {
			t.Parallel()
			b := s.setup(t)
			s := newSession(b)
			sp := time.FixedZone("BRT", -3*3600)
			s.CreatedAt = time.Date(2026, 11, 23, 12, 0, 0, 999999999, sp)
			b.exec(t, func(tx *store.Tx) error { return sessionstore.CreateSession(b.ctx, tx, s) })
			got := must(t, b, func(tx *store.Tx) (session.Session, error) { return sessionstore.Session(b.ctx, tx, s.ID) })
			equal(t, "created_at", got.CreatedAt, time.Date(2026, 11, 23, 15, 0, 0, 999999000, time.UTC))
		})
		t.Run("TouchSlidesExpiry", func(t *testing.T) {
			t.Parallel()
			b := s.setup(t)
			s := newSession(b)
			b.exec(t, func(tx *store.Tx) error { return sessionstore.CreateSession(b.ctx, tx, s) })
			seen, expires := b.now.Add(10*time.Minute), b.now.Add(2*time.Hour)
			b.exec(t, func(tx *store.Tx) error { return sessionstore.TouchSession(b.ctx, tx, s.ID, seen, expires) })
			got := must(t, b, func(tx *store.Tx) (session.Session, error) { return sessionstore.Session(b.ctx, tx, s.ID) })
			equal(t, "last_seen_at", got.LastSeenAt, seen)
			equal(t, "expires_at", got.ExpiresAt, expires)
			equal(t, "created_at", got.CreatedAt, s.CreatedAt)
		})
		t.Run("RemembersLastCustomerQuoteAndAccount", func(t *testing.T) {
			t.Parallel()
			b := s.setup(t)
			s := newSession(b)
			b.exec(t, func(tx *store.Tx) error {
				if err := sessionstore.CreateSession(b.ctx, tx, s); err != nil {
					return err
				}
				if err := sessionstore.SetSessionCustomer(b.ctx, tx, s.ID, "cus_1"); err != nil {
					return err
				}
				if err := sessionstore.SetSessionQuote(b.ctx, tx, s.ID, "on_1", "off_1"); err != nil {
					return err
				}
				return sessionstore.SetSessionExternalAccount(b.ctx, tx, s.ID, "ext_1")
			})
			got := must(t, b, func(tx *store.Tx) (session.Session, error) { return sessionstore.Session(b.ctx, tx, s.ID) })
			want := s
			want.LastCustomerID, want.LastOnRampQuoteID, want.LastOffRampQuoteID, want.LastExternalAccountID = "cus_1", "on_1", "off_1", "ext_1"
			equal(t, "session", got, want)
		})
		t.Run("DeleteExpiredKeepsLiveOnes", func(t *testing.T) {
			t.Parallel()
			b := s.fresh(t)
			expired, boundary, live := newSession(b), newSession(b), newSession(b)
			expired.ExpiresAt = b.now.Add(-time.Second)
			boundary.ExpiresAt = b.now // expires_at <= now is expired (session.Expired)
			live.ExpiresAt = b.now.Add(time.Microsecond)
			b.exec(t, func(tx *store.Tx) error {
				for _, s := range []session.Session{expired, boundary, live} {
					if err := sessionstore.CreateSession(b.ctx, tx, s); err != nil {
						return err
					}
				}
				return nil
			})
			n := must(t, b, func(tx *store.Tx) (int64, error) { return sessionstore.DeleteExpiredSessions(b.ctx, tx, b.now) })
			equal(t, "deleted", n, int64(2))
			for _, s := range []session.Session{expired, boundary} {
				_, err := read(b, func(tx *store.Tx) (session.Session, error) { return sessionstore.Session(b.ctx, tx, s.ID) })
				requireIs(t, "expired session", err, store.ErrNotFound)
			}
			must(t, b, func(tx *store.Tx) (session.Session, error) { return sessionstore.Session(b.ctx, tx, live.ID) })
		})
		t.Run("MissingIsErrNotFound", func(t *testing.T) {
			t.Parallel()
			b := s.setup(t)
			_, err := read(b, func(tx *store.Tx) (session.Session, error) { return sessionstore.Session(b.ctx, tx, "ses_missing") })
			requireIs(t, "Session", err, store.ErrNotFound)
		})
	})
}
