package httpapi

import (
	"fmt"
	"net/http"

	"github.com/crebit/crebit/internal/corridor"
	"github.com/crebit/crebit/internal/dashboard"
)

// The dashboard's Make a Payment tab: the account's payer profiles, the
// check waitlist, and Process Payment (the wizards' payment path, with the
// sender taken from the account's own verified profile). Signed out: 401.

func (s *Server) handleDashboardPaymentSetup(w http.ResponseWriter, r *http.Request) {
	out, err := s.dashboard.DashboardPaymentSetup(r.Context(), actor(r))
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, r, http.StatusOK, out)
}

func (s *Server) handleCheckWaitlistJoin(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Country string `json:"country"`
	}
	if err := decodeJSON(w, r, &req); err != nil {
		writeError(w, r, err)
		return
	}
	if err := s.dashboard.JoinCheckWaitlist(r.Context(), actor(r), req.Country); err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, r, http.StatusOK, map[string]bool{"check_waitlist": true})
}

func (s *Server) handleDashboardPaymentCreate(w http.ResponseWriter, r *http.Request) {
	var in dashboard.DashboardPaymentInput
	if err := decodeJSON(w, r, &in); err != nil {
		writeError(w, r, err)
		return
	}
	key, ok := idempotencyKey(w, r)
	if !ok {
		return
	}
	in.IdempotencyKey, in.IP, in.UserAgent = key, s.clientIP(r), cleanText(r.UserAgent())
	p, err := s.dashboard.CreateDashboardPayment(r.Context(), actor(r), in)
	if err != nil {
		writeError(w, r, err)
		return
	}
	c, ok := corridor.ByMethod(p.Method)
	if !ok {
		writeError(w, r, fmt.Errorf("payment %s has no corridor for method %q", p.ID, p.Method))
		return
	}
	writeJSON(w, r, http.StatusOK, createdPaymentJSON(c, p))
}
