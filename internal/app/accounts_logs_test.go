package app_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/crebit/crebit/internal/app/apptest"
	"github.com/crebit/crebit/internal/store"
)

// TestAccountLogsHoldNoSecrets runs a whole sign-up (with customer and
// bank account), failed and successful sign-ins, two-factor, verification
// and a password reset, then greps every log line, debug included, for the
// password, the tokens, the TOTP secret, the tax id and the account number.
func TestAccountLogsHoldNoSecrets(t *testing.T) {
	h := apptest.New(t, store.SQLite, apptest.BlindPay())
	b := h.Browser()
	b.SignUp("logs@example.com")
	b.AcceptPartnerTerms()
	cust := b.MustOK("POST", "/api/create-customer", apptest.CustomerBR(apptest.CPF)).Str("customer_id")
	// The partner's verdict (a customer.update webhook) and the wallet are logged too.
	h.Eventually("the partner approved the payer", func() bool {
		return b.Do("POST", "/api/create-wallet", map[string]string{"customer_id": cust}).Status == http.StatusOK
	})
	b.MustOK("POST", "/api/create-external-account", apptest.BankAccount(cust))
	verify := apptest.LinkToken(h.Mail("logs@example.com", "Confirm").Text, "/verify-email")
	h.Browser().MustOK("POST", "/api/verify-email", map[string]string{"token": verify})
	secret, codes := b.EnableTwoFactor()

	for range 2 {
		h.Browser().Do("POST", "/api/signin", map[string]string{"email": "logs@example.com", "password": "a wrong password 99"})
	}
	c := h.Browser()
	step := c.MustOK("POST", "/api/signin", map[string]string{"email": "logs@example.com", "password": apptest.Password}).Str("two_factor_token")
	c.Do("POST", "/api/signin/two-factor", map[string]string{"two_factor_token": step, "code": "000000"})
	c.MustOK("POST", "/api/signin/two-factor", map[string]string{"two_factor_token": step, "code": apptest.TOTP(secret, time.Now())})

	h.Browser().MustOK("POST", "/api/forgot-password", map[string]string{"email": "logs@example.com"})
	reset := apptest.LinkToken(h.Mail("logs@example.com", "Reset").Text, "/reset-password")
	newPassword := "the next passphrase 77"
	h.Browser().MustOK("POST", "/api/reset-password", map[string]string{"token": reset, "password": newPassword})
	h.Mail("logs@example.com", "password was changed")

	logs := h.Logs()
	if !strings.Contains(logs, "email sent") {
		t.Fatalf("the run logged nothing about e-mail; is logging captured?\n%s", logs)
	}
	for name, secret := range map[string]string{
		"password": apptest.Password, "wrong password": "a wrong password 99", "new password": newPassword,
		"verification token": verify, "reset token": reset, "two-factor step token": step, "TOTP secret": secret,
		"recovery code": codes[0], "CPF": apptest.CPF, "CPF digits": "52998224725", "account number": apptest.Account,
	} {
		if secret != "" && strings.Contains(logs, secret) {
			t.Errorf("the logs contain the %s", name)
		}
	}
}
