package store

import (
	"context"
	"time"
)

// PartnerCall is one stored call to the partner (partner.Call, with what
// it was about).
type PartnerCall struct {
	ID        int64
	At        time.Time
	ObjectID  string // the payment, customer, bank account or quote it was for
	Operation string
	IdemKey   string
	Outcome   string
	Duration  time.Duration
	Request   string
	Response  string
}

// AddPartnerCalls stores partner calls.
func (tx *Tx) AddPartnerCalls(ctx context.Context, calls []PartnerCall) error {
	for _, c := range calls {
		if _, err := tx.exec(ctx, `INSERT INTO partner_calls (at, object_id, operation, idem_key, outcome, duration_ms, request, response)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?)`, utc(c.At), c.ObjectID, c.Operation, c.IdemKey, c.Outcome, c.Duration.Milliseconds(),
			c.Request, c.Response); err != nil {
			return err
		}
	}
	return nil
}
