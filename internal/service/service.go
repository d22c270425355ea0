package service

import (
	"log/slog"
	"time"

	"github.com/riverqueue/river"

	"github.com/crebit/crebit/internal/config"
	"github.com/crebit/crebit/internal/jobs"
	"github.com/crebit/crebit/internal/metrics"
	"github.com/crebit/crebit/internal/outbox"
	"github.com/crebit/crebit/internal/payments"
	"github.com/crebit/crebit/internal/ratelimit"
	"github.com/crebit/crebit/internal/seal"
	"github.com/crebit/crebit/internal/store"
)

// Service is the use cases not yet in a package of their own: accounts,
// the dashboard and the operations console.
type Service struct {
	db        *store.DB
	queue     *jobs.Queue
	sealer    *seal.Sealer
	cfg       config.Config
	now       func() time.Time
	log       *slog.Logger
	mail      *outbox.Outbox
	limits    *ratelimit.Limiter
	payments  *payments.Service
	hashes    chan struct{} // bounds concurrent sign-in password checks
	newHashes chan struct{} // bounds concurrent new password hashes (sign-up, reset, change)
	metrics   *metrics.Metrics // nil-safe
}

// Deps are what a Service is built from.
type Deps struct {
	DB       *store.DB
	Queue    *jobs.Queue
	Sealer   *seal.Sealer
	Config   config.Config
	Now      func() time.Time
	Log      *slog.Logger
	Mail     *outbox.Outbox
	Limits   *ratelimit.Limiter
	Payments *payments.Service
	Metrics  *metrics.Metrics // optional
}

// New builds the service and registers its job workers on the queue (call
// before the queue's Init).
func New(d Deps) (*Service, error) {
	s := &Service{db: d.DB, queue: d.Queue, sealer: d.Sealer, cfg: d.Config, now: d.Now, log: d.Log, mail: d.Mail,
		limits: d.Limits, payments: d.Payments, metrics: d.Metrics}
	if err := s.initAccounts(d); err != nil {
		return nil, err
	}
	jobs.Register(d.Queue, &retentionWorker{s: s})
	jobs.Register(d.Queue, &resetRequestWorker{s: s})
	d.Queue.Periodic(24*time.Hour, func() river.JobArgs { return retentionArgs{} })
	return s, nil
}
