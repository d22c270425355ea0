package payments

import (
	"context"
	"errors"

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

// onHold reports whether an operator holds the payment, which tx holds
// locked (every caller locked it first). A transaction asks the database
// once: an operator's hold locks the payment before opening, so none can
// open until tx ends, and tx's own hold writes make it ask again.
func onHold(ctx context.Context, tx *store.Tx, paymentID string) (bool, error) {
	if tx.Unheld(paymentID) {
		return false, nil
	}
	_, err := holdstore.OpenHold(ctx, tx, paymentID)
	if errors.Is(err, store.ErrNotFound) {
		tx.NoteUnheld(paymentID)
		return false, nil
	}
	return err == nil, err
}

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
