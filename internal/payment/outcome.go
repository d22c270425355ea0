package payment

import (
	"fmt"

	"github.com/crebit/crebit/internal/ledger"
	"github.com/crebit/crebit/internal/money"
)

// Outcome is what Apply decided. The caller stores To and writes Ledger in
// the same database transaction, guarded by the state it read (From), so a
// concurrent webhook cannot apply the same step twice; then, if Refund is
// set, it asks the partner to refund.
type Outcome struct {
	// From is the state the payment was in.
	From State
	// To is the state the payment is in now; equal to From when ignored.
	To State
	// Path is every state entered, in order, ending with To; empty when the
	// event was ignored. Tracking timestamps each entry.
	Path []State
	// Ignored is true when the event changes nothing: a duplicate, a stale
	// or out-of-order webhook, or an event on a finished payment.
	Ignored bool
	// Reason says why the event was ignored, for logs.
	Reason string
	// Refund is true when the caller must ask the partner to send money
	// back to the payer: a late pay-in, a short or wrong-currency pay-in
	// (all of it), or the excess of an over-payment.
	Refund bool
	// RefundAmount is how much goes back when Refund is set; its ledger
	// reversal is already in Ledger.
	RefundAmount money.Amount
	// Ledger holds the transactions to record, in order.
	Ledger []ledger.Transaction
}

// Apply decides what event ev does to payment p. It returns an error only
// for invalid input (unknown state, event or delivery, bad amounts); every
// valid (state, event) pair has an outcome, possibly Ignored. The rules:
//
//   - An event whose state the payment is already in is a duplicate and is
//     ignored.
//   - Progress events (opened, payin_processing, payin_completed,
//     offramp_created, offramp_completed) move the payment forward to their
//     state, entering the skipped money-carrying states on the way (see
//     forwardPath) so the ledger is the same whatever order webhooks came
//     in. If the payment is already at or past that state, they are ignored.
//   - payin_failed fails a payment whose pay-in has not completed; expire
//     expires one whose pay-in has not started.
//   - completed, check_mailed and refunded ignore everything.
//   - expired and failed ignore everything except an event that proves the
//     payer's money arrived (payin_completed, offramp_created,
//     offramp_completed): that late pay-in is recorded and refunded, and
//     the payment becomes refunded. An off-ramp on a payment Crebit has
//     given up on is not delivered; the refund request is how the partner
//     unwinds it.
func Apply(p Payment, ev Event) (Outcome, error) {
	return ApplyPayin(p, ev, p.Amounts.Local)
}

// ApplyPayin is Apply for an event that reports the amount the partner
// received. When the event proves a pay-in that the payment has not yet
// recorded, received is reconciled against the quoted local amount:
//
//   - exactly the quoted amount: as Apply;
//   - more: the payment proceeds for the quoted amount, the whole receipt
//     is posted and the excess is posted back and refunded;
//   - less, or in another currency: the payment becomes payin_mismatch,
//     what arrived is posted as received and refunded, nothing is
//     converted;
//   - on an expired or failed payment (late pay-in): what arrived is
//     posted and refunded, whatever its amount.
//
// received must be positive; it is ignored for events that prove nothing.
func ApplyPayin(p Payment, ev Event, received money.Amount) (Outcome, error) {
	if err := p.validate(); err != nil {
		return Outcome{}, err
	}
	if ev.provesPayin() && received.Minor <= 0 {
		return Outcome{}, fmt.Errorf("%w: received amount %d, want positive", ErrInvalidAmounts, received.Minor)
	}
	p.received = received
	if !ev.Valid() {
		return Outcome{}, fmt.Errorf("%w: %q", ErrUnknownEvent, clip(string(ev)))
	}
	from := p.State
	target := eventTarget(ev, p.Delivery)
	if from == target {
		return ignore(from, "duplicate: payment is already %s", from), nil
	}
	switch from {
	case StateCompleted, StateCheckMailed, StateRefunded:
		return ignore(from, "terminal: payment is already %s", from), nil
	case StateExpired, StateFailed:
		if ev.provesPayin() {
			return move(p, []State{StateRefunded})
		}
		if ev == EventPayinProcessing {
			return ignore(from, "waiting: payment is %s; a completed pay-in will be refunded", from), nil
		}
		return ignore(from, "terminal: payment is already %s", from), nil
	}

	switch ev {
	case EventRefund:
		if from == StatePayinCompleted {
			return move(p, []State{StateRefunded})
		}
		return ignore(from, "not refundable: payment is %s", from), nil
	case EventExpire:
		if from == StateCreated || from == StateAwaitingPayin {
			return move(p, []State{StateExpired})
		}
		return ignore(from, "stale: pay-in already started, payment is %s", from), nil
	case EventPayinFailed:
		if rank(from) <= rank(StatePayinProcessing) {
			return move(p, []State{StateFailed})
		}
		return ignore(from, "stale: payment is already %s", from), nil
	}

	if rank(from) >= rank(target) {
		return ignore(from, "stale: payment is already %s", from), nil
	}
	if ev.provesPayin() && rank(from) < rank(StatePayinCompleted) && shortOrForeign(received, p.Amounts.Local) {
		return move(p, []State{StatePayinMismatch})
	}
	return move(p, forwardPath(from, target, p.Delivery))
}

// ignore is the outcome of an event that changes nothing.
func ignore(s State, format string, args ...any) Outcome {
	return Outcome{From: s, To: s, Ignored: true, Reason: fmt.Sprintf(format, args...)}
}

// move enters each state of path in order, checking every step against
// CanTransition and collecting the ledger transactions of each state.
func move(p Payment, path []State) (Outcome, error) {
	out := Outcome{From: p.State, To: p.State, Path: path}
	for _, next := range path {
		if !CanTransition(out.To, next) {
			return Outcome{}, fmt.Errorf("payment: internal error: %s -> %s is not an allowed transition", out.To, next)
		}
		txs, err := ledgerFor(p, next)
		if err != nil {
			return Outcome{}, err
		}
		out.Ledger = append(out.Ledger, txs...)
		out.To = next
	}
	switch {
	case out.To == StateRefunded || out.To == StatePayinMismatch:
		out.Refund, out.RefundAmount = true, p.received
	case excess(p).Minor > 0 && containsState(path, StatePayinCompleted):
		out.Refund, out.RefundAmount = true, excess(p)
	}
	return out, nil
}

// shortOrForeign reports whether received cannot pay for want: another
// currency, or less of it.
func shortOrForeign(received, want money.Amount) bool {
	return received.Currency != want.Currency || received.Minor < want.Minor
}

// excess is what arrived beyond the quoted local amount; zero when the
// receipt was exact (or is not comparable, which Apply handles before).
func excess(p Payment) money.Amount {
	e := p.Amounts.Local
	e.Minor = 0
	if p.received.Currency == e.Currency && p.received.Minor > p.Amounts.Local.Minor {
		e.Minor = p.received.Minor - p.Amounts.Local.Minor
	}
	return e
}

func containsState(path []State, s State) bool {
	for _, st := range path {
		if st == s {
			return true
		}
	}
	return false
}
