package httpapi

import (
	"context"
	"errors"
	"net/http"
	"time"

	"github.com/crebit/crebit/internal/apperr"
	"github.com/crebit/crebit/internal/partner"
	"github.com/crebit/crebit/internal/payments"
	"github.com/crebit/crebit/internal/rates"
)

// ratesPath is the indicative rates' route; withSession does not look its
// caller's session up (the answer is the same for everyone).
const ratesPath = "/api/rates"

type rateJSON struct {
	Symbol        string    `json:"symbol"`
	LocalCurrency string    `json:"local_currency"`
	OnRamp        rawNumber `json:"on_ramp"`
	OffRamp       rawNumber `json:"off_ramp"`
}

type ratesResponse struct {
	Rates []rateJSON `json:"rates"`
	AsOf  time.Time  `json:"as_of"`
}

// handleRatesGet answers every corridor's indicative rate from memory
// (GET /api/rates): no partner call and no database read or write per
// request (package rates says when the partner is asked).
func (s *Server) handleRatesGet(w http.ResponseWriter, r *http.Request) {
	snap, err := s.rateSnapshot(r.Context())
	if err != nil {
		writeError(w, r, err)
		return
	}
	out := ratesResponse{AsOf: snap.AsOf.UTC(), Rates: make([]rateJSON, 0, len(snap.Rates))}
	for _, rt := range snap.Rates {
		out.Rates = append(out.Rates, rateJSON{Symbol: rt.Symbol, LocalCurrency: string(rt.Local),
			OnRamp: rawNumber(rt.OnRamp), OffRamp: rawNumber(rt.OffRamp)})
	}
	writeJSON(w, r, http.StatusOK, out)
}

// rateSnapshot reads the book, turning its refusal into the client error.
func (s *Server) rateSnapshot(ctx context.Context) (rates.Snapshot, error) {
	if s.rates == nil {
		return rates.Snapshot{}, errors.New("httpapi: no rates book wired")
	}
	snap, err := s.rates.Rates(ctx)
	if errors.Is(err, rates.ErrUnavailable) {
		return snap, apperr.E(apperr.PartnerUnavailable, "rate")
	}
	return snap, err
}

// indicativeRate is POST /api/create-quote-new's rate, read from the book.
func (s *Server) indicativeRate(ctx context.Context, symbol, quoteType string) (string, error) {
	if s.rates == nil { // a server built without a book (internal tests)
		return s.payments.IndicativeRate(ctx, symbol, quoteType)
	}
	if _, err := payments.ParseSymbol(symbol); err != nil {
		return "", err
	}
	if quoteType != partner.OnRamp && quoteType != partner.OffRamp {
		return "", apperr.E(apperr.Invalid, "quote_type").On("quote_type")
	}
	snap, err := s.rateSnapshot(ctx)
	if err != nil {
		return "", err
	}
	rt, ok := snap.Find(symbol)
	if !ok {
		return "", errors.New("httpapi: no rate for a known symbol")
	}
	if quoteType == partner.OnRamp {
		return rt.OnRamp, nil
	}
	return rt.OffRamp, nil
}
