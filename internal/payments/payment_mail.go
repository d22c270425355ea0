package payments

import (
	"context"
	"encoding/json"
	"errors"

	"github.com/crebit/crebit/internal/locale"
	"github.com/crebit/crebit/internal/payment"
	"github.com/crebit/crebit/internal/store"
)

// paymentMail is what one payment e-mail says. The table below is the one
// list of the e-mails a payment sends: one per stage the payer is told
// about, plus the endings. The wizard's "We e-mail you at each step" and the
// status-updates page describe this list.
type paymentMail struct {
	Subject string
	Heading string
	Body    string
	About   string // when it is sent (the status-updates page)
	Timing  string // how soon after paying it usually comes; "" for the endings
}

// paymentMails maps a language and the state a payment reaches to its
// e-mail. A state not listed (created, awaiting_payin, payin_processing)
// sends nothing: the payer is on the payment screen then. Every language
// lists the same states (a test checks).
var paymentMails = map[string]map[payment.State]paymentMail{
	"en": {
		payment.StatePayinCompleted: {
			Subject: "We received your payment",
			Heading: "Payment received",
			Body:    "Your payment arrived. We are converting it to US dollars now.",
			About:   "As soon as your Pix or SPEI payment reaches our licensed partner, we confirm that it arrived.",
			Timing:  "Within 5 minutes of your payment",
		},
		payment.StateOfframpCreated: {
			Subject: "Your payment is being converted to US dollars",
			Heading: "Converting to US dollars",
			Body:    "Your payment was converted at the locked rate, and the US dollars are on their way.",
			About:   "Your reais or pesos are converted to US dollars, through USDC, at the rate you locked.",
			Timing:  "Within 30 minutes",
		},
		payment.StateCompleted: {
			Subject: "Your US dollars were delivered",
			Heading: "US dollars delivered",
			Body:    "The US dollars were delivered. Your receipt is attached, and on the payment's tracking page.",
			About:   "For USD delivery: the US dollars reached your US bank account. The receipt is attached.",
			Timing:  usdBankPromise["en"],
		},
		payment.StateCheckMailed: {
			Subject: "The check to the school was mailed",
			Heading: "Check mailed",
			Body:    "The check was approved and mailed to the school. Its tracking number is below, and your receipt is attached.",
			About:   "For a check to the school: the check was approved and mailed, with its tracking number. The receipt is attached.",
			Timing:  "Next business day, overnight delivery",
		},
		payment.StateExpired: {
			Subject: "Your payment window ended",
			Heading: "Payment not received in time",
			Body:    "We did not receive the payment before its quote expired, so nothing was converted. Start again for a new quote.",
			About:   "If your payment does not arrive before the quote's 5 minutes end.",
		},
		payment.StateFailed: {
			Subject: "Your payment did not go through",
			Heading: "Payment failed",
			Body:    "The payment did not go through and nothing was converted.",
			About:   "If your bank or our partner could not complete the payment.",
		},
		payment.StatePayinMismatch: {
			Subject: "Your payment did not match its quote",
			Heading: "Payment returned",
			Body:    "The amount received did not match the quote, so nothing was converted and the money is being returned to you.",
			About:   "If the amount that arrived differs from the quote: we send the money back.",
		},
		payment.StateRefunded: {
			Subject: "Your payment was refunded",
			Heading: "Payment refunded",
			Body:    "The money you paid was returned to the account it came from.",
			About:   "When money sent back has reached the account it came from.",
		},
	},
	"pt-BR": {
		payment.StatePayinCompleted: {
			Subject: "Recebemos seu pagamento",
			Heading: "Pagamento recebido",
			Body:    "Seu pagamento chegou. Estamos convertendo o valor para dólares agora.",
			About:   "Assim que seu Pix ou SPEI chega ao nosso parceiro licenciado, confirmamos o recebimento.",
			Timing:  "Em até 5 minutos após o pagamento",
		},
		payment.StateOfframpCreated: {
			Subject: "Seu pagamento está sendo convertido em dólares",
			Heading: "Convertendo para dólares",
			Body:    "Seu pagamento foi convertido pela cotação travada, e os dólares estão a caminho.",
			About:   "Seus reais ou pesos são convertidos em dólares, via USDC, pela cotação que você travou.",
			Timing:  "Em até 30 minutos",
		},
		payment.StateCompleted: {
			Subject: "Seus dólares foram entregues",
			Heading: "Dólares entregues",
			Body:    "Os dólares foram entregues. Seu recibo está em anexo e na página de acompanhamento do pagamento.",
			About:   "Na entrega em dólares: o valor chegou à sua conta bancária nos EUA. O recibo vai em anexo.",
			Timing:  usdBankPromise["pt-BR"],
		},
		payment.StateCheckMailed: {
			Subject: "O cheque para a escola foi enviado",
			Heading: "Cheque enviado",
			Body:    "O cheque foi aprovado e enviado pelo correio à escola. O código de rastreio está abaixo, e seu recibo vai em anexo.",
			About:   "No cheque para a escola: o cheque foi aprovado e enviado, com o código de rastreio. O recibo vai em anexo.",
			Timing:  "No próximo dia útil, com entrega expressa",
		},
		payment.StateExpired: {
			Subject: "O prazo do seu pagamento terminou",
			Heading: "Pagamento não recebido a tempo",
			Body:    "Não recebemos o pagamento antes de a cotação expirar, então nada foi convertido. Comece de novo para ter uma nova cotação.",
			About:   "Se o seu pagamento não chegar antes de terminarem os 5 minutos da cotação.",
		},
		payment.StateFailed: {
			Subject: "Seu pagamento não foi concluído",
			Heading: "O pagamento falhou",
			Body:    "O pagamento não foi concluído e nada foi convertido.",
			About:   "Se o seu banco ou o nosso parceiro não conseguir concluir o pagamento.",
		},
		payment.StatePayinMismatch: {
			Subject: "Seu pagamento não correspondeu à cotação",
			Heading: "Pagamento devolvido",
			Body:    "O valor recebido não correspondeu à cotação, então nada foi convertido e o dinheiro está sendo devolvido a você.",
			About:   "Se o valor que chegou for diferente da cotação: devolvemos o dinheiro.",
		},
		payment.StateRefunded: {
			Subject: "Seu pagamento foi reembolsado",
			Heading: "Pagamento reembolsado",
			Body:    "O dinheiro que você pagou foi devolvido para a conta de origem.",
			About:   "Quando o dinheiro devolvido chega à conta de origem.",
		},
	},
	"es-MX": {
		payment.StatePayinCompleted: {
			Subject: "Recibimos tu pago",
			Heading: "Pago recibido",
			Body:    "Tu pago llegó. Ya lo estamos convirtiendo a dólares.",
			About:   "En cuanto tu pago por Pix o SPEI llega a nuestro socio autorizado, confirmamos que llegó.",
			Timing:  "En menos de 5 minutos después de tu pago",
		},
		payment.StateOfframpCreated: {
			Subject: "Tu pago se está convirtiendo a dólares",
			Heading: "Convirtiendo a dólares",
			Body:    "Tu pago se convirtió al tipo de cambio fijado, y los dólares van en camino.",
			About:   "Tus reales o pesos se convierten a dólares, a través de USDC, al tipo de cambio que fijaste.",
			Timing:  "En menos de 30 minutos",
		},
		payment.StateCompleted: {
			Subject: "Tus dólares fueron entregados",
			Heading: "Dólares entregados",
			Body:    "Los dólares fueron entregados. Tu recibo va adjunto y está en la página de seguimiento del pago.",
			About:   "En la entrega en dólares: el dinero llegó a tu cuenta bancaria en EE. UU. El recibo va adjunto.",
			Timing:  usdBankPromise["es-MX"],
		},
		payment.StateCheckMailed: {
			Subject: "El cheque a la escuela fue enviado",
			Heading: "Cheque enviado",
			Body:    "El cheque fue aprobado y enviado por correo a la escuela. Su número de rastreo está abajo, y tu recibo va adjunto.",
			About:   "En el cheque a la escuela: el cheque se aprobó y se envió, con su número de rastreo. El recibo va adjunto.",
			Timing:  "Al siguiente día hábil, con entrega al día siguiente",
		},
		payment.StateExpired: {
			Subject: "Terminó el plazo de tu pago",
			Heading: "Pago no recibido a tiempo",
			Body:    "No recibimos el pago antes de que venciera la cotización, así que no se convirtió nada. Empieza de nuevo para obtener una cotización nueva.",
			About:   "Si tu pago no llega antes de que terminen los 5 minutos de la cotización.",
		},
		payment.StateFailed: {
			Subject: "Tu pago no se completó",
			Heading: "Pago fallido",
			Body:    "El pago no se completó y no se convirtió nada.",
			About:   "Si tu banco o nuestro socio no pudieron completar el pago.",
		},
		payment.StatePayinMismatch: {
			Subject: "Tu pago no coincidió con la cotización",
			Heading: "Pago devuelto",
			Body:    "El monto recibido no coincidió con la cotización, así que no se convirtió nada y se te está devolviendo el dinero.",
			About:   "Si el monto que llegó no coincide con la cotización: te devolvemos el dinero.",
		},
		payment.StateRefunded: {
			Subject: "Tu pago fue reembolsado",
			Heading: "Pago reembolsado",
			Body:    "El dinero que pagaste se devolvió a la cuenta de donde salió.",
			About:   "Cuando el dinero devuelto llega a la cuenta de donde salió.",
		},
	},
}

// paymentMailOrder is the order the status-updates page lists the e-mails:
// the stages of a payment, then the endings.
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
	table, ok := paymentMails[lang]
	if !ok {
		table = paymentMails["en"]
	}
	out := make([]PaymentEmail, 0, len(paymentMailOrder))
	for _, st := range paymentMailOrder {
		m := table[st]
		out = append(out, PaymentEmail{Stage: st, Ending: m.Timing == "", Subject: m.Subject, Heading: m.Heading,
			Body: m.Body, About: m.About, Timing: m.Timing})
	}
	return out
}

// queuePaymentMails writes, in the transaction that moves the payment, one
// e-mail for every state of path that has one (to the payer, and for check
// delivery also to the student's tracking address), in the language the
// payer read the authorization in. Being in the same
// transaction, a crash loses none and a repeated or late event, which moves
// nothing, sends none.
func (s *Service) queuePaymentMails(ctx context.Context, tx *store.Tx, p payment.Record, path []payment.State) error {
	var to []string
	lang := ""
	for _, st := range path {
		if _, ok := paymentMails["en"][st]; !ok {
			continue
		}
		if to == nil {
			var err error
			if to, err = s.paymentRecipients(ctx, tx, p); err != nil {
				return err
			}
			if lang, err = s.paymentLanguage(ctx, tx, p.ID); err != nil {
				return err
			}
		}
		fields := paymentMailFields(p, lang, st, s.mail.Link("/track", "transaction_id", p.ID))
		for _, addr := range to {
			attach := ""
			if HasReceipt(st) {
				attach = "receipt:" + p.ID // the completion e-mail carries the receipt
			}
			if err := s.mail.QueueAttaching(ctx, tx, "payment_update", lang, addr, fields, attach); err != nil {
				return err
			}
		}
	}
	return nil
}

// paymentMailFields is what the payment_update e-mail about state st says,
// in lang: its texts, and the amounts and the rate as that language writes
// them (package locale, the receipt's formatter).
func paymentMailFields(p payment.Record, lang string, st payment.State, link string) map[string]string {
	m := paymentMails[lang][st]
	l := locale.For(lang)
	return map[string]string{
		"Subject": m.Subject, "Heading": m.Heading, "Body": m.Body, "TransactionID": p.ID,
		"AmountLocal": l.Money(p.AmountLocal), "AmountUSD": l.Money(p.AmountUSD),
		"Rate": l.Rate(p.EffectiveRate, p.AmountLocal.Currency), "Fees": l.Money(p.TotalFeesUSD),
		"TrackingNumber": p.TrackingNumber, "Reason": p.FailureReason,
		"Link": link,
	}
}

// paymentRecipients is the payer's e-mail and, for a check, the student's
// tracking e-mail when it differs.
func (s *Service) paymentRecipients(ctx context.Context, tx *store.Tx, p payment.Record) ([]string, error) {
	var to []string
	if p.CustomerID != "" {
		c, err := tx.Customer(ctx, p.CustomerID)
		if err != nil && !errors.Is(err, store.ErrNotFound) {
			return nil, err
		}
		if c.Email != "" {
			to = append(to, c.Email)
		}
	}
	if p.Delivery == payment.DeliveryCheck && p.CheckDetails != "" {
		var d struct {
			StudentEmail string `json:"student_email"`
		}
		if json.Unmarshal([]byte(p.CheckDetails), &d) == nil && d.StudentEmail != "" && (len(to) == 0 || d.StudentEmail != to[0]) {
			to = append(to, d.StudentEmail)
		}
	}
	return to, nil
}

// paymentLanguage is the language the payer read the payment's
// authorization in (English when there is none, or it is not offered).
func (s *Service) paymentLanguage(ctx context.Context, tx *store.Tx, paymentID string) (string, error) {
	a, err := tx.AuthorizationFor(ctx, paymentID)
	if errors.Is(err, store.ErrNotFound) {
		return "en", nil
	}
	if err != nil {
		return "", err
	}
	if _, ok := paymentMails[a.Lang]; !ok {
		return "en", nil
	}
	return a.Lang, nil
}
