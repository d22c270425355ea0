package httpapi_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/crebit/crebit/internal/app/apptest"
	"github.com/crebit/crebit/internal/money"
	"github.com/crebit/crebit/internal/payment"
	"github.com/crebit/crebit/internal/store"
)

// arrive delivers, as BlindPay would, the news that the payment's deposit
// arrived (received), without the settlement that asks for the payout.
func arrive(t *testing.T, h *apptest.Harness, p *apptest.Payer, txn, msgID string, received money.Amount) {
	t.Helper()
	rec := storedPayment(t, h, txn)
	p.CompleteUnannounced(txn)
	body := apptest.PayinUpdate("payin.update", rec.PartnerPayinID, "processing", true, received)
	if r := h.PostWebhook(msgID, h.Clock.Now(), h.WebhookSecret(), body); r.Status != http.StatusOK && r.Status != http.StatusNoContent {
		t.Fatalf("the deposit's webhook: %d %s", r.Status, r.Body)
	}
}

type consoleReturns struct {
	Owed []struct {
		ID            string `json:"id"`
		TransactionID string `json:"transaction_id"`
		Kind, Cause   string
		Amount        json.Number
	} `json:"owed"`
	Payouts []struct {
		TransactionID string `json:"transaction_id"`
		OfframpStatus string `json:"offramp_status"`
	} `json:"payouts"`
}

func returnsQueue(t *testing.T, b *apptest.Browser) consoleReturns {
	t.Helper()
	var q consoleReturns
	if err := json.Unmarshal(b.MustOK("GET", "/api/ops/returns", nil).Body, &q); err != nil {
		t.Fatal(err)
	}
	return q
}

// owedBack is the balance of what Crebit owes payers (ledger account
// partner:returns_owed) in currency c, as Explain shows it.
func owedBack(t *testing.T, b *apptest.Browser, txn, c string) string {
	t.Helper()
	var ex struct {
		Balances []struct {
			Account, Currency string
			Balance           json.Number
		} `json:"balances"`
	}
	if err := json.Unmarshal(b.MustOK("GET", "/api/ops/payments/"+txn, nil).Body, &ex); err != nil {
		t.Fatal(err)
	}
	for _, x := range ex.Balances {
		if x.Account == "partner:returns_owed" && x.Currency == c {
			return x.Balance.String()
		}
	}
	return "none"
}

// Issue 30, Fix: finance refunds a received pay-in before it is converted.
// The partner's API cannot return it, so the payer reads "refund in
// progress" (never "refunded") until an operator records the partner's
// return; then the ledger posts it, the payer is e-mailed and sees it
// returned. Every step is audited and needs finance and the password.
func TestConsoleRefundsAReceivedPayinAndRecordsItsReturn(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, e store.Engine) {
		h := apptest.New(t, e)
		support, _ := h.NewOperator("support.refund@example.com", "support")
		finance, _ := h.NewOperator("finance.refund@example.com", "finance")
		p := h.NewBrazilPayer()
		txn := p.PixPayment(p.Quote("USDC/BRL", "100"), "refund-1").Str("transaction_id")
		h.Settled()
		local := storedPayment(t, h, txn).AmountLocal
		arrive(t, h, p, txn, "msg_refund_arrived", local)
		h.Eventually("the deposit recorded", func() bool { return p.State(txn) == "payin_completed" })

		refund := "/api/ops/payments/" + txn + "/refund"
		good := map[string]string{"reason": "the school cancelled the enrolment", "current_password": apptest.Password}
		if r := support.Do("POST", refund, good); r.Status != http.StatusNotFound {
			t.Errorf("support refunds: %d %s", r.Status, r.Body)
		}
		if r := p.Do("POST", refund, good); r.Status != http.StatusNotFound {
			t.Errorf("the payer refunds: %d %s", r.Status, r.Body)
		}
		if r := finance.Do("POST", refund, map[string]string{"reason": "x", "current_password": "not my password 123"}); r.Str("code") != "current_password_invalid" {
			t.Errorf("a refund with a wrong password: %d %s", r.Status, r.Body)
		}
		if r := finance.Do("POST", refund, map[string]string{"current_password": apptest.Password}); r.Status != http.StatusBadRequest || r.Str("field") != "reason" {
			t.Errorf("a refund without a reason: %d %s", r.Status, r.Body)
		}
		if st := p.State(txn); st != "payin_completed" {
			t.Fatalf("a refused refund moved the payment to %s", st)
		}
		if r := finance.MustOK("POST", refund, good); r.Str("status") != "refunded" {
			t.Fatalf("the refund: %s", r.Body)
		}
		if r := finance.Do("POST", refund, good); r.Status != http.StatusConflict || !strings.Contains(r.Str("error"), "refunded") {
			t.Errorf("refunding twice: %d %s", r.Status, r.Body)
		}

		// The payer: refunded, the refund in progress, told by e-mail.
		st := p.MustOK("GET", "/api/transaction-status?transaction_id="+txn, nil)
		refundOf := func(r apptest.Response) map[string]any { m, _ := r.JSON["refund"].(map[string]any); return m }
		if rf := refundOf(st); st.Str("status") != "refunded" || rf == nil || rf["status"] != "in_progress" || rf["currency"] != "BRL" {
			t.Fatalf("the payer's status after the refund: %s", st.Body)
		}
		if m := h.Mail("maria@example.com", "being refunded"); !strings.Contains(m.Text, "We will e-mail you when it is back") {
			t.Errorf("the refund e-mail: %s", m.Text)
		}
		if owed := owedBack(t, finance, txn, "BRL"); owed != local.String() {
			t.Errorf("owed back %s, want %s", owed, local)
		}
		h.RequireBalancedLedger()

		// The settlement that comes later does not pay out a refunded payment.
		rec := storedPayment(t, h, txn)
		h.PostWebhook("msg_refund_settled", h.Clock.Now(), h.WebhookSecret(),
			apptest.PayinUpdate("payin.complete", rec.PartnerPayinID, "completed", true, local))
		h.Settled()
		if rec := storedPayment(t, h, txn); rec.State != payment.StateRefunded || rec.OfframpID != "" {
			t.Errorf("after the settlement: %s, payout %q", rec.State, rec.OfframpID)
		}

		// The returns queue, and the record of the partner's return.
		q := returnsQueue(t, finance)
		if len(q.Owed) != 1 || q.Owed[0].TransactionID != txn || q.Owed[0].Kind != "payin" || q.Owed[0].Amount.String() != local.String() {
			t.Fatalf("the returns queue: %+v", q)
		}
		record := "/api/ops/returns/" + q.Owed[0].ID + "/record"
		if r := support.Do("GET", "/api/ops/returns", nil); r.Status != http.StatusNotFound {
			t.Errorf("support reads the returns queue: %d", r.Status)
		}
		if r := finance.Do("POST", record, map[string]string{"reason": "done", "current_password": apptest.Password}); r.Status != http.StatusBadRequest || r.Str("field") != "reference" {
			t.Errorf("a return without the partner's reference: %d %s", r.Status, r.Body)
		}
		if r := finance.Do("POST", "/api/ops/returns/ret_nothing/record", map[string]string{"reference": "BP-1", "reason": "done", "current_password": apptest.Password}); r.Status != http.StatusNotFound {
			t.Errorf("recording an unknown return: %d %s", r.Status, r.Body)
		}
		rr := finance.MustOK("POST", record, map[string]string{"reference": "BlindPay ticket 4821", "reason": "support returned it by Pix", "current_password": apptest.Password})
		if rr.Str("reference") != "BlindPay ticket 4821" || rr.Str("returned_by") != "finance.refund@example.com" {
			t.Errorf("the recorded return: %s", rr.Body)
		}
		if r := finance.Do("POST", record, map[string]string{"reference": "again", "reason": "again", "current_password": apptest.Password}); r.Status != http.StatusConflict {
			t.Errorf("recording a return twice: %d %s", r.Status, r.Body)
		}
		st = p.MustOK("GET", "/api/transaction-status?transaction_id="+txn, nil)
		if rf := refundOf(st); rf == nil || rf["status"] != "returned" || rf["returned_at"] == nil {
			t.Errorf("the payer's status after the return: %s", st.Body)
		}
		if m := h.Mail("maria@example.com", "refund has arrived"); !strings.Contains(m.Text, "R$") || !strings.Contains(m.Text, "was returned to the account it came from") {
			t.Errorf("the return e-mail: %s", m.Text)
		}
		if owed := owedBack(t, finance, txn, "BRL"); owed != "0.00" {
			t.Errorf("still owed back after the return: %s", owed)
		}
		if q := returnsQueue(t, finance); len(q.Owed) != 0 {
			t.Errorf("the queue after the return: %+v", q)
		}
		h.RequireBalancedLedger()
		audit := string(finance.MustOK("GET", "/api/ops/audit?object_type=payment&object_id="+txn, nil).Body)
		for _, want := range []string{"payment.refund", "payment.return", "the school cancelled the enrolment", "BlindPay ticket 4821"} {
			if !strings.Contains(audit, want) {
				t.Errorf("the audit lacks %q: %s", want, audit)
			}
		}
	})
}

// Issue 30, Fix: finance cancels a payment waiting for its pay-in; it
// fails without moving money. A deposit that arrives anyway is owed back
// (the payer told the refund is in progress), and an over-payment's excess
// is owed back while the payment goes on.
func TestConsoleCancelsAnUnpaidPayinAndLateMoneyIsOwedBack(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, e store.Engine) {
		h := apptest.New(t, e)
		finance, _ := h.NewOperator("finance.cancel@example.com", "finance")
		p := h.NewBrazilPayer()
		txn := p.PixPayment(p.Quote("USDC/BRL", "100"), "cancel-1").Str("transaction_id")
		h.Settled()
		cancel := "/api/ops/payments/" + txn + "/cancel"
		if r := finance.MustOK("POST", cancel, map[string]string{"reason": "the payer asked us to stop"}); r.Str("status") != "failed" {
			t.Fatalf("the cancel: %s", r.Body)
		}
		if r := finance.Do("POST", cancel, map[string]string{"reason": "again"}); r.Status != http.StatusConflict {
			t.Errorf("cancelling twice: %d %s", r.Status, r.Body)
		}
		if m := h.Mail("maria@example.com", "did not go through"); m.To == "" {
			t.Error("no e-mail after the cancel")
		}
		local := storedPayment(t, h, txn).AmountLocal
		arrive(t, h, p, txn, "msg_cancel_late", local)
		h.Eventually("the late deposit owed back", func() bool { return p.State(txn) == "refunded" })
		q := returnsQueue(t, finance)
		if len(q.Owed) != 1 || !strings.Contains(q.Owed[0].Cause, "late pay-in") {
			t.Errorf("the queue after a late deposit: %+v", q)
		}
		rf, _ := p.Status(txn).JSON["refund"].(map[string]any)
		if rf == nil || rf["status"] != "in_progress" {
			t.Errorf("the payer's status after a late deposit: %s", p.Status(txn).Body)
		}
		h.RequireBalancedLedger()

		// An over-payment: the quote's amount goes on, the excess is owed back.
		p2 := h.NewBrazilPayer()
		txn2 := p2.PixPayment(p2.Quote("USDC/BRL", "100"), "excess-1").Str("transaction_id")
		h.Settled()
		more := storedPayment(t, h, txn2).AmountLocal
		more.Minor += 1234
		arrive(t, h, p2, txn2, "msg_excess", more)
		h.Eventually("the over-payment recorded", func() bool { return p2.State(txn2) == "payin_completed" })
		found := false
		for _, o := range returnsQueue(t, finance).Owed {
			found = found || (o.TransactionID == txn2 && o.Kind == "excess" && o.Amount.String() == "12.34")
		}
		if !found {
			t.Errorf("the excess is not owed back: %+v", returnsQueue(t, finance))
		}
		rf, _ = p2.Status(txn2).JSON["refund"].(map[string]any)
		if rf == nil || rf["status"] != "in_progress" || fmt.Sprint(rf["amount"]) != "12.34" {
			t.Errorf("the payer's status after an over-payment: %s", p2.Status(txn2).Body)
		}
		h.RequireBalancedLedger()
	})
}

// Issue 30, Fix: a payout that came back (a wrong account at the bank)
// shows in the console's queue; finance pays it out again (password again,
// audited) and the new payout delivers.
func TestConsolePaysOutAgainAPayoutThatCameBack(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, e store.Engine) {
		ctx := context.Background()
		h := apptest.New(t, e)
		finance, _ := h.NewOperator("finance.again@example.com", "finance")
		p := h.NewBrazilPayer()
		txn := p.PixPayment(p.Quote("USDC/BRL", "100"), "again-1").Str("transaction_id")
		h.Settled()
		again := "/api/ops/payments/" + txn + "/payout-again"
		good := map[string]string{"reason": "the payer corrected the bank", "current_password": apptest.Password}
		if r := finance.Do("POST", again, good); r.Status != http.StatusConflict {
			t.Errorf("paying out again a payment with no payout: %d %s", r.Status, r.Body)
		}
		p.SettlePayin(txn)
		h.Eventually("the payout asked for", func() bool { return p.State(txn) == "offramp_created" })
		first := storedPayment(t, h, txn).OfframpID
		if err := h.Stack.BlindPaySandbox.Simulate(ctx, "payout", first, "refund"); err != nil {
			t.Fatal(err)
		}
		h.Eventually("the payout came back", func() bool { return storedPayment(t, h, txn).OfframpStatus == "refunded" })
		q := returnsQueue(t, finance)
		if len(q.Payouts) != 1 || q.Payouts[0].TransactionID != txn || q.Payouts[0].OfframpStatus != "refunded" {
			t.Errorf("the queue's payouts: %+v", q.Payouts)
		}
		if r := finance.Do("POST", again, map[string]string{"reason": "x", "current_password": "not my password 123"}); r.Str("code") != "current_password_invalid" {
			t.Errorf("wrong password: %d %s", r.Status, r.Body)
		}
		finance.MustOK("POST", again, good)
		h.Eventually("a new payout", func() bool {
			r := storedPayment(t, h, txn)
			return r.OfframpID != "" && r.OfframpID != first
		})
		if r := finance.Do("POST", again, good); r.Status != http.StatusConflict {
			t.Errorf("paying out again twice: %d %s", r.Status, r.Body)
		}
		p.Simulate(txn, "offramp_completed")
		h.Eventually("delivered", func() bool { return p.State(txn) == "completed" })
		h.RequireBalancedLedger()
		audit := string(finance.MustOK("GET", "/api/ops/audit?object_type=payment&object_id="+txn, nil).Body)
		if !strings.Contains(audit, "payment.payout_again") {
			t.Errorf("the audit lacks the payout: %s", audit)
		}
	})
}
