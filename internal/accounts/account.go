package accounts

import (
	"context"
	"errors"
	"time"

	"github.com/crebit/crebit/internal/account"
	"github.com/crebit/crebit/internal/actor"
	"github.com/crebit/crebit/internal/apperr"
	"github.com/crebit/crebit/internal/input"
	"github.com/crebit/crebit/internal/randid"
	"github.com/crebit/crebit/internal/session"
	"github.com/crebit/crebit/internal/store"
	"github.com/crebit/crebit/internal/store/accountstore"
	"github.com/crebit/crebit/internal/store/referralstore"
	"github.com/crebit/crebit/internal/store/scholarstore"
	"github.com/crebit/crebit/internal/store/sessionstore"
)

// Token purposes and lifetimes.
const (
	purposeVerify    = "verify_email"
	purposeReset     = "reset_password"
	purposeTwoFactor = "two_factor"
	verifyTTL        = 7 * 24 * time.Hour
	resetTTL         = time.Hour
	twoFactorTTL     = 5 * time.Minute
	// argon2id hashes at once (19 MiB each): checking a sign-in's password
	// has slots of its own, so a flood of sign-ups (which make new hashes)
	// cannot make the people signing in wait.
	signinHashSlots = 4
	newHashSlots    = 2
	// signupNoticeEvery bounds the "someone tried to create an account
	// with your address" e-mails to one address.
	signupNoticeEvery = 24 * time.Hour
)

// errAccountExists answers a sign-up with an address that has an account:
// nothing is created, and the person is told plainly where to go instead.
var errAccountExists = apperr.E(apperr.AccountExists, "").On("email")

// initAccounts sets up password hashing.
func (s *Service) initAccounts(d Deps) error {
	s.hashes, s.newHashes = make(chan struct{}, signinHashSlots), make(chan struct{}, newHashSlots)
	return nil
}

// Me is what the web app knows about the signed-in account.
type Me struct {
	ID               string `json:"id"`
	Email            string `json:"email"`
	FirstName        string `json:"first_name"`
	LastName         string `json:"last_name"`
	EmailVerified    bool   `json:"email_verified"`
	TwoFactorEnabled bool   `json:"two_factor_enabled"`
	// KYCStatus is the partner's verification of the account's newest
	// payer profile: approved, under_review, rejected, or not_started.
	KYCStatus string `json:"kyc_status"`
	// Language is the language the account chose ("" until it chooses);
	// the web app switches to it after sign-in.
	Language string `json:"language"`
}

func meOf(a accountstore.Account) Me {
	kyc := a.KYCStatus
	if kyc == "" {
		kyc = "not_started"
	}
	return Me{ID: a.ID, Email: a.Email, FirstName: a.FirstName, LastName: a.LastName, EmailVerified: a.EmailVerifiedAt != nil,
		TwoFactorEnabled: a.TOTPEnabledAt != nil, KYCStatus: kyc, Language: a.Lang}
}

// SignedIn is the result of a step that signs in: the new session's cookie
// token (empty when nothing changed) and, when a second factor is needed,
// the token of that step instead. DeviceToken is a new device token for a
// browser that had none (the crebit_device cookie).
type SignedIn struct {
	Token          string
	TwoFactorToken string
	DeviceToken    string
	Me             *Me
}

// passwordError maps the policy's refusals to field errors.
func passwordError(field string, err error) error {
	switch {
	case errors.Is(err, account.ErrPasswordShort):
		return apperr.E(apperr.PasswordTooShort, "").On(field)
	case errors.Is(err, account.ErrPasswordLong):
		return apperr.E(apperr.PasswordTooLong, "").On(field)
	case errors.Is(err, account.ErrPasswordCommon):
		return apperr.E(apperr.PasswordTooCommon, "").On(field)
	case errors.Is(err, account.ErrPasswordHasEmail):
		return apperr.E(apperr.PasswordContainsEmail, "").On(field)
	}
	var weak *account.WeakPasswordError
	if errors.As(err, &weak) {
		return weakPassword(field, weak.Reason)
	}
	return err
}

// weakPassword says why a password is easy to guess and what to do instead.
func weakPassword(field string, r account.WeakReason) error {
	switch r {
	case account.WeakRepeat:
		return apperr.E(apperr.PasswordTooWeak, "repeat").On(field)
	case account.WeakSequence:
		return apperr.E(apperr.PasswordTooWeak, "sequence").On(field)
	case account.WeakKeyboard:
		return apperr.E(apperr.PasswordTooWeak, "keyboard").On(field)
	case account.WeakDate:
		return apperr.E(apperr.PasswordTooWeak, "date").On(field)
	case account.WeakCommon:
		return apperr.E(apperr.PasswordTooWeak, "common").On(field)
	}
	return apperr.E(apperr.PasswordTooWeak, "").On(field)
}

func (s *Service) hashPassword(ctx context.Context, pw string) (string, error) {
	release, err := s.hashSlot(ctx, s.newHashes)
	if err != nil {
		return "", err
	}
	defer release()
	return account.Hash(pw, account.Current), nil
}

func (s *Service) verifyPassword(ctx context.Context, pw, encoded string) (ok, rehash bool, err error) {
	release, err := s.hashSlot(ctx, s.hashes)
	if err != nil {
		return false, false, err
	}
	defer release()
	return account.Verify(pw, encoded, account.Current)
}

// dummyHash is verified against for unknown e-mails, so a wrong e-mail
// takes as long as a wrong password.
var dummyHash = account.Hash("not a real password, only for timing", account.Current)

// SignUp creates an account and signs this browser in to it (a new
// session token; the guest session's history becomes the account's). An
// address that already has an account creates nothing and is refused
// plainly (errAccountExists); its owner is told by e-mail at most once a
// day. Repeating the call from the browser already signed in to that
// e-mail changes nothing (a retried Create Account). The HTTP layer limits
// sign-ups per client address, so the refusal cannot test addresses in
// bulk.
func (s *Service) SignUp(ctx context.Context, who actor.Actor, email, password string) (SignedIn, error) {
	email, err := input.Email("email", email)
	if err != nil {
		return SignedIn{}, err
	}
	if err := account.CheckPassword(password, email); err != nil {
		return SignedIn{}, passwordError("password", err)
	}
	if who.SignedIn() {
		var a accountstore.Account
		err := s.db.Read(ctx, func(tx *store.Tx) (err error) { a, err = accountstore.AccountByID(ctx, tx, who.AccountID); return })
		if err == nil && a.Email == email {
			m := meOf(a)
			return SignedIn{Me: &m}, nil
		}
	}
	var taken bool
	if err := s.db.Read(ctx, func(tx *store.Tx) error {
		_, err := accountstore.AccountByEmail(ctx, tx, email)
		taken = err == nil
		if errors.Is(err, store.ErrNotFound) {
			return nil
		}
		return err
	}); err != nil {
		return SignedIn{}, err
	}
	if taken {
		return SignedIn{}, s.refuseTakenAddress(ctx, who, email)
	}
	hash, err := s.hashPassword(ctx, password)
	if err != nil {
		return SignedIn{}, err
	}
	now := s.now()
	a := accountstore.Account{ID: randid.New("acc"), Email: email, PasswordHash: hash, CreatedAt: now, UpdatedAt: now, Lang: who.ChosenLang}
	var out SignedIn
	err = s.db.Tx(ctx, func(tx *store.Tx) error {
		if err := accountstore.CreateAccount(ctx, tx, a); err != nil {
			return err
		}
		token, th := account.NewToken()
		if err := accountstore.InsertAccountToken(ctx, tx, th, a.ID, purposeVerify, now, now.Add(verifyTTL)); err != nil {
			return err
		}
		if err := s.mail.Queue(ctx, tx, "verify_email", who.Lang, email, map[string]string{"Link": s.mail.Link("/verify-email", "token", token)}); err != nil {
			return err
		}
		var err error
		out.Token, out.DeviceToken, err = s.startSession(ctx, tx, who, a.ID, false)
		m := meOf(a)
		out.Me = &m
		return err
	})
	if errors.Is(err, store.ErrConflict) { // the same e-mail signed up a moment ago
		return SignedIn{}, errAccountExists
	}
	return out, err
}

// refuseTakenAddress tells the owner of email that someone tried to sign
// up with it (at most once per signupNoticeEvery) and returns the refusal.
func (s *Service) refuseTakenAddress(ctx context.Context, who actor.Actor, email string) error {
	ok, _, err := s.limits.Allow(ctx, "signup-notice:"+email, 1, signupNoticeEvery)
	if err != nil {
		return err
	}
	if ok {
		if err := s.db.Tx(ctx, func(tx *store.Tx) error {
			return s.mail.Queue(ctx, tx, "signup_existing", who.Lang, email, map[string]string{"Link": s.mail.Link("/signin", "", "")})
		}); err != nil {
			return err
		}
	}
	return errAccountExists
}

// startSession rotates the browser's session into a new one signed in to
// accountID, attaches the guest's history, and remembers the browser as
// one of the account's devices (giving it a device token when it has
// none: deviceToken, for the crebit_device cookie). The old token is dead.
// secondFactor marks a sign-in that passed two-factor authentication.
func (s *Service) startSession(ctx context.Context, tx *store.Tx, who actor.Actor, accountID string, secondFactor bool) (token, deviceToken string, err error) {
	token, id := session.NewToken()
	now := s.now()
	next := session.Session{ID: id, CreatedAt: now, LastSeenAt: now, ExpiresAt: now.Add(s.cfg.SessionTTL), AccountID: accountID}
	if secondFactor {
		next.SecondFactorAt = &now
	}
	// The guest's history moves first, while it is still under the old
	// session id (the rotation deletes the old session).
	if who.SessionID != "" {
		if err := s.attachGuestData(ctx, tx, who.SessionID, accountID); err != nil {
			return "", "", err
		}
	}
	if err := sessionstore.RotateSession(ctx, tx, who.SessionID, next); err != nil {
		return "", "", err
	}
	if err := s.recordSignin(ctx, tx, accountID, who, now); err != nil {
		return "", "", err
	}
	device := who.Device
	if device == "" {
		deviceToken, device = account.NewToken()
	}
	return token, deviceToken, accountstore.RememberDevice(ctx, tx, accountID, device, now)
}

// attachGuestData is the one place where what a guest made in this browser
// becomes the account's on sign-up and sign-in: customers and payments
// (their bank accounts follow their customer), the scholarship profile,
// eligibility answers and saved filter sets.
func (s *Service) attachGuestData(ctx context.Context, tx *store.Tx, sessionID, accountID string) error {
	if err := sessionstore.AttachGuestData(ctx, tx, sessionID, accountID); err != nil {
		return err
	}
	if err := referralstore.MoveReferralArrivalToAccount(ctx, tx, sessionID, accountID); err != nil {
		return err
	}
	return scholarstore.MoveScholarshipDataToAccount(ctx, tx, sessionID, accountID)
}

// Me returns the signed-in account, or 401.
func (s *Service) Me(ctx context.Context, who actor.Actor) (Me, error) {
	if !who.SignedIn() {
		return Me{}, apperr.E(apperr.SignInRequired, "")
	}
	var a accountstore.Account
	err := s.db.Read(ctx, func(tx *store.Tx) (err error) { a, err = accountstore.AccountByID(ctx, tx, who.AccountID); return })
	if errors.Is(err, store.ErrNotFound) {
		return Me{}, apperr.E(apperr.SignInRequired, "")
	}
	return meOf(a), err
}

// SignOut ends the browser's session on the server.
func (s *Service) SignOut(ctx context.Context, who actor.Actor) error {
	if who.SessionID == "" {
		return nil
	}
	return s.db.Tx(ctx, func(tx *store.Tx) error { return sessionstore.DeleteSession(ctx, tx, who.SessionID) })
}

// VerifyEmail consumes a verification link.
func (s *Service) VerifyEmail(ctx context.Context, token string) error {
	if token == "" || len(token) > 100 {
		return apperr.E(apperr.LinkInvalid, "")
	}
	now := s.now()
	return s.db.Tx(ctx, func(tx *store.Tx) error {
		id, err := accountstore.UseAccountToken(ctx, tx, account.TokenHash(token), purposeVerify, now)
		if errors.Is(err, store.ErrNotFound) {
			return apperr.E(apperr.LinkInvalid, "")
		}
		if err != nil {
			return err
		}
		return accountstore.SetEmailVerified(ctx, tx, id, now)
	})
}
