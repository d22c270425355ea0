package scholarapi

import (
	"net/http"

	"github.com/crebit/crebit/internal/scholarships"
)

// handleTrackerList is the signed-in student's scholarship tracker.
func (s *Handler) handleTrackerList(w http.ResponseWriter, r *http.Request) {
	a := actor(r)
	apps, err := s.scholarships.Applications(r.Context(), a, a.Lang)
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, r, http.StatusOK, map[string]any{"applications": apps, "states": scholarships.ApplicationStates})
}

type trackRequest struct {
	ProgramID string `json:"program_id"`
}

// handleTrackerCreate saves a program to the tracker (409 when it is there).
func (s *Handler) handleTrackerCreate(w http.ResponseWriter, r *http.Request) {
	var req trackRequest
	if err := decodeJSON(w, r, &req); err != nil {
		writeError(w, r, err)
		return
	}
	a := actor(r)
	app, err := s.scholarships.TrackProgram(r.Context(), a, req.ProgramID, a.Lang)
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, r, http.StatusCreated, app)
}

type applicationPatchRequest struct {
	Status    *string `json:"status"`
	Deadline  *string `json:"deadline"`
	Notes     *string `json:"notes"`
	Documents *[]int  `json:"documents"`
}

// handleTrackerUpdate moves a tracked program or edits its deadline, notes
// or documents checklist (anyone else's is 404).
func (s *Handler) handleTrackerUpdate(w http.ResponseWriter, r *http.Request) {
	var req applicationPatchRequest
	if err := decodeJSON(w, r, &req); err != nil {
		writeError(w, r, err)
		return
	}
	a := actor(r)
	app, err := s.scholarships.UpdateApplication(r.Context(), a, r.PathValue("id"), scholarships.ApplicationPatch(req), a.Lang)
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, r, http.StatusOK, app)
}

// handleTrackerDelete removes a program from the tracker.
func (s *Handler) handleTrackerDelete(w http.ResponseWriter, r *http.Request) {
	if err := s.scholarships.UntrackProgram(r.Context(), actor(r), r.PathValue("id")); err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, r, http.StatusOK, map[string]bool{"deleted": true})
}
