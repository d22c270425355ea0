package payments

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/riverqueue/river"

	"github.com/crebit/crebit/internal/ledger"
	"github.com/crebit/crebit/internal/locale"
	"github.com/crebit/crebit/internal/mail"
	"github.com/crebit/crebit/internal/money"
	"github.com/crebit/crebit/internal/partner"
	"github.com/crebit/crebit/internal/payment"
	"github.com/crebit/crebit/internal/payments/paymail"
	"github.com/crebit/crebit/internal/randid"
	"github.com/crebit/crebit/internal/store"
	"github.com/crebit/crebit/internal/store/holdstore"
	"github.com/crebit/crebit/internal/store/returnstore"
)

// Money owed back to a payer. The partner's API can neither return a pay-in
// nor cancel one (docs/BLINDPAY.md §17.6), so a refund the lifecycle calls
// for (a late, short, wrong-currency or excess pay-in) or an operator
// decides is recorded as owed (table payment_returns, ledger
// partner:returns_owed) in the transaction that decides it; an operator
// returns the money through the partner's support and records it
// (RecordReturn), which posts the return and e-mails the payer. Until then
// the payer reads "refund in progress", never "refunded".

// openReturn records what out says is owed back, in the transaction that
// applies out.
func (s *Service) openReturn(ctx context.Context, tx *store.Tx, p payment.Record, out payment.Outcome, now time.Time) error {
	kind, cause := "payin", ""
	switch {
	case out.To == payment.StatePayinMismatch:
		cause = p.FailureReason
	case out.To == payment.StateRefunded && out.From == payment.StatePayinCompleted:
		cause = "refunded by an operator before conversion"
	case out.To == payment.StateRefunded:
		cause = fmt.Sprintf("late pay-in: it arrived after the payment was %s", out.From)
	default:
		kind, cause = "excess", fmt.Sprintf("over-payment: %s arrived beyond the quoted %s", out.RefundAmount, p.AmountLocal)
	}
	opened, err := returnstore.OpenReturn(ctx, tx, returnstore.PaymentReturn{ID: randid.New("ret"), PaymentID: p.ID, Kind: kind,
		Amount: out.RefundAmount, Cause: cause, OpenedAt: now})
	if opened {
		s.logCommitted(tx, slog.LevelError, "money is owed back to a payer; an operator returns it through the partner's support (console: Returns)",
			"transaction_id", p.ID, "kind", kind, "amount", out.RefundAmount.String(), "currency", out.RefundAmount.Currency)
	}
	return err
}

// mayOweBack reports whether a payment in state st can have money owed
// back: once a pay-in was received (an excess, a mismatch, a late or an
// operator-refunded pay-in).
func mayOweBack(st payment.State) bool {
	return st == payment.StateRefunded || st == payment.StatePayinMismatch ||
		(Reached(st, payment.StatePayinCompleted) && !st.Terminal()) || st == payment.StateCompleted || st == payment.StateCheckMailed
}

// Refund is what a payer is told about money owed back to them.
type Refund struct {
	Status     string       // "in_progress" while any is owed, else "returned"
	Amount     money.Amount // the total owed (in progress) or returned
	ReturnedAt *time.Time   // the last return, when returned
}

// RefundOf sums a payment's returns (store.Tx.ReturnsOf) into what the
// payer is told; nil when nothing is owed or returned.
func RefundOf(rs []returnstore.PaymentReturn) *Refund { return refundOf(rs) }

// refundOf sums a payment's returns; nil when nothing is owed or returned.
func refundOf(rs []returnstore.PaymentReturn) *Refund {
	if len(rs) == 0 {
		return nil
	}
	var owed, back Refund
	owed.Status, back.Status = "in_progress", "returned"
	for _, r := range rs {
		x := &back
		if r.ReturnedAt == nil {
			x = &owed
		} else if back.ReturnedAt == nil || r.ReturnedAt.After(*back.ReturnedAt) {
			back.ReturnedAt = r.ReturnedAt
		}
		if x.Amount.Currency == "" {
			x.Amount = r.Amount
		} else {
			x.Amount.Minor += r.Amount.Minor
		}
	}
	if owed.Amount.Minor > 0 {
		return &owed
	}
	return &back
}

// ErrNotRefundable is returned by RefundReceived for a payment whose
// pay-in is not received and unconverted.
var ErrNotRefundable = errors.New("payments: only a received pay-in not yet converted can be refunded")

// RefundReceived refunds, in tx, a payment whose pay-in was received and
// not yet converted (an operator's decision, the caller's audit entry in
// the same transaction): the payment ends refunded, the receipt is owed
// back, and the payout never starts. A hold on the payment is closed
// (with reason) first; events kept by the hold are applied after, so they
// find the payment refunded and change nothing.
func (s *Service) RefundReceived(ctx context.Context, tx *store.Tx, p payment.Record, source, by, byEmail, reason string) error {
	if p.State != payment.StatePayinCompleted || p.OfframpID != "" {
		return ErrNotRefundable
	}
	return s.decide(ctx, tx, p, payment.EventRefund, source, by, byEmail, reason)
}

// decide applies an operator's event to p in tx: a hold on the payment is
// closed (with the reason) first, so the event is not kept back, and the
// events the hold kept are applied after it, in the order received (they
// find the payment ended and change nothing).
func (s *Service) decide(ctx context.Context, tx *store.Tx, p payment.Record, ev payment.Event, source, by, byEmail, reason string) error {
	held := onHold(p)
	if held {
		if err := holdstore.ReleaseHold(ctx, tx, p.ID, s.now(), by, byEmail, reason); err != nil {
			return err
		}
		p.OnHold = false // p was read before the release: advance must not keep the event back
	}
	if _, err := s.advance(ctx, tx, p, ev, source, nil); err != nil {
		return err
	}
	if held {
		_, err := s.ReleaseHeld(ctx, tx, p.ID)
		return err
	}
	return nil
}

// ErrNotCancellable is returned by CancelUnpaid for a payment whose pay-in
// has started (or that has ended).
var ErrNotCancellable = errors.New("payments: only a payment waiting for its pay-in can be cancelled")

// CancelUnpaid ends, in tx, a payment still waiting for its pay-in (an
// operator's decision): it fails without converting anything and its
// instructions are no longer shown. The partner's pay-in cannot be
// cancelled; a deposit that arrives later anyway is recorded and owed back
// as any late pay-in.
func (s *Service) CancelUnpaid(ctx context.Context, tx *store.Tx, p payment.Record, source, by, byEmail, reason string) error {
	if p.State != payment.StateAwaitingPayin {
		return ErrNotCancellable
	}
	p.FailureReason = "the payment was cancelled by Crebit before any money arrived"
	return s.decide(ctx, tx, p, payment.EventPayinFailed, source, by, byEmail, reason)
}

// ErrAlreadyReturned is returned by RecordReturn for a return already made.
var ErrAlreadyReturned = errors.New("payments: this return was already recorded")

// RecordReturn records, in tx, that the partner returned an owed refund to
// the payer (an operator's confirmation, with the partner's reference):
// the return is posted to the ledger (returns owed to the payer), the
// payer is e-mailed in their language, and live status streams learn it.
func (s *Service) RecordReturn(ctx context.Context, tx *store.Tx, returnID, by, byEmail, reference string) (returnstore.PaymentReturn, error) {
	r, err := returnstore.ReturnForUpdate(ctx, tx, returnID)
	if err != nil {
		return r, err
	}
	if r.ReturnedAt != nil {
		return r, ErrAlreadyReturned
	}
	now := s.now().UTC()
	if err := returnstore.MarkReturned(ctx, tx, r.ID, now, by, byEmail, reference); err != nil {
		return r, err
	}
	r.ReturnedAt, r.ReturnedBy, r.ReturnedEmail, r.Reference = &now, by, byEmail, reference
	back, err := payment.Returned(r.Amount, r.Kind == "excess")
	if err != nil {
		return r, err
	}
	if err := tx.PostLedger(ctx, r.PaymentID, []ledger.Transaction{back}, now); err != nil {
		return r, err
	}
	if err := s.NoticeMail(ctx, tx, r.PaymentID, "returned", &r.Amount); err != nil {
		return r, err
	}
	return r, s.announce(ctx, tx, r.PaymentID)
}

// PayoutReturned reports whether a payment's payout came back (BlindPay
// "refunded": the stablecoin is in the payer's wallet again), so an
// operator may pay it out again.
func PayoutReturned(p payment.Record) bool {
	return p.State == payment.StateOfframpCreated && p.OfframpID != "" && p.OfframpStatus == "refunded"
}

// ErrPayoutNotReturned is returned by PayOutAgain for a payment whose
// payout did not come back.
var ErrPayoutNotReturned = errors.New("payments: only a payment whose payout came back can be paid out again")

// PayOutAgain queues, in tx (an operator's decision, audited by the
// caller in the same transaction), a new payout of a payment whose payout
// came back. The job's key names the returned payout, so asking twice for
// the same one pays once.
func (s *Service) PayOutAgain(ctx context.Context, tx *store.Tx, p payment.Record) error {
	if !PayoutReturned(p) {
		return ErrPayoutNotReturned
	}
	return s.queue.InsertTx(ctx, tx, payoutAgainArgs{PaymentID: p.ID, Returned: p.OfframpID},
		&river.InsertOpts{UniqueOpts: river.UniqueOpts{ByArgs: true}})
}

// payoutAgainArgs pays out again a payment whose payout Returned came back.
type payoutAgainArgs struct {
	PaymentID string `json:"payment_id"`
	Returned  string `json:"returned_payout_id"`
}

func (payoutAgainArgs) Kind() string { return "payout_again" }

type payoutAgainWorker struct {
	river.WorkerDefaults[payoutAgainArgs]
	s *Service
}

// Work asks the partner for a new payout of the promised US dollars
// (key: the payment and the returned payout, so a retry replays) and
// records it as the payment's payout; its webhooks then find the payment
// by it. It does nothing when the payment moved on.
func (w *payoutAgainWorker) Work(ctx context.Context, job *river.Job[payoutAgainArgs]) error {
	s := w.s
	p, req, ok, err := s.payoutDue(ctx, job.Args.PaymentID, func(p payment.Record) bool {
		return PayoutReturned(p) && p.OfframpID == job.Args.Returned
	})
	if !ok {
		return err
	}
	ctx, _ = partner.WithCallLog(ctx)
	defer s.flushCalls(ctx, p.ID)
	key := p.ID + "-again-" + job.Args.Returned
	off, err := partner.Record(ctx, "create_payout", key, req, func() (partner.Offramp, error) {
		return s.partner.CreatePayout(ctx, key, req)
	})
	if err != nil {
		s.log.Warn("payout again failed", "transaction_id", p.ID, "err", err)
		return fmt.Errorf("payout again of %s: %w", p.ID, err)
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
		if cur.OfframpID != job.Args.Returned {
			return nil
		}
		if err := tx.SetPaymentOfframp(ctx, cur.ID, off.ID, off.Status); err != nil {
			return err
		}
		return s.announce(ctx, tx, cur.ID)
	})
	if err == nil {
		kept()
	}
	return err
}

// NoticeMail queues, in tx, the payment e-mail named name (texts
// "payment_update/<name>/{subject,heading,body}" in each language: a
// notice that is not a state, such as a hold, its release or a return) to
// the payment's recipients in the payer's language. returned, when not
// nil, fills the field the texts call Returned.
func (s *Service) NoticeMail(ctx context.Context, tx *store.Tx, paymentID, name string, returned *money.Amount) error {
	p, err := tx.Payment(ctx, paymentID)
	if err != nil {
		return err
	}
	to, lang, err := paymail.RecipientsAndLanguage(ctx, tx, p)
	if err != nil {
		return err
	}
	fields := paymail.Fields(p, lang, p.State, s.mail.Link("/track", "transaction_id", p.ID))
	fields["Reason"] = ""
	if returned != nil {
		fields["Returned"] = locale.For(lang).Money(*returned)
	}
	for part, field := range map[string]string{"subject": "Subject", "heading": "Heading", "body": "Body"} {
		text, ok := mail.Part(lang, "payment_update", name+"/"+part, fields)
		if !ok {
			return fmt.Errorf("payment_update/%s/%s: no such text in %q", name, part, lang)
		}
		fields[field] = text
	}
	for _, addr := range to {
		if err := s.mail.Queue(ctx, tx, "payment_update", lang, addr, fields); err != nil {
			return err
		}
	}
	return nil
}
