package store

import (
	"context"
	"time"
)

// RememberDevice records that the browser whose device token hashes to
// deviceHash signed in to the account (or refreshes when it last did).
func (tx *Tx) RememberDevice(ctx context.Context, accountID, deviceHash string, now time.Time) error {
	_, err := tx.exec(ctx, `INSERT INTO account_devices (account_id, device_hash, created_at, last_used_at) VALUES (?, ?, ?, ?)
		ON CONFLICT (account_id, device_hash) DO UPDATE SET last_used_at = excluded.last_used_at`,
		accountID, deviceHash, utc(now), utc(now))
	return err
}

// KnownDevice reports whether the browser has signed in to the account before.
func (tx *Tx) KnownDevice(ctx context.Context, accountID, deviceHash string) (bool, error) {
	if accountID == "" || deviceHash == "" {
		return false, nil
	}
	var n int
	err := tx.queryRow(ctx, `SELECT COUNT(*) FROM account_devices WHERE account_id = ? AND device_hash = ?`, accountID, deviceHash).Scan(&n)
	return n > 0, err
}

// DevicesOf returns the device hashes that have signed in to the account.
func (tx *Tx) DevicesOf(ctx context.Context, accountID string) ([]string, error) {
	rs, err := tx.query(ctx, `SELECT device_hash FROM account_devices WHERE account_id = ?`, accountID)
	if err != nil {
		return nil, err
	}
	defer rs.Close()
	var out []string
	for rs.Next() {
		var h string
		if err := rs.Scan(&h); err != nil {
			return nil, err
		}
		out = append(out, h)
	}
	return out, rs.Err()
}

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
