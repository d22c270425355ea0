package accounts

import (
	"context"
	"errors"
	"time"

	"github.com/crebit/crebit/internal/apperr"
	"github.com/crebit/crebit/internal/store"
	"github.com/crebit/crebit/internal/store/accountstore"
)

// Attempt limits live in the database (auth_limits), so they hold across
// instances.

// LimitedError is a refusal for too many attempts; the HTTP layer sends
// RetryAfter as the Retry-After header.
type LimitedError struct {
	RetryAfter time.Duration
	err        *apperr.Error
}

func (e *LimitedError) Error() string { return e.err.Error() }
func (e *LimitedError) Unwrap() error { return e.err }

func limited(after time.Duration) error {
	mins := int((after + time.Minute - time.Second) / time.Minute)
	return &LimitedError{RetryAfter: after, err: apperr.E(apperr.RateLimited, "account", "minutes", max(mins, 1))}
}

// Per client IP: sign-in, two-factor and reset requests together.
const ipLimit, ipWindow = 60, 15 * time.Minute

// allowIP is the per-IP limit of sign-in, the two-factor step and reset
// requests, on the shared database-backed limiter (Allow).
func (s *Service) allowIP(ctx context.Context, ip string) error {
	if ip == "" {
		return nil
	}
	ok, after, err := s.limits.Allow(ctx, "auth-ip:"+ip, ipLimit, ipWindow)
	if err != nil || ok {
		return err
	}
	return limited(after)
}

// Per account (or e-mail, so unknown addresses behave the same): after
// freeFailures failures each further one locks for a doubling delay, at
// most maxLock.
const (
	freeFailures = 5
	firstLock    = 30 * time.Second
	maxLock      = 15 * time.Minute
)

// reserveAttempt counts one attempt at key before it is checked, in a
// transaction no other attempt at key can interleave with (store.LockKey):
// while key is locked the attempt is refused and not counted; otherwise it
// is counted as a failure, which a success then forgets (ClearAuthLimit).
// Counting first means 50 parallel guesses cannot all pass a check that
// learns of their failures only after their password hashes are done.
// It returns the attempt's number.
func (s *Service) reserveAttempt(ctx context.Context, key string) (int, error) {
	var n int
	err := s.db.Tx(ctx, func(tx *store.Tx) error {
		if err := tx.LockKey(ctx, key); err != nil {
			return err
		}
		l, err := accountstore.AuthLimit(ctx, tx, key)
		if err != nil {
			return err
		}
		if now := s.now(); l.LockedUntil != nil && now.Before(*l.LockedUntil) {
			return limited(l.LockedUntil.Sub(now))
		}
		n, err = s.recordFailure(ctx, tx, key)
		return err
	})
	return n, err
}

// passwordKey is the attempt-limit key of the password of the account at
// email. OWASP's device cookie: a browser that has signed in to the
// account before counts its failures under a key of its own, so the
// failures of everyone else (one shared key, for unknown browsers and
// unknown addresses alike) can lock them out but never the owner on a
// browser the owner has used.
func (s *Service) passwordKey(ctx context.Context, accountID, email, device string) (string, error) {
	key := "signin:" + email
	if accountID == "" || device == "" {
		return key, nil
	}
	var known bool
	err := s.db.Read(ctx, func(tx *store.Tx) (err error) {
		known, err = accountstore.KnownDevice(ctx, tx, accountID, device)
		return
	})
	if known {
		key += ":device:" + device
	}
	return key, err
}

// checkLock refuses while key is locked.
func (s *Service) checkLock(ctx context.Context, key string) error {
	var l accountstore.Limit
	if err := s.db.Read(ctx, func(tx *store.Tx) (err error) { l, err = accountstore.AuthLimit(ctx, tx, key); return }); err != nil {
		return err
	}
	if now := s.now(); l.LockedUntil != nil && now.Before(*l.LockedUntil) {
		return limited(l.LockedUntil.Sub(now))
	}
	return nil
}

// recordFailure counts a failure in tx and reports the new count.
func (s *Service) recordFailure(ctx context.Context, tx *store.Tx, key string) (int, error) {
	l, err := accountstore.AuthLimit(ctx, tx, key)
	if err != nil {
		return 0, err
	}
	now := s.now()
	if l.Failures == 0 {
		l.WindowStart = now
	}
	l.Failures++
	if l.Failures >= freeFailures {
		d := firstLock
		for i := freeFailures; i < l.Failures && d < maxLock; i++ {
			d *= 2
		}
		until := now.Add(min(d, maxLock))
		l.LockedUntil = &until
	}
	return l.Failures, accountstore.SaveAuthLimit(ctx, tx, key, l)
}

// hashSlot waits for one of the few password-hash slots of a pool
// (argon2id takes 19 MiB each), so a burst cannot exhaust memory.
func (s *Service) hashSlot(ctx context.Context, slots chan struct{}) (func(), error) {
	select {
	case slots <- struct{}{}:
		return func() { <-slots }, nil
	case <-ctx.Done():
		return nil, errors.Join(apperr.E(apperr.Unavailable, "busy"), ctx.Err())
	}
}
