package paymail

import (
	"strings"
	"testing"

	"github.com/crebit/crebit/internal/mail"
	"github.com/crebit/crebit/internal/money"
	"github.com/crebit/crebit/internal/payment"
)

// Every language tells the payer about the same stages, each with a subject,
// a heading, a body and what the status-updates page says about it; a
// state the list does not name sends nothing.
func TestPaymentMailsInEveryLanguage(t *testing.T) {
	for _, lang := range mail.Languages {
		for _, st := range paymentMailOrder {
			m, ok := paymentMailIn(lang, st)
			en, _ := paymentMailIn("en", st)
			if !ok || m.Subject == "" || m.Heading == "" || m.Body == "" || m.About == "" || (m.Timing == "") != (en.Timing == "") {
				t.Errorf("%s/%s: an empty text", lang, st)
			}
		}
		for _, st := range []payment.State{payment.StateCreated, payment.StateAwaitingPayin, payment.StatePayinProcessing} {
			if _, ok := paymentMailIn(lang, st); ok {
				t.Errorf("%s/%s: an e-mail for a state the list does not name", lang, st)
			}
		}
		if n := len(PaymentEmails(lang)); n != len(paymentMailOrder) {
			t.Errorf("%s: the page lists %d e-mails, %d are sent", lang, n, len(paymentMailOrder))
		}
	}
}

// Issue 26 item 2: a payment e-mail writes the amounts and the rate as the
// payer's language does: the reais of a Brazilian payer reading Portuguese
// as R$ 13.555,93, never "BRL 13,555.93"; a Mexican payer's pesos as MX$.
func TestPaymentMailFormatsByTheLanguage(t *testing.T) {
	r, err := mail.NewRenderer(mail.Brand{Product: "Crebit", Support: "support@crebit.io", BaseURL: "http://localhost"})
	if err != nil {
		t.Fatal(err)
	}
	brl := payment.Record{ID: "txn_1", AmountLocal: money.New(1355593, money.BRL), AmountUSD: money.New(250000, money.USD),
		TotalFeesUSD: money.New(1234, money.USD), EffectiveRate: "5.4224"}
	mxn := payment.Record{ID: "txn_2", AmountLocal: money.New(4687500, money.MXN), AmountUSD: money.New(250000, money.USD),
		TotalFeesUSD: money.New(2500, money.USD), EffectiveRate: "18.7500"}
	tests := []struct {
		lang string
		p    payment.Record
		want []string
		not  []string
	}{
		{"pt-BR", brl, []string{"Você paga: R$ 13.555,93", "Entregue: US$ 2.500,00", "Câmbio: R$ 5,4224 por US$ 1", "Tarifas: US$ 12,34"},
			[]string{"BRL", "13,555.93", "2,500.00", "5.4224"}},
		{"es-MX", mxn, []string{"MX$46,875.00", "Entregado: USD 2,500.00", "Tipo de cambio: MX$18.7500 por USD 1", "Comisiones: USD 25.00"},
			[]string{"MXN", "46.875", "$46,875.00 MXN"}},
		{"en", brl, []string{"You pay: R$ 13.555,93", "Delivered: US$2,500.00", "Exchange rate: R$ 5,4224 per US$1", "Fees: US$12.34"},
			[]string{"BRL", "13,555.93"}},
	}
	for _, tt := range tests {
		_, text, html, err := r.Render("payment_update", tt.lang, Fields(tt.p, tt.lang, payment.StateCompleted, "http://localhost/track"))
		if err != nil {
			t.Fatal(err)
		}
		for _, w := range tt.want {
			if !strings.Contains(text, w) {
				t.Errorf("%s e-mail lacks %q:\n%s", tt.lang, w, text)
			}
			if _, value, _ := strings.Cut(w, ": "); !strings.Contains(html, value) {
				t.Errorf("%s html e-mail lacks %q:\n%s", tt.lang, value, html)
			}
		}
		for _, n := range tt.not {
			if strings.Contains(text, n) {
				t.Errorf("%s e-mail shows %q:\n%s", tt.lang, n, text)
			}
		}
	}
}
