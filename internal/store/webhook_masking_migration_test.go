package store_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/crebit/crebit/internal/store"
	"github.com/crebit/crebit/internal/store/storetest"
)

// Migration 00104 masks the bank details stored in full in webhook bodies
// received before those keys were masked: the payer's account number and
// the payee's tax id and account number in BlindPay's tracking objects. The
// rest of each body, bodies without them and bodies that are not JSON stay
// byte for byte, and going down and up again changes nothing more.
func TestWebhookBodiesMaskedMigration(t *testing.T) {
	t.Parallel()
	for _, e := range storetest.Engines {
		t.Run(string(e), func(t *testing.T) {
			t.Parallel()
			ctx := context.Background()
			db := storetest.Open(t, e)
			if err := db.MigrateDownTo(ctx, 103); err != nil {
				t.Fatalf("down to 00103: %v", err)
			}
			bodies := map[string]string{
				"wh_payout": `{"webhook_event":"payout.complete","id":"po_1","tracking_transaction":{"step":"completed","sender_account_number":"12345678",` +
					`"sender_tax_id":"•••4725"},"tracking_payment":{"recipient_tax_id":"12-3456789","recipient_account_number":"000123456789"}}`,
				"wh_plain":  `{"webhook_event":"payin.update","id":"pi_1","tax_id":"•••4725","note":"account_number"}`,
				"wh_text":   `recipient_tax_id=123456789 (not JSON)`,
				"wh_escape": `{"recipient\u005faccount_number":"000123456789"}`,
			}
			// Enough bodies to take more than one batch of the migration's reads.
			for i := range 1203 {
				bodies[fmt.Sprintf("wh_many_%04d", i)] = fmt.Sprintf(`{"tracking_payment":{"recipient_account_number":"9900%08d"}}`, i)
			}
			at := store.UTC(time.Date(2026, 11, 20, 12, 0, 0, 0, time.UTC))
			if err := db.Tx(ctx, func(tx *store.Tx) error {
				for id, b := range bodies {
					if _, err := tx.Exec(ctx, `INSERT INTO webhook_events (id, type, payload, received_at) VALUES (?, ?, ?, ?)`, id, "payout.complete", b, at); err != nil {
						return err
					}
				}
				return nil
			}); err != nil {
				t.Fatal(err)
			}
			if v, err := db.Migrate(ctx); err != nil || v < 104 {
				t.Fatalf("up again: version %d, %v", v, err)
			}
			want := map[string]string{
				"wh_payout": `{"webhook_event":"payout.complete","id":"po_1","tracking_transaction":{"step":"completed","sender_account_number":"•••5678",` +
					`"sender_tax_id":"•••4725"},"tracking_payment":{"recipient_tax_id":"•••6789","recipient_account_number":"•••6789"}}`,
				"wh_plain":  bodies["wh_plain"],
				"wh_text":   bodies["wh_text"],
				"wh_escape": `{"recipient\u005faccount_number":"•••6789"}`,
			}
			for i := range 1203 {
				want[fmt.Sprintf("wh_many_%04d", i)] = fmt.Sprintf(`{"tracking_payment":{"recipient_account_number":"•••%04d"}}`, i%10000)
			}
			check := func(when string) {
				t.Helper()
				got := map[string]string{}
				if err := db.Tx(ctx, func(tx *store.Tx) error {
					rs, err := tx.Query(ctx, `SELECT id, payload FROM webhook_events`)
					if err != nil {
						return err
					}
					defer rs.Close()
					for rs.Next() {
						var id, p string
						if err := rs.Scan(&id, &p); err != nil {
							return err
						}
						got[id] = p
					}
					return rs.Err()
				}); err != nil {
					t.Fatal(err)
				}
				if len(got) != len(want) {
					t.Errorf("%s: %d bodies, want %d", when, len(got), len(want))
				}
				for id, w := range want {
					if got[id] != w {
						t.Errorf("%s: %s is\n%s\nwant\n%s", when, id, got[id], w)
					}
				}
			}
			check("after 00104")
			if err := db.MigrateDownTo(ctx, 103); err != nil {
				t.Fatalf("down to 00103 again: %v", err)
			}
			if _, err := db.Migrate(ctx); err != nil {
				t.Fatal(err)
			}
			check("after 00104 undone and done again")
		})
	}
}
