package store

import (
	"context"
	"errors"
)

// SetPaymentRecipient records who the payer said a payment is for.
func (tx *Tx) SetPaymentRecipient(ctx context.Context, paymentID, recipient string) error {
	_, err := tx.exec(ctx, `INSERT INTO payment_recipients (payment_id, recipient) VALUES (?, ?)`, paymentID, recipient)
	return err
}

// PaymentRecipient returns who the payer said a payment is for ("" when
// they named no one).
func (tx *Tx) PaymentRecipient(ctx context.Context, paymentID string) (string, error) {
	var r string
	err := tx.queryRow(ctx, `SELECT recipient FROM payment_recipients WHERE payment_id = ?`, paymentID).Scan(&r)
	if errors.Is(err, ErrNotFound) {
		return "", nil
	}
	return r, err
}
