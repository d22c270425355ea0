package scholarships

import (
	"log/slog"
	"time"

	"github.com/riverqueue/river"

	"github.com/crebit/crebit/internal/config"
	"github.com/crebit/crebit/internal/jobs"
	"github.com/crebit/crebit/internal/outbox"
	"github.com/crebit/crebit/internal/seal"
	"github.com/crebit/crebit/internal/store"
)

// Service is the scholarship use cases over the catalog loaded at start-up.
type Service struct {
	db     *store.DB
	sealer *seal.Sealer
	cfg    config.Config
	now    func() time.Time
	log    *slog.Logger
	mail   *outbox.Outbox
	schol  *scholarships
}

// Deps are what the scholarship service is built from.
type Deps struct {
	DB     *store.DB
	Queue  *jobs.Queue
	Sealer *seal.Sealer
	Config config.Config
	Now    func() time.Time
	Log    *slog.Logger
	Mail   *outbox.Outbox
}

// New loads and indexes the shipped catalog and registers the daily alerts
// job on the queue (call before the queue's Init).
func New(d Deps) (*Service, error) {
	schol, err := loadScholarships(d.Config, d.Now())
	if err != nil {
		return nil, err
	}
	s := &Service{db: d.DB, sealer: d.Sealer, cfg: d.Config, now: d.Now, log: d.Log, mail: d.Mail, schol: schol}
	jobs.Register(d.Queue, &alertsWorker{s: s})
	d.Queue.Periodic(24*time.Hour, func() river.JobArgs { return alertsArgs{} })
	return s, nil
}
