package sandbox

import (
	"context"
	"math/big"
	"net/http"

	"github.com/crebit/crebit/internal/money"
	"github.com/crebit/crebit/internal/partner"
	"github.com/crebit/crebit/internal/randid"
	"github.com/crebit/crebit/internal/store"
)

// quoteTTL is how long the sandbox honours a quote, in seconds. It is longer
// than Crebit's own 300-second lock, which Crebit enforces itself.
const quoteTTL = 900

// reverseSpread is the discount on local currency bought with USDC
// (off_ramp USDC/BRL, the calculator's reversed mode): 1.5%.
var reverseSpread = big.NewRat(985, 1000)

// createQuote quotes one leg from the configured rates.
func (s *Sandbox) createQuote(ctx context.Context, tx *store.Tx, r *http.Request, body []byte) (int, any, error) {
	if s.cfg.FailQuotes {
		return 0, nil, &apiError{http.StatusServiceUnavailable, "rates_unavailable", "rate source unavailable (CREBIT_SANDBOX_FAIL_QUOTES)"}
	}
	var req partner.QuoteRequest
	if err := decode(body, &req); err != nil {
		return 0, nil, err
	}
	var quotation string
	var feeBps int64
	switch {
	case req.Side == partner.OnRamp && req.Symbol == "USDC/BRL":
		quotation = s.cfg.BRLQuotation
	case req.Side == partner.OnRamp && req.Symbol == "USDC/MXN":
		quotation = s.cfg.MXNQuotation
	case req.Side == partner.OffRamp && req.Symbol == "USDC/USD":
		quotation, feeBps = s.cfg.USDQuotation, s.cfg.FeeBps
	case req.Side == partner.OffRamp && (req.Symbol == "USDC/BRL" || req.Symbol == "USDC/MXN"):
		base := s.cfg.BRLQuotation
		if req.Symbol == "USDC/MXN" {
			base = s.cfg.MXNQuotation
		}
		rate, err := money.ParseRate(base)
		if err != nil {
			return 0, nil, err
		}
		quotation = money.FormatRat(new(big.Rat).Mul(rate, reverseSpread), 4, money.Down)
		feeBps = s.cfg.FeeBps
	default:
		return 0, nil, invalid("unsupported symbol/side: " + req.Symbol + " " + req.Side)
	}
	now := s.now().UTC()
	q := partner.Quote{ID: randid.New("qt"), Symbol: req.Symbol, Side: req.Side, Quotation: quotation,
		FeeBps: feeBps, FeeFixed: "0.00", ExpiresAt: now.Add(quoteTTL * 1e9).Truncate(1e3)}
	err := tx.SandboxCreateQuote(ctx, q.ID, q.Symbol, q.Side, q.Quotation, q.FeeBps, q.ExpiresAt, now)
	return http.StatusCreated, q, err
}
