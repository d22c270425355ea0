package onboarding

import (
	"context"
	"encoding/json"
	"errors"
	"strings"

	"github.com/crebit/crebit/internal/actor"
	"github.com/crebit/crebit/internal/apperr"
	"github.com/crebit/crebit/internal/customer"
	"github.com/crebit/crebit/internal/input"
	"github.com/crebit/crebit/internal/partner"
	"github.com/crebit/crebit/internal/randid"
	"github.com/crebit/crebit/internal/store"
	"github.com/crebit/crebit/internal/store/sessionstore"
	"github.com/crebit/crebit/internal/taxid"
)

// ExternalAccountInput is the create-external-account payload.
type ExternalAccountInput struct {
	CustomerID      string       `json:"customer_id"`
	AccountName     string       `json:"account_name"`
	BeneficiaryName string       `json:"beneficiary_name"`
	BankName        string       `json:"bank_name"`
	AccountNumber   string       `json:"bank_account_number"`
	RoutingNumber   string       `json:"routing_number"`
	Address         AddressInput `json:"address"`
}

// ValidateBankAccount checks a US bank account's details without calling
// anyone (create-external-account, and sign-up before it creates the
// account); it returns the routing and account numbers as digits.
func ValidateBankAccount(in ExternalAccountInput) (routing, number string, err error) {
	t := strings.TrimSpace
	for _, v := range []string{in.AccountName, in.BeneficiaryName, in.BankName, in.AccountNumber, in.RoutingNumber,
		in.Address.Street, in.Address.City, in.Address.State, in.Address.PostalCode} {
		if t(v) == "" {
			return "", "", apperr.E(apperr.BankDetailsMissing, "")
		}
		if input.TooLong(v, 200) {
			return "", "", apperr.E(apperr.FieldTooLong, "bank")
		}
	}
	for _, f := range []struct{ field, label, value string }{
		{"account_name", "Account Name", in.AccountName}, {"beneficiary_name", "Account Holder Name", in.BeneficiaryName},
		{"bank_name", "Bank Name", in.BankName}, {"address", "Bank Street Address", in.Address.Street},
		{"address", "Bank City", in.Address.City}, {"address", "Bank State", in.Address.State},
	} {
		if !input.PlainText(f.value) {
			return "", "", input.NotPlainText(f.field, f.label)
		}
	}
	routing, err = taxid.ABA(in.RoutingNumber)
	if err != nil {
		return "", "", apperr.E(apperr.RoutingNumberInvalid, "").On("routing_number")
	}
	number = input.DigitsOnly(in.AccountNumber)
	if number != strings.Map(func(r rune) rune {
		if r == ' ' || r == '-' {
			return -1
		}
		return r
	}, t(in.AccountNumber)) || len(number) < 4 || len(number) > 17 {
		return "", "", apperr.E(apperr.AccountNumberInvalid, "").On("bank_account_number")
	}
	if c := strings.ToUpper(t(in.Address.Country)); c != "" && c != "USA" && c != "US" {
		return "", "", apperr.E(apperr.BankNotInUSA, "").On("address")
	}
	return routing, number, nil
}

// CreateExternalAccount registers the payer's US bank account with the
// partner and keeps it sealed; only the last 4 digits are ever shown.
// Adding the same account again returns the first one.
func (s *Service) CreateExternalAccount(ctx context.Context, who actor.Actor, in ExternalAccountInput) (customer.BankAccount, error) {
	routing, number, err := ValidateBankAccount(in)
	if err != nil {
		return customer.BankAccount{}, err
	}
	t := strings.TrimSpace
	c, err := actor.OwnCustomer(ctx, s.db, who, in.CustomerID)
	if err != nil {
		return customer.BankAccount{}, err
	}
	hash := s.sealer.Hash("account", routing+":"+number)
	var existing customer.BankAccount
	err = s.db.Tx(ctx, func(tx *store.Tx) (err error) {
		existing, err = tx.ExternalAccountByNumber(ctx, c.ID, routing, hash)
		if err == nil {
			return sessionstore.SetSessionExternalAccount(ctx, tx, who.SessionID, existing.ID)
		}
		return err
	})
	if err == nil {
		return existing, nil
	}
	if !errors.Is(err, store.ErrNotFound) {
		return customer.BankAccount{}, err
	}
	addr := partner.Address{Street: t(in.Address.Street), City: t(in.Address.City), State: t(in.Address.State),
		PostalCode: t(in.Address.PostalCode), Country: "USA"}
	req := partner.ExternalAccountRequest{
		CustomerID: c.PartnerCustomerID, AccountName: t(in.AccountName), BeneficiaryName: t(in.BeneficiaryName),
		BankName: t(in.BankName), AccountNumber: number, RoutingNumber: routing, Address: addr,
	}
	// Like the customer's, the key covers the whole request (the number by
	// its keyed hash): a corrected name or address is a new request.
	fingerprint := req
	fingerprint.AccountNumber = hash
	fp, err := json.Marshal(fingerprint)
	if err != nil {
		return customer.BankAccount{}, err
	}
	extID := randid.New("ext")
	ctx, _ = partner.WithCallLog(ctx)
	defer s.flushCalls(ctx, extID) // the calls of a refusal or failure
	pa, err := s.partner.CreateExternalAccount(ctx, idemKey("account", c.ID, string(fp)), req)
	if err != nil {
		s.log.Warn("partner external account failed", "customer_id", c.ID, "err", err)
		return customer.BankAccount{}, s.partnerFailure(err, apperr.E(apperr.PartnerUnavailable, "account"))
	}
	a := customer.BankAccount{ID: extID, PartnerAccountID: pa.ID, CustomerID: c.ID,
		AccountName: t(in.AccountName), BeneficiaryName: t(in.BeneficiaryName), BankName: t(in.BankName),
		RoutingNumber: routing, Last4: number[len(number)-4:], AccountSealed: s.sealer.Seal(number), AccountHash: hash,
		Street: addr.Street, City: addr.City, State: addr.State, PostalCode: addr.PostalCode, Country: addr.Country,
		CreatedAt: s.now().UTC()}
	var kept func()
	err = s.db.Tx(ctx, func(tx *store.Tx) error {
		if err := tx.CreateExternalAccount(ctx, a); err != nil {
			return err
		}
		if kept, err = keepCalls(ctx, tx, a.ID); err != nil {
			return err
		}
		return sessionstore.SetSessionExternalAccount(ctx, tx, who.SessionID, a.ID)
	})
	if err == nil {
		kept()
	}
	return a, err
}
