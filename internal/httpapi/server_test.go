package httpapi_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/crebit/crebit/internal/app/apptest"
	"github.com/crebit/crebit/internal/session"
	"github.com/crebit/crebit/internal/store"
)

func TestErrorShapes(t *testing.T) {
	t.Parallel()
	h := apptest.New(t, store.SQLite, apptest.BlindPay())
	b := h.Browser()
	cases := []struct {
		name, method, path string
		body               any
		headers            []string
		status             int
		errText            string
	}{
		{"malformed", "POST", "/api/create-quote", `{"symbol":`, nil, 400, "malformed JSON: the body ends too early"},
		{"unknown field", "POST", "/api/create-quote", `{"symbol":"USDC/BRL","amount_usd":10,"x":1}`, nil, 400, `unknown field "x"`},
		{"wrong type", "POST", "/api/create-quote", `{"symbol":"USDC/BRL","amount_usd":"10"}`, nil, 400, `field "amount_usd" must be a number, not a string`},
		{"wrong type 2", "POST", "/api/create-quote", `{"symbol":7,"amount_usd":10}`, nil, 400, `field "symbol" must be a string, not a number`},
		{"not an object", "POST", "/api/create-quote", `[1,2]`, nil, 400, "request body must be a JSON object, not an array"},
		{"two objects", "POST", "/api/create-quote", `{"symbol":"USDC/BRL","amount_usd":20}{}`, nil, 400, "request body must contain a single JSON object"},
		{"empty", "POST", "/api/create-quote", "", []string{"Content-Type", "application/json"}, 400, "request body is empty; send a JSON object"},
		{"too large", "POST", "/api/create-quote", `{"symbol":"` + strings.Repeat("a", 1<<20+10) + `"}`, nil, 413, "request body is larger than 1048576 bytes"},
		{"unknown api path", "GET", "/api/nope", nil, nil, 404, "not found: GET /api/nope"},
		{"wrong method", "GET", "/api/create-quote", nil, nil, 405, "method GET is not allowed on /api/create-quote; allowed: POST"},
		{"wrong content type", "POST", "/api/create-quote", nil, []string{"Content-Type", "text/plain"}, 400, "Content-Type must be application/json"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := b.Do(c.method, c.path, c.body, c.headers...)
			if r.Status != c.status || r.Error() != c.errText {
				t.Fatalf("%d %s; want %d %q", r.Status, r.Body, c.status, c.errText)
			}
			if ct := r.Header.Get("Content-Type"); ct != "application/json" {
				t.Fatalf("Content-Type %q", ct)
			}
		})
	}
	if r := b.Do("GET", "/api/create-quote", nil); r.Header.Get("Allow") != "POST" {
		t.Fatalf("405 without Allow: %v", r.Header)
	}
}

func TestSecurityHeadersOnEveryResponse(t *testing.T) {
	t.Parallel()
	h := apptest.New(t, store.SQLite, apptest.BlindPay())
	b := h.Browser()
	for _, path := range []string{"/", "/healthz", "/api/config", "/api/nope", "/robots.txt"} {
		r := b.Do("GET", path, nil)
		csp := r.Header.Get("Content-Security-Policy")
		if !strings.Contains(csp, "script-src 'self'") || strings.Contains(csp, "script-src 'self' 'unsafe-inline'") ||
			!strings.Contains(csp, "frame-ancestors 'none'") {
			t.Errorf("%s: CSP %q", path, csp)
		}
		if r.Header.Get("X-Content-Type-Options") != "nosniff" || r.Header.Get("Referrer-Policy") == "" || r.Header.Get("X-Request-Id") == "" {
			t.Errorf("%s: headers %v", path, r.Header)
		}
	}
}

func TestCrossOriginStateChangesAreRefused(t *testing.T) {
	t.Parallel()
	h := apptest.New(t, store.SQLite, apptest.BlindPay())
	b := h.Browser()
	body := `{"symbol":"USDC/BRL","amount_usd":100}`
	r := b.Do("POST", "/api/create-quote", body, "Origin", "https://evil.example", "Sec-Fetch-Site", "cross-site")
	if r.Status != http.StatusForbidden || r.Error() != "cross-origin request refused" {
		t.Fatalf("cross-site POST: %d %s", r.Status, r.Body)
	}
	if r := b.Do("POST", "/api/create-quote", body, "Sec-Fetch-Site", "same-origin"); r.Status != 200 {
		t.Fatalf("same-origin POST: %d %s", r.Status, r.Body)
	}
	// Reads are allowed cross-origin (they change nothing).
	if r := b.Do("GET", "/api/config", nil, "Origin", "https://evil.example", "Sec-Fetch-Site", "cross-site"); r.Status != 200 {
		t.Fatalf("cross-site GET: %d", r.Status)
	}
	// On a loopback base URL, localhost and 127.0.0.1 are the same server; another port is not.
	port := h.URL[strings.LastIndex(h.URL, ":")+1:]
	if r := b.Do("POST", "/api/create-quote", body, "Origin", "http://localhost:"+port); r.Status != 200 {
		t.Fatalf("localhost origin on a loopback base: %d %s", r.Status, r.Body)
	}
	if r := b.Do("POST", "/api/create-quote", body, "Origin", "http://localhost:5999"); r.Status != http.StatusForbidden {
		t.Fatalf("another loopback port: %d %s", r.Status, r.Body)
	}
}

// TestOriginIsTheBaseURLsOrigin: the Origin of a state-changing request
// must be CREBIT_BASE_URL's scheme, host and port; the Host header the
// client chose proves nothing.
func TestOriginIsTheBaseURLsOrigin(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, e store.Engine) {
		h := apptest.New(t, e, apptest.BlindPay(), apptest.Env("CREBIT_BASE_URL", "https://crebit.example"), apptest.Env("CREBIT_ALLOW_SANDBOX", "1"))
		b := h.Browser()
		body := `{"symbol":"USDC/BRL","amount_usd":100}`
		for _, c := range []struct {
			origin, site string
			want         int
		}{
			{"https://crebit.example", "", 200},
			{"https://crebit.example", "same-origin", 200},
			{"http://crebit.example", "", 403}, // the scheme counts
			{"https://crebit.example:8443", "", 403},
			{"https://evil.crebit.example", "", 403},
			{"https://crebit.example", "same-site", 403},
			{"https://crebit.example", "cross-site", 403},
			{"null", "", 403},
			{"", "", 200}, // not a browser page: no cookies carried by another site's doing
		} {
			hdr := []string{"Host", "crebit.example"}
			if c.origin != "" {
				hdr = append(hdr, "Origin", c.origin)
			}
			if c.site != "" {
				hdr = append(hdr, "Sec-Fetch-Site", c.site)
			}
			if r := b.Do("POST", "/api/create-quote", body, hdr...); r.Status != c.want {
				t.Errorf("Origin %q, Sec-Fetch-Site %q: %d %s, want %d", c.origin, c.site, r.Status, r.Body, c.want)
			}
		}
	})
}

func TestSessionCookieFlagsAndExpiry(t *testing.T) {
	t.Parallel()
	h := apptest.New(t, store.SQLite, apptest.BlindPay(), apptest.Env("CREBIT_SESSION_TTL", "2m"))
	b := h.Browser()
	if r := b.Do("GET", "/api/config", nil); r.Header.Get("Set-Cookie") != "" {
		t.Fatal("a session was created for a request that stores nothing")
	}
	r := b.MustOK("POST", "/api/create-quote", `{"symbol":"USDC/BRL","amount_usd":100}`)
	c := r.Header.Get("Set-Cookie")
	for _, want := range []string{session.CookieName + "=", "Path=/", "HttpOnly", "SameSite=Lax", "Max-Age=120"} {
		if !strings.Contains(c, want) {
			t.Fatalf("cookie %q lacks %q", c, want)
		}
	}
	if strings.Contains(c, "Secure") {
		t.Fatal("Secure cookie on an http base URL")
	}
	token := strings.TrimPrefix(strings.SplitN(c, ";", 2)[0], session.CookieName+"=")
	if len(token) < 22 { // 128 bits in base64url
		t.Fatalf("token too short: %d chars", len(token))
	}
	ids := b.MustOK("GET", "/api/last-quote-ids", nil)
	on, _ := r.JSON["on_ramp"].(map[string]any)
	if ids.Str("on_ramp_quote_id") != on["id"] {
		t.Fatalf("session lost the quote: %s", ids.Body)
	}
	// Two idle minutes later the session has expired: a new visitor.
	h.Clock.Advance(2 * time.Minute)
	if r := b.Do("GET", "/api/last-quote-ids", nil); r.Status != 404 || r.Error() != "No quote IDs found in session" {
		t.Fatalf("expired session still answers: %d %s", r.Status, r.Body)
	}
}

func TestSecureCookieOnHTTPS(t *testing.T) {
	t.Parallel()
	// The harness serves plain HTTP; the Secure flag and HSTS are decided by
	// the configured base URL.
	h2 := apptest.New(t, store.SQLite, apptest.BlindPay(), apptest.Env("CREBIT_BASE_URL", "https://pay.crebit.example"), apptest.Env("CREBIT_ALLOW_SANDBOX", "1"))
	r := h2.Browser().MustOK("POST", "/api/create-quote", `{"symbol":"USDC/BRL","amount_usd":100}`)
	if !strings.Contains(r.Header.Get("Set-Cookie"), "Secure") || r.Header.Get("Strict-Transport-Security") == "" {
		t.Fatalf("https: cookie %q, HSTS %q", r.Header.Get("Set-Cookie"), r.Header.Get("Strict-Transport-Security"))
	}
}
