package ops

import (
	"context"

	"github.com/crebit/crebit/internal/store"
)

// AuditTx appends an operator's action to the audit log in tx, the
// action's own transaction: for console use cases that live in packages of
// their own (internal/support).
func (s *Service) AuditTx(ctx context.Context, tx *store.Tx, op Operator, action, objectType, objectID string, before, after any, why string) error {
	return s.audit(ctx, tx, op.AccountID, op.Email, action, objectType, objectID, before, after, why)
}
