package store

import (
	"context"

	"github.com/crebit/crebit/internal/customer"
)

// LiveExternalAccount returns a bank account that was not removed in
// Settings, or ErrNotFound: a removed account takes no new payments.
func (tx *Tx) LiveExternalAccount(ctx context.Context, id string) (customer.BankAccount, error) {
	return scanExternalAccount(tx.queryRow(ctx, `SELECT `+externalAccountColumns+` FROM external_accounts
		WHERE id = ? AND removed_at IS NULL`, id))
}
