// Package holdstore owns operators' holds on payments (payment_holds) and
// finds the partner's events kept while a payment was held, as functions
// over a store.Tx.
package holdstore
