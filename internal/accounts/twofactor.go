package accounts

import (
	"context"
	"crypto/rand"
	"crypto/subtle"
	"encoding/base32"
	"errors"
	"strings"
	"time"

	"github.com/pquerna/otp"
	"github.com/pquerna/otp/totp"

	"github.com/crebit/crebit/internal/account"
	"github.com/crebit/crebit/internal/actor"
	"github.com/crebit/crebit/internal/apperr"
	"github.com/crebit/crebit/internal/mail"
	"github.com/crebit/crebit/internal/outbox"
	"github.com/crebit/crebit/internal/store"
	"github.com/crebit/crebit/internal/store/accountstore"
	"github.com/crebit/crebit/internal/store/sessionstore"
)

// Two-factor sign-in with TOTP (RFC 6238): 30-second steps, 6 digits, SHA-1
// (what authenticator apps support), a window of one step either side, and
// no step accepted twice.

var errTwoFactorCode = apperr.E(apperr.TwoFactorCodeInvalid, "")

const recoveryCodes = 10

var totpOpts = totp.ValidateOpts{Period: 30, Skew: 0, Digits: otp.DigitsSix, Algorithm: otp.AlgorithmSHA1}

// totpStep returns the step a code matches within ±1 step of now, or 0.
func totpStep(secret, code string, now time.Time) int64 {
	code = strings.TrimSpace(code)
	if len(code) != 6 {
		return 0
	}
	cur := now.Unix() / 30
	for _, step := range []int64{cur - 1, cur, cur + 1} {
		want, err := totp.GenerateCodeCustom(secret, time.Unix(step*30, 0), totpOpts)
		if err == nil && subtle.ConstantTimeCompare([]byte(want), []byte(code)) == 1 {
			return step
		}
	}
	return 0
}

// checkSecondFactor checks a TOTP code (marking its step used) or, when
// recovery is allowed, a recovery code (consuming it).
func (s *Service) checkSecondFactor(ctx context.Context, tx *store.Tx, a accountstore.Account, code string, recovery bool) (bool, error) {
	if a.TOTPSecret == "" {
		return false, nil
	}
	secret, err := s.sealer.Open(a.TOTPSecret)
	if err != nil {
		return false, err
	}
	if step := totpStep(secret, code, s.now()); step != 0 {
		return accountstore.UseTOTPStep(ctx, tx, a.ID, step)
	}
	if !recovery {
		return false, nil
	}
	norm := strings.ToUpper(strings.ReplaceAll(strings.TrimSpace(code), "-", ""))
	if len(norm) != 10 {
		return false, nil
	}
	return accountstore.UseRecoveryCode(ctx, tx, a.ID, account.TokenHash(norm), s.now())
}

// Enrolment is what the Settings screen shows to set up an app.
type Enrolment struct {
	URI    string `json:"otpauth_uri"`
	Secret string `json:"secret"`
}

func (s *Service) signedInAccount(ctx context.Context, who actor.Actor) (accountstore.Account, error) {
	if !who.SignedIn() {
		return accountstore.Account{}, apperr.E(apperr.SignInRequired, "")
	}
	var a accountstore.Account
	err := s.db.Read(ctx, func(tx *store.Tx) (err error) { a, err = accountstore.AccountByID(ctx, tx, who.AccountID); return })
	if errors.Is(err, store.ErrNotFound) {
		return a, apperr.E(apperr.SignInRequired, "")
	}
	return a, err
}

// EnrolTwoFactor starts (or restarts) enrolment: a new secret, not yet on.
// It asks for the password again and needs a confirmed e-mail address.
func (s *Service) EnrolTwoFactor(ctx context.Context, who actor.Actor, password string) (Enrolment, error) {
	a, err := s.CheckCurrentPassword(ctx, who, password)
	if err != nil {
		return Enrolment{}, err
	}
	if a.EmailVerifiedAt == nil {
		return Enrolment{}, actor.ErrEmailNotVerified
	}
	if a.TOTPEnabledAt != nil {
		return Enrolment{}, apperr.E(apperr.TwoFactorState, "on")
	}
	key, err := totp.Generate(totp.GenerateOpts{Issuer: mail.ProductName, AccountName: a.Email, Period: 30,
		Digits: otp.DigitsSix, Algorithm: otp.AlgorithmSHA1})
	if err != nil {
		return Enrolment{}, err
	}
	err = s.db.Tx(ctx, func(tx *store.Tx) error {
		return accountstore.SetTOTP(ctx, tx, a.ID, s.sealer.Seal(key.Secret()), nil, s.now())
	})
	return Enrolment{URI: key.URL(), Secret: key.Secret()}, err
}

// ConfirmTwoFactor turns two-factor on after a valid code, signs out the
// account's other sessions, and returns the recovery codes, shown this once
// and stored only hashed. Wrong codes count against the same limit as the
// sign-in's code step.
func (s *Service) ConfirmTwoFactor(ctx context.Context, who actor.Actor, code string) ([]string, error) {
	a, err := s.signedInAccount(ctx, who)
	if err != nil {
		return nil, err
	}
	if a.TOTPEnabledAt != nil || a.TOTPSecret == "" {
		return nil, apperr.E(apperr.TwoFactorState, "enrol")
	}
	if a.EmailVerifiedAt == nil {
		return nil, actor.ErrEmailNotVerified
	}
	key := twoFactorKey(a.ID)
	if _, err := s.reserveAttempt(ctx, key); err != nil {
		return nil, err
	}
	codes := make([]string, recoveryCodes)
	hashes := make([]string, recoveryCodes)
	for i := range codes {
		b := make([]byte, 7)
		rand.Read(b)
		c := base32.StdEncoding.WithPadding(base32.NoPadding).EncodeToString(b)[:10]
		codes[i], hashes[i] = c[:5]+"-"+c[5:], account.TokenHash(c)
	}
	var wrong bool
	err = s.db.Tx(ctx, func(tx *store.Tx) error {
		ok, err := s.checkSecondFactor(ctx, tx, a, code, false)
		if err != nil || !ok {
			wrong = !ok
			return err
		}
		now := s.now()
		if err := accountstore.SetTOTP(ctx, tx, a.ID, a.TOTPSecret, &now, now); err != nil {
			return err
		}
		if err := accountstore.ReplaceRecoveryCodes(ctx, tx, a.ID, hashes); err != nil {
			return err
		}
		// Whoever else is signed in signed in without the second factor.
		if err := sessionstore.DeleteAccountSessions(ctx, tx, a.ID, who.SessionID); err != nil {
			return err
		}
		if err := accountstore.ClearAuthLimit(ctx, tx, key); err != nil {
			return err
		}
		return s.mail.Queue(ctx, tx, "two_factor_enabled", outbox.AccountLang(a, who), a.Email, map[string]string{"Link": s.mail.Link("/forgot-password", "", "")})
	})
	if err == nil && wrong {
		return nil, errTwoFactorCode
	}
	return codes, err
}

// DisableTwoFactor turns two-factor off; it asks for the password again
// and a current code, and wrong codes count against the same limit as the
// sign-in's code step.
func (s *Service) DisableTwoFactor(ctx context.Context, who actor.Actor, password, code string) error {
	a, err := s.CheckCurrentPassword(ctx, who, password)
	if err != nil {
		return err
	}
	if a.TOTPEnabledAt == nil {
		return apperr.E(apperr.TwoFactorState, "off")
	}
	key := twoFactorKey(a.ID)
	if _, err := s.reserveAttempt(ctx, key); err != nil {
		return err
	}
	var wrong bool
	err = s.db.Tx(ctx, func(tx *store.Tx) error {
		ok, err := s.checkSecondFactor(ctx, tx, a, code, false)
		if err != nil || !ok {
			wrong = !ok
			return err
		}
		if err := accountstore.SetTOTP(ctx, tx, a.ID, "", nil, s.now()); err != nil {
			return err
		}
		if err := accountstore.ReplaceRecoveryCodes(ctx, tx, a.ID, nil); err != nil {
			return err
		}
		if err := accountstore.ClearAuthLimit(ctx, tx, key); err != nil {
			return err
		}
		return s.mail.Queue(ctx, tx, "two_factor_disabled", outbox.AccountLang(a, who), a.Email, map[string]string{"Link": s.mail.Link("/forgot-password", "", "")})
	})
	if err == nil && wrong {
		return errTwoFactorCode
	}
	return err
}
