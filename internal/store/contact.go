package store

import (
	"context"
	"time"
)

// Referral is a friend's e-mail a payer referred.
type Referral struct {
	ID         string
	SessionID  string
	CustomerID string
	Email      string
	CreatedAt  time.Time
}

// CreateReferral stores a referral once per customer and address; it
// reports false when that friend was already referred.
func (tx *Tx) CreateReferral(ctx context.Context, r Referral) (bool, error) {
	n, err := tx.exec(ctx, `INSERT INTO referrals (id, session_id, customer_id, email, created_at) VALUES (?, ?, ?, ?, ?)
		ON CONFLICT (customer_id, email) DO NOTHING`, r.ID, r.SessionID, r.CustomerID, r.Email, utc(r.CreatedAt))
	return n == 1, err
}

// CountReferrals counts a customer's referrals.
func (tx *Tx) CountReferrals(ctx context.Context, customerID string) (int, error) {
	var n int
	err := tx.queryRow(ctx, `SELECT COUNT(*) FROM referrals WHERE customer_id = ?`, customerID).Scan(&n)
	return n, err
}

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
