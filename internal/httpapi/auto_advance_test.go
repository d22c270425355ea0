package httpapi_test

import (
	"testing"
	"time"

	"github.com/crebit/crebit/internal/app/apptest"
	"github.com/crebit/crebit/internal/store"
)

// Issue 17: with the sandbox's automatic progression on, each stage comes
// when due (a timer in the process), and the scheduled job kept as the
// durable fallback finds the stage taken and does nothing: one event per
// stage, never two.
func TestAutoAdvanceOnTimeAndOnce(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, e store.Engine) {
		h := apptest.New(t, e, apptest.Env("CREBIT_SANDBOX_AUTO_ADVANCE", "300ms"))
		p := h.NewBrazilPayer()
		txn := p.PixPayment(p.Quote("USDC/BRL", "100"), "").Str("transaction_id")
		p.Simulate(txn, "payin_completed")
		h.Eventually("completed by the timers", func() bool { return p.State(txn) == "completed" })

		// The scheduled jobs come due (River promotes them only every few
		// seconds: make them due now) and change nothing.
		ctx := t.Context()
		if err := h.Stack.SandboxDB.Tx(ctx, func(tx *store.Tx) error {
			_, err := tx.Exec(ctx, `UPDATE river_job SET scheduled_at = ? WHERE kind = 'sandbox_advance'`, time.Now().Add(-time.Minute).UTC())
			return err
		}); err != nil {
			t.Fatal(err)
		}
		h.Eventually("both fallback jobs done", func() bool {
			return sandboxCount(t, h, `SELECT COUNT(*) FROM river_job WHERE kind = 'sandbox_advance' AND state = 'completed'`) == 2
		})
		h.Settled()
		for _, typ := range []string{"payin_completed", "offramp_created", "offramp_completed"} {
			if n := sandboxCount(t, h, `SELECT COUNT(*) FROM sandbox_events WHERE type = ?`, typ); n != 1 {
				t.Errorf("%s events: %d, want 1", typ, n)
			}
		}
		if p.State(txn) != "completed" {
			t.Fatalf("state %s", p.State(txn))
		}
		h.RequireBalancedLedger()
	})
}
