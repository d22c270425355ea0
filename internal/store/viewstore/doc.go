// Package viewstore holds the one-statement reads of a payment that the
// hot paths run alone (store.DB.ReadOne: no BEGIN and COMMIT on
// PostgreSQL): the status view (the payment, its rail reference, history,
// hold and whether money is owed back), what a payout job needs, a
// receipt's parties and a payment e-mail's recipient. Each is checked
// against the reads it replaces in store/conformance (issue 31).
package viewstore
