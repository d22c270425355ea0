package dashboard

import (
	"time"

	"github.com/crebit/crebit/internal/onboarding"
	"github.com/crebit/crebit/internal/payments"
	"github.com/crebit/crebit/internal/seal"
	"github.com/crebit/crebit/internal/store"
)

// Service is the signed-in dashboard's read models and its Make a Payment.
type Service struct {
	db       *store.DB
	sealer   *seal.Sealer
	now      func() time.Time
	payments *payments.Service

	onboarding *onboarding.Service // the wallet Make a Payment opens
}

// New builds the dashboard service.
func New(db *store.DB, sealer *seal.Sealer, now func() time.Time, pay *payments.Service, onb *onboarding.Service) *Service {
	return &Service{db: db, sealer: sealer, now: now, payments: pay, onboarding: onb}
}
