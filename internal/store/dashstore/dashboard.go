package dashstore

import (
	"context"
	"database/sql"
	"time"

	"github.com/crebit/crebit/internal/payment"
	"github.com/crebit/crebit/internal/store"
)

// The dashboard's reads: an account's totals and its transactions with the
// recipient of each, each one query on the (account_id, created_at) index.

// stateGroups lists the states of each dashboard status group.
const (
	doneStates     = `('completed', 'check_mailed')`
	inFlightStates = `('created', 'awaiting_payin', 'payin_processing', 'payin_completed', 'offramp_created')`
)

// Overview is what an account's dashboard cards show, in USD minor units.
type Overview struct {
	SentUSD     int64 // payments delivered (completed or check mailed)
	PendingUSD  int64 // payments still in flight
	RefundedUSD int64 // payments refunded to the payer
	Count       int   // all of the account's payments
}

// AccountOverview sums the account's payments by status group.
func AccountOverview(ctx context.Context, tx *store.Tx, accountID string) (Overview, error) {
	var o Overview
	err := tx.QueryRow(ctx, `SELECT
		CAST(COALESCE(SUM(CASE WHEN state IN `+doneStates+` THEN amount_usd ELSE 0 END), 0) AS BIGINT),
		CAST(COALESCE(SUM(CASE WHEN state IN `+inFlightStates+` THEN amount_usd ELSE 0 END), 0) AS BIGINT),
		CAST(COALESCE(SUM(CASE WHEN state = 'refunded' THEN amount_usd ELSE 0 END), 0) AS BIGINT),
		COUNT(*)
		FROM payments WHERE account_id = ?`, accountID).Scan(&o.SentUSD, &o.PendingUSD, &o.RefundedUSD, &o.Count)
	return o, err
}

// Transaction is one row of the dashboard's Recent Transactions: a payment
// with who it went to (the school of a mailed check, else the holder of
// the US bank account) and that account's last 4 digits.
type Transaction struct {
	Payment     payment.Record
	Recipient   string // who the payer said it is for (dashboard payments)
	SchoolName  string
	HolderName  string
	BankName    string
	AccountLast string
}

// transactionSelect reads payments with their recipient: the one the payer
// named, the school of the authorization, the holder, bank and last 4 of
// the bank account.
var transactionSelect = `SELECT ` + store.Prefixed("p.", store.PaymentColumns) + `,
	COALESCE(r.recipient, ''), COALESCE(a.school_name, ''), COALESCE(e.beneficiary_name, ''), COALESCE(e.bank_name, ''),
	COALESCE(e.account_last4, '')
	FROM payments p
	LEFT JOIN payment_recipients r ON r.payment_id = p.id
	LEFT JOIN payment_authorizations a ON a.payment_id = p.id
	LEFT JOIN external_accounts e ON e.id = p.external_account_id`

// AccountTransactions returns a page of the account's payments, newest
// first, with their recipients (one query, no per-row look-ups), and how
// many payments the account has.
func AccountTransactions(ctx context.Context, tx *store.Tx, accountID string, limit, offset int) ([]Transaction, int, error) {
	var total int
	if err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM payments WHERE account_id = ?`, accountID).Scan(&total); err != nil {
		return nil, 0, err
	}
	rs, err := tx.Query(ctx, transactionSelect+` WHERE p.account_id = ? ORDER BY p.created_at DESC, p.id DESC LIMIT ? OFFSET ?`, accountID, limit, offset)
	if err != nil {
		return nil, 0, err
	}
	defer rs.Close()
	var out []Transaction
	for rs.Next() {
		var t Transaction
		p, err := scanPaymentWith(rs, &t.Recipient, &t.SchoolName, &t.HolderName, &t.BankName, &t.AccountLast)
		if err != nil {
			return nil, 0, err
		}
		t.Payment = p
		out = append(out, t)
	}
	return out, total, rs.Err()
}

// AccountTransaction returns one of the account's payments with its
// recipient, or ErrNotFound (also when it is another account's).
func AccountTransaction(ctx context.Context, tx *store.Tx, accountID, id string) (Transaction, error) {
	var t Transaction
	p, err := scanPaymentWith(tx.QueryRow(ctx, transactionSelect+` WHERE p.account_id = ? AND p.id = ?`, accountID, id), &t.Recipient, &t.SchoolName, &t.HolderName, &t.BankName, &t.AccountLast)
	t.Payment = p
	return t, err
}

// scanPaymentWith scans a payment row followed by extra text columns.
func scanPaymentWith(r store.Row, extra ...*string) (payment.Record, error) {
	var ns = make([]sql.NullString, len(extra))
	dest := make([]any, len(extra))
	for i := range ns {
		dest[i] = &ns[i]
	}
	p, err := store.ScanPaymentExtra(r, dest...)
	for i := range ns {
		*extra[i] = ns[i].String
	}
	return p, err
}

// JoinCheckWaitlist puts the account on the mailed-check waitlist (once;
// asking again keeps the first date and updates the country).
func JoinCheckWaitlist(ctx context.Context, tx *store.Tx, accountID, country string, now time.Time) error {
	_, err := tx.Exec(ctx, `INSERT INTO check_waitlist (account_id, country, created_at) VALUES (?, ?, ?)
		ON CONFLICT (account_id) DO UPDATE SET country = excluded.country`, accountID, country, store.UTC(now))
	return err
}

// CheckWaitlisted reports whether the account is on the mailed-check waitlist.
func CheckWaitlisted(ctx context.Context, tx *store.Tx, accountID string) (bool, error) {
	var n int
	err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM check_waitlist WHERE account_id = ?`, accountID).Scan(&n)
	return n > 0, err
}
