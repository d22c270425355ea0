package httpapi

import (
	"net/http"
	"time"

	act "github.com/crebit/crebit/internal/actor"
	"github.com/crebit/crebit/internal/httpapi/httpx"
	"github.com/crebit/crebit/internal/session"
)

// withSession loads the browser's session from its cookie, if it has a valid
// one. Sessions are created lazily by ensureActor, when a request first has
// something to remember, so bots and health checks make no rows.
func (s *Server) withSession(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		r = httpx.WithClientIP(r, s.clientIP(r))
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
			r = httpx.WithSession(r, &sess)
		}
		next.ServeHTTP(w, r)
	})
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
	*r = *httpx.WithSession(r, &sess)
	return actor(r), nil
}
