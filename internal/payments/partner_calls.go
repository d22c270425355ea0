package payments

import (
	"context"

	"github.com/crebit/crebit/internal/partner"
	"github.com/crebit/crebit/internal/store"
)

// Partner calls are kept for the operations console's Explain: a use case
// starts a call log (partner.WithCallLog), and the calls it made are stored
// about the object they concern — in the transaction that records the
// outcome where there is one (keepCalls), else on their own (flushCalls,
// deferred, which writes only what is still pending: a refusal, a failure).

// keepCalls stores, in tx, the calls ctx's log holds that are not yet
// stored; the caller marks them stored once tx commits (the returned func).
func keepCalls(ctx context.Context, tx *store.Tx, objectID string) (committed func(), err error) {
	ctx, l := partner.WithCallLog(ctx)
	pending := l.Pending()
	if len(pending) == 0 {
		return func() {}, nil
	}
	if err := tx.AddPartnerCalls(ctx, storedCalls(pending, objectID)); err != nil {
		return func() {}, err
	}
	return func() { l.MarkWritten(len(pending)) }, nil
}

// flushCalls stores, in a transaction of its own, the calls still pending
// in ctx's log. A failure to store them is logged, never returned: the
// operation's own outcome stands.
func (s *Service) flushCalls(ctx context.Context, objectID string) {
	_, l := partner.WithCallLog(ctx)
	pending := l.Pending()
	if len(pending) == 0 {
		return
	}
	ctx, cancel := detached(ctx)
	defer cancel()
	if err := s.db.Tx(ctx, func(tx *store.Tx) error { return tx.AddPartnerCalls(ctx, storedCalls(pending, objectID)) }); err != nil {
		s.log.Warn("partner calls not kept", "object_id", objectID, "err", err)
		return
	}
	l.MarkWritten(len(pending))
}

func storedCalls(calls []partner.Call, objectID string) []store.PartnerCall {
	out := make([]store.PartnerCall, len(calls))
	for i, c := range calls {
		out[i] = store.PartnerCall{At: c.At, ObjectID: objectID, Operation: c.Operation, IdemKey: c.IdemKey, Outcome: c.Outcome,
			Duration: c.Duration, Request: c.Request, Response: c.Response}
	}
	return out
}
