package blindpay

import (
	"context"
	"net/http"
)

// Bank account types Crebit pays out to (CreateBankAccountIn.type).
const (
	BankACH  = "ach"
	BankWire = "wire"
	BankRTP  = "rtp"
)

// CreateBankAccountRequest registers a US account for ACH, wire or RTP
// payouts (CreateBankAccountIn, the fields those three types use).
type CreateBankAccountRequest struct {
	Type string `json:"type"`
	Name string `json:"name"` // a display name
	// RecipientRelationship is "first_party" for the customer's own
	// account; any other value skips BlindPay's name-match check.
	RecipientRelationship string `json:"recipient_relationship,omitempty"`
	BeneficiaryName       string `json:"beneficiary_name,omitempty"`
	RoutingNumber         string `json:"routing_number,omitempty"` // 9-digit ABA
	AccountNumber         string `json:"account_number,omitempty"`
	AccountType           string `json:"account_type,omitempty"`  // checking or saving
	AccountClass          string `json:"account_class,omitempty"` // individual or business
	AddressLine1          string `json:"address_line_1,omitempty"`
	AddressLine2          string `json:"address_line_2,omitempty"`
	City                  string `json:"city,omitempty"`
	StateProvinceRegion   string `json:"state_province_region,omitempty"`
	Country               string `json:"country,omitempty"`
	PostalCode            string `json:"postal_code,omitempty"`
}

// BankAccount is BankAccountOut, limited to the fields of US accounts.
// AccountNumber comes back masked.
type BankAccount struct {
	ID                    string `json:"id"` // ba_...
	Type                  string `json:"type"`
	Name                  string `json:"name"`
	Status                string `json:"status"` // verifying, approved, rejected, deprecated
	RecipientRelationship string `json:"recipient_relationship"`
	BeneficiaryName       string `json:"beneficiary_name"`
	RoutingNumber         string `json:"routing_number"`
	AccountNumber         string `json:"account_number"`
	AccountType           string `json:"account_type"`
	AccountClass          string `json:"account_class"`
	AddressLine1          string `json:"address_line_1"`
	AddressLine2          string `json:"address_line_2"`
	City                  string `json:"city"`
	StateProvinceRegion   string `json:"state_province_region"`
	Country               string `json:"country"`
	PostalCode            string `json:"postal_code"`
	CreatedAt             string `json:"created_at"`
}

// CreateBankAccount registers a bank account for a customer's payouts.
func (c *Client) CreateBankAccount(ctx context.Context, idemKey, customerID string, req CreateBankAccountRequest) (BankAccount, error) {
	var out BankAccount
	return out, c.do(ctx, call{method: http.MethodPost, path: c.instancePath("customers", customerID, "bank-accounts"), idemKey: idemKey, in: req, out: &out})
}

// GetBankAccount returns a customer's bank account with its status.
func (c *Client) GetBankAccount(ctx context.Context, customerID, id string) (BankAccount, error) {
	var out BankAccount
	return out, c.do(ctx, call{method: http.MethodGet, path: c.instancePath("customers", customerID, "bank-accounts", id), out: &out})
}
