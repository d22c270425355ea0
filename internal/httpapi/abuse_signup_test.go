package httpapi_test

import (
	"fmt"
	"net/http"
	"strconv"
	"testing"

	"github.com/crebit/crebit/internal/app/apptest"
	"github.com/crebit/crebit/internal/store"
)

// Issue 25, items 6, 8, 9 and 11: sign-up and password reset under abuse.

// TestSignUpIsLimitedPerClientAddress: a flood of sign-ups from one address
// stops at its hourly allowance with 429 and Retry-After; another address
// still signs up.
func TestSignUpIsLimitedPerClientAddress(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, e store.Engine) {
		h := apptest.New(t, e, apptest.BlindPay(), apptest.Env("CREBIT_TRUSTED_PROXIES", "127.0.0.0/8,::1/128"))
		const perIP = 20
		created := 0
		for i := range perIP + 5 {
			r := h.Browser().Do("POST", "/api/signup", map[string]string{"email": fmt.Sprintf("flood%d@example.com", i), "password": apptest.Password},
				"X-Forwarded-For", "198.51.100.20")
			switch r.Status {
			case http.StatusOK:
				created++
			case http.StatusTooManyRequests:
				if secs, err := strconv.Atoi(r.Header.Get("Retry-After")); err != nil || secs < 1 || r.Str("code") != "rate_limited" {
					t.Fatalf("refusal: Retry-After %q %s", r.Header.Get("Retry-After"), r.Body)
				}
			default:
				t.Fatalf("sign-up %d: %d %s", i, r.Status, r.Body)
			}
		}
		if created != perIP {
			t.Fatalf("%d accounts created from one address, want %d", created, perIP)
		}
		if n := count(t, h, `SELECT COUNT(*) FROM accounts`); n != perIP {
			t.Fatalf("%d accounts stored, want %d", n, perIP)
		}
		h.Browser().MustOK("POST", "/api/signup", map[string]string{"email": "other@example.com", "password": apptest.Password},
			"X-Forwarded-For", "198.51.100.21")
	})
}

// TestSignUpWithARegisteredAddressCreatesNothing: the answer says plainly
// that the address has an account; no account, customer, session or bank
// account comes of it, whatever else the browser then does.
func TestSignUpWithARegisteredAddressCreatesNothing(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, e store.Engine) {
		h := apptest.New(t, e, apptest.BlindPay())
		h.Browser().SignUp("owner@example.com")
		b := h.Browser()
		r := b.Do("POST", "/api/signup", map[string]string{"email": "Owner@Example.com", "password": "a different good passphrase"})
		if r.Status != http.StatusConflict || r.Str("code") != "account_exists" || r.Str("field") != "email" {
			t.Fatalf("sign-up with a registered address: %d %s", r.Status, r.Body)
		}
		if b.Do("GET", "/api/me", nil).Status != http.StatusNoContent {
			t.Fatal("the refused sign-up is signed in")
		}
		if n := count(t, h, `SELECT COUNT(*) FROM accounts`); n != 1 {
			t.Fatalf("%d accounts", n)
		}
		// The owner's password still works; the one just typed does not.
		h.Browser().MustOK("POST", "/api/signin", map[string]string{"email": "owner@example.com", "password": apptest.Password})
		if r := h.Browser().Do("POST", "/api/signin", map[string]string{"email": "owner@example.com", "password": "a different good passphrase"}); r.Status != 401 {
			t.Fatalf("the refused sign-up's password signs in: %d", r.Status)
		}
	})
}

// TestWeakPasswordsAndOddAddressesAreRefusedUnderTheirField: sign-up,
// password reset and password change all refuse a guessable password with
// the pattern named, under the password field; sign-up refuses look-alike,
// invisible and IP-literal addresses under the e-mail field.
func TestWeakPasswordsAndOddAddressesAreRefusedUnderTheirField(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, e store.Engine) {
		h := apptest.New(t, e, apptest.BlindPay())
		for _, pw := range []string{"            ", "aaaaaaaaaaaa", "730194628501", "qwertyuiopasdfgh"} {
			r := h.Browser().Do("POST", "/api/signup", map[string]string{"email": "weak@example.com", "password": pw})
			if r.Status != 400 || r.Str("code") != "password_too_weak" || r.Str("field") != "password" {
				t.Errorf("sign-up with %q: %d %s", pw, r.Status, r.Body)
			}
		}
		pt := h.Browser()
		pt.SetLanguage("pt-BR")
		if r := pt.Do("POST", "/api/signup", map[string]string{"email": "weak@example.com", "password": "aaaaaaaaaaaa"}); r.Error() !=
			"Esta senha é fácil de adivinhar: caracteres ou palavras repetidos. Use algumas palavras sem relação entre si." {
			t.Errorf("the reason in pt-BR: %s", r.Body)
		}
		for _, addr := range []string{"ana@gm\u0430il.com", "ana\u200b@example.com", "ana@[127.0.0.1]", "ana@127.0.0.1"} {
			r := h.Browser().Do("POST", "/api/signup", map[string]string{"email": addr, "password": apptest.Password})
			if r.Status != 400 || r.Str("code") != "email_invalid" || r.Str("field") != "email" {
				t.Errorf("sign-up as %q: %d %s", addr, r.Status, r.Body)
			}
		}
		if n := count(t, h, `SELECT COUNT(*) FROM accounts`); n != 0 {
			t.Fatalf("%d accounts created by refused sign-ups", n)
		}

		b := h.Browser()
		b.SignUp("strong@example.com")
		r := b.Do("POST", "/api/me/password", map[string]string{"current_password": apptest.Password, "new_password": "abcdefghijklmnop"})
		if r.Status != 400 || r.Str("code") != "password_too_weak" || r.Str("field") != "new_password" {
			t.Errorf("password change to a sequence: %d %s", r.Status, r.Body)
		}
		h.Browser().MustOK("POST", "/api/forgot-password", map[string]string{"email": "strong@example.com"})
		token := apptest.LinkToken(h.Mail("strong@example.com", "Reset").Text, "/reset-password")
		r = h.Browser().Do("POST", "/api/reset-password", map[string]string{"token": token, "password": "passwordpassword"})
		if r.Status != 400 || r.Str("code") != "password_too_weak" || r.Str("field") != "password" {
			t.Errorf("reset to a repeat: %d %s", r.Status, r.Body)
		}
	})
}

// TestForgotPasswordDoesTheSameWorkForAnyAddress: the request only queues
// the work, so a known and an unknown address get the same answer after
// the same work (one queued job each); the link still arrives for the
// account, and nothing is sent for the unknown address.
func TestForgotPasswordDoesTheSameWorkForAnyAddress(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, e store.Engine) {
		h := apptest.New(t, e, apptest.BlindPay())
		h.Browser().SignUp("known@example.com")
		known := h.Browser().Do("POST", "/api/forgot-password", map[string]string{"email": "known@example.com"})
		unknown := h.Browser().Do("POST", "/api/forgot-password", map[string]string{"email": "nobody@example.com"})
		if known.Status != 202 || unknown.Status != 202 || string(known.Body) != string(unknown.Body) {
			t.Fatalf("known %d %s, unknown %d %s", known.Status, known.Body, unknown.Status, unknown.Body)
		}
		if n := count(t, h, `SELECT COUNT(*) FROM river_job WHERE kind = 'password_reset_request'`); n != 2 {
			t.Fatalf("%d reset requests queued, want 2 (one per address, known or not)", n)
		}
		h.Mail("known@example.com", "Reset")
		h.Settled()
		if n := count(t, h, `SELECT COUNT(*) FROM outbox WHERE kind = 'reset_password'`); n != 1 {
			t.Fatalf("%d reset e-mails, want 1 (none for the unknown address)", n)
		}
	})
}
