package apptest

import (
	"context"
	"net/url"
	"regexp"
	"strings"
	"time"

	"github.com/pquerna/otp"
	"github.com/pquerna/otp/totp"

	"github.com/crebit/crebit/internal/outbox"
)

// Password is a password the policy accepts.
const Password = "correct horse battery staple 42"

// Mail waits for the newest local-mailbox message to `to` whose subject
// contains subject, and returns it with both parts.
func (h *Harness) Mail(to, subject string) outbox.MailboxEntry {
	h.T.Helper()
	var found outbox.MailboxEntry
	h.Eventually("an e-mail to "+to+" about "+subject, func() bool {
		ms, err := h.Stack.Outbox.Mailbox(context.Background())
		if err != nil {
			h.T.Fatal(err)
		}
		for _, m := range ms {
			if m.To == to && strings.Contains(m.Subject, subject) {
				if found, err = h.Stack.Outbox.MailboxMessage(context.Background(), m.ID); err != nil {
					h.T.Fatal(err)
				}
				return true
			}
		}
		return false
	})
	return found
}

var linkRE = regexp.MustCompile(`https?://\S+`)

// LinkToken returns the token query parameter of the first link to path
// in a message's text part.
func LinkToken(text, path string) string {
	for _, l := range linkRE.FindAllString(text, -1) {
		u, err := url.Parse(l)
		if err == nil && u.Path == path {
			return u.Query().Get("token")
		}
	}
	return ""
}

// TOTP computes the 6-digit code of secret at t.
func TOTP(secret string, t time.Time) string {
	c, err := totp.GenerateCodeCustom(secret, t, totp.ValidateOpts{Period: 30, Digits: otp.DigitsSix, Algorithm: otp.AlgorithmSHA1})
	if err != nil {
		panic(err)
	}
	return c
}

// SignUp signs the browser up with email and Password.
func (b *Browser) SignUp(email string) Response {
	b.h.T.Helper()
	return b.MustOK("POST", "/api/signup", map[string]string{"email": email, "password": Password})
}

// VerifyEmail confirms the signed-in browser's address with the link of
// its verification e-mail (nothing when it is confirmed already).
func (b *Browser) VerifyEmail() {
	b.h.T.Helper()
	me := b.MustOK("GET", "/api/me", nil)
	if me.JSON["email_verified"] == true {
		return
	}
	token := LinkToken(b.h.Mail(me.Str("email"), "Confirm").Text, "/verify-email")
	b.MustOK("POST", "/api/verify-email", map[string]string{"token": token})
}

// EnableTwoFactor confirms the signed-in browser's address if it must, then
// enrols (with Password) and confirms two-factor, using the code of the
// previous step (so later codes still work), and returns the secret and
// recovery codes.
func (b *Browser) EnableTwoFactor() (string, []string) {
	b.h.T.Helper()
	b.VerifyEmail()
	secret := b.MustOK("POST", "/api/two-factor/enrol", map[string]string{"current_password": Password}).Str("secret")
	// The previous step's code, so the current one stays free for a sign-in
	// right after. A 30 s step boundary between computing it and the
	// server's check makes it two steps old: computed again, it passes.
	r := b.Do("POST", "/api/two-factor/confirm", map[string]string{"code": TOTP(secret, b.h.Clock.Now().Add(-30*time.Second))})
	if r.Status == 401 {
		r = b.Do("POST", "/api/two-factor/confirm", map[string]string{"code": TOTP(secret, b.h.Clock.Now().Add(-30*time.Second))})
	}
	if r.Status != 200 {
		b.h.T.Fatalf("two-factor confirm: %d %s", r.Status, r.Body)
	}
	var codes []string
	for _, c := range r.JSON["recovery_codes"].([]any) {
		codes = append(codes, c.(string))
	}
	return secret, codes
}

// SignInWithCode signs the browser in as email (with Password) and passes
// the two-factor step with secret's current code (retrying once across a
// 30 s step boundary, and past a code already used).
func (b *Browser) SignInWithCode(email, secret string) {
	b.h.T.Helper()
	for try := range 3 {
		r := b.MustOK("POST", "/api/signin", map[string]string{"email": email, "password": Password})
		code := TOTP(secret, b.h.Clock.Now().Add(time.Duration(try)*30*time.Second))
		if s := b.Do("POST", "/api/signin/two-factor", map[string]string{"two_factor_token": r.Str("two_factor_token"), "code": code}); s.Status == 200 {
			return
		}
	}
	b.h.T.Fatalf("could not sign in %s with a code", email)
}

// NewOperator is a browser signed in, with two-factor, as an operator of
// role (made one as `crebit operator add` does), and the account's TOTP
// secret.
func (h *Harness) NewOperator(email, role string) (*Browser, string) {
	h.T.Helper()
	b := h.Browser()
	b.SignUp(email)
	secret, _ := b.EnableTwoFactor()
	if err := h.Stack.Ops.SetOperatorRole(context.Background(), nil, email, role, "test operator"); err != nil {
		h.T.Fatal(err)
	}
	b.SignInWithCode(email, secret)
	return b, secret
}
