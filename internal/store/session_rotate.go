package store

import (
	"context"
	"errors"

	"github.com/crebit/crebit/internal/session"
)

// RotateSession replaces the session old with next (a fresh token) signed
// in to next.AccountID: the old token stops working, and what the guest
// session made (customers, quotes, payments, referrals, consents, the
// partner's terms it accepted) moves to the new one.
func (tx *Tx) RotateSession(ctx context.Context, old string, next session.Session) error {
	if old != "" {
		prev, err := tx.Session(ctx, old)
		if err == nil {
			next.LastCustomerID, next.LastOnRampQuoteID = prev.LastCustomerID, prev.LastOnRampQuoteID
			next.LastOffRampQuoteID, next.LastExternalAccountID = prev.LastOffRampQuoteID, prev.LastExternalAccountID
		} else if !errors.Is(err, ErrNotFound) {
			return err
		}
	}
	if err := tx.CreateSession(ctx, next); err != nil {
		return err
	}
	if old == "" {
		return nil
	}
	for _, table := range []string{"customers", "quotes", "payments", "referrals", "authorization_consents", "partner_terms"} {
		if _, err := tx.exec(ctx, `UPDATE `+table+` SET session_id = ? WHERE session_id = ?`, next.ID, old); err != nil {
			return err
		}
	}
	_, err := tx.exec(ctx, `DELETE FROM sessions WHERE id = ?`, old)
	return err
}

// AttachGuestData makes the session's guest customers and payments the
// account's.
func (tx *Tx) AttachGuestData(ctx context.Context, sessionID, accountID string) error {
	for _, table := range []string{"customers", "payments"} {
		if _, err := tx.exec(ctx, `UPDATE `+table+` SET account_id = ? WHERE session_id = ? AND account_id IS NULL`, accountID, sessionID); err != nil {
			return err
		}
	}
	return nil
}

// DeleteSession ends one session.
func (tx *Tx) DeleteSession(ctx context.Context, id string) error {
	_, err := tx.exec(ctx, `DELETE FROM sessions WHERE id = ?`, id)
	return err
}

// DeleteAccountSessions ends every session of the account except keep.
func (tx *Tx) DeleteAccountSessions(ctx context.Context, accountID, keep string) error {
	_, err := tx.exec(ctx, `DELETE FROM sessions WHERE account_id = ? AND id <> ?`, accountID, keep)
	return err
}
