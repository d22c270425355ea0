package accountstore

import (
	"context"
	"time"

	"github.com/crebit/crebit/internal/store"
)

// SigninEvent is one successful sign-in, for Settings' recent activity.
type SigninEvent struct {
	ID         string
	Device     string
	IPHash     string // a keyed hash of the client address (referral checks); never shown
	OccurredAt time.Time
}

// InsertSigninEvent records a sign-in.
func InsertSigninEvent(ctx context.Context, tx *store.Tx, accountID string, e SigninEvent) error {
	_, err := tx.Exec(ctx, `INSERT INTO signin_events (id, account_id, device, ip_hash, occurred_at) VALUES (?, ?, ?, ?, ?)`,
		e.ID, accountID, e.Device, e.IPHash, store.UTC(e.OccurredAt))
	return err
}

// SigninEvents returns the account's newest sign-ins.
func SigninEvents(ctx context.Context, tx *store.Tx, accountID string, limit int) ([]SigninEvent, error) {
	rs, err := tx.Query(ctx, `SELECT id, device, occurred_at FROM signin_events WHERE account_id = ?
		ORDER BY occurred_at DESC, id DESC LIMIT ?`, accountID, limit)
	if err != nil {
		return nil, err
	}
	defer rs.Close()
	var out []SigninEvent
	for rs.Next() {
		var e SigninEvent
		if err := rs.Scan(&e.ID, &e.Device, &e.OccurredAt); err != nil {
			return nil, err
		}
		e.OccurredAt = e.OccurredAt.UTC()
		out = append(out, e)
	}
	return out, rs.Err()
}

// SetAccountName stores the account holder's name.
func SetAccountName(ctx context.Context, tx *store.Tx, id, first, last string, now time.Time) error {
	_, err := tx.Exec(ctx, `UPDATE accounts SET first_name = ?, last_name = ?, updated_at = ? WHERE id = ?`,
		first, last, store.UTC(now), id)
	return err
}

// DeleteSigninEventsBefore forgets the account's sign-ins before t.
func DeleteSigninEventsBefore(ctx context.Context, tx *store.Tx, accountID string, t time.Time) error {
	_, err := tx.Exec(ctx, `DELETE FROM signin_events WHERE account_id = ? AND occurred_at < ?`, accountID, store.UTC(t))
	return err
}
