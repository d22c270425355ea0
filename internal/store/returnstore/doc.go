// Package returnstore owns the money owed back to payers (payment_returns):
// opened when a payment is refunded or overpaid, listed for the console,
// marked returned; and the payouts that never arrived, as functions over a
// store.Tx.
package returnstore
