package app

import (
	"log/slog"
	"time"

	"github.com/crebit/crebit/internal/accounts"
	"github.com/crebit/crebit/internal/config"
	"github.com/crebit/crebit/internal/dashboard"
	"github.com/crebit/crebit/internal/jobs"
	"github.com/crebit/crebit/internal/live"
	"github.com/crebit/crebit/internal/mail"
	"github.com/crebit/crebit/internal/metrics"
	"github.com/crebit/crebit/internal/onboarding"
	"github.com/crebit/crebit/internal/ops"
	"github.com/crebit/crebit/internal/outbox"
	"github.com/crebit/crebit/internal/partner"
	"github.com/crebit/crebit/internal/payments"
	"github.com/crebit/crebit/internal/ratelimit"
	"github.com/crebit/crebit/internal/referrals"
	"github.com/crebit/crebit/internal/scholarships"
	"github.com/crebit/crebit/internal/seal"
	"github.com/crebit/crebit/internal/store"
)

// Services are the use cases, one value per capability. They are built
// bottom-up: each is given the few below it that it calls (dependencies
// point one way: the outbox and rate limits; referrals and scholarships;
// onboarding; payments; accounts; the dashboard; the operations console).
type Services struct {
	Outbox       *outbox.Outbox
	Limits       *ratelimit.Limiter
	Referrals    *referrals.Service
	Scholarships *scholarships.Service
	Onboarding   *onboarding.Service
	Payments     *payments.Service
	Dashboard    *dashboard.Service
	Accounts     *accounts.Service
	Ops          *ops.Service
}

// serviceDeps are what the capabilities are built from.
type serviceDeps struct {
	DB        *store.DB
	Queue     *jobs.Queue
	Partner   partner.Partner
	Simulator partner.Simulator // nil unless the sandbox partner is active
	Config    config.Config
	Now       func() time.Time
	Log       *slog.Logger
	// Sender overrides the e-mail sender (tests); nil means SMTP when
	// CREBIT_SMTP_URL is set, else the local mailbox.
	Sender  mail.Sender
	Live    live.Broker      // nil: no live status streams
	Metrics *metrics.Metrics // optional
}

// buildServices builds every capability and registers their job workers on
// the queue (before its Init).
func buildServices(d serviceDeps) (*Services, error) {
	key, err := config.DecodeEncryptionKey(d.Config.EncryptionKey.Reveal())
	if err != nil {
		return nil, err
	}
	sealer, err := seal.New(key)
	if err != nil {
		return nil, err
	}
	if d.Now == nil {
		d.Now = time.Now
	}
	box, err := outbox.New(outbox.Deps{DB: d.DB, Queue: d.Queue, Sealer: sealer, Config: d.Config, Now: d.Now, Log: d.Log,
		Mail: d.Sender, Metrics: d.Metrics})
	if err != nil {
		return nil, err
	}
	sv := &Services{Outbox: box, Limits: ratelimit.New(d.DB, d.Config.RateLimitScale, d.Now, d.Metrics)}
	sv.Referrals = referrals.New(d.DB, sealer, d.Now, box, sv.Limits)
	if sv.Scholarships, err = scholarships.New(scholarships.Deps{DB: d.DB, Queue: d.Queue, Sealer: sealer, Config: d.Config,
		Now: d.Now, Log: d.Log, Mail: box}); err != nil {
		return nil, err
	}
	sv.Onboarding = onboarding.New(onboarding.Deps{DB: d.DB, Partner: d.Partner, Config: d.Config, Now: d.Now, Log: d.Log,
		Sealer: sealer, Mail: box})
	if sv.Payments, err = payments.New(payments.Deps{DB: d.DB, Queue: d.Queue, Partner: d.Partner, Simulator: d.Simulator,
		Config: d.Config, Now: d.Now, Log: d.Log, Sealer: sealer, Mail: box, Referrals: sv.Referrals, Live: d.Live,
		Metrics: d.Metrics, Onboarding: sv.Onboarding}); err != nil {
		return nil, err
	}
	sv.Dashboard = dashboard.New(d.DB, sealer, d.Now, sv.Payments, sv.Onboarding)
	if sv.Accounts, err = accounts.New(accounts.Deps{DB: d.DB, Queue: d.Queue, Sealer: sealer, Config: d.Config, Now: d.Now,
		Log: d.Log, Mail: box, Limits: sv.Limits}); err != nil {
		return nil, err
	}
	sv.Ops = ops.New(ops.Deps{DB: d.DB, Sealer: sealer, Now: d.Now, Log: d.Log, Metrics: d.Metrics, Mail: box,
		Payments: sv.Payments, Accounts: sv.Accounts})
	return sv, nil
}
