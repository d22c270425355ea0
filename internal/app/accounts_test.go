package app_test

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/crebit/crebit/internal/app/apptest"
	"github.com/crebit/crebit/internal/customer"
	"github.com/crebit/crebit/internal/session"
	"github.com/crebit/crebit/internal/store"
	"github.com/crebit/crebit/internal/store/storetest"
)

// TestAccounts runs every account rule through the real server on both engines.
func TestAccounts(t *testing.T) {
	for _, e := range storetest.Engines {
		t.Run(string(e), func(t *testing.T) {
			h := apptest.New(t, e, apptest.BlindPay())
			t.Run("signup_duplicate_reveals_nothing", func(t *testing.T) { signupDuplicate(t, h) })
			t.Run("session_rotation_and_guest_history", func(t *testing.T) { rotation(t, h) })
			t.Run("limits", func(t *testing.T) { limits(t, h) })
			t.Run("reset", func(t *testing.T) { reset(t, h) })
			t.Run("two_factor", func(t *testing.T) { twoFactor(t, h) })
			t.Run("signup_bank_retry_idempotent", func(t *testing.T) { bankRetry(t, h) })
			t.Run("guest_payment_attached", func(t *testing.T) { guestPayment(t, h) })
		})
	}
}

func signupDuplicate(t *testing.T, h *apptest.Harness) {
	first := h.Browser().SignUp("dup@example.com")
	if first.JSON["me"] == nil {
		t.Fatalf("first sign-up not signed in: %s", first.Body)
	}
	// Issue 25: the address has an account, so nothing is created and the
	// person is told plainly (sign-up is limited per client address, so
	// this cannot test addresses in bulk); the owner hears of it once a day.
	again := h.Browser()
	for range 3 {
		r := again.Do("POST", "/api/signup", map[string]string{"email": "  DUP@Example.com ", "password": "another good passphrase"})
		if r.Status != 409 || r.Str("code") != "account_exists" || r.Str("field") != "email" || r.JSON["me"] != nil {
			t.Fatalf("sign-up with a registered address: %d %s", r.Status, r.Body)
		}
	}
	if got := again.Do("GET", "/api/me", nil).Status; got != 204 {
		t.Fatalf("duplicate sign-up is signed in: %d", got)
	}
	h.Mail("dup@example.com", "Someone tried")
	h.Settled()
	var notices, accounts int
	if err := h.DB.Read(context.Background(), func(tx *store.Tx) error {
		if err := tx.QueryRow(context.Background(), `SELECT COUNT(*) FROM outbox WHERE kind = 'signup_existing'`).Scan(&notices); err != nil {
			return err
		}
		return tx.QueryRow(context.Background(), `SELECT COUNT(*) FROM accounts WHERE email = 'dup@example.com'`).Scan(&accounts)
	}); err != nil {
		t.Fatal(err)
	}
	if notices != 1 || accounts != 1 {
		t.Fatalf("3 sign-ups with a registered address: %d notices, %d accounts; want 1 and 1", notices, accounts)
	}
	for _, tc := range []struct{ email, pw, code string }{
		{"bad", apptest.Password, "email_invalid"},
		{"v@example.com", "short", "password_too_short"},
		{"v@example.com", strings.Repeat("x", 129), "password_too_long"},
		{"v@example.com", "1qaz2wsx3edc", "password_too_common"},
		{"verylongname@example.com", "my verylongname pass", "password_contains_email"},
	} {
		r := h.Browser().Do("POST", "/api/signup", map[string]string{"email": tc.email, "password": tc.pw})
		if r.Status != 400 || r.Str("code") != tc.code {
			t.Errorf("%s/%q: %d %s, want 400 %s", tc.email, tc.pw, r.Status, r.Body, tc.code)
		}
	}
}

func rotation(t *testing.T, h *apptest.Harness) {
	guest := h.Browser()
	guest.AcceptPartnerTerms()
	guestCustomer := guest.MustOK("POST", "/api/create-customer", apptest.CustomerBR(apptest.CPF)).Str("customer_id")
	before := cookie(t, h, guest)
	guest.SignUp("rot@example.com")
	after := cookie(t, h, guest)
	if before == "" || after == "" || before == after {
		t.Fatalf("session not rotated: %q -> %q", before, after)
	}
	// The old token is dead: a browser holding it is a stranger.
	fixated := h.Browser()
	setCookie(t, h, fixated, before)
	if got := fixated.Do("GET", "/api/me", nil).Status; got != 204 {
		t.Fatalf("old session token still works: %d", got)
	}
	// The guest's customer is the account's; user B and a signed-out
	// browser get 404 for it; the owner from another browser reaches it.
	acct := guest.MustOK("GET", "/api/me", nil).Str("id")
	var c customer.Customer
	h.DB.Tx(context.Background(), func(tx *store.Tx) (err error) { c, err = tx.Customer(context.Background(), guestCustomer); return })
	if c.AccountID != acct {
		t.Fatalf("guest customer not attached: account %q, want %q", c.AccountID, acct)
	}
	b := h.Browser()
	b.SignUp("b@example.com")
	for _, who := range []*apptest.Browser{b, h.Browser()} {
		if r := who.Do("POST", "/api/create-wallet", map[string]string{"customer_id": guestCustomer}); r.Status != 404 {
			t.Errorf("another browser reached A's customer: %d %s", r.Status, r.Body)
		}
	}
	other := h.Browser()
	other.MustOK("POST", "/api/signin", map[string]string{"email": "rot@example.com", "password": apptest.Password})
	h.Eventually("the partner approved A's customer and A reaches its wallet", func() bool {
		return other.Do("POST", "/api/create-wallet", map[string]string{"customer_id": guestCustomer}).Status == http.StatusOK
	})
	// Starting a wizard signed in elsewhere offers the account's own customer back.
	if r := other.MustOK("POST", "/api/create-customer", apptest.CustomerBR(apptest.CPF)); r.Str("customer_id") != guestCustomer || r.JSON["show_popup"] != true {
		t.Fatalf("signed-in payer not offered their own customer: %s", r.Body)
	}
	// Another account typing the same details gets a customer of its own
	// (after the partner's terms, which are the session's).
	b.AcceptPartnerTerms()
	if r := b.MustOK("POST", "/api/create-customer", apptest.CustomerBR(apptest.CPF)); r.Str("customer_id") == guestCustomer {
		t.Fatalf("another account was offered A's customer: %s", r.Body)
	}
	// Sign-out ends the session on the server.
	other.MustOK("POST", "/api/signout", nil)
	if got := other.Do("GET", "/api/me", nil).Status; got != 204 {
		t.Fatalf("signed out but /api/me = %d", got)
	}
}

func limits(t *testing.T, h *apptest.Harness) {
	h.Browser().SignUp("lim@example.com")
	b := h.Browser()
	wrong := map[string]string{"email": "lim@example.com", "password": "not the password 1"}
	for i := 0; i < 5; i++ {
		r := b.Do("POST", "/api/signin", wrong)
		if r.Status != 401 || r.Str("code") != "invalid_credentials" {
			t.Fatalf("attempt %d: %d %s", i+1, r.Status, r.Body)
		}
	}
	h.Mail("lim@example.com", "failed sign-ins")
	r := b.Do("POST", "/api/signin", map[string]string{"email": "lim@example.com", "password": apptest.Password})
	if r.Status != 429 || r.Header.Get("Retry-After") == "" {
		t.Fatalf("locked account: %d %s (Retry-After %q)", r.Status, r.Body, r.Header.Get("Retry-After"))
	}
	// An unknown e-mail answers exactly like a wrong password.
	if r := b.Do("POST", "/api/signin", map[string]string{"email": "nobody@example.com", "password": "whatever 12345"}); r.Status != 401 || r.Str("code") != "invalid_credentials" {
		t.Fatalf("unknown e-mail: %d %s", r.Status, r.Body)
	}
	// The lock ends (moved into the past here) and a success clears it.
	h.DB.Tx(context.Background(), func(tx *store.Tx) error {
		_, err := tx.Exec(context.Background(), `UPDATE auth_limits SET locked_until = ? WHERE key = ?`, time.Now().Add(-time.Second).UTC(), "signin:lim@example.com")
		return err
	})
	b.MustOK("POST", "/api/signin", map[string]string{"email": "lim@example.com", "password": apptest.Password})
}

func reset(t *testing.T, h *apptest.Harness) {
	owner := h.Browser()
	owner.SignUp("reset@example.com")
	h.Browser().MustOK("POST", "/api/forgot-password", map[string]string{"email": "reset@example.com"})
	if r := h.Browser().Do("POST", "/api/forgot-password", map[string]string{"email": "unknown@example.com"}); r.Status != 202 {
		t.Fatalf("unknown address answered differently: %d", r.Status)
	}
	token := apptest.LinkToken(h.Mail("reset@example.com", "Reset").Text, "/reset-password")
	if r := h.Browser().Do("POST", "/api/reset-password", map[string]string{"token": token, "password": "short"}); r.Status != 400 {
		t.Fatalf("weak new password: %d", r.Status)
	}
	h.Browser().MustOK("POST", "/api/reset-password", map[string]string{"token": token, "password": "a brand new passphrase"})
	if r := h.Browser().Do("POST", "/api/reset-password", map[string]string{"token": token, "password": "a brand new passphrase 2"}); r.Status != 410 {
		t.Fatalf("reset link used twice: %d", r.Status)
	}
	if got := owner.Do("GET", "/api/me", nil).Status; got != 204 {
		t.Fatalf("other sessions survive a reset: %d", got)
	}
	h.Mail("reset@example.com", "password was changed")
	h.Browser().MustOK("POST", "/api/signin", map[string]string{"email": "reset@example.com", "password": "a brand new passphrase"})
	// A link older than an hour no longer works.
	h.Browser().MustOK("POST", "/api/forgot-password", map[string]string{"email": "reset@example.com"})
	h.Eventually("a second reset e-mail", func() bool { return len(outbox(t, h, "reset@example.com", "reset_password")) == 2 })
	var second string
	h.Eventually("the second reset e-mail delivered", func() bool {
		second = apptest.LinkToken(h.Mail("reset@example.com", "Reset").Text, "/reset-password")
		return second != token
	})
	h.Clock.Advance(61 * time.Minute)
	if r := h.Browser().Do("POST", "/api/reset-password", map[string]string{"token": second, "password": "yet another passphrase"}); r.Status != 410 {
		t.Fatalf("expired reset link worked: %d", r.Status)
	}
}

func twoFactor(t *testing.T, h *apptest.Harness) {
	b := h.Browser()
	b.SignUp("tfa@example.com")
	secret, codes := b.EnableTwoFactor()
	if len(codes) != 10 {
		t.Fatalf("%d recovery codes, want 10", len(codes))
	}
	if !b.MustOK("GET", "/api/me", nil).JSON["two_factor_enabled"].(bool) {
		t.Fatal("two-factor not on")
	}
	signIn := func() (*apptest.Browser, string) {
		c := h.Browser()
		r := c.MustOK("POST", "/api/signin", map[string]string{"email": "tfa@example.com", "password": apptest.Password})
		if r.JSON["two_factor_required"] != true || r.JSON["me"] != nil {
			t.Fatalf("password alone signed in: %s", r.Body)
		}
		return c, r.Str("two_factor_token")
	}
	step := func(c *apptest.Browser, token, code string) int {
		return c.Do("POST", "/api/signin/two-factor", map[string]string{"two_factor_token": token, "code": code}).Status
	}
	now := h.Clock.Now()
	c, tok := signIn()
	if got := c.Do("GET", "/api/me", nil).Status; got != 204 {
		t.Fatalf("signed in before the code: %d", got)
	}
	if got := step(c, tok, apptest.TOTP(secret, now.Add(-90*time.Second))); got != 401 {
		t.Fatalf("code two steps old accepted: %d", got)
	}
	if got := step(c, tok, apptest.TOTP(secret, now)); got != 200 {
		t.Fatalf("current code refused: %d", got)
	}
	c2, tok2 := signIn()
	if got := step(c2, tok2, apptest.TOTP(secret, now)); got != 401 {
		t.Fatalf("a code was accepted twice: %d", got)
	}
	if got := step(c2, tok2, apptest.TOTP(secret, now.Add(30*time.Second))); got != 200 {
		t.Fatalf("next-step code (window +1) refused: %d", got)
	}
	c3, tok3 := signIn()
	if got := step(c3, tok3, codes[0]); got != 200 {
		t.Fatalf("recovery code refused: %d", got)
	}
	c4, tok4 := signIn()
	if got := step(c4, tok4, codes[0]); got != 401 {
		t.Fatalf("recovery code used twice: %d", got)
	}
	if r := b.Do("POST", "/api/two-factor/disable", map[string]string{"current_password": apptest.Password, "code": "000000"}); r.Status != 401 {
		t.Fatalf("disabled without a valid code: %d", r.Status)
	}
	// The code step lasts 5 minutes on the application's clock.
	c5, tok5 := signIn()
	h.Clock.Advance(6 * time.Minute)
	if r := c5.Do("POST", "/api/signin/two-factor", map[string]string{"two_factor_token": tok5, "code": apptest.TOTP(secret, h.Clock.Now())}); r.Str("code") != "two_factor_step_expired" {
		t.Fatalf("expired code step: %d %s", r.Status, r.Body)
	}
}

func bankRetry(t *testing.T, h *apptest.Harness) {
	b := h.Browser()
	b.SignUp("bank@example.com")
	b.AcceptPartnerTerms()
	cust := b.MustOK("POST", "/api/create-customer", apptest.CustomerBR(apptest.CPF)).Str("customer_id")
	bad := apptest.BankAccount(cust)
	bad["routing_number"] = "123456789"
	if r := b.Do("POST", "/api/create-external-account", bad); r.Status != 400 {
		t.Fatalf("bad routing accepted: %d", r.Status)
	}
	// Create Account again: the same sign-up, the same customer, one account.
	b.MustOK("POST", "/api/signup", map[string]string{"email": "bank@example.com", "password": apptest.Password})
	again := b.MustOK("POST", "/api/create-customer", apptest.CustomerBR(apptest.CPF))
	if again.Str("customer_id") != cust {
		t.Fatalf("retry made a second customer: %s vs %s", again.Str("customer_id"), cust)
	}
	a1 := b.MustOK("POST", "/api/create-external-account", apptest.BankAccount(cust)).Str("external_account_id")
	a2 := b.MustOK("POST", "/api/create-external-account", apptest.BankAccount(cust)).Str("external_account_id")
	if a1 == "" || a1 != a2 {
		t.Fatalf("retry made a second bank account: %q vs %q", a1, a2)
	}
}

func cookie(t *testing.T, h *apptest.Harness, b *apptest.Browser) string {
	u, _ := url.Parse(h.URL)
	for _, c := range b.HTTP.Jar.Cookies(u) {
		if c.Name == session.CookieName {
			return c.Value
		}
	}
	return ""
}

func setCookie(t *testing.T, h *apptest.Harness, b *apptest.Browser, value string) {
	u, _ := url.Parse(h.URL)
	b.HTTP.Jar.SetCookies(u, []*http.Cookie{{Name: session.CookieName, Value: value, Path: "/"}})
}

// guestPayment: a payment made as a guest becomes the account's when that
// browser signs in, and only that account sees it as its own.
func guestPayment(t *testing.T, h *apptest.Harness) {
	p := h.NewBrazilPayer()
	h.Browser().SignUp("payer@example.com")
	txn := p.PixPayment(p.Quote("USDC/BRL", "100"), "guest-1").Str("transaction_id")
	p.MustOK("POST", "/api/signin", map[string]string{"email": "payer@example.com", "password": apptest.Password})
	acct := p.MustOK("GET", "/api/me", nil).Str("id")
	var owner string
	h.DB.Tx(context.Background(), func(tx *store.Tx) error {
		pay, err := tx.Payment(context.Background(), txn)
		owner = pay.AccountID
		return err
	})
	if owner != acct {
		t.Fatalf("guest payment's account = %q, want %q", owner, acct)
	}
	other := h.Browser()
	other.MustOK("POST", "/api/signin", map[string]string{"email": "payer@example.com", "password": apptest.Password})
	if r := other.MustOK("GET", "/api/transaction-status?transaction_id="+txn, nil); r.JSON["owned"] != true {
		t.Fatalf("the account does not own its payment from another browser: %s", r.Body)
	}
	if r := h.Browser().MustOK("GET", "/api/transaction-status?transaction_id="+txn, nil); r.JSON["owned"] == true {
		t.Fatalf("a stranger owns the payment: %s", r.Body)
	}
}
