package accounts

import (
	"context"

	"github.com/crebit/crebit/internal/account"
	"github.com/crebit/crebit/internal/actor"
	"github.com/crebit/crebit/internal/input"
)

// SignUpChecked checks the whole sign-up, then signs up. The account used
// to be created (and its verification e-mail queued) before the CPF and the
// routing number were looked at, so an invalid one left an account behind
// and the wizard went back to step 2 (issue 26 item 8): nothing is created
// now until every step holds. Step 1's fields are answered first, as the
// wizard asks them; then check (the payer profile's rules, which the
// onboarding package owns).
func (s *Service) SignUpChecked(ctx context.Context, who actor.Actor, email, password string, check func() error) (SignedIn, error) {
	normalized, err := input.Email("email", email)
	if err != nil {
		return SignedIn{}, err
	}
	if err := account.CheckPassword(password, normalized); err != nil {
		return SignedIn{}, passwordError("password", err)
	}
	if err := check(); err != nil {
		return SignedIn{}, err
	}
	return s.SignUp(ctx, who, email, password)
}
