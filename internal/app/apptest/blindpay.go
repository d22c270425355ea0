package apptest

import (
	"io"
	"net/http"
	"net/url"
	"strings"
)

// AcceptPartnerTerms accepts the BlindPay sandbox's terms as a payer does:
// Crebit opens the acceptance, the browser posts the partner's page, and
// the partner's tos.accept webhook confirms it to Crebit.
func (b *Browser) AcceptPartnerTerms() {
	b.h.T.Helper()
	start := b.MustOK("POST", "/api/partner-terms", map[string]string{"return_path": "/pay"})
	page, err := url.Parse(start.Str("url"))
	if err != nil || page.Query().Get("session_token") == "" {
		b.h.T.Fatalf("partner terms: no page to open in %s", start.Body)
	}
	res, err := b.HTTP.Get(start.Str("url")) // the partner's page, wherever the partner is
	if err != nil {
		b.h.T.Fatal(err)
	}
	html, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != http.StatusOK || !strings.Contains(string(html), "Accept terms of service") {
		b.h.T.Fatalf("partner terms page: %d %s", res.StatusCode, html)
	}
	noFollow := *b.HTTP
	noFollow.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	res, err = noFollow.PostForm(start.Str("url"), url.Values{"session_token": {page.Query().Get("session_token")}})
	if err != nil {
		b.h.T.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusSeeOther || !strings.Contains(res.Header.Get("Location"), "/pay?tos_id=to_") {
		b.h.T.Fatalf("accepting the partner's terms: %d, Location %q", res.StatusCode, res.Header.Get("Location"))
	}
	b.h.Eventually("the partner confirmed the terms", func() bool {
		return b.MustOK("GET", "/api/partner-terms", nil).JSON["accepted"] == true
	})
}

// BlindPay runs the application against the embedded BlindPay-compatible
// sandbox (CREBIT_PARTNER=blindpay-sandbox), driven through the real
// BlindPay adapter: the default, said out loud by tests that are about it.
func BlindPay() Option { return Env("CREBIT_PARTNER", "blindpay-sandbox") }

// NewStagedPayer goes through the first steps with a partner that asks for
// its terms first (CREBIT_PARTNER=blindpay-sandbox): terms, identity (under
// review, then approved by the partner), wallet, bank account. customer is
// CustomerBR(...) or CustomerMX(...).
func (h *Harness) NewStagedPayer(customer map[string]any) *Payer {
	h.T.Helper()
	b := h.Browser()
	if r := b.Do("POST", "/api/create-customer", customer); r.Status != http.StatusConflict || r.Str("code") != "terms_required" {
		h.T.Fatalf("create-customer before the terms: %d %s, want 409 terms_required", r.Status, r.Body)
	}
	return b.stagedPayer(customer)
}

// stagedPayer accepts the partner's terms in b, then makes the customer,
// waits for the partner's approval and the wallet, and adds a bank account.
func (b *Browser) stagedPayer(customer map[string]any) *Payer {
	h := b.h
	h.T.Helper()
	b.AcceptPartnerTerms()
	c := b.MustOK("POST", "/api/create-customer", customer)
	var w Response
	h.Eventually("the partner approved the payer and the wallet opened", func() bool {
		w = b.Do("POST", "/api/create-wallet", map[string]string{"customer_id": c.Str("customer_id")})
		return w.Status == http.StatusOK
	})
	a := b.MustOK("POST", "/api/create-external-account", BankAccount(c.Str("customer_id")))
	return &Payer{Browser: b, CustomerID: c.Str("customer_id"), WalletID: w.Str("wallet_id"),
		WalletAddress: w.Str("wallet_address"), AccountID: a.Str("external_account_id")}
}

// newPayer makes a payer of customer in b: terms, approval and wallet
// first, then the bank account.
func (b *Browser) newPayer(customer map[string]any) *Payer {
	b.h.T.Helper()
	return b.stagedPayer(customer)
}

// SettlePayin makes the pay-in complete at the partner and waits until
// Crebit asked for the payout (offramp_created), after which offramp
// events can be simulated.
func (p *Payer) SettlePayin(txn string) {
	p.h.T.Helper()
	p.Simulate(txn, "payin_completed")
	p.h.Eventually("the payout was asked for", func() bool { return p.State(txn) == "offramp_created" })
}

// Deliver takes a payment from its pay-in to US dollars delivered with
// either partner and waits for completed.
func (p *Payer) Deliver(txn string) {
	p.h.T.Helper()
	p.SettlePayin(txn)
	p.Simulate(txn, "offramp_completed")
	p.h.Eventually("USD delivered", func() bool { return p.State(txn) == "completed" })
}
