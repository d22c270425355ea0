package paymail

import (
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/crebit/crebit/internal/mail"
	"github.com/crebit/crebit/internal/money"
	"github.com/crebit/crebit/internal/payment"
)

var updateGolden = flag.Bool("update", false, "rewrite testdata/payment_mail/*.golden")

// Every payment e-mail, in every language, renders byte for byte as the
// golden files under testdata/payment_mail say, and so does the list the
// status-updates page shows (GET /api/payment-emails). The golden files
// were written from the texts as they were before they moved into
// internal/mail/templates (issue 27).
func TestPaymentMailsGolden(t *testing.T) {
	r, err := mail.NewRenderer(mail.Brand{Product: "Crebit", Support: "support@crebit.io", BaseURL: "http://localhost"})
	if err != nil {
		t.Fatal(err)
	}
	p := payment.Record{ID: "txn_golden", AmountLocal: money.New(1355593, money.BRL), AmountUSD: money.New(250000, money.USD),
		TotalFeesUSD: money.New(1234, money.USD), EffectiveRate: "5.4224", TrackingNumber: "1Z999", FailureReason: "bank refused <it>"}
	for _, lang := range mail.Languages {
		for _, st := range paymentMailOrder {
			subject, text, html, err := r.Render("payment_update", lang, Fields(p, lang, st, "http://localhost/track?transaction_id=txn_golden"))
			if err != nil {
				t.Fatal(err)
			}
			golden(t, lang+"_"+string(st)+".golden", "Subject: "+subject+"\n\n"+text+"\n"+html)
		}
		list, err := json.MarshalIndent(PaymentEmails(lang), "", "  ")
		if err != nil {
			t.Fatal(err)
		}
		golden(t, lang+"_list.golden", string(list)+"\n")
	}
}

func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", "payment_mail", name)
	if *updateGolden {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if string(want) != got {
		t.Errorf("%s differs:\n got: %q\nwant: %q", name, got, want)
	}
}
