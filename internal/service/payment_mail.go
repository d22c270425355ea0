package service

import (
	"context"
	"encoding/json"
	"errors"

	"github.com/crebit/crebit/internal/payment"
	"github.com/crebit/crebit/internal/receipt"
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
		},
		payment.StateOfframpCreated: {
			Subject: "Your payment is being converted to US dollars",
			Heading: "Converting to US dollars",
			Body:    "Your payment was converted at the locked rate, and the US dollars are on their way.",
		},
		payment.StateCompleted: {
			Subject: "Your US dollars were delivered",
			Heading: "US dollars delivered",
			Body:    "The US dollars were delivered. Your receipt is attached, and on the payment's tracking page.",
		},
		payment.StateCheckMailed: {
			Subject: "The check to the school was mailed",
			Heading: "Check mailed",
			Body:    "The check was approved and mailed to the school. Its tracking number is below, and your receipt is attached.",
		},
		payment.StateExpired: {
			Subject: "Your payment window ended",
			Heading: "Payment not received in time",
			Body:    "We did not receive the payment before its quote expired, so nothing was converted. Start again for a new quote.",
		},
		payment.StateFailed: {
			Subject: "Your payment did not go through",
			Heading: "Payment failed",
			Body:    "The payment did not go through and nothing was converted.",
		},
		payment.StatePayinMismatch: {
			Subject: "Your payment did not match its quote",
			Heading: "Payment returned",
			Body:    "The amount received did not match the quote, so nothing was converted and the money is being returned to you.",
		},
		payment.StateRefunded: {
			Subject: "Your payment was refunded",
			Heading: "Payment refunded",
			Body:    "The money you paid was returned to the account it came from.",
		},
	},
	"pt-BR": {
		payment.StatePayinCompleted: {
			Subject: "Recebemos seu pagamento",
			Heading: "Pagamento recebido",
			Body:    "Seu pagamento chegou. Estamos convertendo o valor para dólares agora.",
		},
		payment.StateOfframpCreated: {
			Subject: "Seu pagamento está sendo convertido em dólares",
			Heading: "Convertendo para dólares",
			Body:    "Seu pagamento foi convertido pela cotação travada, e os dólares estão a caminho.",
		},
		payment.StateCompleted: {
			Subject: "Seus dólares foram entregues",
			Heading: "Dólares entregues",
			Body:    "Os dólares foram entregues. Seu recibo está em anexo e na página de acompanhamento do pagamento.",
		},
		payment.StateCheckMailed: {
			Subject: "O cheque para a escola foi enviado",
			Heading: "Cheque enviado",
			Body:    "O cheque foi aprovado e enviado pelo correio à escola. O código de rastreio está abaixo, e seu recibo vai em anexo.",
		},
		payment.StateExpired: {
			Subject: "O prazo do seu pagamento terminou",
			Heading: "Pagamento não recebido a tempo",
			Body:    "Não recebemos o pagamento antes de a cotação expirar, então nada foi convertido. Comece de novo para ter uma nova cotação.",
		},
		payment.StateFailed: {
			Subject: "Seu pagamento não foi concluído",
			Heading: "O pagamento falhou",
			Body:    "O pagamento não foi concluído e nada foi convertido.",
		},
		payment.StatePayinMismatch: {
			Subject: "Seu pagamento não correspondeu à cotação",
			Heading: "Pagamento devolvido",
			Body:    "O valor recebido não correspondeu à cotação, então nada foi convertido e o dinheiro está sendo devolvido a você.",
		},
		payment.StateRefunded: {
			Subject: "Seu pagamento foi reembolsado",
			Heading: "Pagamento reembolsado",
			Body:    "O dinheiro que você pagou foi devolvido para a conta de origem.",
		},
	},
	"es-MX": {
		payment.StatePayinCompleted: {
			Subject: "Recibimos tu pago",
			Heading: "Pago recibido",
			Body:    "Tu pago llegó. Ya lo estamos convirtiendo a dólares.",
		},
		payment.StateOfframpCreated: {
			Subject: "Tu pago se está convirtiendo a dólares",
			Heading: "Convirtiendo a dólares",
			Body:    "Tu pago se convirtió al tipo de cambio fijado, y los dólares van en camino.",
		},
		payment.StateCompleted: {
			Subject: "Tus dólares fueron entregados",
			Heading: "Dólares entregados",
			Body:    "Los dólares fueron entregados. Tu recibo va adjunto y está en la página de seguimiento del pago.",
		},
		payment.StateCheckMailed: {
			Subject: "El cheque a la escuela fue enviado",
			Heading: "Cheque enviado",
			Body:    "El cheque fue aprobado y enviado por correo a la escuela. Su número de rastreo está abajo, y tu recibo va adjunto.",
		},
		payment.StateExpired: {
			Subject: "Terminó el plazo de tu pago",
			Heading: "Pago no recibido a tiempo",
			Body:    "No recibimos el pago antes de que venciera la cotización, así que no se convirtió nada. Empieza de nuevo para obtener una cotización nueva.",
		},
		payment.StateFailed: {
			Subject: "Tu pago no se completó",
			Heading: "Pago fallido",
			Body:    "El pago no se completó y no se convirtió nada.",
		},
		payment.StatePayinMismatch: {
			Subject: "Tu pago no coincidió con la cotización",
			Heading: "Pago devuelto",
			Body:    "El monto recibido no coincidió con la cotización, así que no se convirtió nada y se te está devolviendo el dinero.",
		},
		payment.StateRefunded: {
			Subject: "Tu pago fue reembolsado",
			Heading: "Pago reembolsado",
			Body:    "El dinero que pagaste se devolvió a la cuenta de donde salió.",
		},
	},
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
		m := paymentMails[lang][st]
		fields := map[string]string{
			"Subject": m.Subject, "Heading": m.Heading, "Body": m.Body, "TransactionID": p.ID,
			"AmountLocal": receipt.Format(p.AmountLocal), "AmountUSD": receipt.Format(p.AmountUSD),
			"Rate": p.EffectiveRate, "Currency": string(p.AmountLocal.Currency), "Fees": receipt.Format(p.TotalFeesUSD),
			"TrackingNumber": p.TrackingNumber, "Reason": p.FailureReason,
			"Link": s.link("/track", "transaction_id", p.ID),
		}
		for _, addr := range to {
			attach := ""
			if HasReceipt(st) {
				attach = "receipt:" + p.ID // the completion e-mail carries the receipt
			}
			if err := s.queueMailAttaching(ctx, tx, "payment_update", lang, addr, fields, attach); err != nil {
				return err
			}
		}
	}
	return nil
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
