package accountstore

import (
	"context"
	"time"

	"github.com/crebit/crebit/internal/customer"
	"github.com/crebit/crebit/internal/store"
)

// Settings: an account's saved US bank accounts, what the account holds
// (for Download my data) and closing it.

// AccountBankAccounts returns the account's saved, not removed, not
// redacted US bank accounts, newest first.
func AccountBankAccounts(ctx context.Context, tx *store.Tx, accountID string) ([]customer.BankAccount, error) {
	rs, err := tx.Query(ctx, `SELECT `+store.Prefixed("e.", store.ExternalAccountColumns)+` FROM external_accounts e
		JOIN customers c ON c.id = e.customer_id
		WHERE c.account_id = ? AND e.removed_at IS NULL AND e.account_last4 <> ''
		ORDER BY e.created_at DESC, e.id DESC LIMIT 100`, accountID)
	return bankAccounts(rs, err)
}

// RemoveBankAccount marks one of the account's saved bank accounts removed;
// ErrNotFound when it is not the account's (or already removed).
func RemoveBankAccount(ctx context.Context, tx *store.Tx, accountID, id string, now time.Time) error {
	n, err := tx.Exec(ctx, `UPDATE external_accounts SET removed_at = ?
		WHERE id = ? AND removed_at IS NULL AND customer_id IN (SELECT id FROM customers WHERE account_id = ?)`,
		store.UTC(now), id, accountID)
	if err == nil && n == 0 {
		return store.ErrNotFound
	}
	return err
}

// AccountCustomers returns every customer profile of the account, newest first.
func AccountCustomers(ctx context.Context, tx *store.Tx, accountID string) ([]customer.Customer, error) {
	return tx.QueryCustomers(ctx, `SELECT `+store.CustomerColumns+` FROM customers WHERE account_id = ? ORDER BY created_at DESC`, accountID)
}

// CloseAccount ends an account: its sign-in e-mail is freed (replaced by a
// tombstone), password, names and two-factor secret are cleared, every
// session, token, recovery code, sign-in record, known device, scholarship profile,
// saved filter set and check-waitlist entry is deleted, and its bank
// accounts stop being offered.
// Payments and the ledger are untouched: the retention rule applies to them
// from now on (see RedactFinishedPayments).
func CloseAccount(ctx context.Context, tx *store.Tx, id string, now time.Time) error {
	n, err := tx.Exec(ctx, `UPDATE accounts SET email = ?, password_hash = '', first_name = '', last_name = '',
		totp_secret = NULL, totp_enabled_at = NULL, email_verified_at = NULL, closed_at = ?, updated_at = ?
		WHERE id = ? AND closed_at IS NULL`, "closed:"+id, store.UTC(now), store.UTC(now), id)
	if err != nil {
		return err
	}
	if n == 0 {
		return store.ErrNotFound
	}
	for _, q := range []string{
		`DELETE FROM sessions WHERE account_id = ?`,
		`DELETE FROM account_tokens WHERE account_id = ?`,
		`DELETE FROM recovery_codes WHERE account_id = ?`,
		`DELETE FROM signin_events WHERE account_id = ?`,
		`DELETE FROM account_devices WHERE account_id = ?`,
		`DELETE FROM scholarship_profiles WHERE account_id = ?`,
		`DELETE FROM scholarship_filter_sets WHERE account_id = ?`,
		`DELETE FROM check_waitlist WHERE account_id = ?`,
	} {
		if _, err := tx.Exec(ctx, q, id); err != nil {
			return err
		}
	}
	_, err = tx.Exec(ctx, `UPDATE external_accounts SET removed_at = COALESCE(removed_at, ?)
		WHERE customer_id IN (SELECT id FROM customers WHERE account_id = ?)`, store.UTC(now), id)
	return err
}

// AccountBankAccountsAll returns every bank account of the account's
// customers, removed ones included (for Download my data).
func AccountBankAccountsAll(ctx context.Context, tx *store.Tx, accountID string) ([]customer.BankAccount, error) {
	rs, err := tx.Query(ctx, `SELECT `+store.Prefixed("e.", store.ExternalAccountColumns)+` FROM external_accounts e
		JOIN customers c ON c.id = e.customer_id WHERE c.account_id = ? ORDER BY e.created_at DESC, e.id DESC`, accountID)
	return bankAccounts(rs, err)
}

// bankAccounts reads the rows of a bank-account query (rs and the error
// its query returned).
func bankAccounts(rs store.Rows, err error) ([]customer.BankAccount, error) {
	if err != nil {
		return nil, err
	}
	defer rs.Close()
	var out []customer.BankAccount
	for rs.Next() {
		a, err := store.ScanExternalAccount(rs)
		if err != nil {
			return nil, err
		}
		out = append(out, a)
	}
	return out, rs.Err()
}

// PaymentInFlight reports whether one of the account's payments has not
// ended yet (money may still be moving).
func PaymentInFlight(ctx context.Context, tx *store.Tx, accountID string) (bool, error) {
	var n int
	err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM payments WHERE account_id = ? AND state NOT IN `+store.TerminalStates+`
		AND state <> 'payin_mismatch'`, accountID).Scan(&n)
	return n > 0, err
}

// Subscribe stores an address for product updates; false when it was already there.
func Subscribe(ctx context.Context, tx *store.Tx, email, source string, at time.Time) (bool, error) {
	n, err := tx.Exec(ctx, `INSERT INTO subscribers (email, source, created_at) VALUES (?, ?, ?) ON CONFLICT (email) DO NOTHING`,
		email, source, store.UTC(at))
	return n == 1, err
}

// CountSubscribers counts stored addresses equal to email (0 or 1).
func CountSubscribers(ctx context.Context, tx *store.Tx, email string) (int, error) {
	var n int
	err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM subscribers WHERE email = ?`, email).Scan(&n)
	return n, err
}
