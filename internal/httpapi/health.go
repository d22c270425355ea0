package httpapi

import (
	"github.com/crebit/crebit/internal/apperr"

	"context"
	"net/http"
	"time"
)

// handleHealthz says the process is alive; it touches nothing else.
func (s *Server) handleHealthz(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, r, http.StatusOK, map[string]string{"status": "ok"})
}

// handleReadyz says the process can serve: the database answers.
func (s *Server) handleReadyz(w http.ResponseWriter, r *http.Request) {
	ctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
	defer cancel()
	if err := s.accounts.Ping(ctx); err != nil {
		logger(r).Warn("readiness: database unreachable", "err", err)
		writeJSON(w, r, http.StatusServiceUnavailable, errorBody{Error: apperr.E(apperr.Unavailable, "database").Message, Code: apperr.Unavailable})
		return
	}
	writeJSON(w, r, http.StatusOK, map[string]string{"status": "ready", "database": s.accounts.Engine()})
}
