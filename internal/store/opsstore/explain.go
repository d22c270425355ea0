package opsstore

import (
	"context"
	"time"

	"github.com/crebit/crebit/internal/ledger"
	"github.com/crebit/crebit/internal/money"
	"github.com/crebit/crebit/internal/store"
)

// PartnerCallsAbout returns the calls made about any of ids, oldest first.
func PartnerCallsAbout(ctx context.Context, tx *store.Tx, ids ...string) ([]store.PartnerCall, error) {
	if len(ids) == 0 {
		return nil, nil
	}
	q, args := `SELECT id, at, object_id, operation, idem_key, outcome, duration_ms, request, response FROM partner_calls WHERE object_id IN (`, []any{}
	for i, id := range ids {
		if i > 0 {
			q += ", "
		}
		q, args = q+"?", append(args, id)
	}
	rs, err := tx.Query(ctx, q+`) ORDER BY at, id`, args...)
	if err != nil {
		return nil, err
	}
	defer rs.Close()
	var out []store.PartnerCall
	for rs.Next() {
		var c store.PartnerCall
		var ms int64
		if err := rs.Scan(&c.ID, &c.At, &c.ObjectID, &c.Operation, &c.IdemKey, &c.Outcome, &ms, &c.Request, &c.Response); err != nil {
			return nil, err
		}
		c.At, c.Duration = c.At.UTC(), time.Duration(ms)*time.Millisecond
		out = append(out, c)
	}
	return out, rs.Err()
}

// LedgerPosting is one ledger transaction of a payment with its entries.
type LedgerPosting struct {
	ID        string
	Kind      string
	CreatedAt time.Time
	Entries   []ledger.Entry
}

// LedgerAbout returns a payment's ledger transactions, oldest first.
func LedgerAbout(ctx context.Context, tx *store.Tx, paymentID string) ([]LedgerPosting, error) {
	rs, err := tx.Query(ctx, `SELECT t.id, t.kind, t.created_at, e.account, e.currency, e.delta FROM ledger_transactions t
		JOIN ledger_entries e ON e.transaction_id = t.id WHERE t.payment_id = ? ORDER BY t.created_at, t.id, e.id`, paymentID)
	if err != nil {
		return nil, err
	}
	defer rs.Close()
	var out []LedgerPosting
	for rs.Next() {
		var id, kind, account, cur string
		var at time.Time
		var delta int64
		if err := rs.Scan(&id, &kind, &at, &account, &cur, &delta); err != nil {
			return nil, err
		}
		if len(out) == 0 || out[len(out)-1].ID != id {
			out = append(out, LedgerPosting{ID: id, Kind: kind, CreatedAt: at.UTC()})
		}
		p := &out[len(out)-1]
		p.Entries = append(p.Entries, ledger.Entry{Account: account, Currency: money.Currency(cur), Delta: delta})
	}
	return out, rs.Err()
}

// CopyOutbox queues again, as a new message, an e-mail queued about
// objectID (ErrNotFound when it is not one of that object's).
func CopyOutbox(ctx context.Context, tx *store.Tx, id, objectID, newID, messageID string, now time.Time) error {
	n, err := tx.Exec(ctx, `INSERT INTO outbox (id, message_id, kind, to_addr, subject, body_sealed, created_at, next_attempt_at, object_id)
		SELECT ?, ?, kind, to_addr, subject, body_sealed, ?, ?, object_id FROM outbox WHERE id = ? AND object_id = ?`,
		newID, messageID, store.UTC(now), store.UTC(now), id, objectID)
	if err == nil && n == 0 {
		return store.ErrNotFound
	}
	return err
}

// WebhookPaymentID returns the payment a recorded event moved ("" when
// none), or ErrNotFound.
func WebhookPaymentID(ctx context.Context, tx *store.Tx, eventID string) (string, error) {
	var p *string
	err := tx.QueryRow(ctx, `SELECT payment_id FROM webhook_events WHERE id = ?`, eventID).Scan(&p)
	if p == nil {
		return "", err
	}
	return *p, err
}
