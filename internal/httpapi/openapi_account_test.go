package httpapi_test

import (
	"testing"
	"time"

	"github.com/crebit/crebit/internal/app/apptest"
)

// accountExchanges are the account routes' exchanges for
// TestOpenAPIMatchesResponses; the setup they need (links from the mailbox,
// a two-factor step) happens here first.
func accountExchanges(t *testing.T, h *apptest.Harness) []exchange {
	ann := h.Browser() // verifies her e-mail
	ann.SignUp("ann@example.com")
	verify := apptest.LinkToken(h.Mail("ann@example.com", "Confirm").Text, "/verify-email")

	h.Browser().MustOK("POST", "/api/forgot-password", map[string]string{"email": "ann@example.com"})
	reset := apptest.LinkToken(h.Mail("ann@example.com", "Reset").Text, "/reset-password")

	bob := h.Browser() // turns two-factor on, then off
	bob.SignUp("bob@example.com")
	bob.VerifyEmail()
	bobSecret := bob.MustOK("POST", "/api/two-factor/enrol", map[string]string{"current_password": apptest.Password}).Str("secret")
	cara := h.Browser() // signs in with two-factor
	cara.SignUp("cara@example.com")
	caraSecret, _ := cara.EnableTwoFactor()
	caraStep := h.Browser()
	step := caraStep.MustOK("POST", "/api/signin", map[string]string{"email": "cara@example.com", "password": apptest.Password}).Str("two_factor_token")
	if step == "" {
		t.Fatal("no two-factor step for cara")
	}
	var confirmedAt time.Time
	dana := h.Browser()
	dana.SignUp("dana@example.com")
	mailbox := h.Mail("dana@example.com", "Confirm")
	dana.VerifyEmail()
	fay := h.Browser() // never confirms her address
	fay.SignUp("fay@example.com")
	pw := map[string]string{"current_password": apptest.Password}

	creds := func(email, pw string) map[string]string { return map[string]string{"email": email, "password": pw} }
	return []exchange{
		{name: "signup", method: "POST", tmpl: "/api/signup", body: creds("erin@example.com", apptest.Password), status: 200, validRequest: true},
		{name: "signup_short_password", method: "POST", tmpl: "/api/signup", body: creds("erin2@example.com", "short"), status: 400},
		{name: "signin", method: "POST", tmpl: "/api/signin", body: creds("dana@example.com", apptest.Password), status: 200, validRequest: true},
		{name: "signin_wrong", method: "POST", tmpl: "/api/signin", body: creds("dana@example.com", "wrong password 123"), status: 401},
		{name: "signin_two_factor", as: caraStep, method: "POST", tmpl: "/api/signin/two-factor",
			body: func() any {
				return map[string]string{"two_factor_token": step, "code": apptest.TOTP(caraSecret, time.Now())}
			}, status: 200, validRequest: true},
		{name: "signin_two_factor_expired", method: "POST", tmpl: "/api/signin/two-factor",
			body: map[string]string{"two_factor_token": "nope", "code": "123456"}, status: 401},
		{name: "me", as: dana, method: "GET", tmpl: "/api/me", status: 200},
		{name: "me_signed_out", method: "GET", tmpl: "/api/me", status: 204},
		{name: "verify_email", method: "POST", tmpl: "/api/verify-email", body: map[string]string{"token": verify}, status: 200, validRequest: true},
		{name: "verify_email_again", method: "POST", tmpl: "/api/verify-email", body: map[string]string{"token": verify}, status: 410},
		{name: "forgot_password", method: "POST", tmpl: "/api/forgot-password", body: map[string]string{"email": "nobody@example.com"}, status: 202, validRequest: true},
		{name: "forgot_password_bad", method: "POST", tmpl: "/api/forgot-password", body: map[string]string{"email": "x"}, status: 400},
		{name: "reset_password", method: "POST", tmpl: "/api/reset-password", body: map[string]string{"token": reset, "password": "a brand new passphrase 7"}, status: 200, validRequest: true},
		{name: "reset_password_again", method: "POST", tmpl: "/api/reset-password", body: map[string]string{"token": reset, "password": "a brand new passphrase 8"}, status: 410},
		{name: "two_factor_enrol", as: dana, method: "POST", tmpl: "/api/two-factor/enrol", body: pw, status: 200, validRequest: true},
		{name: "two_factor_enrol_unverified", as: fay, method: "POST", tmpl: "/api/two-factor/enrol", body: pw, status: 403},
		{name: "two_factor_enrol_wrong_password", as: dana, method: "POST", tmpl: "/api/two-factor/enrol",
			body: map[string]string{"current_password": "not the password at all"}, status: 400},
		{name: "two_factor_enrol_signed_out", method: "POST", tmpl: "/api/two-factor/enrol", body: pw, status: 401},
		{name: "two_factor_confirm_wrong", as: bob, method: "POST", tmpl: "/api/two-factor/confirm", body: map[string]string{"code": "000000"}, status: 401},
		// Codes are computed when sent (the exchanges before may take longer
		// than a 30 s step on a loaded machine), all from the confirm's time.
		{name: "two_factor_confirm", as: bob, method: "POST", tmpl: "/api/two-factor/confirm",
			body: func() any {
				confirmedAt = time.Now()
				return map[string]string{"code": apptest.TOTP(bobSecret, confirmedAt.Add(-30*time.Second))}
			},
			// A step boundary between computing the code and the check: again.
			until:  func(r apptest.Response) bool { return r.Status != 401 },
			status: 200, validRequest: true},
		{name: "two_factor_disable_reused", as: bob, method: "POST", tmpl: "/api/two-factor/disable",
			body: func() any {
				return map[string]string{"current_password": apptest.Password, "code": apptest.TOTP(bobSecret, confirmedAt.Add(-30*time.Second))}
			}, status: 401},
		{name: "two_factor_disable", as: bob, method: "POST", tmpl: "/api/two-factor/disable",
			body: func() any {
				return map[string]string{"current_password": apptest.Password, "code": apptest.TOTP(bobSecret, confirmedAt.Add(30*time.Second))}
			}, status: 200, validRequest: true},
		{name: "mailbox", method: "GET", tmpl: "/api/sandbox/mailbox", status: 200},
		{name: "mailbox_message", method: "GET", tmpl: "/api/sandbox/mailbox/{id}", path: "/api/sandbox/mailbox/" + mailbox.ID, status: 200},
		{name: "mailbox_message_unknown", method: "GET", tmpl: "/api/sandbox/mailbox/{id}", path: "/api/sandbox/mailbox/nope", status: 404},
		{name: "signout", as: dana, method: "POST", tmpl: "/api/signout", status: 200},
	}
}
