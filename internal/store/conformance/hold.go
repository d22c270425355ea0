package conformance

import (
	"testing"
	"time"

	"github.com/crebit/crebit/internal/randid"
	"github.com/crebit/crebit/internal/store"
	"github.com/crebit/crebit/internal/store/holdstore"
)

func exerciseHolds(t *testing.T, s *suite) {
	t.Run("PaymentHold", func(t *testing.T) {
		t.Parallel()
		t.Run("OneOpenHoldReleasedIntoHistory", func(t *testing.T) {
			t.Parallel()
			b := s.setup(t)
			p := newPaymentWith(t, b, nil)
			id := p.record.ID
			_, err := read(b, func(tx *store.Tx) (holdstore.PaymentHold, error) { return holdstore.OpenHold(b.ctx, tx, id) })
			requireIs(t, "no hold yet", err, store.ErrNotFound)
			requireIs(t, "release without a hold", b.db.Tx(b.ctx, func(tx *store.Tx) error {
				return holdstore.ReleaseHold(b.ctx, tx, id, b.now, "acc_f", "f@example.com", "x")
			}), store.ErrNotFound)
			h := holdstore.PaymentHold{ID: randid.New("hold"), PaymentID: id, HeldAt: b.now, HeldBy: "acc_f", HeldByEmail: "f@example.com", Reason: "check"}
			b.exec(t, func(tx *store.Tx) error { return holdstore.HoldPayment(b.ctx, tx, h) })
			got := must(t, b, func(tx *store.Tx) (holdstore.PaymentHold, error) { return holdstore.OpenHold(b.ctx, tx, id) })
			equal(t, "open hold", got, h)
			if err := b.db.Tx(b.ctx, func(tx *store.Tx) error {
				return holdstore.HoldPayment(b.ctx, tx, holdstore.PaymentHold{ID: randid.New("hold"), PaymentID: id, HeldAt: b.now, HeldBy: "acc_f", HeldByEmail: "f@example.com", Reason: "again"})
			}); err == nil {
				t.Fatal("a second open hold was stored")
			}
			later := b.now.Add(time.Hour)
			b.exec(t, func(tx *store.Tx) error {
				return holdstore.ReleaseHold(b.ctx, tx, id, later, "acc_a", "a@example.com", "fine")
			})
			_, err = read(b, func(tx *store.Tx) (holdstore.PaymentHold, error) { return holdstore.OpenHold(b.ctx, tx, id) })
			requireIs(t, "no open hold after the release", err, store.ErrNotFound)
			hist := must(t, b, func(tx *store.Tx) ([]holdstore.PaymentHold, error) { return holdstore.HoldsOf(b.ctx, tx, id) })
			h.ReleasedAt, h.ReleasedBy, h.ReleasedByEmail, h.ReleaseReason = &later, "acc_a", "a@example.com", "fine"
			equal(t, "history", hist, []holdstore.PaymentHold{h})
		})
	})
}
