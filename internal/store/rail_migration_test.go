package store_test

import (
	"context"
	"database/sql"
	"testing"
	"time"

	"github.com/crebit/crebit/internal/payment"
	"github.com/crebit/crebit/internal/store"
	"github.com/crebit/crebit/internal/store/storetest"
)

// Migration 00101 moves a payment's rail reference from one column per
// rail (pix_end_to_end_id, spei_tracking_key) into two generic columns,
// its kind and its value, and back when undone: references written before
// it read the same after it.
func TestRailReferenceMigration(t *testing.T) {
	t.Parallel()
	for _, e := range storetest.Engines {
		t.Run(string(e), func(t *testing.T) {
			t.Parallel()
			now := time.Date(2026, 11, 23, 15, 4, 5, 0, time.UTC)
			refs := []payment.RailReference{{Kind: "pix_end_to_end_id", Value: "E12345678202611231504abcdefghijk"},
				{Kind: "spei_tracking_key", Value: "MBAN01202611230123456789"}, {}}
			ctx := context.Background()
			db, ids := migratedWithPayments(t, e, now, len(refs), payment.StateCreated,
				func(ctx context.Context, tx *store.Tx, i int, id string) error {
					return tx.SetPaymentRailReference(ctx, id, refs[i])
				})

			if err := db.MigrateDownTo(ctx, 100); err != nil {
				t.Fatalf("down to 00100: %v", err)
			}
			want := [][2]string{{refs[0].Value, ""}, {"", refs[1].Value}, {"", ""}}
			err := db.Tx(ctx, func(tx *store.Tx) error {
				for i, id := range ids {
					var e2e, key sql.NullString
					if err := tx.QueryRow(ctx, `SELECT pix_end_to_end_id, spei_tracking_key FROM payments WHERE id = ?`, id).Scan(&e2e, &key); err != nil {
						return err
					}
					if got := [2]string{e2e.String, key.String}; got != want[i] {
						t.Errorf("before 00101, payment %d: end-to-end id and tracking key %q, want %q", i, got, want[i])
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
					_, got, err := tx.PaymentWithRail(ctx, id)
					if err != nil {
						return err
					}
					if got != refs[i] {
						t.Errorf("after 00101, payment %d: %+v, want %+v", i, got, refs[i])
					}
				}
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
		})
	}
}
