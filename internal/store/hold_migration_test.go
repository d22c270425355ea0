package store_test

import (
	"context"
	"testing"
	"time"

	"github.com/crebit/crebit/internal/payment"
	"github.com/crebit/crebit/internal/randid"
	"github.com/crebit/crebit/internal/store"
	"github.com/crebit/crebit/internal/store/storetest"
)

// Migration 00102 puts whether an operator holds a payment on the
// payment's row (payments.on_hold), set from the holds open when it runs,
// and drops the column when undone: a payment whose hold was open before
// it reads held after it; one never held, or whose holds were all
// released, does not.
func TestOnHoldMigration(t *testing.T) {
	t.Parallel()
	for _, e := range storetest.Engines {
		t.Run(string(e), func(t *testing.T) {
			t.Parallel()
			now := time.Date(2026, 11, 27, 9, 4, 5, 0, time.UTC)
			// Held (after an earlier hold was released), released, never held.
			holds := [][]bool{{false, true}, {false}, nil} // each hold: open?
			want := []bool{true, false, false}
			ctx := context.Background()
			db, ids := migratedWithPayments(t, e, now, len(holds), payment.StateAwaitingPayin, nil)

			if err := db.MigrateDownTo(ctx, 101); err != nil {
				t.Fatalf("down to 00101: %v", err)
			}
			// Before 00102 a hold is only its row in payment_holds.
			err := db.Tx(ctx, func(tx *store.Tx) error {
				for i, hs := range holds {
					for j, open := range hs {
						at := now.Add(time.Duration(j) * time.Hour)
						var released any
						if !open {
							released = store.UTC(at.Add(time.Minute))
						}
						if _, err := tx.Exec(ctx, `INSERT INTO payment_holds (id, payment_id, held_at, held_by, held_by_email, reason,
							released_at) VALUES (?, ?, ?, 'acc_o', 'o@example.com', 'look', ?)`, randid.New("hold"), ids[i], store.UTC(at), released); err != nil {
							return err
						}
					}
				}
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}

			if _, err := db.Migrate(ctx); err != nil {
				t.Fatalf("up again: %v", err)
			}
			err = db.Tx(ctx, func(tx *store.Tx) error {
				for i, id := range ids {
					p, err := tx.PaymentForUpdate(ctx, id)
					if err != nil {
						return err
					}
					if p.OnHold != want[i] {
						t.Errorf("after 00102, payment %d: OnHold %v, want %v", i, p.OnHold, want[i])
					}
				}
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}

			// Undone, the column is gone and payment_holds is as it was.
			if err := db.MigrateDownTo(ctx, 101); err != nil {
				t.Fatalf("down to 00101 again: %v", err)
			}
			err = db.Tx(ctx, func(tx *store.Tx) error {
				var n int64
				if err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM payment_holds WHERE released_at IS NULL`).Scan(&n); err != nil {
					return err
				}
				if n != 1 {
					t.Errorf("open holds after 00102 undone: %d, want 1", n)
				}
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
			if err := db.Tx(ctx, func(tx *store.Tx) error {
				_, err := tx.Exec(ctx, `UPDATE payments SET on_hold = false`)
				return err
			}); err == nil {
				t.Error("payments.on_hold still there after 00102 undone")
			}
		})
	}
}
