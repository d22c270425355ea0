package viewstore

import (
	"context"
	"database/sql"
	"time"

	"github.com/crebit/crebit/internal/store"
)

// ReceiptParties is what a receipt shows beside the payment's status: when
// and in which language the payer authorized it (AuthorizationFor; zero
// when not recorded), the recipient the payer named (PaymentRecipient) and
// the bank account paid (ExternalAccount; HasAccount false when it is not
// stored).
type ReceiptParties struct {
	AuthorizedAt    time.Time
	Lang, Recipient string
	HasAccount      bool
	BankName, Last4 string
}

// ReceiptParties reads them in one statement, so a receipt's read can run
// alone on PostgreSQL (DB.ReadOne), without BEGIN and COMMIT; accountID is
// the payment's bank account (none asked when empty). ErrNotFound when
// there is no such payment.
func Receipt(ctx context.Context, tx *store.Tx, paymentID, accountID string) (ReceiptParties, error) {
	var v ReceiptParties
	var at sql.NullTime
	var lang, recipient, accountRow, bank, last4 sql.NullString
	err := tx.QueryRow(ctx, `SELECT payment_authorizations.accepted_at, payment_authorizations.lang,
		payment_recipients.recipient, external_accounts.id, external_accounts.bank_name, external_accounts.account_last4
		FROM payments
		LEFT JOIN payment_authorizations ON payment_authorizations.payment_id = payments.id
		LEFT JOIN payment_recipients ON payment_recipients.payment_id = payments.id
		LEFT JOIN external_accounts ON external_accounts.id = ?
		WHERE payments.id = ?`, accountID, paymentID).Scan(&at, &lang, &recipient, &accountRow, &bank, &last4)
	if err != nil {
		return ReceiptParties{}, err
	}
	if at.Valid {
		v.AuthorizedAt, v.Lang = at.Time.UTC(), lang.String
	}
	v.Recipient = recipient.String
	v.HasAccount, v.BankName, v.Last4 = accountRow.Valid, bank.String, last4.String
	return v, nil
}
