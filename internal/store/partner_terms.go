package store

import (
	"context"
	"database/sql"
	"time"

	"github.com/crebit/crebit/internal/customer"
	"github.com/crebit/crebit/internal/payment"
)

// PartnerTerms is one started acceptance of the partner's terms.
type PartnerTerms struct {
	Key        string
	SessionID  string
	TosID      string // empty until the partner confirmed the acceptance
	CreatedAt  time.Time
	AcceptedAt *time.Time
}

// StartPartnerTerms records an acceptance the session started under key.
func (tx *Tx) StartPartnerTerms(ctx context.Context, key, sessionID string, now time.Time) error {
	_, err := tx.exec(ctx, `INSERT INTO partner_terms (key, session_id, created_at) VALUES (?, ?, ?)`, key, sessionID, utc(now))
	return err
}

// AcceptPartnerTerms records the partner's confirmation of the acceptance
// started under key; found is false for a key Crebit never started. A
// second confirmation keeps the first terms id.
func (tx *Tx) AcceptPartnerTerms(ctx context.Context, key, tosID string, now time.Time) (found bool, err error) {
	if _, err := tx.exec(ctx, `UPDATE partner_terms SET tos_id = ?, accepted_at = ? WHERE key = ? AND tos_id IS NULL`,
		tosID, utc(now), key); err != nil {
		return false, err
	}
	var n int
	err = tx.queryRow(ctx, `SELECT COUNT(*) FROM partner_terms WHERE key = ?`, key).Scan(&n)
	return n > 0, err
}

// SessionPartnerTerms returns the session's newest accepted terms that no
// customer was made with yet, else its newest started ones, else
// ErrNotFound.
func (tx *Tx) SessionPartnerTerms(ctx context.Context, sessionID string) (PartnerTerms, error) {
	var t PartnerTerms
	var tos sql.NullString
	var accepted sql.NullTime
	err := tx.queryRow(ctx, `SELECT key, session_id, tos_id, created_at, accepted_at FROM partner_terms
		WHERE session_id = ? AND customer_id IS NULL ORDER BY CASE WHEN tos_id IS NULL THEN 1 ELSE 0 END, created_at DESC LIMIT 1`, sessionID).
		Scan(&t.Key, &t.SessionID, &tos, &t.CreatedAt, &accepted)
	t.TosID, t.AcceptedAt = tos.String, timePtr(accepted)
	return t, err
}

// UsePartnerTerms records that the customer was made with the acceptance
// started under key.
func (tx *Tx) UsePartnerTerms(ctx context.Context, key, customerID string) error {
	_, err := tx.exec(ctx, `UPDATE partner_terms SET customer_id = ? WHERE key = ?`, customerID, key)
	return err
}

// SetCustomerKYC records the partner's verdict on the customers it knows
// by partnerID and returns them as they were before (for the e-mail of a
// verdict that changed).
func (tx *Tx) SetCustomerKYC(ctx context.Context, partnerID, status string, now time.Time) ([]customer.Customer, error) {
	before, err := tx.CustomersByPartnerID(ctx, partnerID)
	if err != nil || len(before) == 0 {
		return before, err
	}
	_, err = tx.exec(ctx, `UPDATE customers SET kyc_status = ?, updated_at = ? WHERE partner_customer_id = ?`, status, utc(now), partnerID)
	return before, err
}

// PaymentByOfframpForUpdate finds and locks the payment whose payout the
// partner knows by offrampID.
func (tx *Tx) PaymentByOfframpForUpdate(ctx context.Context, offrampID string) (payment.Record, error) {
	return scanPayment(tx.queryRow(ctx, `SELECT `+paymentColumns+` FROM payments WHERE offramp_id = ?`+forUpdate(tx.engine), offrampID))
}

// SetPaymentOfframp records the payout Crebit asked for.
func (tx *Tx) SetPaymentOfframp(ctx context.Context, id, offrampID, status string) error {
	_, err := tx.exec(ctx, `UPDATE payments SET offramp_id = ?, offramp_status = ? WHERE id = ?`, offrampID, nullable(status), id)
	return err
}
