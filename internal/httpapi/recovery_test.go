package httpapi_test

import (
	"context"
	"net/http"
	"testing"
	"time"

	"github.com/crebit/crebit/internal/app/apptest"
	"github.com/crebit/crebit/internal/store"
)

// exec runs one statement on the harness's database.
func exec(t *testing.T, h *apptest.Harness, query string, args ...any) {
	t.Helper()
	execIn(t, h.DB, query, args...)
}

func execIn(t *testing.T, db *store.DB, query string, args ...any) {
	t.Helper()
	err := db.Tx(context.Background(), func(tx *store.Tx) error { _, err := tx.Exec(context.Background(), query, args...); return err })
	if err != nil {
		t.Fatal(err)
	}
}

// strand puts a payment back where a crash between storing it and
// recording its pay-in leaves it: state created, no pay-in, stored long
// enough ago to be recovered.
func strand(t *testing.T, h *apptest.Harness, txn string) {
	t.Helper()
	exec(t, h, `UPDATE payments SET state = 'created', partner_payin_id = NULL, deposit_address = NULL, pix_code = NULL,
		created_at = ? WHERE id = ?`, time.Now().UTC().Add(-time.Hour), txn)
}

func TestStrandedPaymentIsRecovered(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, e store.Engine) {
		h := apptest.New(t, e, apptest.Env("CREBIT_RECOVER_AFTER", "1s"))

		t.Run("the partner opened the pay-in: it is recorded and the payment continues", func(t *testing.T) {
			p := h.NewBrazilPayer()
			q := p.Quote("USDC/BRL", "100")
			first := p.PixPayment(q, "key-strand-1")
			txn := first.Str("transaction_id")
			strand(t, h, txn)
			h.Eventually("awaiting_payin again", func() bool { return p.State(txn) == "awaiting_payin" })
			again := p.PixPayment(q, "key-strand-1")
			if again.Status != http.StatusOK || again.Str("transaction_id") != txn || again.Str("pix_code") != first.Str("pix_code") {
				t.Fatalf("retry: %d %s", again.Status, again.Body)
			}
			p.Simulate(txn, "payin_completed")
			p.Simulate(txn, "offramp_completed")
			h.Eventually("completed", func() bool { return p.State(txn) == "completed" })
		})

		t.Run("the partner never saw it: the payment fails and the retry says so", func(t *testing.T) {
			p := h.NewBrazilPayer()
			q := p.Quote("USDC/BRL", "100")
			txn := p.PixPayment(q, "key-strand-2").Str("transaction_id")
			// The partner forgets the request, as if it never arrived (before
			// stranding, or a sweep in between would find the pay-in).
			execIn(t, h.Stack.SandboxDB, `UPDATE sandbox_idempotency SET key = 'lost-' || key WHERE key = ?`, txn)
			strand(t, h, txn)
			h.Eventually("failed", func() bool { return p.State(txn) == "failed" })
			again := p.PixPayment(q, "key-strand-2")
			if again.Status != http.StatusOK || again.Str("transaction_id") != txn || again.Str("status") != "failed" {
				t.Fatalf("retry: %d %s", again.Status, again.Body)
			}
		})

		t.Run("the payer retries before the sweep: the retry recovers it", func(t *testing.T) {
			p := h.NewBrazilPayer()
			q := p.Quote("USDC/BRL", "100")
			first := p.PixPayment(q, "key-strand-3")
			txn := first.Str("transaction_id")
			strand(t, h, txn)
			again := p.PixPayment(q, "key-strand-3")
			if again.Status != http.StatusOK || again.Str("transaction_id") != txn {
				t.Fatalf("retry: %d %s, want the recovered payment", again.Status, again.Body)
			}
		})
		h.RequireBalancedLedger()
	})
}
