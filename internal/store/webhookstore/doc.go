// Package webhookstore owns the partner's webhook events as received
// (webhook_events): recorded once under their id, their outcome and the
// payment they were about, as functions over a store.Tx.
package webhookstore
