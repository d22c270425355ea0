package store

import (
	"context"
	"database/sql"
	"slices"
	"time"
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

const outboxColumns = `id, message_id, kind, to_addr, subject, body_sealed, created_at, attempts, last_error, sent_at, failed_at, object_id`

// InsertOutbox stores a message, due at once; call it in the transaction
// that causes it.
func (tx *Tx) InsertOutbox(ctx context.Context, m OutboxMessage) error {
	_, err := tx.exec(ctx, `INSERT INTO outbox (id, message_id, kind, to_addr, subject, body_sealed, created_at, next_attempt_at, object_id)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`, m.ID, m.MessageID, m.Kind, m.To, m.Subject, m.BodySealed, utc(m.CreatedAt), utc(m.CreatedAt),
		nullable(m.ObjectID))
	return err
}

// ClaimOutbox claims up to limit messages that are due at now (not sent,
// not failed for good, their next attempt reached and no live claim on
// them), oldest due first, until the lease ends: no other dispatcher takes
// them before, and one that died holding them lets them go when it passes.
// On PostgreSQL a row another transaction is claiming is skipped.
func (tx *Tx) ClaimOutbox(ctx context.Context, now, lease time.Time, limit int) ([]OutboxMessage, error) {
	skip := ""
	if tx.engine == Postgres {
		skip = " FOR UPDATE SKIP LOCKED"
	}
	rs, err := tx.query(ctx, `UPDATE outbox SET claimed_until = ? WHERE id IN (
		SELECT id FROM outbox WHERE `+outboxDue+` ORDER BY next_attempt_at LIMIT ?`+skip+`) RETURNING `+outboxColumns,
		utc(lease), utc(now), utc(now), limit)
	if err != nil {
		return nil, err
	}
	out, err := scanOutboxRows(rs)
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
func (tx *Tx) ReleaseOutbox(ctx context.Context, ids []string) error {
	for _, id := range ids {
		if _, err := tx.exec(ctx, `UPDATE outbox SET claimed_until = NULL WHERE id = ? AND sent_at IS NULL`, id); err != nil {
			return err
		}
	}
	return nil
}

// OutboxDue reports whether a message is due at now (a cheap look before
// a claim, on the read pool).
func (tx *Tx) OutboxDue(ctx context.Context, now time.Time) (bool, error) {
	var n int
	err := tx.queryRow(ctx, `SELECT COUNT(*) FROM (SELECT 1 FROM outbox WHERE `+outboxDue+` LIMIT 1) due`,
		utc(now), utc(now)).Scan(&n)
	return n > 0, err
}

// OutboxBacklog counts the messages not yet sent nor failed for good.
func (tx *Tx) OutboxBacklog(ctx context.Context) (int64, error) {
	var n int64
	err := tx.queryRow(ctx, `SELECT COUNT(*) FROM outbox WHERE sent_at IS NULL AND failed_at IS NULL`).Scan(&n)
	return n, err
}

// Outbox returns a message by id, or ErrNotFound.
func (tx *Tx) Outbox(ctx context.Context, id string) (OutboxMessage, error) {
	return scanOutbox(tx.queryRow(ctx, `SELECT `+outboxColumns+` FROM outbox WHERE id = ?`, id))
}

// OutboxByKind lists messages of a kind to an address, newest first (tests,
// support).
func (tx *Tx) OutboxByKind(ctx context.Context, to, kind string) ([]OutboxMessage, error) {
	rs, err := tx.query(ctx, `SELECT `+outboxColumns+` FROM outbox WHERE to_addr = ? AND kind = ? ORDER BY created_at DESC`, to, kind)
	if err != nil {
		return nil, err
	}
	return scanOutboxRows(rs)
}

// scanOutboxRows reads and closes rs.
func scanOutboxRows(rs rows) ([]OutboxMessage, error) {
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
func (tx *Tx) MarkOutboxSent(ctx context.Context, id string, at time.Time) (bool, error) {
	n, err := tx.exec(ctx, `UPDATE outbox SET sent_at = ?, attempts = attempts + 1, last_error = NULL, claimed_until = NULL
		WHERE id = ? AND sent_at IS NULL`, utc(at), id)
	return n == 1, err
}

// RecordOutboxFailure counts a failed attempt and makes the message due
// again at next (its claim released); final instead marks it failed for
// good (kept, never deleted).
func (tx *Tx) RecordOutboxFailure(ctx context.Context, id, reason string, final bool, at, next time.Time) error {
	var failed any
	if final {
		failed = utc(at)
	}
	_, err := tx.exec(ctx, `UPDATE outbox SET attempts = attempts + 1, last_error = ?, failed_at = ?, next_attempt_at = ?,
		claimed_until = NULL WHERE id = ? AND sent_at IS NULL`, truncate(reason, 500), failed, utc(next), id)
	return err
}

func scanOutbox(r row) (OutboxMessage, error) {
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
	ID          string
	MessageID   string
	To          string
	Subject     string
	BodySealed  string
	DeliveredAt time.Time
}

// DeliverMailbox stores a message in the local mailbox once per Message-ID.
func (tx *Tx) DeliverMailbox(ctx context.Context, m MailboxMessage) error {
	_, err := tx.exec(ctx, `INSERT INTO mailbox (id, message_id, to_addr, subject, body_sealed, delivered_at)
		VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (message_id) DO NOTHING`,
		m.ID, m.MessageID, m.To, m.Subject, m.BodySealed, utc(m.DeliveredAt))
	return err
}

// Mailbox lists the newest local-mailbox messages.
func (tx *Tx) Mailbox(ctx context.Context, limit int) ([]MailboxMessage, error) {
	rs, err := tx.query(ctx, `SELECT id, message_id, to_addr, subject, body_sealed, delivered_at FROM mailbox
		ORDER BY delivered_at DESC, id DESC LIMIT ?`, limit)
	if err != nil {
		return nil, err
	}
	defer rs.Close()
	var out []MailboxMessage
	for rs.Next() {
		var m MailboxMessage
		if err := rs.Scan(&m.ID, &m.MessageID, &m.To, &m.Subject, &m.BodySealed, &m.DeliveredAt); err != nil {
			return nil, err
		}
		m.DeliveredAt = m.DeliveredAt.UTC()
		out = append(out, m)
	}
	return out, rs.Err()
}

// MailboxByID returns one local-mailbox message, or ErrNotFound.
func (tx *Tx) MailboxByID(ctx context.Context, id string) (MailboxMessage, error) {
	var m MailboxMessage
	err := tx.queryRow(ctx, `SELECT id, message_id, to_addr, subject, body_sealed, delivered_at FROM mailbox WHERE id = ?`, id).
		Scan(&m.ID, &m.MessageID, &m.To, &m.Subject, &m.BodySealed, &m.DeliveredAt)
	m.DeliveredAt = m.DeliveredAt.UTC()
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
func (tx *Tx) MailsAbout(ctx context.Context, objectID string) ([]OutboxMessage, error) {
	rs, err := tx.query(ctx, `SELECT `+outboxColumns+` FROM outbox WHERE object_id = ? ORDER BY created_at, id`, objectID)
	if err != nil {
		return nil, err
	}
	return scanOutboxRows(rs)
}
