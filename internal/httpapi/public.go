package httpapi

import (
	"fmt"
	"net/http"
)

// handleConfig tells the web app what this server offers.
func (s *Server) handleConfig(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, r, http.StatusOK, map[string]any{
		"sandbox":           s.svc.Sandbox(),
		"quote_ttl_seconds": int(s.cfg.QuoteTTL.Seconds()),
	})
}

type subscribeRequest struct {
	Email  string `json:"email"`
	Source string `json:"source"`
}

// handleSubscribe stores a landing-page address for product updates, once.
func (s *Server) handleSubscribe(w http.ResponseWriter, r *http.Request) {
	var req subscribeRequest
	if err := decodeJSON(w, r, &req); err != nil {
		writeError(w, r, err)
		return
	}
	created, err := s.svc.Subscribe(r.Context(), req.Email, req.Source)
	if err != nil {
		writeError(w, r, err)
		return
	}
	status, msg := http.StatusCreated, "Thanks! You're subscribed to Crebit product updates."
	if !created {
		status, msg = http.StatusOK, "You're already subscribed to Crebit product updates."
	}
	writeJSON(w, r, status, map[string]any{"subscribed": true, "already_subscribed": !created, "message": msg})
}

type referralRequest struct {
	CustomerID string   `json:"customer_id"`
	Emails     []string `json:"emails"`
}

// handleReferralsCreate stores the friends a payer referred.
func (s *Server) handleReferralsCreate(w http.ResponseWriter, r *http.Request) {
	var req referralRequest
	if err := decodeJSON(w, r, &req); err != nil {
		writeError(w, r, err)
		return
	}
	n, err := s.svc.Refer(r.Context(), sessionID(r), req.CustomerID, req.Emails)
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, r, http.StatusOK, map[string]any{"sent": n,
		"message": fmt.Sprintf("%d referral(s) sent successfully. You'll earn $100 for each successful signup!", n)})
}

type consentRequest struct {
	Accepted bool `json:"accepted"`
}

// handleConsentCreate records the /payment-authorization agreement with
// time, IP and user agent.
func (s *Server) handleConsentCreate(w http.ResponseWriter, r *http.Request) {
	var req consentRequest
	if err := decodeJSON(w, r, &req); err != nil {
		writeError(w, r, err)
		return
	}
	if !req.Accepted {
		writeJSON(w, r, http.StatusBadRequest, errorBody{Error: "Authorization Required – Please agree to the authorization to proceed with the payment."})
		return
	}
	sess, err := s.ensureSession(w, r)
	if err != nil {
		writeError(w, r, err)
		return
	}
	id, err := s.svc.RecordConsent(r.Context(), sess.ID, clientIP(r), cleanText(r.UserAgent()))
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, r, http.StatusCreated, map[string]any{"id": id, "recorded_at": s.now().UTC()})
}
