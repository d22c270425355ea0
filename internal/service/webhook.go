package service

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"time"

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
	if err := partner.Verify(s.webhookKey, h, body, s.now()); err != nil {
		s.log.Warn("webhook refused", "reason", err)
		s.metrics.WebhookRefused()
		return false, &apperr.Error{Code: apperr.WebhookSignatureInvalid, Message: "invalid webhook signature"}
	}
	var ev partner.Event
	if err := json.Unmarshal(body, &ev); err != nil {
		return false, apperr.New(apperr.InvalidJSON, "webhook body is not a JSON event")
	}
	id := h.Get("webhook-id")
	if len(id) > 200 {
		return false, apperr.New(apperr.Invalid, "webhook-id is too long")
	}
	hdrs := receivedHeaders(h)
	// Applied at once: no job to queue and wait for, one transaction less.
	err = s.db.Tx(ctx, func(tx *store.Tx) error {
		created, err := tx.RecordWebhookEvent(ctx, id, ev.Type, string(body), hdrs, s.now())
		if err != nil || !created {
			duplicate = !created
			return err
		}
		return s.applyEvent(ctx, tx, id, string(body))
	})
	if err == nil || duplicate || ctx.Err() != nil {
		return duplicate, err
	}
	s.log.Warn("applying a webhook event at once failed; queued instead", "event_id", id, "err", err)
	err = s.db.Tx(ctx, func(tx *store.Tx) error {
		created, err := tx.RecordWebhookEvent(ctx, id, ev.Type, string(body), hdrs, s.now())
		if err != nil || !created {
			duplicate = !created
			return err
		}
		// The payment id rides along only so a job that gives up is logged
		// with the payment it was about; the job trusts the stored event.
		return s.queue.InsertTx(ctx, tx, webhookArgs{EventID: id, PaymentID: input.Truncate(ev.Data.Reference, 64)}, nil)
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
		return s.applyEvent(ctx, tx, eventID, raw)
	})
}

// applyEvent moves the payment by the lifecycle rules (never backwards),
// writing the state, its history, its ledger postings and any refund job in
// tx, and marks the event processed.
func (s *Service) applyEvent(ctx context.Context, tx *store.Tx, eventID, raw string) error {
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

// advance applies one lifecycle event to a locked payment and returns a
// short description of what happened.
func (s *Service) advance(ctx context.Context, tx *store.Tx, p payment.Record, ev payment.Event, source string, data *partner.EventData) (string, error) {
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
	if err := s.keepRailReference(ctx, tx, p, data); err != nil {
		return "", err
	}
	if out.Ignored {
		if err := tx.UpdatePaymentProgress(ctx, p); err != nil {
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
		s.log.Warn("pay-in does not match the payment", "transaction_id", p.ID, "received_currency", received.Currency,
			"received_minor", received.Minor, "quoted_minor", p.AmountLocal.Minor)
	}
	if err := tx.UpdatePaymentProgress(ctx, p); err != nil {
		return "", err
	}
	for _, st := range out.Path {
		if err := tx.AddPaymentEvent(ctx, p.ID, payment.Change{State: st, Source: source, OccurredAt: now}); err != nil {
			return "", err
		}
	}
	if err := tx.PostLedger(ctx, p.ID, out.Ledger, now); err != nil {
		return "", err
	}
	if err := s.queuePaymentMails(ctx, tx, p, out.Path); err != nil {
		return "", err
	}
	if out.To == payment.StateCompleted || out.To == payment.StateCheckMailed {
		if err := s.referrals.RewardReferral(ctx, tx, p); err != nil {
			return "", err
		}
	}
	if out.Refund {
		excess := out.To != payment.StateRefunded && out.To != payment.StatePayinMismatch
		args := refundArgs{PaymentID: p.ID, Amount: out.RefundAmount.String(), Currency: string(out.RefundAmount.Currency), Excess: excess}
		if err := s.queue.InsertTx(ctx, tx, args, nil); err != nil {
			return "", err
		}
	}
	if err := s.announce(ctx, tx, p.ID); err != nil {
		return "", err
	}
	path := make([]string, len(out.Path))
	for i, st := range out.Path {
		path[i] = string(st)
	}
	return fmt.Sprintf("%s -> %s", out.From, strings.Join(path, " -> ")), nil
}

// expireArgs ends a payment's window if its pay-in never started.
type expireArgs struct {
	PaymentID string `json:"payment_id"`
}

func (expireArgs) Kind() string { return "expire_payment" }

type expireWorker struct {
	river.WorkerDefaults[expireArgs]
	s *Service
}

// Work expires the payment unless its pay-in has started.
func (w *expireWorker) Work(ctx context.Context, job *river.Job[expireArgs]) error {
	s := w.s
	return s.db.Tx(ctx, func(tx *store.Tx) error {
		p, err := tx.PaymentForUpdate(ctx, job.Args.PaymentID)
		if err != nil {
			return err
		}
		if s.now().Before(p.ExpiresAt) {
			return river.JobSnooze(p.ExpiresAt.Sub(s.now()))
		}
		_, err = s.advance(ctx, tx, p, payment.EventExpire, "job:expire", nil)
		return err
	})
}

// refundArgs returns money of a pay-in to its sender: a late, short or
// wrong-currency pay-in in full, or the excess of an over-payment.
type refundArgs struct {
	PaymentID string `json:"payment_id"`
	Amount    string `json:"amount"`
	Currency  string `json:"currency"`
	Excess    bool   `json:"excess,omitempty"`
}

func (refundArgs) Kind() string { return "refund_payin" }

type refundWorker struct {
	river.WorkerDefaults[refundArgs]
	s *Service
}

// Work asks the partner to refund; River retries until it succeeds.
func (w *refundWorker) Work(ctx context.Context, job *river.Job[refundArgs]) error {
	var p payment.Record
	err := w.s.db.Tx(ctx, func(tx *store.Tx) (err error) { p, err = tx.Payment(ctx, job.Args.PaymentID); return })
	if err != nil {
		return err
	}
	key := "refund-" + p.ID
	if job.Args.Excess {
		key = "refund-excess-" + p.ID
	}
	ctx, _ = partner.WithCallLog(ctx)
	defer w.s.flushCalls(ctx, p.ID)
	return w.s.partner.RefundPayin(ctx, key, p.PartnerPayinID, partner.RefundRequest{
		Amount: job.Args.Amount, Currency: job.Args.Currency, Excess: job.Args.Excess})
}

// sessionCleanupArgs is the hourly housekeeping: expired sessions, and
// quotes that expired a day ago without being paid.
type sessionCleanupArgs struct{}

func (sessionCleanupArgs) Kind() string { return "housekeeping" }

type sessionCleanupWorker struct {
	river.WorkerDefaults[sessionCleanupArgs]
	s *Service
}

// Work deletes expired sessions and stale quotes.
func (w *sessionCleanupWorker) Work(ctx context.Context, job *river.Job[sessionCleanupArgs]) error {
	now := w.s.now()
	return w.s.db.Tx(ctx, func(tx *store.Tx) error {
		if _, err := tx.DeleteExpiredRateLimits(ctx, now); err != nil {
			return err
		}
		if _, err := tx.DeleteExpiredSessions(ctx, now); err != nil {
			return err
		}
		_, err := tx.DeleteStaleQuotes(ctx, now.Add(-24*time.Hour))
		return err
	})
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
