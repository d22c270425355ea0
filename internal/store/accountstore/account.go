package accountstore

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"github.com/crebit/crebit/internal/store"
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
func CreateAccount(ctx context.Context, tx *store.Tx, a Account) error {
	_, err := tx.Exec(ctx, `INSERT INTO accounts (id, email, password_hash, totp_last_step, created_at, updated_at, lang)
		VALUES (?, ?, ?, 0, ?, ?, ?)`, a.ID, a.Email, a.PasswordHash, store.UTC(a.CreatedAt), store.UTC(a.UpdatedAt), store.Nullable(a.Lang))
	return err
}

// AccountByID returns an account by id, or ErrNotFound.
func AccountByID(ctx context.Context, tx *store.Tx, id string) (Account, error) {
	return scanAccount(tx.QueryRow(ctx, `SELECT `+accountColumns+` FROM accounts WHERE id = ?`, id))
}

// AccountByEmail returns the account with this (normalised) e-mail, or ErrNotFound.
func AccountByEmail(ctx context.Context, tx *store.Tx, email string) (Account, error) {
	return scanAccount(tx.QueryRow(ctx, `SELECT `+accountColumns+` FROM accounts WHERE email = ?`, email))
}

func scanAccount(r store.Row) (Account, error) {
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
	a.ClosedAt = store.NullTime(closed)
	a.EmailVerifiedAt, a.TOTPEnabledAt = store.NullTime(verified), store.NullTime(enabled)
	a.CreatedAt, a.UpdatedAt = a.CreatedAt.UTC(), a.UpdatedAt.UTC()
	return a, nil
}

// SetPasswordHash replaces the account's password hash.
func SetPasswordHash(ctx context.Context, tx *store.Tx, id, hash string, now time.Time) error {
	_, err := tx.Exec(ctx, `UPDATE accounts SET password_hash = ?, updated_at = ? WHERE id = ?`, hash, store.UTC(now), id)
	return err
}

// SetEmailVerified marks the e-mail verified (once).
func SetEmailVerified(ctx context.Context, tx *store.Tx, id string, now time.Time) error {
	_, err := tx.Exec(ctx, `UPDATE accounts SET email_verified_at = COALESCE(email_verified_at, ?), updated_at = ? WHERE id = ?`, store.UTC(now), store.UTC(now), id)
	return err
}

// SetTOTP stores a sealed secret; enabled nil keeps two-factor off, and an
// empty secret turns it off entirely.
func SetTOTP(ctx context.Context, tx *store.Tx, id, sealedSecret string, enabled *time.Time, now time.Time) error {
	var on any
	if enabled != nil {
		on = store.UTC(*enabled)
	}
	_, err := tx.Exec(ctx, `UPDATE accounts SET totp_secret = ?, totp_enabled_at = ?, updated_at = ? WHERE id = ?`,
		store.Nullable(sealedSecret), on, store.UTC(now), id)
	return err
}

// UseTOTPStep records that a code of step was used; false when that step
// (or a later one) was already used, so no code works twice.
func UseTOTPStep(ctx context.Context, tx *store.Tx, id string, step int64) (bool, error) {
	n, err := tx.Exec(ctx, `UPDATE accounts SET totp_last_step = ? WHERE id = ? AND totp_last_step < ?`, step, id, step)
	return n == 1, err
}

// InsertAccountToken stores a token's hash.
func InsertAccountToken(ctx context.Context, tx *store.Tx, hash, accountID, purpose string, now, expires time.Time) error {
	_, err := tx.Exec(ctx, `INSERT INTO account_tokens (hash, account_id, purpose, created_at, expires_at) VALUES (?, ?, ?, ?, ?)`,
		hash, accountID, purpose, store.UTC(now), store.UTC(expires))
	return err
}

// AccountToken returns the account of a live, unused token, or ErrNotFound.
func AccountToken(ctx context.Context, tx *store.Tx, hash, purpose string, now time.Time) (string, error) {
	var id string
	err := tx.QueryRow(ctx, `SELECT account_id FROM account_tokens
		WHERE hash = ? AND purpose = ? AND used_at IS NULL AND expires_at > ?`, hash, purpose, store.UTC(now)).Scan(&id)
	return id, err
}

// UseAccountToken consumes a live token and returns its account, or ErrNotFound.
func UseAccountToken(ctx context.Context, tx *store.Tx, hash, purpose string, now time.Time) (string, error) {
	var id string
	err := tx.QueryRow(ctx, `UPDATE account_tokens SET used_at = ?
		WHERE hash = ? AND purpose = ? AND used_at IS NULL AND expires_at > ? RETURNING account_id`,
		store.UTC(now), hash, purpose, store.UTC(now)).Scan(&id)
	return id, err
}

// RevokeAccountTokens ends every unused token of a purpose.
func RevokeAccountTokens(ctx context.Context, tx *store.Tx, accountID, purpose string, now time.Time) error {
	_, err := tx.Exec(ctx, `UPDATE account_tokens SET used_at = ? WHERE account_id = ? AND purpose = ? AND used_at IS NULL`,
		store.UTC(now), accountID, purpose)
	return err
}

// ReplaceRecoveryCodes stores a fresh set of hashed recovery codes.
func ReplaceRecoveryCodes(ctx context.Context, tx *store.Tx, accountID string, hashes []string) error {
	if _, err := tx.Exec(ctx, `DELETE FROM recovery_codes WHERE account_id = ?`, accountID); err != nil {
		return err
	}
	for _, h := range hashes {
		if _, err := tx.Exec(ctx, `INSERT INTO recovery_codes (account_id, hash) VALUES (?, ?)`, accountID, h); err != nil {
			return err
		}
	}
	return nil
}

// UseRecoveryCode consumes one unused code; false when there is none.
func UseRecoveryCode(ctx context.Context, tx *store.Tx, accountID, hash string, now time.Time) (bool, error) {
	n, err := tx.Exec(ctx, `UPDATE recovery_codes SET used_at = ? WHERE account_id = ? AND hash = ? AND used_at IS NULL`,
		store.UTC(now), accountID, hash)
	return n == 1, err
}

// Limit is the state of one attempt limit.
type Limit struct {
	Failures    int
	WindowStart time.Time
	LockedUntil *time.Time
}

// AuthLimit returns a limit's state (zero when it has none).
func AuthLimit(ctx context.Context, tx *store.Tx, key string) (Limit, error) {
	var l Limit
	var locked sql.NullTime
	err := tx.QueryRow(ctx, `SELECT failures, window_start, locked_until FROM auth_limits WHERE key = ?`, key).
		Scan(&l.Failures, &l.WindowStart, &locked)
	if errors.Is(err, store.ErrNotFound) {
		return Limit{}, nil
	}
	l.WindowStart, l.LockedUntil = l.WindowStart.UTC(), store.NullTime(locked)
	return l, err
}

// SaveAuthLimit writes a limit's state.
func SaveAuthLimit(ctx context.Context, tx *store.Tx, key string, l Limit) error {
	var locked any
	if l.LockedUntil != nil {
		locked = store.UTC(*l.LockedUntil)
	}
	_, err := tx.Exec(ctx, `INSERT INTO auth_limits (key, failures, window_start, locked_until) VALUES (?, ?, ?, ?)
		ON CONFLICT (key) DO UPDATE SET failures = excluded.failures, window_start = excluded.window_start,
		locked_until = excluded.locked_until`, key, l.Failures, store.UTC(l.WindowStart), locked)
	return err
}

// ClearAuthLimit forgets a limit (after a success).
func ClearAuthLimit(ctx context.Context, tx *store.Tx, key string) error {
	_, err := tx.Exec(ctx, `DELETE FROM auth_limits WHERE key = ?`, key)
	return err
}

// SetAccountLanguage records the language the account chose.
func SetAccountLanguage(ctx context.Context, tx *store.Tx, id, lang string) error {
	_, err := tx.Exec(ctx, `UPDATE accounts SET lang = ? WHERE id = ?`, lang, id)
	return err
}
