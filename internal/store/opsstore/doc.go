// Package opsstore owns the operator console's tables and read models:
// operators and their audit trail, the console's payment and people search,
// health counts, rewards, and a payment's explanation (partner calls,
// ledger, mail, webhooks), as functions over a store.Tx.
package opsstore
