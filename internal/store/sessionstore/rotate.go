package sessionstore

import (
	"context"
	"errors"

	"github.com/crebit/crebit/internal/session"
	"github.com/crebit/crebit/internal/store"
)

// RotateSession replaces the session old with next (a fresh token) signed
// in to next.AccountID: the old token stops working, and what the guest
// session made (customers, quotes, payments, referrals, consents, the
// partner's terms it accepted) moves to the new one.
func RotateSession(ctx context.Context, tx *store.Tx, old string, next session.Session) error {
	if old != "" {
		prev, err := Session(ctx, tx, old)
		if err == nil {
			next.LastCustomerID, next.LastOnRampQuoteID = prev.LastCustomerID, prev.LastOnRampQuoteID
			next.LastOffRampQuoteID, next.LastExternalAccountID = prev.LastOffRampQuoteID, prev.LastExternalAccountID
		} else if !errors.Is(err, store.ErrNotFound) {
			return err
		}
	}
	if err := CreateSession(ctx, tx, next); err != nil {
		return err
	}
	if old == "" {
		return nil
	}
	for _, table := range []string{"customers", "quotes", "payments", "referrals", "authorization_consents", "partner_terms"} {
		if _, err := tx.Exec(ctx, `UPDATE `+table+` SET session_id = ? WHERE session_id = ?`, next.ID, old); err != nil {
			return err
		}
	}
	_, err := tx.Exec(ctx, `DELETE FROM sessions WHERE id = ?`, old)
	return err
}

// AttachGuestData makes the session's guest customers and payments the
// account's.
func AttachGuestData(ctx context.Context, tx *store.Tx, sessionID, accountID string) error {
	for _, table := range []string{"customers", "payments"} {
		if _, err := tx.Exec(ctx, `UPDATE `+table+` SET account_id = ? WHERE session_id = ? AND account_id IS NULL`, accountID, sessionID); err != nil {
			return err
		}
	}
	return nil
}

// DeleteSession ends one session.
func DeleteSession(ctx context.Context, tx *store.Tx, id string) error {
	_, err := tx.Exec(ctx, `DELETE FROM sessions WHERE id = ?`, id)
	return err
}

// DeleteAccountSessions ends every session of the account except keep.
func DeleteAccountSessions(ctx context.Context, tx *store.Tx, accountID, keep string) error {
	_, err := tx.Exec(ctx, `DELETE FROM sessions WHERE account_id = ? AND id <> ?`, accountID, keep)
	return err
}
