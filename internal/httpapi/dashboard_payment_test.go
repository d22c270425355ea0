package httpapi_test

import (
	"strings"
	"testing"

	"github.com/crebit/crebit/internal/app/apptest"
	"github.com/crebit/crebit/internal/store"
)

// dashPay asks Process Payment for a fresh quote of amountUSD.
func dashPay(p *apptest.AccountPayer, symbol, amountUSD string, body map[string]any, key string) apptest.Response {
	q := p.Quote(symbol, amountUSD)
	ramp, _ := q.JSON["on_ramp"].(map[string]any)
	req := map[string]any{"customer_id": p.CustomerID, "quote_id": ramp["id"], "external_account_id": p.AccountID,
		"recipient": "Boston University", "authorization": map[string]any{"accepted": true, "signed_at": "2026-11-24T10:00:00Z", "signer_name": "Maria Silva"}}
	for k, v := range body {
		req[k] = v
	}
	if key != "" {
		return p.Do("POST", "/api/dashboard/payments", req, "Idempotency-Key", key)
	}
	return p.Do("POST", "/api/dashboard/payments", req)
}

// TestDashboardProcessPayment: the Payment tab pays from the account's own
// verified profile without sending the CPF again, the payment is the
// wizards' (Pix code, authorization, lifecycle), and it appears at once in
// Recent Transactions under the recipient the payer named.
func TestDashboardProcessPayment(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, e store.Engine) {
		h := apptest.New(t, e, apptest.BlindPay())
		a := h.NewAccountPayer("dash.payer@example.com", apptest.CPF)

		setup := a.MustOK("GET", "/api/dashboard/payment-setup", nil)
		profiles, _ := setup.JSON["profiles"].([]any)
		if len(profiles) != 1 {
			t.Fatalf("setup: %s", setup.Body)
		}
		pr := profiles[0].(map[string]any)
		banks, _ := pr["bank_accounts"].([]any)
		if pr["customer_id"] != a.CustomerID || pr["country"] != "brazil" || pr["kyc_status"] != "approved" || pr["name"] != "Maria Silva" ||
			len(banks) != 1 || banks[0].(map[string]any)["last4"] != "6789" || setup.JSON["check_waitlist"] != false {
			t.Fatalf("setup: %s", setup.Body)
		}
		if strings.Contains(string(setup.Body), "529") || strings.Contains(string(setup.Body), "000123456789") {
			t.Fatalf("setup shows the CPF or the full account number: %s", setup.Body)
		}

		r := dashPay(a, "USDC/BRL", "120.00", nil, "dash-key-1")
		if r.Status != 200 || r.Str("pix_code") == "" || r.Str("status") != "awaiting_payin" || r.Num("amount_usd") != "120.00" {
			t.Fatalf("process payment: %d %s", r.Status, r.Body)
		}
		txn := r.Str("transaction_id")
		// The same request again (a double click) is the same payment.
		// (A new quote would be a new payment; the same key with another
		// quote is refused.)
		if again := dashPay(a, "USDC/BRL", "120.00", nil, "dash-key-1"); again.Status != 422 || again.Str("code") != "idempotency_key_reused" {
			t.Errorf("same key, other quote: %d %s", again.Status, again.Body)
		}

		var page dashPage
		decodeInto(t, a.MustOK("GET", "/api/dashboard/transactions", nil), &page)
		if page.Total != 1 || page.Transactions[0].ID != txn || page.Transactions[0].Recipient != "Boston University" ||
			page.Transactions[0].Status != "awaiting_payin" {
			t.Fatalf("recent transactions: %+v", page)
		}
		if o := a.MustOK("GET", "/api/dashboard/overview", nil); o.Num("pending_usd") != "120.00" {
			t.Fatalf("overview: %s", o.Body)
		}
		a.Deliver(txn)
		h.Settled()
		if o := a.MustOK("GET", "/api/dashboard/overview", nil); o.Num("total_sent_usd") != "120.00" || o.Num("pending_usd") != "0.00" {
			t.Fatalf("overview after completion: %s", o.Body)
		}
		export := a.MustOK("GET", "/api/me/data", nil)
		if !strings.Contains(string(export.Body), `"recipient":"Boston University"`) {
			t.Errorf("Download my data lacks the recipient: %s", export.Body)
		}
		if problems := h.LedgerProblems(); len(problems) > 0 {
			t.Fatalf("ledger: %v", problems)
		}
	})
}

// TestDashboardPaymentRefusals: every bad request is refused with a code
// and field, and nothing is stored.
func TestDashboardPaymentRefusals(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, e store.Engine) {
		h := apptest.New(t, e, apptest.BlindPay())
		a := h.NewAccountPayer("dash.refusals@example.com", apptest.CPF)
		b := h.NewAccountPayer("dash.other@example.com", apptest.CPF2)
		guest := h.NewBrazilPayer()

		cases := []struct {
			name        string
			body        map[string]any
			status      int
			code, field string
		}{
			{"no recipient", map[string]any{"recipient": "   "}, 400, "required_fields_missing", "recipient"},
			{"recipient too long", map[string]any{"recipient": strings.Repeat("x", 201)}, 400, "field_too_long", "recipient"},
			{"no authorization", map[string]any{"authorization": nil}, 400, "authorization_required", "authorization"},
			{"not agreed", map[string]any{"authorization": map[string]any{"accepted": false}}, 400, "authorization_required", "authorization"},
			{"another account's profile", map[string]any{"customer_id": b.CustomerID}, 404, "customer_not_found", ""},
			{"another account's bank account", map[string]any{"external_account_id": b.AccountID}, 400, "bank_account_missing", "external_account_id"},
			{"unknown quote", map[string]any{"quote_id": "qt_nope"}, 404, "quote_not_found", "quote_id"},
			{"unknown field", map[string]any{"sender_document": apptest.CPF}, 400, "unknown_field", "sender_document"},
		}
		for _, c := range cases {
			r := dashPay(a, "USDC/BRL", "50.00", c.body, "")
			if r.Status != c.status || r.Str("code") != c.code || r.Str("field") != c.field {
				t.Errorf("%s: %d %s", c.name, r.Status, r.Body)
			}
		}
		// A guest profile of another browser is not the account's identity,
		// and a signed-out browser is told to sign in.
		if r := dashPay(a, "USDC/BRL", "50.00", map[string]any{"customer_id": guest.CustomerID}, ""); r.Status != 404 || r.Str("code") != "customer_not_found" {
			t.Errorf("guest's profile: %d %s", r.Status, r.Body)
		}
		if r := guest.Do("POST", "/api/dashboard/payments", map[string]any{"recipient": "x"}); r.Status != 401 {
			t.Errorf("signed out: %d %s", r.Status, r.Body)
		}
		if r := guest.Do("GET", "/api/dashboard/payment-setup", nil); r.Status != 401 {
			t.Errorf("signed out setup: %d %s", r.Status, r.Body)
		}
		if o := a.MustOK("GET", "/api/dashboard/overview", nil); o.Num("payment_count") != "0" {
			t.Fatalf("a refused request stored a payment: %s", o.Body)
		}

		// The check waitlist is stored, once, and shows in the setup.
		if r := a.Do("POST", "/api/dashboard/check-waitlist", map[string]string{"country": "peru"}); r.Status != 400 || r.Str("field") != "country" {
			t.Errorf("waitlist country: %d %s", r.Status, r.Body)
		}
		for range 2 {
			a.MustOK("POST", "/api/dashboard/check-waitlist", map[string]string{"country": "brazil"})
		}
		if s := a.MustOK("GET", "/api/dashboard/payment-setup", nil); s.JSON["check_waitlist"] != true {
			t.Errorf("waitlist not shown: %s", s.Body)
		}
		if d := a.MustOK("GET", "/api/me/data", nil); d.JSON["check_waitlist"] != true {
			t.Errorf("Download my data lacks the waitlist entry")
		}
		if s := b.MustOK("GET", "/api/dashboard/payment-setup", nil); s.JSON["check_waitlist"] != false {
			t.Errorf("B sees A's waitlist entry: %s", s.Body)
		}
	})
}
