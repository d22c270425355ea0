package viewstore

import (
	"context"
	"database/sql"

	"github.com/crebit/crebit/internal/store"
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
func MailTo(ctx context.Context, tx *store.Tx, customerID, paymentID string) (PaymentMailTo, error) {
	var email, lang sql.NullString
	err := tx.QueryRow(ctx, `SELECT (SELECT email FROM customers WHERE id = ?),
		(SELECT lang FROM payment_authorizations WHERE payment_id = ?)`, customerID, paymentID).Scan(&email, &lang)
	return PaymentMailTo{Email: email.String, Lang: lang.String, HasAuthorization: lang.Valid}, err
}
