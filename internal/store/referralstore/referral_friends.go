package referralstore

import (
	"context"
	"time"

	"github.com/crebit/crebit/internal/store"
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
func CreateReferral(ctx context.Context, tx *store.Tx, r Referral) (bool, error) {
	n, err := tx.Exec(ctx, `INSERT INTO referrals (id, session_id, customer_id, email, created_at) VALUES (?, ?, ?, ?, ?)
		ON CONFLICT (customer_id, email) DO NOTHING`, r.ID, r.SessionID, r.CustomerID, r.Email, store.UTC(r.CreatedAt))
	return n == 1, err
}

// CountReferrals counts a customer's referrals.
func CountReferrals(ctx context.Context, tx *store.Tx, customerID string) (int, error) {
	var n int
	err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM referrals WHERE customer_id = ?`, customerID).Scan(&n)
	return n, err
}
