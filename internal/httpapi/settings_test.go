package httpapi_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/crebit/crebit/internal/app/apptest"
	"github.com/crebit/crebit/internal/store"
)

// TestDashboardRoutesAreTheAccountsOwn: signed out every dashboard route
// answers 401; user B never reads or changes user A's payments, bank
// accounts or settings.
func TestDashboardRoutesAreTheAccountsOwn(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, e store.Engine) {
		h := apptest.New(t, e, apptest.BlindPay())
		a := h.NewAccountPayer("ann.owner@example.com", apptest.CPF)
		txn := a.Pay("25.00")
		b := h.NewAccountPayer("bob.other@example.com", apptest.CPF2)
		guest := h.Browser()

		routes := []struct{ method, path string }{
			{"GET", "/api/dashboard/overview"},
			{"GET", "/api/dashboard/transactions"},
			{"GET", "/api/dashboard/transactions/" + txn},
			{"PUT", "/api/me/name"},
			{"POST", "/api/me/password"},
			{"GET", "/api/me/bank-accounts"},
			{"DELETE", "/api/me/bank-accounts/" + a.AccountID},
			{"GET", "/api/me/signins"},
			{"GET", "/api/me/data"},
			{"POST", "/api/me/close"},
		}
		bodies := map[string]any{
			"PUT /api/me/name":      map[string]string{"first_name": "Eve", "last_name": "Stranger"},
			"POST /api/me/password": map[string]string{"current_password": apptest.Password, "new_password": "stolen passphrase 77"},
			"POST /api/me/close":    map[string]string{"password": apptest.Password},
		}
		for _, rt := range routes {
			if r := guest.Do(rt.method, rt.path, bodies[rt.method+" "+rt.path]); r.Status != 401 {
				t.Errorf("signed out %s %s: %d %s", rt.method, rt.path, r.Status, r.Body)
			}
		}

		// B asks for A's payment and A's bank account: not found.
		if r := b.Do("GET", "/api/dashboard/transactions/"+txn, nil); r.Status != 404 || r.Str("code") != "transaction_not_found" {
			t.Errorf("B read A's payment: %d %s", r.Status, r.Body)
		}
		if r := b.Do("DELETE", "/api/me/bank-accounts/"+a.AccountID, nil); r.Status != 404 {
			t.Errorf("B removed A's bank account: %d %s", r.Status, r.Body)
		}
		// B's own views hold nothing of A's.
		if o := b.MustOK("GET", "/api/dashboard/overview", nil); o.Num("payment_count") != "0" || o.Num("pending_usd") != "0.00" {
			t.Errorf("B's overview counts A's payment: %s", o.Body)
		}
		for _, path := range []string{"/api/dashboard/transactions", "/api/me/bank-accounts", "/api/me/data", "/api/me/signins"} {
			body := string(b.MustOK("GET", path, nil).Body)
			if strings.Contains(body, txn) || strings.Contains(body, a.AccountID) || strings.Contains(body, "ann.owner") {
				t.Errorf("B's %s shows A's data: %s", path, body)
			}
		}
		// B's settings changes touch only B.
		b.MustOK("PUT", "/api/me/name", map[string]string{"first_name": "Bob", "last_name": "Other"})
		if me := a.MustOK("GET", "/api/me", nil); me.Str("last_name") == "Other" {
			t.Errorf("B renamed A: %s", me.Body)
		}
		// A still sees all of it.
		var list struct {
			BankAccounts []map[string]string `json:"bank_accounts"`
		}
		decodeInto(t, a.MustOK("GET", "/api/me/bank-accounts", nil), &list)
		if len(list.BankAccounts) != 1 || list.BankAccounts[0]["id"] != a.AccountID || list.BankAccounts[0]["last4"] != "6789" {
			t.Fatalf("A's bank accounts: %+v", list.BankAccounts)
		}
		a.MustOK("GET", "/api/dashboard/transactions/"+txn, nil)
		if r := a.Do("DELETE", "/api/me/bank-accounts/"+a.AccountID, nil); r.Status != 204 {
			t.Fatalf("A removes her bank account: %d %s", r.Status, r.Body)
		}
		decodeInto(t, a.MustOK("GET", "/api/me/bank-accounts", nil), &list)
		if len(list.BankAccounts) != 0 {
			t.Fatalf("removed account still listed: %+v", list.BankAccounts)
		}
		// It takes no new payment.
		q := a.Quote("USDC/BRL", "30")
		if r := a.Do("POST", "/api/create-pix-payment", map[string]any{"amount_brl": json.Number(q.Num("total_local_amount")),
			"customer_id": a.CustomerID, "wallet_address": a.WalletAddress, "quote_id": nested(q.JSON, "on_ramp", "id"),
			"sender_name": "Maria Silva", "sender_document": a.CPF, "external_account_id": a.AccountID}); r.Status != 400 || r.Str("code") != "bank_account_missing" {
			t.Errorf("a removed bank account took a payment: %d %s", r.Status, r.Body)
		}
		// The payment that used it still shows its holder.
		if d := a.MustOK("GET", "/api/dashboard/transactions/"+txn, nil); d.Str("recipient") != "Maria Silva" || d.Str("bank_account_number") != "****6789" {
			t.Errorf("payment after removal: %s", d.Body)
		}
	})
}

// TestSettings: name, password change (other sessions signed out, notice
// e-mailed), sign-in activity and Download my data.
func TestSettings(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, e store.Engine) {
		h := apptest.New(t, e, apptest.BlindPay())
		p := h.NewAccountPayer("set@example.com", apptest.CPF)
		txn := p.Pay("33.00")

		me := p.MustOK("GET", "/api/me", nil)
		if me.Str("first_name") != "Maria" || me.Str("last_name") != "Silva" || me.Str("kyc_status") != "approved" {
			t.Fatalf("me from the payer profile: %s", me.Body)
		}
		me = p.MustOK("PUT", "/api/me/name", map[string]string{"first_name": "  Maria  Clara ", "last_name": "Souza"})
		if me.Str("first_name") != "Maria Clara" || me.Str("last_name") != "Souza" {
			t.Fatalf("renamed: %s", me.Body)
		}
		if r := p.Do("PUT", "/api/me/name", map[string]string{"first_name": strings.Repeat("a", 101), "last_name": "x"}); r.Status != 400 {
			t.Errorf("101-character name: %d", r.Status)
		}

		// A second browser signs in; its sign-in is listed with its device.
		other := h.Browser()
		other.MustOK("POST", "/api/signin", map[string]string{"email": "set@example.com", "password": apptest.Password},
			"User-Agent", "Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1")
		var signins struct {
			Signins []struct {
				At      time.Time `json:"at"`
				Browser string    `json:"browser"`
				OS      string    `json:"os"`
			} `json:"signins"`
		}
		decodeInto(t, p.MustOK("GET", "/api/me/signins", nil), &signins)
		if len(signins.Signins) != 2 || signins.Signins[0].Browser != "Safari" || signins.Signins[0].OS != "iPhone" {
			t.Fatalf("sign-ins: %+v", signins.Signins)
		}

		// Changing the password needs the current one and the policy.
		if r := p.Do("POST", "/api/me/password", map[string]string{"current_password": "wrong password 123", "new_password": "a fresh passphrase 55"}); r.Status != 400 || r.Str("code") != "current_password_invalid" {
			t.Fatalf("wrong current password: %d %s", r.Status, r.Body)
		}
		if r := p.Do("POST", "/api/me/password", map[string]string{"current_password": apptest.Password, "new_password": "short"}); r.Status != 400 || r.Str("field") != "new_password" {
			t.Fatalf("short new password: %d %s", r.Status, r.Body)
		}
		p.MustOK("POST", "/api/me/password", map[string]string{"current_password": apptest.Password, "new_password": "a fresh passphrase 55"})
		if r := other.Do("GET", "/api/me", nil); r.Status != 204 {
			t.Errorf("the other session is still signed in: %d", r.Status)
		}
		p.MustOK("GET", "/api/me", nil) // this one stays
		h.Mail("set@example.com", "password was changed")
		if r := h.Browser().Do("POST", "/api/signin", map[string]string{"email": "set@example.com", "password": apptest.Password}); r.Status != 401 {
			t.Errorf("old password still signs in: %d", r.Status)
		}
		h.Browser().MustOK("POST", "/api/signin", map[string]string{"email": "set@example.com", "password": "a fresh passphrase 55"})

		// Download my data: everything, masked where sealed, the friends invited too.
		p.VerifyEmail()
		p.MustOK("POST", "/api/referrals", map[string]any{"customer_id": p.CustomerID, "emails": []string{"invited.friend@example.com"}})
		r := p.MustOK("GET", "/api/me/data", nil)
		var data map[string]any
		if err := json.Unmarshal(r.Body, &data); err != nil {
			t.Fatal(err)
		}
		body := string(r.Body)
		for _, want := range []string{txn, "set@example.com", "Maria Clara", "****6789", "1990-05-10", "Rua Augusta 100", "recent_signins", "invited.friend@example.com"} {
			if !strings.Contains(body, want) {
				t.Errorf("export lacks %q", want)
			}
		}
		for _, secret := range []string{apptest.Account, "52998224725", "529.982.247-25"} {
			if strings.Contains(body, secret) {
				t.Errorf("export shows the full %q", secret)
			}
		}
	})
}

// TestCloseAccount: password-confirmed; the account is gone, its personal
// data removed under the retention rule, its payments and the ledger kept
// and balanced; the e-mail can sign up again.
func TestCloseAccount(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, e store.Engine) {
		h := apptest.New(t, e, apptest.BlindPay())
		ctx := context.Background()
		p := h.NewAccountPayer("closer@example.com", apptest.CPF)
		done := p.Pay("40.00")
		p.Deliver(done)
		h.Settled()
		// The payment ended long ago (beyond the refund window); while the
		// account is open the daily job keeps its history anyway.
		old := time.Now().Add(-40 * 24 * time.Hour)
		// A payment still in flight keeps the account open until it ends.
		pending := p.Pay("20.00")
		if r := p.Do("POST", "/api/me/close", map[string]string{"password": apptest.Password}); r.Status != 409 || r.Str("code") != "conflict" ||
			!strings.Contains(r.Error(), "payment in progress") {
			t.Fatalf("closed with a payment in flight: %d %s", r.Status, r.Body)
		}
		expireNow(t, h, p, pending)
		p.MustOK("POST", "/api/dashboard/check-waitlist", map[string]string{"country": "brazil"})
		h.DB.Tx(ctx, func(tx *store.Tx) error {
			if err := tx.SetPaymentRecipient(ctx, done, "Boston University"); err != nil {
				return err
			}
			if _, err := tx.Exec(ctx, `UPDATE payments SET updated_at = ?`, old); err != nil {
				return err
			}
			_, err := tx.Exec(ctx, `UPDATE customers SET updated_at = ?`, old)
			return err
		})
		if np, nc, err := h.Stack.Accounts.RedactPersonalData(ctx); err != nil || np != 0 || nc != 0 {
			t.Fatalf("open account's history redacted: %d payments, %d customers (%v)", np, nc, err)
		}
		other := h.Browser()
		other.MustOK("POST", "/api/signin", map[string]string{"email": "closer@example.com", "password": apptest.Password})

		// The student's scholarship tracker and an e-mail alert go with the account.
		p.MustOK("POST", "/api/me/scholarships/tracker", map[string]string{"program_id": "knight-hennessy-scholars"})
		p.MustOK("POST", "/api/me/scholarships/alerts", map[string]string{"params": "q=fulbright"})
		export := p.MustOK("GET", "/api/me/data", nil)
		if len(export.JSON["scholarship_tracker"].([]any)) != 1 || len(export.JSON["scholarship_alerts"].([]any)) != 1 {
			t.Fatalf("Download my data lacks the tracker or the alert: %s", export.Body)
		}

		if r := p.Do("POST", "/api/me/close", map[string]string{"password": "not the password 1"}); r.Status != 400 {
			t.Fatalf("closed with a wrong password: %d %s", r.Status, r.Body)
		}
		p.MustOK("POST", "/api/me/close", map[string]string{"password": apptest.Password})
		h.Mail("closer@example.com", "account was closed")
		for _, b := range []*apptest.Browser{p.Browser, other} {
			if r := b.Do("GET", "/api/me", nil); r.Status != 204 {
				t.Errorf("a session survived closure: %d", r.Status)
			}
		}
		if r := h.Browser().Do("POST", "/api/signin", map[string]string{"email": "closer@example.com", "password": apptest.Password}); r.Status != 401 {
			t.Errorf("closed account signs in: %d", r.Status)
		}

		var alertsOn, tracked int
		h.DB.Tx(ctx, func(tx *store.Tx) error {
			if err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM scholarship_alerts WHERE status <> 'unsubscribed'`).Scan(&alertsOn); err != nil {
				return err
			}
			return tx.QueryRow(ctx, `SELECT COUNT(*) FROM scholarship_applications`).Scan(&tracked)
		})
		if alertsOn != 0 || tracked != 0 {
			t.Errorf("after closing: %d alerts still on, %d tracked programs kept", alertsOn, tracked)
		}

		var first, last, phone, dob, taxSealed, sender, accountSealed, last4, email string
		var signins int
		h.DB.Tx(ctx, func(tx *store.Tx) error {
			if err := tx.QueryRow(ctx, `SELECT first_name, last_name, phone, date_of_birth, tax_id_sealed, email FROM customers WHERE id = ?`, p.CustomerID).Scan(
				&first, &last, &phone, &dob, &taxSealed, &email); err != nil {
				return err
			}
			if err := tx.QueryRow(ctx, `SELECT sender_name FROM payments WHERE id = ?`, done).Scan(&sender); err != nil {
				return err
			}
			if err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM signin_events`).Scan(&signins); err != nil {
				return err
			}
			return tx.QueryRow(ctx, `SELECT account_sealed, account_last4 FROM external_accounts WHERE id = ?`, p.AccountID).Scan(&accountSealed, &last4)
		})
		if first+last+phone+dob+taxSealed+sender+accountSealed+last4 != "" || signins != 0 {
			t.Errorf("personal data left: %q %q %q %q %q %q %q %q, %d sign-ins", first, last, phone, dob, taxSealed, sender, accountSealed, last4, signins)
		}
		if email != "maria@example.com" {
			t.Errorf("the payer's e-mail is kept under the rule, got %q", email)
		}
		if n := count(t, h, `SELECT COUNT(*) FROM accounts WHERE email = ?`, "closer@example.com"); n != 0 {
			t.Errorf("the closed account still holds its sign-in e-mail")
		}
		if n := count(t, h, `SELECT COUNT(*) FROM payment_recipients`); n != 0 {
			t.Errorf("the recipient the payer named is kept after closure")
		}
		if n := count(t, h, `SELECT COUNT(*) FROM check_waitlist`); n != 0 {
			t.Errorf("the check waitlist entry is kept after closure")
		}
		if n := count(t, h, `SELECT COUNT(*) FROM payments WHERE id = ?`, done); n != 1 {
			t.Errorf("the payment record is gone")
		}
		h.RequireBalancedLedger()
		// The address can sign up again, to a fresh, empty account.
		again := h.Browser()
		again.SignUp("closer@example.com")
		if o := again.MustOK("GET", "/api/dashboard/overview", nil); o.Num("payment_count") != "0" {
			t.Errorf("a new account sees the closed one's payments: %s", o.Body)
		}
	})
}
