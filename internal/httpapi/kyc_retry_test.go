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
// the fix every retry answered 500 until the cookie expired. With BlindPay
// the verdict comes after the customer is made (create-wallet reports it),
// and one terms acceptance makes one customer, so the payer accepts again.
func TestCorrectedDetailsAfterAKYCRejectionGoThrough(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, e store.Engine) {
		h := apptest.New(t, e)
		b := h.Browser()
		b.AcceptPartnerTerms()
		rejected := apptest.CustomerBR(apptest.CPF)
		rejected["last_name"] = "Rejected" // the sandbox's test value
		c := b.MustOK("POST", "/api/create-customer", rejected)
		var w apptest.Response
		h.Eventually("the partner's verdict", func() bool {
			w = b.Do("POST", "/api/create-wallet", map[string]string{"customer_id": c.Str("customer_id")})
			return w.Str("code") != "kyc_review"
		})
		if w.Status != http.StatusUnprocessableEntity || w.Str("code") != "kyc_rejected" {
			t.Fatalf("a rejected check: %d %s", w.Status, w.Body)
		}
		b.AcceptPartnerTerms()
		corrected := apptest.CustomerBR(apptest.CPF)
		var first string
		for i := range 2 { // and a double submit of the correction is one customer
			r := b.Do("POST", "/api/create-customer", corrected)
			if r.Status != http.StatusOK || r.Str("customer_id") == "" || r.Str("customer_id") == c.Str("customer_id") {
				t.Fatalf("corrected details: %d %s", r.Status, r.Body)
			}
			if i == 0 {
				first = r.Str("customer_id")
			} else if r.Str("customer_id") != first {
				t.Fatalf("a double submit made a second customer: %s, then %s", first, r.Str("customer_id"))
			}
		}
		h.Eventually("the corrected profile approved", func() bool {
			return b.Do("POST", "/api/create-wallet", map[string]string{"customer_id": first}).Status == http.StatusOK
		})
	})
}
