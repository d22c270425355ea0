package store

import (
	"context"
	"errors"
	"time"
)

// RegisterReferralCode records a payer's personal code (once).
func (tx *Tx) RegisterReferralCode(ctx context.Context, code, customerID string, now time.Time) error {
	_, err := tx.exec(ctx, `INSERT INTO referral_codes (code, customer_id, created_at) VALUES (?, ?, ?) ON CONFLICT (code) DO NOTHING`,
		code, customerID, utc(now))
	return err
}

// RememberReferralArrival keeps the code a browser arrived with; the first
// code a session brings is the one that counts.
func (tx *Tx) RememberReferralArrival(ctx context.Context, sessionID, accountID, code string, now time.Time) error {
	_, err := tx.exec(ctx, `INSERT INTO referral_arrivals (session_id, account_id, code, created_at) VALUES (?, ?, ?, ?)
		ON CONFLICT (session_id) DO NOTHING`, sessionID, nullable(accountID), code, utc(now))
	return err
}

// ReferralCodeFor is the code the payment's browser (or its account) arrived with, or "".
func (tx *Tx) ReferralCodeFor(ctx context.Context, sessionID, accountID string) (string, error) {
	var code string
	err := tx.queryRow(ctx, `SELECT code FROM referral_arrivals WHERE session_id = ? OR (account_id IS NOT NULL AND account_id = ?)
		ORDER BY created_at LIMIT 1`, sessionID, accountID).Scan(&code)
	if errors.Is(err, ErrNotFound) {
		return "", nil
	}
	return code, err
}

// ReferrerOf is the customer whose code this is, or ErrNotFound.
func (tx *Tx) ReferrerOf(ctx context.Context, code string) (string, error) {
	var id string
	err := tx.queryRow(ctx, `SELECT customer_id FROM referral_codes WHERE code = ?`, code).Scan(&id)
	return id, err
}

// ReferralReward is a reward a referrer earned.
type ReferralReward struct {
	ID, Code, ReferrerCustomerID, ReferredEmail, PaymentID, AmountUSD, Status string
	CreatedAt                                                                 time.Time
}

// CreateReferralReward records a reward once per referred person; false when
// that person already earned one for someone.
func (tx *Tx) CreateReferralReward(ctx context.Context, r ReferralReward) (bool, error) {
	n, err := tx.exec(ctx, `INSERT INTO referral_rewards (id, code, referrer_customer_id, referred_email, payment_id, amount_usd, status, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
		r.ID, r.Code, r.ReferrerCustomerID, r.ReferredEmail, r.PaymentID, r.AmountUSD, r.Status, utc(r.CreatedAt))
	return n == 1, err
}

// MoveReferralArrivalToAccount keeps a guest's referral when it signs in.
func (tx *Tx) MoveReferralArrivalToAccount(ctx context.Context, sessionID, accountID string) error {
	_, err := tx.exec(ctx, `UPDATE referral_arrivals SET account_id = ? WHERE session_id = ? AND account_id IS NULL`, accountID, sessionID)
	return err
}
