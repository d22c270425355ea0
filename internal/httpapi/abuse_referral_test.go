package httpapi_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/crebit/crebit/internal/app/apptest"
	"github.com/crebit/crebit/internal/store"
)

// Issue 25, items 1 and 2: referral money and what an invitation carries.

// referralCode invites a friend from the referrer and returns the code in
// the invitation's link.
func referralCode(t *testing.T, h *apptest.Harness, referrer *apptest.AccountPayer, friendEmail string) string {
	t.Helper()
	referrer.MustOK("POST", "/api/referrals", map[string]any{"customer_id": referrer.CustomerID, "emails": []string{friendEmail}})
	text := h.Mail(friendEmail, "invited you").Text
	i := strings.Index(text, "ref=")
	if i < 0 {
		t.Fatalf("no link in the invitation:\n%s", text)
	}
	return text[i+4 : i+14]
}

// rewards counts the referrer's rewards by status and reason.
func rewards(t *testing.T, h *apptest.Harness, status, reason string) int {
	t.Helper()
	return count(t, h, `SELECT COUNT(*) FROM referral_rewards WHERE status = ? AND review_reason = ?`, status, reason)
}

// TestReferralRewardsGoOnlyToAnotherPerson: the farming of issue 25 — one
// person under farmer+N@ addresses — earns nothing; the same bank account
// or the referrer's own e-mail earns nothing; the same browser or the same
// address within a day waits for an operator; so does a referrer's fourth
// reward in a day. A chosen gift card cannot be changed.
func TestReferralRewardsGoOnlyToAnotherPerson(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, e store.Engine) {
		h := apptest.New(t, e, apptest.BlindPay(), apptest.Env("CREBIT_TRUSTED_PROXIES", "127.0.0.0/8,::1/128"))
		referrer := h.NewVerifiedAccountPayer("referrer@example.com", apptest.CPF) // signed up from 127.0.0.1
		code := referralCode(t, h, referrer, "first.friend@example.com")

		// The farmer: the referrer's CPF and name under three new addresses,
		// each from another address and with another bank account.
		for i, addr := range []string{"farmer+1@example.com", "farmer+2@example.com", "farmer+3@example.com"} {
			p := friend(t, h, code, addr, apptest.CPF)
			p.Headers["X-Forwarded-For"] = "198.51.100." + string(rune('1'+i))
			complete(t, h, p, "16", apptest.CPF)
		}
		h.Settled()
		if n := rewards(t, h, "earned", ""); n != 0 {
			t.Fatalf("the farmer earned %d rewards", n)
		}
		if n := rewards(t, h, "refused", "same_tax_id"); n != 1 {
			t.Fatalf("%d refusals recorded for the farmer, want 1 (one per person)", n)
		}

		// Another CPF paying into the referrer's own US bank account.
		same := friend(t, h, code, "bank.twin@example.com", "111.444.777-35")
		bank := apptest.BankAccount(same.CustomerID) // the referrer's account number
		same.AccountID = same.MustOK("POST", "/api/create-external-account", bank).Str("external_account_id")
		complete(t, h, same, "20", "111.444.777-35")
		h.Settled()
		if n := rewards(t, h, "refused", "same_bank_account"); n != 1 {
			t.Fatalf("a payment to the referrer's bank account: %d refusals", n)
		}

		// The referrer's own account e-mail on a new profile.
		mine := friend(t, h, code, "referrer@example.com", "123.456.789-09")
		complete(t, h, mine, "20", "123.456.789-09")
		h.Settled()
		if n := rewards(t, h, "refused", "same_email"); n != 1 {
			t.Fatalf("the referrer's own address: %d refusals", n)
		}

		// The referrer's browser (its device cookie) for someone else: held.
		couch := friend(t, h, code, "couch@example.com", "935.411.347-80")
		u, _ := url.Parse(h.URL)
		for _, c := range referrer.HTTP.Jar.Cookies(u) {
			if c.Name == "crebit_device" {
				couch.HTTP.Jar.SetCookies(u, []*http.Cookie{c})
			}
		}
		complete(t, h, couch, "20", "935.411.347-80")
		h.Settled()
		if n := rewards(t, h, "held", "same_device"); n != 1 {
			t.Fatalf("a payment from the referrer's browser: %d held", n)
		}

		// From the address the referrer signed in from today: held.
		neighbour := friend(t, h, code, "neighbour@example.com", "714.602.380-01")
		neighbour.Headers = nil // 127.0.0.1, the referrer's
		complete(t, h, neighbour, "20", "714.602.380-01")
		h.Settled()
		if n := rewards(t, h, "held", "same_ip_day"); n != 1 {
			t.Fatalf("a payment from the referrer's address: %d held", n)
		}

		// Real friends elsewhere: earned, until the day's fourth reward.
		var earnedID string
		for i, cpf := range []string{"046.591.018-19", "248.438.034-80", "862.197.145-39"} {
			p := friend(t, h, code, "real"+string(rune('a'+i))+"@example.com", cpf)
			p.Headers["X-Forwarded-For"] = "203.0.113." + string(rune('1'+i))
			complete(t, h, p, "20", cpf)
		}
		h.Settled()
		if n := rewards(t, h, "earned", ""); n != 1 {
			t.Fatalf("%d rewards earned by real friends, want 1 (then 2 held: the day's 3 were reached with the held ones)", n)
		}
		if n := rewards(t, h, "held", "many_in_one_day"); n != 2 {
			t.Fatalf("%d held for velocity, want 2", n)
		}
		mineR := referrer.MustOK("GET", "/api/me/referrals", nil)
		for _, r := range mineR.JSON["rewards"].([]any) {
			if m := r.(map[string]any); m["status"] == "earned" {
				earnedID, _ = m["id"].(string)
			}
		}
		path := "/api/me/referrals/rewards/" + earnedID + "/gift-card"
		referrer.MustOK("PUT", path, map[string]string{"brand": "Amazon"})
		if r := referrer.Do("PUT", path, map[string]string{"brand": "Apple"}); r.Status != http.StatusConflict {
			t.Fatalf("a chosen gift card changed: %d %s", r.Status, r.Body)
		}
	})
}

// TestInvitationsComeFromAConfirmedAccountAndCarryNoFreeText: a guest and
// an unconfirmed account invite nobody; names with line breaks or bidi
// controls are refused wherever a name is typed; the subject names no one.
func TestInvitationsComeFromAConfirmedAccountAndCarryNoFreeText(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, e store.Engine) {
		h := apptest.New(t, e, apptest.BlindPay())
		guest := h.NewBrazilPayer()
		if r := guest.Do("POST", "/api/referrals", map[string]any{"customer_id": guest.CustomerID, "emails": []string{"x@example.com"}}); r.Status != http.StatusUnauthorized {
			t.Fatalf("a guest invited: %d %s", r.Status, r.Body)
		}
		unconfirmed := h.NewAccountPayer("unconfirmed@example.com", apptest.CPF)
		if r := unconfirmed.Do("POST", "/api/referrals", map[string]any{"customer_id": unconfirmed.CustomerID, "emails": []string{"x@example.com"}}); r.Status != http.StatusForbidden || r.Str("code") != "email_not_verified" {
			t.Fatalf("an unconfirmed account invited: %d %s", r.Status, r.Body)
		}
		if n := count(t, h, `SELECT COUNT(*) FROM outbox WHERE kind = 'referral_invitation'`); n != 0 {
			t.Fatalf("%d invitations queued", n)
		}

		lure := "Your Crebit account is locked, call +1-555-0100\r\nAna"
		for _, c := range []struct {
			method, path string
			body         map[string]any
			field        string
		}{
			{"POST", "/api/create-customer", withFields(apptest.CustomerBR(apptest.CPF2), "first_name", lure), "first_name"},
			{"POST", "/api/create-customer", withFields(apptest.CustomerBR(apptest.CPF2), "last_name", "Souza\u202Eevil"), "last_name"},
			{"POST", "/api/create-external-account", withFields(apptest.BankAccount(unconfirmed.CustomerID), "beneficiary_name", "Ana\nSouza"), "beneficiary_name"},
			{"PUT", "/api/me/name", map[string]any{"first_name": "Ana\u2066", "last_name": "Souza"}, "first_name"},
		} {
			r := unconfirmed.Do(c.method, c.path, c.body)
			if r.Status != http.StatusBadRequest || r.Str("field") != c.field || !strings.Contains(r.Error(), "cannot contain line breaks, tabs or invisible characters") {
				t.Errorf("%s %s with a control character in %s: %d %s", c.method, c.path, c.field, r.Status, r.Body)
			}
		}

		confirmed := h.NewVerifiedAccountPayer("confirmed@example.com", apptest.CPF2)
		confirmed.MustOK("POST", "/api/referrals", map[string]any{"customer_id": confirmed.CustomerID, "emails": []string{"stranger@example.com"}})
		m := h.Mail("stranger@example.com", "invited you")
		if m.Subject != "A friend invited you to Crebit" {
			t.Fatalf("subject %q carries more than our own words", m.Subject)
		}
	})
}
