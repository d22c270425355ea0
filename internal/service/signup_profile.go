package service

import (
	"context"

	"github.com/crebit/crebit/internal/account"
)

// SignUpProfile is what the sign-up wizard asks beyond the e-mail and the
// password: the payer profile (step 2 and 3: the create-customer payload)
// and, when ticked, the US bank account (step 4; its customer_id is not
// known yet and is not read).
type SignUpProfile struct {
	Customer    *CustomerInput
	BankAccount *ExternalAccountInput
}

// SignUpWithProfile checks the whole sign-up, then signs up. The account
// used to be created (and its verification e-mail queued) before the CPF
// and the routing number were looked at, so an invalid one left an account
// behind and the wizard went back to step 2 (issue 26 item 8): nothing is
// created now until every step holds. The checks are the ones
// create-customer and create-external-account make, without calling the
// partner; the wizard sends those calls after the account exists.
func (s *Service) SignUpWithProfile(ctx context.Context, who Actor, email, password string, p SignUpProfile) (SignedIn, error) {
	// Step 1's fields are answered first, as the wizard asks them.
	normalized, err := emailField("email", email)
	if err != nil {
		return SignedIn{}, err
	}
	if err := account.CheckPassword(password, normalized); err != nil {
		return SignedIn{}, passwordError("password", err)
	}
	if p.Customer != nil {
		if _, _, err := s.validateCustomer(*p.Customer); err != nil {
			return SignedIn{}, err
		}
	}
	if p.BankAccount != nil {
		if _, _, err := validateBankAccount(*p.BankAccount); err != nil {
			return SignedIn{}, err
		}
	}
	return s.SignUp(ctx, who, email, password)
}
