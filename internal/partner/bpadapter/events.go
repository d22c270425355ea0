package bpadapter

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/crebit/crebit/internal/apperr"
	"github.com/crebit/crebit/internal/partner"
	"github.com/crebit/crebit/internal/partner/blindpay"
)

// Crebit events BlindPay needs beyond today's partner.EventTypes. Today's
// service.applyEvent ignores them ("unknown event type"), which is safe;
// the design adds them to payment.Apply at the switch-over.
const (
	// EventPayinSettled: the payin's stablecoin reached the managed
	// wallet (payin.complete, completed). Crebit now creates the payout;
	// the money is still on its way (payin_completed → offramp_created).
	EventPayinSettled = partner.EventPayinSettled
	// EventPayinRefunded: BlindPay returned the deposit to the sender
	// (payin.complete, refunded); the payment ends refunded.
	EventPayinRefunded = partner.EventPayinRefunded
	// EventOfframpFailed: the payout failed; the stablecoin is still
	// BlindPay's to return (support) or in review.
	EventOfframpFailed = partner.EventOfframpFailed
	// EventOfframpRefunded: the payout was refunded: the stablecoin is
	// back in the managed wallet, and Crebit may pay it out again.
	EventOfframpRefunded = partner.EventOfframpRefunded
)

// Translation is what one BlindPay webhook means to Crebit. Events are in
// the order to apply them; Customer is set by customer.new/update (a KYC
// status), Terms by tos.accept. A webhook Crebit does not act on gives an
// empty Translation, to be acknowledged.
type Translation = partner.Translation

// TermsAccepted is a payer's acceptance of BlindPay's terms: Key is the
// TermsSession's, TosID goes into CreateCustomerWithTerms.
type TermsAccepted = partner.TermsAccepted

// TranslateEvent turns a verified BlindPay webhook body into Crebit's
// events. msgID is the delivery's svix-id (blindpay.WebhookID); each event's
// id is msgID plus its type, so a redelivery gives the same ids.
//
//	payin.new                              (nothing: the payment is already awaiting the payer)
//	payin.update, money not yet arrived    payin_processing
//	payin.update, money arrived            payin_completed (amount, Pix end-to-end id / SPEI tracking key)
//	payin.complete completed               payin_completed, payin_settled
//	payin.complete failed                  payin_failed
//	payin.complete refunded                payin_refunded
//	payout.new, payout.update              offramp_created (the payout's id and status)
//	payout.complete completed              offramp_completed
//	payout.complete failed / refunded      offramp_failed / offramp_refunded
//	customer.new, customer.update          Customer (KYC outcome)
//	tos.accept                             Terms
//
// The outcome of a *.complete is its status, never the event's name
// [docs/BLINDPAY.md §11]. Payout events carry no payin id: Crebit finds
// the payment by the payout id it stored (Offramp.ID).
func TranslateEvent(msgID string, body []byte) (Translation, error) {
	ev, err := blindpay.ParseEvent(body)
	if err != nil {
		return Translation{}, err
	}
	out := Translation{Name: ev.Type}
	now := time.Now().UTC()
	switch {
	case ev.Payin != nil:
		out.Events = payinEvents(msgID, ev.Type, ev.Payin, now)
	case ev.Payout != nil:
		out.Events = payoutEvents(msgID, ev.Type, ev.Payout, now)
	case ev.Customer != nil:
		c := CustomerOf(*ev.Customer)
		out.Customer = &c
	case ev.Tos != nil:
		out.Terms = &TermsAccepted{TosID: ev.Tos.TosID, Key: ev.Tos.IdempotencyKey, CustomerID: ev.Tos.CustomerID, Version: ev.Tos.Version}
	}
	return out, nil
}

// Receive verifies a delivery (svix-* headers, or webhook-* ones) with the
// endpoint's whsec_ secret and translates it. A signature that does not
// verify is an error matching blindpay's ErrWebhook* sentinels; answer 401.
func Receive(secret string, h http.Header, body []byte, now time.Time) (Translation, error) {
	if err := blindpay.Verify(secret, h, body, now); err != nil {
		return Translation{}, err
	}
	id := blindpay.WebhookID(h)
	if id == "" {
		return Translation{}, errors.New("bpadapter: webhook without a message id")
	}
	tr, err := TranslateEvent(id, body)
	if err != nil {
		return Translation{}, fmt.Errorf("%w: %v", partner.ErrUnreadableDelivery, err)
	}
	return tr, nil
}

// Receive verifies and translates a delivery (partner.Staged).
func (a *Adapter) Receive(secret string, h http.Header, body []byte, now time.Time) (Translation, error) {
	return Receive(secret, h, body, now)
}

// Translate translates a stored delivery again (partner.Staged).
func (a *Adapter) Translate(deliveryID string, body []byte) (Translation, error) {
	return TranslateEvent(deliveryID, body)
}

// MapError is the package's MapError (partner.Staged).
func (a *Adapter) MapError(err error, temporary *apperr.Error) error {
	return MapError(err, temporary)
}

// DeliveryID is a delivery's svix-id (or webhook-id).
func (a *Adapter) DeliveryID(h http.Header) string { return blindpay.WebhookID(h) }

func event(msgID, typ string, at time.Time, data partner.EventData) partner.Event {
	return partner.Event{ID: msgID + ":" + typ, Type: typ, CreatedAt: at, Data: data}
}

// at is an object's updated_at, else fallback.
func at(updated string, fallback time.Time) time.Time {
	if t, err := time.Parse(time.RFC3339, updated); err == nil {
		return t.UTC()
	}
	return fallback
}

func payinEvents(msgID, name string, p *blindpay.Payin, now time.Time) []partner.Event {
	when := at(p.UpdatedAt, now)
	data := partner.EventData{PayinID: p.ID, Status: PayinStatus(p)}
	received := func() partner.EventData {
		d := data
		cur := currencyOf(p)
		if cur.Valid() && p.SenderAmount.Valid() {
			if a, err := blindpay.FromCents(p.SenderAmount, cur); err == nil {
				d.Amount, d.Currency = a.String(), string(cur)
			}
		}
		if t := p.TrackingTransaction; t != nil {
			d.EndToEndID = t.EndToEndID
			d.TrackingKey = t.TraceNumber
		}
		return d
	}
	switch {
	case name == blindpay.EventPayinNew:
		return nil
	case p.Status == blindpay.StatusCompleted:
		return []partner.Event{event(msgID, partner.EventPayinCompleted, when, received()), event(msgID, EventPayinSettled, when, received())}
	case p.Status == blindpay.StatusFailed:
		return []partner.Event{event(msgID, partner.EventPayinFailed, when, data)}
	case p.Status == blindpay.StatusRefunded:
		return []partner.Event{event(msgID, EventPayinRefunded, when, data)}
	case arrived(p):
		return []partner.Event{event(msgID, partner.EventPayinCompleted, when, received())}
	case strings.HasPrefix(name, "payin."):
		return []partner.Event{event(msgID, partner.EventPayinProcessing, when, data)}
	}
	return nil
}

func payoutEvents(msgID, name string, p *blindpay.Payout, now time.Time) []partner.Event {
	when := at(p.UpdatedAt, now)
	off := OfframpOf(*p)
	data := partner.EventData{Status: p.Status, Offramp: &off}
	if t := p.TrackingPayment; t != nil {
		// The bank's reference for the USD transfer: the wire's IMAD, else
		// the provider's transaction id.
		data.TrackingNumber = t.ProviderIMAD
		if data.TrackingNumber == "" {
			data.TrackingNumber = t.ProviderTransactionID
		}
	}
	switch p.Status {
	case blindpay.StatusCompleted:
		return []partner.Event{event(msgID, partner.EventOfframpCompleted, when, data)}
	case blindpay.StatusFailed:
		return []partner.Event{event(msgID, EventOfframpFailed, when, data)}
	case blindpay.StatusRefunded:
		return []partner.Event{event(msgID, EventOfframpRefunded, when, data)}
	}
	return []partner.Event{event(msgID, partner.EventOfframpCreated, when, data)}
}

// EnsureWebhook registers url for every event unless it already is, and
// returns the endpoint's id and its whsec_ signing secret, which BlindPay
// makes (Crebit cannot choose it): `crebit setup-webhook` stores it as
// CREBIT_WEBHOOK_SECRET.
//
// Proposed Partner change: RegisterWebhook(ctx, key, url) (secret, error).
func (a *Adapter) EnsureWebhook(ctx context.Context, idemKey, url string) (id, secret string, err error) {
	eps, err := a.c.ListWebhookEndpoints(ctx)
	if err != nil {
		return "", "", wrap(err)
	}
	for _, e := range eps {
		if e.URL == url {
			id = e.ID
			break
		}
	}
	if id == "" {
		if id, err = a.c.CreateWebhookEndpoint(ctx, idemKey, blindpay.CreateWebhookEndpointRequest{URL: url}); err != nil {
			return "", "", wrap(err)
		}
	}
	secret, err = a.c.WebhookEndpointSecret(ctx, id)
	return id, secret, wrap(err)
}
