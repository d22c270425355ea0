package httpapi_test

import (
	"net/http"
	"testing"
	"time"

	"github.com/crebit/crebit/internal/app/apptest"
	"github.com/crebit/crebit/internal/store"
	"github.com/crebit/crebit/internal/store/accountstore"
)

// Issue 25, item 7: two-factor under abuse.

// TestTwoFactorCodesAreLimitedWhenTurningOnAndOff: wrong codes while
// confirming or turning off two-factor lock like the sign-in's code step:
// after 5, the next attempts are refused with 429, even with the right code.
func TestTwoFactorCodesAreLimitedWhenTurningOnAndOff(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, e store.Engine) {
		h := apptest.New(t, e, apptest.BlindPay())
		b := h.Browser()
		b.SignUp("codes@example.com")
		b.VerifyEmail()
		secret := b.MustOK("POST", "/api/two-factor/enrol", map[string]string{"current_password": apptest.Password}).Str("secret")
		guess := func(path string, body map[string]string) int { return b.Do("POST", path, body).Status }
		for i := range 5 {
			if got := guess("/api/two-factor/confirm", map[string]string{"code": "000000"}); got != http.StatusUnauthorized {
				t.Fatalf("wrong code %d: %d", i+1, got)
			}
		}
		r := b.Do("POST", "/api/two-factor/confirm", map[string]string{"code": apptest.TOTP(secret, h.Clock.Now())})
		if r.Status != http.StatusTooManyRequests || r.Header.Get("Retry-After") == "" {
			t.Fatalf("the right code after 5 wrong ones: %d %s, want 429 with Retry-After", r.Status, r.Body)
		}
		if b.MustOK("GET", "/api/me", nil).JSON["two_factor_enabled"] != false {
			t.Fatal("two-factor turned on through the lock")
		}

		// Turning it off shares the account's code limit.
		c := h.Browser()
		c.SignUp("off@example.com")
		secret, _ = c.EnableTwoFactor()
		for i := range 5 {
			if got := c.Do("POST", "/api/two-factor/disable", map[string]string{"current_password": apptest.Password, "code": "000000"}).Status; got != http.StatusUnauthorized {
				t.Fatalf("wrong code %d while turning off: %d", i+1, got)
			}
		}
		if got := c.Do("POST", "/api/two-factor/disable", map[string]string{"current_password": apptest.Password,
			"code": apptest.TOTP(secret, h.Clock.Now().Add(30*time.Second))}).Status; got != http.StatusTooManyRequests {
			t.Fatalf("turning off after 5 wrong codes: %d, want 429", got)
		}
		if c.MustOK("GET", "/api/me", nil).JSON["two_factor_enabled"] != true {
			t.Fatal("two-factor turned off through the lock")
		}
	})
}

// TestTwoFactorNeedsThePasswordAndAConfirmedAddress: a session cookie
// alone cannot turn two-factor on or off; an unconfirmed address cannot
// have it (a squatter who registered someone's address cannot put a factor
// in front of its owner); turning it on signs out the other sessions; and
// a reset of an address never confirmed removes a factor put there before.
func TestTwoFactorNeedsThePasswordAndAConfirmedAddress(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, e store.Engine) {
		h := apptest.New(t, e, apptest.BlindPay())
		squatter := h.Browser()
		squatter.SignUp("victim@example.com")
		if r := squatter.Do("POST", "/api/two-factor/enrol", map[string]string{"current_password": apptest.Password}); r.Status != http.StatusForbidden || r.Str("code") != "email_not_verified" {
			t.Fatalf("enrol on an unconfirmed address: %d %s", r.Status, r.Body)
		}
		squatter.VerifyEmail() // (the squatter cannot; the owner would)
		if r := squatter.Do("POST", "/api/two-factor/enrol", map[string]string{}); r.Status != http.StatusBadRequest || r.Str("field") != "current_password" {
			t.Fatalf("enrol without the password: %d %s", r.Status, r.Body)
		}
		if r := squatter.Do("POST", "/api/two-factor/enrol", map[string]string{"current_password": "not the password at all"}); r.Str("code") != "current_password_invalid" {
			t.Fatalf("enrol with a wrong password: %d %s", r.Status, r.Body)
		}

		// Turning it on signs out the account's other sessions.
		laptop, phone := h.Browser(), h.Browser()
		laptop.SignUp("owner2@example.com")
		phone.MustOK("POST", "/api/signin", map[string]string{"email": "owner2@example.com", "password": apptest.Password})
		secret, _ := laptop.EnableTwoFactor()
		if got := phone.Do("GET", "/api/me", nil).Status; got != http.StatusNoContent {
			t.Fatalf("another session survived turning two-factor on: %d", got)
		}
		laptop.MustOK("GET", "/api/me", nil)
		if r := laptop.Do("POST", "/api/two-factor/disable", map[string]string{"code": apptest.TOTP(secret, h.Clock.Now().Add(30*time.Second))}); r.Str("field") != "current_password" {
			t.Fatalf("turned off with the session alone: %d %s", r.Status, r.Body)
		}

		// An account from before these rules: an address never confirmed,
		// with a second factor. The owner's reset removes the factor.
		legacy := h.Browser()
		legacy.SignUp("legacy@example.com")
		id := legacy.MustOK("GET", "/api/me", nil).Str("id")
		now := time.Now()
		if err := h.DB.Tx(t.Context(), func(tx *store.Tx) error {
			return accountstore.SetTOTP(t.Context(), tx, id, "squatter-secret", &now, now)
		}); err != nil {
			t.Fatal(err)
		}
		if r := h.Browser().MustOK("POST", "/api/signin", map[string]string{"email": "legacy@example.com", "password": apptest.Password}); r.JSON["two_factor_required"] != true {
			t.Fatalf("the planted factor is not asked for: %s", r.Body)
		}
		h.Browser().MustOK("POST", "/api/forgot-password", map[string]string{"email": "legacy@example.com"})
		token := apptest.LinkToken(h.Mail("legacy@example.com", "Reset").Text, "/reset-password")
		h.Browser().MustOK("POST", "/api/reset-password", map[string]string{"token": token, "password": "owner picks a fresh passphrase"})
		owner := h.Browser()
		r := owner.MustOK("POST", "/api/signin", map[string]string{"email": "legacy@example.com", "password": "owner picks a fresh passphrase"})
		if r.JSON["two_factor_required"] == true {
			t.Fatalf("the planted factor survived the owner's reset: %s", r.Body)
		}
		if me := owner.MustOK("GET", "/api/me", nil); me.JSON["email_verified"] != true || me.JSON["two_factor_enabled"] != false {
			t.Fatalf("after the reset: %s", me.Body)
		}
	})
}
