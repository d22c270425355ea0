package onboarding

// SignUpProfile is what the sign-up wizard asks beyond the e-mail and the
// password: the payer profile (steps 2 and 3: the create-customer payload)
// and, when ticked, the US bank account (step 4; its customer_id is not
// known yet and is not read).
type SignUpProfile struct {
	Customer    *CustomerInput
	BankAccount *ExternalAccountInput
}

// CheckSignUpProfile makes the checks create-customer and
// create-external-account make, without calling the partner or writing
// anything: sign-up runs it before it creates the account, so an invalid
// CPF or routing number leaves nothing behind (issue 26 item 8).
func (s *Service) CheckSignUpProfile(p SignUpProfile) error {
	if p.Customer != nil {
		if _, _, err := s.validateCustomer(*p.Customer); err != nil {
			return err
		}
	}
	if p.BankAccount != nil {
		if _, _, err := ValidateBankAccount(*p.BankAccount); err != nil {
			return err
		}
	}
	return nil
}
