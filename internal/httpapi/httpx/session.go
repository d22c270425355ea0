package httpx

import (
	"context"
	"net/http"
	"slices"
	"strings"

	"github.com/crebit/crebit/internal/account"
	act "github.com/crebit/crebit/internal/actor"
	"github.com/crebit/crebit/internal/i18n"
	"github.com/crebit/crebit/internal/session"
)

type sessionKey struct{}

// clientIPKey holds the request's client address (clientIP) for actor.
type clientIPKey struct{}

// WithSession returns r carrying sess (httpapi's session middleware, and a
// session made for the request).
func WithSession(r *http.Request, sess *session.Session) *http.Request {
	return r.WithContext(context.WithValue(r.Context(), sessionKey{}, sess))
}

// WithClientIP returns r carrying the client's address for Actor.
func WithClientIP(r *http.Request, ip string) *http.Request {
	return r.WithContext(context.WithValue(r.Context(), clientIPKey{}, ip))
}

// CurrentSession returns the request's session, if it has one.
func CurrentSession(r *http.Request) (*session.Session, bool) {
	sess, ok := r.Context().Value(sessionKey{}).(*session.Session)
	return sess, ok
}

// Actor is who makes the request: its session and account, if any. It is
// the only identity handlers pass to the service.
func Actor(r *http.Request) act.Actor {
	a := act.Actor{UserAgent: r.UserAgent(), Lang: i18n.FromRequest(r), ChosenLang: chosenLanguage(r), Device: deviceOf(r)}
	a.IP, _ = r.Context().Value(clientIPKey{}).(string)
	if sess, ok := CurrentSession(r); ok {
		a.SessionID, a.AccountID = sess.ID, sess.AccountID
		a.SignedInAt, a.SecondFactorAt = sess.CreatedAt, sess.SecondFactorAt
	}
	return a
}

// DeviceCookie holds the browser's device token, given at its first
// sign-in and kept across sign-outs (OWASP's device cookie): a sign-in from
// a browser the account has used before is not locked by strangers'
// failures. The server keeps only the token's SHA-256.
const DeviceCookie = "crebit_device"

// deviceOf is the hash of the request's device token, "" without a
// well-formed one.
func deviceOf(r *http.Request) string {
	c, err := r.Cookie(DeviceCookie)
	if err != nil || len(c.Value) != 43 || strings.Trim(c.Value, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_") != "" {
		return ""
	}
	return account.TokenHash(c.Value)
}

// chosenLanguage is the language the person chose on this device (the web
// app's cookie), or "" when there is none.
func chosenLanguage(r *http.Request) string {
	if c, err := r.Cookie(i18n.CookieName); err == nil && slices.Contains(i18n.Languages, c.Value) {
		return c.Value
	}
	return ""
}
