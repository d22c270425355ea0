package onboarding

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"time"

	"github.com/crebit/crebit/internal/actor"
	"github.com/crebit/crebit/internal/apperr"
	"github.com/crebit/crebit/internal/customer"
	"github.com/crebit/crebit/internal/input"
	"github.com/crebit/crebit/internal/partner"
	"github.com/crebit/crebit/internal/randid"
	"github.com/crebit/crebit/internal/store"
	"github.com/crebit/crebit/internal/store/sessionstore"
)

// IdentityDocument is one entry of identity_documents.
type IdentityDocument struct {
	Type    string `json:"type"`
	Value   string `json:"value"`
	Country string `json:"country"`
}

// AddressInput is a postal address as the wizard sends it.
type AddressInput struct {
	Street     string `json:"street_line_1"`
	City       string `json:"city"`
	State      string `json:"state"`
	PostalCode string `json:"postal_code"`
	Country    string `json:"country"`
}

// CustomerInput is the create-customer payload.
type CustomerInput struct {
	FirstName           string             `json:"first_name"`
	LastName            string             `json:"last_name"`
	Email               string             `json:"email"`
	Phone               string             `json:"phone_number"`
	Type                string             `json:"type"`
	DateOfBirth         string             `json:"date_of_birth"`
	IdentityDocuments   []IdentityDocument `json:"identity_documents"`
	Address             AddressInput       `json:"address"`
	UseExistingCustomer bool               `json:"use_existing_customer"`
	ExistingCustomerID  string             `json:"existing_customer_id"`
}

// CustomerResult is what create-customer answers.
type CustomerResult struct {
	Customer        customer.Customer
	Existing        bool                  // the session already had this customer
	ExternalAccount *customer.BankAccount // the existing customer's newest bank account
	Popup           bool                  // ask the payer to confirm reuse
}

// CreateCustomer verifies and registers a payer with the partner (KYC) and
// opens their USDC wallet. A payer who already created a customer with the
// same tax id in this session is offered that customer back instead; in any
// other session the same details simply create a new customer, so nothing
// about another person is revealed.
func (s *Service) CreateCustomer(ctx context.Context, who actor.Actor, in CustomerInput) (CustomerResult, error) {
	if in.UseExistingCustomer {
		return s.reuseCustomer(ctx, who, in.ExistingCustomerID)
	}
	c, taxValue, err := s.validateCustomer(in)
	if err != nil {
		return CustomerResult{}, err
	}
	c.TaxIDHash = s.sealer.Hash(c.TaxIDType, taxValue)

	var existing customer.Customer
	err = s.db.Read(ctx, func(tx *store.Tx) error {
		all, err := tx.CustomersByTaxID(ctx, c.TaxIDHash)
		if err != nil {
			return err
		}
		// A profile the partner rejected is not offered back: corrected
		// details make a new one (BlindPay cannot correct a customer).
		all = slices.DeleteFunc(all, func(c customer.Customer) bool { return c.KYCStatus == partner.KYCRejected })
		existing, err = s.firstOwned(who, all)
		return err
	})
	switch {
	case err == nil:
		res := CustomerResult{Customer: existing, Existing: true, Popup: true}
		if acct, err := s.latestAccount(ctx, existing.ID); err == nil {
			res.ExternalAccount = &acct
		}
		return res, nil
	case !errors.Is(err, store.ErrNotFound):
		return CustomerResult{}, err
	}

	req := partner.CustomerRequest{
		FirstName: c.FirstName, LastName: c.LastName, Email: c.Email, Phone: c.Phone, DateOfBirth: c.DateOfBirth,
		TaxIDType: c.TaxIDType, TaxID: taxValue, Country: countryCode(c.Country),
		Address: partner.Address{Street: c.Street, City: c.City, State: c.State, PostalCode: c.PostalCode, Country: c.AddressCountry},
	}
	// The key covers the whole request (the tax id by its keyed hash): a
	// repeated submit is the same request and gets the partner's first
	// answer; a corrected one (a name fixed after a rejection) is a new
	// request with a new key, never "key reused with another body".
	fingerprint := req
	fingerprint.TaxID = c.TaxIDHash
	fp, err := json.Marshal(fingerprint)
	if err != nil {
		return CustomerResult{}, err
	}
	key := idemKey("customer", who.SessionID, who.AccountID, string(fp))
	c.ID = randid.New("cus")
	ctx, _ = partner.WithCallLog(ctx)
	defer func() { s.flushCalls(ctx, c.ID) }() // the calls of a refusal or failure
	var pc partner.Customer
	termsKey := ""
	pc, termsKey, err = s.stagedCustomer(ctx, who, key, req)
	if ae := (*apperr.Error)(nil); errors.As(err, &ae) { // terms not accepted yet
		return CustomerResult{}, err
	}
	if err != nil {
		s.log.Warn("partner customer failed", "err", err)
		return CustomerResult{}, s.partnerFailure(err, apperr.E(apperr.PartnerUnavailable, "customer"))
	}
	if pc.KYCStatus == partner.KYCRejected {
		return CustomerResult{}, apperr.E(apperr.KYCRejected, "details")
	}
	var w partner.Wallet // the wallet waits for the verdict (CreateWallet)
	now := s.now().UTC()
	c.PartnerCustomerID, c.SessionID, c.AccountID, c.KYCStatus = pc.ID, who.SessionID, who.AccountID, pc.KYCStatus
	c.WalletID, c.WalletAddress, c.CreatedAt, c.UpdatedAt = w.ID, w.Address, now, now
	c.TaxIDSealed, c.TaxIDLast4 = s.sealer.Seal(taxValue), customer.Last4(taxValue)
	c.Lang = cmp.Or(who.Lang, "en")
	var kept func()
	err = s.db.Tx(ctx, func(tx *store.Tx) error {
		// A double submit gets the partner's first answer back (same
		// Idempotency-Key): return the customer it already made.
		all, err := tx.CustomersByPartnerID(ctx, pc.ID)
		if err != nil {
			return err
		}
		if prev, err := s.firstOwned(who, all); err == nil {
			c = prev
		} else if err := tx.CreateCustomer(ctx, c); err != nil {
			return err
		}
		if kept, err = keepCalls(ctx, tx, c.ID); err != nil {
			return err
		}
		if termsKey != "" {
			if err := tx.UsePartnerTerms(ctx, termsKey, c.ID); err != nil {
				return err
			}
		}
		return sessionstore.SetSessionCustomer(ctx, tx, who.SessionID, c.ID)
	})
	if err == nil {
		kept()
	}
	return CustomerResult{Customer: c}, err
}

// reuseCustomer confirms the session's own existing customer.
func (s *Service) reuseCustomer(ctx context.Context, who actor.Actor, id string) (CustomerResult, error) {
	var res CustomerResult
	err := s.db.Tx(ctx, func(tx *store.Tx) error {
		c, err := tx.Customer(ctx, id)
		if errors.Is(err, store.ErrNotFound) || (err == nil && !who.Owns(c.SessionID, c.AccountID)) {
			return apperr.E(apperr.ExistingCustomerUnavailable, "")
		}
		if err != nil {
			return err
		}
		res = CustomerResult{Customer: c, Existing: true}
		if acct, err := tx.LatestExternalAccount(ctx, c.ID); err == nil {
			res.ExternalAccount = &acct
			if err := sessionstore.SetSessionExternalAccount(ctx, tx, who.SessionID, acct.ID); err != nil {
				return err
			}
		}
		return sessionstore.SetSessionCustomer(ctx, tx, who.SessionID, c.ID)
	})
	return res, err
}

func (s *Service) latestAccount(ctx context.Context, customerID string) (customer.BankAccount, error) {
	var a customer.BankAccount
	err := s.db.Read(ctx, func(tx *store.Tx) (err error) { a, err = tx.LatestExternalAccount(ctx, customerID); return })
	return a, err
}

// customerLabels are the spec's labels, in the order the message lists them.
var customerLabels = []string{"First Name", "Last Name", "Email", "Phone Number", "Date of Birth", "Document Type",
	"Tax ID/Document Number", "Country", "Street Address", "City", "State/Province", "ZIP/Postal Code"}

// customerFields are the request fields of customerLabels.
var customerFields = []string{"first_name", "last_name", "email", "phone_number", "date_of_birth", "identity_documents",
	"identity_documents", "country", "address", "address", "address", "address"}

// validateCustomer applies section 5's rules and more: check digits, a real
// birth date in the past, a plausible phone number.
func (s *Service) validateCustomer(in CustomerInput) (customer.Customer, string, error) {
	var doc IdentityDocument
	if len(in.IdentityDocuments) > 0 {
		doc = in.IdentityDocuments[0]
	}
	country := doc.Country
	if country == "" {
		country = in.Address.Country
	}
	t := strings.TrimSpace
	values := []string{in.FirstName, in.LastName, in.Email, in.Phone, in.DateOfBirth, doc.Type, doc.Value, country,
		in.Address.Street, in.Address.City, in.Address.State, in.Address.PostalCode}
	var missing []string
	for i, v := range values {
		if t(v) == "" {
			missing = append(missing, customerLabels[i])
		}
	}
	if len(missing) > 0 {
		return customer.Customer{}, "", apperr.E(apperr.RequiredFieldsMissing, "fields", "fields", strings.Join(missing, ", "))
	}
	for i, v := range values {
		if !input.PlainText(v) {
			return customer.Customer{}, "", input.NotPlainText(customerFields[i], customerLabels[i])
		}
	}
	if len(in.IdentityDocuments) > 1 {
		return customer.Customer{}, "", apperr.E(apperr.Invalid, "identity_documents").On("identity_documents")
	}
	for i, v := range values {
		if input.TooLong(v, 200) {
			return customer.Customer{}, "", apperr.E(apperr.FieldTooLong, "label", "label", customerLabels[i])
		}
	}
	email, err := input.Email("email", in.Email)
	if err != nil {
		return customer.Customer{}, "", err
	}
	if err := checkBirthDate(t(in.DateOfBirth), s.now()); err != nil {
		return customer.Customer{}, "", err
	}
	phone := input.DigitsOnly(in.Phone)
	if phone == "" {
		return customer.Customer{}, "", apperr.E(apperr.PhoneInvalid, "digit").On("phone_number")
	}
	if len(phone) < 8 || len(phone) > 15 {
		return customer.Customer{}, "", apperr.E(apperr.PhoneInvalid, "length").On("phone_number")
	}
	if in.Type != "" && in.Type != "individual" {
		return customer.Customer{}, "", apperr.E(apperr.Invalid, "type").On("type")
	}
	switch strings.ToLower(doc.Type) {
	case "national_id", "cpf", "cnpj", "curp":
	default:
		return customer.Customer{}, "", apperr.E(apperr.Invalid, "document_type").On("identity_documents")
	}
	ctry, ok := ParseCountry(country)
	if !ok {
		return customer.Customer{}, "", apperr.E(apperr.CountryNotSupported, "customer").On("country")
	}
	c := customer.Customer{Country: ctry, FirstName: t(in.FirstName), LastName: t(in.LastName), Email: email, Phone: phone,
		DateOfBirth: t(in.DateOfBirth), Street: t(in.Address.Street), City: t(in.Address.City), State: t(in.Address.State),
		PostalCode: t(in.Address.PostalCode), AddressCountry: ctry}
	var value string
	c.TaxIDType, value, err = TaxIDOf(ctry, "identity_documents", doc.Value)
	return c, value, err
}

// MinimumPayerAge: the payer must be an adult (the web app applies the same rule).
const MinimumPayerAge = 18

// checkBirthDate requires YYYY-MM-DD, a real calendar date, in the past,
// after 1900, and a payer at least MinimumPayerAge years old on now's date.
func checkBirthDate(s string, now time.Time) error {
	d, err := time.Parse(time.DateOnly, s)
	if len(s) != 10 || (err != nil && !strings.Contains(err.Error(), "out of range")) {
		return apperr.E(apperr.DateOfBirthInvalid, "format").On("date_of_birth")
	}
	if err != nil {
		return apperr.E(apperr.DateOfBirthInvalid, "calendar").On("date_of_birth")
	}
	if d.Year() < 1900 {
		return apperr.E(apperr.DateOfBirthInvalid, "after1900").On("date_of_birth")
	}
	if !d.Before(now) {
		return apperr.E(apperr.DateOfBirthInvalid, "past").On("date_of_birth")
	}
	y, m, day := now.Date()
	adult := time.Date(y-MinimumPayerAge, m, day, 0, 0, 0, 0, time.UTC)
	if d.After(adult) {
		return apperr.E(apperr.DateOfBirthInvalid, "adult").On("date_of_birth")
	}
	return nil
}

// CreateWallet opens (or returns) the wallet of the session's customer.
func (s *Service) CreateWallet(ctx context.Context, who actor.Actor, customerID string) (customer.Customer, error) {
	c, err := actor.OwnCustomer(ctx, s.db, who, customerID)
	if err != nil || c.WalletID != "" {
		return c, err
	}
	ctx, _ = partner.WithCallLog(ctx)
	defer s.flushCalls(ctx, c.ID)
	w, err := s.stagedWallet(ctx, c)
	if err != nil {
		if ae := (*apperr.Error)(nil); errors.As(err, &ae) { // under review, rejected
			return customer.Customer{}, err
		}
		return customer.Customer{}, s.partnerFailure(err, apperr.E(apperr.PartnerUnavailable, "wallet"))
	}
	c.WalletID, c.WalletAddress = w.ID, w.Address
	err = s.db.Tx(ctx, func(tx *store.Tx) error { return tx.SetCustomerWallet(ctx, c.ID, w.ID, w.Address, s.now()) })
	return c, err
}

// firstOwned returns the first of cs (newest first) that is the actor's, or
// store.ErrNotFound.
func (s *Service) firstOwned(who actor.Actor, cs []customer.Customer) (customer.Customer, error) {
	for _, c := range cs {
		if who.Owns(c.SessionID, c.AccountID) {
			return c, nil
		}
	}
	return customer.Customer{}, store.ErrNotFound
}
