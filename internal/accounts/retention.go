package accounts

import (
	"context"
	"time"

	"github.com/riverqueue/river"

	"github.com/crebit/crebit/internal/store"
	"github.com/crebit/crebit/internal/store/accountstore"
	"github.com/crebit/crebit/internal/store/outboxstore"
)

// RefundWindow is how long after a payment ends a refund may be requested
// (30 days, per the Terms). Personal data is kept until it has passed.
const RefundWindow = 30 * 24 * time.Hour

// RedactPersonalData applies the retention rule of the Privacy Policy: once
// a payment has finished and its refund window has passed, Crebit keeps
// only the payer's e-mail address (and the authorization evidence the law
// requires); e-mails sent before then are deleted. It returns how many
// payments and customers it redacted.
func (s *Service) RedactPersonalData(ctx context.Context) (payments, customers int64, err error) {
	now := s.now().UTC()
	cutoff := now.Add(-RefundWindow)
	err = s.db.Tx(ctx, func(tx *store.Tx) error {
		if payments, err = accountstore.RedactFinishedPayments(ctx, tx, cutoff, now); err != nil {
			return err
		}
		if customers, err = accountstore.RedactIdleCustomers(ctx, tx, cutoff, now); err != nil {
			return err
		}
		_, err = outboxstore.PurgeSentMail(ctx, tx, cutoff)
		return err
	})
	return payments, customers, err
}

// retentionArgs runs RedactPersonalData (daily).
type retentionArgs struct{}

func (retentionArgs) Kind() string { return "redact_personal_data" }

type retentionWorker struct {
	river.WorkerDefaults[retentionArgs]
	s *Service
}

// Work applies the retention rule.
func (w *retentionWorker) Work(ctx context.Context, job *river.Job[retentionArgs]) error {
	p, c, err := w.s.RedactPersonalData(ctx)
	if err == nil && (p > 0 || c > 0) {
		w.s.log.Info("personal data redacted under the retention rule", "payments", p, "customers", c)
	}
	return err
}
