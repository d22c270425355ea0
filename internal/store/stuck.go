package store

import (
	"context"
	"time"

	"github.com/crebit/crebit/internal/payment"
)

// StuckPayment is a payment in a state for longer than it should be.
type StuckPayment struct {
	ID        string
	State     payment.State
	Since     time.Time // its last change
	ExpiresAt time.Time
}

// StuckPayments returns payments whose last change is older than the
// limit for their state (limits: state → how long is normal), and payments
// still awaiting their pay-in more than grace after their window closed
// (the expiry job should have ended them), oldest first per state.
func (tx *Tx) StuckPayments(ctx context.Context, now time.Time, limits map[payment.State]time.Duration, grace time.Duration) ([]StuckPayment, error) {
	var out []StuckPayment
	type check struct {
		state string
		col   string
		at    time.Time
	}
	checks := []check{{string(payment.StateAwaitingPayin), "expires_at", now.Add(-grace)}}
	for st, d := range limits {
		checks = append(checks, check{string(st), "updated_at", now.Add(-d)})
	}
	for _, c := range checks {
		rs, err := tx.query(ctx, `SELECT id, state, updated_at, expires_at FROM payments WHERE state = ? AND `+c.col+` < ?
			ORDER BY `+c.col+` LIMIT 50`, c.state, utc(c.at))
		if err != nil {
			return nil, err
		}
		for rs.Next() {
			var p StuckPayment
			var state string
			if err := rs.Scan(&p.ID, &state, &p.Since, &p.ExpiresAt); err != nil {
				rs.Close()
				return nil, err
			}
			p.State, p.Since, p.ExpiresAt = payment.State(state), p.Since.UTC(), p.ExpiresAt.UTC()
			out = append(out, p)
		}
		rs.Close()
		if err := rs.Err(); err != nil {
			return nil, err
		}
	}
	return out, nil
}
