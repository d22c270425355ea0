package scholarapi

import (
	"net/http"

	"github.com/crebit/crebit/internal/scholarship"
)

// handleScholarshipOverview tells /scholarships how big and how fresh the catalog is.
func (s *Handler) handleScholarshipOverview(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, r, http.StatusOK, s.scholarships.ScholarshipOverview())
}

// handleScholarshipSearch runs a search from the query string.
func (s *Handler) handleScholarshipSearch(w http.ResponseWriter, r *http.Request) {
	res, err := s.scholarships.SearchScholarships(r.Context(), actor(r), r.URL.Query())
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, r, http.StatusOK, res)
}

// handleScholarshipProgram returns one program.
func (s *Handler) handleScholarshipProgram(w http.ResponseWriter, r *http.Request) {
	lang := r.URL.Query().Get("lang")
	if lang == "" {
		lang = actor(r).Lang // the request's language (cookie, else Accept-Language)
	}
	p, err := s.scholarships.ScholarshipProgram(r.PathValue("id"), lang)
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, r, http.StatusOK, p)
}

// handleQuickMatchGet returns the caller's own Quick Match answers.
func (s *Handler) handleQuickMatchGet(w http.ResponseWriter, r *http.Request) {
	q, err := s.scholarships.QuickMatch(r.Context(), actor(r))
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, r, http.StatusOK, q.WithLists())
}

// handleQuickMatchPut saves the caller's Quick Match answers.
func (s *Handler) handleQuickMatchPut(w http.ResponseWriter, r *http.Request) {
	var q scholarship.QuickMatch
	if err := decodeJSON(w, r, &q); err != nil {
		writeError(w, r, err)
		return
	}
	a, err := s.ensureActor(w, r)
	if err == nil {
		err = s.scholarships.SaveQuickMatch(r.Context(), a, q)
	}
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, r, http.StatusOK, q.WithLists())
}

// handleEligibilityGet returns the caller's own eligibility form.
func (s *Handler) handleEligibilityGet(w http.ResponseWriter, r *http.Request) {
	e, err := s.scholarships.Eligibility(r.Context(), actor(r))
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, r, http.StatusOK, e.WithLists())
}

// handleEligibilityPut saves the caller's eligibility form.
func (s *Handler) handleEligibilityPut(w http.ResponseWriter, r *http.Request) {
	var e scholarship.EligibilityForm
	if err := decodeJSON(w, r, &e); err != nil {
		writeError(w, r, err)
		return
	}
	a, err := s.ensureActor(w, r)
	if err == nil {
		err = s.scholarships.SaveEligibility(r.Context(), a, e)
	}
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, r, http.StatusOK, e.WithLists())
}

// handleFilterSetsList lists the caller's saved filter sets.
func (s *Handler) handleFilterSetsList(w http.ResponseWriter, r *http.Request) {
	sets, err := s.scholarships.FilterSets(r.Context(), actor(r))
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, r, http.StatusOK, map[string]any{"filter_sets": sets})
}

type filterSetRequest struct {
	Name   string `json:"name"`
	Params string `json:"params"`
}

// handleFilterSetCreate saves a named search.
func (s *Handler) handleFilterSetCreate(w http.ResponseWriter, r *http.Request) {
	var req filterSetRequest
	if err := decodeJSON(w, r, &req); err != nil {
		writeError(w, r, err)
		return
	}
	a, err := s.ensureActor(w, r)
	if err != nil {
		writeError(w, r, err)
		return
	}
	f, err := s.scholarships.CreateFilterSet(r.Context(), a, req.Name, req.Params)
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, r, http.StatusCreated, f)
}

// handleFilterSetDelete deletes one of the caller's filter sets (anyone
// else's is 404).
func (s *Handler) handleFilterSetDelete(w http.ResponseWriter, r *http.Request) {
	if err := s.scholarships.DeleteFilterSet(r.Context(), actor(r), r.PathValue("id")); err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, r, http.StatusOK, map[string]bool{"deleted": true})
}
