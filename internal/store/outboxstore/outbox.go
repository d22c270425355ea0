package outboxstore

import (
	"context"
	"database/sql"
	"fmt"
	"slices"
	"time"

	"github.com/crebit/crebit/internal/store"
)

// OutboxMessage is one e-mail waiting to be (or already) sent. The rendered
// parts are sealed: they can carry single-use links.
type OutboxMessage struct {
	ID         string
	MessageID  string
	Kind       string
	To         string
	Subject    string
	BodySealed string
	CreatedAt  time.Time
	Attempts   int
	LastError  string
	SentAt     *time.Time
	FailedAt   *time.Time
	ObjectID   string // the payment it is about ("" for other mail)
}

// OutboxColumns are the outbox columns ScanOutboxRows reads, in order.
const OutboxColumns = `id, message_id, kind, to_addr, subject, body_sealed, created_at, attempts, last_error, sent_at, failed_at, object_id`

// InsertOutbox stores a message, due at once; call it in the transaction
// that causes it.
func InsertOutbox(ctx context.Context, tx *store.Tx, m OutboxMessage) error {
	_, err := tx.Exec(ctx, `INSERT INTO outbox (id, message_id, kind, to_addr, subject, body_sealed, created_at, next_attempt_at, object_id)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`, m.ID, m.MessageID, m.Kind, m.To, m.Subject, m.BodySealed, store.UTC(m.CreatedAt), store.UTC(m.CreatedAt),
		store.Nullable(m.ObjectID))
	return err
}

// ClaimOutbox claims up to limit messages that are due at now (not sent,
// not failed for good, their next attempt reached and no live claim on
// them), oldest due first, until the lease ends: no other dispatcher takes
// them before, and one that died holding them lets them go when it passes.
// On PostgreSQL a row another transaction is claiming is skipped.
func ClaimOutbox(ctx context.Context, tx *store.Tx, now, lease time.Time, limit int) ([]OutboxMessage, error) {
	skip := ""
	if tx.Engine() == store.Postgres {
		skip = " FOR UPDATE SKIP LOCKED"
	}
	rs, err := tx.Query(ctx, `UPDATE outbox SET claimed_until = ? WHERE id IN (
		SELECT id FROM outbox WHERE `+outboxDue+` ORDER BY next_attempt_at LIMIT ?`+skip+`) RETURNING `+OutboxColumns,
		store.UTC(lease), store.UTC(now), store.UTC(now), limit)
	if err != nil {
		return nil, err
	}
	out, err := ScanOutboxRows(rs)
	// RETURNING gives no order; send the oldest first.
	slices.SortFunc(out, func(a, b OutboxMessage) int { return a.CreatedAt.Compare(b.CreatedAt) })
	return out, err
}

// outboxDue selects the messages due at a time (given twice): neither sent
// nor failed for good, their next attempt reached, no live claim on them.
const outboxDue = `sent_at IS NULL AND failed_at IS NULL
	AND (next_attempt_at IS NULL OR next_attempt_at <= ?) AND (claimed_until IS NULL OR claimed_until <= ?)`

// ReleaseOutbox ends the claims on messages not sent (a dispatcher
// stopping), so they are due again at once.
func ReleaseOutbox(ctx context.Context, tx *store.Tx, ids []string) error {
	for _, id := range ids {
		if _, err := tx.Exec(ctx, `UPDATE outbox SET claimed_until = NULL WHERE id = ? AND sent_at IS NULL`, id); err != nil {
			return err
		}
	}
	return nil
}

// OutboxDue reports whether a message is due at now (a cheap look before
// a claim, on the read pool).
func OutboxDue(ctx context.Context, tx *store.Tx, now time.Time) (bool, error) {
	var n int
	err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM (SELECT 1 FROM outbox WHERE `+outboxDue+` LIMIT 1) due`,
		store.UTC(now), store.UTC(now)).Scan(&n)
	return n > 0, err
}

// OutboxBacklog counts the messages not yet sent nor failed for good.
func OutboxBacklog(ctx context.Context, tx *store.Tx) (int64, error) {
	var n int64
	err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM outbox WHERE sent_at IS NULL AND failed_at IS NULL`).Scan(&n)
	return n, err
}

// Outbox returns a message by id, or store.ErrNotFound.
func Outbox(ctx context.Context, tx *store.Tx, id string) (OutboxMessage, error) {
	return scanOutbox(tx.QueryRow(ctx, `SELECT `+OutboxColumns+` FROM outbox WHERE id = ?`, id))
}

// OutboxByKind lists messages of a kind to an address, newest first (tests,
// support).
func OutboxByKind(ctx context.Context, tx *store.Tx, to, kind string) ([]OutboxMessage, error) {
	rs, err := tx.Query(ctx, `SELECT `+OutboxColumns+` FROM outbox WHERE to_addr = ? AND kind = ? ORDER BY created_at DESC`, to, kind)
	if err != nil {
		return nil, err
	}
	return ScanOutboxRows(rs)
}

// ScanOutboxRows reads rows of OutboxColumns and closes them (the
// console's health page reads the failed ones).
func ScanOutboxRows(rs store.Rows) ([]OutboxMessage, error) {
	defer rs.Close()
	var out []OutboxMessage
	for rs.Next() {
		m, err := scanOutbox(rs)
		if err != nil {
			return nil, err
		}
		out = append(out, m)
	}
	return out, rs.Err()
}

// MarkOutboxSent records delivery; it reports false when the message was
// already marked sent (the caller then did a duplicate send).
func MarkOutboxSent(ctx context.Context, tx *store.Tx, id string, at time.Time) (bool, error) {
	n, err := tx.Exec(ctx, `UPDATE outbox SET sent_at = ?, attempts = attempts + 1, last_error = NULL, claimed_until = NULL
		WHERE id = ? AND sent_at IS NULL`, store.UTC(at), id)
	return n == 1, err
}

// RecordOutboxFailure counts a failed attempt and makes the message due
// again at next (its claim released); final instead marks it failed for
// good (kept, never deleted).
func RecordOutboxFailure(ctx context.Context, tx *store.Tx, id, reason string, final bool, at, next time.Time) error {
	var failed any
	if final {
		failed = store.UTC(at)
	}
	_, err := tx.Exec(ctx, `UPDATE outbox SET attempts = attempts + 1, last_error = ?, failed_at = ?, next_attempt_at = ?,
		claimed_until = NULL WHERE id = ? AND sent_at IS NULL`, truncate(reason, 500), failed, store.UTC(next), id)
	return err
}

func scanOutbox(r store.Row) (OutboxMessage, error) {
	var m OutboxMessage
	var lastErr, object sql.NullString
	var sent, failed sql.NullTime
	err := r.Scan(&m.ID, &m.MessageID, &m.Kind, &m.To, &m.Subject, &m.BodySealed, &m.CreatedAt, &m.Attempts,
		&lastErr, &sent, &failed, &object)
	if err != nil {
		return OutboxMessage{}, err
	}
	m.CreatedAt, m.LastError, m.ObjectID = m.CreatedAt.UTC(), lastErr.String, object.String
	if sent.Valid {
		t := sent.Time.UTC()
		m.SentAt = &t
	}
	if failed.Valid {
		t := failed.Time.UTC()
		m.FailedAt = &t
	}
	return m, nil
}

// MailboxMessage is a message delivered to the local mailbox.
type MailboxMessage struct {
	ID        string
	MessageID string
	To        string
	Subject   string
	// Body is the message sealed as bytes (outbox's mailbox format);
	// BodySealed is the sealed JSON text of a message delivered before
	// migration 00103, empty when Body is set.
	Body        []byte
	BodySealed  string
	DeliveredAt time.Time
}

// DeliverMailbox stores a message (its Body) in the local mailbox once per
// Message-ID.
func DeliverMailbox(ctx context.Context, tx *store.Tx, m MailboxMessage) error {
	_, err := tx.Exec(ctx, `INSERT INTO mailbox (id, message_id, to_addr, subject, body, delivered_at)
		VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (message_id) DO NOTHING`,
		m.ID, m.MessageID, m.To, m.Subject, m.Body, store.UTC(m.DeliveredAt))
	return err
}

// DeliverMailboxSent stores messages in the local mailbox (once per
// Message-ID) and marks their outbox rows (outboxIDs, in the same order)
// sent at at. On PostgreSQL the whole batch is one statement of one text
// whatever its size (arrays unnested); on SQLite, where a statement costs
// no round trip, it is DeliverMailbox and MarkOutboxSent for each.
func DeliverMailboxSent(ctx context.Context, tx *store.Tx, msgs []MailboxMessage, outboxIDs []string, at time.Time) error {
	if len(msgs) != len(outboxIDs) {
		return fmt.Errorf("outboxstore: %d mailbox messages for %d outbox rows", len(msgs), len(outboxIDs))
	}
	if len(msgs) == 0 {
		return nil
	}
	if tx.Engine() != store.Postgres {
		for i, m := range msgs {
			m.DeliveredAt = at
			if err := DeliverMailbox(ctx, tx, m); err != nil {
				return err
			}
			if _, err := MarkOutboxSent(ctx, tx, outboxIDs[i], at); err != nil {
				return err
			}
		}
		return nil
	}
	ids, msgIDs, tos, subjects := make([]string, len(msgs)), make([]string, len(msgs)), make([]string, len(msgs)), make([]string, len(msgs))
	bodies := make([][]byte, len(msgs))
	for i, m := range msgs {
		ids[i], msgIDs[i], tos[i], subjects[i], bodies[i] = m.ID, m.MessageID, m.To, m.Subject, m.Body
	}
	_, err := tx.Exec(ctx, `WITH delivered AS (
			INSERT INTO mailbox (id, message_id, to_addr, subject, body, delivered_at)
			SELECT id, message_id, to_addr, subject, body, ?::timestamptz
			FROM unnest(?::text[], ?::text[], ?::text[], ?::text[], ?::bytea[]) AS m(id, message_id, to_addr, subject, body)
			ON CONFLICT (message_id) DO NOTHING)
		UPDATE outbox SET sent_at = ?, attempts = attempts + 1, last_error = NULL, claimed_until = NULL
		WHERE id = ANY(?::text[]) AND sent_at IS NULL`,
		store.UTC(at), ids, msgIDs, tos, subjects, bodies, store.UTC(at), outboxIDs)
	return err
}

// Mailbox lists the newest local-mailbox messages, without their bodies.
func Mailbox(ctx context.Context, tx *store.Tx, limit int) ([]MailboxMessage, error) {
	rs, err := tx.Query(ctx, `SELECT id, message_id, to_addr, subject, delivered_at FROM mailbox
		ORDER BY delivered_at DESC, id DESC LIMIT ?`, limit)
	if err != nil {
		return nil, err
	}
	defer rs.Close()
	var out []MailboxMessage
	for rs.Next() {
		var m MailboxMessage
		if err := rs.Scan(&m.ID, &m.MessageID, &m.To, &m.Subject, &m.DeliveredAt); err != nil {
			return nil, err
		}
		m.DeliveredAt = m.DeliveredAt.UTC()
		out = append(out, m)
	}
	return out, rs.Err()
}

// MailboxByID returns one local-mailbox message with its body, or
// store.ErrNotFound.
func MailboxByID(ctx context.Context, tx *store.Tx, id string) (MailboxMessage, error) {
	var m MailboxMessage
	var old sql.NullString
	err := tx.QueryRow(ctx, `SELECT id, message_id, to_addr, subject, body, body_sealed, delivered_at FROM mailbox WHERE id = ?`, id).
		Scan(&m.ID, &m.MessageID, &m.To, &m.Subject, &m.Body, &old, &m.DeliveredAt)
	m.BodySealed, m.DeliveredAt = old.String, m.DeliveredAt.UTC()
	return m, err
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && (s[n]&0xC0) == 0x80 {
		n--
	}
	return s[:n]
}

// MailsAbout returns the e-mails queued about an object (a payment), oldest
// first, whether sent, waiting or failed.
func MailsAbout(ctx context.Context, tx *store.Tx, objectID string) ([]OutboxMessage, error) {
	rs, err := tx.Query(ctx, `SELECT `+OutboxColumns+` FROM outbox WHERE object_id = ? ORDER BY created_at, id`, objectID)
	if err != nil {
		return nil, err
	}
	return ScanOutboxRows(rs)
}

// PurgeSentMail deletes e-mails sent (or given up on) before the cutoff, and
// local-mailbox copies delivered before it: their sealed bodies hold payment
// details, and nothing needs them once the refund window has passed. E-mails
// still waiting to be sent are kept.
func PurgeSentMail(ctx context.Context, tx *store.Tx, before time.Time) (int64, error) {
	n, err := tx.Exec(ctx, `DELETE FROM outbox WHERE (sent_at IS NOT NULL AND sent_at < ?) OR (failed_at IS NOT NULL AND failed_at < ?)`, before, before)
	if err != nil {
		return 0, err
	}
	m, err := tx.Exec(ctx, `DELETE FROM mailbox WHERE delivered_at < ?`, before)
	return n + m, err
}
