package onboarding

import (
	"context"
	"log/slog"
	"time"

	"github.com/crebit/crebit/internal/apperr"
	"github.com/crebit/crebit/internal/config"
	"github.com/crebit/crebit/internal/outbox"
	"github.com/crebit/crebit/internal/partner"
	"github.com/crebit/crebit/internal/partnercall"
	"github.com/crebit/crebit/internal/seal"
	"github.com/crebit/crebit/internal/store"
)

// Service is the onboarding use cases over one database and one partner.
type Service struct {
	db      *store.DB
	partner partner.Partner
	sealer  *seal.Sealer
	cfg     config.Config
	now     func() time.Time
	log     *slog.Logger
	mail    *outbox.Outbox // the verification e-mails (kyc_approved, kyc_rejected)
}

// Deps are what the onboarding service is built from.
type Deps struct {
	DB      *store.DB
	Partner partner.Partner
	Config  config.Config
	Now     func() time.Time
	Log     *slog.Logger
	Sealer  *seal.Sealer
	Mail    *outbox.Outbox
}

// New builds the onboarding service.
func New(d Deps) *Service {
	if d.Now == nil {
		d.Now = time.Now
	}
	return &Service{db: d.DB, partner: partner.Logged(d.Partner), sealer: d.Sealer, cfg: d.Config, now: d.Now,
		log: d.Log, mail: d.Mail}
}

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

// keepCalls stores, in tx, the partner calls ctx's log holds
// (partnercall.Keep).
func keepCalls(ctx context.Context, tx *store.Tx, objectID string) (committed func(), err error) {
	return partnercall.Keep(ctx, tx, objectID)
}

// flushCalls stores, in a transaction of its own, the partner calls still
// pending in ctx's log (partnercall.Flush).
func (s *Service) flushCalls(ctx context.Context, objectID string) {
	partnercall.Flush(ctx, s.db, s.log, objectID)
}
