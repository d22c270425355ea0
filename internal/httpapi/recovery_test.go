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

// TestStrandedPaymentIsRecovered: a payment whose process died between
// storing it and recording its pay-in. BlindPay cannot find a payin by the
// key it was opened with, nor cancel one (docs/BLINDPAY.md §17.6), but the
// payer never saw its instructions, so nobody can pay into it: the sweep
// (or the payer's retry, whichever comes first) marks it failed, and the
// retry says so instead of opening a second pay-in.
func TestStrandedPaymentIsRecovered(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, e store.Engine) {
		h := apptest.New(t, e, apptest.Env("CREBIT_RECOVER_AFTER", "1s"))

		t.Run("the sweep: the payment fails and the retry says so", func(t *testing.T) {
			p := h.NewBrazilPayer()
			q := p.Quote("USDC/BRL", "100")
			txn := p.PixPayment(q, "key-strand-1").Str("transaction_id")
			strand(t, h, txn)
			h.Eventually("failed", func() bool { return p.State(txn) == "failed" })
			again := p.PixPayment(q, "key-strand-1")
			if again.Status != http.StatusOK || again.Str("transaction_id") != txn || again.Str("status") != "failed" {
				t.Fatalf("retry: %d %s", again.Status, again.Body)
			}
			tr := p.MustOK("GET", "/api/transaction-status?transaction_id="+txn, nil)
			if reason := tr.Str("failure_reason"); reason != "the pay-in could not be opened; no money was taken" {
				t.Fatalf("the payer is not told why: %s", tr.Body)
			}
		})

		t.Run("the payer retries before the sweep: the retry ends it", func(t *testing.T) {
			p := h.NewBrazilPayer()
			q := p.Quote("USDC/BRL", "100")
			txn := p.PixPayment(q, "key-strand-2").Str("transaction_id")
			strand(t, h, txn)
			again := p.PixPayment(q, "key-strand-2")
			if again.Status != http.StatusOK || again.Str("transaction_id") != txn || again.Str("status") != "failed" {
				t.Fatalf("retry: %d %s, want the stranded payment, failed", again.Status, again.Body)
			}
			if n := count(t, h, `SELECT COUNT(*) FROM payments WHERE quote_id = (SELECT quote_id FROM payments WHERE id = ?)`, txn); n != 1 {
				t.Fatalf("%d payments on the quote, want the one", n)
			}
		})
		h.RequireBalancedLedger()
	})
}
