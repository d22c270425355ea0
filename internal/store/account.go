package store

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"github.com/crebit/crebit/internal/session"
)

// Account is a signed-up payer.
type Account struct {
	ID              string
	Email           string // trimmed, lower-case
	PasswordHash    string // argon2id PHC string with its parameters
	Lang            string // the language the account chose ("" until it chooses)
	EmailVerifiedAt *time.Time
	TOTPSecret      string // sealed; "" until enrolment
	TOTPEnabledAt   *time.Time
	TOTPLastStep    int64
	CreatedAt       time.Time
	UpdatedAt       time.Time
	FirstName       string // the name set in Settings, else the account's newest customer's
	LastName        string
	KYCStatus       string // the newest customer's partner verification; "" before any
	ClosedAt        *time.Time
}

const accountColumns = `id, email, password_hash, email_verified_at, totp_secret, totp_enabled_at, totp_last_step, created_at, updated_at,
	COALESCE(NULLIF(accounts.first_name, ''), (SELECT c.first_name FROM customers c WHERE c.account_id = accounts.id ORDER BY c.created_at DESC LIMIT 1)),
	COALESCE(NULLIF(accounts.last_name, ''), (SELECT c.last_name FROM customers c WHERE c.account_id = accounts.id ORDER BY c.created_at DESC LIMIT 1)),
	(SELECT c.kyc_status FROM customers c WHERE c.account_id = accounts.id AND c.redacted_at IS NULL ORDER BY c.created_at DESC LIMIT 1),
	closed_at, COALESCE(lang, '')`

// CreateAccount stores a new account; a taken e-mail gives ErrConflict.
func (tx *Tx) CreateAccount(ctx context.Context, a Account) error {
	_, err := tx.exec(ctx, `INSERT INTO accounts (id, email, password_hash, totp_last_step, created_at, updated_at, lang)
		VALUES (?, ?, ?, 0, ?, ?, ?)`, a.ID, a.Email, a.PasswordHash, utc(a.CreatedAt), utc(a.UpdatedAt), nullable(a.Lang))
	return err
}

// Account returns an account by id, or ErrNotFound.
func (tx *Tx) Account(ctx context.Context, id string) (Account, error) {
	return scanAccount(tx.queryRow(ctx, `SELECT `+accountColumns+` FROM accounts WHERE id = ?`, id))
}

// AccountByEmail returns the account with this (normalised) e-mail, or ErrNotFound.
func (tx *Tx) AccountByEmail(ctx context.Context, email string) (Account, error) {
	return scanAccount(tx.queryRow(ctx, `SELECT `+accountColumns+` FROM accounts WHERE email = ?`, email))
}

func scanAccount(r row) (Account, error) {
	var a Account
	var verified, enabled sql.NullTime
	var secret, first, last, kyc sql.NullString
	var closed sql.NullTime
	err := r.Scan(&a.ID, &a.Email, &a.PasswordHash, &verified, &secret, &enabled, &a.TOTPLastStep, &a.CreatedAt, &a.UpdatedAt,
		&first, &last, &kyc, &closed, &a.Lang)
	if err != nil {
		return Account{}, err
	}
	a.TOTPSecret, a.FirstName, a.LastName, a.KYCStatus = secret.String, first.String, last.String, kyc.String
	a.ClosedAt = timePtr(closed)
	a.EmailVerifiedAt, a.TOTPEnabledAt = timePtr(verified), timePtr(enabled)
	a.CreatedAt, a.UpdatedAt = a.CreatedAt.UTC(), a.UpdatedAt.UTC()
	return a, nil
}

func timePtr(t sql.NullTime) *time.Time {
	if !t.Valid {
		return nil
	}
	u := t.Time.UTC()
	return &u
}

// SetPasswordHash replaces the account's password hash.
func (tx *Tx) SetPasswordHash(ctx context.Context, id, hash string, now time.Time) error {
	_, err := tx.exec(ctx, `UPDATE accounts SET password_hash = ?, updated_at = ? WHERE id = ?`, hash, utc(now), id)
	return err
}

// SetEmailVerified marks the e-mail verified (once).
func (tx *Tx) SetEmailVerified(ctx context.Context, id string, now time.Time) error {
	_, err := tx.exec(ctx, `UPDATE accounts SET email_verified_at = COALESCE(email_verified_at, ?), updated_at = ? WHERE id = ?`, utc(now), utc(now), id)
	return err
}

// SetTOTP stores a sealed secret; enabled nil keeps two-factor off, and an
// empty secret turns it off entirely.
func (tx *Tx) SetTOTP(ctx context.Context, id, sealedSecret string, enabled *time.Time, now time.Time) error {
	var on any
	if enabled != nil {
		on = utc(*enabled)
	}
	_, err := tx.exec(ctx, `UPDATE accounts SET totp_secret = ?, totp_enabled_at = ?, updated_at = ? WHERE id = ?`,
		nullable(sealedSecret), on, utc(now), id)
	return err
}

// UseTOTPStep records that a code of step was used; false when that step
// (or a later one) was already used, so no code works twice.
func (tx *Tx) UseTOTPStep(ctx context.Context, id string, step int64) (bool, error) {
	n, err := tx.exec(ctx, `UPDATE accounts SET totp_last_step = ? WHERE id = ? AND totp_last_step < ?`, step, id, step)
	return n == 1, err
}

// InsertAccountToken stores a token's hash.
func (tx *Tx) InsertAccountToken(ctx context.Context, hash, accountID, purpose string, now, expires time.Time) error {
	_, err := tx.exec(ctx, `INSERT INTO account_tokens (hash, account_id, purpose, created_at, expires_at) VALUES (?, ?, ?, ?, ?)`,
		hash, accountID, purpose, utc(now), utc(expires))
	return err
}

// AccountToken returns the account of a live, unused token, or ErrNotFound.
func (tx *Tx) AccountToken(ctx context.Context, hash, purpose string, now time.Time) (string, error) {
	var id string
	err := tx.queryRow(ctx, `SELECT account_id FROM account_tokens
		WHERE hash = ? AND purpose = ? AND used_at IS NULL AND expires_at > ?`, hash, purpose, utc(now)).Scan(&id)
	return id, err
}

// UseAccountToken consumes a live token and returns its account, or ErrNotFound.
func (tx *Tx) UseAccountToken(ctx context.Context, hash, purpose string, now time.Time) (string, error) {
	var id string
	err := tx.queryRow(ctx, `UPDATE account_tokens SET used_at = ?
		WHERE hash = ? AND purpose = ? AND used_at IS NULL AND expires_at > ? RETURNING account_id`,
		utc(now), hash, purpose, utc(now)).Scan(&id)
	return id, err
}

// RevokeAccountTokens ends every unused token of a purpose.
func (tx *Tx) RevokeAccountTokens(ctx context.Context, accountID, purpose string, now time.Time) error {
	_, err := tx.exec(ctx, `UPDATE account_tokens SET used_at = ? WHERE account_id = ? AND purpose = ? AND used_at IS NULL`,
		utc(now), accountID, purpose)
	return err
}

// ReplaceRecoveryCodes stores a fresh set of hashed recovery codes.
func (tx *Tx) ReplaceRecoveryCodes(ctx context.Context, accountID string, hashes []string) error {
	if _, err := tx.exec(ctx, `DELETE FROM recovery_codes WHERE account_id = ?`, accountID); err != nil {
		return err
	}
	for _, h := range hashes {
		if _, err := tx.exec(ctx, `INSERT INTO recovery_codes (account_id, hash) VALUES (?, ?)`, accountID, h); err != nil {
			return err
		}
	}
	return nil
}

// UseRecoveryCode consumes one unused code; false when there is none.
func (tx *Tx) UseRecoveryCode(ctx context.Context, accountID, hash string, now time.Time) (bool, error) {
	n, err := tx.exec(ctx, `UPDATE recovery_codes SET used_at = ? WHERE account_id = ? AND hash = ? AND used_at IS NULL`,
		utc(now), accountID, hash)
	return n == 1, err
}

// Limit is the state of one attempt limit.
type Limit struct {
	Failures    int
	WindowStart time.Time
	LockedUntil *time.Time
}

// AuthLimit returns a limit's state (zero when it has none).
func (tx *Tx) AuthLimit(ctx context.Context, key string) (Limit, error) {
	var l Limit
	var locked sql.NullTime
	err := tx.queryRow(ctx, `SELECT failures, window_start, locked_until FROM auth_limits WHERE key = ?`, key).
		Scan(&l.Failures, &l.WindowStart, &locked)
	if errors.Is(err, ErrNotFound) {
		return Limit{}, nil
	}
	l.WindowStart, l.LockedUntil = l.WindowStart.UTC(), timePtr(locked)
	return l, err
}

// SaveAuthLimit writes a limit's state.
func (tx *Tx) SaveAuthLimit(ctx context.Context, key string, l Limit) error {
	var locked any
	if l.LockedUntil != nil {
		locked = utc(*l.LockedUntil)
	}
	_, err := tx.exec(ctx, `INSERT INTO auth_limits (key, failures, window_start, locked_until) VALUES (?, ?, ?, ?)
		ON CONFLICT (key) DO UPDATE SET failures = excluded.failures, window_start = excluded.window_start,
		locked_until = excluded.locked_until`, key, l.Failures, utc(l.WindowStart), locked)
	return err
}

// ClearAuthLimit forgets a limit (after a success).
func (tx *Tx) ClearAuthLimit(ctx context.Context, key string) error {
	_, err := tx.exec(ctx, `DELETE FROM auth_limits WHERE key = ?`, key)
	return err
}

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

// SetAccountLanguage records the language the account chose.
func (tx *Tx) SetAccountLanguage(ctx context.Context, id, lang string) error {
	_, err := tx.exec(ctx, `UPDATE accounts SET lang = ? WHERE id = ?`, lang, id)
	return err
}
