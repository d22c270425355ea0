package holdstore

import (
	"context"
	"database/sql"
	"time"

	"github.com/crebit/crebit/internal/store"
)

// PaymentHold is an operator's hold on a payment: open while ReleasedAt is
// nil.
type PaymentHold struct {
	ID, PaymentID               string
	HeldAt                      time.Time
	HeldBy, HeldByEmail, Reason string
	ReleasedAt                  *time.Time
	ReleasedBy, ReleasedByEmail string
	ReleaseReason               string
}

// OpenHold returns the payment's open hold (who, when, why), or
// store.ErrNotFound. Whether a payment is held is its payment.Record's
// OnHold; this reads the hold's details.
func OpenHold(ctx context.Context, tx *store.Tx, paymentID string) (PaymentHold, error) {
	var h PaymentHold
	err := tx.QueryRow(ctx, `SELECT id, payment_id, held_at, held_by, held_by_email, reason FROM payment_holds
		WHERE payment_id = ? AND released_at IS NULL`, paymentID).
		Scan(&h.ID, &h.PaymentID, &h.HeldAt, &h.HeldBy, &h.HeldByEmail, &h.Reason)
	h.HeldAt = h.HeldAt.UTC()
	return h, err
}

// HoldPayment opens a hold on a payment and sets the payment's on_hold,
// in tx; the caller has locked the payment and checked that no hold is
// open (the unique index refuses a second one). A payment.Record the
// caller read before says OnHold false: read it again, or set it.
//
// Writing the payment's row is what keeps a concurrent webhook from
// applying an event to a held payment on PostgreSQL (READ COMMITTED): its
// SELECT … FOR UPDATE of the payment waits for this transaction's lock,
// then returns the row's newest version, with on_hold set. (A subquery on
// payment_holds in that statement would still see the statement's older
// snapshot and miss the hold.) On SQLite there is one writer.
func HoldPayment(ctx context.Context, tx *store.Tx, h PaymentHold) error {
	if _, err := tx.Exec(ctx, `INSERT INTO payment_holds (id, payment_id, held_at, held_by, held_by_email, reason)
		VALUES (?, ?, ?, ?, ?, ?)`, h.ID, h.PaymentID, store.UTC(h.HeldAt), h.HeldBy, h.HeldByEmail, h.Reason); err != nil {
		return err
	}
	return setOnHold(ctx, tx, h.PaymentID, true)
}

// ReleaseHold closes the payment's open hold and clears the payment's
// on_hold, in tx; store.ErrNotFound when none is open. A payment.Record the
// caller read before says OnHold true: read it again, or clear it.
func ReleaseHold(ctx context.Context, tx *store.Tx, paymentID string, at time.Time, by, byEmail, why string) error {
	n, err := tx.Exec(ctx, `UPDATE payment_holds SET released_at = ?, released_by = ?, released_by_email = ?, release_reason = ?
		WHERE payment_id = ? AND released_at IS NULL`, store.UTC(at), by, byEmail, why, paymentID)
	if err != nil {
		return err
	}
	if n == 0 {
		return store.ErrNotFound
	}
	return setOnHold(ctx, tx, paymentID, false)
}

// setOnHold writes the payment's on_hold (true exactly while a hold is
// open).
func setOnHold(ctx context.Context, tx *store.Tx, paymentID string, held bool) error {
	q := `UPDATE payments SET on_hold = false WHERE id = ?`
	if held {
		q = `UPDATE payments SET on_hold = true WHERE id = ?`
	}
	n, err := tx.Exec(ctx, q, paymentID)
	if err == nil && n == 0 {
		return store.ErrNotFound
	}
	return err
}

// HoldsOf lists a payment's holds, oldest first.
func HoldsOf(ctx context.Context, tx *store.Tx, paymentID string) ([]PaymentHold, error) {
	rs, err := tx.Query(ctx, `SELECT id, payment_id, held_at, held_by, held_by_email, reason, released_at,
		COALESCE(released_by, ''), COALESCE(released_by_email, ''), COALESCE(release_reason, '')
		FROM payment_holds WHERE payment_id = ? ORDER BY held_at, id`, paymentID)
	if err != nil {
		return nil, err
	}
	defer rs.Close()
	var out []PaymentHold
	for rs.Next() {
		var h PaymentHold
		var released sql.NullTime
		if err := rs.Scan(&h.ID, &h.PaymentID, &h.HeldAt, &h.HeldBy, &h.HeldByEmail, &h.Reason, &released,
			&h.ReleasedBy, &h.ReleasedByEmail, &h.ReleaseReason); err != nil {
			return nil, err
		}
		h.HeldAt, h.ReleasedAt = h.HeldAt.UTC(), store.NullTime(released)
		out = append(out, h)
	}
	return out, rs.Err()
}

// WebhooksHeld returns the ids of the events about a payment that arrived
// while it was held and were kept for its release (their outcome is
// outcome), in the order received.
func WebhooksHeld(ctx context.Context, tx *store.Tx, paymentID, outcome string) ([]string, error) {
	return tx.Strings(ctx, `SELECT id FROM webhook_events WHERE payment_id = ? AND outcome LIKE ?
		ORDER BY received_at, id`, paymentID, "%"+outcome+"%")
}
