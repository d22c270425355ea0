package payment

import (
	"errors"
	"fmt"
)

// Event is something that happened to a payment: a partner webhook or an
// internal decision. Apply turns (state, event) into an Outcome. Values are
// the partner's webhook names where there is one, so a webhook handler can
// parse them directly with ParseEvent.
type Event string

// The events Apply understands. Partner webhooks may arrive late, twice or
// out of order; Apply is written so that none of those can move a payment
// backwards or record money twice.
const (
	// EventOpened: the partner accepted the pay-in we opened, so the payer
	// can now be shown payment instructions (created -> awaiting_payin).
	EventOpened Event = "opened"
	// EventPayinProcessing: partner webhook, the payer's transfer started.
	EventPayinProcessing Event = "payin_processing"
	// EventPayinCompleted: partner webhook, the local currency arrived.
	EventPayinCompleted Event = "payin_completed"
	// EventOfframpCreated: partner webhook, the local currency was
	// converted to USDC and the off-ramp selling it for USD was created.
	EventOfframpCreated Event = "offramp_created"
	// EventOfframpCompleted: partner webhook, the USD was delivered (bank
	// transfer) or the check was mailed (check delivery).
	EventOfframpCompleted Event = "offramp_completed"
	// EventPayinFailed: partner webhook, the pay-in will not complete.
	EventPayinFailed Event = "payin_failed"
	// EventExpire: the quote window ended; sent by a durable job scheduled
	// when the payment was created, so it can arrive after anything else.
	EventExpire Event = "expire"
	// EventRefund: an operator refunds a received pay-in before it is
	// converted (payin_completed -> refunded); never sent by a partner.
	EventRefund Event = "operator_refund"
)

// ErrUnknownEvent wraps errors about an event this package does not define,
// so a webhook handler can answer "bad request" instead of retrying.
var ErrUnknownEvent = errors.New("payment: unknown event")

// Valid reports whether e is one of the events above.
func (e Event) Valid() bool {
	switch e {
	case EventOpened, EventPayinProcessing, EventPayinCompleted, EventOfframpCreated,
		EventOfframpCompleted, EventPayinFailed, EventExpire, EventRefund:
		return true
	}
	return false
}

// String returns the wire spelling of e.
func (e Event) String() string { return string(e) }

// ParseEvent returns the Event spelled s (case-sensitive, as sent by the
// partner), or an error wrapping ErrUnknownEvent.
func ParseEvent(s string) (Event, error) {
	e := Event(s)
	if !e.Valid() {
		return "", fmt.Errorf("%w: %q", ErrUnknownEvent, clip(s))
	}
	return e, nil
}

// provesPayin reports whether e can only be sent once the payer's money has
// arrived at the partner. Such an event on an expired or failed payment is a
// late pay-in: the money is recorded and refunded, never delivered, because
// the quote it was paid against is no longer honoured.
func (e Event) provesPayin() bool {
	switch e {
	case EventPayinCompleted, EventOfframpCreated, EventOfframpCompleted:
		return true
	}
	return false
}
