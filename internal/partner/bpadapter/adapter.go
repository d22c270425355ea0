// Package bpadapter puts BlindPay (internal/partner/blindpay) behind Crebit's
// partner.Partner interface (issue 28). Where BlindPay's model fits today's
// interface the Adapter implements it; where it does not (terms of service
// before a customer, asynchronous KYC, a wallet only for an approved
// customer, firm quotes at the payment step, a payout Crebit must create
// after the payin completes, no cancel or refund) the Adapter has exported
// methods with the signatures proposed in docs/BLINDPAY.md, "Adapter
// design". TranslateEvent turns BlindPay's svix webhooks into today's
// partner events so that service.applyEvent keeps working.
//
// The Adapter keeps no state: everything it needs to find again (payin
// quote ids, payout ids, wallet ids) is returned to the caller to store.
package bpadapter

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/crebit/crebit/internal/partner"
	"github.com/crebit/crebit/internal/partner/blindpay"
)

// Config is the adapter's choice of rails and tolerances.
type Config struct {
	// Network is the chain of the managed wallets: base_sepolia on a
	// development instance, base in production [docs/BLINDPAY.md §6].
	Network string
	// Token is the stablecoin: USDB on development, USDC in production.
	Token string
	// WalletName names the managed wallet Crebit opens for each customer.
	WalletName string
	// BankAccountType is the US rail of payouts: ach (default), wire or rtp.
	BankAccountType string
	// PayoutCushionBps is a margin for the rate's moves, in basis points
	// of the payout: CreateQuote prices it into the off-ramp fee, and
	// QuotePayment wants the firm payin to deliver at least half of it
	// beyond what the payout needs. Default 50.
	PayoutCushionBps int64
	// IndicativeTTL is how long an indicative quote (CreateQuote) is said
	// to hold; Crebit's own quote lock applies on top. Default 5 minutes.
	IndicativeTTL time.Duration
	// Now is the clock; time.Now when nil.
	Now func() time.Time
}

// Adapter is BlindPay behind partner.Partner.
type Adapter struct {
	c   *blindpay.Client
	cfg Config
}

// Adapter is Crebit's partner.Partner on BlindPay.
var _ partner.Partner = (*Adapter)(nil)

// New returns an Adapter over client.
func New(client *blindpay.Client, cfg Config) (*Adapter, error) {
	if client == nil {
		return nil, errors.New("bpadapter: a BlindPay client is required")
	}
	if cfg.Network == "" || cfg.Token == "" {
		return nil, errors.New("bpadapter: the wallet network and token are required (base_sepolia/USDB on development, base/USDC in production)")
	}
	if cfg.WalletName == "" {
		cfg.WalletName = "Crebit tuition"
	}
	if cfg.BankAccountType == "" {
		cfg.BankAccountType = blindpay.BankACH
	}
	if cfg.PayoutCushionBps == 0 {
		cfg.PayoutCushionBps = 50
	}
	if cfg.IndicativeTTL <= 0 {
		cfg.IndicativeTTL = 5 * time.Minute
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	return &Adapter{c: client, cfg: cfg}, nil
}

// Client returns the BlindPay client the adapter uses.
func (a *Adapter) Client() *blindpay.Client { return a.c }

// TermsSession is a started terms-of-service acceptance: the page the
// payer opens, and the key that the tos.accept event echoes.
type TermsSession = partner.TermsSession

// StartTerms returns the page at which the payer accepts BlindPay's terms
// of service; afterwards the browser comes back to returnURL?tos_id=to_…
// and a tos.accept event carries the same tos_id and Key. lang is the
// payer's language: BlindPay's initiation takes none [docs/BLINDPAY.md §5,
// open question 9], so it is not sent; Crebit explains the step in the
// payer's language before the redirect. customerID is set to re-accept a
// new terms version for an existing customer, else empty.
//
// Proposed Partner method: StartTerms(ctx, lang, returnURL, customerID).
func (a *Adapter) StartTerms(ctx context.Context, lang, returnURL, customerID string) (TermsSession, error) {
	key := newUUID()
	s, err := a.c.InitiateTos(ctx, blindpay.InitiateTosRequest{IdempotencyKey: key, RedirectURL: returnURL, CustomerID: customerID})
	if err != nil {
		return TermsSession{}, wrap(err)
	}
	return TermsSession{URL: s.URL, Key: key}, nil
}

// CreateCustomerWithTerms submits a person for KYC with the tos_id of
// their terms acceptance, and returns the customer as BlindPay then
// reports it: KYC is asynchronous, so this is nearly always under_review
// (BlindPay's "verifying"), and the verdict comes by customer.update
// (TranslateEvent) or GetCustomer.

func (a *Adapter) CreateCustomerWithTerms(ctx context.Context, idemKey string, req partner.CustomerRequest, tosID string) (partner.Customer, error) {
	if tosID == "" {
		return partner.Customer{}, refusal(400, "tos_not_accepted", ErrTermsRequired, "a customer needs the tos_id of the payer's terms acceptance")
	}
	in, err := customerFields(req)
	if err != nil {
		return partner.Customer{}, refusal(400, "invalid_customer", nil, "%v", err)
	}
	in.TosID = tosID
	created, err := a.c.CreateCustomer(ctx, idemKey, blindpay.CreateCustomerRequest{
		Type: blindpay.CustomerIndividual, KYCType: blindpay.KYCStandard, CustomerFields: in})
	if err != nil {
		return partner.Customer{}, wrap(err)
	}
	id := created.ID
	if id == "" {
		id = created.CustomerID
	}
	c, err := a.c.GetCustomer(ctx, id)
	if err != nil {
		// Created, but its status could not be read: verifying is what a
		// new customer always is.
		return partner.Customer{ID: id, KYCStatus: partner.KYCUnderReview}, nil
	}
	return CustomerOf(c), nil
}

// GetCustomer returns a customer's KYC status, for a payer waiting on the
// verdict and for reconciliation when a customer.update was lost.
func (a *Adapter) GetCustomer(ctx context.Context, customerID string) (partner.Customer, error) {
	c, err := a.c.GetCustomer(ctx, customerID)
	if err != nil {
		return partner.Customer{}, wrap(err)
	}
	return CustomerOf(c), nil
}

// KYCStatus maps BlindPay's kyc_status to Crebit's three outcomes:
// approved and approved_rfi (operational with an open request) are
// approved; rejected and deprecated end it; everything else (verifying,
// pending_review, compliance_request, awaiting_contract, and any status
// BlindPay adds) is under review, so that nothing unknown lets a payment
// through.
func KYCStatus(s string) string {
	switch s {
	case blindpay.KYCApproved, blindpay.KYCApprovedRFI:
		return partner.KYCApproved
	case blindpay.KYCRejected, blindpay.KYCDeprecated:
		return partner.KYCRejected
	}
	return partner.KYCUnderReview
}

// CustomerOf is Crebit's view of a BlindPay customer: its id, outcome, and
// the reasons BlindPay gave (kyc_warnings) for a rejection or a request.
func CustomerOf(c blindpay.Customer) partner.Customer {
	id := c.ID
	if id == "" {
		id = c.CustomerID
	}
	out := partner.Customer{ID: id, KYCStatus: KYCStatus(c.KYCStatus)}
	var reasons []string
	for _, w := range c.KYCWarnings {
		if m := strings.TrimSpace(w.Message); m != "" {
			reasons = append(reasons, m)
		} else if w.Code != "" {
			reasons = append(reasons, w.Code)
		}
	}
	if c.KYCStatus == blindpay.KYCComplianceRequest {
		reasons = append([]string{"compliance_request"}, reasons...)
	}
	out.KYCReason = strings.Join(reasons, "; ")
	return out
}

// customerFields is CreateCustomerIn for today's CustomerRequest.
func customerFields(r partner.CustomerRequest) (blindpay.CustomerFields, error) {
	dob := r.DateOfBirth
	if dob != "" {
		t, err := time.Parse("2006-01-02", dob)
		if err != nil {
			return blindpay.CustomerFields{}, fmt.Errorf("date of birth %q is not YYYY-MM-DD", dob)
		}
		dob = t.Format(time.RFC3339)
	}
	country := r.Address.Country
	if country == "" || len(country) != 2 {
		country = r.Country
	}
	return blindpay.CustomerFields{
		Email: r.Email, Country: strings.ToUpper(country), TaxID: r.TaxID,
		AddressLine1: r.Address.Street, City: r.Address.City, StateProvinceRegion: r.Address.State, PostalCode: r.Address.PostalCode,
		PhoneNumber: r.Phone, FirstName: r.FirstName, LastName: r.LastName, DateOfBirth: dob,
		// No identity documents: Crebit collects none yet (docs/BLINDPAY.md
		// §17.5); a development instance approves without them.
	}, nil
}

// CreateWallet opens the customer's managed wallet on the configured
// network. BlindPay opens one only for an approved customer (else
// CUSTOMERS_KYC_NOT_APPROVED, code kyc_not_approved), which is why
// Crebit must call it after the verdict (EnsureWallet), not with the
// customer as today.
func (a *Adapter) CreateWallet(ctx context.Context, idemKey, customerID string) (partner.Wallet, error) {
	w, err := a.c.CreateWallet(ctx, idemKey, customerID, blindpay.CreateWalletRequest{Network: a.cfg.Network, Name: a.cfg.WalletName})
	if err != nil {
		return partner.Wallet{}, wrap(err)
	}
	return partner.Wallet{ID: w.ID, Address: w.Address, Chain: w.Network}, nil
}

// EnsureWallet returns the customer's managed wallet on the configured
// network, opening it when there is none: at the payment step, once KYC
// approved the customer. walletID is the one Crebit stored, if any.
//
// Proposed Partner method: EnsureWallet(ctx, key, customerID, walletID).
func (a *Adapter) EnsureWallet(ctx context.Context, idemKey, customerID, walletID string) (partner.Wallet, error) {
	if walletID != "" {
		w, err := a.c.GetWallet(ctx, customerID, walletID)
		if err == nil {
			return partner.Wallet{ID: w.ID, Address: w.Address, Chain: w.Network}, nil
		}
		if !errors.Is(err, blindpay.ErrNotFound) {
			return partner.Wallet{}, wrap(err)
		}
	}
	if w, ok, err := a.walletOn(ctx, customerID, ""); err != nil || ok {
		return w, err
	}
	return a.CreateWallet(ctx, idemKey, customerID)
}

// walletOn finds the customer's managed wallet on the configured network,
// with the given address when address is set.
func (a *Adapter) walletOn(ctx context.Context, customerID, address string) (partner.Wallet, bool, error) {
	ws, err := a.c.ListWallets(ctx, customerID)
	if err != nil {
		return partner.Wallet{}, false, wrap(err)
	}
	for _, w := range ws {
		if w.Network == a.cfg.Network && (address == "" || strings.EqualFold(w.Address, address)) {
			return partner.Wallet{ID: w.ID, Address: w.Address, Chain: w.Network}, true, nil
		}
	}
	return partner.Wallet{}, false, nil
}

// CreateExternalAccount registers the payer's own US account for payouts
// on the configured rail (ACH by default) as a first-party, individual,
// checking account: today's request carries neither the account type nor
// the class (proposed: ExternalAccountRequest gains AccountType).
func (a *Adapter) CreateExternalAccount(ctx context.Context, idemKey string, req partner.ExternalAccountRequest) (partner.ExternalAccount, error) {
	country := strings.ToUpper(req.Address.Country)
	if country == "" || country == "USA" {
		country = "US"
	}
	name := req.AccountName
	if name == "" {
		name = req.BankName
	}
	b, err := a.c.CreateBankAccount(ctx, idemKey, req.CustomerID, blindpay.CreateBankAccountRequest{
		Type: a.cfg.BankAccountType, Name: name, RecipientRelationship: "first_party", BeneficiaryName: req.BeneficiaryName,
		RoutingNumber: req.RoutingNumber, AccountNumber: req.AccountNumber, AccountType: "checking", AccountClass: "individual",
		AddressLine1: req.Address.Street, City: req.Address.City, StateProvinceRegion: req.Address.State,
		Country: country, PostalCode: req.Address.PostalCode,
	})
	if err != nil {
		return partner.ExternalAccount{}, wrap(err)
	}
	last4 := req.AccountNumber
	if len(last4) > 4 {
		last4 = last4[len(last4)-4:]
	}
	return partner.ExternalAccount{ID: b.ID, Last4: last4}, nil
}
