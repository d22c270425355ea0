package app_test

import (
	"net/http"
	"testing"

	"github.com/crebit/crebit/internal/app/apptest"
	"github.com/crebit/crebit/internal/store"
)

// TestOnePixPaymentToCompleted drives one Pix payment from its quote to
// "completed" through the whole application (real HTTP, the BlindPay
// adapter and the embedded BlindPay sandbox, River, SQLite). scripts/pix-path.sh runs it with coverage to
// list the Go files a payment passes through (issue 27's figure), minus
// those TestStartAndAnswerHealth already touches.
func TestOnePixPaymentToCompleted(t *testing.T) {
	h := apptest.New(t, store.SQLite, apptest.BlindPay())
	p := h.NewBrazilPayer()
	txn := p.PixPayment(p.Quote("USDC/BRL", "100"), "").Str("transaction_id")
	if txn == "" {
		t.Fatal("no transaction id")
	}
	p.Simulate(txn, "payin_processing")
	p.Deliver(txn)
}

// TestStartAndAnswerHealth starts the same application and asks its health:
// the baseline scripts/pix-path.sh subtracts.
func TestStartAndAnswerHealth(t *testing.T) {
	h := apptest.New(t, store.SQLite, apptest.BlindPay())
	if r := h.Browser().Do("GET", "/healthz", nil); r.Status != http.StatusOK {
		t.Fatalf("health: %d %s", r.Status, r.Body)
	}
}
