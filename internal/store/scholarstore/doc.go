// Package scholarstore owns the scholarship finder's tables: a student's
// profile and saved filter sets, deadline alerts, and the application
// tracker, as functions over a store.Tx.
package scholarstore
