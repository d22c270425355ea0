package httpapi

import (
	"context"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/crebit/crebit/internal/account"
	act "github.com/crebit/crebit/internal/actor"
	"github.com/crebit/crebit/internal/i18n"
	"github.com/crebit/crebit/internal/session"
)

type sessionKey struct{}

// clientIPKey holds the request's client address (clientIP) for actor.
type clientIPKey struct{}

// withSession loads the browser's session from its cookie, if it has a valid
// one. Sessions are created lazily by ensureActor, when a request first has
// something to remember, so bots and health checks make no rows.
func (s *Server) withSession(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		r = r.WithContext(context.WithValue(r.Context(), clientIPKey{}, s.clientIP(r)))
		c, err := r.Cookie(session.CookieName)
		if err != nil || r.URL.Path == ratesPath {
			next.ServeHTTP(w, r)
			return
		}
		sess, ok, err := s.accounts.Session(r.Context(), c.Value)
		if err != nil {
			writeError(w, r, err)
			return
		}
		if ok {
			r = r.WithContext(context.WithValue(r.Context(), sessionKey{}, &sess))
		}
		next.ServeHTTP(w, r)
	})
}

// currentSession returns the request's session, if it has one.
func currentSession(r *http.Request) (*session.Session, bool) {
	sess, ok := r.Context().Value(sessionKey{}).(*session.Session)
	return sess, ok
}

// actor is who makes the request: its session and account, if any. It is
// the only identity handlers pass to the service.
func actor(r *http.Request) act.Actor {
	a := act.Actor{UserAgent: r.UserAgent(), Lang: i18n.FromRequest(r), ChosenLang: chosenLanguage(r), Device: deviceOf(r)}
	a.IP, _ = r.Context().Value(clientIPKey{}).(string)
	if sess, ok := currentSession(r); ok {
		a.SessionID, a.AccountID = sess.ID, sess.AccountID
		a.SignedInAt, a.SecondFactorAt = sess.CreatedAt, sess.SecondFactorAt
	}
	return a
}

// deviceCookie holds the browser's device token, given at its first
// sign-in and kept across sign-outs (OWASP's device cookie): a sign-in from
// a browser the account has used before is not locked by strangers'
// failures. The server keeps only the token's SHA-256.
const deviceCookie = "crebit_device"

// deviceOf is the hash of the request's device token, "" without a
// well-formed one.
func deviceOf(r *http.Request) string {
	c, err := r.Cookie(deviceCookie)
	if err != nil || len(c.Value) != 43 || strings.Trim(c.Value, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_") != "" {
		return ""
	}
	return account.TokenHash(c.Value)
}

// ensureActor returns the request's actor, creating a session (and setting
// the cookie) when the browser has none yet.
func (s *Server) ensureActor(w http.ResponseWriter, r *http.Request) (act.Actor, error) {
	if _, ok := currentSession(r); ok {
		return actor(r), nil
	}
	token, sess, err := s.accounts.NewSession(r.Context())
	if err != nil {
		return act.Actor{}, err
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
	*r = *r.WithContext(context.WithValue(r.Context(), sessionKey{}, &sess))
	return actor(r), nil
}

// chosenLanguage is the language the person chose on this device (the web
// app's cookie), or "" when there is none.
func chosenLanguage(r *http.Request) string {
	if c, err := r.Cookie(i18n.CookieName); err == nil && slices.Contains(i18n.Languages, c.Value) {
		return c.Value
	}
	return ""
}
