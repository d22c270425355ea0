package store

import (
	"context"
	"database/sql"
	"time"
)

// RecordWebhookEvent stores a partner event under its id. It reports false,
// changing nothing, when the id was already recorded (a replay or a retry).
func (tx *Tx) RecordWebhookEvent(ctx context.Context, id, typ, payload, headers string, received time.Time) (bool, error) {
	n, err := tx.exec(ctx, `INSERT INTO webhook_events (id, type, payload, headers, received_at) VALUES (?, ?, ?, ?, ?)
		ON CONFLICT (id) DO NOTHING`, id, typ, payload, headers, utc(received))
	return n == 1, err
}

// WebhookEventPayload returns a recorded event's body.
func (tx *Tx) WebhookEventPayload(ctx context.Context, id string) (string, error) {
	var p string
	err := tx.queryRow(ctx, `SELECT payload FROM webhook_events WHERE id = ?`, id).Scan(&p)
	return p, err
}

// MarkWebhookProcessed records what processing an event did and, unless
// paymentID is empty, which payment it was about, in one statement.
func (tx *Tx) MarkWebhookProcessed(ctx context.Context, id, paymentID, outcome string, at time.Time) error {
	_, err := tx.exec(ctx, `UPDATE webhook_events SET processed_at = ?, outcome = ?, payment_id = COALESCE(?, payment_id)
		WHERE id = ?`, utc(at), outcome, nullable(paymentID), id)
	return err
}

// ReceivedWebhook is an event as received, for the console's Explain.
type ReceivedWebhook struct {
	ID, Type, Payload, Headers, Outcome string
	ReceivedAt                          time.Time
	ProcessedAt                         *time.Time
}

// WebhooksAbout returns the events recorded about a payment, oldest first.
func (tx *Tx) WebhooksAbout(ctx context.Context, paymentID string) ([]ReceivedWebhook, error) {
	return tx.receivedWebhooks(ctx, `SELECT id, type, payload, headers, COALESCE(outcome, ''), received_at, processed_at
		FROM webhook_events WHERE payment_id = ? ORDER BY received_at, id`, paymentID)
}

// receivedWebhooks runs a query of webhook_events' id, type, payload,
// headers, outcome, received_at and processed_at.
func (tx *Tx) receivedWebhooks(ctx context.Context, q string, args ...any) ([]ReceivedWebhook, error) {
	rs, err := tx.query(ctx, q, args...)
	if err != nil {
		return nil, err
	}
	defer rs.Close()
	var out []ReceivedWebhook
	for rs.Next() {
		var w ReceivedWebhook
		var processed sql.NullTime
		if err := rs.Scan(&w.ID, &w.Type, &w.Payload, &w.Headers, &w.Outcome, &w.ReceivedAt, &processed); err != nil {
			return nil, err
		}
		w.ReceivedAt = w.ReceivedAt.UTC()
		if processed.Valid {
			t := processed.Time.UTC()
			w.ProcessedAt = &t
		}
		out = append(out, w)
	}
	return out, rs.Err()
}
