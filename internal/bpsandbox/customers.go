package bpsandbox

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strings"

	"github.com/crebit/crebit/internal/bpsandbox/bphook"
	"github.com/crebit/crebit/internal/bpsandbox/bpstore"
	"github.com/crebit/crebit/internal/bpsandbox/bpwire"
	"github.com/crebit/crebit/internal/store"
)

// KYC statuses the sandbox uses [docs/BLINDPAY.md §4].
const (
	kycVerifying = "verifying"
	kycApproved  = "approved"
	kycRejected  = "rejected"
)

// customer is CustomerOut as the sandbox serves it.
type customer struct {
	ID                  string        `json:"id"`
	CustomerID          string        `json:"customer_id"`
	Type                string        `json:"type"`
	KYCType             string        `json:"kyc_type"`
	KYCStatus           string        `json:"kyc_status"`
	KYCWarnings         []kycWarning  `json:"kyc_warnings"`
	FraudWarnings       []any         `json:"fraud_warnings"`
	Email               string        `json:"email"`
	TaxID               *string       `json:"tax_id"`
	AddressLine1        *string       `json:"address_line_1"`
	AddressLine2        *string       `json:"address_line_2"`
	City                *string       `json:"city"`
	StateProvinceRegion *string       `json:"state_province_region"`
	Country             string        `json:"country"`
	PostalCode          *string       `json:"postal_code"`
	PhoneNumber         *string       `json:"phone_number"`
	FirstName           *string       `json:"first_name"`
	LastName            *string       `json:"last_name"`
	DateOfBirth         *string       `json:"date_of_birth"`
	IDDocCountry        *string       `json:"id_doc_country"`
	IDDocType           *string       `json:"id_doc_type"`
	ExternalID          *string       `json:"external_id"`
	InstanceID          string        `json:"instance_id"`
	TosID               *string       `json:"tos_id"`
	CreatedAt           string        `json:"created_at"`
	UpdatedAt           string        `json:"updated_at"`
	Limit               customerLimit `json:"limit"`
	IsTosAccepted       bool          `json:"is_tos_accepted"`
}

type kycWarning struct {
	Code             *string `json:"code"`
	Message          *string `json:"message"`
	ResolutionStatus *string `json:"resolution_status"`
	WarningID        *string `json:"warning_id"`
}

// customerLimit is in whole US dollars: KYC Standard's published limits
// [docs/BLINDPAY.md §4] (the unit is an open question there).
type customerLimit struct {
	PerTransaction float64 `json:"per_transaction"`
	Daily          float64 `json:"daily"`
	Monthly        float64 `json:"monthly"`
}

// customerFields are the request fields the sandbox keeps, shared by
// CreateCustomerIn and UpdateCustomerIn.
type customerFields struct {
	Type                string  `json:"type"`
	KYCType             string  `json:"kyc_type"`
	Email               string  `json:"email"`
	TaxID               *string `json:"tax_id"`
	AddressLine1        *string `json:"address_line_1"`
	AddressLine2        *string `json:"address_line_2"`
	City                *string `json:"city"`
	StateProvinceRegion *string `json:"state_province_region"`
	Country             string  `json:"country"`
	PostalCode          *string `json:"postal_code"`
	PhoneNumber         *string `json:"phone_number"`
	FirstName           *string `json:"first_name"`
	LastName            *string `json:"last_name"`
	DateOfBirth         *string `json:"date_of_birth"`
	IDDocCountry        *string `json:"id_doc_country"`
	IDDocType           *string `json:"id_doc_type"`
	ExternalID          *string `json:"external_id"`
	TosID               *string `json:"tos_id"`
}

func str(p *string) string {
	if p == nil {
		return ""
	}
	return *p
}

// kycOutcome is what the automatic review decides for a new customer: the
// vendor's test value (first name "Fail") and today's sandbox's (last name
// "Rejected") reject; last name "Review" waits for a person (Simulate).
func kycOutcome(c customer) string {
	switch {
	case strings.EqualFold(strings.TrimSpace(str(c.FirstName)), "fail"),
		strings.EqualFold(strings.TrimSpace(str(c.LastName)), "rejected"):
		return kycRejected
	case strings.EqualFold(strings.TrimSpace(str(c.LastName)), "review"):
		return ""
	}
	return kycApproved
}

// createCustomer stores an individual as "verifying" and schedules the
// automatic KYC decision. It needs an accepted tos_id not linked to another
// customer [docs/BLINDPAY.md §5].
func (s *Sandbox) createCustomer(ctx context.Context, tx *store.Tx, r *http.Request, body []byte) (int, any, error) {
	var req customerFields
	if err := bpwire.Decode(body, &req); err != nil {
		return 0, nil, err
	}
	var missing []string
	for name, v := range map[string]string{"type": req.Type, "kyc_type": req.KYCType, "email": req.Email, "country": req.Country} {
		if v == "" {
			missing = append(missing, name)
		}
	}
	if len(missing) > 0 {
		return 0, nil, bpwire.Fail("VALIDATION_MISSING_REQUIRED_FIELDS", missing...)
	}
	if req.Type != "individual" {
		return 0, nil, &bpwire.Error{Code: "VALIDATION_INVALID_REQUEST", Description: "This sandbox verifies individuals only."}
	}
	if !strings.Contains(req.Email, "@") {
		return 0, nil, bpwire.Invalid("email: must be an e-mail address")
	}
	if str(req.FirstName) == "" || str(req.LastName) == "" || str(req.TaxID) == "" || str(req.DateOfBirth) == "" {
		return 0, nil, bpwire.Fail("VALIDATION_MISSING_REQUIRED_FIELDS", "first_name, last_name, tax_id and date_of_birth are required for an individual")
	}
	if str(req.TosID) == "" {
		return 0, nil, bpwire.Fail("TOS_NOT_ACCEPTED")
	}
	now := s.now().UTC()
	id := bpwire.NewID("re")
	if _, err := bpstore.TosByTosID(ctx, tx, *req.TosID); errors.Is(err, store.ErrNotFound) {
		return 0, nil, bpwire.Fail("TOS_NOT_FOUND")
	} else if err != nil {
		return 0, nil, err
	}
	if err := bpstore.LinkTos(ctx, tx, *req.TosID, id); errors.Is(err, store.ErrConflict) {
		return 0, nil, bpwire.Fail("TOS_ALREADY_ACCEPTED")
	} else if err != nil {
		return 0, nil, err
	}
	c := customer{ID: id, CustomerID: id, KYCStatus: kycVerifying, InstanceID: s.cfg.InstanceID,
		CreatedAt: bpwire.ISOTime(now), UpdatedAt: bpwire.ISOTime(now), Limit: customerLimit{10000, 50000, 100000}, IsTosAccepted: true}
	c.apply(req)
	c.Type, c.KYCType = req.Type, req.KYCType
	if err := s.saveCustomer(ctx, tx, c, true); err != nil {
		return 0, nil, err
	}
	if err := s.hooks.Emit(ctx, tx, "customer.new", id, bphook.WithEvent("customer.new", c, nil)); err != nil {
		return 0, nil, err
	}
	if outcome := kycOutcome(c); outcome != "" {
		if err := s.schedule(ctx, tx, advanceArgs{Object: kindCustomer, ID: id, From: kycVerifying, Action: actionFor(outcome)}, s.cfg.KYCDelay); err != nil {
			return 0, nil, err
		}
	}
	return http.StatusOK, map[string]string{"id": id, "customer_id": id}, nil
}

func actionFor(kycStatus string) string {
	if kycStatus == kycRejected {
		return "reject"
	}
	return "approve"
}

// apply copies the request's fields onto the customer.
func (c *customer) apply(f customerFields) {
	c.Email, c.Country = f.Email, f.Country
	c.TaxID, c.AddressLine1, c.AddressLine2, c.City, c.StateProvinceRegion = f.TaxID, f.AddressLine1, f.AddressLine2, f.City, f.StateProvinceRegion
	c.PostalCode, c.PhoneNumber, c.ExternalID = f.PostalCode, f.PhoneNumber, f.ExternalID
	c.FirstName, c.LastName, c.DateOfBirth, c.IDDocCountry, c.IDDocType = f.FirstName, f.LastName, f.DateOfBirth, f.IDDocCountry, f.IDDocType
	if f.TosID != nil {
		c.TosID = f.TosID
	}
}

// saveCustomer stores a customer (a new one when create is set).
func (s *Sandbox) saveCustomer(ctx context.Context, tx *store.Tx, c customer, create bool) error {
	b, err := json.Marshal(c)
	if err != nil {
		return err
	}
	rec := bpstore.BPRecord{ID: c.ID, Status: c.KYCStatus, Body: string(b), CreatedAt: s.now().UTC()}
	if create {
		return bpstore.CreateCustomer(ctx, tx, rec)
	}
	return bpstore.UpdateCustomer(ctx, tx, rec, s.now().UTC())
}

// loadCustomer returns a customer, or CUSTOMERS_NOT_FOUND.
func loadCustomer(ctx context.Context, tx *store.Tx, id string) (customer, error) {
	var c customer
	rec, err := bpstore.Customer(ctx, tx, id)
	if errors.Is(err, store.ErrNotFound) {
		return c, bpwire.Fail("CUSTOMERS_NOT_FOUND")
	}
	if err != nil {
		return c, err
	}
	return c, json.Unmarshal([]byte(rec.Body), &c)
}

// decideKYC moves a verifying customer to approved or rejected and sends
// customer.update with the whole customer.
func (s *Sandbox) decideKYC(ctx context.Context, tx *store.Tx, id, action string) error {
	c, err := loadCustomer(ctx, tx, id)
	if err != nil {
		return err
	}
	if c.KYCStatus != kycVerifying {
		return &bpwire.Error{Code: "CUSTOMERS_ALREADY_APPROVED", Status: http.StatusConflict, Message: "customer_not_verifying",
			Description: "This customer's verification was already decided (" + c.KYCStatus + ")."}
	}
	switch action {
	case "approve":
		c.KYCStatus, c.KYCWarnings = kycApproved, nil
	case "reject":
		code, msg, res := "ID_VERIFICATION_FAILED", "The identity could not be verified.", "UNRESOLVED"
		c.KYCStatus, c.KYCWarnings = kycRejected, []kycWarning{{Code: &code, Message: &msg, ResolutionStatus: &res}}
	default:
		return bpwire.Invalid("action: approve or reject")
	}
	c.UpdatedAt = bpwire.ISOTime(s.now())
	if err := s.saveCustomer(ctx, tx, c, false); err != nil {
		return err
	}
	return s.hooks.Emit(ctx, tx, "customer.update", c.ID, bphook.WithEvent("customer.update", c, nil))
}

// getCustomer answers GET …/customers/{id}.
func (s *Sandbox) getCustomer(ctx context.Context, tx *store.Tx, r *http.Request, body []byte) (int, any, error) {
	c, err := loadCustomer(ctx, tx, r.PathValue("id"))
	if err != nil {
		return 0, nil, err
	}
	return http.StatusOK, c, nil
}

// listCustomers answers GET …/customers with {data, pagination}.
func (s *Sandbox) listCustomers(ctx context.Context, tx *store.Tx, r *http.Request, body []byte) (int, any, error) {
	limit := limitParam(r)
	recs, err := bpstore.Customers(ctx, tx, r.URL.Query().Get("status"), limit+1)
	if err != nil {
		return 0, nil, err
	}
	return http.StatusOK, page(recs, limit), nil
}

// updateCustomer answers PUT …/customers/{id}: contact details and tos_id
// change; KYC data cannot be corrected [docs/BLINDPAY.md §4], so a changed
// name, tax id or date of birth is refused.
func (s *Sandbox) updateCustomer(ctx context.Context, tx *store.Tx, r *http.Request, body []byte) (int, any, error) {
	var req customerFields
	if err := bpwire.Decode(body, &req); err != nil {
		return 0, nil, err
	}
	if req.Email == "" || req.Country == "" {
		return 0, nil, bpwire.Fail("VALIDATION_MISSING_REQUIRED_FIELDS", "email", "country")
	}
	c, err := loadCustomer(ctx, tx, r.PathValue("id"))
	if err != nil {
		return 0, nil, err
	}
	for _, f := range []struct{ name, old, new string }{{"first_name", str(c.FirstName), str(req.FirstName)},
		{"last_name", str(c.LastName), str(req.LastName)}, {"tax_id", str(c.TaxID), str(req.TaxID)},
		{"date_of_birth", str(c.DateOfBirth), str(req.DateOfBirth)}} {
		if f.new != "" && f.new != f.old {
			return 0, nil, &bpwire.Error{Code: "VALIDATION_INVALID_REQUEST", Errors: []string{f.name},
				Description: "KYC data cannot be changed; create a new customer with the corrected data."}
		}
	}
	keep := customerFields{FirstName: c.FirstName, LastName: c.LastName, TaxID: c.TaxID, DateOfBirth: c.DateOfBirth,
		IDDocCountry: c.IDDocCountry, IDDocType: c.IDDocType}
	req.FirstName, req.LastName, req.TaxID, req.DateOfBirth, req.IDDocCountry, req.IDDocType =
		keep.FirstName, keep.LastName, keep.TaxID, keep.DateOfBirth, keep.IDDocCountry, keep.IDDocType
	c.apply(req)
	c.UpdatedAt = bpwire.ISOTime(s.now())
	if err := s.saveCustomer(ctx, tx, c, false); err != nil {
		return 0, nil, err
	}
	if err := s.hooks.Emit(ctx, tx, "customer.update", c.ID, bphook.WithEvent("customer.update", c, nil)); err != nil {
		return 0, nil, err
	}
	return http.StatusOK, map[string]bool{"success": true}, nil
}

// requireApproved returns the customer when KYC approved it, else
// CUSTOMERS_KYC_NOT_APPROVED.
func requireApproved(ctx context.Context, tx *store.Tx, id string) (customer, error) {
	c, err := loadCustomer(ctx, tx, id)
	if err != nil {
		return c, err
	}
	if c.KYCStatus != kycApproved {
		return c, bpwire.Fail("CUSTOMERS_KYC_NOT_APPROVED")
	}
	return c, nil
}

// listPage is the paginated list shape of customers, payins and payouts.
type listPage struct {
	Data       []json.RawMessage `json:"data"`
	Pagination pagination        `json:"pagination"`
}

type pagination struct {
	HasMore  bool    `json:"has_more"`
	NextPage *string `json:"next_page"`
	PrevPage *string `json:"prev_page"`
}

// page turns up to limit+1 records into one page: the extra one only tells
// that there are more.
func page(recs []bpstore.BPRecord, limit int) listPage {
	p := listPage{Data: []json.RawMessage{}}
	for i, rec := range recs {
		if i == limit {
			p.Pagination.HasMore = true
			id := rec.ID
			p.Pagination.NextPage = &id
			break
		}
		p.Data = append(p.Data, json.RawMessage(rec.Body))
	}
	return p
}

// customerLimits answers GET …/limits/customers/{id}: KYC Standard's daily
// and monthly limits, the same for payins and payouts, in whole US dollars
// [docs/BLINDPAY.md §4].
func (s *Sandbox) customerLimits(ctx context.Context, tx *store.Tx, r *http.Request, body []byte) (int, any, error) {
	c, err := loadCustomer(ctx, tx, r.PathValue("id"))
	if err != nil {
		return 0, nil, err
	}
	l := map[string]float64{"daily": c.Limit.Daily, "monthly": c.Limit.Monthly}
	return http.StatusOK, map[string]any{"limits": map[string]any{"payin": l, "payout": l}}, nil
}
