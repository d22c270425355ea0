package payment

import (
	"time"

	"github.com/crebit/crebit/internal/money"
)

// Quote is a locked quote: the promise of how much local currency buys how
// many US dollars, good until ExpiresAt.
type Quote struct {
	ID               string
	SessionID        string
	Symbol           string // USDC/BRL or USDC/MXN
	AmountUSD        money.Amount
	TotalLocal       money.Amount
	TotalFeesUSD     money.Amount
	USDC             money.Amount // bought on the on-ramp with TotalLocal
	GrossUSD         money.Amount // the USDC sold on the off-ramp
	EffectiveRate    string       // local per USD, 4 decimals
	OnRampID         string
	OnRampQuotation  string // local per USDC
	OffRampID        string
	OffRampQuotation string // USD per USDC
	CreatedAt        time.Time
	ExpiresAt        time.Time
}
