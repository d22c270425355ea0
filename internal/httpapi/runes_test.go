package httpapi_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/crebit/crebit/internal/app/apptest"
	"github.com/crebit/crebit/internal/store"
)

// TestLengthLimitsCountCharacters: 150 "é" (300 bytes) is within a
// 200-character limit; 201 characters is not.
func TestLengthLimitsCountCharacters(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, e store.Engine) {
		h := apptest.New(t, e, apptest.BlindPay())
		for _, tc := range []struct {
			name string
			want int
		}{{strings.Repeat("é", 150), http.StatusOK}, {strings.Repeat("é", 201), http.StatusBadRequest}} {
			c := apptest.CustomerBR(apptest.CPF)
			c["last_name"] = tc.name
			b := h.Browser()
			b.AcceptPartnerTerms()
			r := b.Do("POST", "/api/create-customer", c)
			if r.Status != tc.want {
				t.Fatalf("%d characters: %d %s, want %d", len([]rune(tc.name)), r.Status, r.Body, tc.want)
			}
		}
	})
}
