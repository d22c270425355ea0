package httpapi

import "net/http"

// The signed-in account's saved US bank accounts (Settings, and the
// dashboard's Payment tab): listed masked, newest first, and removable.

func (s *Server) handleBankAccountsList(w http.ResponseWriter, r *http.Request) {
	as, err := s.accounts.BankAccounts(r.Context(), actor(r))
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, r, http.StatusOK, map[string]any{"bank_accounts": as})
}

func (s *Server) handleBankAccountRemove(w http.ResponseWriter, r *http.Request) {
	if err := s.accounts.RemoveBankAccount(r.Context(), actor(r), r.PathValue("id")); err != nil {
		writeError(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}
