package httpapi_test

import (
	"net/http"
	"testing"

	"github.com/crebit/crebit/internal/app/apptest"
	"github.com/crebit/crebit/internal/store"
)

// TestTermsAcceptedBeforeSignUpCarryOver: the sign-up page asks for the
// partner's terms on its last step, before the account exists; signing up
// starts a new session, and the acceptance goes with the rest of what the
// guest session made, so the payer profile that follows is made with it
// (it was refused 409 terms_required).
func TestTermsAcceptedBeforeSignUpCarryOver(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, e store.Engine) {
		h := apptest.New(t, e)
		b := h.Browser()
		b.AcceptPartnerTerms()
		b.SignUp("terms.first@example.com")
		if r := b.MustOK("GET", "/api/partner-terms", nil); r.JSON["accepted"] != true {
			t.Fatalf("after sign-up the acceptance is lost: %s", r.Body)
		}
		if r := b.Do("POST", "/api/create-customer", apptest.CustomerBR(apptest.CPF)); r.Status != http.StatusOK {
			t.Fatalf("the payer profile after sign-up: %d %s", r.Status, r.Body)
		}
	})
}
