package partner

import (
	"slices"
	"time"
)

// Event types the partner sends (and the sandbox can simulate).
const (
	EventPayinProcessing  = "payin_processing"
	EventPayinCompleted   = "payin_completed"
	EventOfframpCreated   = "offramp_created"
	EventOfframpCompleted = "offramp_completed"
	EventPayinFailed      = "payin_failed"
)

// IsEventType reports whether t is one of EventTypes.
func IsEventType(t string) bool { return slices.Contains(EventTypes, t) }

// EventTypes lists every event type, in lifecycle order.
var EventTypes = []string{EventPayinProcessing, EventPayinCompleted, EventOfframpCreated, EventOfframpCompleted, EventPayinFailed}

// Event is one webhook delivery's body.
type Event struct {
	ID        string    `json:"id"`
	Type      string    `json:"type"`
	CreatedAt time.Time `json:"created_at"`
	Data      EventData `json:"data"`
}

// EventData describes the pay-in the event is about.
type EventData struct {
	PayinID        string   `json:"payin_id"`
	Reference      string   `json:"reference"`
	Status         string   `json:"status"`
	Amount         string   `json:"amount"`
	Currency       string   `json:"currency"`
	Offramp        *Offramp `json:"offramp,omitempty"`
	TrackingNumber string   `json:"tracking_number,omitempty"`
	// The rail's own reference for the received transfer, sent with
	// payin_completed: the Pix end-to-end id or the SPEI tracking key.
	EndToEndID  string `json:"end_to_end_id,omitempty"`
	TrackingKey string `json:"tracking_key,omitempty"`
}

// Offramp is the USDC -> USD leg once it exists.
type Offramp struct {
	ID       string `json:"id"`
	Amount   string `json:"amount"`
	Currency string `json:"currency"`
	Status   string `json:"status"`
}
