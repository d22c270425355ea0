package store

import (
	"context"
	"time"
)

// SigninEvent is one successful sign-in, for Settings' recent activity.
type SigninEvent struct {
	ID         string
	Device     string
	IPHash     string // a keyed hash of the client address (referral checks); never shown
	OccurredAt time.Time
}

// InsertSigninEvent records a sign-in.
func (tx *Tx) InsertSigninEvent(ctx context.Context, accountID string, e SigninEvent) error {
	_, err := tx.exec(ctx, `INSERT INTO signin_events (id, account_id, device, ip_hash, occurred_at) VALUES (?, ?, ?, ?, ?)`,
		e.ID, accountID, e.Device, e.IPHash, utc(e.OccurredAt))
	return err
}

// SigninEvents returns the account's newest sign-ins.
func (tx *Tx) SigninEvents(ctx context.Context, accountID string, limit int) ([]SigninEvent, error) {
	rs, err := tx.query(ctx, `SELECT id, device, occurred_at FROM signin_events WHERE account_id = ?
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
func (tx *Tx) SetAccountName(ctx context.Context, id, first, last string, now time.Time) error {
	_, err := tx.exec(ctx, `UPDATE accounts SET first_name = ?, last_name = ?, updated_at = ? WHERE id = ?`,
		first, last, utc(now), id)
	return err
}

// DeleteSigninEventsBefore forgets the account's sign-ins before t.
func (tx *Tx) DeleteSigninEventsBefore(ctx context.Context, accountID string, t time.Time) error {
	_, err := tx.exec(ctx, `DELETE FROM signin_events WHERE account_id = ? AND occurred_at < ?`, accountID, utc(t))
	return err
}
