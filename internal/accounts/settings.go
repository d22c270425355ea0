package accounts

import (
	"context"
	"errors"
	"slices"
	"strings"
	"time"

	"github.com/crebit/crebit/internal/account"
	"github.com/crebit/crebit/internal/actor"
	"github.com/crebit/crebit/internal/apperr"
	"github.com/crebit/crebit/internal/i18n"
	"github.com/crebit/crebit/internal/input"
	"github.com/crebit/crebit/internal/outbox"
	"github.com/crebit/crebit/internal/randid"
	"github.com/crebit/crebit/internal/store"
	"github.com/crebit/crebit/internal/store/accountstore"
	"github.com/crebit/crebit/internal/store/sessionstore"
)

// The dashboard's Settings: name, password, saved bank accounts and recent
// sign-ins. Two-factor is twofactor.go; Download my data and Close my
// account are account_data.go.

const (
	signinsShown  = 10
	signinsKept   = 90 * 24 * time.Hour
	maxNameLength = 100
)

var errCurrentPassword = apperr.E(apperr.CurrentPasswordInvalid, "").On("current_password")

// recordSignin keeps the approximate device of a sign-in and a keyed hash
// of its address (referral rewards compare it), and forgets the
// account's sign-ins older than 90 days.
func (s *Service) recordSignin(ctx context.Context, tx *store.Tx, accountID string, who actor.Actor, now time.Time) error {
	var ipHash string
	if who.IP != "" {
		ipHash = s.sealer.Hash("ip", who.IP) // compared, never shown: the address itself is not kept
	}
	if err := accountstore.InsertSigninEvent(ctx, tx, accountID, accountstore.SigninEvent{ID: randid.New("sgn"),
		Device: account.DeviceOf(who.UserAgent).String(), IPHash: ipHash, OccurredAt: now}); err != nil {
		return err
	}
	return accountstore.DeleteSigninEventsBefore(ctx, tx, accountID, now.Add(-signinsKept))
}

// UpdateName sets the account holder's first and last name.
func (s *Service) UpdateName(ctx context.Context, who actor.Actor, first, last string) (Me, error) {
	if !who.SignedIn() {
		return Me{}, actor.ErrNotSignedIn
	}
	if !input.PlainText(first) {
		return Me{}, input.NotPlainText("first_name", "First Name")
	}
	if !input.PlainText(last) {
		return Me{}, input.NotPlainText("last_name", "Last Name")
	}
	first, last = strings.Join(strings.Fields(first), " "), strings.Join(strings.Fields(last), " ")
	if first == "" || last == "" {
		return Me{}, apperr.E(apperr.NameInvalid, "")
	}
	if input.TooLong(first, maxNameLength) || input.TooLong(last, maxNameLength) {
		return Me{}, apperr.E(apperr.FieldTooLong, "name")
	}
	var a accountstore.Account
	err := s.db.Tx(ctx, func(tx *store.Tx) (err error) {
		if err = accountstore.SetAccountName(ctx, tx, who.AccountID, first, last, s.now()); err != nil {
			return err
		}
		a, err = accountstore.AccountByID(ctx, tx, who.AccountID)
		return err
	})
	if errors.Is(err, store.ErrNotFound) {
		return Me{}, actor.ErrNotSignedIn
	}
	return meOf(a), err
}

// CheckCurrentPassword verifies the signed-in account's password, counting
// attempts against the same lock as sign-in from this browser (5 free, then
// growing waits; passwordKey).
func (s *Service) CheckCurrentPassword(ctx context.Context, who actor.Actor, password string) (accountstore.Account, error) {
	a, err := s.signedInAccount(ctx, who)
	if err != nil {
		return a, err
	}
	key, err := s.passwordKey(ctx, a.ID, a.Email, who.Device)
	if err != nil {
		return a, err
	}
	if _, err := s.reserveAttempt(ctx, key); err != nil {
		return a, err
	}
	if password == "" || len(password) > 4*account.MaxPassword {
		return a, errCurrentPassword
	}
	ok, _, err := s.verifyPassword(ctx, password, a.PasswordHash)
	if err != nil {
		return a, err
	}
	if !ok {
		return a, errCurrentPassword
	}
	return a, s.db.Tx(ctx, func(tx *store.Tx) error { return accountstore.ClearAuthLimit(ctx, tx, key) })
}

// ChangePassword replaces the password after checking the current one,
// signs out every other session of the account and e-mails a notice.
func (s *Service) ChangePassword(ctx context.Context, who actor.Actor, current, next string) error {
	a, err := s.CheckCurrentPassword(ctx, who, current)
	if err != nil {
		return err
	}
	if err := account.CheckPassword(next, a.Email); err != nil {
		return passwordError("new_password", err)
	}
	hash, err := s.hashPassword(ctx, next)
	if err != nil {
		return err
	}
	now := s.now()
	return s.db.Tx(ctx, func(tx *store.Tx) error {
		if err := accountstore.SetPasswordHash(ctx, tx, a.ID, hash, now); err != nil {
			return err
		}
		if err := sessionstore.DeleteAccountSessions(ctx, tx, a.ID, who.SessionID); err != nil {
			return err
		}
		if err := accountstore.RevokeAccountTokens(ctx, tx, a.ID, purposeReset, now); err != nil {
			return err
		}
		if err := accountstore.ClearAuthLimit(ctx, tx, "signin:"+a.Email); err != nil {
			return err
		}
		return s.mail.Queue(ctx, tx, "password_changed", outbox.AccountLang(a, who), a.Email, map[string]string{"Link": s.mail.Link("/forgot-password", "", "")})
	})
}

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
	err := s.db.Read(ctx, func(tx *store.Tx) error {
		as, err := accountstore.AccountBankAccounts(ctx, tx, who.AccountID)
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
	err := s.db.Tx(ctx, func(tx *store.Tx) error { return accountstore.RemoveBankAccount(ctx, tx, who.AccountID, id, s.now()) })
	if errors.Is(err, store.ErrNotFound) {
		return apperr.E(apperr.NotFound, "bank_account")
	}
	return err
}

// Signin is one recent sign-in: when, and the approximate device.
type Signin struct {
	At      time.Time `json:"at"`
	Browser string    `json:"browser"` // "" when not recognised
	OS      string    `json:"os"`
}

// RecentSignins returns the account's last sign-ins, newest first.
func (s *Service) RecentSignins(ctx context.Context, who actor.Actor) ([]Signin, error) {
	if !who.SignedIn() {
		return nil, actor.ErrNotSignedIn
	}
	out := []Signin{}
	err := s.db.Read(ctx, func(tx *store.Tx) error {
		es, err := accountstore.SigninEvents(ctx, tx, who.AccountID, signinsShown)
		for _, e := range es {
			d := account.ParseDevice(e.Device)
			out = append(out, Signin{At: e.OccurredAt, Browser: d.Browser, OS: d.OS})
		}
		return err
	})
	return out, err
}

// SetLanguage records the language the account holder chose: e-mails to
// the account are written in it, and the web app switches to it after
// sign-in on any device.
func (s *Service) SetLanguage(ctx context.Context, who actor.Actor, lang string) error {
	if !who.SignedIn() {
		return actor.ErrNotSignedIn
	}
	if !slices.Contains(i18n.Languages, lang) {
		return apperr.E(apperr.Invalid, "lang").On("lang")
	}
	return s.db.Tx(ctx, func(tx *store.Tx) error { return accountstore.SetAccountLanguage(ctx, tx, who.AccountID, lang) })
}
