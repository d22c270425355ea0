package payments

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strings"

	"github.com/riverqueue/river"

	"github.com/crebit/crebit/internal/input"
	"github.com/crebit/crebit/internal/partner"
	"github.com/crebit/crebit/internal/store"
	"github.com/crebit/crebit/internal/store/webhookstore"
)

// ReceiveWebhook verifies a partner delivery's signature over the raw
// body, records it once under its id and applies it in the same
// transaction (receiveStaged, recordAndApply). A replay or duplicate is
// acknowledged (duplicate true) and changes nothing.
func (s *Service) ReceiveWebhook(ctx context.Context, h http.Header, body []byte) (duplicate bool, err error) {
	return s.receiveStaged(ctx, h, body)
}

// recordAndApply records a verified delivery once under its id and applies
// it in the same transaction: recorded and applied, or neither (the
// partner then delivers it again). Should applying fail, the delivery is
// recorded with a job that applies it (retried with backoff), so the
// answer is still 200 and nothing is lost. A repeat is a duplicate and
// changes nothing.
//
// The delivery is recorded after it is applied, with what applying it did,
// in one statement (webhookstore.RecordProcessedWebhookEvent): a repeat
// finds its id taken there, and its transaction is rolled back, what it
// applied with it.
func (s *Service) recordAndApply(ctx context.Context, id, typ, stored, hdrs, paymentRef string, apply func(*store.Tx, processedFunc) error) (duplicate bool, err error) {
	// Applied at once: no job to queue and wait for, one transaction less.
	received := s.now()
	err = s.db.Tx(ctx, func(tx *store.Tx) error {
		return apply(tx, func(about, outcome string) error {
			created, err := webhookstore.RecordProcessedWebhookEvent(ctx, tx, id, typ, stored, hdrs, about, outcome, received, s.now())
			if err == nil && !created {
				return errDuplicateDelivery
			}
			return err
		})
	})
	if errors.Is(err, errDuplicateDelivery) {
		return true, nil
	}
	if err == nil || ctx.Err() != nil {
		return false, err
	}
	s.log.Warn("applying a webhook event at once failed; queued instead", "event_id", id, "err", err)
	err = s.db.Tx(ctx, func(tx *store.Tx) error {
		created, err := webhookstore.RecordWebhookEvent(ctx, tx, id, typ, stored, hdrs, s.now())
		duplicate = err == nil && !created
		if err != nil || !created {
			return err
		}
		return s.queue.InsertTx(ctx, tx, webhookArgs{EventID: id, PaymentID: paymentRef}, nil)
	})
	return duplicate, err
}

// recordIgnored records a delivery that asks nothing of Crebit as
// processed, with its outcome, in one statement (no transaction: nothing
// else is written); duplicate says its id was recorded before.
func (s *Service) recordIgnored(ctx context.Context, id, typ, stored, hdrs, outcome string) (duplicate bool, err error) {
	received := s.now()
	err = s.db.WriteOne(ctx, func(tx *store.Tx) error {
		created, err := webhookstore.RecordProcessedWebhookEvent(ctx, tx, id, typ, stored, hdrs, "", outcome, received, s.now())
		duplicate = err == nil && !created
		return err
	})
	return duplicate, err
}

// errDuplicateDelivery rolls back the transaction of a delivery whose id
// was recorded before.
var errDuplicateDelivery = errors.New("a delivery with this id was recorded before")

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
		raw, err := webhookstore.WebhookEventPayload(ctx, tx, eventID)
		if err != nil {
			return err
		}
		return s.ApplyEvent(ctx, tx, eventID, raw)
	})
}

// ApplyEvent applies a recorded, verified delivery again from its stored
// body: what it means to the partner (Translate), applied by the lifecycle
// rules (never backwards), and marks it processed.
func (s *Service) ApplyEvent(ctx context.Context, tx *store.Tx, eventID, raw string) error {
	tr, err := s.partner.Translate(eventID, []byte(raw))
	if err != nil {
		return webhookstore.MarkWebhookProcessed(ctx, tx, eventID, "", "ignored: not an event of the partner", s.now())
	}
	return s.applyTranslation(ctx, tx, eventID, tr, func(about, outcome string) error {
		return webhookstore.MarkWebhookProcessed(ctx, tx, eventID, about, outcome, s.now())
	})
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
