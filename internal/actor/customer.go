package actor

import (
	"context"
	"errors"

	"github.com/crebit/crebit/internal/apperr"
	"github.com/crebit/crebit/internal/customer"
	"github.com/crebit/crebit/internal/store"
)

// OwnCustomer returns the customer if it is the actor's; anyone else gets
// the same not-found answer as for an id that does not exist.
func OwnCustomer(ctx context.Context, db *store.DB, who Actor, customerID string) (customer.Customer, error) {
	var c customer.Customer
	err := db.Read(ctx, func(tx *store.Tx) (err error) { c, err = OwnCustomerTx(ctx, tx, who, customerID); return })
	return c, err
}

// OwnCustomerTx is OwnCustomer inside the caller's transaction.
func OwnCustomerTx(ctx context.Context, tx *store.Tx, who Actor, customerID string) (customer.Customer, error) {
	if customerID == "" {
		return customer.Customer{}, apperr.E(apperr.RequiredFieldsMissing, "customer_id").On("customer_id")
	}
	c, err := tx.Customer(ctx, customerID)
	if errors.Is(err, store.ErrNotFound) || (err == nil && !who.Owns(c.SessionID, c.AccountID)) {
		return customer.Customer{}, apperr.E(apperr.CustomerNotFound, "")
	}
	return c, err
}
