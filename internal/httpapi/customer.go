package httpapi

import (
	"fmt"
	"net/http"

	"github.com/crebit/crebit/internal/apperr"
	"github.com/crebit/crebit/internal/customer"
	"github.com/crebit/crebit/internal/onboarding"
)

type existingAccountJSON struct {
	ID                string `json:"id"`
	BankName          string `json:"bank_name"`
	BankAccountNumber string `json:"bank_account_number"` // masked: ****1234
}

type customerResponse struct {
	CustomerID              string               `json:"customer_id"`
	WalletID                string               `json:"wallet_id"`
	WalletAddress           string               `json:"wallet_address"`
	KYCStatus               string               `json:"kyc_status"`
	ExistingCustomer        bool                 `json:"existing_customer"`
	ExistingCustomerFound   bool                 `json:"existing_customer_found"`
	ExistingExternalAccount *existingAccountJSON `json:"existing_external_account"`
	ExternalAccountID       *string              `json:"external_account_id"`
	ShowPopup               bool                 `json:"show_popup"`
	PopupTitle              string               `json:"popup_title,omitempty"`
	PopupMessage            string               `json:"popup_message,omitempty"`
	PopupDetails            string               `json:"popup_details,omitempty"`
	PopupQuestion           string               `json:"popup_question,omitempty"`
}

// handleCustomerCreate verifies a payer and opens their wallet (POST /api/create-customer).
func (s *Server) handleCustomerCreate(w http.ResponseWriter, r *http.Request) {
	var in onboarding.CustomerInput
	if err := decodeJSON(w, r, &in); err != nil {
		writeError(w, r, err)
		return
	}
	who, err := s.ensureActor(w, r)
	if err != nil {
		writeError(w, r, err)
		return
	}
	res, err := s.onboarding.CreateCustomer(r.Context(), who, in)
	if err != nil {
		writeError(w, r, err)
		return
	}
	c := res.Customer
	out := customerResponse{CustomerID: c.ID, WalletID: c.WalletID, WalletAddress: c.WalletAddress, KYCStatus: c.KYCStatus,
		ExistingCustomer: res.Existing, ExistingCustomerFound: res.Existing}
	if a := res.ExternalAccount; a != nil {
		out.ExistingExternalAccount = &existingAccountJSON{ID: a.ID, BankName: a.BankName, BankAccountNumber: customer.MaskAccount(a.Last4)}
		out.ExternalAccountID = &a.ID
	}
	if res.Popup {
		out.ShowPopup = true
		out.PopupTitle = "Existing Customer Found"
		out.PopupMessage = "You already created a profile with this tax ID."
		out.PopupDetails = fmt.Sprintf("%s %s, %s", c.FirstName, c.LastName, c.Email)
		if a := res.ExternalAccount; a != nil {
			out.PopupDetails += fmt.Sprintf("; bank account %s %s", a.BankName, customer.MaskAccount(a.Last4))
		}
		out.PopupQuestion = "Would you like to use your existing profile?"
	}
	writeJSON(w, r, http.StatusOK, out)
}

type walletRequest struct {
	CustomerID string `json:"customer_id"`
}

// handleWalletCreate opens the customer's wallet (POST /api/create-wallet);
// its client reads errors from "message".
func (s *Server) handleWalletCreate(w http.ResponseWriter, r *http.Request) {
	var req walletRequest
	if err := decodeJSON(w, r, &req); err != nil {
		writeMessageError(w, r, err)
		return
	}
	c, err := s.onboarding.CreateWallet(r.Context(), actor(r), req.CustomerID)
	if err != nil {
		writeMessageError(w, r, err)
		return
	}
	writeJSON(w, r, http.StatusOK, map[string]string{"customer_id": c.ID, "wallet_id": c.WalletID, "wallet_address": c.WalletAddress})
}

// handleExternalAccountCreate registers a US bank account (POST /api/create-external-account).
func (s *Server) handleExternalAccountCreate(w http.ResponseWriter, r *http.Request) {
	var in onboarding.ExternalAccountInput
	if err := decodeJSON(w, r, &in); err != nil {
		writeError(w, r, err)
		return
	}
	a, err := s.onboarding.CreateExternalAccount(r.Context(), actor(r), in)
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, r, http.StatusOK, externalAccountJSON(a))
}

func externalAccountJSON(a customer.BankAccount) map[string]string {
	return map[string]string{"external_account_id": a.ID, "bank_name": a.BankName,
		"account_last4": a.Last4, "bank_account_number": customer.MaskAccount(a.Last4)}
}

// handleSessionCustomerID returns the session's last customer.
func (s *Server) handleSessionCustomerID(w http.ResponseWriter, r *http.Request) {
	sess, ok := currentSession(r)
	if !ok || sess.LastCustomerID == "" {
		writeError(w, r, apperr.E(apperr.CustomerNotFound, "session"))
		return
	}
	writeJSON(w, r, http.StatusOK, map[string]string{"customer_id": sess.LastCustomerID})
}

// handlePartnerTermsGet says whether the payment partner asks this
// session to accept its terms, and whether it confirmed the acceptance
// (GET /api/partner-terms).
func (s *Server) handlePartnerTermsGet(w http.ResponseWriter, r *http.Request) {
	t, err := s.onboarding.PartnerTerms(r.Context(), actor(r))
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, r, http.StatusOK, t)
}

// termsRequest is POST /api/partner-terms's body.
type termsRequest struct {
	ReturnPath string `json:"return_path"`
}

// handlePartnerTermsStart opens an acceptance of the partner's terms and
// answers the page the payer opens (POST /api/partner-terms).
func (s *Server) handlePartnerTermsStart(w http.ResponseWriter, r *http.Request) {
	var req termsRequest
	if err := decodeJSON(w, r, &req); err != nil {
		writeError(w, r, err)
		return
	}
	who, err := s.ensureActor(w, r)
	if err != nil {
		writeError(w, r, err)
		return
	}
	t, err := s.onboarding.StartPartnerTerms(r.Context(), who, req.ReturnPath)
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, r, http.StatusOK, t)
}
