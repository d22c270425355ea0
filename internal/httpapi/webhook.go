package httpapi

import (
	"errors"
	"io"
	"net/http"

	"github.com/crebit/crebit/internal/apperr"
)

// handleWebhookReceive takes partner events (POST /api/webhook/payout-events):
// the signature is checked over the raw body before anything else; the
// event is recorded and applied to its payment in one transaction before
// the answer (a durable job applies it when that fails).
func (s *Server) handleWebhookReceive(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxBodyBytes))
	if err != nil {
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			writeError(w, r, apperr.E(apperr.TooLarge, "bytes", "bytes", maxBodyBytes))
			return
		}
		writeError(w, r, apperr.E(apperr.InvalidJSON, "unreadable"))
		return
	}
	dup, err := s.payments.ReceiveWebhook(r.Context(), r.Header, body)
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, r, http.StatusOK, map[string]bool{"received": true, "duplicate": dup})
}

// WebhookURL is where the partner delivers events: on loopback for the
// embedded sandbox, the public base URL for a real partner.
func (s *Server) WebhookURL() string { return s.webhookBase + "/api/webhook/payout-events" }

type triggerRequest struct {
	TransactionID string `json:"transaction_id"`
	Event         string `json:"event"`
}

// handleWebhookTrigger asks the sandbox partner to send an event through
// the real signed path (sandbox only; the route does not exist otherwise).
func (s *Server) handleWebhookTrigger(w http.ResponseWriter, r *http.Request) {
	var req triggerRequest
	if err := decodeJSON(w, r, &req); err != nil {
		writeError(w, r, err)
		return
	}
	if err := s.payments.Simulate(r.Context(), actor(r), req.TransactionID, req.Event); err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, r, http.StatusAccepted, map[string]string{"status": "accepted", "transaction_id": req.TransactionID, "event": req.Event})
}
