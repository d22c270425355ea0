package httpapi_test

import (
	"testing"
	"time"

	"github.com/crebit/crebit/internal/app/apptest"
	"github.com/crebit/crebit/internal/store"
	"github.com/crebit/crebit/internal/store/referralstore"
)

// dashboardExchanges are the dashboard and Settings routes' exchanges for
// TestOpenAPIMatchesResponses.
func dashboardExchanges(t *testing.T, h *apptest.Harness) []exchange {
	fay := h.NewAccountPayer("fay.payer@example.com", apptest.CPF2)
	txn := fay.Pay("50")
	if err := h.DB.Tx(t.Context(), func(tx *store.Tx) error {
		_, err := referralstore.CreateReferralReward(t.Context(), tx, referralstore.ReferralReward{ID: "rwd_openapi", Code: "ABCDEF0123", ReferrerCustomerID: fay.CustomerID,
			ReferredEmail: "jo@example.com", PaymentID: txn, AmountUSD: "100.00", Status: "earned", CreatedAt: time.Now()})
		return err
	}); err != nil {
		t.Fatal(err)
	}
	q := fay.Quote("USDC/BRL", "75.00")
	ramp, _ := q.JSON["on_ramp"].(map[string]any)
	dashPayment := map[string]any{"customer_id": fay.CustomerID, "quote_id": ramp["id"], "external_account_id": fay.AccountID,
		"recipient": "Boston University", "authorization": map[string]any{"accepted": true, "signed_at": "2026-11-24T10:00:00Z", "signer_name": "Fay Lima"}}
	gus := h.Browser() // closes his account
	gus.SignUp("gus@example.com")
	hal := h.Browser() // changes his password
	hal.SignUp("hal@example.com")
	return []exchange{
		{name: "dashboard_overview", as: fay.Browser, method: "GET", tmpl: "/api/dashboard/overview", status: 200},
		{name: "dashboard_overview_signed_out", method: "GET", tmpl: "/api/dashboard/overview", status: 401},
		{name: "my_referrals", as: fay.Browser, method: "GET", tmpl: "/api/me/referrals", status: 200},
		{name: "my_referrals_signed_out", method: "GET", tmpl: "/api/me/referrals", status: 401},
		{name: "dashboard_transactions", as: fay.Browser, method: "GET", tmpl: "/api/dashboard/transactions", path: "/api/dashboard/transactions?page=1", status: 200},
		{name: "dashboard_transactions_bad_page", as: fay.Browser, method: "GET", tmpl: "/api/dashboard/transactions", path: "/api/dashboard/transactions?page=0", status: 400},
		{name: "dashboard_transaction", as: fay.Browser, method: "GET", tmpl: "/api/dashboard/transactions/{transaction_id}", path: "/api/dashboard/transactions/" + txn, status: 200},
		{name: "dashboard_transaction_not_yours", as: hal, method: "GET", tmpl: "/api/dashboard/transactions/{transaction_id}", path: "/api/dashboard/transactions/" + txn, status: 404},
		{name: "me_name", as: fay.Browser, method: "PUT", tmpl: "/api/me/name", body: map[string]string{"first_name": "Fay", "last_name": "Lima"}, status: 200, validRequest: true},
		{name: "me_language", as: fay.Browser, method: "PUT", tmpl: "/api/me/language", body: map[string]string{"lang": "pt-BR"}, status: 204, validRequest: true},
		{name: "me_language_bad", as: fay.Browser, method: "PUT", tmpl: "/api/me/language", body: map[string]string{"lang": "fr"}, status: 400},
		{name: "me_language_signed_out", method: "PUT", tmpl: "/api/me/language", body: map[string]string{"lang": "en"}, status: 401},
		{name: "gift_card", as: fay.Browser, method: "PUT", tmpl: "/api/me/referrals/rewards/{id}/gift-card", path: "/api/me/referrals/rewards/rwd_openapi/gift-card",
			body: map[string]string{"brand": "Amazon"}, status: 204, validRequest: true},
		{name: "gift_card_not_yours", as: hal, method: "PUT", tmpl: "/api/me/referrals/rewards/{id}/gift-card", path: "/api/me/referrals/rewards/rwd_openapi/gift-card",
			body: map[string]string{"brand": "Amazon"}, status: 404},
		{name: "gift_card_bad_brand", as: fay.Browser, method: "PUT", tmpl: "/api/me/referrals/rewards/{id}/gift-card", path: "/api/me/referrals/rewards/rwd_openapi/gift-card",
			body: map[string]string{"brand": "Netflix"}, status: 400},
		{name: "me_name_missing", as: fay.Browser, method: "PUT", tmpl: "/api/me/name", body: map[string]string{"first_name": "Fay", "last_name": " "}, status: 400},
		{name: "me_bank_accounts", as: fay.Browser, method: "GET", tmpl: "/api/me/bank-accounts", status: 200},
		{name: "me_bank_accounts_signed_out", method: "GET", tmpl: "/api/me/bank-accounts", status: 401},
		{name: "me_signins", as: fay.Browser, method: "GET", tmpl: "/api/me/signins", status: 200},
		{name: "me_signins_signed_out", method: "GET", tmpl: "/api/me/signins", status: 401},
		{name: "me_data", as: fay.Browser, method: "GET", tmpl: "/api/me/data", status: 200},
		{name: "me_data_signed_out", method: "GET", tmpl: "/api/me/data", status: 401},
		{name: "dashboard_payment_setup", as: fay.Browser, method: "GET", tmpl: "/api/dashboard/payment-setup", status: 200},
		{name: "dashboard_payment_setup_signed_out", method: "GET", tmpl: "/api/dashboard/payment-setup", status: 401},
		{name: "dashboard_payment", as: fay.Browser, method: "POST", tmpl: "/api/dashboard/payments", body: dashPayment,
			header: []string{"Idempotency-Key", "dash-openapi-1"}, status: 200, validRequest: true},
		{name: "dashboard_payment_no_recipient", as: fay.Browser, method: "POST", tmpl: "/api/dashboard/payments",
			body: map[string]any{"customer_id": fay.CustomerID, "quote_id": "q", "external_account_id": fay.AccountID, "recipient": ""}, status: 400},
		{name: "dashboard_payment_signed_out", method: "POST", tmpl: "/api/dashboard/payments", body: map[string]any{"recipient": "x"}, status: 401},
		{name: "check_waitlist", as: fay.Browser, method: "POST", tmpl: "/api/dashboard/check-waitlist", body: map[string]string{"country": "brazil"}, status: 200, validRequest: true},
		{name: "check_waitlist_bad_country", as: fay.Browser, method: "POST", tmpl: "/api/dashboard/check-waitlist", body: map[string]string{"country": "peru"}, status: 400},
		{name: "me_bank_account_remove_not_yours", as: hal, method: "DELETE", tmpl: "/api/me/bank-accounts/{id}", path: "/api/me/bank-accounts/" + fay.AccountID, status: 404},
		{name: "me_bank_account_remove", as: fay.Browser, method: "DELETE", tmpl: "/api/me/bank-accounts/{id}", path: "/api/me/bank-accounts/" + fay.AccountID, status: 204},
		{name: "me_password_wrong", as: hal, method: "POST", tmpl: "/api/me/password",
			body: map[string]string{"current_password": "not my password 123", "new_password": "a brand new passphrase 9"}, status: 400},
		{name: "me_password", as: hal, method: "POST", tmpl: "/api/me/password",
			body: map[string]string{"current_password": apptest.Password, "new_password": "a brand new passphrase 9"}, status: 200, validRequest: true},
		{name: "me_close_wrong", as: gus, method: "POST", tmpl: "/api/me/close", body: map[string]string{"password": "not my password 123"}, status: 400},
		{name: "me_close", as: gus, method: "POST", tmpl: "/api/me/close", body: map[string]string{"password": apptest.Password}, status: 200, validRequest: true},
	}
}
