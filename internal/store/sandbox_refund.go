package store

import (
	"context"
	"time"
)

// SandboxRefundPayin records what the sandbox sent back for a pay-in and
// sets its status; found is false when there is no such pay-in.
func (tx *Tx) SandboxRefundPayin(ctx context.Context, id, status, amount, currency string, now time.Time) (found bool, err error) {
	n, err := tx.exec(ctx, `UPDATE sandbox_payins SET status = ?, refunded_amount = ?, refunded_currency = ?, updated_at = ? WHERE id = ?`,
		status, nullable(amount), nullable(currency), now, id)
	return n > 0, err
}
