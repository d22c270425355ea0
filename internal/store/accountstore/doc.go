// Package accountstore owns the sign-in side of accounts: the accounts
// table, tokens, recovery codes, two-factor steps, attempt limits, known
// devices and sign-in records, as functions over a store.Tx.
package accountstore
