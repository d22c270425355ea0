package scholarapi

import "net/http"

// handleAlertsList is the signed-in student's scholarship alerts.
func (s *Handler) handleAlertsList(w http.ResponseWriter, r *http.Request) {
	as, err := s.scholarships.Alerts(r.Context(), actor(r))
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, r, http.StatusOK, map[string]any{"alerts": as})
}

type alertRequest struct {
	Params string `json:"params"`
}

// handleAlertCreate starts the double opt-in: a pending alert and its
// confirmation e-mail.
func (s *Handler) handleAlertCreate(w http.ResponseWriter, r *http.Request) {
	var req alertRequest
	if err := decodeJSON(w, r, &req); err != nil {
		writeError(w, r, err)
		return
	}
	al, err := s.scholarships.CreateAlert(r.Context(), actor(r), req.Params)
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, r, http.StatusCreated, al)
}

// handleAlertStop ends one of the caller's alerts (anyone else's is 404).
func (s *Handler) handleAlertStop(w http.ResponseWriter, r *http.Request) {
	if err := s.scholarships.StopAlert(r.Context(), actor(r), r.PathValue("id")); err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, r, http.StatusOK, map[string]bool{"deleted": true})
}

type alertLinkRequest struct {
	ID    string `json:"id"`
	Token string `json:"token"`
}

// handleAlertConfirm is the confirmation link's second step (the page posts
// the link's id and token).
func (s *Handler) handleAlertConfirm(w http.ResponseWriter, r *http.Request) {
	var req alertLinkRequest
	if err := decodeJSON(w, r, &req); err != nil {
		writeError(w, r, err)
		return
	}
	al, err := s.scholarships.ConfirmAlert(r.Context(), req.ID, req.Token)
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, r, http.StatusOK, map[string]string{"status": al.Status})
}

// handleAlertUnsubscribe is the one-click unsubscribe of RFC 8058: the
// address of every alert message's List-Unsubscribe header, posted by the
// mail client with the body "List-Unsubscribe=One-Click" (read and not
// needed: the id and token are in the address), and by the unsubscribe
// page. No sign-in; the token is the proof.
func (s *Handler) handleAlertUnsubscribe(w http.ResponseWriter, r *http.Request) {
	r.Body = http.MaxBytesReader(w, r.Body, 4096)
	q := r.URL.Query()
	if err := s.scholarships.UnsubscribeAlert(r.Context(), q.Get("id"), q.Get("token")); err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, r, http.StatusOK, map[string]string{"status": "unsubscribed"})
}
