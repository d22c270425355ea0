package scholarapi

import (
	"net/http"

	act "github.com/crebit/crebit/internal/actor"
	"github.com/crebit/crebit/internal/httpapi/httpx"
	"github.com/crebit/crebit/internal/scholarships"
)

// Handler serves the scholarship routes.
type Handler struct {
	scholarships *scholarships.Service
	// ensureActor is the request's actor, with a session made (and its
	// cookie set) when the browser has none yet.
	ensureActor func(http.ResponseWriter, *http.Request) (act.Actor, error)
}

// New returns the scholarship handlers.
func New(svc *scholarships.Service, ensureActor func(http.ResponseWriter, *http.Request) (act.Actor, error)) *Handler {
	return &Handler{scholarships: svc, ensureActor: ensureActor}
}

// The shared plumbing under the names the handlers use.
var (
	writeJSON  = httpx.WriteJSON
	writeError = httpx.WriteError
	decodeJSON = httpx.DecodeJSON
	actor      = httpx.Actor
)

// Routes mounts the catalog, search, and the caller's own profile,
// eligibility form, saved filter sets, tracker and alerts.
func (s *Handler) Routes(mux *http.ServeMux) {
	mux.HandleFunc("GET /api/scholarships", s.handleScholarshipOverview)
	mux.HandleFunc("GET /api/scholarships/search", s.handleScholarshipSearch)
	mux.HandleFunc("GET /api/scholarships/programs/{id}", s.handleScholarshipProgram)
	mux.HandleFunc("GET /api/scholarships/profile", s.handleQuickMatchGet)
	mux.HandleFunc("PUT /api/scholarships/profile", s.handleQuickMatchPut)
	mux.HandleFunc("GET /api/scholarships/eligibility", s.handleEligibilityGet)
	mux.HandleFunc("PUT /api/scholarships/eligibility", s.handleEligibilityPut)
	mux.HandleFunc("GET /api/scholarships/filter-sets", s.handleFilterSetsList)
	mux.HandleFunc("POST /api/scholarships/filter-sets", s.handleFilterSetCreate)
	mux.HandleFunc("DELETE /api/scholarships/filter-sets/{id}", s.handleFilterSetDelete)
	mux.HandleFunc("GET /api/me/scholarships/tracker", s.handleTrackerList)
	mux.HandleFunc("POST /api/me/scholarships/tracker", s.handleTrackerCreate)
	mux.HandleFunc("PATCH /api/me/scholarships/tracker/{id}", s.handleTrackerUpdate)
	mux.HandleFunc("DELETE /api/me/scholarships/tracker/{id}", s.handleTrackerDelete)
	mux.HandleFunc("GET /api/me/scholarships/alerts", s.handleAlertsList)
	mux.HandleFunc("POST /api/me/scholarships/alerts", s.handleAlertCreate)
	mux.HandleFunc("DELETE /api/me/scholarships/alerts/{id}", s.handleAlertStop)
	mux.HandleFunc("POST /api/scholarships/alerts/confirm", s.handleAlertConfirm)
	mux.HandleFunc("POST /api/scholarships/alerts/unsubscribe", s.handleAlertUnsubscribe)
}
