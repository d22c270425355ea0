// Package partnercall holds the small helpers every use case that calls
// the partner shares (payments, onboarding): the Idempotency-Key of a
// request, the payer's words for a partner failure, and keeping the calls
// made for the operations console's Explain.
package partnercall

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"log/slog"
	"time"

	"github.com/crebit/crebit/internal/apperr"
	"github.com/crebit/crebit/internal/partner"
	"github.com/crebit/crebit/internal/store"
)

// IdemKey derives a partner Idempotency-Key from the parts that make a
// request unique, so a repeated request reuses the partner's first answer.
func IdemKey(parts ...string) string {
	h := sha256.New()
	for _, p := range parts {
		h.Write([]byte(p))
		h.Write([]byte{0})
	}
	return hex.EncodeToString(h.Sum(nil))[:40]
}

// Unavailable maps a partner failure to a message the payer can act
// on: the catalog's partner_unavailable.<name> when it may pass.
func Unavailable(err error, name string) error {
	var pe *partner.Error
	if errors.As(err, &pe) && !pe.Temporary() {
		// A lasting refusal: retrying the same request cannot help, and the
		// partner's own words are not the payer's (they are logged by the
		// caller). Never a 500.
		return apperr.E(apperr.Unprocessable, "partner_refused")
	}
	return apperr.E(apperr.PartnerUnavailable, name)
}

// Failure is Unavailable, or for a staged partner its own
// reading of the refusal (an invalid tax id, a payer not yet verified, a
// quote whose rates moved) as the payer's error.
// temporary is the answer to a temporary failure.
func Failure(p partner.Partner, err error, temporary *apperr.Error) error {
	if m := p.MapError(err, temporary); m != nil {
		return m
	}
	var pe *partner.Error
	if errors.As(err, &pe) && !pe.Temporary() {
		return apperr.E(apperr.Unprocessable, "partner_refused")
	}
	return temporary
}

// Partner calls are kept for the operations console's Explain: a use case
// starts a call log (partner.WithCallLog), and the calls it made are stored
// about the object they concern — in the transaction that records the
// outcome where there is one (Keep), else on their own (Flush,
// deferred, which writes only what is still pending: a refusal, a failure).

// Keep stores, in tx, the calls ctx's log holds that are not yet
// stored; the caller marks them stored once tx commits (the returned func).
func Keep(ctx context.Context, tx *store.Tx, objectID string) (committed func(), err error) {
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

// Flush stores, in a transaction of its own, the calls still pending
// in ctx's log. A failure to store them is logged, never returned: the
// operation's own outcome stands.
func Flush(ctx context.Context, db *store.DB, log *slog.Logger, objectID string) {
	_, l := partner.WithCallLog(ctx)
	pending := l.Pending()
	if len(pending) == 0 {
		return
	}
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 30*time.Second)
	defer cancel()
	if err := db.Tx(ctx, func(tx *store.Tx) error { return tx.AddPartnerCalls(ctx, storedCalls(pending, objectID)) }); err != nil {
		log.Warn("partner calls not kept", "object_id", objectID, "err", err)
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
