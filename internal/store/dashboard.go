package store

import (
	"context"
	"database/sql"
	"errors"
	"strings"
	"time"

	"github.com/crebit/crebit/internal/payment"
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
func (tx *Tx) AccountOverview(ctx context.Context, accountID string) (Overview, error) {
	var o Overview
	err := tx.queryRow(ctx, `SELECT
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
var transactionSelect = `SELECT ` + prefixed("p.", paymentColumns) + `,
	COALESCE(r.recipient, ''), COALESCE(a.school_name, ''), COALESCE(e.beneficiary_name, ''), COALESCE(e.bank_name, ''),
	COALESCE(e.account_last4, '')
	FROM payments p
	LEFT JOIN payment_recipients r ON r.payment_id = p.id
	LEFT JOIN payment_authorizations a ON a.payment_id = p.id
	LEFT JOIN external_accounts e ON e.id = p.external_account_id`

// AccountTransactions returns a page of the account's payments, newest
// first, with their recipients (one query, no per-row look-ups), and how
// many payments the account has.
func (tx *Tx) AccountTransactions(ctx context.Context, accountID string, limit, offset int) ([]Transaction, int, error) {
	var total int
	if err := tx.queryRow(ctx, `SELECT COUNT(*) FROM payments WHERE account_id = ?`, accountID).Scan(&total); err != nil {
		return nil, 0, err
	}
	rs, err := tx.query(ctx, transactionSelect+` WHERE p.account_id = ? ORDER BY p.created_at DESC, p.id DESC LIMIT ? OFFSET ?`, accountID, limit, offset)
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
func (tx *Tx) AccountTransaction(ctx context.Context, accountID, id string) (Transaction, error) {
	var t Transaction
	p, err := scanPaymentWith(tx.queryRow(ctx, transactionSelect+` WHERE p.account_id = ? AND p.id = ?`, accountID, id), &t.Recipient, &t.SchoolName, &t.HolderName, &t.BankName, &t.AccountLast)
	t.Payment = p
	return t, err
}

// SigninEvent is one successful sign-in, for Settings' recent activity.
type SigninEvent struct {
	ID         string
	Device     string
	IPHash     string // a keyed hash of the client address (referral checks); never shown
	OccurredAt time.Time
}

// InsertSigninEvent records a sign-in.
func (tx *Tx) InsertSigninEvent(ctx context.Context, accountID string, e SigninEvent) error {
	_, err := tx.exec(ctx, `INSERT INTO signin_events (id, account_id, device, ip_hash, occurred_at) VALUES (?, ?, ?, ?, ?)`,
		e.ID, accountID, e.Device, e.IPHash, utc(e.OccurredAt))
	return err
}

// SigninEvents returns the account's newest sign-ins.
func (tx *Tx) SigninEvents(ctx context.Context, accountID string, limit int) ([]SigninEvent, error) {
	rs, err := tx.query(ctx, `SELECT id, device, occurred_at FROM signin_events WHERE account_id = ?
		ORDER BY occurred_at DESC, id DESC LIMIT ?`, accountID, limit)
	if err != nil {
		return nil, err
	}
	defer rs.Close()
	var out []SigninEvent
	for rs.Next() {
		var e SigninEvent
		if err := rs.Scan(&e.ID, &e.Device, &e.OccurredAt); err != nil {
			return nil, err
		}
		e.OccurredAt = e.OccurredAt.UTC()
		out = append(out, e)
	}
	return out, rs.Err()
}

// SetAccountName stores the account holder's name.
func (tx *Tx) SetAccountName(ctx context.Context, id, first, last string, now time.Time) error {
	_, err := tx.exec(ctx, `UPDATE accounts SET first_name = ?, last_name = ?, updated_at = ? WHERE id = ?`,
		first, last, utc(now), id)
	return err
}

// scanPaymentWith scans a payment row followed by extra text columns.
func scanPaymentWith(r row, extra ...*string) (payment.Record, error) {
	var ns = make([]sql.NullString, len(extra))
	dest := make([]any, len(extra))
	for i := range ns {
		dest[i] = &ns[i]
	}
	p, err := scanPaymentExtra(r, dest...)
	for i := range ns {
		*extra[i] = ns[i].String
	}
	return p, err
}

// prefixed qualifies a comma-separated column list with a table alias.
func prefixed(alias, columns string) string {
	parts := strings.Split(columns, ",")
	for i, c := range parts {
		parts[i] = alias + strings.TrimSpace(c)
	}
	return strings.Join(parts, ", ")
}

// DeleteSigninEventsBefore forgets the account's sign-ins before t.
func (tx *Tx) DeleteSigninEventsBefore(ctx context.Context, accountID string, t time.Time) error {
	_, err := tx.exec(ctx, `DELETE FROM signin_events WHERE account_id = ? AND occurred_at < ?`, accountID, utc(t))
	return err
}

// Explain returns the engine's query plan of q, one line per step (for the
// measurements in docs/PERFORMANCE.md and tests that check index use).
func (tx *Tx) Explain(ctx context.Context, q string, args ...any) ([]string, error) {
	if tx.engine == Postgres {
		rs, err := tx.query(ctx, `EXPLAIN `+q, args...)
		if err != nil {
			return nil, err
		}
		defer rs.Close()
		var out []string
		for rs.Next() {
			var line string
			if err := rs.Scan(&line); err != nil {
				return nil, err
			}
			out = append(out, line)
		}
		return out, rs.Err()
	}
	rs, err := tx.query(ctx, `EXPLAIN QUERY PLAN `+q, args...)
	if err != nil {
		return nil, err
	}
	defer rs.Close()
	var out []string
	for rs.Next() {
		var id, parent, unused int
		var detail string
		if err := rs.Scan(&id, &parent, &unused, &detail); err != nil {
			return nil, err
		}
		out = append(out, detail)
	}
	return out, rs.Err()
}

// SetPaymentRecipient records who the payer said a payment is for.
func (tx *Tx) SetPaymentRecipient(ctx context.Context, paymentID, recipient string) error {
	_, err := tx.exec(ctx, `INSERT INTO payment_recipients (payment_id, recipient) VALUES (?, ?)`, paymentID, recipient)
	return err
}

// PaymentRecipient returns who the payer said a payment is for ("" when
// they named no one).
func (tx *Tx) PaymentRecipient(ctx context.Context, paymentID string) (string, error) {
	var r string
	err := tx.queryRow(ctx, `SELECT recipient FROM payment_recipients WHERE payment_id = ?`, paymentID).Scan(&r)
	if errors.Is(err, ErrNotFound) {
		return "", nil
	}
	return r, err
}

// JoinCheckWaitlist puts the account on the mailed-check waitlist (once;
// asking again keeps the first date and updates the country).
func (tx *Tx) JoinCheckWaitlist(ctx context.Context, accountID, country string, now time.Time) error {
	_, err := tx.exec(ctx, `INSERT INTO check_waitlist (account_id, country, created_at) VALUES (?, ?, ?)
		ON CONFLICT (account_id) DO UPDATE SET country = excluded.country`, accountID, country, utc(now))
	return err
}

// CheckWaitlisted reports whether the account is on the mailed-check waitlist.
func (tx *Tx) CheckWaitlisted(ctx context.Context, accountID string) (bool, error) {
	var n int
	err := tx.queryRow(ctx, `SELECT COUNT(*) FROM check_waitlist WHERE account_id = ?`, accountID).Scan(&n)
	return n > 0, err
}
