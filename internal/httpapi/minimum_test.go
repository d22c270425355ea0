package httpapi_test

import (
	"net/http"
	"testing"

	"github.com/crebit/crebit/internal/app/apptest"
	"github.com/crebit/crebit/internal/store"
)

// TestPaymentsThatCannotFinishAreRefusedUpFront: USD 0.01 by SPEI once
// cost MXN 0.18, whose USDC sold for USD 0.00, so the payment was paid in
// and then failed every job. It is now refused before anything is stored.
func TestPaymentsThatCannotFinishAreRefusedUpFront(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, e store.Engine) {
		h := apptest.New(t, e)
		p := h.NewMexicoPayer()
		if q := p.Do("POST", "/api/create-quote", `{"symbol":"USDC/MXN","amount_usd":0.01}`); q.Status != http.StatusBadRequest || q.Str("code") != "minimum_amount" {
			t.Fatalf("USD 0.01 quote: %d %s", q.Status, q.Body)
		}
		q := p.Quote("USDC/MXN", "0.99") // quotes are allowed (the header prices 1 USD)
		if q.Status != http.StatusOK {
			t.Fatalf("USD 0.99 quote: %d %s", q.Status, q.Body)
		}
		r := p.SpeiPayment(q, "")
		if r.Status != http.StatusBadRequest || r.Str("code") != "minimum_amount" ||
			r.Error() != "Minimum Transfer Amount: payments from Mexico must be at least USD 1.00" {
			t.Fatalf("USD 0.99 payment: %d %s", r.Status, r.Body)
		}
		if n := count(t, h, `SELECT COUNT(*) FROM payments`); n != 0 {
			t.Fatalf("%d payments stored", n)
		}
		// The minimum itself finishes.
		r = p.SpeiPayment(p.Quote("USDC/MXN", "1.00"), "")
		if r.Status != http.StatusOK {
			t.Fatalf("USD 1.00 payment: %d %s", r.Status, r.Body)
		}
		txn := r.Str("transaction_id")
		for _, ev := range []string{"payin_completed", "offramp_created", "offramp_completed"} {
			p.Simulate(txn, ev)
		}
		h.Eventually("completed", func() bool { return p.State(txn) == "completed" })
		h.RequireBalancedLedger()
	})
}
