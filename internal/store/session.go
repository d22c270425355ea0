package store

import (
	"context"
	"database/sql"
	"time"

	"github.com/crebit/crebit/internal/session"
)

const sessionColumns = `id, created_at, last_seen_at, expires_at, account_id,
	last_customer_id, last_onramp_quote_id, last_offramp_quote_id, last_external_account_id, second_factor_at`

// CreateSession stores a new session.
func (tx *Tx) CreateSession(ctx context.Context, s session.Session) error {
	var second any
	if s.SecondFactorAt != nil {
		second = utc(*s.SecondFactorAt)
	}
	_, err := tx.exec(ctx, `INSERT INTO sessions (`+sessionColumns+`) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		s.ID, utc(s.CreatedAt), utc(s.LastSeenAt), utc(s.ExpiresAt), nullable(s.AccountID),
		nullable(s.LastCustomerID), nullable(s.LastOnRampQuoteID), nullable(s.LastOffRampQuoteID), nullable(s.LastExternalAccountID), second)
	return err
}

// Session returns the session with id, or ErrNotFound.
func (tx *Tx) Session(ctx context.Context, id string) (session.Session, error) {
	var s session.Session
	var account, customer, onramp, offramp, external sql.NullString
	var second sql.NullTime
	err := tx.queryRow(ctx, `SELECT `+sessionColumns+` FROM sessions WHERE id = ?`, id).Scan(
		&s.ID, &s.CreatedAt, &s.LastSeenAt, &s.ExpiresAt, &account, &customer, &onramp, &offramp, &external, &second)
	if err != nil {
		return session.Session{}, err
	}
	s.SecondFactorAt = timePtr(second)
	s.CreatedAt, s.LastSeenAt, s.ExpiresAt = s.CreatedAt.UTC(), s.LastSeenAt.UTC(), s.ExpiresAt.UTC()
	s.AccountID, s.LastCustomerID = account.String, customer.String
	s.LastOnRampQuoteID, s.LastOffRampQuoteID, s.LastExternalAccountID = onramp.String, offramp.String, external.String
	return s, nil
}

// TouchSession records activity and slides the expiry forward.
func (tx *Tx) TouchSession(ctx context.Context, id string, seen, expires time.Time) error {
	_, err := tx.exec(ctx, `UPDATE sessions SET last_seen_at = ?, expires_at = ? WHERE id = ?`, utc(seen), utc(expires), id)
	return err
}

// SetSessionCustomer remembers the customer the session last created or reused.
func (tx *Tx) SetSessionCustomer(ctx context.Context, id, customerID string) error {
	_, err := tx.exec(ctx, `UPDATE sessions SET last_customer_id = ? WHERE id = ?`, customerID, id)
	return err
}

// SetSessionQuote remembers the session's last locked quote pair.
func (tx *Tx) SetSessionQuote(ctx context.Context, id, onRampID, offRampID string) error {
	_, err := tx.exec(ctx, `UPDATE sessions SET last_onramp_quote_id = ?, last_offramp_quote_id = ? WHERE id = ?`, onRampID, offRampID, id)
	return err
}

// SetSessionExternalAccount remembers the bank account the session last added or chose.
func (tx *Tx) SetSessionExternalAccount(ctx context.Context, id, externalAccountID string) error {
	_, err := tx.exec(ctx, `UPDATE sessions SET last_external_account_id = ? WHERE id = ?`, externalAccountID, id)
	return err
}

// DeleteExpiredSessions removes sessions that expired before now.
func (tx *Tx) DeleteExpiredSessions(ctx context.Context, now time.Time) (int64, error) {
	return tx.exec(ctx, `DELETE FROM sessions WHERE expires_at <= ?`, utc(now))
}

// utc normalises a time for storage: UTC and microsecond precision, the
// finest PostgreSQL keeps, so both engines read back the same value.
func utc(t time.Time) time.Time { return t.UTC().Truncate(time.Microsecond) }

// nullable stores "" as NULL.
func nullable(s string) any {
	if s == "" {
		return nil
	}
	return s
}
