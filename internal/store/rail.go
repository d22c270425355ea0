package store

import (
	"context"
	"database/sql"

	"github.com/crebit/crebit/internal/payment"
)

// SetPaymentRailReference stores the rail's reference for a payment's
// pay-in, whatever its rail (its kind beside it). The first one reported is
// kept: a repeated or late event never replaces it.
func (tx *Tx) SetPaymentRailReference(ctx context.Context, paymentID string, ref payment.RailReference) error {
	if ref.Value == "" {
		return nil
	}
	_, err := tx.exec(ctx, `UPDATE payments SET rail_reference_kind = ?, rail_reference = ?
		WHERE id = ? AND rail_reference IS NULL`, ref.Kind, ref.Value, paymentID)
	return err
}

// PaymentWithRail returns a payment with what SetPaymentRailReference
// stored for it (empty until the pay-in completed), in one read.
func (tx *Tx) PaymentWithRail(ctx context.Context, id string) (payment.Record, payment.RailReference, error) {
	var kind, value sql.NullString
	p, err := scanPaymentExtra(tx.queryRow(ctx, `SELECT `+paymentColumns+`, rail_reference_kind, rail_reference
		FROM payments WHERE id = ?`, id), &kind, &value)
	return p, railReference(kind, value), err
}

// railReference is the reference read from its two columns.
func railReference(kind, value sql.NullString) payment.RailReference {
	return payment.RailReference{Kind: kind.String, Value: value.String}
}
