package httpapi_test

import (
	"net/http"
	"testing"

	"github.com/crebit/crebit/internal/app/apptest"
	"github.com/crebit/crebit/internal/store"
)

// TestPaymentsThatCannotFinishAreRefusedUpFront: USD 0.01 by SPEI once
// cost MXN 0.18, whose USDC sold for USD 0.00, so the payment was paid in
// and then failed every job. With BlindPay the floor is the partner's: it
// pays out at least USD 5.00 and takes pay-ins of at least 10.00 in the
// local currency (docs/BLINDPAY.md §6), so Mexico's minimum is USD 5.00
// and anything smaller is refused when quoted, before anything is stored
// (the header's 1-USD price comes from GET /api/rates, not from a quote).
func TestPaymentsThatCannotFinishAreRefusedUpFront(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, e store.Engine) {
		h := apptest.New(t, e)
		p := h.NewMexicoPayer()
		const want = "Minimum Transfer Amount: payments from Mexico must be at least USD 5.00"
		for _, amount := range []string{"0.01", "1.00", "4.99"} {
			q := p.Do("POST", "/api/create-quote", `{"symbol":"USDC/MXN","amount_usd":`+amount+`}`)
			if q.Status != http.StatusBadRequest || q.Str("code") != "minimum_amount" || q.Error() != want {
				t.Fatalf("USD %s quote: %d %s", amount, q.Status, q.Body)
			}
		}
		if n := count(t, h, `SELECT COUNT(*) FROM quotes`); n != 0 {
			t.Fatalf("%d quotes stored below the minimum", n)
		}
		// The header's price of 1 USD still answers.
		if r := p.Do("GET", "/api/rates", nil); r.Status != http.StatusOK {
			t.Fatalf("rates: %d %s", r.Status, r.Body)
		}
		if n := count(t, h, `SELECT COUNT(*) FROM payments`); n != 0 {
			t.Fatalf("%d payments stored", n)
		}
		// The minimum itself finishes.
		r := p.SpeiPayment(p.Quote("USDC/MXN", "5.00"), "")
		if r.Status != http.StatusOK {
			t.Fatalf("USD 5.00 payment: %d %s", r.Status, r.Body)
		}
		txn := r.Str("transaction_id")
		p.Deliver(txn)
		h.RequireBalancedLedger()
	})
}
