package store

import (
	"context"
	"database/sql"

	"github.com/crebit/crebit/internal/payment"
)

// SetPaymentRailReference stores the rail's reference for a payment's
// pay-in. The first one reported is kept: a repeated or late event never
// replaces it.
func (tx *Tx) SetPaymentRailReference(ctx context.Context, paymentID string, ref payment.RailReference) error {
	if ref.PixEndToEndID != "" {
		if _, err := tx.exec(ctx, `UPDATE payments SET pix_end_to_end_id = ? WHERE id = ? AND pix_end_to_end_id IS NULL`,
			ref.PixEndToEndID, paymentID); err != nil {
			return err
		}
	}
	if ref.SPEITrackingKey != "" {
		if _, err := tx.exec(ctx, `UPDATE payments SET spei_tracking_key = ? WHERE id = ? AND spei_tracking_key IS NULL`,
			ref.SPEITrackingKey, paymentID); err != nil {
			return err
		}
	}
	return nil
}

// PaymentWithRail returns a payment with what SetPaymentRailReference
// stored for it (empty fields until the pay-in completed), in one read.
func (tx *Tx) PaymentWithRail(ctx context.Context, id string) (payment.Record, payment.RailReference, error) {
	var e2e, key sql.NullString
	p, err := scanPaymentExtra(tx.queryRow(ctx, `SELECT `+paymentColumns+`, pix_end_to_end_id, spei_tracking_key
		FROM payments WHERE id = ?`, id), &e2e, &key)
	return p, payment.RailReference{PixEndToEndID: e2e.String, SPEITrackingKey: key.String}, err
}
