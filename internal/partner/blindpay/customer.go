package blindpay

import (
	"context"
	"net/http"
	"net/url"
)

// InitiateTosRequest starts a terms-of-service session (InitiateTosIn).
type InitiateTosRequest struct {
	// IdempotencyKey is a UUID, new for every session: BlindPay refuses a
	// reused one (400 idempotency_key_already_exists, ErrIdempotencyKeyReused),
	// and the tos.accept event echoes it, which is how Crebit matches the
	// acceptance to its payer.
	IdempotencyKey string `json:"idempotency_key"`
	// CustomerID is set to re-accept new terms for an existing customer.
	CustomerID string `json:"customer_id,omitempty"`
	// RedirectURL receives the browser afterwards, with ?tos_id=to_...
	RedirectURL string `json:"redirect_url,omitempty"`
}

// TosSession is the page the payer opens to accept the terms (InitiateTosOut).
type TosSession struct {
	URL string `json:"url"`
}

// InitiateTos returns the URL at which the payer accepts BlindPay's terms;
// acceptance happens only in the payer's browser, never server-side.
// The request is not retried: BlindPay ignores Idempotency-Key on /v1/e/
// paths, and a repeat with the same body key is refused, so a caller that
// got a retryable error starts over with a new IdempotencyKey.
func (c *Client) InitiateTos(ctx context.Context, req InitiateTosRequest) (TosSession, error) {
	var out TosSession
	return out, c.do(ctx, call{
		method: http.MethodPost,
		path:   "/v1/e/instances/" + url.PathEscape(c.instance) + "/tos",
		noKey:  true, in: req, out: &out,
	})
}

// CustomerFields are the fields an individual's KYC submission and a later
// update share (CreateCustomerIn, UpdateCustomerIn). Business (KYB) fields
// are not modelled: Crebit's payers are people.
type CustomerFields struct {
	Email                            string `json:"email"`
	Country                          string `json:"country"` // ISO 3166 alpha-2 of the address
	TaxID                            string `json:"tax_id,omitempty"`
	AddressLine1                     string `json:"address_line_1,omitempty"`
	AddressLine2                     string `json:"address_line_2,omitempty"`
	City                             string `json:"city,omitempty"`
	StateProvinceRegion              string `json:"state_province_region,omitempty"`
	PostalCode                       string `json:"postal_code,omitempty"`
	IPAddress                        string `json:"ip_address,omitempty"`
	PhoneNumber                      string `json:"phone_number,omitempty"` // E.164
	ProofOfAddressDocType            string `json:"proof_of_address_doc_type,omitempty"`
	ProofOfAddressDocFile            string `json:"proof_of_address_doc_file,omitempty"`
	FirstName                        string `json:"first_name,omitempty"`
	LastName                         string `json:"last_name,omitempty"`
	DateOfBirth                      string `json:"date_of_birth,omitempty"` // RFC 3339, e.g. 1998-01-01T00:00:00Z
	IDDocCountry                     string `json:"id_doc_country,omitempty"`
	IDDocType                        string `json:"id_doc_type,omitempty"` // PASSPORT, ID_CARD, DRIVERS
	IDDocFrontFile                   string `json:"id_doc_front_file,omitempty"`
	IDDocBackFile                    string `json:"id_doc_back_file,omitempty"`
	SelfieFile                       string `json:"selfie_file,omitempty"`
	SourceOfFundsDocType             string `json:"source_of_funds_doc_type,omitempty"`
	SourceOfFundsDocFile             string `json:"source_of_funds_doc_file,omitempty"`
	PurposeOfTransactions            string `json:"purpose_of_transactions,omitempty"`
	PurposeOfTransactionsExplanation string `json:"purpose_of_transactions_explanation,omitempty"`
	AccountPurpose                   string `json:"account_purpose,omitempty"`
	AccountPurposeOther              string `json:"account_purpose_other,omitempty"`
	Occupation                       string `json:"occupation,omitempty"`
	ExternalID                       string `json:"external_id,omitempty"`
	TosID                            string `json:"tos_id,omitempty"`
}

// CreateCustomerRequest submits a person for KYC (CreateCustomerIn).
type CreateCustomerRequest struct {
	Type    string `json:"type"`     // CustomerIndividual
	KYCType string `json:"kyc_type"` // KYCStandard
	CustomerFields
}

// Customer types and KYC levels Crebit uses.
const (
	CustomerIndividual = "individual"
	KYCStandard        = "standard"
)

// KYC statuses (CustomerOut.kyc_status).
const (
	KYCVerifying         = "verifying"
	KYCApproved          = "approved"
	KYCRejected          = "rejected"
	KYCDeprecated        = "deprecated"
	KYCPendingReview     = "pending_review"
	KYCAwaitingContract  = "awaiting_contract"
	KYCComplianceRequest = "compliance_request"
	KYCApprovedRFI       = "approved_rfi"
)

// CustomerCreated is the answer to CreateCustomer.
type CustomerCreated struct {
	ID         string `json:"id"` // re_...
	CustomerID string `json:"customer_id"`
}

// UpdateCustomerRequest changes a customer (UpdateCustomerIn); email and
// country are required by the API even when unchanged.
type UpdateCustomerRequest struct {
	CustomerFields
}

// Customer is CustomerOut, and the body of customer.* events.
type Customer struct {
	ID            string          `json:"id"`
	CustomerID    string          `json:"customer_id"`
	InstanceID    string          `json:"instance_id"`
	Type          string          `json:"type"`
	KYCType       string          `json:"kyc_type"`
	KYCStatus     string          `json:"kyc_status"`
	KYCWarnings   []KYCWarning    `json:"kyc_warnings"`
	FraudWarnings []FraudWarning  `json:"fraud_warnings"`
	AMLStatus     string          `json:"aml_status"`
	Limit         *CustomerLimits `json:"limit"`
	TosID         string          `json:"tos_id"`
	IsTosAccepted *bool           `json:"is_tos_accepted"`
	CreatedAt     string          `json:"created_at"`
	UpdatedAt     string          `json:"updated_at"`

	Email               string `json:"email"`
	Country             string `json:"country"`
	TaxID               string `json:"tax_id"`
	FirstName           string `json:"first_name"`
	LastName            string `json:"last_name"`
	DateOfBirth         string `json:"date_of_birth"`
	PhoneNumber         string `json:"phone_number"`
	AddressLine1        string `json:"address_line_1"`
	AddressLine2        string `json:"address_line_2"`
	City                string `json:"city"`
	StateProvinceRegion string `json:"state_province_region"`
	PostalCode          string `json:"postal_code"`
	ExternalID          string `json:"external_id"`
}

// KYCWarning is one finding of the identity check; it explains a
// rejection or a request for information.
type KYCWarning struct {
	Code             string `json:"code"`
	Message          string `json:"message"`
	ResolutionStatus string `json:"resolution_status"`
	WarningID        string `json:"warning_id"`
}

// FraudWarning is one fraud signal.
type FraudWarning struct {
	ID        string `json:"id"`
	Name      string `json:"name"`
	Operation string `json:"operation"`
	Score     Number `json:"score"`
}

// CustomerLimits are the customer's limits on the stablecoin amount. Their
// unit is not documented (docs/BLINDPAY.md, open question 13).
type CustomerLimits struct {
	PerTransaction Number `json:"per_transaction"`
	Daily          Number `json:"daily"`
	Monthly        Number `json:"monthly"`
}

// Success is the body of updates and deletes.
type Success struct {
	Success bool `json:"success"`
}

// CreateCustomer submits a person for KYC. A customer's data cannot be
// corrected after a rejection: a correction is a new customer, with a new
// terms acceptance (a tos_id links one customer only).
func (c *Client) CreateCustomer(ctx context.Context, idemKey string, req CreateCustomerRequest) (CustomerCreated, error) {
	var out CustomerCreated
	return out, c.do(ctx, call{method: http.MethodPost, path: c.instancePath("customers"), idemKey: idemKey, in: req, out: &out})
}

// GetCustomer returns a customer with its KYC status.
func (c *Client) GetCustomer(ctx context.Context, id string) (Customer, error) {
	var out Customer
	return out, c.do(ctx, call{method: http.MethodGet, path: c.instancePath("customers", id), out: &out})
}

// UpdateCustomer changes a customer's data or links a new tos_id.
func (c *Client) UpdateCustomer(ctx context.Context, idemKey, id string, req UpdateCustomerRequest) error {
	return c.do(ctx, call{method: http.MethodPut, path: c.instancePath("customers", id), idemKey: idemKey, in: req, out: &Success{}})
}
