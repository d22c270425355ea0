// Package bpflow is what the repo's measuring and checking commands
// (cmd/chaos, cmd/loadtest, cmd/livebench, cmd/abuse) share to drive the
// real binary with its default partner, the embedded BlindPay-compatible
// sandbox (CREBIT_PARTNER=blindpay-sandbox), over HTTP only, as a browser
// does: accept the partner's terms on the sandbox's page, make the
// customer, wait for the partner's approval and the wallet, add the bank
// account. The steps are those of internal/app/apptest (AcceptPartnerTerms,
// stagedPayer); payments are then moved with POST /api/trigger-mock-webhook
// (loopback only), and the sandbox delivers its own signed webhooks.
package bpflow

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"
)

// Do sends one JSON request to the server as the payer (the payer's
// cookies) and returns the status and the decoded JSON object. A Do that
// retries (cmd/chaos) returns only answers worth acting on.
type Do func(ctx context.Context, method, path string, body any) (int, map[string]any, error)

// Payer is a payer the partner approved, with a wallet and a US bank account.
type Payer struct {
	CustomerID, WalletID, WalletAddress, AccountID string
}

// Options are how Onboard reaches the sandbox's own pages.
type Options struct {
	// Client opens the partner's terms page (any client: the page needs no
	// Crebit cookie).
	Client *http.Client
	// Base, when set, is where to open the partner's page instead of the
	// host in the URL the server answered (a live instance of several: every
	// instance serves /bpsandbox/ from the one database).
	Base func(ctx context.Context) (string, error)
	// Patience bounds each wait (the terms' webhook, the approval); 60 s if 0.
	Patience time.Duration
}

// Onboard takes a fresh session through the partner's terms, the customer
// (customer is a create-customer body), the approval and wallet, and the
// bank account (account is a create-external-account body without
// customer_id).
func Onboard(ctx context.Context, do Do, o Options, customer, account map[string]any) (Payer, error) {
	var p Payer
	if err := AcceptTerms(ctx, do, o); err != nil {
		return p, err
	}
	st, c, err := do(ctx, "POST", "/api/create-customer", customer)
	if err != nil || st != http.StatusOK {
		return p, fmt.Errorf("create-customer: %d %v %v", st, c, err)
	}
	p.CustomerID = fmt.Sprint(c["customer_id"])
	w, err := Wallet(ctx, do, o, p.CustomerID)
	if err != nil {
		return p, err
	}
	p.WalletID, p.WalletAddress = fmt.Sprint(w["wallet_id"]), fmt.Sprint(w["wallet_address"])
	body := map[string]any{"customer_id": p.CustomerID}
	for k, v := range account {
		body[k] = v
	}
	st, a, err := do(ctx, "POST", "/api/create-external-account", body)
	if err != nil || st != http.StatusOK {
		return p, fmt.Errorf("create-external-account: %d %v %v", st, a, err)
	}
	p.AccountID = fmt.Sprint(a["external_account_id"])
	return p, nil
}

// Wallet asks for the customer's wallet until the partner approved the
// customer (create-wallet answers 422 until then; the sandbox decides
// within about a second).
func Wallet(ctx context.Context, do Do, o Options, customerID string) (map[string]any, error) {
	deadline := time.Now().Add(patience(o))
	for {
		st, w, err := do(ctx, "POST", "/api/create-wallet", map[string]string{"customer_id": customerID})
		switch {
		case err != nil:
			return nil, fmt.Errorf("create-wallet: %w", err)
		case st == http.StatusOK:
			return w, nil
		case st != http.StatusUnprocessableEntity:
			return nil, fmt.Errorf("create-wallet: %d %v", st, w)
		case time.Now().After(deadline):
			return nil, fmt.Errorf("create-wallet: still %d after %s: %v", st, patience(o), w)
		}
		if err := sleep(ctx, 100*time.Millisecond); err != nil {
			return nil, err
		}
	}
}

// AcceptTerms accepts the partner's terms as a payer does: Crebit opens the
// acceptance (POST /api/partner-terms), the browser opens and posts the
// partner's page, and the partner's tos.accept webhook confirms it to
// Crebit (GET /api/partner-terms says accepted).
func AcceptTerms(ctx context.Context, do Do, o Options) error {
	st, start, err := do(ctx, "POST", "/api/partner-terms", map[string]string{"return_path": "/pay"})
	if err != nil || st != http.StatusOK {
		return fmt.Errorf("partner-terms: %d %v %v", st, start, err)
	}
	page, err := url.Parse(fmt.Sprint(start["url"]))
	token := ""
	if err == nil {
		token = page.Query().Get("session_token")
	}
	if token == "" {
		return fmt.Errorf("partner-terms: no page to open in %v", start)
	}
	c := o.Client
	if c == nil {
		c = &http.Client{Timeout: 30 * time.Second}
	}
	noFollow := *c
	noFollow.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	deadline := time.Now().Add(patience(o))
	// The page, then the acceptance (posting it again keeps the first
	// acceptance), each retried while the instance serving it is down.
	for step := 0; step < 2; {
		target := *page
		if o.Base != nil {
			base, err := o.Base(ctx)
			if err != nil {
				return err
			}
			b, err := url.Parse(base)
			if err != nil {
				return err
			}
			target.Scheme, target.Host = b.Scheme, b.Host
		}
		var res *http.Response
		if step == 0 {
			res, err = c.Get(target.String())
		} else {
			res, err = noFollow.PostForm(target.String(), url.Values{"session_token": {token}})
		}
		if err == nil {
			body, _ := io.ReadAll(io.LimitReader(res.Body, 1<<20))
			res.Body.Close()
			switch {
			case step == 0 && res.StatusCode == http.StatusOK && strings.Contains(string(body), "Accept terms of service"):
				step++
				continue
			case step == 1 && res.StatusCode == http.StatusSeeOther && strings.Contains(res.Header.Get("Location"), "tos_id=to_"):
				step++
				continue
			case res.StatusCode < 500:
				return fmt.Errorf("partner terms page (step %d): %d %.200s", step, res.StatusCode, body)
			}
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("partner terms page (step %d): %v", step, err)
		}
		if err := sleep(ctx, 100*time.Millisecond); err != nil {
			return err
		}
	}
	for {
		st, t, err := do(ctx, "GET", "/api/partner-terms", nil)
		if err != nil {
			return fmt.Errorf("partner-terms: %w", err)
		}
		if st == http.StatusOK && t["accepted"] == true {
			return nil
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("partner-terms: not accepted after %s (%d %v): the partner's tos.accept webhook did not arrive", patience(o), st, t)
		}
		if err := sleep(ctx, 50*time.Millisecond); err != nil {
			return err
		}
	}
}

// Trigger asks the sandbox, through the server, to move a payment:
// payin_processing, payin_completed, payin_failed act on the pay-in,
// offramp_completed (and offramp_created) on the payout Crebit made after
// the pay-in completed. It answers 202; 409 while the payout is not made
// yet (see NoPayoutYet).
func Trigger(ctx context.Context, do Do, txn, event string) (int, map[string]any, error) {
	return do(ctx, "POST", "/api/trigger-mock-webhook", map[string]string{"transaction_id": txn, "event": event})
}

// NoPayoutYet reports whether a trigger's answer says the payment has no
// payout yet: the pay-in's completion reached Crebit, but the payout job has
// not asked the partner for it yet (or the webhook is still on its way).
func NoPayoutYet(status int, body map[string]any) bool {
	msg, _ := body["error"].(string)
	return status == http.StatusConflict && strings.Contains(msg, "no payout yet")
}

func patience(o Options) time.Duration {
	if o.Patience > 0 {
		return o.Patience
	}
	return 60 * time.Second
}

func sleep(ctx context.Context, d time.Duration) error {
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-time.After(d):
		return nil
	}
}

// CustomerBR is a create-customer body of a Brazilian payer; cpf must be a
// valid CPF (check digits right).
func CustomerBR(first, email, cpf string) map[string]any {
	return map[string]any{
		"first_name": first, "last_name": "Silva", "email": email, "phone_number": "5511987654321",
		"type": "individual", "date_of_birth": "1990-05-10",
		"identity_documents": []map[string]any{{"type": "national_id", "value": cpf, "country": "brazil"}},
		"address": map[string]any{"street_line_1": "Rua Augusta 100", "city": "São Paulo", "state": "SP",
			"postal_code": "01305-000", "country": "brazil"},
	}
}

// BankAccount is a create-external-account body (without customer_id).
func BankAccount() map[string]any {
	return map[string]any{
		"account_name": "Maria Silva's USD Account", "beneficiary_name": "Maria Silva",
		"bank_name": "JPMorgan Chase", "bank_account_number": "000123456789", "routing_number": "021000021",
		"address": map[string]any{"street_line_1": "270 Park Ave", "city": "New York", "state": "NY",
			"postal_code": "10017", "country": "USA"},
	}
}
