package viewstore

import (
	"context"
	"database/sql"

	"github.com/crebit/crebit/internal/payment"

	"github.com/crebit/crebit/internal/store"
)

// PayoutDue is what a payout job reads before asking the partner to pay
// out: the payment, whether an operator holds it (its on_hold), its
// customer's wallet address (Customer) and its bank account's id at the
// partner (ExternalAccount). HasCustomer and HasAccount are false when the
// payment's customer or bank account is not stored.
type PayoutDue struct {
	Payment                      payment.Record
	OnHold                       bool
	HasCustomer, HasAccount      bool
	WalletAddress, BankAccountID string
}

// PayoutDue reads all of it in one statement, so the payout job's read can
// run alone on PostgreSQL (DB.ReadOne: one statement sees one snapshot),
// without BEGIN and COMMIT; ErrNotFound when there is no such payment.
func Payout(ctx context.Context, tx *store.Tx, id string) (PayoutDue, error) {
	var v PayoutDue
	var wallet, bank sql.NullString
	p, err := store.ScanPaymentExtra(tx.QueryRow(ctx, `SELECT `+store.PaymentColumns+`,
		(SELECT COALESCE(customers.wallet_address, '') FROM customers WHERE customers.id = payments.customer_id),
		(SELECT COALESCE(external_accounts.partner_account_id, '') FROM external_accounts
			WHERE external_accounts.id = payments.external_account_id)
		FROM payments WHERE id = ?`, id), &wallet, &bank)
	if err != nil {
		return PayoutDue{}, err
	}
	v.Payment, v.OnHold = p, p.OnHold
	v.HasCustomer, v.WalletAddress = wallet.Valid, wallet.String
	v.HasAccount, v.BankAccountID = bank.Valid, bank.String
	return v, nil
}
