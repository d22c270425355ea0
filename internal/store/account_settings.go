package store

import (
	"context"
	"time"

	"github.com/crebit/crebit/internal/customer"
)

// Settings: an account's saved US bank accounts, what the account holds
// (for Download my data) and closing it.

// AccountBankAccounts returns the account's saved, not removed, not
// redacted US bank accounts, newest first.
func (tx *Tx) AccountBankAccounts(ctx context.Context, accountID string) ([]customer.BankAccount, error) {
	rs, err := tx.query(ctx, `SELECT `+prefixed("e.", externalAccountColumns)+` FROM external_accounts e
		JOIN customers c ON c.id = e.customer_id
		WHERE c.account_id = ? AND e.removed_at IS NULL AND e.account_last4 <> ''
		ORDER BY e.created_at DESC, e.id DESC LIMIT 100`, accountID)
	if err != nil {
		return nil, err
	}
	defer rs.Close()
	var out []customer.BankAccount
	for rs.Next() {
		a, err := scanExternalAccount(rs)
		if err != nil {
			return nil, err
		}
		out = append(out, a)
	}
	return out, rs.Err()
}

// RemoveBankAccount marks one of the account's saved bank accounts removed;
// ErrNotFound when it is not the account's (or already removed).
func (tx *Tx) RemoveBankAccount(ctx context.Context, accountID, id string, now time.Time) error {
	n, err := tx.exec(ctx, `UPDATE external_accounts SET removed_at = ?
		WHERE id = ? AND removed_at IS NULL AND customer_id IN (SELECT id FROM customers WHERE account_id = ?)`,
		utc(now), id, accountID)
	if err == nil && n == 0 {
		return ErrNotFound
	}
	return err
}

// AccountCustomers returns every customer profile of the account, newest first.
func (tx *Tx) AccountCustomers(ctx context.Context, accountID string) ([]customer.Customer, error) {
	return tx.customers(ctx, `SELECT `+customerColumns+` FROM customers WHERE account_id = ? ORDER BY created_at DESC`, accountID)
}

// CloseAccount ends an account: its sign-in e-mail is freed (replaced by a
// tombstone), password, names and two-factor secret are cleared, every
// session, token, recovery code, sign-in record, known device, scholarship profile,
// saved filter set and check-waitlist entry is deleted, and its bank
// accounts stop being offered.
// Payments and the ledger are untouched: the retention rule applies to them
// from now on (see RedactFinishedPayments).
func (tx *Tx) CloseAccount(ctx context.Context, id string, now time.Time) error {
	n, err := tx.exec(ctx, `UPDATE accounts SET email = ?, password_hash = '', first_name = '', last_name = '',
		totp_secret = NULL, totp_enabled_at = NULL, email_verified_at = NULL, closed_at = ?, updated_at = ?
		WHERE id = ? AND closed_at IS NULL`, "closed:"+id, utc(now), utc(now), id)
	if err != nil {
		return err
	}
	if n == 0 {
		return ErrNotFound
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
		if _, err := tx.exec(ctx, q, id); err != nil {
			return err
		}
	}
	_, err = tx.exec(ctx, `UPDATE external_accounts SET removed_at = COALESCE(removed_at, ?)
		WHERE customer_id IN (SELECT id FROM customers WHERE account_id = ?)`, utc(now), id)
	return err
}

// AccountBankAccountsAll returns every bank account of the account's
// customers, removed ones included (for Download my data).
func (tx *Tx) AccountBankAccountsAll(ctx context.Context, accountID string) ([]customer.BankAccount, error) {
	rs, err := tx.query(ctx, `SELECT `+prefixed("e.", externalAccountColumns)+` FROM external_accounts e
		JOIN customers c ON c.id = e.customer_id WHERE c.account_id = ? ORDER BY e.created_at DESC, e.id DESC`, accountID)
	if err != nil {
		return nil, err
	}
	defer rs.Close()
	var out []customer.BankAccount
	for rs.Next() {
		a, err := scanExternalAccount(rs)
		if err != nil {
			return nil, err
		}
		out = append(out, a)
	}
	return out, rs.Err()
}

// LiveExternalAccount returns a bank account that was not removed in
// Settings, or ErrNotFound: a removed account takes no new payments.
func (tx *Tx) LiveExternalAccount(ctx context.Context, id string) (customer.BankAccount, error) {
	return scanExternalAccount(tx.queryRow(ctx, `SELECT `+externalAccountColumns+` FROM external_accounts
		WHERE id = ? AND removed_at IS NULL`, id))
}

// PaymentInFlight reports whether one of the account's payments has not
// ended yet (money may still be moving).
func (tx *Tx) PaymentInFlight(ctx context.Context, accountID string) (bool, error) {
	var n int
	err := tx.queryRow(ctx, `SELECT COUNT(*) FROM payments WHERE account_id = ? AND state NOT IN `+terminalStates+`
		AND state <> 'payin_mismatch'`, accountID).Scan(&n)
	return n > 0, err
}
