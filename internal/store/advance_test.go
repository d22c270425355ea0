package store_test

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/crebit/crebit/internal/payment"
	"github.com/crebit/crebit/internal/randid"
	"github.com/crebit/crebit/internal/store"
	"github.com/crebit/crebit/internal/store/storetest"
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
			if err := db.Tx(ctx, func(tx *store.Tx) error { return tx.AdvancePayment(ctx, p, entered, payment.RailReference{}) }); err != nil {
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
			err := db.Tx(ctx, func(tx *store.Tx) error { return tx.AdvancePayment(ctx, missing, entered[:1], payment.RailReference{}) })
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

// On PostgreSQL a transaction's notifications (the live status's) ride on
// the payment's step, or go just before the commit when no step carries
// them: either way a listener hears each one once, only when the
// transaction commits, and never from one rolled back. Outside a
// transaction one is sent at once.
func TestNotificationsArriveAtCommitOnly(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	now := time.Date(2026, 11, 27, 19, 0, 0, 0, time.UTC)
	db, ids := migratedWithPayments(t, store.Postgres, now, 1, payment.StateAwaitingPayin, nil)
	const channel = "crebit_test_live"
	heard := make(chan string, 32)
	ready := make(chan struct{})
	go db.Listen(ctx, channel, func() { close(ready) }, func(payload string) { heard <- payload }) //nolint:errcheck // ends with ctx
	select {
	case <-ready:
	case <-time.After(storetest.Patience):
		t.Fatal("not listening")
	}
	notifyNow := func(payload string) {
		t.Helper()
		if err := db.WriteOne(ctx, func(tx *store.Tx) error { return tx.Notify(ctx, channel, payload) }); err != nil {
			t.Fatal(err)
		}
	}
	step := func(p payment.Record, st payment.State) []payment.Change {
		return []payment.Change{{State: st, Source: "test", OccurredAt: now}}
	}
	p := readPayment(t, db, ids[0])
	p.State = payment.StatePayinProcessing
	// Carried by the step; "during" is sent from outside while the
	// transaction is open, so it must be heard first.
	if err := db.Tx(ctx, func(tx *store.Tx) error {
		if err := tx.Notify(ctx, channel, "with the step"); err != nil {
			return err
		}
		if err := tx.AdvancePayment(ctx, p, step(p, p.State), payment.RailReference{}); err != nil {
			return err
		}
		notifyNow("during")
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	// No step to carry them: sent before the commit, each once.
	if err := db.Tx(ctx, func(tx *store.Tx) error {
		for _, s := range []string{"alone", "alone", "second"} {
			if err := tx.Notify(ctx, channel, s); err != nil {
				return err
			}
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	// Rolled back after the step carried it, and a step of a payment that
	// is not there.
	p.State = payment.StatePayinCompleted
	rollback := errors.New("rolled back")
	if err := db.Tx(ctx, func(tx *store.Tx) error {
		if err := tx.Notify(ctx, channel, "rolled back"); err != nil {
			return err
		}
		if err := tx.AdvancePayment(ctx, p, step(p, p.State), payment.RailReference{}); err != nil {
			return err
		}
		return rollback
	}); !errors.Is(err, rollback) {
		t.Fatalf("rolled back transaction: %v", err)
	}
	missing := p
	missing.ID = randid.New("txn")
	if err := db.Tx(ctx, func(tx *store.Tx) error {
		if err := tx.Notify(ctx, channel, "missing"); err != nil {
			return err
		}
		return tx.AdvancePayment(ctx, missing, step(missing, missing.State), payment.RailReference{})
	}); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("a step of a payment that is not there: %v", err)
	}
	notifyNow("end")
	want := []string{"during", "with the step", "alone", "second", "end"}
	var got []string
	for len(got) < len(want) {
		select {
		case s := <-heard:
			got = append(got, s)
		case <-time.After(storetest.Patience):
			t.Fatalf("heard %q, want %q", got, want)
		}
	}
	if !slices.Equal(got, want) {
		t.Fatalf("heard %q, want %q", got, want)
	}
	if got := readPayment(t, db, p.ID); got.State != payment.StatePayinProcessing {
		t.Fatalf("state after the rolled back step: %s", got.State)
	}
}

// A step stores the pay-in's rail reference in the same statement, on both
// engines, and the first one stored stays: a later step or progress update
// with another keeps it, one without any clears nothing; and a read says
// whether one is stored.
func TestAStepKeepsTheFirstRailReference(t *testing.T) {
	t.Parallel()
	for _, e := range storetest.Engines {
		t.Run(string(e), func(t *testing.T) {
			t.Parallel()
			ctx := context.Background()
			now := time.Date(2026, 11, 27, 19, 30, 0, 0, time.UTC)
			db, ids := migratedWithPayments(t, e, now, 1, payment.StateAwaitingPayin, nil)
			first := payment.RailReference{Kind: "pix_end_to_end_id", Value: "E12345678202611271930abcdefghijk"}
			later := payment.RailReference{Kind: "pix_end_to_end_id", Value: "E98765432202611271931zyxwvutsrqp"}
			rail := func() (payment.Record, payment.RailReference) {
				t.Helper()
				var p payment.Record
				var r payment.RailReference
				if err := db.Read(ctx, func(tx *store.Tx) (err error) { p, r, err = tx.PaymentWithRail(ctx, ids[0]); return }); err != nil {
					t.Fatal(err)
				}
				return p, r
			}
			p, r := rail()
			if r != (payment.RailReference{}) || p.RailReferenceStored {
				t.Fatalf("a new payment has the rail reference %+v (stored: %v)", r, p.RailReferenceStored)
			}
			p.State, p.UpdatedAt = payment.StatePayinProcessing, now.Add(time.Minute)
			step := []payment.Change{{State: p.State, Source: "webhook:a", OccurredAt: p.UpdatedAt}}
			if err := db.Tx(ctx, func(tx *store.Tx) error { return tx.AdvancePayment(ctx, p, step, first) }); err != nil {
				t.Fatal(err)
			}
			if got, r := rail(); r != first || got.State != payment.StatePayinProcessing || !got.RailReferenceStored {
				t.Fatalf("after the step: %s, %+v; want %s, %+v", got.State, r, payment.StatePayinProcessing, first)
			}
			p.State, p.UpdatedAt = payment.StatePayinCompleted, now.Add(2*time.Minute)
			step = []payment.Change{{State: p.State, Source: "webhook:b", OccurredAt: p.UpdatedAt}}
			if err := db.Tx(ctx, func(tx *store.Tx) error { return tx.AdvancePayment(ctx, p, step, later) }); err != nil {
				t.Fatal(err)
			}
			p.OfframpStatus = "processing"
			if err := db.Tx(ctx, func(tx *store.Tx) error { return tx.UpdatePaymentProgress(ctx, p, later) }); err != nil {
				t.Fatal(err)
			}
			if err := db.Tx(ctx, func(tx *store.Tx) error { return tx.UpdatePaymentProgress(ctx, p, payment.RailReference{}) }); err != nil {
				t.Fatal(err)
			}
			if got, r := rail(); r != first || got.State != payment.StatePayinCompleted || got.OfframpStatus != "processing" {
				t.Fatalf("after later steps: %s, %q, %+v; want %s, processing, %+v", got.State, got.OfframpStatus, r, payment.StatePayinCompleted, first)
			}
		})
	}
}
