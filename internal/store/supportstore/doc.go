// Package supportstore owns the support inbox's tables: conversations and
// their messages, as functions over a store.Tx.
package supportstore
