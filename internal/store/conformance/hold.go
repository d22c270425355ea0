package conformance

import (
	"errors"
	"testing"
	"time"

	"github.com/crebit/crebit/internal/payment"
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
		t.Run("OnHoldFollowsHoldWrites", func(t *testing.T) {
			t.Parallel()
			b := s.setup(t)
			p := newPaymentWith(t, b, nil)
			id, payin, offramp := p.record.ID, randid.New("pay"), randid.New("offr")
			b.exec(t, func(tx *store.Tx) error {
				r := p.record
				r.PartnerPayinID, r.PixCode, r.DepositAddress = payin, "000201...", "000201..."
				if err := tx.SetPayinInstructions(b.ctx, r); err != nil {
					return err
				}
				return tx.SetPaymentOfframp(b.ctx, id, offramp, "pending")
			})
			// Every payment read returns the flag, the locking ones (which
			// payments.onHold decides from) above all.
			reads := map[string]func(tx *store.Tx) (payment.Record, error){
				"PaymentForUpdate":          func(tx *store.Tx) (payment.Record, error) { return tx.PaymentForUpdate(b.ctx, id) },
				"PaymentByPayinForUpdate":   func(tx *store.Tx) (payment.Record, error) { return tx.PaymentByPayinForUpdate(b.ctx, payin) },
				"PaymentByOfframpForUpdate": func(tx *store.Tx) (payment.Record, error) { return tx.PaymentByOfframpForUpdate(b.ctx, offramp) },
				"Payment":                   func(tx *store.Tx) (payment.Record, error) { return tx.Payment(b.ctx, id) },
				"PaymentByPayin":            func(tx *store.Tx) (payment.Record, error) { return tx.PaymentByPayin(b.ctx, payin) },
				"PaymentWithRail": func(tx *store.Tx) (payment.Record, error) {
					r, _, err := tx.PaymentWithRail(b.ctx, id)
					return r, err
				},
			}
			check := func(tx *store.Tx, when string, want bool) error {
				for name, get := range reads {
					r, err := get(tx)
					if err != nil {
						return err
					}
					if r.ID != id || r.OnHold != want {
						t.Errorf("%s, %s: payment %s OnHold %v, want %v", when, name, r.ID, r.OnHold, want)
					}
				}
				return nil
			}
			b.exec(t, func(tx *store.Tx) error { return check(tx, "never held", false) })
			// In the transaction that opens the hold, and after it commits.
			b.exec(t, func(tx *store.Tx) error {
				if err := holdstore.HoldPayment(b.ctx, tx, holdstore.PaymentHold{ID: randid.New("hold"), PaymentID: id, HeldAt: b.now,
					HeldBy: "acc_o", HeldByEmail: "o@example.com", Reason: "look"}); err != nil {
					return err
				}
				return check(tx, "held, same transaction", true)
			})
			b.exec(t, func(tx *store.Tx) error { return check(tx, "held", true) })
			// A refused second hold leaves it held; a hold that rolls back
			// leaves the flag as it was.
			if err := b.db.Tx(b.ctx, func(tx *store.Tx) error {
				return holdstore.HoldPayment(b.ctx, tx, holdstore.PaymentHold{ID: randid.New("hold"), PaymentID: id, HeldAt: b.now,
					HeldBy: "acc_o", HeldByEmail: "o@example.com", Reason: "again"})
			}); err == nil {
				t.Fatal("a second open hold was stored")
			}
			b.exec(t, func(tx *store.Tx) error { return check(tx, "second hold refused", true) })
			b.exec(t, func(tx *store.Tx) error {
				if err := holdstore.ReleaseHold(b.ctx, tx, id, b.now, "acc_o", "o@example.com", "fine"); err != nil {
					return err
				}
				return check(tx, "released, same transaction", false)
			})
			b.exec(t, func(tx *store.Tx) error { return check(tx, "released", false) })
			errRolledBack := errors.New("roll back")
			err := b.db.Tx(b.ctx, func(tx *store.Tx) error {
				if err := holdstore.HoldPayment(b.ctx, tx, holdstore.PaymentHold{ID: randid.New("hold"), PaymentID: id, HeldAt: b.now,
					HeldBy: "acc_o", HeldByEmail: "o@example.com", Reason: "undone"}); err != nil {
					return err
				}
				return errRolledBack
			})
			requireIs(t, "hold rolled back", err, errRolledBack)
			b.exec(t, func(tx *store.Tx) error { return check(tx, "hold rolled back", false) })
			// A release without an open hold changes nothing.
			requireIs(t, "release without a hold", b.db.Tx(b.ctx, func(tx *store.Tx) error {
				return holdstore.ReleaseHold(b.ctx, tx, id, b.now, "acc_o", "o@example.com", "x")
			}), store.ErrNotFound)
			// Held again: the flag follows the newest hold, not the first.
			b.exec(t, func(tx *store.Tx) error {
				return holdstore.HoldPayment(b.ctx, tx, holdstore.PaymentHold{ID: randid.New("hold"), PaymentID: id, HeldAt: b.now,
					HeldBy: "acc_o", HeldByEmail: "o@example.com", Reason: "again later"})
			})
			b.exec(t, func(tx *store.Tx) error { return check(tx, "held again", true) })
		})
	})
}
