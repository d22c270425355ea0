package payments

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/riverqueue/river"

	"github.com/crebit/crebit/internal/apperr"
	"github.com/crebit/crebit/internal/input"
	"github.com/crebit/crebit/internal/money"
	"github.com/crebit/crebit/internal/partner"
	"github.com/crebit/crebit/internal/payment"
	"github.com/crebit/crebit/internal/store"
	"github.com/crebit/crebit/internal/store/viewstore"
)

// A staged partner (partner.Staged, BlindPay) is driven in stages: the
// payer accepts the partner's terms; the customer is made with that
// acceptance and verified later (customer.update, or asked); the wallet
// opens once approved; the pay-in settles into the wallet, and then Crebit
// asks for the payout. This file holds what only such a partner needs.

// stagedSecret is the webhook endpoint's signing secret: the configured
// one, or the one the embedded sandbox made when this server registered.
type stagedSecret struct {
	mu     sync.RWMutex
	secret string
}

func (k *stagedSecret) get() string  { k.mu.RLock(); defer k.mu.RUnlock(); return k.secret }
func (k *stagedSecret) set(s string) { k.mu.Lock(); k.secret = s; k.mu.Unlock() }

// receiveStaged verifies a staged partner's delivery, records it once
// under its id and applies it in the same transaction (as ReceiveWebhook).
func (s *Service) receiveStaged(ctx context.Context, h http.Header, body []byte) (duplicate bool, err error) {
	tr, err := s.partner.Receive(s.hookSecret.get(), h, body, s.now())
	if errors.Is(err, partner.ErrUnreadableDelivery) {
		// Signed by the partner, but not an event: nothing to record.
		s.log.Warn("webhook refused", "reason", err)
		return false, apperr.E(apperr.InvalidJSON, "webhook")
	}
	if err != nil {
		s.log.Warn("webhook refused", "reason", err)
		s.metrics.WebhookRefused()
		return false, apperr.E(apperr.WebhookSignatureInvalid, "plain")
	}
	id := s.partner.DeliveryID(h)
	if len(id) > 200 {
		return false, apperr.E(apperr.Invalid, "webhook_id")
	}
	// Kept for the console and for replays with the payer's identifiers
	// masked (BlindPay's bodies carry tax ids): nothing Crebit applies
	// reads them.
	if tr.Empty() {
		return s.recordIgnored(ctx, id, input.Truncate(tr.Name, 64), partner.RedactJSON(body), receivedHeaders(h), ignoredOutcome(tr))
	}
	return s.recordAndApply(ctx, id, input.Truncate(tr.Name, 64), partner.RedactJSON(body), receivedHeaders(h), "",
		func(tx *store.Tx, processed processedFunc) error {
			return s.applyTranslation(ctx, tx, id, tr, processed)
		})
}

// processedFunc records what applying a delivery did (the payment it was
// about, if any, and its outcome), in the transaction that applied it.
type processedFunc func(about, outcome string) error

// applyTranslation applies what one delivery means: a terms acceptance, a
// customer's verdict, payment events; and records what it did (processed).
func (s *Service) applyTranslation(ctx context.Context, tx *store.Tx, deliveryID string, tr partner.Translation, processed processedFunc) error {
	var outcomes []string
	about := "" // the payment the delivery was about (the last event's)
	if t := tr.Terms; t != nil {
		found, err := tx.AcceptPartnerTerms(ctx, t.Key, t.TosID, s.now())
		if err != nil {
			return err
		}
		outcomes = append(outcomes, map[bool]string{true: "terms accepted", false: "ignored: terms Crebit did not start"}[found])
	}
	if c := tr.Customer; c != nil {
		if err := s.onboarding.SetKYC(ctx, tx, *c); err != nil {
			return err
		}
		outcomes = append(outcomes, "customer "+c.KYCStatus)
	}
	for _, ev := range tr.Events {
		out, paymentID, err := s.applyStagedEvent(ctx, tx, "webhook:"+deliveryID, ev)
		if err != nil {
			return err
		}
		if paymentID != "" {
			about = paymentID
		}
		outcomes = append(outcomes, ev.Type+": "+out)
	}
	if len(outcomes) == 0 {
		return processed(about, ignoredOutcome(tr))
	}
	return processed(about, input.Truncate(strings.Join(outcomes, "; "), 500))
}

// ignoredOutcome is what a delivery that asks nothing (Translation.Empty)
// is recorded as having done.
func ignoredOutcome(tr partner.Translation) string {
	return input.Truncate("ignored: nothing to do for "+tr.Name, 500)
}

// applyStagedEvent applies one translated event to its payment (found by
// pay-in, by payout, else by reference) and says what happened.
func (s *Service) applyStagedEvent(ctx context.Context, tx *store.Tx, source string, ev partner.Event) (string, string, error) {
	p, err := s.stagedPayment(ctx, tx, ev.Data)
	if errors.Is(err, store.ErrNotFound) {
		return "ignored: no matching payment", "", nil
	}
	if err != nil {
		return "", "", err
	}
	switch ev.Type {
	case partner.EventPayinSettled:
		if onHold(p) {
			return HeldOutcome, p.ID, nil // the payout waits for the release (hold.go)
		}
		if p.State != payment.StatePayinCompleted || p.OfframpID != "" {
			return "ignored: payout already asked for or not due (" + string(p.State) + ")", p.ID, nil
		}
		if err := s.queue.InsertTx(ctx, tx, payoutArgs{PaymentID: p.ID}, &river.InsertOpts{
			UniqueOpts: river.UniqueOpts{ByArgs: true}}); err != nil {
			return "", "", err
		}
		return "payout queued", p.ID, nil
	case partner.EventPayinRefunded:
		if p.State.Terminal() || p.State == payment.StatePayinCompleted || p.State == payment.StateOfframpCreated {
			s.logCommitted(tx, slog.LevelError, "the partner refunded a pay-in Crebit had recorded as received; an operator must look at it", "transaction_id", p.ID)
			return "ignored: refunded after it was recorded as received (operator)", p.ID, nil
		}
		p.FailureReason = "the payment partner returned the deposit to the sender"
		out, err := s.advance(ctx, tx, p, payment.EventPayinFailed, source, &ev.Data)
		return out, p.ID, err
	case partner.EventOfframpFailed, partner.EventOfframpRefunded:
		if ev.Data.Offramp != nil {
			p.OfframpStatus = ev.Data.Offramp.Status
		}
		if err := tx.UpdatePaymentProgress(ctx, p, payment.RailReference{}); err != nil {
			return "", "", err
		}
		s.logCommitted(tx, slog.LevelError, "the payout did not arrive; an operator must pay it out again or contact the partner", "transaction_id", p.ID, "event", ev.Type)
		return "held for an operator: " + ev.Type, p.ID, nil
	}
	if !partner.IsEventType(ev.Type) {
		return "ignored: unknown event type", p.ID, nil
	}
	if ev.Type == partner.EventPayinCompleted {
		// Nothing is converted or posted on an amount Crebit cannot read;
		// an operator must look at it.
		if a, err := money.Parse(ev.Data.Amount, money.Currency(ev.Data.Currency)); ev.Data.Amount == "" || err != nil || !a.IsPositive() {
			s.logCommitted(tx, slog.LevelError, "pay-in event without a readable amount", "transaction_id", p.ID)
			return "ignored: pay-in amount or currency missing or invalid", p.ID, nil
		}
	}
	data := ev.Data
	if ev.Type != partner.EventPayinCompleted {
		// The amount was reconciled when the pay-in arrived; payout events
		// carry the USD leg's.
		data.Amount, data.Currency = "", ""
	}
	// p is the locked row as read (stagedPayment).
	out, err := s.advanceFrom(ctx, tx, p, payment.Event(ev.Type), source, &data, true)
	return out, p.ID, err
}

func (s *Service) stagedPayment(ctx context.Context, tx *store.Tx, d partner.EventData) (payment.Record, error) {
	if d.PayinID != "" {
		p, err := tx.PaymentByPayinForUpdate(ctx, d.PayinID)
		if !errors.Is(err, store.ErrNotFound) {
			return p, err
		}
	}
	if d.Offramp != nil && d.Offramp.ID != "" {
		p, err := tx.PaymentByOfframpForUpdate(ctx, d.Offramp.ID)
		if !errors.Is(err, store.ErrNotFound) {
			return p, err
		}
	}
	if d.Reference != "" {
		return tx.PaymentForUpdate(ctx, d.Reference)
	}
	return payment.Record{}, store.ErrNotFound
}

// payoutArgs asks for a settled payment's payout.
type payoutArgs struct {
	PaymentID string `json:"payment_id"`
}

func (payoutArgs) Kind() string { return "create_payout" }

type payoutWorker struct {
	river.WorkerDefaults[payoutArgs]
	s *Service
}

// Work asks the partner to pay the promised US dollars out of the payer's
// wallet to their bank account (the payment's id is the key, so a retry
// replays rather than pays twice) and records the payout.
func (w *payoutWorker) Work(ctx context.Context, job *river.Job[payoutArgs]) error {
	return w.s.payOut(ctx, job.Args.PaymentID)
}

// payoutDue reads payment id and, when due says its payout is due and no
// operator holds it, the payout of its promised US dollars from the
// payer's wallet to their bank account. ok is false when nothing is to be
// paid; a held payment answers a snooze (no money leaves until the
// release).
func (s *Service) payoutDue(ctx context.Context, id string, due func(payment.Record) bool) (p payment.Record, req partner.PayoutRequest, ok bool, err error) {
	// One statement, alone on PostgreSQL: the payment, its hold, its
	// customer's wallet and its bank account together (viewstore.PayoutDue).
	var v viewstore.PayoutDue
	err = s.db.ReadOne(ctx, func(tx *store.Tx) (err error) { v, err = viewstore.Payout(ctx, tx, id); return })
	p = v.Payment
	switch {
	case err != nil || !due(p):
		return p, req, false, err
	case v.OnHold:
		return p, req, false, river.JobSnooze(time.Minute)
	case !v.HasCustomer || !v.HasAccount:
		return p, req, false, store.ErrNotFound
	}
	return p, partner.PayoutRequest{WalletAddress: v.WalletAddress, BankAccountID: v.BankAccountID, Amount: p.AmountUSD, Reference: p.ID}, true, nil
}

func (s *Service) payOut(ctx context.Context, id string) error {
	p, req, ok, err := s.payoutDue(ctx, id, func(p payment.Record) bool {
		return p.State == payment.StatePayinCompleted && p.OfframpID == ""
	})
	if !ok {
		return err
	}
	ctx, _ = partner.WithCallLog(ctx)
	defer s.flushCalls(ctx, p.ID)
	off, err := partner.Record(ctx, "create_payout", p.ID, req, func() (partner.Offramp, error) {
		return s.partner.CreatePayout(ctx, p.ID, req)
	})
	if err != nil {
		s.log.Warn("payout failed", "transaction_id", p.ID, "err", err)
		return fmt.Errorf("payout of %s: %w", p.ID, err)
	}
	var kept func()
	err = s.db.Tx(ctx, func(tx *store.Tx) error {
		cur, err := tx.PaymentForUpdate(ctx, p.ID)
		if err != nil {
			return err
		}
		if kept, err = keepCalls(ctx, tx, p.ID); err != nil {
			return err
		}
		if cur.OfframpID != "" {
			return nil
		}
		if onHold(cur) {
			// Held while the payout was being made: the payout is recorded
			// (its webhooks find the payment by it and wait for the
			// release); the state moves when they are applied.
			return tx.SetPaymentOfframp(ctx, cur.ID, off.ID, off.Status)
		}
		_, err = s.advance(ctx, tx, cur, payment.EventOfframpCreated, "job:payout", &partner.EventData{Offramp: &off, Status: off.Status})
		return err
	})
	if err == nil {
		kept()
	}
	return err
}

// reconcile asks the partner about payments that have not moved for
// ReconcileAfter (their webhooks may be lost) and applies what it says.
func (s *Service) reconcile(ctx context.Context) error {
	after := s.cfg.RecoverAfter * 10
	limits := map[payment.State]time.Duration{payment.StateAwaitingPayin: after, payment.StatePayinProcessing: after,
		payment.StatePayinCompleted: after, payment.StateOfframpCreated: after}
	var stale []store.StuckPayment
	err := s.db.Read(ctx, func(tx *store.Tx) (err error) {
		stale, err = tx.StuckPayments(ctx, s.now(), limits, after)
		return err
	})
	if err != nil {
		return err
	}
	seen := map[string]bool{}
	var errs []error
	for _, sp := range stale {
		if seen[sp.ID] {
			continue
		}
		seen[sp.ID] = true
		if err := s.reconcileOne(ctx, sp.ID); err != nil {
			errs = append(errs, fmt.Errorf("reconcile %s: %w", sp.ID, err))
		}
	}
	return errors.Join(errs...)
}

func (s *Service) reconcileOne(ctx context.Context, id string) error {
	var p payment.Record
	if err := s.db.Read(ctx, func(tx *store.Tx) (err error) { p, err = tx.Payment(ctx, id); return }); err != nil {
		return err
	}
	ctx, _ = partner.WithCallLog(ctx)
	defer s.flushCalls(ctx, p.ID)
	var evs []partner.Event
	var err error
	switch {
	case p.OfframpID != "":
		evs, err = partner.Record(ctx, "payout_events", "", map[string]string{"payout_id": p.OfframpID},
			func() ([]partner.Event, error) { return s.partner.PayoutEvents(ctx, p.OfframpID) })
	case p.PartnerPayinID != "":
		evs, err = partner.Record(ctx, "payin_events", "", map[string]string{"payin_id": p.PartnerPayinID},
			func() ([]partner.Event, error) { return s.partner.PayinEvents(ctx, p.PartnerPayinID) })
	}
	if err != nil || len(evs) == 0 {
		return err
	}
	return s.db.Tx(ctx, func(tx *store.Tx) error {
		for _, ev := range evs {
			out, _, err := s.applyStagedEvent(ctx, tx, "poll", ev)
			if err != nil {
				return err
			}
			s.logCommitted(tx, slog.LevelInfo, "reconciled a payment with the partner", "transaction_id", p.ID, "event", ev.Type, "outcome", out)
		}
		return nil
	})
}
