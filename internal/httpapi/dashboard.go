package httpapi

import (
	"net/http"
	"strconv"

	"github.com/crebit/crebit/internal/apperr"
)

// The dashboard's overview tab: the signed-in account's totals, its
// transactions and one payment's detail. Signed out: 401; another
// account's payment: 404.

func (s *Server) handleDashboardOverview(w http.ResponseWriter, r *http.Request) {
	o, err := s.dashboard.DashboardOverview(r.Context(), actor(r))
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, r, http.StatusOK, o)
}

func (s *Server) handleDashboardTransactions(w http.ResponseWriter, r *http.Request) {
	page := 1
	if v := r.URL.Query().Get("page"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || len(v) > 6 {
			writeError(w, r, apperr.E(apperr.Invalid, "page").On("page"))
			return
		}
		page = n
	}
	p, err := s.dashboard.DashboardTransactions(r.Context(), actor(r), page)
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, r, http.StatusOK, p)
}

func (s *Server) handleDashboardTransaction(w http.ResponseWriter, r *http.Request) {
	d, err := s.dashboard.DashboardTransaction(r.Context(), actor(r), r.PathValue("transaction_id"))
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, r, http.StatusOK, d)
}

// handleMyReferrals lists the signed-in payer's invitations and rewards.
func (s *Server) handleMyReferrals(w http.ResponseWriter, r *http.Request) {
	out, err := s.referrals.MyReferrals(r.Context(), actor(r))
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, r, http.StatusOK, out)
}

// handleGiftCardChoose records the gift card the referrer wants for a reward.
func (s *Server) handleGiftCardChoose(w http.ResponseWriter, r *http.Request) {
	var in struct {
		Brand string `json:"brand"`
	}
	if err := decodeJSON(w, r, &in); err != nil {
		writeError(w, r, err)
		return
	}
	if err := s.referrals.ChooseGiftCard(r.Context(), actor(r), r.PathValue("id"), in.Brand); err != nil {
		writeError(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}
