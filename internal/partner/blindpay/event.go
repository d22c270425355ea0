package blindpay

import (
	"encoding/json"
	"fmt"
	"strings"
)

// Event names (webhook_event) Crebit acts on.
const (
	EventPayinNew       = "payin.new"
	EventPayinUpdate    = "payin.update"
	EventPayinComplete  = "payin.complete"
	EventPayoutNew      = "payout.new"
	EventPayoutUpdate   = "payout.update"
	EventPayoutComplete = "payout.complete"
	EventCustomerNew    = "customer.new"
	EventCustomerUpdate = "customer.update"
	EventTosAccept      = "tos.accept"
)

// Event is a decoded webhook. BlindPay's payloads are flat: the resource's
// own fields next to "webhook_event", no {type, data} envelope. Exactly one
// of the typed fields is set for the events above; any other event (or one
// without webhook_event, like the docs' wallet.inbound) has only Name, Type
// and Raw, so the receiver can acknowledge it and move on.
//
// payin.complete and payout.complete end a payment whatever its outcome
// (completed, failed or refunded): read Status, never the event name, for
// the outcome.
type Event struct {
	// Name is webhook_event as sent.
	Name string
	// Type is Name with the legacy receiver.* names mapped to customer.*:
	// an older copy of the events page lists receiver.* as still firing
	// next to customer.*, the newer one says they were retired; accepting
	// both costs nothing.
	Type     string
	Payin    *Payin
	Payout   *Payout
	Customer *Customer
	Tos      *TosAcceptance
	Raw      json.RawMessage
}

// TosAcceptance is the tos.accept payload (TosAcceptWebhookOut).
type TosAcceptance struct {
	TosID string `json:"tos_id"` // to_...
	// IdempotencyKey is the one sent to InitiateTos: it names the session.
	IdempotencyKey string `json:"idempotency_key"`
	CustomerID     string `json:"customer_id"` // set when re-accepting
	Version        string `json:"version"`
}

// ParseEvent decodes a verified webhook body. Unknown fields are ignored:
// BlindPay adds fields, and the docs' own examples differ from the spec.
func ParseEvent(body []byte) (Event, error) {
	var head struct {
		WebhookEvent string `json:"webhook_event"`
	}
	if err := json.Unmarshal(body, &head); err != nil {
		return Event{}, fmt.Errorf("blindpay: webhook body: %w", err)
	}
	e := Event{Name: head.WebhookEvent, Type: head.WebhookEvent, Raw: json.RawMessage(body)}
	if rest, ok := strings.CutPrefix(e.Name, "receiver."); ok {
		e.Type = "customer." + rest
	}
	var target any
	switch {
	case strings.HasPrefix(e.Type, "payin.") && e.Type != "payin.partnerFee":
		e.Payin = new(Payin)
		target = e.Payin
	case strings.HasPrefix(e.Type, "payout.") && e.Type != "payout.partnerFee":
		e.Payout = new(Payout)
		target = e.Payout
	case e.Type == EventCustomerNew || e.Type == EventCustomerUpdate:
		e.Customer = new(Customer)
		target = e.Customer
	case e.Type == EventTosAccept:
		e.Tos = new(TosAcceptance)
		target = e.Tos
	default:
		return e, nil
	}
	if err := json.Unmarshal(body, target); err != nil {
		return Event{}, fmt.Errorf("blindpay: %s webhook: %w", e.Name, err)
	}
	if e.Customer != nil && e.Customer.ID == "" {
		e.Customer.ID = e.Customer.CustomerID
	}
	return e, nil
}
