package httpapi

import (
	"context"
	"errors"
	"net/http"
	"time"

	"github.com/crebit/crebit/internal/session"
	"github.com/crebit/crebit/internal/store"
)

type sessionKey struct{}

// touchEvery limits how often a busy session's expiry is slid forward.
const touchEvery = 10 * time.Minute

// withSession loads the browser's session from its cookie, if it has a valid
// one. Sessions are created lazily by ensureSession, when a request first
// has something to remember, so bots and health checks make no rows.
func (s *Server) withSession(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		c, err := r.Cookie(session.CookieName)
		if err != nil {
			next.ServeHTTP(w, r)
			return
		}
		id := session.IDFromToken(c.Value)
		if id == "" {
			next.ServeHTTP(w, r)
			return
		}
		now := s.now()
		var sess session.Session
		err = s.db.Tx(r.Context(), func(tx *store.Tx) error {
			var err error
			if sess, err = tx.Session(r.Context(), id); err != nil {
				return err
			}
			if sess.Expired(now) {
				return store.ErrNotFound
			}
			if now.Sub(sess.LastSeenAt) > touchEvery {
				sess.LastSeenAt, sess.ExpiresAt = now, now.Add(s.cfg.SessionTTL)
				return tx.TouchSession(r.Context(), id, sess.LastSeenAt, sess.ExpiresAt)
			}
			return nil
		})
		switch {
		case err == nil:
			r = r.WithContext(context.WithValue(r.Context(), sessionKey{}, &sess))
		case errors.Is(err, store.ErrNotFound):
			// Unknown or expired: behave as a new visitor.
		default:
			writeError(w, r, err)
			return
		}
		next.ServeHTTP(w, r)
	})
}

// currentSession returns the request's session, if it has one.
func currentSession(r *http.Request) (*session.Session, bool) {
	sess, ok := r.Context().Value(sessionKey{}).(*session.Session)
	return sess, ok
}

// ensureSession returns the request's session, creating it (and setting
// the cookie) when the browser has none yet.
func (s *Server) ensureSession(w http.ResponseWriter, r *http.Request) (*session.Session, error) {
	if sess, ok := currentSession(r); ok {
		return sess, nil
	}
	token, id := session.NewToken()
	now := s.now()
	sess := &session.Session{ID: id, CreatedAt: now, LastSeenAt: now, ExpiresAt: now.Add(s.cfg.SessionTTL)}
	if err := s.db.Tx(r.Context(), func(tx *store.Tx) error { return tx.CreateSession(r.Context(), *sess) }); err != nil {
		return nil, err
	}
	http.SetCookie(w, &http.Cookie{
		Name:     session.CookieName,
		Value:    token,
		Path:     "/",
		MaxAge:   int(s.cfg.SessionTTL / time.Second),
		HttpOnly: true,
		Secure:   s.https,
		SameSite: http.SameSiteLaxMode,
	})
	*r = *r.WithContext(context.WithValue(r.Context(), sessionKey{}, sess))
	return sess, nil
}
