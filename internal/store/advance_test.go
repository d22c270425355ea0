package store_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/crebit/crebit/internal/payment"
	"github.com/crebit/crebit/internal/randid"
	"github.com/crebit/crebit/internal/store"
)

// AdvancePayment writes a payment's new state and the states it passed
// through, in their order, on both engines (one statement on PostgreSQL),
// and a payment that is not there is an error, not a history without it.
func TestAdvancePaymentWritesTheRowAndTheHistoryInOrder(t *testing.T) {
	t.Parallel()
	for _, e := range []store.Engine{store.SQLite, store.Postgres} {
		t.Run(string(e), func(t *testing.T) {
			t.Parallel()
			ctx := context.Background()
			now := time.Date(2026, 11, 27, 13, 0, 0, 0, time.UTC)
			db, ids := migratedWithPayments(t, e, now, 1, payment.StateAwaitingPayin, nil)
			p := readPayment(t, db, ids[0])
			p.State, p.OfframpID, p.OfframpStatus, p.UpdatedAt = payment.StateOfframpCreated, "po_1", "processing", now.Add(time.Minute)
			entered := []payment.Change{
				{State: payment.StatePayinProcessing, Source: "webhook:a", OccurredAt: now.Add(time.Minute)},
				{State: payment.StatePayinCompleted, Source: "webhook:a", OccurredAt: now.Add(time.Minute)},
				{State: payment.StateOfframpCreated, Source: "webhook:a", OccurredAt: now.Add(time.Minute)},
			}
			if err := db.Tx(ctx, func(tx *store.Tx) error { return tx.AdvancePayment(ctx, p, entered) }); err != nil {
				t.Fatal(err)
			}
			got := readPayment(t, db, p.ID)
			if got.State != payment.StateOfframpCreated || got.OfframpID != "po_1" || got.OfframpStatus != "processing" || !got.UpdatedAt.Equal(p.UpdatedAt) {
				t.Fatalf("payment after: %+v", got)
			}
			var history []payment.Change
			var seq int64
			if err := db.Read(ctx, func(tx *store.Tx) (err error) { history, seq, err = tx.PaymentHistory(ctx, p.ID); return }); err != nil {
				t.Fatal(err)
			}
			if len(history) != 3 || seq == 0 {
				t.Fatalf("history %+v, sequence %d", history, seq)
			}
			for i, h := range history {
				if h.State != entered[i].State || h.Source != "webhook:a" || !h.OccurredAt.Equal(entered[i].OccurredAt) {
					t.Fatalf("history[%d] = %+v, want %+v", i, h, entered[i])
				}
			}
			missing := p
			missing.ID = randid.New("txn")
			err := db.Tx(ctx, func(tx *store.Tx) error { return tx.AdvancePayment(ctx, missing, entered[:1]) })
			if err == nil {
				t.Fatal("advancing a payment that is not there: no error")
			}
			if e == store.Postgres && !errors.Is(err, store.ErrNotFound) {
				t.Fatalf("advancing a payment that is not there: %v, want not found", err)
			}
		})
	}
}

func readPayment(t *testing.T, db *store.DB, id string) payment.Record {
	t.Helper()
	var p payment.Record
	if err := db.Read(context.Background(), func(tx *store.Tx) (err error) { p, err = tx.Payment(context.Background(), id); return }); err != nil {
		t.Fatal(err)
	}
	return p
}
