package httpapi_test

import (
	"encoding/json"
	"net/http"
	"testing"
	"time"

	"github.com/crebit/crebit/internal/app/apptest"
	"github.com/crebit/crebit/internal/store"
)

// Issue 30, health: the ledger check, the shared accounts' balances, jobs
// not done, e-mails, webhooks that moved nothing and payments stuck past
// their time, for any operator; nobody else.
func TestConsoleHealth(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, e store.Engine) {
		h := apptest.New(t, e, apptest.BlindPay())
		support, _ := h.NewOperator("support.health@example.com", "support")
		p := h.NewBrazilPayer()
		done := p.PixPayment(p.Quote("USDC/BRL", "100"), "health-1").Str("transaction_id")
		p.Deliver(done)
		waiting := p.PixPayment(p.Quote("USDC/BRL", "50"), "health-2").Str("transaction_id")
		h.Settled()

		read := func() map[string]any {
			t.Helper()
			var out map[string]any
			if err := json.Unmarshal(support.MustOK("GET", "/api/ops/health", nil).Body, &out); err != nil {
				t.Fatal(err)
			}
			return out
		}
		hl := read()
		ledger, _ := hl["ledger"].(map[string]any)
		if ledger["ok"] != true || ledger["transactions"].(float64) < 1 {
			t.Errorf("ledger: %v", ledger)
		}
		if bals, _ := hl["balances"].([]any); len(bals) == 0 {
			t.Error("no shared account balances")
		}
		if stuck, _ := hl["stuck_payments"].([]any); len(stuck) != 0 {
			t.Errorf("stuck before anything is late: %v", stuck)
		}

		// The awaiting payment's window closed long ago and nothing ended it
		// (its expiry job is held back here): it shows as stuck.
		h.Clock.Advance(2 * time.Hour)
		stuck, _ := read()["stuck_payments"].([]any)
		if len(stuck) != 1 || stuck[0].(map[string]any)["transaction_id"] != waiting {
			t.Errorf("stuck after two hours: %v", stuck)
		}
		if r := p.Do("GET", "/api/ops/health", nil); r.Status != http.StatusNotFound {
			t.Errorf("a payer reads health: %d", r.Status)
		}
	})
}
