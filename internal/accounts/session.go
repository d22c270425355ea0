package accounts

import (
	"context"
	"errors"
	"time"

	"github.com/crebit/crebit/internal/session"
	"github.com/crebit/crebit/internal/store"
	"github.com/crebit/crebit/internal/store/sessionstore"
)

// touchEvery limits how often a busy session's expiry is slid forward.
const touchEvery = 10 * time.Minute

// Session returns the live session a cookie token names, sliding its expiry
// forward at most every touchEvery. ok is false for an unknown, malformed or
// expired token: the browser is then a new visitor.
func (s *Service) Session(ctx context.Context, token string) (sess session.Session, ok bool, err error) {
	id := session.IDFromToken(token)
	if id == "" {
		return session.Session{}, false, nil
	}
	now := s.now()
	// Every request looks its session up: a read beside the writer (on
	// PostgreSQL one statement, without BEGIN and COMMIT); the rare touch
	// that extends it is a write of its own.
	err = s.db.ReadOne(ctx, func(tx *store.Tx) error {
		var err error
		if sess, err = sessionstore.Session(ctx, tx, id); err != nil {
			return err
		}
		if sess.Expired(now) {
			return store.ErrNotFound
		}
		return nil
	})
	if err == nil && now.Sub(sess.LastSeenAt) > touchEvery {
		sess.LastSeenAt, sess.ExpiresAt = now, now.Add(s.cfg.SessionTTL)
		err = s.db.Tx(ctx, func(tx *store.Tx) error {
			return sessionstore.TouchSession(ctx, tx, id, sess.LastSeenAt, sess.ExpiresAt)
		})
	}
	if errors.Is(err, store.ErrNotFound) {
		return session.Session{}, false, nil
	}
	return sess, err == nil, err
}

// NewSession stores a fresh guest session and returns the cookie token for it.
func (s *Service) NewSession(ctx context.Context) (token string, sess session.Session, err error) {
	token, id := session.NewToken()
	now := s.now()
	sess = session.Session{ID: id, CreatedAt: now, LastSeenAt: now, ExpiresAt: now.Add(s.cfg.SessionTTL)}
	err = s.db.Tx(ctx, func(tx *store.Tx) error { return sessionstore.CreateSession(ctx, tx, sess) })
	return token, sess, err
}

// Ping reports whether the database answers, for readiness checks.
func (s *Service) Ping(ctx context.Context) error { return s.db.Ping(ctx) }

// Engine names the database engine, for readiness checks.
func (s *Service) Engine() string { return string(s.db.Engine()) }
