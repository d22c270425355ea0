package opsstore

import (
	"context"
	"time"

	"github.com/crebit/crebit/internal/store"
)

// Operator is an account that may use the operations console, with its role.
type Operator struct {
	AccountID string
	Email     string
	Role      string // support, finance or admin
	CreatedAt time.Time
	CreatedBy string // "cli" or the operator who added it
}

// OperatorOf returns the account's operator row, or ErrNotFound.
func OperatorOf(ctx context.Context, tx *store.Tx, accountID string) (Operator, error) {
	var o Operator
	err := tx.QueryRow(ctx, `SELECT o.account_id, a.email, o.role, o.created_at, o.created_by FROM operators o
		JOIN accounts a ON a.id = o.account_id WHERE o.account_id = ? AND a.closed_at IS NULL`, accountID).
		Scan(&o.AccountID, &o.Email, &o.Role, &o.CreatedAt, &o.CreatedBy)
	o.CreatedAt = o.CreatedAt.UTC()
	return o, err
}

// Operators lists every operator, by e-mail.
func Operators(ctx context.Context, tx *store.Tx) ([]Operator, error) {
	rs, err := tx.Query(ctx, `SELECT o.account_id, a.email, o.role, o.created_at, o.created_by FROM operators o
		JOIN accounts a ON a.id = o.account_id ORDER BY a.email`)
	if err != nil {
		return nil, err
	}
	defer rs.Close()
	var out []Operator
	for rs.Next() {
		var o Operator
		if err := rs.Scan(&o.AccountID, &o.Email, &o.Role, &o.CreatedAt, &o.CreatedBy); err != nil {
			return nil, err
		}
		o.CreatedAt = o.CreatedAt.UTC()
		out = append(out, o)
	}
	return out, rs.Err()
}

// SetOperator makes the account an operator with role, or changes its role.
func SetOperator(ctx context.Context, tx *store.Tx, o Operator) error {
	_, err := tx.Exec(ctx, `INSERT INTO operators (account_id, role, created_at, created_by) VALUES (?, ?, ?, ?)
		ON CONFLICT (account_id) DO UPDATE SET role = excluded.role`, o.AccountID, o.Role, store.UTC(o.CreatedAt), o.CreatedBy)
	return err
}

// RemoveOperator ends the account's operator role (ErrNotFound when it had none).
func RemoveOperator(ctx context.Context, tx *store.Tx, accountID string) error {
	n, err := tx.Exec(ctx, `DELETE FROM operators WHERE account_id = ?`, accountID)
	if err == nil && n == 0 {
		return store.ErrNotFound
	}
	return err
}

// AuditEntry is one operator action, as the audit log keeps it forever.
type AuditEntry struct {
	ID         string
	At         time.Time
	Actor      string // the operator's account id, or "cli"
	ActorEmail string
	Action     string // e.g. operator.add, payment.refund, reward.send
	ObjectType string // payment, operator, reward, conversation, ...
	ObjectID   string
	Before     string // JSON of the object's relevant state before the action
	After      string // and after
	Reason     string // what the operator typed
}

// AppendAudit writes an entry. The table refuses updates and deletes.
func AppendAudit(ctx context.Context, tx *store.Tx, e AuditEntry) error {
	_, err := tx.Exec(ctx, `INSERT INTO audit_log (id, at, actor, actor_email, action, object_type, object_id, before_json, after_json, reason)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, e.ID, store.UTC(e.At), e.Actor, e.ActorEmail, e.Action, e.ObjectType, e.ObjectID,
		e.Before, e.After, e.Reason)
	return err
}

// AuditFilter narrows the audit log: one object, and/or entries before a
// time (the next page), newest first.
type AuditFilter struct {
	ObjectType, ObjectID string
	// AfterAt and AfterID continue a page: entries older than (AfterAt,
	// AfterID) in the log's order, so entries written in the same instant
	// are neither skipped nor shown twice.
	AfterAt time.Time
	AfterID string
	Limit   int
}

// Audit returns audit entries, newest first (by time, then id).
func Audit(ctx context.Context, tx *store.Tx, f AuditFilter) ([]AuditEntry, error) {
	q := `SELECT id, at, actor, actor_email, action, object_type, object_id, before_json, after_json, reason FROM audit_log WHERE 1 = 1`
	var args []any
	if f.ObjectType != "" {
		q += ` AND object_type = ? AND object_id = ?`
		args = append(args, f.ObjectType, f.ObjectID)
	}
	if !f.AfterAt.IsZero() {
		q += ` AND (at < ? OR (at = ? AND id < ?))`
		args = append(args, store.UTC(f.AfterAt), store.UTC(f.AfterAt), f.AfterID)
	}
	if f.Limit <= 0 || f.Limit > 200 {
		f.Limit = 50
	}
	q += ` ORDER BY at DESC, id DESC LIMIT ?`
	args = append(args, f.Limit)
	rs, err := tx.Query(ctx, q, args...)
	if err != nil {
		return nil, err
	}
	defer rs.Close()
	var out []AuditEntry
	for rs.Next() {
		var e AuditEntry
		if err := rs.Scan(&e.ID, &e.At, &e.Actor, &e.ActorEmail, &e.Action, &e.ObjectType, &e.ObjectID, &e.Before, &e.After, &e.Reason); err != nil {
			return nil, err
		}
		e.At = e.At.UTC()
		out = append(out, e)
	}
	return out, rs.Err()
}
