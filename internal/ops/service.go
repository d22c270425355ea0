package ops

import (
	"log/slog"
	"time"

	"github.com/crebit/crebit/internal/accounts"
	"github.com/crebit/crebit/internal/metrics"
	"github.com/crebit/crebit/internal/outbox"
	"github.com/crebit/crebit/internal/payments"
	"github.com/crebit/crebit/internal/seal"
	"github.com/crebit/crebit/internal/store"
)

// Service is the operations console's use cases.
type Service struct {
	db       *store.DB
	sealer   *seal.Sealer
	now      func() time.Time
	log      *slog.Logger
	metrics  *metrics.Metrics // nil-safe
	mail     *outbox.Outbox
	payments *payments.Service
	accounts *accounts.Service
}

// Deps are what the console's service is built from.
type Deps struct {
	DB       *store.DB
	Sealer   *seal.Sealer
	Now      func() time.Time
	Log      *slog.Logger
	Metrics  *metrics.Metrics
	Mail     *outbox.Outbox
	Payments *payments.Service
	Accounts *accounts.Service
}

// New builds the console's service.
func New(d Deps) *Service {
	return &Service{db: d.DB, sealer: d.Sealer, now: d.Now, log: d.Log, metrics: d.Metrics, mail: d.Mail,
		payments: d.Payments, accounts: d.Accounts}
}
