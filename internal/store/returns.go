package store

import (
	"context"
	"database/sql"
	"time"

	"github.com/crebit/crebit/internal/money"
	"github.com/crebit/crebit/internal/payment"
)

// PaymentReturn is money owed back to a payer (table payment_returns):
// owed while ReturnedAt is nil; an operator records the partner's return.
type PaymentReturn struct {
	ID, PaymentID string
	Kind          string // "payin" (the whole receipt) or "excess"
	Amount        money.Amount
	Cause         string // why it is owed, in English for operators
	OpenedAt      time.Time
	ReturnedAt    *time.Time
	ReturnedBy    string
	ReturnedEmail string
	Reference     string // the partner's reference for the return
}

// OpenReturn records that r.Amount is owed back; a second call for the
// same payment and kind changes nothing (and reports false).
func (tx *Tx) OpenReturn(ctx context.Context, r PaymentReturn) (bool, error) {
	n, err := tx.exec(ctx, `INSERT INTO payment_returns (id, payment_id, kind, amount_minor, currency, cause, opened_at)
		VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (payment_id, kind) DO NOTHING`,
		r.ID, r.PaymentID, r.Kind, r.Amount.Minor, string(r.Amount.Currency), r.Cause, utc(r.OpenedAt))
	return n == 1, err
}

const returnColumns = `id, payment_id, kind, amount_minor, currency, cause, opened_at, returned_at,
	COALESCE(returned_by, ''), COALESCE(returned_by_email, ''), COALESCE(reference, '')`

func scanReturn(r row) (PaymentReturn, error) {
	var (
		x        PaymentReturn
		minor    int64
		currency string
		returned sql.NullTime
	)
	err := r.Scan(&x.ID, &x.PaymentID, &x.Kind, &minor, &currency, &x.Cause, &x.OpenedAt, &returned,
		&x.ReturnedBy, &x.ReturnedEmail, &x.Reference)
	x.Amount = money.Amount{Minor: minor, Currency: money.Currency(currency)}
	x.OpenedAt, x.ReturnedAt = x.OpenedAt.UTC(), nullTime(returned)
	return x, err
}

// ReturnsOf lists a payment's returns, oldest first.
func (tx *Tx) ReturnsOf(ctx context.Context, paymentID string) ([]PaymentReturn, error) {
	return tx.returns(ctx, `SELECT `+returnColumns+` FROM payment_returns WHERE payment_id = ? ORDER BY opened_at, id`, paymentID)
}

// OwedReturns lists the returns not yet made, oldest first, at most limit.
func (tx *Tx) OwedReturns(ctx context.Context, limit int) ([]PaymentReturn, error) {
	return tx.returns(ctx, `SELECT `+returnColumns+` FROM payment_returns WHERE returned_at IS NULL
		ORDER BY opened_at, id LIMIT ?`, limit)
}

func (tx *Tx) returns(ctx context.Context, q string, args ...any) ([]PaymentReturn, error) {
	rs, err := tx.query(ctx, q, args...)
	if err != nil {
		return nil, err
	}
	defer rs.Close()
	var out []PaymentReturn
	for rs.Next() {
		x, err := scanReturn(rs)
		if err != nil {
			return nil, err
		}
		out = append(out, x)
	}
	return out, rs.Err()
}

// ReturnForUpdate returns one return, locked for the caller's transaction
// on PostgreSQL; ErrNotFound when there is none.
func (tx *Tx) ReturnForUpdate(ctx context.Context, id string) (PaymentReturn, error) {
	return scanReturn(tx.queryRow(ctx, `SELECT `+returnColumns+` FROM payment_returns WHERE id = ?`+forUpdate(tx.engine), id))
}

// MarkReturned records that the partner returned an owed return;
// ErrNotFound when it is unknown or already returned.
func (tx *Tx) MarkReturned(ctx context.Context, id string, at time.Time, by, byEmail, reference string) error {
	n, err := tx.exec(ctx, `UPDATE payment_returns SET returned_at = ?, returned_by = ?, returned_by_email = ?, reference = ?
		WHERE id = ? AND returned_at IS NULL`, utc(at), by, byEmail, reference, id)
	if err == nil && n == 0 {
		return ErrNotFound
	}
	return err
}

// PayoutsNotDelivered lists payments whose payout came back or failed
// (their US dollars did not arrive), oldest change first, at most limit.
func (tx *Tx) PayoutsNotDelivered(ctx context.Context, limit int) ([]payment.Record, error) {
	rs, err := tx.query(ctx, `SELECT `+paymentColumns+` FROM payments
		WHERE state = 'offramp_created' AND offramp_status IN ('refunded', 'failed') ORDER BY updated_at, id LIMIT ?`, limit)
	if err != nil {
		return nil, err
	}
	defer rs.Close()
	var out []payment.Record
	for rs.Next() {
		p, err := scanPayment(rs)
		if err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	return out, rs.Err()
}
