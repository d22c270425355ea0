package accountstore

import (
	"context"
	"time"

	"github.com/crebit/crebit/internal/store"
)

// outsideOpenAccount limits the retention rule to guests' data and closed
// accounts': an open account keeps its payments' history (what the
// dashboard and receipts show) for as long as it is open.
const outsideOpenAccount = ` AND (account_id IS NULL OR account_id IN (SELECT id FROM accounts WHERE closed_at IS NOT NULL))`

// RedactFinishedPayments clears the personal data of guests' and closed
// accounts' payments that ended before the cutoff: the sender's name and the
// school and student details. The step-5 authorization evidence is kept, as
// the law requires.
func RedactFinishedPayments(ctx context.Context, tx *store.Tx, before, now time.Time) (int64, error) {
	return redactPayments(ctx, tx, before, now, outsideOpenAccount)
}

// RedactIdleCustomers clears everything but the e-mail address of guests'
// and closed accounts' customers last changed before the cutoff whose
// payments have all been redacted (or who never paid), and of their bank
// accounts. A redacted customer is never offered back as an existing profile.
func RedactIdleCustomers(ctx context.Context, tx *store.Tx, before, now time.Time) (int64, error) {
	return redactCustomers(ctx, tx, before, now, outsideOpenAccount)
}

// RedactClosedAccount applies the same rule to one just-closed account at
// once, instead of waiting for the daily job.
func RedactClosedAccount(ctx context.Context, tx *store.Tx, accountID string, before, now time.Time) error {
	if _, err := redactPayments(ctx, tx, before, now, ` AND account_id = ?`, accountID); err != nil {
		return err
	}
	_, err := redactCustomers(ctx, tx, before, now, ` AND account_id = ?`, accountID)
	return err
}

// redactPayments redacts the finished payments before the cutoff that
// scope (a condition with its arguments) selects.
func redactPayments(ctx context.Context, tx *store.Tx, before, now time.Time, scope string, scopeArgs ...any) (int64, error) {
	if _, err := tx.Exec(ctx, `DELETE FROM payment_recipients WHERE payment_id IN (SELECT id FROM payments
		WHERE redacted_at IS NULL AND state IN `+store.TerminalStates+` AND updated_at < ?`+scope+`)`,
		append([]any{store.UTC(before)}, scopeArgs...)...); err != nil {
		return 0, err
	}
	return tx.Exec(ctx, `UPDATE payments SET sender_name = '', check_details = NULL, redacted_at = ?
		WHERE redacted_at IS NULL AND state IN `+store.TerminalStates+` AND updated_at < ?`+scope,
		append([]any{store.UTC(now), store.UTC(before)}, scopeArgs...)...)
}

// redactCustomers redacts the idle customers that scope selects, and their
// bank accounts.
func redactCustomers(ctx context.Context, tx *store.Tx, before, now time.Time, scope string, scopeArgs ...any) (int64, error) {
	idle := `SELECT id FROM customers WHERE redacted_at IS NULL AND updated_at < ?
		AND NOT EXISTS (SELECT 1 FROM payments p WHERE p.customer_id = customers.id AND p.redacted_at IS NULL)` + scope
	idleArgs := append([]any{store.UTC(before)}, scopeArgs...)
	if _, err := tx.Exec(ctx, `UPDATE external_accounts SET account_name = '', beneficiary_name = '', routing_number = '',
		account_last4 = '', account_sealed = '', account_hash = '', street = '', city = '', state = '', postal_code = ''
		WHERE customer_id IN (`+idle+`)`, idleArgs...); err != nil {
		return 0, err
	}
	return tx.Exec(ctx, `UPDATE customers SET first_name = '', last_name = '', phone = '', date_of_birth = '',
		tax_id_hash = '', tax_id_sealed = '', tax_id_last4 = '', street = '', city = '', state = '', postal_code = '', redacted_at = ?
		WHERE id IN (`+idle+`)`, append([]any{store.UTC(now)}, idleArgs...)...)
}
