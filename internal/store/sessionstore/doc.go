// Package sessionstore owns the sessions table: a session's creation,
// activity and remembered choices, its rotation at sign-in (the guest's
// data moving with it) and its end, as functions over a store.Tx.
package sessionstore
