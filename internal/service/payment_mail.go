package service

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

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

// paymentMails maps the state a payment reaches to its e-mail. A state not
// listed (created, awaiting_payin, payin_processing) sends nothing: the payer
// is on the payment screen then.
var paymentMails = map[payment.State]paymentMail{
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
		Body:    "The US dollars were delivered. Your receipt is on the payment's tracking page.",
	},
	payment.StateCheckMailed: {
		Subject: "The check to the school was mailed",
		Heading: "Check mailed",
		Body:    "The check was approved and mailed to the school. Its tracking number is below.",
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
}

// queuePaymentMails writes, in the transaction that moves the payment, one
// e-mail for every state of path that has one (to the payer, and for check
// delivery also to the student's tracking address). Being in the same
// transaction, a crash loses none and a repeated or late event, which moves
// nothing, sends none.
func (s *Service) queuePaymentMails(ctx context.Context, tx *store.Tx, p payment.Record, path []payment.State) error {
	var to []string
	for _, st := range path {
		m, ok := paymentMails[st]
		if !ok {
			continue
		}
		if to == nil {
			var err error
			if to, err = s.paymentRecipients(ctx, tx, p); err != nil {
				return err
			}
		}
		fields := map[string]string{
			"Subject": m.Subject, "Heading": m.Heading, "Body": m.Body, "TransactionID": p.ID,
			"AmountLocal": receipt.Format(p.AmountLocal), "AmountUSD": receipt.Format(p.AmountUSD),
			"Rate": fmt.Sprintf("%s %s per USD", p.EffectiveRate, p.AmountLocal.Currency), "Fees": receipt.Format(p.TotalFeesUSD),
			"TrackingNumber": p.TrackingNumber, "Reason": p.FailureReason,
			"Link": s.link("/track", "transaction_id", p.ID),
		}
		for _, addr := range to {
			if err := s.queueMail(ctx, tx, "payment_update", addr, fields); err != nil {
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
