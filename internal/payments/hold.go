package payments

import (
	"context"

	"github.com/riverqueue/river"

	"github.com/crebit/crebit/internal/payment"
	"github.com/crebit/crebit/internal/store"
	"github.com/crebit/crebit/internal/store/holdstore"
	"github.com/crebit/crebit/internal/store/webhookstore"
)

// HeldOutcome is the outcome of a partner event about a payment an operator
// put on hold: recorded, not applied. ReleaseHeld applies such events, in
// the order received, when the hold is released.
const HeldOutcome = "held: applied on release"

// onHold reports whether an operator holds payment p, as the read that
// locked it returned it (every caller locked the payment with
// PaymentForUpdate, PaymentByPayinForUpdate or PaymentByOfframpForUpdate
// first): its row's on_hold, which holdstore.HoldPayment and ReleaseHold
// write in the transaction that opens or closes the hold. Nothing is asked
// of the database.
//
// The answer holds until the transaction ends: an operator's hold or
// release (ops/ops_hold.go) locks the payment first, so none can start
// while this transaction holds it. On PostgreSQL (READ COMMITTED) a
// locking read that waited for an operator's hold transaction returns the
// payment row's newest version, which that transaction updated (on_hold
// set), so it sees the hold; a subquery on payment_holds in the same
// statement would not (it keeps the statement's older snapshot), which is
// why the flag is on the payment row. On SQLite there is one writer. A
// caller that itself opens or closes a hold after reading p must read p
// again or set p.OnHold (decide does).
func onHold(p payment.Record) bool { return p.OnHold }

// Holdable reports whether an operator may put a payment in state st on
// hold: only one in progress whose pay-in is open (one still being opened
// is the recovery job's, and an ended one cannot move anyway).
func Holdable(st payment.State) bool {
	return !st.Terminal() && st != payment.StateCreated
}

// AnnounceTx tells the payment's live status streams it changed, once tx
// commits (a hold or a release changes what the payer sees).
func (s *Service) AnnounceTx(ctx context.Context, tx *store.Tx, paymentID string) error {
	return s.announce(ctx, tx, paymentID)
}

// ReleaseHeld applies, in tx (the release's transaction, after the hold
// was closed), the partner events that arrived while the payment was held,
// in the order received, and schedules again the expiry a hold kept back:
// a payment still awaiting its pay-in expires at its window's end, or at
// once if that passed while it was held. It returns the applied events'
// ids.
func (s *Service) ReleaseHeld(ctx context.Context, tx *store.Tx, paymentID string) ([]string, error) {
	ids, err := holdstore.WebhooksHeld(ctx, tx, paymentID, HeldOutcome)
	if err != nil {
		return nil, err
	}
	for _, id := range ids {
		raw, err := webhookstore.WebhookEventPayload(ctx, tx, id)
		if err != nil {
			return nil, err
		}
		if err := s.ApplyEvent(ctx, tx, id, raw); err != nil {
			return nil, err
		}
	}
	p, err := tx.Payment(ctx, paymentID)
	if err != nil {
		return nil, err
	}
	if p.State == payment.StateAwaitingPayin {
		at := p.ExpiresAt
		if now := s.now(); at.Before(now) {
			at = now
		}
		if err := s.queue.InsertTx(ctx, tx, expireArgs{PaymentID: p.ID}, &river.InsertOpts{ScheduledAt: at}); err != nil {
			return nil, err
		}
	}
	return ids, s.announce(ctx, tx, paymentID)
}
