package app

import (
	"time"

	"github.com/crebit/crebit/internal/config"
	"github.com/crebit/crebit/internal/outbox"
	"github.com/crebit/crebit/internal/ratelimit"
	"github.com/crebit/crebit/internal/referrals"
	"github.com/crebit/crebit/internal/scholarships"
	"github.com/crebit/crebit/internal/seal"
	"github.com/crebit/crebit/internal/service"
)

// Services are the use cases, one value per capability. They are built
// bottom-up: each is given the few below it that it calls (dependencies
// point one way: outbox and rate limits, then referrals and scholarships,
// then the rest).
type Services struct {
	Outbox       *outbox.Outbox
	Limits       *ratelimit.Limiter
	Referrals    *referrals.Service
	Scholarships *scholarships.Service
	Service      *service.Service
}

// buildServices builds every capability and registers their job workers on
// the queue (before its Init).
func buildServices(d service.Deps) (*Services, error) {
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
	mail, err := outbox.New(outbox.Deps{DB: d.DB, Queue: d.Queue, Sealer: sealer, Config: d.Config, Now: d.Now, Log: d.Log,
		Mail: d.Sender, Metrics: d.Metrics})
	if err != nil {
		return nil, err
	}
	sv := &Services{Outbox: mail, Limits: ratelimit.New(d.DB, d.Config.RateLimitScale, d.Now, d.Metrics)}
	sv.Referrals = referrals.New(d.DB, sealer, d.Now, mail, sv.Limits)
	if sv.Scholarships, err = scholarships.New(scholarships.Deps{DB: d.DB, Queue: d.Queue, Sealer: sealer, Config: d.Config,
		Now: d.Now, Log: d.Log, Mail: mail}); err != nil {
		return nil, err
	}
	d.Sealer, d.Mail, d.Limits, d.Referrals = sealer, mail, sv.Limits, sv.Referrals
	if sv.Service, err = service.New(d); err != nil {
		return nil, err
	}
	return sv, nil
}
