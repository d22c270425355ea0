package store_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/crebit/crebit/internal/money"
	"github.com/crebit/crebit/internal/payment"
	"github.com/crebit/crebit/internal/session"
	"github.com/crebit/crebit/internal/store"
	"github.com/crebit/crebit/internal/store/sessionstore"
	"github.com/crebit/crebit/internal/store/storetest"
)

func TestSessionRoundTrip(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		now := time.Date(2026, 11, 22, 10, 0, 0, 123456789, time.UTC)
		_, id := session.NewToken()
		s := session.Session{ID: id, CreatedAt: now, LastSeenAt: now, ExpiresAt: now.Add(time.Hour)}
		err := db.Tx(ctx, func(tx *store.Tx) error {
			if err := sessionstore.CreateSession(ctx, tx, s); err != nil {
				return err
			}
			return sessionstore.SetSessionQuote(ctx, tx, id, "on_1", "off_1")
		})
		if err != nil {
			t.Fatal(err)
		}
		var got session.Session
		err = db.Tx(ctx, func(tx *store.Tx) (err error) { got, err = sessionstore.Session(ctx, tx, id); return })
		if err != nil {
			t.Fatal(err)
		}
		if !got.ExpiresAt.Equal(now.Add(time.Hour).Truncate(time.Microsecond)) || got.LastOnRampQuoteID != "on_1" || got.LastOffRampQuoteID != "off_1" {
			t.Fatalf("got %+v", got)
		}
		// Expired sessions are deleted; fresh ones stay.
		var n int64
		err = db.Tx(ctx, func(tx *store.Tx) (err error) {
			n, err = sessionstore.DeleteExpiredSessions(ctx, tx, now.Add(2*time.Hour))
			return
		})
		if err != nil || n != 1 {
			t.Fatalf("deleted %d, %v", n, err)
		}
		err = db.Tx(ctx, func(tx *store.Tx) error { _, err := sessionstore.Session(ctx, tx, id); return err })
		if !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("after delete: %v", err)
		}
	})
}

func TestMigrateTwiceIsANoop(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		v1, err := db.Migrate(context.Background())
		if err != nil || v1 < 1 {
			t.Fatalf("version %d, %v", v1, err)
		}
		v2, err := db.Migrate(context.Background())
		if err != nil || v2 != v1 {
			t.Fatalf("second migrate: version %d -> %d, %v", v1, v2, err)
		}
	})
}

func TestStaleQuotesAreDeletedUnlessPaid(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		old := time.Now().Add(-48 * time.Hour)
		q := payment.Quote{ID: "quo_old", SessionID: "s", Symbol: "USDC/BRL", AmountUSD: money.Amount{Minor: 100, Currency: money.USD},
			TotalLocal: money.Amount{Minor: 542, Currency: money.BRL}, EffectiveRate: "5.42", OnRampID: "on_old",
			OnRampQuotation: "5.39", OffRampID: "off_old", OffRampQuotation: "0.999", CreatedAt: old, ExpiresAt: old}
		fresh := q
		fresh.ID, fresh.OnRampID, fresh.OffRampID, fresh.ExpiresAt = "quo_new", "on_new", "off_new", time.Now().Add(time.Minute)
		var n int64
		err := db.Tx(ctx, func(tx *store.Tx) (err error) {
			if err = tx.CreateQuote(ctx, q); err != nil {
				return err
			}
			if err = tx.CreateQuote(ctx, fresh); err != nil {
				return err
			}
			n, err = tx.DeleteStaleQuotes(ctx, time.Now().Add(-24*time.Hour))
			return err
		})
		if err != nil || n != 1 {
			t.Fatalf("deleted %d, %v", n, err)
		}
	})
}
