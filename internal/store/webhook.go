package store

import (
	"context"
	"time"
)

// RecordWebhookEvent stores a partner event under its id. It reports false,
// changing nothing, when the id was already recorded (a replay or a retry).
func (tx *Tx) RecordWebhookEvent(ctx context.Context, id, typ, payload string, received time.Time) (bool, error) {
	n, err := tx.exec(ctx, `INSERT INTO webhook_events (id, type, payload, received_at) VALUES (?, ?, ?, ?)
		ON CONFLICT (id) DO NOTHING`, id, typ, payload, utc(received))
	return n == 1, err
}

// WebhookEventPayload returns a recorded event's body.
func (tx *Tx) WebhookEventPayload(ctx context.Context, id string) (string, error) {
	var p string
	err := tx.queryRow(ctx, `SELECT payload FROM webhook_events WHERE id = ?`, id).Scan(&p)
	return p, err
}

// MarkWebhookProcessed records what processing an event did.
func (tx *Tx) MarkWebhookProcessed(ctx context.Context, id, outcome string, at time.Time) error {
	_, err := tx.exec(ctx, `UPDATE webhook_events SET processed_at = ?, outcome = ? WHERE id = ?`, utc(at), outcome, id)
	return err
}
