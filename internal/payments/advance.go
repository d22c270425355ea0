package payments

import (
	"context"
	"fmt"
	"log/slog"
	"strings"

	"github.com/crebit/crebit/internal/money"
	"github.com/crebit/crebit/internal/partner"
	"github.com/crebit/crebit/internal/payment"
	"github.com/crebit/crebit/internal/payments/paymail"
	"github.com/crebit/crebit/internal/store"
)

// advance applies one lifecycle event to a locked payment and returns a
// short description of what happened.
func (s *Service) advance(ctx context.Context, tx *store.Tx, p payment.Record, ev payment.Event, source string, data *partner.EventData) (string, error) {
	return s.advanceFrom(ctx, tx, p, ev, source, data, false)
}

// advanceFrom is advance; stored says p is the payment exactly as its
// locked row holds it (read and not changed since), so an ignored event
// that changes none of its fields writes nothing.
func (s *Service) advanceFrom(ctx context.Context, tx *store.Tx, p payment.Record, ev payment.Event, source string, data *partner.EventData, stored bool) (string, error) {
	before := p
	// A payment still in created was never held: an operator's hold locks
	// it and refuses one in that state (Holdable), and no state leads back
	// to created; p is the locked row, so nothing is asked of the database.
	if p.State != payment.StateCreated {
		if onHold(p) {
			return HeldOutcome, nil // an operator holds it: nothing moves until the release (hold.go)
		}
	}
	received := p.AmountLocal
	if data != nil && data.Amount != "" {
		// Only events that prove a pay-in are reconciled; the caller has
		// checked that their amount parses.
		received, _ = money.Parse(data.Amount, money.Currency(data.Currency))
	}
	out, err := payment.ApplyPayin(p.Snapshot(), ev, received)
	if err != nil {
		return "", fmt.Errorf("apply %s to %s: %w", ev, p.ID, err)
	}
	now := s.now().UTC()
	if data != nil && data.Offramp != nil && p.State != payment.StateRefunded && out.To != payment.StateRefunded {
		// Keep the freshest off-ramp details even when the state does not move.
		if data.Offramp.ID != "" {
			p.OfframpID = data.Offramp.ID
		}
		if data.Offramp.Status != "" && (p.OfframpStatus != "completed" || ev == payment.EventOfframpCompleted) {
			p.OfframpStatus = data.Offramp.Status
		}
	}
	if data != nil && data.TrackingNumber != "" {
		p.TrackingNumber = data.TrackingNumber
	}
	rail := s.railReference(tx, p, data) // stored with the step below
	if out.Ignored {
		if stored && unchanged(before, p) {
			// The row already holds all of it, but perhaps for a rail
			// reference (the first one stored stays).
			if !before.RailReferenceStored {
				if err := tx.SetPaymentRailReference(ctx, p.ID, rail); err != nil {
					return "", err
				}
			}
			return "ignored: " + out.Reason, nil
		}
		if err := tx.UpdatePaymentProgress(ctx, p, rail); err != nil {
			return "", err
		}
		return "ignored: " + out.Reason, nil
	}
	p.State, p.UpdatedAt = out.To, now
	switch {
	case out.To == payment.StateFailed && p.FailureReason == "":
		p.FailureReason = "the pay-in failed at the bank"
	case out.To == payment.StatePayinMismatch:
		p.FailureReason = fmt.Sprintf("the pay-in was %s %s, not the quoted %s %s; it is being returned to the sender and nothing was converted",
			received.Currency, received, p.AmountLocal.Currency, p.AmountLocal)
		s.logCommitted(tx, slog.LevelWarn, "pay-in does not match the payment", "transaction_id", p.ID, "received_currency", received.Currency,
			"received_minor", received.Minor, "quoted_minor", p.AmountLocal.Minor)
	}
	entered := make([]payment.Change, len(out.Path))
	for i, st := range out.Path {
		entered[i] = payment.Change{State: st, Source: source, OccurredAt: now}
	}
	// Announced before the step is written, so that on PostgreSQL the
	// notification goes in the step's own statement (store.Tx.Notify); it
	// reaches the live streams only when the transaction commits either way.
	if err := s.announce(ctx, tx, p.ID); err != nil {
		return "", err
	}
	if err := tx.AdvancePayment(ctx, p, entered, rail); err != nil {
		return "", err
	}
	if err := tx.PostLedger(ctx, p.ID, out.Ledger, now); err != nil {
		return "", err
	}
	if err := paymail.Queue(ctx, tx, s.mail, p, out.Path); err != nil {
		return "", err
	}
	if out.To == payment.StateCompleted || out.To == payment.StateCheckMailed {
		if err := s.referrals.RewardReferral(ctx, tx, p); err != nil {
			return "", err
		}
	}
	if out.Refund {
		if err := s.openReturn(ctx, tx, p, out, now); err != nil {
			return "", err
		}
	}
	path := make([]string, len(out.Path))
	for i, st := range out.Path {
		path[i] = string(st)
	}
	return fmt.Sprintf("%s -> %s", out.From, strings.Join(path, " -> ")), nil
}

// unchanged reports whether UpdatePaymentProgress would write b's values
// over a's: the fields it writes are equal.
func unchanged(a, b payment.Record) bool {
	return a.State == b.State && a.OfframpID == b.OfframpID && a.OfframpStatus == b.OfframpStatus &&
		a.TrackingNumber == b.TrackingNumber && a.FailureReason == b.FailureReason && a.UpdatedAt.Equal(b.UpdatedAt)
}
