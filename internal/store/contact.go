package store

import (
	"context"
	"time"
)

// Subscribe stores an address for product updates; false when it was already there.
func (tx *Tx) Subscribe(ctx context.Context, email, source string, at time.Time) (bool, error) {
	n, err := tx.exec(ctx, `INSERT INTO subscribers (email, source, created_at) VALUES (?, ?, ?) ON CONFLICT (email) DO NOTHING`,
		email, source, utc(at))
	return n == 1, err
}

// CountSubscribers counts stored addresses equal to email (0 or 1).
func (tx *Tx) CountSubscribers(ctx context.Context, email string) (int, error) {
	var n int
	err := tx.queryRow(ctx, `SELECT COUNT(*) FROM subscribers WHERE email = ?`, email).Scan(&n)
	return n, err
}

// RecordConsent stores a confirmation of the standalone authorization page.
func (tx *Tx) RecordConsent(ctx context.Context, id, sessionID, ip, userAgent string, at time.Time) error {
	_, err := tx.exec(ctx, `INSERT INTO authorization_consents (id, session_id, ip, user_agent, accepted_at) VALUES (?, ?, ?, ?, ?)`,
		id, sessionID, ip, userAgent, utc(at))
	return err
}
