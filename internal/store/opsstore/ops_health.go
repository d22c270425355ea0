package opsstore

import (
	"context"
	"time"

	"github.com/crebit/crebit/internal/store"
	"github.com/crebit/crebit/internal/store/outboxstore"
	"github.com/crebit/crebit/internal/store/webhookstore"
)

// JobCount is how many jobs of a kind are in a state.
type JobCount struct {
	Kind, State string
	Count       int
}

// JobsNotDone counts River jobs that are not completed, by kind and state
// (available, scheduled, running, retryable, discarded, cancelled).
func JobsNotDone(ctx context.Context, tx *store.Tx) ([]JobCount, error) {
	rs, err := tx.Query(ctx, `SELECT kind, CAST(state AS TEXT), COUNT(*) FROM river_job WHERE state <> 'completed'
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
	FailedRecent    []outboxstore.OutboxMessage // the newest failures (no body)
}

// OutboxHealth counts waiting and failed e-mails and lists the newest
// failures.
func OutboxHealth(ctx context.Context, tx *store.Tx) (MailHealth, error) {
	var h MailHealth
	err := tx.QueryRow(ctx, `SELECT
		COALESCE(SUM(CASE WHEN sent_at IS NULL AND failed_at IS NULL THEN 1 ELSE 0 END), 0),
		COALESCE(SUM(CASE WHEN failed_at IS NOT NULL THEN 1 ELSE 0 END), 0) FROM outbox`).Scan(&h.Waiting, &h.Failed)
	if err != nil {
		return h, err
	}
	rs, err := tx.Query(ctx, `SELECT `+outboxstore.OutboxColumns+` FROM outbox WHERE failed_at IS NOT NULL ORDER BY failed_at DESC LIMIT 20`)
	if err != nil {
		return h, err
	}
	h.FailedRecent, err = outboxstore.ScanOutboxRows(rs)
	for i := range h.FailedRecent {
		h.FailedRecent[i].BodySealed = ""
	}
	return h, err
}

// IgnoredWebhooks returns the events received since t that changed no
// payment because they could not be applied (unknown payment, unreadable
// amount, unknown type), newest first.
func IgnoredWebhooks(ctx context.Context, tx *store.Tx, since time.Time) ([]webhookstore.ReceivedWebhook, error) {
	return webhookstore.QueryWebhooks(ctx, tx, `SELECT id, type, '', '', COALESCE(outcome, ''), received_at, processed_at FROM webhook_events
		WHERE received_at >= ? AND outcome LIKE 'ignored%' ORDER BY received_at DESC LIMIT 50`, store.UTC(since))
}
