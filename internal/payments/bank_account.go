package payments

import (
	"context"
	"errors"

	"github.com/crebit/crebit/internal/actor"
	"github.com/crebit/crebit/internal/apperr"
	"github.com/crebit/crebit/internal/store"
)

// SavedBankAccount is a saved US bank account as Settings and the Payment
// tab list it: masked to its last 4 digits.
type SavedBankAccount struct {
	ID                string `json:"id"`
	BankName          string `json:"bank_name"`
	AccountHolderName string `json:"account_holder_name"`
	Last4             string `json:"last4"`
}

// BankAccounts lists the account's saved US bank accounts, newest first.
func (s *Service) BankAccounts(ctx context.Context, who actor.Actor) ([]SavedBankAccount, error) {
	if !who.SignedIn() {
		return nil, actor.ErrNotSignedIn
	}
	out := []SavedBankAccount{}
	err := s.db.Tx(ctx, func(tx *store.Tx) error {
		as, err := tx.AccountBankAccounts(ctx, who.AccountID)
		for _, a := range as {
			out = append(out, SavedBankAccount{ID: a.ID, BankName: a.BankName, AccountHolderName: a.BeneficiaryName, Last4: a.Last4})
		}
		return err
	})
	return out, err
}

// RemoveBankAccount stops offering one of the account's saved bank
// accounts; another account's id answers not_found.
func (s *Service) RemoveBankAccount(ctx context.Context, who actor.Actor, id string) error {
	if !who.SignedIn() {
		return actor.ErrNotSignedIn
	}
	err := s.db.Tx(ctx, func(tx *store.Tx) error { return tx.RemoveBankAccount(ctx, who.AccountID, id, s.now()) })
	if errors.Is(err, store.ErrNotFound) {
		return apperr.New(apperr.NotFound, "No such bank account")
	}
	return err
}
