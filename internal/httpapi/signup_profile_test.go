package httpapi_test

import (
	"net/http"
	"testing"

	"github.com/crebit/crebit/internal/app/apptest"
	"github.com/crebit/crebit/internal/store"
)

// signUpBody is the sign-up wizard's whole answer: the account, the payer
// profile and the US bank account.
func signUpBody(email, cpf, routing string) map[string]any {
	return map[string]any{
		"email": email, "password": apptest.Password,
		"customer": map[string]any{
			"first_name": "Ana", "last_name": "Souza", "email": email, "phone_number": "5511987654321", "type": "individual",
			"date_of_birth":      "1990-05-10",
			"identity_documents": []map[string]string{{"type": "national_id", "value": cpf, "country": "brazil"}},
			"address":            map[string]string{"street_line_1": "Rua Augusta 1500", "city": "São Paulo", "state": "SP", "postal_code": "01304-001", "country": "brazil"},
		},
		"bank_account": map[string]any{
			"account_name": "Ana Souza", "beneficiary_name": "Ana Souza", "bank_name": "JPMorgan Chase Bank",
			"bank_account_number": "000123456789", "routing_number": routing,
			"address": map[string]string{"street_line_1": "383 Madison Avenue", "city": "New York", "state": "NY", "postal_code": "10179", "country": "USA"},
		},
	}
}

// TestSignUpCreatesNothingUntilEveryStepHolds (issue 26 item 8): sign-up
// created the account and queued its verification e-mail before the CPF
// and the routing number were checked. An invalid one is now refused under
// its field with no account, no session signed in and no e-mail; the whole
// valid sign-up creates the account.
func TestSignUpCreatesNothingUntilEveryStepHolds(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, e store.Engine) {
		h := apptest.New(t, e, apptest.BlindPay())
		for _, c := range []struct{ name, cpf, routing, code, field string }{
			{"invalid CPF", "529.982.247-24", "021000021", "tax_id_invalid", "identity_documents"},
			{"invalid routing number", "529.982.247-25", "021000022", "routing_number_invalid", "routing_number"},
		} {
			b := h.Browser()
			r := b.Do("POST", "/api/signup", signUpBody("ana@example.com", c.cpf, c.routing))
			if r.Status != http.StatusBadRequest || r.Str("code") != c.code || r.Str("field") != c.field {
				t.Errorf("%s: %d %s", c.name, r.Status, r.Body)
			}
			if b.Do("GET", "/api/me", nil).Status != http.StatusNoContent {
				t.Errorf("%s: the refused sign-up is signed in", c.name)
			}
		}
		if n := count(t, h, `SELECT COUNT(*) FROM accounts`); n != 0 {
			t.Fatalf("%d accounts created by refused sign-ups", n)
		}
		if n := count(t, h, `SELECT COUNT(*) FROM outbox`); n != 0 {
			t.Fatalf("%d e-mails queued by refused sign-ups", n)
		}

		b := h.Browser()
		b.MustOK("POST", "/api/signup", signUpBody("ana@example.com", "529.982.247-25", "021000021"))
		if n := count(t, h, `SELECT COUNT(*) FROM accounts`); n != 1 {
			t.Fatalf("%d accounts after the valid sign-up", n)
		}
		if n := count(t, h, `SELECT COUNT(*) FROM outbox WHERE kind = 'verify_email'`); n != 1 {
			t.Fatalf("%d verification e-mails after the valid sign-up", n)
		}
	})
}
