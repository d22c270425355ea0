package store

import (
	"context"
)

// LockKey serialises the transactions that take the same key until they
// end, so that reading and then writing a counter under it is atomic: on
// PostgreSQL a transaction-scoped advisory lock; on SQLite every write
// transaction already runs alone on the one writer.
func (tx *Tx) LockKey(ctx context.Context, key string) error {
	if tx.engine != Postgres {
		return nil
	}
	_, err := tx.exec(ctx, `SELECT pg_advisory_xact_lock(hashtextextended(?, 0))`, key)
	return err
}
