package store

import (
	"context"
	"strings"
	"time"

	"github.com/crebit/crebit/internal/payment"
)

// PaymentFilter selects payments for lists (the dashboard, operators'
// tools). Zero fields do not filter. At least one owner field should be set
// by callers that serve a person; the service decides which.
type PaymentFilter struct {
	SessionID   string          // made in this browser session
	AccountID   string          // belonging to this account
	States      []payment.State // in any of these states
	CreatedFrom time.Time       // created at or after
	CreatedTo   time.Time       // created before
	Limit       int             // at most this many (default 20, at most 100)
	Offset      int
}

const (
	defaultPageSize = 20
	maxPageSize     = 100
)

// Payments returns the payments matching f, newest first, and how many
// match in all (for paging).
func (tx *Tx) Payments(ctx context.Context, f PaymentFilter) ([]payment.Record, int, error) {
	where, args := []string{"1 = 1"}, []any{}
	if f.SessionID != "" {
		where, args = append(where, "session_id = ?"), append(args, f.SessionID)
	}
	if f.AccountID != "" {
		where, args = append(where, "account_id = ?"), append(args, f.AccountID)
	}
	if len(f.States) > 0 {
		marks := make([]string, len(f.States))
		for i, s := range f.States {
			marks[i], args = "?", append(args, string(s))
		}
		where = append(where, "state IN ("+strings.Join(marks, ", ")+")")
	}
	if !f.CreatedFrom.IsZero() {
		where, args = append(where, "created_at >= ?"), append(args, utc(f.CreatedFrom))
	}
	if !f.CreatedTo.IsZero() {
		where, args = append(where, "created_at < ?"), append(args, utc(f.CreatedTo))
	}
	cond := strings.Join(where, " AND ")

	var total int
	if err := tx.queryRow(ctx, `SELECT COUNT(*) FROM payments WHERE `+cond, args...).Scan(&total); err != nil {
		return nil, 0, err
	}
	limit := f.Limit
	if limit <= 0 {
		limit = defaultPageSize
	}
	limit = min(limit, maxPageSize)
	rs, err := tx.query(ctx, `SELECT `+paymentColumns+` FROM payments WHERE `+cond+
		` ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?`, append(args, limit, max(f.Offset, 0))...)
	if err != nil {
		return nil, 0, err
	}
	defer rs.Close()
	var out []payment.Record
	for rs.Next() {
		p, err := scanPayment(rs)
		if err != nil {
			return nil, 0, err
		}
		out = append(out, p)
	}
	return out, total, rs.Err()
}
