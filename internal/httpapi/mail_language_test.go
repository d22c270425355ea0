package httpapi_test

import (
	"regexp"
	"strings"
	"testing"

	"github.com/crebit/crebit/internal/app/apptest"
	"github.com/crebit/crebit/internal/locale"
	"github.com/crebit/crebit/internal/store"
)

// Issue 15: e-mails are written in the payer's language. A payment's
// e-mails follow the language the payer read the authorization in; an
// account's e-mails follow the language it chose, else the request's.
func TestEmailsInThePayersLanguage(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, e store.Engine) {
		h := apptest.New(t, e, apptest.BlindPay())

		// A Brazilian payer using the site in Portuguese.
		p := h.NewBrazilPayer()
		p.SetLanguage("pt-BR")
		txn := p.PixPayment(p.Quote("USDC/BRL", "100"), "").Str("transaction_id")
		p.Deliver(txn)
		m := h.Mail("maria@example.com", "Seus dólares foram entregues · "+txn)
		rec := storedPayment(t, h, txn)
		pt := locale.For("pt-BR")
		for _, want := range []string{"Dólares entregues", "ID da transação: " + txn, "Entregue: US$ 100,00",
			"Você paga: " + pt.Money(rec.AmountLocal), "Câmbio: " + pt.Rate(rec.EffectiveRate, rec.AmountLocal.Currency), "Acompanhe este pagamento"} {
			if !strings.Contains(m.Text, want) {
				t.Errorf("Portuguese payment e-mail lacks %q:\n%s", want, m.Text)
			}
		}
		if !regexp.MustCompile(`Você paga: R\$ \d{1,3}(\.\d{3})*,\d{2}\n`).MatchString(m.Text) || !regexp.MustCompile(`Câmbio: R\$ \d+,\d{4} por US\$ 1\n`).MatchString(m.Text) {
			t.Errorf("reais are not written the Brazilian way:\n%s", m.Text)
		}
		if !strings.Contains(m.HTML, `<html lang="pt-BR">`) {
			t.Errorf("html lang: %s", m.HTML)
		}

		// A Mexican payer in Spanish: pesos as MX$, dollars named USD, the
		// rate as pesos per one dollar (issue 26 item 2).
		mx := h.NewMexicoPayer()
		mx.SetLanguage("es-MX")
		mtxn := mx.SpeiPayment(mx.Quote("USDC/MXN", "1250.50"), "").Str("transaction_id")
		mx.Deliver(mtxn)
		mm := h.Mail("juan@example.mx", "Tus dólares fueron entregados · "+mtxn)
		mrec := storedPayment(t, h, mtxn)
		es := locale.For("es-MX")
		for _, want := range []string{"Entregado: USD 1,250.50", "Pagas: " + es.Money(mrec.AmountLocal),
			"Tipo de cambio: " + es.Rate(mrec.EffectiveRate, mrec.AmountLocal.Currency)} {
			if !strings.Contains(mm.Text, want) {
				t.Errorf("Spanish payment e-mail lacks %q:\n%s", want, mm.Text)
			}
		}
		if !regexp.MustCompile(`Pagas: MX\$\d{1,3}(,\d{3})*\.\d{2}\n`).MatchString(mm.Text) || !regexp.MustCompile(`MX\$\d+\.\d{4} por USD 1`).MatchString(mm.Text) {
			t.Errorf("pesos are not written MX$ the Mexican way:\n%s", mm.Text)
		}

		// Sign-up from a browser that prefers Spanish: the confirmation is in
		// Spanish, but nothing was chosen, so the account keeps no language.
		b := h.Browser()
		b.MustOK("POST", "/api/signup", map[string]string{"email": "lupita@example.mx", "password": apptest.Password}, "Accept-Language", "es-MX,es;q=0.9")
		h.Mail("lupita@example.mx", "Confirma tu correo en Crebit")
		if me := b.MustOK("GET", "/api/me", nil, "Accept-Language", "es-MX"); me.Str("language") != "" {
			t.Errorf("a guessed language was saved as chosen: %s", me.Body)
		}
		// Chosen on the device (the switcher's cookie) before signing up: kept.
		c := h.Browser()
		c.SetLanguage("es-MX")
		c.MustOK("POST", "/api/signup", map[string]string{"email": "rosa@example.mx", "password": apptest.Password})
		if me := c.MustOK("GET", "/api/me", nil); me.Str("language") != "es-MX" {
			t.Errorf("the chosen language at sign-up: %s", me.Body)
		}
		// The account then chooses Portuguese: its e-mails follow, whatever the request says.
		b.MustOK("PUT", "/api/me/language", map[string]string{"lang": "pt-BR"})
		if r := b.Do("PUT", "/api/me/language", map[string]string{"lang": "fr"}); r.Status != 400 || r.Str("field") != "lang" {
			t.Errorf("unknown language: %d %s", r.Status, r.Body)
		}
		if me := b.MustOK("GET", "/api/me", nil); me.Str("language") != "pt-BR" {
			t.Errorf("chosen language not kept: %s", me.Body)
		}
		b.MustOK("POST", "/api/forgot-password", map[string]string{"email": "lupita@example.mx"}, "Accept-Language", "en")
		h.Mail("lupita@example.mx", "Redefina sua senha da Crebit")
	})
}

// The status-updates page lists exactly the e-mails a payment sends, in
// the reader's language.
func TestPaymentEmailsList(t *testing.T) {
	t.Parallel()
	h := apptest.New(t, store.SQLite)
	b := h.Browser()
	en := b.MustOK("GET", "/api/payment-emails", nil)
	if !strings.Contains(string(en.Body), `"subject":"We received your payment"`) || !strings.Contains(string(en.Body), `"stage":"payin_completed"`) {
		t.Fatalf("English list: %s", en.Body)
	}
	b.SetLanguage("es-MX")
	es := b.MustOK("GET", "/api/payment-emails", nil)
	if !strings.Contains(string(es.Body), `"subject":"Recibimos tu pago"`) || es.Header.Get("Vary") == "" {
		t.Fatalf("Spanish list: %s", es.Body)
	}
}
