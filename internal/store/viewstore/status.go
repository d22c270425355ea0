package viewstore

import (
	"context"
	"database/sql"

	"github.com/crebit/crebit/internal/payment"

	"github.com/crebit/crebit/internal/store"
)

// PaymentView is what a payment's status read shows: the payment with its
// rail's reference (PaymentWithRail), its history with its sequence
// (PaymentHistory), whether an operator holds it (its on_hold) and whether
// money was ever owed back on it (a row in payment_returns).
type PaymentView struct {
	Payment    payment.Record
	Rail       payment.RailReference
	History    []payment.Change
	Seq        int64
	OnHold     bool
	HasReturns bool
}

// PaymentView reads all of it in one statement, so a status read can run
// alone on PostgreSQL (DB.ReadOne: one statement sees one snapshot),
// without BEGIN and COMMIT; ErrNotFound when there is no such payment.
func Payment(ctx context.Context, tx *store.Tx, id string) (PaymentView, error) {
	rs, err := tx.Query(ctx, `SELECT `+store.PaymentColumns+`, rail_reference_kind, rail_reference,
		EXISTS (SELECT 1 FROM payment_returns WHERE payment_returns.payment_id = payments.id),
		ev.ev_id, ev.ev_state, ev.ev_source, ev.ev_at
		FROM payments LEFT JOIN (SELECT id AS ev_id, payment_id AS ev_payment, state AS ev_state, source AS ev_source,
			occurred_at AS ev_at FROM payment_events) ev ON ev.ev_payment = payments.id
		WHERE payments.id = ? ORDER BY ev.ev_id`, id)
	if err != nil {
		return PaymentView{}, err
	}
	defer rs.Close()
	var v PaymentView
	found := false
	for rs.Next() {
		var kind, value, state, source sql.NullString
		var seq sql.NullInt64
		var at sql.NullTime
		p, err := store.ScanPaymentExtra(rs, &kind, &value, &v.HasReturns, &seq, &state, &source, &at)
		if err != nil {
			return PaymentView{}, err
		}
		if !found {
			v.Payment, v.Rail, found = p, payment.RailReference{Kind: kind.String, Value: value.String}, true
			v.OnHold = p.OnHold
		}
		if seq.Valid {
			v.Seq = seq.Int64
			v.History = append(v.History, payment.Change{State: payment.State(state.String), Source: source.String, OccurredAt: at.Time.UTC()})
		}
	}
	if err := rs.Err(); err != nil {
		return PaymentView{}, err
	}
	if !found {
		return PaymentView{}, store.ErrNotFound
	}
	return v, nil
}
