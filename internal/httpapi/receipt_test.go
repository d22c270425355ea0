package httpapi_test

import (
	"net/http"
	"os"
	osexec "os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/crebit/crebit/internal/app/apptest"
	"github.com/crebit/crebit/internal/locale"
	"github.com/crebit/crebit/internal/money"
	"github.com/crebit/crebit/internal/rail"
	"github.com/crebit/crebit/internal/store"
)

// pdfText reads a PDF back with pdftotext (scripts/ensure-pdf-tools.sh).
func pdfText(t *testing.T, pdf []byte) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "receipt.pdf")
	if err := os.WriteFile(path, pdf, 0o600); err != nil {
		t.Fatal(err)
	}
	out, err := osexec.Command("pdftotext", "-layout", "-enc", "UTF-8", path, "-").Output()
	if err != nil {
		t.Fatalf("pdftotext (run scripts/ensure-pdf-tools.sh): %v", err)
	}
	return string(out)
}

func TestReceiptOfACompletedPayment(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, e store.Engine) {
		h := apptest.New(t, e, apptest.BlindPay())
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
				p.Simulate(txn, "payin_processing")
				p.Deliver(txn)
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
				// The payer did not choose a language: English, with times
				// in the zone of the country the money came from.
				en, zone := locale.For("en"), locale.ZoneOf(local.Currency)
				want := []string{txn, pay.SenderName, en.Money(local), en.Money(usd), en.Money(pay.TotalFeesUSD),
					en.Rate(tr.Num("effective_rate"), local.Currency), "USD bank transfer",
					"JPMorgan Chase account ending in " + apptest.Account[len(apptest.Account)-4:], refValue}
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
						want = append(want, en.Time(ts, zone))
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

// Issue 26 item 2: a Brazilian payer who reads the site in Portuguese gets
// the receipt in Portuguese, with reais as R$ 13.555,93, times in Brasília
// time named BRT, and the recipient she named on the dashboard, written as
// she wrote it.
func TestReceiptInThePayersLanguage(t *testing.T) {
	t.Parallel()
	h := apptest.New(t, store.SQLite, apptest.BlindPay())
	a := h.NewAccountPayer("lucja@example.com", apptest.CPF)
	a.SetLanguage("pt-BR")
	recipient := "Łucja Nguyễn Şahin — Universidade de Boston"
	r := dashPay(a, "USDC/BRL", "2500.00", map[string]any{"recipient": recipient}, "")
	if r.Status != 200 {
		t.Fatalf("process payment: %d %s", r.Status, r.Body)
	}
	txn := r.Str("transaction_id")
	a.Simulate(txn, "payin_processing")
	a.Deliver(txn)
	a.SetLanguage("en") // the receipt follows the language the payment was authorized in, not today's page
	text := pdfText(t, a.MustOK("GET", "/api/payments/"+txn+"/receipt", nil).Body)
	pay := storedPayment(t, h, txn)
	pt := locale.For("pt-BR")
	for _, w := range []string{"Recibo de pagamento", "Destinatário", recipient, "Você pagou", pt.Money(pay.AmountLocal) + " via Pix",
		"US$ 2.500,00", "Câmbio", pt.Rate(pay.EffectiveRate, money.BRL), "Pagamento recebido", "BRT", "horário de Brasília (BRT, UTC-3)"} {
		if !strings.Contains(text, w) {
			t.Errorf("receipt lacks %q:\n%s", w, text)
		}
	}
	if !regexp.MustCompile(`R\$ \d{1,3}(\.\d{3})*,\d{2} via Pix`).MatchString(text) || !regexp.MustCompile(`R\$ \d+,\d{4} por US\$ 1`).MatchString(text) {
		t.Errorf("reais are not written the Brazilian way:\n%s", text)
	}
	for _, n := range []string{"BRL ", "UTC ", "Payment receipt"} {
		if strings.Contains(text, n) {
			t.Errorf("receipt shows %q:\n%s", n, text)
		}
	}
}
