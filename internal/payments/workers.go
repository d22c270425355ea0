package payments

import (
	"context"
	"net/http"
	"time"

	"github.com/riverqueue/river"

	"github.com/crebit/crebit/internal/partner"
	"github.com/crebit/crebit/internal/payment"
	"github.com/crebit/crebit/internal/store"
	"github.com/crebit/crebit/internal/store/sessionstore"
)

// The payment's own jobs: ending an unpaid payment's window, refunding a
// pay-in, and the hourly housekeeping.

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

// Work is for refund jobs queued by an earlier version only: refunds are
// now recorded as owed in the transaction that decides them
// (returns.go), and nothing queues this job. Such a job's ledger already
// posted the money back to the payer, so it opens no return; it logs the
// case at error level and keeps it among the payment's partner calls
// (the console's Explain page), for an operator to return through
// BlindPay's support (docs/BLINDPAY.md §17.6); it does not retry.
func (w *refundWorker) Work(ctx context.Context, job *river.Job[refundArgs]) error {
	var p payment.Record
	err := w.s.db.Read(ctx, func(tx *store.Tx) (err error) { p, err = tx.Payment(ctx, job.Args.PaymentID); return })
	if err != nil {
		return err
	}
	key := "refund-" + p.ID
	if job.Args.Excess {
		key = "refund-excess-" + p.ID
	}
	ctx, _ = partner.WithCallLog(ctx)
	defer w.s.flushCalls(ctx, p.ID)
	w.s.log.Error("a pay-in must be returned to its sender by an operator (the partner's API cannot refund)",
		"transaction_id", p.ID, "payin_id", p.PartnerPayinID, "amount", job.Args.Amount, "currency", job.Args.Currency, "excess", job.Args.Excess)
	partner.Record(ctx, "refund_payin", key, job.Args, func() (struct{}, error) { //nolint:errcheck // the refusal is the record
		return struct{}{}, &partner.Error{Status: http.StatusNotImplemented, Code: "refund_by_operator",
			Message: "the partner's API cannot return a pay-in: an operator returns it through the partner's support"}
	})
	return nil
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
		if _, err := sessionstore.DeleteExpiredSessions(ctx, tx, now); err != nil {
			return err
		}
		_, err := tx.DeleteStaleQuotes(ctx, now.Add(-24*time.Hour))
		return err
	})
}
