package httpapi_test

import (
	"net/http"
	"os"
	osexec "os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/crebit/crebit/internal/app/apptest"
	"github.com/crebit/crebit/internal/money"
	"github.com/crebit/crebit/internal/rail"
	"github.com/crebit/crebit/internal/receipt"
	"github.com/crebit/crebit/internal/store"
)

// pdfText reads a PDF back with pdftotext (scripts/ensure-pdftotext.sh).
func pdfText(t *testing.T, pdf []byte) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "receipt.pdf")
	if err := os.WriteFile(path, pdf, 0o600); err != nil {
		t.Fatal(err)
	}
	out, err := osexec.Command("pdftotext", "-layout", path, "-").Output()
	if err != nil {
		t.Fatalf("pdftotext (run scripts/ensure-pdftotext.sh): %v", err)
	}
	return string(out)
}

func TestReceiptOfACompletedPayment(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, e store.Engine) {
		h := apptest.New(t, e)
		for _, c := range []struct {
			name  string
			payer *apptest.Payer
			pay   func(p *apptest.Payer) apptest.Response
			rail  string
		}{
			{"pix", h.NewBrazilPayer(), func(p *apptest.Payer) apptest.Response { return p.PixPayment(p.Quote("USDC/BRL", "250"), "") }, "pix_end_to_end_id"},
			{"spei", h.NewMexicoPayer(), func(p *apptest.Payer) apptest.Response { return p.SpeiPayment(p.Quote("USDC/MXN", "1200"), "") }, "spei_tracking_key"},
		} {
			t.Run(c.name, func(t *testing.T) {
				p := c.payer
				txn := c.pay(p).Str("transaction_id")
				path := "/api/payments/" + txn + "/receipt"
				if r := p.Do("GET", path, nil); r.Status != http.StatusNotFound || r.Str("code") != "receipt_not_available" {
					t.Fatalf("receipt before completion: %d %s", r.Status, r.Body)
				}
				for _, ev := range []string{"payin_processing", "payin_completed", "offramp_created", "offramp_completed"} {
					p.Simulate(txn, ev)
				}
				h.Eventually("completed", func() bool { return p.State(txn) == "completed" })
				// The rail's reference comes with payin_completed, whose job
				// may run after the later events moved the payment on.
				h.Eventually("rail reference stored", func() bool {
					ref, _ := p.MustOK("GET", "/api/transaction-status?transaction_id="+txn, nil).JSON["rail_reference"].(map[string]any)
					v, _ := ref["value"].(string)
					return v != ""
				})

				r := p.MustOK("GET", path, nil)
				if r.Header.Get("Content-Type") != "application/pdf" || !strings.HasPrefix(string(r.Body), "%PDF-") {
					t.Fatalf("not a PDF: %s", r.Header.Get("Content-Type"))
				}
				text := pdfText(t, r.Body)
				tr := p.MustOK("GET", "/api/transaction-status?transaction_id="+txn, nil)
				if tr.Str("receipt_url") != path {
					t.Fatalf("receipt_url %q", tr.Str("receipt_url"))
				}
				pay := storedPayment(t, h, txn)
				local, _ := money.Parse(tr.Num("amount_local"), pay.AmountLocal.Currency)
				usd, _ := money.Parse(tr.Num("amount_usd"), money.USD)
				ref, _ := tr.JSON["rail_reference"].(map[string]any)
				refValue, _ := ref["value"].(string)
				want := []string{txn, pay.SenderName, receipt.Format(local), receipt.Format(usd), receipt.Format(pay.TotalFeesUSD),
					"1 USD = " + tr.Num("effective_rate"), "USD bank transfer", "JPMorgan Chase account ending in " + apptest.Account[len(apptest.Account)-4:],
					refValue}
				switch c.rail {
				case "pix_end_to_end_id":
					if rail.ValidateEndToEndID(refValue) != nil {
						t.Fatalf("end-to-end id %q", refValue)
					}
				case "spei_tracking_key":
					if rail.ValidateTrackingKey(refValue) != nil || ref["lookup_url"] != rail.CEPURL {
						t.Fatalf("tracking key %v", ref)
					}
					want = append(want, "SPEI tracking key", rail.CEPURL)
				}
				if ref["kind"] != c.rail {
					t.Fatalf("rail reference %v", ref)
				}
				stages, _ := tr.JSON["stages"].([]any)
				for _, sg := range stages {
					if at, ok := sg.(map[string]any)["at"].(string); ok {
						ts, err := time.Parse(time.RFC3339Nano, at)
						if err != nil {
							t.Fatal(err)
						}
						want = append(want, ts.UTC().Format("2006-01-02 15:04:05 UTC"))
					}
				}
				for _, w := range want {
					if w == "" || !strings.Contains(text, w) {
						t.Errorf("receipt lacks %q:\n%s", w, text)
					}
				}
				if strings.Contains(text, apptest.Account) {
					t.Error("the receipt shows the full account number")
				}

				// Only the owner: anyone else gets 404 as for no such payment.
				stranger := h.Browser()
				if r := stranger.Do("GET", path, nil); r.Status != http.StatusNotFound || r.Str("code") != "transaction_not_found" {
					t.Fatalf("stranger: %d %s", r.Status, r.Body)
				}
				// A stranger looking the id up on /track sees neither the rail's reference nor the receipt.
				if r := stranger.MustOK("GET", "/api/transaction-status?transaction_id="+txn, nil); r.JSON["rail_reference"] != nil || r.JSON["receipt_url"] != nil {
					t.Fatalf("stranger's /track view: %s", r.Body)
				}
			})
		}
	})
}
