package service

import (
	"context"

	"github.com/crebit/crebit/internal/store"
)

// What the support conversations (internal/support, issue 30 item 5) use of
// the service, exported in this one file so that their use cases live in
// their own package: the outbox, the audit log and the rules of typed text.

// QueueMailTx queues an e-mail of kind through the outbox in tx, with extra
// header fields (such as Reply-To; nil for none).
func (s *Service) QueueMailTx(ctx context.Context, tx *store.Tx, kind, lang, to string, fields, headers map[string]string) error {
	return s.queueMailMessage(ctx, tx, kind, lang, to, fields, "", headers)
}

// AuditTx appends an operator's action to the audit log in tx, the
// action's own transaction.
func (s *Service) AuditTx(ctx context.Context, tx *store.Tx, op Operator, action, objectType, objectID string, before, after any, why string) error {
	return s.audit(ctx, tx, op.AccountID, op.Email, action, objectType, objectID, before, after, why)
}

// PlainText reports whether s holds no control characters but newlines and tabs.
func PlainText(s string) bool { return plainText(s) }

// EmailField reads an e-mail address typed in field.
func EmailField(field, raw string) (string, error) { return emailField(field, raw) }
