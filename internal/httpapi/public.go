package httpapi

import (
	"fmt"
	"net/http"

	"github.com/crebit/crebit/internal/apperr"
	"github.com/crebit/crebit/internal/i18n"
	"github.com/crebit/crebit/internal/payments/paymail"
)

// handleConfig tells the web app what this server offers.
func (s *Server) handleConfig(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, r, http.StatusOK, map[string]any{
		// The sandbox's controls (Simulate, the mailbox) exist for this
		// client: the sandbox partner, and a client on loopback.
		"sandbox":           s.payments.Sandbox() && s.fromLoopback(r),
		"quote_ttl_seconds": int(s.cfg.QuoteTTL.Seconds()),
	})
}

// handlePaymentEmails lists the e-mails a payment sends, in the request's
// language: the status-updates page shows exactly what the e-mails say.
func (s *Server) handlePaymentEmails(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Vary", "Accept-Language, Cookie")
	writeJSON(w, r, http.StatusOK, map[string]any{"emails": paymail.PaymentEmails(i18n.FromRequest(r))})
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
	// The answer is the same whether the address was new or already
	// subscribed, so the form cannot be used to learn who subscribed.
	if _, err := s.accounts.Subscribe(r.Context(), req.Email, req.Source); err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, r, http.StatusOK, map[string]any{"subscribed": true, "message": "Thanks! You're subscribed to Crebit product updates."})
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
	n, err := s.referrals.Refer(r.Context(), actor(r), req.CustomerID, req.Emails)
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, r, http.StatusOK, map[string]any{"sent": n,
		"message": fmt.Sprintf("%d referral(s) sent successfully. %s", n, paymail.ReferralPromise)})
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
		writeError(w, r, apperr.E(apperr.AuthorizationRequired, "").On("accepted"))
		return
	}
	who, err := s.ensureActor(w, r)
	if err != nil {
		writeError(w, r, err)
		return
	}
	id, err := s.onboarding.RecordConsent(r.Context(), who, s.clientIP(r), cleanText(r.UserAgent()))
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, r, http.StatusCreated, map[string]any{"id": id, "recorded_at": s.now().UTC()})
}

type referralArrivalRequest struct {
	Code string `json:"code"`
}

// handleReferralArrival remembers the referral code a browser arrived with
// (?ref= on an invitation link). It always answers 204: a visitor never
// sees an error for a link they were given.
func (s *Server) handleReferralArrival(w http.ResponseWriter, r *http.Request) {
	var req referralArrivalRequest
	if err := decodeJSON(w, r, &req); err != nil {
		writeError(w, r, err)
		return
	}
	who, err := s.ensureActor(w, r)
	if err != nil {
		writeError(w, r, err)
		return
	}
	if err := s.referrals.RememberReferral(r.Context(), who, req.Code); err != nil {
		writeError(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}
