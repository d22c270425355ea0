package payments

import (
	"context"
	"log/slog"
	"time"

	"github.com/riverqueue/river"

	"github.com/crebit/crebit/internal/apperr"
	"github.com/crebit/crebit/internal/config"
	"github.com/crebit/crebit/internal/jobs"
	"github.com/crebit/crebit/internal/live"
	"github.com/crebit/crebit/internal/metrics"
	"github.com/crebit/crebit/internal/money"
	"github.com/crebit/crebit/internal/onboarding"
	"github.com/crebit/crebit/internal/outbox"
	"github.com/crebit/crebit/internal/partner"
	"github.com/crebit/crebit/internal/partnercall"
	"github.com/crebit/crebit/internal/referrals"
	"github.com/crebit/crebit/internal/seal"
	"github.com/crebit/crebit/internal/store"
)

// Service is the payment use cases over one database and one partner.
type Service struct {
	db         *store.DB
	queue      *jobs.Queue
	partner    partner.Partner
	hookSecret stagedSecret      // the partner's webhook signing secret
	simulator  partner.Simulator // nil unless the sandbox partner is active
	sealer     *seal.Sealer
	cfg        config.Config
	now        func() time.Time
	log        *slog.Logger
	mail       *outbox.Outbox
	live       live.Broker // announces committed payment changes to live status streams
	referrals  *referrals.Service
	metrics    *metrics.Metrics // nil-safe

	onboarding *onboarding.Service // applies the partner's verdict on a customer (SetKYC)
}

// Deps are what the payments service is built from.
type Deps struct {
	DB        *store.DB
	Queue     *jobs.Queue
	Partner   partner.Partner
	Simulator partner.Simulator
	Config    config.Config
	Now       func() time.Time
	Log       *slog.Logger
	Sealer    *seal.Sealer
	Mail      *outbox.Outbox
	Referrals *referrals.Service
	Live      live.Broker      // nil: no live status streams
	Metrics   *metrics.Metrics // optional

	Onboarding *onboarding.Service // the partner's verdict on a customer (SetKYC)
}

// New builds the payments service and registers its job workers on the queue (call
// before the queue's Init).
func New(d Deps) (*Service, error) {
	if _, err := config.DecodeWebhookSecret(d.Config.WebhookSecret.Reveal()); err != nil {
		return nil, err
	}
	if d.Now == nil {
		d.Now = time.Now
	}
	if d.Config.RecoverAfter <= 0 {
		d.Config.RecoverAfter = time.Minute
	}
	s := &Service{db: d.DB, queue: d.Queue, partner: partner.Logged(d.Partner), simulator: d.Simulator, sealer: d.Sealer,
		cfg: d.Config, now: d.Now, log: d.Log, metrics: d.Metrics, live: d.Live,
		mail: d.Mail, referrals: d.Referrals, onboarding: d.Onboarding}
	s.hookSecret.set(d.Config.WebhookSecret.Reveal())
	jobs.Register(d.Queue, &payoutWorker{s: s})
	jobs.Register(d.Queue, &payoutAgainWorker{s: s})
	d.Mail.AttachWith(s.attachments)
	jobs.Register(d.Queue, &webhookWorker{s: s})
	jobs.Register(d.Queue, &expireWorker{s: s})
	jobs.Register(d.Queue, &refundWorker{s: s})
	jobs.Register(d.Queue, &sessionCleanupWorker{s: s})
	jobs.Register(d.Queue, &recoverWorker{s: s})
	d.Queue.Periodic(sweepEvery(d.Config.RecoverAfter), func() river.JobArgs { return recoverArgs{} })
	d.Queue.Periodic(time.Hour, func() river.JobArgs { return sessionCleanupArgs{} })
	return s, nil
}

// PaymentCounts is what the payments gauges read at each scrape.
func (s *Service) PaymentCounts(ctx context.Context) (byState map[string]int64, overdue int64, err error) {
	err = s.db.Read(ctx, func(tx *store.Tx) (err error) {
		byState, overdue, err = tx.PaymentStateCounts(ctx, s.now())
		return err
	})
	return byState, overdue, err
}

// Sandbox reports whether the sandbox partner (and its simulate call) is active.
func (s *Service) Sandbox() bool { return s.simulator != nil }

// idemKey derives a partner Idempotency-Key (partnercall.IdemKey).
func idemKey(parts ...string) string { return partnercall.IdemKey(parts...) }

// partnerUnavailable maps a partner failure to a message the payer can act
// on (partnercall.Unavailable).
func partnerUnavailable(err error, name string) error { return partnercall.Unavailable(err, name) }

// partnerFailure is partnerUnavailable, or for a staged partner its own
// reading of the refusal (partnercall.Failure).
func (s *Service) partnerFailure(err error, temporary *apperr.Error) error {
	return partnercall.Failure(s.partner, err, temporary)
}

// usd is a shorthand for a USD amount in cents.
func usd(cents int64) money.Amount { return money.Amount{Minor: cents, Currency: money.USD} }

// ctxTimeout bounds work that must finish even when the client went away.
func detached(ctx context.Context) (context.Context, context.CancelFunc) {
	return context.WithTimeout(context.WithoutCancel(ctx), 30*time.Second)
}
