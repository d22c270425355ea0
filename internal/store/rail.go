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

// PaymentRailReference returns what SetPaymentRailReference stored (empty
// fields until the pay-in completed).
func (tx *Tx) PaymentRailReference(ctx context.Context, paymentID string) (payment.RailReference, error) {
	var e2e, key sql.NullString
	err := tx.queryRow(ctx, `SELECT pix_end_to_end_id, spei_tracking_key FROM payments WHERE id = ?`, paymentID).Scan(&e2e, &key)
	return payment.RailReference{PixEndToEndID: e2e.String, SPEITrackingKey: key.String}, err
}
