package sandbox

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"net/http"
	"strings"

	"github.com/crebit/crebit/internal/partner"
	"github.com/crebit/crebit/internal/randid"
	"github.com/crebit/crebit/internal/store"
)

// createCustomer runs sandbox KYC: approved, unless the last name is one of
// the documented test values.
func (s *Sandbox) createCustomer(ctx context.Context, tx *store.Tx, r *http.Request, body []byte) (int, any, error) {
	var req partner.CustomerRequest
	if err := decode(body, &req); err != nil {
		return 0, nil, err
	}
	if req.FirstName == "" || req.LastName == "" || req.TaxID == "" || req.DateOfBirth == "" {
		return 0, nil, invalid("first_name, last_name, tax_id and date_of_birth are required")
	}
	c := partner.Customer{ID: randid.New("cus"), KYCStatus: partner.KYCApproved}
	switch strings.ToLower(strings.TrimSpace(req.LastName)) {
	case "rejected":
		c.KYCStatus, c.KYCReason = partner.KYCRejected, "identity could not be verified"
	case "review":
		c.KYCStatus, c.KYCReason = partner.KYCUnderReview, "documents held for manual review"
	}
	err := tx.SandboxCreateCustomer(ctx, c.ID, c.KYCStatus, req.Country, s.now().UTC())
	return http.StatusCreated, c, err
}

// createWallet issues a USDC wallet (an EVM-style address) for a customer.
func (s *Sandbox) createWallet(ctx context.Context, tx *store.Tx, r *http.Request, body []byte) (int, any, error) {
	customerID := r.PathValue("id")
	if err := s.requireCustomer(ctx, tx, customerID, false); err != nil {
		return 0, nil, err
	}
	b := make([]byte, 20)
	rand.Read(b)
	w := partner.Wallet{ID: randid.New("wal"), Address: "0x" + hex.EncodeToString(b), Chain: "base"}
	err := tx.SandboxCreateWallet(ctx, w.ID, customerID, w.Address, s.now().UTC())
	return http.StatusCreated, w, err
}

// createExternalAccount registers a US bank account; the sandbox keeps only
// the bank name and the last 4 digits.
func (s *Sandbox) createExternalAccount(ctx context.Context, tx *store.Tx, r *http.Request, body []byte) (int, any, error) {
	customerID := r.PathValue("id")
	var req partner.ExternalAccountRequest
	if err := decode(body, &req); err != nil {
		return 0, nil, err
	}
	if req.CustomerID != customerID {
		return 0, nil, invalid("customer_id does not match the path")
	}
	if err := s.requireCustomer(ctx, tx, customerID, false); err != nil {
		return 0, nil, err
	}
	if len(req.AccountNumber) < 4 || req.RoutingNumber == "" || req.BankName == "" {
		return 0, nil, invalid("account_number, routing_number and bank_name are required")
	}
	a := partner.ExternalAccount{ID: randid.New("ext"), Last4: req.AccountNumber[len(req.AccountNumber)-4:]}
	err := tx.SandboxCreateExternalAccount(ctx, a.ID, customerID, req.BankName, a.Last4, s.now().UTC())
	return http.StatusCreated, a, err
}

// requireCustomer checks that the customer exists (and, when approved is
// set, that it passed KYC).
func (s *Sandbox) requireCustomer(ctx context.Context, tx *store.Tx, id string, approved bool) error {
	status, err := tx.SandboxCustomerKYC(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		return &apiError{http.StatusNotFound, "customer_not_found", "no such customer"}
	}
	if err != nil {
		return err
	}
	if approved && status != partner.KYCApproved {
		return &apiError{http.StatusUnprocessableEntity, "kyc_" + status, "customer has not passed KYC (" + status + ")"}
	}
	return nil
}
