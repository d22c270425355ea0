package httpapi

import (
	"net/http"
	"net/url"

	"github.com/crebit/crebit/internal/apperr"
	"github.com/crebit/crebit/internal/config"
)

// sameOrigin refuses, with 403, a state-changing request that a browser
// sends on behalf of another site. Reads (GET, HEAD, OPTIONS) pass: they
// change nothing. For the others:
//   - fetch metadata, when the browser sends it, must say same-origin (or
//     none: typed in the address bar); cross-site and same-site are refused;
//   - an Origin header, when present, must be CREBIT_BASE_URL's origin:
//     scheme, host and port. A loopback base URL (a laptop, the tests)
//     accepts any loopback host on the same scheme and port, as
//     http://localhost:8080 and http://127.0.0.1:8080 are the same server.
//
// A request with neither header is not from a browser page, and cannot
// carry a victim's cookies by a page's doing; it passes. Go's own
// http.CrossOriginProtection compared Origin with the request's Host and
// ignored the scheme, so http://crebit.example could post to
// https://crebit.example.
func sameOrigin(baseURL string, next http.Handler) http.Handler {
	base, _ := url.Parse(baseURL)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.Method {
		case http.MethodGet, http.MethodHead, http.MethodOptions:
			next.ServeHTTP(w, r)
			return
		}
		if site := r.Header.Get("Sec-Fetch-Site"); site != "" && site != "same-origin" && site != "none" {
			refuseCrossOrigin(w, r)
			return
		}
		if origin := r.Header.Get("Origin"); origin != "" && !sameOriginAs(base, origin) {
			refuseCrossOrigin(w, r)
			return
		}
		next.ServeHTTP(w, r)
	})
}

func refuseCrossOrigin(w http.ResponseWriter, r *http.Request) {
	writeRefusal(w, r, http.StatusForbidden, apperr.E(apperr.Forbidden, "cross_origin"))
}

// sameOriginAs reports whether origin (an Origin header) is base's origin.
func sameOriginAs(base *url.URL, origin string) bool {
	o, err := url.Parse(origin)
	if err != nil || base == nil || o.Scheme != base.Scheme || o.Path != "" && o.Path != "/" {
		return false
	}
	if port(o) != port(base) {
		return false
	}
	if o.Hostname() == base.Hostname() {
		return true
	}
	return config.LoopbackHost(base.Hostname()) && config.LoopbackHost(o.Hostname())
}

// port is u's port, or its scheme's default.
func port(u *url.URL) string {
	if p := u.Port(); p != "" {
		return p
	}
	if u.Scheme == "https" {
		return "443"
	}
	return "80"
}
