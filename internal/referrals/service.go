package referrals

import (
	"time"

	"github.com/crebit/crebit/internal/outbox"
	"github.com/crebit/crebit/internal/ratelimit"
	"github.com/crebit/crebit/internal/seal"
	"github.com/crebit/crebit/internal/store"
)

// Service is the referral use cases.
type Service struct {
	db     *store.DB
	sealer *seal.Sealer
	now    func() time.Time
	mail   *outbox.Outbox
	limits *ratelimit.Limiter
}

// New builds the referral service.
func New(db *store.DB, sealer *seal.Sealer, now func() time.Time, mail *outbox.Outbox, limits *ratelimit.Limiter) *Service {
	return &Service{db: db, sealer: sealer, now: now, mail: mail, limits: limits}
}
