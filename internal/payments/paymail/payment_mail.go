// Package paymail is the payment e-mails: the one table of them (received,
// converting, delivered, check mailed, expired, failed, returned,
// refunded), queued by payments in the transaction that moves the payment,
// to the payer and a check's student e-mail, in the language the payer read
// the authorization in; and the delivery promise in the web app's words.
// Imported by payments, never the reverse.
package paymail

import (
	"context"
	"encoding/json"
	"slices"

	"github.com/crebit/crebit/internal/locale"
	"github.com/crebit/crebit/internal/mail"
	"github.com/crebit/crebit/internal/outbox"
	"github.com/crebit/crebit/internal/payment"
	"github.com/crebit/crebit/internal/store"
	"github.com/crebit/crebit/internal/store/viewstore"
)

// paymentMail is what one payment e-mail says, and what the status-updates
// page says about it. Its texts are templates of the payment_update e-mail
// in each language (internal/mail/templates/**/payment_update.tmpl, one
// "payment_update/<state>/<part>" per text).
type paymentMail struct {
	Subject string
	Heading string
	Body    string
	About   string // when it is sent (the status-updates page)
	Timing  string // how soon after paying it usually comes; "" for the endings
}

// paymentMailIn is the e-mail sent when a payment reaches st, in lang
// (English when not offered); ok is false for a state that sends none
// (created, awaiting_payin, payin_processing: the payer is on the payment
// screen then).
func paymentMailIn(lang string, st payment.State) (paymentMail, bool) {
	fields := map[string]string{"Promise": usdBankPromise[lang]}
	if _, ok := usdBankPromise[lang]; !ok {
		fields["Promise"] = usdBankPromise["en"]
	}
	text := func(part string) string {
		t, _ := mail.Part(lang, "payment_update", string(st)+"/"+part, fields)
		return t
	}
	m := paymentMail{Subject: text("subject"), Heading: text("heading"), Body: text("body"), About: text("about"), Timing: text("timing")}
	return m, m.Subject != ""
}

// paymentMailOrder is the one list of the e-mails a payment sends (one per
// stage the payer is told about, plus the endings), in the order the
// status-updates page lists them. The wizard's "We e-mail you at each step"
// and the status-updates page describe this list; every language's
// templates have the same texts (a test checks).
var paymentMailOrder = []payment.State{payment.StatePayinCompleted, payment.StateOfframpCreated, payment.StateCompleted,
	payment.StateCheckMailed, payment.StateExpired, payment.StateFailed, payment.StatePayinMismatch, payment.StateRefunded}

// PaymentEmail is one e-mail a payment can send, as the status-updates page
// shows it: the same texts the e-mails carry.
type PaymentEmail struct {
	Stage   payment.State `json:"stage"`
	Ending  bool          `json:"ending"` // sent when a payment ends without delivering
	Subject string        `json:"subject"`
	Heading string        `json:"heading"`
	Body    string        `json:"body"`
	About   string        `json:"about"`
	Timing  string        `json:"timing"`
}

// PaymentEmails lists the payment e-mails in lang (English when not offered).
func PaymentEmails(lang string) []PaymentEmail {
	out := make([]PaymentEmail, 0, len(paymentMailOrder))
	for _, st := range paymentMailOrder {
		m, _ := paymentMailIn(lang, st)
		out = append(out, PaymentEmail{Stage: st, Ending: m.Timing == "", Subject: m.Subject, Heading: m.Heading,
			Body: m.Body, About: m.About, Timing: m.Timing})
	}
	return out
}

// Queue writes, in the transaction that moves the payment, one
// e-mail for every state of path that has one (to the payer, and for check
// delivery also to the student's tracking address), in the language the
// payer read the authorization in. Being in the same
// transaction, a crash loses none and a repeated or late event, which moves
// nothing, sends none.
func Queue(ctx context.Context, tx *store.Tx, box *outbox.Outbox, p payment.Record, path []payment.State) error {
	var to []string
	lang := ""
	for _, st := range path {
		if !slices.Contains(paymentMailOrder, st) {
			continue
		}
		if to == nil {
			var err error
			if to, lang, err = RecipientsAndLanguage(ctx, tx, p); err != nil {
				return err
			}
		}
		fields := Fields(p, lang, st, box.Link("/track", "transaction_id", p.ID))
		for _, addr := range to {
			attach := ""
			if HasReceipt(st) {
				attach = "receipt:" + p.ID // the completion e-mail carries the receipt
			}
			if err := box.QueueAttaching(ctx, tx, "payment_update", lang, addr, fields, attach); err != nil {
				return err
			}
		}
	}
	return nil
}

// Fields is what the payment_update e-mail about state st says,
// in lang: its texts, and the amounts and the rate as that language writes
// them (package locale, the receipt's formatter).
func Fields(p payment.Record, lang string, st payment.State, link string) map[string]string {
	m, _ := paymentMailIn(lang, st)
	l := locale.For(lang)
	return map[string]string{
		"Subject": m.Subject, "Heading": m.Heading, "Body": m.Body, "TransactionID": p.ID,
		"AmountLocal": l.Money(p.AmountLocal), "AmountUSD": l.Money(p.AmountUSD),
		"Rate": l.Rate(p.EffectiveRate, p.AmountLocal.Currency), "Fees": l.Money(p.TotalFeesUSD),
		"TrackingNumber": p.TrackingNumber, "Reason": p.FailureReason,
		"Link": link,
	}
}

// RecipientsAndLanguage reads, in one statement, the payment's
// recipients — the payer's e-mail and, for a check, the student's tracking
// e-mail when it differs — and the language the payer read its
// authorization in (English when there is none, or it is not offered).
func RecipientsAndLanguage(ctx context.Context, tx *store.Tx, p payment.Record) ([]string, string, error) {
	m, err := viewstore.MailTo(ctx, tx, p.CustomerID, p.ID)
	if err != nil {
		return nil, "", err
	}
	var to []string
	if p.CustomerID != "" && m.Email != "" {
		to = append(to, m.Email)
	}
	if p.Delivery == payment.DeliveryCheck && p.CheckDetails != "" {
		var d struct {
			StudentEmail string `json:"student_email"`
		}
		if json.Unmarshal([]byte(p.CheckDetails), &d) == nil && d.StudentEmail != "" && (len(to) == 0 || d.StudentEmail != to[0]) {
			to = append(to, d.StudentEmail)
		}
	}
	lang := "en"
	if m.HasAuthorization && slices.Contains(mail.Languages, m.Lang) {
		lang = m.Lang
	}
	return to, lang, nil
}

// HasReceipt reports whether a payment in state st has a receipt: it
// reached its delivery.
func HasReceipt(st payment.State) bool {
	return st == payment.StateCompleted || st == payment.StateCheckMailed
}
