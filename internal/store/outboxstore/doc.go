// Package outboxstore owns the e-mail outbox and the sandbox's local
// mailbox: messages queued in the causing transaction, claimed, marked sent
// or failed, and purged, as functions over a store.Tx.
package outboxstore
