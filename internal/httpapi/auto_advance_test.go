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
// stage, never two. With BlindPay the stages that move by themselves are
// the payout's, which Crebit asks for once the pay-in settles (the payer's
// deposit still waits for the Simulate panel).
func TestAutoAdvanceOnTimeAndOnce(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, e store.Engine) {
		h := apptest.New(t, e, apptest.Env("CREBIT_SANDBOX_AUTO_ADVANCE", "300ms"))
		p := h.NewBrazilPayer()
		txn := p.PixPayment(p.Quote("USDC/BRL", "100"), "").Str("transaction_id")
		p.Simulate(txn, "payin_completed")
		h.Eventually("completed by the timers", func() bool { return p.State(txn) == "completed" })
		h.Settled()
		events := func() map[string]int {
			out := map[string]int{}
			for _, typ := range []string{"payin.new", "payin.update", "payin.complete", "payout.new", "payout.update", "payout.complete"} {
				out[typ] = sandboxCount(t, h, `SELECT COUNT(*) FROM bpsandbox_events WHERE type = ?`, typ)
			}
			return out
		}
		before := events()
		if before["payin.complete"] != 1 || before["payout.complete"] != 1 {
			t.Fatalf("events when completed: %v, want one payin.complete and one payout.complete", before)
		}

		// The scheduled jobs come due (River promotes them only every few
		// seconds: make them due now) and change nothing.
		fallbacks := sandboxCount(t, h, `SELECT COUNT(*) FROM river_job WHERE kind = 'bpsandbox_advance'`)
		if fallbacks == 0 {
			t.Fatal("no fallback job was scheduled for the automatic steps")
		}
		ctx := t.Context()
		if err := h.Stack.SandboxDB.Tx(ctx, func(tx *store.Tx) error {
			_, err := tx.Exec(ctx, `UPDATE river_job SET scheduled_at = ? WHERE kind = 'bpsandbox_advance'`, time.Now().Add(-time.Minute).UTC())
			return err
		}); err != nil {
			t.Fatal(err)
		}
		h.Eventually("every fallback job done", func() bool {
			return sandboxCount(t, h, `SELECT COUNT(*) FROM river_job WHERE kind = 'bpsandbox_advance' AND state = 'completed'`) == fallbacks
		})
		h.Settled()
		after := events()
		for typ, n := range after {
			if n != before[typ] {
				t.Errorf("%s events: %d after the fallback jobs, %d before", typ, n, before[typ])
			}
		}
		if p.State(txn) != "completed" {
			t.Fatalf("state %s", p.State(txn))
		}
		h.RequireBalancedLedger()
	})
}
