package webhookstore

import (
	"context"
	"database/sql"
	"time"

	"github.com/crebit/crebit/internal/store"
)

// RecordWebhookEvent stores a partner event under its id. It reports false,
// changing nothing, when the id was already recorded (a replay or a retry).
func RecordWebhookEvent(ctx context.Context, tx *store.Tx, id, typ, payload, headers string, received time.Time) (bool, error) {
	n, err := tx.Exec(ctx, `INSERT INTO webhook_events (id, type, payload, headers, received_at) VALUES (?, ?, ?, ?, ?)
		ON CONFLICT (id) DO NOTHING`, id, typ, payload, headers, store.UTC(received))
	return n == 1, err
}

// RecordProcessedWebhookEvent records an event already applied, with what
// applying it did, in one statement: RecordWebhookEvent and
// MarkWebhookProcessed together. It returns false, and records nothing, if
// an event with that id was recorded before (the caller rolls back what it
// applied: a duplicate changes nothing). On PostgreSQL a concurrent
// transaction recording the same id makes it wait for that one's outcome.
func RecordProcessedWebhookEvent(ctx context.Context, tx *store.Tx, id, typ, payload, headers, paymentID, outcome string, received, processed time.Time) (bool, error) {
	n, err := tx.Exec(ctx, `INSERT INTO webhook_events (id, type, payload, headers, received_at, processed_at, outcome, payment_id)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING`,
		id, typ, payload, headers, store.UTC(received), store.UTC(processed), outcome, store.Nullable(paymentID))
	return n == 1, err
}

// WebhookEventPayload returns a recorded event's body.
func WebhookEventPayload(ctx context.Context, tx *store.Tx, id string) (string, error) {
	var p string
	err := tx.QueryRow(ctx, `SELECT payload FROM webhook_events WHERE id = ?`, id).Scan(&p)
	return p, err
}

// MarkWebhookProcessed records what processing an event did and, unless
// paymentID is empty, which payment it was about, in one statement.
func MarkWebhookProcessed(ctx context.Context, tx *store.Tx, id, paymentID, outcome string, at time.Time) error {
	_, err := tx.Exec(ctx, `UPDATE webhook_events SET processed_at = ?, outcome = ?, payment_id = COALESCE(?, payment_id)
		WHERE id = ?`, store.UTC(at), outcome, store.Nullable(paymentID), id)
	return err
}

// ReceivedWebhook is an event as received, for the console's Explain.
type ReceivedWebhook struct {
	ID, Type, Payload, Headers, Outcome string
	ReceivedAt                          time.Time
	ProcessedAt                         *time.Time
}

// WebhooksAbout returns the events recorded about a payment, oldest first.
func WebhooksAbout(ctx context.Context, tx *store.Tx, paymentID string) ([]ReceivedWebhook, error) {
	return QueryWebhooks(ctx, tx, `SELECT id, type, payload, headers, COALESCE(outcome, ''), received_at, processed_at
		FROM webhook_events WHERE payment_id = ? ORDER BY received_at, id`, paymentID)
}

// QueryWebhooks runs a query of webhook_events' id, type, payload, headers,
// outcome, received_at and processed_at (the console's health page reads
// the ignored ones).
func QueryWebhooks(ctx context.Context, tx *store.Tx, q string, args ...any) ([]ReceivedWebhook, error) {
	rs, err := tx.Query(ctx, q, args...)
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
