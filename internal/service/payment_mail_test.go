package service

import (
	"maps"
	"slices"
	"testing"

	"github.com/crebit/crebit/internal/mail"
)

// Every language tells the payer about the same stages, each with a subject,
// a heading and a body.
func TestPaymentMailsInEveryLanguage(t *testing.T) {
	want := slices.Sorted(maps.Keys(paymentMails["en"]))
	for _, lang := range mail.Languages {
		got := slices.Sorted(maps.Keys(paymentMails[lang]))
		if !slices.Equal(got, want) {
			t.Errorf("%s: stages %v, want %v", lang, got, want)
		}
		for st, m := range paymentMails[lang] {
			if m.Subject == "" || m.Heading == "" || m.Body == "" || m.About == "" || (m.Timing == "") != (paymentMails["en"][st].Timing == "") {
				t.Errorf("%s/%s: an empty text", lang, st)
			}
		}
		if n := len(PaymentEmails(lang)); n != len(want) {
			t.Errorf("%s: the page lists %d e-mails, %d are sent", lang, n, len(want))
		}
	}
}
