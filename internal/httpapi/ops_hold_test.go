package httpapi_test

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/crebit/crebit/internal/app/apptest"
	"github.com/crebit/crebit/internal/payments"
	"github.com/crebit/crebit/internal/store"
)

// Issue 30, Fix: finance puts a payment on hold and releases it, each with
// a reason and an audit entry. While held the partner's event is recorded
// but does not move the payment, and the payer sees it under review; the
// release applies it.
func TestConsoleHoldsAndReleasesAPayment(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, e store.Engine) {
		h := apptest.New(t, e)
		support, _ := h.NewOperator("support.hold@example.com", "support")
		finance, _ := h.NewOperator("finance.hold@example.com", "finance")
		p := h.NewBrazilPayer()
		txn := p.PixPayment(p.Quote("USDC/BRL", "100"), "hold-1").Str("transaction_id")
		h.Settled()
		hold := "/api/ops/payments/" + txn + "/hold"
		release := "/api/ops/payments/" + txn + "/release"
		live, _ := openStream(t, h, p.Browser, txn, "")
		if first, _ := live.next(); first.Data["on_hold"] != false {
			t.Fatalf("the live status before any hold: %+v", first)
		}

		// Refusals: support and the payer do not see the action; a reason is required.
		if r := support.Do("POST", hold, map[string]string{"reason": "looks odd"}); r.Status != http.StatusNotFound {
			t.Errorf("support holds: %d %s", r.Status, r.Body)
		}
		if r := p.Do("POST", hold, map[string]string{"reason": "mine"}); r.Status != http.StatusNotFound {
			t.Errorf("the payer holds: %d %s", r.Status, r.Body)
		}
		if r := finance.Do("POST", hold, map[string]string{"reason": "  "}); r.Status != http.StatusBadRequest || r.Str("field") != "reason" {
			t.Errorf("a hold without a reason: %d %s", r.Status, r.Body)
		}
		if r := finance.Do("POST", release, map[string]string{"reason": "nothing held"}); r.Status != http.StatusConflict {
			t.Errorf("releasing a payment not held: %d %s", r.Status, r.Body)
		}
		if onHold(p.Status(txn)) {
			t.Fatal("on hold before any hold")
		}

		finance.MustOK("POST", hold, map[string]string{"reason": "the payer's bank asked us to check"})
		if r := finance.Do("POST", hold, map[string]string{"reason": "again"}); r.Status != http.StatusConflict {
			t.Errorf("holding twice: %d %s", r.Status, r.Body)
		}
		if !onHold(p.Status(txn)) {
			t.Errorf("webhook-status does not say on hold: %s", p.Status(txn).Body)
		}
		if m := h.Mail("maria@example.com", "under review"); !strings.Contains(m.Text, "we will e-mail you when the review ends") {
			t.Errorf("the hold's e-mail: %s", m.Text)
		}
		if ev, _ := live.next(); ev.Data["on_hold"] != true || ev.Data["status"] != "awaiting_payin" {
			t.Errorf("the live status after the hold: %+v", ev)
		}
		if r := p.MustOK("GET", "/api/transaction-status?transaction_id="+txn, nil); !onHold(r) {
			t.Errorf("transaction-status does not say on hold: %s", r.Body)
		}
		var ex struct {
			Payment struct {
				Hold *struct{ By, Reason string } `json:"hold"`
			} `json:"payment"`
			Webhooks []struct{ Outcome string } `json:"webhooks"`
		}
		json.Unmarshal(finance.MustOK("GET", "/api/ops/payments/"+txn, nil).Body, &ex) //nolint:errcheck
		if ex.Payment.Hold == nil || ex.Payment.Hold.By != "finance.hold@example.com" || ex.Payment.Hold.Reason != "the payer's bank asked us to check" {
			t.Errorf("the explanation's hold: %+v", ex.Payment.Hold)
		}

		// The pay-in arrives while held: recorded, not applied. BlindPay
		// sends two deliveries (payin.update: the deposit arrived;
		// payin.complete: the stablecoin is in the wallet, which would ask
		// for the payout), each event of each held.
		p.Simulate(txn, "payin_completed")
		h.Settled()
		held := func() bool {
			for _, w := range ex.Webhooks {
				for _, part := range strings.Split(w.Outcome, "; ") {
					if !strings.HasSuffix(part, payments.HeldOutcome) {
						return false
					}
				}
			}
			return len(ex.Webhooks) > 0
		}
		h.Eventually("the held events recorded", func() bool {
			json.Unmarshal(finance.MustOK("GET", "/api/ops/payments/"+txn, nil).Body, &ex) //nolint:errcheck
			return len(ex.Webhooks) == 2 && held()
		})
		if st := p.State(txn); st != "awaiting_payin" {
			t.Errorf("a held payment advanced to %s", st)
		}

		r := finance.MustOK("POST", release, map[string]string{"reason": "the bank confirmed the payer"})
		if r.Str("status") != "payin_completed" || !strings.Contains(string(r.Body), "applied_events") {
			t.Errorf("the release: %s", r.Body)
		}
		if st := p.State(txn); st != "payin_completed" && st != "offramp_created" {
			t.Errorf("after the release the payment is %s", st)
		}
		if onHold(p.Status(txn)) {
			t.Error("still on hold after the release")
		}
		if m := h.Mail("maria@example.com", "moving again"); !strings.Contains(m.Text, "finished checking this payment") {
			t.Errorf("the release's e-mail: %s", m.Text)
		}
		if ev := live.until("payin_completed"); ev.Data["on_hold"] != false {
			t.Errorf("the live status after the release: %+v", ev)
		}
		h.Stack.Server.CloseStreams()
		for {
			if _, ok := live.next(); !ok {
				break
			}
		}
		ex.Payment.Hold = nil
		json.Unmarshal(finance.MustOK("GET", "/api/ops/payments/"+txn, nil).Body, &ex) //nolint:errcheck
		if ex.Payment.Hold != nil || held() {
			t.Errorf("after the release: hold %+v, webhooks %+v", ex.Payment.Hold, ex.Webhooks)
		}
		if r := finance.Do("POST", release, map[string]string{"reason": "again"}); r.Status != http.StatusConflict {
			t.Errorf("releasing twice: %d %s", r.Status, r.Body)
		}
		// The release applied the settlement too: Crebit asks for the payout.
		h.Eventually("the payout asked for after the release", func() bool { return p.State(txn) == "offramp_created" })
		audit := string(finance.MustOK("GET", "/api/ops/audit?object_type=payment&object_id="+txn, nil).Body)
		for _, want := range []string{"payment.hold", "payment.release", "the payer's bank asked us to check", "the bank confirmed the payer"} {
			if !strings.Contains(audit, want) {
				t.Errorf("the audit lacks %q: %s", want, audit)
			}
		}
		h.RequireBalancedLedger()

		// An ended payment cannot be held (the payout was asked for above).
		p.Simulate(txn, "offramp_completed")
		h.Eventually("completed", func() bool { return p.State(txn) == "completed" })
		if r := finance.Do("POST", hold, map[string]string{"reason": "too late"}); r.Status != http.StatusConflict || !strings.Contains(r.Str("error"), "completed") {
			t.Errorf("holding a completed payment: %d %s", r.Status, r.Body)
		}
	})
}

func onHold(r apptest.Response) bool {
	v, _ := r.JSON["on_hold"].(bool)
	return v
}

// A payment held past its pay-in window does not expire while held; the
// release schedules its expiry again, and it expires.
func TestHeldPaymentExpiresOnlyAfterRelease(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, e store.Engine) {
		h := apptest.New(t, e)
		finance, _ := h.NewOperator("finance.expiry@example.com", "finance")
		p := h.NewBrazilPayer()
		txn := p.PixPayment(p.Quote("USDC/BRL", "100"), "hold-expiry").Str("transaction_id")
		h.Settled()
		finance.MustOK("POST", "/api/ops/payments/"+txn+"/hold", map[string]string{"reason": "checking the payer"})
		h.Clock.Advance(time.Hour)
		makeExpiryDue(t, h, txn)
		h.Settled()
		if st := p.State(txn); st != "awaiting_payin" || !onHold(p.Status(txn)) {
			t.Fatalf("a held payment past its window: %s, %s", st, p.Status(txn).Body)
		}
		if r := finance.MustOK("POST", "/api/ops/payments/"+txn+"/release", map[string]string{"reason": "checked"}); r.Str("status") != "awaiting_payin" {
			t.Errorf("the release: %s", r.Body)
		}
		makeExpiryDue(t, h, txn) // River runs on real time; the test's clock is ahead
		h.Eventually(txn+" expired after the release", func() bool { return p.State(txn) == "expired" })
	})
}

// makeExpiryDue makes txn's scheduled expiry jobs due now.
func makeExpiryDue(t *testing.T, h *apptest.Harness, txn string) {
	t.Helper()
	ctx := context.Background()
	err := h.DB.Tx(ctx, func(tx *store.Tx) error {
		_, err := tx.Exec(ctx, `UPDATE river_job SET scheduled_at = ? WHERE kind = 'expire_payment' AND state IN ('scheduled', 'available') AND CAST(args AS TEXT) LIKE ?`,
			time.Now().Add(-time.Second).UTC(), "%"+txn+"%")
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
}

// An operator's cancel of a held payment closes the hold first (with the
// cancel's reason) and then applies the cancel: the payment the console
// locked was read held, and the cancel must not be kept back as a
// partner's event would be.
func TestConsoleCancelOfAHeldPaymentClosesTheHold(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, e store.Engine) {
		h := apptest.New(t, e)
		finance, _ := h.NewOperator("finance.heldcancel@example.com", "finance")
		p := h.NewBrazilPayer()
		txn := p.PixPayment(p.Quote("USDC/BRL", "100"), "hold-cancel").Str("transaction_id")
		h.Settled()
		finance.MustOK("POST", "/api/ops/payments/"+txn+"/hold", map[string]string{"reason": "checking the payer"})
		if !onHold(p.Status(txn)) {
			t.Fatalf("not on hold: %s", p.Status(txn).Body)
		}
		if r := finance.MustOK("POST", "/api/ops/payments/"+txn+"/cancel", map[string]string{"reason": "the payer asked us to stop"}); r.Str("status") != "failed" {
			t.Fatalf("the cancel of a held payment: %s", r.Body)
		}
		if st := p.State(txn); st != "failed" || onHold(p.Status(txn)) {
			t.Errorf("after the cancel: %s, %s", st, p.Status(txn).Body)
		}
		if storedPayment(t, h, txn).OnHold {
			t.Error("the payment's row still says on hold")
		}
		if r := finance.Do("POST", "/api/ops/payments/"+txn+"/release", map[string]string{"reason": "nothing held"}); r.Status != http.StatusConflict {
			t.Errorf("releasing after the cancel: %d %s", r.Status, r.Body)
		}
		h.RequireBalancedLedger()
	})
}
