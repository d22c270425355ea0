package httpapi

import (
	"net/http"

	"github.com/crebit/crebit/internal/session"
)

// The dashboard's Settings tab: name, password, recent sign-ins, Download
// my data and Close my account. Two-factor is in account.go.

func (s *Server) handleNameUpdate(w http.ResponseWriter, r *http.Request) {
	var in struct {
		FirstName string `json:"first_name"`
		LastName  string `json:"last_name"`
	}
	if err := decodeJSON(w, r, &in); err != nil {
		writeError(w, r, err)
		return
	}
	me, err := s.accounts.UpdateName(r.Context(), actor(r), in.FirstName, in.LastName)
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, r, http.StatusOK, me)
}

func (s *Server) handlePasswordChange(w http.ResponseWriter, r *http.Request) {
	var in struct {
		Current string `json:"current_password"`
		New     string `json:"new_password"`
	}
	if err := decodeJSON(w, r, &in); err != nil {
		writeError(w, r, err)
		return
	}
	if err := s.accounts.ChangePassword(r.Context(), actor(r), in.Current, in.New); err != nil {
		writeAccountError(w, r, err)
		return
	}
	writeJSON(w, r, http.StatusOK, map[string]string{"status": "password_changed"})
}

func (s *Server) handleSigninsList(w http.ResponseWriter, r *http.Request) {
	ss, err := s.accounts.RecentSignins(r.Context(), actor(r))
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, r, http.StatusOK, map[string]any{"signins": ss})
}

func (s *Server) handleDataExport(w http.ResponseWriter, r *http.Request) {
	d, err := s.accounts.ExportData(r.Context(), actor(r))
	if err != nil {
		writeError(w, r, err)
		return
	}
	w.Header().Set("Content-Disposition", `attachment; filename="crebit-my-data.json"`)
	w.Header().Set("Cache-Control", "no-store")
	writeJSON(w, r, http.StatusOK, d)
}

func (s *Server) handleAccountClose(w http.ResponseWriter, r *http.Request) {
	var in struct {
		Password string `json:"password"`
	}
	if err := decodeJSON(w, r, &in); err != nil {
		writeError(w, r, err)
		return
	}
	if err := s.accounts.CloseAccount(r.Context(), actor(r), in.Password); err != nil {
		writeAccountError(w, r, err)
		return
	}
	http.SetCookie(w, &http.Cookie{Name: session.CookieName, Value: "", Path: "/", MaxAge: -1, HttpOnly: true,
		Secure: s.https, SameSite: http.SameSiteLaxMode})
	writeJSON(w, r, http.StatusOK, map[string]bool{"closed": true})
}

// handleLanguageUpdate records the signed-in account's language.
func (s *Server) handleLanguageUpdate(w http.ResponseWriter, r *http.Request) {
	var in struct {
		Lang string `json:"lang"`
	}
	if err := decodeJSON(w, r, &in); err != nil {
		writeError(w, r, err)
		return
	}
	if err := s.accounts.SetLanguage(r.Context(), actor(r), in.Lang); err != nil {
		writeError(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}
