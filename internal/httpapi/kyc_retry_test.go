package httpapi_test

import (
	"net/http"
	"testing"

	"github.com/crebit/crebit/internal/app/apptest"
	"github.com/crebit/crebit/internal/store"
)

// Issue 26, item 9: a payer whose identity check was rejected corrects the
// name and tries again in the same browser; the partner gets a new request
// (not the first one's key with another body) and the payer goes on. Before
// the fix every retry answered 500 until the cookie expired.
func TestCorrectedDetailsAfterAKYCRejectionGoThrough(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, e store.Engine) {
		h := apptest.New(t, e)
		b := h.Browser()
		rejected := apptest.CustomerBR(apptest.CPF)
		rejected["last_name"] = "Rejected" // the sandbox's test value
		r := b.Do("POST", "/api/create-customer", rejected)
		if r.Status != http.StatusUnprocessableEntity && r.Status != http.StatusBadRequest || r.Str("code") != "kyc_rejected" {
			t.Fatalf("a rejected check: %d %s", r.Status, r.Body)
		}
		if again := b.Do("POST", "/api/create-customer", rejected); again.Str("code") != "kyc_rejected" {
			t.Fatalf("the same details again: %d %s, want the same refusal", again.Status, again.Body)
		}
		corrected := apptest.CustomerBR(apptest.CPF)
		for range 2 { // and a double submit of the correction is one customer
			r = b.Do("POST", "/api/create-customer", corrected)
			if r.Status != http.StatusOK || r.Str("customer_id") == "" {
				t.Fatalf("corrected details: %d %s", r.Status, r.Body)
			}
		}
	})
}
