package conformance

import (
	"testing"
	"time"

	"github.com/crebit/crebit/internal/money"
	"github.com/crebit/crebit/internal/payment"
	"github.com/crebit/crebit/internal/randid"
	"github.com/crebit/crebit/internal/store"
)

func usd(minor int64) money.Amount { return money.Amount{Minor: minor, Currency: money.USD} }

func newQuote(b *bundle) payment.Quote {
	return payment.Quote{ID: randid.New("quo"), SessionID: "ses_1", Symbol: "USDC/BRL", AmountUSD: usd(1_000_000),
		TotalLocal: money.Amount{Minor: 5_422_300, Currency: money.BRL}, TotalFeesUSD: usd(2_500),
		USDC: money.Amount{Minor: 1_002_500, Currency: money.USDC}, GrossUSD: usd(1_002_500), EffectiveRate: "5.4223",
		OnRampID: randid.New("on"), OnRampQuotation: "5.4088", OffRampID: randid.New("off"), OffRampQuotation: "0.9990",
		CreatedAt: b.now, ExpiresAt: b.now.Add(5 * time.Minute)}
}

func exerciseQuotes(t *testing.T, s *suite) {
	t.Run("Quote", func(t *testing.T) {
		t.Parallel()
		t.Run("CreateAndGetByOnRampID", func(t *testing.T) {
			t.Parallel()
			b := s.setup(t)
			q := newQuote(b)
			q.AmountUSD = usd(9_007_199_254_740_993) // beyond float64's exact integers: stored as a 64-bit integer
			b.exec(t, func(tx *store.Tx) error { return tx.CreateQuote(b.ctx, q) })
			got := must(t, b, func(tx *store.Tx) (payment.Quote, error) { return tx.QuoteByOnRampID(b.ctx, q.OnRampID) })
			equal(t, "quote", got, q)
			_, err := read(b, func(tx *store.Tx) (payment.Quote, error) { return tx.QuoteByOnRampID(b.ctx, q.OffRampID) })
			requireIs(t, "by the off-ramp id", err, store.ErrNotFound)
		})
		t.Run("RampIDsAreUnique", func(t *testing.T) {
			t.Parallel()
			b := s.setup(t)
			q := newQuote(b)
			b.exec(t, func(tx *store.Tx) error { return tx.CreateQuote(b.ctx, q) })
			sameOn, sameOff := newQuote(b), newQuote(b)
			sameOn.OnRampID, sameOff.OffRampID = q.OnRampID, q.OffRampID
			for _, d := range []payment.Quote{sameOn, sameOff} {
				err := b.db.Tx(b.ctx, func(tx *store.Tx) error { return tx.CreateQuote(b.ctx, d) })
				requireIs(t, "reused ramp id", err, store.ErrConflict)
			}
		})
		t.Run("DeleteStaleKeepsPaidAndFresh", func(t *testing.T) {
			t.Parallel()
			b := s.fresh(t)
			stale, fresh := newQuote(b), newQuote(b)
			stale.ExpiresAt = b.now.Add(-25 * time.Hour)
			paid := newPaymentWith(t, b, func(q *payment.Quote) { q.ExpiresAt = b.now.Add(-25 * time.Hour) })
			b.exec(t, func(tx *store.Tx) error {
				if err := tx.CreateQuote(b.ctx, stale); err != nil {
					return err
				}
				return tx.CreateQuote(b.ctx, fresh)
			})
			n := must(t, b, func(tx *store.Tx) (int64, error) { return tx.DeleteStaleQuotes(b.ctx, b.now.Add(-24*time.Hour)) })
			equal(t, "deleted", n, int64(1))
			_, err := read(b, func(tx *store.Tx) (payment.Quote, error) { return tx.QuoteByOnRampID(b.ctx, stale.OnRampID) })
			requireIs(t, "stale quote", err, store.ErrNotFound)
			for _, on := range []string{fresh.OnRampID, paid.quote.OnRampID} {
				must(t, b, func(tx *store.Tx) (payment.Quote, error) { return tx.QuoteByOnRampID(b.ctx, on) })
			}
		})
	})
}
