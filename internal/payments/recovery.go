package payments

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/riverqueue/river"

	"github.com/crebit/crebit/internal/partner"
	"github.com/crebit/crebit/internal/payment"
	"github.com/crebit/crebit/internal/store"
)

// recoverArgs is the periodic sweep for payments stranded in created: the
// process that stored them died (or stalled) before recording the pay-in.
type recoverArgs struct{}

func (recoverArgs) Kind() string { return "recover_payments" }

type recoverWorker struct {
	river.WorkerDefaults[recoverArgs]
	s *Service
}

// recoverBatch bounds one sweep; the next sweep takes the rest.
const recoverBatch = 100

// Work recovers every payment in created older than RecoverAfter.
func (w *recoverWorker) Work(ctx context.Context, job *river.Job[recoverArgs]) error {
	s := w.s
	var stranded []payment.Record
	err := s.db.Read(ctx, func(tx *store.Tx) (err error) {
		stranded, err = tx.StrandedPayments(ctx, s.now().Add(-s.cfg.RecoverAfter), recoverBatch)
		return err
	})
	if err != nil {
		return err
	}
	var errs []error
	// Webhooks get lost: ask the partner about payments that have not
	// moved for a while.
	if err := s.reconcile(ctx); err != nil {
		errs = append(errs, err)
	}
	for _, p := range stranded {
		if _, err := s.recoverPayment(ctx, p); err != nil {
			errs = append(errs, fmt.Errorf("recover %s: %w", p.ID, err))
		}
	}
	return errors.Join(errs...)
}

// sweepEvery is how often the sweep runs: often enough that a stranded
// payment waits at most about RecoverAfter plus this.
func sweepEvery(recoverAfter time.Duration) time.Duration {
	return max(min(recoverAfter/2, 30*time.Second), 500*time.Millisecond)
}

// recoverPayment ends a payment whose process died between storing it
// and recording its pay-in. The partner cannot look a pay-in up by the key
// it was opened with (BlindPay finds one only by its payin quote, which
// Crebit does not keep) and cannot cancel one; but the payer never saw its
// instructions, so nobody can pay into it. The payment is marked failed
// and its quote freed; a pay-in a webhook already recorded keeps it going.
func (s *Service) recoverPayment(ctx context.Context, p payment.Record) (payment.Record, error) {
	var out payment.Record
	err := s.db.Tx(ctx, func(tx *store.Tx) error {
		cur, err := tx.PaymentForUpdate(ctx, p.ID)
		if err != nil || cur.State != payment.StateCreated {
			out = cur
			return err
		}
		s.log.Warn("stranded payment marked failed", "transaction_id", p.ID)
		cur.FailureReason = "the pay-in could not be opened; no money was taken"
		if _, err := s.advance(ctx, tx, cur, payment.EventPayinFailed, "job:recover", nil); err != nil {
			return err
		}
		out, err = tx.Payment(ctx, p.ID)
		return err
	})
	return out, err
}

// recordPayin stores the partner's pay-in and its deposit instructions on
// a payment. A payment still in created moves to awaiting_payin and gets
// its expiry job; one that a webhook already moved on keeps its state (a
// pay-in is never recorded backwards).
func (s *Service) recordPayin(ctx context.Context, id string, pi partner.Payin, source string) (payment.Record, error) {
	if pi.Pix == nil && pi.SPEI == nil {
		return payment.Record{}, errors.New("partner returned no deposit instructions")
	}
	var out payment.Record
	var kept func()
	err := s.db.Tx(ctx, func(tx *store.Tx) error {
		cur, err := tx.PaymentForUpdate(ctx, id)
		if err != nil {
			return err
		}
		if kept, err = keepCalls(ctx, tx, id); err != nil {
			return err
		}
		if cur.PartnerPayinID == "" {
			cur.PartnerPayinID = pi.ID
			if pi.Pix != nil {
				cur.PixCode, cur.DepositAddress = pi.Pix.Code, pi.Pix.Code
			} else {
				cur.DepositAddress, cur.DepositBankName, cur.BeneficiaryName = pi.SPEI.CLABE, pi.SPEI.BankName, pi.SPEI.Beneficiary
			}
			if err := tx.SetPayinInstructions(ctx, cur); err != nil {
				return err
			}
		}
		if cur.State == payment.StateCreated {
			// created -> awaiting_payin, through the one transition function
			// (a webhook that already moved it further makes this a no-op).
			if _, err := s.advance(ctx, tx, cur, payment.EventOpened, source, nil); err != nil {
				return err
			}
			if err := s.queue.InsertTx(ctx, tx, expireArgs{PaymentID: id}, &river.InsertOpts{ScheduledAt: cur.ExpiresAt}); err != nil {
				return err
			}
		}
		out, err = tx.Payment(ctx, id)
		return err
	})
	if err == nil {
		kept()
	}
	return out, err
}
