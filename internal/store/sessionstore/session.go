package sessionstore

import (
	"context"
	"database/sql"
	"time"

	"github.com/crebit/crebit/internal/session"
	"github.com/crebit/crebit/internal/store"
)

const sessionColumns = `id, created_at, last_seen_at, expires_at, account_id,
	last_customer_id, last_onramp_quote_id, last_offramp_quote_id, last_external_account_id, second_factor_at`

// CreateSession stores a new session.
func CreateSession(ctx context.Context, tx *store.Tx, s session.Session) error {
	var second any
	if s.SecondFactorAt != nil {
		second = store.UTC(*s.SecondFactorAt)
	}
	_, err := tx.Exec(ctx, `INSERT INTO sessions (`+sessionColumns+`) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		s.ID, store.UTC(s.CreatedAt), store.UTC(s.LastSeenAt), store.UTC(s.ExpiresAt), store.Nullable(s.AccountID),
		store.Nullable(s.LastCustomerID), store.Nullable(s.LastOnRampQuoteID), store.Nullable(s.LastOffRampQuoteID), store.Nullable(s.LastExternalAccountID), second)
	return err
}

// Session returns the session with id, or store.ErrNotFound.
func Session(ctx context.Context, tx *store.Tx, id string) (session.Session, error) {
	var s session.Session
	var account, customer, onramp, offramp, external sql.NullString
	var second sql.NullTime
	err := tx.QueryRow(ctx, `SELECT `+sessionColumns+` FROM sessions WHERE id = ?`, id).Scan(
		&s.ID, &s.CreatedAt, &s.LastSeenAt, &s.ExpiresAt, &account, &customer, &onramp, &offramp, &external, &second)
	if err != nil {
		return session.Session{}, err
	}
	s.SecondFactorAt = store.NullTime(second)
	s.CreatedAt, s.LastSeenAt, s.ExpiresAt = s.CreatedAt.UTC(), s.LastSeenAt.UTC(), s.ExpiresAt.UTC()
	s.AccountID, s.LastCustomerID = account.String, customer.String
	s.LastOnRampQuoteID, s.LastOffRampQuoteID, s.LastExternalAccountID = onramp.String, offramp.String, external.String
	return s, nil
}

// TouchSession records activity and slides the expiry forward.
func TouchSession(ctx context.Context, tx *store.Tx, id string, seen, expires time.Time) error {
	_, err := tx.Exec(ctx, `UPDATE sessions SET last_seen_at = ?, expires_at = ? WHERE id = ?`, store.UTC(seen), store.UTC(expires), id)
	return err
}

// SetSessionCustomer remembers the customer the session last created or reused.
func SetSessionCustomer(ctx context.Context, tx *store.Tx, id, customerID string) error {
	_, err := tx.Exec(ctx, `UPDATE sessions SET last_customer_id = ? WHERE id = ?`, customerID, id)
	return err
}

// SetSessionQuote remembers the session's last locked quote pair.
func SetSessionQuote(ctx context.Context, tx *store.Tx, id, onRampID, offRampID string) error {
	_, err := tx.Exec(ctx, `UPDATE sessions SET last_onramp_quote_id = ?, last_offramp_quote_id = ? WHERE id = ?`, onRampID, offRampID, id)
	return err
}

// SetSessionExternalAccount remembers the bank account the session last added or chose.
func SetSessionExternalAccount(ctx context.Context, tx *store.Tx, id, externalAccountID string) error {
	_, err := tx.Exec(ctx, `UPDATE sessions SET last_external_account_id = ? WHERE id = ?`, externalAccountID, id)
	return err
}

// DeleteExpiredSessions removes sessions that expired before now.
func DeleteExpiredSessions(ctx context.Context, tx *store.Tx, now time.Time) (int64, error) {
	return tx.Exec(ctx, `DELETE FROM sessions WHERE expires_at <= ?`, store.UTC(now))
}
