package app_test

import (
	"context"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/crebit/crebit/internal/app"
	"github.com/crebit/crebit/internal/app/apptest"
	"github.com/crebit/crebit/internal/bpsandbox/bpsandboxtest"
	"github.com/crebit/crebit/internal/bpsandbox/bpspec"
	"github.com/crebit/crebit/internal/partner/blindpay"
	"github.com/crebit/crebit/internal/partner/bpadapter"
	"github.com/crebit/crebit/internal/payment"
	"github.com/crebit/crebit/internal/store"
	"github.com/crebit/crebit/internal/store/storetest"
)

// TestBlindPayPaymentsComplete drives a Pix and a SPEI payment from the
// partner's terms to US dollars delivered through the BlindPay adapter and
// the embedded BlindPay-compatible sandbox (real HTTP, svix-signed
// webhooks, River), on both engines: terms first, identity approved by the
// partner's customer.update, the wallet after approval, the firm payin
// quote and payin, the payout Crebit asks for once the payin settled.
func TestBlindPayPaymentsComplete(t *testing.T) {
	for _, e := range storetest.Engines {
		t.Run(string(e), func(t *testing.T) {
			h := apptest.New(t, e, apptest.Env("CREBIT_PARTNER", "blindpay-sandbox"))
			br := h.NewStagedPayer(apptest.CustomerBR(apptest.CPF))
			if m := h.Mail("maria@example.com", "Your identity is verified"); !strings.Contains(m.Text, "/get-started") {
				t.Errorf("the approval e-mail links to the wizard: %q", m.Text)
			}
			pix := br.PixPayment(br.Quote("USDC/BRL", "250"), "")
			if pix.Status != 200 || pix.Str("transaction_id") == "" || !strings.Contains(string(pix.Body), "br.gov.bcb.pix") {
				t.Fatalf("create-pix-payment: %d %s", pix.Status, pix.Body)
			}
			mx := h.NewStagedPayer(apptest.CustomerMX(apptest.CURP))
			spei := mx.SpeiPayment(mx.Quote("USDC/MXN", "300"), "")
			if spei.Status != 200 || spei.Str("transaction_id") == "" {
				t.Fatalf("create-spei-payment: %d %s", spei.Status, spei.Body)
			}
			for _, c := range []struct {
				p   *apptest.Payer
				txn string
			}{{br, pix.Str("transaction_id")}, {mx, spei.Str("transaction_id")}} {
				c.p.Simulate(c.txn, "payin_completed")
				h.Eventually("the payout was asked for", func() bool { return c.p.State(c.txn) == "offramp_created" })
				c.p.Simulate(c.txn, "offramp_completed")
				h.Eventually("USD delivered", func() bool { return c.p.State(c.txn) == "completed" })
			}
			h.RequireBalancedLedger()
			// BlindPay's bodies carry the payer's tax id; the stored copies do not.
			var n int
			err := h.DB.Read(context.Background(), func(tx *store.Tx) error {
				return tx.QueryRow(context.Background(), `SELECT COUNT(*) FROM webhook_events WHERE payload LIKE '%52998224725%' OR payload LIKE '%BOXW310820HNERXN09%'`).Scan(&n)
			})
			if err != nil || n != 0 {
				t.Errorf("%d stored webhook bodies hold a tax id (%v)", n, err)
			}
		})
	}
}

// TestBlindPayWhenThingsGoWrong: a payer the partner rejects, a pay-in
// that fails, webhooks that are lost (recovered by asking the partner) and
// a payout that comes back, through the adapter and the embedded sandbox.
func TestBlindPayWhenThingsGoWrong(t *testing.T) {
	for _, e := range storetest.Engines {
		t.Run(string(e), func(t *testing.T) {
			h := apptest.New(t, e, apptest.Env("CREBIT_PARTNER", "blindpay-sandbox"), apptest.Env("CREBIT_RECOVER_AFTER", "1s"))
			ctx := context.Background()

			// Rejected: the partner's verdict comes by customer.update; the
			// wallet (and so any payment) is refused with the reason.
			rejected := h.Browser()
			rejected.SetLanguage("pt-BR")
			rejected.AcceptPartnerTerms()
			who := apptest.CustomerBR(apptest.CPF2)
			who["last_name"], who["email"] = "Rejected", "rejected@example.com"
			c := rejected.MustOK("POST", "/api/create-customer", who)
			h.Eventually("the partner rejected the payer", func() bool {
				r := rejected.Do("POST", "/api/create-wallet", map[string]string{"customer_id": c.Str("customer_id")})
				return r.Status == http.StatusUnprocessableEntity && r.Str("code") == "kyc_rejected"
			})
			// Corrected details: the rejected profile is not offered back; the
			// payer accepts the terms again (one acceptance, one customer) and
			// a new verification starts.
			if st := rejected.MustOK("GET", "/api/partner-terms", nil); st.JSON["accepted"] != false {
				t.Errorf("after a rejection the terms must be accepted again: %s", st.Body)
			}
			rejected.AcceptPartnerTerms()
			who["last_name"] = "Souza"
			again := rejected.MustOK("POST", "/api/create-customer", who)
			if again.JSON["show_popup"] == true || again.Str("customer_id") == c.Str("customer_id") {
				t.Errorf("corrected details after a rejection: %s", again.Body)
			}
			h.Eventually("the corrected profile approved", func() bool {
				return rejected.Do("POST", "/api/create-wallet", map[string]string{"customer_id": again.Str("customer_id")}).Status == http.StatusOK
			})

			// "We will e-mail you when it is done": in the payer's language.
			if m := h.Mail("rejected@example.com", "Não foi possível verificar sua identidade"); !strings.Contains(m.Text, "nenhum valor foi cobrado") {
				t.Errorf("the rejection e-mail: %q", m.Text)
			}

			// Under manual review: no wallet, no payment, until the partner decides.
			review := h.Browser()
			review.AcceptPartnerTerms()
			held := apptest.CustomerMX(apptest.CURP)
			held["last_name"] = "Review"
			rc := review.MustOK("POST", "/api/create-customer", held)
			if r := review.Do("POST", "/api/create-wallet", map[string]string{"customer_id": rc.Str("customer_id")}); r.Status != http.StatusUnprocessableEntity || r.Str("code") != "kyc_review" {
				t.Fatalf("wallet while under review: %d %s, want 422 kyc_review", r.Status, r.Body)
			}

			// A pay-in that fails at the bank.
			p := h.NewStagedPayer(apptest.CustomerBR(apptest.CPF))
			failed := p.PixPayment(p.Quote("USDC/BRL", "100"), "").Str("transaction_id")
			p.Simulate(failed, "payin_failed")
			h.Eventually("the payment failed", func() bool { return p.State(failed) == "failed" })

			// A quote past its lock: refused before anything reaches BlindPay.
			stale := p.Quote("USDC/BRL", "110")
			h.AdvanceClock(6 * time.Minute)
			if r := p.PixPayment(stale, ""); r.Status != http.StatusGone || r.Str("code") != "quote_expired" {
				t.Errorf("a payment of an expired quote: %d %s, want 410 quote_expired", r.Status, r.Body)
			}

			// Lost webhooks: the pay-in completes at the partner but neither
			// of its two deliveries arrives; the sweep asks the partner.
			lost := p.PixPayment(p.Quote("USDC/BRL", "120"), "").Str("transaction_id")
			h.Stack.BlindPaySandbox.LoseWebhooks(2)
			p.Simulate(lost, "payin_completed")
			time.Sleep(300 * time.Millisecond)
			if st := p.State(lost); st != "awaiting_payin" {
				t.Fatalf("with its webhooks lost the payment is %s, want awaiting_payin", st)
			}
			h.Clock.Advance(time.Minute)
			h.Eventually("reconciliation found the pay-in and asked for the payout", func() bool { return p.State(lost) == "offramp_created" })

			// The payout comes back (a wrong account at the bank): the
			// payment is held for an operator, not called delivered.
			var rec payment.Record
			read := func() {
				if err := h.DB.Read(ctx, func(tx *store.Tx) (err error) { rec, err = tx.Payment(ctx, lost); return }); err != nil {
					t.Fatal(err)
				}
			}
			read()
			if err := h.Stack.BlindPaySandbox.Simulate(ctx, "payout", rec.OfframpID, "refund"); err != nil {
				t.Fatal(err)
			}
			h.Eventually("the refunded payout is recorded", func() bool { read(); return rec.OfframpStatus == "refunded" })
			if rec.State != payment.StateOfframpCreated {
				t.Errorf("after a refunded payout the payment is %s, want offramp_created (held)", rec.State)
			}
			h.RequireBalancedLedger()
		})
	}
}

// TestBlindPayWithOnlyItsSettings starts Crebit as an operator going live
// would — CREBIT_PARTNER=blindpay with the partner's URL, API key, instance
// id and the webhook endpoint's whsec_ secret, nothing else — against a
// BlindPay double served over real HTTP on its own database, which checks
// every request against BlindPay's OpenAPI document and sends svix-signed
// webhooks to CREBIT_BASE_URL/api/webhook/payout-events. A Pix payment
// goes from the terms to USD delivered.
func TestBlindPayWithOnlyItsSettings(t *testing.T) {
	spec, err := bpspec.Load("../partner/blindpay/testdata/openapi.json", "../bpsandbox/testdata/openapi-fx.json")
	if err != nil {
		t.Fatal(err)
	}
	const key, instance = "sk_test_double_key", "in_doubletest01"
	_, srv, _ := bpsandboxtest.Start(t, storetest.Open(t, store.SQLite), bpsandboxtest.Options{InstanceID: instance, APIKey: key,
		StepDelay: 50 * time.Millisecond, Check: func(r *http.Request, body []byte) error {
			return spec.Request(r.Header, r.Method, r.URL.RequestURI(), body)
		}})
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	base := "http://" + addr
	// The operator registers the endpoint at BlindPay, which makes its secret.
	c, err := blindpay.New(blindpay.Config{BaseURL: srv.URL + "/bpsandbox", APIKey: key, InstanceID: instance})
	if err != nil {
		t.Fatal(err)
	}
	a, err := bpadapter.New(c, bpadapter.Config{Network: "base_sepolia", Token: "USDB"})
	if err != nil {
		t.Fatal(err)
	}
	_, secret, err := a.EnsureWebhook(context.Background(), "operator", base+"/api/webhook/payout-events")
	if err != nil {
		t.Fatal(err)
	}
	env := map[string]string{"CREBIT_PARTNER": "blindpay", "CREBIT_PARTNER_URL": srv.URL + "/bpsandbox", "CREBIT_PARTNER_API_KEY": key,
		"CREBIT_BLINDPAY_INSTANCE_ID": instance, "CREBIT_WEBHOOK_SECRET": secret, "CREBIT_BASE_URL": base, "CREBIT_DATA_DIR": t.TempDir()}
	check := func() (string, error) {
		var out strings.Builder
		err := app.Run(context.Background(), []string{"partner", "check"}, func(k string) string { return env[k] }, &out, io.Discard)
		return out.String(), err
	}
	if out, err := check(); err != nil || strings.Contains(out, "MISSING") || !strings.Contains(out, "CREBIT_WEBHOOK_SECRET is the endpoint's signing secret") {
		t.Errorf("partner check with everything set: %v\n%s", err, out)
	}
	env["CREBIT_BASE_URL"] = "http://127.0.0.1:1"
	if out, err := check(); err == nil || !strings.Contains(out, "MISSING  no webhook endpoint at http://127.0.0.1:1/api/webhook/payout-events") {
		t.Errorf("partner check with another base URL: %v\n%s", err, out)
	}
	env["CREBIT_BASE_URL"], env["CREBIT_PARTNER_API_KEY"] = base, "sk_wrong"
	if out, err := check(); err == nil || !strings.Contains(out, "did not accept the API key") || strings.Contains(out, secret) {
		t.Errorf("partner check with a wrong key: %v\n%s", err, out)
	}

	h := apptest.New(t, store.SQLite, apptest.Env("CREBIT_PARTNER", "blindpay"), apptest.Env("CREBIT_PARTNER_URL", srv.URL+"/bpsandbox"),
		apptest.Env("CREBIT_PARTNER_API_KEY", key), apptest.Env("CREBIT_BLINDPAY_INSTANCE_ID", instance),
		apptest.Env("CREBIT_WEBHOOK_SECRET", secret), apptest.Env("CREBIT_ADDR", addr), apptest.Env("CREBIT_BASE_URL", base))
	p := h.NewStagedPayer(apptest.CustomerBR(apptest.CPF))
	pay := p.PixPayment(p.Quote("USDC/BRL", "180"), "")
	txn := pay.Str("transaction_id")
	if pay.Status != http.StatusOK || txn == "" {
		t.Fatalf("create-pix-payment: %d %s", pay.Status, pay.Body)
	}
	// The double's development instance pays in and out by itself.
	h.Eventually("USD delivered", func() bool { return p.State(txn) == "completed" })
	h.RequireBalancedLedger()
}

// TestBlindPayHeldPaymentPaysOutOnlyAfterRelease: a payment an operator
// holds does not get its payout from BlindPay while held, even though
// BlindPay settles the pay-in; on release the held deliveries are applied
// and the payout is asked for.
func TestBlindPayHeldPaymentPaysOutOnlyAfterRelease(t *testing.T) {
	h := apptest.New(t, store.SQLite, apptest.Env("CREBIT_PARTNER", "blindpay-sandbox"))
	finance, _ := h.NewOperator("finance.bp@example.com", "finance")
	p := h.NewStagedPayer(apptest.CustomerBR(apptest.CPF))
	txn := p.PixPayment(p.Quote("USDC/BRL", "140"), "").Str("transaction_id")
	finance.MustOK("POST", "/api/ops/payments/"+txn+"/hold", map[string]string{"reason": "the payer's bank asked us to check"})
	p.Simulate(txn, "payin_completed")
	held := func() (n int) {
		err := h.DB.Read(context.Background(), func(tx *store.Tx) error {
			return tx.QueryRow(context.Background(), `SELECT COUNT(*) FROM webhook_events WHERE payment_id = ? AND outcome LIKE '%held: applied on release%'`, txn).Scan(&n)
		})
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	h.Eventually("BlindPay's two pay-in deliveries recorded as held", func() bool { return held() == 2 })
	var rec payment.Record
	if err := h.DB.Read(context.Background(), func(tx *store.Tx) (err error) { rec, err = tx.Payment(context.Background(), txn); return }); err != nil {
		t.Fatal(err)
	}
	if rec.State != payment.StateAwaitingPayin || rec.OfframpID != "" {
		t.Fatalf("while held: %s, payout %q; want awaiting_payin and no payout", rec.State, rec.OfframpID)
	}
	finance.MustOK("POST", "/api/ops/payments/"+txn+"/release", map[string]string{"reason": "checked with the bank"})
	h.Eventually("the payout asked for after the release", func() bool { return p.State(txn) == "offramp_created" })
	p.Simulate(txn, "offramp_completed")
	h.Eventually("USD delivered", func() bool { return p.State(txn) == "completed" })
	h.RequireBalancedLedger()
}
