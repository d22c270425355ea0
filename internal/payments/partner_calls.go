package payments

import (
	"context"

	"github.com/crebit/crebit/internal/partnercall"
	"github.com/crebit/crebit/internal/store"
)

// Partner calls are kept for the operations console's Explain
// (partnercall.Keep, partnercall.Flush).

// keepCalls stores, in tx, the calls ctx's log holds that are not yet
// stored; the caller marks them stored once tx commits (the returned func).
func keepCalls(ctx context.Context, tx *store.Tx, objectID string) (committed func(), err error) {
	return partnercall.Keep(ctx, tx, objectID)
}

// flushCalls stores, in a transaction of its own, the calls still pending
// in ctx's log (partnercall.Flush).
func (s *Service) flushCalls(ctx context.Context, objectID string) {
	partnercall.Flush(ctx, s.db, s.log, objectID)
}
