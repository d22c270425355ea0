// Package dashstore owns the account dashboard's read models: an account's
// totals and its transactions with their recipients, and the mailed-check
// waitlist, as functions over a store.Tx.
package dashstore
