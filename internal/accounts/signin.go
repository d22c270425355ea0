package accounts

import (
	"context"
	"errors"
	"strconv"

	"github.com/riverqueue/river"

	"github.com/crebit/crebit/internal/account"
	"github.com/crebit/crebit/internal/actor"
	"github.com/crebit/crebit/internal/apperr"
	"github.com/crebit/crebit/internal/input"
	"github.com/crebit/crebit/internal/outbox"
	"github.com/crebit/crebit/internal/store"
	"github.com/crebit/crebit/internal/store/accountstore"
	"github.com/crebit/crebit/internal/store/sessionstore"
)

var errCredentials = apperr.E(apperr.InvalidCredentials, "")

// SignIn checks an e-mail and password. A wrong e-mail and a wrong
// password get the same answer in about the same time. With two-factor on,
// the answer is a short-lived token for the code step instead of a session.
func (s *Service) SignIn(ctx context.Context, who actor.Actor, email, password, ip string) (SignedIn, error) {
	email = account.NormalizeEmail(email)
	if email == "" || password == "" || len(email) > 254 || len(password) > 4*account.MaxPassword {
		return SignedIn{}, errCredentials
	}
	if err := s.allowIP(ctx, ip); err != nil {
		return SignedIn{}, err
	}
	var a accountstore.Account
	err := s.db.Read(ctx, func(tx *store.Tx) (err error) { a, err = accountstore.AccountByEmail(ctx, tx, email); return })
	if err != nil && !errors.Is(err, store.ErrNotFound) {
		return SignedIn{}, err
	}
	lockKey, err := s.passwordKey(ctx, a.ID, email, who.Device)
	if err != nil {
		return SignedIn{}, err
	}
	attempt, err := s.reserveAttempt(ctx, lockKey)
	if err != nil {
		return SignedIn{}, err
	}
	encoded := a.PasswordHash
	if encoded == "" {
		encoded = dummyHash
	}
	ok, rehash, err := s.verifyPassword(ctx, password, encoded)
	if err != nil {
		return SignedIn{}, err
	}
	if !ok || a.ID == "" {
		return SignedIn{}, s.failSignIn(ctx, attempt, a)
	}
	var newHash string
	if rehash {
		if newHash, err = s.hashPassword(ctx, password); err != nil {
			return SignedIn{}, err
		}
	}
	var out SignedIn
	err = s.db.Tx(ctx, func(tx *store.Tx) error {
		if err := accountstore.ClearAuthLimit(ctx, tx, lockKey); err != nil {
			return err
		}
		if newHash != "" {
			if err := accountstore.SetPasswordHash(ctx, tx, a.ID, newHash, s.now()); err != nil {
				return err
			}
		}
		if a.TOTPEnabledAt != nil {
			token, th := account.NewToken()
			out.TwoFactorToken = token
			return accountstore.InsertAccountToken(ctx, tx, th, a.ID, purposeTwoFactor, s.now(), s.now().Add(twoFactorTTL))
		}
		var err error
		out.Token, out.DeviceToken, err = s.startSession(ctx, tx, who, a.ID, false)
		m := meOf(a)
		out.Me = &m
		return err
	})
	return out, err
}

// failSignIn answers a wrong password (its attempt already counted); at
// the fifth the owner gets an e-mail.
func (s *Service) failSignIn(ctx context.Context, attempt int, a accountstore.Account) error {
	if attempt != freeFailures || a.ID == "" {
		return errCredentials
	}
	if err := s.db.Tx(ctx, func(tx *store.Tx) error {
		return s.mail.Queue(ctx, tx, "signin_failures", outbox.AccountLang(a, actor.Actor{}), a.Email, map[string]string{
			"Failures": strconv.Itoa(attempt), "Link": s.mail.Link("/forgot-password", "", "")})
	}); err != nil {
		return err
	}
	return errCredentials
}

// SignInTwoFactor finishes a sign-in with a 6-digit code or a recovery code.
func (s *Service) SignInTwoFactor(ctx context.Context, who actor.Actor, stepToken, code, ip string) (SignedIn, error) {
	if err := s.allowIP(ctx, ip); err != nil {
		return SignedIn{}, err
	}
	expired := apperr.E(apperr.TwoFactorStepExpired, "")
	if stepToken == "" || len(stepToken) > 100 {
		return SignedIn{}, expired
	}
	th := account.TokenHash(stepToken)
	var a accountstore.Account
	err := s.db.Read(ctx, func(tx *store.Tx) error {
		id, err := accountstore.AccountToken(ctx, tx, th, purposeTwoFactor, s.now())
		if err != nil {
			return err
		}
		a, err = accountstore.AccountByID(ctx, tx, id)
		return err
	})
	if errors.Is(err, store.ErrNotFound) {
		return SignedIn{}, expired
	}
	if err != nil {
		return SignedIn{}, err
	}
	lockKey := twoFactorKey(a.ID)
	if _, err := s.reserveAttempt(ctx, lockKey); err != nil {
		return SignedIn{}, err
	}
	var out SignedIn
	var wrong bool
	err = s.db.Tx(ctx, func(tx *store.Tx) error {
		ok, err := s.checkSecondFactor(ctx, tx, a, code, true)
		if err != nil {
			return err
		}
		if !ok {
			wrong = true
			return nil
		}
		if _, err := accountstore.UseAccountToken(ctx, tx, th, purposeTwoFactor, s.now()); err != nil {
			return err
		}
		if err := accountstore.ClearAuthLimit(ctx, tx, lockKey); err != nil {
			return err
		}
		out.Token, out.DeviceToken, err = s.startSession(ctx, tx, who, a.ID, true)
		m := meOf(a)
		out.Me = &m
		return err
	})
	if err == nil && wrong {
		return SignedIn{}, errTwoFactorCode
	}
	return out, err
}

// twoFactorKey is the attempt-limit key of an account's second factor: the
// sign-in's code step, turning two-factor on and turning it off share it.
func twoFactorKey(accountID string) string { return "2fa:" + accountID }

// ForgotPassword asks for a single-use reset link, valid for an hour, to
// be e-mailed when the address has an account. It answers at once and the
// same way either way: it checks only the address's shape and the client's
// limit, then queues the work (resetRequestArgs), so neither the answer
// nor how long it takes says whether the address has an account.
func (s *Service) ForgotPassword(ctx context.Context, who actor.Actor, email, ip string) error {
	email, err := input.Email("email", email)
	if err != nil {
		return err
	}
	if err := s.allowIP(ctx, ip); err != nil {
		return err
	}
	lang := who.Lang
	if lang == "" {
		lang = "en"
	}
	return s.db.Tx(ctx, func(tx *store.Tx) error {
		return s.queue.InsertTx(ctx, tx, resetRequestArgs{Email: s.sealer.Seal(email), Lang: lang}, nil)
	})
}

// resetRequestArgs is a reset link asked for; the address is sealed, as it
// may be no account's and stays in the job table a while.
type resetRequestArgs struct {
	Email string `json:"email"` // sealed
	Lang  string `json:"lang"`
}

func (resetRequestArgs) Kind() string { return "password_reset_request" }

type resetRequestWorker struct {
	river.WorkerDefaults[resetRequestArgs]
	s *Service
}

// Work sends the reset link when the address has an account: at most 5
// links per address within the lock window, each revoking the ones before.
func (w *resetRequestWorker) Work(ctx context.Context, job *river.Job[resetRequestArgs]) error {
	s := w.s
	email, err := s.sealer.Open(job.Args.Email)
	if err != nil {
		return err
	}
	key := "reset:" + email
	if err := s.checkLock(ctx, key); err != nil {
		return nil // enough links for now
	}
	now := s.now()
	return s.db.Tx(ctx, func(tx *store.Tx) error {
		if _, err := s.recordFailure(ctx, tx, key); err != nil {
			return err
		}
		a, err := accountstore.AccountByEmail(ctx, tx, email)
		if errors.Is(err, store.ErrNotFound) {
			return nil
		}
		if err != nil {
			return err
		}
		if err := accountstore.RevokeAccountTokens(ctx, tx, a.ID, purposeReset, now); err != nil {
			return err
		}
		token, th := account.NewToken()
		if err := accountstore.InsertAccountToken(ctx, tx, th, a.ID, purposeReset, now, now.Add(resetTTL)); err != nil {
			return err
		}
		return s.mail.Queue(ctx, tx, "reset_password", outbox.AccountLang(a, actor.Actor{Lang: job.Args.Lang}), a.Email, map[string]string{"Link": s.mail.Link("/reset-password", "token", token)})
	})
}

// ResetPassword sets a new password from a reset link, signs out every
// session of the account and e-mails a notice.
func (s *Service) ResetPassword(ctx context.Context, who actor.Actor, token, password string) error {
	invalid := apperr.E(apperr.LinkInvalid, "")
	if token == "" || len(token) > 100 {
		return invalid
	}
	th := account.TokenHash(token)
	var a accountstore.Account
	err := s.db.Read(ctx, func(tx *store.Tx) error {
		id, err := accountstore.AccountToken(ctx, tx, th, purposeReset, s.now())
		if err != nil {
			return err
		}
		a, err = accountstore.AccountByID(ctx, tx, id)
		return err
	})
	if errors.Is(err, store.ErrNotFound) {
		return invalid
	}
	if err != nil {
		return err
	}
	if err := account.CheckPassword(password, a.Email); err != nil {
		return passwordError("password", err)
	}
	hash, err := s.hashPassword(ctx, password)
	if err != nil {
		return err
	}
	now := s.now()
	return s.db.Tx(ctx, func(tx *store.Tx) error {
		if _, err := accountstore.UseAccountToken(ctx, tx, th, purposeReset, now); errors.Is(err, store.ErrNotFound) {
			return invalid
		} else if err != nil {
			return err
		}
		if err := accountstore.SetPasswordHash(ctx, tx, a.ID, hash, now); err != nil {
			return err
		}
		if err := sessionstore.DeleteAccountSessions(ctx, tx, a.ID, ""); err != nil {
			return err
		}
		if err := accountstore.ClearAuthLimit(ctx, tx, "signin:"+a.Email); err != nil {
			return err
		}
		// Opening the link proved the mailbox. An address never confirmed
		// before may have been registered by someone else, who may also
		// have put a second factor in front of it: the owner's reset
		// removes it (and the owner can turn their own on).
		if a.EmailVerifiedAt == nil {
			if err := accountstore.SetEmailVerified(ctx, tx, a.ID, now); err != nil {
				return err
			}
			if a.TOTPSecret != "" {
				if err := accountstore.SetTOTP(ctx, tx, a.ID, "", nil, now); err != nil {
					return err
				}
				if err := accountstore.ReplaceRecoveryCodes(ctx, tx, a.ID, nil); err != nil {
					return err
				}
			}
		}
		return s.mail.Queue(ctx, tx, "password_changed", outbox.AccountLang(a, who), a.Email, map[string]string{"Link": s.mail.Link("/forgot-password", "", "")})
	})
}
