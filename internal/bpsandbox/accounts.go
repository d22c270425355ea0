package bpsandbox

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"net/http"
	"slices"
	"strings"

	"github.com/crebit/crebit/internal/bpsandbox/bpstore"
	"github.com/crebit/crebit/internal/bpsandbox/bpwire"
	"github.com/crebit/crebit/internal/store"
	"github.com/crebit/crebit/internal/taxid"
)

// bankAccount is BankAccountOut for the US rails the sandbox accepts.
type bankAccount struct {
	ID                    string  `json:"id"`
	Type                  string  `json:"type"`
	Name                  string  `json:"name"`
	BeneficiaryName       *string `json:"beneficiary_name"`
	RoutingNumber         *string `json:"routing_number"`
	AccountNumber         *string `json:"account_number"`
	AccountType           *string `json:"account_type"`
	AccountClass          *string `json:"account_class"`
	AddressLine1          *string `json:"address_line_1"`
	AddressLine2          *string `json:"address_line_2"`
	City                  *string `json:"city"`
	StateProvinceRegion   *string `json:"state_province_region"`
	Country               *string `json:"country"`
	PostalCode            *string `json:"postal_code"`
	Status                string  `json:"status"`
	RecipientRelationship *string `json:"recipient_relationship"`
	CreatedAt             string  `json:"created_at"`
}

// usRails are the bank account types the sandbox pays out to.
var usRails = []string{"ach", "wire", "rtp"}

// createBankAccount adds a US bank account (ach, wire or rtp) with the
// fields the docs require, checks the ABA routing number, and approves it
// at once (a development instance skips only the provider submission)
// [docs/BLINDPAY.md §8]. The account number comes back masked.
func (s *Sandbox) createBankAccount(ctx context.Context, tx *store.Tx, r *http.Request, body []byte) (int, any, error) {
	customerID := r.PathValue("customer_id")
	var req bankAccount
	if err := bpwire.Decode(body, &req); err != nil {
		return 0, nil, err
	}
	if _, err := loadCustomer(ctx, tx, customerID); err != nil {
		return 0, nil, err
	}
	if req.Type == "" || req.Name == "" {
		return 0, nil, bpwire.Fail("VALIDATION_MISSING_REQUIRED_FIELDS", "type", "name")
	}
	if !slices.Contains(usRails, req.Type) {
		return 0, nil, bpwire.Fail("BANK_ACCOUNTS_PARTNER_NOT_SUPPORTED", "type: this sandbox pays out by ach, wire or rtp")
	}
	var missing []string
	for name, v := range map[string]*string{"beneficiary_name": req.BeneficiaryName, "routing_number": req.RoutingNumber,
		"account_number": req.AccountNumber, "account_type": req.AccountType, "account_class": req.AccountClass,
		"address_line_1": req.AddressLine1, "city": req.City, "state_province_region": req.StateProvinceRegion,
		"country": req.Country, "postal_code": req.PostalCode} {
		if str(v) == "" {
			missing = append(missing, name)
		}
	}
	if len(missing) > 0 {
		slices.Sort(missing)
		return 0, nil, bpwire.Fail("VALIDATION_MISSING_REQUIRED_FIELDS", missing...)
	}
	if _, err := taxid.ABA(*req.RoutingNumber); err != nil {
		return 0, nil, bpwire.Fail("BANK_ACCOUNTS_INVALID_ROUTING")
	}
	digits := strings.TrimSpace(*req.AccountNumber)
	if len(digits) < 4 || len(digits) > 17 || strings.Trim(digits, "0123456789") != "" {
		return 0, nil, bpwire.Invalid("account_number: 4 to 17 digits")
	}
	masked := strings.Repeat("*", len(digits)-4) + digits[len(digits)-4:]
	now := s.now().UTC()
	req.ID, req.AccountNumber, req.Status, req.CreatedAt = bpwire.NewID("ba"), &masked, "approved", bpwire.ISOTime(now)
	b, err := json.Marshal(req)
	if err != nil {
		return 0, nil, err
	}
	err = bpstore.CreateBankAccount(ctx, tx, bpstore.BPRecord{ID: req.ID, CustomerID: customerID, Body: string(b), CreatedAt: now})
	return http.StatusOK, req, err
}

// loadBankAccount returns a customer's bank account, or BANK_ACCOUNTS_NOT_FOUND.
func loadBankAccount(ctx context.Context, tx *store.Tx, customerID, id string) (bankAccount, string, error) {
	var a bankAccount
	rec, err := bpstore.BankAccount(ctx, tx, id)
	if errors.Is(err, store.ErrNotFound) || (err == nil && customerID != "" && rec.CustomerID != customerID) {
		return a, "", bpwire.Fail("BANK_ACCOUNTS_NOT_FOUND")
	}
	if err != nil {
		return a, "", err
	}
	return a, rec.CustomerID, json.Unmarshal([]byte(rec.Body), &a)
}

func (s *Sandbox) getBankAccount(ctx context.Context, tx *store.Tx, r *http.Request, body []byte) (int, any, error) {
	a, _, err := loadBankAccount(ctx, tx, r.PathValue("customer_id"), r.PathValue("id"))
	if err != nil {
		return 0, nil, err
	}
	return http.StatusOK, a, nil
}

func (s *Sandbox) listBankAccounts(ctx context.Context, tx *store.Tx, r *http.Request, body []byte) (int, any, error) {
	if _, err := loadCustomer(ctx, tx, r.PathValue("customer_id")); err != nil {
		return 0, nil, err
	}
	recs, err := bpstore.BankAccounts(ctx, tx, r.PathValue("customer_id"))
	out := []json.RawMessage{}
	for _, rec := range recs {
		out = append(out, json.RawMessage(rec.Body))
	}
	return http.StatusOK, out, err
}

// wallet is WalletOut: a managed (custodial) wallet, id bl_.
type wallet struct {
	ID         string  `json:"id"`
	Name       string  `json:"name"`
	ExternalID *string `json:"external_id"`
	Address    string  `json:"address"`
	Network    string  `json:"network"`
	CreatedAt  string  `json:"created_at"`
}

// createWallet opens a managed wallet for an approved customer, on one of
// the development networks [docs/BLINDPAY.md §5, §6]; at most 10 per customer.
func (s *Sandbox) createWallet(ctx context.Context, tx *store.Tx, r *http.Request, body []byte) (int, any, error) {
	customerID := r.PathValue("customer_id")
	var req struct {
		Network    string  `json:"network"`
		Name       string  `json:"name"`
		ExternalID *string `json:"external_id"`
	}
	if err := bpwire.Decode(body, &req); err != nil {
		return 0, nil, err
	}
	if req.Network == "" || req.Name == "" {
		return 0, nil, bpwire.Fail("VALIDATION_MISSING_REQUIRED_FIELDS", "network", "name")
	}
	if _, err := requireApproved(ctx, tx, customerID); err != nil {
		return 0, nil, err
	}
	if !slices.Contains(s.cfg.Networks, req.Network) {
		return 0, nil, bpwire.Fail("BLOCKCHAIN_NETWORK_NOT_SUPPORTED")
	}
	existing, err := bpstore.Wallets(ctx, tx, customerID)
	if err != nil {
		return 0, nil, err
	}
	if len(existing) >= 10 {
		return 0, nil, bpwire.Invalid("a customer has at most 10 managed wallets")
	}
	addr := make([]byte, 20)
	rand.Read(addr)
	now := s.now().UTC()
	w := wallet{ID: bpwire.NewID("bl"), Name: req.Name, ExternalID: req.ExternalID, Address: "0x" + hex.EncodeToString(addr),
		Network: req.Network, CreatedAt: bpwire.ISOTime(now)}
	b, err := json.Marshal(w)
	if err != nil {
		return 0, nil, err
	}
	err = bpstore.CreateWallet(ctx, tx, bpstore.BPWallet{BPRecord: bpstore.BPRecord{ID: w.ID, CustomerID: customerID, Body: string(b), CreatedAt: now},
		Address: w.Address})
	return http.StatusOK, w, err
}

// loadWallet returns a customer's managed wallet, or WALLETS_NOT_FOUND.
func loadWallet(ctx context.Context, tx *store.Tx, customerID, id string) (bpstore.BPWallet, wallet, error) {
	var w wallet
	rec, err := bpstore.Wallet(ctx, tx, id)
	if errors.Is(err, store.ErrNotFound) || (err == nil && customerID != "" && rec.CustomerID != customerID) {
		return rec, w, bpwire.Fail("WALLETS_NOT_FOUND")
	}
	if err != nil {
		return rec, w, err
	}
	return rec, w, json.Unmarshal([]byte(rec.Body), &w)
}

func (s *Sandbox) getWallet(ctx context.Context, tx *store.Tx, r *http.Request, body []byte) (int, any, error) {
	_, w, err := loadWallet(ctx, tx, r.PathValue("customer_id"), r.PathValue("id"))
	if err != nil {
		return 0, nil, err
	}
	return http.StatusOK, w, nil
}

func (s *Sandbox) listWallets(ctx context.Context, tx *store.Tx, r *http.Request, body []byte) (int, any, error) {
	if _, err := loadCustomer(ctx, tx, r.PathValue("customer_id")); err != nil {
		return 0, nil, err
	}
	recs, err := bpstore.Wallets(ctx, tx, r.PathValue("customer_id"))
	out := []json.RawMessage{}
	for _, rec := range recs {
		out = append(out, json.RawMessage(rec.Body))
	}
	return http.StatusOK, out, err
}

// walletBalance answers GET …/wallets/{id}/balance: the sandbox's token
// holds the balance (as a decimal of token units), the others zero; address
// and id name the token's (sandbox) contract.
func (s *Sandbox) walletBalance(ctx context.Context, tx *store.Tx, r *http.Request, body []byte) (int, any, error) {
	rec, _, err := loadWallet(ctx, tx, r.PathValue("customer_id"), r.PathValue("id"))
	if err != nil {
		return 0, nil, err
	}
	out := map[string]any{}
	for _, tok := range []string{"USDC", "USDT", "USDB"} {
		amount := int64(0)
		if tok == s.cfg.Token {
			amount = rec.Balance
		}
		contract := "0x" + hex.EncodeToString([]byte(strings.Repeat(tok, 5)))
		out[tok] = map[string]any{"address": contract, "id": strings.ToLower(tok), "symbol": tok, "amount": float64(amount) / 100}
	}
	return http.StatusOK, out, nil
}
