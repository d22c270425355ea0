// Package bpstore owns the embedded BlindPay sandbox's own tables
// (bpsandbox_*): the queries internal/bpsandbox runs on them, inside a
// store.Tx. Their migrations stay with the rest in internal/store.
package bpstore
