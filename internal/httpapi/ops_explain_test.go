package httpapi_test

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/crebit/crebit/internal/app/apptest"
	"github.com/crebit/crebit/internal/store"
)

// Issue 30, Explain: one payment's whole story on one answer — states with
// time and cause, the partner calls about it and its payer (identifiers
// masked), the webhooks received with headers and body, the e-mails with
// their text, balanced ledger postings, the rail reference and the payer's
// other payments — and never a full tax id or account number.
func TestConsoleExplainsAPayment(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, e store.Engine) {
		h := apptest.New(t, e)
		support, _ := h.NewOperator("support.explain@example.com", "support")
		p := h.NewBrazilPayer()
		txn := p.PixPayment(p.Quote("USDC/BRL", "1500"), "explain-1").Str("transaction_id")
		other := p.PixPayment(p.Quote("USDC/BRL", "20"), "explain-2").Str("transaction_id")
		p.Deliver(txn)
		h.Eventually("the completion e-mail", func() bool {
			var ex struct {
				Emails []struct {
					SentAt *string `json:"sent_at"`
				} `json:"emails"`
			}
			json.Unmarshal(support.MustOK("GET", "/api/ops/payments/"+txn, nil).Body, &ex) //nolint:errcheck
			n := 0
			for _, m := range ex.Emails {
				if m.SentAt != nil {
					n++
				}
			}
			return n >= 2
		})

		r := support.MustOK("GET", "/api/ops/payments/"+txn, nil)
		for _, secret := range []string{"52998224725", "529.982.247-25", apptest.Account} {
			if strings.Contains(string(r.Body), secret) {
				t.Errorf("the explanation shows %s in full", secret)
			}
		}
		var ex struct {
			Payment struct {
				TransactionID string `json:"transaction_id"`
				Status        string `json:"status"`
				TaxIDLast4    string `json:"tax_id_last4"`
				BankLast4     string `json:"bank_last4"`
			} `json:"payment"`
			States []struct{ State, Cause string } `json:"states"`
			Calls  []struct {
				Operation, Outcome, Request, About string
				IdemKey                            string `json:"idempotency_key"`
			} `json:"partner_calls"`
			Webhooks []struct{ ID, Type, Headers, Body, Signature string } `json:"webhooks"`
			Emails   []struct{ ID, To, Subject, Text string }              `json:"emails"`
			Ledger   []struct {
				Entries []struct {
					Currency string
					Amount   json.Number
				} `json:"entries"`
			} `json:"ledger"`
			Rail struct {
				PixEndToEndID string `json:"pix_end_to_end_id"`
			} `json:"rail"`
			Others []struct {
				TransactionID string `json:"transaction_id"`
			} `json:"other_payments"`
		}
		if err := json.Unmarshal(r.Body, &ex); err != nil {
			t.Fatal(err)
		}
		if ex.Payment.TransactionID != txn || ex.Payment.Status != "completed" || ex.Payment.TaxIDLast4 != "4725" || ex.Payment.BankLast4 != "6789" {
			t.Errorf("payment: %+v", ex.Payment)
		}
		var states []string
		for _, s := range ex.States {
			states = append(states, s.State+"<"+strings.SplitN(s.Cause, ":", 2)[0])
		}
		if got := strings.Join(states, " "); !strings.HasPrefix(got, "created<api awaiting_payin<") || !strings.Contains(got, "completed<webhook") {
			t.Errorf("states: %s", got)
		}
		ops := map[string]bool{}
		for _, c := range ex.Calls {
			ops[c.Operation] = true
			read := c.Operation == "get_customer" || strings.HasSuffix(c.Operation, "_events") // reads carry no key
			if c.Outcome != "ok" || (c.IdemKey == "") != read {
				t.Errorf("call %+v", c)
			}
			if c.Operation == "create_customer" && !strings.Contains(c.Request, `"tax_id":"•••4725"`) {
				t.Errorf("the customer call's request: %s", c.Request)
			}
		}
		for _, op := range []string{"create_customer", "ensure_wallet", "create_external_account", "create_payin", "create_payout"} {
			if !ops[op] {
				t.Errorf("no %s call in %v", op, ops)
			}
		}
		if len(ex.Webhooks) == 0 {
			t.Error("no webhook")
		}
		for _, w := range ex.Webhooks {
			if w.Signature != "verified" || !strings.Contains(w.Headers, "svix-signature") || !strings.Contains(w.Body, txn) && !strings.Contains(w.Body, "pi_") && !strings.Contains(w.Body, "pa_") {
				t.Errorf("webhook %+v", w)
			}
		}
		if len(ex.Emails) < 2 || !strings.Contains(ex.Emails[0].Text, txn) || ex.Emails[0].To != "maria@example.com" {
			t.Errorf("e-mails: %+v", ex.Emails)
		}
		if len(ex.Ledger) == 0 {
			t.Error("no ledger postings")
		}
		if ex.Rail.PixEndToEndID == "" {
			t.Error("no Pix end-to-end id")
		}
		if len(ex.Others) != 1 || ex.Others[0].TransactionID != other {
			t.Errorf("other payments: %+v", ex.Others)
		}

		// Fix: support resends an e-mail; finance replays a webhook, which
		// (already applied) changes nothing. Both are audited.
		if r := support.Do("POST", "/api/ops/payments/"+txn+"/resend-email", map[string]string{"mail_id": ex.Emails[0].ID, "reason": ""}); r.Status != http.StatusBadRequest {
			t.Errorf("a resend without a reason: %d %s", r.Status, r.Body)
		}
		if r := support.Do("POST", "/api/ops/payments/"+other+"/resend-email", map[string]string{"mail_id": ex.Emails[0].ID, "reason": "lost"}); r.Status != http.StatusNotFound {
			t.Errorf("another payment's e-mail resent: %d %s", r.Status, r.Body)
		}
		before := len(ex.Emails)
		if r := support.Do("POST", "/api/ops/payments/"+txn+"/resend-email", map[string]string{"mail_id": ex.Emails[0].ID, "reason": "the payer lost it"}); r.Status != http.StatusNoContent {
			t.Fatalf("resend: %d %s", r.Status, r.Body)
		}
		var again struct {
			Emails []struct{ To, Subject string } `json:"emails"`
		}
		json.Unmarshal(support.MustOK("GET", "/api/ops/payments/"+txn, nil).Body, &again) //nolint:errcheck
		if len(again.Emails) != before+1 || again.Emails[before].Subject != ex.Emails[0].Subject || again.Emails[before].To != ex.Emails[0].To {
			t.Errorf("after the resend: %+v", again.Emails)
		}
		if r := support.Do("POST", "/api/ops/payments/"+txn+"/replay-webhook", map[string]string{"event_id": ex.Webhooks[0].ID, "reason": "check"}); r.Status != http.StatusNotFound {
			t.Errorf("support replays a webhook: %d", r.Status)
		}
		finance, _ := h.NewOperator("finance.explain@example.com", "finance")
		r2 := finance.MustOK("POST", "/api/ops/payments/"+txn+"/replay-webhook", map[string]string{"event_id": ex.Webhooks[0].ID, "reason": "payer says it stalled"})
		if r2.Str("outcome") != "no change" || p.State(txn) != "completed" {
			t.Errorf("replaying an applied event: %s, state %s", r2.Body, p.State(txn))
		}
		if r := finance.Do("POST", "/api/ops/payments/"+other+"/replay-webhook", map[string]string{"event_id": ex.Webhooks[0].ID, "reason": "x"}); r.Status != http.StatusNotFound || r.Str("field") != "event_id" {
			t.Errorf("another payment's webhook replayed: %d %s", r.Status, r.Body)
		}
		audit := string(finance.MustOK("GET", "/api/ops/audit?object_type=payment&object_id="+txn, nil).Body)
		if !strings.Contains(audit, "mail.resend") || !strings.Contains(audit, "webhook.replay") {
			t.Errorf("the payment's audit: %s", audit)
		}

		if r := support.Do("GET", "/api/ops/payments/txn_nothing", nil); r.Status != http.StatusNotFound || r.Str("code") != "transaction_not_found" {
			t.Errorf("an unknown payment: %d %s", r.Status, r.Body)
		}
		if r := p.Do("GET", "/api/ops/payments/"+txn, nil); r.Status != http.StatusNotFound || r.Str("code") != "not_found" {
			t.Errorf("the payer asks: %d %s", r.Status, r.Body)
		}
	})
}
