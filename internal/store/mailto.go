package store

import (
	"context"
	"database/sql"
)

// PaymentMailTo is what a payment's e-mail needs besides the payment: its
// customer's e-mail (Customer; empty when the customer is not stored) and
// the language of its authorization (AuthorizationFor; HasAuthorization
// false when none is recorded).
type PaymentMailTo struct {
	Email            string
	Lang             string
	HasAuthorization bool
}

// PaymentMailTo reads both in one statement.
func (tx *Tx) PaymentMailTo(ctx context.Context, customerID, paymentID string) (PaymentMailTo, error) {
	var email, lang sql.NullString
	err := tx.queryRow(ctx, `SELECT (SELECT email FROM customers WHERE id = ?),
		(SELECT lang FROM payment_authorizations WHERE payment_id = ?)`, customerID, paymentID).Scan(&email, &lang)
	return PaymentMailTo{Email: email.String, Lang: lang.String, HasAuthorization: lang.Valid}, err
}
