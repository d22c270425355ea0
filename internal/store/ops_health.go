package store

import (
	"context"
	"time"

	"github.com/crebit/crebit/internal/payment"
)

// JobCount is how many jobs of a kind are in a state.
type JobCount struct {
	Kind, State string
	Count       int
}

// JobsNotDone counts River jobs that are not completed, by kind and state
// (available, scheduled, running, retryable, discarded, cancelled).
func (tx *Tx) JobsNotDone(ctx context.Context) ([]JobCount, error) {
	rs, err := tx.query(ctx, `SELECT kind, CAST(state AS TEXT), COUNT(*) FROM river_job WHERE state <> 'completed'
		GROUP BY kind, state ORDER BY kind, 2`)
	if err != nil {
		return nil, err
	}
	defer rs.Close()
	var out []JobCount
	for rs.Next() {
		var c JobCount
		if err := rs.Scan(&c.Kind, &c.State, &c.Count); err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, rs.Err()
}

// MailHealth is the outbox at a glance.
type MailHealth struct {
	Waiting, Failed int
	FailedRecent    []OutboxMessage // the newest failures (no body)
}

// OutboxHealth counts waiting and failed e-mails and lists the newest
// failures.
func (tx *Tx) OutboxHealth(ctx context.Context) (MailHealth, error) {
	var h MailHealth
	err := tx.queryRow(ctx, `SELECT
		COALESCE(SUM(CASE WHEN sent_at IS NULL AND failed_at IS NULL THEN 1 ELSE 0 END), 0),
		COALESCE(SUM(CASE WHEN failed_at IS NOT NULL THEN 1 ELSE 0 END), 0) FROM outbox`).Scan(&h.Waiting, &h.Failed)
	if err != nil {
		return h, err
	}
	rs, err := tx.query(ctx, `SELECT `+outboxColumns+` FROM outbox WHERE failed_at IS NOT NULL ORDER BY failed_at DESC LIMIT 20`)
	if err != nil {
		return h, err
	}
	h.FailedRecent, err = scanOutboxRows(rs)
	for i := range h.FailedRecent {
		h.FailedRecent[i].BodySealed = ""
	}
	return h, err
}

// IgnoredWebhooks returns the events received since t that changed no
// payment because they could not be applied (unknown payment, unreadable
// amount, unknown type), newest first.
func (tx *Tx) IgnoredWebhooks(ctx context.Context, since time.Time) ([]ReceivedWebhook, error) {
	return tx.receivedWebhooks(ctx, `SELECT id, type, '', '', COALESCE(outcome, ''), received_at, processed_at FROM webhook_events
		WHERE received_at >= ? AND outcome LIKE 'ignored%' ORDER BY received_at DESC LIMIT 50`, utc(since))
}

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
