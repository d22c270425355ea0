package httpapi

import (
	"net/http"
	"time"

	"github.com/crebit/crebit/internal/apperr"
	"github.com/crebit/crebit/internal/payments"
)

// rawNumber writes exact decimal text as a JSON number.
type rawNumber string

// MarshalJSON emits the text unquoted.
func (n rawNumber) MarshalJSON() ([]byte, error) { return []byte(n), nil }

type quoteRequest struct {
	Symbol    string     `json:"symbol"`
	AmountUSD jsonNumber `json:"amount_usd"`
}

type rampJSON struct {
	ID        string    `json:"id"`
	Quotation rawNumber `json:"quotation"`
}

type quoteResponse struct {
	Symbol            string    `json:"symbol"`
	AmountUSD         any       `json:"amount_usd"`
	TotalLocalAmount  any       `json:"total_local_amount"`
	LocalCurrency     string    `json:"local_currency"`
	TotalFeesUSD      any       `json:"total_fees_usd"`
	EffectiveRate     rawNumber `json:"effective_rate"`
	OnRamp            rampJSON  `json:"on_ramp"`
	OffRamp           rampJSON  `json:"off_ramp"`
	ExpiresAt         time.Time `json:"expires_at"`
	ExpiresAtReadable string    `json:"expires_at_readable"`
}

// handleQuoteCreate locks a quote for the session (POST /api/create-quote).
func (s *Server) handleQuoteCreate(w http.ResponseWriter, r *http.Request) {
	var req quoteRequest
	if err := decodeJSON(w, r, &req); err != nil {
		writeError(w, r, err)
		return
	}
	if _, err := payments.ParseSymbol(req.Symbol); err != nil {
		writeError(w, r, err)
		return
	}
	amount, err := s.payments.ParseAmountUSD(string(req.AmountUSD))
	if err != nil {
		writeError(w, r, err)
		return
	}
	who, err := s.ensureActor(w, r)
	if err != nil {
		writeError(w, r, err)
		return
	}
	q, err := s.payments.CreateQuote(r.Context(), who, req.Symbol, amount)
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, r, http.StatusOK, quoteResponse{
		Symbol: q.Symbol, AmountUSD: q.AmountUSD, TotalLocalAmount: q.TotalLocal, LocalCurrency: string(q.TotalLocal.Currency),
		TotalFeesUSD: q.TotalFeesUSD, EffectiveRate: rawNumber(q.EffectiveRate),
		OnRamp:    rampJSON{ID: q.OnRampID, Quotation: rawNumber(q.OnRampQuotation)},
		OffRamp:   rampJSON{ID: q.OffRampID, Quotation: rawNumber(q.OffRampQuotation)},
		ExpiresAt: q.ExpiresAt, ExpiresAtReadable: q.ExpiresAt.Format("Jan 2, 2006 15:04:05 UTC"),
	})
}

type rateRequest struct {
	Symbol    string `json:"symbol"`
	QuoteType string `json:"quote_type"`
}

// handleRateIndicative returns the calculator's live rate (POST /api/create-quote-new).
func (s *Server) handleRateIndicative(w http.ResponseWriter, r *http.Request) {
	var req rateRequest
	if err := decodeJSON(w, r, &req); err != nil {
		writeError(w, r, err)
		return
	}
	rate, err := s.indicativeRate(r.Context(), req.Symbol, req.QuoteType)
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, r, http.StatusOK, map[string]any{"symbol": req.Symbol, "quote_type": req.QuoteType, "effective_rate": rawNumber(rate)})
}

// handleSessionQuoteIDs returns the session's last locked quote pair.
func (s *Server) handleSessionQuoteIDs(w http.ResponseWriter, r *http.Request) {
	sess, ok := currentSession(r)
	if !ok || sess.LastOnRampQuoteID == "" {
		writeError(w, r, apperr.E(apperr.QuoteNotFound, "session"))
		return
	}
	writeJSON(w, r, http.StatusOK, map[string]string{
		"on_ramp_quote_id": sess.LastOnRampQuoteID, "off_ramp_quote_id": sess.LastOffRampQuoteID})
}
