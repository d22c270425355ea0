package partner_test

import (
	"strings"
	"testing"

	"github.com/crebit/crebit/internal/partner"
)

// TestRedactJSONMasksIdentifiersAndKeepsNumbers: a stored webhook body
// loses the payer's tax ids but keeps every amount exactly as written, so
// it translates the same when replayed.
func TestRedactJSONMasksIdentifiersAndKeepsNumbers(t *testing.T) {
	body := `{"webhook_event":"payin.complete","sender_amount":1000000,"total_fee_amount":1.50,` +
		`"payer_rules":{"pix_allowed_tax_ids":["52998224725"]},"tracking_transaction":{"sender_tax_id":"52998224725","step":"completed"},"tax_id":"BOXW310820HNERXN09"}`
	got := partner.RedactJSON([]byte(body))
	for _, secret := range []string{"52998224725", "BOXW310820HNERXN09"} {
		if strings.Contains(got, secret) {
			t.Errorf("%s left in %s", secret, got)
		}
	}
	for _, kept := range []string{`"sender_amount":1000000`, `"total_fee_amount":1.50`, `"•••4725"`, `"•••XN09"`, `"step":"completed"`} {
		if !strings.Contains(got, kept) {
			t.Errorf("%s missing from %s", kept, got)
		}
	}
	if got := partner.RedactJSON([]byte("not json")); got != "not json" {
		t.Errorf("a body that is not JSON: %q", got)
	}
}
