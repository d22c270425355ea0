package app_test

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/crebit/crebit/internal/app/apptest"
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
			rejected.AcceptPartnerTerms()
			who := apptest.CustomerBR(apptest.CPF2)
			who["last_name"] = "Rejected"
			c := rejected.MustOK("POST", "/api/create-customer", who)
			h.Eventually("the partner rejected the payer", func() bool {
				r := rejected.Do("POST", "/api/create-wallet", map[string]string{"customer_id": c.Str("customer_id")})
				return r.Status == http.StatusUnprocessableEntity && r.Str("code") == "kyc_rejected"
			})

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
