package returnstore

import (
	"context"
	"database/sql"
	"time"

	"github.com/crebit/crebit/internal/money"
	"github.com/crebit/crebit/internal/payment"

	"github.com/crebit/crebit/internal/store"
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
func OpenReturn(ctx context.Context, tx *store.Tx, r PaymentReturn) (bool, error) {
	n, err := tx.Exec(ctx, `INSERT INTO payment_returns (id, payment_id, kind, amount_minor, currency, cause, opened_at)
		VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (payment_id, kind) DO NOTHING`,
		r.ID, r.PaymentID, r.Kind, r.Amount.Minor, string(r.Amount.Currency), r.Cause, store.UTC(r.OpenedAt))
	return n == 1, err
}

const returnColumns = `id, payment_id, kind, amount_minor, currency, cause, opened_at, returned_at,
	COALESCE(returned_by, ''), COALESCE(returned_by_email, ''), COALESCE(reference, '')`

func scanReturn(r store.Row) (PaymentReturn, error) {
	var (
		x        PaymentReturn
		minor    int64
		currency string
		returned sql.NullTime
	)
	err := r.Scan(&x.ID, &x.PaymentID, &x.Kind, &minor, &currency, &x.Cause, &x.OpenedAt, &returned,
		&x.ReturnedBy, &x.ReturnedEmail, &x.Reference)
	x.Amount = money.Amount{Minor: minor, Currency: money.Currency(currency)}
	x.OpenedAt, x.ReturnedAt = x.OpenedAt.UTC(), store.NullTime(returned)
	return x, err
}

// ReturnsOf lists a payment's returns, oldest first.
func ReturnsOf(ctx context.Context, tx *store.Tx, paymentID string) ([]PaymentReturn, error) {
	return returns(ctx, tx, `SELECT `+returnColumns+` FROM payment_returns WHERE payment_id = ? ORDER BY opened_at, id`, paymentID)
}

// OwedReturns lists the returns not yet made, oldest first, at most limit.
func OwedReturns(ctx context.Context, tx *store.Tx, limit int) ([]PaymentReturn, error) {
	return returns(ctx, tx, `SELECT `+returnColumns+` FROM payment_returns WHERE returned_at IS NULL
		ORDER BY opened_at, id LIMIT ?`, limit)
}

func returns(ctx context.Context, tx *store.Tx, q string, args ...any) ([]PaymentReturn, error) {
	rs, err := tx.Query(ctx, q, args...)
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
// on PostgreSQL; store.ErrNotFound when there is none.
func ReturnForUpdate(ctx context.Context, tx *store.Tx, id string) (PaymentReturn, error) {
	return scanReturn(tx.QueryRow(ctx, `SELECT `+returnColumns+` FROM payment_returns WHERE id = ?`+store.ForUpdate(tx.Engine()), id))
}

// MarkReturned records that the partner returned an owed return;
// store.ErrNotFound when it is unknown or already returned.
func MarkReturned(ctx context.Context, tx *store.Tx, id string, at time.Time, by, byEmail, reference string) error {
	n, err := tx.Exec(ctx, `UPDATE payment_returns SET returned_at = ?, returned_by = ?, returned_by_email = ?, reference = ?
		WHERE id = ? AND returned_at IS NULL`, store.UTC(at), by, byEmail, reference, id)
	if err == nil && n == 0 {
		return store.ErrNotFound
	}
	return err
}

// PayoutsNotDelivered lists payments whose payout came back or failed
// (their US dollars did not arrive), oldest change first, at most limit.
func PayoutsNotDelivered(ctx context.Context, tx *store.Tx, limit int) ([]payment.Record, error) {
	rs, err := tx.Query(ctx, `SELECT `+store.PaymentColumns+` FROM payments
		WHERE state = 'offramp_created' AND offramp_status IN ('refunded', 'failed') ORDER BY updated_at, id LIMIT ?`, limit)
	if err != nil {
		return nil, err
	}
	defer rs.Close()
	var out []payment.Record
	for rs.Next() {
		p, err := store.ScanPaymentExtra(rs)
		if err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	return out, rs.Err()
}
