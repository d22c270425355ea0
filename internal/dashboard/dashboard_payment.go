package dashboard

import (
	"context"
	"errors"
	"strings"

	"github.com/crebit/crebit/internal/accounts"
	"github.com/crebit/crebit/internal/actor"
	"github.com/crebit/crebit/internal/apperr"
	"github.com/crebit/crebit/internal/corridor"
	"github.com/crebit/crebit/internal/customer"
	"github.com/crebit/crebit/internal/input"
	"github.com/crebit/crebit/internal/partner"
	"github.com/crebit/crebit/internal/payment"
	"github.com/crebit/crebit/internal/payments"
	"github.com/crebit/crebit/internal/store"
	"github.com/crebit/crebit/internal/store/accountstore"
	"github.com/crebit/crebit/internal/store/dashstore"
)

// The dashboard's Make a Payment tab. A signed-in payer pays from the
// identity they verified once (one payer profile per country), so the tab
// never asks for the CPF or CURP again: the server fills the sender from
// the account's own profile and then takes exactly the wizards' path
// (CreatePayment).

// PaymentProfile is one of the account's payer profiles: the identity
// verified for one country, and the US bank accounts saved with it.
type PaymentProfile struct {
	CustomerID   string                      `json:"customer_id"`
	Country      string                      `json:"country"` // brazil or mexico
	KYCStatus    string                      `json:"kyc_status"`
	Name         string                      `json:"name"`
	WalletReady  bool                        `json:"wallet_ready"`
	BankAccounts []accounts.SavedBankAccount `json:"bank_accounts"`
}

// PaymentSetup is what the Payment tab needs to start: the newest usable
// profile per country and whether the account is on the check waitlist.
type PaymentSetup struct {
	Profiles      []PaymentProfile `json:"profiles"`
	CheckWaitlist bool             `json:"check_waitlist"`
}

// DashboardPaymentSetup returns the account's payer profiles.
func (s *Service) DashboardPaymentSetup(ctx context.Context, who actor.Actor) (PaymentSetup, error) {
	if !who.SignedIn() {
		return PaymentSetup{}, actor.ErrNotSignedIn
	}
	out := PaymentSetup{Profiles: []PaymentProfile{}}
	err := s.db.Read(ctx, func(tx *store.Tx) error {
		cs, err := accountstore.AccountCustomers(ctx, tx, who.AccountID)
		if err != nil {
			return err
		}
		as, err := accountstore.AccountBankAccounts(ctx, tx, who.AccountID)
		if err != nil {
			return err
		}
		seen := map[string]bool{}
		for _, c := range cs { // newest first: the newest usable profile per country
			if seen[c.Country] || !usableProfile(c) {
				continue
			}
			seen[c.Country] = true
			pr := PaymentProfile{CustomerID: c.ID, Country: c.Country, KYCStatus: string(c.KYCStatus),
				Name: strings.TrimSpace(c.FirstName + " " + c.LastName), WalletReady: walletReady(c), BankAccounts: []accounts.SavedBankAccount{}}
			for _, a := range as {
				if a.CustomerID == c.ID {
					pr.BankAccounts = append(pr.BankAccounts, accounts.SavedBankAccount{ID: a.ID, BankName: a.BankName, AccountHolderName: a.BeneficiaryName, Last4: a.Last4})
				}
			}
			out.Profiles = append(out.Profiles, pr)
		}
		out.CheckWaitlist, err = dashstore.CheckWaitlisted(ctx, tx, who.AccountID)
		return err
	})
	return out, err
}

// usableProfile: not redacted, and not refused by identity verification.
func usableProfile(c customer.Customer) bool {
	return c.TaxIDSealed != "" && c.KYCStatus != partner.KYCRejected && corridorOK(c.Country)
}

// walletReady: the wallet the country's payment request names is there
// (corridor.Request.WalletField: SPEI's wallet_id, else the address).
func walletReady(c customer.Customer) bool {
	cor, _ := corridor.ByCountry(c.Country)
	if cor.Request.WalletField == "wallet_id" {
		return c.WalletID != ""
	}
	return c.WalletAddress != ""
}

// corridorOK reports whether country is a corridor's API name ("brazil").
func corridorOK(country string) bool {
	c, ok := corridor.ByCountry(country)
	return ok && c.Name == country
}

// JoinCheckWaitlist records that the account wants mailed checks from the
// dashboard (they are not offered there yet).
func (s *Service) JoinCheckWaitlist(ctx context.Context, who actor.Actor, country string) error {
	if !who.SignedIn() {
		return actor.ErrNotSignedIn
	}
	if !corridorOK(country) {
		return apperr.E(apperr.Invalid, "country").On("country")
	}
	return s.db.Tx(ctx, func(tx *store.Tx) error {
		return dashstore.JoinCheckWaitlist(ctx, tx, who.AccountID, country, s.now().UTC())
	})
}

// DashboardPaymentInput is a Process Payment request of the Payment tab.
type DashboardPaymentInput struct {
	CustomerID        string                       `json:"customer_id"`
	QuoteID           string                       `json:"quote_id"` // the locked quote's on-ramp id
	ExternalAccountID string                       `json:"external_account_id"`
	Recipient         string                       `json:"recipient"`
	Authorization     *payments.AuthorizationInput `json:"authorization"`
	IdempotencyKey    string                       `json:"-"`
	IP                string                       `json:"-"`
	UserAgent         string                       `json:"-"`
}

// CreateDashboardPayment pays a locked quote from one of the account's own
// payer profiles to one of its saved US bank accounts, through
// CreatePayment: the same checks, authorization record, partner pay-in,
// expiry, e-mails and ledger as the wizards.
func (s *Service) CreateDashboardPayment(ctx context.Context, who actor.Actor, in DashboardPaymentInput) (payment.Record, error) {
	if !who.SignedIn() {
		return payment.Record{}, actor.ErrNotSignedIn
	}
	if !input.PlainText(in.Recipient) {
		return payment.Record{}, input.NotPlainText("recipient", "Recipient")
	}
	recipient := strings.Join(strings.Fields(in.Recipient), " ")
	if recipient == "" {
		return payment.Record{}, apperr.E(apperr.RequiredFieldsMissing, "recipient").On("recipient")
	}
	if input.TooLong(recipient, 200) {
		return payment.Record{}, apperr.E(apperr.FieldTooLong, "label", "label", "The recipient name").On("recipient")
	}
	if in.Authorization == nil {
		return payment.Record{}, apperr.E(apperr.AuthorizationRequired, "").On("authorization")
	}
	c, err := actor.OwnCustomer(ctx, s.db, who, in.CustomerID)
	if err != nil {
		return payment.Record{}, err
	}
	if c.AccountID != who.AccountID || !usableProfile(c) {
		// A guest profile of this browser is not the account's identity.
		return payment.Record{}, apperr.E(apperr.CustomerNotFound, "")
	}
	if !walletReady(c) {
		// A partner that opens wallets only after its verdict (BlindPay):
		// opened now, or refused with where the verification stands.
		if c, err = s.onboarding.CreateWallet(ctx, who, c.ID); err != nil {
			return payment.Record{}, err
		}
	}
	doc, err := s.sealer.Open(c.TaxIDSealed)
	if err != nil {
		return payment.Record{}, err
	}
	var q payment.Quote
	err = s.db.Read(ctx, func(tx *store.Tx) (err error) { q, err = tx.QuoteByOnRampID(ctx, in.QuoteID); return })
	if errors.Is(err, store.ErrNotFound) || (err == nil && !who.Owns(q.SessionID, "")) {
		return payment.Record{}, apperr.E(apperr.QuoteNotFound, "").On("quote_id")
	}
	if err != nil {
		return payment.Record{}, err
	}
	cor, _ := corridor.ByCountry(c.Country) // a usable profile's
	return s.payments.CreatePayment(ctx, who, payments.PaymentInput{Method: cor.Method, AmountLocal: q.TotalLocal.String(), CustomerID: c.ID,
		WalletAddress: c.WalletAddress, WalletID: c.WalletID, QuoteID: in.QuoteID,
		SenderName: strings.TrimSpace(c.FirstName + " " + c.LastName), SenderDocument: doc,
		ExternalAccountID: in.ExternalAccountID, Delivery: string(payment.DeliveryBankTransfer), Recipient: recipient,
		Authorization: in.Authorization, IdempotencyKey: in.IdempotencyKey, IP: in.IP, UserAgent: in.UserAgent})
}
