package payments

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"slices"
	"strings"

	"github.com/riverqueue/river"

	"github.com/crebit/crebit/internal/apperr"
	"github.com/crebit/crebit/internal/input"
	"github.com/crebit/crebit/internal/money"
	"github.com/crebit/crebit/internal/partner"
	"github.com/crebit/crebit/internal/payment"
	"github.com/crebit/crebit/internal/store"
)

// ReceiveWebhook verifies a partner event's signature over the raw body,
// records it once under its webhook-id and applies it to its payment in the
// same transaction: recorded and applied, or neither (the partner then
// delivers it again). Should applying fail, the event is recorded with a
// job that applies it (retried with backoff), so the answer is still 200
// and nothing is lost. A replay or duplicate is acknowledged (duplicate
// true) and changes nothing.
func (s *Service) ReceiveWebhook(ctx context.Context, h http.Header, body []byte) (duplicate bool, err error) {
	if s.staged != nil {
		return s.receiveStaged(ctx, h, body)
	}
	if err := partner.Verify(s.webhookKey, h, body, s.now()); err != nil {
		s.log.Warn("webhook refused", "reason", err)
		s.metrics.WebhookRefused()
		return false, apperr.E(apperr.WebhookSignatureInvalid, "plain")
	}
	var ev partner.Event
	if err := json.Unmarshal(body, &ev); err != nil {
		return false, apperr.E(apperr.InvalidJSON, "webhook")
	}
	id := h.Get("webhook-id")
	if len(id) > 200 {
		return false, apperr.E(apperr.Invalid, "webhook_id")
	}
	// The payment id rides along only so a job that gives up is logged
	// with the payment it was about; the job trusts the stored event.
	return s.recordAndApply(ctx, id, ev.Type, string(body), receivedHeaders(h), input.Truncate(ev.Data.Reference, 64),
		func(tx *store.Tx) error { return s.ApplyEvent(ctx, tx, id, string(body)) })
}

// recordAndApply records a verified delivery once under its id and applies
// it in the same transaction: recorded and applied, or neither (the
// partner then delivers it again). Should applying fail, the delivery is
// recorded with a job that applies it (retried with backoff), so the
// answer is still 200 and nothing is lost. A repeat is a duplicate and
// changes nothing.
func (s *Service) recordAndApply(ctx context.Context, id, typ, stored, hdrs, paymentRef string, apply func(*store.Tx) error) (duplicate bool, err error) {
	record := func(tx *store.Tx) (bool, error) {
		created, err := tx.RecordWebhookEvent(ctx, id, typ, stored, hdrs, s.now())
		duplicate = err == nil && !created
		return created, err
	}
	// Applied at once: no job to queue and wait for, one transaction less.
	err = s.db.Tx(ctx, func(tx *store.Tx) error {
		if created, err := record(tx); err != nil || !created {
			return err
		}
		return apply(tx)
	})
	if err == nil || duplicate || ctx.Err() != nil {
		return duplicate, err
	}
	s.log.Warn("applying a webhook event at once failed; queued instead", "event_id", id, "err", err)
	err = s.db.Tx(ctx, func(tx *store.Tx) error {
		if created, err := record(tx); err != nil || !created {
			return err
		}
		return s.queue.InsertTx(ctx, tx, webhookArgs{EventID: id, PaymentID: paymentRef}, nil)
	})
	return duplicate, err
}

// webhookArgs asks for one recorded event to be applied.
type webhookArgs struct {
	EventID   string `json:"event_id"`
	PaymentID string `json:"payment_id,omitempty"`
}

func (webhookArgs) Kind() string { return "process_webhook_event" }

type webhookWorker struct {
	river.WorkerDefaults[webhookArgs]
	s *Service
}

// Work applies a recorded event to its payment.
func (w *webhookWorker) Work(ctx context.Context, job *river.Job[webhookArgs]) error {
	return w.s.processEvent(ctx, job.Args.EventID)
}

// processEvent applies a recorded event in its own transaction (the
// fallback job's work).
func (s *Service) processEvent(ctx context.Context, eventID string) error {
	return s.db.Tx(ctx, func(tx *store.Tx) error {
		raw, err := tx.WebhookEventPayload(ctx, eventID)
		if err != nil {
			return err
		}
		return s.ApplyEvent(ctx, tx, eventID, raw)
	})
}

// ApplyEvent moves the payment by the lifecycle rules (never backwards),
// writing the state, its history, its ledger postings and any refund job in
// tx, and marks the event processed.
func (s *Service) ApplyEvent(ctx context.Context, tx *store.Tx, eventID, raw string) error {
	if s.staged != nil {
		tr, err := s.staged.Translate(eventID, []byte(raw))
		if err != nil {
			return tx.MarkWebhookProcessed(ctx, eventID, "ignored: not an event of the partner", s.now())
		}
		return s.applyTranslation(ctx, tx, eventID, tr)
	}
	var ev partner.Event
	if err := json.Unmarshal([]byte(raw), &ev); err != nil {
		return tx.MarkWebhookProcessed(ctx, eventID, "ignored: not a JSON event", s.now())
	}
	if !slices.Contains(partner.EventTypes, ev.Type) {
		return tx.MarkWebhookProcessed(ctx, eventID, "ignored: unknown event type", s.now())
	}
	// Found and locked in one statement (by pay-in, else by our reference).
	p, err := tx.PaymentByPayinForUpdate(ctx, ev.Data.PayinID)
	if errors.Is(err, store.ErrNotFound) && ev.Data.Reference != "" {
		p, err = tx.PaymentForUpdate(ctx, ev.Data.Reference)
	}
	if errors.Is(err, store.ErrNotFound) {
		s.log.Warn("webhook for unknown pay-in", "event_id", eventID)
		return tx.MarkWebhookProcessed(ctx, eventID, "ignored: no matching payment", s.now())
	}
	if err != nil {
		return err
	}
	if err := tx.SetWebhookPayment(ctx, eventID, p.ID); err != nil {
		return err
	}
	if provesPayin(ev.Type) {
		if a, err := money.Parse(ev.Data.Amount, money.Currency(ev.Data.Currency)); err != nil || !a.IsPositive() {
			// Nothing is converted or posted on an amount we cannot read;
			// an operator must look at it.
			s.log.Error("pay-in event without a readable amount", "event_id", eventID, "transaction_id", p.ID)
			return tx.MarkWebhookProcessed(ctx, eventID, "ignored: pay-in amount or currency missing or invalid", s.now())
		}
	}
	outcome, err := s.advance(ctx, tx, p, payment.Event(ev.Type), "webhook:"+eventID, &ev.Data)
	if err != nil {
		return err
	}
	return tx.MarkWebhookProcessed(ctx, eventID, outcome, s.now())
}

// provesPayin reports whether an event of this type can only be sent once
// the payer's money arrived, so its amount is reconciled.
func provesPayin(typ string) bool {
	return typ == partner.EventPayinCompleted || typ == partner.EventOfframpCreated || typ == partner.EventOfframpCompleted
}

// receivedHeaders is the JSON of the headers an operator needs to explain a
// delivery: its id, time and signatures (which prove nothing to anyone
// without the secret), and who sent it.
func receivedHeaders(h http.Header) string {
	keep := map[string]string{}
	for _, k := range []string{"Webhook-Id", "Webhook-Timestamp", "Webhook-Signature", "Svix-Id", "Svix-Timestamp",
		"Svix-Signature", "Content-Type", "User-Agent"} {
		if v := h.Get(k); v != "" {
			keep[strings.ToLower(k)] = input.Truncate(v, 500)
		}
	}
	b, _ := json.Marshal(keep)
	return string(b)
}
