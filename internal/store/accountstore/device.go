package accountstore

import (
	"context"
	"time"

	"github.com/crebit/crebit/internal/store"
)

// RememberDevice records that the browser whose device token hashes to
// deviceHash signed in to the account (or refreshes when it last did).
func RememberDevice(ctx context.Context, tx *store.Tx, accountID, deviceHash string, now time.Time) error {
	_, err := tx.Exec(ctx, `INSERT INTO account_devices (account_id, device_hash, created_at, last_used_at) VALUES (?, ?, ?, ?)
		ON CONFLICT (account_id, device_hash) DO UPDATE SET last_used_at = excluded.last_used_at`,
		accountID, deviceHash, store.UTC(now), store.UTC(now))
	return err
}

// KnownDevice reports whether the browser has signed in to the account before.
func KnownDevice(ctx context.Context, tx *store.Tx, accountID, deviceHash string) (bool, error) {
	if accountID == "" || deviceHash == "" {
		return false, nil
	}
	var n int
	err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM account_devices WHERE account_id = ? AND device_hash = ?`, accountID, deviceHash).Scan(&n)
	return n > 0, err
}

// DevicesOf returns the device hashes that have signed in to the account.
func DevicesOf(ctx context.Context, tx *store.Tx, accountID string) ([]string, error) {
	return tx.Strings(ctx, `SELECT device_hash FROM account_devices WHERE account_id = ?`, accountID)
}
