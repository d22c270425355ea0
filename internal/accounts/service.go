package accounts

import (
	"log/slog"
	"time"

	"github.com/riverqueue/river"

	"github.com/crebit/crebit/internal/config"
	"github.com/crebit/crebit/internal/jobs"
	"github.com/crebit/crebit/internal/outbox"
	"github.com/crebit/crebit/internal/ratelimit"
	"github.com/crebit/crebit/internal/seal"
	"github.com/crebit/crebit/internal/store"
)

// Service is the account use cases.
type Service struct {
	db        *store.DB
	queue     *jobs.Queue
	sealer    *seal.Sealer
	cfg       config.Config
	now       func() time.Time
	log       *slog.Logger
	mail      *outbox.Outbox
	limits    *ratelimit.Limiter
	hashes    chan struct{} // bounds concurrent sign-in password checks
	newHashes chan struct{} // bounds concurrent new password hashes (sign-up, reset, change)
}

// Deps are what the account service is built from.
type Deps struct {
	DB     *store.DB
	Queue  *jobs.Queue
	Sealer *seal.Sealer
	Config config.Config
	Now    func() time.Time
	Log    *slog.Logger
	Mail   *outbox.Outbox
	Limits *ratelimit.Limiter
}

// New builds the account service and registers its job workers on the
// queue (call before the queue's Init).
func New(d Deps) (*Service, error) {
	if d.Now == nil {
		d.Now = time.Now
	}
	s := &Service{db: d.DB, queue: d.Queue, sealer: d.Sealer, cfg: d.Config, now: d.Now, log: d.Log, mail: d.Mail,
		limits: d.Limits}
	if err := s.initAccounts(d); err != nil {
		return nil, err
	}
	jobs.Register(d.Queue, &retentionWorker{s: s})
	jobs.Register(d.Queue, &resetRequestWorker{s: s})
	d.Queue.Periodic(24*time.Hour, func() river.JobArgs { return retentionArgs{} })
	return s, nil
}
